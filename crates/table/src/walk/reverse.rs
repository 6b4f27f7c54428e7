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
use crate::ids::{CellId, PieceId, Side};
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

impl<'t> ReverseNode<'t> {
    /// The view of `node`, node `id` of `tables`.
    #[inline(always)]
    pub(crate) fn new(id: u32, node: &'t RNode, tables: &'t ReverseTables) -> ReverseNode<'t> {
        ReverseNode { id, node, tables }
    }

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

    /// Whether the path goes on when the cell holds `class` (from the attacker's side:
    /// a defender is a [`Class::Foe`]); never for [`Class::Blocked`].
    #[inline]
    pub fn may_hold(&self, class: Class) -> bool {
        let bit = match class {
            Class::Empty => CLASS_EMPTY,
            Class::Friend => CLASS_FRIEND,
            Class::Foe => CLASS_FOE,
            Class::Blocked => 0,
        };
        self.node.classes & bit != 0
    }

    /// Whether a piece of kind `kind` on the cell counts as itself (passes the node's
    /// kind filter); one the filter does not admit is a wall.
    #[inline]
    pub fn admits(&self, kind: PieceId) -> bool {
        self.tables.filters[self.node.filter as usize].admits(kind.0)
    }

    /// The nodes the path goes on to (the next cells back towards the attacker).
    #[inline]
    pub fn children(&self) -> impl Iterator<Item = ReverseNodeId> {
        (self.node.first_child..self.node.first_child + self.node.child_count).map(ReverseNodeId)
    }

    /// The leaves of the node: where an attacker stands when the path ends here.
    #[inline]
    pub fn leaves(&self) -> impl Iterator<Item = ReverseLeaf<'t>> {
        let leaves: &'t [RLeaf] = &self.tables.leaves;
        let (first, count) = (self.node.first_leaf as usize, self.node.leaf_count as usize);
        leaves[first..first + count]
            .iter()
            .map(|leaf| ReverseLeaf { leaf })
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
            && self.leaf.kinds & (1u128 << occupant.kind().0) != 0
            && (!self.leaf.initial || unmoved())
    }

    /// The kinds that attack along this path: bit k is piece kind k.
    #[inline]
    pub fn kinds(&self) -> u128 {
        self.leaf.kinds
    }

    /// Whether the path is an `initial` pattern's: the attacker must not have moved.
    #[inline]
    pub fn initial(&self) -> bool {
        self.leaf.initial
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

    /// Forgets every start and starts a walk at the roots of the paths by which `by`
    /// captures on `cell`.
    #[inline]
    pub fn start_at_roots(&mut self, tables: &ReverseTables, by: Side, cell: CellId) {
        self.clear();
        self.push_roots(tables, by, cell);
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

#[cfg(test)]
mod tests {
    //! The reverse walk over tables built from small rules files, with visitors
    //! written here: what a plain query answers, where a walk stops, what a failing
    //! node reports.

    use super::*;
    use crate::ids::PieceId;

    const PIECES: &str = "board square 8x8
piece Rook (R) { ride orthogonal }
piece Knight (N) { leap (1,2) }
piece Cannon (C) {
    ride orthogonal, move only
    ride orthogonal via piece then ride same, capture only
}
piece Pawn (P) { step forward, move only
    step forward-diagonal, capture only }
";

    fn tables(source: &str) -> (crate::Rules, ReverseTables) {
        let rules = crate::compile(source).expect("rules compile");
        let tables = ReverseTables::build(rules.table());
        (rules, tables)
    }

    /// A plain query over a slice board: the board's occupants everywhere, an
    /// attacker found when a leaf holds one of its kinds; counts the nodes reached
    /// and the failures.
    struct Query<'b> {
        board: &'b [Occupant],
        reached: usize,
        failed: Vec<(CellId, Held)>,
    }

    impl ReverseVisitor for Query<'_> {
        fn reach(&mut self, node: ReverseNode<'_>) -> Held {
            self.reached += 1;
            Held::Occupant(self.board[node.cell().index()])
        }
        fn fail(&mut self, node: ReverseNode<'_>, held: Held) {
            self.failed.push((node.cell(), held));
        }
        fn leaf(&mut self, leaf: ReverseLeaf<'_>) -> bool {
            leaf.attacker(self.board[leaf.cell().index()], Side::First, || true)
        }
    }

    /// Whether the first side attacks `cell` of `board` (the victim: a black pawn).
    fn attacked(
        rules: &crate::Rules,
        tables: &ReverseTables,
        board: &[Occupant],
        cell: &str,
    ) -> bool {
        attacked_query(rules, tables, board, cell).0
    }

    fn attacked_query(
        rules: &crate::Rules,
        tables: &ReverseTables,
        board: &[Occupant],
        cell: &str,
    ) -> (bool, usize, Vec<(CellId, Held)>) {
        let cell = rules.cell(cell).expect("cell");
        let mut board = board.to_vec();
        board[cell.index()] = Occupant::piece(Side::Second, PieceId(3));
        let mut stack = ReverseStack::new();
        stack.push_roots(tables, Side::First, cell);
        let mut query = Query {
            board: &board,
            reached: 0,
            failed: Vec::new(),
        };
        let found = walk_reverse(tables, Side::First, &mut stack, &mut query);
        (found, query.reached, query.failed)
    }

    fn board_with(rules: &crate::Rules, pieces: &[(&str, Side, u8)]) -> Vec<Occupant> {
        let mut board = vec![Occupant::EMPTY; 64];
        for &(cell, side, kind) in pieces {
            board[rules.cell(cell).expect("cell").index()] = Occupant::piece(side, PieceId(kind));
        }
        board
    }

    #[test]
    fn a_knight_table_has_one_node_per_target_and_one_leaf_per_leap() {
        let (_, t) = tables("board square 8x8\npiece Knight (N) { leap (1,2) }");
        // Every knight capture needs only its landing cell: one requirement node per
        // (side, target) and one leaf per (side, from, to) leap, 336 leaps per side.
        assert_eq!(t.size(), (2 * 64, 2 * 336));
        assert!(!t.any_forward());
    }

    #[test]
    fn a_rook_attacks_along_an_open_file_and_not_through_a_piece() {
        let (rules, t) = tables(PIECES);
        let rook = board_with(&rules, &[("a1", Side::First, 0)]);
        assert!(attacked(&rules, &t, &rook, "a8"));
        assert!(attacked(&rules, &t, &rook, "h1"));
        assert!(!attacked(&rules, &t, &rook, "b2"));
        // A piece of either side on a4 blocks it.
        for side in Side::BOTH {
            let blocked = board_with(&rules, &[("a1", Side::First, 0), ("a4", side, 3)]);
            assert!(!attacked(&rules, &t, &blocked, "a8"), "{side:?} on a4");
            assert!(attacked(&rules, &t, &blocked, "a3"));
        }
    }

    #[test]
    fn a_cannon_needs_exactly_one_screen() {
        let (rules, t) = tables(PIECES);
        let alone = board_with(&rules, &[("a1", Side::First, 2)]);
        assert!(!attacked(&rules, &t, &alone, "a8"));
        let screened = board_with(&rules, &[("a1", Side::First, 2), ("a4", Side::Second, 3)]);
        assert!(attacked(&rules, &t, &screened, "a8"));
        assert!(
            !attacked(&rules, &t, &screened, "a3"),
            "no screen between a1 and a3"
        );
        let two = board_with(
            &rules,
            &[
                ("a1", Side::First, 2),
                ("a4", Side::Second, 3),
                ("a6", Side::First, 3),
            ],
        );
        assert!(!attacked(&rules, &t, &two, "a8"), "two screens");
        assert!(attacked(&rules, &t, &two, "a5"));
    }

    #[test]
    fn a_pawn_attacks_forward_diagonally_only_for_its_side() {
        let (rules, t) = tables(PIECES);
        let pawn = board_with(&rules, &[("d4", Side::First, 3)]);
        assert!(attacked(&rules, &t, &pawn, "c5"));
        assert!(attacked(&rules, &t, &pawn, "e5"));
        assert!(
            !attacked(&rules, &t, &pawn, "d5"),
            "pawns move there, never capture"
        );
        assert!(!attacked(&rules, &t, &pawn, "c3"), "backwards");
        // A second-side pawn is not an attacker of the first side.
        let theirs = board_with(&rules, &[("d4", Side::Second, 3)]);
        assert!(!attacked(&rules, &t, &theirs, "c5"));
    }

    #[test]
    fn a_walk_stops_at_the_first_attacker_and_reports_failures() {
        let (rules, t) = tables("board square 8x8\npiece Rook (R) { ride orthogonal }\npiece Knight (N) { leap (1,2) }\npiece X (X) { step any }\npiece Pawn (P) { step forward }");
        let empty = board_with(&rules, &[]);
        let (found, all, failed) = attacked_query(&rules, &t, &empty, "d4");
        assert!(!found);
        // A rook's and a knight's paths into d4 need only empty cells: none fails.
        assert!(failed.is_empty(), "{failed:?}");
        // With a rook on d5 the walk stops early: fewer nodes than the whole trie.
        let rook = board_with(&rules, &[("d5", Side::First, 0)]);
        let (found, reached, _) = attacked_query(&rules, &t, &rook, "d4");
        assert!(found);
        assert!(reached < all, "{reached} < {all}");
        // A piece on e4 makes the requirements through e4 fail, with it named.
        let blocker = Occupant::piece(Side::Second, PieceId(1));
        let blocked = board_with(&rules, &[("e4", Side::Second, 1)]);
        let (_, _, failed) = attacked_query(&rules, &t, &blocked, "d4");
        let e4 = rules.cell("e4").expect("cell");
        assert!(
            failed.contains(&(e4, Held::Occupant(blocker))),
            "{failed:?}"
        );
    }

    #[test]
    fn pieces_that_capture_in_passing_are_answered_forward() {
        let (_, t) = tables(
            "board square 8x8
piece Rook (R) { ride orthogonal }
piece Man (D) { step forward-diagonal via foe captured then step same, move only }",
        );
        assert_eq!(t.forward_only(), &[false, true]);
        assert!(t.any_forward());
    }
}
