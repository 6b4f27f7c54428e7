//! lion: Chu Shogi's rules on trading Lions (`lion trading PIECES [, bridge KINDS]`).
//!
//! - **Protected Lion.** A Lion may not capture an enemy Lion that does not stand next
//!   to its start cell if the capturing Lion could then be captured (any pseudo-legal
//!   capture of the other side on that cell, after the move: a piece behind the
//!   capturing Lion's start cell counts), unless the same move also captured in
//!   passing a piece the `bridge` admits (Chu: any piece but a Pawn or a Go-Between).
//! - **Counterstrike.** After a Lion was captured by a piece that is not a Lion, a
//!   piece that is not a Lion may not capture a Lion on the next move. The position
//!   carries it ([`GamePosition::lion_taken`]); FEN does not, so a position read from
//!   FEN is one where the last move took no Lion.
//!
//! The counterstrike bar is a pseudo-legal restriction (like `immune`: a barred capture
//! is no move and no attack); the protected-Lion test needs the other side's replies and
//! is part of the legality test ([`crate::legality::general`]).

use crate::ids::{CellId, PieceId, Side};
use crate::ir::{LionTrading, Vector};
use crate::make::{make, unmake};
use crate::topology::Board;
use crate::{GameMove, GamePosition, MoveGenerator};

/// `lion trading`, resolved for a board.
#[derive(Clone, Debug)]
pub(crate) struct LionRules {
    /// Per kind: a Lion.
    is_lion: Vec<bool>,
    /// Per kind: its capture in passing lets a Lion take a protected Lion; `None`: no
    /// capture does.
    bridge: Option<Vec<bool>>,
    /// Per cell: the cells one king step away.
    near: Vec<Vec<CellId>>,
}

impl LionRules {
    /// The rules of `rule` on `board` for a game of `pieces` kinds.
    pub(crate) fn new(rule: &LionTrading, board: &Board, pieces: usize) -> LionRules {
        let mut is_lion = vec![false; pieces];
        for p in &rule.lions {
            is_lion[p.index()] = true;
        }
        let bridge = rule
            .bridge
            .as_ref()
            .map(|f| (0..pieces).map(|k| f.admits(PieceId(k as u8))).collect());
        let steps: Vec<Vector> = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| Vector { dx, dy }))
            .filter(|v| v.dx != 0 || v.dy != 0)
            .collect();
        let near = board
            .cells()
            .map(|c| {
                let mut out: Vec<CellId> = steps.iter().filter_map(|&v| board.step(c, v)).collect();
                out.sort();
                out.dedup();
                out
            })
            .collect();
        LionRules {
            is_lion,
            bridge,
            near,
        }
    }

    /// Whether the piece on `cell` is a Lion of the side `side`.
    fn lion_of(&self, pos: &GamePosition, cell: CellId, side: Side) -> bool {
        let o = pos.cells[cell.index()];
        !o.is_empty() && o.side() == side && self.is_lion[o.kind().index()]
    }

    /// Whether the move `m` of the side to move captures a Lion (on its destination
    /// or in passing).
    fn captures_lion(&self, pos: &GamePosition, m: &GameMove) -> bool {
        let them = pos.side.opponent();
        (m.captures_to && self.lion_of(pos, m.to, them))
            || m.passing_captures().any(|c| self.lion_of(pos, c, them))
    }

    /// Whether the move `m` of the side to move captures a Lion with a piece that is
    /// not one (what sets [`GamePosition::lion_taken`]).
    pub(crate) fn taken_by_non_lion(&self, pos: &GamePosition, m: &GameMove) -> bool {
        !self.is_lion[m.piece.index()] && self.captures_lion(pos, m)
    }

    /// The counterstrike bar: whether `m` is a capture of a Lion by a piece that is not
    /// a Lion right after a Lion was so captured.
    pub(crate) fn counterstrike(&self, pos: &GamePosition, m: &GameMove) -> bool {
        pos.lion_taken && self.taken_by_non_lion(pos, m)
    }

    /// Whether `m` is a Lion's capture on its destination (the cheap first test of
    /// [`MoveGenerator::takes_protected_lion`]).
    #[inline(always)]
    pub(crate) fn may_take_lion(&self, m: &GameMove) -> bool {
        m.captures_to && self.is_lion[m.piece.index()]
    }

    /// Whether `m` is a Lion's capture of a Lion not next to its start cell that only
    /// the protected-Lion test can allow: no bridge piece was captured in passing.
    fn needs_protection_test(&self, pos: &GamePosition, m: &GameMove) -> bool {
        let them = pos.side.opponent();
        if !self.is_lion[m.piece.index()]
            || !m.captures_to
            || !self.lion_of(pos, m.to, them)
            || self.near[m.from.index()].contains(&m.to)
        {
            return false;
        }
        let bridged = self.bridge.as_ref().is_some_and(|bridge| {
            m.passing_captures().any(|c| {
                let o = pos.cells[c.index()];
                !o.is_empty() && bridge[o.kind().index()]
            })
        });
        !bridged
    }
}

impl MoveGenerator<'_> {
    /// `lion trading`: whether the pseudo-legal move `m` of the side to move takes a
    /// protected Lion two cells away (the other side could capture the Lion that took
    /// it), which the rules forbid.
    pub(crate) fn takes_protected_lion(
        &mut self,
        rules: &LionRules,
        pos: &mut GamePosition,
        m: &GameMove,
    ) -> bool {
        if !rules.needs_protection_test(pos, m) {
            return false;
        }
        let g = self.pseudo.game;
        let undo = make(g, pos, m);
        let mut replies = self.pseudo.buffer();
        self.pseudo.pseudo_moves(pos, &mut replies);
        let recaptured = replies
            .iter()
            .any(|r| (r.captures_to && r.to == m.to) || r.passing_captures().any(|c| c == m.to));
        self.pseudo.give_back(replies);
        unmake(g, pos, undo);
        recaptured
    }
}
