//! bits: cell sets as machine words, for the bitboard attack kernels of
//! [`super::exposure`] — a `u64` for boards of up to 64 cells, a `u128` for boards of
//! up to 128. Cell ids are bit numbers; nothing here knows a board's shape.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of cells as one word: bit `c` is cell `c`.
pub(crate) trait Bits:
    Copy
    + Debug
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// The most cells a set holds.
    const CELLS: usize;
    /// No cell.
    const ZERO: Self;

    /// The set of cell `c` alone.
    fn bit(c: usize) -> Self;

    /// Whether the set is empty.
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// Whether cell `c` is in the set.
    #[inline(always)]
    fn has(self, c: usize) -> bool {
        !(self & Self::bit(c)).is_zero()
    }

    /// The lowest cell of a non-empty set.
    fn lowest(self) -> usize;

    /// The highest cell of a non-empty set.
    fn highest(self) -> usize;

    /// The cells below `c` (ids lower than `c`).
    fn below(c: usize) -> Self;

    /// The number of cells in the set.
    fn count(self) -> usize;
}

impl Bits for u64 {
    const CELLS: usize = 64;
    const ZERO: u64 = 0;

    #[inline(always)]
    fn bit(c: usize) -> u64 {
        1u64 << c
    }

    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline(always)]
    fn highest(self) -> usize {
        63 - self.leading_zeros() as usize
    }

    #[inline(always)]
    fn below(c: usize) -> u64 {
        (1u64 << c) - 1
    }

    #[inline(always)]
    fn count(self) -> usize {
        self.count_ones() as usize
    }
}

impl Bits for u128 {
    const CELLS: usize = 128;
    const ZERO: u128 = 0;

    #[inline(always)]
    fn bit(c: usize) -> u128 {
        1u128 << c
    }

    #[inline(always)]
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline(always)]
    fn highest(self) -> usize {
        127 - self.leading_zeros() as usize
    }

    #[inline(always)]
    fn below(c: usize) -> u128 {
        (1u128 << c) - 1
    }

    #[inline(always)]
    fn count(self) -> usize {
        self.count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    fn check<B: Bits>() {
        let last = B::CELLS - 1;
        let s = B::bit(3) | B::bit(last);
        assert!(s.has(3) && s.has(last) && !s.has(4));
        assert_eq!((s.lowest(), s.highest(), s.count()), (3, last, 2));
        assert_eq!(B::below(3).count(), 3);
        assert!((B::below(3) & s).is_zero());
        assert!(B::ZERO.is_zero());
    }

    #[test]
    fn words_of_64_and_128_cells_answer_alike() {
        check::<u64>();
        check::<u128>();
    }
}
