//! vectors: the vectors a leg's directions stand for, for a side and a heading.
//!
//! Absolute directions are mirrored for the second side; turns are applied to the
//! previous leg's heading by the board's geometry. Linking asks for them once per leg
//! walked, so [`VectorCache`] keeps each answer: a board has few headings.

use crate::compile::{Dirs, MoveProgram};
use crate::ids::Side;
use crate::ir::Vector;
use crate::topology::Board;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The vectors leg directions `dirs` stand for, as `side` sees them: absolute vectors
/// mirrored for the second side, turns applied to `heading` (none without one), and
/// for `alternate` the heading before it (`heading` is then that one: the callers
/// pass [`heading_for`]'s). Duplicates are dropped.
pub(super) fn leg_vectors(
    program: &MoveProgram,
    board: &Board,
    side: Side,
    dirs: Dirs,
    heading: Option<Vector>,
) -> Vectors {
    let mut out: Vectors = match dirs {
        Dirs::Absolute { start, len } => program
            .vectors_of(start, len)
            .iter()
            .filter_map(|&v| match side {
                Side::First => Some(v),
                Side::Second => board.geometry().mirror(v),
            })
            .collect(),
        Dirs::Turn { start, len } => {
            let Some(heading) = heading else {
                return Vectors::new();
            };
            let sign = if side == Side::Second { -1 } else { 1 };
            program
                .turns_of(start, len)
                .iter()
                .filter_map(|&turn| board.turn(heading, turn * sign))
                .collect()
        }
        // Already the side's own vector (it was walked).
        Dirs::Alternate => heading.into_iter().collect(),
    };
    // Drop repeats, keeping the first of each (the order is the walk's order).
    let mut k = 0;
    while k < out.len() {
        if out[..k].contains(&out[k]) {
            out.remove(k);
        } else {
            k += 1;
        }
    }
    out
}

/// A leg's vectors: most legs have a few, kept inline (linking makes one per leg walked).
pub(super) type Vectors = SmallVec<[Vector; 16]>;

/// [`leg_vectors`]' answers, kept: (directions, side, heading) → vectors.
#[derive(Default)]
pub(super) struct VectorCache {
    map: FxHashMap<(Dirs, Side, Option<Vector>), Vectors>,
}

impl VectorCache {
    /// The vectors of `dirs` for `side` after `heading`, as [`leg_vectors`] gives them.
    pub(super) fn get(
        &mut self,
        program: &MoveProgram,
        board: &Board,
        side: Side,
        dirs: Dirs,
        heading: Option<Vector>,
    ) -> Vectors {
        // An absolute leg does not depend on the heading.
        let heading = match dirs {
            Dirs::Absolute { .. } => None,
            Dirs::Turn { .. } | Dirs::Alternate => heading,
        };
        self.map
            .entry((dirs, side, heading))
            .or_insert_with(|| leg_vectors(program, board, side, dirs, heading))
            .clone()
    }
}

/// The heading a leg of `dirs` is read from: the previous leg's (`heading`), or for
/// `alternate` the one before it (`before`).
pub(super) fn heading_for(
    dirs: Dirs,
    heading: Option<Vector>,
    before: Option<Vector>,
) -> Option<Vector> {
    match dirs {
        Dirs::Alternate => before,
        _ => heading,
    }
}
