//! reverse: the reverse tables, built from a verified forward table — every capturing
//! path turned around, so that "could this side capture on that cell?" walks only the
//! paths into that cell.
//!
//! Owns the construction and the storage ([`ReverseTables`]); the walk over them is
//! [`crate::walk::reverse`], and what a query does with what it finds is the game
//! layer's. As regex-automata builds its reverse automata in the construction layer
//! and searches them with the same search loop, the reverse tables are built here
//! and walked by one loop.
//!
//! Every capturing path of the forward table (a landing node that may take an enemy)
//! is turned around: the landing cell becomes the root and the path's occupancy
//! requirements are listed from the landing cell back towards the start cell, ending
//! in a leaf naming the start cell and the piece kinds that attack along this path.
//! Paths into the same cell are merged into one trie per (attacking side, cell), so
//! that the rays of a rook, a queen and a king share their first cells and a blocked
//! cell prunes every piece behind it at once.
//!
//! Pieces that capture in passing (locust captures) can attack a cell a path only
//! crosses, which depends on cells after it; those pieces are answered by walking
//! them forward instead ([`ReverseTables::forward_only`]), so every piece the
//! language can express is covered. The same happens for pieces whose reverse paths
//! would be too many.

mod mirror;
mod origins;
pub use origins::MAX_KINDS_BY_SET;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::collections::VecDeque;

use super::{FilterCode, MoveTable, Node, UnrolledTrees, VerifiedTable, CLASS_EMPTY, CLASS_FOE};
use crate::ids::{CellId, PieceId, Side};

/// Requirement nodes allowed per piece before it falls back to forward walks.
const MAX_NODES_PER_PIECE: usize = 1 << 21;

/// Children of a build node searched one by one; past this many, a map finds them.
const SEARCHED_CHILDREN: usize = 8;

/// The index of a node of the reverse tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReverseNodeId(pub(crate) u32);

/// One requirement of a reversed path: the class its cell must hold.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RNode {
    pub(crate) cell: u16,
    /// Index into [`ReverseTables::filters`].
    pub(crate) filter: u8,
    /// Classes the cell may hold (`CLASS_*`).
    pub(crate) classes: u8,
    pub(crate) first_child: u32,
    pub(crate) child_count: u32,
    pub(crate) first_leaf: u32,
    pub(crate) leaf_count: u32,
}

impl RNode {
    /// A node for a requirement, its children and leaves filled in later.
    fn unlinked(r: Requirement) -> RNode {
        RNode {
            cell: r.cell,
            filter: r.filter,
            classes: r.classes,
            first_child: 0,
            child_count: 0,
            first_leaf: 0,
            leaf_count: 0,
        }
    }
}

/// The end of a reversed path: where the attacker stands and which kinds attack so.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RLeaf {
    pub(crate) cell: u16,
    /// The path is an `initial` pattern's: the attacker must not have moved.
    pub(crate) initial: bool,
    /// Bit k: piece kind k attacks from `cell` along this path.
    pub(crate) kinds: u128,
}

/// Reverse tables for both attacking sides.
#[derive(Clone, Debug, Default)]
pub struct ReverseTables {
    pub(crate) cells: usize,
    pub(crate) nodes: Vec<RNode>,
    pub(crate) leaves: Vec<RLeaf>,
    /// `[side * cells + cell]`: (first, count) of the top-level nodes.
    pub(crate) roots: Vec<(u32, u32)>,
    /// The forward table's kind filters (nodes index them).
    pub(crate) filters: Vec<FilterCode>,
    forward_only: Vec<bool>,
    /// Per node: some node on the path from its root to it (excluded) has the same
    /// cell.
    pub(crate) revisits: Vec<bool>,
    /// Some piece is answered forward.
    any_forward: bool,
    /// Per trie: the cells an attacker could stand on ([`ReverseTables::out_of_reach`]).
    origins: origins::Origins,
}

/// A requirement of a reversed path: this cell holds one of these classes, with
/// pieces counted by this kind filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
struct Requirement {
    cell: u16,
    filter: u8,
    classes: u8,
}

/// A capturing path turned around, before it is merged into its trie (its
/// requirements live in a buffer the enumeration reuses).
struct ReversedPath<'r> {
    /// Which trie: `side * cells + landing cell`.
    trie: usize,
    /// From the landing cell back towards the start.
    requirements: &'r [Requirement],
    start: u16,
    initial: bool,
}

/// A trie node while the tries are built (its children are found through one map per
/// build, [`ChildMap`], rather than a map per node).
#[derive(Default)]
struct BuildNode {
    /// Children in insertion order (most nodes have a few: kept inline).
    order: SmallVec<[u32; 4]>,
    /// (start cell, initial) → kinds; a handful per node, searched in order.
    leaves: SmallVec<[((u16, bool), u128); 2]>,
    requirement: Requirement,
}

/// (parent node, requirement) → child node, for every build trie at once (the tries
/// share one arena of nodes).
type ChildMap = FxHashMap<(u32, Requirement), u32>;

impl ReverseTables {
    /// Builds the reverse tables of a verified forward table.
    pub fn build(table: &VerifiedTable) -> ReverseTables {
        let t = table.table();
        let cells = t.board.cell_count();
        let pieces = t.pieces.len();
        let mut forward_only = passing_capturers(t);
        // A kind with `near` roots: its moves depend on the pieces around it, which
        // the reverse tables do not read; its walks answer for it.
        for (p, forward) in forward_only.iter_mut().enumerate() {
            *forward |= has_near_roots(t, PieceId(p as u8));
        }
        // A kind with step conditions: its paths depend on cells off them (probes).
        for (forward, probes) in forward_only.iter_mut().zip(probing_pieces(t)) {
            *forward |= probes;
        }
        // Paths through shared blocks are enumerated where they unroll into small plain
        // trees (single legs linked relative on big boards); other pieces with shared
        // blocks walk forward.
        let trees = UnrolledTrees::new(table, &forward_only);
        let mut bounds = vec![0usize; pieces];
        for p in 0..pieces {
            if !forward_only[p] {
                match requirement_bound(table, &trees, PieceId(p as u8), &Side::BOTH) {
                    Some(b) => bounds[p] = b,
                    None => forward_only[p] = true,
                }
            }
        }
        // Where the second side's paths are the first side's mirrored, only the first
        // side's are enumerated (`mirror`).
        let mirror = mirror::side_mirror(table, &forward_only);
        let sides: &[Side] = if mirror.is_some() {
            &[Side::First]
        } else {
            &Side::BOTH
        };
        // One build trie per (side, target cell), all in one arena: node t is the root
        // of trie t.
        let mut arena: Vec<BuildNode> = (0..2 * cells).map(|_| BuildNode::default()).collect();
        let mut children = ChildMap::default();
        #[allow(clippy::needless_range_loop)] // p is also the kind bit and the table's piece id
        for p in 0..pieces {
            if forward_only[p] {
                continue;
            }
            // Bounded first, so that a piece over the budget leaves nothing behind.
            // Both sides count: the second side's mirrored tries are as large.
            let budget = bounds[p];
            if budget > MAX_NODES_PER_PIECE {
                forward_only[p] = true;
                continue;
            }
            arena.reserve(budget);
            children.reserve(budget);
            reversed_paths(table, &trees, PieceId(p as u8), sides, |path| {
                let mut at = path.trie;
                for &req in path.requirements {
                    let id = arena.len();
                    // A few children are searched in place; a node with more has them
                    // all in the map (a new one put there by `entry`).
                    let order = &arena[at].order;
                    let child = if order.len() <= SEARCHED_CHILDREN {
                        order
                            .iter()
                            .map(|&c| c as usize)
                            .find(|&c| arena[c].requirement == req)
                            .unwrap_or(id)
                    } else {
                        *children.entry((at as u32, req)).or_insert(id as u32) as usize
                    };
                    if child == id {
                        arena.push(BuildNode {
                            requirement: req,
                            ..BuildNode::default()
                        });
                        arena[at].order.push(id as u32);
                        if arena[at].order.len() == SEARCHED_CHILDREN + 1 {
                            for &c in &arena[at].order {
                                children.insert((at as u32, arena[c as usize].requirement), c);
                            }
                        }
                    }
                    at = child;
                }
                let leaf = (path.start, path.initial);
                let leaves = &mut arena[at].leaves;
                match leaves.iter_mut().find(|(k, _)| *k == leaf) {
                    Some((_, kinds)) => *kinds |= 1u128 << p,
                    None => leaves.push((leaf, 1u128 << p)),
                }
                true
            });
        }
        let mut out = ReverseTables {
            cells,
            any_forward: forward_only.iter().any(|&f| f),
            forward_only,
            filters: t.filters.clone(),
            ..ReverseTables::default()
        };
        out.nodes.reserve(arena.len() - 2 * cells);
        // Per flattened trie: its nodes and leaves.
        let mut spans: Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> =
            Vec::with_capacity(cells);
        for root in 0..2 * cells {
            match &mirror {
                Some(map) if root >= cells => {
                    let (nodes, leaves) = spans[map[root - cells] as usize].clone();
                    let top = out.roots[map[root - cells] as usize];
                    out.push_mirrored(nodes, leaves, top, map);
                }
                _ => {
                    let (n, l) = (out.nodes.len(), out.leaves.len());
                    out.flatten(&arena, root);
                    spans.push((n..out.nodes.len(), l..out.leaves.len()));
                }
            }
        }
        out.revisits = out.find_revisits();
        out.origins = origins::Origins::build(&out, pieces);
        out
    }

    /// Appends the build trie whose root is `root`, breadth-first so that children are
    /// contiguous.
    fn flatten(&mut self, trie: &[BuildNode], root: usize) {
        let top = &trie[root].order;
        let first = self.nodes.len() as u32;
        self.roots.push((first, top.len() as u32));
        // (build id, flat id)
        let mut queue: VecDeque<(usize, usize)> = VecDeque::new();
        for &b in top {
            let b = b as usize;
            self.nodes.push(RNode::unlinked(trie[b].requirement));
            queue.push_back((b, self.nodes.len() - 1));
        }
        while let Some((b, f)) = queue.pop_front() {
            let bn = &trie[b];
            let first_leaf = self.leaves.len() as u32;
            let mut leaves = bn.leaves.clone();
            leaves.sort_unstable();
            for ((cell, initial), kinds) in leaves {
                self.leaves.push(RLeaf {
                    cell,
                    initial,
                    kinds,
                });
            }
            let first_child = self.nodes.len() as u32;
            for &c in &bn.order {
                let c = c as usize;
                self.nodes.push(RNode::unlinked(trie[c].requirement));
                queue.push_back((c, self.nodes.len() - 1));
            }
            let n = &mut self.nodes[f];
            n.first_leaf = first_leaf;
            n.leaf_count = bn.leaves.len() as u32;
            n.first_child = first_child;
            n.child_count = bn.order.len() as u32;
        }
    }

    /// Per node: whether a node above it on its path has the same cell.
    fn find_revisits(&self) -> Vec<bool> {
        let mut revisits = vec![false; self.nodes.len()];
        let mut stack: Vec<(u32, usize)> = Vec::new();
        let mut path: Vec<u16> = Vec::new();
        for &(first, count) in &self.roots {
            stack.extend((first..first + count).map(|id| (id, 0)));
            while let Some((id, depth)) = stack.pop() {
                path.truncate(depth);
                let n = self.nodes[id as usize];
                revisits[id as usize] = path.contains(&n.cell);
                path.push(n.cell);
                stack
                    .extend((n.first_child..n.first_child + n.child_count).map(|c| (c, depth + 1)));
            }
        }
        revisits
    }

    /// Per piece kind: its attacks are found by walking it forward, not here.
    pub fn forward_only(&self) -> &[bool] {
        &self.forward_only
    }

    /// Whether some piece kind is answered by forward walks.
    pub fn any_forward(&self) -> bool {
        self.any_forward
    }

    /// The number of nodes and of leaves, for reports.
    pub fn size(&self) -> (usize, usize) {
        (self.nodes.len(), self.leaves.len())
    }

    /// Bytes of nodes, leaves and roots.
    pub fn memory_bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<RNode>()
            + self.leaves.len() * std::mem::size_of::<RLeaf>()
            + self.roots.len() * std::mem::size_of::<(u32, u32)>()
            + self.origins.memory_bytes()
    }

    /// The cell node `id` requires.
    #[inline]
    pub fn node_cell(&self, id: ReverseNodeId) -> CellId {
        CellId(self.nodes[id.0 as usize].cell)
    }

    /// Whether a node above node `id` on its path requires the same cell.
    #[inline]
    pub fn node_revisits(&self, id: ReverseNodeId) -> bool {
        self.revisits[id.0 as usize]
    }

    /// The top-level nodes of the trie of paths by which `by` captures on `cell`, as
    /// (first, count) of their ids.
    #[inline]
    pub(crate) fn roots_of(&self, by: Side, cell: CellId) -> (u32, u32) {
        self.roots[by.index() * self.cells + cell.index()]
    }

    /// The top-level nodes of the trie of paths by which `by` captures on `cell`.
    pub fn roots(&self, by: Side, cell: CellId) -> impl Iterator<Item = ReverseNodeId> {
        let (first, count) = self.roots_of(by, cell);
        (first..first + count).map(ReverseNodeId)
    }

    /// Node `id` as readers of the tables see it (the cell it requires, what may
    /// stand there, its children and leaves).
    #[inline]
    pub fn node(&self, id: ReverseNodeId) -> crate::walk::reverse::ReverseNode<'_> {
        crate::walk::reverse::ReverseNode::new(id.0, &self.nodes[id.0 as usize], self)
    }

    /// The number of cells of the board the tables were built for.
    #[inline]
    pub fn cell_count(&self) -> usize {
        self.cells
    }
}

/// Per piece kind: whether it captures in passing on either side anywhere. One pass
/// per piece over everything its roots reach, each node once (shared blocks are reached
/// from many start cells).
/// Per piece kind: whether some tree of it (either side, any cell) holds a probe (a
/// step condition, [`Node::PROBE`]). One pass over the unshared trees, each node once
/// (probes are never shared).
fn probing_pieces(t: &MoveTable) -> Vec<bool> {
    let mut out = vec![false; t.pieces.len()];
    if !t.nodes.iter().any(|n| n.is_probe()) {
        return out;
    }
    let cells = t.board.cell_count();
    let mut stack = Vec::new();
    for side in Side::BOTH {
        for (p, found) in out.iter_mut().enumerate() {
            for cell in 0..cells {
                if *found {
                    break;
                }
                let Some(r) = t.roots(side, PieceId(p as u8), CellId(cell as u16)) else {
                    continue;
                };
                stack.clear();
                stack.extend(r.nodes());
                while let Some(n) = stack.pop() {
                    let node = &t.nodes[n];
                    if node.mask & super::layout::MASK_SHARED != 0 {
                        continue;
                    }
                    if node.is_probe() {
                        *found = true;
                        break;
                    }
                    stack.extend(node.children());
                }
            }
        }
    }
    out
}

/// Whether some root of `piece` (either side, any cell) carries a `near` condition.
fn has_near_roots(t: &MoveTable, piece: PieceId) -> bool {
    let cells = t.board.cell_count();
    Side::BOTH.iter().any(|&side| {
        (0..cells).any(|cell| {
            t.roots(side, piece, CellId(cell as u16)).is_some_and(|r| {
                r.nodes().any(|n| {
                    let m = t.nodes[n].mask;
                    m & super::layout::MASK_SHARED == 0 && m & super::layout::MASK_NEAR != 0
                })
            })
        })
    })
}

fn passing_capturers(t: &MoveTable) -> Vec<bool> {
    let cells = t.board.cell_count();
    let mut out = vec![false; t.pieces.len()];
    if !t.nodes.iter().any(|n| n.has(Node::CAPTURE_PREV)) {
        return out;
    }
    let mut seen = vec![false; t.nodes.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (p, passing) in out.iter_mut().enumerate() {
        seen.iter_mut().for_each(|s| *s = false);
        for side in Side::BOTH {
            for cell in 0..cells {
                if let Some(r) = t.roots(side, PieceId(p as u8), CellId(cell as u16)) {
                    stack.extend(r.nodes());
                }
            }
        }
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n], true) {
                continue;
            }
            if t.nodes[n].has(Node::CAPTURE_PREV) {
                *passing = true;
                stack.clear();
                break;
            }
            stack.extend(t.nodes[n].children());
        }
    }
    out
}

/// An upper bound of the requirements [`reversed_paths`] hands over for `piece`: the
/// length of every capturing path (a path that crosses its start cell has one
/// requirement less per crossing, a path that can never be walked none), found in one
/// pass over the nodes without building a requirement. `None` if a tree of the piece
/// does not unroll ([`UnrolledTrees`]): the piece walks forward.
fn requirement_bound(
    table: &VerifiedTable,
    trees: &UnrolledTrees<'_>,
    piece: PieceId,
    sides: &[Side],
) -> Option<usize> {
    let cells = table.table().board.cell_count();
    let mut bound = 0usize;
    let mut stack: Vec<usize> = Vec::new();
    for &side in sides {
        for start in 0..cells {
            let Some(tree) = trees.tree(side, piece, CellId(start as u16)).ok()? else {
                continue;
            };
            stack.extend(tree.roots.nodes());
            while let Some(n) = stack.pop() {
                let node = &tree.nodes[n];
                if node.has(Node::LAND_FOE) && node.target.index() != start {
                    bound += node.depth as usize + 1;
                }
                stack.extend(node.children());
            }
        }
    }
    Some(bound)
}

/// Hands every capturing path of `piece` (the sides in `sides`, every start cell), turned around,
/// to `visit`, until it returns `false`; returns whether it never did. The piece's
/// trees unroll (its [`requirement_bound`] is `Some`).
fn reversed_paths(
    table: &VerifiedTable,
    trees: &UnrolledTrees<'_>,
    piece: PieceId,
    sides: &[Side],
    mut visit: impl FnMut(&ReversedPath<'_>) -> bool,
) -> bool {
    let cells = table.table().board.cell_count();
    let mut path: Vec<usize> = Vec::new();
    let mut requirements: Vec<Requirement> = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    for &side in sides {
        for start in 0..cells {
            let Ok(Some(tree)) = trees.tree(side, piece, CellId(start as u16)) else {
                continue;
            };
            let nodes = tree.nodes;
            // Depth-first with the path of node ids.
            stack.clear();
            stack.extend(tree.roots.nodes().rev());
            path.clear();
            while let Some(n) = stack.pop() {
                let node = &nodes[n];
                path.truncate(node.depth as usize);
                path.push(n);
                if node.has(Node::LAND_FOE)
                    && node.target.index() != start
                    && requirements_into(nodes, &path, start as u16, &mut requirements)
                {
                    let reversed = ReversedPath {
                        trie: side.index() * cells + node.target.index(),
                        requirements: &requirements,
                        start: start as u16,
                        initial: nodes[path[0]].has(Node::INITIAL),
                    };
                    if !visit(&reversed) {
                        return false;
                    }
                }
                stack.extend(node.children().rev());
            }
        }
    }
    true
}

/// Writes the requirements of a capturing path into `reqs`, from the landing cell back
/// to the start; `false` if the path can never be walked (it crosses its own start cell
/// where that cell, which counts as empty, is not allowed).
fn requirements_into(
    nodes: &[Node],
    path: &[usize],
    start: u16,
    reqs: &mut Vec<Requirement>,
) -> bool {
    reqs.clear();
    let Some(&last) = path.last() else {
        return false;
    };
    let last = &nodes[last];
    reqs.push(Requirement {
        cell: last.target.0,
        filter: last.filter,
        classes: CLASS_FOE,
    });
    for i in (0..path.len() - 1).rev() {
        let here = &nodes[path[i]];
        let next = &nodes[path[i + 1]];
        if here.target.0 == start {
            if next.mask & CLASS_EMPTY == 0 {
                return false;
            }
            continue; // the start cell counts as empty: always passes
        }
        reqs.push(Requirement {
            cell: here.target.0,
            filter: here.filter,
            classes: next.mask,
        });
    }
    true
}
