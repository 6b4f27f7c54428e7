//! tables: what set-up derives from the move table by building or walking it — the
//! structures of play (reverse tables, rays) and the cells where a piece has no move.

use crate::ids::{PieceId, Side};
use crate::table::{Kernels, ReverseTables};
use crate::walk::{Occupant, Ply, Sink, Walker};
use piecewise_table::Rules;

/// The reverse tables and rays of play (empty when not `play`). On a big board, where
/// each takes milliseconds, they are built on two threads.
pub(super) fn play_tables(rules: &Rules, play: bool) -> (ReverseTables, Kernels) {
    /// Boards of more cells than this build the two on two threads.
    const TWO_THREADS_ABOVE: usize = 255;
    let table = rules.table();
    if !play {
        return (ReverseTables::default(), Kernels::default());
    }
    if table.table().board.cell_count() <= TWO_THREADS_ABOVE {
        return (ReverseTables::build(table), Kernels::build(table));
    }
    std::thread::scope(|s| {
        let kernels = s.spawn(|| Kernels::build(table));
        let reverse = ReverseTables::build(table);
        let kernels = kernels
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (reverse, kernels)
    })
}

/// By `(side * pieces + piece) * cells + cell`: the piece has no move at all from the
/// cell on an empty board, nor on a board whose every other cell holds a foe (a
/// hopper, which needs a piece to hop, moves on that one), so it may not be dropped or
/// promote there. Found only for the pieces `asked` names (those that may be dropped or
/// promote: the only ones it is asked of); false for the others.
pub(super) fn dead_cells(
    rules: &Rules,
    pieces: usize,
    asked: impl Fn(Side, usize) -> bool,
) -> Vec<bool> {
    let board = rules.board();
    let cells = board.cell_count();
    let empty_board = vec![Occupant::EMPTY; cells];
    let mut dead = vec![false; 2 * pieces * cells];
    let full_of = |side: Side| vec![Occupant::piece(side.opponent(), PieceId(0)); cells];
    let mut walker = Walker::new(rules.table());
    for side in Side::BOTH {
        for p in (0..pieces).filter(|&p| asked(side, p)) {
            for cell in board.cells() {
                let mut any = AnyMove(false);
                walker.walk(&empty_board, side, PieceId(p as u8), cell, &mut any);
                if !any.0 {
                    let mut full = full_of(side);
                    full[cell.index()] = Occupant::piece(side, PieceId(p as u8));
                    walker.walk(&full, side, PieceId(p as u8), cell, &mut any);
                }
                dead[(side.index() * pieces + p) * cells + cell.index()] = !any.0;
            }
        }
    }
    dead
}

/// A sink that only asks whether there is a move: the walk stops at the first.
struct AnyMove(bool);

impl Sink for AnyMove {
    const DISTINCT: bool = false;

    fn ply(&mut self, _ply: &Ply<'_>) {
        self.0 = true;
    }

    fn done(&self) -> bool {
        self.0
    }
}
