//! Delayed promotion (`promotion ..., tagged T [, delayed]`, `rules/delayed-promotion.rules`):
//! a Pawn brought onto its last rank by a cascade, and a Soldier on every move, carry the
//! tag `promote` (`=` in FEN) instead of promoting, and promote in a later move of their
//! side, where they stand (`c6c6q`); with `optional`, a move that declines the
//! promotion tags the piece too. Exact legal moves of hand-checked positions for both
//! sides, FEN read-back, make/unmake with the hash, perft through FEN, legality (a
//! static promotion does not answer a check) and the diagnostics.

use crate::common;

use crate::common::words;
use common::{legal, play};
use piecewise::Game;

fn game() -> Game {
    common::game("delayed-promotion")
}

/// White: King a1, Knight b3, Pawn c5, Soldier e5; Black: King a6.
const FEN: &str = "k5/2P1S1/6/1N4/6/K5 w - - 0 1";

/// By hand: the Pawn c5 steps to c6 and promotes at once (to Queen or Knight); the
/// Knight b3 leaps to a5 c1 d2 d4, and to c5, activating the Pawn, which steps on to c6
/// without promoting (`b3c5>c6`); the Soldier e5 steps to e6, never promoting at once
/// (`delayed`); the King steps to a2 b1 b2.
#[test]
fn a_cascade_and_a_delayed_promotion_do_not_promote_at_once() {
    let g = game();
    assert_eq!(
        legal(&g, FEN),
        words("a1a2 a1b1 a1b2 b3a5 b3c1 b3c5>c6 b3d2 b3d4 c5c6n c5c6q e5e6")
    );
}

/// The Pawn activated onto c6 and the Soldier stepping onto e6 carry the tag `promote`
/// (`P=`, `S=`), read back through FEN; a promotion at once carries none.
#[test]
fn arrivals_are_tagged_and_read_back_through_fen() {
    let g = game();
    assert_eq!(
        play(&g, FEN, &["b3c5>c6"]),
        "k1P=3/2N1S1/6/6/6/K5 b - - 1 1"
    );
    assert_eq!(play(&g, FEN, &["e5e6"]), "k3S=1/2P3/6/1N4/6/K5 b - - 1 1");
    assert_eq!(play(&g, FEN, &["c5c6q"]), "k1Q3/4S1/6/1N4/6/K5 b - - 1 1");
}

/// A tagged piece on its last rank promotes where it stands, as its side's move: the
/// Pawn to Queen or Knight (`c6c6q`, `c6c6n`), the Soldier to Queen (`e6e6q`); the
/// promoted piece carries no tag. Read back through FEN.
#[test]
fn a_tagged_piece_promotes_later_where_it_stands() {
    let g = game();
    let tagged = "k1P=1S=1/6/6/1N4/6/K5 w - - 0 1";
    assert_eq!(
        legal(&g, tagged),
        words("a1a2 a1b1 a1b2 b3a5 b3c1 b3c5 b3d2 b3d4 c6c6n c6c6q e6e6q")
    );
    assert_eq!(
        play(&g, FEN, &["b3c5>c6", "a6a5", "c6c6q"]),
        "2Q3/k1N1S1/6/6/6/K5 b - - 3 2"
    );
    assert_eq!(
        play(&g, tagged, &["e6e6q"]),
        "k1P=1Q1/6/6/1N4/6/K5 b - - 1 1"
    );
    // Without the tag (a FEN without the mark), no promotion in place.
    assert_eq!(
        legal(&g, "k1P1S1/6/6/1N4/6/K5 w - - 0 1"),
        words("a1a2 a1b1 a1b2 b3a5 b3c1 b3c5 b3d2 b3d4")
    );
}

/// The second side's last rank is rank 1: its Pawn c2 promotes at once on c1, and is
/// tagged when its Knight b4 activates it (`b4c2>c1`); then `c1c1q`.
#[test]
fn the_second_side_too() {
    let g = game();
    let fen = "k5/6/1n4/6/2p3/5K b - - 0 1";
    assert_eq!(
        legal(&g, fen),
        words("a6a5 a6b5 a6b6 b4a2 b4c2>c1 b4c6 b4d3 b4d5 c2c1n c2c1q")
    );
    assert_eq!(
        play(&g, fen, &["b4c2>c1", "f1f2", "c1c1q"]),
        "k5/6/6/6/2n2K/2q3 w - - 3 3"
    );
}

/// A static promotion changes nothing around the king: in check, it is not a move.
#[test]
fn a_static_promotion_does_not_answer_a_check() {
    let g = game();
    // Black's Queen on a6 gives check along the a-file.
    let fen = "q1P=3/6/6/6/6/K4k w - - 0 1";
    assert_eq!(legal(&g, fen), words("a1b1 a1b2"));
}

/// Make/unmake of every legal move restores the position and its hash, and the hash of
/// each position reached is that of its FEN read back; perft through FEN at every node
/// equals the library's.
#[test]
fn make_unmake_and_perft_through_fen() {
    let g = game();
    for fen in [
        FEN,
        "k1P=1S=1/6/6/1N4/6/K5 w - - 0 1",
        "k5/6/1n4/6/2p3/5K b - - 0 1",
    ] {
        common::make_unmake_round_trip(&g, fen);
        let pos = g.position(fen).unwrap();
        assert_eq!(
            common::perft_through_fen(&g, &pos, 3),
            g.perft(&pos, 3),
            "{fen}"
        );
    }
    // The start FEN gives no piece the promotion tag.
    assert!(!g.start_fen().unwrap().contains('='));
}

/// `optional` with `tagged T` (Croatian Chess's Age of Aquarius: "Pawn does not have to
/// be promoted immediately, or at all"): a Pawn stepping onto its last rank promotes at
/// once (`c5c6q`) or not (`c5c6`), and then carries the tag and promotes later where it
/// stands (`c6c6q`); the same rule without `optional` always promotes at once.
#[test]
fn an_optional_promotion_declined_is_tagged() {
    let rules = |options: &str| {
        let src = format!(
            "board square 6x6\nzone last_rank = rank 6\ntag promote (=) for Pawn\nroyal King\n\
             promotion Pawn to Queen in last_rank{options}, tagged promote\n\
             piece King (K) {{ step any }}\npiece Queen (Q) {{ ride any }}\n\
             piece Pawn (P) {{ step forward, move only }}\n"
        );
        Game::compile(&src).unwrap_or_else(|d| panic!("{d:?}"))
    };
    let fen = "k5/2P3/6/6/6/K5 w - - 0 1";
    let g = rules(", optional, never forced");
    assert_eq!(legal(&g, fen), words("a1a2 a1b1 a1b2 c5c6 c5c6q"));
    assert_eq!(play(&g, fen, &["c5c6"]), "k1P=3/6/6/6/6/K5 b - - 1 1");
    assert_eq!(play(&g, fen, &["c5c6q"]), "k1Q3/6/6/6/6/K5 b - - 1 1");
    assert_eq!(
        legal(&g, "k1P=3/6/6/6/6/K5 w - - 0 1"),
        words("a1a2 a1b1 a1b2 c6c6q")
    );
    assert_eq!(
        play(&g, fen, &["c5c6", "a6a5", "c6c6q"]),
        "2Q3/k5/6/6/6/K5 b - - 3 2"
    );
    common::make_unmake_round_trip(&g, fen);
    let forced = rules("");
    assert_eq!(legal(&forced, fen), words("a1a2 a1b1 a1b2 c5c6q"));
}

#[test]
fn diagnostics() {
    let base = "board square 6x6\nzone last_rank = rank 6\npiece Pawn (P) { step forward }\npiece Queen (Q) { ride any }\n";
    // A promotion tag its piece does not carry.
    let src = format!(
        "{base}tag promote (=) for Queen\npromotion Pawn to Queen in last_rank, tagged promote\n"
    );
    assert_eq!(common::check_codes(&src), ["E0960"]);
    // `delayed` without a tag.
    let src = format!("{base}promotion Pawn to Queen in last_rank, delayed\n");
    assert_eq!(common::check_codes(&src), ["E0961"]);
    // An unknown tag.
    let src = format!(
        "{base}tag promote (=) for Pawn\npromotion Pawn to Queen in last_rank, tagged promo\n"
    );
    assert_eq!(common::check_codes(&src), ["E0926"]);
    // `tagged` twice.
    let src = format!("{base}tag promote (=) for Pawn\npromotion Pawn to Queen in last_rank, tagged promote, tagged promote\n");
    assert_eq!(common::check_codes(&src), ["E0701"]);
    // Correct.
    let src = format!("{base}tag promote (=) for Pawn\npromotion Pawn to Queen in last_rank, tagged promote, delayed\n");
    assert!(common::check_codes(&src).is_empty());
}
