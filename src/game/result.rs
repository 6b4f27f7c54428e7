//! result: whether a position ends the game, and how — checkmate (the side to move
//! has no legal move and a royal of it could be captured: it loses) or stalemate (no
//! legal move, not in check: the rules' `stalemate` declaration says who wins, a draw
//! by default). `one side` puzzles end when solved instead, and have no result here.
//! Repetition, move-count and material rules are not declared yet.

use super::{Game, GamePosition};
use crate::ids::Side;
use crate::ir::Outcome;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EndReason {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check.
    Stalemate,
    /// The side to move has lost its royal pieces (to a blast or a burn: games with
    /// effects, such as Atomic chess).
    RoyalLost,
}

/// How a game ended: the winner (`None`: a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = match self.reason {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::RoyalLost => "loss of the royal piece",
        };
        match self.winner {
            Some(Side::First) => write!(f, "1-0 (white wins by {reason})"),
            Some(Side::Second) => write!(f, "0-1 (black wins by {reason})"),
            None => write!(f, "1/2-1/2 (draw by {reason})"),
        }
    }
}

impl Game {
    /// The result if `pos` ends the game (the side to move has no legal move), `None`
    /// while the game goes on.
    pub fn result(&self, pos: &GamePosition) -> Option<GameResult> {
        if self.one_side || self.move_generator().has_legal_move(&mut pos.clone()) {
            return None;
        }
        let side = pos.side_to_move();
        if self.effects.is_some() && self.has_royals() && pos.royal_count[side.index()] == 0 {
            return Some(GameResult {
                winner: Some(side.opponent()),
                reason: EndReason::RoyalLost,
            });
        }
        if self.in_check(pos) {
            return Some(GameResult {
                winner: Some(side.opponent()),
                reason: EndReason::Checkmate,
            });
        }
        let winner = match self.stalemate {
            Outcome::Draw => None,
            Outcome::Loss => Some(side.opponent()),
            Outcome::Win => Some(side),
        };
        Some(GameResult {
            winner,
            reason: EndReason::Stalemate,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(source: &str) -> Game {
        Game::compile(source).expect("compiles")
    }

    /// The positions and outcomes checked against Fairy-Stockfish's `game_result`
    /// (pyffish 0.0.90): chess stalemate 0 (draw), xiangqi stalemate -32000 (a loss
    /// for the side to move).
    #[test]
    fn checkmate_and_stalemate_as_fairy_stockfish_scores_them() {
        let chess = game(include_str!("../../rules/chess.rules"));
        let start = chess.start_position().expect("start");
        assert_eq!(chess.result(&start), None);
        let stalemate = chess
            .position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
            .expect("FEN");
        assert_eq!(
            chess.result(&stalemate),
            Some(GameResult {
                winner: None,
                reason: EndReason::Stalemate
            })
        );
        let mate = chess
            .position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
            .expect("FEN");
        assert_eq!(
            chess.result(&mate),
            Some(GameResult {
                winner: Some(Side::Second),
                reason: EndReason::Checkmate
            })
        );
        assert_eq!(
            chess.result(&mate).expect("over").to_string(),
            "0-1 (black wins by checkmate)"
        );
        let xiangqi = game(include_str!("../../rules/xiangqi.rules"));
        let stalemate = xiangqi
            .position("4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1")
            .expect("FEN");
        assert_eq!(
            xiangqi.result(&stalemate),
            Some(GameResult {
                winner: Some(Side::First),
                reason: EndReason::Stalemate
            })
        );
        // Shogi and shatranj: a stalemated player loses too (pyffish: -32000).
        for (rules, fen) in [
            (
                include_str!("../../rules/shogi.rules"),
                "k8/2G6/1G7/9/9/9/9/9/8K[-] b - 0 1",
            ),
            (
                include_str!("../../rules/shatranj.rules"),
                "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            ),
        ] {
            let g = game(rules);
            let pos = g.position(fen).expect(fen);
            assert_eq!(
                g.result(&pos).map(|r| (r.winner, r.reason)),
                Some((Some(Side::First), EndReason::Stalemate)),
                "{fen}"
            );
        }
    }
}
