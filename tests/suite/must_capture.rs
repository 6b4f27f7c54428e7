//! `must capture [most]`: compulsory captures, and taking the most pieces.

use piecewise::Game;

fn legal(src: &str, fen: &str) -> Vec<String> {
    let game = Game::compile(src).unwrap_or_else(|d| panic!("{d:?}"));
    let pos = game.position(fen).expect("fen");
    let mut v = game.legal_uci(&pos);
    v.sort();
    v
}

/// A man that steps forward diagonally, or jumps chains of enemies (each taken in
/// passing), and a pawn that stands there.
fn draughts(rule: &str) -> String {
    format!(
        "board square 8x8\n{rule}\n\
         piece Man (M) {{\n  step forward-diagonal, move only\n  \
         repeat up to 4 {{ step forward-diagonal via foe captured then step same }}, move only\n}}\n\
         piece Pawn (P) {{ }}\n"
    )
}

// c3 can jump b4 (to a5) and then nothing; or d4 (to e5) and then d6 (to c7).
const TWO_CHAINS: &str = "8/8/3p4/8/1p1p4/2M5/8/8 w - - 0 1";

#[test]
fn without_the_rule_every_move_is_legal() {
    // (Both forward cells are taken: only the jumps; UCI lists the pieces taken.)
    assert_eq!(
        legal(&draughts(""), TWO_CHAINS),
        ["c3a5xb4", "c3c7xd4xd6", "c3e5xd4"]
    );
}

#[test]
fn must_capture_keeps_the_captures() {
    assert_eq!(
        legal(&draughts("must capture"), TWO_CHAINS),
        ["c3a5xb4", "c3c7xd4xd6", "c3e5xd4"]
    );
    // No capture at hand: the quiet moves stay.
    assert_eq!(
        legal(&draughts("must capture"), "8/8/8/8/8/2M5/8/8 w - - 0 1"),
        ["c3b4", "c3d4"]
    );
    // A capture somewhere: the other quiet moves go.
    assert_eq!(
        legal(&draughts("must capture"), "8/8/8/8/1p6/2M5/8/6M1 w - - 0 1"),
        ["c3a5xb4"]
    );
}

#[test]
fn must_capture_most_keeps_the_longest_chains() {
    assert_eq!(
        legal(&draughts("must capture most"), TWO_CHAINS),
        ["c3c7xd4xd6"]
    );
}

#[test]
fn declared_twice_is_an_error() {
    let src = draughts("must capture\nmust capture most");
    let Err(err) = Game::compile(&src) else {
        panic!("declared twice compiles");
    };
    assert!(err.0.iter().any(|d| d.code == "E0909"), "{err:?}");
}
