//! Rules of Fairy-Stockfish's western catalogue that need constructs of their own: a
//! hand that keeps promoted pieces as they are (loop, chessgi), a stalemate that goes by
//! the pieces left (suicide), drops that may not check (supply), a hand that captures
//! never fill (bughouse on one board). Each case is pyffish 0.0.90's answer.

use crate::common;

use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;

fn codes(src: &str) -> Vec<String> {
    let (_, diags) = piecewise::pipeline::check(src, None);
    let mut v: Vec<String> = diags.iter().map(|d| d.code.to_string()).collect();
    v.sort();
    v
}

#[test]
fn a_captured_promoted_piece_goes_to_the_hand_as_what_it_is() {
    let fen = "4k3/1P6/8/8/8/8/1r6/4K3[] w - - 0 1";
    // pyffish's loop and chessgi: the queen taken is a queen in hand, and the promoted
    // queen carries no `~`.
    for name in ["loop", "chessgi"] {
        let game = common::game(name);
        assert_eq!(
            common::play(&game, fen, &["b7b8q"]),
            "1Q2k3/8/8/8/8/8/1r6/4K3[] b - - 0 1"
        );
        assert_eq!(
            common::play(&game, fen, &["b7b8q", "b2b8"]),
            "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2"
        );
    }
    // Crazyhouse demotes it to a pawn.
    let zh = common::game("crazyhouse");
    assert_eq!(
        common::play(&zh, fen, &["b7b8q", "b2b8"]),
        "1r2k3/8/8/8/8/8/8/4K3[p] w - - 0 2"
    );
}

#[test]
fn chessgi_drops_pawns_on_the_first_rank() {
    let game = common::game("chessgi");
    let drops = |fen: &str| -> Vec<String> {
        common::legal(&game, fen)
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect()
    };
    // pyffish: 62 pawn drops for each side (every empty cell but the last rank's).
    let white = drops("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
    assert_eq!(white.len(), 62 - 8 + 1);
    assert!(white.contains(&"P@a1".to_string()));
    assert!(!white.iter().any(|m| m.ends_with('8')));
    let black = drops("4k3/8/8/8/8/8/8/4K3[Pp] b - - 0 1");
    assert!(black.contains(&"P@h8".to_string()));
    assert!(!black.iter().any(|m| m.ends_with('1')));
    // A pawn on the first rank steps one cell (pyffish: a1a2 only).
    let moves = common::legal(&game, "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1");
    assert!(moves.contains(&"a1a2".to_string()));
    assert!(!moves.contains(&"a1a3".to_string()));
}

#[test]
fn a_suicide_stalemate_goes_by_the_pieces_left() {
    let game = common::game("suicide");
    let result = |fen: &str| game.result(&game.position(fen).unwrap());
    let stalemate = |winner| {
        Some(GameResult {
            winner,
            reason: EndReason::Stalemate,
        })
    };
    // pyffish's game_result: 32000 (fewer pieces), 0 (as many), -32000 (more).
    assert_eq!(
        result("8/7p/8/8/8/p7/P7/8 w - - 0 1"),
        stalemate(Some(Side::First))
    );
    assert_eq!(result("8/8/8/8/8/p7/P7/8 w - - 0 1"), stalemate(None));
    assert_eq!(
        result("8/8/8/8/p7/P7/P7/8 w - - 0 1"),
        stalemate(Some(Side::Second))
    );
    // Antichess: a stalemated side wins whatever it holds.
    let anti = common::game("antichess");
    let pos = anti.position("8/8/8/8/p7/P7/P7/8 w - - 0 1").unwrap();
    assert_eq!(anti.result(&pos), stalemate(Some(Side::First)));
}

#[test]
fn supply_drops_never_check_and_keep_to_their_points() {
    let game = common::game("supply");
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R[PNRCABpnrcab] w - - 0 1";
    let moves = common::legal(&game, fen);
    // pyffish: 146 legal moves.
    assert_eq!(moves.len(), 146);
    let drops = |letter: char| -> Vec<String> {
        moves
            .iter()
            .filter(|m| m.starts_with(letter) && m.contains('@'))
            .map(|m| m[2..].to_string())
            .collect()
    };
    assert_eq!(drops('A'), ["d3", "e2", "f3"]);
    assert_eq!(drops('B'), ["a3", "c5", "e3", "g5", "i3"]);
    assert_eq!(drops('P'), ["a5", "c5", "e5", "g5", "i5"]);
    // A cannon on e5 would check the general over the e7 soldier: not dropped there,
    // where a horse may go.
    assert!(!drops('C').contains(&"e5".to_string()));
    assert!(drops('N').contains(&"e5".to_string()));
    assert_eq!((drops('C').len(), drops('N').len()), (29, 30));
    // A capture fills no hand; FEN hands in Fairy-Stockfish's order.
    assert_eq!(
        common::play(&game, fen, &["h3h4"]),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1PCP/1C7/9/RNBAKAB1R[BNPCARbnpcar] b - - 1 1"
    );
}

#[test]
fn bughouse_alone_is_chess_with_a_hand_captures_never_fill() {
    let game = common::game("bughouse");
    let start = game.start_fen().unwrap().to_string();
    assert!(common::play(&game, &start, &["e2e4", "d7d5", "e4d5"]).contains("[]"));
    // A stalemated player loses (pyffish: -32000).
    let pos = game.position("k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1").unwrap();
    assert_eq!(
        game.result(&pos),
        Some(GameResult {
            winner: Some(Side::First),
            reason: EndReason::Stalemate,
        })
    );
}

#[test]
fn diagnostics_of_the_western_constructs() {
    let game = |rest: &str| {
        format!("board square 8x8\nroyal King\npiece King (K) {{ step any }}\n{rest}\n")
    };
    assert!(codes(&game("hand, captures kept promoted")).is_empty());
    assert!(codes(&game("no check, except all")).is_empty());
    assert_eq!(
        codes("board square 8x8\npiece King (K) { step any }\nno check, except all\n"),
        ["E0925"]
    );
    assert!(codes(&game("stalemate win, by piece count")).is_empty());
    assert_eq!(codes(&game("stalemate draw, by piece count")), ["W0970"]);
    assert!(codes(&game("hand\ndrop King, not checking")).is_empty());
    assert_eq!(
        codes(&game("hand\ndrop King, not checking, not checking")),
        ["E0701"]
    );
    assert_eq!(codes(&game("drop King, not checking")), ["E0908"]);
}

#[test]
fn chess960_castling_is_written_as_the_king_taking_its_rook() {
    let game = common::game("fischerandom");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    // pyffish's fischerandom: e1h1 and e1a1, not e1g1 and e1c1.
    let moves = common::legal(&game, fen);
    assert!(moves.contains(&"e1h1".to_string()) && moves.contains(&"e1a1".to_string()));
    assert!(!moves.contains(&"e1g1".to_string()) && !moves.contains(&"e1c1".to_string()));
    // The king and the rook still end on g1 and f1; the rights are written as files.
    assert_eq!(
        common::play(&game, fen, &["e1h1"]),
        "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1"
    );
    assert_eq!(
        common::play(&game, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", &["h1h2"]),
        "r3k2r/8/8/8/8/8/7R/R3K3 b Aha - 1 1"
    );
    // Capablanca's board: f1j1 (pyffish: `R6RK1`, rights `ja`).
    let capa = common::game("caparandom");
    assert_eq!(
        common::play(
            &capa,
            "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
            &["f1j1"]
        ),
        "r4k3r/10/10/10/10/10/10/R6RK1 b ja - 1 1"
    );
    // Chess keeps the king's move.
    let chess = common::game("chess");
    assert!(common::legal(&chess, fen).contains(&"e1g1".to_string()));
}

#[test]
fn spartan_kings_are_in_check_only_when_both_are_attacked() {
    let game = common::game("spartan");
    // pyffish's spartan: one king attacked, the other free: any move (the attacked
    // king may stay); both attacked: only moves that save one; all of them attacked
    // with no move to save one: checkmate (-32000).
    assert_eq!(
        common::legal(&game, "k6k/8/8/8/8/8/8/R3K3 b - - 0 1"),
        ["a8a7", "a8b7", "a8b8", "h8g7", "h8g8", "h8h7"]
    );
    let both = "k6k/8/8/8/8/8/8/R3K2R b - - 0 1";
    assert!(game.in_check(&game.position(both).unwrap()));
    assert_eq!(common::legal(&game, both), ["a8b7", "a8b8", "h8g7", "h8g8"]);
    let mate = game.position("k6k/8/8/8/8/8/1R4R1/RK5R b - - 0 1").unwrap();
    assert_eq!(
        game.result(&mate),
        Some(GameResult {
            winner: Some(Side::First),
            reason: EndReason::Checkmate,
        })
    );
    // One king left is royal as in chess.
    assert_eq!(
        common::legal(&game, "k7/8/8/8/8/8/8/R3K3 b - - 0 1"),
        ["a8b7", "a8b8"]
    );
    // The Persians castle as in chess: not through an attacked cell (a Spartan
    // captain on f3 covers f1).
    let moves = common::legal(&game, "4k3/8/8/8/8/5c2/8/R3K2R w KQ - 0 1");
    assert!(moves.contains(&"e1c1".to_string()) && !moves.contains(&"e1g1".to_string()));
}

#[test]
fn import_fsf_translates_drop_loop_and_stalemate_piece_count() {
    let ini = "[myloop:crazyhouse]\ndropLoop = true\n\n[mysuicide:antichess]\nstalematePieceCount = true\n";
    let v = piecewise::fsf::import(ini, None).unwrap();
    assert!(v[0].complete(), "{:?}", v[0].issues);
    assert!(
        v[0].rules.contains("hand, captures kept promoted"),
        "{}",
        v[0].rules
    );
    assert!(
        v[1].rules.contains("stalemate win, by piece count"),
        "{}",
        v[1].rules
    );
    assert!(!v[1].issues.iter().any(|i| i.key == "stalematePieceCount"));
    // Both compile and play as the shipped files: the promoted queen comes back a queen.
    let game = piecewise::Game::compile(&v[0].rules).unwrap();
    assert_eq!(
        common::play(
            &game,
            "4k3/1P6/8/8/8/8/1r6/4K3[] w - - 0 1",
            &["b7b8q", "b2b8"]
        ),
        "1r2k3/8/8/8/8/8/8/4K3[q] w - - 0 2"
    );
    let game = piecewise::Game::compile(&v[1].rules).unwrap();
    let pos = game.position("8/8/8/8/p7/P7/P7/8 w - - 0 1").unwrap();
    assert_eq!(game.result(&pos).unwrap().winner, Some(Side::Second));
}
