//! end: how a game ends, in pyffish's conventions — the one place where the game-end
//! rules of the `piecewise` crate meet the Python API (`Game.game_result`,
//! `is_immediate_game_end`, `is_optional_game_end`, `result`).
//!
//! Values are from the side to move's point of view: [`VALUE_MATE`] (it has won),
//! `-VALUE_MATE` (it has lost), [`VALUE_DRAW`]. As in Fairy-Stockfish, the ends that
//! come from having no legal move (checkmate; stalemate, which the rules file scores
//! as a draw, a loss or a win) are `game_result`'s; `is_immediate_game_end` and
//! `is_optional_game_end` report the ends a position has *with* legal moves (rules
//! about the game's history or material, such as repetition or a bare king: the first
//! ends the game at once, the second lets a player claim it).
//!
//! Each function reads a [`Line`]: the FEN's position and the moves played from it, so
//! the history the rules track (repetitions, the move limit, Makruk's counting) is
//! there. The crate's game-end API ([`Game::line_result`], [`Game::immediate_end`],
//! [`Game::optional_end`]) decides; this module only writes its answers in pyffish's
//! conventions.

use piecewise::game::{GamePosition, GameResult, Line};
use piecewise::Game;

/// A won game's value for the winner (Fairy-Stockfish's `VALUE_MATE`).
pub const VALUE_MATE: i32 = 32_000;
/// A drawn game's value.
pub const VALUE_DRAW: i32 = 0;

/// The value of a finished game for the side to move in `pos`.
fn value(pos: &GamePosition, result: &GameResult) -> i32 {
    match result.winner {
        None => VALUE_DRAW,
        Some(side) if side == pos.side_to_move() => VALUE_MATE,
        Some(_) => -VALUE_MATE,
    }
}

/// `game_result`: the value of the game's end for the side to move when the game is
/// over ([`Game::line_result`]: an immediate end, or no legal move); [`VALUE_DRAW`]
/// while it goes on.
pub fn game_result(game: &Game, line: &Line) -> i32 {
    game.line_result(line)
        .map_or(VALUE_DRAW, |r| value(line.position(), &r))
}

/// `is_immediate_game_end`: whether a rule ends the game here although the side to
/// move may have legal moves (`bare royal`, `no pieces`, a royal blown up, ends
/// declared `immediate`), and its value.
pub fn immediate_end(game: &Game, line: &Line) -> (bool, i32) {
    game.immediate_end(line)
        .map_or((false, VALUE_DRAW), |r| (true, value(line.position(), &r)))
}

/// `is_optional_game_end`: whether a player may claim the game's end here (a
/// repetition, the move limit, Makruk's count), and its value.
pub fn optional_end(game: &Game, line: &Line) -> (bool, i32) {
    game.optional_end(line)
        .map_or((false, VALUE_DRAW), |r| (true, value(line.position(), &r)))
}

/// `result`: `None` while the game goes on, else the score (`"1-0"`, `"0-1"`,
/// `"1/2-1/2"`) and the reason in words (`"checkmate"`, `"repetition"`, ...).
pub fn result(game: &Game, line: &Line) -> Option<(&'static str, String)> {
    let r = game.line_result(line)?;
    let score = match r.winner {
        None => "1/2-1/2",
        Some(piecewise::ids::Side::First) => "1-0",
        Some(piecewise::ids::Side::Second) => "0-1",
    };
    Some((score, r.reason.as_str().to_string()))
}
