//! quiet: moving one piece to an empty cell — make's common case — with one journal
//! entry ([`GamePosition::move_piece`]) or none ([`GamePosition::move_quiet`], the old
//! values returned for the undo record), and taking it back; and a plain capture
//! (the piece on the destination taken, in a game without hands) the same way
//! without the journal.

use super::{Change, GamePosition, Keys, MOVED, PROMOTION};
use crate::ids::CellId;
use crate::walk::Occupant;

/// A piece moved outside the journal, to an empty cell or taking the piece there: the
/// cells, what their [`GamePosition::marks`] bytes were and what stood on the
/// destination, for [`crate::Game::unmake`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quiet {
    pub(super) from: u16,
    pub(super) to: u16,
    before: [u8; 2],
    /// What stood on `to`: [`Occupant::EMPTY`], or the piece taken.
    taken: Occupant,
    /// Whether a piece was taken (`taken` is not empty). Also what keeps
    /// `Option<Quiet>`, and so the undo record, small (its spare values mark `None`).
    capture: bool,
}

impl GamePosition {
    /// Moves the piece on `from` to the empty cell `to`, where it carries the promotion
    /// mark `promoted` and counts as moved: the same position, hash and journal effect
    /// as `set_cell(from, EMPTY)` then `set_cell(to, piece, promoted, true)`, in one
    /// journal entry and without recounting the piece (make's common case).
    #[inline(always)]
    pub(crate) fn move_piece<const HASH: bool>(
        &mut self,
        keys: &Keys,
        from: CellId,
        to: CellId,
        promoted: u8,
    ) {
        let q = self.move_quiet::<HASH, false>(keys, from, to, promoted);
        self.journal.push(Change::Move {
            from: q.from,
            to: q.to,
            before: q.before,
        });
    }

    /// [`GamePosition::move_piece`] without the journal: what it returns takes the
    /// move back ([`GamePosition::unmove_quiet`]). With `CAPTURE`, `to` holds a piece,
    /// which is taken off the board first (its count, hash key and royal sum), as
    /// `set_cell(to, EMPTY)` would; it goes to no hand.
    #[inline(always)]
    pub(crate) fn move_quiet<const HASH: bool, const CAPTURE: bool>(
        &mut self,
        keys: &Keys,
        from: CellId,
        to: CellId,
        promoted: u8,
    ) -> Quiet {
        let (f, t) = (from.index(), to.index());
        let cells = &mut self.cells[..];
        // As long as `cells` (which it is): indices checked on `cells` need no second
        // check.
        let marks = &mut self.marks[..cells.len()];
        let occ = cells[f];
        let taken = if CAPTURE { cells[t] } else { Occupant::EMPTY };
        debug_assert!(!occ.is_empty() && cells[t].is_empty() != CAPTURE);
        let (mf, mt) = (marks[f], marks[t]);
        cells[f] = Occupant::EMPTY;
        cells[t] = occ;
        marks[f] = 0;
        marks[t] = promoted | MOVED;
        if HASH {
            let mut h = keys.piece(occ, f) ^ keys.piece(occ, t);
            if CAPTURE {
                h ^= keys.piece(taken, t);
            }
            let (pf, pt) = (mf & PROMOTION, mt & PROMOTION);
            if pf | pt | promoted != 0 {
                h ^= keys.promoted_change(f, t, [pf, pt, promoted]);
            }
            self.hash ^= h;
        }
        if CAPTURE {
            self.counts[taken.side().index()][taken.kind().index()] -= 1;
            if keys.royal[taken.kind().index()] {
                self.royal_count[taken.side().index()] -= 1;
                self.royal_sum[taken.side().index()] -= t as u32;
            }
        }
        if keys.royal[occ.kind().index()] {
            let sum = &mut self.royal_sum[occ.side().index()];
            *sum = *sum - f as u32 + t as u32;
        }
        self.retrack_move(f, t, occ, taken, false);
        Quiet {
            from: from.0,
            to: to.0,
            before: [mf, mt],
            taken,
            capture: CAPTURE,
        }
    }

    /// Takes back a [`GamePosition::move_quiet`] (the hash is left to the caller).
    #[inline(always)]
    pub(crate) fn unmove_quiet(&mut self, keys: &Keys, q: Quiet) {
        if q.capture {
            self.unmove_capture(keys, q);
        } else {
            self.unmove_piece(keys, q.from, q.to, q.before, Occupant::EMPTY);
        }
    }

    /// [`GamePosition::unmove_quiet`] of a capture: the piece taken back on `to`,
    /// counted again.
    #[inline(always)]
    fn unmove_capture(&mut self, keys: &Keys, q: Quiet) {
        let (taken, t) = (q.taken, q.to as usize);
        self.unmove_piece(keys, q.from, q.to, q.before, taken);
        self.counts[taken.side().index()][taken.kind().index()] += 1;
        if keys.royal[taken.kind().index()] {
            self.royal_count[taken.side().index()] += 1;
            self.royal_sum[taken.side().index()] += t as u32;
        }
    }

    /// Takes back a [`GamePosition::move_piece`] from `from` to `to`, given the
    /// [`GamePosition::marks`] bytes both cells had and what stood on `to` (the hash,
    /// and a piece taken's count, are left to the caller).
    #[inline(always)]
    pub(super) fn unmove_piece(
        &mut self,
        keys: &Keys,
        from: u16,
        to: u16,
        before: [u8; 2],
        taken: Occupant,
    ) {
        let (f, t) = (from as usize, to as usize);
        let cells = &mut self.cells[..];
        let marks = &mut self.marks[..cells.len()];
        let occ = cells[t];
        cells[t] = taken;
        cells[f] = occ;
        marks[t] = before[1];
        marks[f] = before[0];
        if keys.royal[occ.kind().index()] {
            let sum = &mut self.royal_sum[occ.side().index()];
            *sum = *sum - t as u32 + f as u32;
        }
        self.retrack_move(f, t, occ, taken, true);
    }
}
