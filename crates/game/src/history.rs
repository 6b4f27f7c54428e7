//! history: the ends decided over a [`Line`] — repetition and perpetual check, the move
//! limit, two passes in a row and a pass with the royals facing, Makruk's counting (the count itself is recorded by `line`) — and the three questions asked at the end of a line, as
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
use super::{Game, GameMove, GamePosition, MoveKind};
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
            .or_else(|| self.no_move_result_in(line.position(), Some(line)))
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
        if immediate {
            if let Some(result) = self.pass_end(line) {
                return Some(result);
            }
        }
        if !immediate {
            if let Some(result) = self.move_repetition(line) {
                return Some(result);
            }
        }
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

    /// `royals facing` and `double pass`, ended by the last move of `line` (a pass): a
    /// pass while the royals face each other (they still face after it), or a pass
    /// answering a pass. As Fairy-Stockfish judges them (`bikjangRule`: the position
    /// before the last move and the last one both bikjang; two passes in a row).
    fn pass_end(&self, line: &Line) -> Option<GameResult> {
        let ends = &self.ends;
        if ends.royals_facing.is_none() && ends.double_pass.is_none() {
            return None;
        }
        let moves = line.moves();
        if !moves.last().is_some_and(|m| m.is_pass()) {
            return None;
        }
        let pos = line.position();
        let stm = pos.side_to_move();
        if let Some(outcome) = ends.royals_facing {
            if crate::attack::royals::royals_face(self, pos) {
                return Some(GameResult::for_side(stm, outcome, EndReason::RoyalsFacing));
            }
        }
        if let Some(outcome) = ends.double_pass {
            if moves.len() >= 2 && moves[moves.len() - 2].is_pass() {
                return Some(GameResult::for_side(stm, outcome, EndReason::DoublePass));
            }
        }
        None
    }

    /// `move repetition loses`, as Fairy-Stockfish's `moveRepetitionIllegal` judges the
    /// last move of `line` (a claim): the side that just moved, X, loses when its last
    /// five moves were one piece's arrival on a cell B without a capture, then B to A,
    /// A to B, B to A, A to B (a pass may stand for the first move back, the arrival
    /// then a move earlier), its last move a plain move of a kind not excepted, X never
    /// in check before these moves, and no capture among the plies looked at (the
    /// halfmove clock and the line bound how far back it looks).
    fn move_repetition(&self, line: &Line) -> Option<GameResult> {
        let except = self.ends.move_repetition.as_ref()?;
        let moves = line.moves();
        let n = moves.len();
        let end = (line.position().halfmove_clock() as usize).min(n);
        if end < 4 {
            return None;
        }
        // m(k): the k-th move (1-based); check(k): the side to move at the position
        // after k moves was in check.
        let m = |k: usize| &moves[k - 1];
        let check = |k: usize| line.marks[k].check;
        let plain =
            |x: &GameMove| x.kind == MoveKind::Normal && x.promotion.is_none() && !x.is_pass();
        // `b` is `a` played backwards.
        let back = |a: &GameMove, b: &GameMove| plain(b) && b.from == a.to && b.to == a.from;
        let last = m(n);
        if !plain(last) || except.contains(&last.piece) || check(n - 1) || check(n - 3) {
            return None;
        }
        let mut run = if back(last, m(n - 2)) {
            2
        } else if m(n - 2).is_pass() {
            1
        } else {
            return None;
        };
        for i in (4..=end).step_by(2) {
            if i < end && check(n - i - 1) {
                return None;
            }
            if i == n {
                // Before the line's first move: no move to compare (Fairy-Stockfish's
                // empty move matches none).
                return None;
            }
            let earlier = m(n - i);
            if run < 4 {
                let target = if run == 1 { last } else { m(n - i + 2) };
                if !back(target, earlier) {
                    return None;
                }
                run += 1;
            } else {
                let lost = !earlier.is_capture() && m(n - i + 2).from == earlier.to;
                return lost.then(|| {
                    GameResult::for_side(
                        line.position().side_to_move(),
                        Outcome::Win,
                        EndReason::MoveRepetition,
                    )
                });
            }
        }
        None
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
