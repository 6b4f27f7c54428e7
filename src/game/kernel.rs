//! kernel: move generation for the pieces whose trees the table compiled into rays
//! ([`crate::table::Kernels`]): leapers, riders and lame leapers run as a tight loop
//! over a flat list of cells instead of the interpreter's node walk, reporting the
//! same moves in the same order.
//!
//! Owns running the rays over a position (for the pseudo-legal list and perft's bulk
//! count); the movegen and perft code decide when to use them. A piece whose tree does
//! not fit, or a walk over anything but the position itself (an override board, a
//! watched board), keeps the interpreter.

use super::{GameMove, MoveKind};
use crate::ids::{CellId, PieceId, Side};
use crate::table::{Node, Step};
use crate::walk::Occupant;

/// Runs `rays` of a piece of `side` over `cells` (the start cell already counts as
/// empty: no ray enters it) and calls `emit(to, captures)` for every place the move
/// may end, in the walk's order.
#[inline(always)]
pub(crate) fn run<'a>(
    rays: impl Iterator<Item = &'a [Step]>,
    cells: &[Occupant],
    side: Side,
    mut emit: impl FnMut(u16, bool),
) {
    for ray in rays {
        for s in ray {
            let o = cells[s.cell as usize];
            if o.is_empty() {
                if s.land & Node::LAND_EMPTY != 0 {
                    emit(s.cell, false);
                }
                continue;
            }
            if o.side() != side && s.land & Node::LAND_FOE != 0 {
                emit(s.cell, true);
            }
            break;
        }
    }
}

/// The move [`super::movegen`]'s sink builds for a ply of `piece` from `from` to `to`.
#[inline(always)]
pub(crate) fn ray_move(piece: PieceId, from: CellId, to: u16, captures: bool) -> GameMove {
    let mut m = GameMove::simple(MoveKind::Normal, piece, from, CellId(to));
    m.captures_to = captures;
    m
}

#[cfg(test)]
mod tests;
