//! notation: the text forms of game positions — reading them into a
//! [`GamePosition`](crate::game::GamePosition) and writing one back.
//!
//! Owns FEN as Fairy-Stockfish writes it ([`fen`]: board, hands, side, castling, en
//! passant, clocks) and Sokoban text boards ([`text_board`]); move text (UCI) belongs
//! here too. Nothing here generates or checks moves: a reader places pieces and reports
//! what is wrong and where ([`FenError`](crate::position::FenError),
//! [`TextBoardError`]); the rules of the game are the rest of `game`'s business. The
//! board part of a FEN is read by [`crate::position`], shared with the movement-only
//! [`Position`](crate::position::Position).

pub mod fen;
pub mod text_board;

pub use text_board::{TextBoardError, TextBoardErrorKind};
