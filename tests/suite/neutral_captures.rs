//! Neutral pieces that may be captured (`neutral P, captured by [first | second |
//! either side] [PIECES]`, `rules/neutral-captures.rules`): exact legal moves of
//! hand-checked positions for both sides, FEN read-back after captures, make/unmake
//! with the hash, perft through FEN at every node, legality (a pinned piece may not
//! capture one), and the diagnostics.

use crate::common;

use crate::common::words;
use common::{legal, play};
use piecewise::Game;

fn game() -> Game {
    common::game("neutral-captures")
}

/// Stones (`*S`: Pawns and Knights of either side capture them) on b4 c3 d4 e4 h6,
/// Crates (`*C`: only the first side's pieces capture them) on a6 f6.
const FEN: &str = "4k1n1/8/*C4*C1*S/8/R*S1*S*S3/2*SP4/8/1N2K3 w - - 0 1";

/// By hand: the Knight b1 reaches a3 and d2 and takes the Stone on c3; the Rook a4 goes
/// down to a1, up to a5 and takes the Crate on a6, but stops before the Stone on b4 (a
/// Rook does not capture Stones); the Pawn d3 is blocked by the Stone on d4 and takes
/// the one on e4; the King steps to d1 d2 e2 f1 f2. Black: the Knight g8 reaches e7
/// and takes the Stone on h6, but not the Crate on f6 (only White takes Crates); the
/// King steps to d7 d8 e7 f7 f8.
#[test]
fn exact_moves_of_both_sides() {
    let g = game();
    assert_eq!(
        legal(&g, FEN),
        words("a4a1 a4a2 a4a3 a4a5 a4a6 b1a3 b1c3 b1d2 d3e4 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    assert_eq!(
        legal(&g, &FEN.replace(" w ", " b ")),
        words("e8d7 e8d8 e8e7 e8f7 e8f8 g8e7 g8h6")
    );
}

/// A capture takes the neutral piece off the board, written back and read back through
/// FEN; make/unmake of every legal move restores the position and its hash.
#[test]
fn captures_read_back_through_fen_and_unmake() {
    let g = game();
    assert_eq!(
        play(&g, FEN, &["a4a6", "g8h6"]),
        "4k3/8/R4*C1n/8/1*S1*S*S3/2*SP4/8/1N2K3 w - - 0 2"
    );
    assert_eq!(
        play(&g, FEN, &["d3e4"]),
        "4k1n1/8/*C4*C1*S/8/R*S1*SP3/2*S5/8/1N2K3 b - - 0 1"
    );
    assert_eq!(common::make_unmake_round_trip(&g, FEN).len(), 14);
    assert_eq!(
        common::make_unmake_round_trip(&g, &FEN.replace(" w ", " b ")).len(),
        7
    );
}

/// A Knight pinned to its King may not take a Stone. By hand: the Knight e2 is pinned
/// by the Rook e8 (its captures of the Stones on d4 and c3 would expose the King); the
/// Pawn d2 takes the Stone on c3 or steps to d3 (the Stone on d4 stops its rush); the
/// King steps to d1 f1 f2.
#[test]
fn captures_of_neutral_pieces_are_legal_only_if_the_king_is_safe() {
    let g = game();
    let fen = "k3r3/8/8/8/3*S4/2*S5/3PN3/4K3 w - - 0 1";
    assert_eq!(legal(&g, fen), words("d2c3 d2d3 e1d1 e1f1 e1f2"));
}

/// Perft from the start (Stones on c4 f4, a Crate on d5: 18 moves, the c- and f-Pawns'
/// rushes blocked) and from the hand-checked position, against a count that reads every
/// node back from its parent's FEN.
#[test]
fn perft_agrees_with_a_count_through_fen() {
    let g = game();
    let start = g.start_position().unwrap();
    assert_eq!(g.perft(&start, 1), 18);
    assert_eq!(g.perft(&start, 3), common::perft_through_fen(&g, &start, 3));
    let pos = g.position(FEN).unwrap();
    assert_eq!(g.perft(&pos, 3), common::perft_through_fen(&g, &pos, 3));
}

/// `captured by` twice on one declaration (E0701) and a neutral capturer (E0956); an
/// unknown capturer is E0304.
#[test]
fn diagnostics() {
    let base = "game \"t\"\nboard square 8x8\nroyal King\npiece King (K) { step any }\npiece Stone (S) { }\npiece Crate (C) { }\n";
    let codes = |decl: &str| common::check_codes(&format!("{base}{decl}\n"));
    assert_eq!(
        codes("neutral Stone, captured by King, captured by first"),
        vec!["E0701"]
    );
    assert_eq!(
        codes("neutral Stone | Crate, captured by Crate"),
        vec!["E0956"]
    );
    assert_eq!(codes("neutral Stone, captured by Kong"), vec!["E0304"]);
    assert!(codes("neutral Stone, captured by second King").is_empty());
    assert!(codes("neutral Stone, captured by either side").is_empty());
}

/// A Pawn that takes a Stone on its last rank promotes, as on any capture. By hand: the
/// Pawn b7 steps to b8 or takes the Stone on a8, promoting either way (4 choices each).
#[test]
fn a_pawn_taking_a_neutral_piece_on_its_last_rank_promotes() {
    let g = game();
    let fen = "*S6k/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let pawn: Vec<String> = legal(&g, fen)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    assert_eq!(
        pawn,
        words("b7a8b b7a8n b7a8q b7a8r b7b8b b7b8n b7b8q b7b8r")
    );
    assert_eq!(play(&g, fen, &["b7a8n"]), "N6k/8/8/8/8/8/8/4K3 b - - 0 1");
}
