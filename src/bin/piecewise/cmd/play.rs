//! `piecewise play`: plays UCI moves from a position and prints the FEN reached (or,
//! from a Sokoban text board, the board reached and `solved` on standard error), and
//! `result: ...` on standard error when the position reached ends the game; with
//! `--batch`, one `FEN [moves ...]` line of standard input at a time.

use crate::failure::{Failure, Outcome};
use crate::input::{game_position, load_game_for, Start};
use crate::output::batch;
use crate::output::{out, outln};
use piecewise::game::GamePosition;
use piecewise::Game;
use std::path::Path;

/// Plays `moves` from `start`, or answers standard input with `batch_mode`.
pub fn run(
    path: &Path,
    start: Start<'_>,
    moves: &[String],
    batch_mode: bool,
    color: bool,
) -> Outcome {
    let game = load_game_for(path, start, color)?;
    if !batch_mode {
        let mut pos = game_position(&game, path, start)?;
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        play_moves(&game, &mut pos, &moves).map_err(Failure::input)?;
        match (start, game.text_board(&pos)) {
            (Start::Board(_), Some(text)) => {
                out!("{text}");
                if game.solved(&pos) {
                    eprintln!("solved");
                }
            }
            _ => outln!("{}", game.fen(&pos)),
        }
        if let Some(result) = game.result(&pos) {
            eprintln!("result: {result}");
        }
        return Ok(());
    }
    batch(|line| {
        let (fen, moves) = match line.split_once(" moves ") {
            Some((f, m)) => (f.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (line, Vec::new()),
        };
        let mut pos = game.position(fen).map_err(|e| e.to_string())?;
        play_moves(&game, &mut pos, &moves)?;
        Ok(game.fen(&pos))
    })
}

/// Plays `moves` on `pos`; the error names the first move that is not legal.
fn play_moves(game: &Game, pos: &mut GamePosition, moves: &[&str]) -> Result<(), String> {
    for (i, text) in moves.iter().enumerate() {
        let Some(m) = game.parse_uci(pos, text) else {
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
