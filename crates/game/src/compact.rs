//! compact: the engine author's move — [`CompactMove`], 8 bytes — and the list that
//! holds it ([`MoveList`]).
//!
//! Owns the encoding of a [`GameMove`] into one `u64` and back; not how moves are found
//! (`movegen`, which builds a [`MoveList`] directly on the bitboard kernel's path) nor
//! how they are played (`make`, which plays a quiet compact move without decoding
//! it), nor the engine's legal list (`legality::judged`'s `MoveGenerator::legal_list`).
//!
//! A move of one piece (a walk's move with or without a capture on its destination,
//! a promotion, a move opening one cell to en passant, an en passant capture, castling,
//! a drop) is encoded whole. Every other move (pushes and swaps, conversions, captures
//! in passing, cascades, side changes, the Duck's cell, a pattern's mark, more than one cell opened
//! to en passant, boards over 4,096 cells) is kept whole in the list's side table, and
//! its compact move holds the index there: such a move means something only with its
//! list ([`CompactMove::is_self_contained`]).

use super::kernel::bits::{Bits, Cells};
use super::{kernel, GameMove, MoveKind};
use crate::ids::{CellId, PieceId};
use crate::table::Step;

/// Bits 0..12: the start cell; 12..24: the destination.
const CELL_BITS: u32 = 12;
const CELL_MASK: u64 = (1 << CELL_BITS) - 1;
const TO_SHIFT: u32 = 12;
/// Bits 24..30: the moving piece.
const PIECE_SHIFT: u32 = 24;
const PIECE_MASK: u64 = 0x3f;
/// Bits 30..32: the kind (0 normal, 1 drop, 2 castling, 3 en passant).
const KIND_SHIFT: u32 = 30;
const KIND_MASK: u64 = 3 << KIND_SHIFT;
/// Bit 32: the piece on the destination is captured.
const CAPTURES: u64 = 1 << 32;
/// Bit 33: the move promotes, to the piece in bits 34..40.
const PROMOTES: u64 = 1 << 33;
/// Bits 34..40: the promotion's piece, or castling's number.
const AUX_SHIFT: u32 = 34;
/// Bits 40..52: the cell opened to en passant, or an en passant capture's victim.
const EP_SHIFT: u32 = 40;
/// Bit 52: the move opens the cell in bits 40..52 to en passant.
const OPENS_EP: u64 = 1 << 52;
/// Bit 63: the move is in the list's side table, at the index in bits 0..32.
const EXTENDED: u64 = 1 << 63;
/// The bits a quiet move of one piece has none of: a kind but normal, a capture, a
/// promotion, the side table.
const NOT_QUIET: u64 = KIND_MASK | CAPTURES | PROMOTES | EXTENDED;

/// A move in 8 bytes, as [`MoveGenerator::legal_list`](super::MoveGenerator::legal_list)
/// lists it: played with [`Game::make_compact`](super::Game::make_compact), decoded to the
/// full [`GameMove`] with [`MoveList::decode`].
///
/// Equal compact moves of one list are the same move; two lists may give the same
/// `CompactMove` to different moves only when it is not self-contained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CompactMove(u64);

impl CompactMove {
    /// The encoding of `m` when it fits in 8 bytes (see the module's docs).
    #[inline(always)]
    pub(crate) fn encode(m: &GameMove) -> Option<CompactMove> {
        if m.push_to.is_some()
            || m.duck.is_some()
            || m.convert.is_some()
            || m.n_cascade != 0
            || m.n_passing != 0
            || m.mark != 0
            || m.gate != 0
            || m.n_ep > 1
            || m.has_side_changes()
        {
            return None;
        }
        let (from, to) = (m.from.0 as u64, m.to.0 as u64);
        let piece = m.piece.0 as u64;
        let mut bits = from | to << TO_SHIFT | piece << PIECE_SHIFT;
        let mut wide = from | to;
        let mut aux = 0u64;
        match m.kind {
            MoveKind::Normal => {}
            MoveKind::Drop => bits |= 1 << KIND_SHIFT,
            MoveKind::Castling(i) => {
                bits |= 2 << KIND_SHIFT;
                aux = i as u64;
            }
            MoveKind::EnPassant { victim } => {
                if m.n_ep != 0 {
                    return None;
                }
                bits |= 3 << KIND_SHIFT | (victim.0 as u64) << EP_SHIFT;
                wide |= victim.0 as u64;
            }
        }
        if let Some(p) = m.promotion {
            if matches!(m.kind, MoveKind::Castling(_)) {
                return None;
            }
            bits |= PROMOTES;
            aux = p.0 as u64;
        }
        if m.captures_to {
            bits |= CAPTURES;
        }
        if m.n_ep == 1 {
            bits |= OPENS_EP | (m.ep[0] as u64) << EP_SHIFT;
            wide |= m.ep[0] as u64;
        }
        if wide > CELL_MASK || (piece | aux) > PIECE_MASK {
            return None;
        }
        Some(CompactMove(bits | aux << AUX_SHIFT))
    }

    /// The move `m` decodes to, when it is not in a side table.
    fn decode_self(self) -> GameMove {
        let b = self.0;
        let cell = |shift: u32| CellId(((b >> shift) & CELL_MASK) as u16);
        let aux = ((b >> AUX_SHIFT) & PIECE_MASK) as u8;
        let kind = match (b & KIND_MASK) >> KIND_SHIFT {
            0 => MoveKind::Normal,
            1 => MoveKind::Drop,
            2 => MoveKind::Castling(aux),
            _ => MoveKind::EnPassant {
                victim: cell(EP_SHIFT),
            },
        };
        let mut m = GameMove::simple(kind, self.piece(), self.from(), self.to());
        m.captures_to = b & CAPTURES != 0;
        if b & PROMOTES != 0 {
            m.promotion = Some(PieceId(aux));
        }
        if b & OPENS_EP != 0 {
            m.ep[0] = cell(EP_SHIFT).0;
            m.n_ep = 1;
        }
        m
    }

    /// The side-table index of a move that is not self-contained.
    fn extended(i: usize) -> CompactMove {
        CompactMove(EXTENDED | i as u64)
    }

    /// Whether the move means the same in any list (not an index into its list's side
    /// table of moves too rich for 8 bytes).
    #[inline]
    pub fn is_self_contained(self) -> bool {
        self.0 & EXTENDED == 0
    }

    /// The start cell (a drop's is its destination); meaningless for a move that is
    /// not self-contained.
    #[inline]
    pub fn from(self) -> CellId {
        CellId((self.0 & CELL_MASK) as u16)
    }

    /// The destination; meaningless for a move that is not self-contained.
    #[inline]
    pub fn to(self) -> CellId {
        CellId(((self.0 >> TO_SHIFT) & CELL_MASK) as u16)
    }

    /// The moving (or dropped) piece; meaningless for a move that is not
    /// self-contained.
    #[inline]
    pub fn piece(self) -> PieceId {
        PieceId(((self.0 >> PIECE_SHIFT) & PIECE_MASK) as u8)
    }

    /// Whether this is a normal move of one piece onto an empty cell without a
    /// promotion (the make of a compact move plays these without decoding them).
    #[inline]
    pub fn is_quiet(self) -> bool {
        self.0 & NOT_QUIET == 0
    }

    /// Whether this is a normal move without promotion that captures the piece on its
    /// destination (and nothing else).
    #[inline]
    pub(crate) fn is_plain_capture(self) -> bool {
        self.0 & NOT_QUIET == CAPTURES
    }

    /// Whether the move is a normal one without promotion (its start cell and piece
    /// are all legality needs of it in a simple node).
    #[inline]
    pub(crate) fn is_plain(self) -> bool {
        self.0 & (KIND_MASK | PROMOTES | EXTENDED) == 0
    }

    /// The cell a quiet move opens to en passant, if any.
    #[inline]
    pub(crate) fn opened_ep(self) -> Option<u16> {
        (self.0 & OPENS_EP != 0).then_some(((self.0 >> EP_SHIFT) & CELL_MASK) as u16)
    }

    /// The raw 8 bytes (for a transposition table or a killer slot); only a
    /// self-contained move means something apart from its list.
    #[inline]
    pub fn to_bits(self) -> u64 {
        self.0
    }
}

/// A list of [`CompactMove`]s with the side table of its moves too rich for 8 bytes:
/// what [`MoveGenerator::legal_list`](super::MoveGenerator::legal_list) fills. Reuse
/// one per ply of a search: it allocates nothing once grown.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<CompactMove>,
    extended: Vec<GameMove>,
}

impl MoveList {
    /// Whether every cell and piece of a game of `cells` cells and `pieces` kinds fits a
    /// compact move's fields (the kernel's rays write compact moves without testing).
    pub(crate) fn fits(cells: usize, pieces: usize) -> bool {
        cells as u64 <= CELL_MASK + 1 && pieces as u64 <= PIECE_MASK + 1
    }

    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// How many moves the list holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The compact moves, in the list's order (see
    /// [`MoveGenerator::legal_list`](super::MoveGenerator::legal_list)).
    #[inline]
    pub fn moves(&self) -> &[CompactMove] {
        &self.moves
    }

    /// Empties the list (keeping its memory).
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.extended.clear();
    }

    /// The full move `m` (a move of this list) stands for.
    pub fn decode(&self, m: CompactMove) -> GameMove {
        if m.is_self_contained() {
            m.decode_self()
        } else {
            // An index this list gave out (a foreign one reads as an empty move of
            // piece 0 on cell 0 rather than panicking).
            let i = (m.0 & u32::MAX as u64) as usize;
            self.extended.get(i).copied().unwrap_or_else(|| {
                GameMove::simple(MoveKind::Normal, PieceId(0), CellId(0), CellId(0))
            })
        }
    }

    /// The full moves, in order.
    pub fn game_moves(&self) -> impl Iterator<Item = GameMove> + '_ {
        self.moves.iter().map(|&m| self.decode(m))
    }

    /// Appends `m`, encoded when it fits.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: GameMove) {
        match CompactMove::encode(&m) {
            Some(c) => self.moves.push(c),
            None => {
                self.moves.push(CompactMove::extended(self.extended.len()));
                self.extended.push(m);
            }
        }
    }

    /// Keeps the moves from index `start` on that `keep` keeps (a plain one,
    /// [`CompactMove::is_plain`], may be kept on `plain(from)` without being decoded);
    /// the first `start` stay as they are.
    #[inline(always)]
    pub(crate) fn retain_judged(
        &mut self,
        start: usize,
        plain: impl Fn(usize) -> bool,
        mut keep: impl FnMut(&GameMove) -> bool,
    ) {
        // By hand: eight-byte moves copied down in place, the plain test inline.
        let mut kept = start;
        for i in start..self.moves.len() {
            let m = self.moves[i];
            if (m.is_plain() && plain(m.from().index())) || keep(&self.decode(m)) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }
}

/// Where generation puts the moves it finds: a `Vec<GameMove>` or a [`MoveList`].
pub(crate) trait MoveOut {
    /// Appends `m`.
    fn push(&mut self, m: GameMove);
    /// What the moves of one piece's rays share, computed once per piece.
    type RayBase: Copy;
    /// The [`MoveOut::RayBase`] of `piece`'s moves from `from`.
    fn ray_base(piece: PieceId, from: CellId) -> Self::RayBase;
    /// Appends the move of a kernel's ray or hurdle line ([`kernel::ray_move`]) from
    /// `base` to `to`.
    fn push_ray(&mut self, base: Self::RayBase, to: u16, captures: bool, ep: &[Step]);
    /// Empties the list.
    fn clear(&mut self);
    /// Keeps the moves from index `start` on for which `keep` holds, or, for a normal
    /// move without promotion, `plain(from)`.
    fn retain_judged(
        &mut self,
        start: usize,
        plain: impl Fn(usize) -> bool,
        keep: impl FnMut(&GameMove) -> bool,
    );
    /// How many moves the list holds.
    fn count(&self) -> usize;
    /// The list need not keep the walk's order: a piece whose moves are told by their
    /// destinations may have them written as a set, in cell order
    /// ([`MoveOut::push_set`]).
    const SETS: bool;
    /// Appends the move of a kernel's ray from `base` to `to` that opens the one cell
    /// `ep` to en passant.
    fn push_opening(&mut self, base: Self::RayBase, to: u16, captures: bool, ep: u16);
    /// Appends a move from `base` to every cell of `to` (as [`MoveOut::push_ray`] would
    /// one by one), captures on the cells of `captures`; a move to the landing of a pair
    /// of `ep` opens its other cell to en passant. The moves opening en passant come
    /// first, then the others as [`MoveOut::push_landings`] writes them.
    #[inline(always)]
    fn push_set<B: Bits>(&mut self, base: Self::RayBase, to: B, captures: B, ep: &[(u16, u16)]) {
        let mut to = to;
        for &(landing, cell) in ep {
            if to.has(landing as usize) {
                to = to ^ B::bit(landing as usize);
                self.push_opening(base, landing, captures.has(landing as usize), cell);
            }
        }
        self.push_landings(base, to, captures);
    }
    /// Appends a move from `base` to every cell of `to` that opens nothing to en
    /// passant, captures on the cells of `captures`: in cell order.
    #[inline(always)]
    fn push_landings<B: Bits>(&mut self, base: Self::RayBase, to: B, captures: B) {
        for c in Cells::of(to) {
            self.push_ray(base, c as u16, captures.has(c), &[]);
        }
    }
}

impl MoveOut for Vec<GameMove> {
    type RayBase = (PieceId, CellId);

    #[inline(always)]
    fn push(&mut self, m: GameMove) {
        Vec::push(self, m)
    }

    #[inline(always)]
    fn ray_base(piece: PieceId, from: CellId) -> (PieceId, CellId) {
        (piece, from)
    }

    #[inline(always)]
    fn push_ray(&mut self, (piece, from): (PieceId, CellId), to: u16, captures: bool, ep: &[Step]) {
        Vec::push(self, kernel::ray_move(piece, from, to, captures, ep))
    }

    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self)
    }

    #[inline(always)]
    fn retain_judged(
        &mut self,
        start: usize,
        plain: impl Fn(usize) -> bool,
        mut keep: impl FnMut(&GameMove) -> bool,
    ) {
        let mut i = 0;
        self.retain(|m| {
            i += 1;
            i <= start
                || (m.kind == MoveKind::Normal && m.promotion.is_none() && plain(m.from.index()))
                || keep(m)
        });
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }

    /// `legal_moves` keeps the walk's order.
    const SETS: bool = false;

    fn push_opening(&mut self, (piece, from): (PieceId, CellId), to: u16, captures: bool, ep: u16) {
        let mut m = kernel::ray_move(piece, from, to, captures, &[]);
        (m.ep[0], m.n_ep) = (ep, 1);
        Vec::push(self, m)
    }
}

impl MoveOut for MoveList {
    #[inline(always)]
    fn push(&mut self, m: GameMove) {
        MoveList::push(self, m)
    }

    /// The start cell and the piece in place ([`MoveGenerator::legal_list`](crate::MoveGenerator::legal_list) takes this
    /// path only on boards of at most 4,096 cells with at most 64 pieces; games of more kinds take the extended encoding).
    type RayBase = u64;

    #[inline(always)]
    fn ray_base(piece: PieceId, from: CellId) -> u64 {
        from.0 as u64 | (piece.0 as u64) << PIECE_SHIFT
    }

    /// Encoded straight from its parts, without a [`GameMove`].
    #[inline(always)]
    fn push_ray(&mut self, base: u64, to: u16, captures: bool, ep: &[Step]) {
        let mut bits = base | (to as u64) << TO_SHIFT | (captures as u64) << 32;
        match ep {
            [] => {}
            [s] => bits |= OPENS_EP | (s.cell as u64) << EP_SHIFT,
            _ => {
                let m = CompactMove(base);
                return self.push(kernel::ray_move(m.piece(), m.from(), to, captures, ep));
            }
        }
        self.moves.push(CompactMove(bits));
    }

    #[inline(always)]
    fn clear(&mut self) {
        MoveList::clear(self)
    }

    #[inline(always)]
    fn retain_judged(
        &mut self,
        start: usize,
        plain: impl Fn(usize) -> bool,
        keep: impl FnMut(&GameMove) -> bool,
    ) {
        MoveList::retain_judged(self, start, plain, keep)
    }

    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }

    const SETS: bool = true;

    #[inline(always)]
    fn push_opening(&mut self, base: u64, to: u16, captures: bool, ep: u16) {
        let bits = base | (to as u64) << TO_SHIFT | (captures as u64) << 32;
        self.moves
            .push(CompactMove(bits | OPENS_EP | (ep as u64) << EP_SHIFT));
    }

    /// The captures, then the quiet moves, each in cell order, encoded straight from
    /// the cell (no capture test per move).
    #[inline(always)]
    fn push_landings<B: Bits>(&mut self, base: u64, to: B, captures: B) {
        for (set, flag) in [(to & captures, CAPTURES), (to & !captures, 0)] {
            for c in Cells::of(set) {
                self.moves
                    .push(CompactMove(base | (c as u64) << TO_SHIFT | flag));
            }
        }
    }
}

#[cfg(test)]
mod tests;
