//! The sacrifice move drawn in its parts (`sacrifice ...`; Tamoanchan Revisited,
//! "Pawn-sacrifice move"): the book draws it over three scenes.
//!
//! - **its start** (`scn_tr_31`: "light Serpent is about to activate own Pyramid on its
//!   ritual-starting field"): an action arrow from the initiator to the officiant and
//!   one from the officiant to the piece it takes; read with the moving piece's other
//!   paths, its sacrifice plies ([`Game::sacrifice_plies`]) add their cells: the
//!   officiant's, the oblation's, the initiator's ply after it (and its ends are
//!   destinations) — in `check_movers`;
//! - **the initiator's tagged ply** (`scn_tr_32`: "Initiating Serpent receives its tag
//!   on a field at which it activated Pyramid. From there, Serpent can start a new ply
//!   in the same move"): the initiator drawn on the officiant's cell `x`, the
//!   officiant on the cell `z` of the piece it took, which is not drawn. When an
//!   earlier scene draws the start (the initiator on `s`, action arrows `s`-`x` and
//!   `x`-`z`), the position is this scene's with the initiator set back on `s`, the
//!   officiant on `x` and the piece taken on `z` (as that scene draws them), and the
//!   paths are the sacrifice plies through `x` and `z`: their cells, their ends the
//!   destinations ([`tagged`]);
//! - **the move drawn made** (`scn_tr_33`: "completed path of tagged Serpent is shown;
//!   it displaced dark Pawn B and light Pawn C"): grey arrows, one chain from `x` to the
//!   initiator, and action arrows from the chain's cells to where the pieces it
//!   displaced went. It holds when, in the earlier scene's position of the start, a
//!   sacrifice ply through `x` and `z` takes that chain, displaces exactly along the
//!   action arrows, and leaves the board as this scene draws it ([`made`]).

use super::*;

/// The start of a sacrifice an earlier scene draws for the officiant's cell `x`:
/// (that scene, the initiator's cell `s` and letter, the officiant's letter, `z` and
/// the letter of the piece taken there).
struct Start<'a> {
    scene: &'a Scene,
    s: String,
    initiator: char,
    officiant: char,
    z: String,
    taken: char,
}

/// The nearest earlier scene drawing the start of a sacrifice through `x`.
fn start<'a>(earlier: &[&'a Scene], v: &Variant, x: &str) -> Option<Start<'a>> {
    for p in earlier {
        let at = |c: &str| p.pieces.iter().find(|(pc, _)| pc == c).map(|(_, l)| *l);
        let action = |a: &str, b: &str| {
            p.arrows.iter().any(|(f, e, k)| {
                f.as_deref() == Some(a) && e.as_deref() == Some(b) && k == "action"
            })
        };
        let Some(officiant) = at(x) else { continue };
        for (s, initiator) in &p.pieces {
            if !action(s, x) {
                continue;
            }
            for (z, taken) in &p.pieces {
                if action(x, z) && side_of(*taken) == side_of(*initiator) {
                    let g = &v.game;
                    let pos = g
                        .position(&v.fen(p.size, &p.pieces, side_of(*initiator)))
                        .ok()?;
                    let from = g.rules().cell(s)?;
                    if g.sacrifice_plies(&pos, from).is_empty() {
                        continue;
                    }
                    return Some(Start {
                        scene: p,
                        s: s.clone(),
                        initiator: *initiator,
                        officiant,
                        z: z.clone(),
                        taken: *taken,
                    });
                }
            }
        }
    }
    None
}

/// The sacrifice plies of `st`'s initiator through its officiant and oblation, in the
/// position of `pieces`.
fn plies_of(
    v: &Variant,
    size: usize,
    pieces: &[(String, char)],
    st: &Start<'_>,
    x: &str,
) -> Option<Vec<piecewise::game::SacrificePly>> {
    let g = &v.game;
    let pos = g
        .position(&v.fen(size, pieces, side_of(st.initiator)))
        .ok()?;
    let (from, x, z) = (
        g.rules().cell(&st.s)?,
        g.rules().cell(x)?,
        g.rules().cell(&st.z)?,
    );
    Some(
        g.sacrifice_plies(&pos, from)
            .into_iter()
            .filter(|p| p.officiant == x && p.oblation == z && !p.path.is_empty())
            .collect(),
    )
}

/// The initiator's tagged ply drawn from the officiant's cell `x` (see the module's
/// doc): the cells its plies visit and, by name, their ends; `None` when no earlier
/// scene draws the start of a sacrifice through `x` whose pieces this scene draws
/// moved.
pub(super) fn tagged(
    scene: &Scene,
    earlier: &[&Scene],
    v: &Variant,
    x: &str,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>)> {
    let st = start(earlier, v, x)?;
    let now = |c: &str| scene.pieces.iter().find(|(pc, _)| pc == c).map(|(_, l)| *l);
    if now(x) != Some(st.initiator) || now(&st.z) != Some(st.officiant) || now(&st.s).is_some() {
        return None;
    }
    // Set back: the initiator on `s`, the officiant on `x`, the piece taken on `z`.
    let mut pieces: Vec<(String, char)> = scene
        .pieces
        .iter()
        .filter(|(c, _)| *c != x && *c != st.z)
        .cloned()
        .collect();
    pieces.push((st.s.clone(), st.initiator));
    pieces.push((x.to_string(), st.officiant));
    pieces.push((st.z.clone(), st.taken));
    let plies = plies_of(v, scene.size, &pieces, &st, x)?;
    let g = &v.game;
    let kings = foe_kings(scene, side_of(st.initiator));
    let mut cells = BTreeSet::new();
    let mut to = BTreeSet::new();
    for p in &plies {
        cells.extend(p.path.iter().copied());
        let end = g.rules().cell_name(p.mv.to);
        if !kings.contains(&end) {
            to.insert(end);
        }
    }
    Some((cells, to))
}

/// A sacrifice drawn made (see the module's doc): `None` when the scene is not one
/// (no earlier scene draws a start through the cell its chain of grey arrows starts
/// on).
pub(super) fn made(scene: &Scene, earlier: &[&Scene], v: &Variant) -> Option<Result<(), String>> {
    let grey: Vec<(&str, &str)> = scene
        .arrows
        .iter()
        .filter(|(_, _, k)| k == "blocked")
        .filter_map(|(f, e, _)| Some((f.as_deref()?, e.as_deref()?)))
        .collect();
    let actions: BTreeSet<(String, String)> = scene
        .arrows
        .iter()
        .filter(|(_, _, k)| k == "action")
        .filter_map(|(f, e, _)| Some((f.clone()?, e.clone()?)))
        .collect();
    if grey.is_empty() || grey.len() + actions.len() != scene.arrows.len() {
        return None;
    }
    // The chain's first cell: the start of a grey arrow no grey arrow ends on, empty.
    let x = grey
        .iter()
        .map(|(f, _)| *f)
        .find(|f| !grey.iter().any(|(_, e)| e == f))?;
    if scene.pieces.iter().any(|(c, _)| c == x) {
        return None;
    }
    let st = start(earlier, v, x)?;
    let g = &v.game;
    let plies = plies_of(v, st.scene.size, &st.scene.pieces, &st, x)?;
    let side = side_of(st.initiator);
    let want = g.position(&v.fen(scene.size, &scene.pieces, side)).ok()?;
    let fen = v.fen(st.scene.size, &st.scene.pieces, side);
    let names: Vec<String> = (0..scene.size)
        .flat_map(|y| {
            (0..scene.size).map(move |x| format!("{}{}", (b'a' + x as u8) as char, y + 1))
        })
        .collect();
    for p in &plies {
        // Its path is a chain of the grey arrows from `x` ...
        let mut prev = x.to_string();
        let mut chain = true;
        for &c in &p.path {
            let name = g.rules().cell_name(c);
            chain &= grey.iter().any(|(f, e)| *f == prev && *e == name);
            prev = name;
        }
        // ... its displacements the action arrows ...
        let moved: BTreeSet<(String, String)> =
            p.mv.side_changes()
                .skip(1)
                .filter_map(|c| match c {
                    piecewise::game::SideChange::Displace { from, to } => {
                        Some((g.rules().cell_name(from), g.rules().cell_name(to)))
                    }
                    _ => None,
                })
                .collect();
        if !chain || moved != actions {
            continue;
        }
        // ... and, made, it leaves the pieces this scene draws.
        let mut pos = g.position(&fen).ok()?;
        g.make(&mut pos, &p.mv);
        let same = names.iter().filter_map(|n| g.rules().cell(n)).all(|c| {
            let (a, b) = (pos.occupant(c), want.occupant(c));
            a.is_empty() == b.is_empty()
                && (a.is_empty() || (a.side(), a.kind()) == (b.side(), b.kind()))
        });
        if same {
            return Some(Ok(()));
        }
    }
    Some(Err(format!(
        "no sacrifice ply through {x} takes the drawn chain and displacements to this position"
    )))
}
