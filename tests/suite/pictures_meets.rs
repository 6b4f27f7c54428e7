//! SVG movement diagrams (`piecewise show`) of what a move does beyond its path: swaps,
//! friend captures, conversions, activations (each ply of a cascade and the link
//! between plies) and the cells burns and blasts clear, each with a symbol of its own.
//! Each picture is an insta snapshot; the marks behind it are asserted cell by cell.

use piecewise::picture::{CellMarks, GameDiagram, Marks};
use piecewise::Game;

use crate::common;

/// `piecewise show RULES --fen FEN --from CELL` writing to standard output.
fn show(rules: &str, fen: &str, from: &str) -> String {
    let o = common::cli::run(&["show", rules, "--fen", fen, "--from", from, "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::cli::stderr(&o));
    String::from_utf8(o.stdout).expect("utf-8")
}

/// The marks `show` draws for the piece on `from` in `fen`.
fn marks(g: &Game, fen: &str, from: &str) -> Marks {
    let pos = g.position(fen).expect("fen");
    let cell = g.rules().cell(from).expect("cell");
    let picture = GameDiagram::new(g)
        .position(&pos)
        .moves_from(cell)
        .draw()
        .expect("draws");
    picture.marks().expect("marks").clone()
}

/// Names of the cells whose marks satisfy `f`, sorted.
fn cells(g: &Game, m: &Marks, f: fn(&CellMarks) -> bool) -> Vec<String> {
    let mut v: Vec<String> = m
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| f(c))
        .map(|(i, _)| g.rules().cell_name(piecewise::ids::CellId(i as u16)))
        .collect();
    v.sort();
    v
}

fn links(g: &Game, pairs: &[(usize, usize)]) -> Vec<String> {
    let name = |i: usize| g.rules().cell_name(piecewise::ids::CellId(i as u16));
    pairs
        .iter()
        .map(|&(a, b)| format!("{}>{}", name(a), name(b)))
        .collect()
}

/// The Swapper on c2 swaps with its Knight on d2 (a violet ring and an arrow back to
/// c2), steps to the other empty cells, and captures the pawn on c3 by an ordinary
/// step (a red ring: the swap is friends only).
#[test]
fn svg_swaps_have_a_ring_and_an_arrow_of_their_own() {
    let g = common::game("landing");
    let fen = "4k3/8/8/8/8/2p5/2SN4/4K3 w - - 0 1";
    let m = marks(&g, fen, "c2");
    assert_eq!(cells(&g, &m, |c| c.swap), ["d2"]);
    assert_eq!(links(&g, &m.swaps), ["d2>c2"]);
    assert!(m.pushes.is_empty(), "a swap is not drawn as a push");
    assert_eq!(cells(&g, &m, |c| c.capture), ["c3"]);
    let svg = show("rules/landing.rules", fen, "c2");
    assert!(svg.contains("swap (arrow: where it goes)"));
    insta::assert_snapshot!(svg);
}

/// The Cannibal on b1 may capture its own pawn on d2 (a dashed red ring), not its
/// Knight on c3 (`capture friend Pawn`).
#[test]
fn svg_friend_captures_have_a_dashed_ring() {
    let g = common::game("landing");
    let fen = "4k3/8/8/8/8/2N5/3P4/1C2K3 w - - 0 1";
    let m = marks(&g, fen, "b1");
    assert_eq!(cells(&g, &m, |c| c.friend_capture), ["d2"]);
    assert!(cells(&g, &m, |c| c.capture).is_empty());
    let svg = show("rules/landing.rules", fen, "b1");
    assert!(svg.contains("capture of a friend"));
    insta::assert_snapshot!(svg);
}

/// The Missionary on d3 converts the enemy knight on b5 and the enemy Missionary on
/// f5 (purple rings; no capture ring: it captures nothing), not the king on g6, and
/// moves to the empty cells of its diagonals.
#[test]
fn svg_conversions_have_a_ring_of_their_own() {
    let g = common::game("landing");
    let fen = "8/8/6k1/1n3m2/8/3M4/8/4K3 w - - 0 1";
    let m = marks(&g, fen, "d3");
    assert_eq!(cells(&g, &m, |c| c.convert), ["b5", "f5"]);
    assert!(cells(&g, &m, |c| c.capture).is_empty());
    let svg = show("rules/landing.rules", fen, "d3");
    assert!(svg.contains("conversion"));
    insta::assert_snapshot!(svg);
}

/// The Rook on a1 activates its Wave on c1 (a teal ring); the Wave then moves as a
/// Rook from c1, never capturing: up the c-file to c7 (c8 holds an enemy), and along
/// the first rank to a1 (the Rook's start, empty once it moved) and to g1. Each of
/// those is a teal dot, linked to c1 by a dashed teal arrow: the second ply.
#[test]
fn svg_activations_draw_each_ply_of_the_cascade_and_the_links() {
    let g = common::game("activation");
    let fen = "2r4k/8/8/8/8/8/8/R1W4K w - - 0 1";
    let m = marks(&g, fen, "a1");
    assert_eq!(cells(&g, &m, |c| c.activate), ["c1"]);
    let ends = [
        "a1", "b1", "c2", "c3", "c4", "c5", "c6", "c7", "d1", "e1", "f1", "g1",
    ];
    assert_eq!(cells(&g, &m, |c| c.cascade), ends);
    let want: Vec<String> = ends.iter().map(|e| format!("c1>{e}")).collect();
    let mut got = links(&g, &m.cascades);
    got.sort();
    assert_eq!(got, want);
    let svg = show("rules/activation.rules", fen, "a1");
    assert!(svg.contains("activation (it moves next)"));
    assert!(svg.contains("next ply of a cascade"));
    insta::assert_snapshot!(svg);
}

/// The Fire Demon on d4 burns after its slide: the pawns on d6 and e6 (from d5, e5 or
/// by taking e6's neighbour cells), a7 (from b6), and never the enemy Fire Demon on
/// f6 (`burn foe not FireDemon`). Each burned piece wears an orange flame badge.
#[test]
fn svg_burned_cells_wear_a_flame() {
    let g = common::game("pattern-actions");
    let fen = "4k3/p7/3ppf2/8/3F4/8/8/4K3 w - - 0 1";
    let m = marks(&g, fen, "d4");
    assert_eq!(cells(&g, &m, |c| c.burned), ["a7", "d6", "e6"]);
    assert!(cells(&g, &m, |c| c.blast).is_empty());
    let svg = show("rules/pattern-actions.rules", fen, "d4");
    assert!(svg.contains("burned"));
    insta::assert_snapshot!(svg);
}

/// The Bomber on d2 blows up the knight and bishop next to the rook it captures on d5
/// (dark star badges); the pawn on d6 is spared.
#[test]
fn svg_blown_up_cells_wear_a_star() {
    let g = common::game("pattern-actions");
    let fen = "4k3/8/2npb3/3r4/8/8/3X4/4K3 w - - 0 1";
    let m = marks(&g, fen, "d2");
    assert_eq!(cells(&g, &m, |c| c.blast), ["c6", "e6"]);
    assert_eq!(cells(&g, &m, |c| c.capture), ["d5"]);
    let svg = show("rules/pattern-actions.rules", fen, "d2");
    assert!(svg.contains("blown up"));
    insta::assert_snapshot!(svg);
}
