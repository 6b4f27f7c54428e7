//! `piecewise check`: compiles each rules file with its game declarations, prints its
//! diagnostics and a verdict line per file, and fails if any file has errors (or
//! warnings, with `--deny-warnings`).

use crate::failure::{failed_if, Failure, Outcome};
use crate::input::{limits, print_diagnostics, read_rules};
use crate::output::outln;
use piecewise::diagnostics::plural;
use piecewise::Game;
use std::path::PathBuf;

/// Checks `files`, going on past a failing one.
pub fn run(files: &[PathBuf], deny_warnings: bool, color: bool) -> Outcome {
    let mut failed = false;
    for path in files {
        let Ok((source, base)) = read_rules(path) else {
            failed = true;
            continue;
        };
        // Every diagnostic of the rules and the game declarations; what play needs
        // (reverse tables, kernels) is not built.
        let diags = match Game::check_limited(&source, base, limits()) {
            Ok(rules) => rules.warnings().clone(),
            Err(d) => d,
        };
        print_diagnostics(&diags, path, &source, color);
        let (e, w) = (diags.error_count(), diags.warning_count());
        if e > 0 || (deny_warnings && w > 0) {
            failed = true;
        }
        let verdict = if e > 0 { "failed" } else { "ok" };
        outln!(
            "{}: {verdict} ({}, {})",
            path.display(),
            plural(e, "error"),
            plural(w, "warning")
        );
    }
    failed_if(failed, Failure::Rules)
}
