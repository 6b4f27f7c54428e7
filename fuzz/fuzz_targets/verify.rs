//! Any bytes as a table file body (the target appends a valid checksum so that inputs
//! get past it): reading and verifying return an error or a table that walks without
//! panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use piecewise::ids::{PieceId, Side};
use piecewise::walk::{Count, Occupant, Walker};

fuzz_target!(|data: &[u8]| {
    let sum = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let mut bytes = data.to_vec();
    bytes.extend_from_slice(&sum.to_le_bytes());
    let Ok(t) = piecewise::table::from_bytes(&bytes) else { return };
    let Ok(v) = piecewise::table::verify(t) else { return };
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
});
