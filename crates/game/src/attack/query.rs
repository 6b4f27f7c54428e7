//! attack::query: "could `by` capture a piece standing on this cell?" without generating the
//! opponent's moves — queries over the reverse tables ([`crate::table::ReverseTables`]),
//! each one visitor of the one reverse walk ([`crate::walk::reverse`]).
//!
//! A query walks the trie of paths into the cell over the board: each requirement
//! (empty / friend / foe, with the node's kind filter) is checked against the board,
//! and at the leaves whether the right kind of attacker stands there. The queries
//! differ only in what they assume stands on some cells and what they record:
//! - [`attacked_in`]: the plain answer (pieces walked forward included);
//! - [`attacked_marking`]: the answer and the cells it looked at ([`Marks`]), and, for
//!   the quick legality test, the nodes a defender's piece stopped or could open, with
//!   the x-ray walk of every stopping piece ([`XRays`]);
//! - [`xray_marking`]: the rest of a query with one cell emptied or filled;
//! - [`moved_attacked`]: the rest of a query after a move between two cells.
//!
//! Pieces answered forward (locust capturers, shared patterns, pieces with too many
//! reverse paths) are walked forward from their cells by [`attacked_in`] through
//! [`super::forward`]; the marking queries do not cover them (the quick test marks
//! their walks with [`super::forward::forward_marking`]).

use super::forward::{attacked_forward, forward_attackers, ForwardScratch};
use super::marks::{Marks, XRays};
use crate::ids::{CellId, PieceId, Side};
use crate::table::{ReverseNodeId, ReverseTables};
use crate::walk::reverse::{
    walk_reverse, Held, ReverseLeaf, ReverseNode, ReverseStack, ReverseVisitor,
};
use crate::walk::{Occupancy, Occupant};
use crate::{Game, GamePosition};

/// What attack queries read of a position: occupants and moved flags, one cell at a
/// time. A position reads itself; a wrapper can note which cells were read (perft
/// reuses a verdict in a child position where none of them changed).
pub(crate) trait Reads {
    /// The position read.
    fn position(&self) -> &GamePosition;

    /// What stands on `cell`.
    #[inline(always)]
    fn at(&self, cell: usize) -> Occupant {
        self.position().cells[cell]
    }

    /// Whether the piece on `cell` has not moved.
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

/// Scratch space of attack queries, kept by the caller so that queries allocate
/// nothing: the reverse walk's stack, and the forward walks' scratch
/// ([`ForwardScratch`], owned by [`super::forward`]).
pub(crate) struct AttackScratch<'g> {
    /// The reverse walk's stack.
    pub stack: ReverseStack,
    /// The scratch of pieces answered forward.
    pub forward: ForwardScratch<'g>,
}

impl AttackScratch<'_> {
    /// Empty scratch space.
    pub fn new() -> Self {
        AttackScratch {
            stack: ReverseStack::new(),
            forward: ForwardScratch::new(),
        }
    }
}

/// Whether `o`, the occupant of `leaf`'s cell read through `pos`, is an attacker of
/// `by` that the leaf stands for.
#[inline(always)]
fn attacker_on<R: Reads + ?Sized>(pos: &R, leaf: ReverseLeaf<'_>, o: Occupant, by: Side) -> bool {
    leaf.attacker(o, by, || pos.unmoved_at(leaf.cell()))
}

/// The plain query: the victim on `cell`, the board elsewhere.
struct Plain<'r, R: ?Sized> {
    pos: &'r R,
    cell: CellId,
    victim: Occupant,
    by: Side,
}

impl<R: Reads + ?Sized> ReverseVisitor for Plain<'_, R> {
    #[inline(always)]
    fn reach(&mut self, node: ReverseNode<'_>) -> Held {
        Held::Occupant(if node.cell() == self.cell {
            self.victim
        } else {
            self.pos.at(node.cell().index())
        })
    }

    #[inline(always)]
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
        let o = self.pos.at(leaf.cell().index());
        attacker_on(self.pos, leaf, o, self.by)
    }
}

/// The plain query with only the attackers that are not royal: a capture by a royal
/// that a blast would remove with its victim takes nothing from the other side first.
struct Commoners<'r> {
    pos: &'r GamePosition,
    cell: CellId,
    victim: Occupant,
    by: Side,
    royal: &'r [bool],
}

impl ReverseVisitor for Commoners<'_> {
    #[inline(always)]
    fn reach(&mut self, node: ReverseNode<'_>) -> Held {
        Held::Occupant(if node.cell() == self.cell {
            self.victim
        } else {
            self.pos.cells[node.cell().index()]
        })
    }

    #[inline(always)]
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
        let o = self.pos.cells[leaf.cell().index()];
        !o.is_empty() && !self.royal[o.kind().index()] && attacker_on(self.pos, leaf, o, self.by)
    }
}

/// Whether `by` could capture the piece of the other side standing on `cell` with a
/// piece that is not royal. Pieces answered forward are not looked at: the caller asks
/// only where `by` has none ([`forward_attackers`]).
pub(crate) fn attacked_by_commoner<'g>(
    game: &'g Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    scratch: &mut AttackScratch<'g>,
) -> bool {
    let tables = &game.reverse;
    let stack = &mut scratch.stack;
    stack.start_at_roots(tables, by, cell);
    let mut query = Commoners {
        pos,
        cell,
        victim: pos.cells[cell.index()],
        by,
        royal: &game.royal,
    };
    walk_reverse(tables, by, stack, &mut query)
}

/// Whether `by` could capture a piece of kind `victim` of the other side on `cell`,
/// reading the position through `pos`.
pub(crate) fn attacked_in<'g, R: Reads + ?Sized>(
    game: &'g Game,
    pos: &R,
    cell: CellId,
    by: Side,
    victim: PieceId,
    scratch: &mut AttackScratch<'g>,
) -> bool {
    let tables = &game.reverse;
    let victim = Occupant::piece(by.opponent(), victim);
    if tables.out_of_reach(by, cell, |c| pos.at(c)) {
        return forward_attackers(game, pos.position(), by)
            && attacked_forward(game, pos.position(), cell, by, victim, &mut scratch.forward);
    }
    let stack = &mut scratch.stack;
    stack.start_at_roots(tables, by, cell);
    let mut query = Plain {
        pos,
        cell,
        victim,
        by,
    };
    if walk_reverse(tables, by, stack, &mut query) {
        return true;
    }
    forward_attackers(game, pos.position(), by)
        && attacked_forward(game, pos.position(), cell, by, victim, &mut scratch.forward)
}

/// [`attacked_in`] without the pieces answered forward: the reverse tables alone.
pub(crate) fn attacked_reverse<'g>(
    game: &'g Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim: PieceId,
    scratch: &mut AttackScratch<'g>,
) -> bool {
    let tables = &game.reverse;
    if tables.out_of_reach(by, cell, |c| pos.cells[c]) {
        return false;
    }
    let stack = &mut scratch.stack;
    stack.start_at_roots(tables, by, cell);
    let mut query = Plain {
        pos,
        cell,
        victim: Occupant::piece(by.opponent(), victim),
        by,
    };
    walk_reverse(tables, by, stack, &mut query)
}

/// An attack query: could `by` capture a piece of kind `victim` of the other side
/// standing on `cell`?
#[derive(Clone, Copy, Debug)]
pub(crate) struct AttackQuery {
    /// The cell asked about.
    pub cell: CellId,
    /// The attacking side.
    pub by: Side,
    /// The kind of the piece assumed on `cell` (the other side's).
    pub victim: PieceId,
}

/// What [`attacked_marking`] records besides marks, for the x-ray refinements.
pub(crate) struct Recorded<'a> {
    /// Nodes a defender's piece stopped that would pass with the cell empty.
    pub blocked: &'a mut Vec<ReverseNodeId>,
    /// Nodes that failed where a defender's piece put on the cell could open them.
    pub put: &'a mut Vec<ReverseNodeId>,
    /// The x-ray walks of the stopping pieces.
    pub xrays: &'a mut XRays,
    /// Scratch for the x-ray walks.
    pub stack: &'a mut ReverseStack,
}

/// The marking query of [`attacked_marking`].
struct Marking<'a, 'r> {
    tables: &'a ReverseTables,
    pos: &'a GamePosition,
    cell: CellId,
    victim: Occupant,
    by: Side,
    marks: &'a mut Marks,
    mark_leaves: bool,
    record: Option<Recorded<'r>>,
}

impl ReverseVisitor for Marking<'_, '_> {
    #[inline(always)]
    fn reach(&mut self, node: ReverseNode<'_>) -> Held {
        let c = node.cell();
        self.marks.seen[c.index()] = self.marks.stamp;
        Held::Occupant(if c == self.cell {
            self.victim
        } else {
            self.pos.cells[c.index()]
        })
    }

    #[inline(always)]
    fn fail(&mut self, node: ReverseNode<'_>, held: Held) {
        if node.passes_defender() {
            self.marks.mark_put(node.cell().index());
        }
        let Some(r) = self.record.as_mut() else {
            return;
        };
        // A defender's piece put here might open this path.
        if node.passes_defender() {
            r.put.push(node.id());
        }
        // A defender's piece stops this path; with the cell empty it would go on:
        // walk on from here now (the piece's x-ray).
        let Held::Occupant(occ) = held else {
            return;
        };
        if !occ.is_empty() && occ.side() != self.by && node.passes_empty() {
            r.blocked.push(node.id());
            let hole = node.cell();
            if r.xrays.hit[hole.index()] == r.xrays.stamp {
                return; // already pinned: nothing more to learn
            }
            r.stack.clear();
            r.stack.push_node(node.id());
            let mut xray = XRay {
                pos: self.pos,
                cell: self.cell,
                victim: self.victim,
                by: self.by,
                hole,
                xrays: r.xrays,
                leaf_marks: &mut self.marks.leaf,
                leaf_stamp: self.marks.stamp,
            };
            walk_reverse(self.tables, self.by, r.stack, &mut xray);
        }
    }

    #[inline(always)]
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
        let c = leaf.cell().index();
        if self.mark_leaves {
            self.marks.seen[c] = self.marks.stamp;
        }
        if self.record.is_some() {
            self.marks.leaf[c] = self.marks.stamp;
        }
        attacker_on(self.pos, leaf, self.pos.cells[c], self.by)
    }
}

/// The x-ray walk from a node stopped by the defender's piece on `hole`: walks on with
/// that cell empty, marking what it inspects in `xrays` as that piece's, and records a
/// hit if it finds an attacker.
struct XRay<'a> {
    pos: &'a GamePosition,
    cell: CellId,
    victim: Occupant,
    by: Side,
    hole: CellId,
    xrays: &'a mut XRays,
    leaf_marks: &'a mut [u32],
    leaf_stamp: u32,
}

impl ReverseVisitor for XRay<'_> {
    #[inline(always)]
    fn reach(&mut self, node: ReverseNode<'_>) -> Held {
        let c = node.cell();
        XRays::mark(&mut self.xrays.seen, self.xrays.stamp, c.0, self.hole.0);
        Held::Occupant(if c == self.cell {
            self.victim
        } else if c == self.hole {
            Occupant::EMPTY
        } else {
            self.pos.cells[c.index()]
        })
    }

    #[inline(always)]
    fn fail(&mut self, node: ReverseNode<'_>, _held: Held) {
        if node.passes_defender() {
            XRays::mark(
                &mut self.xrays.put,
                self.xrays.stamp,
                node.cell().0,
                self.hole.0,
            );
        }
    }

    #[inline(always)]
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
        let c = leaf.cell();
        self.leaf_marks[c.index()] = self.leaf_stamp;
        if c != self.hole && attacker_on(self.pos, leaf, self.pos.cells[c.index()], self.by) {
            self.xrays.hit[self.hole.index()] = self.xrays.stamp;
            return true;
        }
        false
    }
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
/// recorded state depend on is marked somewhere (see the perft module's children
/// counter). Tables with pieces answered forward
/// ([`ReverseTables::forward_only`]) are not covered; callers check
/// [`forward_attackers`] first.
pub(crate) fn attacked_marking(
    game: &Game,
    pos: &GamePosition,
    query: AttackQuery,
    stack: &mut ReverseStack,
    marks: &mut Marks,
    mark_leaves: bool,
    record: Option<Recorded<'_>>,
) -> bool {
    let AttackQuery { cell, by, victim } = query;
    let tables = &game.reverse;
    marks.seen[cell.index()] = marks.stamp;
    stack.start_at_roots(tables, by, cell);
    let mut query = Marking {
        tables,
        pos,
        cell,
        victim: Occupant::piece(by.opponent(), victim),
        by,
        marks,
        mark_leaves,
        record,
    };
    walk_reverse(tables, by, stack, &mut query)
}

/// The query of [`xray_marking`].
struct Continued<'a, R: ?Sized> {
    pos: &'a R,
    cell: CellId,
    victim: Occupant,
    by: Side,
    /// The cell a piece of the defender is put on.
    hole: CellId,
    marks: &'a mut Marks,
    exact: bool,
}

impl<R: Reads + ?Sized> ReverseVisitor for Continued<'_, R> {
    #[inline(always)]
    fn reach(&mut self, node: ReverseNode<'_>) -> Held {
        let c = node.cell();
        self.marks.seen[c.index()] = self.marks.stamp;
        if c == self.cell {
            Held::Occupant(self.victim)
        } else if c == self.hole {
            // Some piece of the defender: its class is "foe"; whether the filter
            // admits it is not known, so assume it does (more paths, never fewer).
            if node.passes_defender() {
                self.exact &= node.admits_every_kind();
                self.marks.mark_put(c.index());
            }
            Held::SomeDefender
        } else {
            Held::Occupant(self.pos.at(c.index()))
        }
    }

    #[inline(always)]
    fn fail(&mut self, node: ReverseNode<'_>, _held: Held) {
        if node.passes_defender() {
            self.marks.mark_put(node.cell().index());
        }
    }

    #[inline(always)]
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
        let c = leaf.cell();
        c != self.hole && attacker_on(self.pos, leaf, self.pos.at(c.index()), self.by)
    }
}

/// What [`xray_marking`] found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct XRayAnswer {
    /// An attacker may be found ("test in full" unless `exact`).
    pub attacked: bool,
    /// The attacker found is certain.
    pub exact: bool,
}

/// The rest of an attack query if a piece of the defender were put on the empty
/// cell `hole`: walks on from `from_nodes` (nodes at `hole` that need a piece there,
/// as [`attacked_marking`] lists them), with `hole` filled, marking the cells
/// inspected.
///
/// "Attacked" may be a false alarm (when another node at `hole` on the same path now
/// fails); callers treat it as "test in full", unless `exact` comes back set: then an
/// attacker is certainly found after a move that puts a piece on `hole` and changes
/// no other cell the two queries look at. `exact` holds when no path to a start node
/// crosses `hole` twice and no node at `hole` has a kind filter.
pub(crate) fn xray_marking<R: Reads + ?Sized>(
    game: &Game,
    pos: &R,
    query: AttackQuery,
    hole: CellId,
    from_nodes: &[ReverseNodeId],
    stack: &mut ReverseStack,
    marks: &mut Marks,
) -> XRayAnswer {
    let tables = &game.reverse;
    let mut exact = true;
    stack.clear();
    for &id in from_nodes {
        if tables.node_cell(id) == hole {
            stack.push_node(id);
            exact &= !tables.node_revisits(id);
        }
    }
    let mut walk = Continued {
        pos,
        cell: query.cell,
        victim: Occupant::piece(query.by.opponent(), query.victim),
        by: query.by,
        hole,
        marks,
        exact,
    };
    let attacked = walk_reverse(tables, query.by, stack, &mut walk);
    XRayAnswer {
        attacked,
        exact: walk.exact,
    }
}

/// The query of [`moved_attacked`].
struct Moved<'a, R: ?Sized> {
    pos: &'a R,
    cell: CellId,
    victim: Occupant,
    by: Side,
    from: CellId,
    to: CellId,
}

impl<R: Reads + ?Sized> ReverseVisitor for Moved<'_, R> {
    #[inline(always)]
    fn reach(&mut self, node: ReverseNode<'_>) -> Held {
        let c = node.cell();
        if c == self.to {
            // Some piece of the defender; assume the filter admits it.
            Held::SomeDefender
        } else if c == self.cell {
            Held::Occupant(self.victim)
        } else if c == self.from {
            Held::Occupant(Occupant::EMPTY)
        } else {
            Held::Occupant(self.pos.at(c.index()))
        }
    }

    #[inline(always)]
    fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
        let c = leaf.cell();
        c != self.from
            && c != self.to
            && attacker_on(self.pos, leaf, self.pos.at(c.index()), self.by)
    }
}

/// The rest of an attack query after a move of the defender from `from` (emptied) to
/// `to` (where a piece of the defender now stands): walks on from the nodes at `from`
/// that the piece there stopped (`blocked`) and the nodes at `to` that need a piece
/// there (`put`), as [`attacked_marking`] listed them, with both cells changed.
/// Returns whether an attacker may be found that way; false means the query still
/// answers "not attacked" after the move (when it changes no other cell), for the
/// same reasons as [`xray_marking`].
pub(crate) fn moved_attacked<R: Reads + ?Sized>(
    game: &Game,
    pos: &R,
    query: AttackQuery,
    (from, to): (CellId, CellId),
    blocked: &[ReverseNodeId],
    put: &[ReverseNodeId],
    stack: &mut ReverseStack,
) -> bool {
    let tables = &game.reverse;
    stack.clear();
    for &id in blocked {
        if tables.node_cell(id) == from {
            stack.push_node(id);
        }
    }
    for &id in put {
        if tables.node_cell(id) == to {
            stack.push_node(id);
        }
    }
    let mut walk = Moved {
        pos,
        cell: query.cell,
        victim: Occupant::piece(query.by.opponent(), query.victim),
        by: query.by,
        from,
        to,
    };
    walk_reverse(tables, query.by, stack, &mut walk)
}
