//! Newtype ids shared by every stage: cells, pieces, zones, sides, and source spans.
//!
//! Owns the small index types and their conversions; owns no tables and knows no
//! board (a cell's name comes from [`crate::topology`]).

use std::fmt;

/// A dense cell id on one linked board (`0..board.cell_count()`), rank-major from the
/// first side's a1 on square boards; holes get no id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(pub u16);

impl CellId {
    /// The id as an index into per-cell arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece kind: the index of its declaration in the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(pub u8);

impl PieceId {
    /// The id as an index into per-piece arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A zone: the index of its declaration in the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ZoneId(pub u16);

impl ZoneId {
    /// The id as an index into per-zone arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The two sides. The first side's pieces are written in uppercase in FEN and move
/// "forward" towards higher ranks; the second side's view is the first side's mirrored
/// top to bottom (forward is towards rank 1, files keep their letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// The side that moves first in chess (white, sente): uppercase FEN letters.
    First = 0,
    /// The other side (black, gote): lowercase FEN letters.
    Second = 1,
}

impl Side {
    /// Both sides, first side first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first side, 1 for the second: an index into per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `white`/`black`, the names FEN's side-to-move letters `w`/`b` stand for.
    pub fn name(self) -> &'static str {
        match self {
            Side::First => "white",
            Side::Second => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The first byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span of bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The span as a range of byte offsets.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}
