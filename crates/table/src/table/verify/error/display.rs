//! display: the text of each [`VerifyError`], naming the failed check and what it
//! failed on.

use super::super::{MAX_DIRECTIONS, MAX_STEPS, MAX_WALK};
use super::{VerifyError, VerifyErrorKind};
use std::fmt;

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use VerifyErrorKind::*;
        match &self.kind {
            CellCount { cells } => write!(f, "the board has {cells} cells"),
            PieceCount { pieces } => {
                write!(f, "the table has {pieces} pieces (1 to 127 allowed)")
            }
            PieceLetter { piece, letter } => {
                write!(f, "piece {piece} has letter {letter:?}, not A-Z")
            }
            DuplicateLetter { letter, .. } => write!(f, "two pieces share the letter {letter}"),
            RootRangeCount {
                found,
                expected,
                pieces,
                cells,
            } => write!(
                f,
                "the table has {found} root ranges; 2 sides x {pieces} pieces x {cells} cells need {expected}"
            ),
            FilterCount { filters } => write!(f, "the table has {filters} filters"),
            FilterMode { filter, mode } => write!(f, "filter {filter} has unknown mode {mode}"),
            NodeCount { nodes } => write!(f, "the table has {nodes} nodes"),
            RootFlags { root, flags } => write!(f, "root range {root} has bad flags {flags:#x}"),
            RootRangeOutOfBounds {
                root,
                first,
                count,
                nodes,
            } => write!(
                f,
                "root range {root} ({first}+{count}) runs past the {nodes} nodes"
            ),
            RootDepth { node, depth } => write!(f, "root node {node} has depth {depth}"),
            SharedNode { node } => write!(
                f,
                "node {node} is reached from two places; only shared nodes may be"
            ),
            SharedRoot { node } => {
                write!(f, "node {node} is a root but is marked shared and not relative")
            }
            SharedDepth { node, depth } => {
                write!(f, "shared node {node} has depth {depth}; shared nodes have none")
            }
            SharedFlags { node } => write!(
                f,
                "shared node {node} is marked initial or en passant"
            ),
            SharedIntoTree { node, child } => write!(
                f,
                "shared node {node} has child {child}, which is not shared"
            ),
            SharedCycle { node } => write!(f, "shared node {node} lies on a cycle"),
            WalkTooLong { root, visits } => write!(
                f,
                "a walk from the roots at node {root} could visit {visits} nodes; the limit is {MAX_WALK}"
            ),
            MixedBlock { node } => write!(
                f,
                "the children of node {node} are partly shared, partly not"
            ),
            TargetOffBoard { node, cell, cells } => write!(
                f,
                "node {node} targets cell {cell} but the board has {cells} cells"
            ),
            RelativeTarget {
                node,
                direction,
                directions,
            } => write!(
                f,
                "relative node {node} steps along direction {direction} but the table lists {directions}"
            ),
            TooManyDirections { directions, cells } => write!(
                f,
                "the table lists {directions} directions on {cells} cells; at most {} are allowed, and at most {} steps (directions × cells)",
                MAX_DIRECTIONS, MAX_STEPS
            ),
            EnPassantWithoutLanding { node } => write!(
                f,
                "node {node} is marked en passant but no move lands there"
            ),
            PushWithLanding { node } => write!(
                f,
                "node {node} is a push node but also has landing, en passant or push-target flags"
            ),
            PushTargetFlags { node } => write!(f, "push target node {node} has other flags too"),
            PushTargetChildren { node } => write!(f, "push target node {node} has children"),
            PushTargetMask { node, mask } => write!(
                f,
                "push target node {node} may push a piece from an empty cell (mask {mask:#x})"
            ),
            PushTargetRoot { node } => write!(f, "push target node {node} is a root"),
            ConvertFilter { node } => write!(f, "conversion node {node} names no one kind"),
            ClassMask { node, mask } => {
                write!(f, "node {node} has unknown class mask {mask:#x}")
            }
            FilterOutOfRange {
                node,
                filter,
                filters,
            } => write!(f, "node {node} uses filter {filter} of {filters}"),
            TooDeep { node, limit } => write!(f, "node {node} is deeper than {limit}"),
            ChildrenNotAfterParent { node, first_child } => write!(
                f,
                "node {node} has children at {first_child}, not after itself (a cycle is possible)"
            ),
            ChildrenOutOfBounds {
                node,
                first_child,
                count,
                nodes,
            } => write!(
                f,
                "node {node}'s children {first_child}+{count} run past the {nodes} nodes"
            ),
            ChildDepth { node, parent } => write!(
                f,
                "node {node} is a child of node {parent} but not one step deeper"
            ),
            ChildNeverEnabled { node } => write!(
                f,
                "node {node} is a child that no occupancy class enables"
            ),
            PushTargetPlacement { node } => write!(
                f,
                "node {node}: push targets are exactly the children of push nodes"
            ),
            NodeStackTooDeep { node, limit } => {
                write!(f, "node {node} needs a walk stack deeper than {limit}")
            }
            StackTooDeep { limit } => {
                write!(f, "the walk would need a stack deeper than {limit}")
            }
        }
    }
}
