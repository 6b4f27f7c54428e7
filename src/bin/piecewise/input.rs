//! input: everything a command reads and how it fails to: files, rules files compiled
//! with their diagnostics printed, games (cut to a Sokoban level's size when one is
//! given), the position a command starts from (`--fen`, `--board` or the declared
//! start), and cells named on the command line. Each error is printed here, once, and
//! comes back as a [`Failure`]; nothing here prints a command's output.

use crate::failure::Failure;
use piecewise::diagnostics::{plural, Diagnostics};
use piecewise::game::{text_board, GamePosition};
use piecewise::ids::CellId;
use piecewise::pipeline::{self, Limits};
use piecewise::position::FenError;
use piecewise::topology::Board;
use piecewise::walk::Occupancy;
use piecewise::{Game, Rules};
use std::io::Write;
use std::path::Path;
use std::sync::OnceLock;

/// The limits every rules file is compiled under (`--limit`), set once by `main`.
static LIMITS: OnceLock<Limits> = OnceLock::new();

/// Sets the limits rules files are compiled under (the first call wins).
pub fn set_limits(limits: Limits) {
    let _ = LIMITS.set(limits);
}

/// The limits rules files are compiled under.
pub fn limits() -> &'static Limits {
    LIMITS.get_or_init(Limits::default)
}

/// Reads a file with `read`; an error names the file.
fn read_with<T>(path: &Path, read: fn(&Path) -> std::io::Result<T>) -> Result<T, Failure> {
    read(path).map_err(|e| Failure::input(format_args!("cannot read {}: {e}", path.display())))
}

/// A rules file's text and the directory its own file names are read from: a file
/// named on the command line, or, where no such file exists, the shipped game of that
/// name (`piecewise perft chess`; `piecewise variants` lists them), which reads none.
pub fn read_rules(path: &Path) -> Result<(String, Option<&Path>), Failure> {
    if std::fs::symlink_metadata(path).is_err() {
        if let Some(variant) = path.to_str().and_then(piecewise::catalogue::find) {
            return Ok((variant.source().to_string(), None));
        }
        if let Some(name) = path.to_str().filter(|n| !n.contains(['/', '.', '\\'])) {
            return Err(Failure::input(format_args!(
                "cannot read {name}: no such file, and {}; `piecewise variants` lists them",
                piecewise::catalogue::unknown(name)
            )));
        }
    }
    Ok((read(path)?, path.parent()))
}

/// [`read_rules`] for a second reading of rules already loaded (and reported on): `None`
/// where it fails, printing nothing.
pub fn read_rules_quietly(path: &Path) -> Option<(String, Option<&Path>)> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some((text, path.parent())),
        Err(_) => {
            let variant = piecewise::catalogue::find(path.to_str()?)?;
            Some((variant.source().to_string(), None))
        }
    }
}

/// Reads a text file. A file that is not UTF-8 text is an error that says so (and,
/// for a move-table file given where a rules file belongs, what it is).
pub fn read(path: &Path) -> Result<String, Failure> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        if e.as_bytes().starts_with(piecewise::table::MAGIC) {
            Failure::input(format_args!(
                "{} is a move-table file (written by `piecewise compile`), not a text file; \
                 give the .rules file (only `disasm` reads table files)",
                path.display()
            ))
        } else {
            Failure::input(format_args!(
                "{} is not UTF-8 text: invalid byte at offset {}",
                path.display(),
                e.utf8_error().valid_up_to()
            ))
        }
    })
}

/// The largest text board file (`--board`) read: 1 MiB (a 26×26 level is under 1 KB).
pub const MAX_BOARD_BYTES: usize = 1 << 20;

/// Reads a text board file (`--board`): a regular file only, of at most
/// [`MAX_BOARD_BYTES`], so that a FIFO cannot block the command and a device such as
/// `/dev/urandom` cannot fill its memory.
pub fn read_board(path: &Path) -> Result<String, Failure> {
    piecewise::limits::read_regular(path, MAX_BOARD_BYTES)
        .map_err(|e| Failure::input(format_args!("cannot read {}: {e}", path.display())))
}

/// The most bytes read from a file that is not a regular file (a pipe such as
/// `/dev/stdin`, a device): 64 MiB, past every limit of what is read (1 MiB of rules
/// text by default, a move table of at most 48 MiB), so `/dev/zero` is an error, not an
/// allocation of gigabytes.
pub const MAX_STREAM_BYTES: u64 = 64 << 20;

/// Reads a file's bytes: a regular file whole, anything else (a pipe, a device) up to
/// [`MAX_STREAM_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, Failure> {
    read_with(path, |p| {
        use std::io::Read;
        if std::fs::metadata(p)?.is_file() {
            return std::fs::read(p);
        }
        let mut bytes = Vec::new();
        std::fs::File::open(p)?
            .take(MAX_STREAM_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_STREAM_BYTES {
            return Err(std::io::Error::other(format!(
                "more than {MAX_STREAM_BYTES} bytes, the most read from a file that is not a regular file"
            )));
        }
        Ok(bytes)
    })
}

/// Prints diagnostics about the file at `path` (whose text is `source`) to standard
/// error; nothing if there are none.
pub fn print_diagnostics(diags: &Diagnostics, path: &Path, source: &str, color: bool) {
    if diags.is_empty() {
        return;
    }
    let text = diags.render(&path.display().to_string(), source, color);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Reads and compiles a rules file with `compile`, printing its diagnostics (the
/// warnings of `T` on success, every error on failure).
fn compile_file<T>(
    path: &Path,
    color: bool,
    compile: impl FnOnce(&str, Option<&Path>) -> Result<T, Diagnostics>,
    warnings: impl FnOnce(&T) -> &Diagnostics,
) -> Result<T, Failure> {
    let (source, base) = read_rules(path)?;
    match compile(&source, base) {
        Ok(compiled) => {
            print_diagnostics(warnings(&compiled), path, &source, color);
            Ok(compiled)
        }
        Err(diags) => {
            print_diagnostics(&diags, path, &source, color);
            eprintln!(
                "error: could not compile {} ({})",
                path.display(),
                plural(diags.error_count(), "error")
            );
            Err(Failure::Rules)
        }
    }
}

/// Compiles a rules file with its game declarations (every diagnostic a game would
/// give), printing its diagnostics, without building what play needs.
pub fn load_checked_rules(path: &Path, color: bool) -> Result<Rules, Failure> {
    compile_file(
        path,
        color,
        |source, base| Game::check_limited(source, base, limits()),
        Rules::warnings,
    )
}

/// Compiles a rules file, printing its diagnostics (warnings too).
pub fn load_rules(path: &Path, color: bool) -> Result<Rules, Failure> {
    compile_file(
        path,
        color,
        |source, base| pipeline::compile_with(source, base, limits(), |_| {}).map(|c| c.rules),
        Rules::warnings,
    )
}

/// Compiles a rules file with its game declarations, printing its diagnostics.
pub fn load_game(path: &Path, color: bool) -> Result<Game, Failure> {
    load_game_fitted(path, None, color)
}

/// [`load_game`] for a command that starts from `start`: with a Sokoban text board
/// the board is cut to the level's size (see `Game::compile_fitted`).
pub fn load_game_for(path: &Path, start: Start<'_>, color: bool) -> Result<Game, Failure> {
    let fit = match start {
        Start::Board(file) => {
            let text = read_board(file)?;
            let size = text_board::level_size(&text).map_err(|e| board_error(file, &e))?;
            Some(size)
        }
        _ => None,
    };
    load_game_fitted(path, fit, color)
}

fn load_game_fitted(
    path: &Path,
    fit: Option<(usize, usize)>,
    color: bool,
) -> Result<Game, Failure> {
    compile_file(
        path,
        color,
        |source, base| Game::compile_limited(source, base, fit, limits()),
        |game| game.rules().warnings(),
    )
}

/// Where a game command's position comes from.
#[derive(Clone, Copy)]
pub enum Start<'a> {
    /// The rules file's `start` position.
    Declared,
    /// A position in FEN.
    Fen(&'a str),
    /// A Sokoban text board file.
    Board(&'a Path),
}

impl<'a> Start<'a> {
    /// The start of `--fen` and `--board`: the board if given, else the FEN, else the
    /// declared start.
    pub fn new(fen: Option<&'a str>, board: Option<&'a Path>) -> Start<'a> {
        match (fen, board) {
            (_, Some(b)) => Start::Board(b),
            (Some(f), None) => Start::Fen(f),
            (None, None) => Start::Declared,
        }
    }
}

/// Prints a FEN error with the FEN quoted and a caret under the offending character.
fn bad_fen(fen: &str) -> impl FnOnce(FenError) -> Failure + '_ {
    move |e| {
        eprint!("{}", e.render(fen));
        Failure::Input
    }
}

/// `--reverse`: switches `game` to Sokoban's reverse mode and gives the reverse start
/// of the level `pos` (boxes and goals exchanged).
pub fn reverse(game: &mut Game, pos: &GamePosition) -> Result<GamePosition, Failure> {
    if game.sokoban().is_none() {
        return Err(Failure::input(
            "--reverse needs rules that declare `sokoban` roles",
        ));
    }
    game.set_sokoban_reverse(true);
    game.reverse_level(pos).map_err(Failure::input)
}

/// Reads a Sokoban text board file; errors say which file, line and column.
pub fn text_board(game: &Game, file: &Path) -> Result<GamePosition, Failure> {
    let text = read_board(file)?;
    game.read_text_board(&text)
        .map_err(|e| board_error(file, &e))
}

/// The position a game command starts from: `--fen` or `--board`, else the start
/// position.
pub fn game_position(game: &Game, path: &Path, start: Start<'_>) -> Result<GamePosition, Failure> {
    match start {
        Start::Fen(fen) => {
            let pos = game.position(fen).map_err(bad_fen(fen))?;
            for w in game.position_warnings(&pos) {
                eprintln!("warning: {w} (the position is played as given)");
            }
            Ok(pos)
        }
        Start::Board(file) => text_board(game, file),
        Start::Declared => game.start_position().ok_or_else(|| {
            Failure::input(format_args!(
                "{} declares no start position (`start \"FEN\"`); pass --fen, or --board for a Sokoban level",
                path.display()
            ))
        }),
    }
}

/// A cell named on the command line; an unknown name is an error that says the board.
pub fn cell_arg(board: &Board, name: &str) -> Result<CellId, Failure> {
    board.parse_cell(name).ok_or_else(|| {
        Failure::input(format_args!(
            "`{name}` is not a cell of the {} board",
            board.describe()
        ))
    })
}

/// [`cell_arg`] for an optional argument.
pub fn optional_cell(board: &Board, name: Option<&str>) -> Result<Option<CellId>, Failure> {
    name.map(|n| cell_arg(board, n)).transpose()
}

/// Loads rules, a position and the start cell, which must hold a piece.
pub fn piece_on(
    rules_path: &Path,
    fen: &str,
    from: &str,
    color: bool,
) -> Result<(Rules, Box<dyn Occupancy>, CellId), Failure> {
    let rules = load_rules(rules_path, color)?;
    // A game with tags reads its FEN (with the tags' marks) as a game position, whose
    // tags decide the `tagged` patterns; any other file as a board.
    let pos: Box<dyn Occupancy> = match tagged_game(rules_path) {
        Some(game) => Box::new(game.position(fen).map_err(bad_fen(fen))?),
        None => Box::new(rules.position(fen).map_err(bad_fen(fen))?),
    };
    let cell = cell_arg(rules.board(), from)?;
    if pos.occupant(cell).is_empty() {
        return Err(Failure::input(format_args!("there is no piece on {from}")));
    }
    Ok((rules, pos, cell))
}

/// The rules file as a game, if it is one that declares tags (its diagnostics were
/// printed when it was loaded as rules).
fn tagged_game(path: &Path) -> Option<Game> {
    let (source, base) = read_rules_quietly(path)?;
    let game = Game::compile_at(&source, base).ok()?;
    (!game.tag_names().is_empty()).then_some(game)
}

/// The message for a `--piece` argument that names no piece.
pub fn no_such_piece(text: &str) -> Failure {
    Failure::input(format_args!("no piece is named or lettered `{text}`"))
}

/// A text board's error as `FILE:LINE:COLUMN: what`, or `FILE: what` for the board as a
/// whole (a level without a pusher, say).
fn board_error(file: &Path, e: &piecewise::game::TextBoardError) -> Failure {
    match e.place() {
        Some(_) => Failure::input(format_args!("{}:{e}", file.display())),
        None => Failure::input(format_args!("{}: {e}", file.display())),
    }
}
