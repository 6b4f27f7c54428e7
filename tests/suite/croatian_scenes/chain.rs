//! How the test reads a cascade drawn as one chain of arrows (see the parent module's
//! doc): which moving pieces the chain makes activated ones (`relayed`), the root a
//! chain leads back to (`drawn_root`), and the cells of an example drawn beside another
//! (`parallel_cells`).

use super::*;

/// The moving pieces that a chain of arrows from another moving piece reaches, and
/// whose activation that piece's cascade holds: the book draws a cascade as one chain
/// of arrows from its first mover through the pieces it activates (Miranda's Veil, "No
/// momentum", `scn_mv_038`: "one momentum originating from Bishop has been already
/// spent by Knight, so Wave B is activated with no momentum, and so it cannot activate
/// Pawn"), so such a piece moves as that cascade lets it, not as a first mover: its
/// legal destinations are those down the first mover's cascade
/// ([`Game::cascade_trees`]), not its own as a first mover.
pub(super) fn relayed<'a>(scene: &Scene, v: &Variant, movers: &[&'a str]) -> Vec<&'a str> {
    let g = &v.game;
    let mut out = Vec::new();
    for &m in movers {
        let Some(root) = drawn_root(scene, m, |c| movers.contains(&c)) else {
            continue;
        };
        let Some(letter) = scene.pieces.iter().find(|(c, _)| c == root).map(|p| p.1) else {
            continue;
        };
        let Ok(pos) = g.position(&v.fen(scene.size, &scene.pieces, side_of(letter))) else {
            continue;
        };
        let (Some(from), Some(target)) = (g.rules().cell(root), g.rules().cell(m)) else {
            continue;
        };
        let trees = g.cascade_trees(&pos, from);
        if find_in(&trees, target, &mut Vec::new()).is_some() {
            out.push(m);
        }
    }
    out
}

/// The cells of the other moving pieces of `prev` than `y` (set up on `pieces`) that
/// start a chain of arrows of their own (no chain of arrows leads to them), and of
/// every piece their cascades may activate: what a second example drawn beside the
/// first moves.
pub(super) fn parallel_cells(
    prev: &Scene,
    v: &Variant,
    pieces: &[(String, char)],
    y: &str,
) -> Vec<String> {
    fn down(trees: &[piecewise::game::CascadeTree], g: &Game, out: &mut Vec<String>) {
        for t in trees {
            out.push(g.rules().cell_name(t.at));
            down(&t.next, g, out);
        }
    }
    let g = &v.game;
    let mut out = Vec::new();
    for (y2, letter) in &prev.pieces {
        let moves = |c: &str| {
            prev.pieces.iter().any(|(p, _)| p == c)
                && prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(c))
        };
        if y2 == y || !moves(y2) || drawn_root(prev, y2, moves).is_some() {
            continue;
        }
        let Ok(pos) = g.position(&v.fen(prev.size, pieces, side_of(*letter))) else {
            continue;
        };
        let Some(from) = g.rules().cell(y2) else {
            continue;
        };
        let trees = g.cascade_trees(&pos, from);
        if trees.is_empty() {
            continue;
        }
        out.push(y2.clone());
        down(&trees, g, &mut out);
    }
    out
}

/// The first cell that `moves` admits on the chain of arrows of `scene` that ends on
/// `x`, followed back from `x` (not `x` itself): the piece that starts the cascade drawn.
pub(super) fn drawn_root<'a>(
    scene: &'a Scene,
    x: &str,
    moves: impl Fn(&str) -> bool,
) -> Option<&'a str> {
    let mut cell = x;
    let mut root = None;
    let mut seen = vec![x.to_string()];
    while let Some((from, _, _)) = scene
        .arrows
        .iter()
        .find(|(_, e, _)| e.as_deref() == Some(cell))
    {
        let Some(from) = from.as_deref() else { break };
        if seen.iter().any(|c| c == from) {
            break;
        }
        seen.push(from.to_string());
        if moves(from) {
            root = Some(from);
        }
        cell = from;
    }
    root
}
