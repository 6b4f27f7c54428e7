//! What an activated piece's ply does besides its path (`rules/cascade-actions.rules`):
//! its pattern's burn, its tag changes (`sets`), and its capture's blast, exactly as a
//! first ply's; immunity and freezing hold for it; a later ply's burn that could take
//! a royal is a check. Exact legal moves
//! of hand-checked positions, FEN read-back, make/unmake with the hash, perft through
//! FEN.

use crate::common;

use crate::common::words;
use common::{legal, play};
use piecewise::Game;

fn game() -> Game {
    common::game("cascade-actions")
}

/// White: King a1, Herald c2, Demon c3; Black: King f6, Charger e4. By hand: the
/// Herald steps to b1 b2 b3 c1 d1 d2 d3, or onto the Demon (c3), which then steps to b3,
/// c4, d3 or c2 (the Herald's start, empty now); the Demon alone steps to b3 c4 d3.
/// The activated Demon's step to d3 burns the Charger on e4 (next to d3); its step to
/// c4 does not (e4 is two files away).
#[test]
fn an_activated_piece_burns_as_its_pattern_says() {
    let g = game();
    let fen = "5k/6/4c1/2D3/2H3/K5 w - - 0 1";
    assert_eq!(
        legal(&g, fen),
        words(
            "a1a2 a1b1 a1b2 c2b1 c2b2 c2b3 c2c1 c2c3>b3 c2c3>c2 c2c3>c4 c2c3>d3 c2d1 c2d2 \
             c2d3 c3b3 c3c4 c3d3"
        )
    );
    assert_eq!(play(&g, fen, &["c2c3>d3"]), "5k/6/6/2HD2/6/K5 b - - 0 1");
    assert_eq!(play(&g, fen, &["c2c3>c4"]), "5k/6/2D1c1/2H3/6/K5 b - - 1 1");
    common::make_unmake_round_trip(&g, fen);
}

/// The Herald activates the Charger on c3, whose diagonal step charges it (`C=`); a
/// charged Charger may jump two cells straight, also when activated again, and the
/// jump spends the charge.
#[test]
fn an_activated_piece_sets_its_tag() {
    let g = game();
    let fen = "5k/6/6/2C3/2H3/K5 w - - 0 1";
    assert_eq!(
        play(&g, fen, &["c2c3>d4", "f6f5"]),
        "6/5k/3C=2/2H3/6/K5 w - - 2 2"
    );
    let charged = "5k/6/3C=2/2H3/6/K5 w - - 0 1";
    let from_c3: Vec<String> = legal(&g, charged)
        .into_iter()
        .filter(|m| m.starts_with("c3d4"))
        .collect();
    assert_eq!(
        from_c3,
        words("c3d4>b4 c3d4>c3 c3d4>c5 c3d4>d2 c3d4>d6 c3d4>e3 c3d4>e5 c3d4>f4")
    );
    // The jump spends the charge; a diagonal step charges it again.
    assert_eq!(
        play(&g, charged, &["c3d4>d6"]),
        "3C1k/6/3H2/6/6/K5 b - - 1 1"
    );
    assert_eq!(
        play(&g, charged, &["c3d4>e5"]),
        "5k/4C=1/3H2/6/6/K5 b - - 1 1"
    );
    common::make_unmake_round_trip(&g, charged);
}

/// The Herald c1 activates the Bomber c2, which takes the Charger on c5: the blast
/// removes the Bomber, the Charger and the Demon on b4 next to it.
#[test]
fn an_activated_capture_explodes() {
    let g = game();
    let fen = "5k/2c3/1d4/6/2B3/K1H3 w - - 0 1";
    assert_eq!(
        legal(&g, fen),
        words(
            "a1b1 c1b1 c1b2 c1c2>b2 c1c2>c1 c1c2>c3 c1c2>c5 c1c2>d2 c1d1 c1d2 c2b2 c2c3 \
             c2c5 c2d2"
        )
    );
    assert_eq!(play(&g, fen, &["c1c2>c5"]), "5k/6/6/6/2H3/K5 b - - 0 1");
    common::make_unmake_round_trip(&g, fen);
    // `side_effects` (what `show` draws) tells the blast of the last ply: the Bomber
    // blown up on c5, the Demon on b4 removed by the blast.
    let pos = g.position(fen).unwrap();
    let m = g.parse_uci(&pos, "c1c2>c5").unwrap();
    let fx = g.side_effects(&pos, &m);
    assert!(fx.capturer_removed);
    let names: Vec<String> = fx.blast.iter().map(|&c| g.rules().cell_name(c)).collect();
    assert_eq!(names, ["b4"]);
    assert!(fx.burned.is_empty());
    // The activated Demon's burn (c2c3>d3 takes the Charger on e4).
    let pos = g.position("5k/6/4c1/2D3/2H3/K5 w - - 0 1").unwrap();
    let m = g.parse_uci(&pos, "c2c3>d3").unwrap();
    let fx = g.side_effects(&pos, &m);
    let names: Vec<String> = fx.burned.iter().map(|&c| g.rules().cell_name(c)).collect();
    assert_eq!(names, ["e4"]);
}

/// Black King c1 next to White's Herald b1 and Demon a1. The Demon alone reaches only
/// a2; activated by the Herald it may step to b1 and burn c1, c2: the King is in check
/// by a later ply's burn, and may go only to d1 or d2 (b1, b2 and c2 are burned by a
/// Demon's step too).
#[test]
fn a_later_plys_burn_gives_check() {
    let g = game();
    let fen = "K5/6/6/6/6/DHk3 b - - 0 1";
    assert_eq!(legal(&g, fen), words("c1d1 c1d2"));
    let pos = g.position(fen).unwrap();
    assert!(g.in_check(&pos));
}

/// `immune Demon to Bomber` holds for an activated Bomber too: with a black Demon on
/// c5, neither the Bomber c2 nor the Herald's cascade through it takes it (by hand:
/// the Herald's other moves, the Bomber's steps). `freeze Warden, foe`: the Demon c2,
/// next to the black Warden b3, neither moves nor can be activated.
#[test]
fn immunity_and_freezing_hold_for_activated_pieces() {
    let g = game();
    assert_eq!(
        legal(&g, "5k/2d3/6/6/2B3/K1H3 w - - 0 1"),
        words(
            "a1a2 a1b1 a1b2 c1b1 c1b2 c1c2>b2 c1c2>c1 c1c2>c3 c1c2>d2 c1d1 c1d2 c2b2 c2c3              c2d2"
        )
    );
    assert_eq!(
        legal(&g, "5k/6/6/1w4/2D3/K1H3 w - - 0 1"),
        words("a1a2 a1b1 a1b2 c1b1 c1b2 c1d1 c1d2")
    );
}

/// Perft through FEN at every node equals the library's, from the start and from the
/// hand-checked positions.
#[test]
fn perft_through_fen() {
    let g = game();
    let start = g.start_position().unwrap();
    assert_eq!(common::perft_through_fen(&g, &start, 3), g.perft(&start, 3));
    for fen in [
        "5k/6/4c1/2D3/2H3/K5 w - - 0 1",
        "5k/6/3C=2/2H3/6/K5 w - - 0 1",
        "5k/2c3/1d4/6/2B3/K1H3 w - - 0 1",
    ] {
        let pos = g.position(fen).unwrap();
        assert_eq!(
            common::perft_through_fen(&g, &pos, 2),
            g.perft(&pos, 2),
            "{fen}"
        );
    }
}
