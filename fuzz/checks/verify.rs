//! The `verify` check: any bytes as a table file body (a valid checksum is appended so
//! that inputs get past it) — reading and verifying return an error or a table that
//! walks without panicking. Shared by the fuzz target and `tests/suite/fuzz_regressions.rs`.

use piecewise::ids::{PieceId, Side};
use piecewise::walk::{Count, Occupant, Walker};

/// Runs one input. `Err` carries the reader's or the verifier's error text.
pub fn run(data: &[u8]) -> Result<(), String> {
    let sum = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let mut bytes = data.to_vec();
    bytes.extend_from_slice(&sum.to_le_bytes());
    let t = piecewise::table::from_bytes(&bytes).map_err(|e| e.to_string())?;
    let v = piecewise::table::verify(t).map_err(|e| e.to_string())?;
    let cells = v.table().board.cell_count();
    let pieces = v.table().pieces.len();
    let occ: Vec<Occupant> = (0..cells)
        .map(|i| match i % 4 {
            0 => Occupant::piece(Side::First, PieceId((i % pieces) as u8)),
            1 => Occupant::piece(Side::Second, PieceId((i % pieces) as u8)),
            _ => Occupant::EMPTY,
        })
        .collect();
    let mut w = Walker::new(&v);
    for side in Side::BOTH {
        for p in 0..pieces {
            for c in v.table().board.cells() {
                let mut n = Count::default();
                w.walk(&occ, side, PieceId(p as u8), c, &mut n);
            }
        }
    }
    Ok(())
}
