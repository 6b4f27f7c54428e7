//! reverse: the one walk over the reverse tables ([`crate::table::ReverseTables`]).
//!
//! A walk starts from the roots of one (attacking side, cell) trie, or from nodes a
//! caller kept from an earlier walk, and goes depth-first: at each node it asks a
//! [`ReverseVisitor`] what stands on the node's cell, tests that against the node's
//! requirement (empty / friend / foe of the attacker, with its kind filter), and on
//! success offers the node's leaves (where an attacker would stand) and goes on to its
//! children. The visitor decides what a query records (marks, lists of nodes, x-ray
//! walks) and when it has found what it looks for. Every attack query of the game
//! layer is this loop with a different visitor; the loop is monomorphised per
//! visitor, so each query is as tight as a hand-written one.
//!
//! Owns the loop and the read-only views of nodes and leaves ([`ReverseNode`],
//! [`ReverseLeaf`]) that visitors see; not the tables (built in `table::reverse`) nor
//! what a query means (the game layer's legality module).

use super::{classify, Class, Occupant};
use crate::ids::{CellId, Side};
use crate::table::{RLeaf, RNode};
use crate::table::{ReverseNodeId, ReverseTables, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND};

/// What a visitor says stands on a node's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// This occupant (the board's, or one the query assumes).
    Occupant(Occupant),
    /// Some piece of the defending side, of a kind not known: counts as a foe of the
    /// attacker that every kind filter admits (more paths, never fewer).
    SomeDefender,
}

/// A node of the reverse tables as a visitor sees it.
#[derive(Clone, Copy)]
pub struct ReverseNode<'t> {
    id: u32,
    node: &'t RNode,
    tables: &'t ReverseTables,
}

impl ReverseNode<'_> {
    /// The node's id (to start a later walk from it).
    #[inline(always)]
    pub fn id(&self) -> ReverseNodeId {
        ReverseNodeId(self.id)
    }

    /// The cell whose contents the node requires.
    #[inline(always)]
    pub fn cell(&self) -> CellId {
        CellId(self.node.cell)
    }

    /// The path goes on with a piece of the defending side here (a hopper's screen,
    /// say): putting one there may open it.
    #[inline(always)]
    pub fn passes_defender(&self) -> bool {
        self.node.classes & CLASS_FOE != 0
    }

    /// The path goes on with this cell empty.
    #[inline(always)]
    pub fn passes_empty(&self) -> bool {
        self.node.classes & CLASS_EMPTY != 0
    }

    /// Every kind of piece counts as itself here (no kind filter).
    #[inline(always)]
    pub fn admits_every_kind(&self) -> bool {
        self.tables.filters[self.node.filter as usize].mode == 0
    }
}

/// A leaf of the reverse tables: where an attacker stands at the end of a path, and
/// which kinds attack along it.
#[derive(Clone, Copy)]
pub struct ReverseLeaf<'t> {
    leaf: &'t RLeaf,
}

impl ReverseLeaf<'_> {
    /// The cell the attacker stands on.
    #[inline(always)]
    pub fn cell(&self) -> CellId {
        CellId(self.leaf.cell)
    }

    /// Whether `occupant` (what stands on [`ReverseLeaf::cell`]) is an attacker of
    /// `by` that this leaf stands for: its kind, and unmoved (asked through `unmoved`
    /// only then) if the path is an `initial` pattern's.
    #[inline(always)]
    pub fn attacker(&self, occupant: Occupant, by: Side, unmoved: impl FnOnce() -> bool) -> bool {
        !occupant.is_empty()
            && occupant.side() == by
            && self.leaf.kinds & (1u64 << occupant.kind().0) != 0
            && (!self.leaf.initial || unmoved())
    }
}

/// What a query does at the places of a reverse walk.
pub trait ReverseVisitor {
    /// The walk reached `node`: what stands on its cell, for this query.
    fn reach(&mut self, node: ReverseNode<'_>) -> Held;

    /// `node`'s requirement failed with `held` on its cell: its path ends here.
    #[inline(always)]
    fn fail(&mut self, _node: ReverseNode<'_>, _held: Held) {}

    /// A leaf of a node whose requirement held. Returning true ends the walk: found.
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool;
}

/// The walk's stack: ranges of sibling node ids (siblings are contiguous). Kept by
/// the caller, so that walks allocate nothing.
#[derive(Clone, Debug, Default)]
pub struct ReverseStack(Vec<(u32, u32)>);

impl ReverseStack {
    /// An empty stack.
    pub fn new() -> ReverseStack {
        ReverseStack(Vec::with_capacity(64))
    }

    /// Forgets every start.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Starts a walk at the roots of the paths by which `by` captures on `cell`.
    #[inline]
    pub fn push_roots(&mut self, tables: &ReverseTables, by: Side, cell: CellId) {
        let (first, count) = tables.roots_of(by, cell);
        self.0.push((first, first + count));
    }

    /// Starts a walk at `node` (one an earlier walk's visitor kept).
    #[inline]
    pub fn push_node(&mut self, node: ReverseNodeId) {
        self.0.push((node.0, node.0 + 1));
    }
}

/// Walks the reverse tables from the starts on `stack` for the attacking side `by`,
/// reporting to `visitor`; returns true as soon as the visitor accepts a leaf (the
/// stack is then cleared), false when every path has ended.
#[inline(always)]
pub fn walk_reverse<V: ReverseVisitor + ?Sized>(
    tables: &ReverseTables,
    by: Side,
    stack: &mut ReverseStack,
    visitor: &mut V,
) -> bool {
    let stack = &mut stack.0;
    while let Some(top) = stack.last_mut() {
        if top.0 == top.1 {
            stack.pop();
            continue;
        }
        let id = top.0;
        top.0 += 1;
        let n = &tables.nodes[id as usize];
        let node = ReverseNode {
            id,
            node: n,
            tables,
        };
        let held = visitor.reach(node);
        let class = match held {
            Held::Occupant(o) => match classify(o, by, &tables.filters, n.filter) {
                Class::Empty => CLASS_EMPTY,
                Class::Friend => CLASS_FRIEND,
                Class::Foe => CLASS_FOE,
                Class::Blocked => 0,
            },
            Held::SomeDefender => CLASS_FOE,
        };
        if n.classes & class == 0 {
            visitor.fail(node, held);
            continue;
        }
        let leaves = &tables.leaves[n.first_leaf as usize..(n.first_leaf + n.leaf_count) as usize];
        for leaf in leaves {
            if visitor.leaf(ReverseLeaf { leaf }) {
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
