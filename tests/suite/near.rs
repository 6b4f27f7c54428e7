//! `near [N] foe` / `not near foe` (docs/language.md, "Modifiers"): a pattern that
//! applies only while so many of the other side's pieces stand on the eight cells
//! around the start cell. Exact legal moves of hand-made positions, the Croatian
//! Grenadier's close quarters (`rules/croatian-hemera.rules`), a check found through a
//! `near` pattern, and the diagnostics E1040-E1042.

use crate::common;

use crate::common::words;
use common::{legal, starting};
use piecewise::Game;

/// A Crowd: a king's step anywhere alone; next to one enemy a rook's ride of up to 2,
/// next to exactly two a capture two cells up.
fn game() -> Game {
    Game::compile(
        "board square 8x8\nroyal King\n\
         piece King (K) { step any }\n\
         piece Crowd (C) { step any, not near foe\n ride orthogonal up to 2, near 1 foe\n leap (0,2), capture only, near 2 foe }\n",
    )
    .unwrap_or_else(|d| panic!("{d:?}"))
}

#[test]
fn the_pieces_around_the_start_cell_choose_the_patterns() {
    let g = game();
    // Alone: the king's steps.
    assert_eq!(
        starting(&g, "7k/8/8/8/3C4/8/8/K7 w - - 0 1", "d4"),
        words("d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5")
    );
    // One enemy (a King on e5, which it may not take: it is no orthogonal step) next
    // to it: rides of up to 2.
    assert_eq!(
        starting(&g, "8/8/8/4k3/3C4/8/8/K7 w - - 0 1", "d4"),
        words("d4b4 d4c4 d4d2 d4d3 d4d5 d4d6 d4e4 d4f4")
    );
    // Two enemies next to it (c5, e3): only the capture two up, on d6 (the Crowd there
    // has no enemy around it, and steps as a king).
    assert_eq!(
        starting(&g, "7k/8/3c4/2c5/3C4/4c3/8/K7 w - - 0 1", "d4"),
        words("d4d6")
    );
    // A friend next to it counts for nothing.
    assert_eq!(
        starting(&g, "7k/8/8/8/3C4/3K4/8/8 w - - 0 1", "d4").len(),
        7
    );
}

#[test]
fn a_check_through_a_near_pattern_is_seen() {
    let g = game();
    // The Crowd d4 has two enemies around it (the black Crowds c5, e3): it takes on d6, so
    // the black King there is in check. A Crowd that leaves leaves one around (the
    // Crowd then rides up to 2, d5 and d6); one that stays next to it keeps two: every Crowd move
    // leaves the King in check, and only the King's own steps are legal.
    let moves = legal(&g, "8/8/3k4/2c5/3C4/4c3/8/K7 b - - 0 1");
    assert_eq!(moves, words("d6c6 d6c7 d6d5 d6d7 d6e5 d6e6 d6e7"));
}

#[test]
fn hemeras_grenadier_in_close_quarters() {
    // The book's scn_hd_45: three opponent's pieces around j3 (i2, i4, k4) give four
    // steps either way, a forked capture of the Queen on m2 from l3, one step up or
    // down; out of close quarters the same Grenadier goes 3 sideways, 2 up or down.
    let g = common::game("croatian-hemera");
    let close = "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/8r1n9/9G10/8p3q7/K18k w - - 0 1";
    assert_eq!(
        starting(&g, close, "j3"),
        words("j3f3 j3g3 j3h3 j3i2 j3i3 j3i4 j3j2 j3j4 j3k3 j3k4 j3l3 j3m2 j3m3 j3n3")
    );
    let alone = "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/9G10/20/K18k w - - 0 1";
    assert_eq!(
        starting(&g, alone, "j3"),
        words("j3g3 j3h3 j3i3 j3j1 j3j2 j3j4 j3j5 j3k3 j3l3 j3m3")
    );
}

#[test]
fn diagnostics_of_near() {
    let codes = |src: &str| {
        let (_, diags) = piecewise::pipeline::check(src, None);
        let mut v: Vec<String> = diags.iter().map(|d| d.code.to_string()).collect();
        v.sort();
        v
    };
    let square =
        |m: &str| format!("board square 8x8\nroyal King\npiece King (K) {{ step any, {m} }}\n");
    assert_eq!(codes(&square("not near 2 foe")), ["E1040"]);
    assert_eq!(codes(&square("near 9 foe")), ["E1041"]);
    assert!(codes(&square("near 8 foe")).is_empty());
    assert_eq!(
        codes("board hex radius 3\nroyal King\npiece King (K) { step orthogonal, near foe }\n"),
        ["E1042"]
    );
}
