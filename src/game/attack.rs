//! attack: "could `side` capture a piece standing on this cell?" without generating the
//! opponent's moves — reverse tables.
//!
//! At build time every capturing path of the forward table (a landing node that may
//! take an enemy) is turned around: the landing cell becomes the root and the path's
//! occupancy requirements are listed from the landing cell back towards the start
//! cell, ending in a leaf naming the start cell and the piece kinds that attack along
//! this path. Paths into the same cell are merged into one trie per (attacking side,
//! cell), so that the rays of a rook, a queen and a king share their first cells and a
//! blocked cell prunes every piece behind it at once. A query walks that trie over the
//! board, checking each requirement (empty / friend / foe, with the node's kind
//! filter) and, at the leaves, whether the right kind of attacker stands there.
//!
//! Pieces that capture in passing (locust captures) can attack a cell a path only
//! crosses, which depends on cells after it; those pieces are answered by walking
//! them forward instead (`forward_only`), so every piece the language can express is
//! covered. The same happens for pieces whose reverse paths would be too many.
//!
//! For the legality filter's shortcuts the query also comes in marking form
//! (`attacked_marking`: which cells it looked at, which nodes a defender's piece
//! stopped or would open) and as continuations from those nodes with one or two
//! cells changed (`xray_marking`, `moved_attacked`), so that most moves are
//! checked without a full query; see [`super::movegen`].

use std::collections::HashMap;

use super::state::GamePosition;
use super::Game;
use crate::ids::{CellId, PieceId, Side};
use crate::rules::Rules;
use crate::table::{Node, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND};
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};

/// Requirement nodes allowed per piece before it falls back to forward walks.
const MAX_NODES_PER_PIECE: usize = 1 << 21;

#[derive(Clone, Copy, Debug)]
struct RNode {
    cell: u16,
    filter: u8,
    /// Classes the cell may hold (`CLASS_*`).
    mask: u8,
    first_child: u32,
    child_count: u32,
    first_leaf: u32,
    leaf_count: u32,
}

impl RNode {
    /// A node for a requirement, its children and leaves filled in later.
    fn unlinked(k: Key) -> RNode {
        RNode {
            cell: k.0,
            filter: k.1,
            mask: k.2,
            first_child: 0,
            child_count: 0,
            first_leaf: 0,
            leaf_count: 0,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct RLeaf {
    cell: u16,
    initial: bool,
    /// Bit k: piece kind k attacks from `cell` along this path.
    kinds: u64,
}

/// Reverse tables for both attacking sides.
#[derive(Clone, Debug, Default)]
pub struct ReverseTables {
    cells: usize,
    nodes: Vec<RNode>,
    leaves: Vec<RLeaf>,
    /// `[side * cells + cell]`: (first, count) of the top-level nodes.
    roots: Vec<(u32, u32)>,
    forward_only: Vec<bool>,
    /// Per node: some node on the path from its root to it (excluded) has the same
    /// cell.
    revisits: Vec<bool>,
    /// Some piece is answered forward.
    any_forward: bool,
}

/// A capturing path turned around: (trie index, requirements from the landing cell
/// back, start cell, `initial`).
type Entry = (usize, Vec<Key>, u16, bool);

/// A requirement: (cell, kind filter, allowed classes).
type Key = (u16, u8, u8);

#[derive(Default)]
struct BuildNode {
    children: HashMap<Key, usize>,
    order: Vec<usize>,
    leaves: HashMap<(u16, bool), u64>,
    key: Key,
}

impl ReverseTables {
    pub fn build(rules: &Rules) -> ReverseTables {
        let t = rules.table().table();
        let cells = t.board.cell_count();
        let pieces = t.pieces.len();
        let mut forward_only = vec![false; pieces];
        // Pieces with locust captures on either side go forward.
        for side in Side::BOTH {
            for (p, fwd) in forward_only.iter_mut().enumerate() {
                for cell in 0..cells {
                    let Some(r) = t.roots(side, PieceId(p as u8), CellId(cell as u16)) else {
                        continue;
                    };
                    let mut stack: Vec<usize> = r.nodes().collect();
                    while let Some(n) = stack.pop() {
                        if t.nodes[n].has(Node::CAPTURE_PREV) {
                            *fwd = true;
                        }
                        stack.extend(t.nodes[n].children());
                    }
                }
            }
        }
        // One build trie per (side, target cell); node 0 of each is its root.
        let mut tries: Vec<Vec<BuildNode>> =
            (0..2 * cells).map(|_| vec![BuildNode::default()]).collect();
        let mut path: Vec<usize> = Vec::new();
        #[allow(clippy::needless_range_loop)] // p is also the kind bit and the table's piece id
        for p in 0..pieces {
            if forward_only[p] {
                continue;
            }
            let mut budget = 0usize;
            let mut entries: Vec<Entry> = Vec::new();
            'piece: for side in Side::BOTH {
                for src in 0..cells {
                    let Some(r) = t.roots(side, PieceId(p as u8), CellId(src as u16)) else {
                        continue;
                    };
                    // Depth-first with the path of node ids.
                    let mut stack: Vec<usize> = r.nodes().rev().collect();
                    path.clear();
                    while let Some(n) = stack.pop() {
                        let node = &t.nodes[n];
                        path.truncate(node.depth as usize);
                        path.push(n);
                        if node.has(Node::LAND_FOE) && node.target.index() != src {
                            if let Some(reqs) = requirements(t, &path, src as u16) {
                                budget += reqs.len();
                                if budget > MAX_NODES_PER_PIECE {
                                    forward_only[p] = true;
                                    break 'piece;
                                }
                                let initial = t.nodes[path[0]].has(Node::INITIAL);
                                entries.push((
                                    side.index() * cells + node.target.index(),
                                    reqs,
                                    src as u16,
                                    initial,
                                ));
                            }
                        }
                        stack.extend(node.children().rev());
                    }
                }
            }
            if forward_only[p] {
                continue;
            }
            for (trie, reqs, src, initial) in entries {
                let trie = &mut tries[trie];
                let mut at = 0;
                for key in reqs {
                    at = match trie[at].children.get(&key) {
                        Some(&c) => c,
                        None => {
                            let id = trie.len();
                            trie.push(BuildNode {
                                key,
                                ..BuildNode::default()
                            });
                            trie[at].children.insert(key, id);
                            trie[at].order.push(id);
                            id
                        }
                    };
                }
                *trie[at].leaves.entry((src, initial)).or_insert(0) |= 1u64 << p;
            }
        }
        // Flatten breadth-first so children are contiguous.
        let mut out = ReverseTables {
            cells,
            any_forward: forward_only.iter().any(|&f| f),
            forward_only,
            ..ReverseTables::default()
        };
        for trie in &tries {
            let top = &trie[0].order;
            let first = out.nodes.len() as u32;
            out.roots.push((first, top.len() as u32));
            // queue of (build id, flat id)
            let mut queue: std::collections::VecDeque<(usize, usize)> = Default::default();
            for &b in top {
                let k = trie[b].key;
                out.nodes.push(RNode::unlinked(k));
                queue.push_back((b, out.nodes.len() - 1));
            }
            while let Some((b, f)) = queue.pop_front() {
                let bn = &trie[b];
                let first_leaf = out.leaves.len() as u32;
                let mut leaves: Vec<_> = bn.leaves.iter().collect();
                leaves.sort();
                for (&(cell, initial), &kinds) in leaves {
                    out.leaves.push(RLeaf {
                        cell,
                        initial,
                        kinds,
                    });
                }
                let first_child = out.nodes.len() as u32;
                for &c in &bn.order {
                    let k = trie[c].key;
                    out.nodes.push(RNode::unlinked(k));
                    queue.push_back((c, out.nodes.len() - 1));
                }
                let n = &mut out.nodes[f];
                n.first_leaf = first_leaf;
                n.leaf_count = bn.leaves.len() as u32;
                n.first_child = first_child;
                n.child_count = bn.order.len() as u32;
            }
        }
        out.revisits = vec![false; out.nodes.len()];
        let mut st: Vec<(u32, usize)> = Vec::new();
        let mut path: Vec<u16> = Vec::new();
        for &(first, count) in &out.roots {
            st.extend((first..first + count).map(|id| (id, 0)));
            while let Some((id, depth)) = st.pop() {
                path.truncate(depth);
                let n = out.nodes[id as usize];
                out.revisits[id as usize] = path.contains(&n.cell);
                path.push(n.cell);
                st.extend((n.first_child..n.first_child + n.child_count).map(|c| (c, depth + 1)));
            }
        }
        out
    }

    /// Pieces answered by forward walks.
    pub fn forward_only(&self) -> &[bool] {
        &self.forward_only
    }

    /// Nodes and leaves, for reports.
    pub fn size(&self) -> (usize, usize) {
        (self.nodes.len(), self.leaves.len())
    }

    /// Bytes of nodes, leaves and roots.
    pub fn memory_bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<RNode>()
            + self.leaves.len() * std::mem::size_of::<RLeaf>()
            + self.roots.len() * std::mem::size_of::<(u32, u32)>()
    }
}

/// The requirements of a capturing path, from the landing cell back to the start; or
/// `None` if the path can never be walked (it crosses its own start cell where that
/// cell, which counts as empty, is not allowed).
fn requirements(t: &crate::table::MoveTable, path: &[usize], src: u16) -> Option<Vec<Key>> {
    let last = &t.nodes[*path.last()?];
    let mut reqs = vec![(last.target.0, last.filter, CLASS_FOE)];
    for i in (0..path.len() - 1).rev() {
        let here = &t.nodes[path[i]];
        let next = &t.nodes[path[i + 1]];
        if here.target.0 == src {
            if next.mask & CLASS_EMPTY == 0 {
                return None;
            }
            continue; // the start cell counts as empty: always passes
        }
        reqs.push((here.target.0, here.filter, next.mask));
    }
    Some(reqs)
}

/// The board with one cell overridden (the victim assumed on the queried cell, or a
/// phantom piece on an en passant cell).
pub(crate) struct Override<'a> {
    pub pos: &'a GamePosition,
    pub cell: CellId,
    pub occ: Occupant,
}

impl Occupancy for Override<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        if cell == self.cell {
            self.occ
        } else {
            self.pos.cells[cell.index()]
        }
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.pos.unmoved(cell)
    }
}

/// What attack queries read of a position: occupants and moved flags, one cell at a
/// time. A position reads itself; a wrapper can note which cells were read (perft
/// reuses a verdict in a child position where none of them changed).
pub(crate) trait Reads {
    fn position(&self) -> &GamePosition;

    #[inline(always)]
    fn at(&self, cell: usize) -> Occupant {
        self.position().cells[cell]
    }

    #[inline(always)]
    fn unmoved_at(&self, cell: CellId) -> bool {
        self.position().unmoved(cell)
    }
}

impl Reads for GamePosition {
    #[inline(always)]
    fn position(&self) -> &GamePosition {
        self
    }
}

/// Whether `by` could capture a piece of kind `victim` of the other side on `cell`.
/// `stack` is scratch space (kept by the caller so queries allocate nothing).
pub fn attacked(
    game: &Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim: PieceId,
    stack: &mut Vec<(u32, u32)>,
) -> bool {
    attacked_in(game, pos, cell, by, victim, stack)
}

/// [`attacked`] reading the position through `pos`.
pub(crate) fn attacked_in<R: Reads + ?Sized>(
    game: &Game,
    pos: &R,
    cell: CellId,
    by: Side,
    victim: PieceId,
    stack: &mut Vec<(u32, u32)>,
) -> bool {
    let rt = &game.reverse;
    let t = game.rules.table().table();
    let filters = &t.filters;
    let victim_occ = Occupant::piece(by.opponent(), victim);
    let (first, count) = rt.roots[by.index() * rt.cells + cell.index()];
    // Depth-first; siblings are contiguous, so the stack holds ranges of node ids.
    stack.clear();
    stack.push((first, first + count));
    while let Some(top) = stack.last_mut() {
        if top.0 == top.1 {
            stack.pop();
            continue;
        }
        let id = top.0;
        top.0 += 1;
        let n = &rt.nodes[id as usize];
        let occ = if n.cell == cell.0 {
            victim_occ
        } else {
            pos.at(n.cell as usize)
        };
        let bit = class_of(filters, n.filter, occ, by);
        if n.mask & bit == 0 {
            continue;
        }
        for l in &rt.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize] {
            let o = pos.at(l.cell as usize);
            if attacker_on(pos, l, o, by) {
                stack.clear();
                return true;
            }
        }
        if n.child_count > 0 {
            stack.push((n.first_child, n.first_child + n.child_count));
        }
    }
    if forward_attackers(game, pos.position(), by) {
        return attacked_forward(game, pos.position(), cell, by, victim_occ);
    }
    false
}

/// The x-ray walk from node `start`, stopped by the defender's piece on its cell:
/// walks on with that cell empty, marking what it inspects in `r.xrays` as that
/// piece's, and records a hit if it finds an attacker.
#[allow(clippy::too_many_arguments)]
fn xray_from_node(
    rt: &ReverseTables,
    filters: &[crate::table::FilterCode],
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim_occ: Occupant,
    start: u32,
    r: &mut Recorded<'_>,
    leaf_marks: &mut [u32],
    leaf_stamp: u32,
) {
    let hole = rt.nodes[start as usize].cell;
    let xr = &mut *r.xrays;
    if xr.hit[hole as usize] == xr.stamp {
        return; // already pinned: nothing more to learn
    }
    let stamp = xr.stamp;
    let stack = &mut *r.stack;
    stack.clear();
    stack.push((start, start + 1));
    while let Some(top) = stack.last_mut() {
        if top.0 == top.1 {
            stack.pop();
            continue;
        }
        let id = top.0;
        top.0 += 1;
        let n = &rt.nodes[id as usize];
        XRays::mark(&mut xr.seen, stamp, n.cell, hole);
        let occ = if n.cell == cell.0 {
            victim_occ
        } else if n.cell == hole {
            Occupant::EMPTY
        } else {
            pos.cells[n.cell as usize]
        };
        let bit = class_of(filters, n.filter, occ, by);
        if n.mask & bit == 0 {
            if n.mask & CLASS_FOE != 0 {
                XRays::mark(&mut xr.put, stamp, n.cell, hole);
            }
            continue;
        }
        for l in &rt.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize] {
            leaf_marks[l.cell as usize] = leaf_stamp;
            let o = pos.cells[l.cell as usize];
            if l.cell != hole && attacker_on(pos, l, o, by) {
                xr.hit[hole as usize] = stamp;
                stack.clear();
                return;
            }
        }
        if n.child_count > 0 {
            stack.push((n.first_child, n.first_child + n.child_count));
        }
    }
}

/// The rest of an attack query on `cell` after a move of the defender from `hole`
/// (emptied) to `fill` (where a piece of the defender now stands): walks on from the
/// nodes at `hole` that the piece there stopped (`blocked`) and the nodes at `fill`
/// that need a piece there (`put`), as [`attacked_marking`] listed them, with both
/// cells changed. Returns whether an attacker may be found that way; false means
/// the query still answers "not attacked" after the move (when it changes no other
/// cell), for the same reasons as [`xray_marking`].
#[allow(clippy::too_many_arguments)]
pub(crate) fn moved_attacked<R: Reads + ?Sized>(
    game: &Game,
    pos: &R,
    cell: CellId,
    by: Side,
    victim: PieceId,
    hole: CellId,
    fill: CellId,
    blocked: &[u32],
    put: &[u32],
    stack: &mut Vec<(u32, u32)>,
) -> bool {
    let rt = &game.reverse;
    let filters = &game.rules.table().table().filters;
    let victim_occ = Occupant::piece(by.opponent(), victim);
    stack.clear();
    for &id in blocked {
        if rt.nodes[id as usize].cell == hole.0 {
            stack.push((id, id + 1));
        }
    }
    for &id in put {
        if rt.nodes[id as usize].cell == fill.0 {
            stack.push((id, id + 1));
        }
    }
    while let Some(top) = stack.last_mut() {
        if top.0 == top.1 {
            stack.pop();
            continue;
        }
        let id = top.0;
        top.0 += 1;
        let n = &rt.nodes[id as usize];
        let bit = if n.cell == fill.0 {
            // Some piece of the defender; assume the filter admits it.
            CLASS_FOE
        } else {
            let occ = if n.cell == cell.0 {
                victim_occ
            } else if n.cell == hole.0 {
                Occupant::EMPTY
            } else {
                pos.at(n.cell as usize)
            };
            class_of(filters, n.filter, occ, by)
        };
        if n.mask & bit == 0 {
            continue;
        }
        for l in &rt.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize] {
            let o = pos.at(l.cell as usize);
            if l.cell != hole.0 && l.cell != fill.0 && attacker_on(pos, l, o, by) {
                stack.clear();
                return true;
            }
        }
        if n.child_count > 0 {
            stack.push((n.first_child, n.first_child + n.child_count));
        }
    }
    false
}

/// Whether `by` has a piece on the board whose attacks are found by walking it
/// forward.
pub(crate) fn forward_attackers(game: &Game, pos: &GamePosition, by: Side) -> bool {
    let rt = &game.reverse;
    rt.any_forward
        && rt
            .forward_only
            .iter()
            .zip(&pos.counts[by.index()])
            .any(|(&f, &n)| f && n > 0)
}

/// Cells an attack query looked at, for the quick legality test: `seen[c] == stamp`
/// when the query inspected the class of cell `c`; `put[c] == stamp` when, besides,
/// a path failed at `c` that a piece of the defending side put on `c` could open (a
/// node whose classes include "foe" of the attacker: a hopper's screen, say). Putting
/// a defender's piece on a cell that is seen but not `put` can only close paths.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    pub seen: Vec<u32>,
    pub put: Vec<u32>,
    /// Leaf cells (where an attacker would stand) that a query with [`Recorded`]
    /// looked at, its x-ray walks included: with `seen` and the x-ray marks, every
    /// cell whose contents the answer and the recorded state depend on.
    pub leaf: Vec<u32>,
    pub stamp: u32,
}

impl Marks {
    pub fn new(cells: usize) -> Marks {
        Marks {
            seen: vec![0; cells],
            put: vec![0; cells],
            leaf: vec![0; cells],
            stamp: 0,
        }
    }

    /// Forgets every mark (a new stamp).
    pub fn next(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|m| *m = 0);
            self.put.iter_mut().for_each(|m| *m = 0);
            self.leaf.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    pub fn seen(&self, c: usize) -> bool {
        self.seen[c] == self.stamp
    }

    #[inline]
    pub fn put(&self, c: usize) -> bool {
        self.put[c] == self.stamp
    }
}

/// X-ray marks of one node, for every piece of the defender that stops a path of
/// the royal's query (computed in the same pass, [`attacked_marking`]): per cell, the
/// piece (its cell) whose x-ray walk inspected it, or "several"; per piece, whether
/// its x-ray walk found an attacker (a pin, or a false alarm: test in full).
#[derive(Clone, Debug, Default)]
pub(crate) struct XRays {
    stamp: u32,
    /// `stamp << 16 | owner cell` (owner `SHARED`: several pieces).
    seen: Vec<u64>,
    put: Vec<u64>,
    hit: Vec<u32>,
}

const SHARED: u16 = u16::MAX;

impl XRays {
    pub fn new(cells: usize) -> XRays {
        XRays {
            stamp: 0,
            seen: vec![0; cells],
            put: vec![0; cells],
            hit: vec![0; cells],
        }
    }

    /// Forgets every mark.
    pub fn next(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|m| *m = 0);
            self.put.iter_mut().for_each(|m| *m = 0);
            self.hit.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn mark(v: &mut [u64], stamp: u32, cell: u16, owner: u16) {
        let e = &mut v[cell as usize];
        if *e >> 16 == stamp as u64 {
            if (*e & 0xffff) as u16 != owner {
                *e = (stamp as u64) << 16 | SHARED as u64;
            }
        } else {
            *e = (stamp as u64) << 16 | owner as u64;
        }
    }

    #[inline]
    fn owned(&self, e: u64, owner: CellId) -> bool {
        e >> 16 == self.stamp as u64 && {
            let o = (e & 0xffff) as u16;
            o == owner.0 || o == SHARED
        }
    }

    /// The x-ray walk of the piece on `owner` inspected `cell`.
    #[inline]
    pub fn seen(&self, cell: usize, owner: CellId) -> bool {
        self.owned(self.seen[cell], owner)
    }

    /// The x-ray walk of the piece on `owner` failed at `cell` where a piece put there
    /// could open a path.
    #[inline]
    pub fn put(&self, cell: usize, owner: CellId) -> bool {
        self.owned(self.put[cell], owner)
    }

    /// Some x-ray walk inspected `cell`.
    #[inline]
    pub fn any_seen(&self, cell: usize) -> bool {
        self.seen[cell] >> 16 == self.stamp as u64
    }

    /// The x-ray walk of the piece on `owner` found an attacker.
    #[inline]
    pub fn hit(&self, owner: CellId) -> bool {
        self.hit[owner.index()] == self.stamp
    }
}

/// What [`attacked_marking`] records besides marks, for the x-ray refinements.
pub(crate) struct Recorded<'a> {
    /// Nodes a defender's piece stopped that would pass with the cell empty.
    pub blocked: &'a mut Vec<u32>,
    /// Nodes that failed where a defender's piece put on the cell could open them.
    pub put: &'a mut Vec<u32>,
    pub xrays: &'a mut XRays,
    /// Scratch for the x-ray walks.
    pub stack: &'a mut Vec<(u32, u32)>,
}

/// The cells whose class an attack query on `cell` inspects, marked with `stamp` in
/// `marks` (indexed by cell id): every trie node's cell it reaches (whether or not
/// the cell's class lets it continue) and `cell` itself. Returns whether the cell is
/// attacked; then it stops early and the marks are incomplete.
///
/// Leaf cells (where an attacker would stand) are not marked: a query answers "not
/// attacked" only if no leaf it reaches holds an attacker of `by`, and a move of the
/// other side only ever makes a cell empty or puts its own piece there, so a leaf
/// never gains an attacker. So when the query answers "not attacked", it still does
/// after any move of the other side that touches no marked cell (moves of the
/// other side do not change the moved flags of `by`'s pieces either). With
/// `mark_leaves` the leaf cells are marked too, for changes that may add a piece of
/// `by` (a drop that might give check). With `record`, the leaf cells it and its
/// x-ray walks read go into `marks.leaf`, so that every cell the answer and the
/// recorded state depend on is marked somewhere (see `Searcher::prepare_children`).
/// Tables with pieces answered forward ([`ReverseTables::forward_only`]) are not
/// covered; callers check [`forward_attackers`] first.
#[allow(clippy::too_many_arguments)]
pub(crate) fn attacked_marking(
    game: &Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim: PieceId,
    stack: &mut Vec<(u32, u32)>,
    marks: &mut Marks,
    mark_leaves: bool,
    mut record: Option<Recorded<'_>>,
) -> bool {
    let rt = &game.reverse;
    let t = game.rules.table().table();
    let filters = &t.filters;
    let victim_occ = Occupant::piece(by.opponent(), victim);
    let (first, count) = rt.roots[by.index() * rt.cells + cell.index()];
    let stamp = marks.stamp;
    marks.seen[cell.index()] = stamp;
    stack.clear();
    stack.push((first, first + count));
    while let Some(top) = stack.last_mut() {
        if top.0 == top.1 {
            stack.pop();
            continue;
        }
        let id = top.0;
        top.0 += 1;
        let n = &rt.nodes[id as usize];
        marks.seen[n.cell as usize] = stamp;
        let occ = if n.cell == cell.0 {
            victim_occ
        } else {
            pos.cells[n.cell as usize]
        };
        let bit = class_of(filters, n.filter, occ, by);
        if n.mask & bit == 0 {
            if n.mask & CLASS_FOE != 0 {
                marks.put[n.cell as usize] = stamp;
            }
            if let Some(r) = record.as_mut() {
                // A defender's piece put here might open this path.
                if n.mask & CLASS_FOE != 0 {
                    r.put.push(id);
                }
                // A defender's piece stops this path; with the cell empty it would go
                // on: walk on from here now (the piece's x-ray).
                if !occ.is_empty() && occ.side() != by && n.mask & CLASS_EMPTY != 0 {
                    r.blocked.push(id);
                    xray_from_node(
                        rt,
                        filters,
                        pos,
                        cell,
                        by,
                        victim_occ,
                        id,
                        r,
                        &mut marks.leaf,
                        stamp,
                    );
                }
            }
            continue;
        }
        let recording = record.is_some();
        for l in &rt.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize] {
            if mark_leaves {
                marks.seen[l.cell as usize] = stamp;
            }
            if recording {
                marks.leaf[l.cell as usize] = stamp;
            }
            let o = pos.cells[l.cell as usize];
            if attacker_on(pos, l, o, by) {
                stack.clear();
                return true;
            }
        }
        if n.child_count > 0 {
            stack.push((n.first_child, n.first_child + n.child_count));
        }
    }
    false
}

/// The rest of an attack query on `cell` if the piece on `hole` were gone (or, with
/// `filled`, if a piece of the defender were put on the empty `hole`): walks on from
/// `from_nodes` (nodes at `hole` that a defender's piece there stopped, or that need
/// a piece there, as [`attacked_marking`] lists them), with `hole` changed, marking
/// the cells inspected. Returns whether an attacker is found that way.
///
/// Together with the marks of the full query this over-approximates what the query
/// would inspect on the board with `hole` emptied (paths through `hole` that the
/// piece enabled, as a hopper's screen, are kept in the marks), and "attacked" may be
/// a false alarm (when another node at `hole` on the same path now fails); callers
/// treat `true` as "test in full", unless `exact` comes back set: then (with
/// `filled`) an attacker is certainly found after a move that puts a piece on
/// `hole` and changes no other cell the two queries look at.
#[allow(clippy::too_many_arguments)]
pub(crate) fn xray_marking<R: Reads + ?Sized>(
    game: &Game,
    pos: &R,
    cell: CellId,
    by: Side,
    victim: PieceId,
    hole: CellId,
    filled: bool,
    from_nodes: &[u32],
    stack: &mut Vec<(u32, u32)>,
    marks: &mut Marks,
    exact: &mut bool,
) -> bool {
    let rt = &game.reverse;
    let filters = &game.rules.table().table().filters;
    let victim_occ = Occupant::piece(by.opponent(), victim);
    let stamp = marks.stamp;
    // With `filled`, an attacker found is certain (whatever piece is put on `hole`,
    // unless `hole` holds it) when no path to a start node crosses `hole` and no
    // node at `hole` has a kind filter.
    *exact = filled;
    stack.clear();
    for &id in from_nodes {
        if rt.nodes[id as usize].cell == hole.0 {
            stack.push((id, id + 1));
            *exact &= !rt.revisits[id as usize];
        }
    }
    while let Some(top) = stack.last_mut() {
        if top.0 == top.1 {
            stack.pop();
            continue;
        }
        let id = top.0;
        top.0 += 1;
        let n = &rt.nodes[id as usize];
        marks.seen[n.cell as usize] = stamp;
        let occ = if n.cell == cell.0 {
            victim_occ
        } else if n.cell == hole.0 {
            if filled {
                // Some piece of the defender: its class is "foe"; whether the filter
                // admits it is not known, so assume it does (more paths, never fewer).
                if n.mask & CLASS_FOE == 0 {
                    continue;
                }
                *exact &= filters[n.filter as usize].mode == 0;
                marks.put[n.cell as usize] = stamp;
                for l in &rt.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize] {
                    let o = pos.at(l.cell as usize);
                    if l.cell != hole.0 && attacker_on(pos, l, o, by) {
                        stack.clear();
                        return true;
                    }
                }
                if n.child_count > 0 {
                    stack.push((n.first_child, n.first_child + n.child_count));
                }
                continue;
            }
            Occupant::EMPTY
        } else {
            pos.at(n.cell as usize)
        };
        let bit = class_of(filters, n.filter, occ, by);
        if n.mask & bit == 0 {
            if n.mask & CLASS_FOE != 0 {
                marks.put[n.cell as usize] = stamp;
            }
            continue;
        }
        for l in &rt.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize] {
            let o = pos.at(l.cell as usize);
            if l.cell != hole.0 && attacker_on(pos, l, o, by) {
                stack.clear();
                return true;
            }
        }
        if n.child_count > 0 {
            stack.push((n.first_child, n.first_child + n.child_count));
        }
    }
    false
}

/// The occupancy class a reverse node sees on its cell from `by`'s point of view:
/// empty, friend (of the attacker) or foe; 0 when the node's kind filter rejects the
/// piece, which then acts as a wall.
#[inline(always)]
fn class_of(filters: &[crate::table::FilterCode], filter: u8, occ: Occupant, by: Side) -> u8 {
    if occ.is_empty() {
        CLASS_EMPTY
    } else if !filters[filter as usize].admits(occ.kind().0) {
        0
    } else if occ.side() == by {
        CLASS_FRIEND
    } else {
        CLASS_FOE
    }
}

/// Whether `o`, the occupant of leaf `l`'s cell, is an attacker of `by` that this leaf
/// stands for (its kind, and unmoved if the path needs an initial move).
#[inline(always)]
fn attacker_on<R: Reads + ?Sized>(pos: &R, l: &RLeaf, o: Occupant, by: Side) -> bool {
    !o.is_empty()
        && o.side() == by
        && l.kinds & (1u64 << o.kind().0) != 0
        && (!l.initial || pos.unmoved_at(CellId(l.cell)))
}

/// The fallback: walk every piece of `by` whose kind is answered forward and see
/// whether any of its moves captures on `cell`.
fn attacked_forward(
    game: &Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim: Occupant,
) -> bool {
    let board = Override {
        pos,
        cell,
        occ: victim,
    };
    let mut walker = Walker::new(game.rules.table());
    let mut hit = Hits { cell, found: false };
    for (i, &o) in pos.cells.iter().enumerate() {
        if o.is_empty() || o.side() != by || !game.reverse.forward_only[o.kind().index()] {
            continue;
        }
        if i == cell.index() {
            continue;
        }
        walker.walk(&board, by, o.kind(), CellId(i as u16), &mut hit);
        if hit.found {
            return true;
        }
    }
    false
}

struct Hits {
    cell: CellId,
    found: bool,
}

impl Sink for Hits {
    const DISTINCT: bool = false;
    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.captures().any(|c| c == self.cell) {
            self.found = true;
        }
    }
}
