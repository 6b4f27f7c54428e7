//! piecewise-lang: the piecewise language. A `.rules` text is parsed (pest, the grammar
//! in `grammar/piecewise.pest`), checked and resolved into the [`ir`]: names bound,
//! directions and symmetries expanded, zones and cells named on the declared
//! [`topology`], every error and warning a [`diagnostics::Diagnostic`] with its span,
//! rendered as rustc renders its own.
//!
//! This crate is the bottom layer: it knows nothing of move tables, positions or games.
//! `piecewise-table` compiles the IR into a move table; `piecewise-game` plays it; the
//! `piecewise` crate is the facade over all of them.
//!
//! ```
//! use piecewise_lang::{check, diagnostics::Severity};
//!
//! // A checked file: its pieces, with `like` inlined and directions expanded.
//! let (rules, diags) = check("board square 8x8\npiece Knight (N) { leap (1,2) }", None);
//! let rules = rules.expect("no errors");
//! assert!(diags.is_empty());
//! assert_eq!(rules.pieces[0].name, "Knight");
//! assert_eq!(rules.pieces[0].letter, 'N');
//!
//! // A file with a mistake: every error with its code and where it is.
//! let source = "board square 8x8\npiece Knight (N) { leap (1,2) }\npiece Nightrider (N) { ride (1,2) }";
//! let (rules, diags) = check(source, None);
//! assert!(rules.is_none());
//! let error = diags.iter().next().unwrap();
//! assert_eq!(error.severity, Severity::Error);
//! assert_eq!(&source[error.primary.span.range()], "N");
//! assert!(diags.render("game.rules", source, false).contains("game.rules:3:"));
//! ```
//!
//! Every stage is held to [`limits::Limits`], checked before the work it bounds, so a
//! hostile file is answered at once with the figure it would reach and the limit.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
mod check;
pub mod complete;
pub mod diagnostics;
pub mod format;
pub mod ids;
pub mod ir;
pub mod limits;
pub mod outline;
mod syntax;
pub mod topology;

pub use check::side_word;

use diagnostics::{Diagnostic, Diagnostics};
use ids::Span;
use ir::RuleSet;
use limits::Limits;
use std::path::Path;

/// The first stage alone: whether `source` parses. `Err` holds every syntax error.
pub fn parse(source: &str) -> Result<(), Diagnostics> {
    crate::syntax::parse(source).map(|_| ())
}

/// The file names a source text's `board graph "FILE"` declarations give, as written
/// (relative to the rules file's directory), without reading them; none if the text
/// does not parse. A server that may read only the files it was started with
/// ([`limits::FileAccess::Only`]) lists them from its rules files with this.
pub fn board_files(source: &str) -> Vec<String> {
    let Ok(file) = crate::syntax::parse(source) else {
        return Vec::new();
    };
    file.items
        .iter()
        .filter_map(|item| match item {
            ast::Item::Board(ast::BoardDecl {
                shape: ast::BoardShape::File(name),
                ..
            }) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// Parses and checks a source text read from a file in directory `base` (where graph
/// board files are looked up; the current directory if `None`).
///
/// Returns the rule set iff there is no error, with every diagnostic found (errors and
/// warnings), sorted by position.
pub fn check(source: &str, base: Option<&Path>) -> (Option<RuleSet>, Diagnostics) {
    check_with(source, base, &Limits::default())
}

/// [`check`] with `limits` instead of the default ones.
pub fn check_with(
    source: &str,
    base: Option<&Path>,
    limits: &Limits,
) -> (Option<RuleSet>, Diagnostics) {
    if source.len() > limits.source_bytes {
        let mut diags = Diagnostics::new();
        diags.push(
            Diagnostic::error(
                "E0008",
                format!(
                    "the rules text is {} bytes; the limit is {} bytes",
                    source.len(),
                    limits.source_bytes
                ),
                Span::new(0, 0),
            )
            .help("a rules file this large is generated, not written: split it, or raise `pipeline::Limits::source_bytes`"),
        );
        return (None, diags);
    }
    match crate::syntax::parse(source) {
        Ok(file) => crate::check::check_at(&file, base, limits),
        Err(diags) => (None, diags),
    }
}
