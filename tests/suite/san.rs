//! SAN (issue 35, item 4): moves written as Fairy-Stockfish writes SAN, read back by
//! `Game::parse_san`, and both on the command line (`moves --san`, `play` with SAN).
//! The expected texts are pyffish 0.0.90's `get_san` / `get_san_moves` on the same
//! FEN and moves.

use crate::common;

use common::{cli, game};
use piecewise::Game;

/// The SAN of each of `moves` (UCI) played in order from `fen`.
fn san_moves(g: &Game, fen: &str, moves: &[&str]) -> Vec<String> {
    let mut pos = g.position(fen).expect("a FEN");
    moves
        .iter()
        .map(|text| {
            let m = g
                .parse_uci(&pos, text)
                .unwrap_or_else(|| panic!("{text} is legal"));
            let san = g.san(&pos, &m);
            g.make(&mut pos, &m);
            san
        })
        .collect()
}

const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn chess_as_fairy_stockfish_writes_it() {
    let g = game("chess");
    let cases: [(&str, &[&str], &[&str]); 9] = [
        (
            CHESS,
            &[
                "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1", "f6e4", "d2d4",
            ],
            &["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4"],
        ),
        (
            CHESS,
            &["f2f3", "e7e5", "g2g4", "d8h4"],
            &["f3", "e5", "g4", "Qh4#"],
        ),
        (
            CHESS,
            &["a2a4", "h7h5", "a4a5", "b7b5", "a5b6"],
            &["a4", "h5", "a5", "b5", "axb6"],
        ),
        ("4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1", &["a7a8q"], &["a8=Q+"]),
        ("4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1c1"], &["O-O-O"]),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            &["e8g8", "a1a8"],
            &["O-O", "Rxa8"],
        ),
        ("1k6/8/8/8/R7/8/8/R3K3 w - - 0 1", &["a4a3"], &["R4a3"]),
        ("k7/8/8/8/2N1N3/8/2N5/4K3 w - - 0 1", &["c4d2"], &["Ncd2"]),
        ("8/8/8/8/1Q3Q2/8/1Q6/7K w - - 0 1", &["b4d2"], &["Qb4d2"]),
    ];
    for (fen, moves, want) in cases {
        assert_eq!(san_moves(&g, fen, moves), want, "{fen} {moves:?}");
    }
}

#[test]
fn crazyhouse_and_xiangqi_as_fairy_stockfish_writes_them() {
    let g = game("crazyhouse");
    let start = g.start_fen().expect("a start").to_string();
    let moves = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@e4"];
    let want = ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e4"];
    assert_eq!(san_moves(&g, &start, &moves), want);
    let fen = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
    assert_eq!(san_moves(&g, fen, &["N@e5", "N@c6"]), ["N@e5", "N@c6"]);
    // Xiangqi's soldiers keep their letter; its horse and elephant are written with
    // their SAN letters (`piece Horse (N, san H)`), `H` and `E`, as Fairy-Stockfish's
    // SAN writes them.
    let g = game("xiangqi");
    let start = g.start_fen().expect("a start").to_string();
    let moves = ["h3e3", "a10a9", "e3e7", "a9d9", "e4e5"];
    assert_eq!(
        san_moves(&g, &start, &moves),
        ["Che3", "Ra9", "Cxe7", "Rd9", "Pe5"]
    );
    let moves = ["b1c3", "c10e8", "c1e3", "h10g8"];
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(san_moves(&g, fen, &moves), ["Hc3", "Ece8", "Ece3", "Hg8"]);
}

/// Shogi's promoted pieces are written by the kind they move as (`san G`, `san H`,
/// `san D`), promotions with that letter, and a Gold's move is told apart from a
/// Tokin's that reads the same (pyffish, `NOTATION_SAN`).
#[test]
fn shogi_promoted_pieces_by_their_san_letters() {
    let g = game("shogi");
    let start = g.start_fen().expect("a start").to_string();
    assert_eq!(
        san_moves(&g, &start, &["c3c4", "g7g6", "b2h8+", "e9f8", "h8g7"]),
        ["Pc4", "Pg6", "Bxh8=H", "Kf8", "Hg7+"]
    );
    let fen = "4k4/9/9/2P6/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(
        san_moves(&g, fen, &["c6c7+", "e9e8", "c7d7"]),
        ["Pc7=G", "Ke8", "Gd7+"]
    );
    let fen = "4k4/9/9/2+R2+S3/9/9/2L6/9/4K4[] w - - 0 1";
    assert_eq!(san_moves(&g, fen, &["c6c4"]), ["Dc4"]);
    assert_eq!(san_moves(&g, fen, &["f6e7"]), ["Ge7"]);
    // Two pieces written `G` reach e8: the start file tells them apart.
    let fen = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2";
    assert_eq!(san_moves(&g, fen, &["d9e8"]), ["Gde8"]);
    let fen = "4k4/9/9/2+P6/9/9/2G6/9/4K4[] w - - 0 1";
    assert_eq!(
        san_moves(&g, fen, &["c3c4", "e9e8", "c6c5"]),
        ["Gc4", "Ke8", "G6c5"]
    );
}

/// Makruk's and Ai-wok's pawns restart no clock (no `move limit`), yet SAN writes them
/// as pawns: `piece Pawn (P, san pawn)` (pyffish, `NOTATION_SAN`).
#[test]
fn makruk_pawns_are_written_as_pawns() {
    let g = game("makruk");
    let start = g.start_fen().expect("a start").to_string();
    assert_eq!(
        san_moves(&g, &start, &["e3e4", "d6d5", "e4d5", "c6c5"]),
        ["e4", "d5", "exd5", "c5"]
    );
    let g = game("ai-wok");
    let fen = "rns2sn1/3kr3/1pppppp1/p1PaP2p/8/PP1P1PPP/3K2A1/RNS2SNR w - - 1 9";
    assert_eq!(san_moves(&g, fen, &["a3a4"]), ["a4"]);
    assert_eq!(san_moves(&g, fen, &["c5d6a"]), ["cxd6=A+"]);
}

/// Check marks as Fairy-Stockfish decides them: the check that wins 3check by count
/// is mate (`#`); Atomic writes no check marks, its king being a piece whose loss
/// ends the game (pyffish, `NOTATION_SAN`).
#[test]
fn check_marks_by_game_family() {
    let g = game("3check");
    let fen = "5n2/1bk1qn2/3pp2b/2rP1p2/P4P2/Nr3RP1/3K4/1R6 w - - 1+3 0 56";
    assert_eq!(san_moves(&g, fen, &["a3b5"]), ["Nb5#"]);
    let moves = ["e2e4", "f7f6", "d1h5"];
    let g = game("atomic");
    let start = g.start_fen().expect("a start").to_string();
    assert_eq!(san_moves(&g, &start, &moves), ["e4", "f6", "Qh5"]);
    let g = game("chess");
    assert_eq!(san_moves(&g, CHESS, &moves), ["e4", "f6", "Qh5+"]);
}

/// Every legal move's SAN reads back as that move, and no two moves read the same, in
/// positions along lines of several shipped games (drops, promotions, castling).
#[test]
fn every_san_reads_back_as_its_move() {
    for (name, moves) in [
        (
            "chess",
            "e2e4 d7d5 e4d5 g8f6 f1b5 c7c6 d5c6 d8d6 c6b7 c8d7 g1f3 e7e6",
        ),
        (
            "crazyhouse",
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e4 e7e5 d1h5 P@f6",
        ),
        ("shogi", "c3c4 g7g6 b2h8+ g9h8"),
        ("xiangqi", "h3e3 h10g8 e3e7 b10c8 b1c3"),
    ] {
        let g = game(name);
        let mut pos = g.start_position().expect("a start");
        for text in moves.split(' ').chain([""]) {
            let legal = g.legal_moves(&pos);
            let sans = g.san_list(&pos, &legal);
            for (m, san) in legal.iter().zip(&sans) {
                // One move's SAN (its own check mark only) as the list writes it.
                assert_eq!(&g.san(&pos, m), san, "{name}: one move");
                assert_eq!(g.parse_san(&pos, san).as_ref(), Some(m), "{name}: {san}");
                assert_eq!(g.parse_move(&pos, san).as_ref(), Some(m), "{name}: {san}");
            }
            let mut sorted = sans.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), sans.len(), "{name}: {sans:?}");
            if text.is_empty() {
                break;
            }
            let m = g
                .parse_uci(&pos, text)
                .unwrap_or_else(|| panic!("{name}: {text}"));
            g.make(&mut pos, &m);
        }
    }
}

#[test]
fn san_without_check_marks_and_with_castling_zeros_reads() {
    let g = game("chess");
    let pos = g
        .position("4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1")
        .expect("a FEN");
    for text in ["a8=Q", "a8=Q+", "a8=Q!", "0-0-0", "O-O-O+"] {
        assert!(g.parse_san(&pos, text).is_some(), "{text}");
    }
    for text in ["a8", "Ka8", "e8=Q", "", "O-O-O-O"] {
        assert!(g.parse_san(&pos, text).is_none(), "{text}");
    }
}

#[test]
fn the_command_line_writes_and_reads_san() {
    let out = cli::run(&["moves", "chess", "--san"]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    let moves = cli::stdout(&out);
    assert_eq!(moves.lines().count(), 20, "{moves}");
    assert!(moves.lines().any(|l| l == "Nf3") && moves.lines().any(|l| l == "e4"));
    let out = cli::run(&["play", "chess", "f3", "e5", "g4", "Qh4#"]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    assert_eq!(
        cli::stdout(&out).trim(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    assert!(
        cli::stderr(&out).contains("result:"),
        "{}",
        cli::stderr(&out)
    );
    let out = cli::run(&["play", "chess", "e4", "Nf9"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(cli::stderr(&out).contains("Nf9"), "{}", cli::stderr(&out));
}
