//! Newtype ids shared by every stage: cells, pieces, zones, sides.
//!
//! Owns the small index types and their conversions; owns no tables.

use std::fmt;

/// A dense cell id on one linked board (`0..board.cell_count()`), rank-major from the
/// first side's a1 on square boards; holes get no id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellId(pub u16);

impl CellId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece kind: the index of its declaration in the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(pub u8);

impl PieceId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A zone: the index of its declaration in the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ZoneId(pub u16);

impl ZoneId {
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
    First = 0,
    Second = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

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
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

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
