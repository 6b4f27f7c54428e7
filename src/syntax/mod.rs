//! Parsing: `.rules` text to the [`ast`](crate::ast).
//!
//! Owns the pest grammar (`grammar/piecewise.pest`), the conversion of pest errors into
//! [`Diagnostics`], and the lowering of the parse tree into AST nodes with spans.
//! [`parse`] never panics: every input either yields a [`ast::File`] or diagnostics.

mod lower;
mod parse;

use crate::ast;
use crate::diagnostics::Diagnostics;

/// Parses a whole `.rules` file. A syntax error stops parsing, so the error case holds
/// exactly one diagnostic.
pub fn parse(source: &str) -> Result<ast::File, Diagnostics> {
    match parse::parse_file(source) {
        Ok(node) => Ok(lower::lower_file(&node)),
        Err(d) => {
            let mut ds = Diagnostics::new();
            ds.push(*d);
            Err(ds)
        }
    }
}

/// The words of the language that cannot be used as names.
pub fn keywords() -> &'static [&'static str] {
    parse::KEYWORDS
}
