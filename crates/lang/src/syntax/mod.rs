//! Parsing: `.rules` text to the [`ast`](crate::ast).
//!
//! Owns the pest grammar (`grammar/piecewise.pest`), the conversion of pest errors into
//! [`Diagnostics`], and the lowering of the parse tree into AST nodes with spans.
//! [`parse`] never panics: every input either yields a [`ast::File`] or diagnostics.

mod braces;
mod expect;
mod lower;
mod messages;
mod parse;
mod suggest;

use crate::ast;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::Span;
pub(crate) use expect::expected_at;
pub use expect::Expected;

/// At most this many syntax errors are reported for one file.
const MAX_SYNTAX_ERRORS: usize = 50;

/// Parses a whole `.rules` file.
///
/// After a syntax error the parser recovers at the next line that starts a declaration
/// (`piece`, `zone`, `board`, `game`, and the game declarations `start`, `royal`,
/// `royals`, `castling`, `en passant`, `promotion`, `hand`, `drop`, `confine`) and
/// parses the rest of the file from there, so each broken declaration gets its own
/// error (up to 50).
pub fn parse(source: &str) -> Result<ast::File, Diagnostics> {
    let first = match parse::parse_file(source) {
        Ok(node) => return Ok(lower::lower_file(&node)),
        Err(d) => *d,
    };
    let mut ds = Diagnostics::new();
    let mut resume_after = first.primary.span.start as usize;
    ds.push(first);
    while ds.0.len() < MAX_SYNTAX_ERRORS {
        let Some(start) = next_declaration(source, resume_after) else {
            break;
        };
        match parse::parse_file(&source[start..]) {
            Ok(_) => break,
            Err(d) => {
                let d = shifted(*d, start);
                resume_after = (d.primary.span.start as usize).max(start + 1);
                ds.push(d);
            }
        }
    }
    Err(ds)
}

/// The words a declaration starts with. `en` only counts when `passant` and a name
/// follow (so that a pattern's `en passant` modifier on its own line is no restart
/// point).
const DECLARATION_WORDS: &[&str] = &[
    "piece",
    "zone",
    "board",
    "game",
    "start",
    "royal",
    "royals",
    "castling",
    "promotion",
    "heading",
    "hand",
    "drop",
    "confine",
];

/// Whether a line (without its indentation) starts a declaration.
fn starts_declaration(line: &str) -> bool {
    let mut words = line.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
    let first = words.next().unwrap_or("");
    if first == "en" {
        let mut rest = words.filter(|w| !w.is_empty());
        return rest.next() == Some("passant")
            && rest
                .next()
                .is_some_and(|w| !w.starts_with(|c: char| c.is_ascii_digit()));
    }
    DECLARATION_WORDS.contains(&first)
}

/// The byte offset of the first line at or after `after` (and after the file's start)
/// that starts a declaration.
fn next_declaration(source: &str, after: usize) -> Option<usize> {
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        let at = start + (line.len() - trimmed.len());
        // A declaration that starts right where the error is (the previous one was
        // incomplete) is parsed again from its start.
        if at < after || at == 0 {
            continue;
        }
        if starts_declaration(trimmed) {
            return Some(at);
        }
    }
    None
}

/// Moves a diagnostic found in `source[offset..]` to positions in `source`.
fn shifted(mut d: Diagnostic, offset: usize) -> Diagnostic {
    let move_span = |s: Span| Span::new(s.start as usize + offset, s.end as usize + offset);
    d.primary.span = move_span(d.primary.span);
    for l in &mut d.secondary {
        l.span = move_span(l.span);
    }
    d
}
