//! `piecewise pgn`: games as PGN. With `--read FILE` (`-` for standard input), plays
//! every game of a PGN file (moves in SAN or UCI, from its `[FEN]` or the start, its
//! `[Variant]` checked against the rules) and prints the FEN each one reaches, with
//! `game N: result: ...` on standard error when that game is over; otherwise writes
//! the moves given (UCI or SAN, from `--fen` or the start) as a PGN game. A draughts
//! game is PDN both ways (`[GameType "20"]`, moves `32-28`, `28x19x10`, a draughts FEN).

use crate::failure::{Failure, Outcome};
use crate::input::{game_position, load_game, load_game_for, read, Start};
use crate::output::{out, outln};
use std::path::Path;

/// Reads the games of `file` or writes `moves` as one.
pub fn run(
    path: &Path,
    read_from: Option<&Path>,
    fen: Option<&str>,
    moves: &[String],
    color: bool,
) -> Outcome {
    let Some(file) = read_from else {
        let start = Start::new(fen, None);
        let game = load_game_for(path, start, color)?;
        let line = super::result::play_line(&game, game_position(&game, path, start)?, moves)?;
        out!("{}", game.write_pgn(line.start(), line.moves(), &[]));
        return Ok(());
    };
    let game = load_game(path, color)?;
    let text = if file == Path::new("-") {
        read(Path::new("/dev/stdin"))?
    } else {
        read(file)?
    };
    let games = piecewise::game::notation::pgn::read(&text)
        .map_err(|e| Failure::input(format_args!("{}: {e}", file.display())))?;
    if games.is_empty() {
        return Err(Failure::input(format_args!(
            "{}: no game in this PGN text",
            file.display()
        )));
    }
    for (i, pgn) in games.iter().enumerate() {
        let line = game
            .play_pgn(pgn)
            .map_err(|e| Failure::input(format_args!("{}: game {}: {e}", file.display(), i + 1)))?;
        let pos = line.position();
        // Draughts games: the draughts FEN (`W:W31,32:B1,2`).
        outln!(
            "{}",
            game.draughts_fen(pos).unwrap_or_else(|| game.fen(pos))
        );
        if let Some(result) = game.line_result(&line) {
            eprintln!("game {}: result: {result}", i + 1);
        }
    }
    Ok(())
}
