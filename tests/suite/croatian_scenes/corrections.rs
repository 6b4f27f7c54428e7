//! The listed corrections (see the parent module's doc): a mark the book's own text
//! rules against, or reads otherwise than this test reads its colour, read from
//! `tests/data/croatian/scenes-corrected.txt` (scene, the mark's cell and colour, how
//! the text reads it, why: the text's words in a summary, chapter cited). The scene's
//! every mark of that colour on that cell (arrow ends and fields) is checked the
//! text's way instead; all its other marks as any scene's. A correction must be
//! needed (the scene fails without it) and name a mark the scene draws.
//!
//! The readings:
//! - `destination`: the cell is a legal destination of the moving pieces (a red mark
//!   the text lets a piece reach);
//! - `no-destination`: the cell is no legal destination (a yellow or green mark the
//!   text forbids ending on);
//! - `not-reached`: no path of the moving pieces visits the cell (a green or yellow
//!   mark on a field the text says no ply may pass);
//! - `no-own-step:A`: no ply of a moving piece's own tree (not its cascade's) steps
//!   from `A` to the cell (a red arrow from `A` marking a turn the text forbids, not the
//!   cell as a destination of any piece the move activates);
//! - `not-passed`: no ply of the moving pieces or down their cascades visits the cell
//!   and goes on from it (a red arrow onto a piece marking a divergence from it, or a
//!   passing over it, that the text forbids, not the piece's capture);
//! - `oblation`: a pseudo-legal move of a moving piece ends its ply in the cell, a
//!   portal, and removes the piece, played ([`Game::teleports`]' `oblation`: a red
//!   arrow into a Star where the text says the piece entering is "oblationed", removed
//!   for want of an empty portal-field, not a cell no move ends on);
//! - `not-after:A,B,...`: no ply of the moving pieces or down their cascades whose
//!   cells after its start begin with `A`, `B`, ... visits the cell after them (red
//!   marks drawn for the path or line the text selects, not for every path: the
//!   Serpent's path that left the board, the Wave's line once its two steps are
//!   chosen).

use super::*;
use std::sync::OnceLock;

/// How the text reads a corrected mark (see the module's doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    Destination,
    NoDestination,
    NotReached,
    NoOwnStep(String),
    NotPassed,
    NotAfter(Vec<String>),
    Oblation,
}

/// One listed correction of a scene's mark.
#[derive(Clone, Debug)]
pub(super) struct Correction {
    /// The mark's cell and colour (its mark type).
    pub(super) cell: String,
    pub(super) colour: String,
    pub(super) reading: Reading,
}

impl Correction {
    /// Whether a mark of `kind` on `cell` is this correction's.
    pub(super) fn covers(&self, cell: &str, kind: &str) -> bool {
        self.cell == cell && self.colour == kind
    }
}

/// The listed corrections: scene -> its corrections.
pub(super) fn corrections() -> &'static BTreeMap<String, Vec<Correction>> {
    static LIST: OnceLock<BTreeMap<String, Vec<Correction>>> = OnceLock::new();
    LIST.get_or_init(|| {
        let text = common::read("tests/data/croatian/scenes-corrected.txt");
        let mut out: BTreeMap<String, Vec<Correction>> = BTreeMap::new();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parts: Vec<&str> = line.splitn(5, ' ').collect();
            let [name, cell, colour, reading, why] = parts[..] else {
                panic!("scenes-corrected.txt: `{line}`: scene, cell, colour, reading, why");
            };
            assert!(
                ["legal", "action", "illegal"].contains(&colour),
                "scenes-corrected.txt: {name}: colour `{colour}`"
            );
            assert!(
                !why.trim().is_empty(),
                "scenes-corrected.txt: {name} without why"
            );
            let reading = match reading.split_once(':') {
                None if reading == "destination" => Reading::Destination,
                None if reading == "no-destination" => Reading::NoDestination,
                None if reading == "not-reached" => Reading::NotReached,
                None if reading == "not-passed" => Reading::NotPassed,
                None if reading == "oblation" => Reading::Oblation,
                Some(("no-own-step", a)) => Reading::NoOwnStep(a.to_string()),
                Some(("not-after", list)) => {
                    Reading::NotAfter(list.split(',').map(String::from).collect())
                }
                _ => panic!("scenes-corrected.txt: {name}: reading `{reading}`"),
            };
            let c = Correction {
                cell: cell.to_string(),
                colour: colour.to_string(),
                reading,
            };
            let list = out.entry(name.to_string()).or_default();
            assert!(
                !list.iter().any(|o| o.covers(cell, colour)),
                "scenes-corrected.txt: {name} {cell} {colour} twice"
            );
            list.push(c);
        }
        out
    })
}

/// Whether `scene` draws a mark of `colour` on `cell` (an arrow's end or a field).
pub(super) fn draws(scene: &Scene, cell: &str, colour: &str) -> bool {
    scene
        .arrows
        .iter()
        .any(|(_, e, k)| e.as_deref() == Some(cell) && k == colour)
        || scene
            .marks
            .iter()
            .any(|(c, k)| c.as_deref() == Some(cell) && k == colour)
}

/// The plies of the moving pieces' own trees, and with `cascade` those down their
/// cascades ([`Game::cascade_trees`]), each as its cells from its start cell.
fn plies_of(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
    movers: &[&str],
    cascade: bool,
) -> Result<Vec<Vec<String>>, String> {
    let g = &v.game;
    let name = |c: CellId| g.rules().cell_name(c);
    let mut out = Vec::new();
    for &m in movers {
        let Some(&(_, letter)) = scene.pieces.iter().find(|(c, _)| c == m) else {
            continue;
        };
        let side = side_of(letter);
        let fen = v.fen_untagged(scene.size, &scene.pieces, side, &converted(scene, prev));
        let pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
        let from = g.rules().cell(m).ok_or("no such cell")?;
        let occ = pos.occupant(from);
        let mut walker = Walker::new(g.rules().table());
        let mut b = PathTreeBuilder::new();
        walker.walk(&pos, side, occ.kind(), from, &mut b);
        let tree = b.finish(side, occ.kind(), from);
        let mut trees: Vec<(CellId, &PathTree)> = vec![(from, &tree)];
        let next = if cascade {
            g.cascade_trees(&pos, from)
        } else {
            Vec::new()
        };
        let mut todo: Vec<&piecewise::game::CascadeTree> = next.iter().collect();
        while let Some(t) = todo.pop() {
            todo.extend(t.next.iter());
            trees.push((t.at, &t.tree));
        }
        for (start, tree) in trees {
            for ply in &tree.plies {
                let mut cells = vec![name(start)];
                cells.extend(ply.path.iter().map(|&c| name(c)));
                out.push(cells);
            }
        }
    }
    Ok(out)
}

/// Checks `scene`'s corrected marks the text's way, against the cells the moving
/// pieces' paths visit and their legal destinations.
pub(super) fn check_corrected(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
    movers: &[&str],
    visited: &BTreeSet<String>,
    legal_to: &BTreeSet<String>,
) -> Result<(), String> {
    let mut own = None;
    let mut all = None;
    for c in &scene.corrections {
        let cell = c.cell.as_str();
        let steps = |plies: &Vec<Vec<String>>, a: &str| {
            plies
                .iter()
                .any(|p| p.windows(2).any(|w| w[0] == a && w[1] == cell))
        };
        let ok = match &c.reading {
            Reading::Destination => legal_to.contains(cell),
            Reading::NoDestination => !legal_to.contains(cell),
            Reading::NotReached => !visited.contains(cell),
            Reading::NoOwnStep(a) => {
                if own.is_none() {
                    own = Some(plies_of(scene, prev, v, movers, false)?);
                }
                let plies = own.as_ref().unwrap();
                !steps(plies, a)
            }
            Reading::NotPassed => {
                if all.is_none() {
                    all = Some(plies_of(scene, prev, v, movers, true)?);
                }
                let plies = all.as_ref().unwrap();
                !plies
                    .iter()
                    .any(|p| p.len() > 2 && p[1..p.len() - 1].iter().any(|x| x == cell))
            }
            Reading::Oblation => oblationed(scene, prev, v, movers, cell)?,
            Reading::NotAfter(start) => {
                if all.is_none() {
                    all = Some(plies_of(scene, prev, v, movers, true)?);
                }
                let plies = all.as_ref().unwrap();
                !plies.iter().any(|p| {
                    p.len() > start.len()
                        && p[1..=start.len()] == start[..]
                        && p[start.len() + 1..].iter().any(|x| x == cell)
                })
            }
        };
        if !ok {
            return Err(format!(
                "corrected {} mark on {cell} ({:?}) does not hold",
                c.colour, c.reading
            ));
        }
    }
    Ok(())
}

/// Whether a moving piece's teleport into the portal on `cell` is its oblation
/// ([`Game::teleports`]), and its move there, played, leaves the portal where it stood
/// and the piece on no cell.
fn oblationed(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
    movers: &[&str],
    cell: &str,
) -> Result<bool, String> {
    let g = &v.game;
    let portal = g.rules().cell(cell).ok_or("no such cell")?;
    for &m in movers {
        let Some(&(_, letter)) = scene.pieces.iter().find(|(c, _)| c == m) else {
            continue;
        };
        let side = side_of(letter);
        let fen = v.fen_untagged(scene.size, &scene.pieces, side, &converted(scene, prev));
        let pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
        let from = g.rules().cell(m).ok_or("no such cell")?;
        if !g
            .teleports(&pos, from)
            .iter()
            .any(|t| t.portal == portal && t.oblation && t.to.is_empty())
        {
            continue;
        }
        let mut pseudo = Vec::new();
        g.move_generator().pseudo_moves(&pos, &mut pseudo);
        let (piece, star) = (pos.occupant(from), pos.occupant(portal));
        let count = |p: &GamePosition| p.cells().iter().filter(|&&o| o == piece).count();
        for mv in pseudo
            .iter()
            .filter(|mv| mv.from == from && mv.to == portal)
        {
            let mut after = pos.clone();
            g.make(&mut after, mv);
            if after.occupant(portal) == star
                && after.occupant(from).is_empty()
                && count(&after) + 1 == count(&pos)
            {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
