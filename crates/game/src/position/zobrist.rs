//! zobrist: the position's hash keys — one per (piece, cell), promotion mark, hand
//! count, castling right, en passant cell and side to move — drawn from a fixed
//! seed, so that the same game always hashes the same way.

use super::GamePosition;
use crate::ids::{PieceId, Side};
use crate::walk::Occupant;

/// Zobrist keys.
#[derive(Clone, Debug)]
pub struct Keys {
    pieces: usize,
    cells: usize,
    /// `[(side * pieces + piece) * cells + cell]`
    piece_cell: Vec<u64>,
    pub(super) promoted: Vec<u64>,
    /// `[(side * pieces + piece) * HAND_KEYS + n - 1]`
    hand: Vec<u64>,
    castling: Vec<u64>,
    ep: Vec<u64>,
    pub(crate) side: u64,
    /// Per piece: royal (kept here so the board's bookkeeping can track royals).
    pub(crate) royal: Vec<bool>,
    /// Bit k: a position read for this game keeps a list of the cells holding pieces
    /// of kind k ([`GamePosition::tracked`]): the kinds whose attacks are found by
    /// walking them forward, so that a query visits those pieces without scanning the
    /// board.
    pub(crate) tracked: u64,
    /// Some kind answered forward is kind 64 or beyond (a game of more than 64 kinds):
    /// no position keeps lists (`tracked` is 0) and queries scan the board.
    pub(crate) untracked: bool,
}

const HAND_KEYS: usize = 32;

impl Keys {
    /// Keys for a game of `pieces` kinds on `cells` cells with `castlings` castling
    /// moves; `royal[k]`: kind `k` is royal (so that positions can count their royals).
    pub fn new(pieces: usize, cells: usize, castlings: usize, royal: Vec<bool>) -> Keys {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (pieces as u64) << 32 ^ cells as u64;
        let mut next = move || {
            // splitmix64
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Keys {
            pieces,
            cells,
            piece_cell: (0..2 * pieces * cells).map(|_| next()).collect(),
            promoted: (0..cells).map(|_| next()).collect(),
            hand: (0..2 * pieces * HAND_KEYS).map(|_| next()).collect(),
            castling: (0..castlings).map(|_| next()).collect(),
            ep: (0..cells).map(|_| next()).collect(),
            side: next(),
            tracked: 0,
            untracked: false,
            royal,
        }
    }

    /// The same keys, with the position keeping a list of the cells of each kind `k`
    /// with `tracked[k]` (see [`GamePosition::tracked`]).
    pub(crate) fn tracking(mut self, tracked: &[bool]) -> Keys {
        self.untracked = tracked.iter().skip(64).any(|&t| t);
        if !self.untracked {
            self.tracked = tracked
                .iter()
                .enumerate()
                .filter(|&(_, &t)| t)
                .fold(0, |m, (k, _)| m | 1 << k);
        }
        self
    }

    /// The key of `occ` on `cell` (inline everywhere: a call costs more than its
    /// multiply and load, in make's out-of-line capture path too).
    #[inline(always)]
    pub(crate) fn piece(&self, occ: Occupant, cell: usize) -> u64 {
        self.piece_cell[(occ.side().index() * self.pieces + occ.kind().index()) * self.cells + cell]
    }

    #[inline]
    pub(super) fn hand(&self, side: Side, piece: PieceId, n: u16) -> u64 {
        let n = (n.max(1) as usize - 1) % HAND_KEYS;
        self.hand[(side.index() * self.pieces + piece.index()) * HAND_KEYS + n]
    }

    /// The en passant part of the hash for the cell `cell`.
    pub(crate) fn ep_key(&self, cell: usize) -> u64 {
        self.ep[cell]
    }

    /// What [`Keys::state`] changes by between a position with side to move `side`,
    /// castling rights `castling` and en passant `ep` and `pos`: make's update of the
    /// state part of the hash, touching only the keys of what changed.
    #[inline(always)]
    pub(crate) fn state_change(
        &self,
        (side, castling, ep): (Side, u64, &super::EnPassant),
        pos: &GamePosition,
    ) -> u64 {
        let mut h = 0;
        if pos.side != side {
            h ^= self.side;
        }
        h ^= self.castling_keys(castling ^ pos.castling);
        let (old, new) = (ep.cells().first(), pos.ep.cells().first());
        if old != new {
            if let Some(&c) = old {
                h ^= self.ep[c as usize];
            }
            if let Some(&c) = new {
                h ^= self.ep[c as usize];
            }
        }
        h
    }

    /// The promotion-mark keys a piece moving from `f` to `t` changes, given the marks
    /// `[on f, on t, the mover's after]` (each key counts when its mark is non-zero).
    #[cold]
    pub(crate) fn promoted_change(&self, f: usize, t: usize, [pf, pt, after]: [u8; 3]) -> u64 {
        let mut h = 0;
        if pf != 0 {
            h ^= self.promoted[f];
        }
        if pt != 0 {
            h ^= self.promoted[t];
        }
        if after != 0 {
            h ^= self.promoted[t];
        }
        h
    }

    /// The keys of the castling rights in `rights` (bit `i`: castling number `i`).
    #[inline]
    pub(crate) fn castling_keys(&self, mut rights: u64) -> u64 {
        let mut h = 0;
        while rights != 0 {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            if let Some(k) = self.castling.get(i) {
                h ^= k;
            }
        }
        h
    }

    /// The part of the hash from side to move, castling rights and en passant.
    pub(crate) fn state(&self, pos: &GamePosition) -> u64 {
        let mut h = 0;
        if pos.side == Side::Second {
            h ^= self.side;
        }
        for (i, k) in self.castling.iter().enumerate() {
            if pos.castling & (1 << i) != 0 {
                h ^= k;
            }
        }
        if let Some(&c) = pos.ep.cells().first() {
            h ^= self.ep[c as usize];
        }
        h
    }
}
