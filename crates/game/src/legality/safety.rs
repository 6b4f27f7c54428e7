//! safety: the legality test from the bitboard attack kernel
//! ([`crate::kernel::exposure`]) — checkers and pins of the royal computed once
//! per node, then each move judged by its cells alone.
//!
//! For a side with one royal, once per node ([`Safety::compute`]), along every line and
//! leap into the royal's cell:
//! - **checks**: a line whose first blocker attacks (or a leap's attacker), with the
//!   cells that end it (the attacker's, and the empty cells before it); a cannon's
//!   check (second blocker of a hurdle kind) makes the node *complex*;
//! - **pins**: a piece of the side to move that is a line's first blocker with an
//!   attacker second (it may move only within the line up to that attacker), or one
//!   of the two screens before a hurdle attacker third (it may move only to an empty
//!   cell of the line before that attacker, or take it);
//! - **screen cells**: the empty cells before a hurdle attacker that is a line's first
//!   blocker — a piece put there gives it its screen.
//!
//! A move that is not the royal's, changes only its two cells (no en passant, pushes,
//! captures in passing, castling; no promotion to or from a royal kind; a drop that may
//! not mate only where it cannot give check) is then legal
//! exactly when its destination is not a screen cell, it stays on the pin lines of its
//! piece, and with one check it ends that check. A royal's move asks the kernel about
//! its destination with the start emptied and the destination taken. Everything else
//! (and a node with two checks or a cannon's check) goes to the full test of
//! [`super`]. Why this is exact: moves of the side to move only empty their start cell
//! and fill their destination, an attack along a line over empty cells is decided by
//! the first blocker alone, one over a screen by the first two, and a leap by its
//! cell: the cases above are every way such a move can change those answers.
//!
//! Owns, too, the kernel's view of pieces answered forward: their walks' cells marked
//! per node ([`MoveGenerator::mark_forward`], cached walks) and the verdict made
//! unknown where a move touches them ([`MoveGenerator::kernel_verdict`]); the walks
//! themselves are `attack::forward`'s.

use super::quick::Quick;
use crate::attack::attacked_in;
use crate::attack::forward::{forward_attackers, forward_cells, takes_royal};
use crate::compact::MoveOut;
use crate::ids::{CellId, Side};
use crate::kernel::bits::{occupancy, Bits};
use crate::kernel::exposure::{kind_bit, Exposure};
use crate::kernel::forward::Walk;
use crate::kernel::Bitboards;
use crate::walk::{Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, GamePosition, MoveGenerator, MoveKind};

/// Pins kept per node; more make the node complex (tested in full).
const MAX_PINS: usize = 8;

/// [`Safety::compute`]'s royal cell for a side without a royal: no cell of a board.
pub(crate) const NO_ROYAL: usize = usize::MAX;

/// The checkers and pins of the royal of the side to move (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Safety<B> {
    /// Every occupied cell.
    pub(crate) occ: B,
    /// The cells of the opponent's pieces.
    pub(crate) theirs: B,
    /// Checks found (each line or leap that attacks counts once).
    pub(crate) checks: u32,
    /// With one check: the cells a move may end on to end it.
    pub(crate) evasion: B,
    /// A cannon's check, or too many pins: every move is tested in full.
    pub(crate) complex: bool,
    /// The cells of pinned pieces.
    pub(crate) pinned: B,
    pins: [(u16, B); MAX_PINS],
    npins: usize,
    /// Empty cells where a piece put gives a hurdle attacker its screen.
    pub(crate) bad_to: B,
    /// [`Safety::allowed`] of a piece that is not pinned: not `bad_to`, and with one
    /// check within `evasion` (set at the end of [`Safety::compute`], which also
    /// narrows every pin's mask to it).
    allow_all: B,
    /// No check and no screen cell: a piece that is not pinned may end its move on
    /// any cell ([`Safety::allowed_open`]).
    open: bool,
}

impl<B: Bits> Safety<B> {
    /// The checkers and pins of the royal on `royal` of the side to move (none when it
    /// is [`NO_ROYAL`]: see [`Safety::royal_of`]). Inlined: the
    /// value is built where the caller keeps it (not copied out of a call, measured).
    #[inline(always)]
    pub(crate) fn compute(k: &Exposure<B>, pos: &GamePosition, royal: usize) -> Safety<B> {
        let side = pos.side;
        let (occ, second) = occupancy::<B>(&pos.cells);
        let theirs = match side {
            Side::First => second,
            Side::Second => occ & !second,
        };
        let mut s = Safety {
            occ,
            theirs,
            checks: 0,
            evasion: B::ZERO,
            complex: false,
            pinned: B::ZERO,
            pins: [(0, B::ZERO); MAX_PINS],
            npins: 0,
            bad_to: B::ZERO,
            allow_all: !B::ZERO,
            open: false,
        };
        let them = side.opponent();
        let cells = &pos.cells;
        let attacks = |c: usize, kinds: u64| theirs.has(c) && kinds & kind_bit(cells[c]) != 0;
        if royal != NO_ROYAL {
            let (leap_cells, leaps) = k.leaps(them, royal);
            if !(leap_cells & theirs).is_zero() {
                for &(c, kinds) in leaps {
                    if attacks(c as usize, kinds) {
                        s.checks += 1;
                        s.evasion = B::bit(c as usize);
                    }
                }
            }
            for line in k.lines(them, royal) {
                let b = occ & line.mask;
                // Checks, pins and screens all need an opponent's piece on the line.
                if (b & theirs).is_zero() {
                    continue;
                }
                let b1 = k.first(line, b);
                let rest = b ^ B::bit(b1.cell);
                let b2 = (!rest.is_zero()).then(|| k.first(line, rest));
                let mine1 = !theirs.has(b1.cell);
                if attacks(b1.cell, k.kinds(line, b1.at)) {
                    s.checks += 1;
                    s.evasion = k.before(line, b1) | B::bit(b1.cell);
                } else if let Some(b2) = b2 {
                    if mine1 && attacks(b2.cell, k.kinds(line, b2.at)) {
                        s.pin(b1.cell, k.before(line, b2) | B::bit(b2.cell));
                    }
                }
                if !line.hurdle {
                    continue;
                }
                if attacks(b1.cell, k.hurdle_kinds(line, b1.at)) {
                    s.bad_to |= k.before(line, b1);
                }
                let Some(b2) = b2 else {
                    continue;
                };
                if attacks(b2.cell, k.hurdle_kinds(line, b2.at)) {
                    s.complex = true;
                    continue;
                }
                let rest = rest ^ B::bit(b2.cell);
                if rest.is_zero() {
                    continue;
                }
                let b3 = k.first(line, rest);
                if attacks(b3.cell, k.hurdle_kinds(line, b3.at)) {
                    // Moving within the line keeps two screens only onto an empty cell
                    // (taking the other screen would leave one) or taking the attacker.
                    let mask = (k.before(line, b3) & !occ) | B::bit(b3.cell);
                    if mine1 {
                        s.pin(b1.cell, mask);
                    }
                    if !theirs.has(b2.cell) {
                        s.pin(b2.cell, mask);
                    }
                }
            }
        }
        s.allow_all = !s.bad_to;
        if s.checks == 1 {
            s.allow_all &= s.evasion;
        }
        s.open = s.checks == 0 && s.bad_to.is_zero();
        let all = s.allow_all;
        for p in &mut s.pins[..s.npins] {
            p.1 &= all;
        }
        s
    }

    /// The cell [`Safety::compute`] is given for the side to move: its one royal's,
    /// or [`NO_ROYAL`] when it has none (Horde's pawns: no move can expose a royal, so
    /// no check, pin or screen, and every move may end anywhere; a move that makes a
    /// royal, a promotion or drop into a royal kind, is still judged in full:
    /// [`Safety::verdict`] answers `Unknown` when a move changes royalty). `None` with
    /// several royals.
    #[inline(always)]
    pub(crate) fn royal_of(pos: &GamePosition) -> Option<usize> {
        let side = pos.side.index();
        match pos.royal_count[side] {
            1 => Some(pos.royal_sum[side] as usize),
            0 => Some(NO_ROYAL),
            _ => None,
        }
    }

    /// Notes that the piece on `c` must stay within `mask`.
    fn pin(&mut self, c: usize, mask: B) {
        if self.pinned.has(c) {
            if let Some(p) = self.pins[..self.npins]
                .iter_mut()
                .find(|p| p.0 as usize == c)
            {
                p.1 &= mask;
            }
            return;
        }
        if self.npins == MAX_PINS {
            self.complex = true;
            return;
        }
        self.pinned |= B::bit(c);
        self.pins[self.npins] = (c as u16, mask);
        self.npins += 1;
    }

    /// The cells a non-royal piece on `from` (`None`: a drop) may end a move on, when
    /// the node is not complex and has at most one check.
    #[inline(always)]
    pub(crate) fn allowed(&self, from: Option<usize>) -> &B {
        if let Some(f) = from {
            if self.pinned.has(f) {
                if let Some(p) = self.pins[..self.npins].iter().find(|p| p.0 as usize == f) {
                    return &p.1;
                }
            }
        }
        &self.allow_all
    }

    /// [`Safety::allowed`] of a non-royal piece on `from`, and whether it holds every
    /// cell (no check, no screen cell, not pinned).
    #[inline(always)]
    pub(crate) fn allowed_open(&self, from: usize) -> (&B, bool) {
        if self.pinned.has(from) {
            (self.allowed(Some(from)), false)
        } else {
            (&self.allow_all, self.open)
        }
    }

    /// Whether moves of non-royal pieces can be judged by [`Safety::allowed`].
    #[inline(always)]
    pub(crate) fn simple(&self) -> bool {
        !self.complex && self.checks <= 1
    }

    /// The verdict on a pseudo-legal move `m` of the side to move.
    #[inline]
    pub(crate) fn verdict(
        &self,
        g: &Game,
        k: &Exposure<B>,
        pos: &GamePosition,
        m: &GameMove,
    ) -> Quick {
        if m.push_to.is_some() || m.convert.is_some() || m.n_passing > 0 || m.has_side_changes() {
            return Quick::Unknown;
        }
        let after = m.promotion.unwrap_or(m.piece);
        let from = match m.kind {
            MoveKind::Normal => Some(m.from.index()),
            MoveKind::Drop => {
                let limits = &g.drop_limits[pos.side.index() * g.pieces + m.piece.index()];
                if limits.judged_after() {
                    // A drop that may not mate (or check): an ordinary drop when it cannot give
                    // check (outside every path into the opponent's lone royal).
                    let them = pos.side.opponent();
                    let royal = pos.royal_sum[them.index()] as usize;
                    if pos.royal_count[them.index()] != 1
                        || k.zone(pos.side, royal).has(m.to.index())
                    {
                        return Quick::Unknown;
                    }
                }
                None
            }
            MoveKind::Castling(i) => return self.castling_verdict(g, k, pos, i),
            MoveKind::EnPassant { .. } => return Quick::Unknown,
        };
        let (royal_before, royal_after) = (g.royal[m.piece.index()], g.royal[after.index()]);
        if royal_before != royal_after {
            return Quick::Unknown;
        }
        let to = m.to.index();
        if royal_before {
            let Some(f) = from else {
                return Quick::Unknown;
            };
            let occ = (self.occ & !B::bit(f)) | B::bit(to);
            let theirs = self.theirs & !B::bit(to);
            return if k.attacked(pos.side.opponent(), to, occ, theirs, &pos.cells) {
                Quick::Illegal
            } else {
                Quick::Legal
            };
        }
        if !self.simple() {
            return Quick::Unknown;
        }
        if self.allowed(from).has(to) {
            Quick::Legal
        } else {
            Quick::Illegal
        }
    }
}

impl<B: Bits> Safety<B> {
    /// The verdict on castling number `i` of the side to move (its rule already
    /// checked): with a royal king and a partner that is not, legal exactly when the
    /// king's destination is not attacked once both pieces stand where they end.
    fn castling_verdict(&self, g: &Game, k: &Exposure<B>, pos: &GamePosition, i: u8) -> Quick {
        let c = &g.castlings[i as usize];
        if !g.royal[c.king.index()] || g.royal[c.partner.index()] {
            return Quick::Unknown;
        }
        let (kf, pf) = (c.king_from.index(), c.partner_from.index());
        let (kt, pt) = (c.king_to.index(), c.partner_to.index());
        let occ = (self.occ & !(B::bit(kf) | B::bit(pf))) | B::bit(kt) | B::bit(pt);
        if k.attacked(pos.side.opponent(), kt, occ, self.theirs, &pos.cells) {
            Quick::Illegal
        } else {
            Quick::Legal
        }
    }
}

impl MoveGenerator<'_> {
    /// Appends the castling moves of the side to move to `out`, their safe cells asked
    /// of the attack kernel when it answers as the attack query (`castle_safe`).
    ///
    /// Inline, the test that some castling of the side to move still has its rights
    /// and its cells empty (most nodes have none); the rest out of line.
    #[inline(always)]
    pub(super) fn castlings_with<B: Bits, O: MoveOut>(
        &mut self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        out: &mut O,
    ) {
        if !bb.castle_safe {
            self.pseudo.castling_moves(pos, out);
            return;
        }
        let mut rights = pos.castling & bb.castle_rights[pos.side.index()];
        while rights != 0 {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            if bb
                .castle_empty
                .get(i)
                .is_some_and(|e| (s.occ & *e).is_zero())
            {
                self.castlings_open(bb, s, pos, out);
                return;
            }
        }
    }

    /// [`MoveGenerator::castlings_with`] where the attack kernel answers and some
    /// castling has its rights and its cells empty.
    #[inline(never)]
    fn castlings_open<B: Bits, O: MoveOut>(
        &mut self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        out: &mut O,
    ) {
        let g = self.pseudo.game;
        let side = pos.side;
        // Only the rights this side still has.
        let mut rights = pos.castling & bb.castle_rights[side.index()];
        while rights != 0 {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let Some(c) = g.castlings.get(i) else {
                break;
            };
            if !(s.occ & bb.castle_empty[i]).is_zero() {
                continue;
            }
            if pos.cells[c.king_from.index()] != Occupant::piece(side, c.king)
                || pos.cells[c.partner_from.index()] != Occupant::piece(side, c.partner)
                || !c.tags_hold(pos)
            {
                continue;
            }
            let them = side.opponent();
            let mut attacked = |cell: CellId| {
                if g.royal[c.king.index()] {
                    let t = cell.index();
                    bb.exposure.attacked(them, t, s.occ, s.theirs, &pos.cells)
                } else {
                    attacked_in(g, pos, cell, them, c.king, &mut self.pseudo.attacks)
                }
            };
            if c.safe.iter().any(|&cell| attacked(cell)) {
                continue;
            }
            out.push(c.game_move(i));
        }
    }
}

/// The sink of [`MoveGenerator::mark_forward`]'s walks: `attack::forward`'s marking
/// sink, marking into one cached walk.
struct WalkSink<'a> {
    cells: &'a [crate::walk::Occupant],
    royal: &'a [bool],
    victims: Side,
    walk: &'a mut Walk,
}

impl Sink for WalkSink<'_> {
    const VISITS: bool = true;
    const DISTINCT: bool = false;

    #[inline]
    fn visit(&mut self, visit: &crate::walk::Visit) {
        self.walk.mark(visit.cell.index());
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some((_, dest)) = ply.push() {
            self.walk.mark(dest.index());
        }
        if takes_royal(ply, self.cells, self.royal, self.victims) {
            self.walk.hit = true;
        }
    }

    fn done(&self) -> bool {
        self.walk.hit
    }
}

/// The bit kernel's view of a game with pieces answered forward: their walks' cells
/// marked per node, and the kernel's verdict made unknown where a move touches them.
impl MoveGenerator<'_> {
    /// With pieces of the opponent answered forward on the board (a game with
    /// [`Bitboards::forward`]): marks the cells their walks look at
    /// ([`crate::kernel::ForwardCells`]); false when one of them takes the royal of the side
    /// to move (the node is left to the paths without the kernel). `occ`: every
    /// occupied cell of `pos`. A piece's walk is reused from an earlier node when
    /// the cells it looked at hold what they held then
    /// ([`crate::kernel::forward::Walk::holds`]); else it is walked again.
    pub(crate) fn mark_forward<B: Bits>(
        &mut self,
        bb: &Bitboards<B>,
        pos: &GamePosition,
        occ: B,
    ) -> bool {
        let g = self.pseudo.game;
        let fw = &mut self.kernel_forward;
        fw.on = false;
        let by = pos.side.opponent();
        if !bb.forward || !forward_attackers(g, pos, by) {
            return true;
        }
        let words = g.cells.div_ceil(64);
        fw.words.clear();
        fw.words.resize(words, 0);
        let walker = self
            .pseudo
            .attacks
            .forward
            .walker
            .get_or_insert_with(|| Walker::new(g.rules.table()));
        let word = |i: usize| occ.word(i);
        for &at in forward_cells(g, pos, by, &mut self.pseudo.attacks.forward.cells) {
            let (walk, key, same) = fw.cache.slot(at, by);
            if !same || !walk.holds(word, &pos.cells, &pos.marks) {
                walk.reset(key, words);
                walk.mark(at as usize);
                let mut sink = WalkSink {
                    cells: &pos.cells,
                    royal: &g.royal,
                    victims: pos.side,
                    walk,
                };
                let o = pos.cells[at as usize];
                walker.walk(pos, by, o.kind(), CellId(at), &mut sink);
                walk.record(word, &pos.cells, &pos.marks);
            }
            if walk.hit {
                return false;
            }
            for (w, m) in fw.words.iter_mut().zip(&walk.marks) {
                *w |= m;
            }
        }
        fw.on = true;
        true
    }

    /// The kernel's verdict on a pseudo-legal move `m` ([`Safety::verdict`]), after
    /// [`MoveGenerator::mark_forward`]: unknown for a move touching a cell a forward
    /// walk looked at, and, in a game with pieces answered forward, for castling and
    /// drops (their safe cells and checks may be those pieces' business).
    #[inline]
    pub(crate) fn kernel_verdict<B: Bits>(
        &self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        m: &GameMove,
    ) -> Quick {
        if bb.forward {
            let fw = &self.kernel_forward;
            let touches = match m.kind {
                MoveKind::Castling(_) | MoveKind::Drop => true,
                _ => fw.marked(m.to.index()) || fw.marked(m.from.index()),
            };
            if touches {
                return Quick::Unknown;
            }
        }
        s.verdict(self.pseudo.game, &bb.exposure, pos, m)
    }
}
