//! `piecewise fmt`: rewrites rules files in the canonical layout
//! (`piecewise::format`), or with `--check` lists the files it would change and fails
//! if there are any. A file that does not parse is left alone, with its syntax errors.

use crate::failure::{failed_if, Failure, Outcome};
use crate::input::print_diagnostics;
use crate::output::outln;
use std::path::PathBuf;

/// Formats `files` (or, with `check`, only reports those not formatted), going on past
/// a failing one.
pub fn run(files: &[PathBuf], check: bool, color: bool) -> Outcome {
    let mut failed = false;
    let mut unformatted = false;
    for path in files {
        let source = match std::fs::read_to_string(path) {
            Ok(source) => source,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                failed = true;
                continue;
            }
        };
        let formatted = match piecewise::format::format(&source) {
            Ok(formatted) => formatted,
            Err(diags) => {
                print_diagnostics(&diags, path, &source, color);
                eprintln!("error: {} does not parse; not formatted", path.display());
                failed = true;
                continue;
            }
        };
        if formatted == source {
            continue;
        }
        if check {
            outln!("{}", path.display());
            unformatted = true;
        } else if let Err(e) = std::fs::write(path, formatted) {
            eprintln!("error: cannot write {}: {e}", path.display());
            failed = true;
        }
    }
    if failed {
        return Err(Failure::Input);
    }
    failed_if(unformatted, Failure::Rules)
}
