//! layout: a shared graph's states laid out as hash-consed blocks of the table's
//! [`BlockPool`], and the graph walks that needs (post-order, the cycle test).

use super::super::super::layout::{Node, MASK_RELATIVE, MASK_SHARED};
use super::super::pool::BlockPool;
use super::{Edge, SharedGraph};
use crate::ids::CellId;

impl SharedGraph<'_> {
    /// The states in an order where every state comes after its children (the graph
    /// is acyclic: [`SharedGraph::build`] made sure).
    fn post_order(&self) -> Vec<usize> {
        let n = self.states.len();
        let mut done = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for start in 0..n {
            if done[start] {
                continue;
            }
            done[start] = true;
            stack.push((start, 0));
            while let Some(&mut (s, ref mut k)) = stack.last_mut() {
                if let Some(&Edge { to: c, .. }) = self.children_of(s).get(*k) {
                    *k += 1;
                    if !done[c] {
                        done[c] = true;
                        stack.push((c, 0));
                    }
                } else {
                    order.push(s);
                    stack.pop();
                }
            }
        }
        order
    }

    /// Whether some state leads round to itself.
    pub(super) fn has_cycle(&self) -> bool {
        // 0 unseen, 1 on the current path, 2 done.
        let mut mark = vec![0u8; self.states.len()];
        for start in 0..self.states.len() {
            if mark[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            mark[start] = 1;
            while let Some(&mut (s, ref mut k)) = stack.last_mut() {
                if let Some(&Edge { to: c, .. }) = self.children_of(s).get(*k) {
                    *k += 1;
                    match mark[c] {
                        0 => {
                            mark[c] = 1;
                            stack.push((c, 0));
                        }
                        1 => return true,
                        _ => {}
                    }
                } else {
                    mark[s] = 2;
                    stack.pop();
                }
            }
        }
        false
    }

    /// Lays the states out as blocks in `pool`: a block holds a copy of each child's
    /// node pointing at the child's own block. Blocks are hash-consed bottom-up, across
    /// every pattern and side laid out in the same pool: states whose records are equal
    /// (the same node, pointing at the same block) are one record, and children lists
    /// holding the same records (in any order) are one block. So states that differ
    /// only in how they were entered (a ride step or a hop) or in a heading their
    /// future does not depend on (a leap followed by an absolute leg) share their
    /// block, and so do the two sides of a pattern that looks the same to both (a
    /// queen's ride: the second side's directions are the first side's, mirrored, in
    /// another order). Returns, per start cell, its roots: plain copies of their
    /// states' nodes (depth 0, mask 0, `INITIAL` for an `initial` pattern), or one list
    /// of relative roots for every cell the pattern applies from.
    pub(in super::super) fn lay_out(&self, pool: &mut BlockPool) -> SharedRoots {
        let order = self.post_order();
        // A relative graph's directions, as the table lists them.
        let global: Vec<CellId> = self.headings.iter().map(|&v| pool.direction(v)).collect();
        // Per state: its block (id + 1, or 0 without children).
        let mut block_of = vec![0u32; self.states.len()];
        let mut list: Vec<u32> = Vec::new();
        for &i in &order {
            let s = &self.states[i];
            if s.count == 0 {
                continue;
            }
            list.clear();
            for e in self.children_of(i) {
                let r = pool.record(self.edge_node(e, &global), block_of[e.to]);
                list.push(r);
            }
            block_of[i] = pool.block(&list) + 1;
        }
        let initial = if self.pattern.initial {
            Node::INITIAL
        } else {
            0
        };
        if self.relative_roots() {
            // One list for every cell with roots (see `build_as`): laid out once.
            let edges = self.roots.iter().find(|r| !r.is_empty());
            let list = edges
                .into_iter()
                .flatten()
                .map(|e| {
                    let r = pool.record(self.edge_node(e, &global), block_of[e.to]);
                    let n = pool.node(r);
                    let kept = Node::LAND_EMPTY | Node::LAND_FOE | Node::PROBE;
                    // A relative root: a step from the start cell.
                    Node {
                        mask: MASK_SHARED | MASK_RELATIVE,
                        flags: n.flags & kept,
                        ..n
                    }
                })
                .collect();
            return SharedRoots::Relative {
                list,
                applies: self.applies.clone(),
            };
        }
        let per_cell = self
            .roots
            .iter()
            .enumerate()
            .map(|(from, edges)| {
                edges
                    .iter()
                    .enumerate()
                    .map(|(k, e)| {
                        let r = pool.record(self.edge_node(e, &global), block_of[e.to]);
                        let n = pool.node(r);
                        let kept = Node::LAND_EMPTY | Node::LAND_FOE | Node::PROBE;
                        // A root holds its cell.
                        let target = match self.root_cells.get(from) {
                            Some(cells) => cells[k],
                            None => n.target,
                        };
                        Node {
                            target,
                            mask: 0,
                            flags: (n.flags & kept) | initial,
                            ..n
                        }
                    })
                    .collect()
            })
            .collect();
        SharedRoots::PerCell(per_cell)
    }

    /// The record of an edge: its state's node with the edge's mask and flags.
    fn edge_node(&self, e: &Edge, global: &[CellId]) -> Node {
        let base = self.states[e.to].node;
        let target = if base.is_relative() {
            global[base.target.index()]
        } else {
            base.target
        };
        Node {
            target,
            flags: base.flags | e.flags,
            mask: base.mask | e.mask,
            ..base
        }
    }
}

/// A shared pattern's roots for one side, as [`SharedGraph::lay_out`] gives them.
pub(in crate::table) enum SharedRoots {
    /// Per start cell, its roots: plain root nodes holding their cells.
    PerCell(Vec<Vec<Node>>),
    /// Relative roots: one list, the same on every cell where `applies`.
    Relative {
        /// The roots (shared, relative nodes).
        list: Vec<Node>,
        /// Per cell, whether the pattern applies from it.
        applies: Vec<bool>,
    },
}

impl Default for SharedRoots {
    fn default() -> SharedRoots {
        SharedRoots::PerCell(Vec::new())
    }
}

impl SharedRoots {
    /// The roots on `cell` (none where the pattern does not apply).
    pub(in crate::table) fn on(&self, cell: CellId) -> &[Node] {
        match self {
            SharedRoots::PerCell(cells) => cells.get(cell.index()).map_or(&[], |r| r.as_slice()),
            SharedRoots::Relative { list, applies } => {
                if applies.get(cell.index()).copied().unwrap_or(false) {
                    list
                } else {
                    &[]
                }
            }
        }
    }
}
