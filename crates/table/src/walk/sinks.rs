//! The flat sinks: a move list for engines and a counter for perft leaves.
//!
//! Neither knows any game rule: they keep what the walk reports (distinct moves, as
//! both leave [`Sink::DISTINCT`] on) and never stop a walk early.

use super::{Ply, Sink};
use crate::ids::{CellId, PieceId, Side};

/// One move as an engine wants it. Passing captures live in the owning
/// [`MoveList`]'s capture pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The side that moves.
    pub side: Side,
    /// The kind of the moving piece.
    pub piece: PieceId,
    /// The start cell.
    pub from: CellId,
    /// The cell where the move ends.
    pub to: CellId,
    /// The piece on the destination is captured (an enemy, or a friend: `capture
    /// friend`).
    pub captures_to: bool,
    /// A displacement: the piece on `to` is pushed to this cell (a swap: `from`).
    pub push_to: Option<CellId>,
    /// A conversion: the piece on `to` changes side and becomes this kind; the mover
    /// stays on `from`.
    pub convert: Option<PieceId>,
    /// An activation: the mover ends on `to` and the piece there makes the next ply
    /// (the game layer walks it).
    pub activates: bool,
    /// Where this move's passing captures start in the list's capture pool.
    captures_start: u32,
    /// How many passing captures it has.
    captures_len: u16,
}

/// Collects moves. Reuse one list across walks (`clear`) to avoid allocating.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<Move>,
    captures: Vec<CellId>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// Empties the list, keeping its buffers.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.captures.clear();
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the list holds no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves, in the order the walks reported them.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Cells captured in passing by `m` (a move of this list), in path order.
    pub fn passing_captures(&self, m: &Move) -> &[CellId] {
        let s = m.captures_start as usize;
        self.captures
            .get(s..s + m.captures_len as usize)
            .unwrap_or(&[])
    }

    /// The moves, in the order the walks reported them.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.moves.iter()
    }
}

impl Sink for MoveList {
    fn ply(&mut self, ply: &Ply<'_>) {
        let start = self.captures.len();
        self.captures.extend(ply.passing_captures());
        self.moves.push(Move {
            side: ply.side,
            piece: ply.piece,
            from: ply.from,
            to: ply.to,
            captures_to: ply.captures_to,
            push_to: ply.push_to,
            convert: ply.convert,
            activates: ply.activates,
            captures_start: start as u32,
            captures_len: (self.captures.len() - start) as u16,
        });
    }
}

/// Counts distinct moves (the number is the public field).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count(pub u64);

impl Sink for Count {
    #[inline]
    fn ply(&mut self, _ply: &Ply<'_>) {
        self.0 += 1;
    }
}
