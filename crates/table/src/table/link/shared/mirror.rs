//! mirror: the second side's shared graph as the mirror image of the first side's.

use super::super::super::layout::Node;
use super::super::vectors::VectorCache;
use super::{SharedGraph, State};
use crate::ids::{CellId, Side};
use crate::ir::Vector;
use rustc_hash::FxHashMap;

impl<'a> SharedGraph<'a> {
    /// The second side's graph as the mirror image of this one, the first side's: every
    /// state's cell mirrored by `map`, each start cell given its mirror cell's roots.
    /// Valid where the board and zones look the same to both sides
    /// ([`super::mirror::cell_mirror`]) and the pattern is both sides' (no `for`): the
    /// second side's vectors are the first side's mirrored, so its states are these.
    pub(in crate::table::link) fn mirrored(&self, map: &[CellId]) -> SharedGraph<'a> {
        if self.relative.is_some() {
            // A relative graph's records hold directions, not cells: the same states,
            // each direction mirrored; the start cells' roots move to the mirror cells.
            let geometry = self.board.geometry();
            let headings: Vec<Vector> = self
                .headings
                .iter()
                .map(|&v| geometry.mirror(v).unwrap_or(v))
                .collect();
            return SharedGraph {
                side: Side::Second,
                index: FxHashMap::default(),
                states: self.states.clone(),
                edges: self.edges.clone(),
                vectors: VectorCache::default(),
                todo: Vec::new(),
                roots: map.iter().map(|m| self.roots[m.index()].clone()).collect(),
                heading_ids: headings
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| (v, i as u16))
                    .collect(),
                headings,
                root_cells: if self.root_cells.is_empty() {
                    Vec::new()
                } else {
                    map.iter()
                        .map(|m| {
                            let cells = &self.root_cells[m.index()];
                            cells.iter().map(|c| map[c.index()]).collect()
                        })
                        .collect()
                },
                applies: if self.applies.is_empty() {
                    Vec::new()
                } else {
                    map.iter().map(|m| self.applies[m.index()]).collect()
                },
                ..*self
            };
        }
        let states = self
            .states
            .iter()
            .map(|s| State {
                node: Node {
                    target: map[s.node.target.index()],
                    ..s.node
                },
                ..*s
            })
            .collect();
        SharedGraph {
            side: Side::Second,
            index: FxHashMap::default(),
            states,
            edges: self.edges.clone(),
            vectors: VectorCache::default(),
            todo: Vec::new(),
            roots: map.iter().map(|m| self.roots[m.index()].clone()).collect(),
            headings: Vec::new(),
            heading_ids: FxHashMap::default(),
            root_cells: Vec::new(),
            applies: Vec::new(),
            ..*self
        }
    }
}
