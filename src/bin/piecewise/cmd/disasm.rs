//! `piecewise disasm`: prints a compiled program and its move table readably, from a
//! rules file or from a table file (verified first); with `--from`, also the table
//! nodes of the pieces on one start cell, for one piece or side if asked.

use crate::args::SideArg;
use crate::failure::{Failure, Outcome};
use crate::input::{cell_arg, load_rules, no_such_piece, read_bytes};
use crate::output::out;
use piecewise::ids::{PieceId, Side};
use piecewise::table::{self, MoveTable};
use std::path::Path;

/// Disassembles `file`; `from`, `piece` and `side` select the start-cell listing.
pub fn run(
    file: &Path,
    from: Option<&str>,
    piece: Option<&str>,
    side: Option<SideArg>,
    color: bool,
) -> Outcome {
    let bytes = read_bytes(file)?;
    let mut out = String::new();
    // Keep whichever owner we have; the listing below only needs the table.
    let (from_file, from_rules);
    let t: &MoveTable = if bytes.starts_with(table::MAGIC) {
        let t = table::from_bytes(&bytes).map_err(|e| {
            Failure::input(format_args!("{} is not a valid table: {e}", file.display()))
        })?;
        from_file = table::verify(t).map_err(|e| {
            Failure::input(format_args!("{} fails verification: {e}", file.display()))
        })?;
        out.push_str(&table::disasm(from_file.table()));
        from_file.table()
    } else {
        from_rules = load_rules(file, color)?;
        out.push_str(&piecewise::compile::disasm(from_rules.program()));
        out.push_str(&table::disasm(from_rules.table().table()));
        from_rules.table().table()
    };
    if let Some(cell) = from {
        let c = cell_arg(&t.board, cell)?;
        let pieces: Vec<PieceId> = match piece {
            Some(p) => vec![table_piece(t, p).ok_or_else(|| no_such_piece(p))?],
            None => (0..t.pieces.len()).map(|i| PieceId(i as u8)).collect(),
        };
        let sides: Vec<Side> = match side {
            Some(SideArg::White) => vec![Side::First],
            Some(SideArg::Black) => vec![Side::Second],
            None => Side::BOTH.to_vec(),
        };
        for s in sides {
            for &p in &pieces {
                out.push_str(&table::disasm_cell(t, s, p, c));
            }
        }
    }
    out!("{out}");
    Ok(())
}

/// The piece of table `t` named `text`, or lettered `text` (one character).
fn table_piece(t: &MoveTable, text: &str) -> Option<PieceId> {
    t.pieces
        .iter()
        .position(|x| x.name == text)
        .map(|i| PieceId(i as u8))
        .or_else(|| {
            let mut ch = text.chars();
            match (ch.next(), ch.next()) {
                (Some(l), None) => t.piece_by_letter(l),
                _ => None,
            }
        })
}
