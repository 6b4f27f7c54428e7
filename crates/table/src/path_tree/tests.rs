//! Tests of merged path trees: one trunk per shared prefix, the same complete paths as
//! the tree the walk visited, every ply reachable once.

use super::{Ending, LeafPath, PathTree, PathTreeBuilder, SegId};
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
    assert!(
        text.contains("\n  d4* e5* f6* g7  [meets foe p (black Pawn): pass over]\n    fork: h8*\n")
    );
    same_leaves(&merged, &unmerged);
}

/// The id of the one segment whose cells are `cells` (names, space-separated).
fn seg_of(rules: &Rules, tree: &PathTree, cells: &str) -> SegId {
    let found: Vec<usize> = segment_cells(rules, tree)
        .iter()
        .enumerate()
        .filter(|(_, s)| *s == cells)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(found.len(), 1, "{cells}: {:?}", segment_cells(rules, tree));
    SegId(found[0] as u32)
}

/// The segments of the `alt` chain that starts at `first`.
fn chain_ids(tree: &PathTree, first: Option<SegId>) -> Vec<SegId> {
    let mut out = Vec::new();
    let mut at = first;
    while let Some(id) = at {
        out.push(id);
        at = tree.segments[id.index()].alt;
    }
    out
}

/// The segments of the `alt` chain that starts at `first`, as cell texts.
fn chain(rules: &Rules, tree: &PathTree, first: Option<SegId>) -> Vec<String> {
    let cells = segment_cells(rules, tree);
    chain_ids(tree, first)
        .into_iter()
        .map(|id| cells[id.index()].clone())
        .collect()
}

fn leaf(rules: &Rules, path: &str, passing: &str, ending: Ending) -> LeafPath {
    let cells = |s: &str| -> Vec<_> {
        s.split_whitespace()
            .map(|c| rules.cell(c).expect("cell"))
            .collect()
    };
    LeafPath {
        path: cells(path),
        captures_in_passing: cells(passing),
        ending,
    }
}

/// The Bishop of `rules/croatian-one.rules` on an 8×8 board (slides, transparency
/// through Starchilds, one divergence from a Starchild).
const BISHOP: &str = "board square 8x8
piece Bishop (B) {
    ride diagonal
    ride diagonal via piece Starchild then repeat { ride same via piece Starchild }
    ride diagonal via piece Starchild then ride diagonal
}
piece Starchild (I) { }
piece Pawn (P) { step forward }";

/// The seed's "Alternative paths" and "Forking paths": a Bishop on b2 meets the
/// opponent's Starchild on d4 (`A` = c3 d4). Its alternatives there are the capture
/// (`A --> B1`: the ply ends on d4) and transparency (`A --> B0 --> C`: on along the
/// diagonal to the pawn on g7); the divergence forks once from d4 (`fork`) and its
/// other directions follow by `alt` ("fork link was used only once"). One trunk to d4,
/// where the walk saw two (the slide and transparency share theirs in the table, the
/// divergence has its own), and one e5 f6 g7 where it saw four segments.
#[test]
fn path_tree_seed_alternative_and_forking_paths() {
    let rules = crate::compile(BISHOP).expect("compiles");
    let (merged, unmerged) = trees(&rules, "8/6p1/8/8/3i4/8/1B6/8 w", "b2");
    let a = seg_of(&rules, &merged, "c3 d4");
    let before = segment_cells(&rules, &unmerged);
    assert_eq!(
        before.iter().filter(|s| *s == "c3 d4").count(),
        2,
        "{before:?}"
    );
    let e5_f6 = |s: &&String| s.starts_with("e5") || s.starts_with("f6");
    assert_eq!(before.iter().filter(e5_f6).count(), 4, "{before:?}");
    let seg = &merged.segments[a.index()];
    let met = seg.encounter.as_ref().expect("the Starchild");
    assert!(met.capture && met.hop && !met.locust);
    assert_eq!(seg.next, None);
    assert_eq!(
        chain(&rules, &merged, seg.fork),
        ["e5 f6 g7", "c5 b6 a7", "e3 f2 g1"]
    );
    for s in chain(&rules, &merged, seg.fork) {
        let s = &merged.segments[seg_of(&rules, &merged, &s).index()];
        assert!(s.starts_leg && s.next.is_none() && s.fork.is_none());
    }
    assert_eq!(
        chain(&rules, &merged, merged.root),
        ["a1", "a3", "c1", "c3 d4"]
    );
    let leaves = same_leaves(&merged, &unmerged);
    for l in [
        leaf(&rules, "c3 d4", "", Ending::Capture),
        leaf(&rules, "c3 d4 e5 f6 g7", "", Ending::Capture),
        leaf(&rules, "c3 d4 c5 b6", "", Ending::Quiet),
    ] {
        assert!(leaves.contains(&l), "{l:?}");
    }
    // The Starchild stays on every path past it: nothing captured in passing.
    assert!(leaves.iter().all(|l| l.captures_in_passing.is_empty()));
}

/// The seed's "Substitute paths", "Subsequent paths" and "Complete paths" on a
/// triangle board, where a straight line forks and a push has two cells: a Pusher
/// that steps or rides, pushing a Box (as Trioban's Pusher, twice). The Box on d4
/// may go to d3 or e4: one segment and one `sub` substitute with the other side
/// effect and no continuation. A ride through b4 goes on two ways in the same leg
/// (`next`, then `alt`). A complete path stitches segments: b4, then b3 a3 a2.
#[test]
fn path_tree_seed_substitute_and_subsequent_paths() {
    let rules = crate::compile(
        "board tri 6x6\npiece Pusher (P) {\n  step orthogonal, push Box\n  \
         ride orthogonal, push Box\n}\npiece Box (B) { }",
    )
    .expect("compiles");
    let (merged, unmerged) = trees(&rules, "6/6/2PB2/6/6/6 w", "c4");
    let roots = chain_ids(&merged, merged.root);
    let cells = segment_cells(&rules, &merged);
    let d4: Vec<_> = roots
        .iter()
        .filter(|id| cells[id.index()] == "d4")
        .collect();
    assert_eq!(d4.len(), 1, "{cells:?}");
    let d4 = &merged.segments[d4[0].index()];
    let board = &rules.table().table().board;
    let name = |c| board.cell_name(c);
    assert_eq!(
        d4.encounter
            .as_ref()
            .and_then(|e| e.push)
            .map(name)
            .as_deref(),
        Some("d3")
    );
    let sub = &merged.segments[d4.sub.expect("a substitute").index()];
    assert_eq!(
        sub.encounter
            .as_ref()
            .and_then(|e| e.push)
            .map(name)
            .as_deref(),
        Some("e4")
    );
    assert!(sub.next.is_none() && sub.fork.is_none() && sub.sub.is_none());
    let b4 = &merged.segments[seg_of(&rules, &merged, "b4").index()];
    assert_eq!(chain(&rules, &merged, b4.next), ["a4", "b3 a3 a2"]);
    assert!(b4.fork.is_none());
    let leaves = same_leaves(&merged, &unmerged);
    for l in [
        leaf(&rules, "d4", "", Ending::Push(rules.cell("d3").unwrap())),
        leaf(&rules, "d4", "", Ending::Push(rules.cell("e4").unwrap())),
        leaf(&rules, "b4 b3 a3 a2", "", Ending::Quiet),
    ] {
        assert!(leaves.contains(&l), "{l:?}");
    }
}
