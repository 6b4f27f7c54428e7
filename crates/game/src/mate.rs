//! mate: what a checkmate is worth. `checkmate OUTCOME` gives the mated side's outcome;
//! its options make it depend on the pieces that give the mate (`by KINDS only
//! OUTCOME`) and on the checks before it (`after check by KINDS else OUTCOME`), as
//! Shatar's rules do. Owns [`Game::checkers`] and the mate's outcome that `result.rs`
//! asks for; the per-position fact a [`Line`] keeps for the series of checks is
//! computed here too (`Game::checked_by_series_kind`).
//!
//! The series of checks ending in a mate is Fairy-Stockfish's: from the mated position
//! back two plies at a time, every position with the mated side to move that is in
//! check, up to the first that is not (or the start of the line). Without a line (a
//! position alone), the series is the mated position.

use crate::ids::{CellId, PieceId};
use crate::ir::{MateKinds, Outcome};
use crate::line::Line;
use crate::{Game, GamePosition};

impl Game {
    /// The opponent's pieces that check the side to move, by cell (each once), with
    /// their kinds: those that could take one of its royals were the opponent to move.
    /// Empty when the side to move is not in check.
    pub fn checkers(&self, pos: &GamePosition) -> Vec<(CellId, PieceId)> {
        self.move_generator().checkers(pos)
    }

    /// Whether the side to move is in check by a piece of the kinds of `after check by
    /// KINDS` (false in a game without that rule).
    pub(crate) fn checked_by_series_kind(&self, pos: &GamePosition) -> bool {
        self.ends
            .checkmate_after
            .as_ref()
            .is_some_and(|rule| self.checked_by(pos, rule))
    }

    fn checked_by(&self, pos: &GamePosition, rule: &MateKinds) -> bool {
        self.checkers(pos)
            .iter()
            .any(|(_, kind)| rule.kinds.contains(kind))
    }

    /// The outcome for the side to move of `pos`, checkmated (the last position of
    /// `line` when one is given).
    pub(crate) fn mate_outcome(&self, pos: &GamePosition, line: Option<&Line>) -> Outcome {
        let outcome = self.ends.checkmate.unwrap_or(Outcome::Loss);
        if let Some(only) = &self.ends.checkmate_only {
            let checkers = self.checkers(pos);
            if !checkers.is_empty() && checkers.iter().all(|(_, k)| only.kinds.contains(k)) {
                return only.outcome;
            }
        }
        let Some(after) = &self.ends.checkmate_after else {
            return outcome;
        };
        let Some(line) = line else {
            return if self.checked_by(pos, after) {
                outcome
            } else {
                after.outcome
            };
        };
        let mut k = line.marks.len() - 1;
        loop {
            let mark = &line.marks[k];
            if !mark.check {
                return after.outcome;
            }
            if mark.series_kind {
                return outcome;
            }
            if k < 2 {
                return after.outcome;
            }
            k -= 2;
        }
    }
}
