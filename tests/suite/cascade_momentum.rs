//! Momentum in cascades (`relay PIECES, momentum`; docs/language.md, "Activation"):
//! the first mover gathers one per step of its ply, an activated piece makes a ply of
//! at most the momentum it received and hands on the rest, the relay declared so
//! spends none. Exact legal moves of hand-made positions of a small game, the same
//! game without `momentum` beside them, Hemera's Dawn (the Grenadier stepping back onto
//! its Wave), Miranda's Veil (an activated Pawn rushes at most its momentum), the path
//! trees of a cascade cut at the momentum each piece received, and the diagnostic of
//! the option written twice.

use crate::common::{self, starting, words};
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

/// The destinations of the plies of the tree activated down `chain` (cells from the
/// first activated piece on) in the cascade trees of the piece on `from`; `None` when
/// no tree is drawn there.
fn tree_ends(g: &Game, fen: &str, from: &str, chain: &[&str]) -> Option<Vec<String>> {
    let pos = g.position(fen).unwrap();
    let mut trees = g.cascade_trees(&pos, g.rules().cell(from).unwrap());
    let mut found = None;
    for c in chain {
        let cell = g.rules().cell(c).unwrap();
        let t = trees.into_iter().find(|t| t.at == cell)?;
        trees = t.next.clone();
        found = Some(t);
    }
    let mut ends: Vec<String> = found?
        .tree
        .plies
        .iter()
        .map(|p| g.rules().cell_name(p.to))
        .collect();
    ends.sort();
    ends.dedup();
    Some(ends)
}

#[test]
fn the_tree_of_an_activated_piece_is_cut_at_its_momentum() {
    // As `an_activated_rook_rides_at_most_the_steps_its_activator_made`: the Rook c3,
    // activated with 2, reaches c5 and e3 in its tree, not c6 or h3 (its tree also
    // ends on a3, activating the Rook that moved there, which no move does).
    let fen = "k7/8/8/8/8/W1R5/8/R6K w - - 0 1";
    assert_eq!(
        tree_ends(&game(true), fen, "a1", &["a3", "c3"]).unwrap(),
        words("a3 b3 c1 c2 c4 c5 d3 e3")
    );
    let free = tree_ends(&game(false), fen, "a1", &["a3", "c3"]).unwrap();
    assert!(free.contains(&"h3".to_string()) && free.contains(&"c8".to_string()));
}

#[test]
fn a_piece_that_received_no_momentum_has_no_tree() {
    // The Knight b1 leaps onto the Rook c3 (one momentum), which steps onto the Wave on
    // c4 (none left); the Wave rides as the Rook to the Rook on e4, which would spend
    // momentum and has none: no tree there, and no move through it. Without momentum
    // the Rook e4 rides.
    let fen = "k7/8/8/8/2W1R3/2R5/8/1N5K w - - 0 1";
    let g = game(true);
    assert_eq!(tree_ends(&g, fen, "b1", &["c3", "c4", "e4"]), None);
    assert!(tree_ends(&g, fen, "b1", &["c3", "c4"]).is_some());
    assert!(starting(&g, fen, "b1c3>c4>e4>").is_empty());
    let free = game(false);
    assert!(tree_ends(&free, fen, "b1", &["c3", "c4", "e4"]).is_some_and(|e| !e.is_empty()));
    assert!(!starting(&free, fen, "b1c3>c4>e4>").is_empty());
}

#[test]
fn mirandas_activated_pawn_rushes_at_most_the_momentum_it_received() {
    // The book's Miranda's Veil, "Activating Pawn" (scn_mv_007, the left example): the
    // Rook e6 rides 4 cells onto the Wave e2, which goes on as a Rook to the Pawn on
    // c2; the Pawn, on its start with its rush tag, "can be rushed only for momentum
    // received": to c6 at most (and it captures the Knight on b3), in its moves and in
    // its tree.
    let g = common::game("croatian-miranda");
    let fen = "15k/16/16/16/16/16/16/16/16/16/4R11/16/16/1n14/2P^1W11/15K w - - 0 1";
    assert_eq!(
        starting(&g, fen, "e6e2>c2>"),
        words("e6e2>c2>b3 e6e2>c2>c3 e6e2>c2>c4 e6e2>c2>c5 e6e2>c2>c6")
    );
    assert_eq!(
        tree_ends(&g, fen, "e6", &["e2", "c2"]).unwrap(),
        words("b3 c3 c4 c5 c6")
    );
}

#[test]
fn mirandas_wave_moves_with_no_momentum_and_hands_on_what_it_received() {
    // The book's Miranda's Veil, "No momentum" (scn_mv_038): after the Bishop i7 (one
    // step onto the Wave h6) and the Knight g7 (its leap spends the one), the Wave on f5
    // has none, and still moves ("Wave can be activated with no momentum"); the same
    // Knight moving first gathers one, and its Wave hands it to the Pawn on d6, which
    // steps. (That the Wave with none cannot activate the Pawn is the tree's, above:
    // the Pawn's would be a fifth ply, past the game's four.)
    let g = common::game("croatian-miranda");
    let fen = "15k/16/16/16/16/16/16/16/16/1w4N1B7/3P3W8/5W10/16/16/16/K15 w - - 0 1";
    let pos = g.position(fen).unwrap();
    let moves = g.legal_uci(&pos);
    assert!(moves.iter().any(|m| m == "i7h6>g7>f5>b3"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "g7f5>d6>d7"), "{moves:?}");
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
