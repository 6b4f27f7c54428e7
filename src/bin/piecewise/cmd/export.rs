//! `piecewise export betza`: checks a rules file and prints its pieces in XBetza
//! (`piecewise::betza::export_piece`), or, for a piece the notation cannot say, an
//! error naming the construct and pointing at the pattern.

use crate::failure::{failed_if, Failure, Outcome};
use crate::input::{limits, print_diagnostics, read_rules};
use crate::output::outln;
use piecewise::betza::{export_piece, ExportError, ExportErrorKind};
use piecewise::ids::PieceId;
use std::path::Path;

/// Prints one piece's notation (`--piece`) or a `NAME (L): NOTATION` line per piece.
pub fn betza(path: &Path, piece: Option<&str>, color: bool) -> Outcome {
    let (source, base) = read_rules(path)?;
    let (rules, diags) = piecewise::pipeline::check_with(&source, base, limits());
    let Some(rules) = rules.filter(|_| diags.error_count() == 0) else {
        print_diagnostics(&diags, path, &source, color);
        return Err(Failure::Rules);
    };
    let report = |e: &ExportError| {
        let at = e.span().map(|s| {
            let line = source[..(s.start as usize).min(source.len())]
                .matches('\n')
                .count()
                + 1;
            format!(" ({}:{line})", path.display())
        });
        eprintln!("error: {e}{}", at.unwrap_or_default());
    };
    if let Some(name) = piece {
        let found = rules.pieces.iter().position(|p| {
            p.name == name
                || name.eq_ignore_ascii_case(&format!(
                    "{}{}",
                    p.letter,
                    piecewise::ir::prime_mark(p.prime)
                ))
        });
        let Some(i) = found else {
            return Err(Failure::input(format_args!(
                "no piece `{name}` in {}",
                path.display()
            )));
        };
        return match export_piece(&rules, PieceId(i as u8)) {
            Ok(text) => {
                outln!("{text}");
                Ok(())
            }
            Err(e) => {
                report(&e);
                Err(Failure::Rules)
            }
        };
    }
    let mut failed = false;
    for (i, p) in rules.pieces.iter().enumerate() {
        let plus = if p.plus { "+" } else { "" };
        match export_piece(&rules, PieceId(i as u8)) {
            Ok(text) => outln!(
                "{} ({plus}{}{}): {text}",
                p.name,
                p.letter,
                piecewise::ir::prime_mark(p.prime)
            ),
            Err(e) => {
                report(&e);
                failed = true;
                if matches!(e.kind(), ExportErrorKind::NotSquare(_)) {
                    // The same for every piece: said once.
                    break;
                }
            }
        }
    }
    failed_if(failed, Failure::Rules)
}
