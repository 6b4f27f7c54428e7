//! `piecewise show`: draws a game as SVG (see docs/diagrams.md): a position (`--fen`,
//! `--board`, or the declared start), or one piece alone (`--piece`), with the moves
//! of the piece on `--from`, or the distance map of the piece on `--distance` as a heat
//! map. The picture is put together by the library's
//! [`GameDiagram`]; this command reads the arguments and writes the SVG.

use crate::failure::{Failure, Outcome};
use crate::input::{game_position, load_game_for, no_such_piece, optional_cell, Start};
use crate::output::write_text;
use piecewise::picture::{piece_arg, DiagramError, GameDiagram};
use std::path::Path;

/// The arguments of `show`, as clap gives them.
pub struct Args<'a> {
    /// The rules file.
    pub rules: &'a Path,
    /// `--fen` or `--board`.
    pub start: Start<'a>,
    /// `--from`.
    pub from: Option<&'a str>,
    /// `--distance`.
    pub distance: Option<&'a str>,
    /// `--piece`.
    pub piece: Option<&'a str>,
    /// `-o`: a file, or `-` for standard output.
    pub output: &'a Path,
}

/// Draws the position (and the moves of the piece on `from`) as SVG; with `piece`,
/// that piece alone on an empty board.
pub fn run(args: Args<'_>, color: bool) -> Outcome {
    let Args {
        rules: path,
        start,
        from,
        distance,
        piece,
        output,
    } = args;
    let game = load_game_for(path, start, color)?;
    let from = optional_cell(game.board(), from)?;
    let distance = optional_cell(game.board(), distance)?;
    // A game position (FEN, text board or start), or a bare board (empty, or the one
    // piece of --piece).
    let pos = match (start, piece) {
        (Start::Fen(_) | Start::Board(_), _) => Some(game_position(&game, path, start)?),
        (Start::Declared, None) => game.start_position(),
        (Start::Declared, Some(_)) => None,
    };
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let mut diagram = GameDiagram::new(&game).fallback_title(&stem);
    if let Some(p) = &pos {
        diagram = diagram.position(p);
    }
    if let Some(text) = piece {
        let (side, kind) = piece_arg(game.rules(), text).ok_or_else(|| no_such_piece(text))?;
        diagram = diagram.lone_piece(side, kind);
    }
    if let Some(cell) = from {
        diagram = diagram.moves_from(cell);
    }
    if let Some(cell) = distance {
        diagram = diagram.distances_from(cell);
    }
    let picture = diagram.draw().map_err(|e| match e {
        DiagramError::EmptyCell { .. } if pos.is_none() => Failure::input(format_args!(
            "{e} ({} declares no start position; pass --fen or --piece)",
            path.display()
        )),
        e => Failure::input(e),
    })?;
    write_text(output, &picture.to_svg())
}
