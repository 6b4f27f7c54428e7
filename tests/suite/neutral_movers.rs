//! Neutral pieces that either side moves (`neutral Star, moved by either side`): exact
//! legal moves of both sides on hand-made positions, no captures by or of them, FENs
//! written by play read back to the same position and hash, make/unmake for every
//! move, perft against a brute-force count, and the diagnostics.

use piecewise::Game;

use crate::common;
use common::{legal, play};

/// 5x5: kings, a rook, a Star either side moves one step orthogonally.
const STAR: &str = "board square 5x5
royal King
neutral Star, moved by either side
piece King (K) { step any }
piece Rook (R) { ride orthogonal }
piece Star (S) { step orthogonal }
";

fn star() -> Game {
    Game::compile(STAR).unwrap_or_else(|d| panic!("{d:?}"))
}

#[test]
fn either_side_moves_the_star() {
    let g = star();
    // k a5, Star c3, R b1, K e1. Black: the king to a4 (b4, b5 are on the rook's file),
    // or the Star one step each way.
    assert_eq!(
        legal(&g, "k4/5/2*2/5/1R2K b - - 0 1"),
        ["a5a4", "c3b3", "c3c2", "c3c4", "c3d3"]
    );
    // White, after the Star went to b3 and shut the b-file: the rook stops below it,
    // and White may move the Star too.
    let fen = play(&g, "k4/5/2*2/5/1R2K b - - 0 1", &["c3b3"]);
    assert_eq!(fen, "k4/5/1*3/5/1R2K w - - 1 2");
    assert_eq!(
        legal(&g, &fen),
        [
            "b1a1", "b1b2", "b1c1", "b1d1", // the rook: b3 is a wall
            "b3a3", "b3b2", "b3b4", "b3c3", // the Star
            "e1d1", "e1d2", "e1e2",
        ]
    );
}

#[test]
fn the_star_neither_captures_nor_is_captured() {
    let g = star();
    // The Star next to the black king and the white rook: it moves only to empty cells,
    // and the rook cannot take it.
    let moves = legal(&g, "5/5/1k*R1/5/4K w - - 0 1");
    assert!(
        !moves.contains(&"c3b3".to_string()),
        "no capture by the Star"
    );
    assert!(
        !moves.contains(&"d3c3".to_string()),
        "no capture of the Star"
    );
    assert!(moves.contains(&"c3c4".to_string()) && moves.contains(&"c3c2".to_string()));
    // A Star that would block a check can be moved by the checked side: k a5 in check
    // from R a1, Star b4 steps to a4.
    assert!(legal(&g, "k4/1*3/5/5/R3K b - - 0 1").contains(&"b4a4".to_string()));
}

#[test]
fn fen_after_play_reads_back_and_unmake_restores() {
    let g = star();
    let start = "k4/5/2*2/5/1R2K b - - 0 1";
    let moves = ["c3c2", "b1b4", "c2d2", "e1e2"];
    let fen = play(&g, start, &moves);
    assert_eq!(fen, "k4/1R3/5/3*K/5 b - - 4 3");
    let mut pos = g.position(start).unwrap();
    for m in moves {
        let mv = g.parse_uci(&pos, m).unwrap();
        g.make(&mut pos, &mv);
    }
    let back = g.position(&fen).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.hash(), pos.hash());
    for fen in [start, "5/5/1k*R1/5/4K w - - 0 1", &fen] {
        let mut pos = g.position(fen).unwrap();
        let before = pos.clone();
        for m in g.legal_moves(&before) {
            let undo = g.make(&mut pos, &m);
            assert_eq!(g.position(&g.fen(&pos)).unwrap().hash(), pos.hash());
            g.unmake(&mut pos, undo);
            assert_eq!(pos, before, "{fen} {}", g.uci(&m));
            assert_eq!(pos.hash(), before.hash());
        }
    }
}

#[test]
fn perft_agrees_with_a_brute_force_count() {
    let g = common::game("neutral-movers");
    let start = g.start_position().unwrap();
    for depth in 1..=3 {
        assert_eq!(
            g.perft(&start, depth),
            common::perft_through_fen(&g, &start, depth),
            "depth {depth}"
        );
    }
    let g = star();
    let pos = g.position("k4/5/2*2/5/1R2K w - - 0 1").unwrap();
    assert_eq!(g.perft(&pos, 4), common::perft_through_fen(&g, &pos, 4));
}

use common::check_codes as codes;

#[test]
fn moved_by_either_side_has_diagnostics() {
    let base = "board square 5x5\npiece King (K) { step any }\n";
    let ok = "piece Star (S) { step orthogonal }\nneutral Star, moved by either side\n";
    assert!(
        codes(&format!("{base}{ok}")).is_empty(),
        "no W0005: its patterns are used"
    );
    assert_eq!(
        codes(&format!(
            "{base}piece Star (S) {{ step orthogonal }}\nneutral Star\n"
        )),
        ["W0005"]
    );
    for bad in [
        "step orthogonal, capture only",
        "step orthogonal, push",
        "step orthogonal, swap",
        "step orthogonal via foe captured then step same",
    ] {
        let src = format!("{base}piece Star (S) {{ {bad} }}\nneutral Star, moved by either side\n");
        assert_eq!(codes(&src), ["E0932"], "{bad}");
    }
    assert_eq!(
        codes(&format!(
            "{base}piece Duck (D) {{ }}\nneutral Duck, after each move, moved by either side\n"
        )),
        ["E0932"]
    );
    assert_eq!(
        codes(&format!("{base}piece Star (S) {{ step any }}\nneutral Star, moved by either side, moved by either side\n")),
        ["E0701"]
    );
}
