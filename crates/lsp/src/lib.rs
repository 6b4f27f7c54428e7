//! piecewise-lsp: a language server for `.rules` files, over stdio (`piecewise lsp`),
//! on `lsp-server` and `lsp-types`. It gives the checker's diagnostics as the text
//! changes (with their codes, help and notes, ranges in UTF-16 columns), hover on a
//! piece (its patterns with `like` expanded, its Betza, its move count from the centre
//! of an empty board) and on a keyword (its entry in the language reference), go to
//! definition of piece, zone and tag names, completion (the keywords the grammar
//! accepts at the cursor and the declared names), document symbols and formatting
//! (`piecewise fmt`'s layout).
//!
//! The answers are also plain functions over byte offsets ([`analysis`]), which the
//! playground's JSON API uses.
//!
//! ```
//! use piecewise_lsp::analysis;
//!
//! let source = "board square 8x8\npiece Knight (N) { leap (1,2) }\npiece Nightrider (N) { ride (1,2) }";
//! let diags = analysis::diagnostics(source, None);
//! assert_eq!(diags.iter().next().unwrap().code, "E0302");
//! let hover = analysis::hover(source, source.find("Knight").unwrap(), None, None).unwrap();
//! assert!(hover.markdown.contains("leap (1,2)"));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod reference;
mod server;
pub mod text;

pub use server::{run, run_stdio, ServerError};
