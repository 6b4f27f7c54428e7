//! Momentum in cascades (`relay PIECES, momentum`; docs/language.md, "Activation"):
//! the first mover gathers one per step of its ply, an activated piece makes a ply of
//! at most the momentum it received and hands on the rest, the relay declared so
//! spends none. Exact legal moves of hand-made positions of a small game, the same
//! game without `momentum` beside them, Hemera's Dawn (the Grenadier stepping back onto
//! its Wave) and the diagnostic of the option written twice.

use crate::common;

use common::legal;
use piecewise::Game;

/// A Rook and a Knight that activate Waves and Rooks; the Wave relays as its
/// activator (not onward: it rides as a Rook would, stopping at pieces).
fn game(momentum: bool) -> Game {
    let src = format!(
        "board square 8x8\nroyal King\nrelay Wave, move only{}\n\
         piece King (K) {{ step any }}\n\
         piece Rook (R) {{ ride orthogonal, activate Wave | Rook }}\n\
         piece Knight (N) {{ leap (1,2), activate Wave | Rook }}\n\
         piece Wave (W) {{ }}\n",
        if momentum { ", momentum" } else { "" }
    );
    Game::compile(&src).unwrap_or_else(|d| panic!("{d:?}"))
}

/// The moves of `fen` that start with `prefix`.
fn starting(g: &Game, fen: &str, prefix: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn an_activated_rook_rides_at_most_the_steps_its_activator_made() {
    // The Rook a1 rides two cells to the Wave on a3 and hands it 2; the Wave (which
    // spends none) rides as a Rook to c3 and activates the Rook there, which rides at
    // most 2 cells: not c6, c7, c8, f3, g3 or h3, which it reaches without momentum.
    let fen = "k7/8/8/8/8/W1R5/8/R6K w - - 0 1";
    assert_eq!(
        starting(&game(true), fen, "a1a3>c3>"),
        words("a1a3>c3>b3 a1a3>c3>c1 a1a3>c3>c2 a1a3>c3>c4 a1a3>c3>c5 a1a3>c3>d3 a1a3>c3>e3")
    );
    assert_eq!(
        starting(&game(false), fen, "a1a3>c3>"),
        words(
            "a1a3>c3>b3 a1a3>c3>c1 a1a3>c3>c2 a1a3>c3>c4 a1a3>c3>c5 a1a3>c3>c6 \
             a1a3>c3>c7 a1a3>c3>c8 a1a3>c3>d3 a1a3>c3>e3 a1a3>c3>f3 a1a3>c3>g3 a1a3>c3>h3"
        )
    );
}

#[test]
fn a_leap_is_one_step_and_the_wave_moves_with_none_left() {
    // The Knight b1 leaps onto the Wave on c3: one momentum. The Wave (as a Knight)
    // leaps to e4, where a Rook stands: the Rook has one step, onto the Wave on e5 or
    // to an empty neighbour; the Wave on e5, activated with none left, still moves
    // (a relay spends none), as the Rook: its cascade is the fourth ply.
    let fen = "k7/8/8/4W3/4R3/2W5/8/1N5K w - - 0 1";
    let g = game(true);
    assert_eq!(
        starting(&g, fen, "b1c3>e4>")
            .into_iter()
            .filter(|m| m.matches('>').count() == 2)
            .collect::<Vec<_>>(),
        words("b1c3>e4>d4 b1c3>e4>e3 b1c3>e4>f4")
    );
    let through_e5 = starting(&g, fen, "b1c3>e4>e5>");
    assert!(
        through_e5.contains(&"b1c3>e4>e5>e8".to_string()),
        "{through_e5:?}"
    );
    assert!(
        through_e5.contains(&"b1c3>e4>e5>a5".to_string()),
        "{through_e5:?}"
    );
    // Without momentum the Rook rides on: e2, e1, a4 ... h4.
    let free = starting(&game(false), fen, "b1c3>e4>");
    assert!(free.contains(&"b1c3>e4>e1".to_string()), "{free:?}");
    assert!(free.contains(&"b1c3>e4>a4".to_string()), "{free:?}");
}

#[test]
fn a_piece_activated_with_no_momentum_left_cannot_be_activated() {
    // The Rook a1 steps onto the Wave on a2 (one momentum); the Wave rides to the Rook
    // on d2, which has one step: onto the Rook on d3 it would hand on none, and that
    // Rook cannot move, so no cascade goes through d3; the Rook d2 still steps to d1,
    // c2, e2. Without momentum the Rook on d3 rides on.
    let fen = "k7/8/8/8/8/3R4/W2R4/R6K w - - 0 1";
    let g = game(true);
    assert_eq!(
        starting(&g, fen, "a1a2>d2>"),
        words("a1a2>d2>c2 a1a2>d2>d1 a1a2>d2>e2")
    );
    assert!(starting(&game(false), fen, "a1a2>d2>d3>").len() > 1);
}

#[test]
fn hemeras_grenadier_stepping_onto_its_wave_hands_it_one() {
    // From the start: the Grenadier f2 steps back onto the Wave on f1; the Wave goes
    // on as the Grenadier (queen lines, to the edge, over every piece) and may
    // activate the Scout on c4, which then steps once (forward or sideways).
    let g = common::game("croatian-hemera");
    let pos = g.start_position().unwrap();
    let moves = g.legal_uci(&pos);
    let scout: Vec<&String> = moves.iter().filter(|m| m.starts_with("f2f1>c4>")).collect();
    let mut scout: Vec<String> = scout.into_iter().cloned().collect();
    scout.sort();
    assert_eq!(scout, words("f2f1>c4>b4 f2f1>c4>c5 f2f1>c4>d4"));
    assert!(
        moves.iter().any(|m| m == "f2f1>f10"),
        "the Wave crosses the board"
    );
}

#[test]
fn diagnostics_of_momentum() {
    let (_, diags) = piecewise::pipeline::check(
        "board square 8x8\nroyal King\npiece King (K) { step any }\n\
         piece R (R) { ride orthogonal, activate Wave }\npiece Wave (W) { }\n\
         relay Wave, momentum, move only, momentum\n",
        None,
    );
    let mut codes: Vec<String> = diags.iter().map(|d| d.code.to_string()).collect();
    codes.sort();
    assert_eq!(codes, ["E0920", "W0906"]);
}
