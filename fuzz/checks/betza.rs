//! The `betza` check: any text as a Betza notation, and as a variants.ini. A notation
//! either imports, and then the `.rules` text it gives compiles on an 8×8 board and its
//! piece exports back without a panic, or it is refused with an error whose position
//! lies inside the text. An ini either imports or is refused with its line. Shared by
//! the fuzz target and `tests/suite/fuzz_regressions.rs`.

use piecewise::betza::{self, ImportOptions};
use piecewise::ids::PieceId;

/// Runs one input. `Err` carries the error of a refused notation.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Err("not UTF-8".into());
    };
    // The whole text as a variants.ini: never a panic; an error names a line inside it.
    match piecewise::fsf::import(text, None) {
        Ok(variants) => {
            for v in variants {
                let _ = piecewise::Game::compile(&v.rules);
            }
        }
        Err(e) => assert!(e.line() <= text.lines().count(), "{e}"),
    }
    // The first line as a notation.
    let notation = text.lines().next().unwrap_or("");
    match betza::import(notation, &ImportOptions::default()) {
        Ok(piece) => {
            let source = format!("board square 8x8\n{piece}");
            let (rules, diags) = piecewise::pipeline::check(&source, None);
            let rules = rules
                .filter(|_| diags.error_count() == 0)
                .unwrap_or_else(|| panic!("{}", diags.render("betza.rules", &source, false)));
            let _ = betza::export_piece(&rules, PieceId(0));
            piecewise::compile(&source)
                .map_err(|d| d.render("betza.rules", &source, false))
                .map(|_| ())
        }
        Err(e) => {
            assert!(e.offset() < notation.len().max(1), "{e}");
            let _ = e.pointer(notation);
            Err(e.to_string())
        }
    }
}
