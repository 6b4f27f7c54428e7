//! The table file reader's error: [`TableFileError`] wraps a [`TableFileErrorKind`]
//! that says what is wrong with the bytes and at which byte offset.
//!
//! Owns the error type and its text; the reader that finds the problems is
//! `bytes/mod.rs`. A file that reads but describes a bad table is the verifier's
//! business ([`crate::table::VerifyError`]), not this one's.

use crate::topology::MAX_SIDE;
use std::fmt;

/// Why a table file could not be read: what ([`TableFileError::kind`]) and at which
/// byte ([`TableFileError::offset`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFileError {
    kind: TableFileErrorKind,
}

/// What is wrong with a table file. Every kind carries the byte offset where the
/// problem was found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableFileErrorKind {
    /// The file does not start with [`MAGIC`](crate::table::MAGIC).
    BadMagic {
        /// Always 0.
        offset: usize,
    },
    /// The file is shorter than the magic, version and checksum together.
    TooShort {
        /// The file's length.
        offset: usize,
    },
    /// The trailing checksum does not match the bytes before it.
    ChecksumMismatch {
        /// Where the checksum starts.
        offset: usize,
    },
    /// The file is written in a format version this build does not read.
    UnsupportedVersion {
        /// Just after the version field.
        offset: usize,
        /// The version in the file.
        found: u16,
        /// The version this build reads.
        supported: u16,
    },
    /// The file ends inside a field.
    Truncated {
        /// Where the field starts.
        offset: usize,
        /// The field, in words (`"a node"`, `"the piece count"`).
        what: &'static str,
        /// The field's size in bytes.
        needed: usize,
        /// The bytes left in the file.
        left: usize,
    },
    /// A count of records that cannot fit in the bytes that remain.
    CountTooLarge {
        /// Where the records would start.
        offset: usize,
        /// The records, in words (`"nodes"`, `"root ranges"`).
        what: &'static str,
        /// The count the file gives.
        count: usize,
        /// The bytes left in the file.
        left: usize,
    },
    /// A piece's flags byte has bits with no meaning.
    PieceFlags {
        /// Just after the flags byte.
        offset: usize,
        /// The flags.
        flags: u8,
    },
    /// A name in the file is not UTF-8.
    NotUtf8 {
        /// Just after the name.
        offset: usize,
        /// The name, in words (`"a piece name"`, `"a node id"`).
        what: &'static str,
    },
    /// Bytes remain after the last node.
    TrailingBytes {
        /// Where the extra bytes start.
        offset: usize,
        /// How many there are.
        count: usize,
    },
    /// A board's width or height is outside `1..=26`.
    BoardSize {
        /// Just after the board's header.
        offset: usize,
        /// The width (columns).
        width: u8,
        /// The height (rows).
        height: u8,
    },
    /// A hex board's radius is above the limit.
    HexRadius {
        /// Just after the board's header.
        offset: usize,
        /// The radius in the file.
        radius: u8,
        /// The largest radius a board may have.
        limit: u8,
    },
    /// The topology byte names no topology.
    UnknownTopology {
        /// Just after the board's header.
        offset: usize,
        /// The topology byte.
        topology: u8,
    },
    /// A graph node's position is not a finite number.
    NodePosition {
        /// Just after the position.
        offset: usize,
        /// The graph node's id.
        node: String,
    },
    /// The board described by the file does not build.
    InvalidBoard {
        /// Just after the board.
        offset: usize,
        /// Why, as the board builder says it.
        reason: String,
    },
}

impl TableFileError {
    /// What is wrong, and where.
    pub fn kind(&self) -> &TableFileErrorKind {
        &self.kind
    }

    /// The byte offset where the problem was found.
    pub fn offset(&self) -> usize {
        use TableFileErrorKind::*;
        match self.kind {
            BadMagic { offset }
            | TooShort { offset }
            | ChecksumMismatch { offset }
            | UnsupportedVersion { offset, .. }
            | Truncated { offset, .. }
            | CountTooLarge { offset, .. }
            | PieceFlags { offset, .. }
            | NotUtf8 { offset, .. }
            | TrailingBytes { offset, .. }
            | BoardSize { offset, .. }
            | HexRadius { offset, .. }
            | UnknownTopology { offset, .. }
            | NodePosition { offset, .. }
            | InvalidBoard { offset, .. } => offset,
        }
    }

    /// What is wrong, without the place (`Display` puts `at byte N: ` before it).
    pub fn message(&self) -> String {
        Message(&self.kind).to_string()
    }

    fn new(kind: TableFileErrorKind) -> TableFileError {
        TableFileError { kind }
    }

    pub(crate) fn bad_magic() -> TableFileError {
        TableFileError::new(TableFileErrorKind::BadMagic { offset: 0 })
    }

    pub(crate) fn too_short(len: usize) -> TableFileError {
        TableFileError::new(TableFileErrorKind::TooShort { offset: len })
    }

    pub(crate) fn checksum_mismatch(offset: usize) -> TableFileError {
        TableFileError::new(TableFileErrorKind::ChecksumMismatch { offset })
    }

    pub(crate) fn unsupported_version(offset: usize, found: u16, supported: u16) -> Self {
        TableFileError::new(TableFileErrorKind::UnsupportedVersion {
            offset,
            found,
            supported,
        })
    }

    pub(crate) fn truncated(
        offset: usize,
        what: &'static str,
        needed: usize,
        left: usize,
    ) -> TableFileError {
        TableFileError::new(TableFileErrorKind::Truncated {
            offset,
            what,
            needed,
            left,
        })
    }

    pub(crate) fn count_too_large(
        offset: usize,
        what: &'static str,
        count: usize,
        left: usize,
    ) -> TableFileError {
        TableFileError::new(TableFileErrorKind::CountTooLarge {
            offset,
            what,
            count,
            left,
        })
    }

    pub(crate) fn piece_flags(offset: usize, flags: u8) -> TableFileError {
        TableFileError::new(TableFileErrorKind::PieceFlags { offset, flags })
    }

    pub(crate) fn not_utf8(offset: usize, what: &'static str) -> TableFileError {
        TableFileError::new(TableFileErrorKind::NotUtf8 { offset, what })
    }

    pub(crate) fn trailing_bytes(offset: usize, count: usize) -> TableFileError {
        TableFileError::new(TableFileErrorKind::TrailingBytes { offset, count })
    }

    pub(crate) fn board_size(offset: usize, width: u8, height: u8) -> TableFileError {
        TableFileError::new(TableFileErrorKind::BoardSize {
            offset,
            width,
            height,
        })
    }

    pub(crate) fn hex_radius(offset: usize, radius: u8, limit: u8) -> TableFileError {
        TableFileError::new(TableFileErrorKind::HexRadius {
            offset,
            radius,
            limit,
        })
    }

    pub(crate) fn unknown_topology(offset: usize, topology: u8) -> TableFileError {
        TableFileError::new(TableFileErrorKind::UnknownTopology { offset, topology })
    }

    pub(crate) fn node_position(offset: usize, node: &str) -> TableFileError {
        TableFileError::new(TableFileErrorKind::NodePosition {
            offset,
            node: node.to_string(),
        })
    }

    pub(crate) fn invalid_board(offset: usize, reason: String) -> TableFileError {
        TableFileError::new(TableFileErrorKind::InvalidBoard { offset, reason })
    }
}

/// The text of a kind, without its place.
struct Message<'a>(&'a TableFileErrorKind);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TableFileErrorKind::*;
        match self.0 {
            BadMagic { .. } => {
                f.write_str("not a piecewise table (the file does not start with PWTB)")
            }
            TooShort { .. } => f.write_str("the file is too short to hold a table"),
            ChecksumMismatch { .. } => {
                f.write_str("checksum mismatch: the file is truncated or corrupted")
            }
            UnsupportedVersion {
                found, supported, ..
            } => write!(
                f,
                "table format version {found}; this build reads {supported}"
            ),
            Truncated {
                what, needed, left, ..
            } => write!(
                f,
                "the file ends inside {what} ({left} of {needed} bytes left)"
            ),
            CountTooLarge {
                what, count, left, ..
            } => write!(f, "{count} {what} do not fit in the {left} bytes left"),
            PieceFlags { flags, .. } => write!(f, "a piece has unknown flags {flags:#x}"),
            NotUtf8 { what, .. } => write!(f, "{what} is not UTF-8"),
            TrailingBytes { count, .. } => {
                write!(f, "{count} unexpected bytes after the nodes")
            }
            BoardSize { width, height, .. } => {
                write!(f, "board size {width}x{height} is outside 1..={MAX_SIDE}")
            }
            HexRadius { radius, limit, .. } => {
                write!(f, "hex radius {radius} is above {limit}")
            }
            UnknownTopology { topology, .. } => write!(f, "unknown topology {topology}"),
            NodePosition { node, .. } => {
                write!(f, "node {node:?} has a position that is not a number")
            }
            InvalidBoard { reason, .. } => write!(f, "the board is not valid: {reason}"),
        }
    }
}

impl fmt::Display for TableFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset(), Message(&self.kind))
    }
}

impl std::error::Error for TableFileError {}
