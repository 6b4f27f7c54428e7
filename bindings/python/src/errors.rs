//! errors: the exception classes of the package and the [`Diagnostic`] record.
//!
//! Every error bad input can cause is a subclass of `piecewise.Error` (a `ValueError`)
//! carrying what is wrong and where as attributes, with the full text as `str(e)`:
//!
//! - `RulesError`: the rules do not compile: `file`, `line`, `column`, `code`,
//!   `message` of the first error, and `diagnostics`, every error and warning as a
//!   [`Diagnostic`]; `str(e)` is the rendering rustc-style (`file:line:col`, the
//!   source line underlined, labels, help).
//! - `FenError`: `fen`, `column` (from 1, in characters), `message`, `kind` (the
//!   `FenErrorKind` variant's name, for branching); `str(e)` quotes the FEN with a
//!   caret under the character.
//! - `MoveError`: `move`, `index` (its place in the move list, from 0 as Python
//!   indexes lists: `moves[e.index]`), `fen` (the position it was tried in),
//!   `message`; `str(e)` counts moves from 1 (`move 3 of the list`), as the command
//!   line and the playground's messages do.
//! - `CellError`: `cell`, `message` (a cell name not on the board, or an empty cell).

use piecewise::diagnostics::{line_column, Diagnostics, Severity};
use piecewise::position::FenError as RustFenError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    piecewise,
    Error,
    PyValueError,
    "The base class of piecewise's errors about bad input (a ValueError)."
);
create_exception!(
    piecewise,
    RulesError,
    Error,
    "Rules that do not compile: attributes file, line, column, code, message (the first \
     error) and diagnostics (every error and warning); str() is the rendered text."
);
create_exception!(
    piecewise,
    FenError,
    Error,
    "A FEN that cannot be read: attributes fen, column (from 1), message, kind."
);
create_exception!(
    piecewise,
    MoveError,
    Error,
    "A move that is not legal where it is played: attributes move, index, fen, message."
);
create_exception!(
    piecewise,
    CellError,
    Error,
    "A cell name that is not on the board, or a cell without the piece asked for: \
     attributes cell, message."
);

/// One error or warning about a rules file, with its place.
#[pyclass(frozen, module = "piecewise", get_all)]
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// A stable code such as `"E0201"` (errors) or `"W0001"` (warnings), listed in
    /// docs/language.md.
    pub code: String,
    /// `"error"` or `"warning"`.
    pub severity: String,
    /// The headline: what is wrong.
    pub message: String,
    /// The file name shown (the path given to `Game.from_file`, else `"<rules>"`).
    pub file: String,
    /// The line of the primary span, from 1.
    pub line: u32,
    /// The column of the primary span, from 1, in characters.
    pub column: u32,
    /// The line where the primary span ends, from 1.
    pub end_line: u32,
    /// The column just past the primary span, from 1, in characters.
    pub end_column: u32,
    /// The text under the primary span ("" if none).
    pub label: String,
    /// The help line, if any.
    pub help: Option<String>,
    /// Further notes.
    pub notes: Vec<String>,
}

#[pymethods]
impl Diagnostic {
    /// `file:line:column: severity[code]: message`.
    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            self.file, self.line, self.column, self.severity, self.code, self.message
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(code={:?}, severity={:?}, file={:?}, line={}, column={}, message={:?})",
            self.code, self.severity, self.file, self.line, self.column, self.message
        )
    }
}

/// The diagnostics as records, in their order.
pub fn diagnostics(d: &Diagnostics, file: &str, source: &str) -> Vec<Diagnostic> {
    d.iter()
        .map(|d| {
            let span = d.primary.span;
            let (line, column) = line_column(source, span.start as usize);
            let (end_line, end_column) = line_column(source, span.end as usize);
            Diagnostic {
                code: d.code.to_string(),
                severity: match d.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                }
                .to_string(),
                message: d.message.clone(),
                file: file.to_string(),
                line,
                column,
                end_line,
                end_column,
                label: d.primary.message.clone(),
                help: d.help.clone(),
                notes: d.notes.clone(),
            }
        })
        .collect()
}

/// Sets `name = value` on the exception's instance.
fn with_attrs<'py>(
    py: Python<'py>,
    err: PyErr,
    attrs: impl FnOnce(&Bound<'py, PyAny>) -> PyResult<()>,
) -> PyErr {
    let value = err.value(py).clone().into_any();
    match attrs(&value) {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// `RulesError` for rules that do not compile.
pub fn rules_error(py: Python<'_>, d: &Diagnostics, file: &str, source: &str) -> PyErr {
    let records = diagnostics(d, file, source);
    let rendered = d.render(file, source, false).trim_end().to_string();
    let first = records
        .iter()
        .find(|r| r.severity == "error")
        .or(records.first())
        .cloned();
    with_attrs(py, RulesError::new_err(rendered), |e| {
        e.setattr("file", file)?;
        e.setattr("line", first.as_ref().map(|f| f.line))?;
        e.setattr("column", first.as_ref().map(|f| f.column))?;
        e.setattr("code", first.as_ref().map(|f| f.code.clone()))?;
        e.setattr("message", first.as_ref().map(|f| f.message.clone()))?;
        e.setattr("diagnostics", records)
    })
}

/// `RulesError` for a rules file that is not text (there is nothing to compile).
pub fn not_utf8(py: Python<'_>, file: &str, bytes: &[u8], valid_up_to: usize) -> PyErr {
    // The place of the bad byte, counted in the valid text before it.
    let before = std::str::from_utf8(&bytes[..valid_up_to]).unwrap_or("");
    let (line, column) = line_column(before, before.len());
    let message = format!("the file is not valid UTF-8 (byte {})", valid_up_to + 1);
    let text = format!("{file}:{line}:{column}: error: {message}");
    with_attrs(py, RulesError::new_err(text), |e| {
        e.setattr("file", file)?;
        e.setattr("line", line)?;
        e.setattr("column", column)?;
        e.setattr("code", None::<String>)?;
        e.setattr("message", message)?;
        e.setattr("diagnostics", Vec::<Diagnostic>::new())
    })
}

/// The name of a FEN error's kind (`UnknownLetter`), from its `Debug` text.
fn kind_name(e: &RustFenError) -> String {
    let debug = format!("{:?}", e.kind());
    debug
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or("")
        .to_string()
}

/// Fairy-Stockfish's `validate_fen` code for a FEN this reader refuses: its
/// `FenValidation` value for the same kind of fault (`-8` the board's shape, `-10` a
/// character, `-6` the side to move, `-7` the hand, `-5` castling, `-4` en passant,
/// `-2` a clock, `-11` the number of fields, `-13` check counts, `0` empty).
pub fn fen_code(e: &RustFenError) -> i32 {
    use piecewise::position::FenErrorKind as K;
    match e.kind() {
        K::Empty { .. } => 0,
        K::TooManyFields { .. } => -11,
        K::RankCount { .. }
        | K::ZeroCount { .. }
        | K::RankTooLong { .. }
        | K::RankTooShort { .. }
        | K::HoleMarkOnCell { .. }
        | K::PieceOnHole { .. } => -8,
        K::SideToMove { .. } | K::OneSide { .. } => -6,
        K::HandNotClosed { .. }
        | K::NoHands { .. }
        | K::HandTooLarge { .. }
        | K::UnexpectedInHand { .. } => -7,
        K::UnknownCastling { .. } => -5,
        K::NotACell { .. } | K::EnPassantWithoutVictim { .. } | K::EnPassantCells { .. } => -4,
        K::NotANumber { .. } => -2,
        K::CheckCounts { .. } => -13,
        _ => -10,
    }
}

/// `FenError` for a FEN that cannot be read.
pub fn fen_error(py: Python<'_>, fen: &str, e: &RustFenError) -> PyErr {
    // Counted in characters up to the byte offset (which need not be a boundary).
    let column = fen
        .char_indices()
        .take_while(|&(i, _)| i < e.offset())
        .count()
        + 1;
    let text = e.render(fen);
    let text = text.strip_prefix("error: ").unwrap_or(&text).trim_end();
    with_attrs(py, FenError::new_err(text.to_string()), |x| {
        x.setattr("fen", fen)?;
        x.setattr("column", column)?;
        x.setattr("message", e.message())?;
        x.setattr("kind", kind_name(e))
    })
}

/// `MoveError` for move `index` of a list, `text`, not legal in `fen`.
pub fn move_error(py: Python<'_>, index: usize, text: &str, fen: &str) -> PyErr {
    let message = format!("`{text}` is not a legal move here");
    // Counted from 1 in the text, as the command line and the playground count moves;
    // the `index` attribute is the list's own (from 0).
    let full = format!("move {} of the list: {message} (position {fen})", index + 1);
    with_attrs(py, MoveError::new_err(full), |x| {
        x.setattr("move", text)?;
        x.setattr("index", index)?;
        x.setattr("fen", fen)?;
        x.setattr("message", message)
    })
}

/// `CellError` about cell `cell`.
pub fn cell_error(py: Python<'_>, cell: &str, message: String) -> PyErr {
    with_attrs(py, CellError::new_err(message.clone()), |x| {
        x.setattr("cell", cell)?;
        x.setattr("message", message)
    })
}

/// `piecewise.Error` with a message (input that fits no narrower class).
pub fn error(message: impl Into<String>) -> PyErr {
    Error::new_err(message.into())
}
