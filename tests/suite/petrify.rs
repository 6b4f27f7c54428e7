//! Petrification on capture (`petrify PIECES, into WALL`) on the shipped
//! rules/petrified.rules, and its diagnostics. Every expected figure is
//! Fairy-Stockfish's (pyffish 0.0.90, variant "petrified": `legal_moves`, `get_fen`,
//! `gives_check` on the same FEN and moves, perft by recursion over `legal_moves`);
//! tests/differential/catalogue.py compares the file with it on random games.

use crate::common;

use common::{check_codes, game, legal, play};

#[test]
fn perft_from_the_start_is_fairy_stockfishs() {
    let g = game("petrified");
    let start = g.position(g.start_fen().unwrap()).unwrap();
    // pyffish 0.0.90: 20, 400 and 10,022.
    assert_eq!(g.perft(&start, 1), 20);
    assert_eq!(g.perft(&start, 2), 400);
    assert_eq!(g.perft(&start, 3), 10022);
}

#[test]
fn a_queen_that_captures_becomes_a_wall() {
    let g = game("petrified");
    let fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
    // pyffish: `4k3/8/8/3*4/8/8/8/4K3 b - - 0 1`, Black's king has its 5 steps.
    let after = play(&g, fen, &["d1d5"]);
    assert_eq!(after, "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
    assert_eq!(legal(&g, &after), ["e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]);
}

#[test]
fn a_pawn_that_captures_stays_a_pawn() {
    let g = game("petrified");
    // Pawns are not among the petrifying pieces (pyffish: the same FEN).
    let after = play(&g, "4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1", &["e3d4"]);
    assert_eq!(after, "4k3/8/8/8/3P4/8/8/4K3 b - - 0 1");
}

#[test]
fn the_king_never_captures() {
    let g = game("petrified");
    // The pawn on d2 checks; taking it would petrify the king. pyffish: 4 moves.
    let fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1";
    assert_eq!(legal(&g, fen), ["e1d1", "e1e2", "e1f1", "e1f2"]);
    // Nor does the enemy king attack: a king may step next to it (pyffish: 8 moves).
    let next_to = "8/8/8/8/8/4k3/8/4K3 b - - 0 1";
    assert_eq!(legal(&g, next_to).len(), 8);
    assert!(legal(&g, next_to).contains(&"e3e2".to_string()));
}

#[test]
fn a_petrifying_capture_gives_no_check() {
    let g = game("petrified");
    // Re1xe7 leaves a wall on e7, which attacks nothing: pyffish's gives_check is
    // false, and Black's king has 4 moves (e7 is the wall's).
    let fen = "4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1";
    let after = play(&g, fen, &["e1e7"]);
    assert_eq!(after, "4k3/4*3/8/8/8/8/8/5K2 b - - 0 1");
    let pos = g.position(&after).unwrap();
    assert!(g.checkers(&pos).is_empty());
    assert_eq!(legal(&g, &after), ["e8d7", "e8d8", "e8f7", "e8f8"]);
    // The same rook's move to an empty e7 checks (pyffish: true).
    let quiet = play(&g, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", &["e1e7"]);
    assert_eq!(g.checkers(&g.position(&quiet).unwrap()).len(), 1);
}

const BASE: &str = "game \"P\"\nboard square 8x8\nroyal King\npiece King (K) { step any }\npiece Queen (Q) { ride any }\npiece Wall (W) { }\n";

#[test]
fn the_wall_must_be_a_declared_neutral_piece() {
    let ok = format!("{BASE}neutral Wall\npetrify Queen, into Wall\n");
    assert_eq!(check_codes(&ok), Vec::<String>::new());
    let not_neutral = format!("{BASE}petrify Queen, into Wall\n");
    assert_eq!(check_codes(&not_neutral), ["E0963"]);
    let neutral_capturer = format!("{BASE}neutral Wall\npetrify Wall, into Wall\n");
    assert_eq!(check_codes(&neutral_capturer), ["E0964"]);
    let unknown = format!("{BASE}neutral Wall\npetrify Queen, into Stone\n");
    assert_eq!(check_codes(&unknown), ["E0304"]);
    let twice = format!("{BASE}neutral Wall\npetrify Queen, into Wall\npetrify King, into Wall\n");
    assert_eq!(check_codes(&twice), ["E0909"]);
}
