//! `piecewise import betza` and `piecewise import fsf`: read a piece in XBetza, or a
//! Fairy-Stockfish variants.ini, through the library (`piecewise::betza`,
//! `piecewise::fsf`) and print or write the `.rules` text. Errors point at the
//! character (notation) or the line (ini) and exit 1.

use crate::failure::{Failure, Outcome};
use crate::output::{out, outln};
use std::path::Path;

/// Prints a notation as a piece declaration.
pub fn betza(notation: &str, name: &str, letter: &str) -> Outcome {
    let opts = piecewise::betza::ImportOptions {
        name: name.into(),
        letter: letter.into(),
    };
    match piecewise::betza::import(notation, &opts) {
        Ok(text) => {
            out!("{text}");
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

/// Imports a variants.ini: prints each variant's rules (or writes `DIR/NAME.rules`),
/// lists every key not translated on standard error, and fails (exit 1) unless every
/// key of every variant was translated.
pub fn fsf(ini: &Path, variant: Option<&str>, output: Option<&Path>) -> Outcome {
    let text = crate::input::read(ini)?;
    let variants = piecewise::fsf::import(&text, variant)
        .map_err(|e| Failure::input(format_args!("{}: {e}", ini.display())))?;
    if let Some(dir) = output {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::output(format_args!("cannot create {}: {e}", dir.display())))?;
    }
    let mut complete = true;
    for (i, v) in variants.iter().enumerate() {
        for issue in &v.issues {
            eprintln!(
                "{}:{}: [{}] `{}` not translated: {}",
                ini.display(),
                issue.line,
                issue.section,
                issue.key,
                issue.why
            );
        }
        complete &= v.complete();
        match output {
            Some(dir) => {
                let path = dir.join(format!("{}.rules", v.name));
                std::fs::write(&path, &v.rules).map_err(|e| {
                    Failure::output(format_args!("cannot write {}: {e}", path.display()))
                })?;
                eprintln!(
                    "wrote {}{}",
                    path.display(),
                    if v.complete() { "" } else { " (incomplete)" }
                );
            }
            None => {
                if i > 0 {
                    outln!();
                }
                out!("{}", v.rules);
            }
        }
    }
    if complete {
        Ok(())
    } else {
        eprintln!("error: some keys were not translated (listed above)");
        Err(Failure::Input)
    }
}
