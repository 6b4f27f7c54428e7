//! siblings: what perft's children counter keeps of a node — the walks of the pieces
//! of the side to move in its children, made on the node itself ([`SiblingWalks`]),
//! and the position wrapper that notes which cells each walk and test reads
//! ([`Watch`], [`Watched`]).

use std::cell::Cell;
use std::ops::Range;

use crate::attack::marks::next_stamp;
use crate::attack::Reads;
use crate::ids::{CellId, Side};
use crate::walk::{Occupancy, Occupant};
use crate::{Game, GameMove, GamePosition};

/// Where reads are noted: per cell (stamp, watcher bits); a read of cell `c` gives
/// `c` the bit `bit` (one piece's slot) under the current `stamp`.
#[derive(Clone, Copy)]
pub(super) struct Watch<'a> {
    pub(super) cells: &'a [Cell<(u32, u64)>],
    pub(super) stamp: u32,
    pub(super) bit: u64,
}

impl<'a> Watch<'a> {
    #[inline]
    pub(super) fn mark(&self, cell: usize) {
        let w = &self.cells[cell];
        let (s, bits) = w.get();
        let bits = if s == self.stamp {
            bits | self.bit
        } else {
            self.bit
        };
        w.set((self.stamp, bits));
    }

    pub(super) fn over<'p>(self, pos: &'p GamePosition) -> Watched<'p>
    where
        'a: 'p,
    {
        Watched { pos, watch: self }
    }
}

/// The position as a walk or an attack query sees it, noting the cells they read.
pub(super) struct Watched<'a> {
    pos: &'a GamePosition,
    watch: Watch<'a>,
}

impl Reads for Watched<'_> {
    #[inline]
    fn position(&self) -> &GamePosition {
        self.pos
    }

    #[inline]
    fn at(&self, cell: usize) -> Occupant {
        self.watch.mark(cell);
        self.pos.cells[cell]
    }

    #[inline]
    fn unmoved_at(&self, cell: CellId) -> bool {
        self.watch.mark(cell.index());
        self.pos.unmoved(cell)
    }
}

impl Occupancy for Watched<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.at(cell.index())
    }

    fn unmoved(&self, cell: CellId) -> bool {
        self.unmoved_at(cell)
    }
}

/// The walks of the pieces of the side to move in a node's children, made on the
/// node itself (count and deferred moves per piece; see
/// [`super::Perft::prepare_children`]); each piece's walk gets a slot, one of 64
/// watcher bits, and every cell it read is marked with that bit.
#[derive(Default)]
pub(super) struct SiblingWalks {
    /// The stamp of the node the walks were made on (one per node; 0: none).
    pub(super) stamp: u32,
    /// Per cell: (stamp, slots of the walks that read it).
    pub(super) watch: Vec<Cell<(u32, u64)>>,
    /// Per cell: (stamp, occupant, slot, count, first move, number of moves).
    pub(super) entries: Vec<WalkEntry>,
    pub(super) moves: Vec<GameMove>,
    pub(super) slots: u32,
    /// The cells of the pieces given a slot, in order; `complete`: every piece of
    /// the side got one.
    pub(super) cells: Vec<u16>,
    pub(super) complete: bool,
    /// The node's occupants and side to move (for the debug check of
    /// [`super::Perft::count_legal_child`]).
    pub(super) parent_cells: Vec<Occupant>,
    pub(super) parent_side: Option<Side>,
    /// The sum of the listed pieces' counts, and the slots with moves left to test.
    pub(super) total: u64,
    pub(super) deferred: u64,
    /// Castling of the side to move: (watcher bit, legal castlings, castling
    /// rights of that side), and the mask of that side's castling rights.
    pub(super) castling: Option<(u64, u64, u64)>,
    pub(super) castling_mask: u64,
}

#[derive(Clone, Copy, Default)]
pub(super) struct WalkEntry {
    pub(super) stamp: u32,
    pub(super) occ: Occupant,
    pub(super) slot: u8,
    /// Moves counted with the parent's quick test, verdicts included.
    pub(super) count: u32,
    /// The moves left to test (with the parent's quick test).
    pub(super) first: u32,
    pub(super) len: u32,
    /// All the moves of the walk.
    pub(super) all_first: u32,
    pub(super) all_len: u32,
}

impl SiblingWalks {
    pub(super) fn new(cells: usize) -> SiblingWalks {
        SiblingWalks {
            watch: vec![Cell::new((0, 0)); cells],
            entries: vec![WalkEntry::default(); cells],
            ..SiblingWalks::default()
        }
    }

    /// Starts recording the walks of a new node: a new stamp.
    pub(super) fn begin(&mut self) {
        if next_stamp(&mut self.stamp) {
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.watch.iter().for_each(|w| w.set((0, 0)));
        }
        self.moves.clear();
        self.slots = 0;
        self.castling = None;
        self.cells.clear();
        self.complete = true;
        self.total = 0;
        self.deferred = 0;
    }

    /// The watcher bit for the walk of the piece `occ` on `cell`, if a slot is left.
    pub(super) fn slot(&mut self, cell: usize, occ: Occupant) -> Option<u64> {
        if self.slots == 64 {
            self.entries[cell].stamp = 0;
            self.complete = false;
            return None;
        }
        self.cells.push(cell as u16);
        let slot = self.slots as u8;
        self.slots += 1;
        self.entries[cell] = WalkEntry {
            stamp: self.stamp,
            occ,
            slot,
            ..WalkEntry::default()
        };
        Some(1u64 << slot)
    }

    /// A watcher bit for the castling moves of `side`, if it has any and a slot is
    /// left; sets the mask of its castling rights.
    pub(super) fn castling_slot(&mut self, g: &Game, side: Side) -> Option<u64> {
        self.castling_mask = g
            .castlings
            .iter()
            .enumerate()
            .filter(|(_, c)| c.side == side)
            .fold(0, |m, (i, _)| m | 1 << i);
        if self.castling_mask == 0 || self.slots == 64 {
            return None;
        }
        self.slots += 1;
        Some(1u64 << (self.slots - 1))
    }

    /// Stores the result of the walk from `cell` given a slot.
    pub(super) fn store(&mut self, cell: usize, count: u64, moves: &[GameMove]) {
        let e = &mut self.entries[cell];
        self.total += count;
        if !moves.is_empty() {
            self.deferred |= 1u64 << e.slot;
        }
        e.count = count as u32;
        e.first = self.moves.len() as u32;
        e.len = moves.len() as u32;
        self.moves.extend_from_slice(moves);
    }

    /// Stores all the moves of the walk from `cell` given a slot.
    pub(super) fn store_all(&mut self, cell: usize, moves: &[GameMove]) {
        let e = &mut self.entries[cell];
        e.all_first = self.moves.len() as u32;
        e.all_len = moves.len() as u32;
        self.moves.extend_from_slice(moves);
    }

    /// Where in `moves` all the moves of the stored walk of the piece `occ` on
    /// `cell` are, unless a cell it read is among the `changed` slots' cells.
    #[inline]
    pub(super) fn get_all(&self, cell: usize, occ: Occupant, changed: u64) -> Option<Range<usize>> {
        let e = &self.entries[cell];
        if e.stamp != self.stamp || e.occ != occ || changed & (1u64 << e.slot) != 0 {
            return None;
        }
        Some(e.all_first as usize..(e.all_first + e.all_len) as usize)
    }

    /// Whether a piece on `cell` got a slot.
    #[inline]
    pub(super) fn listed(&self, cell: usize) -> bool {
        self.entries[cell].stamp == self.stamp
    }

    /// The watcher bits of `cell`.
    #[inline]
    pub(super) fn watchers(&self, cell: CellId) -> u64 {
        let (s, bits) = self.watch[cell.index()].get();
        if s == self.stamp {
            bits
        } else {
            0
        }
    }

    /// The stored count of the piece `occ` on `cell` and where in `moves` its moves
    /// left to test are, unless a cell it read is among the `changed` slots' cells.
    #[inline]
    pub(super) fn get(
        &self,
        cell: usize,
        occ: Occupant,
        changed: u64,
    ) -> Option<(u64, Range<usize>)> {
        let e = &self.entries[cell];
        if e.stamp != self.stamp || e.occ != occ || changed & (1u64 << e.slot) != 0 {
            return None;
        }
        Some((e.count as u64, e.first as usize..(e.first + e.len) as usize))
    }
}
