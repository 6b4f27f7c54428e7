//! origins: per (attacking side, cell), the cells an attacker could stand on — the
//! leaves of the cell's trie merged by cell, whatever the occupancy of the cells in
//! between — so that a query can answer "not attacked" by reading those cells alone
//! when none holds a piece of a kind that attacks from there.
//!
//! A Janggi palace cell has about 35 such cells; a King's cell in the middle of a
//! Janggi game usually has no enemy piece on any of them, and reading 35 cells costs
//! a tenth of the trie's walk. Tries with more origins than [`MAX_ORIGINS`] are not read
//! by [`ReverseTables::out_of_reach`] (reading them would cost about what the walk does),
//! but are kept for [`ReverseTables::reached_from`], which asks about a few kinds of
//! attacker whatever the board between (the pieces a cascade of plies may activate).

use rustc_hash::FxHashMap;

use super::ReverseTables;
use crate::ids::{CellId, Side};
use crate::walk::Occupant;

/// Origins read per trie by [`ReverseTables::out_of_reach`]; a trie with more is not
/// read there (its queries always walk).
pub(crate) const MAX_ORIGINS: usize = 64;

/// The most piece kinds for which the origins are also kept as sets of cells per kind.
pub const MAX_KINDS_BY_SET: usize = 16;

/// The origins of every trie: `index[trie]` is (first, count) into `entries` (a count
/// past [`MAX_ORIGINS`]: not read by `out_of_reach`), count `u32::MAX` where the masks
/// overflowed their 16-bit index; an entry is a cell (low 16 bits) and the index of its
/// kinds mask in `masks` (high 16 bits).
#[derive(Clone, Debug, Default)]
pub(crate) struct Origins {
    index: Vec<(u32, u32)>,
    /// On boards of up to 128 cells with up to [`MAX_KINDS_BY_SET`] kinds:
    /// `[trie * kinds + kind]`, the origins from which that kind attacks as a set of
    /// cells (exact for every trie, however many origins it has), for
    /// [`ReverseTables::out_of_reach_among`]; empty otherwise.
    by_kind: Vec<u128>,
    /// The number of kinds `by_kind` has per trie (0: none).
    kinds: usize,
    entries: Vec<u32>,
    masks: Vec<u128>,
}

impl Origins {
    /// The origins of every trie of `tables` (whose nodes, leaves and roots are built).
    pub(crate) fn build(tables: &ReverseTables, pieces: usize) -> Origins {
        let cells = tables.cells;
        let mut out = Origins::default();
        if cells <= 128 && pieces <= MAX_KINDS_BY_SET {
            out.kinds = pieces;
        }
        let mut mask_ids: FxHashMap<u128, u32> = FxHashMap::default();
        let mut kinds = vec![0u128; cells];
        let mut touched: Vec<u16> = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        for &(first, count) in &tables.roots {
            touched.clear();
            stack.extend(first..first + count);
            while let Some(id) = stack.pop() {
                let n = &tables.nodes[id as usize];
                for leaf in
                    &tables.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize]
                {
                    let c = leaf.cell as usize;
                    if kinds[c] == 0 {
                        touched.push(leaf.cell);
                    }
                    kinds[c] |= leaf.kinds;
                }
                stack.extend(n.first_child..n.first_child + n.child_count);
            }
            let start = out.entries.len() as u32;
            touched.sort_unstable();
            let at = out.by_kind.len();
            out.by_kind.resize(at + out.kinds, 0);
            for &c in &touched {
                let k = std::mem::take(&mut kinds[c as usize]);
                // The sets are exact however many origins there are.
                for (p, set) in out.by_kind[at..].iter_mut().enumerate() {
                    if k >> p & 1 != 0 {
                        *set |= 1u128 << c;
                    }
                }
                let next = out.masks.len() as u32;
                let m = *mask_ids.entry(k).or_insert(next);
                if m == next {
                    out.masks.push(k);
                }
                out.entries.push(c as u32 | (m << 16));
            }
            let count = if out.masks.len() <= 1 << 16 {
                out.entries.len() as u32 - start
            } else {
                out.entries.truncate(start as usize);
                u32::MAX
            };
            out.index.push((start, count));
        }
        out
    }

    /// Bytes of the index, the entries and the masks.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.index.len() * std::mem::size_of::<(u32, u32)>()
            + self.entries.len() * 4
            + self.masks.len() * 16
            + self.by_kind.len() * 16
    }
}

impl ReverseTables {
    /// Whether no cell from which `by` could capture on `cell` (by any path, whatever
    /// stands between) holds a piece of `by` of a kind that captures from there, reading
    /// the board through `at`. True means `cell` is not attacked, and stays so after
    /// any change of the board that puts no piece of `by` on one of those cells; false
    /// says nothing (walk the trie to know). A trie with too many such cells always
    /// answers false.
    #[inline]
    pub fn out_of_reach(
        &self,
        by: Side,
        cell: CellId,
        mut at: impl FnMut(usize) -> Occupant,
    ) -> bool {
        let o = &self.origins;
        let Some(&(first, count)) = o.index.get(by.index() * self.cells + cell.index()) else {
            return false;
        };
        if count as usize > MAX_ORIGINS {
            return false;
        }
        o.entries[first as usize..(first + count) as usize]
            .iter()
            .all(|&e| {
                let occ = at((e & 0xffff) as usize);
                occ.is_empty()
                    || occ.side() != by
                    || o.masks[(e >> 16) as usize] & (1u128 << occ.kind().0) == 0
            })
    }

    /// [`ReverseTables::out_of_reach`] given `theirs`: per piece kind, the cells that
    /// hold a piece of `by` of that kind (bit c: cell c). Where the tables keep the
    /// origins as sets (boards of up to 128 cells, up to [`MAX_KINDS_BY_SET`] kinds,
    /// `theirs` one set per kind) the answer is a few word operations; elsewhere the
    /// cells are read through `at`.
    #[inline]
    pub fn out_of_reach_among(
        &self,
        by: Side,
        cell: CellId,
        theirs: &[u128],
        at: impl FnMut(usize) -> Occupant,
    ) -> bool {
        let o = &self.origins;
        let k = o.kinds;
        let trie = by.index() * self.cells + cell.index();
        match o.by_kind.get(trie * k..trie * k + k) {
            Some(sets) if k > 0 && theirs.len() == k => {
                sets.iter().zip(theirs).all(|(s, t)| s & t == 0)
            }
            _ => self.out_of_reach(by, cell, at),
        }
    }

    /// Whether some cell from which `by` could capture on `cell` (by any path, whatever
    /// stands between) holds a piece of `by` of one of the kinds `kinds` (bit k: kind
    /// k) that captures from there, reading the board through `at`; every origin is
    /// read, however many. `None` where the tables keep no origins for the cell. False
    /// means no piece of those kinds could capture on `cell` on any board that puts
    /// none of them on another cell.
    pub fn reached_from(
        &self,
        by: Side,
        cell: CellId,
        kinds: u128,
        mut at: impl FnMut(usize) -> Occupant,
    ) -> Option<bool> {
        let o = &self.origins;
        let &(first, count) = o.index.get(by.index() * self.cells + cell.index())?;
        if count == u32::MAX {
            return None;
        }
        Some(
            o.entries[first as usize..(first + count) as usize]
                .iter()
                .any(|&e| {
                    let mask = o.masks[(e >> 16) as usize] & kinds;
                    mask != 0 && {
                        let occ = at((e & 0xffff) as usize);
                        !occ.is_empty() && occ.side() == by && mask & (1u128 << occ.kind().0) != 0
                    }
                }),
        )
    }

    /// Whether [`ReverseTables::out_of_reach_among`] answers from sets: the number of
    /// kinds `theirs` must have (0: it reads the cells).
    pub fn origin_set_kinds(&self) -> usize {
        self.origins.kinds
    }

    /// The cells [`ReverseTables::out_of_reach`] reads for (`by`, `cell`), or `None`
    /// where it reads none (and answers false).
    pub fn origin_cells(
        &self,
        by: Side,
        cell: CellId,
    ) -> Option<impl Iterator<Item = CellId> + '_> {
        let o = &self.origins;
        let &(first, count) = o.index.get(by.index() * self.cells + cell.index())?;
        (count as usize <= MAX_ORIGINS).then(|| {
            o.entries[first as usize..(first + count) as usize]
                .iter()
                .map(|&e| CellId((e & 0xffff) as u16))
        })
    }
}
