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
//! What the crate decides today is [`piecewise::Game::result`]: checkmate and
//! stalemate. It declares no end of the second kind yet, so both `is_*_game_end`
//! functions answer `(False, 0)`; when the crate learns such rules, this module alone
//! maps them. The position given to each function is the one reached by playing the
//! move list on the FEN's position, so history the rules track (repetitions) is there.

use piecewise::game::{GamePosition, GameResult};
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
/// over; [`VALUE_DRAW`] while it goes on (pyffish expects to be asked only at the end,
/// and answers the stalemate value there).
pub fn game_result(game: &Game, pos: &GamePosition) -> i32 {
    game.result(pos).map_or(VALUE_DRAW, |r| value(pos, &r))
}

/// `is_immediate_game_end`: whether a rule ends the game here although the side to
/// move has legal moves, and its value.
pub fn immediate_end(_game: &Game, _pos: &GamePosition) -> (bool, i32) {
    (false, VALUE_DRAW)
}

/// `is_optional_game_end`: whether a player may claim the game's end here (a
/// repetition, a move count), and its value.
pub fn optional_end(_game: &Game, _pos: &GamePosition) -> (bool, i32) {
    (false, VALUE_DRAW)
}

/// `result`: `None` while the game goes on, else the score (`"1-0"`, `"0-1"`,
/// `"1/2-1/2"`) and the reason in lower case (`"checkmate"`, `"stalemate"`).
pub fn result(game: &Game, pos: &GamePosition) -> Option<(&'static str, String)> {
    let r = game.result(pos)?;
    let score = match r.winner {
        None => "1/2-1/2",
        Some(piecewise::ids::Side::First) => "1-0",
        Some(piecewise::ids::Side::Second) => "0-1",
    };
    Some((score, format!("{:?}", r.reason).to_lowercase()))
}
