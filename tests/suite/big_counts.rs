//! Counts past 8 bits: a position with more than 255 pieces of one kind — on the board
//! (a 26×26 board holds 676), in a hand, or in a rules file's start position — is read,
//! walked, made and unmade exactly. The per-kind counts of the board and the hands are
//! 16 bits: every board's cells fit (a cell id is a `u16`), and a FEN's hands are held
//! to 65,535 less the board's cells together, so that captures in play never take a
//! hand past 16 bits; more is a typed FEN error with the figure's limit.

use crate::common;

use common::cli::{run, stderr, stdout, temp};
use piecewise::game::Game;
use piecewise::ids::{PieceId, Side};
use piecewise::position::FenErrorKind;

/// A Breakthrough-like game on 26×26: one kind, the Pawn.
const BIG: &str = "game \"Big\"\nboard square 26x26\nzone far = rank 26\n\
                   stalemate loss\nreach far with Pawn\n\
                   piece Pawn (P) {\n    step forward, move only\n    step forward-diagonal\n}\n";

/// [`BIG`] with hands: captures go to the captor's hand, and Pawns drop anywhere.
fn with_hands() -> String {
    BIG.replace(
        "reach far with Pawn\n",
        "reach far with Pawn\nhand\ndrop Pawn\n",
    )
}

const PAWN: PieceId = PieceId(0);

/// 312 first-side Pawns on ranks 1 to 12 and one second-side Pawn on a26.
fn crowded() -> String {
    let mut ranks = vec!["p25".to_string()];
    ranks.extend(std::iter::repeat("26".to_string()).take(13));
    ranks.extend(std::iter::repeat("P".repeat(26)).take(12));
    format!("{} w - - 0 1", ranks.join("/"))
}

#[test]
fn more_than_255_pieces_of_a_kind_on_the_board_are_counted_and_walked() {
    let g = Game::compile(BIG).unwrap();
    let fen = crowded();
    let pos = g.position(&fen).unwrap();
    assert_eq!(pos.on_board(Side::First, PAWN), 312);
    assert_eq!(pos.on_board(Side::Second, PAWN), 1);
    // The front rank's 26 Pawns: 26 steps forward, 25 to each side diagonally.
    let moves = common::make_unmake_round_trip(&g, &fen);
    assert_eq!(moves.len(), 76);
    // The lone Pawn answers each with a26a25 or a26b25.
    assert_eq!(g.perft(&pos, 2), 152);
    assert_eq!(g.fen(&pos), fen);
}

#[test]
fn the_command_line_reads_more_than_255_pieces_of_a_kind() {
    let rules = temp("big-counts.rules", BIG.as_bytes());
    let rules = rules.to_str().unwrap();
    let fen = crowded();
    let o = run(&["moves", rules, "--fen", &fen]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 76);
    let o = run(&["perft", rules, "--depth", "2", "--fen", &fen]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("152"));
}

#[test]
fn a_start_position_with_more_than_255_pieces_of_a_kind_compiles() {
    let fen = crowded();
    let src = BIG.replace("zone far", &format!("start \"{fen}\"\nzone far"));
    let g = Game::compile(&src).unwrap();
    let start = g.start_position().unwrap();
    assert_eq!(start.on_board(Side::First, PAWN), 312);
    assert_eq!(g.legal_moves(&start).len(), 76);
}

#[test]
fn a_hand_past_255_grows_by_a_capture_and_shrinks_back() {
    let g = Game::compile(&with_hands()).unwrap();
    let hand = "p".repeat(300);
    let mut ranks = vec!["p25".to_string(), "1P24".to_string()];
    ranks.extend(std::iter::repeat("26".to_string()).take(24));
    let fen = format!("{}[{hand}] b - - 0 1", ranks.join("/"));
    let mut pos = g.position(&fen).unwrap();
    assert_eq!(pos.in_hand(Side::Second, PAWN), 300);
    let take = g.parse_uci(&pos, "a26b25").unwrap();
    let undo = g.make(&mut pos, &take);
    assert_eq!(pos.in_hand(Side::Second, PAWN), 301);
    assert_eq!(g.position(&g.fen(&pos)).unwrap().hash(), pos.hash());
    g.unmake(&mut pos, undo);
    assert_eq!(pos.in_hand(Side::Second, PAWN), 300);
    assert_eq!(g.fen(&pos), fen);
    // Every move made and unmade exactly: the Pawn's two and its drops on the 674
    // empty cells but rank 1's 26 (where a second-side Pawn would never move).
    let moves = common::make_unmake_round_trip(&g, &fen);
    assert_eq!(moves.len(), 2 + 674 - 26);
}

#[test]
fn hands_past_the_16_bit_limit_are_a_typed_error_with_the_limit() {
    let g = Game::compile(&with_hands()).unwrap();
    // 65,535 less the 676 cells, for both sides' hands together.
    let limit = 65_535 - 676;
    let board = "p25/1P24/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26";
    let hand = |first: usize, second: usize| {
        format!(
            "{board}[{}{}] w - - 0 1",
            "P".repeat(first),
            "p".repeat(second)
        )
    };
    let at_limit = g.position(&hand(40_000, limit - 40_000)).unwrap();
    assert_eq!(
        at_limit.in_hand(Side::Second, PAWN) as usize,
        limit - 40_000
    );
    let err = g.position(&hand(40_000, limit - 40_000 + 1)).unwrap_err();
    match err.kind() {
        FenErrorKind::HandTooLarge {
            offset,
            letter,
            limit: l,
        } => {
            assert_eq!((*letter, *l), ('p', limit));
            // The letter that went over: the last one of the hand.
            assert_eq!(*offset, board.len() + 1 + limit);
        }
        other => panic!("{other:?}"),
    }
    assert!(err.message().contains("more than 64859 pieces"), "{err}");
    let rules = temp("big-counts-hands.rules", with_hands().as_bytes());
    let o = run(&["moves", rules.to_str().unwrap(), "--fen", &hand(limit, 1)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the hands hold more than 64859 pieces (at `p`)"),
        "{}",
        stderr(&o)
    );
}
