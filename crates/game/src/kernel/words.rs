//! words: cell sets of several machine words ([`Words`]), for the bitboard kernels of
//! boards over 128 cells — `N` words of 64 cells each, bit `c % 64` of word `c / 64`
//! is cell `c`. Every operation works word by word; the scans (`lowest`, `highest`,
//! `count`, `is_zero`) stop or skip at empty words, which is most of them on a big
//! board with a few pieces.

use super::bits::Bits;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of up to `64 * N` cells as `N` words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Words<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Default for Words<N> {
    #[inline(always)]
    fn default() -> Self {
        Words([0; N])
    }
}

/// A word-wise operator `$op` (method `$f`) and its assigning form `$op_assign`
/// (method `$f_assign`) on [`Words`].
macro_rules! word_wise {
    ($op:ident, $f:ident, $op_assign:ident, $f_assign:ident) => {
        impl<const N: usize> $op for Words<N> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, o: Self) -> Self {
                Words(std::array::from_fn(|i| self.0[i].$f(o.0[i])))
            }
        }

        impl<const N: usize> $op_assign for Words<N> {
            #[inline(always)]
            fn $f_assign(&mut self, o: Self) {
                for (w, x) in self.0.iter_mut().zip(o.0) {
                    w.$f_assign(x);
                }
            }
        }
    };
}

word_wise!(BitAnd, bitand, BitAndAssign, bitand_assign);
word_wise!(BitOr, bitor, BitOrAssign, bitor_assign);
word_wise!(BitXor, bitxor, BitXorAssign, bitxor_assign);

impl<const N: usize> Not for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Words(self.0.map(|w| !w))
    }
}

impl<const N: usize> Bits for Words<N> {
    const CELLS: usize = 64 * N;
    const ZERO: Self = Words([0; N]);

    #[inline(always)]
    fn bit(c: usize) -> Self {
        let mut w = [0; N];
        w[c >> 6] = 1 << (c & 63);
        Words(w)
    }

    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn has(&self, c: usize) -> bool {
        self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    #[inline(always)]
    fn lowest(&self) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return 64 * i + w.trailing_zeros() as usize;
            }
        }
        64 * N
    }

    #[inline(always)]
    fn highest(&self) -> usize {
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return 64 * i + 63 - w.leading_zeros() as usize;
            }
        }
        0
    }

    #[inline(always)]
    fn below(c: usize) -> Self {
        let (word, bit) = (c >> 6, c & 63);
        Words(std::array::from_fn(|i| match i.cmp(&word) {
            std::cmp::Ordering::Less => !0,
            std::cmp::Ordering::Equal => (1u64 << bit) - 1,
            std::cmp::Ordering::Greater => 0,
        }))
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.0
            .iter()
            .filter(|&&w| w != 0)
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    #[inline(always)]
    fn byte_at(byte: u8, at: usize) -> Self {
        let mut w = [0; N];
        w[at >> 6] = u64::from(byte) << (at & 63);
        Words(w)
    }

    #[inline(always)]
    fn word_at(w: u64, i: usize) -> Self {
        let mut words = [0; N];
        words[i] = w;
        Words(words)
    }

    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        self.0[i]
    }

    #[inline(always)]
    fn or_byte(&mut self, byte: u8, at: usize) {
        self.0[at >> 6] |= u64::from(byte) << (at & 63);
    }

    #[inline(always)]
    fn set(&mut self, c: usize) {
        self.0[c >> 6] |= 1 << (c & 63);
    }

    /// Cell by cell: no hot loop shifts sets this wide (`shifts` is built for one or
    /// two words only).
    fn shifted(self, up: u32, down: u32) -> Self {
        let mut out = Self::ZERO;
        for c in super::bits::Cells::of(self) {
            let t = c + up as usize;
            if t >= down as usize && t - (down as usize) < Self::CELLS {
                out.set(t - down as usize);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Words;
    use crate::kernel::bits::Bits;

    /// Every operation against the same set held as a `u128` (cells below 128) and
    /// as a list of cells (all of them).
    #[test]
    fn words_answer_as_a_list_of_cells() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..200 {
            let cells: Vec<usize> = (0..next(12)).map(|_| next(Words::<11>::CELLS)).collect();
            let set = cells
                .iter()
                .fold(Words::<11>::ZERO, |s, &c| s | Words::bit(c));
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(set.is_zero(), sorted.is_empty());
            assert_eq!(set.count(), sorted.len());
            for c in 0..Words::<11>::CELLS {
                assert_eq!(set.has(c), sorted.contains(&c), "cell {c}");
            }
            if let (Some(&lo), Some(&hi)) = (sorted.first(), sorted.last()) {
                assert_eq!((set.lowest(), set.highest()), (lo, hi));
            }
            let c = next(Words::<11>::CELLS);
            let below = Words::<11>::below(c);
            assert_eq!(below.count(), c);
            assert_eq!(
                (set & below).count(),
                sorted.iter().filter(|&&x| x < c).count()
            );
            assert_eq!((!set).count(), Words::<11>::CELLS - sorted.len());
            for i in 0..11 {
                let word = sorted
                    .iter()
                    .filter(|&&x| x / 64 == i)
                    .fold(0u64, |w, &x| w | 1 << (x % 64));
                assert_eq!(set.word(i), word, "word {i}");
            }
            assert_eq!((set ^ set), Words::ZERO);
            let taken: Vec<usize> = crate::kernel::bits::Cells::of(set).collect();
            assert_eq!(taken, sorted);
            let mut bytes = Words::<11>::ZERO;
            let at = 8 * next(88);
            bytes.or_byte(0xa5, at);
            assert_eq!(bytes, Words::byte_at(0xa5, at));
            assert_eq!(bytes.count(), 4);
        }
    }
}
