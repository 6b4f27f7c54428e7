//! general: legality by playing the move and the replies, for games whose moves do more
//! than their paths (`explode`, `burn`, `freeze`, `immune`: [`crate::effects`];
//! friend captures and conversions, which attack queries do not see).
//!
//! There a royal can be lost to a blast or a burn that no attack query sees, a piece
//! next to a freezer gives no check, and an immune royal is safe from some attackers,
//! so the reverse tables cannot answer. The rule is the one the attack queries
//! implement for plain games, stated over whole moves: a move is illegal if it removes
//! a royal of the side that makes it; otherwise legal if it removes one of the
//! opponent's (that ends the game); otherwise illegal if the opponent could then make
//! a pseudo-legal move that takes a royal of ours — captures it, or burns it — and
//! removes none of its own (a pinned piece still checks, as in chess), or if royals
//! declared `may not face` face. A royal that a blast around some other capture would
//! remove is threatened, not in check: the side may leave it so (and lose). In Atomic
//! chess this gives, as it should, that kings never capture and that kings next to
//! each other give no check.

use crate::attack::royals::{royal_attacked, royals_face};
use crate::ids::{CellId, PieceId};
use crate::make::{make, unmake};
use crate::{Game, GameMove, GamePosition, MoveGenerator, MoveKind};

/// Whether the move `m` of the side to move captures a royal of the other side (on
/// its destination, in passing, en passant, at the end of a cascade), converts one,
/// or burns one on its first ply (a cascade whose later plies may burn is played
/// instead: [`MoveGenerator::royal_threatened`]).
pub(crate) fn takes_royal(g: &Game, pos: &GamePosition, m: &GameMove) -> bool {
    let royal_foe = |c: CellId| {
        let o = pos.cells[c.index()];
        !o.is_empty() && o.side() != pos.side && g.royal[o.kind().index()]
    };
    ((m.captures_to || m.convert.is_some()) && royal_foe(m.to))
        || (m.cascade().captures() && m.cascade().last().is_some_and(royal_foe))
        || m.passing_captures().any(royal_foe)
        || matches!(m.kind, MoveKind::EnPassant { victim } if royal_foe(victim))
        || g.effects
            .as_deref()
            .is_some_and(|fx| fx.burns_any(pos, m, royal_foe))
}

impl MoveGenerator<'_> {
    /// Whether the pseudo-legal move `m` of the side to move is legal, by the rule of
    /// this module.
    pub(crate) fn is_legal_general(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        if m.gate != 0 {
            // A gating move is legal when the same move without the piece entering is
            // (the piece put on the cell left shields nothing), as Fairy-Stockfish
            // judges Seirawan chess's.
            let base = GameMove { gate: 0, ..*m };
            return self.is_legal_general(pos, &base);
        }
        let g = self.pseudo.game;
        let us = pos.side;
        let them = us.opponent();
        let (ours, theirs) = (pos.royal_count[us.index()], pos.royal_count[them.index()]);
        if ours == 0 && g.has_royals() {
            // Its royals are gone: the game is over.
            return false;
        }
        if let Some(lion) = g.effects.as_deref().and_then(|fx| fx.lion.as_ref()) {
            if self.takes_protected_lion(lion, pos, m) {
                return false;
            }
        }
        if !g.has_royals() && !g.no_giving_check {
            // No royal to lose or leave capturable (Ataxx, Othello): every move is legal.
            return true;
        }
        if let Some(fx) = g.effects.as_deref().filter(|fx| fx.no_check) {
            // `no check`: a royal may be left capturable; with `except last`, not the
            // last one (a side with one royal before the move may not leave its royals
            // capturable, unless the move takes the other side's last one).
            if fx.no_check_except_all {
                // `except all`: never all of the mover's royals capturable at once.
                let undo = make(g, pos, m);
                let ok = !self.all_royals_threatened(pos);
                unmake(g, pos, undo);
                return ok;
            }
            if !fx.no_check_except_last || ours != 1 {
                return true;
            }
            let undo = make(g, pos, m);
            let ok =
                (theirs == 1 && pos.royal_count[them.index()] == 0) || !self.royal_threatened(pos);
            unmake(g, pos, undo);
            return ok;
        }
        if let Some(ok) = self.quiet_blast_verdict(pos, m) {
            return ok;
        }
        self.played_verdict(pos, m, ours, theirs, Self::threatened)
    }

    /// [`MoveGenerator::is_legal_general`] as it was before any shortcut: the move
    /// played, and every reply ([`MoveGenerator::royal_threatened`]); the reference
    /// the tests hold the shortcuts to.
    #[cfg(test)]
    pub(crate) fn is_legal_reference(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        let g = self.pseudo.game;
        let us = pos.side;
        let them = us.opponent();
        let (ours, theirs) = (pos.royal_count[us.index()], pos.royal_count[them.index()]);
        if ours == 0 && g.has_royals() {
            return false;
        }
        if g.effects.as_deref().is_some_and(|fx| fx.no_check) {
            return true;
        }
        self.played_verdict(pos, m, ours, theirs, Self::royal_threatened)
    }

    /// Plays `m` and judges it: illegal if it lost one of the mover's `ours` royals,
    /// legal if it took one of the other side's `theirs`, else illegal when the mover's
    /// royals face, are left capturable (`threatened` asks) or, with `no giving
    /// check`, the other side's are in check.
    fn played_verdict(
        &mut self,
        pos: &mut GamePosition,
        m: &GameMove,
        ours: u16,
        theirs: u16,
        threatened: fn(&mut Self, &mut GamePosition) -> bool,
    ) -> bool {
        let g = self.pseudo.game;
        let (us, them) = (pos.side, pos.side.opponent());
        let undo = make(g, pos, m);
        let ok = if pos.royal_count[us.index()] < ours {
            false
        } else if pos.royal_count[them.index()] < theirs {
            true
        } else {
            !((g.no_facing && royals_face(g, pos))
                || threatened(self, pos)
                || (g.no_giving_check
                    && royal_attacked(g, pos, pos.side, &mut self.pseudo.attacks)))
        };
        unmake(g, pos, undo);
        ok
    }

    /// Whether the side to move in `pos` could take each of the other side's royals
    /// (each by some pseudo-legal move; `no check, except all`): false when the other
    /// side has none.
    pub(crate) fn all_royals_threatened(&mut self, pos: &mut GamePosition) -> bool {
        let g = self.pseudo.game;
        let victim = pos.side.opponent();
        let royals: Vec<usize> = (0..pos.cells.len())
            .filter(|&c| {
                let o = pos.cells[c];
                !o.is_empty() && o.side() == victim && g.royal[o.kind().index()]
            })
            .collect();
        if royals.is_empty() {
            return false;
        }
        let mut hit = vec![false; royals.len()];
        let mut replies = self.pseudo.buffer();
        self.pseudo.replies(pos, &mut replies);
        for r in replies.iter() {
            if !takes_royal(g, pos, r) {
                continue;
            }
            let undo = make(g, pos, r);
            for (h, &c) in hit.iter_mut().zip(&royals) {
                let o = pos.cells[c];
                *h |= o.is_empty() || o.side() != victim || !g.royal[o.kind().index()];
            }
            unmake(g, pos, undo);
            if hit.iter().all(|&h| h) {
                break;
            }
        }
        self.pseudo.give_back(replies);
        hit.iter().all(|&h| h)
    }

    /// Whether the side to move in `pos` has a pseudo-legal move that takes a royal of
    /// the other side (captures or burns it) and removes none of its own.
    pub(crate) fn royal_threatened(&mut self, pos: &mut GamePosition) -> bool {
        let g = self.pseudo.game;
        let mover = pos.side;
        let victim = mover.opponent();
        let (ours, theirs) = (
            pos.royal_count[mover.index()],
            pos.royal_count[victim.index()],
        );
        if theirs == 0 {
            return false;
        }
        let mut replies = self.pseudo.buffer();
        self.pseudo.replies(pos, &mut replies);
        // A cascade's later plies may burn a royal: such replies are played to see.
        let may_burn = g.effects.as_deref().is_some_and(|fx| fx.may_burn());
        let threat = replies.iter().any(|r| {
            let played = may_burn && r.has_cascade();
            if !played && !takes_royal(g, pos, r) {
                return false;
            }
            let undo = make(g, pos, r);
            let safe = pos.royal_count[mover.index()] >= ours;
            let took = !played || pos.royal_count[victim.index()] < theirs;
            unmake(g, pos, undo);
            safe && took
        });
        self.pseudo.give_back(replies);
        threat
    }

    /// The pieces of the opponent that check the side to move, by cell (each once):
    /// those with a pseudo-legal move, were the opponent to move, that takes a royal of
    /// the side to move.
    pub(crate) fn checkers(&mut self, pos: &GamePosition) -> Vec<(CellId, PieceId)> {
        let g = self.pseudo.game;
        let turned = g.with_side_to_move(pos, pos.side.opponent());
        let mut replies = self.pseudo.buffer();
        self.pseudo.replies(&turned, &mut replies);
        let mut found: Vec<(CellId, PieceId)> = Vec::new();
        for r in replies.iter().filter(|r| takes_royal(g, &turned, r)) {
            if !found.iter().any(|&(c, _)| c == r.from) {
                found.push((r.from, r.piece));
            }
        }
        self.pseudo.give_back(replies);
        found
    }

    /// Whether the side to move is in check by the rule of this module: the opponent,
    /// were it to move, could remove one of its royals and none of its own.
    pub(crate) fn in_check_general(&mut self, pos: &GamePosition) -> bool {
        if let Some(fx) = self.pseudo.game.effects.as_deref().filter(|fx| fx.no_check) {
            if fx.no_check_except_all {
                // With `except all`, a side is in check when all its royals are
                // capturable.
                let mut turned = self.pseudo.game.with_side_to_move(pos, pos.side.opponent());
                return self.all_royals_threatened(&mut turned);
            }
            // With `except last`, a side's last royal is in check as a royal is.
            if !fx.no_check_except_last || pos.royal_count[pos.side.index()] != 1 {
                return false;
            }
        }
        let mut turned = self.pseudo.game.with_side_to_move(pos, pos.side.opponent());
        self.threatened(&mut turned)
    }

    /// [`MoveGenerator::royal_threatened`], answered without playing the replies
    /// where [`MoveGenerator::blast_threat`] or [`MoveGenerator::reply_threat`] can.
    pub(crate) fn threatened(&mut self, pos: &mut GamePosition) -> bool {
        if let Some(threat) = self.blast_threat(pos) {
            return threat;
        }
        match self.reply_threat(pos) {
            Ok(threat) => threat,
            Err(_) => match self.royal_threatened_cached(pos) {
                Some(threat) => threat,
                None => self.royal_threatened(pos),
            },
        }
    }
}
