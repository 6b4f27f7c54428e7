//! Where a drop lands under `falling` and `pushed in` (Connect Four and its variants):
//! the cells a drop may go to in a position, as Fairy-Stockfish's `enclosingDrop = top`
//! and `anyside` allow them.

use crate::ids::CellId;
use crate::ir::{Coord, DropLanding};
use crate::position::GamePosition;
use crate::topology::Board;

/// Whether a cell one orthogonal step from `cell` holds a foe (`drop ..., not next to
/// foe`, Snort).
pub(super) fn next_to_foe(board: &Board, cell: CellId, foe: impl Fn(CellId) -> bool) -> bool {
    [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|&(dx, dy)| {
        board
            .step(cell, crate::ir::Vector::new(dx, dy))
            .is_some_and(&foe)
    })
}

/// Per cell of `board`: whether a drop under `landing` may go there in `pos`.
pub(super) fn cells(board: &Board, pos: &GamePosition, landing: DropLanding) -> Vec<bool> {
    let at = |x: i16, y: i16| board.cell_at(Coord { x, y });
    let empty = |c: Option<CellId>| c.is_some_and(|c| pos.occupant(c).is_empty());
    let full = |c: Option<CellId>| c.is_some_and(|c| !pos.occupant(c).is_empty());
    let mut out = vec![false; board.cell_count()];
    match landing {
        DropLanding::Falling => {
            // On the first rank, or on a piece.
            for c in board.cells() {
                let Coord { x, y } = board.coord(c);
                out[c.index()] = y == 0 || full(at(x, y - 1));
            }
        }
        DropLanding::AnySide => {
            let (w, h) = (i16::from(board.width()), i16::from(board.height()));
            // Along each rank from each end and along each file from each end, where the
            // cell at the edge is empty: the first empty cell (lowest file or rank) that
            // has a piece (or the far edge) on the side away from that edge, as
            // Fairy-Stockfish finds it.
            let mut first = |cells: &mut dyn Iterator<Item = (i16, i16)>,
                             stop: &dyn Fn(i16, i16) -> bool| {
                let mut found = None;
                for (x, y) in cells {
                    if empty(at(x, y)) && stop(x, y) {
                        found = Some((x, y));
                        break;
                    }
                }
                if let Some((x, y)) = found {
                    if let Some(c) = at(x, y) {
                        out[c.index()] = true;
                    }
                }
            };
            for y in 0..h {
                if empty(at(0, y)) {
                    first(&mut (0..w).map(|x| (x, y)), &|x, y| {
                        x == w - 1 || full(at(x + 1, y))
                    });
                }
                if empty(at(w - 1, y)) {
                    first(&mut (0..w).map(|x| (x, y)), &|x, y| {
                        x == 0 || full(at(x - 1, y))
                    });
                }
            }
            for x in 0..w {
                if empty(at(x, 0)) {
                    first(&mut (0..h).map(|y| (x, y)), &|x, y| {
                        y == h - 1 || full(at(x, y + 1))
                    });
                }
                if empty(at(x, h - 1)) {
                    first(&mut (0..h).map(|y| (x, y)), &|x, y| {
                        y == 0 || full(at(x, y - 1))
                    });
                }
            }
        }
    }
    out
}
