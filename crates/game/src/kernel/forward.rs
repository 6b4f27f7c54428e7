//! forward: the cells that the walks of the opponent's pieces answered forward look at
//! in the current node ([`ForwardCells`], see [`super::Bitboards::forward`]), one bit
//! per cell, and a cache of those walks ([`WalkCache`]) so that a node where nothing
//! such a walk looks at changed since it last ran reuses it instead of walking again.
//!
//! A forward walk's outcome (the cells it looks at, whether it takes a royal) depends
//! only on what stands on the cells it looks at and whether those pieces have moved
//! (the walk reads the board through [`crate::walk::Occupancy`] alone, and only on the
//! cells it reaches). So a cached walk is still exact in a node where its cells hold
//! the same pieces: the same cells occupied (one word operation per 64 cells against
//! the node's occupancy) and, on each occupied one, the same occupant and moved flag.
//! Walking it again would look at the same cells in the same order and find the same.

use crate::position::MOVED;
use crate::walk::Occupant;

/// The cells that the walks of the opponent's pieces answered forward looked at in
/// the current node: the attack kernel does not hold those pieces, so a move touching
/// one of these cells is tested in full. A move that touches none leaves every such
/// walk as it was (a walk's outcome depends only on the cells it looks at), and none
/// of them takes the royal in the node.
#[derive(Clone, Debug, Default)]
pub(crate) struct ForwardCells {
    /// The current node's cells, bit `c % 64` of word `c / 64` for cell `c`.
    pub(crate) words: Vec<u64>,
    /// The marks are of the current node (else no cell is marked).
    pub(crate) on: bool,
    /// The walks of earlier nodes, by the cell and side of the piece walked.
    pub(crate) cache: WalkCache,
}

impl ForwardCells {
    /// Whether a forward walk of the current node looked at cell `c`.
    #[inline(always)]
    pub(crate) fn marked(&self, c: usize) -> bool {
        self.on && self.words[c >> 6] >> (c & 63) & 1 != 0
    }
}

/// How many walks [`WalkCache`] keeps (a power of two): a walk is kept in the slot of
/// its piece's cell and side, so a piece's walks from different cells rarely share one.
const SLOTS: usize = 128;

/// One piece's forward walk, kept for the next node that has the piece on the same
/// cell (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct Walk {
    /// `cell * 2 + side + 1` of the piece walked; 0 for an empty slot.
    key: u32,
    /// The cells the walk looked at, by words.
    pub(crate) marks: Vec<u64>,
    /// Those of them that were occupied, by words.
    occupied: Vec<u64>,
    /// The occupied ones, each with its occupant and moved flag.
    pieces: Vec<(u16, Occupant, bool)>,
    /// The walk takes a royal of the other side.
    pub(crate) hit: bool,
}

impl Walk {
    /// Whether the walk is still what walking the piece again would find: the cells
    /// it looked at are occupied as before (`occ(i)`: word `i` of the node's
    /// occupancy), by the same pieces with the same moved flags.
    #[inline]
    pub(crate) fn holds(
        &self,
        occ: impl Fn(usize) -> u64,
        cells: &[Occupant],
        marks: &[u8],
    ) -> bool {
        self.marks
            .iter()
            .zip(&self.occupied)
            .enumerate()
            .all(|(i, (&m, &o))| occ(i) & m == o)
            && self
                .pieces
                .iter()
                .all(|&(c, o, mv)| cells[c as usize] == o && (marks[c as usize] & MOVED != 0) == mv)
    }

    /// Clears the walk for the piece of `key`, `words` words wide, before it is
    /// walked again.
    pub(crate) fn reset(&mut self, key: u32, words: usize) {
        self.key = key;
        self.marks.clear();
        self.marks.resize(words, 0);
        self.hit = false;
    }

    /// Marks cell `c` as looked at.
    #[inline(always)]
    pub(crate) fn mark(&mut self, c: usize) {
        self.marks[c >> 6] |= 1 << (c & 63);
    }

    /// After the walk: records what stood on the cells it looked at.
    pub(crate) fn record(&mut self, occ: impl Fn(usize) -> u64, cells: &[Occupant], marks: &[u8]) {
        self.occupied.clear();
        self.pieces.clear();
        for (i, &m) in self.marks.iter().enumerate() {
            let mut o = occ(i) & m;
            self.occupied.push(o);
            while o != 0 {
                let c = 64 * i + o.trailing_zeros() as usize;
                o &= o - 1;
                self.pieces
                    .push((c as u16, cells[c], marks[c] & MOVED != 0));
            }
        }
    }
}

/// The forward walks of earlier nodes (see the module docs), one per slot.
#[derive(Clone, Debug, Default)]
pub(crate) struct WalkCache {
    slots: Vec<Walk>,
}

impl WalkCache {
    /// The slot of the piece of `side` on `cell`, and whether it holds that piece's
    /// walk (which may no longer be valid: see [`Walk::holds`]).
    #[inline]
    pub(crate) fn slot(&mut self, cell: u16, side: crate::ids::Side) -> (&mut Walk, u32, bool) {
        if self.slots.is_empty() {
            self.slots = vec![Walk::default(); SLOTS];
        }
        let key = u32::from(cell) * 2 + side.index() as u32 + 1;
        let slot = &mut self.slots[key as usize % SLOTS];
        let same = slot.key == key;
        (slot, key, same)
    }
}
