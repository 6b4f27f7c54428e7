//! `activated PIECES by PIECES moves as PIECE` (docs/language.md): a piece activated by
//! a piece of the `by` kinds walks with another kind's patterns instead of its own. A
//! small game by hand (a Lifter activated by a Caller hops as a Hopper, activated by a
//! Knight it steps as itself; a Hopper's diagonal step sends a Rook on a journey), its
//! path trees and its diagnostics; then the Croatian uplifting Starchild of One, whose
//! uplifted piece makes a sense-journey (book, ch. 13, "Sense-journey").

use crate::common;
use crate::common::{error_codes as codes, words};
use common::{legal, play};
use piecewise::Game;

const LIFTS: &str = "game \"Lifts\"\nboard square 8x8\n\
activated Lifter by Caller moves as Hopper\n\
journey Rook by Lifter, spiral (2,1) | (-2,-1) turn 90\n\
piece Caller (C) { step any, move only, capture only, activate piece Lifter }\n\
piece Lifter (L) { step orthogonal, move only }\n\
piece Hopper (H) { leap (2,2), move only\n step diagonal, move only, capture only, activate Rook }\n\
piece Knight (N) { leap (1,2), move only, activate Lifter }\n\
piece Rook (R) { step orthogonal }\n";

fn lifts() -> Game {
    Game::compile(LIFTS).expect("compiles")
}

fn starting(g: &Game, fen: &str, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(g, fen)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect();
    v.sort();
    v
}

/// The Caller on d4 steps onto its Lifter on e5 (the step only activates): the Lifter
/// then hops as a Hopper, (2,2) each way (c3, c7, g3, g7), never with its own
/// orthogonal step; make leaves the Caller on e5 and the Lifter on its hop's cell.
#[test]
fn a_piece_activated_by_a_by_kind_moves_with_the_named_kinds_patterns() {
    let g = lifts();
    let fen = "8/8/8/4L3/3C4/8/8/8 w - - 0 1";
    assert_eq!(
        starting(&g, fen, "d4"),
        words("d4e5>c3 d4e5>c7 d4e5>g3 d4e5>g7")
    );
    assert_eq!(play(&g, fen, &["d4e5>g7"]), "8/6L1/8/4C3/8/8/8/8 b - - 1 1");
    // Its path tree is the Hopper's, walked from e5 for the Lifter.
    let pos = g.position(fen).unwrap();
    let trees = g.cascade_trees(&pos, g.rules().cell("d4").unwrap());
    assert_eq!(trees.len(), 1);
    assert_eq!(trees[0].moves_as, g.rules().piece("Hopper").unwrap());
    assert_eq!(trees[0].piece, g.rules().piece("Lifter").unwrap());
}

/// Activated by a kind the declaration does not name (the Knight), the Lifter steps
/// with its own pattern.
#[test]
fn activated_by_another_kind_it_moves_with_its_own_patterns() {
    let g = lifts();
    let fen = "8/8/8/4L3/2N5/8/8/8 w - - 0 1";
    assert_eq!(
        starting(&g, fen, "c4e5"),
        words("c4e5>d5 c4e5>e4 c4e5>e6 c4e5>f5")
    );
}

/// The named kind's activations are the piece's: the Lifter moving as a Hopper steps
/// diagonally onto its Rook on f6, activating it; activated by a Lifter, the Rook
/// journeys (`journey Rook by Lifter`): from f6 the arm (2,1) has h7 on the board, the
/// arm (-2,-1) d5 then f1 (2 times (1,-2)). The activator of the journey is the
/// Lifter, the piece, not the kind it moved as.
#[test]
fn what_the_named_kind_activates_is_activated_by_the_piece() {
    let g = lifts();
    let fen = "8/8/5R2/4L3/3C4/8/8/8 w - - 0 1";
    assert_eq!(
        starting(&g, fen, "d4"),
        words("d4e5>c3 d4e5>c7 d4e5>g3 d4e5>g7 d4e5>f6>d5 d4e5>f6>f1 d4e5>f6>h7")
    );
    assert_eq!(
        play(&g, fen, &["d4e5>f6>f1"]),
        "8/8/5L2/4C3/8/8/8/5R2 b - - 1 1"
    );
}

/// E1049-E1052: moving as itself, journeying and moving as another kind by the same
/// activator, moving as two kinds by the same activator, a relay.
#[test]
fn its_diagnostics() {
    let base = "game \"g\"\nboard square 8x8\n\
piece Caller (C) { step any, move only, capture only, activate piece Lifter }\n\
piece Lifter (L) { step orthogonal, move only }\n\
piece Hopper (H) { leap (2,2), move only }\n";
    let with = |decls: &str| format!("{base}{decls}\n");
    assert_eq!(
        codes(&with("activated Lifter by Caller moves as Lifter")),
        ["E1049"]
    );
    assert_eq!(
        codes(&with(
            "journey Lifter by Caller, spiral (2,1) turn 90\nactivated Lifter by Caller moves as Hopper"
        )),
        ["E1050"]
    );
    assert_eq!(
        codes(&with(
            "activated Lifter by Caller moves as Hopper\nactivated Lifter by Caller | Hopper moves as Caller"
        )),
        ["E1051"]
    );
    assert_eq!(
        codes(&with(
            "relay Lifter\nactivated Lifter by Caller moves as Hopper"
        )),
        ["E1052"]
    );
    assert!(codes(&with("activated Lifter by Caller moves as Hopper")).is_empty());
    // An unknown kind is the usual E0304.
    assert_eq!(
        codes(&with("activated Lifter by Caller moves as Nobody")),
        ["E0304"]
    );
}

fn one() -> Game {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/croatian-one.rules"
    ))
    .unwrap();
    Game::compile(&src).expect("compiles")
}

/// One, "Uplifting step" (scn_o_42): the light Starchild c3 steps onto the dark one on
/// d4 (its uplifting-field), which uplifts its own dark Bishop on c5: the Bishop makes
/// a sense-journey on the dark Shaman's pattern (inward), to an empty field of either
/// arm. A Starchild nobody activated cannot uplift: the dark Starchild's own moves
/// never activate the Bishop. Kings on a26 and z1 for legality.
#[test]
fn one_a_starchild_uplifts_a_piece_only_when_a_starchild_activates_it() {
    let g = one();
    let fen = "K25/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/2b23/3i22/2I23/26/25k w - - 0 1";
    let all = legal(&g, fen);
    let uplifts: Vec<&String> = all.iter().filter(|m| m.starts_with("c3d4>c5>")).collect();
    assert!(!uplifts.is_empty(), "no sense-journey: {all:?}");
    // The dark Bishop's journey: the fields of the second side's arms from c5.
    let spiral_fields = |to: &str| uplifts.iter().any(|m| m.ends_with(&format!(">{to}")));
    // Field 14 of the book's scene (d7) and field 1 (z11) of the (1,2) arm; field 12
    // (b3) of the other.
    for to in ["d7", "z11", "b3"] {
        assert!(spiral_fields(to), "no journey to {to}: {uplifts:?}");
    }
    // The second side to move: its Starchild d4 (not activated) never uplifts the
    // Bishop c5 next to it.
    let black = fen.replace(" w ", " b ");
    assert!(!legal(&g, &black).iter().any(|m| m.starts_with("d4c5")));
}

/// One, "Failed sense-journey" (scn_o_46): every field of the dark Bishop's arms on the
/// board holds a Pawn, so the uplifted Bishop is removed (oblation): `c3d4>c5>c5`.
#[test]
fn one_an_uplifted_piece_whose_every_field_is_taken_is_removed() {
    let g = one();
    // The book's Pawns: b3 p, h5 P, d7 P, i7 p, n7 P, o9 p, t9 P, a11 p, u11 p, z11 P,
    // b13 P.
    let fen = "K25/26/26/26/26/26/26/26/26/26/26/26/26/1P24/26/p19p4P/26/14p4P6/26/3P4p4P12/26/2b4P18/3i22/1pI23/26/25k w - - 0 1";
    let all = legal(&g, fen);
    let uplifts: Vec<&String> = all.iter().filter(|m| m.starts_with("c3d4>c5>")).collect();
    assert_eq!(uplifts, [&"c3d4>c5>c5".to_string()]);
    let after = play(&g, fen, &["c3d4>c5>c5"]);
    // The Bishop is gone, the dark Starchild on c5, the light one on d4.
    assert!(after.contains("/2i4P18/3I22/1p24/"), "{after}");
}
