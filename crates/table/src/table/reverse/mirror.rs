//! mirror: the second side's reverse tries as mirror images of the first side's.
//!
//! When every tree of the second side (of the pieces the tries cover) is the mirror
//! image of the first side's tree on the mirror cell — as the linker makes them on a
//! rectangular board whose holes and zones look the same to both sides — the paths
//! into cell `c` by the second side are the first side's paths into `M(c)`, mirrored.
//! [`super::ReverseTables::build`] then enumerates the first side's paths only and
//! copies its tries. The test is made on the table itself, so a table read from a file
//! gets it too. A relative node's image names the mirrored direction (on a mirrored
//! board, a step of the mirrored direction from the mirror cell lands on the mirror
//! cell), so trees with relative nodes are compared as they stand, and their unrolled
//! trees (`table::unroll`) are mirror images too.

use super::{RLeaf, RNode, ReverseTables};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::Vector;
use crate::table::{VerifiedTable, MASK_SHARED};
use rustc_hash::FxHashSet;

/// `M(c)` for every cell, if the board is rectangular with holes that look the same to
/// both sides and, for every piece not in `skip`, the second side's tree on each cell
/// is the first side's tree on its mirror cell with every cell mirrored.
pub(super) fn side_mirror(table: &VerifiedTable, skip: &[bool]) -> Option<Vec<u16>> {
    let t = table.table();
    let board = &t.board;
    let map: Vec<u16> = board.cell_mirror()?.iter().map(|c| c.0).collect();
    let geometry = board.geometry();
    // A relative node names a direction: its mirror image names the mirrored one.
    let mirrored_dir: Vec<Option<Vector>> =
        t.directions.iter().map(|&v| geometry.mirror(v)).collect();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    // Pairs of shared nodes found alike: blocks are reached from many cells.
    let mut alike: FxHashSet<(usize, usize)> = FxHashSet::default();
    for (p, _) in skip.iter().enumerate().filter(|(_, &s)| !s) {
        for c in board.cells() {
            let m = CellId(map[c.index()]);
            let piece = PieceId(p as u8);
            let (a, b) = (
                t.roots(Side::First, piece, m)?,
                t.roots(Side::Second, piece, c)?,
            );
            if a.count != b.count || a.flags != b.flags {
                return None;
            }
            stack.extend(a.nodes().zip(b.nodes()));
            while let Some((i, j)) = stack.pop() {
                let (x, y) = (&t.nodes[i], &t.nodes[j]);
                let shared = x.mask & MASK_SHARED != 0;
                if shared && !alike.insert((i, j)) {
                    continue;
                }
                let target = if x.is_relative() {
                    y.is_relative()
                        && mirrored_dir[x.target.index()] == Some(t.directions[y.target.index()])
                } else {
                    !y.is_relative() && map[x.target.index()] == y.target.0
                };
                let same = target
                    && (x.depth, x.flags, x.mask, x.filter, x.child_count)
                        == (y.depth, y.flags, y.mask, y.filter, y.child_count);
                if !same {
                    return None;
                }
                stack.extend(x.children().zip(y.children()));
            }
        }
    }
    Some(map)
}

impl ReverseTables {
    /// Appends the mirror image of a flattened trie (its nodes `nodes`, leaves `leaves`,
    /// top-level nodes `root`), every cell mapped by `map`, and its root entry.
    pub(super) fn push_mirrored(
        &mut self,
        nodes: std::ops::Range<usize>,
        leaves: std::ops::Range<usize>,
        root: (u32, u32),
        map: &[u16],
    ) {
        let (node_base, leaf_base) = (self.nodes.len(), self.leaves.len());
        let shift_node = |i: u32| (i as usize - nodes.start + node_base) as u32;
        let shift_leaf = |i: u32| (i as usize - leaves.start + leaf_base) as u32;
        for i in nodes.clone() {
            let n = self.nodes[i];
            self.nodes.push(RNode {
                cell: map[n.cell as usize],
                first_child: shift_node(n.first_child),
                first_leaf: shift_leaf(n.first_leaf),
                ..n
            });
        }
        for i in leaves {
            let l = self.leaves[i];
            self.leaves.push(RLeaf {
                cell: map[l.cell as usize],
                ..l
            });
        }
        self.roots.push((shift_node(root.0), root.1));
    }
}
