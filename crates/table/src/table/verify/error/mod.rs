//! The verifier's error: [`VerifyError`] wraps a [`VerifyErrorKind`] that names the
//! check a table failed and the node, root range, filter or piece where it failed.
//!
//! Owns the error type and its text, nothing about the checks themselves (they are in
//! `verify/mod.rs`, one constructor per check).

mod display;

use super::super::layout::MAX_DEPTH;
use super::MAX_STACK;

/// Why a table was rejected: which check failed ([`VerifyError::kind`]) and where.
///
/// The text (`Display`) is a sentence for people; code that must tell failures apart
/// branches on the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    kind: VerifyErrorKind,
}

/// The check a table failed, with the indices that locate the failure. Node, root range,
/// filter and piece numbers index [`MoveTable`](crate::table::MoveTable)'s vectors.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VerifyErrorKind {
    /// The board has no cell, or more than `u16::MAX`.
    CellCount {
        /// The board's cell count.
        cells: usize,
    },
    /// The table has no piece, or more than 64.
    PieceCount {
        /// The number of pieces.
        pieces: usize,
    },
    /// A piece's letter is not an ASCII uppercase letter.
    PieceLetter {
        /// The piece's index.
        piece: usize,
        /// Its letter.
        letter: char,
    },
    /// Two pieces have the same letter and the same `+` mark.
    DuplicateLetter {
        /// The later piece's index.
        piece: usize,
        /// The earlier piece with the same letter.
        original: usize,
        /// The letter as FEN writes it for the first side (`P`, `+P`).
        letter: String,
    },
    /// The number of root ranges is not 2 sides × pieces × cells.
    RootRangeCount {
        /// Root ranges in the table.
        found: usize,
        /// Root ranges the board and pieces need.
        expected: usize,
        /// The number of pieces.
        pieces: usize,
        /// The board's cell count.
        cells: usize,
    },
    /// The table has no filter (filter 0 is "any kind"), or more than 256.
    FilterCount {
        /// The number of filters.
        filters: usize,
    },
    /// A filter's mode is not 0 (any), 1 (only) or 2 (except).
    FilterMode {
        /// The filter's index.
        filter: usize,
        /// Its mode byte.
        mode: u8,
    },
    /// More nodes than a `u32` can index.
    NodeCount {
        /// The number of nodes.
        nodes: usize,
    },
    /// A root range has flag bits with no meaning.
    RootFlags {
        /// The root range's index.
        root: usize,
        /// Its flags.
        flags: u16,
    },
    /// A root range names nodes past the end of the node array.
    RootRangeOutOfBounds {
        /// The root range's index.
        root: usize,
        /// Its first node.
        first: u32,
        /// Its node count.
        count: u16,
        /// The number of nodes in the table.
        nodes: usize,
    },
    /// A node named by a root range is not at depth 0.
    RootDepth {
        /// The node's index.
        node: usize,
        /// Its depth.
        depth: u8,
    },
    /// A node is named by two parents (or root ranges): the table is not a forest.
    SharedNode {
        /// The node's index.
        node: usize,
    },
    /// A root range names a shared node that is not relative (an absolute shared node
    /// belongs to no start cell).
    SharedRoot {
        /// The node's index.
        node: usize,
    },
    /// A shared node has a depth (shared nodes have none: the walk counts the path).
    SharedDepth {
        /// The node's index.
        node: usize,
        /// Its depth.
        depth: u8,
    },
    /// A shared node has `INITIAL` or `EN_PASSANT` (patterns with either are never
    /// shared).
    SharedFlags {
        /// The node's index.
        node: usize,
    },
    /// A shared node has a child that is not shared: a block leads back into a tree.
    SharedIntoTree {
        /// The shared node's index.
        node: usize,
        /// The child's index.
        child: usize,
    },
    /// A node's children are neither all shared nor all of its own tree.
    MixedBlock {
        /// The parent's index.
        node: usize,
    },
    /// Shared blocks lead round to a node already on the way (a cycle).
    SharedCycle {
        /// A node on the cycle.
        node: usize,
    },
    /// A walk from one start cell could visit more nodes than [`super::MAX_WALK`].
    WalkTooLong {
        /// The first root of the range.
        root: usize,
        /// The nodes it could visit (saturating).
        visits: u64,
    },
    /// A node's target is not a cell of the board.
    TargetOffBoard {
        /// The node's index.
        node: usize,
        /// The target cell.
        cell: u16,
        /// The board's cell count.
        cells: usize,
    },
    /// A relative node (`MASK_RELATIVE`) names a direction the table does not list.
    RelativeTarget {
        /// The node's index.
        node: usize,
        /// The direction index it names.
        direction: u16,
        /// How many directions the table lists.
        directions: usize,
    },
    /// The table lists more directions than [`super::MAX_DIRECTIONS`], or more than
    /// its step table holds ([`super::MAX_STEPS`] entries, directions × cells).
    TooManyDirections {
        /// How many it lists.
        directions: usize,
        /// The board's cells.
        cells: usize,
    },
    /// An `EN_PASSANT` node is not a landing node.
    EnPassantWithoutLanding {
        /// The node's index.
        node: usize,
    },
    /// A `PUSH` node also has landing, en passant or push-target flags.
    PushWithLanding {
        /// The node's index.
        node: usize,
    },
    /// A `PUSH_TARGET` node has other flags too.
    PushTargetFlags {
        /// The node's index.
        node: usize,
    },
    /// A `PUSH_TARGET` node has children.
    PushTargetChildren {
        /// The node's index.
        node: usize,
    },
    /// A `PUSH_TARGET` node's mask admits the empty class (or unknown bits).
    PushTargetMask {
        /// The node's index.
        node: usize,
        /// Its class mask.
        mask: u8,
    },
    /// A conversion's filter names no single kind of the table (see `MEET_CONVERT`).
    ConvertFilter {
        /// The node's index.
        node: usize,
    },
    /// A `PUSH_TARGET` node is a root.
    PushTargetRoot {
        /// The node's index.
        node: usize,
    },
    /// A node's class mask has bits other than `CLASS_*`.
    ClassMask {
        /// The node's index.
        node: usize,
        /// Its class mask.
        mask: u8,
    },
    /// A node names a filter the table does not have.
    FilterOutOfRange {
        /// The node's index.
        node: usize,
        /// The filter it names.
        filter: u8,
        /// The number of filters.
        filters: usize,
    },
    /// A node's depth is [`MAX_DEPTH`] or more.
    TooDeep {
        /// The node's index.
        node: usize,
        /// The limit, [`MAX_DEPTH`].
        limit: usize,
    },
    /// A node's children do not come after it (a cycle would be possible).
    ChildrenNotAfterParent {
        /// The node's index.
        node: usize,
        /// Its first child.
        first_child: usize,
    },
    /// A node's children run past the end of the node array.
    ChildrenOutOfBounds {
        /// The node's index.
        node: usize,
        /// Its first child.
        first_child: usize,
        /// Its child count.
        count: u16,
        /// The number of nodes in the table.
        nodes: usize,
    },
    /// A child is not exactly one step deeper than its parent.
    ChildDepth {
        /// The child's index.
        node: usize,
        /// The parent's index.
        parent: usize,
    },
    /// A child's mask is 0: no occupancy class of the parent's target enables it.
    ChildNeverEnabled {
        /// The child's index.
        node: usize,
    },
    /// A `PUSH_TARGET` node that is not the child of a `PUSH` node, or a `PUSH` node's
    /// child that is not a `PUSH_TARGET`.
    PushTargetPlacement {
        /// The child's index.
        node: usize,
    },
    /// A node's subtree needs a walk stack deeper than [`MAX_STACK`].
    NodeStackTooDeep {
        /// The node's index.
        node: usize,
        /// The limit, [`MAX_STACK`].
        limit: usize,
    },
    /// A root range's trees need a walk stack deeper than [`MAX_STACK`].
    StackTooDeep {
        /// The limit, [`MAX_STACK`].
        limit: usize,
    },
}

impl VerifyError {
    /// Which check failed, and where.
    pub fn kind(&self) -> &VerifyErrorKind {
        &self.kind
    }

    /// The text of the error (the same as `Display`; its place is in its kind).
    pub fn message(&self) -> String {
        self.to_string()
    }

    pub(crate) fn new(kind: VerifyErrorKind) -> VerifyError {
        VerifyError { kind }
    }

    pub(crate) fn cell_count(cells: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::CellCount { cells })
    }

    pub(crate) fn piece_count(pieces: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PieceCount { pieces })
    }

    pub(crate) fn piece_letter(piece: usize, letter: char) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PieceLetter { piece, letter })
    }

    pub(crate) fn duplicate_letter(piece: usize, original: usize, letter: String) -> VerifyError {
        VerifyError::new(VerifyErrorKind::DuplicateLetter {
            piece,
            original,
            letter,
        })
    }

    pub(crate) fn root_range_count(
        found: usize,
        expected: usize,
        pieces: usize,
        cells: usize,
    ) -> VerifyError {
        VerifyError::new(VerifyErrorKind::RootRangeCount {
            found,
            expected,
            pieces,
            cells,
        })
    }

    pub(crate) fn filter_count(filters: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::FilterCount { filters })
    }

    pub(crate) fn filter_mode(filter: usize, mode: u8) -> VerifyError {
        VerifyError::new(VerifyErrorKind::FilterMode { filter, mode })
    }

    pub(crate) fn node_count(nodes: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::NodeCount { nodes })
    }

    pub(crate) fn root_flags(root: usize, flags: u16) -> VerifyError {
        VerifyError::new(VerifyErrorKind::RootFlags { root, flags })
    }

    pub(crate) fn root_range_out_of_bounds(
        root: usize,
        first: u32,
        count: u16,
        nodes: usize,
    ) -> VerifyError {
        VerifyError::new(VerifyErrorKind::RootRangeOutOfBounds {
            root,
            first,
            count,
            nodes,
        })
    }

    pub(crate) fn root_depth(node: usize, depth: u8) -> VerifyError {
        VerifyError::new(VerifyErrorKind::RootDepth { node, depth })
    }

    pub(crate) fn shared_node(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::SharedNode { node })
    }

    pub(crate) fn shared_root(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::SharedRoot { node })
    }

    pub(crate) fn shared_depth(node: usize, depth: u8) -> VerifyError {
        VerifyError::new(VerifyErrorKind::SharedDepth { node, depth })
    }

    pub(crate) fn shared_flags(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::SharedFlags { node })
    }

    pub(crate) fn shared_into_tree(node: usize, child: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::SharedIntoTree { node, child })
    }

    pub(crate) fn mixed_block(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::MixedBlock { node })
    }

    pub(crate) fn shared_cycle(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::SharedCycle { node })
    }

    pub(crate) fn walk_too_long(root: usize, visits: u64) -> VerifyError {
        VerifyError::new(VerifyErrorKind::WalkTooLong { root, visits })
    }

    pub(crate) fn target_off_board(node: usize, cell: u16, cells: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::TargetOffBoard { node, cell, cells })
    }

    pub(crate) fn relative_target(node: usize, direction: u16, directions: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::RelativeTarget {
            node,
            direction,
            directions,
        })
    }

    pub(crate) fn too_many_directions(directions: usize, cells: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::TooManyDirections { directions, cells })
    }

    pub(crate) fn en_passant_without_landing(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::EnPassantWithoutLanding { node })
    }

    pub(crate) fn push_with_landing(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PushWithLanding { node })
    }

    pub(crate) fn push_target_flags(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PushTargetFlags { node })
    }

    pub(crate) fn push_target_children(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PushTargetChildren { node })
    }

    pub(crate) fn push_target_mask(node: usize, mask: u8) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PushTargetMask { node, mask })
    }

    pub(crate) fn push_target_root(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PushTargetRoot { node })
    }

    pub(crate) fn class_mask(node: usize, mask: u8) -> VerifyError {
        VerifyError::new(VerifyErrorKind::ClassMask { node, mask })
    }

    pub(crate) fn filter_out_of_range(node: usize, filter: u8, filters: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::FilterOutOfRange {
            node,
            filter,
            filters,
        })
    }

    pub(crate) fn too_deep(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::TooDeep {
            node,
            limit: MAX_DEPTH,
        })
    }

    pub(crate) fn children_not_after_parent(node: usize, first_child: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::ChildrenNotAfterParent { node, first_child })
    }

    pub(crate) fn children_out_of_bounds(
        node: usize,
        first_child: usize,
        count: u16,
        nodes: usize,
    ) -> VerifyError {
        VerifyError::new(VerifyErrorKind::ChildrenOutOfBounds {
            node,
            first_child,
            count,
            nodes,
        })
    }

    pub(crate) fn child_depth(node: usize, parent: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::ChildDepth { node, parent })
    }

    pub(crate) fn child_never_enabled(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::ChildNeverEnabled { node })
    }

    pub(crate) fn push_target_placement(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::PushTargetPlacement { node })
    }

    pub(crate) fn node_stack_too_deep(node: usize) -> VerifyError {
        VerifyError::new(VerifyErrorKind::NodeStackTooDeep {
            node,
            limit: MAX_STACK,
        })
    }

    pub(crate) fn stack_too_deep() -> VerifyError {
        VerifyError::new(VerifyErrorKind::StackTooDeep { limit: MAX_STACK })
    }
}

impl std::error::Error for VerifyError {}
