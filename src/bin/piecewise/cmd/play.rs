//! `piecewise play`: plays moves (UCI, or SAN) from a position and prints the FEN reached (or,
//! from a Sokoban text board, the board reached and `solved` on standard error), and
//! `result: ...` on standard error when the game is over there (by the moves played:
//! repetition too), or `claimable: ...` when a player may claim its end; with
//! `--batch`, one `FEN [moves ...]` line of standard input at a time.

use crate::failure::Outcome;
use crate::input::{game_position, load_game_for, Start};
use crate::output::batch;
use crate::output::{out, outln};
use piecewise::game::GamePosition;
use piecewise::Game;
use std::path::Path;

/// How `play` answers: `--batch`, `--rle`.
pub struct Mode {
    /// Answer the lines of standard input.
    pub batch: bool,
    /// Print a text board reached in run-length form.
    pub rle: bool,
    /// Play the level in Sokoban's reverse mode from its reverse start.
    pub reverse: bool,
}

/// Plays `moves` from `start`, or answers standard input in batch mode.
pub fn run(path: &Path, start: Start<'_>, moves: &[String], mode: Mode, color: bool) -> Outcome {
    let mut game = load_game_for(path, start, color)?;
    if !mode.batch {
        let mut pos = game_position(&game, path, start)?;
        if mode.reverse {
            pos = crate::input::reverse(&mut game, &pos)?;
        }
        let line = super::result::play_line(&game, pos, moves)?;
        let pos = line.position();
        let board = if mode.rle {
            game.text_board_rle(pos)
        } else {
            game.text_board(pos)
        };
        match (start, board) {
            (Start::Board(_), Some(text)) => {
                out!("{text}");
                if game.solved(pos) {
                    eprintln!("solved");
                }
            }
            // Draughts games: the draughts FEN (`W:W31,32:B1,2`).
            _ => outln!(
                "{}",
                game.draughts_fen(pos).unwrap_or_else(|| game.fen(pos))
            ),
        }
        if let Some(result) = game.line_result(&line) {
            eprintln!("result: {result}");
        } else if let Some(end) = game.optional_end(&line) {
            eprintln!("claimable: {end}");
        }
        return Ok(());
    }
    batch(|line| {
        let (fen, moves) = super::result::split_line(line);
        let mut pos = game.position(fen).map_err(|e| e.to_string())?;
        play_moves(&game, &mut pos, &moves)?;
        Ok(game.draughts_fen(&pos).unwrap_or_else(|| game.fen(&pos)))
    })
}

/// Plays `moves` on `pos`; the error names the first move that is not legal.
fn play_moves(game: &Game, pos: &mut GamePosition, moves: &[&str]) -> Result<(), String> {
    for (i, text) in moves.iter().enumerate() {
        let Some(m) = game.parse_move(pos, text) else {
            let mut legal = game.legal_uci(pos);
            let listed = if legal.is_empty() {
                "there are no legal moves".to_string()
            } else {
                legal.truncate(12);
                format!("legal moves begin: {}", legal.join(" "))
            };
            return Err(format!(
                "move {} `{text}` is not legal in {} ({listed})",
                i + 1,
                game.fen(pos)
            ));
        };
        game.make(pos, &m);
    }
    Ok(())
}
