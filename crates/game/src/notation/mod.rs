//! notation: the text forms of game positions and moves — reading a position into a
//! [`GamePosition`](crate::GamePosition) and writing one back, and writing moves.
//!
//! Owns FEN as Fairy-Stockfish writes it ([`fen`]: board, hands, side, castling, en
//! passant, clocks), Sokoban text boards ([`text_board`]), moves as UCI text
//! (`uci`), as SAN (`san`), games as PGN ([`pgn`]), and the draughts family's FEN and
//! PDN move numbers (`draughts`). Nothing here generates or checks moves: a reader places pieces and reports
//! what is wrong and where ([`FenError`](piecewise_table::position::FenError),
//! [`TextBoardError`]); the rules of the game are the rest of `game`'s business. The
//! board part of a FEN is read by [`piecewise_table::position`], shared with the movement-only
//! [`Position`](piecewise_table::position::Position).

pub(crate) mod draughts;
pub mod fen;
mod game_text;
pub mod pgn;
pub mod rle;
pub(crate) mod san;
pub mod text_board;
pub(crate) mod uci;

pub use text_board::{TextBoardError, TextBoardErrorKind};
