//! limits: how far every stage may go, checked before the work it bounds, and the fixed
//! maxima of what a move and a position can carry.
//!
//! The lowest layer that needs them owns them: the checker bounds patterns per piece and
//! cascades, the linker (in `piecewise-table`) nodes, paths and linking time, the game
//! layer sizes its moves by [`MAX_PASSING`], [`MAX_CHAIN`], [`MAX_EP_CELLS`] and [`MAX_CASCADE`]. Each
//! stage reads the share it needs from one [`Limits`].

/// The most piece kinds one rules file may declare: a cell's occupant is one byte, the
/// side in its top bit and the kind plus one in the other seven (0 is empty), so 127
/// (Tenjiku Shogi has 66, Maka Dai Dai Shogi about 100). Kind sets are `u128`s
/// (table filters, reverse leaves); the attack kernel keeps `u64` sets and is built only
/// for games of at most 64 kinds.
pub const MAX_KINDS: usize = 127;
/// The most cells a single move may capture in passing (locust captures).
pub const MAX_PASSING: usize = 6;
/// The most pieces one capture chain (patterns marked `chain`) may take: what a game
/// move carries. A chain is walked to at most this many captures; it ends there.
pub const MAX_CHAIN: usize = 32;
/// The most cells a single move may open to en passant.
pub const MAX_EP_CELLS: usize = 6;
/// The most plies a move carries after its first when activations cascade (so a move
/// has at most `MAX_CASCADE + 1` plies: [`Limits::MAX_CASCADE_PLIES`]; four by default,
/// [`Limits::DEFAULT_CASCADE_PLIES`]). Six: the Croatian book draws cascades of seven
/// plies (Miranda's Veil, "Cascade check, checkmate": a Bishop, four Waves and a Queen
/// activated twice), which the game move keeps in passing slots a cascade does not
/// otherwise use (`game::moves`).
pub const MAX_CASCADE: usize = 6;

/// How far the stages may expand a rules file: checked up front, before the work is
/// done, so that a hostile file is answered in milliseconds with the figure it would
/// reach and the limit, instead of running out of time or memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest rules text, in bytes (E0008): parsing keeps every token, so a text
    /// of many megabytes would take seconds and gigabytes before any other limit.
    pub source_bytes: usize,
    /// The most patterns one piece may have once its `like` inclusions are inlined
    /// (E0307). Each `like` copies every pattern of the piece it names, so a chain of
    /// pieces that each include the previous one twice doubles at every step.
    pub patterns_per_piece: usize,
    /// The most nodes of the linked move table (E0801). A pattern whose own expansion
    /// alone would pass it is refused before linking, from a count that costs
    /// milliseconds; otherwise linking stops when the table reaches it.
    pub table_nodes: usize,
    /// The most cells on one path of a move, the start cell excluded (E0802); at most
    /// [`Limits::MAX_PATH_CELLS`], what the table format can say.
    pub path_cells: usize,
    /// The most pieces one move may capture in passing (E0953); at most
    /// [`Limits::MAX_CAPTURES_IN_PASSING`], what a game move can carry.
    pub captures_in_passing: usize,
    /// The most cells an `en passant` move may open to capture (E0954); at most
    /// [`Limits::MAX_EN_PASSANT_CELLS`], what a position can carry.
    pub en_passant_cells: usize,
    /// The most time linking may take, in milliseconds (E0803; 0 for none).
    pub link_ms: u64,
    /// Not a limit but where one is avoided: a pattern of more legs than one whose
    /// unrolled trees would take more table nodes than this (both sides, every start
    /// cell) is linked as shared continuations, one block per (leg, cell, heading)
    /// state (docs/bytecode.md), and so is one whose count has no bound (a `repeat` until
    /// blocked that can go round); 0 shares every such pattern, `usize::MAX` none.
    pub shared_above: usize,
    /// Not a limit either: on a square board of more cells than this, a shared
    /// pattern whose paths hold at most half as many cells as the board has, and that
    /// has no `to` zone, is linked as **relative** continuations: blocks that hold a
    /// direction instead of a cell and serve every cell (docs/bytecode.md); so is every
    /// single-leg pattern that could be shared and fits `path_cells`. 0 links every
    /// such pattern relative whatever the board (tests), `usize::MAX` none.
    pub relative_above: usize,
    /// The most plies of one move when activations cascade (W0906 when a cascade may
    /// be longer); [`Limits::DEFAULT_CASCADE_PLIES`] unless set, at most
    /// [`Limits::MAX_CASCADE_PLIES`], what a game move can carry. Longer cascades are
    /// not generated.
    pub cascade_plies: usize,
    /// The largest graph board file a rules text may name (`board graph "FILE"`), in
    /// bytes (E0110). Only regular files are read, through a reader that stops one
    /// byte past this, so a device such as `/dev/zero` cannot take the memory.
    pub graph_bytes: usize,
    /// Not a size but which files a rules text may read by name (a graph board's
    /// file): any regular file ([`FileAccess::Any`], the command line), or only the
    /// ones listed ([`FileAccess::Only`], the playground, E0111 for others). Not one
    /// of [`Limits::NAMES`]: it is set by the program, not with `--limit`.
    pub files: FileAccess,
}

/// Which files a rules text may name (a graph board's JSON file), as
/// [`Limits::files`]. Whatever the policy, only regular files are read (no FIFO,
/// device or directory) and at most [`Limits::graph_bytes`] of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FileAccess {
    /// Any regular file the process can read, by its name relative to the rules
    /// file's directory (or an absolute name).
    #[default]
    Any,
    /// Only these files (compared after the name is resolved and made canonical, so
    /// `..` and symbolic links do not reach others); none if the list is empty. The
    /// playground lists the files its command-line rules files name.
    Only(Vec<std::path::PathBuf>),
}

/// A limit named by [`Limits::set`] that does not exist, or a value that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitError {
    /// No limit has this name; the names are [`Limits::NAMES`].
    UnknownName(String),
    /// The value is not a whole number.
    BadValue {
        /// The limit's name.
        name: String,
        /// The text given.
        value: String,
    },
    /// The text has no `=` between a name and a value.
    NoValue(String),
}

impl std::fmt::Display for LimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitError::UnknownName(name) => write!(
                f,
                "no limit is called `{name}`; the limits are {}",
                Limits::NAMES.join(", ")
            ),
            LimitError::BadValue { name, value } => {
                write!(f, "the limit `{name}` takes a whole number, not `{value}`")
            }
            LimitError::NoValue(text) => {
                write!(
                    f,
                    "`{text}` is not NAME=VALUE (for example `table-nodes=8000000`)"
                )
            }
        }
    }
}

impl std::error::Error for LimitError {}

impl Limits {
    /// The names [`Limits::set`] knows, in the order of the fields.
    pub const NAMES: [&'static str; 11] = [
        "source-bytes",
        "patterns-per-piece",
        "table-nodes",
        "path-cells",
        "captures-in-passing",
        "en-passant-cells",
        "link-ms",
        "shared-above",
        "cascade-plies",
        "relative-above",
        "graph-bytes",
    ];

    /// Sets the limit called `name` (one of [`Limits::NAMES`]) to `value`.
    pub fn set(&mut self, name: &str, value: u64) -> Result<(), LimitError> {
        let size = usize::try_from(value).unwrap_or(usize::MAX);
        match name {
            "source-bytes" => self.source_bytes = size,
            "patterns-per-piece" => self.patterns_per_piece = size,
            "table-nodes" => self.table_nodes = size,
            "path-cells" => self.path_cells = size,
            "captures-in-passing" => self.captures_in_passing = size,
            "en-passant-cells" => self.en_passant_cells = size,
            "link-ms" => self.link_ms = value,
            "shared-above" => self.shared_above = size,
            "cascade-plies" => self.cascade_plies = size,
            "relative-above" => self.relative_above = size,
            "graph-bytes" => self.graph_bytes = size,
            _ => return Err(LimitError::UnknownName(name.to_string())),
        }
        Ok(())
    }

    /// Reads and applies a `NAME=VALUE` setting (the command line's `--limit`).
    pub fn apply(&mut self, setting: &str) -> Result<(), LimitError> {
        let Some((name, value)) = setting.split_once('=') else {
            return Err(LimitError::NoValue(setting.to_string()));
        };
        let (name, value) = (name.trim(), value.trim());
        if !Limits::NAMES.contains(&name) {
            return Err(LimitError::UnknownName(name.to_string()));
        }
        let number = value
            .replace('_', "")
            .parse::<u64>()
            .map_err(|_| LimitError::BadValue {
                name: name.to_string(),
                value: value.to_string(),
            })?;
        self.set(name, number)
    }

    /// The longest path the table format can hold (a node's depth is one byte).
    pub const MAX_PATH_CELLS: usize = u8::MAX as usize;
    /// The most captures in passing a game move can carry.
    pub const MAX_CAPTURES_IN_PASSING: usize = MAX_PASSING;
    /// The most en passant cells a position can carry.
    pub const MAX_EN_PASSANT_CELLS: usize = MAX_EP_CELLS;
    /// The most plies one move can carry when activations cascade.
    pub const MAX_CASCADE_PLIES: usize = MAX_CASCADE + 1;
    /// The plies of one move by default ([`Limits::cascade_plies`]): four, fewer than a
    /// move carries, since cascades multiply with each ply (Hemera's Dawn's start: 822
    /// moves of up to four plies, 1,462 of up to seven, its perft 2 five times as
    /// long); `--limit cascade-plies=7` lets the Croatian book's longest cascades be
    /// played.
    pub const DEFAULT_CASCADE_PLIES: usize = 4;
}

impl Default for Limits {
    /// 1 MiB of text (the largest shipped file is 3 KB), 4,096 patterns per piece
    /// (the largest shipped piece has 18, a fairy catalogue piece a few dozen),
    /// 4,194,304 table nodes (48 MiB), the fixed maxima for paths, captures in passing
    /// and en passant cells, cascades of 4 plies, 10 seconds of linking, 4 MiB graph board
    /// files (the shipped 8×8 one is 6 KB) and any regular file by name.
    fn default() -> Limits {
        Limits {
            source_bytes: 1 << 20,
            patterns_per_piece: 4096,
            table_nodes: 1 << 22,
            path_cells: Limits::MAX_PATH_CELLS,
            captures_in_passing: Limits::MAX_CAPTURES_IN_PASSING,
            en_passant_cells: Limits::MAX_EN_PASSANT_CELLS,
            link_ms: 10_000,
            shared_above: 1 << 16,
            cascade_plies: Limits::DEFAULT_CASCADE_PLIES,
            relative_above: 255,
            graph_bytes: 4 << 20,
            files: FileAccess::Any,
        }
    }
}

/// Why [`read_regular`] read nothing.
#[derive(Debug)]
pub enum ReadError {
    /// The path names something other than a regular file: a FIFO, a device (such as
    /// `/dev/zero` or `/dev/stdin` on a terminal or pipe), a directory, a socket.
    NotRegular(&'static str),
    /// The file is larger than the limit.
    TooLarge {
        /// Its size in bytes (at least this many, if it grew while read).
        bytes: u64,
        /// The limit, in bytes.
        limit: usize,
    },
    /// The file is not UTF-8 text.
    NotUtf8,
    /// The file cannot be opened or read.
    Io(std::io::Error),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::NotRegular(what) => {
                write!(
                    f,
                    "not a regular file ({what}); only regular files are read"
                )
            }
            ReadError::TooLarge { bytes, limit } => {
                write!(f, "the file is {bytes} bytes; the limit is {limit} bytes")
            }
            ReadError::NotUtf8 => write!(f, "not UTF-8 text"),
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// What kind of file `meta` describes, for a message about a file that is not regular.
fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Reads the text of a regular file of at most `max_bytes` bytes, and nothing else:
/// the kind of file is looked at before it is opened (opening a FIFO would wait for a
/// writer), again once it is open, and the reader stops one byte past `max_bytes`, so
/// neither a device that never ends (`/dev/zero`) nor one that never answers
/// (`/dev/stdin`, a FIFO) can take memory or a thread. Symbolic links are followed (to
/// a regular file).
pub fn read_regular(path: &std::path::Path, max_bytes: usize) -> Result<String, ReadError> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(file_kind(&meta)));
    }
    let limit = max_bytes as u64;
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            bytes: meta.len(),
            limit: max_bytes,
        });
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(file_kind(&meta)));
    }
    let mut bytes = Vec::with_capacity(meta.len().min(limit) as usize);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            bytes: bytes.len() as u64,
            limit: max_bytes,
        });
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::{read_regular, Limits, ReadError};

    #[test]
    fn only_regular_files_of_the_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("pw-read-regular-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("map.json");
        std::fs::write(&file, "0123456789").expect("write");
        assert_eq!(read_regular(&file, 10).expect("fits"), "0123456789");
        assert!(matches!(
            read_regular(&file, 9),
            Err(ReadError::TooLarge {
                bytes: 10,
                limit: 9
            })
        ));
        assert!(matches!(
            read_regular(&dir, 10),
            Err(ReadError::NotRegular("a directory"))
        ));
        #[cfg(unix)]
        assert!(matches!(
            read_regular(std::path::Path::new("/dev/zero"), 10),
            Err(ReadError::NotRegular("a character device"))
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn graph_bytes_is_a_limit_by_name() {
        let mut limits = Limits::default();
        limits.apply("graph-bytes=1000").expect("a limit");
        assert_eq!(limits.graph_bytes, 1000);
        assert!(Limits::NAMES.contains(&"graph-bytes"));
    }
}
