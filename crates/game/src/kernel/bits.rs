//! bits: cell sets as machine words, for the bitboard attack kernels of
//! [`super::exposure`] — a `u64` for boards of up to 64 cells, a `u128` for boards of
//! up to 128, and several words ([`super::words::Words`]) for bigger boards. Cell ids
//! are bit numbers; nothing here knows a board's shape.

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
    /// The machine words a set takes (1 for `u64`, 2 for `u128`).
    const WORDS: usize = Self::CELLS / 64;
    /// No cell.
    const ZERO: Self;

    /// The set of cell `c` alone.
    fn bit(c: usize) -> Self;

    /// Whether the set is empty.
    #[inline(always)]
    fn is_zero(&self) -> bool {
        *self == Self::ZERO
    }

    /// Whether cell `c` is in the set.
    #[inline(always)]
    fn has(&self, c: usize) -> bool {
        !(*self & Self::bit(c)).is_zero()
    }

    /// The lowest cell of a non-empty set.
    fn lowest(&self) -> usize;

    /// The highest cell of a non-empty set.
    fn highest(&self) -> usize;

    /// The cells below `c` (ids lower than `c`).
    fn below(c: usize) -> Self;

    /// The number of cells in the set.
    fn count(&self) -> usize;

    /// The set whose cells `at..at + 8` are the bits of `byte`.
    fn byte_at(byte: u8, at: usize) -> Self;

    /// The set whose word `i` (`i < WORDS`) is `w`, every other word empty.
    fn word_at(w: u64, i: usize) -> Self;

    /// Word `i` of the set (`i < WORDS`): cells `64 * i..64 * i + 64`, bit `c % 64`
    /// for cell `c`.
    fn word(&self, i: usize) -> u64;

    /// Adds the cells `at..at + 8` that are the bits of `byte` (`at` a multiple of 8).
    #[inline(always)]
    fn or_byte(&mut self, byte: u8, at: usize) {
        *self |= Self::byte_at(byte, at);
    }

    /// Adds cell `c` to the set.
    #[inline(always)]
    fn set(&mut self, c: usize) {
        *self |= Self::bit(c);
    }

    /// The set with every cell `c` moved to `c + up - down` (one of `up` and `down`
    /// is 0, both below [`Bits::CELLS`]); cells moved past either end are dropped.
    fn shifted(self, up: u32, down: u32) -> Self;

    /// The cells in sight along the ray `up` (cells above one start cell, nearest
    /// first in rising ids) and the ray `down` (cells below it, nearest first in
    /// falling ids), either possibly empty, over the occupied cells `occ`: each ray's
    /// cells up to and including its first occupied one.
    #[inline(always)]
    fn in_sight(up: Self, down: Self, occ: Self) -> Self {
        let mut sight = Self::ZERO;
        let b = occ & up;
        sight |= if b.is_zero() {
            up
        } else {
            let c = b.lowest();
            up & (Self::below(c) | Self::bit(c))
        };
        let b = occ & down;
        sight |= if b.is_zero() {
            down
        } else {
            down & !Self::below(b.highest())
        };
        sight
    }
}

/// [`Bits::in_sight`] in one word's arithmetic: with `m` the first blocker below
/// (or bit 0 when there is none), `upper - m` clears the first blocker above and sets
/// every bit from `m` up to it, so `upper ^ (upper - m)` holds exactly the cells from
/// `m` to the first blocker above (every cell from `m` up when there is none); no
/// branch, one bit scan.
macro_rules! in_sight_word {
    ($t:ty) => {
        #[inline(always)]
        fn in_sight(up: $t, down: $t, occ: $t) -> $t {
            let upper = occ & up;
            let lower = (occ & down) | 1;
            let m = 1 << (<$t>::BITS - 1 - lower.leading_zeros());
            (up | down) & (upper ^ upper.wrapping_sub(m))
        }
    };
}

/// The bytes of a word: 0x80 in each.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The bytes of a word: 0x7f in each.
const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The high bits of the eight bytes of `v` (every other bit clear) as one byte.
#[inline(always)]
fn gather(v: u64) -> u8 {
    ((v >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// The cells of a set in rising order, each word read once (on a wide set, taking the
/// lowest cell again and again would scan the empty words below it every time).
pub(crate) struct Cells<B> {
    set: B,
    /// The word being read, and its cells not yet given.
    i: usize,
    w: u64,
}

impl<B: Bits> Cells<B> {
    /// The cells of `set`.
    #[inline(always)]
    pub(crate) fn of(set: B) -> Cells<B> {
        Cells {
            w: set.word(0),
            set,
            i: 0,
        }
    }
}

impl<B: Bits> Iterator for Cells<B> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.w == 0 {
            self.i += 1;
            if self.i >= B::WORDS {
                return None;
            }
            self.w = self.set.word(self.i);
        }
        let b = self.w.trailing_zeros() as usize;
        self.w &= self.w - 1;
        Some(64 * self.i + b)
    }
}

/// The eight occupants of `ch` (eight cells) as the bytes of one word, the first cell
/// lowest.
#[inline(always)]
fn word_of(ch: &[crate::walk::Occupant]) -> u64 {
    u64::from_le_bytes(std::array::from_fn(|i| ch[i].0))
}

/// Up to eight words of per-byte flags (bit 7 of each byte, as [`gather`] reads
/// them), the flags of 64 cells, made one word of cells without a multiply per word:
/// the flags of word `j` are put at bit `j` of each byte (bit `8k + j` for cell
/// `8j + k`), and the 8×8 bit matrix is transposed once at the end.
#[derive(Default)]
struct Flags {
    acc: u64,
    j: u32,
}

impl Flags {
    /// Adds the next word's flags.
    #[inline(always)]
    fn push(&mut self, flags: u64) {
        self.acc |= (flags >> 7) << self.j;
        self.j += 1;
    }

    /// The cells flagged (bit `8j + k` for byte `k` of word `j`).
    #[inline(always)]
    fn cells(&self) -> u64 {
        transpose8(self.acc)
    }
}

/// The 8×8 bit matrix `x` (bit `8a + b` is row `a`, column `b`) transposed: bit
/// `8a + b` moved to `8b + a`, by three exchanges of blocks (1×1, 2×2, 4×4) across
/// the diagonal.
#[inline(always)]
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// The cells of `cells` that hold exactly the occupant `o` (a piece of one kind and
/// side), eight cells per word operation: for a kind with many pieces (pawns), one
/// pass instead of a test per piece. For boards of up to two words (a bigger board's
/// empty runs are better skipped, as [`occupancy`] does).
#[inline]
pub(crate) fn holding<B: Bits>(cells: &[crate::walk::Occupant], o: crate::walk::Occupant) -> B {
    let pattern = u64::from(o.0) * 0x0101_0101_0101_0101;
    // The bytes equal to `o` are the zero bytes of `w`: those whose low seven bits do
    // not carry into bit 7 and whose bit 7 is clear.
    let same = |w: u64| {
        let w = w ^ pattern;
        !((w & LOW).wrapping_add(LOW) | w) & HIGH
    };
    let mut set = B::ZERO;
    if B::WORDS <= 2 {
        for (g, group) in cells.chunks(64).enumerate() {
            let mut flags = Flags::default();
            for ch in group.chunks_exact(8) {
                flags.push(same(word_of(ch)));
            }
            set |= B::word_at(flags.cells(), g);
        }
    } else {
        for (j, ch) in cells.chunks_exact(8).enumerate() {
            set.or_byte(gather(same(word_of(ch))), 8 * j);
        }
    }
    let base = cells.len() / 8 * 8;
    for (i, &c) in cells[base..].iter().enumerate() {
        if c == o {
            set |= B::bit(base + i);
        }
    }
    set
}

/// The cells of `cells` (occupants: 0 empty, bit 7 the second side) that hold a
/// piece, and those of them that hold a piece of the second side; eight cells per
/// word operation (on boards of up to two words, gathered by [`Flags`]).
#[inline]
pub(crate) fn occupancy<B: Bits>(cells: &[crate::walk::Occupant]) -> (B, B) {
    let (mut occ, mut second) = (B::ZERO, B::ZERO);
    let word = |ch: &[crate::walk::Occupant]| u64::from_le_bytes(std::array::from_fn(|i| ch[i].0));
    let mut add = |w: u64, at: usize| {
        let x = w & LOW;
        let full = (x.wrapping_add(LOW) | x) & HIGH;
        occ.or_byte(gather(full), at);
        second.or_byte(gather(full & w), at);
    };
    if B::WORDS <= 2 {
        for (g, group) in cells.chunks(64).enumerate() {
            let (mut o, mut s) = (Flags::default(), Flags::default());
            for ch in group.chunks_exact(8) {
                let w = word_of(ch);
                let x = w & LOW;
                let full = (x.wrapping_add(LOW) | x) & HIGH;
                o.push(full);
                s.push(full & w);
            }
            occ |= B::word_at(o.cells(), g);
            second |= B::word_at(s.cells(), g);
        }
    } else {
        // A big board is mostly empty: its empty runs of 32 cells are passed over in
        // one test, then those of eight.
        let groups = cells.chunks_exact(32);
        let tail = groups.remainder();
        for (g, ch) in groups.enumerate() {
            let w: [u64; 4] = std::array::from_fn(|k| word(&ch[8 * k..8 * k + 8]));
            if w[0] | w[1] | w[2] | w[3] == 0 {
                continue;
            }
            for (k, &w) in w.iter().enumerate() {
                if w != 0 {
                    add(w, 32 * g + 8 * k);
                }
            }
        }
        let start = cells.len() - tail.len();
        let chunks = tail.chunks_exact(8);
        for (j, ch) in chunks.enumerate() {
            let w = word(ch);
            if w != 0 {
                add(w, start + 8 * j);
            }
        }
    }
    let rest = &cells[cells.len() / 8 * 8..];
    let base = cells.len() - rest.len();
    for (i, o) in rest.iter().enumerate() {
        if !o.is_empty() {
            occ |= B::bit(base + i);
            if o.side() == crate::ids::Side::Second {
                second |= B::bit(base + i);
            }
        }
    }
    (occ, second)
}

/// The cells of `cells` that hold a piece of `side`, in rising order ([`pieces_of`]).
pub(crate) struct Pieces<'a> {
    cells: &'a [crate::walk::Occupant],
    second: bool,
    /// The first cell of the next word to read.
    next: usize,
    /// The first cell of the word being read, and its pieces of `side` left (bit 7 of
    /// each byte).
    base: usize,
    mask: u64,
}

/// The cells of `cells` that hold a piece of `side`, in rising order, read eight cells
/// per word operation: a big board's empty runs cost one test per eight cells.
#[inline]
pub(crate) fn pieces_of(cells: &[crate::walk::Occupant], side: crate::ids::Side) -> Pieces<'_> {
    Pieces {
        cells,
        second: side == crate::ids::Side::Second,
        next: 0,
        base: 0,
        mask: 0,
    }
}

impl Iterator for Pieces<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            let rest = self.cells.get(self.next..)?;
            if rest.is_empty() {
                return None;
            }
            let w = match rest.get(..8) {
                Some(ch) => u64::from_le_bytes(std::array::from_fn(|i| ch[i].0)),
                None => rest
                    .iter()
                    .rev()
                    .fold(0u64, |w, o| (w << 8) | u64::from(o.0)),
            };
            self.base = self.next;
            self.next += 8;
            let x = w & LOW;
            let full = (x.wrapping_add(LOW) | x) & HIGH;
            self.mask = if self.second { full & w } else { full & !w };
        }
        let b = self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(self.base + b / 8)
    }
}

impl Bits for u64 {
    const CELLS: usize = 64;
    const ZERO: u64 = 0;

    #[inline(always)]
    fn bit(c: usize) -> u64 {
        1u64 << c
    }

    #[inline(always)]
    fn lowest(&self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline(always)]
    fn highest(&self) -> usize {
        63 - self.leading_zeros() as usize
    }

    #[inline(always)]
    fn below(c: usize) -> u64 {
        (1u64 << c) - 1
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.count_ones() as usize
    }

    #[inline(always)]
    fn byte_at(byte: u8, at: usize) -> u64 {
        (byte as u64) << at
    }

    #[inline(always)]
    fn word_at(w: u64, i: usize) -> u64 {
        debug_assert!(i == 0);
        w
    }

    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        debug_assert!(i == 0);
        *self
    }

    #[inline(always)]
    fn shifted(self, up: u32, down: u32) -> u64 {
        (self << up) >> down
    }

    in_sight_word!(u64);
}

impl Bits for u128 {
    const CELLS: usize = 128;
    const ZERO: u128 = 0;

    #[inline(always)]
    fn bit(c: usize) -> u128 {
        1u128 << c
    }

    #[inline(always)]
    fn lowest(&self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline(always)]
    fn highest(&self) -> usize {
        127 - self.leading_zeros() as usize
    }

    #[inline(always)]
    fn below(c: usize) -> u128 {
        (1u128 << c) - 1
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.count_ones() as usize
    }

    #[inline(always)]
    fn byte_at(byte: u8, at: usize) -> u128 {
        (byte as u128) << at
    }

    #[inline(always)]
    fn word_at(w: u64, i: usize) -> u128 {
        (w as u128) << (64 * i)
    }

    #[inline(always)]
    fn word(&self, i: usize) -> u64 {
        (*self >> (64 * i)) as u64
    }

    #[inline(always)]
    fn shifted(self, up: u32, down: u32) -> u128 {
        (self << up) >> down
    }

    in_sight_word!(u128);
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
        let words: Vec<u64> = (0..B::WORDS).map(|i| s.word(i)).collect();
        let (w3, wl) = (words[0], words[last / 64]);
        assert_eq!(w3 & 0b1000, 0b1000);
        assert_eq!(wl >> (last % 64), 1);
        let ones: u32 = words.iter().map(|w| w.count_ones()).sum();
        assert_eq!(ones, 2);
        // The shifts.
        assert_eq!(s.shifted(2, 0), B::bit(5));
        assert_eq!(s.shifted(0, 2), B::bit(1) | B::bit(last - 2));
        assert_eq!((B::bit(5) | B::bit(9)).shifted(0, 0), B::bit(5) | B::bit(9));
    }

    /// `Cells` gives a set's cells in rising order, as testing every cell does, on
    /// every word width, for empty, full and sparse sets.
    #[test]
    fn cells_are_the_set_bits_in_rising_order() {
        use super::super::words::Words;
        use super::Cells;
        fn check<B: Bits>(cells: &[usize]) {
            let mut set = B::ZERO;
            for &c in cells {
                set.set(c);
            }
            let by_test: Vec<usize> = (0..B::CELLS).filter(|&c| set.has(c)).collect();
            assert_eq!(Cells::of(set).collect::<Vec<_>>(), by_test);
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for n in [0usize, 1, 3, 40, 200] {
            let cells: Vec<usize> = (0..n)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as usize
                })
                .collect();
            check::<u64>(&cells.iter().map(|c| c % 64).collect::<Vec<_>>());
            check::<u128>(&cells.iter().map(|c| c % 128).collect::<Vec<_>>());
            check::<Words<11>>(&cells.iter().map(|c| c % 704).collect::<Vec<_>>());
        }
        check::<Words<11>>(&[0, 63, 64, 703]);
        check::<Words<11>>(&(0..704).collect::<Vec<_>>());
    }

    /// `in_sight` (one word's arithmetic for `u64` and `u128`, the default on wider
    /// sets) is each ray walked cell by cell to its first occupied cell, on random
    /// rays above and below random start cells, on the edges of the set too.
    #[test]
    fn in_sight_is_each_ray_walked_to_its_first_blocker() {
        use super::super::words::Words;
        fn check<B: Bits>(seed: &mut u64) {
            let mut next = || {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                *seed
            };
            for round in 0..400 {
                let from = match round {
                    0 => 0,
                    1 => B::CELLS - 1,
                    _ => next() as usize % B::CELLS,
                };
                let (mut up, mut down, mut occ) = (B::ZERO, B::ZERO, B::ZERO);
                let density = 1 + next() % 4;
                for c in 0..B::CELLS {
                    let r = next();
                    if c != from && r % 3 == 0 {
                        if c > from {
                            up.set(c);
                        } else {
                            down.set(c);
                        }
                    }
                    if (r >> 8) % 8 < density {
                        occ.set(c);
                    }
                }
                let mut want = B::ZERO;
                for c in (from + 1..B::CELLS).filter(|&c| up.has(c)) {
                    want.set(c);
                    if occ.has(c) {
                        break;
                    }
                }
                for c in (0..from).rev().filter(|&c| down.has(c)) {
                    want.set(c);
                    if occ.has(c) {
                        break;
                    }
                }
                assert_eq!(B::in_sight(up, down, occ), want, "from {from}");
                assert_eq!(B::in_sight(up, B::ZERO, occ), want & up, "from {from}");
                assert_eq!(B::in_sight(B::ZERO, down, occ), want & down, "from {from}");
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        check::<u64>(&mut seed);
        check::<u128>(&mut seed);
        check::<Words<4>>(&mut seed);
    }

    /// `holding` is the cells holding one occupant, tested cell by cell, on random
    /// boards of several sizes (with a tail of fewer than eight cells), for occupants
    /// of both sides (their bytes differ in bit 7 alone).
    #[test]
    fn holding_is_the_cells_of_one_occupant() {
        use super::holding;
        use crate::ids::{PieceId, Side};
        use crate::walk::Occupant;
        let mut seed = 0x0bad_cafe_f00d_1234u64;
        for size in [1usize, 7, 8, 63, 64, 81, 90, 100, 128] {
            for _ in 0..20 {
                let cells: Vec<Occupant> = (0..size)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        match seed % 5 {
                            0 | 1 => Occupant::EMPTY,
                            2 => Occupant::piece(Side::First, PieceId((seed >> 8) as u8 % 3)),
                            _ => Occupant::piece(Side::Second, PieceId((seed >> 8) as u8 % 3)),
                        }
                    })
                    .collect();
                for side in [Side::First, Side::Second] {
                    for k in 0..3 {
                        let o = Occupant::piece(side, PieceId(k));
                        let want = |c: usize| cells[c] == o;
                        let set: u128 = holding(&cells, o);
                        assert!((0..size).all(|c| set.has(c) == want(c)), "{size}");
                        assert!((size..128).all(|c| !set.has(c)));
                        if size <= 64 {
                            let set: u64 = holding(&cells, o);
                            assert!((0..size).all(|c| set.has(c) == want(c)), "{size}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn occupancy_by_words_is_occupancy_cell_by_cell() {
        use super::super::words::Words;
        use crate::ids::{PieceId, Side};
        use crate::walk::Occupant;
        let mut seed = 0x1234_5678_9abc_def1u64;
        // Dense boards, and sparse ones (big boards' empty runs are skipped).
        let sizes = [1, 8, 64, 81, 90, 100, 128, 200, 676];
        for (len, sparse) in sizes.iter().flat_map(|&l| [(l, 1), (l, 40)]) {
            let cells: Vec<Occupant> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    match seed % (3 * sparse) {
                        0 => Occupant::piece(Side::Second, PieceId((seed >> 8) as u8 % 100)),
                        1 => Occupant::piece(Side::First, PieceId((seed >> 8) as u8 % 100)),
                        _ => Occupant::EMPTY,
                    }
                })
                .collect();
            let (wide, wide_second) = super::occupancy::<Words<11>>(&cells);
            for (i, o) in cells.iter().enumerate() {
                assert_eq!(wide.has(i), !o.is_empty(), "cell {i} of {len}");
                assert_eq!(
                    wide_second.has(i),
                    !o.is_empty() && o.side() == Side::Second
                );
            }
            assert_eq!(wide.count(), cells.iter().filter(|o| !o.is_empty()).count());
            if len > 128 {
                continue;
            }
            let (occ, second) = super::occupancy::<u128>(&cells);
            assert_eq!((occ as u64, (occ >> 64) as u64), (wide.0[0], wide.0[1]));
            assert_eq!(second as u64, wide_second.0[0]);
            assert_eq!(occ.checked_shr(len as u32).unwrap_or(0), 0);
            if len <= 64 {
                let (o64, s64) = super::occupancy::<u64>(&cells);
                assert_eq!((o64 as u128, s64 as u128), (occ, second));
            }
        }
    }

    #[test]
    fn pieces_of_a_side_are_read_by_words_as_cell_by_cell() {
        use crate::ids::{PieceId, Side};
        use crate::walk::Occupant;
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for len in [0, 1, 7, 8, 9, 64, 90, 676] {
            for fill in [0, 3, 30, 100] {
                let cells: Vec<Occupant> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        if seed % 100 >= fill {
                            return Occupant::EMPTY;
                        }
                        let side = if seed >> 20 & 1 == 0 {
                            Side::First
                        } else {
                            Side::Second
                        };
                        Occupant::piece(side, PieceId((seed >> 8) as u8 % 100))
                    })
                    .collect();
                for side in Side::BOTH {
                    let slow: Vec<usize> = (0..len)
                        .filter(|&i| !cells[i].is_empty() && cells[i].side() == side)
                        .collect();
                    let fast: Vec<usize> = super::pieces_of(&cells, side).collect();
                    assert_eq!(fast, slow, "{len} cells, fill {fill}, {side:?}");
                }
            }
        }
    }

    #[test]
    fn words_of_64_and_128_cells_answer_alike() {
        check::<u64>();
        check::<u128>();
        check::<super::super::words::Words<4>>();
        check::<super::super::words::Words<11>>();
    }
}
