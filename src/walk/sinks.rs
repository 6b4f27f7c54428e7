//! The flat sinks: a move list for engines and a counter for perft leaves.

use super::{Ply, Sink};
use crate::ids::{CellId, PieceId, Side};

/// One move as an engine wants it. Passing captures live in the owning
/// [`MoveList`]'s capture pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub side: Side,
    pub piece: PieceId,
    pub from: CellId,
    pub to: CellId,
    /// The destination holds an enemy, which is captured.
    pub captures_to: bool,
    /// A displacement: the piece on `to` is pushed to this cell.
    pub push_to: Option<CellId>,
    captures_start: u32,
    captures_len: u16,
}

/// Collects moves. Reuse one list across walks (`clear`) to avoid allocating.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<Move>,
    captures: Vec<CellId>,
}

impl MoveList {
    pub fn new() -> MoveList {
        MoveList::default()
    }

    pub fn clear(&mut self) {
        self.moves.clear();
        self.captures.clear();
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

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
            captures_start: start as u32,
            captures_len: (self.captures.len() - start) as u16,
        });
    }
}

/// Counts distinct moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count(pub u64);

impl Sink for Count {
    #[inline]
    fn ply(&mut self, _ply: &Ply<'_>) {
        self.0 += 1;
    }
}
