//! pool: the shared blocks of every shared pattern of a table, hash-consed together.
//!
//! [`super::shared`] builds a pattern's states and lays them out here: a record (a node
//! and the block of its children) and a block (a list of records, compared as a set)
//! are each stored once, across patterns and sides. The blocks open the table.

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::{Hash, Hasher};

use super::super::layout::Node;
use crate::ids::CellId;
use crate::ir::Vector;

/// The fields of a node record that [`SharedGraph::lay_out`] compares (all but where
/// its children are).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct NodeKey {
    target: CellId,
    depth: u8,
    flags: u8,
    mask: u8,
    filter: u8,
}

impl NodeKey {
    pub(super) fn of(n: &Node) -> NodeKey {
        NodeKey {
            target: n.target,
            depth: n.depth,
            flags: n.flags,
            mask: n.mask,
            filter: n.filter,
        }
    }
}

/// The shared blocks of every shared pattern of a table, hash-consed together: records
/// (a node and the block of its children) and blocks (lists of records) are each stored
/// once. The blocks open the table: block data is laid out from table index `base`.
pub(super) struct BlockPool {
    base: usize,
    /// (node without children, block id + 1 or 0) → record id.
    record_ids: FxHashMap<(NodeKey, u32), u32>,
    records: Vec<(Node, u32)>,
    /// Block b's record ids are `data[at[b]..at[b + 1]]`, in first-laid-out order;
    /// `sorted` holds the same ranges sorted, to compare blocks as sets.
    data: Vec<u32>,
    sorted: Vec<u32>,
    at: Vec<u32>,
    /// Hash of a sorted record list → the blocks with that hash.
    by_hash: FxHashMap<u64, SmallVec<[u32; 1]>>,
    scratch: Vec<u32>,
    /// The directions relative records step along (the table's
    /// [`super::super::layout::MoveTable::directions`]), each once.
    directions: Vec<Vector>,
    direction_ids: FxHashMap<Vector, u16>,
}

impl BlockPool {
    /// An empty pool whose blocks will start at table index `base`.
    pub(super) fn new(base: usize) -> BlockPool {
        BlockPool {
            base,
            record_ids: FxHashMap::default(),
            records: Vec::new(),
            data: Vec::new(),
            sorted: Vec::new(),
            at: vec![0],
            by_hash: FxHashMap::default(),
            scratch: Vec::new(),
            directions: Vec::new(),
            direction_ids: FxHashMap::default(),
        }
    }

    /// The index of direction `v` among the directions of relative records, added if
    /// new (as a cell id: a relative record's target). Past `u16::MAX` directions the
    /// ids saturate; the linker refuses such a table (E0805) before it is used.
    pub(super) fn direction(&mut self, v: Vector) -> CellId {
        let next = u16::try_from(self.directions.len()).unwrap_or(u16::MAX);
        let directions = &mut self.directions;
        CellId(*self.direction_ids.entry(v).or_insert_with(|| {
            directions.push(v);
            next
        }))
    }

    /// The number of directions relative records step along so far.
    pub(super) fn direction_count(&self) -> usize {
        self.directions.len()
    }

    /// The number of table nodes the blocks take so far.
    pub(super) fn len(&self) -> usize {
        self.data.len()
    }

    /// The id of the record `node` with children `block` (id + 1, or 0).
    pub(super) fn record(&mut self, node: Node, block: u32) -> u32 {
        let next = self.records.len() as u32;
        let records = &mut self.records;
        *self
            .record_ids
            .entry((NodeKey::of(&node), block))
            .or_insert_with(|| {
                records.push((node, block));
                next
            })
    }

    /// The id of the block holding the records of `list` (in any order), added if new.
    pub(super) fn block(&mut self, list: &[u32]) -> u32 {
        self.scratch.clear();
        self.scratch.extend_from_slice(list);
        self.scratch.sort_unstable();
        let mut h = FxHasher::default();
        self.scratch.hash(&mut h);
        let same = self.by_hash.entry(h.finish()).or_default();
        let (sorted, at, scratch) = (&self.sorted, &self.at, &self.scratch);
        let found = same.iter().copied().find(|&b| {
            let b = b as usize;
            sorted[at[b] as usize..at[b + 1] as usize] == scratch[..]
        });
        found.unwrap_or_else(|| {
            let b = self.at.len() as u32 - 1;
            self.data.extend_from_slice(list);
            self.sorted.extend_from_slice(&self.scratch);
            self.at.push(self.data.len() as u32);
            same.push(b);
            b
        })
    }

    /// The table node of record `r`, its children placed.
    pub(super) fn node(&self, r: u32) -> Node {
        let (node, block) = self.records[r as usize];
        match block {
            0 => Node {
                child_count: 0,
                first_child: 0,
                ..node
            },
            b => Node {
                child_count: (self.at[b as usize] - self.at[b as usize - 1]) as u16,
                first_child: (self.base + self.at[b as usize - 1] as usize) as u32,
                ..node
            },
        }
    }

    /// The blocks' nodes, to append to the table at `base`, and the directions of the
    /// relative records.
    pub(super) fn into_nodes(self) -> (Vec<Node>, Vec<Vector>) {
        let nodes = self.data.iter().map(|&r| self.node(r)).collect();
        (nodes, self.directions)
    }
}
