//! `piecewise import betza` and `piecewise import fsf`: read a piece in XBetza, or a
//! Fairy-Stockfish variants.ini, through the library (`piecewise::betza`,
//! `piecewise::fsf`) and print or write the `.rules` text. Errors point at the
//! character (notation) or the line (ini) and exit 1.

use crate::failure::{Failure, Outcome};
use std::path::Path;

/// Prints a notation as a piece declaration.
pub fn betza(notation: &str, name: &str, letter: &str) -> Outcome {
    let opts = piecewise::betza::ImportOptions {
        name: name.into(),
        letter: letter.into(),
    };
    match piecewise::betza::import(notation, &opts) {
        Ok(text) => {
            print!("{text}");
            Ok(())
        }
        Err(e) => {
            eprintln!("error: {e}\n{}", indent(&e.pointer(notation)));
            Err(Failure::Input)
        }
    }
}

/// Indents every line by four spaces.
fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Imports a variants.ini (not yet).
pub fn fsf(_ini: &Path, _variant: Option<&str>, _output: Option<&Path>) -> Outcome {
    Err(Failure::input("import fsf: not implemented yet"))
}
