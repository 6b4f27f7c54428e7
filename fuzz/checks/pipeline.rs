//! The `pipeline` check: any text through the whole pipeline — check, compile, link,
//! verify — and a walk of every piece from every cell of a board filled from the input
//! bytes, then `position()` on the first line. Shared by the fuzz target and
//! `tests/suite/fuzz_regressions.rs`.

use piecewise::ids::{PieceId, Side};
use piecewise::walk::{Count, Occupant};

/// Runs one input. `Err` carries the rendered diagnostics of rules that do not compile.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Ok(src) = std::str::from_utf8(data) else {
        return Err("not UTF-8".into());
    };
    let rules = match piecewise::compile(src) {
        Ok(r) => r,
        Err(d) => return Err(d.render("fuzz.rules", src, false)),
    };
    let table = rules.table();
    let cells = rules.board().cell_count();
    let pieces = table.table().pieces.len();
    // A board filled from the input bytes.
    let occ: Vec<Occupant> = (0..cells)
        .map(|i| {
            let b = data.get(i).copied().unwrap_or(0);
            if b % 3 == 0 || pieces == 0 {
                Occupant::EMPTY
            } else {
                let side = if b & 0x80 != 0 {
                    Side::Second
                } else {
                    Side::First
                };
                Occupant::piece(side, PieceId((b as usize % pieces) as u8))
            }
        })
        .collect();
    let mut w = rules.walker();
    for side in Side::BOTH {
        for p in 0..pieces {
            for c in rules.board().cells() {
                let mut n = Count::default();
                w.walk(&occ, side, PieceId(p as u8), c, &mut n);
            }
        }
    }
    let _ = rules.position(src.lines().next().unwrap_or(""));
    Ok(())
}
