//! The Croatian Chess book's scenes as tests (issue 32, item 2).
//!
//! `tests/data/croatian/scenes.json` holds the facts of every scene the book draws
//! (mmlacak/crochess, `book/py/scene_*.py`, run by `tests/croatian/extract_scenes.py`:
//! pieces, arrows, numbered texts and field markers, each with its mark type). Each
//! scene with marks is set up in its variant's rules file and the paths of its moving
//! pieces are checked against the marks:
//!
//! - **the moving pieces**: every piece standing on the start of an arrow; in a scene
//!   without arrows, its marks are one piece's: the scene holds if they hold for one of
//!   its pieces (most such scenes have one). A scene whose arrows start on no piece
//!   (the move drawn made) fails. The Stars never move; the Monolith (moved by either
//!   side) moves for the first side;
//! - **the paths**: each moving piece's path tree in the position, for its own side,
//!   and the trees of the pieces it may activate, down the cascade
//!   ([`Game::cascade_trees`]), and its teleports ([`Game::teleports`]: each path into
//!   a Star or a Monolith, and the cells where it may emerge, which are destinations);
//!   the castlings of a King (the cells it crosses and its destination: the
//!   game adds them to its tree, as it does the en passant captures);
//!   the cells they visit (every cell of every ply's path,
//!   passed, captured in passing or ended on) and their destinations (a ply that
//!   activates: when the piece it activates has a ply, as a move needs);
//! - **a cascade's later ply**: the book draws it with the activator standing on the
//!   cell of the piece it activated, which is not drawn, in the scene after the one
//!   that shows the activation (`scn_mv_021_knight_activating_wave`, then
//!   `scn_mv_022_wave_activated_by_knight`). When the scene before marks an action on a
//!   moving piece's cell where another piece stood, one of that scene's
//!   moving pieces may activate it (down its cascade), and the two scenes hold the
//!   same pieces but on the cells of that cascade, the moving piece is the one
//!   activated: its paths are its tree in that cascade (and the trees down from it),
//!   its legal moves the earlier scene's legal moves through it (`continued`). The
//!   book splits one such ply over two scenes of the same position (Conquest of
//!   Tlalocan, "Activating Wave on step-field": "End example for this activation is
//!   split into two over next two pages"): a scene that draws the same pieces as the
//!   one before it continues, as that one does, the scene before that;
//! - **a ply after a divergence**: the book draws a piece that reached a divergent
//!   piece (a Shaman) "in the air" on that piece's cell (ch. Conquest of Tlalocan,
//!   "Diverging Queen": "light Queen (now "in the air") has reached own Shaman, and
//!   can choose a new direction"), the piece not drawn, in the scene after the one
//!   that shows it reaching there (`scn_cot_030`, then `scn_cot_031`). When the scene
//!   before marks an action on a moving piece's cell `x` where the same piece stands
//!   in both scenes, one of that scene's moving pieces (or a piece down its cascade)
//!   has plies that pass over `x`, and the two scenes hold the same pieces but on the
//!   cells of that piece and its cascade (it is "in the air"), the moving piece is
//!   the one diverging: its paths are those plies after `x`, its destinations
//!   their ends (`diverged`; without a royal of its side: with one, the scene is
//!   read as any other);
//! - **a teleported Wave's ply after the portal**: the book draws it with arrows from
//!   the portal it emerges from (Nineteen, "Teleporting Wave": "Teleported Wave emerges
//!   from the other Star in the same color as the starting one";
//!   `scn_n_05_teleport_end` after `scn_n_04_teleport_move_3`). When an arrow starts
//!   on a piece that stands still, a cell where the scene before ends an action arrow
//!   and that holds the pieces of a cascade as above is a moving piece too: the piece
//!   activated there, with its paths in that cascade (`continued`);
//! - **Legal** (green) arrow ends: the cell is visited by a path (a step of it, which
//!   may pass over a piece); green field markers and numbered texts: the cell is a
//!   legal destination (see below);
//! - **Action** (yellow) marks, where something happens to the path (an activation, a
//!   capture, a divergence, a teleport): the cell is visited by a path; a yellow field
//!   marker on a moving piece's own cell shows its tag (the book's Classical Chess,
//!   "Tags": "Markers are also used to convey the existence of a tag"): it holds when
//!   the piece carries one there (`carries_tag`);
//! - a **Legal field marker on a Pawn** is no destination: it is the Pawn's en passant
//!   tag (the book's Miranda's Veil, "En passant not blocked": a rushed Pawn "has been
//!   tagged as en passant opportunity (green marker)"), and the position opens the
//!   cells its rush passed to the other side's capture ([`rushed`]);
//! - **Illegal** (red) marks: the cell is no destination of a legal move of the moving
//!   pieces (their pseudo-legal moves judged by the game, every cell a move names after
//!   its start: destination, cascade destinations, captures in passing; without a royal
//!   of the mover's side on the board, every destination of the trees but an opponent's
//!   King's cell, as the book's King is checked, never captured), unless a Legal
//!   or Action mark is on the same cell;
//! - **Blocked** (grey) marks are not asserted: the book draws in grey both paths that
//!   are blocked and paths the illustrated ply does not take (`scn_ct_03_define_step_ply`:
//!   a Pegasus's other, open, directions), and labels;
//! - texts that are not numbers (`A`, `B`: labels the prose refers to) are no marks;
//! - arrows and texts off the board (the book's pointers to a side) are left out;
//!   scenes without marks (positions) or without pieces (diagrams of a pattern's
//!   geometry) show no move and are not counted.
//!
//! The position: the scene's pieces, the Stars and (in Discovery) the Monoliths written
//! as the file's neutral pieces (the book's dim Star `t`, libcrochess's, as the file's
//! `DimStar`, its bright one `T` as `Star`); a piece standing where its side's start position has
//! the same piece carrying a tag (a Pawn's rush, a King's or Rook's castling) carries it
//! too, unless the scene before shows a piece of the same kind of the other side on
//! that cell (a piece converted there carries no tags, [`converted`]); the side to
//! move is each moving piece's. A scene reproduced is one whose every
//! mark holds. A scene that does not is listed in `tests/data/croatian/scenes-failing.txt`
//! with why (the first mark that fails, written by this test, and a word on what the
//! language lacks): the test fails if a listed scene passes (the list stays true) or
//! an unlisted one fails. The counts per variant are written in `docs/croatian.md`
//! between its `scenes:` markers, in the README's Croatian line and in each Croatian
//! rules file's header, which this test compares with what it counts.

use crate::common;
use piecewise::game::GamePosition;
use piecewise::game::MoveKind;
use piecewise::ids::{CellId, Side};
use piecewise::path_tree::{PathTree, PathTreeBuilder};
use piecewise::walk::Walker;
use piecewise::Game;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The rules file of each of the book's variants (of the simple variants of its last
/// chapter, those its scenes draw: Croatian Ties 14 and Classical Chess 14 mirrored).
fn rules_of(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "Classical" => "chess",
        "Croatian Ties" => "croatian-ties",
        "Mayan Ascendancy" => "croatian-mayan",
        "Age Of Aquarius" => "croatian-aquarius",
        "Miranda's Veil" => "croatian-miranda",
        "Nineteen" => "croatian-nineteen",
        "Hemera's Dawn" => "croatian-hemera",
        "Tamoanchan Revisited" => "croatian-tamoanchan",
        "Conquest Of Tlalocan" => "croatian-tlalocan",
        "Discovery" => "croatian-discovery",
        "One" => "croatian-one",
        "Croatian Ties 14" => "croatian-ties-14",
        "Classical 14 Mirrored" => "croatian-classical-14-mirrored",
        _ => return None,
    })
}

/// A variant's game and what writing its positions needs.
struct Variant {
    game: Game,
    /// Kinds (upper-case letters) the file declares `neutral`.
    neutral: BTreeSet<char>,
    /// Those of them either side moves (`moved by either side`: the Monolith).
    movable: BTreeSet<char>,
    /// The start position's tags: cell -> (letter, tag marks).
    start_tags: BTreeMap<String, (char, String)>,
    /// The start position's pieces with a side: cell -> letter.
    start_pieces: BTreeMap<String, char>,
    /// The letter of the file's `DimStar`, the book's dim Star (`t`; its bright one,
    /// `T`, is the file's `Star`), when the file tells the two apart.
    dim_star: Option<char>,
}

impl Variant {
    fn load(name: &str) -> Variant {
        let game = common::game(name);
        let src = common::rules_source(name);
        // `piece Name (L)`: the letters by name, for the `neutral` declarations.
        let letters: BTreeMap<&str, char> = src
            .lines()
            .filter_map(|l| {
                let rest = l.trim().strip_prefix("piece ")?;
                let (name, rest) = rest.split_once(" (")?;
                Some((name.trim(), rest.chars().next()?))
            })
            .collect();
        let (mut neutral, mut movable) = (BTreeSet::new(), BTreeSet::new());
        for line in src.lines() {
            if let Some(rest) = line.strip_prefix("neutral ") {
                let kinds = rest.split(',').next().unwrap();
                for k in kinds.split('|') {
                    neutral.extend(letters.get(k.trim()).copied());
                    if rest.contains("moved by either side") {
                        movable.extend(letters.get(k.trim()).copied());
                    }
                }
            }
        }
        let mut start_tags = BTreeMap::new();
        let mut start_pieces = BTreeMap::new();
        if let Some(pos) = game.start_position() {
            let fen = game.fen(&pos);
            for (cell, letter, tags) in
                read_fen(&fen, game.board().width() as usize, neutral.len() > 1)
            {
                start_pieces.insert(cell.clone(), letter);
                if !tags.is_empty() {
                    start_tags.insert(cell, (letter, tags));
                }
            }
        }
        Variant {
            game,
            neutral,
            movable,
            start_tags,
            start_pieces,
            dim_star: letters.get("DimStar").copied(),
        }
    }

    /// Whether a scene's piece of this letter never moves: a neutral piece no side
    /// moves (the Stars; a Monolith, moved by either side, is walked for the side of
    /// its letter's case, the first for the book's `M`).
    fn stands_still(&self, letter: char) -> bool {
        let up = letter.to_ascii_uppercase();
        self.neutral.contains(&up) && !self.movable.contains(&up)
    }

    /// The FEN of the scene's pieces with `side` to move.
    fn fen(&self, size: usize, pieces: &[(String, char)], side: Side) -> String {
        self.fen_untagged(size, pieces, side, &BTreeSet::new())
    }

    /// [`Variant::fen`], the pieces on `untagged` carrying no start tags (converted
    /// pieces, see [`converted`]).
    fn fen_untagged(
        &self,
        size: usize,
        pieces: &[(String, char)],
        side: Side,
        untagged: &BTreeSet<&str>,
    ) -> String {
        let mut rows = vec![vec![String::new(); size]; size];
        for (cell, letter) in pieces {
            let (f, r) = coords(cell);
            let up = match self.dim_star {
                Some(dim) if *letter == 't' => dim,
                _ => letter.to_ascii_uppercase(),
            };
            let text = if self.neutral.contains(&up) {
                if self.neutral.len() > 1 {
                    format!("*{up}")
                } else {
                    "*".to_string()
                }
            } else {
                let tags = match self.start_tags.get(cell) {
                    Some((l, t)) if l == letter && !untagged.contains(cell.as_str()) => t.clone(),
                    _ => String::new(),
                };
                format!("{letter}{tags}")
            };
            rows[r][f] = text;
        }
        let mut out = Vec::new();
        for row in rows.iter().rev() {
            let mut s = String::new();
            let mut empty = 0;
            for c in row {
                if c.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            out.push(s);
        }
        let side = if side == Side::First { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", out.join("/"))
    }
}

/// (file, rank) from 0 of a cell name (`b12`).
fn coords(cell: &str) -> (usize, usize) {
    let f = (cell.as_bytes()[0] - b'a') as usize;
    let r: usize = cell[1..].parse().unwrap();
    (f, r - 1)
}

/// The pieces of a FEN's board part written by the game (`*` neutral, `*X` when
/// `pairs`: several neutral kinds; tags after a letter): (cell, letter, tags) of the pieces with a side.
pub(crate) fn read_fen(fen: &str, width: usize, pairs: bool) -> Vec<(String, char, String)> {
    let board = fen.split(' ').next().unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    let n = ranks.len();
    let mut out = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let r = n - i;
        let mut f = 0;
        let b = rank.as_bytes();
        let mut k = 0;
        while k < b.len() {
            let c = b[k] as char;
            if c.is_ascii_digit() {
                let mut v = 0;
                while k < b.len() && (b[k] as char).is_ascii_digit() {
                    v = v * 10 + (b[k] - b'0') as usize;
                    k += 1;
                }
                f += v;
                continue;
            }
            if c == '*' {
                f += 1;
                k += if pairs { 2 } else { 1 };
                continue;
            }
            let mut tags = String::new();
            k += 1;
            while k < b.len() && "^&=".contains(b[k] as char) {
                tags.push(b[k] as char);
                k += 1;
            }
            assert!(f < width, "{fen}");
            out.push((format!("{}{r}", (b'a' + f as u8) as char), c, tags));
            f += 1;
        }
    }
    out
}

/// One scene read from the data file.
struct Scene {
    name: String,
    variant: String,
    size: usize,
    pieces: Vec<(String, char)>,
    /// Arrows: start, end, mark type.
    arrows: Vec<(Option<String>, Option<String>, String)>,
    /// Texts and field markers: cell, mark type.
    marks: Vec<(Option<String>, String)>,
    /// The cells of its Action field markers (not texts): on a moving piece's own cell
    /// such a marker shows a tag (see [`carries_tag`]).
    action_markers: BTreeSet<String>,
    /// The cells of its Legal field markers standing on a Pawn: the Pawn's en passant
    /// tag (see [`rushed`]).
    rushed: BTreeSet<String>,
}

/// A JSON list of `[cell, letter]` pairs: the pieces a scene or a start places.
fn placed(list: &Value) -> Vec<(String, char)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().chars().next().unwrap(),
            )
        })
        .collect()
}

fn scenes() -> (Vec<Scene>, Value) {
    let text = common::read("tests/data/croatian/scenes.json");
    let doc: Value = serde_json::from_str(&text).expect("scenes.json is JSON");
    let cell = |v: &Value| v.as_str().map(String::from);
    let mut out = Vec::new();
    for s in doc["scenes"].as_array().unwrap() {
        let pieces = placed(&s["pieces"]);
        let arrows = s["arrows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (cell(&a[0]), cell(&a[1]), a[2].as_str().unwrap().to_string()))
            .collect();
        let mut marks: Vec<(Option<String>, String)> = s["texts"]
            .as_array()
            .unwrap()
            .iter()
            // A letter labels a piece or a field for the book's prose: no mark.
            .filter(|t| t[1].as_str().unwrap().chars().all(|c| c.is_ascii_digit()))
            .map(|t| (cell(&t[0]), t[2].as_str().unwrap().to_string()))
            .collect();
        marks.extend(
            s["markers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| (cell(&m[0]), m[1].as_str().unwrap().to_string())),
        );
        let action_markers = s["markers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m[1].as_str() == Some("action"))
            .filter_map(|m| cell(&m[0]))
            .collect();
        let at: BTreeSet<(String, char)> = pieces.iter().cloned().collect();
        let rushed = s["markers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m[1].as_str() == Some("legal"))
            .filter_map(|m| cell(&m[0]))
            .filter(|c| at.contains(&(c.clone(), 'P')) || at.contains(&(c.clone(), 'p')))
            .collect();
        out.push(Scene {
            action_markers,
            rushed,
            name: s["name"].as_str().unwrap().to_string(),
            variant: s["variant"].as_str().unwrap().to_string(),
            size: s["size"].as_u64().unwrap() as usize,
            pieces,
            arrows,
            marks,
        });
    }
    (out, doc)
}

/// The cells the paths of `tree` visit and its destinations, into `visited` and `to`;
/// `next` are the trees of the pieces it may activate: a ply that activates is a
/// destination only when the piece activated has a ply of its own (a piece that cannot
/// move cannot be activated; past the game's limit of plies there is no tree).
fn cells_of(
    tree: &PathTree,
    next: &[piecewise::game::CascadeTree],
    visited: &mut BTreeSet<CellId>,
    to: &mut BTreeSet<CellId>,
) {
    for ply in &tree.plies {
        visited.extend(ply.path.iter().copied());
        visited.insert(ply.to);
        visited.extend(ply.captures.iter().copied());
        if !ply.activates
            || next
                .iter()
                .any(|t| t.at == ply.to && !t.tree.plies.is_empty())
        {
            to.insert(ply.to);
        }
    }
}

/// [`cells_of`] down a cascade's trees.
fn cascade_cells(
    trees: &[piecewise::game::CascadeTree],
    visited: &mut BTreeSet<CellId>,
    to: &mut BTreeSet<CellId>,
) {
    for t in trees {
        cells_of(&t.tree, &t.next, visited, to);
        cascade_cells(&t.next, visited, to);
    }
}

/// Checks one scene: `Ok` when every mark holds, else why not.
/// `earlier` are the scenes before it of the same variant, the nearest first.
fn check(scene: &Scene, earlier: &[&Scene], v: &Variant) -> Result<(), String> {
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let mut movers: Vec<&str> = Vec::new();
    for (from, _, _) in &scene.arrows {
        if let Some(f) = from {
            if at.contains_key(f.as_str()) && !movers.contains(&f.as_str()) {
                movers.push(f.as_str());
            }
        }
    }
    if scene.arrows.is_empty() {
        // The marks are one piece's: the scene holds if they hold for one of them.
        let mut first = None;
        for (c, l) in &scene.pieces {
            if v.stands_still(*l) {
                continue;
            }
            match check_movers(scene, &[], v, &[c.as_str()]) {
                Ok(()) => return Ok(()),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        return Err(first.unwrap_or_else(|| "no piece that moves".to_string()));
    }
    // A teleported Wave's ply after the portal: the book draws it from the portal it
    // emerges from, which stands still (Nineteen, "Teleporting Wave":
    // `scn_n_05_teleport_end` after `scn_n_04_teleport_move_3`, "Teleported Wave
    // emerges from the other Star in the same color as the starting one"); its piece
    // is the one activated in the scene before, where the activator now stands.
    let from_portal = scene.arrows.iter().any(|(f, _, _)| {
        f.as_deref()
            .and_then(|f| at.get(f))
            .is_some_and(|l| v.stands_still(*l))
    });
    if let (true, Some(p)) = (from_portal, earlier.first()) {
        for (c, _) in &scene.pieces {
            let acted = p
                .arrows
                .iter()
                .any(|(_, e, k)| e.as_deref() == Some(c.as_str()) && k == "action");
            if acted && !movers.contains(&c.as_str()) && continued(scene, p, v, c).is_some() {
                movers.push(c.as_str());
            }
        }
    }
    if movers.is_empty() {
        // The move is drawn made (its piece already on its destination): no path to
        // check, and the red marks alone would hold by default.
        return Err("no arrow starts on a piece (the move is drawn made)".to_string());
    }
    check_movers(scene, earlier, v, &movers)
}

/// The cells on one rank from `from` (not included) to `to` (included): a castling
/// King's crossing.
fn crossed(g: &Game, from: CellId, to: CellId) -> Vec<CellId> {
    let (f, t) = (g.rules().cell_name(from), g.rules().cell_name(to));
    let file = |n: &str| n.as_bytes()[0];
    let rank = &f[1..];
    let (a, b) = (file(&f), file(&t));
    let step: i16 = if b > a { 1 } else { -1 };
    let mut out = Vec::new();
    let mut x = a as i16;
    while x != b as i16 {
        x += step;
        let name = format!("{}{rank}", x as u8 as char);
        out.extend(g.rules().cell(&name));
    }
    out
}

/// Checks the marks of `scene` against the paths of the pieces on `movers`; `earlier`
/// are the scenes before it of the same variant, the nearest first.
fn check_movers(
    scene: &Scene,
    earlier: &[&Scene],
    v: &Variant,
    movers: &[&str],
) -> Result<(), String> {
    let prev = earlier.first().copied();
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let mut visited = BTreeSet::new();
    let mut legal_to: BTreeSet<String> = BTreeSet::new();
    for &m in movers {
        let letter = at[m];
        if v.stands_still(letter) {
            continue;
        }
        // The book splits a cascade's later ply over two scenes of one position
        // (Conquest of Tlalocan, "Activating Wave on step-field": "End example for
        // this activation is split into two over next two pages"): a scene drawing
        // the same pieces as the one before continues what that one continues.
        let split = || {
            let same = prev.is_some_and(|p| pieces_but(p, &[]) == pieces_but(scene, &[]));
            earlier
                .get(1)
                .filter(|_| same)
                .and_then(|p| continued(scene, p, v, m))
        };
        if let Some((cells, to)) = prev
            .and_then(|p| continued(scene, p, v, m).or_else(|| diverged(scene, p, v, m)))
            .or_else(split)
        {
            visited.extend(cells);
            legal_to.extend(to);
            continue;
        }
        let side = side_of(letter);
        let fen = v.fen_untagged(scene.size, &scene.pieces, side, &converted(scene, prev));
        let pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
        let pos = rushed(scene, earlier, v, side, pos)?;
        let from = g.rules().cell(m).unwrap();
        let occ = pos.occupant(from);
        let mut walker = Walker::new(g.rules().table());
        let mut b = PathTreeBuilder::new();
        walker.walk(&pos, side, occ.kind(), from, &mut b);
        let tree = b.finish(side, occ.kind(), from);
        let mut to = BTreeSet::new();
        let next = g.cascade_trees(&pos, from);
        cells_of(&tree, &next, &mut visited, &mut to);
        cascade_cells(&next, &mut visited, &mut to);
        if !pos.en_passant().is_none() {
            // The en passant captures the tree does not hold (the game adds them).
            let mut pseudo = Vec::new();
            g.move_generator().pseudo_moves(&pos, &mut pseudo);
            for mv in pseudo.iter().filter(|mv| mv.from == from) {
                if let MoveKind::EnPassant { .. } = mv.kind {
                    visited.insert(mv.to);
                    to.insert(mv.to);
                }
            }
        }
        // The castlings the tree does not hold (the game adds them): the King's
        // destination and the cells it crosses to reach it.
        let mut pseudo = Vec::new();
        g.move_generator().pseudo_moves(&pos, &mut pseudo);
        for mv in pseudo.iter().filter(|mv| mv.from == from) {
            if let MoveKind::Castling(_) = mv.kind {
                visited.extend(crossed(g, mv.from, mv.to));
                to.insert(mv.to);
            }
        }
        for t in g.teleports(&pos, from) {
            visited.extend(t.path.iter().copied());
            visited.extend(t.to.iter().copied());
            to.extend(t.to.iter().copied());
        }
        // The legal moves: with no royal of the mover's side on the board, every
        // path's move is one, but a capture of the opponent's King (the book's King is
        // checked, never captured: scn_cot_024, scn_tr_28).
        let royal = scene
            .pieces
            .iter()
            .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
        if !royal {
            let kings = foe_kings(scene, side);
            legal_to.extend(
                to.iter()
                    .map(|&c| g.rules().cell_name(c))
                    .filter(|c| !kings.contains(c)),
            );
            continue;
        }
        // The mover's pseudo-legal moves, each judged (the whole legal list would
        // judge every piece's moves, thousands on the larger boards).
        let mut gen = g.move_generator();
        let mut pseudo = Vec::new();
        gen.pseudo_moves(&pos, &mut pseudo);
        let mut pos = pos;
        for mv in pseudo.iter().filter(|mv| mv.from == from) {
            if !gen.is_legal(&mut pos, mv) {
                continue;
            }
            let uci = g.uci(mv);
            if let Some(rest) = uci.strip_prefix(m) {
                if rest.starts_with(|c: char| c.is_ascii_digit()) {
                    continue;
                }
                legal_to.extend(cell_names(rest));
            }
        }
    }
    let visited: BTreeSet<String> = visited.iter().map(|&c| g.rules().cell_name(c)).collect();
    // (cell, mark type, a field's mark rather than an arrow's end)
    let mut marks: Vec<(&str, &str, bool)> = Vec::new();
    for (_, end, kind) in &scene.arrows {
        if let Some(e) = end {
            marks.push((e.as_str(), kind.as_str(), false));
        }
    }
    for (c, kind) in &scene.marks {
        if let Some(c) = c {
            marks.push((c.as_str(), kind.as_str(), true));
        }
    }
    // An Action marker on a moving piece's own cell shows its tag (book, Classical
    // Chess, "Tags": "Markers are also used to convey the existence of a tag").
    let converted = converted(scene, prev);
    let tagged: BTreeSet<&str> = movers
        .iter()
        .copied()
        .filter(|m| scene.action_markers.contains(*m) && carries_tag(v, m, at[m], &converted))
        .collect();
    let reached: BTreeSet<&str> = marks
        .iter()
        .filter(|(_, k, _)| *k == "legal" || *k == "action")
        .map(|(c, _, _)| *c)
        .collect();
    for &(c, kind, field) in &marks {
        match kind {
            // A Pawn's en passant tag, not a destination (see [`rushed`]).
            "legal" if field && scene.rushed.contains(c) => {}
            "legal" if field && !legal_to.contains(c) => {
                return Err(format!("legal field {c} is no legal destination"));
            }
            "legal" if field => {}
            "action" if field && tagged.contains(c) => {}
            "legal" | "action" if !visited.contains(c) => {
                return Err(format!("{kind} mark on {c} not reached"));
            }
            "illegal" if !reached.contains(c) && legal_to.contains(c) => {
                return Err(format!("{kind} mark on {c} is a legal destination"));
            }
            _ => {} // held; blocked: not asserted (see the file's doc)
        }
    }
    Ok(())
}

/// The cells where the scene before (`prev`) shows a piece of the same kind as this
/// scene's but of the other side: a piece converted there, which carries none of the
/// start position's tags however it stands (book, Mayan Ascendancy, "Converting
/// Rooks": "Dark Rook has been converted at light Rook's initial position, and hasn't
/// been moved; still, light King can't castle with converted Rook"; "Converting
/// Pawns": a converted Pawn on its start cell "cannot rush"), as the game plays a
/// conversion (the piece converted carries no tags).
fn converted<'a>(scene: &'a Scene, prev: Option<&Scene>) -> BTreeSet<&'a str> {
    let Some(prev) = prev else {
        return BTreeSet::new();
    };
    scene
        .pieces
        .iter()
        .filter(|(c, l)| {
            prev.pieces
                .iter()
                .any(|(pc, pl)| pc == c && *pl != *l && pl.eq_ignore_ascii_case(l))
        })
        .map(|(c, _)| c.as_str())
        .collect()
}

/// Whether the piece `letter` on `cell` carries a tag in the position the test sets up:
/// the start position has the same piece there, carrying a tag when the file writes
/// tags for its kind (where it writes none, chess's Pawns, Kings and Rooks, One's Pawns
/// that rush while unmoved, `initial`, on their start cells hold the book's rush and
/// castling tags), and it was not converted there.
fn carries_tag(v: &Variant, cell: &str, letter: char, converted: &BTreeSet<&str>) -> bool {
    let kind_tagged = v.start_tags.values().any(|(l, _)| *l == letter);
    v.start_pieces.get(cell) == Some(&letter)
        && !converted.contains(cell)
        && (!kind_tagged || v.start_tags.get(cell).is_some_and(|(l, _)| *l == letter))
}

/// `pos` with the en passant state the scene shows for `side` to capture: a Legal
/// (green) field marker on a Pawn of the other side is its en passant tag (book,
/// Miranda's Veil, "En passant not blocked": the Pawn that rushed "has been tagged as
/// en passant opportunity (green marker)"), which opens the cells its rush passed over
/// (kept open when a later ply of the cascade filled one: "regardless of light Pyramid
/// in-between its capture-field E and light Pawn"). The rush is the line of arrows along
/// the Pawn's file that ends on it, in the scene or the two before it (drawn grey once
/// made, `scn_mv_093`; drawn as the move in the scene before, `scn_o_63`, or in the
/// start of a story two scenes back, `scn_o_66` for its alternative end `scn_o_68`), else the
/// move from its side's start cell nearest behind it on its file (`scn_mv_100`). A
/// position opens one Pawn's rush: the first tagged. A tag whose rush cannot be set
/// up (no start behind it, more cells than a position keeps open) fails the scene.
fn rushed(
    scene: &Scene,
    earlier: &[&Scene],
    v: &Variant,
    side: Side,
    pos: GamePosition,
) -> Result<GamePosition, String> {
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    for cell in &scene.rushed {
        let letter = at[cell.as_str()];
        if side_of(letter) == side {
            continue;
        }
        let (file, rank) = coords(cell);
        let on_file = |c: &str| coords(c).0 == file;
        // The line of arrows along the file ending on the Pawn.
        let drawn = std::iter::once(scene)
            .chain(earlier.iter().copied())
            .find_map(|s| {
                let mut cur = cell.clone();
                let mut steps = 0;
                while let Some(f) = s.arrows.iter().find_map(|(f, e, _)| {
                    f.as_ref()
                        .filter(|f| e.as_deref() == Some(cur.as_str()) && on_file(f))
                }) {
                    cur = f.clone();
                    steps += 1;
                    if steps > scene.size {
                        return None;
                    }
                }
                (steps >= 2).then_some(coords(&cur).1)
            });
        let behind = |r: usize| {
            if side_of(letter) == Side::First {
                r < rank
            } else {
                r > rank
            }
        };
        let start = drawn.or_else(|| {
            v.start_pieces
                .iter()
                .filter(|(c, l)| **l == letter && on_file(c) && behind(coords(c).1))
                .map(|(c, _)| coords(c).1)
                .min_by_key(|r| r.abs_diff(rank))
        });
        let Some(start) = start else {
            return Err(format!("en passant tag on {cell}: no rush to it"));
        };
        let opened: Vec<CellId> = (start.min(rank) + 1..start.max(rank))
            .filter_map(|r| {
                g.rules()
                    .cell(&format!("{}{}", (b'a' + file as u8) as char, r + 1))
            })
            .collect();
        let victim = g.rules().cell(cell).unwrap();
        return g
            .with_en_passant(&pos, victim, &opened)
            .ok_or_else(|| format!("en passant tag on {cell}: {} cells opened", opened.len()));
    }
    Ok(pos)
}

/// Whether a letter is the first side's.
fn side_of(letter: char) -> Side {
    if letter.is_ascii_uppercase() {
        Side::First
    } else {
        Side::Second
    }
}

/// The cells its pieces stand on in a scene, but `but`.
fn pieces_but<'a>(scene: &'a Scene, but: &[String]) -> BTreeSet<(&'a str, char)> {
    scene
        .pieces
        .iter()
        .filter(|(c, _)| !but.contains(c))
        .map(|(c, l)| (c.as_str(), *l))
        .collect()
}

/// A scene that continues the one before it: the book draws a cascade's later ply with
/// the activator standing on the cell of the piece it activated, that piece not drawn
/// (`scn_mv_021_knight_activating_wave`: a Knight d7 activates the Wave on f8;
/// `scn_mv_022_wave_activated_by_knight`: the Knight on f8 and the Wave's paths from
/// there). When the scene before (`prev`) marks an action on the mover's cell `x`
/// where another piece stands (of either side: a Wave activates the opponent's), one of `prev`'s moving pieces may
/// activate that piece (down its cascade, [`Game::cascade_trees`]), and the two scenes
/// hold the same pieces but on the cells of that cascade, the moving piece is the one
/// activated: the cells its tree (and those it activates) visit and, as destinations,
/// the cells `prev`'s legal moves through `x` reach after it (the tree's, without a
/// royal of its side).
fn continued(
    scene: &Scene,
    prev: &Scene,
    v: &Variant,
    x: &str,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>)> {
    let g = &v.game;
    let now = scene.pieces.iter().find(|(c, _)| c == x)?.1;
    let was = prev.pieces.iter().find(|(c, _)| c == x)?.1;
    let action = prev
        .arrows
        .iter()
        .any(|(_, e, k)| e.as_deref() == Some(x) && k == "action")
        || prev
            .marks
            .iter()
            .any(|(c, k)| c.as_deref() == Some(x) && k == "action");
    if !action || now == was {
        return None;
    }
    let target = g.rules().cell(x)?;
    for (y, letter) in &prev.pieces {
        if !prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(y)) {
            continue;
        }
        let side = side_of(*letter);
        let pos: GamePosition = g.position(&v.fen(prev.size, &prev.pieces, side)).ok()?;
        let from = g.rules().cell(y)?;
        // The cascade down to `x`: the cells activated on the way, and x's tree.
        let mut chain = Vec::new();
        let trees = g.cascade_trees(&pos, from);
        let Some(found) = find_in(&trees, target, &mut chain) else {
            continue;
        };
        let mut moved: Vec<String> = vec![y.clone()];
        moved.extend(chain.iter().map(|&c| g.rules().cell_name(c)));
        if pieces_but(scene, &moved) != pieces_but(prev, &moved) {
            continue;
        }
        let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
        cells_of(&found.tree, &found.next, &mut cells, &mut to);
        cascade_cells(&found.next, &mut cells, &mut to);
        let royal = prev
            .pieces
            .iter()
            .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
        if !royal {
            let kings = foe_kings(prev, side);
            let to = to.iter().map(|&c| g.rules().cell_name(c));
            return Some((cells, to.filter(|c| !kings.contains(c)).collect()));
        }
        // `prev`'s legal moves from `y` whose cascade goes through the same cells to
        // `x`: the cells after it.
        let mut legal = BTreeSet::new();
        let mut gen = g.move_generator();
        let mut pseudo = Vec::new();
        gen.pseudo_moves(&pos, &mut pseudo);
        let mut pos = pos;
        for mv in pseudo.iter().filter(|mv| mv.from == from) {
            if !gen.is_legal(&mut pos, mv) {
                continue;
            }
            let uci = g.uci(mv);
            let Some(rest) = uci.strip_prefix(y.as_str()) else {
                continue;
            };
            let names = cell_names(rest);
            if names.len() > chain.len() && names[..chain.len()] == moved[1..] {
                legal.extend(names[chain.len()..].iter().cloned());
            }
        }
        return Some((cells, legal));
    }
    None
}

/// A scene that continues the one before it past a divergence (see the file's doc): the
/// scene before (`prev`) marks an action on `x`, where the same piece stands in both
/// scenes, and a moving piece of `prev` (or one down its cascade) has plies passing
/// over `x`, that piece (and the cells of its cascade) missing from this scene, which
/// holds `prev`'s other pieces: the cells those plies visit after `x` and, as
/// destinations, their ends (but an opponent's King's cell). `None` when the side
/// of that piece has a royal in `prev` (its moves would need judging).
fn diverged(
    scene: &Scene,
    prev: &Scene,
    v: &Variant,
    x: &str,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>)> {
    let g = &v.game;
    let now = scene.pieces.iter().find(|(c, _)| c == x)?.1;
    let was = prev.pieces.iter().find(|(c, _)| c == x)?.1;
    let action = prev
        .arrows
        .iter()
        .any(|(_, e, k)| e.as_deref() == Some(x) && k == "action")
        || prev
            .marks
            .iter()
            .any(|(c, k)| c.as_deref() == Some(x) && k == "action");
    if !action || now != was {
        return None;
    }
    let target = g.rules().cell(x)?;
    for (y, letter) in &prev.pieces {
        if y == x || !prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(y)) {
            continue;
        }
        let side = side_of(*letter);
        let royal = prev
            .pieces
            .iter()
            .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
        let pos: GamePosition = g.position(&v.fen(prev.size, &prev.pieces, side)).ok()?;
        let from = g.rules().cell(y)?;
        let occ = pos.occupant(from);
        let mut walker = Walker::new(g.rules().table());
        let mut b = PathTreeBuilder::new();
        walker.walk(&pos, side, occ.kind(), from, &mut b);
        let own = b.finish(side, occ.kind(), from);
        // The mover's tree, then those down its cascade, each with the cells
        // activated on the way to it.
        let cascade = g.cascade_trees(&pos, from);
        let mut trees: Vec<(Vec<CellId>, &PathTree, Side)> = vec![(Vec::new(), &own, side)];
        let mut todo: Vec<(Vec<CellId>, &piecewise::game::CascadeTree)> =
            cascade.iter().map(|t| (vec![t.at], t)).collect();
        while let Some((chain, t)) = todo.pop() {
            todo.extend(t.next.iter().map(|n| {
                let mut c = chain.clone();
                c.push(n.at);
                (c, n)
            }));
            trees.push((chain, &t.tree, t.side));
        }
        for (chain, tree, tree_side) in trees {
            let mut moved: Vec<String> = vec![y.clone()];
            moved.extend(chain.iter().map(|&c| g.rules().cell_name(c)));
            if moved.iter().any(|c| c == x) || pieces_but(scene, &moved) != pieces_but(prev, &moved)
            {
                continue;
            }
            let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
            for ply in &tree.plies {
                let Some(k) = ply.path.iter().position(|&c| c == target) else {
                    continue;
                };
                if k + 1 == ply.path.len() {
                    continue; // ends there: no divergence
                }
                let after = &ply.path[k + 1..];
                cells.extend(after.iter().copied());
                to.insert(ply.to);
            }
            if cells.is_empty() {
                continue;
            }
            if royal {
                return None;
            }
            let kings = foe_kings(prev, tree_side);
            let to = to.iter().map(|&c| g.rules().cell_name(c));
            return Some((cells, to.filter(|c| !kings.contains(c)).collect()));
        }
    }
    None
}

/// The tree of the piece activated on `at` down `trees`, with the cells activated on
/// the way to it (`at` the last) in `chain`.
fn find_in<'a>(
    trees: &'a [piecewise::game::CascadeTree],
    at: CellId,
    chain: &mut Vec<CellId>,
) -> Option<&'a piecewise::game::CascadeTree> {
    for t in trees {
        chain.push(t.at);
        if t.at == at {
            return Some(t);
        }
        if let Some(found) = find_in(&t.next, at, chain) {
            return Some(found);
        }
        chain.pop();
    }
    None
}

/// The cell names in the rest of a UCI move after its start (`d4>e5`, `e11xd7`).
fn cell_names(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = rest.as_bytes();
    let mut k = 0;
    while k < b.len() {
        if b[k].is_ascii_lowercase() {
            let s = k;
            while k < b.len() && b[k].is_ascii_lowercase() {
                k += 1;
            }
            let d = k;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if k > d {
                out.push(rest[s..k].to_string());
            }
        } else {
            k += 1;
        }
    }
    out
}

/// The listed failures: name -> why.
fn listed() -> BTreeMap<String, String> {
    let text = common::read("tests/data/croatian/scenes-failing.txt");
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, why) = line.split_once(' ').unwrap_or((line, ""));
        assert!(
            !why.trim().is_empty(),
            "scenes-failing.txt: {name} without why"
        );
        assert!(
            out.insert(name.to_string(), why.trim().to_string())
                .is_none(),
            "{name} twice"
        );
    }
    out
}

/// The cells of the Kings of the side other than `side` in `scene`.
fn foe_kings(scene: &Scene, side: Side) -> BTreeSet<String> {
    scene
        .pieces
        .iter()
        .filter(|(_, l)| side_of(*l) != side && l.eq_ignore_ascii_case(&'K'))
        .map(|(c, _)| c.clone())
        .collect()
}

#[test]
fn the_books_scenes_hold_but_the_listed_ones() {
    let (scenes, _) = scenes();
    assert!(scenes.len() > 400, "{} scenes", scenes.len());
    let listed = listed();
    let mut variants: BTreeMap<&str, Variant> = BTreeMap::new();
    // Per variant: (move scenes, reproduced).
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut unlisted = Vec::new();
    let mut passing = Vec::new();
    for (i, s) in scenes.iter().enumerate() {
        if (s.arrows.is_empty() && s.marks.is_empty()) || s.pieces.is_empty() {
            // A position, or a diagram of a pattern without a piece: no move.
            assert!(!listed.contains_key(&s.name), "{} is no move scene", s.name);
            continue;
        }
        let row = counts.entry(s.variant.clone()).or_default();
        row.0 += 1;
        let t = std::time::Instant::now();
        let result = match rules_of(&s.variant) {
            None => Err("no rules file for this variant".to_string()),
            Some(name) => {
                let v = variants.entry(name).or_insert_with(|| Variant::load(name));
                // The scenes before, of the same variant, the nearest first.
                let earlier: Vec<&Scene> = scenes[i.saturating_sub(3)..i]
                    .iter()
                    .rev()
                    .take_while(|p| p.variant == s.variant)
                    .collect();
                check(s, &earlier, v)
            }
        };
        if std::env::var("SCENES_VERBOSE").is_ok() {
            eprintln!("{} {:?} {:?}", s.name, t.elapsed(), result);
        }
        match (result, listed.contains_key(&s.name)) {
            (Ok(()), false) => row.1 += 1,
            (Ok(()), true) => passing.push(s.name.clone()),
            (Err(why), false) => unlisted.push(format!("{} {why}", s.name)),
            (Err(_), true) => {}
        }
    }
    let names: BTreeSet<&str> = scenes.iter().map(|s| s.name.as_str()).collect();
    let unknown: Vec<&String> = listed
        .keys()
        .filter(|n| !names.contains(n.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "listed scenes the book lacks: {unknown:?}"
    );
    assert!(
        unlisted.is_empty(),
        "scenes that fail, not listed:\n{}",
        unlisted.join("\n")
    );
    assert!(
        passing.is_empty(),
        "listed scenes that now pass (take them off the list): {passing:?}"
    );
    // The table of docs/croatian.md.
    let mut table = String::from("| Variant | Move scenes | Reproduced |\n|---|---:|---:|\n");
    let (mut all, mut ok) = (0, 0);
    for (v, (n, r)) in &counts {
        table.push_str(&format!("| {v} | {n} | {r} |\n"));
        all += n;
        ok += r;
    }
    table.push_str(&format!("| all | {all} | {ok} |\n"));
    let doc = common::read("docs/croatian.md");
    let inside = doc
        .split("<!-- scenes: begin -->\n")
        .nth(1)
        .and_then(|t| t.split("<!-- scenes: end -->").next())
        .expect("docs/croatian.md has the scenes markers");
    assert_eq!(inside, table, "docs/croatian.md's scenes table");
    // The README's Croatian line and each file's header say the same counts.
    let readme = common::read("README.md").replace("\n  ", " ");
    let said = format!("{ok} of its {all} move scenes reproduced");
    assert!(readme.contains(&said), "README.md: `{said}`");
    for (v, (n, r)) in &counts {
        if let Some(name) = rules_of(v).filter(|n| n.starts_with("croatian")) {
            let src = common::rules_source(name).replace("\n# ", " ");
            let said = format!("book's scenes: {r} of {n} reproduced");
            assert!(src.contains(&said), "rules/{name}.rules: `{said}`");
        }
    }
}

/// The FEN reader of this file against the game's own writer on a start position with
/// tags and neutral pieces of two kinds.
#[test]
fn the_start_positions_are_the_books() {
    let (_, doc) = scenes();
    for (variant, name) in [
        ("Age Of Aquarius", "croatian-aquarius"),
        ("Hemera's Dawn", "croatian-hemera"),
        ("Tamoanchan Revisited", "croatian-tamoanchan"),
        ("Conquest Of Tlalocan", "croatian-tlalocan"),
        ("Discovery", "croatian-discovery"),
        ("One", "croatian-one"),
    ] {
        let v = Variant::load(name);
        let book = &doc["starts"][variant];
        let size = book["size"].as_u64().unwrap() as usize;
        assert_eq!(v.game.board().width() as usize, size, "{name}");
        let mut want = placed(&book["pieces"]);
        want.sort();
        let pos = v.game.start_position().expect("a start position");
        let fen = v.game.fen(&pos);
        // The book's FEN written as the file writes it, read back: the same FEN.
        let book_fen = v.fen(size, &want, Side::First);
        let read = v.game.position(&book_fen).expect("the book's start reads");
        assert_eq!(v.game.fen(&read), fen, "{name}: the book's start position");
        let with_side: Vec<(String, char)> = read_fen(&fen, size, v.neutral.len() > 1)
            .into_iter()
            .map(|(c, l, _)| (c, l))
            .collect();
        let book_sided: Vec<&(String, char)> = want
            .iter()
            .filter(|(_, l)| !v.neutral.contains(&l.to_ascii_uppercase()))
            .collect();
        assert_eq!(with_side.len(), book_sided.len(), "{name}");
    }
}
