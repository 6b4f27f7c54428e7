//! plus: Sokoban+ ids in a position — per cell, the id of the box there and the id of
//! the goal there (0: none, sokoenginepy's default id) — the swap that moves a pushed
//! box's id along with it (journaled, so unmake takes it back), and its hash keys.
//!
//! Goal ids are a fixed marking, as goals are; box ids travel with their boxes. A
//! position without Sokoban+ holds none ([`GamePosition::plus`] is `None`) and pays
//! nothing for it.

use super::{Change, GamePosition};
use crate::ids::CellId;

/// The Sokoban+ ids of a position's boxes and goals, per cell (0: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlusIds {
    /// The id of the box on each cell (0 where there is none, or it has the default).
    pub(crate) boxes: Vec<u32>,
    /// The id of the goal on each cell.
    pub(crate) goals: Vec<u32>,
}

/// The hash key of box id `id` on cell `i` (0 for the default id): a mix of both, so
/// that the same boxes with their ids exchanged hash apart.
#[inline]
pub(crate) fn plus_key(i: usize, id: u32) -> u64 {
    if id == 0 {
        return 0;
    }
    let mut z = ((i as u64) << 32 | u64::from(id)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash key of [`GamePosition::pulled`].
pub(crate) const PULLED_KEY: u64 = 0x7075_6c6c_6564_2121;

impl GamePosition {
    /// Sokoban's reverse mode: whether a pull has been made (the pusher may no longer
    /// jump).
    pub fn pulled(&self) -> bool {
        self.pulled
    }

    /// Records the first pull (journaled; the hash follows).
    pub(crate) fn set_pulled(&mut self) {
        if !self.pulled {
            self.pulled = true;
            self.hash ^= PULLED_KEY;
            self.journal.push(Change::Pulled);
        }
    }

    /// The Sokoban+ id of the box on `cell` (0: the default, or no Sokoban+).
    pub fn box_plus_id(&self, cell: CellId) -> u32 {
        self.plus.as_ref().map_or(0, |p| p.boxes[cell.index()])
    }

    /// The Sokoban+ id of the goal on `cell` (0: the default, or no Sokoban+).
    pub fn goal_plus_id(&self, cell: CellId) -> u32 {
        self.plus.as_ref().map_or(0, |p| p.goals[cell.index()])
    }

    /// Whether the position carries Sokoban+ ids.
    pub fn is_sokoban_plus(&self) -> bool {
        self.plus.is_some()
    }

    /// Sets the Sokoban+ ids (`None`: plain Sokoban) and rehashes them in.
    pub(crate) fn set_plus(&mut self, plus: Option<PlusIds>) {
        self.hash ^= self.plus_hash();
        self.plus = plus.map(Box::new);
        self.hash ^= self.plus_hash();
    }

    /// The part of the hash the box ids make.
    pub(crate) fn plus_hash(&self) -> u64 {
        self.plus.as_ref().map_or(0, |p| {
            p.boxes
                .iter()
                .enumerate()
                .fold(0, |h, (i, &id)| h ^ plus_key(i, id))
        })
    }

    /// Exchanges the box ids of cells `a` and `b` (journaled; the hash follows), when
    /// the position carries Sokoban+ ids and they differ.
    pub(crate) fn swap_plus(&mut self, a: CellId, b: CellId) {
        let Some(p) = self.plus.as_deref_mut() else {
            return;
        };
        let (i, j) = (a.index(), b.index());
        let (x, y) = (p.boxes[i], p.boxes[j]);
        if x == y {
            return;
        }
        p.boxes.swap(i, j);
        self.hash ^= plus_key(i, x) ^ plus_key(j, y) ^ plus_key(i, y) ^ plus_key(j, x);
        self.journal.push(Change::PlusSwap { a: a.0, b: b.0 });
    }

    /// Undoes a [`GamePosition::swap_plus`] (the hash is restored by the caller).
    pub(super) fn unswap_plus(&mut self, a: u16, b: u16) {
        if let Some(p) = self.plus.as_deref_mut() {
            p.boxes.swap(a as usize, b as usize);
        }
    }
}
