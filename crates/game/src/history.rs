//! history: the ends decided over a [`Line`] — repetition and perpetual check, the move
//! limit, Makruk's counting (the count itself is recorded by `line`) — and the three questions asked at the end of a line, as
//! pyffish asks them: the result when the game is over ([`Game::line_result`]), the end
//! that stops the game at once ([`Game::immediate_end`]) and the end a player may claim
//! ([`Game::optional_end`]).
//!
//! Each of `repetition` and `move limit` is a claim unless declared `, immediate`;
//! counting is a claim; `bare royal` and `no pieces` are immediate
//! ([`Game::material_end`]). These match Fairy-Stockfish's `is_optional_game_end` and
//! `is_immediate_game_end` for the shipped games (tests/differential/ends.py).

use super::line::Line;
use super::result::{EndReason, GameResult};
use super::{Game, GamePosition};
use crate::ir::Outcome;

impl Game {
    /// The result if the game is over at the end of `line`: an immediate end
    /// ([`Game::immediate_end`]), else the result of having no legal move (checkmate or
    /// stalemate), else a draw when neither side has the material to mate
    /// ([`Game::material_draw`]). `None` while the game goes on (a claimable end does
    /// not end it: see [`Game::optional_end`]). pyffish's `game_result`, but for the
    /// draw by insufficient material, which pyffish leaves to its caller
    /// (`has_insufficient_material`; its `game_result` is 0, a draw's value, either way).
    pub fn line_result(&self, line: &Line) -> Option<GameResult> {
        self.immediate_end(line)
            .or_else(|| self.no_move_result(line.position()))
            .or_else(|| self.material_draw(line.position()))
    }

    /// The end that stops the game at once at the end of `line`, legal moves or not:
    /// `no pieces`, `bare royal`, and `repetition` or `move limit` declared `,
    /// immediate`. pyffish's `is_immediate_game_end`.
    pub fn immediate_end(&self, line: &Line) -> Option<GameResult> {
        self.material_end(line.position())
            .or_else(|| self.history_end(line, true))
    }

    /// The end a player may claim at the end of `line` (the game goes on unless one
    /// does): a repetition (with perpetual check), the move limit, or Makruk's count run
    /// out, as declared (not those declared `, immediate`). pyffish's
    /// `is_optional_game_end`.
    pub fn optional_end(&self, line: &Line) -> Option<GameResult> {
        if self.material_end(line.position()).is_some() {
            return None;
        }
        self.history_end(line, false)
    }

    /// The repetition, move-limit or counting end of the given kind (immediate or
    /// claimable), in that order.
    fn history_end(&self, line: &Line, immediate: bool) -> Option<GameResult> {
        self.history_end_drawn(line, immediate)
            .map(|r| self.with_odds(line.position(), r))
    }

    /// [`Game::history_end`] before `draw odds`.
    fn history_end_drawn(&self, line: &Line, immediate: bool) -> Option<GameResult> {
        if self.one_side {
            return None;
        }
        let pos = line.position();
        if let Some(rule) = self.ends.repetition.filter(|r| r.immediate == immediate) {
            if let Some(result) = self.repetition(line, rule) {
                return Some(result);
            }
        }
        if let Some(rule) = self
            .ends
            .move_limit
            .as_ref()
            .filter(|r| r.immediate == immediate)
        {
            if pos.halfmove_clock() >= rule.plies && !self.checkmated(pos) {
                return Some(GameResult {
                    winner: None,
                    reason: EndReason::MoveLimit,
                });
            }
        }
        if immediate && self.ends.pass_when_stuck && self.passed_twice(line) {
            return Some(GameResult {
                winner: None,
                reason: EndReason::Passes,
            });
        }
        if immediate && self.endgame_over(line) {
            return Some(GameResult {
                winner: None,
                reason: EndReason::MoveLimit,
            });
        }
        if !immediate && self.ends.counting.is_some() {
            let count = line.marks.last().map(|m| m.count).unwrap_or_default();
            if count.limit > 0 && count.ply > count.limit && !self.checkmated(pos) {
                return Some(GameResult {
                    winner: None,
                    reason: EndReason::Counting,
                });
            }
        }
        None
    }

    /// `pass when stuck`: whether the last two moves of `line` were passes (null moves).
    fn passed_twice(&self, line: &Line) -> bool {
        let is_pass = |m: &crate::GameMove| {
            m.kind == crate::MoveKind::Normal && m.from == m.to && !m.captures_to
        };
        matches!(line.moves(), [.., a, b] if is_pass(a) && is_pass(b))
    }

    /// `endgame N moves, ...`: whether the material at the end of `line` is one of the
    /// rules' (one side a stronger material, the other a weaker one) and its plies have
    /// been played since the last capture or promotion (or the line's start).
    fn endgame_over(&self, line: &Line) -> bool {
        if self.ends.endgames.is_empty() {
            return false;
        }
        let pos = line.position();
        let mut counts = [vec![0u32; self.pieces], vec![0u32; self.pieces]];
        for o in pos.cells.iter().filter(|o| !o.is_empty()) {
            counts[o.side().index()][o.kind().index()] += 1;
        }
        let is = |side: usize, material: &[(crate::ids::PieceId, u32)]| {
            (0..self.pieces).all(|k| {
                let want = material
                    .iter()
                    .find(|&&(p, _)| p.index() == k)
                    .map_or(0, |&(_, n)| n);
                counts[side][k] == want
            })
        };
        let quiet = line
            .moves()
            .iter()
            .rev()
            .take_while(|m| !m.is_capture() && m.promotion.is_none())
            .count() as u32;
        self.ends.endgames.iter().any(|rule| {
            quiet >= rule.plies
                && [(0, 1), (1, 0)].iter().any(|&(a, b)| {
                    rule.stronger.iter().any(|m| is(a, m)) && rule.weaker.iter().any(|m| is(b, m))
                })
        })
    }

    /// The side to move is checkmated (a mate on the last move of a limit stands).
    fn checkmated(&self, pos: &GamePosition) -> bool {
        self.in_check(pos) && !self.move_generator().has_legal_move(&mut pos.clone())
    }

    /// The repetition at the end of `line`, if its last position has stood `count` times
    /// since the last capture or pawn move (in a game with hands, since the line began).
    /// With `perpetual check loses`, a side that gave check with every one of its moves
    /// since the first of those positions loses (a draw if both did).
    fn repetition(&self, line: &Line, rule: crate::ir::RepetitionRule) -> Option<GameResult> {
        let marks = &line.marks;
        let n = marks.len() - 1;
        let now = marks[n];
        // The first position that may repeat: the one after the last reset.
        let first = if self.hand {
            0
        } else {
            (0..=n)
                .rev()
                .find(|&i| i == 0 || marks[i].reset)
                .unwrap_or(0)
        };
        let mut seen = 1;
        let mut i = n;
        while i >= first + 2 {
            i -= 2;
            if marks[i].key != now.key {
                continue;
            }
            seen += 1;
            if seen < rule.count {
                continue;
            }
            let stm = line.position().side_to_move();
            if self.ends.perpetual_check_loses {
                // `them`: the side to move was checked at each of its turns; `us`: the
                // other side was, i.e. the side to move checked with every move.
                let them = (i..=n).step_by(2).all(|j| marks[j].check);
                let us = (i + 1..n).step_by(2).all(|j| marks[j].check);
                let outcome = match (us, them) {
                    (true, true) => Some(Outcome::Draw),
                    (true, false) => Some(Outcome::Loss),
                    (false, true) => Some(Outcome::Win),
                    (false, false) => None,
                };
                if let Some(outcome) = outcome {
                    return Some(GameResult::for_side(
                        stm,
                        outcome,
                        EndReason::PerpetualCheck,
                    ));
                }
            }
            let side = rule.for_side.unwrap_or(stm);
            return Some(GameResult::for_side(
                side,
                rule.outcome,
                EndReason::Repetition,
            ));
        }
        None
    }
}
