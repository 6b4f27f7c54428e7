//! `for first` / `for second`: patterns of one side's pieces only (rules/sides.rules).
//! Exact move lists for both sides, attacks that follow the attacker's side, `like`
//! with a side, the diagnostics, Betza export refusing it, and perft equal to the same
//! game written with two pieces (one per side) instead of one.

use crate::common;

use common::{game, legal};
use piecewise::ids::PieceId;
use piecewise::{betza, Game};

const START: &str = "4k3/3hs3/8/8/8/8/3SH3/4K3 w - - 0 1";

#[test]
fn each_side_moves_by_its_own_patterns() {
    let g = game("sides");
    assert_eq!(
        legal(&g, START),
        [
            "d2d3", "e1d1", "e1f1", "e1f2", // the Sergeant's step, the King
            // the first side's Shaman: knight leaps and diagonal steps
            "e2c1", "e2c3", "e2d1", "e2d3", "e2d4", "e2f1", "e2f3", "e2f4", "e2g1", "e2g3",
        ]
    );
    let black = START.replace(" w ", " b ");
    assert_eq!(
        legal(&g, &black),
        [
            // the second side's Shaman: camel leaps and orthogonal steps
            "d7a6", "d7a8", "d7c4", "d7c7", "d7d6", "d7d8", "d7e4", "d7g6", "d7g8",
            // its Sergeant borrows nothing (`like Shaman, for first`)
            "e7e6", "e8d8", "e8f7", "e8f8",
        ]
    );
}

#[test]
fn a_cell_is_attacked_by_the_attackers_own_patterns() {
    let g = game("sides");
    // The second side's Shaman on a5 reaches b2 (a camel's leap), not b3 or c4 (a
    // knight's, which only the first side's Shaman has).
    assert_eq!(
        legal(&g, "7k/8/8/h7/8/8/2K5/8 w - - 0 1"),
        ["c2b1", "c2b3", "c2c1", "c2c3", "c2d1", "c2d2", "c2d3"]
    );
    // The first side's Shaman on a5 reaches b3 and c4 (and b6, b4 by its diagonal steps).
    assert_eq!(
        legal(&g, "7K/8/8/H7/8/8/2k5/8 b - - 0 1"),
        ["c2b1", "c2b2", "c2c1", "c2c3", "c2d1", "c2d2", "c2d3"]
    );
}

/// The codes of a source's diagnostics, errors and warnings.
fn codes(src: &str) -> Vec<String> {
    let (_, d) = piecewise::pipeline::check(src, None);
    d.iter().map(|d| d.code.to_string()).collect()
}

fn with_piece(p: &str) -> String {
    format!("game \"g\"\nboard square 8x8\nroyal King\npiece King (K) {{ step any }}\n{p}\n")
}

#[test]
fn like_with_a_side() {
    let src = with_piece(
        "piece Shaman (H) { leap (1,2), for first\n leap (1,3), for second }\n\
         piece Odd (O) { like Shaman, for second }",
    );
    let g = Game::compile(&src).expect("compiles");
    // The Odd piece keeps only the second side's camel leaps: a first-side Odd has none
    // (its Shaman half is the first side's, refused by `for second`).
    assert_eq!(
        legal(&g, "7k/8/8/8/3O4/8/8/K7 w - - 0 1"),
        ["a1a2", "a1b1", "a1b2"]
    );
    assert_eq!(
        legal(&g, "7k/8/8/8/3o4/8/8/K7 b - - 0 1"),
        ["d4a3", "d4a5", "d4c1", "d4c7", "d4e1", "d4e7", "d4g3", "d4g5", "h8g7", "h8g8", "h8h7"]
    );
}

#[test]
fn diagnostics_of_for_side() {
    assert_eq!(
        codes(&with_piece(
            "piece S (S) { step any, for first, for first }"
        )),
        ["E0701"]
    );
    assert_eq!(
        codes(&with_piece(
            "piece S (S) { step any, for first, for second }"
        )),
        ["W0002"]
    );
    assert_eq!(
        codes(&with_piece("piece S (S) { step any, for third }"))[0],
        "E0001"
    );
    assert!(codes(&with_piece("piece S (S) { step any, for first }")).is_empty());
}

#[test]
fn betza_cannot_say_one_side_only() {
    let src = with_piece("piece Shaman (H) { leap (1,2), for first\n leap (1,3) }");
    let (rules, d) = piecewise::pipeline::check(&src, None);
    let rules = rules.unwrap_or_else(|| panic!("{d:?}"));
    let e = betza::export_piece(&rules, PieceId(1)).expect_err("one side only");
    assert!(e.to_string().contains("for first"), "{e}");
}

#[test]
fn perft_equals_the_game_written_with_a_piece_per_side() {
    // The same game with the Shaman split into two pieces (the first side only ever has
    // L, the second side only D), and the Sergeant's `like` spelled out.
    let split = "game \"split\"\nboard square 8x8\nroyal King\n\
        piece King (K) { step any }\n\
        piece LightShaman (L) { leap (1,2)\n step diagonal }\n\
        piece DarkShaman (D) { leap (1,3)\n step orthogonal }\n\
        piece Sergeant (S) { step forward\n leap (1,2), for first, capture only\n \
        step diagonal, for first, capture only }\n";
    let split = Game::compile(split).expect("compiles");
    let g = game("sides");
    for (fen, split_fen) in [
        (START, "4k3/3ds3/8/8/8/8/3SL3/4K3 w - - 0 1"),
        (
            "4k3/2s1h3/8/3S4/3h4/8/2HS4/4K3 w - - 0 1",
            "4k3/2s1d3/8/3S4/3d4/8/2LS4/4K3 w - - 0 1",
        ),
    ] {
        let (p, q) = (g.position(fen).unwrap(), split.position(split_fen).unwrap());
        for depth in 1..=3 {
            assert_eq!(
                g.perft(&p, depth),
                split.perft(&q, depth),
                "{fen} depth {depth}"
            );
        }
    }
}

/// The second side's trees are copied from the first side's mirror images only where
/// the board and zones look the same to both (table/link/mirror.rs). Where they do
/// not, each side is expanded on its own; these positions would go wrong otherwise.
#[test]
fn asymmetric_boards_and_zones_are_not_mirrored() {
    // An absolute zone: both sides' Runners start their run from rank 2.
    let abs = Game::compile(&with_piece(
        "zone absolute low = rank 2\npiece Runner (R) { step forward, from low }",
    ))
    .expect("compiles");
    assert_eq!(
        legal(&abs, "k7/8/8/8/8/8/1r6/7K b - - 0 1"),
        ["a8a7", "a8b7", "a8b8", "b2b1"]
    );
    assert_eq!(legal(&abs, "k7/8/8/8/8/8/1R6/7K w - - 0 1")[..1], ["b2b3"]);
    // Holes on one side only: c3 is a hole, c6 (its mirror image) is not.
    let holes = Game::compile(
        "game \"g\"\nboard square 8x8 holes c3\nroyal King\npiece King (K) { step any }\n\
         piece Rook (R) { ride orthogonal }\n",
    )
    .expect("compiles");
    let black = legal(&holes, "k7/8/2r5/8/8/8/8/7K b - - 0 1");
    assert!(black.contains(&"c6c4".to_string()), "{black:?}");
    assert!(!black.contains(&"c6c2".to_string()), "{black:?}");
    let white = legal(&holes, "k7/8/2R5/8/8/8/8/7K w - - 0 1");
    assert!(white.contains(&"c6c4".to_string()), "{white:?}");
    assert!(!white.contains(&"c6c2".to_string()), "{white:?}");
}
