//! Two readings of the trance-journey's scenes (Conquest of Tlalocan, "Trance-journey";
//! see the parent module's doc):
//! - **the pattern drawn past the board** ([`pattern_past_board`]): the book draws a
//!   journey's pattern on past the last field of an arm on the board ("Stop sign pattern
//!   unwinded": "Pattern never ends"; the Shaman "can stop at any step-field on chosen
//!   colored pattern, even if previous step-fields lay outside of a chessboard"), the
//!   leg from that field to a cell of the board and on off it: a step the journey never
//!   takes (it has no field left to end on), drawn as the pattern goes on. Such a
//!   leg's end holds as reached when that last field is reached by a path of the
//!   journey (an outward arm's: an inward arm starts from it);
//! - **displacements** ([`displaced_onto`]): the cells where a move of the piece
//!   displaces a piece its journey reaches (its side changes,
//!   `SideChange::Displace`: "Displacement is a movement of a piece ... from Shaman's
//!   step-field directly onto any enumerated field") are where something happens to
//!   the path, as a capture's cell is: reached.

use super::*;
use piecewise::game::{CascadeTree, GameMove, SideChange};

/// The ends of the legs the scene draws past the last field on the board of an
/// outward arm of a journey in `trees` whose last field its path tree reaches: a
/// Legal arrow from that field to a cell, and one from that cell off the board.
pub(super) fn pattern_past_board(scene: &Scene, g: &Game, trees: &[CascadeTree]) -> Vec<CellId> {
    let mut out = Vec::new();
    let arrow = |f: Option<&str>, t: Option<&str>| {
        scene
            .arrows
            .iter()
            .any(|(af, at, k)| k == "legal" && af.as_deref() == f && at.as_deref() == t)
    };
    for t in trees {
        let journey = (0..g.piece_count() as u8)
            .map(piecewise::ids::PieceId)
            .find_map(|by| g.journey_fields(t.piece, t.side, by, t.at));
        if let Some((arms, false)) = journey {
            for arm in &arms {
                let Some(last) = arm.last().and_then(|(f, _)| *f) else {
                    continue;
                };
                if !t.tree.plies.iter().any(|p| p.to == last) {
                    continue;
                }
                let name = g.rules().cell_name(last);
                for (f, e, k) in &scene.arrows {
                    let Some(e) = e.as_deref() else { continue };
                    if k == "legal" && f.as_deref() == Some(name.as_str()) && arrow(Some(e), None) {
                        out.extend(g.rules().cell(e));
                    }
                }
            }
        }
        out.extend(pattern_past_board(scene, g, &t.next));
    }
    out
}

/// The cells where the moves of `moves` displace a piece (their side changes).
pub(super) fn displaced_onto<'a>(moves: impl Iterator<Item = &'a GameMove>) -> Vec<CellId> {
    moves
        .flat_map(|m| m.side_changes())
        .filter_map(|c| match c {
            SideChange::Displace { to, .. } => Some(to),
            SideChange::Put { .. } | SideChange::Revive { .. } => None,
        })
        .collect()
}
