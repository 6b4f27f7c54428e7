//! `piecewise result`: whether the game is over after moves from a position — the
//! result (an immediate end, or no legal move), the immediate end, the claimable end —
//! as pyffish's `game_result`, `is_immediate_game_end` and `is_optional_game_end` ask
//! it; with `--batch`, one `FEN [moves ...]` line of standard input at a time, answered
//! in one line for the side to move (`--each`: for every position of the line).

use crate::failure::{Failure, Outcome};
use crate::input::{game_position, load_game, load_game_for, Start};
use crate::output::{batch, outln};
use piecewise::game::{GameResult, Line};
use piecewise::ids::Side;
use piecewise::ir;
use piecewise::Game;
use std::path::Path;

/// Judges the line `moves` from `fen` (or the start), or answers standard input.
/// `batch_mode`: (`--batch`, `--each`).
pub fn run(
    path: &Path,
    fen: Option<&str>,
    moves: &[String],
    batch_mode: (bool, bool),
    color: bool,
) -> Outcome {
    if let (true, each) = batch_mode {
        let game = load_game(path, color)?;
        return batch(|text| {
            let (fen, moves) = split_line(text);
            if !each {
                let line = game.line_from_uci(fen, &moves).map_err(|e| e.to_string())?;
                return Ok(answer(&game, &line));
            }
            let pos = game.position(fen).map_err(|e| format!("bad FEN: {e}"))?;
            let mut line = game.line(pos);
            let mut answers = vec![answer(&game, &line)];
            for m in &moves {
                game.play_uci(&mut line, m).map_err(|e| e.to_string())?;
                answers.push(answer(&game, &line));
            }
            Ok(answers.join(" | "))
        });
    }
    let start = Start::new(fen, None);
    let game = load_game_for(path, start, color)?;
    let line = play_line(&game, game_position(&game, path, start)?, moves)?;
    let say = |r: Option<GameResult>| r.map_or("none".to_string(), |r| r.to_string());
    outln!("result: {}", say(game.line_result(&line)));
    outln!("immediate: {}", say(game.immediate_end(&line)));
    outln!("claimable: {}", say(game.optional_end(&line)));
    Ok(())
}

/// `RESULT IMMEDIATE CLAIMABLE` at the end of `line`, for the side to move.
fn answer(game: &Game, line: &Line) -> String {
    let side = line.position().side_to_move();
    [
        game.line_result(line),
        game.immediate_end(line),
        game.optional_end(line),
    ]
    .map(|r| for_side(r, side))
    .join(" ")
}

/// A batch line `FEN [moves M1 M2 ...]`: the FEN and the moves.
pub fn split_line(line: &str) -> (&str, Vec<&str>) {
    match line.split_once(" moves ") {
        Some((f, m)) => (f.trim(), m.split_whitespace().collect()),
        None => (
            line.strip_suffix(" moves").unwrap_or(line).trim(),
            Vec::new(),
        ),
    }
}

/// Plays `moves` from `pos` into a line; the error names the first move that is not
/// legal, with the legal moves there.
pub fn play_line<S: AsRef<str>>(
    game: &Game,
    pos: piecewise::game::GamePosition,
    moves: &[S],
) -> Result<Line, Failure> {
    let mut line = game.line(pos);
    for text in moves {
        if let Err(e) = game.play_uci(&mut line, text.as_ref()) {
            let mut legal = game.legal_uci(line.position());
            let listed = if legal.is_empty() {
                "there are no legal moves".to_string()
            } else {
                legal.truncate(12);
                format!("legal moves begin: {}", legal.join(" "))
            };
            return Err(Failure::input(format!("{e} ({listed})")));
        }
    }
    Ok(line)
}

/// `-`, or `win:REASON`, `loss:REASON`, `draw:REASON` for `side` (words joined by `-`).
fn for_side(result: Option<GameResult>, side: Side) -> String {
    let Some(r) = result else {
        return "-".to_string();
    };
    let outcome = match r.outcome_for(side) {
        ir::Outcome::Win => "win",
        ir::Outcome::Loss => "loss",
        ir::Outcome::Draw => "draw",
    };
    format!("{outcome}:{}", r.reason.as_str().replace(' ', "-"))
}
