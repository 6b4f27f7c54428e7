//! The rules of the eastern Fairy-Stockfish games (issue 31) on hand-made positions of
//! the shipped games, each with the exact answer: drops limited per file (Tori shogi).
//! The expected answers are Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`,
//! `is_immediate_game_end` on the same FEN and moves); tests/differential/catalogue.py
//! compares the two on random games of every shipped variant.

use crate::common;

use common::{game, legal};

/// The drops (UCI) among the legal moves of `fen`.
fn drops(g: &piecewise::Game, fen: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect()
}

#[test]
fn a_tori_shogi_swallow_drops_on_a_file_with_at_most_one_of_its_swallows() {
    let tori = game("torishogi");
    // File a holds one white swallow (a3): a drop there is legal; file e holds two (e3,
    // e4): none; file c holds one white and one black swallow: legal.
    let fen = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[S] w 0 1";
    assert_eq!(
        drops(&tori, fen),
        [
            "S@a2", "S@a4", "S@a6", "S@b2", "S@b4", "S@b6", "S@c2", "S@c6", "S@d4", "S@f2", "S@f4",
            "S@f6", "S@g2", "S@g4", "S@g6"
        ]
    );
}

#[test]
fn at_most_n_per_file_counts_the_dropping_sides_pieces_of_the_kind() {
    let src = |limit: &str| {
        format!(
            "board square 3x4\nstart \"3/3/3/3[PP] w - - 0 1\"\nhand\ndrop Pawn, {limit}\n\
             piece Pawn (P) {{ step forward }}\npiece Gold (G) {{ step any }}\n"
        )
    };
    // File a holds two white pawns, file c one (and a black one); rank 4 is dead for a
    // pawn, the gold is not a pawn.
    let fen = "G1p/3/P1G/P1P[PP] w - - 0 1";
    let one = piecewise::Game::compile(&src("one per file")).unwrap();
    assert_eq!(drops(&one, fen), ["P@b1", "P@b2", "P@b3"]);
    let two = piecewise::Game::compile(&src("at most 2 per file")).unwrap();
    assert_eq!(drops(&two, fen), ["P@b1", "P@b2", "P@b3", "P@c3"]);
    let three = piecewise::Game::compile(&src("at most 3 per file")).unwrap();
    assert_eq!(drops(&three, fen), ["P@a3", "P@b1", "P@b2", "P@b3", "P@c3"]);
}
