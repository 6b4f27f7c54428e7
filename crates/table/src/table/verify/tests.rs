//! Unit tests of the verifier: a small hand-built table passes, and each check rejects
//! a copy corrupted for it with its own error kind. Two checks are not tested: the
//! cell count (every board constructor refuses a board with no cell or more than
//! `u16::MAX`, so the check only guards against a future one) and the node count (more
//! than `u32::MAX` nodes do not fit in memory).

use super::*;
use crate::ids::CellId;
use crate::table::layout::{FilterCode, TablePiece};
use crate::topology::Board;

/// A 2x2 board, one piece `K`, filter 0 only. Root range 0 (first side, cell a1) has
/// node 0 (a quiet landing with one child, node 1); root range 1 (cell b1) has node 2,
/// a push node whose one child, node 3, is its push target. The other ranges are empty.
fn sample() -> MoveTable {
    let board = Board::square(2, 2, &[]);
    let mut roots = vec![RootRange::default(); 2 * 4];
    roots[0] = RootRange {
        first: 0,
        count: 1,
        flags: 0,
    };
    roots[1] = RootRange {
        first: 2,
        count: 1,
        flags: 0,
    };
    let node = |target: u16, depth: u8, flags: u8, mask: u8| Node {
        target: CellId(target),
        depth,
        flags,
        mask,
        filter: 0,
        child_count: 0,
        first_child: 0,
    };
    let mut nodes = vec![
        node(1, 0, Node::LAND_EMPTY | Node::EN_PASSANT, 0),
        node(3, 1, Node::LAND_EMPTY | Node::LAND_FOE, CLASS_EMPTY),
        node(1, 0, Node::PUSH, 0),
        node(3, 1, Node::PUSH_TARGET, CLASS_FRIEND | CLASS_FOE),
    ];
    nodes[0].child_count = 1;
    nodes[0].first_child = 1;
    nodes[2].child_count = 1;
    nodes[2].first_child = 3;
    MoveTable {
        board,
        pieces: vec![TablePiece {
            name: "King".into(),
            letter: 'K',
            plus: false,
            prime: 0,
        }],
        filters: vec![FilterCode::ANY],
        roots,
        nodes,
        directions: Vec::new(),
    }
}

/// The kind of error `verify` gives the sample after `corrupt`.
fn rejected(corrupt: impl FnOnce(&mut MoveTable)) -> VerifyErrorKind {
    let mut table = sample();
    corrupt(&mut table);
    match verify(table) {
        Ok(_) => panic!("the corrupted table verified"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e.kind().clone()
        }
    }
}

#[test]
fn the_sample_verifies_with_its_buffer_sizes() {
    let verified = verify(sample()).expect("the sample is a valid table");
    assert_eq!(verified.max_path(), 2);
    assert_eq!(verified.max_stack(), 1);
    // Node 0 lands and so does its child; the push node has one target.
    assert_eq!(verified.max_landings(), 2);
}

#[test]
fn board_and_piece_checks() {
    use VerifyErrorKind::*;
    let kind = rejected(|t| t.pieces.clear());
    assert_eq!(kind, PieceCount { pieces: 0 });
    let kind = rejected(|t| t.pieces[0].letter = 'k');
    assert_eq!(
        kind,
        PieceLetter {
            piece: 0,
            letter: 'k'
        }
    );
    let kind = rejected(|t| {
        let mut second = t.pieces[0].clone();
        second.name = "Other".into();
        t.pieces.push(second);
        t.roots.extend(vec![RootRange::default(); 8]);
    });
    assert_eq!(
        kind,
        DuplicateLetter {
            piece: 1,
            original: 0,
            letter: "K".into()
        }
    );
    // `+K` and `K` are different letters: the same table with a `+K` passes the
    // letter check (and verifies).
    let mut table = sample();
    let mut promoted = table.pieces[0].clone();
    promoted.plus = true;
    table.pieces.push(promoted);
    table.roots.extend(vec![RootRange::default(); 8]);
    verify(table).expect("K and +K differ");
    // Likewise `K'` and `K!` (primed letters).
    let mut table = sample();
    for prime in [1, 2] {
        let mut primed = table.pieces[0].clone();
        primed.prime = prime;
        table.pieces.push(primed);
        table.roots.extend(vec![RootRange::default(); 8]);
    }
    verify(table).expect("K, K' and K! differ");
    let kind = rejected(|t| {
        t.pieces.extend((0..127).map(|i| TablePiece {
            name: format!("P{i}"),
            letter: 'A',
            plus: false,
            prime: 0,
        }))
    });
    assert!(matches!(kind, PieceCount { pieces: 128 }), "{kind:?}");
}

#[test]
fn root_range_and_filter_checks() {
    use VerifyErrorKind::*;
    let kind = rejected(|t| {
        t.roots.pop();
    });
    assert_eq!(
        kind,
        RootRangeCount {
            found: 7,
            expected: 8,
            pieces: 1,
            cells: 4
        }
    );
    let kind = rejected(|t| t.filters.clear());
    assert_eq!(kind, FilterCount { filters: 0 });
    let kind = rejected(|t| t.filters.push(FilterCode { mode: 3, mask: 1 }));
    assert_eq!(kind, FilterMode { filter: 1, mode: 3 });
    let kind = rejected(|t| t.roots[2].flags = 2);
    assert_eq!(kind, RootFlags { root: 2, flags: 2 });
    let kind = rejected(|t| t.roots[1].count = 3);
    assert_eq!(
        kind,
        RootRangeOutOfBounds {
            root: 1,
            first: 2,
            count: 3,
            nodes: 4
        }
    );
    // Root range 2 names node 1, a depth-1 node.
    let kind = rejected(|t| {
        t.roots[2] = RootRange {
            first: 1,
            count: 1,
            flags: 0,
        }
    });
    assert_eq!(kind, RootDepth { node: 1, depth: 1 });
    // Root range 2 names node 0 again.
    let kind = rejected(|t| t.roots[2] = t.roots[0]);
    assert_eq!(kind, SharedNode { node: 0 });
}

#[test]
fn node_checks() {
    use VerifyErrorKind::*;
    let kind = rejected(|t| t.nodes[1].target = CellId(4));
    assert_eq!(
        kind,
        TargetOffBoard {
            node: 1,
            cell: 4,
            cells: 4
        }
    );
    let kind = rejected(|t| t.nodes[0].flags = Node::EN_PASSANT);
    assert_eq!(kind, EnPassantWithoutLanding { node: 0 });
    let kind = rejected(|t| t.nodes[2].flags |= Node::LAND_FOE);
    assert_eq!(kind, PushWithLanding { node: 2 });
    let kind = rejected(|t| t.nodes[3].flags |= Node::NEW_LEG);
    assert_eq!(kind, PushTargetFlags { node: 3 });
    let kind = rejected(|t| {
        t.nodes[3].child_count = 1;
        t.nodes[3].first_child = 4;
    });
    assert_eq!(kind, PushTargetChildren { node: 3 });
    let kind = rejected(|t| t.nodes[3].mask |= CLASS_EMPTY);
    assert_eq!(
        kind,
        PushTargetMask {
            node: 3,
            mask: CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE
        }
    );
    // A push target as a root of its own (root range 2).
    let kind = rejected(|t| {
        t.nodes.push(Node {
            depth: 0,
            ..t.nodes[3]
        });
        t.roots[2] = RootRange {
            first: 4,
            count: 1,
            flags: 0,
        };
    });
    assert_eq!(kind, PushTargetRoot { node: 4 });
    let kind = rejected(|t| t.nodes[1].mask = 16);
    assert_eq!(kind, ClassMask { node: 1, mask: 16 });
    let kind = rejected(|t| t.nodes[1].filter = 1);
    assert_eq!(
        kind,
        FilterOutOfRange {
            node: 1,
            filter: 1,
            filters: 1
        }
    );
}

/// The sample with a shared block: node 4, a shared node on b2 (cell 3) whose one child
/// is itself (a cycle, which the walk's whole-path rules end), hangs under node 1.
fn with_shared_cycle() -> MoveTable {
    let mut t = sample();
    t.nodes.push(Node {
        target: CellId(3),
        depth: 0,
        flags: Node::LAND_EMPTY,
        mask: CLASS_EMPTY | MASK_SHARED,
        filter: 0,
        child_count: 1,
        first_child: 4,
    });
    t.nodes[1].child_count = 1;
    t.nodes[1].first_child = 4;
    t
}

#[test]
fn shared_blocks_may_be_reached_from_many_places_but_never_cycle() {
    assert_eq!(
        verify(with_shared_cycle())
            .expect_err("a cycle")
            .kind()
            .clone(),
        VerifyErrorKind::SharedCycle { node: 4 }
    );
    let v = verify(without_cycle()).expect("a shared block verifies");
    // The walk's path buffer is the longest path the walk allows.
    assert_eq!(v.max_path(), MAX_DEPTH + 1);
    // A second tree node may point at the same block.
    let mut t = without_cycle();
    t.nodes[2] = Node {
        flags: Node::LAND_EMPTY,
        child_count: 1,
        first_child: 4,
        ..t.nodes[0]
    };
    t.nodes[3].flags = Node::LAND_EMPTY;
    t.nodes[3].child_count = 0;
    t.nodes[2].child_count = 0;
    verify(t).expect("a block reached from two trees verifies");
}

/// [`with_shared_cycle`] with the cycle cut: node 4 is a leaf.
fn without_cycle() -> MoveTable {
    let mut t = with_shared_cycle();
    t.nodes[4].child_count = 0;
    t
}

#[test]
fn walks_are_bounded() {
    // A chain of shared nodes, each a block of two records of the next: 2^k paths.
    let mut t = sample();
    let levels = 26;
    let mut nodes = sample().nodes;
    let base = nodes.len();
    for k in 0..levels {
        let last = k + 1 == levels;
        let rec = Node {
            target: CellId(if k % 2 == 0 { 3 } else { 0 }),
            depth: 0,
            flags: Node::LAND_EMPTY,
            mask: CLASS_EMPTY | MASK_SHARED,
            filter: 0,
            child_count: if last { 0 } else { 2 },
            first_child: (base + 2 * (k + 1)) as u32,
        };
        nodes.push(rec);
        nodes.push(rec);
    }
    nodes[1].child_count = 2;
    nodes[1].first_child = base as u32;
    t.nodes = nodes;
    let kind = verify(t).expect_err("2^26 paths").kind().clone();
    assert!(
        matches!(kind, VerifyErrorKind::WalkTooLong { root: 0, visits } if visits > MAX_WALK),
        "{kind:?}"
    );
}

#[test]
fn shared_checks() {
    let bad = |corrupt: fn(&mut MoveTable)| {
        let mut t = without_cycle();
        corrupt(&mut t);
        verify(t).expect_err("rejected").kind().clone()
    };
    use VerifyErrorKind::*;
    assert_eq!(
        bad(|t| t.nodes[4].depth = 2),
        SharedDepth { node: 4, depth: 2 }
    );
    assert_eq!(
        bad(|t| t.nodes[4].flags |= Node::EN_PASSANT),
        SharedFlags { node: 4 }
    );
    assert_eq!(
        bad(|t| t.nodes[0].mask |= MASK_SHARED),
        SharedRoot { node: 0 }
    );
    // A block that leads back into a tree: before it, or after it.
    assert_eq!(
        bad(|t| {
            t.nodes[4].first_child = 3;
            t.nodes[4].child_count = 1;
        }),
        ChildrenNotAfterParent {
            node: 4,
            first_child: 3
        }
    );
    assert_eq!(
        bad(|t| {
            t.nodes.push(Node {
                mask: CLASS_EMPTY,
                depth: 2,
                child_count: 0,
                ..t.nodes[4]
            });
            t.nodes[4].first_child = 5;
            t.nodes[4].child_count = 1;
        }),
        SharedIntoTree { node: 4, child: 5 }
    );
    // A tree node whose children are partly shared.
    assert_eq!(
        bad(|t| {
            // Node 0's children: node 3 (made a plain tree node) and node 4 (shared).
            t.nodes[2].flags = Node::LAND_EMPTY;
            t.nodes[2].child_count = 0;
            t.nodes[3] = Node {
                flags: Node::LAND_EMPTY,
                mask: CLASS_EMPTY,
                ..t.nodes[3]
            };
            t.nodes[1].child_count = 0;
            t.nodes[0].child_count = 2;
            t.nodes[0].first_child = 3;
        }),
        MixedBlock { node: 0 }
    );
}

#[test]
fn child_checks() {
    use VerifyErrorKind::*;
    let kind = rejected(|t| t.nodes[0].first_child = 0);
    assert_eq!(
        kind,
        ChildrenNotAfterParent {
            node: 0,
            first_child: 0
        }
    );
    let kind = rejected(|t| t.nodes[2].child_count = 2);
    assert_eq!(
        kind,
        ChildrenOutOfBounds {
            node: 2,
            first_child: 3,
            count: 2,
            nodes: 4
        }
    );
    // Node 0's children are nodes 1 and 2: node 2 is also root range 1's.
    let kind = rejected(|t| t.nodes[0].child_count = 2);
    assert_eq!(kind, SharedNode { node: 2 });
    let kind = rejected(|t| t.nodes[1].depth = 2);
    assert_eq!(kind, ChildDepth { node: 1, parent: 0 });
    let kind = rejected(|t| t.nodes[1].mask = 0);
    assert_eq!(kind, ChildNeverEnabled { node: 1 });
    // A push target under a node that does not push, and a push node's child that is
    // not a push target.
    let kind = rejected(|t| t.nodes[1].flags = Node::PUSH_TARGET);
    assert_eq!(kind, PushTargetPlacement { node: 1 });
    let kind = rejected(|t| t.nodes[3].flags = Node::LAND_EMPTY);
    assert_eq!(kind, PushTargetPlacement { node: 3 });
}

#[test]
fn depth_limit() {
    // A chain from root range 0 as deep as the limit allows, then one node deeper.
    let chain = |depth: usize| {
        let mut table = sample();
        table.nodes[1].child_count = 1;
        table.nodes[1].first_child = 4;
        for d in 2..=depth {
            let at = table.nodes.len();
            table.nodes.push(Node {
                target: CellId(0),
                depth: d as u8,
                flags: Node::LAND_EMPTY,
                mask: CLASS_EMPTY,
                filter: 0,
                child_count: u16::from(d < depth),
                first_child: at as u32 + 1,
            });
        }
        verify(table)
    };
    let verified = chain(MAX_DEPTH - 1).expect("depth MAX_DEPTH - 1 is allowed");
    assert_eq!(verified.max_path(), MAX_DEPTH);
    let e = chain(MAX_DEPTH).expect_err("depth MAX_DEPTH is not");
    assert_eq!(
        e.kind(),
        &VerifyErrorKind::TooDeep {
            node: MAX_DEPTH + 2,
            limit: MAX_DEPTH
        }
    );
}

/// A table whose root range 0 has `roots` roots; root 0 heads `levels` levels of
/// `fan_out` children each, where each level's first child holds the next level.
/// The walk's stack need at root 0 is `levels * (fan_out - 1) + 1`.
fn wide_and_deep(roots: u16, levels: usize, fan_out: u16) -> MoveTable {
    let mut table = sample();
    table.roots = vec![RootRange::default(); 8];
    table.roots[0] = RootRange {
        first: 0,
        count: roots,
        flags: 0,
    };
    let leaf = |depth: usize| Node {
        target: CellId(0),
        depth: depth as u8,
        flags: Node::LAND_EMPTY,
        mask: if depth == 0 { 0 } else { CLASS_EMPTY },
        filter: 0,
        child_count: 0,
        first_child: 0,
    };
    table.nodes = (0..roots).map(|_| leaf(0)).collect();
    let mut parent = 0;
    for level in 1..=levels {
        let first = table.nodes.len();
        table.nodes[parent].child_count = fan_out;
        table.nodes[parent].first_child = first as u32;
        table.nodes.extend((0..fan_out).map(|_| leaf(level)));
        parent = first;
    }
    table
}

#[test]
fn stack_limits() {
    let fan_out = u16::MAX;
    let per_level = fan_out as usize - 1;
    // The deepest chain whose root's need stays within MAX_STACK.
    let levels = (MAX_STACK - 1) / per_level;
    let need = levels * per_level + 1;
    assert!(need <= MAX_STACK && need + per_level > MAX_STACK);
    let verified = verify(wide_and_deep(1, levels, fan_out)).expect("within the limit");
    assert_eq!(verified.max_stack(), need);
    // One level more: a node's subtree needs too much.
    let e = verify(wide_and_deep(1, levels + 1, fan_out)).expect_err("one level more");
    assert_eq!(
        e.kind(),
        &VerifyErrorKind::NodeStackTooDeep {
            node: 0,
            limit: MAX_STACK
        }
    );
    // The same chain under a root with many siblings: only the root range is too much.
    let e = verify(wide_and_deep(fan_out, levels, fan_out)).expect_err("many roots");
    assert_eq!(
        e.kind(),
        &VerifyErrorKind::StackTooDeep { limit: MAX_STACK }
    );
}

/// A relative node is shared and names a direction the table lists; bit 6 of a node that
/// is not shared belongs to its pattern's mark.
#[test]
fn relative_nodes_are_shared_and_name_a_listed_direction() {
    use crate::ir::Vector;
    use crate::table::MASK_RELATIVE;
    // A shared chain (see `without_cycle`) whose last node is made relative.
    let mut t = without_cycle();
    let last = t.nodes.len() - 1;
    assert!(t.nodes[last].mask & MASK_SHARED != 0);
    t.nodes[last].mask |= MASK_RELATIVE;
    t.nodes[last].target = CellId(0);
    let err = verify(t.clone()).expect_err("no direction listed");
    assert!(matches!(
        err.kind(),
        VerifyErrorKind::RelativeTarget {
            direction: 0,
            directions: 0,
            ..
        }
    ));
    t.directions.push(Vector { dx: 1, dy: 0 });
    let ok = verify(t.clone()).expect("a listed direction");
    assert_eq!(ok.steps().len(), ok.table().board.cell_count());
    // Not shared, the same bit is part of a pattern's mark: the node is not relative.
    let mut plain = sample();
    plain.nodes[1].mask |= MASK_RELATIVE;
    assert!(!plain.nodes[1].is_relative());
    verify(plain).expect("a marked node");
    // Shared, the mark's other bit is refused.
    let mut t = without_cycle();
    t.nodes[last].mask |= 0x80;
    assert!(matches!(
        verify(t).expect_err("bit 7 on a shared node").kind(),
        VerifyErrorKind::ClassMask { .. }
    ));
}
