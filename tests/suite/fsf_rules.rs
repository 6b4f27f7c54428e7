//! Game rules of Fairy-Stockfish's catalogue beyond the moves: a king that blows itself
//! up (nocheckatomic), ... Each case is pyffish 0.0.90's answer.

use crate::common;

use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;

/// Plays `moves` from `fen`; the result there and the legal moves left.
fn after(game: &piecewise::Game, fen: &str, moves: &[&str]) -> (Option<GameResult>, usize) {
    let mut pos = game.position(fen).expect("fen");
    for m in moves {
        let mv = game
            .parse_uci(&pos, m)
            .unwrap_or_else(|| panic!("{m} is not legal"));
        game.make(&mut pos, &mv);
    }
    (game.result(&pos), game.legal_moves(&pos).len())
}

#[test]
fn a_king_that_blows_itself_up_loses_at_once() {
    let game = common::game("nocheckatomic");
    // The white king takes a pawn: the blast takes the king (pyffish: a win for Black
    // at once, no legal move).
    let (result, moves) = after(&game, "8/8/8/8/6p1/5K2/8/4k3 w - - 0 1", &["f3g4"]);
    let lost = GameResult {
        winner: Some(Side::Second),
        reason: EndReason::RoyalLost,
    };
    assert_eq!(result, Some(lost));
    assert_eq!(moves, 0);
    // One blast takes both kings: the side that captured loses.
    let (result, moves) = after(&game, "8/8/8/R2nk3/3K4/8/8/8 w - - 0 1", &["a5d5"]);
    assert_eq!(result, Some(lost));
    assert_eq!(moves, 0);
    // A king may stay attacked and step next to the other: no check.
    let (result, moves) = after(&game, "8/8/8/R2nk3/3K4/8/8/8 w - - 0 1", &["d4e4"]);
    assert_eq!(result, None);
    assert!(moves > 0);
    // Atomic's own king is never lost by its own move: the king may not capture.
    let atomic = common::game("atomic");
    let pos = atomic.position("8/8/8/8/6p1/5K2/8/4k3 w - - 0 1").unwrap();
    assert!(!atomic.legal_uci(&pos).contains(&"f3g4".to_string()));
}

#[test]
fn a_blast_never_removes_an_immune_kind_not_even_its_capturer() {
    let game = common::game("atomar");
    // The black king takes the queen: it stays on d4 (pyffish: `8/8/8/8/3k4/8/4K3/8`).
    let fen = "8/8/8/8/3Q4/4k3/4K3/8 b - - 0 1";
    assert_eq!(
        common::play(&game, fen, &["e3d4"]),
        "8/8/8/8/3k4/8/4K3/8 w - - 0 2"
    );
    // Kings may not take each other (`immune King to King`), and stand side by side.
    let fen = "8/8/8/8/8/4k3/4K3/8 w - - 0 1";
    assert_eq!(
        common::legal(&game, fen),
        ["e2d1", "e2d2", "e2d3", "e2e1", "e2f1", "e2f2", "e2f3"]
    );
    // A blast next to a king leaves it; the other pieces around go (the knight on d2).
    let fen = "4k3/8/8/8/8/8/R2np3/4K3 w - - 0 1";
    assert_eq!(
        common::play(&game, fen, &["a2d2"]),
        "4k3/8/8/8/8/8/4p3/4K3 b - - 0 1"
    );
    assert_eq!(
        common::play(&game, "4k3/8/8/8/8/8/3nb3/3RK3 w - - 0 1", &["d1d2"]),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    // Without `immune`, the capturing king is blown up (nocheckatomic).
    let plain = common::game("nocheckatomic");
    let (result, _) = after(&plain, "8/8/8/8/3Q4/4k3/4K3/8 b - - 0 1", &["e3d4"]);
    assert_eq!(result.map(|r| r.winner), Some(Some(Side::First)));
}

#[test]
fn blast_immune_kinds_are_checked() {
    let text = |opts: &str| {
        format!(
            "board square 8x8\npiece King (K) {{ step any }}\nroyal King\n\
             explode on capture{opts}\n"
        )
    };
    assert!(piecewise::Game::compile(&text(", immune King")).is_ok());
    let codes = |opts: &str| -> Vec<String> {
        match piecewise::Game::compile(&text(opts)) {
            Ok(_) => Vec::new(),
            Err(d) => d.iter().map(|d| d.code.to_string()).collect(),
        }
    };
    assert_eq!(codes(", immune King, immune King"), ["E0920"]);
    assert_eq!(codes(", immune Kong"), ["E0304"]);
}

#[test]
fn with_draw_odds_every_draw_is_a_win_for_that_side() {
    let game = common::game("armageddon");
    let black = Some(Side::Second);
    let result = |fen: &str| game.result(&game.position(fen).unwrap());
    // Either side stalemated: pyffish's game_result is a Black win (32000 for Black to
    // move, -32000 for White).
    let r = result("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!((r.winner, r.reason), (black, EndReason::Stalemate));
    let r = result("k7/8/8/8/8/1q6/8/K7 w - - 0 1").unwrap();
    assert_eq!((r.winner, r.reason), (black, EndReason::Stalemate));
    // Bare kings: neither side can mate.
    let r = result("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (black, EndReason::InsufficientMaterial)
    );
    // Checkmate is as in chess.
    let r = result("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert_eq!(r.winner, Some(Side::First));
    // The claims: the 50-move rule and threefold repetition (pyffish's
    // is_optional_game_end: (True, 32000) for Black to move, (True, -32000) for White).
    let start = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let line = game.line_from_uci(start, &["a1a2"]).unwrap();
    let r = game.optional_end(&line).unwrap();
    assert_eq!((r.winner, r.reason), (black, EndReason::MoveLimit));
    let moves = [
        "a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1", "d8e8",
    ];
    let line = game
        .line_from_uci(&start.replace("99 80", "0 1"), &moves)
        .unwrap();
    let r = game.optional_end(&line).unwrap();
    assert_eq!((r.winner, r.reason), (black, EndReason::Repetition));
    // Chess, the same positions: draws.
    let chess = common::game("chess");
    let pos = chess.position("k7/8/8/8/8/1q6/8/K7 w - - 0 1").unwrap();
    assert_eq!(chess.result(&pos).unwrap().winner, None);
}

#[test]
fn draw_odds_is_given_once() {
    let text = "board square 8x8\npiece King (K) { step any }\nroyal King\n\
                draw odds for second\ndraw odds for first\n";
    let Err(err) = piecewise::Game::compile(text) else {
        panic!("compiled");
    };
    let codes: Vec<&str> = err.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["E0909"]);
}

#[test]
fn a_hand_whose_captures_are_not_kept_holds_only_the_start_pieces() {
    let game = common::game("pocketknight");
    let start = game.start_fen().unwrap().to_string();
    // 20 moves and a knight drop on each of the 32 empty cells (pyffish: 52).
    assert_eq!(common::legal(&game, &start).len(), 52);
    // A capture leaves the hand as it was; the drop empties it (pyffish's FENs).
    let fen = common::play(&game, &start, &["e2e4", "d7d5", "e4d5"]);
    assert_eq!(
        fen,
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Nn] b KQkq - 0 2"
    );
    assert_eq!(
        common::play(&game, &start, &["N@e4"]),
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 0 1"
    );
    // A promoted piece carries no `~` (pyffish: `1Q2k3/...`).
    assert_eq!(
        common::play(&game, "4k3/1P6/8/8/8/8/8/4K3[Nn] w - - 0 1", &["b7b8q"]),
        "1Q2k3/8/8/8/8/8/8/4K3[Nn] b - - 0 1"
    );
    // Crazyhouse keeps them.
    let zh = common::game("crazyhouse");
    let start = zh.start_fen().unwrap().to_string();
    assert!(common::play(&zh, &start, &["e2e4", "d7d5", "e4d5"]).contains("[P]"));
    // Dragon chess: the Dragon drops on its side's first rank only.
    let game = common::game("dragon");
    assert_eq!(
        common::legal(&game, "4k3/8/8/8/8/8/8/4K3[D] w - - 0 1"),
        [
            "D@a1", "D@b1", "D@c1", "D@d1", "D@f1", "D@g1", "D@h1", "e1d1", "e1d2", "e1e2", "e1f1",
            "e1f2"
        ]
    );
}
