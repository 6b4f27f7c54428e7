//! The rules of the eastern Fairy-Stockfish games (issue 31) on hand-made positions of
//! the shipped games, each with the exact answer: drops limited per file (Tori shogi),
//! a flag piece that must be safe there and drops on dead cells (Dobutsu), a king in
//! check that may only take the checker (Makpong).
//! The expected answers are Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`,
//! `is_immediate_game_end` on the same FEN and moves); tests/differential/catalogue.py
//! compares the two on random games of every shipped variant.

use crate::common;

use crate::common::error_codes as codes;
use common::{game, legal};
use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;
use piecewise::Game;

/// The immediate end after `moves` from `fen`, and the legal moves there (UCI, sorted).
fn after(g: &Game, fen: &str, moves: &[&str]) -> (Option<GameResult>, Vec<String>) {
    let line = g.line_from_uci(fen, moves).expect("a legal line");
    let mut moves = g.legal_uci(line.position());
    moves.sort();
    (g.immediate_end(&line), moves)
}

fn win(side: Side, reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        winner: Some(side),
        reason,
    })
}

/// The drops (UCI) among the legal moves of `fen`.
fn drops(g: &Game, fen: &str) -> Vec<String> {
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
    let one = Game::compile(&src("one per file")).unwrap();
    assert_eq!(drops(&one, fen), ["P@b1", "P@b2", "P@b3"]);
    let two = Game::compile(&src("at most 2 per file")).unwrap();
    assert_eq!(drops(&two, fen), ["P@b1", "P@b2", "P@b3", "P@c3"]);
    let three = Game::compile(&src("at most 3 per file")).unwrap();
    assert_eq!(drops(&three, fen), ["P@a3", "P@b1", "P@b2", "P@b3", "P@c3"]);
}

#[test]
fn a_dobutsu_lion_on_the_far_rank_wins_only_where_it_cannot_be_taken() {
    let dobutsu = game("dobutsu");
    let fen = "1g1/L2/2l/3[] w - - 0 1";
    // The lion arrives where the giraffe (b4) takes it: the game goes on (pyffish:
    // False, 8 moves for black).
    let (end, moves) = after(&dobutsu, fen, &["a3a4"]);
    assert_eq!(end, None);
    assert_eq!(
        moves,
        ["b4a4", "b4b3", "b4c4", "c2b1", "c2b2", "c2b3", "c2c1", "c2c3"]
    );
    // Black lets it stand where it is no longer attacked: White wins at once (pyffish:
    // True, +32000 for white to move).
    let (end, moves) = after(&dobutsu, fen, &["a3a4", "b4c4"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
    assert!(moves.is_empty());
    // Black takes the lion: White has lost it (pyffish: True, -32000 for white).
    let (end, _) = after(&dobutsu, fen, &["a3a4", "b4a4"]);
    assert_eq!(end, win(Side::Second, EndReason::Extinction));
    // Arriving where nothing attacks it wins at once (pyffish: True, -32000 for black).
    let (end, _) = after(&dobutsu, "2g/L2/2l/3[] w - - 0 1", &["a3a4"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
}

#[test]
fn a_dobutsu_chick_may_be_dropped_where_it_never_moves_again() {
    let dobutsu = game("dobutsu");
    // pyffish: C@a4, C@b4 on the far rank too.
    assert_eq!(
        drops(&dobutsu, "2g/L2/2l/3[C] w - - 0 1"),
        ["C@a1", "C@a2", "C@a4", "C@b1", "C@b2", "C@b3", "C@b4", "C@c1", "C@c3"]
    );
}

#[test]
fn misuse_of_the_eastern_options_is_a_diagnostic() {
    let base = "board square 8x8\npiece King (K) { step any }\nzone hill = d4 e4\n";
    assert_eq!(
        codes(&format!("{base}royals in check capture only\n")),
        ["E0902"]
    );
    assert_eq!(
        codes(&format!(
            "{base}royal King\nroyals in check capture only\nroyals in check capture only\n"
        )),
        ["E0909"]
    );
    assert_eq!(
        codes(&format!("{base}reach hill with King, reply, safe\n")),
        ["E0936"]
    );
    assert_eq!(
        codes(&format!("{base}hand\ndrop King, also stuck, also stuck\n")),
        ["E0701"]
    );
    assert_eq!(
        codes(&format!("{base}hand\ndrop King, at most 300 per file\n")),
        ["E0913"]
    );
    assert!(codes(&format!(
        "{base}reach hill with King, safe\nhand\ndrop King, at most 2 per file, also stuck\n"
    ))
    .is_empty());
}

#[test]
fn a_makpong_king_in_check_may_only_take_the_checker() {
    let makpong = game("makpong");
    let makruk = game("makruk");
    // The rook on g1 checks: the king may not step away (pyffish: no legal move, a
    // loss; makruk: d1c2 d1d2 d1e2).
    let fen = "4k3/8/8/8/8/8/8/3K2r1 w - - 0 1";
    assert!(legal(&makpong, fen).is_empty());
    assert_eq!(
        makpong.result(&makpong.position(fen).unwrap()),
        Some(GameResult {
            winner: Some(Side::Second),
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(legal(&makruk, fen), ["d1c2", "d1d2", "d1e2"]);
    // Taking the lone checker is allowed (pyffish: d1e1 only).
    assert_eq!(legal(&makpong, "4k3/8/8/8/8/8/8/3Kr3 w - - 0 1"), ["d1e1"]);
    // Not when a second piece (the knight on c2) gives check too (pyffish: none).
    assert!(legal(&makpong, "4k3/8/8/8/8/8/2n5/3Kr3 w - - 0 1").is_empty());
    // Another piece may block (pyffish: f2f1 only; makruk adds the king's steps).
    assert_eq!(
        legal(&makpong, "4k3/8/8/8/8/8/5R2/3K2r1 w - - 0 1"),
        ["f2f1"]
    );
    // Out of check the king moves as in Makruk (perft 3 from the start: 12012, as
    // pyffish counts it).
    let start = makpong.start_position().unwrap();
    assert_eq!(makpong.perft(&start, 3), 12012);
}

#[test]
fn import_fsf_translates_the_eastern_keys() {
    let ini = "[mp:makruk]\nmakpongRule = true\n\
               [nd:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n\
               [fs:kingofthehill]\nflagPieceSafe = true\n";
    let v = piecewise::fsf::import(ini, None).unwrap();
    for (i, line) in [
        (0, "royals in check capture only"),
        (1, ", at most 2 per file"),
        (2, "reach flag_zone with King, safe"),
    ] {
        assert!(v[i].complete(), "{}: {:?}", v[i].name, v[i].issues);
        assert!(v[i].rules.contains(line), "{}", v[i].rules);
        Game::compile(&v[i].rules).unwrap_or_else(|d| panic!("{d}\n{}", v[i].rules));
    }
    // The imported Makpong plays as rules/makpong.rules (pyffish: d1e1 only).
    let mp = Game::compile(&v[0].rules).unwrap();
    assert_eq!(legal(&mp, "4k3/8/8/8/8/8/8/3Kr3 w - - 0 1"), ["d1e1"]);
    // A count that is not one is listed, not guessed.
    let bad = "[nd:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = x\n";
    let v = piecewise::fsf::import(bad, None).unwrap();
    assert!(
        v[0].issues.iter().any(|i| i.key == "dropNoDoubledCount"),
        "{:?}",
        v[0].issues
    );
}
