//! The readings of red arrows that are not ends of a moving piece's ply (see the parent
//! module's doc): steps a drawn path does not take from one of its cells
//! ([`steps_not_taken`]) and a piece's line of attack on the opponent's King
//! ([`check_lines`]).

use super::*;

/// The ends of the red arrows that start on a cell of a path the scene draws from the
/// moving piece on `m` (a chain of arrows of other colours from `m` to that cell),
/// where no ply of `tree` takes the drawn path and then that step: the book's "after
/// reaching field 6, it cannot move to any other step-field (red)" (Hemera's Dawn,
/// "Centaur complete move", `scn_hd_05`).
pub(super) fn steps_not_taken(scene: &Scene, v: &Variant, m: &str, tree: &PathTree) -> Vec<String> {
    let rules = v.game.rules();
    let drawn: Vec<(&str, &str)> = scene
        .arrows
        .iter()
        .filter(|(_, _, k)| k != "illegal")
        .filter_map(|(f, e, _)| Some((f.as_deref()?, e.as_deref()?)))
        .collect();
    let mut out = Vec::new();
    for (f, e, k) in &scene.arrows {
        let (Some(f), Some(e)) = (f.as_deref(), e.as_deref()) else {
            continue;
        };
        if k != "illegal" || f == m {
            continue;
        }
        // The drawn chain back from `f` to `m`, one arrow into each cell.
        let mut chain = vec![f];
        while chain.last() != Some(&m) {
            let here = *chain.last().unwrap();
            let into: Vec<&str> = drawn
                .iter()
                .filter(|(_, t)| *t == here)
                .map(|(s, _)| *s)
                .collect();
            match into[..] {
                [s] if !chain.contains(&s) => chain.push(s),
                _ => break,
            }
        }
        if chain.last() != Some(&m) {
            continue;
        }
        chain.pop();
        chain.reverse();
        chain.push(e);
        let Some(cells) = chain
            .iter()
            .map(|c| rules.cell(c))
            .collect::<Option<Vec<CellId>>>()
        else {
            continue;
        };
        if !tree.plies.iter().any(|p| p.path.starts_with(&cells)) {
            out.push(e.to_string());
        }
    }
    out
}

/// The ends of the red arrows that start on a cell where the scene's drawn chain
/// activates a piece (an action arrow ends there), down the cascade of `found` (the
/// tree of the piece continued on `x`), where no ply of a piece activated on that cell
/// takes that step: a step of the piece activated there, not of the mover (Miranda's
/// Veil, "En passant illegal", `scn_mv_100`: Wave A activates the dark Pawn on c8,
/// which "cannot capture light Pawn en passant anymore since dark Pawn was activated";
/// the red arrow c8-b7 is the Pawn's step, while another piece of that cascade may end
/// on b7).
pub(super) fn steps_not_taken_down(
    scene: &Scene,
    v: &Variant,
    x: &str,
    found: &piecewise::game::CascadeTree,
) -> Vec<String> {
    fn at_cell<'t>(
        trees: &'t [piecewise::game::CascadeTree],
        c: CellId,
        out: &mut Vec<&'t piecewise::game::CascadeTree>,
    ) {
        for t in trees {
            if t.at == c {
                out.push(t);
            }
            at_cell(&t.next, c, out);
        }
    }
    let rules = v.game.rules();
    let mut out = Vec::new();
    for (f, e, k) in &scene.arrows {
        let (Some(f), Some(e)) = (f.as_deref(), e.as_deref()) else {
            continue;
        };
        let activates = scene
            .arrows
            .iter()
            .any(|(_, t, k)| t.as_deref() == Some(f) && k == "action");
        if k != "illegal" || f == x || !activates {
            continue;
        }
        let (Some(fc), Some(ec)) = (rules.cell(f), rules.cell(e)) else {
            continue;
        };
        let mut trees = Vec::new();
        at_cell(&found.next, fc, &mut trees);
        if !trees.is_empty()
            && !trees
                .iter()
                .any(|t| t.tree.plies.iter().any(|p| p.path.first() == Some(&ec)))
        {
            out.push(e.to_string());
        }
    }
    out
}

/// The cells the red arrows pass from a moving piece to the opponent's King, in a
/// chain of two arrows or more (the King's cell left out): its line of attack.
pub(super) fn check_lines<'a>(scene: &'a Scene, movers: &[&str]) -> BTreeSet<&'a str> {
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let red: Vec<(&str, &str)> = scene
        .arrows
        .iter()
        .filter(|(_, _, k)| k == "illegal")
        .filter_map(|(f, e, _)| Some((f.as_deref()?, e.as_deref()?)))
        .collect();
    let mut out = BTreeSet::new();
    for &m in movers {
        let Some(&letter) = at.get(m) else { continue };
        let mut cells: Vec<&str> = Vec::new();
        let mut here = m;
        while let Some(&(_, e)) = red.iter().find(|(f, _)| *f == here) {
            if cells.contains(&e) || e == m {
                break;
            }
            let king = at
                .get(e)
                .is_some_and(|l| l.eq_ignore_ascii_case(&'K') && side_of(*l) != side_of(letter));
            if king {
                if !cells.is_empty() {
                    out.extend(cells.iter().copied());
                }
                break;
            }
            cells.push(e);
            here = e;
        }
    }
    out
}
