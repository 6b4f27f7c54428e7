//! mirror: the second side's trees as mirror images of the first side's.
//!
//! On a rectangular board whose holes and zones look the same to both sides (each
//! side-relative zone is the other side's mirror image by definition; an absolute zone
//! or an uneven hole may break it), the second side's tree of a piece on cell `c` is
//! the first side's tree on the mirror cell `M(c)` with every cell mirrored: the second
//! side's vectors are the first side's mirrored, in the same order, so the expansion,
//! the prefix merging, the layout and the `MAY_REPEAT` analysis all go the same way.
//! [`super::link`] then copies the first side's nodes instead of expanding again. Pieces
//! with a pattern of one side only (`for first`) or with shared patterns (their roots
//! come from the shared graphs, built per side) are expanded as before.

use super::super::layout::{Node, RootRange};
use super::ZoneMaps;
use crate::ids::{CellId, Side};
use crate::topology::Board;
use std::ops::Range;

/// The mirror image of every cell, if the board, its holes and every zone look the
/// same to both sides: `M(c)` for each cell `c`, by index.
pub(super) fn cell_mirror(board: &Board, zones: &ZoneMaps) -> Option<Vec<CellId>> {
    let map = board.cell_mirror()?;
    let (first, second) = (Side::First.index(), Side::Second.index());
    let zones_agree = zones.iter().all(|z| {
        map.iter()
            .enumerate()
            .all(|(c, m)| z[first][c] == z[second][m.index()])
    });
    zones_agree.then_some(map)
}

/// Appends to `nodes` the mirror image of the first side's tree in `src` (laid out from
/// `src.start`, its roots `root`), every cell mapped by `mirror`, and returns its roots.
pub(super) fn copy_mirrored(
    nodes: &mut Vec<Node>,
    src: Range<usize>,
    root: RootRange,
    mirror: &[CellId],
) -> RootRange {
    let base = nodes.len();
    nodes.reserve(src.len());
    for i in src.clone() {
        let n = nodes[i];
        nodes.push(Node {
            target: mirror[n.target.index()],
            first_child: if n.child_count == 0 {
                n.first_child
            } else {
                (n.first_child as usize - src.start + base) as u32
            },
            ..n
        });
    }
    RootRange {
        first: (root.first as usize - src.start + base) as u32,
        ..root
    }
}
