//! Setup phases (issue 31): pieces that start in hand and are `dropped first`, before
//! any move on the board, and kinds dropped on `opposite colours` (Placement chess).
//! The expected answers are Fairy-Stockfish's (pyffish 0.0.90: `legal_moves` on the
//! same FEN and moves, perft counted over `legal_moves`); tests/differential/catalogue.py
//! compares the two on random games.

use crate::common;

use common::{check_codes, game, legal, play};

#[test]
fn placement_counts_as_fairy_stockfish_from_the_start() {
    let placement = game("placement");
    let start = placement.start_position().unwrap();
    // The first move drops one of five kinds on one of eight cells (pyffish: 40).
    assert_eq!(placement.legal_uci(&start).len(), 40);
    assert_eq!(placement.perft(&start, 3), 50560);
    // Neither side's royal on the board is no warning: the kings start in hand.
    assert!(placement.position_warnings(&start).is_empty());
}

#[test]
fn a_side_holding_pieces_drops_before_it_moves() {
    let placement = game("placement");
    // The queen in hand must be dropped: no pawn or rook move, no castling (pyffish).
    assert_eq!(
        legal(
            &placement,
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[Q] w KQkq - 0 1"
        ),
        ["Q@b1", "Q@c1", "Q@d1", "Q@f1", "Q@g1"]
    );
    // With the hand empty, chess (castling both ways: pyffish's 25 moves).
    let moves = legal(
        &placement,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1",
    );
    assert_eq!(moves.len(), 25);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
}

#[test]
fn the_bishops_go_on_cells_of_both_colours() {
    let placement = game("placement");
    // The bishop on b1 stands on a light cell: the other goes on a dark one (pyffish).
    assert_eq!(
        legal(
            &placement,
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RB2K2R[B] w KQkq - 0 1"
        ),
        ["B@c1", "B@g1"]
    );
    // With a bishop on dark c1 and one in hand, three light cells are left (b1, d1,
    // f1): a bishop goes on one of them, any other piece may take any free cell while
    // two light ones stay free (pyffish's 18 moves).
    let fen = play(
        &placement,
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
        &["K@e1", "K@e8", "R@h1", "R@a8", "B@c1", "B@b8"],
    );
    assert_eq!(
        legal(&placement, &fen),
        [
            "B@b1", "B@d1", "B@f1", "N@a1", "N@b1", "N@d1", "N@f1", "N@g1", "Q@a1", "Q@b1", "Q@d1",
            "Q@f1", "Q@g1", "R@a1", "R@b1", "R@d1", "R@f1", "R@g1"
        ]
    );
}

#[test]
fn opposite_colours_needs_two_colours_and_each_option_is_given_once() {
    let src = |board: &str, drop: &str| {
        format!(
            "board {board}\nhand\n{drop}\npiece Bishop (B) {{ step any }}\n\
             piece King (K) {{ step any }}\n"
        )
    };
    assert!(check_codes(&src("square 8x8", "drop Bishop, opposite colours")).is_empty());
    assert_eq!(
        check_codes(&src("tri 8x8", "drop Bishop, opposite colours")),
        ["E0987"]
    );
    assert_eq!(
        check_codes(&src(
            "square 8x8",
            "drop Bishop | King, dropped first, dropped first"
        )),
        ["E0701"]
    );
}

#[test]
fn a_king_and_rook_dropped_on_their_cells_give_the_castling_right() {
    let placement = game("placement");
    // pyffish: after K@e1 ... R@h1, white may castle king side (`K`); black's rook on
    // a8 with its king on e8 gives `q`.
    assert_eq!(
        play(
            &placement,
            "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
            &["K@e1", "K@e8", "R@h1", "R@a8", "B@c1"]
        ),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K2R[QRBNNqrbbnn] b Kq - 0 3"
    );
    // The rook dropped first, then the king: the right too (pyffish: `KQq`).
    assert_eq!(
        play(
            &placement,
            "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
            &["R@a1", "K@e8", "R@h1", "R@a8", "K@e1"]
        ),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqrbbnn] b KQq - 0 3"
    );
}

#[test]
fn a_royal_is_never_dropped_where_it_is_attacked() {
    // The king dropped next to the other king would be capturable: pyffish 0.0.90's
    // `legal_moves` gives the five drops out of its reach (K@a1 to K@c1 are not).
    let placement = game("placement");
    let mut moves = legal(&placement, "8/8/8/8/8/8/1k6/8[K] w - - 0 1");
    moves.sort();
    assert_eq!(moves, ["K@d1", "K@e1", "K@f1", "K@g1", "K@h1"]);
}
