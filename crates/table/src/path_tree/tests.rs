//! Tests of merged path trees: one trunk per shared prefix, the same complete paths as
//! the tree the walk visited, every ply reachable once.

use super::{Ending, LeafPath, PathTree, PathTreeBuilder};
use crate::Rules;
use std::collections::BTreeSet;

/// The merged and the unmerged tree of the piece on `from`.
fn trees(rules: &Rules, fen: &str, from: &str) -> (PathTree, PathTree) {
    let pos = rules.position(fen).expect("fen");
    let cell = rules.cell(from).expect("cell");
    let merged = rules.path_tree(&pos, cell).expect("a piece");
    let occ = crate::walk::Occupancy::occupant(&pos, cell);
    let mut b = PathTreeBuilder::new();
    rules
        .walker()
        .walk(&pos, occ.side(), occ.kind(), cell, &mut b);
    let unmerged = b.finish_unmerged(occ.side(), occ.kind(), cell);
    (merged, unmerged)
}

/// Checks what merging must keep: the same set of complete paths, none twice in the
/// merged tree, every ply among them. Returns the merged tree's paths.
fn same_leaves(merged: &PathTree, unmerged: &PathTree) -> Vec<LeafPath> {
    let leaves = merged.leaf_paths();
    let set: BTreeSet<LeafPath> = leaves.iter().cloned().collect();
    assert_eq!(set.len(), leaves.len(), "a complete path twice: {leaves:?}");
    let before: BTreeSet<LeafPath> = unmerged.leaf_paths().into_iter().collect();
    assert_eq!(set, before);
    for ply in &merged.plies {
        assert!(
            leaves.iter().any(|l| l.path == ply.path),
            "ply {ply:?} not in the tree"
        );
    }
    leaves
}

/// The cells of each segment, as text lines of cell names.
fn segment_cells(rules: &Rules, tree: &PathTree) -> Vec<String> {
    let board = &rules.table().table().board;
    tree.segments
        .iter()
        .map(|s| {
            s.steps
                .iter()
                .map(|st| board.cell_name(st.cell))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// d4-e5-f6 from c3, walked by a ride and by three steps in a row, and met again by a
/// hop: one trunk `d4 e5 f6` where the walk saw it three times.
#[test]
fn path_tree_d4_e5_f6_is_one_trunk() {
    let rules = crate::compile(
        "board square 8x8\npiece Mover (M) {\n  ride (1,1) up to 3\n  \
         step (1,1) then step same then step same\n  ride (1,1) via piece then step same\n}\npiece Pawn (P) { step forward }",
    )
    .expect("compiles");
    let fen = "8/6p1/8/8/8/2M5/8/8 w";
    let (merged, unmerged) = trees(&rules, fen, "c3");
    let text = merged.to_text(rules.table().table());
    let segs = segment_cells(&rules, &merged);
    let with_e5 = segs.iter().filter(|s| s.contains("e5")).count();
    assert_eq!(with_e5, 1, "{text}");
    let before = segment_cells(&rules, &unmerged);
    assert!(
        before.iter().filter(|s| s.contains("e5")).count() > 1,
        "{before:?}"
    );
    let leaves = same_leaves(&merged, &unmerged);
    assert!(leaves.iter().any(|l| l.ending == Ending::Quiet));
    println!("{text}");
}
