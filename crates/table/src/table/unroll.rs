//! unroll: a piece's tree on one start cell with its shared nodes turned back into a
//! plain tree, for the consumers that read trees rather than walk them (the reverse
//! tables, the kernel's rays, the mirror test).
//!
//! On a big board the linker makes single-leg patterns relative: one root list for
//! every cell, whose records name directions ([`crate::table::link`], docs/bytecode.md
//! "Relative continuations"). The walk follows them with the step table; a reader of
//! trees would see no cells. [`Unroller::tree`] gives such a reader the tree as the
//! unrolled linker would have laid it out: nodes holding their cells and depths, each
//! node's children contiguous after it. It unrolls only what stays small and what a
//! plain tree can say: shared continuations of **one leg** (no `NEW_LEG`, no pushes,
//! no captures in passing), paths that never come back to a cell they hold, at most
//! [`MAX_UNROLLED`] nodes. Anything else is [`NotUnrollable`], and its reader goes on
//! as before for pieces with shared patterns (the game walks them forward).

use super::layout::{Node, RootRange, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, MASK_SHARED};
use super::verify::{VerifiedTable, NO_CELL};
use crate::ids::{CellId, PieceId, Side};
use rustc_hash::FxHashSet;

/// The most nodes one unrolled tree may have.
pub const MAX_UNROLLED: usize = 4096;

/// A tree [`Unroller::tree`] does not turn into a plain one (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotUnrollable;

/// Why a tree does not unroll: its shape (the same on every cell of a root list), or
/// this cell's paths (too many, or back on a cell they hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    Shape,
    Size,
    Path,
}

/// One piece's tree on one cell, as plain nodes: `nodes[roots.nodes()]` are its roots
/// and every node's children are `nodes[node.children()]`.
#[derive(Clone, Copy, Debug)]
pub struct TreeView<'a> {
    /// The nodes the indices refer to (the table's, or the unroller's own).
    pub nodes: &'a [Node],
    /// The roots.
    pub roots: RootRange,
}

/// Unrolls trees into its own buffer, reused from tree to tree.
pub struct Unroller {
    /// Per piece kind: whether some tree of it goes on into shared nodes.
    sharing: Vec<bool>,
    nodes: Vec<Node>,
    /// Nodes still to expand: the source node and its copy in `nodes`.
    todo: Vec<(usize, u32)>,
    /// The cells of the path to the node being expanded, by depth.
    path: Vec<u16>,
    /// Per cell: the depth at which the current path entered it, if it did (valid
    /// when `path` holds the cell at that depth).
    entered: Vec<u8>,
    /// Per cell: how many landings it got (the `MAY_REPEAT` test).
    landed: Vec<u8>,
    /// Root lists (by their first node) of shared roots that hold what no plain tree
    /// says (a second leg, a push, a capture in passing): they fail on every cell.
    refused: FxHashSet<u32>,
}

impl Unroller {
    /// An unroller for the trees of `table`.
    pub fn new(table: &VerifiedTable) -> Unroller {
        Unroller {
            sharing: super::facts::sharing_pieces(table.table()),
            nodes: Vec::new(),
            todo: Vec::new(),
            path: Vec::new(),
            entered: vec![0; table.table().board.cell_count()],
            landed: Vec::new(),
            refused: FxHashSet::default(),
        }
    }

    /// Whether some tree of `piece` goes on into shared nodes (so that [`Unroller::tree`]
    /// unrolls its trees).
    pub fn shares(&self, piece: PieceId) -> bool {
        self.sharing.get(piece.index()).copied().unwrap_or(false)
    }

    /// The tree of `piece` of `side` on `cell`: the table's own when it has no shared
    /// node, else unrolled (roots whose first step leaves the board are dropped, so a
    /// tree may have none); `Ok(None)` when the piece or cell is out of range.
    pub fn tree<'a>(
        &'a mut self,
        table: &'a VerifiedTable,
        side: Side,
        piece: PieceId,
        cell: CellId,
    ) -> Result<Option<TreeView<'a>>, NotUnrollable> {
        let t = table.table();
        let Some(roots) = t.roots(side, piece, cell) else {
            return Ok(None);
        };
        if roots.count == 0 || !self.shares(piece) {
            return Ok(Some(TreeView {
                nodes: &t.nodes,
                roots,
            }));
        }
        let list = t.nodes[roots.first as usize].mask & MASK_SHARED != 0;
        if list && self.refused.contains(&roots.first) {
            return Err(NotUnrollable);
        }
        let count = match self.unroll(table, roots, cell) {
            Ok(count) => count,
            Err(Refusal::Shape) if list => {
                self.refused.insert(roots.first);
                return Err(NotUnrollable);
            }
            Err(_) => return Err(NotUnrollable),
        };
        let repeat = self.may_repeat(t.board.cell_count());
        Ok(Some(TreeView {
            nodes: &self.nodes,
            roots: RootRange {
                first: 0,
                count,
                flags: if repeat { RootRange::MAY_REPEAT } else { 0 },
            },
        }))
    }

    /// Whether two landing nodes land on one cell.
    fn may_repeat(&mut self, cells: usize) -> bool {
        self.landed.clear();
        self.landed.resize(cells, 0);
        for n in &self.nodes {
            if n.flags & (Node::LAND_EMPTY | Node::LAND_FOE) != 0 {
                let l = &mut self.landed[n.target.index()];
                if *l != 0 {
                    return true;
                }
                *l = 1;
            }
        }
        false
    }

    /// Lays the tree out in `self.nodes`: the roots, then each node's children as one
    /// block, in pre-order. Returns how many roots stay on the board.
    fn unroll(
        &mut self,
        table: &VerifiedTable,
        roots: RootRange,
        from: CellId,
    ) -> Result<u16, Refusal> {
        let t = table.table();
        let (steps, cells) = (table.steps(), t.board.cell_count());
        self.nodes.clear();
        self.todo.clear();
        self.path.clear();
        // A source node's copy on `before`'s next cell, or `None` off the board.
        let place = |src: &Node, before: CellId| -> Result<Option<Node>, Refusal> {
            if src.flags & (Node::PUSH | Node::PUSH_TARGET | Node::CAPTURE_PREV) != 0 {
                return Err(Refusal::Shape);
            }
            let shared = src.mask & MASK_SHARED != 0;
            if shared && src.flags & Node::NEW_LEG != 0 {
                return Err(Refusal::Shape);
            }
            let target = if src.is_relative() {
                match steps[src.target.index() * cells + before.index()] {
                    NO_CELL => return Ok(None),
                    c => CellId(c),
                }
            } else {
                src.target
            };
            Ok(Some(Node {
                target,
                mask: src.mask & (CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE),
                child_count: 0,
                first_child: 0,
                ..*src
            }))
        };
        for i in roots.nodes() {
            if let Some(n) = place(&t.nodes[i], from)? {
                self.nodes.push(Node { depth: 0, ..n });
                self.todo.push((i, (self.nodes.len() - 1) as u32));
            }
        }
        // The roots that left the board are gone: the rest keep their order.
        let count = self.nodes.len();
        self.todo.reverse();
        let mut done = 0;
        while let Some((src, at)) = self.todo.pop() {
            done += 1;
            if done > MAX_UNROLLED {
                return Err(Refusal::Size);
            }
            let here = self.nodes[at as usize];
            let depth = here.depth as usize;
            self.path.truncate(depth);
            let cell = here.target.index();
            let before = usize::from(self.entered[cell]);
            let on_path = before < depth && self.path[before] == here.target.0;
            self.path.push(here.target.0);
            self.entered[cell] = here.depth;
            if here.target == from || on_path {
                // Back on the start cell or on its own path: the walk's whole-path
                // rules, which a plain tree cannot say.
                return Err(Refusal::Path);
            }
            let first = self.nodes.len();
            let block = self.todo.len();
            for c in t.nodes[src].children() {
                if let Some(n) = place(&t.nodes[c], here.target)? {
                    if usize::from(here.depth) + 1 > usize::from(u8::MAX) {
                        return Err(Refusal::Size);
                    }
                    self.nodes.push(Node {
                        depth: here.depth + 1,
                        ..n
                    });
                    self.todo.push((c, (self.nodes.len() - 1) as u32));
                }
            }
            if self.nodes.len() > MAX_UNROLLED {
                return Err(Refusal::Size);
            }
            let len = self.nodes.len();
            let n = &mut self.nodes[at as usize];
            n.first_child = first as u32;
            n.child_count = (len - first) as u16;
            // Pre-order: the first child is expanded next.
            self.todo[block..].reverse();
        }
        Ok(count as u16)
    }
}

/// Every tree of the pieces a table's readers unroll, unrolled once and kept, for a
/// reader that goes over them more than once (the reverse tables: once for their
/// budget, once for their paths).
pub struct UnrolledTrees<'t> {
    table: &'t VerifiedTable,
    /// Per piece kind: its trees go on into shared nodes (kept here when they unroll).
    sharing: Vec<bool>,
    /// Per piece kind that shares: some tree of it does not unroll.
    refused: Vec<bool>,
    nodes: Vec<Node>,
    /// Per root index of a sharing piece's tree: its roots in `nodes`.
    roots: Vec<Option<RootRange>>,
}

impl<'t> UnrolledTrees<'t> {
    /// Unrolls every tree of every piece of `table` whose trees go on into shared
    /// nodes, except the pieces `skip` names.
    pub fn new(table: &'t VerifiedTable, skip: &[bool]) -> UnrolledTrees<'t> {
        let t = table.table();
        let mut unroller = Unroller::new(table);
        let pieces = t.pieces.len();
        let cells = t.board.cell_count();
        let mut out = UnrolledTrees {
            table,
            sharing: unroller.sharing.clone(),
            refused: vec![false; pieces],
            nodes: Vec::new(),
            roots: vec![None; t.roots.len()],
        };
        for side in Side::BOTH {
            for p in 0..pieces {
                let piece = PieceId(p as u8);
                if !out.sharing[p] || out.refused[p] {
                    continue;
                }
                if skip.get(p).copied().unwrap_or(false) {
                    out.refused[p] = true;
                    continue;
                }
                for c in 0..cells {
                    let cell = CellId(c as u16);
                    match unroller.tree(table, side, piece, cell) {
                        Err(NotUnrollable) => {
                            out.refused[p] = true;
                            break;
                        }
                        Ok(None) => {}
                        Ok(Some(view)) => {
                            // A tree without roots is the table's own (nothing to
                            // copy); any other is the unroller's buffer.
                            let base = out.nodes.len() as u32;
                            let range = if view.roots.count == 0 {
                                RootRange {
                                    first: base,
                                    ..view.roots
                                }
                            } else {
                                out.nodes.extend(view.nodes.iter().map(|n| Node {
                                    first_child: if n.child_count == 0 {
                                        0
                                    } else {
                                        n.first_child + base
                                    },
                                    ..*n
                                }));
                                RootRange {
                                    first: view.roots.first + base,
                                    ..view.roots
                                }
                            };
                            out.roots[t.root_index(side, piece, cell)] = Some(range);
                        }
                    }
                }
            }
        }
        out
    }

    /// The tree of `piece` of `side` on `cell` ([`Unroller::tree`]), from what was
    /// unrolled; `Err` for a piece whose trees do not all unroll (or were skipped).
    pub fn tree(
        &self,
        side: Side,
        piece: PieceId,
        cell: CellId,
    ) -> Result<Option<TreeView<'_>>, NotUnrollable> {
        let t = self.table.table();
        let Some(roots) = t.roots(side, piece, cell) else {
            return Ok(None);
        };
        if !self.sharing[piece.index()] || roots.count == 0 {
            return Ok(Some(TreeView {
                nodes: &t.nodes,
                roots,
            }));
        }
        if self.refused[piece.index()] {
            return Err(NotUnrollable);
        }
        match self.roots[t.root_index(side, piece, cell)] {
            Some(roots) => Ok(Some(TreeView {
                nodes: &self.nodes,
                roots,
            })),
            None => Err(NotUnrollable),
        }
    }
}
