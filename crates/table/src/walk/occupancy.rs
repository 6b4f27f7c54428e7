//! occupancy: the board as the walk sees it — what stands on a cell, in one byte
//! ([`Occupant`]), and the view an engine implements over its own board
//! ([`Occupancy`]).

use crate::ids::{CellId, PieceId, Side};

/// What stands on a cell, in one byte: 0 = empty; otherwise bit 7 is the side (set for
/// the second side) and bits 0..=6 are the piece kind plus one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Occupant(pub u8);

impl Occupant {
    /// An empty cell.
    pub const EMPTY: Occupant = Occupant(0);

    /// A piece of kind `kind` belonging to `side`.
    #[inline]
    pub fn piece(side: Side, kind: PieceId) -> Occupant {
        Occupant(((side as u8) << 7) | (kind.0 + 1))
    }

    /// Whether the cell is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 & 0x7f == 0
    }

    /// The side the piece belongs to; meaningless for an empty cell.
    #[inline]
    pub fn side(self) -> Side {
        if self.0 & 0x80 != 0 {
            Side::Second
        } else {
            Side::First
        }
    }

    /// The piece kind; meaningless for an empty cell.
    #[inline]
    pub fn kind(self) -> PieceId {
        PieceId((self.0 & 0x7f).wrapping_sub(1))
    }
}

/// The board as the walk sees it. An engine with its own board implements this; a
/// slice of [`Occupant`]s indexed by cell id already does.
pub trait Occupancy {
    /// What stands on `cell` (a valid cell id of the table's board).
    fn occupant(&self, cell: CellId) -> Occupant;

    /// Whether the piece on `cell` has not moved yet (for `initial` patterns). The
    /// default says every piece is unmoved.
    fn unmoved(&self, _cell: CellId) -> bool {
        true
    }
}

impl Occupancy for [Occupant] {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.get(cell.index()).copied().unwrap_or(Occupant::EMPTY)
    }
}

impl Occupancy for Vec<Occupant> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.as_slice().occupant(cell)
    }
}
