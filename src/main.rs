//! The `piecewise` command line: argument parsing, printing, exit codes. No movement
//! logic lives here.
//!
//! Exit codes: 0 success; 1 errors in the rules or the input (a FEN, a cell, a table
//! file); 2 usage errors (from clap).

use clap::{Parser, Subcommand, ValueEnum};
use piecewise::diagnostics::Diagnostics;
use piecewise::game::GamePosition;
use piecewise::ids::{PieceId, Side};
use piecewise::table;
use piecewise::{Game, Rules};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "piecewise",
    version,
    about = "Compile and run .rules files: how game pieces move",
    long_about = "piecewise compiles a .rules file (a declarative description of how pieces move) \
into a flat move table and walks it over a position.\n\n\
Exit codes: 0 success, 1 errors in the rules or input, 2 usage errors."
)]
struct Cli {
    /// When to colour diagnostics.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto)]
    color: Color,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and check rules files; print every error and warning.
    Check {
        /// The .rules files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Treat warnings as errors (exit 1 if there are any).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Compile a rules file to a move-table file.
    Compile {
        /// The .rules file.
        file: PathBuf,
        /// Where to write the table.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Print a compiled program (from a .rules file) or a table file readably.
    Disasm {
        /// A .rules file or a table file written by `compile`.
        file: PathBuf,
        /// Also list the table nodes of the pieces on this start cell.
        #[arg(long)]
        from: Option<String>,
        /// Limit --from to one piece (name or FEN letter).
        #[arg(long)]
        piece: Option<String>,
        /// Limit --from to one side.
        #[arg(long, value_enum)]
        side: Option<SideArg>,
    },
    /// The path tree of the piece on a cell: every way it travels and what it meets.
    Tree {
        /// The .rules file.
        rules: PathBuf,
        /// The position: board part and side to move, with the rules' piece letters.
        #[arg(long, required_unless_present = "board", conflicts_with = "board")]
        fen: Option<String>,
        /// A Sokoban text board file instead of a FEN (the rules must declare
        /// `sokoban`).
        #[arg(long)]
        board: Option<PathBuf>,
        /// The cell of the piece (with --board: the pusher's by default).
        #[arg(long, required_unless_present = "board")]
        from: Option<String>,
        /// Print the documented JSON document (docs/json.md) instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The legal moves of the side to move, one per line in UCI as Fairy-Stockfish
    /// prints them (`e2e4`, `e7e8q`, `P@e5`, castling as the king's move `e1g1`).
    Moves {
        /// The .rules file.
        rules: PathBuf,
        /// The position in FEN (default: the file's start position).
        #[arg(long)]
        fen: Option<String>,
        /// A Sokoban text board file instead of a FEN (the rules must declare
        /// `sokoban`).
        #[arg(long, conflicts_with_all = ["fen", "pseudo", "batch"])]
        board: Option<PathBuf>,
        /// Only the moves starting on this cell.
        #[arg(long)]
        from: Option<String>,
        /// The pseudo-legal moves of the piece on --from, ignoring the game rules
        /// (checks, castling, promotion, drops); needs --fen and --from.
        #[arg(long, requires_all = ["fen", "from"])]
        pseudo: bool,
        /// Read FENs from standard input, one per line, and print one line per FEN: its
        /// legal moves sorted and separated by spaces (or `error: ...`).
        #[arg(long, conflicts_with_all = ["fen", "from", "pseudo"])]
        batch: bool,
    },
    /// Play moves (UCI, as `moves` prints them) from a position and print the FEN
    /// reached, as Fairy-Stockfish writes it.
    Play {
        /// The .rules file.
        rules: PathBuf,
        /// The position in FEN (default: the file's start position).
        #[arg(long)]
        fen: Option<String>,
        /// A Sokoban text board file instead of a FEN; the position reached is then
        /// printed as a text board (and `solved` on standard error if it is).
        #[arg(long, conflicts_with_all = ["fen", "batch"])]
        board: Option<PathBuf>,
        /// The moves to play, in order.
        moves: Vec<String>,
        /// Read lines `FEN [moves M1 M2 ...]` from standard input and print one FEN per
        /// line (or `error: ...`).
        #[arg(long, conflicts_with_all = ["fen", "moves"])]
        batch: bool,
    },
    /// Draw the board, its pieces and (with --from) a piece's moves and paths as SVG.
    Show {
        /// The .rules file.
        rules: PathBuf,
        /// The position in FEN (default: the file's start position, else an empty board).
        #[arg(long)]
        fen: Option<String>,
        /// Also draw the moves and paths of the piece on this cell.
        #[arg(long)]
        from: Option<String>,
        /// Draw this piece (name or FEN letter; lowercase for the second side) alone on
        /// an empty board, on --from or the board's middle cell, with its moves.
        #[arg(long, conflicts_with = "fen")]
        piece: Option<String>,
        /// A Sokoban text board file instead of a FEN (goals are not drawn).
        #[arg(long, conflicts_with_all = ["fen", "piece"])]
        board: Option<PathBuf>,
        /// Where to write the SVG (`-` for standard output).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Count the leaf nodes of the legal move tree (perft); the count is the last line.
    Perft {
        /// The .rules file.
        rules: PathBuf,
        /// Plies to search.
        #[arg(long)]
        depth: u32,
        /// The position in FEN (default: the file's start position).
        #[arg(long)]
        fen: Option<String>,
        /// A Sokoban text board file instead of a FEN.
        #[arg(long, conflicts_with = "fen")]
        board: Option<PathBuf>,
        /// First print `move: count` for every legal move.
        #[arg(long)]
        divide: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SideArg {
    White,
    Black,
}

/// An error already explained to the user.
struct Failed;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stderr().is_terminal(),
    };
    let result = match cli.command {
        Command::Check {
            files,
            deny_warnings,
        } => check(&files, deny_warnings, color),
        Command::Compile { file, output } => compile_to(&file, &output, color),
        Command::Disasm {
            file,
            from,
            piece,
            side,
        } => disasm(&file, from.as_deref(), piece.as_deref(), side, color),
        Command::Tree {
            rules,
            fen,
            board,
            from,
            json,
        } => match (fen, board) {
            (_, Some(board)) => board_tree(&rules, &board, from.as_deref(), json, color),
            (Some(fen), None) => tree(&rules, &fen, from.as_deref().unwrap_or(""), json, color),
            (None, None) => Err(Failed),
        },
        Command::Moves {
            rules,
            fen,
            board,
            from,
            pseudo,
            batch,
        } => match (pseudo, fen, from) {
            (true, Some(fen), Some(from)) => moves(&rules, &fen, &from, color),
            (_, fen, from) if !batch => {
                let start = Start::new(fen.as_deref(), board.as_deref());
                legal_moves(&rules, start, from.as_deref(), color)
            }
            _ => batch_moves(&rules, color),
        },
        Command::Show {
            rules,
            fen,
            from,
            piece,
            board,
            output,
        } => show_svg(
            &rules,
            Start::new(fen.as_deref(), board.as_deref()),
            from.as_deref(),
            piece.as_deref(),
            &output,
            color,
        ),
        Command::Perft {
            rules,
            depth,
            fen,
            board,
            divide,
        } => perft(
            &rules,
            depth,
            Start::new(fen.as_deref(), board.as_deref()),
            divide,
            color,
        ),
        Command::Play {
            rules,
            fen,
            board,
            moves,
            batch,
        } => play(
            &rules,
            Start::new(fen.as_deref(), board.as_deref()),
            &moves,
            batch,
            color,
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failed) => ExitCode::from(1),
    }
}

fn read(path: &Path) -> Result<String, Failed> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        Failed
    })
}

fn show(diags: &Diagnostics, path: &Path, source: &str, color: bool) {
    if diags.is_empty() {
        return;
    }
    let text = diags.render(&path.display().to_string(), source, color);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Compiles a rules file, printing its diagnostics (warnings too).
fn load(path: &Path, color: bool) -> Result<Rules, Failed> {
    let source = read(path)?;
    match piecewise::compile_at(&source, path.parent()) {
        Ok(rules) => {
            show(rules.warnings(), path, &source, color);
            Ok(rules)
        }
        Err(diags) => {
            show(&diags, path, &source, color);
            eprintln!(
                "error: could not compile {} ({} errors)",
                path.display(),
                diags.error_count()
            );
            Err(Failed)
        }
    }
}

fn check(files: &[PathBuf], deny_warnings: bool, color: bool) -> Result<(), Failed> {
    let mut failed = false;
    for path in files {
        let Ok(source) = read(path) else {
            failed = true;
            continue;
        };
        let diags = match Game::compile_at(&source, path.parent()) {
            Ok(game) => game.rules().warnings().clone(),
            Err(d) => d,
        };
        show(&diags, path, &source, color);
        let (e, w) = (diags.error_count(), diags.warning_count());
        if e > 0 || (deny_warnings && w > 0) {
            failed = true;
        }
        let verdict = if e > 0 { "failed" } else { "ok" };
        println!("{}: {verdict} ({e} errors, {w} warnings)", path.display());
    }
    if failed {
        Err(Failed)
    } else {
        Ok(())
    }
}

fn compile_to(file: &Path, output: &Path, color: bool) -> Result<(), Failed> {
    let rules = load(file, color)?;
    let bytes = table::to_bytes(rules.table().table());
    std::fs::write(output, &bytes).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", output.display());
        Failed
    })?;
    println!(
        "wrote {} ({} bytes, {} nodes)",
        output.display(),
        bytes.len(),
        rules.table().table().nodes.len()
    );
    Ok(())
}

fn disasm(
    file: &Path,
    from: Option<&str>,
    piece: Option<&str>,
    side: Option<SideArg>,
    color: bool,
) -> Result<(), Failed> {
    let bytes = std::fs::read(file).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", file.display());
        Failed
    })?;
    let mut out = String::new();
    // Keep whichever owner we have; the listing below only needs the table.
    let (from_file, from_rules);
    let t: &table::MoveTable = if bytes.starts_with(table::MAGIC) {
        let t = table::from_bytes(&bytes).map_err(|e| {
            eprintln!("error: {} is not a valid table: {e}", file.display());
            Failed
        })?;
        from_file = table::verify(t).map_err(|e| {
            eprintln!("error: {} fails verification: {e}", file.display());
            Failed
        })?;
        out.push_str(&table::disasm(from_file.table()));
        from_file.table()
    } else {
        from_rules = load(file, color)?;
        out.push_str(&piecewise::compile::disasm(from_rules.program()));
        out.push_str(&table::disasm(from_rules.table().table()));
        from_rules.table().table()
    };
    if let Some(cell) = from {
        let c = cell_arg(&t.board, cell)?;
        let pieces: Vec<PieceId> = match piece {
            Some(p) => {
                let found = t
                    .pieces
                    .iter()
                    .position(|x| x.name == p)
                    .map(|i| PieceId(i as u8))
                    .or_else(|| {
                        let mut ch = p.chars();
                        match (ch.next(), ch.next()) {
                            (Some(l), None) => t.piece_by_letter(l),
                            _ => None,
                        }
                    });
                vec![found.ok_or_else(|| {
                    eprintln!("error: no piece is named or lettered `{p}`");
                    Failed
                })?]
            }
            None => (0..t.pieces.len()).map(|i| PieceId(i as u8)).collect(),
        };
        let sides: Vec<Side> = match side {
            Some(SideArg::White) => vec![Side::First],
            Some(SideArg::Black) => vec![Side::Second],
            None => Side::BOTH.to_vec(),
        };
        for s in sides {
            for &p in &pieces {
                out.push_str(&table::disasm_cell(t, s, p, c));
            }
        }
    }
    print!("{out}");
    Ok(())
}

/// Loads rules, a position and the start cell, which must hold a piece.
fn setup(
    rules_path: &Path,
    fen: &str,
    from: &str,
    color: bool,
) -> Result<(Rules, piecewise::position::Position, piecewise::ids::CellId), Failed> {
    let rules = load(rules_path, color)?;
    let pos = rules.position(fen).map_err(|e| {
        eprint!("{}", e.render(fen));
        Failed
    })?;
    let cell = cell_arg(rules.board(), from)?;
    if pos.cells[cell.index()].is_empty() {
        eprintln!("error: there is no piece on {from}");
        return Err(Failed);
    }
    Ok((rules, pos, cell))
}

/// A cell named on the command line; an unknown name is an error that says the board.
fn cell_arg(
    board: &piecewise::topology::Board,
    name: &str,
) -> Result<piecewise::ids::CellId, Failed> {
    board.parse_cell(name).ok_or_else(|| {
        eprintln!(
            "error: `{name}` is not a cell of the {} board",
            board.describe()
        );
        Failed
    })
}

/// Prints a path tree as text or JSON.
fn print_tree(rules: &piecewise::Rules, tree: &piecewise::path_tree::PathTree, json: bool) {
    let t = rules.table().table();
    if json {
        let doc = tree.to_json(t);
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
        );
    } else {
        print!("{}", tree.to_text(t));
    }
}

fn tree(rules_path: &Path, fen: &str, from: &str, json: bool, color: bool) -> Result<(), Failed> {
    let (rules, pos, cell) = setup(rules_path, fen, from, color)?;
    let Some(tree) = rules.path_tree(&pos, cell) else {
        return Err(Failed);
    };
    print_tree(&rules, &tree, json);
    Ok(())
}

/// `tree --board`: the path tree of the piece on `from` (default: the pusher) of a
/// Sokoban text board.
fn board_tree(
    rules_path: &Path,
    board: &Path,
    from: Option<&str>,
    json: bool,
    color: bool,
) -> Result<(), Failed> {
    let game = load_game_for(rules_path, Start::Board(board), color)?;
    let pos = text_board(&game, board)?;
    let cell = match from {
        Some(f) => cell_arg(game.board(), f)?,
        None => {
            let pusher = game.sokoban().map(|r| r.pusher);
            let found = game.board().cells().find(|&c| {
                let o = pos.occupant(c);
                !o.is_empty() && Some(o.kind()) == pusher
            });
            found.ok_or_else(|| {
                eprintln!("error: the board has no pusher; pass --from");
                Failed
            })?
        }
    };
    let rules = game.rules();
    let Some(tree) = rules.path_tree(&pos, cell) else {
        eprintln!(
            "error: there is no piece on {}",
            game.board().cell_name(cell)
        );
        return Err(Failed);
    };
    print_tree(rules, &tree, json);
    Ok(())
}

fn moves(rules_path: &Path, fen: &str, from: &str, color: bool) -> Result<(), Failed> {
    let (rules, pos, cell) = setup(rules_path, fen, from, color)?;
    let list = rules.moves_from(&pos, cell);
    let mut lines: Vec<String> = list.iter().map(|m| rules.move_text(&list, m)).collect();
    lines.sort();
    lines.dedup();
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// Compiles a rules file with its game declarations, printing its diagnostics.
fn load_game(path: &Path, color: bool) -> Result<Game, Failed> {
    load_game_fitted(path, None, color)
}

/// [`load_game`] for a command that starts from `start`: with a Sokoban text board
/// the board is cut to the level's size (see `Game::compile_fitted`).
fn load_game_for(path: &Path, start: Start<'_>, color: bool) -> Result<Game, Failed> {
    let fit = match start {
        Start::Board(file) => {
            let text = read(file)?;
            let size = piecewise::game::text_board::level_size(&text).map_err(|e| {
                eprintln!("error: {}:{e}", file.display());
                Failed
            })?;
            Some(size)
        }
        _ => None,
    };
    load_game_fitted(path, fit, color)
}

fn load_game_fitted(path: &Path, fit: Option<(usize, usize)>, color: bool) -> Result<Game, Failed> {
    let source = read(path)?;
    match Game::compile_fitted(&source, path.parent(), fit) {
        Ok(game) => {
            show(game.rules().warnings(), path, &source, color);
            Ok(game)
        }
        Err(diags) => {
            show(&diags, path, &source, color);
            eprintln!(
                "error: could not compile {} ({} errors)",
                path.display(),
                diags.error_count()
            );
            Err(Failed)
        }
    }
}

/// Where a game command's position comes from.
#[derive(Clone, Copy)]
enum Start<'a> {
    /// The rules file's `start` position.
    Declared,
    Fen(&'a str),
    /// A Sokoban text board file.
    Board(&'a Path),
}

impl<'a> Start<'a> {
    fn new(fen: Option<&'a str>, board: Option<&'a Path>) -> Start<'a> {
        match (fen, board) {
            (_, Some(b)) => Start::Board(b),
            (Some(f), None) => Start::Fen(f),
            (None, None) => Start::Declared,
        }
    }
}

/// Reads a Sokoban text board file; errors say which file, line and column.
fn text_board(game: &Game, file: &Path) -> Result<GamePosition, Failed> {
    let text = read(file)?;
    game.read_text_board(&text).map_err(|e| {
        eprintln!("error: {}:{e}", file.display());
        Failed
    })
}

/// The position a game command starts from: `--fen` or `--board`, else the start
/// position.
fn game_position(game: &Game, path: &Path, start: Start<'_>) -> Result<GamePosition, Failed> {
    match start {
        Start::Fen(fen) => game.position(fen).map_err(|e| {
            eprint!("{}", e.render(fen));
            Failed
        }),
        Start::Board(file) => text_board(game, file),
        Start::Declared => game.start_position().ok_or_else(|| {
            eprintln!(
                "error: {} declares no start position (`start \"FEN\"`); pass --fen",
                path.display()
            );
            Failed
        }),
    }
}

fn legal_moves(
    path: &Path,
    start: Start<'_>,
    from: Option<&str>,
    color: bool,
) -> Result<(), Failed> {
    let game = load_game_for(path, start, color)?;
    let pos = game_position(&game, path, start)?;
    let from = match from {
        Some(f) => Some(cell_arg(game.board(), f)?),
        None => None,
    };
    let mut out = String::new();
    let legal = game.legal_moves(&pos);
    let mut lines: Vec<String> = legal
        .iter()
        .zip(game.uci_list(&legal))
        .filter(|(m, _)| {
            from.map_or(true, |f| {
                m.from == f && m.kind != piecewise::game::MoveKind::Drop
            })
        })
        .map(|(_, text)| text)
        .collect();
    lines.sort();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// Answers standard input line by line with `answer`; an `Err` is printed as
/// `error: ...` and makes the command exit 1 after the last line.
fn batch(mut answer: impl FnMut(&str) -> Result<String, String>) -> Result<(), Failed> {
    use std::io::BufRead;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| {
            eprintln!("error: cannot read standard input: {e}");
            Failed
        })?;
        let text = answer(line.trim()).unwrap_or_else(|e| {
            failed = true;
            format!("error: {e}")
        });
        let _ = writeln!(out, "{text}");
    }
    let _ = out.flush();
    if failed {
        Err(Failed)
    } else {
        Ok(())
    }
}

fn batch_moves(path: &Path, color: bool) -> Result<(), Failed> {
    let game = load_game(path, color)?;
    let mut searcher = game.searcher();
    let mut moves = Vec::new();
    batch(|fen| {
        let mut pos = game.position(fen).map_err(|e| e.to_string())?;
        searcher.legal_moves(&mut pos, &mut moves);
        let mut v: Vec<String> = game.uci_list(&moves);
        v.sort();
        Ok(v.join(" "))
    })
}

fn perft(
    path: &Path,
    depth: u32,
    start: Start<'_>,
    divide: bool,
    color: bool,
) -> Result<(), Failed> {
    let game = load_game_for(path, start, color)?;
    let mut pos = game_position(&game, path, start)?;
    let mut searcher = piecewise::game::Perft::new(&game);
    if divide {
        let counts = searcher.divide(&mut pos, depth);
        let moves: Vec<_> = counts.iter().map(|(m, _)| *m).collect();
        let mut rows: Vec<(String, u64)> = game
            .uci_list(&moves)
            .into_iter()
            .zip(counts.iter().map(|(_, n)| *n))
            .collect();
        rows.sort();
        let total: u64 = rows.iter().map(|r| r.1).sum();
        let mut out = String::new();
        for (m, n) in rows {
            out.push_str(&format!("{m}: {n}\n"));
        }
        out.push_str(&format!("\n{total}\n"));
        print!("{out}");
    } else {
        println!("{}", searcher.perft(&mut pos, depth));
    }
    Ok(())
}

/// Draws the position (and the moves of the piece on `from`) as SVG; with `piece`,
/// that piece alone on an empty board.
fn show_svg(
    path: &Path,
    start: Start<'_>,
    from: Option<&str>,
    piece: Option<&str>,
    output: &Path,
    color: bool,
) -> Result<(), Failed> {
    use piecewise::picture::Picture;
    use piecewise::walk::{Occupancy, Occupant};
    let game = load_game_for(path, start, color)?;
    let rules = game.rules();
    let from = match from {
        Some(name) => Some(cell_arg(game.board(), name)?),
        None => None,
    };
    // The position: a game position (FEN or start), or a bare board (empty, or the one
    // piece of --piece).
    let pos = match (start, piece) {
        (Start::Fen(_) | Start::Board(_), _) => Some(game_position(&game, path, start)?),
        (Start::Declared, None) => game.start_position(),
        (Start::Declared, Some(_)) => None,
    };
    let mut bare = vec![Occupant::EMPTY; game.board().cell_count()];
    let mut from = from;
    if let Some(p) = piece {
        let kind = rules.piece(p).ok_or_else(|| {
            eprintln!("error: no piece is named or lettered `{p}`");
            Failed
        })?;
        let lower = p.trim_start_matches('+').chars().count() == 1
            && p.chars().any(|c| c.is_ascii_lowercase());
        let side = if lower { Side::Second } else { Side::First };
        let cell = from
            .or_else(|| piecewise::picture::middle_cell(game.board()))
            .ok_or_else(|| {
                eprintln!("error: the board has no cells");
                Failed
            })?;
        bare[cell.index()] = Occupant::piece(side, kind);
        from = Some(cell);
    }
    let occupancy: &dyn Occupancy = match &pos {
        Some(p) => p,
        None => &bare,
    };
    let cells: Vec<Occupant> = game
        .board()
        .cells()
        .map(|c| occupancy.occupant(c))
        .collect();
    let mut picture = Picture::new(rules, cells.as_slice());
    if let Some(p) = &pos {
        for c in game.board().cells().filter(|&c| p.is_goal(c)) {
            picture.goal(c.index());
        }
    }
    let title = game.name().map_or_else(
        || {
            path.file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
        },
        str::to_string,
    );
    if !title.is_empty() {
        picture.title(&title);
    }
    if let (Some(p), true) = (&pos, game.has_hand()) {
        for side in Side::BOTH {
            let hand: Vec<String> = (0..game.piece_count())
                .map(|i| PieceId(i as u8))
                .filter(|&k| p.in_hand(side, k) > 0)
                .map(|k| match p.in_hand(side, k) {
                    1 => game.letter(side, k),
                    n => format!("{}×{n}", game.letter(side, k)),
                })
                .collect();
            let list = if hand.is_empty() {
                "-".to_string()
            } else {
                hand.join(" ")
            };
            picture.note(&format!("{side} in hand: {list}"));
        }
    }
    if let Some(cell) = from {
        if !picture.moves_from(rules, occupancy, cell) {
            let name = game.board().cell_name(cell);
            if pos.is_none() {
                eprintln!(
                    "error: there is no piece on {name} ({} declares no start position; \
                     pass --fen or --piece)",
                    path.display()
                );
            } else {
                eprintln!("error: there is no piece on {name}");
            }
            return Err(Failed);
        }
    }
    let svg = picture.to_svg();
    if output == Path::new("-") {
        print!("{svg}");
        return Ok(());
    }
    std::fs::write(output, svg).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", output.display());
        Failed
    })
}

/// Plays `moves` on `pos`; the error names the first move that is not legal.
fn play_moves(game: &Game, pos: &mut GamePosition, moves: &[&str]) -> Result<(), String> {
    for (i, text) in moves.iter().enumerate() {
        let Some(m) = game.parse_uci(pos, text) else {
            let mut legal = game.legal_uci(pos);
            legal.truncate(12);
            return Err(format!(
                "move {} `{text}` is not legal in {} (legal moves begin: {})",
                i + 1,
                game.fen(pos),
                legal.join(" ")
            ));
        };
        game.make(pos, &m);
    }
    Ok(())
}

fn play(
    path: &Path,
    start: Start<'_>,
    moves: &[String],
    batch_mode: bool,
    color: bool,
) -> Result<(), Failed> {
    let game = load_game_for(path, start, color)?;
    if !batch_mode {
        let mut pos = game_position(&game, path, start)?;
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        play_moves(&game, &mut pos, &moves).map_err(|e| {
            eprintln!("error: {e}");
            Failed
        })?;
        match (start, game.text_board(&pos)) {
            (Start::Board(_), Some(text)) => {
                print!("{text}");
                if game.solved(&pos) {
                    eprintln!("solved");
                }
            }
            _ => println!("{}", game.fen(&pos)),
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
