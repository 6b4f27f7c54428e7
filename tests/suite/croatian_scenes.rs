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
//! - **a cascade drawn as one chain of arrows** from its first mover through the pieces
//!   it activates (Miranda's Veil, "No momentum", `scn_mv_038`: the Bishop's momentum
//!   "already spent by Knight, so Wave B is activated with no momentum"): a moving
//!   piece that the chain of arrows ending on it leads back to another moving piece,
//!   whose cascade may activate it, moves as that cascade lets it: the cells its own
//!   paths visit count, but its destinations as a first mover are no legal
//!   destinations ([`relayed`]);
//! - **the paths**: each moving piece's path tree in the position, for its own side,
//!   and the trees of the pieces it may activate, down the cascade
//!   ([`Game::cascade_trees`]), and its teleports and theirs ([`Game::teleports`],
//!   `CascadeTree::teleports`: each path into a Star or a Monolith, and the cells where
//!   it may emerge, which are destinations);
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
//!   its legal moves the earlier scene's legal moves through it (`continued`); the
//!   scene may add pieces for that ply to meet on cells where the scene before draws
//!   none (Miranda's Veil, "Wave activated by Bishop": "Activated light Wave cannot
//!   activate dark Knight, but can activate own Pawn", two pieces the scene before
//!   lacks), which stand in the position too. The
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
//! - **a piece's own ply in flight**: the book also draws a piece after its first
//!   step of its own move, on that step's cell, with an arrow from where it stood
//!   (Hemera's Dawn, `scn_hd_03` then `scn_hd_04`: "after first step, light Centaur
//!   is located on a dark field"). When the scene before draws no arrow and the piece
//!   on `x`, and this scene the same piece on `y`, one arrow from `x` to `y` and the
//!   other pieces the same, its paths are its plies from `x` in the scene before
//!   whose path starts on `y`: their cells, their ends destinations ([`flying`]);
//! - **a syzygy** (Discovery and One): arrows of one step covering a line from the
//!   board's edge to its edge over celestial pieces draw a syzygy's fields, no path, and the
//!   markers on the pieces on it what the move into the syzygy may demote, numbered
//!   fields around a piece that entered it where a captured piece may come back (read
//!   in `syzygy`, whose doc gives the book's words); the rest is read as below;
//! - **a displacement drawn in flight** (`displaced_in_flight`: Tamoanchan Revisited,
//!   "Displacement step", `scn_tr_21` after `scn_tr_20`: the light Pawn "now in the
//!   air" under the Serpent, "which cannot be displaced onto up-field, as it's not
//!   empty any more"): the scene before draws a displacing piece on `x` and a piece on
//!   `y`, this one the displacing piece on `y`, one Action arrow `x`-`y` and the other
//!   arrows from `y`: its marks are the displacement-fields of the piece met on `y`
//!   (the fields the piece's displacing plies from `x`, stepping first onto `y`, put it
//!   on: Legal marks among them, Illegal ones not);
//! - **a move drawn in progress** (Discovery, "Monolith's second step": "grey arrows
//!   show path covered by Monolith in previous steps, from its starting field M"): a
//!   scene whose arrows are one chain of grey arrows from a cell labelled with the
//!   letter of the piece the chain ends on: that piece walked from the labelled cell,
//!   its paths the plies that take the drawn steps and one more ([`in_progress`]);

//! - **a teleported relay's ply drawn anew**: the book also draws the ply after the
//!   portal on a board of its own, the portal it emerges from and the pieces that ply
//!   meets, the relay not drawn ("in the air"; Nineteen, `scn_n_07_teleport_wave_init`
//!   then `scn_n_08_teleport_wave_end`; Tamoanchan Revisited, `scn_tr_50` then
//!   `scn_tr_51`: "Since Wave dived into a Star from B direction, next step after
//!   teleporting has to be in A direction"). When an arrow starts on a portal (a
//!   neutral piece) and the scene before ends an arrow on one, the plies down the
//!   cascades of that scene's moving pieces, walked in its position with this scene's
//!   pieces added where it draws none, that pass over this scene's portal are the
//!   paths: the cells after the portal, their ends the destinations (`emerged`); a
//!   piece that entered the portal by a teleport is drawn where it came out (One,
//!   `scn_o_07` then `scn_o_08`: "here, it emerges on empty portal-field of that same
//!   Monolith"; a piece activated down the cascade too, `scn_o_20` then `scn_o_21`),
//!   and the cells where it may come out are paths and destinations too;
//! - **a cascade's later ply in flight**: the book draws an activated piece after its
//!   first step, on that step's cell, with an arrow from where it was activated
//!   (Miranda's Veil, `scn_mv_031`, the Unicorn activating the Wave g4, then
//!   `scn_mv_032`, the Wave on f6: "after first step, light Wave is located on
//!   opposite-color (dark) field, so all available step-fields are long jumps"). When the
//!   scene before marks an action on `x`, and this scene draws that piece on `y`
//!   instead, with an arrow from `x` to `y` and the other pieces the same, the plies of
//!   that piece down the scene before's cascades whose path starts on `y` are paths:
//!   their cells, their ends destinations (`in_flight`);
//! - **a trance-journey's pattern past the board and its displacements** (the module
//!   [`trance`]): the legs drawn past an arm's last field on the board draw the
//!   pattern going on ("Pattern never ends"), reached when that field is; the cells a
//!   move displaces a piece onto are reached, as a capture's are;
//! - **a sacrifice drawn in its parts** (the module [`sacrifice`]; Tamoanchan Revisited,
//!   "Pawn-sacrifice move", `scn_tr_31`..`scn_tr_33`): its start, the initiator's
//!   action arrow to the officiant and the officiant's to the piece it takes, read
//!   with the initiator's sacrifice plies ([`Game::sacrifice_plies`]); the
//!   initiator's tagged ply drawn from the officiant's cell ("Initiating Serpent
//!   receives its tag on a field at which it activated Pyramid. From there, Serpent
//!   can start a new ply in the same move"), its paths those plies in the start's
//!   position; the move drawn made, grey arrows from the officiant's cell and action
//!   arrows where the pieces it displaced went, which must be one such ply's;
//! - **Legal** (green) arrow ends: the cell is visited by a path (a step of it, which
//!   may pass over a piece); green field markers and numbered texts: the cell is a
//!   legal destination (see below);
//! - **Action** (yellow) marks, where something happens to the path (an activation, a
//!   capture, a divergence, a teleport): the cell is visited by a path; a yellow field
//!   marker on a moving piece's own cell shows its tag (the book's Classical Chess,
//!   "Tags": "Markers are also used to convey the existence of a tag"): it holds when
//!   the piece carries one there (`carries_tag`); on any piece, when
//!   the scene before draws the move that ends there (its arrows) and that move, played by the
//!   game, leaves it tagged (`tags_earned`: Age of Aquarius's Pawn tagged for promotion
//!   on its last rank, `scn_aoa_06`; the Pawn a Pyramid activated by a Bishop tagged,
//!   `scn_aoa_04`, which moves next);
//! - **castling drawn in two plies** (the book's castling is the King's ply, then its
//!   Rook's: Miranda's Veil, "Wave and castling"; the module [`castling`]): the King's
//!   ply drawn from the cell beside it (its destinations those of its ply alone, the
//!   pieces it passes over not moving), the Rook's ply drawn after the King's (the King
//!   on its destination, its start labelled `K`, not moving: the Rook's ply finishes
//!   the castling when it is a legal move), the castling drawn made (the King's moves
//!   from `K`);
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
//! - **a move drawn made** (`made`): when every mark is grey and the arrows are one
//!   chain from an empty cell to a piece (Tamoanchan Revisited, "Finished move with 8
//!   steps performed", `scn_tr_05`), the chain must be the path of one of that piece's
//!   plies from the chain's start, the piece set back there;
//! - **a displacing move drawn made** (`made_displacing`: Tamoanchan Revisited,
//!   "Displacement end", `scn_tr_22`: "dark and light Pawns has been displaced in a
//!   single ply from their initial positions 1 and 2"): grey arrows as above, and the
//!   only other marks numbers 1..k on the chain (their colour not read: they label
//!   cells, as the text says): the chain must be the path of one of the piece's
//!   displacing plies from the chain's start, with k of the other pieces set back on
//!   the numbered cells, displacing them in that order onto the cells they are drawn on;
//! - **red arrows from a moving piece to the opponent's King**, two or more in a
//!   chain, draw the piece's line of attack once its move has settled, not cells it
//!   may not reach (Miranda's Veil, "Activating piece, check, and checkmate": "Dark
//!   King is now positioned on light Rook's capture-field, so now it's in check",
//!   `scn_mv_050`; Conquest of Tlalocan, "Diverging check, checkmate", `scn_cot_064`):
//!   the cells they pass are visited by a path of the piece (the King's cell stays an
//!   Illegal mark: the book's King is checked, never captured);
//! - **red arrows from a drawn path's cell** (not from the moving piece) draw steps the
//!   ply may not take from there (Hemera's Dawn, "Centaur complete move": "after
//!   reaching field 6, it cannot move to any other step-field (red)"; the same cell may
//!   be another ply's destination): such an arrow holds when no ply of the piece takes
//!   the drawn path (the chain of other arrows from the piece to the arrow's start)
//!   and then that step, or when its end is no destination as above; from a cell
//!   where an action arrow of a cascade's later ply activates a piece, it is that
//!   piece's step (Miranda's Veil, "En passant illegal", `scn_mv_100`: the Pawn
//!   activated again "cannot capture light Pawn en passant anymore"), and holds when
//!   no ply of a piece activated there down the cascade starts with it;
//! - **Blocked** (grey) marks are not asserted: the book draws in grey both paths that
//!   are blocked and paths the illustrated ply does not take (`scn_ct_03_define_step_ply`:
//!   a Pegasus's other, open, directions), and labels;
//! - texts that are not numbers (`A`, `B`: labels the prose refers to) are no marks;
//! - arrows and texts off the board (the book's pointers to a side) are left out;
//!   scenes without marks (positions) or without pieces (diagrams of a pattern's
//!   geometry) show no move and are not counted.
//!
//! Two readings beyond the moves, each counted apart from the scenes reproduced as
//! drawn (the counts below: as drawn, as diagrams, with a listed correction):
//! - **diagrams** ([`diagrams`]): a scene whose marks the book's text defines as a set
//!   of fields, not moves (Hemera's Dawn, "Grenadier-fields are all fields immediately
//!   neighboring Grenadier"; Nineteen, the portal-fields numbered around the Stars;
//!   Conquest of Tlalocan, the trance-journey's spiral patterns, no entrancing Shaman
//!   drawn; Miranda's Veil, a lone Wave's step-fields "when activated by Unicorn"),
//!   listed in `tests/data/croatian/scenes-diagrams.txt` with the book's words for why:
//!   its marks must be exactly the fields the compiled rules define (the `near` area,
//!   a teleport's portal-fields, a journey's spiral arms, the jumps of a Wave a Unicorn
//!   activates), through the game's own queries, never a list of cells;
//! - **listed corrections** ([`corrections`]): a mark the book's own text rules
//!   against, or gives another meaning than its colour has here (a red arrow marking a
//!   turn or a step the text forbids, not a cell no piece may reach; a yellow number on
//!   a field the text says the piece cannot emerge on), listed in
//!   `tests/data/croatian/scenes-corrected.txt` with the text's words and how it reads
//!   the mark: that mark is checked the text's way, every other mark of the scene as
//!   drawn, and the scene must fail without the correction. Where the reading is
//!   doubtful the scene stays listed as failing.
//!
//! The rules: each variant's file, its cascades allowed the seven plies a game move
//! carries (`--limit cascade-plies=7`; the default is four), which the book's longest
//! cascades take (Miranda's Veil, "Cascade check, checkmate": a Bishop, four Waves and
//! a Queen activated twice).
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

mod castling;
mod chain;
mod checked;
mod corrections;
mod counts;
mod diagrams;
mod drawn;
mod reading;
mod red;
mod sacrifice;
mod setup;
mod syzygy;
mod trance;
use chain::*;
use checked::*;
use counts::Counts;
use drawn::*;
use reading::*;
use red::*;
use setup::*;

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

#[test]
fn the_books_scenes_hold_but_the_listed_ones() {
    let (mut scenes, _) = scenes();
    assert!(scenes.len() > 400, "{} scenes", scenes.len());
    let listed = listed();
    let diagrams = diagrams::diagrams();
    let corrections = corrections::corrections();
    for s in &mut scenes {
        if let Some(c) = corrections.get(&s.name) {
            s.corrections = c.clone();
        }
    }
    let mut variants: BTreeMap<&str, Variant> = BTreeMap::new();
    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    let mut unlisted = Vec::new();
    let mut passing = Vec::new();
    let mut wrong = Vec::new();
    for (i, s) in scenes.iter().enumerate() {
        if (s.arrows.is_empty() && s.marks.is_empty()) || s.pieces.is_empty() {
            // A position, or a diagram of a pattern without a piece: no move.
            assert!(!listed.contains_key(&s.name), "{} is no move scene", s.name);
            continue;
        }
        let diagram = diagrams.get(&s.name);
        let corrected = !s.corrections.is_empty();
        if (diagram.is_some() || corrected) && listed.contains_key(&s.name) {
            wrong.push(format!("{}: listed as failing and read otherwise", s.name));
        }
        if diagram.is_some() && corrected {
            wrong.push(format!("{}: a diagram with corrections", s.name));
        }
        for c in &s.corrections {
            if !corrections::draws(s, &c.cell, &c.colour) {
                wrong.push(format!("{}: no {} mark on {}", s.name, c.colour, c.cell));
            }
        }
        let row = counts.entry(s.variant.clone()).or_default();
        row.scenes += 1;
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
                match diagram {
                    Some((kind, _)) => diagrams::check_diagram(s, kind, v),
                    None => {
                        let result = check(s, &earlier, v);
                        // A correction must be needed: the scene as drawn fails.
                        let drawn = Scene {
                            corrections: Vec::new(),
                            ..s.clone()
                        };
                        if corrected && result.is_ok() && check(&drawn, &earlier, v).is_ok() {
                            wrong.push(format!("{}: holds without its correction", s.name));
                        }
                        result
                    }
                }
            }
        };
        if std::env::var("SCENES_VERBOSE").is_ok() {
            eprintln!("{} {:?} {:?}", s.name, t.elapsed(), result);
        }
        match (result, listed.contains_key(&s.name)) {
            (Ok(()), false) if diagram.is_some() => row.diagrams += 1,
            (Ok(()), false) if corrected => row.corrected += 1,
            (Ok(()), false) => row.drawn += 1,
            (Ok(()), true) => passing.push(s.name.clone()),
            (Err(why), false) => unlisted.push(format!("{} {why}", s.name)),
            (Err(_), true) => {}
        }
    }
    let names: BTreeSet<&str> = scenes.iter().map(|s| s.name.as_str()).collect();
    let unknown: Vec<&String> = listed
        .keys()
        .chain(diagrams.keys())
        .chain(corrections.keys())
        .filter(|n| !names.contains(n.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "listed scenes the book lacks: {unknown:?}"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        unlisted.is_empty(),
        "scenes that fail, not listed:\n{}",
        unlisted.join("\n")
    );
    assert!(
        passing.is_empty(),
        "listed scenes that now pass (take them off the list): {passing:?}"
    );
    counts::check_counts(&counts);
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
