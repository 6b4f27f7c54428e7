//! tags: the per-cell tags of a position (`tag` declarations): reading them, and
//! their loss when a move touches their piece.

use super::{Change, GamePosition};
use crate::ids::CellId;

impl GamePosition {
    /// The tags of the piece on `cell` (bit `i`: the game's tag `i`); 0 in games
    /// without tags.
    pub fn tags(&self, cell: CellId) -> u8 {
        self.tags.get(cell.index()).copied().unwrap_or(0)
    }

    /// Takes away the tags of every cell written since journal mark `mark` (a piece
    /// that moved, was moved, placed, converted or captured carries no tags), journaled,
    /// with `keys[cell * 8 + bit]` keeping the hash current when `HASH`.
    pub(crate) fn lose_tags_written<const HASH: bool>(&mut self, mark: usize, keys: &[u64]) {
        if self.tags.is_empty() {
            return;
        }
        let end = self.journal.len();
        for k in mark..end {
            let (a, b) = match self.journal[k] {
                Change::Cell { cell, .. } => (cell, cell),
                Change::Move { from, to, .. } => (from, to),
                Change::Hand { .. }
                | Change::Tags { .. }
                | Change::PlusSwap { .. }
                | Change::Pulled
                | Change::Gates { .. } => continue,
            };
            for cell in [a, b] {
                let i = cell as usize;
                let tags = self.tags[i];
                if tags == 0 {
                    continue;
                }
                self.journal.push(Change::Tags {
                    cell,
                    tags,
                    moved: self.moved(i),
                });
                if HASH {
                    self.hash ^= tag_hash(keys, i, tags);
                }
                self.tags[i] = 0;
                if !self.cells[i].is_empty() {
                    self.set_moved(i, true);
                }
            }
        }
    }
}

impl GamePosition {
    /// The tags `cell` had before the changes since journal mark `mark`: those of its
    /// first journaled tag change, or its tags now if none was journaled.
    pub(crate) fn tags_before(&self, mark: usize, cell: CellId) -> u8 {
        self.journal[mark..]
            .iter()
            .find_map(|c| match *c {
                Change::Tags { cell: c, tags, .. } if c == cell.0 => Some(tags),
                _ => None,
            })
            .unwrap_or_else(|| self.tags(cell))
    }

    /// Journals the tags and moved flag of `cell` before they change.
    pub(crate) fn journal_tags(&mut self, cell: CellId) {
        let i = cell.index();
        self.journal.push(Change::Tags {
            cell: cell.0,
            tags: self.tags[i],
            moved: self.moved(i),
        });
    }
}

/// The hash of the tags `tags` on cell `i` (`keys[i * 8 + bit]`, see
/// [`GamePosition::lose_tags_written`]).
pub(crate) fn tag_hash(keys: &[u64], i: usize, tags: u8) -> u64 {
    (0..8)
        .filter(|b| tags >> b & 1 != 0)
        .fold(0, |h, b| h ^ keys.get(i * 8 + b).copied().unwrap_or(0))
}
