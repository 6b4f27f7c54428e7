//! One side's promotion (`promotion ... in ZONE for first|second`), `, at most N` and
//! `, not en passant` (docs/language.md, "One side's promotion"): their diagnostics and
//! the moves of `rules/side-promotion.rules`.

use crate::common;
use piecewise::Game;

fn game() -> Game {
    Game::compile(&common::read("rules/side-promotion.rules")).unwrap()
}

fn legal(g: &Game, fen: &str) -> Vec<String> {
    let mut moves = g.legal_uci(&g.position(fen).unwrap());
    moves.sort();
    moves
}

#[test]
fn each_side_promotes_by_its_own_rules() {
    let g = game();
    // White: only on g8 h8 h7 (f7f8 is a plain move onto a cell it never leaves);
    // a Queen only while White has fewer than two.
    let two_queens = legal(&g, "4k3/5PP1/8/8/8/8/8/Q3K2Q w - - 0 1");
    let white: Vec<&str> = two_queens
        .iter()
        .map(String::as_str)
        .filter(|m| m.starts_with('f') || m.starts_with('g'))
        .collect();
    assert_eq!(white, ["f7e8", "f7f8", "g7g8b", "g7g8n", "g7g8r"]);
    let one_queen = legal(&g, "4k3/5PP1/8/8/8/8/8/Q3K3 w - - 0 1");
    assert!(one_queen.contains(&"g7g8q".to_string()), "{one_queen:?}");
    // Black: to a Knight on its first three ranks, but not by an en passant capture.
    assert_eq!(
        legal(&g, "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"),
        ["e4d3", "e4e3n", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    // As chess from the start (no promotion within 3 plies).
    let start = g.start_position().unwrap();
    assert_eq!(g.perft(&start, 3), 8902);
}

#[test]
fn side_promotion_errors_have_codes() {
    let base = "board square 8x8\nzone last = rank 8\npiece Pawn (P) { step forward }\n\
                piece Queen (Q) { ride any }\n";
    let codes = |extra: &str| -> Vec<String> {
        let all = common::check_codes(&format!("{base}{extra}"));
        all.into_iter().filter(|c| c.starts_with('E')).collect()
    };
    assert!(
        codes("promotion Pawn to Queen in last for second, at most 2, not en passant\n").is_empty()
    );
    assert_eq!(
        codes("one side\npromotion Pawn to Queen in last for second\n"),
        ["E0937"]
    );
    assert!(codes("one side\npromotion Pawn to Queen in last for first\n").is_empty());
    assert_eq!(
        codes("promotion Pawn to Queen in last, at most 0\n"),
        ["E0938"]
    );
    assert_eq!(
        codes("promotion Pawn to Queen in last, at most 256\n"),
        ["E0938"]
    );
    assert_eq!(
        codes("start \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\npromotion Pawn to Queen in last, only captured, at most 1\n"),
        ["E0939"]
    );
    assert_eq!(
        codes("promotion Pawn to Queen in last, not en passant, not en passant\n"),
        ["E0701"]
    );
}
