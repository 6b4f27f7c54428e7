//! position: a game position — occupants, promotion marks, hands, side to move,
//! castling rights, en passant, clocks — its Zobrist hash ([`zobrist`]), the journal,
//! and the journaled setters every change goes through. Playing a move with them is
//! the layer above, `make` (make/unmake), which calls the rule modules (tags, delayed
//! promotions, effects) that also change positions only through these setters.
//!
//! Every change to the board or a hand goes through [`GamePosition::set_cell`] or
//! [`GamePosition::add_hand`], which keep the hash and piece counts current and record
//! the old value in the journal; [`GamePosition::rewind`] undoes changes back to a mark.
//! The one exception is make's quiet move ([`GamePosition::move_quiet`]: one piece onto
//! an empty cell, or a plain capture in a game without hands), whose old values travel
//! in the [`Undo`] record instead.
//! So make/unmake never reconstruct anything and allocate nothing once the journal has
//! grown to the search depth.

mod plus;
mod quiet;
mod tags;
mod zobrist;

pub(crate) use plus::PlusIds;
pub(crate) use quiet::Quiet;
pub(crate) use tags::tag_hash;
pub use zobrist::Keys;

use crate::ids::{CellId, PieceId, Side};
use crate::walk::{Occupancy, Occupant};

use super::MAX_EP_CELLS;

/// The position with one cell overridden (the victim an attack query assumes on the
/// queried cell, or a phantom piece on an en passant cell): a board view, as
/// [`GamePosition`] is one.
pub(crate) struct Override<'a> {
    pub pos: &'a GamePosition,
    pub cell: CellId,
    pub occ: Occupant,
}

impl Occupancy for Override<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        if cell == self.cell {
            self.occ
        } else {
            self.pos.cells[cell.index()]
        }
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.pos.unmoved(cell)
    }
}

/// Cells open to en passant capture for one ply, and the piece that may be taken.
///
/// Sixteen bytes, aligned to sixteen: `make` saves it in the undo record and `unmake`
/// restores it at every move, and a copy in one 16-byte load and store keeps the
/// processor forwarding the store to the next load (a copy in mismatched pieces
/// stalled make and unmake for about a fifth of their time, issue 17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(C, align(16))]
pub struct EnPassant {
    /// The cells, of which the first `len` count.
    pub cells: [u16; MAX_EP_CELLS],
    /// How many cells are open (0: none).
    pub len: u8,
    /// The cell of the piece an en passant capture removes.
    pub victim: u16,
}

// Six cells (a rush of seven steps, Croatian Chess's Nineteen) still fit the sixteen bytes.
const _: () = assert!(std::mem::size_of::<EnPassant>() == 16);

impl EnPassant {
    /// The open cells (as cell indices).
    pub fn cells(&self) -> &[u16] {
        &self.cells[..self.len as usize]
    }

    /// Whether no cell is open.
    pub fn is_none(&self) -> bool {
        self.len == 0
    }
}

/// `tracked_at` of a cell without a tracked piece.
const NOT_TRACKED: u16 = u16::MAX;

/// One journal entry: a value before it changed.
#[derive(Clone, Copy, Debug)]
enum Change {
    Cell {
        cell: u16,
        occ: Occupant,
        /// The cell's [`GamePosition::marks`] byte.
        mark: u8,
    },
    Hand {
        side: Side,
        piece: PieceId,
        delta: i8,
    },
    /// A piece moved from `from` to the empty cell `to` ([`GamePosition::move_piece`]):
    /// the [`GamePosition::marks`] bytes both cells had.
    Move { from: u16, to: u16, before: [u8; 2] },
    /// A cell's tags (and moved flag) before a move took them away.
    Tags { cell: u16, tags: u8, moved: bool },
    /// The Sokoban+ box ids of two cells exchanged ([`GamePosition::swap_plus`]).
    PlusSwap { a: u16, b: u16 },
    /// Sokoban's reverse mode: the first pull made ([`GamePosition::pulled`] was false).
    Pulled,
    /// A side's gating rights before a move changed them ([`GamePosition::gates`]), as
    /// two halves (the record keeps its two-byte alignment).
    Gates { side: Side, before: [u16; 2] },
}

/// A position of a [`super::Game`].
#[derive(Clone, Debug)]
pub struct GamePosition {
    pub(crate) cells: Vec<Occupant>,
    /// Per cell, one byte: bits 0-6 ([`PROMOTION`]) 0, or the kind + 1 the piece there
    /// was promoted from (FEN `~`; it returns to a hand as that kind); bit 7
    /// ([`MOVED`]) the piece there has moved (for `initial` patterns). One byte, so
    /// that a cell written is one load, store and bounds check
    /// ([`GamePosition::promoted`], [`GamePosition::moved`] read it).
    pub(crate) marks: Vec<u8>,
    /// Per cell: the tags the piece there carries (bit `i`: tag `i` of the game's
    /// `tag` declarations). Empty in games without tags.
    pub(crate) tags: Vec<u8>,
    /// Per cell: a goal of a Sokoban puzzle (`.`, `*`, `+` on a text board). A fixed
    /// marking of the puzzle: moves never change it, so it is not hashed. FEN does not
    /// carry it.
    pub(crate) goals: Vec<bool>,
    /// Sokoban+: the ids of the boxes and goals (`None`: plain Sokoban, or any other
    /// game). Box ids are hashed; FEN does not carry them.
    pub(crate) plus: Option<Box<PlusIds>>,
    /// Sokoban's reverse mode: a pull has been made (no more jumps). Hashed.
    pub(crate) pulled: bool,
    /// `[side][piece]` pieces in hand (a FEN's hand holds at most [`MAX_HAND`] of a kind,
    /// so captures on the largest board cannot take it past `u16`).
    pub(crate) hands: [Vec<u16>; 2],
    /// `[side][piece]` pieces on the board (at most the board's cells, which a `CellId`
    /// counts in a `u16`).
    pub(crate) counts: [Vec<u16>; 2],
    pub(crate) side: Side,
    /// One bit per [`super::CastlingMove`].
    pub(crate) castling: u64,
    /// Per side: its gating rights (`gating`), bit `f` the right on the zone's cell on
    /// file `f`. Zero in games without gating. Hashed; journaled.
    pub(crate) gates: [u32; 2],
    pub(crate) ep: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Per side: the checks it has given (`checks N` games; FEN `3+3` counts the checks
    /// left). Kept by a [`super::Line`] and FEN, not by make/unmake (no move's legality
    /// depends on it); not in the hash.
    pub(crate) checks: [u8; 2],
    /// `lion trading`: the last move captured a Lion with a piece that is not one (no
    /// piece but a Lion may capture a Lion now). Not in FEN; a FEN gives `false`.
    pub(crate) lion_taken: bool,
    pub(crate) hash: u64,
    /// Per side: the number of royal pieces on the board and the sum of their cell ids
    /// (so a lone royal's cell is known without a scan).
    pub(crate) royal_count: [u16; 2],
    pub(crate) royal_sum: [u32; 2],
    /// Bit k: the position keeps the cells of kind k in `tracked` (the mask of the
    /// game's [`Keys`] the position was read for).
    pub(crate) tracking: u64,
    /// Per side: the cells holding pieces of the kinds in `tracking` (in no order).
    tracked: [Vec<u16>; 2],
    /// Per cell: its index in its side's `tracked` list, if it holds a tracked piece.
    tracked_at: Vec<u16>,
    journal: Vec<Change>,
}

impl PartialEq for GamePosition {
    fn eq(&self, o: &GamePosition) -> bool {
        self.cells == o.cells
            && self.marks.len() == o.marks.len()
            && self
                .marks
                .iter()
                .zip(&o.marks)
                .all(|(a, b)| (a ^ b) & PROMOTION == 0)
            && self.tags == o.tags
            && self.goals == o.goals
            && self.plus == o.plus
            && self.pulled == o.pulled
            && self.hands == o.hands
            && self.side == o.side
            && self.castling == o.castling
            && self.gates == o.gates
            && self.ep == o.ep
            && self.checks == o.checks
            && self.lion_taken == o.lion_taken
            && self.hash == o.hash
    }
}

/// What [`super::Game::unmake`] needs besides the journal.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// The journal's length before the move (a `u32`: the record stays 48 bytes).
    pub(crate) mark: u32,
    pub(crate) castling: u64,
    pub(crate) ep: EnPassant,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// A quiet move played without the journal ([`GamePosition::move_quiet`]).
    pub(crate) quiet: Option<Quiet>,
    pub(crate) lion_taken: bool,
}

impl Occupancy for GamePosition {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells[cell.index()]
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        !self.moved(cell.index())
    }
}

/// The promotion mark's bits of a [`GamePosition::marks`] byte.
pub(crate) const PROMOTION: u8 = 0x7f;
/// The moved flag's bit of a [`GamePosition::marks`] byte.
pub(crate) const MOVED: u8 = 0x80;

/// The [`GamePosition::marks`] byte of a piece with promotion mark `promoted` (below
/// 128) that has `moved` or not.
#[inline(always)]
pub(crate) fn cell_mark(promoted: u8, moved: bool) -> u8 {
    debug_assert!(promoted <= PROMOTION);
    promoted | (moved as u8) << 7
}

impl GamePosition {
    pub(crate) fn empty(pieces: usize, cells: usize) -> GamePosition {
        GamePosition {
            cells: vec![Occupant::EMPTY; cells],
            marks: vec![0; cells],
            tags: Vec::new(),
            goals: vec![false; cells],
            plus: None,
            pulled: false,
            hands: [vec![0; pieces], vec![0; pieces]],
            counts: [vec![0; pieces], vec![0; pieces]],
            side: Side::First,
            castling: 0,
            gates: [0; 2],
            ep: EnPassant::default(),
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            lion_taken: false,
            hash: 0,
            royal_count: [0; 2],
            royal_sum: [0; 2],
            tracking: 0,
            tracked: [Vec::new(), Vec::new()],
            tracked_at: vec![NOT_TRACKED; cells],
            journal: Vec::new(),
        }
    }

    /// The promotion mark of cell `i`: 0, or the kind + 1 its piece was promoted from.
    #[inline(always)]
    pub(crate) fn promoted(&self, i: usize) -> u8 {
        self.marks[i] & PROMOTION
    }

    /// Whether the piece on cell `i` has moved.
    #[inline(always)]
    pub(crate) fn moved(&self, i: usize) -> bool {
        self.marks[i] & MOVED != 0
    }

    /// Sets whether the piece on cell `i` has moved (its promotion mark kept).
    #[inline]
    pub(crate) fn set_moved(&mut self, i: usize, moved: bool) {
        let m = &mut self.marks[i];
        *m = *m & PROMOTION | (moved as u8) << 7;
    }

    /// The cells holding `side`'s pieces of the kinds in [`GamePosition::tracking`]
    /// (the pieces whose attacks are found by walking them forward), in no particular
    /// order.
    pub(crate) fn tracked(&self, side: Side) -> &[u16] {
        &self.tracked[side.index()]
    }

    /// Whether `occ` is a piece of a tracked kind.
    #[inline(always)]
    fn tracks(&self, occ: Occupant) -> bool {
        // A kind past 64 is never tracked (`Keys::untracked`): `checked_shr` gives 0.
        self.tracking != 0
            && !occ.is_empty()
            && self.tracking.checked_shr(occ.kind().0 as u32).unwrap_or(0) & 1 != 0
    }

    /// Writes `occ` on `cell` and returns what stood there, keeping only the tracked
    /// lists current (no hash, counts or journal): for a legality test that writes a
    /// move into the board and writes the old occupants back, in reverse order, the
    /// same way.
    #[inline(always)]
    pub(crate) fn write_raw(&mut self, cell: CellId, occ: Occupant) -> Occupant {
        let i = cell.index();
        let old = self.cells[i];
        self.cells[i] = occ;
        if self.tracking != 0 {
            self.retrack(i, old, occ);
        }
        old
    }

    /// Keeps the tracked lists current when cell `i` goes from `old` to `new`.
    #[cold]
    #[inline(never)]
    fn retrack(&mut self, i: usize, old: Occupant, new: Occupant) {
        if self.tracks(old) {
            self.untrack(old.side(), i);
        }
        if self.tracks(new) {
            self.track(new.side(), i);
        }
    }

    /// Keeps the tracked lists current when the piece `occ` moves from `f` to `t`,
    /// where `taken` stood ([`Occupant::EMPTY`] or the piece it takes); back again
    /// with `back` (the piece returns to `f`, `taken` to `t`). A mover keeps its
    /// place in its list. Nothing but two tests unless a tracked piece is involved.
    #[inline(always)]
    pub(super) fn retrack_move(
        &mut self,
        f: usize,
        t: usize,
        occ: Occupant,
        taken: Occupant,
        back: bool,
    ) {
        if self.tracking != 0 && (self.tracks(occ) || self.tracks(taken)) {
            self.retrack_move_cold(f, t, occ, taken, back);
        }
    }

    /// [`GamePosition::retrack_move`] once a tracked piece is involved.
    #[cold]
    #[inline(never)]
    fn retrack_move_cold(
        &mut self,
        f: usize,
        t: usize,
        occ: Occupant,
        taken: Occupant,
        back: bool,
    ) {
        let (from, to) = if back { (t, f) } else { (f, t) };
        if !back && self.tracks(taken) {
            self.untrack(taken.side(), t);
        }
        if self.tracks(occ) {
            let at = self.tracked_at[from];
            self.tracked[occ.side().index()][at as usize] = to as u16;
            self.tracked_at[to] = at;
            self.tracked_at[from] = NOT_TRACKED;
        }
        if back && self.tracks(taken) {
            self.track(taken.side(), t);
        }
    }

    /// Adds cell `i` (holding a tracked piece of `side`) to the list.
    #[inline]
    fn track(&mut self, side: Side, i: usize) {
        let list = &mut self.tracked[side.index()];
        self.tracked_at[i] = list.len() as u16;
        list.push(i as u16);
    }

    /// Removes cell `i` (holding a tracked piece of `side`) from the list.
    #[inline]
    fn untrack(&mut self, side: Side, i: usize) {
        let list = &mut self.tracked[side.index()];
        let at = self.tracked_at[i] as usize;
        self.tracked_at[i] = NOT_TRACKED;
        list.swap_remove(at);
        if let Some(&moved) = list.get(at) {
            self.tracked_at[moved as usize] = at as u16;
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// What stands on `cell`.
    pub fn occupant(&self, cell: CellId) -> Occupant {
        self.cells[cell.index()]
    }

    /// What stands on every cell, indexed by cell id.
    pub fn cells(&self) -> &[Occupant] {
        &self.cells
    }

    /// Whether `cell` is a goal (Sokoban text boards mark them; FEN has none).
    pub fn is_goal(&self, cell: CellId) -> bool {
        self.goals.get(cell.index()).copied().unwrap_or(false)
    }

    /// Pieces of `piece` in `side`'s hand.
    pub fn in_hand(&self, side: Side, piece: PieceId) -> u16 {
        self.hands[side.index()][piece.index()]
    }

    /// Pieces of `piece` of `side` on the board.
    pub fn on_board(&self, side: Side, piece: PieceId) -> u16 {
        self.counts[side.index()][piece.index()]
    }

    /// The Zobrist hash: equal positions (same pieces, hands, side, rights, en passant)
    /// hash equal.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The castling rights left: bit `i` for castling number `i` of
    /// [`Game::castlings`](crate::Game::castlings).
    pub fn castling_rights(&self) -> u64 {
        self.castling
    }

    /// The cells open to en passant capture for this ply.
    pub fn en_passant(&self) -> &EnPassant {
        &self.ep
    }

    /// Plies since the last capture or move of an en passant capturer.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The checks `side` has given, as a game with `checks N` counts them (0 in other
    /// games).
    pub fn checks_given(&self, side: Side) -> u32 {
        u32::from(self.checks[side.index()])
    }

    /// The move number (from 1; increases after the second side moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    pub(crate) fn mark(&self) -> usize {
        self.journal.len()
    }

    /// Calls `f` with every cell the move that `undo` takes back wrote (a cell the
    /// journal wrote twice, twice; a move outside the journal, its two cells once
    /// each), for consumers that follow the board, such as distance maps.
    pub(crate) fn cells_written(&self, undo: &Undo, mut f: impl FnMut(CellId)) {
        if let Some(q) = undo.quiet {
            f(CellId(q.from));
            f(CellId(q.to));
        }
        self.cells_written_since(undo.mark as usize, f);
    }

    /// Calls `f` with every cell written since journal mark `mark` (a cell written
    /// twice, twice).
    fn cells_written_since(&self, mark: usize, mut f: impl FnMut(CellId)) {
        for change in self.journal.get(mark..).unwrap_or(&[]) {
            match *change {
                Change::Cell { cell, .. } => f(CellId(cell)),
                Change::Move { from, to, .. } => {
                    f(CellId(from));
                    f(CellId(to));
                }
                Change::Hand { .. }
                | Change::Tags { .. }
                | Change::PlusSwap { .. }
                | Change::Pulled
                | Change::Gates { .. } => {}
            }
        }
    }

    /// Puts `occ` on `cell` (with its promotion mark and moved flag), keeping counts
    /// and hash current and journaling the old contents.
    pub(crate) fn set_cell<const HASH: bool>(
        &mut self,
        keys: &Keys,
        cell: CellId,
        occ: Occupant,
        promoted: u8,
        moved: bool,
    ) {
        let i = cell.index();
        self.journal.push(Change::Cell {
            cell: cell.0,
            occ: self.cells[i],
            mark: self.marks[i],
        });
        self.put::<HASH>(keys, i, occ, cell_mark(promoted, moved));
    }

    /// Puts `occ` on cell `i` with the [`GamePosition::marks`] byte `mark`, keeping the
    /// counts (and with `HASH` the hash) current.
    #[inline]
    fn put<const HASH: bool>(&mut self, keys: &Keys, i: usize, occ: Occupant, mark: u8) {
        let old = self.cells[i];
        if !old.is_empty() {
            self.counts[old.side().index()][old.kind().index()] -= 1;
            if HASH {
                self.hash ^= keys.piece(old, i);
            }
            if keys.royal[old.kind().index()] {
                self.royal_count[old.side().index()] -= 1;
                self.royal_sum[old.side().index()] -= i as u32;
            }
        }
        if HASH && self.marks[i] & PROMOTION != 0 {
            self.hash ^= keys.promoted[i];
        }
        self.cells[i] = occ;
        self.marks[i] = mark;
        if !occ.is_empty() {
            self.counts[occ.side().index()][occ.kind().index()] += 1;
            if HASH {
                self.hash ^= keys.piece(occ, i);
            }
            if keys.royal[occ.kind().index()] {
                self.royal_count[occ.side().index()] += 1;
                self.royal_sum[occ.side().index()] += i as u32;
            }
        }
        if self.tracking != 0 {
            self.retrack(i, old, occ);
        }
        if HASH && mark & PROMOTION != 0 {
            self.hash ^= keys.promoted[i];
        }
    }

    /// Adds `delta` pieces to a hand, journaled.
    pub(crate) fn add_hand<const HASH: bool>(
        &mut self,
        keys: &Keys,
        side: Side,
        piece: PieceId,
        delta: i8,
    ) {
        self.journal.push(Change::Hand { side, piece, delta });
        self.bump_hand::<HASH>(keys, side, piece, delta);
    }

    fn bump_hand<const HASH: bool>(&mut self, keys: &Keys, side: Side, piece: PieceId, delta: i8) {
        let h = &mut self.hands[side.index()][piece.index()];
        if delta > 0 {
            for _ in 0..delta {
                *h = h.saturating_add(1);
                if HASH {
                    self.hash ^= keys.hand(side, piece, *h);
                }
            }
        } else {
            for _ in 0..(-delta) {
                if HASH {
                    self.hash ^= keys.hand(side, piece, *h);
                }
                *h = h.saturating_sub(1);
            }
        }
    }

    /// Sets `side`'s gating rights to `rights` (journaled; with `HASH` the hash kept).
    pub(crate) fn set_gates<const HASH: bool>(&mut self, side: Side, rights: u32) {
        let before = self.gates[side.index()];
        if before == rights {
            return;
        }
        self.journal.push(Change::Gates {
            side,
            before: [before as u16, (before >> 16) as u16],
        });
        if HASH {
            self.hash ^= gate_keys(side, before ^ rights);
        }
        self.gates[side.index()] = rights;
    }

    /// Undoes journaled changes back to `mark`. The hash is left stale: the caller
    /// restores the one it saved.
    pub(crate) fn rewind(&mut self, keys: &Keys, mark: usize) {
        while self.journal.len() > mark {
            match self.journal.pop() {
                Some(Change::Cell { cell, occ, mark }) => {
                    self.put::<false>(keys, cell as usize, occ, mark)
                }
                Some(Change::Hand { side, piece, delta }) => {
                    self.bump_hand::<false>(keys, side, piece, -delta)
                }
                Some(Change::Move { from, to, before }) => {
                    self.unmove_piece(keys, from, to, before, Occupant::EMPTY)
                }
                Some(Change::Tags { cell, tags, moved }) => {
                    self.tags[cell as usize] = tags;
                    self.set_moved(cell as usize, moved);
                }
                Some(Change::PlusSwap { a, b }) => self.unswap_plus(a, b),
                Some(Change::Pulled) => self.pulled = false,
                Some(Change::Gates { side, before }) => {
                    self.gates[side.index()] = u32::from(before[0]) | u32::from(before[1]) << 16
                }
                None => break,
            }
        }
    }

    /// Recomputes the hash and counts from scratch (after reading a FEN).
    pub(crate) fn rehash(&mut self, keys: &Keys) {
        let mut h = 0;
        for c in self.counts.iter_mut() {
            c.iter_mut().for_each(|n| *n = 0);
        }
        self.royal_count = [0; 2];
        self.royal_sum = [0; 2];
        self.tracking = keys.tracked;
        self.tracked = [Vec::new(), Vec::new()];
        self.tracked_at.iter_mut().for_each(|t| *t = NOT_TRACKED);
        for i in 0..self.cells.len() {
            let occ = self.cells[i];
            if self.tracks(occ) {
                self.track(occ.side(), i);
            }
        }
        for (i, &occ) in self.cells.iter().enumerate() {
            if !occ.is_empty() {
                h ^= keys.piece(occ, i);
                self.counts[occ.side().index()][occ.kind().index()] += 1;
                if keys.royal[occ.kind().index()] {
                    self.royal_count[occ.side().index()] += 1;
                    self.royal_sum[occ.side().index()] += i as u32;
                }
            }
            if self.promoted(i) != 0 {
                h ^= keys.promoted[i];
            }
        }
        for side in Side::BOTH {
            for p in 0..self.hands[side.index()].len() {
                for n in 1..=self.hands[side.index()][p] {
                    h ^= keys.hand(side, PieceId(p as u8), n);
                }
            }
        }
        h ^= keys.state(self);
        for side in Side::BOTH {
            h ^= gate_keys(side, self.gates[side.index()]);
        }
        h ^= self.plus_hash();
        if self.pulled {
            h ^= plus::PULLED_KEY;
        }
        if self.lion_taken {
            h ^= LION_TAKEN_KEY;
        }
        self.hash = h;
    }
}

/// The hash key of [`GamePosition::lion_taken`] (`lion trading`): a position where no
/// piece but a Lion may take a Lion differs from the same board without that rule.
pub(crate) const LION_TAKEN_KEY: u64 = 0x6c69_6f6e_5f74_616b;

/// The hash keys of `side`'s gating rights in `rights` (bit `f`: file `f`).
pub(crate) fn gate_keys(side: Side, mut rights: u32) -> u64 {
    let mut h = 0u64;
    while rights != 0 {
        let f = rights.trailing_zeros() as u64;
        rights &= rights - 1;
        // A fixed key per (side, file): splitmix64 of its number.
        let mut z = (0x6761_7469_6e67_0000 | (side.index() as u64) << 8 | f)
            .wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^= z ^ (z >> 31);
    }
    h
}
