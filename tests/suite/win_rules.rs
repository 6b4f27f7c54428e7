//! The win conditions of whole families (`reach`, `extinction`, `checks`, `no giving
//! check`) on hand-made positions of the shipped games, each with the exact answer.
//! The expected answers are Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`,
//! `is_immediate_game_end`, `get_fen` on the same FEN and moves);
//! tests/differential/catalogue.py compares the two on random games of every shipped
//! variant.

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

#[test]
fn a_king_on_the_hill_wins_at_once_and_the_game_has_no_moves_left() {
    let koth = game("kingofthehill");
    let fen = "k7/8/8/8/8/3K4/8/8 w - - 0 1";
    // pyffish: d3d4 -> (True, -32000) for black to move, no legal moves.
    let (end, moves) = after(&koth, fen, &["d3d4"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
    assert!(moves.is_empty(), "{moves:?}");
    assert_eq!(
        end.unwrap().to_string(),
        "1-0 (white wins by reaching the zone)"
    );
    // Next to the hill is nothing: pyffish (False, 0), 3 moves for black.
    let (end, moves) = after(&koth, fen, &["d3c4"]);
    assert_eq!(end, None);
    assert_eq!(moves, ["a8a7", "a8b7", "a8b8"]);
    // Perft below an ended position counts nothing: black has no move after d3d4.
    let pos = koth.position("k7/8/8/8/3K4/8/8/8 b - - 1 1").unwrap();
    assert_eq!(koth.perft(&pos, 1), 0);
}

#[test]
fn racing_kings_gives_black_one_reply_to_white_arriving() {
    let rk = game("racingkings");
    let fen = "8/1k4K1/8/8/8/8/8/8 w - - 0 1";
    // White arrives; Black can arrive too: the game goes on (pyffish: False, 8 moves).
    let (end, moves) = after(&rk, fen, &["g7g8"]);
    assert_eq!(end, None);
    assert_eq!(moves.len(), 8, "{moves:?}");
    // Black arrives too: a draw (pyffish: True, 0).
    let (end, _) = after(&rk, fen, &["g7g8", "b7b8"]);
    assert_eq!(
        end,
        Some(GameResult {
            winner: None,
            reason: EndReason::Reach
        })
    );
    // Black does not: White wins (pyffish: True, +32000 for white to move).
    let (end, moves) = after(&rk, fen, &["g7g8", "b7c7"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
    assert!(moves.is_empty());
    // Black too far to reply: White wins at once (pyffish: True, -32000 for black).
    let (end, _) = after(&rk, "8/6K1/8/1k6/8/8/8/8 w - - 0 1", &["g7g8"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
    // Black arriving first wins at once (pyffish: True, -32000 for white).
    let (end, _) = after(&rk, "8/1k6/6K1/8/8/8/8/8 b - - 0 1", &["b7b8"]);
    assert_eq!(end, win(Side::Second, EndReason::Reach));
}

#[test]
fn racing_kings_forbids_giving_check() {
    let rk = game("racingkings");
    // The start: pyffish has 21 moves, none of which gives check.
    let start = rk.start_fen().unwrap().to_string();
    assert_eq!(legal(&rk, &start).len(), 21);
    // A rook that could check the king along the rank may not; moving elsewhere may.
    let fen = "8/8/8/8/8/k7/8/1R5K w - - 0 1";
    let moves = legal(&rk, fen);
    assert!(!moves.contains(&"b1b3".to_string()), "{moves:?}");
    assert!(!moves.contains(&"b1a1".to_string()), "{moves:?}");
    assert!(moves.contains(&"b1b2".to_string()), "{moves:?}");
}

#[test]
fn the_third_check_wins_and_fen_counts_the_checks_left() {
    let three = game("3check");
    // One check left for White: giving it wins (pyffish: True, -32000 for black).
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 1+3 0 1";
    let (end, moves) = after(&three, fen, &["d1e2"]);
    assert_eq!(end, win(Side::First, EndReason::Checks));
    assert!(moves.is_empty());
    let line = three.line_from_uci(fen, &["d1e2"]).unwrap();
    assert_eq!(
        three.fen(line.position()),
        "4k3/8/8/8/8/8/4Q3/4K3 b - - 0+3 1 1"
    );
    // Two left: the game goes on, and the FEN says one is left (pyffish's get_fen).
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 2+3 0 1";
    let line = three.line_from_uci(fen, &["d1e2"]).unwrap();
    assert_eq!(three.immediate_end(&line), None);
    assert_eq!(
        three.fen(line.position()),
        "4k3/8/8/8/8/8/4Q3/4K3 b - - 1+3 1 1"
    );
    assert_eq!(line.position().checks_given(Side::First), 2);
    let (end, _) = after(&three, fen, &["d1e2", "e8d8", "e2d2"]);
    assert_eq!(end, win(Side::First, EndReason::Checks));
    // The start position writes and reads its counts.
    let start = three.start_position().unwrap();
    assert_eq!(
        three.fen(&start),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    // Five-check counts to five.
    let five = game("5check");
    let (end, _) = after(&five, "4k3/8/8/8/8/8/8/3QK3 w - - 1+5 0 1", &["d1e2"]);
    assert_eq!(end, win(Side::First, EndReason::Checks));
}

#[test]
fn check_counts_that_cannot_be_are_a_fen_error() {
    let three = game("3check");
    for bad in ["4+3", "3+x", "+3", "3+-1"] {
        let fen = format!("4k3/8/8/8/8/8/8/3QK3 w - - {bad} 0 1");
        let err = three.position(&fen).unwrap_err().to_string();
        assert!(err.contains("check counts"), "{bad}: {err}");
        assert!(err.contains("at most 3"), "{bad}: {err}");
    }
}

#[test]
fn losing_the_last_of_a_kind_loses() {
    let ext = game("extinction");
    // White has no knight left (pyffish: no legal moves, immediate end for White).
    let fen = "rn5r/p1p1n3/P2b1kpp/3pp1P1/1PpP2b1/Q6B/4P2P/R1BqK2R w - - 0 31";
    let (end, moves) = after(&ext, fen, &[]);
    assert_eq!(end, win(Side::Second, EndReason::Extinction));
    assert!(moves.is_empty());
    // Three kings: one king lost of three loses.
    let tk = game("threekings");
    let start = tk.start_fen().unwrap().to_string();
    assert_eq!(after(&tk, &start, &[]).0, None);
    let fen = "knbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK b - - 0 1";
    assert_eq!(
        after(&tk, fen, &[]).0,
        win(Side::First, EndReason::Extinction)
    );
    // Horde: White with no piece left loses (pyffish: no legal moves).
    let horde = game("horde");
    let (end, moves) = after(&horde, "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1", &[]);
    assert_eq!(end, win(Side::Second, EndReason::Extinction));
    assert!(moves.is_empty());
}

#[test]
fn a_king_that_is_not_royal_castles_through_attack() {
    let kinglet = game("kinglet");
    // The knight on g3 attacks f1; pyffish still castles e1g1.
    let fen = "1nb2b1r/1pkpq2p/2p3p1/p2Bp3/PP2P2P/2r3n1/2PP1PP1/RNBQK2R w K - 4 16";
    assert!(legal(&kinglet, fen).contains(&"e1g1".to_string()));
    // Chess (a royal king) may not.
    let chess = game("chess");
    let fen = "4k3/8/8/8/8/6n1/8/4K2R w K - 0 1";
    assert!(!legal(&chess, fen).contains(&"e1g1".to_string()));
}

#[test]
fn misuse_of_the_win_rules_is_a_diagnostic() {
    let base = "board square 8x8\npiece King (K) { step any }\nzone hill = d4 e4\n";
    let royal = format!("{base}royal King\n");
    assert_eq!(codes(&format!("{base}checks 3\n")), ["E0934"]);
    assert_eq!(codes(&format!("{base}no giving check\n")), ["E0934"]);
    assert_eq!(codes(&format!("{royal}checks 300\n")), ["E0913"]);
    assert_eq!(codes(&format!("{royal}checks 0\n")), ["E0913"]);
    assert_eq!(
        codes(&format!("{royal}reach hill with King for first, reply\n")),
        ["E0935"]
    );
    assert_eq!(codes(&format!("{royal}reach hil with King\n")), ["E0204"]);
    assert_eq!(codes(&format!("{royal}reach hill with Kong\n")), ["E0304"]);
    assert_eq!(
        codes(&format!("{royal}reach hill with King, count 0\n")),
        ["E0913"]
    );
    assert_eq!(
        codes(&format!("{base}extinction King loss, below 0\n")),
        ["E0913"]
    );
    assert_eq!(
        codes(&format!("{base}extinction all loss\nextinction King win\n")),
        ["E0909"]
    );
    // Well formed: nothing to say.
    assert!(codes(&format!(
        "{royal}reach hill with King win for second, count 1\nreach hill with King, reply\nextinction all\nchecks 3\nno giving check\n"
    ))
    .is_empty());
}

#[test]
fn checkmate_can_win_and_a_bare_king_can_win() {
    // Misère: White is checkmated (fool's mate) and wins (pyffish: game_result +32000
    // for white to move, no legal moves).
    let misere = game("misere");
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let pos = misere.position(fen).unwrap();
    assert_eq!(misere.result(&pos), win(Side::First, EndReason::Checkmate));
    // Chess: the same position loses.
    let chess = game("chess");
    assert_eq!(
        chess.result(&chess.position(fen).unwrap()),
        win(Side::Second, EndReason::Checkmate)
    );
    // Losers: White left with its king alone wins at once (pyffish: True, +32000).
    let losers = game("losers");
    let (end, moves) = after(&losers, "4k3/8/8/8/8/8/r7/4K3 w - - 0 1", &[]);
    assert_eq!(end, win(Side::First, EndReason::Extinction));
    assert!(moves.is_empty());
}

#[test]
fn import_fsf_translates_the_win_keys() {
    use piecewise::fsf;
    let ini = "[koth:kingofthehill]\n[rk:racingkings]\n[tc:3check]\n[ext:extinction]\n\
               [hordeish:chess]\nextinctionValue = loss\nextinctionPieceTypes = *\n\
               [kings:chess]\nextinctionValue = loss\nextinctionPieceTypes = k\nextinctionPieceCount = 1\n";
    let variants = fsf::import(ini, None).unwrap();
    let text = |name: &str| {
        let v = variants.iter().find(|v| v.name == name).unwrap();
        assert!(v.issues.is_empty(), "{name}: {:?}", v.issues);
        Game::compile(&v.rules).unwrap_or_else(|d| panic!("{name}: {d}\n{}", v.rules));
        v.rules.clone()
    };
    assert!(text("koth").contains("reach flag_zone with King\n"));
    let rk = text("rk");
    assert!(rk.contains("zone absolute flag_zone = rank 8"), "{rk}");
    assert!(rk.contains("reach flag_zone with King, reply"), "{rk}");
    assert!(rk.contains("no giving check"), "{rk}");
    assert!(text("tc").contains("checks 3\n"));
    assert!(
        text("ext").contains("extinction Pawn | Knight | Bishop | Rook | Queen | Commoner loss")
    );
    assert!(text("hordeish").contains("extinction all loss\n"));
    assert!(text("kings").contains("extinction King loss, below 2\n"));
}

/// Perft counts an end at once in the node it ends (the children of a node one ply
/// above the last share its walks; the last ply is counted in bulk), and the counts
/// are the brute force's, which plays every move and asks each node's legal moves
/// (where an ended position has none), on positions where the ends come within the
/// count: a king next to the hill, one check left to give, kings racing, a piece
/// kind about to be extinct, a royal about to be bared.
#[test]
fn perft_counts_an_end_at_once_as_the_brute_force_does() {
    let cases = [
        (
            "kingofthehill",
            "rnbq1bnr/pppp1ppp/4k3/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR w - - 4 4",
            3,
        ),
        ("kingofthehill", "k7/8/8/8/8/3K4/8/8 w - - 0 1", 4),
        (
            "3check",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+1 0 3",
            3,
        ),
        ("3check", "4k3/8/8/8/8/8/8/3QK3 w - - 2+3 0 1", 3),
        ("racingkings", "8/1k4K1/8/8/8/8/8/8 w - - 0 1", 4),
        (
            "extinction",
            "rn5r/p1p1n3/P2b1kpp/3pp1P1/1PpP2b1/Q6B/4P2P/R1BqK2R w - - 0 31",
            2,
        ),
        ("shatranj", "8/8/3k4/8/8/2nK4/8/3R4 w - - 0 1", 3),
        ("courier", "12/12/5k6/12/12/4nK6/12/5R6 w - - 0 1", 3),
        ("antichess", "8/8/8/8/8/8/1p6/N7 w - - 0 1", 4),
    ];
    for (name, fen, depth) in cases {
        let g = game(name);
        let pos = g
            .position(fen)
            .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        let brute = common::perft_through_fen(&g, &pos, depth);
        assert_eq!(g.perft(&pos, depth), brute, "{name} {fen} depth {depth}");
        let mut by_root = piecewise::game::Perft::new(&g);
        let divided: u64 = by_root
            .divide(&mut pos.clone(), depth)
            .expect("no limit")
            .iter()
            .map(|(_, n)| n)
            .sum();
        assert_eq!(divided, brute, "{name} {fen} divided");
    }
}

#[test]
fn jeson_mor_wins_once_the_centre_is_held_for_a_move() {
    let g = game("jesonmor");
    // A white knight just arrived on e5: nothing is judged yet (pyffish: False).
    let (end, moves) = after(&g, "n8/9/9/9/9/9/5N3/9/8N w - - 0 1", &["f3e5"]);
    assert_eq!(end, None);
    assert!(moves.contains(&"a9b7".to_string()));
    // Black did not take it: White, to move with it still there, has won (pyffish: True,
    // 32000 for white).
    let (end, moves) = after(&g, "n8/9/9/9/9/9/5N3/9/8N w - - 0 1", &["f3e5", "a9b7"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
    assert!(moves.is_empty());
    // Black takes it on e5 and holds it in turn: nothing at once, Black wins a move later.
    let fen = "9/9/3n5/9/9/9/5N3/9/8N w - - 0 1";
    let (end, _) = after(&g, fen, &["f3e5", "d7e5"]);
    assert_eq!(end, None, "Black's knight has only arrived");
    let (end, _) = after(&g, fen, &["f3e5", "d7e5", "i1h3"]);
    assert_eq!(end, win(Side::Second, EndReason::Reach));
    let (end, _) = after(&g, fen, &["f3e5", "d7f6"]);
    assert_eq!(end, win(Side::First, EndReason::Reach));
    let (end, _) = after(&g, "9/9/9/9/9/3n5/9/9/8N b - - 0 1", &["d4e6", "i1h3"]);
    assert_eq!(end, None, "the wrong cell");
    let (end, _) = after(&g, "9/9/9/9/9/9/5n3/9/8N b - - 0 1", &["f3e5", "i1h3"]);
    assert_eq!(end, win(Side::Second, EndReason::Reach));
    // `held` and `reply` together are E0971.
    let royal = "board square 8x8\nzone hill = d4\nroyal King\npiece King (K) { step any }\n";
    assert_eq!(
        codes(&format!("{royal}reach hill with King, reply, held\n")),
        ["E0971"]
    );
}
