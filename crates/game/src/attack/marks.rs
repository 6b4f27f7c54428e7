//! marks: what the royal's attack query of a node looked at, kept for the quick
//! legality test — the cells it inspected ([`Marks`]) and, per piece of the defender
//! that stops one of its paths, what that piece's x-ray walk inspected ([`XRays`]).
//!
//! Owns the stamped per-cell arrays and their queries; the walks that fill them are in
//! [`super::query`], the test that reads them in `legality::quick`.

use crate::ids::CellId;

/// Moves `stamp` on to a value no mark carries yet; true when it wrapped around, so
/// that the caller must clear its marks (and the stamp is then 1).
#[inline]
pub(crate) fn next_stamp(stamp: &mut u32) -> bool {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        *stamp = 1;
        return true;
    }
    false
}

/// Cells an attack query looked at, for the quick legality test: `seen[c] == stamp`
/// when the query inspected the class of cell `c`; `put[c] == stamp` when, besides,
/// a path failed at `c` that a piece of the defending side put on `c` could open (a
/// node whose classes include "foe" of the attacker: a hopper's screen, say), or a
/// walk of an attacker answered forward looked at `c` (a move ending there is then
/// tested in full). Putting a defender's piece on a cell that is seen but not `put`
/// can only close paths.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    pub seen: Vec<u32>,
    pub put: Vec<u32>,
    /// Leaf cells (where an attacker would stand) that a query with [`Recorded`](super::query::Recorded)
    /// looked at, its x-ray walks included: with `seen` and the x-ray marks, every
    /// cell whose contents the answer and the recorded state depend on.
    pub leaf: Vec<u32>,
    pub stamp: u32,
    /// [`Marks::put_set`].
    put_bits: u128,
}

impl Marks {
    pub fn new(cells: usize) -> Marks {
        Marks {
            seen: vec![0; cells],
            put: vec![0; cells],
            leaf: vec![0; cells],
            stamp: 0,
            put_bits: 0,
        }
    }

    /// Forgets every mark (a new stamp).
    pub fn next(&mut self) {
        self.put_bits = 0;
        if next_stamp(&mut self.stamp) {
            for marks in [&mut self.seen, &mut self.put, &mut self.leaf] {
                marks.fill(0);
            }
        }
    }

    #[inline]
    pub fn seen(&self, c: usize) -> bool {
        self.seen[c] == self.stamp
    }

    #[inline]
    pub fn put(&self, c: usize) -> bool {
        self.put[c] == self.stamp
    }

    /// Marks cell `c` as `put` (and in [`Marks::put_set`]).
    #[inline]
    pub fn mark_put(&mut self, c: usize) {
        self.put[c] = self.stamp;
        if c < 128 {
            self.put_bits |= 1 << c;
        }
    }

    /// The cells below 128 marked by [`Marks::mark_put`] since the last
    /// [`Marks::next`] (bit c: cell c); cells marked by writing `put` directly (the
    /// forward walks' marks) are not in it.
    #[inline]
    pub fn put_set(&self) -> u128 {
        self.put_bits
    }
}

/// X-ray marks of one node, for every piece of the defender that stops a path of
/// the royal's query (computed in the same pass, [`super::query::attacked_marking`]): per cell, the
/// piece (its cell) whose x-ray walk inspected it, or "several"; per piece, whether
/// its x-ray walk found an attacker (a pin, or a false alarm: test in full).
#[derive(Clone, Debug, Default)]
pub(crate) struct XRays {
    pub(super) stamp: u32,
    /// `stamp << 16 | owner cell` (owner [`SEVERAL_OWNERS`]: several pieces).
    pub(super) seen: Vec<u64>,
    pub(super) put: Vec<u64>,
    pub(super) hit: Vec<u32>,
}

/// The owner of a mark that several pieces' x-ray walks made.
const SEVERAL_OWNERS: u16 = u16::MAX;

impl XRays {
    pub fn new(cells: usize) -> XRays {
        XRays {
            stamp: 0,
            seen: vec![0; cells],
            put: vec![0; cells],
            hit: vec![0; cells],
        }
    }

    /// Forgets every mark.
    pub fn next(&mut self) {
        if next_stamp(&mut self.stamp) {
            self.seen.fill(0);
            self.put.fill(0);
            self.hit.fill(0);
        }
    }

    #[inline]
    pub(super) fn mark(v: &mut [u64], stamp: u32, cell: u16, owner: u16) {
        let e = &mut v[cell as usize];
        if *e >> 16 == stamp as u64 {
            if (*e & 0xffff) as u16 != owner {
                *e = (stamp as u64) << 16 | SEVERAL_OWNERS as u64;
            }
        } else {
            *e = (stamp as u64) << 16 | owner as u64;
        }
    }

    #[inline]
    fn owned(&self, e: u64, owner: CellId) -> bool {
        e >> 16 == self.stamp as u64 && {
            let o = (e & 0xffff) as u16;
            o == owner.0 || o == SEVERAL_OWNERS
        }
    }

    /// The x-ray walk of the piece on `owner` inspected `cell`.
    #[inline]
    pub fn seen(&self, cell: usize, owner: CellId) -> bool {
        self.owned(self.seen[cell], owner)
    }

    /// The x-ray walk of the piece on `owner` failed at `cell` where a piece put there
    /// could open a path.
    #[inline]
    pub fn put(&self, cell: usize, owner: CellId) -> bool {
        self.owned(self.put[cell], owner)
    }

    /// Some x-ray walk inspected `cell`.
    #[inline]
    pub fn any_seen(&self, cell: usize) -> bool {
        self.seen[cell] >> 16 == self.stamp as u64
    }

    /// The x-ray walk of the piece on `owner` found an attacker.
    #[inline]
    pub fn hit(&self, owner: CellId) -> bool {
        self.hit[owner.index()] == self.stamp
    }
}
