//! error: what goes wrong reading or writing Betza notation. [`BetzaError`] is for a
//! notation that cannot be read or translated (it points at the character, by byte
//! offset); [`ExportError`] is for a piece whose moves the notation cannot say (it names
//! the construct and points at the pattern in the rules file). Both carry a kind enum an
//! embedder can branch on; rendering them is the caller's business.

use crate::ids::Span;
use std::fmt;

/// Why a Betza notation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BetzaErrorKind {
    /// A character that is no atom, modifier or digit of Betza notation.
    UnknownCharacter(char),
    /// Modifiers (or an `a`) at the end with no atom after them.
    MissingAtom,
    /// A count (`0`, digits) where it cannot apply, or too large.
    BadRange(String),
    /// A modifier or atom the notation has but piecewise does not translate: the
    /// character and why.
    Unsupported {
        /// The modifier or atom.
        what: char,
        /// Why the language cannot say it (or what to write instead).
        why: &'static str,
    },
    /// A combination that means nothing (`p` on a leaper, `n` on a rider, a direction
    /// set that selects no move).
    Meaningless(String),
    /// The notation is empty.
    Empty,
}

/// A Betza notation that cannot be read or translated, with the byte offset and
/// length of the characters at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    kind: BetzaErrorKind,
    at: usize,
    len: usize,
}

impl BetzaError {
    pub(crate) fn new(kind: BetzaErrorKind, at: usize, len: usize) -> BetzaError {
        BetzaError {
            kind,
            at,
            len: len.max(1),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &BetzaErrorKind {
        &self.kind
    }

    /// The byte offset of the first character at fault.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// How many bytes are at fault (at least 1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Always `false`: an error points at one character at least.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The notation with a caret line under the characters at fault, for messages:
    /// `mQuN` and `   ^`.
    pub fn pointer(&self, notation: &str) -> String {
        let col = notation
            .get(..self.at.min(notation.len()))
            .map_or(self.at, |s| s.chars().count());
        let width = notation
            .get(self.at.min(notation.len())..(self.at + self.len).min(notation.len()))
            .map_or(1, |s| s.chars().count().max(1));
        format!("{notation}\n{}{}", " ".repeat(col), "^".repeat(width))
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let col = self.at + 1;
        match &self.kind {
            BetzaErrorKind::UnknownCharacter(c) => {
                write!(f, "column {col}: `{c}` is not Betza notation")
            }
            BetzaErrorKind::MissingAtom => {
                write!(f, "column {col}: modifiers without an atom after them")
            }
            BetzaErrorKind::BadRange(why) => write!(f, "column {col}: {why}"),
            BetzaErrorKind::Unsupported { why, .. } => write!(f, "column {col}: {why}"),
            BetzaErrorKind::Meaningless(why) => write!(f, "column {col}: {why}"),
            BetzaErrorKind::Empty => write!(f, "the notation is empty"),
        }
    }
}

impl std::error::Error for BetzaError {}

/// Why a piece could not be written in Betza notation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExportErrorKind {
    /// A construct of the language the notation cannot say (named).
    Unsayable(String),
    /// No piece of that name or letter in the rules.
    UnknownPiece(String),
    /// The rules are not on a square board (Betza describes square-grid moves).
    NotSquare(&'static str),
}

/// A piece whose moves Betza notation cannot say: the construct, the piece, and the
/// span of the pattern in the rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportError {
    kind: ExportErrorKind,
    piece: String,
    span: Option<Span>,
}

impl ExportError {
    pub(crate) fn new(kind: ExportErrorKind, piece: &str, span: Option<Span>) -> ExportError {
        ExportError {
            kind,
            piece: piece.to_string(),
            span,
        }
    }

    /// What cannot be said.
    pub fn kind(&self) -> &ExportErrorKind {
        &self.kind
    }

    /// The piece's name.
    pub fn piece(&self) -> &str {
        &self.piece
    }

    /// The pattern at fault in the rules file, when there is one.
    pub fn span(&self) -> Option<Span> {
        self.span
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExportErrorKind::Unsayable(what) => {
                write!(f, "{}: Betza notation cannot say {what}", self.piece)
            }
            ExportErrorKind::UnknownPiece(p) => write!(f, "no piece `{p}` in the rules"),
            ExportErrorKind::NotSquare(kind) => write!(
                f,
                "{}: the board is `{kind}`; Betza notation describes square boards",
                self.piece
            ),
        }
    }
}

impl std::error::Error for ExportError {}
