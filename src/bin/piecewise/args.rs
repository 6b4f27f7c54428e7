//! args: the command line's shape, as clap reads it: the global options, one
//! [`Command`] variant per subcommand with its help text, and the small value enums.
//! Nothing here runs a command; `main` dispatches and `cmd/` does the work.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The time limit of every long command unless a flag asks for more, in milliseconds
/// (`perft --max-ms`, `serve --perft-ms`); 0 means no limit wherever a limit is taken.
pub const DEFAULT_MAX_MS: u64 = piecewise::game::DEFAULT_MAX_MS;

#[derive(Parser)]
#[command(
    name = "piecewise",
    version,
    about = "Compile and run .rules files: how game pieces move",
    long_about = "piecewise compiles a .rules file (a declarative description of how pieces move) \
into a flat move table and walks it over a position.\n\n\
Exit codes: 0 success, 1 errors in the rules or input, 2 usage errors."
)]
pub struct Cli {
    /// When to colour diagnostics.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
    /// Set a limit of compiling, NAME=VALUE (repeatable): source-bytes,
    /// patterns-per-piece, table-nodes, path-cells, captures-in-passing,
    /// en-passant-cells, link-ms, cascade-plies, shared-above, relative-above
    /// (docs/language.md, "Limits").
    #[arg(long = "limit", global = true, value_name = "NAME=VALUE", value_parser = parse_limit)]
    pub limits: Vec<String>,
    #[command(subcommand)]
    pub command: Command,
}

/// Checks a `--limit` setting as clap reads it, so that a bad one is a usage error.
fn parse_limit(text: &str) -> Result<String, String> {
    piecewise::pipeline::Limits::default()
        .apply(text)
        .map(|()| text.to_string())
        .map_err(|e| e.to_string())
}

/// Checks `--name`: a name the rules language reads.
fn parse_name(text: &str) -> Result<String, String> {
    let mut chars = text.chars();
    let ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if ok {
        Ok(text.to_string())
    } else {
        Err("a piece name is letters, digits and `_`, not starting with a digit".into())
    }
}

/// Checks `--letter`: one ASCII letter, optionally after `+`.
fn parse_letter(text: &str) -> Result<String, String> {
    let l = text.strip_prefix('+').unwrap_or(text);
    if l.len() == 1 && l.chars().all(|c| c.is_ascii_alphabetic()) {
        Ok(text.to_string())
    } else {
        Err("a FEN letter is one ASCII letter, optionally after `+`".into())
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Subcommand)]
pub enum Command {
    /// Parse and check rules files; print every error and warning.
    Check {
        /// The .rules files to check (or shipped games' names).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Treat warnings as errors (exit 1 if there are any).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Rewrite rules files in the canonical layout (indentation, spacing, one
    /// declaration per line, aligned comments); only whitespace changes.
    Fmt {
        /// The .rules files to format in place.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Change nothing: list the files that are not formatted and exit 1 if any.
        #[arg(long)]
        check: bool,
    },
    /// Run the language server (LSP over standard input and output) for editors.
    Lsp,
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
        #[arg(long, requires = "from")]
        piece: Option<String>,
        /// Limit --from to one side.
        #[arg(long, value_enum, requires = "from")]
        side: Option<SideArg>,
    },
    /// The path tree of the piece on a cell: every way it travels and what it meets.
    Tree {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// The position: board part and side to move, with the rules' piece letters
        /// (default: the file's start position).
        #[arg(long, allow_hyphen_values = true, conflicts_with = "board")]
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
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// The position in FEN (default: the file's start position).
        #[arg(long, allow_hyphen_values = true)]
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
        /// Write the moves in SAN as Fairy-Stockfish does (`Nf3`, `exd5`, `e8=Q+`,
        /// `O-O`, `P@e4`) instead of UCI.
        #[arg(long, conflicts_with = "pseudo")]
        san: bool,
        /// With --board: play the level in Sokoban's reverse mode from its reverse
        /// start (boxes on the goals, goals where the boxes were; the pusher pulls, and
        /// jumps before its first pull).
        #[arg(long, requires = "board")]
        reverse: bool,
    },
    /// Play moves (UCI as `moves` prints them, or SAN) from a position and print the
    /// FEN reached, as Fairy-Stockfish writes it.
    Play {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// The position in FEN (default: the file's start position).
        #[arg(long, allow_hyphen_values = true)]
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
        /// With --board: print the board reached in run-length form, one line
        /// (`5#|#@$.#|5#`, as sokoenginepy and the .sok format write it).
        #[arg(long, requires = "board")]
        rle: bool,
        /// With --board: play the level in Sokoban's reverse mode from its reverse
        /// start (see `moves --reverse`).
        #[arg(long, requires = "board")]
        reverse: bool,
    },
    /// Write moves (UCI or SAN) as a PGN game with its `[Variant]`; or, with --read,
    /// play every game of a PGN file and print the FEN each one reaches.
    Pgn {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// A PGN file to read (`-`: standard input): its games' moves in SAN or UCI,
        /// from their `[FEN]` or the start position.
        #[arg(long, conflicts_with_all = ["fen", "moves"])]
        read: Option<PathBuf>,
        /// The position the written game starts from (default: the start position).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// The moves to write, in order.
        moves: Vec<String>,
    },
    /// Say whether the game is over after moves (UCI) from a position: its result,
    /// the end that stops it at once, the end a player may claim.
    Result {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// The position in FEN (default: the file's start position).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// The moves played from it, in order.
        moves: Vec<String>,
        /// Read lines `FEN [moves M1 M2 ...]` from standard input and print one line per
        /// input: `RESULT IMMEDIATE CLAIMABLE`, each `-` or `win:REASON`,
        /// `loss:REASON`, `draw:REASON` for the side to move (or `error: ...`).
        #[arg(long, conflicts_with_all = ["fen", "moves"])]
        batch: bool,
        /// With --batch: answer for every position of each line (before the first
        /// move, after each move), the answers joined by ` | ` on the line's one
        /// output line.
        #[arg(long, requires = "batch")]
        each: bool,
    },
    /// Draw the board, its pieces and (with --from) a piece's moves and paths as SVG.
    Show {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// The position in FEN (default: the file's start position, else an empty board).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// Also draw the moves and paths of the piece on this cell.
        #[arg(long)]
        from: Option<String>,
        /// Draw the distance map of the piece on this cell as a heat map: how many
        /// moves it needs to reach each cell.
        #[arg(long, conflicts_with_all = ["from", "piece"])]
        distance: Option<String>,
        /// Draw this piece (name or FEN letter; lowercase for the second side) alone on
        /// an empty board, on --from or the board's middle cell, with its moves.
        #[arg(long, conflicts_with = "fen")]
        piece: Option<String>,
        /// A Sokoban text board file instead of a FEN (its goals are drawn too).
        #[arg(long, conflicts_with_all = ["fen", "piece"])]
        board: Option<PathBuf>,
        /// Where to write the SVG (`-` for standard output).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The distance map of the piece on a cell: how many of its own moves it needs to
    /// reach every cell (other pieces stay put; friends block, foes may be captured on
    /// the way). A grid on square boards, a list by distance on others.
    Distance {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// The position in FEN (default: the file's start position).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// A Sokoban text board file instead of a FEN.
        #[arg(long, conflicts_with = "fen")]
        board: Option<PathBuf>,
        /// The cell of the piece (with --board: the pusher's by default, when there is
        /// one).
        #[arg(long, required_unless_present = "board")]
        from: Option<String>,
        /// Print JSON: the piece and every cell with its distance (null out of reach).
        #[arg(long)]
        json: bool,
    },
    /// Count the leaf nodes of the legal move tree (perft); the count is the last line.
    Perft {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// Plies to search (at most 64).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=piecewise::game::MAX_PERFT_DEPTH as i64))]
        depth: u32,
        /// The position in FEN (default: the file's start position).
        #[arg(long, allow_hyphen_values = true)]
        fen: Option<String>,
        /// A Sokoban text board file instead of a FEN.
        #[arg(long, conflicts_with = "fen")]
        board: Option<PathBuf>,
        /// First print `move: count` for every legal move.
        #[arg(long)]
        divide: bool,
        /// Stop with an error after this many milliseconds (0: no limit); the default,
        /// 60 s, is every long command's.
        #[arg(long, default_value_t = DEFAULT_MAX_MS)]
        max_ms: u64,
        /// Threads to count with (0: all cores); the counts are the same on any number.
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    #[cfg(feature = "serve")]
    /// Start the browser playground: a local web server with an editor, the board,
    /// legal moves and perft; prints its address as the first line (docs/serve.md).
    Serve {
        /// Rules files to open (and save back to); the shipped files are offered too.
        rules: Vec<PathBuf>,
        /// The port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; other machines can reach the server only if
        /// this is not a loopback address (which needs --allow-remote).
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Allow --host to be an address other than loopback: the Host and Origin
        /// checks are then off, and anyone who can reach the address can use the
        /// server (and save the files it was started on).
        #[arg(long)]
        allow_remote: bool,
        /// The deepest perft the server counts.
        #[arg(long, default_value_t = 10)]
        perft_max_depth: u32,
        /// Milliseconds after which a perft is cut off (0: no limit).
        #[arg(long, default_value_t = DEFAULT_MAX_MS)]
        perft_ms: u64,
        /// The largest request body, in bytes.
        #[arg(long, default_value_t = 1 << 20)]
        max_body: usize,
        /// The most connections served at once; past it the longest idle one is
        /// closed to make room, or the new one is if none is idle.
        #[arg(long, default_value_t = 512)]
        max_connections: usize,
        /// Milliseconds a connection may take to send a request's head or its body,
        /// or stay idle between requests, before it is closed.
        #[arg(long, default_value_t = 10_000)]
        idle_ms: u64,
    },
    #[cfg(not(feature = "serve"))]
    /// The browser playground: not in this build (build with `--features serve`)
    ///
    /// This build was made without the cargo feature `serve`: run
    /// `cargo run --features serve -- serve`, or install with
    /// `cargo install --path . --features serve`.
    Serve {
        /// Not read: this build has no playground.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<std::ffi::OsString>,
    },
    /// List the shipped games, which every command takes by name in place of a
    /// rules file (`piecewise perft chess --depth 3`): a line each, name and summary.
    Variants {
        /// Print docs/variants.md: a table of every game and each file's header.
        #[arg(long, conflicts_with = "json")]
        markdown: bool,
        /// Print a JSON array: name, summary, Fairy-Stockfish variant (or null).
        #[arg(long)]
        json: bool,
    },
    /// Read pieces or variants written in another notation into .rules text.
    #[command(subcommand)]
    Import(ImportCommand),
    /// Write the pieces of a rules file in another notation.
    #[command(subcommand)]
    Export(ExportCommand),
}

#[derive(Subcommand)]
pub enum ImportCommand {
    /// Print a piece written in XBetza notation (Fairy-Stockfish, XBoard, the
    /// Interactive Diagram) as a .rules piece declaration (docs/betza.md).
    Betza {
        /// The notation, e.g. `mQcN` or `fmWfceFifmnD`.
        notation: String,
        /// The piece's name (letters, digits and `_`, not starting with a digit).
        #[arg(long, default_value = "Custom", value_parser = parse_name)]
        name: String,
        /// The piece's FEN letter (one ASCII letter, optionally after `+`).
        #[arg(long, default_value = "X", value_parser = parse_letter)]
        letter: String,
    },
    /// Write one .rules file per variant (section) of a Fairy-Stockfish variants.ini;
    /// keys that cannot be translated are listed on standard error, and the exit code
    /// is 1 unless every key was translated.
    Fsf {
        /// The variants.ini file.
        ini: PathBuf,
        /// Only this variant (section name).
        #[arg(long)]
        variant: Option<String>,
        /// The directory to write VARIANT.rules files to (default: print to standard
        /// output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum ExportCommand {
    /// Print the pieces of a rules file in XBetza notation, one `NAME (L): NOTATION`
    /// line each, or an error naming what the notation cannot say.
    Betza {
        /// The .rules file, or a shipped game's name (`piecewise variants`).
        rules: PathBuf,
        /// Only this piece (name or FEN letter): prints the bare notation.
        #[arg(long)]
        piece: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SideArg {
    White,
    Black,
}
