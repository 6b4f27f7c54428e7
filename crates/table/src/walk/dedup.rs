//! dedup: telling a move a walk has already reported from a new one, for sinks that
//! want each distinct move once on trees that can reach one move by two paths (a
//! Lion's, or any tree going through shared blocks).
//!
//! A plain move (no capture in passing, no push, no conversion, no activation) is one look in a per-cell stamp array;
//! a move with captures in passing or a push is compared by its [`Signature`].

use super::Ply;
use crate::ids::{CellId, PieceId};

/// Records a landing; false if an earlier landing of this walk was the same move (same
/// destination, same displacement, same passing captures). A plain move (no capture in
/// passing, no push) is checked against `seen_cells` (the walk's `stamp` on its
/// destination); the others against the signatures in `seen`.
pub(super) fn first_time(
    seen: &mut Vec<Signature>,
    seen_cells: &mut [u32],
    stamp: u32,
    ply: &Ply<'_>,
) -> bool {
    if ply.push_to.is_none()
        && ply.convert.is_none()
        && !ply.activates
        && ply.passing_captures().next().is_none()
    {
        let cell = &mut seen_cells[ply.to.index()];
        if *cell == stamp {
            return false;
        }
        *cell = stamp;
        return true;
    }
    let mut signature = Signature {
        to: ply.to,
        push_to: ply.push_to,
        convert: ply.convert,
        activates: ply.activates,
        capture_count: 0,
        passing_captures: [CellId(0); MAX_COMPARED_CAPTURES],
    };
    for cell in ply.passing_captures() {
        let count = signature.capture_count as usize;
        if count == MAX_COMPARED_CAPTURES {
            return true; // too many captures to compare: report it
        }
        signature.passing_captures[count] = cell;
        signature.capture_count += 1;
    }
    signature.passing_captures[..signature.capture_count as usize].sort_unstable();
    if seen.contains(&signature) {
        return false;
    }
    // Sized from the table; a walk through shared blocks may land more often and grows
    // it (once: the walker keeps it).
    seen.push(signature);
    true
}

/// Landings with more passing captures than this are never deduplicated.
const MAX_COMPARED_CAPTURES: usize = 6;

/// A landed move's identity for deduplication: destination, displacement, conversion
/// and sorted passing captures.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Signature {
    to: CellId,
    push_to: Option<CellId>,
    convert: Option<PieceId>,
    activates: bool,
    /// How many of `passing_captures` are used.
    capture_count: u8,
    /// The passing captures, sorted; unused entries are `CellId(0)`.
    passing_captures: [CellId; MAX_COMPARED_CAPTURES],
}
