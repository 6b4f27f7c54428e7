//! blast: legality in a game whose only effect is a blast on capture (Atomic) without
//! playing the replies — [`general`](super::general)'s rule answered by attack queries.
//!
//! There a reply removes pieces only by capturing, and takes a royal only by capturing
//! it (a blast around another capture threatens a royal but gives no check: the rule of
//! `general`). The capture removes its capturer and what the blast hits around it, so
//! it counts only if the capturer is not royal and no royal of the side capturing
//! stands where the blast hits: kings that touch cannot check each other. And a move
//! that captures nothing removes nothing, so it is judged on the board with its
//! occupants written in, without make. `general`'s play-every-reply test stays the
//! reference: `layer_tests/blast.rs` holds these answers to it on seeded playouts.

use super::quick::Quick;
use super::safety::Safety;
use super::RoyalsAfter;
use crate::attack::forward::forward_attackers;
use crate::attack::query::attacked_by_commoner;
use crate::ids::{CellId, Side};
use crate::kernel::bits::{Bits, Cells};
use crate::kernel::{with_bits, Bitboards};
use crate::{Game, GameMove, GamePosition, MoveGenerator, MoveKind};

/// Whether `g`'s legality may be answered here: its only effect is the game's blast,
/// and no move captures in passing.
fn blast_game(g: &Game) -> bool {
    g.effects.as_deref().is_some_and(|fx| fx.blast_only()) && !g.any_passing
}

/// Whether `g`'s moves that capture nothing may be judged on the board
/// ([`MoveGenerator::quiet_blast_verdict`], and the quick test before it): a blast game
/// whose royals may face and may give check.
#[inline]
pub(crate) fn quiet_blast_game(g: &Game) -> bool {
    blast_game(g) && !g.no_facing && !g.no_giving_check
}

/// Whether `m` captures nothing and removes nothing (a step, a ride, castling): in a
/// blast game it changes only the cells of its path.
#[inline]
pub(crate) fn quiet_move(g: &Game, m: &GameMove) -> bool {
    matches!(m.kind, MoveKind::Normal | MoveKind::Castling(_))
        && !m.captures_to
        && m.n_passing == 0
        // A move that opens en passant: its piece is the victim, not a royal.
        && (m.n_ep == 0 || !g.royal[m.promotion.unwrap_or(m.piece).index()])
        && m.convert.is_none()
        && m.push_to.is_none()
        && m.duck.is_none()
        && !m.has_cascade()
        && m.gate == 0
}

impl MoveGenerator<'_> {
    /// [`MoveGenerator::royal_threatened`] by attack queries in a blast game (see the
    /// module); `None` where this cannot tell: another kind of game, a royal open to
    /// en passant, pieces answered forward by the side to move.
    pub(crate) fn blast_threat(&mut self, pos: &GamePosition) -> Option<bool> {
        let g = self.pseudo.game;
        let ep_royal = || {
            let o = pos.cells[pos.ep.victim as usize];
            !o.is_empty() && g.royal[o.kind().index()]
        };
        if !blast_game(g)
            || (!pos.ep.is_none() && ep_royal())
            || forward_attackers(g, pos, pos.side)
        {
            return None;
        }
        Some(self.blast_capture(pos, pos.side, RoyalsAfter::Unchanged))
    }

    /// Whether `mover` can capture a royal of the other side with a piece that is not
    /// royal and no royal of its own in the blast; the other side's royals where
    /// `royals` says (`Unchanged`: as the position's counts and sums say).
    fn blast_capture(&mut self, pos: &GamePosition, mover: Side, royals: RoyalsAfter) -> bool {
        let g = self.pseudo.game;
        let Some(fx) = g.effects.as_deref() else {
            return false;
        };
        let victim = mover.opponent();
        let count = pos.royal_count[victim.index()];
        if count == 0 {
            return false;
        }
        let threat = |me: &mut Self, k: CellId| {
            fx.blast_spares_own_royal(pos, mover, k, &g.royal)
                && attacked_by_commoner(g, pos, k, mover, &mut me.pseudo.attacks)
        };
        match (royals, count) {
            (RoyalsAfter::Unchanged, 1) => {
                return threat(self, CellId(pos.royal_sum[victim.index()] as u16));
            }
            (RoyalsAfter::MovedTo(k), 1) => return threat(self, k),
            _ => {}
        }
        (0..pos.cells.len()).any(|i| {
            let o = pos.cells[i];
            !o.is_empty()
                && o.side() == victim
                && g.royal[o.kind().index()]
                && threat(self, CellId(i as u16))
        })
    }

    /// The verdict on a move of a blast game that captures nothing (a step, a ride,
    /// castling): it removes nothing, so it is legal unless the opponent can then
    /// capture a royal of ours ([`MoveGenerator::blast_capture`]), asked on the board
    /// with the move's occupants written in. `None` for any other move or game (those
    /// are played), and where royals may not face or giving check is barred.
    pub(crate) fn quiet_blast_verdict(
        &mut self,
        pos: &mut GamePosition,
        m: &GameMove,
    ) -> Option<bool> {
        let g = self.pseudo.game;
        if !quiet_blast_game(g) {
            return None;
        }
        let them = pos.side.opponent();
        if !quiet_move(g, m) || forward_attackers(g, pos, them) {
            return None;
        }
        Some(self.is_legal_light_with(pos, m, |s, pos, royals| s.blast_capture(pos, them, royals)))
    }
}

impl MoveGenerator<'_> {
    /// Whether the bitboard kernel finds the pseudo-legal move `m` of a blast game
    /// (`Game::blast_counts`) safe, so that it is legal without the full test: a move
    /// that captures nothing ([`quiet_move`]: the royal's, castling) when the kernel's
    /// verdict is `Legal`; a plain capture (no promotion kept by `immune`, nothing in
    /// passing, no mark) when no royal of ours is among the cells it clears (its
    /// start, its landing cell, the blast around it) and, with those cells emptied,
    /// the kernel finds no enemy piece attacking our royal. The kernel's attackers
    /// include the enemy king (which under the blast rule never takes), so what it
    /// finds safe is safe; false sends the move to the full test.
    pub(crate) fn blast_kernel_safe<B: Bits>(
        &self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        m: &GameMove,
    ) -> bool {
        let g = self.pseudo.game;
        if quiet_move(g, m) {
            return self.kernel_verdict(bb, s, pos, m) == Quick::Legal;
        }
        let Some(fx) = g.effects.as_deref() else {
            return false;
        };
        let side = pos.side;
        if m.kind != MoveKind::Normal
            || !m.captures_to
            || m.n_passing != 0
            || m.convert.is_some()
            || m.push_to.is_some()
            || m.duck.is_some()
            || m.has_cascade()
            || m.gate != 0
            || m.mark != 0
            || pos.royal_count[side.index()] != 1
        {
            return false;
        }
        let royal = pos.royal_sum[side.index()] as usize;
        let kind = m.promotion.unwrap_or(m.piece);
        let mut cleared = B::bit(m.from.index()) | B::bit(m.to.index());
        if !fx.blast_cleared(pos, (side, kind), (m.from, m.to), |c| {
            cleared.set(c.index())
        }) || cleared.has(royal)
        {
            return false;
        }
        let (occ, theirs) = (s.occ & !cleared, s.theirs & !cleared);
        !bb.exposure
            .attacked(side.opponent(), royal, occ, theirs, &pos.cells)
    }

    /// The legal moves of `pseudo` (the pseudo-legal moves of the side to move) in a
    /// blast game with a bitboard kernel (`Game::blast_counts`), in their order: each
    /// kept when [`MoveGenerator::blast_kernel_safe`] finds it safe, else by the full
    /// test. False (and `out` untouched) where the kernel does not judge the node:
    /// pieces answered forward, or not one royal.
    pub(crate) fn blast_legal_by_kernel(
        &mut self,
        pos: &mut GamePosition,
        pseudo: &[GameMove],
        out: &mut Vec<GameMove>,
    ) -> bool {
        let g = self.pseudo.game;
        with_bits!(&g.bits, k => self.blast_legal_with(k, pos, pseudo, out), None => false)
    }

    fn blast_legal_with<B: Bits>(
        &mut self,
        bb: &Bitboards<B>,
        pos: &mut GamePosition,
        pseudo: &[GameMove],
        out: &mut Vec<GameMove>,
    ) -> bool {
        let side = pos.side.index();
        if bb.forward || pos.royal_count[side] != 1 {
            return false;
        }
        let s = Safety::compute(&bb.exposure, pos, pos.royal_sum[side] as usize);
        for m in pseudo {
            if self.blast_kernel_safe(bb, &s, pos, m) || self.is_legal(pos, m) {
                out.push(*m);
            }
        }
        true
    }

    /// The kernel's count of the piece of the side to move on cell `i` in a blast
    /// game from its reach ([`reach::Reach::sets`]: exactly one move per destination),
    /// as the rays would count it: the moves to allowed cells that capture nothing
    /// counted, the others built into `self.pseudo.walked` to be tested. `None` (nothing
    /// appended) where the piece has no such reach or a destination may promote.
    pub(crate) fn blast_reach_count<B: Bits>(
        &mut self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        i: usize,
    ) -> Option<u64> {
        let g = self.pseudo.game;
        let (side, kind) = (pos.side, pos.cells[i].kind());
        if !bb.reach.sets(side, kind).has(i) {
            return None;
        }
        let to = bb
            .reach
            .of((side, kind, i), s.occ, s.theirs, || !pos.moved(i))?;
        if !(to & bb.promotes[side.index() * g.pieces + kind.index()]).is_zero() {
            return None;
        }
        let counted = to & *s.allowed(Some(i)) & !s.theirs;
        let rest = to & !counted;
        if !rest.is_zero() {
            self.defer_reach_moves(bb, (side, kind, i), rest, s.theirs);
        }
        Some(counted.count() as u64)
    }

    /// Appends to `self.pseudo.walked` the moves of [`MoveGenerator::blast_reach_count`]'s
    /// piece to the cells `rest`, as its rays would build them.
    #[inline(never)]
    fn defer_reach_moves<B: Bits>(
        &mut self,
        bb: &Bitboards<B>,
        (side, kind, i): (Side, crate::ids::PieceId, usize),
        rest: B,
        theirs: B,
    ) {
        let ep = bb.reach.ep_cells(side, kind, i);
        let from = CellId(i as u16);
        for t in Cells::of(rest) {
            let mut m = GameMove::simple(MoveKind::Normal, kind, from, CellId(t as u16));
            m.captures_to = theirs.has(t);
            if let Some(&(_, opened)) = ep.iter().find(|&&(landing, _)| landing as usize == t) {
                m.ep[0] = opened;
                m.n_ep = 1;
            }
            self.pseudo.walked.push(m);
        }
    }
}
