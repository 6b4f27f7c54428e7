//! Game ends declared in the rules files (`repetition`, `perpetual check loses`, `move
//! limit`, `bare royal`, `no pieces`, `counting makruk`) on hand-made positions and lines
//! of the shipped games, each with the exact result. The expected answers are
//! Fairy-Stockfish's (pyffish 0.0.90 `game_result`, `is_immediate_game_end`,
//! `is_optional_game_end` on the same FEN and moves); tests/differential/ends.py compares
//! the two on random games.

use crate::common;

use common::{cli, game};
use piecewise::game::{EndReason, GameResult, LineError, MoveErrorKind};
use piecewise::ids::Side;
use piecewise::Game;

fn result(winner: Option<Side>, reason: EndReason) -> Option<GameResult> {
    Some(GameResult { winner, reason })
}

const DRAW_REPETITION: Option<GameResult> = Some(GameResult {
    winner: None,
    reason: EndReason::Repetition,
});

/// The three answers after each prefix of `moves` from `fen`: (result, immediate,
/// optional).
type Answers = (Option<GameResult>, Option<GameResult>, Option<GameResult>);

fn answers(g: &Game, fen: &str, moves: &[&str]) -> Vec<Answers> {
    let mut line = g.line(g.position(fen).expect("FEN"));
    let judge = |line: &piecewise::game::Line| {
        (
            g.line_result(line),
            g.immediate_end(line),
            g.optional_end(line),
        )
    };
    let mut out = vec![judge(&line)];
    for m in moves {
        g.play_uci(&mut line, m).expect("legal");
        out.push(judge(&line));
    }
    out
}

fn split(moves: &str) -> Vec<&str> {
    moves.split_whitespace().collect()
}

#[test]
fn threefold_repetition_by_transposition_is_a_claimable_draw() {
    let chess = game("chess");
    let start = chess.start_fen().expect("start").to_string();
    // The start position again after 8 plies, then a third time by another route.
    let moves =
        split("g1f3 g8f6 b1c3 b8c6 f3g1 f6g8 c3b1 c6b8 b1c3 g8f6 g1f3 b8c6 c3b1 c6b8 f3g1 f6g8");
    let all = answers(&chess, &start, &moves);
    for (k, (res, imm, opt)) in all.iter().enumerate() {
        assert_eq!((*res, *imm), (None, None), "after {k} moves");
        let expected = if k == 16 { DRAW_REPETITION } else { None };
        assert_eq!(*opt, expected, "after {k} moves");
    }
    // The repetition is claimable, so play may go on; one more move, and it is gone.
    let mut more = moves.clone();
    more.push("e2e4");
    let line = chess.line_from_uci(&start, &more).expect("line");
    assert_eq!(chess.optional_end(&line), None);
}

#[test]
fn an_en_passant_cell_nobody_can_use_does_not_make_a_position_new() {
    let chess = game("chess");
    let start = chess.start_fen().expect("start").to_string();
    // After 1. e4 the FEN names e3, but no black pawn can take there: the position after
    // 1. e4 and after 1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1 is the same.
    let moves = split("e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1");
    let line = chess.line_from_uci(&start, &moves).expect("line");
    assert_eq!(chess.optional_end(&line), DRAW_REPETITION);
}

#[test]
fn perpetual_check_loses_in_xiangqi_and_a_plain_repetition_draws() {
    let xiangqi = game("xiangqi");
    // White's chariot checks with every move; the third time the position stands,
    // white (to move) has given perpetual check and loses; a ply later black (to move)
    // wins by it (pyffish: -32000, then 32000).
    let fen = "4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1";
    let cycle = "a9a10 e10e9 a10a9 e9e10 ";
    let moves = cycle.repeat(3);
    let moves = split(&moves);
    let all = answers(&xiangqi, fen, &moves[..10]);
    for (k, (res, imm, opt)) in all.iter().enumerate() {
        assert_eq!((*res, *imm), (None, None), "after {k} moves");
        // From the 8th move on, every position has stood three times.
        let expected = match k {
            8.. => result(Some(Side::Second), EndReason::PerpetualCheck),
            _ => None,
        };
        assert_eq!(*opt, expected, "after {k} moves");
    }
    // Earlier moves that gave no check do not spoil it (pyffish: -32000 for white).
    let line = xiangqi
        .line_from_uci(
            "3k5/9/R8/9/9/9/9/9/9/5K3 w - - 0 1",
            &split("a8a9 d10e10 a9a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a9 e9e10"),
        )
        .expect("line");
    assert_eq!(
        xiangqi.optional_end(&line),
        result(Some(Side::Second), EndReason::PerpetualCheck)
    );
    // Rooks shuffling without check: a draw.
    let start = xiangqi.start_fen().expect("start").to_string();
    let line = xiangqi
        .line_from_uci(&start, &split("a1a2 a10a9 a2a1 a9a10 ").repeat(2))
        .expect("line");
    assert_eq!(xiangqi.optional_end(&line), DRAW_REPETITION);
}

#[test]
fn shogi_counts_four_and_minishogi_repetition_loses_for_sente() {
    let shogi = game("shogi");
    let start = shogi.start_fen().expect("start").to_string();
    let text = "h2c2 b8a8 c2h2 a8b8 ".repeat(3);
    let cycle = split(&text);
    let all = answers(&shogi, &start, &cycle);
    let claims: Vec<usize> = (0..all.len()).filter(|&k| all[k].2.is_some()).collect();
    assert_eq!(claims, [12]);
    assert_eq!(all[12].2, DRAW_REPETITION);
    // Perpetual check by sente, the fourth time: sente (to move) loses.
    let line = shogi
        .line_from_uci(
            "4k4/R8/9/9/9/9/9/9/3K5[] w - - 0 1",
            &split(&"a8a9 e9e8 a9a8 e8e9 ".repeat(3)),
        )
        .expect("line");
    assert_eq!(
        shogi.optional_end(&line),
        result(Some(Side::Second), EndReason::PerpetualCheck)
    );
    let mini = game("minishogi");
    for (fen, moves) in [
        ("2k2/5/5/5/R1K2[] b - - 0 1", "c5b5 a1a2 b5c5 a2a1 "),
        ("2k2/5/5/5/R1K2[] w - - 0 1", "a1a2 c5b5 a2a1 b5c5 "),
    ] {
        let line = mini
            .line_from_uci(fen, &split(&moves.repeat(3)))
            .expect("line");
        assert_eq!(
            mini.optional_end(&line),
            result(Some(Side::Second), EndReason::Repetition),
            "{fen}"
        );
    }
}

#[test]
fn the_fifty_move_rule_at_its_boundary() {
    let chess = game("chess");
    let draw = result(None, EndReason::MoveLimit);
    let fen = "8/8/4k3/8/8/4K3/8/R7 w - - 98 80";
    let all = answers(&chess, fen, &["a1a2", "e6e7", "a2a3"]);
    let optional: Vec<_> = all.iter().map(|a| a.2).collect();
    assert_eq!(optional, [None, None, draw, draw]);
    assert!(all.iter().all(|a| a.0.is_none() && a.1.is_none()));
    // A pawn move restarts the clock.
    let line = chess
        .line_from_uci("8/8/4k3/8/8/P3K3/8/R7 w - - 99 80", &["a3a4"])
        .expect("line");
    assert_eq!(chess.optional_end(&line), None);
    assert_eq!(line.position().halfmove_clock(), 0);
    // A mate on the hundredth ply stands; a stalemate there may be claimed as a draw.
    let line = chess
        .line_from_uci("7k/8/6K1/8/8/8/8/Q7 w - - 99 80", &["a1a8"])
        .expect("line");
    assert_eq!(
        chess.line_result(&line),
        result(Some(Side::First), EndReason::Checkmate)
    );
    assert_eq!(chess.optional_end(&line), None);
    let stalemate = chess.line(
        chess
            .position("7k/5Q2/6K1/8/8/8/8/8 b - - 100 80")
            .expect("FEN"),
    );
    assert_eq!(chess.optional_end(&stalemate), draw);
    assert_eq!(
        chess.line_result(&stalemate),
        result(None, EndReason::Stalemate)
    );
    // Shatranj: 70 moves, and its pawns restart the count though they never double-step.
    let shatranj = game("shatranj");
    let pos = |fen| shatranj.line(shatranj.position(fen).expect("FEN"));
    assert_eq!(
        shatranj.optional_end(&pos("8/8/4k3/8/8/4K3/8/R6r w - - 139 80")),
        None
    );
    assert_eq!(
        shatranj.optional_end(&pos("8/8/4k3/8/8/4K3/8/R6r w - - 140 80")),
        draw
    );
    // Xiangqi: 50 moves, and a soldier's move does not restart them.
    let xiangqi = game("xiangqi");
    let line = xiangqi
        .line_from_uci("3k5/9/9/9/4P4/9/9/9/9/R3K4 w - - 99 80", &["e6d6"])
        .expect("line");
    assert_eq!(xiangqi.optional_end(&line), draw);
    let line = shatranj
        .line_from_uci("4k2r/8/8/8/8/8/4P3/R2K4 w - - 5 1", &["e2e3"])
        .expect("line");
    assert_eq!(line.position().halfmove_clock(), 0);
}

#[test]
fn a_bare_king_loses_in_shatranj_unless_it_bares_back() {
    let shatranj = game("shatranj");
    let white_wins = result(Some(Side::First), EndReason::BareRoyal);
    let at = |fen: &str| {
        let pos = shatranj.position(fen).expect("FEN");
        shatranj.result(&pos)
    };
    // Black bare, to move, white has one rook: black may still answer.
    assert_eq!(at("8/8/4k3/8/8/4K3/8/R7 b - - 0 1"), None);
    // White to move with black bare: white wins.
    assert_eq!(at("8/8/4k3/8/8/4K3/8/R7 w - - 0 1"), white_wins);
    // Two pieces left to white: no answer can bare it, black loses at once.
    assert_eq!(at("8/8/4k3/8/8/4K3/8/R6R b - - 0 1"), white_wins);
    assert_eq!(at("8/8/4k3/8/8/4K3/P7/R7 b - - 0 1"), white_wins);
    // Both bare: nobody loses by it.
    assert_eq!(at("8/8/4k3/8/8/4K3/8/8 w - - 0 1"), None);
    // Black bares back by taking the rook, or does not and loses.
    let fen = "8/8/8/8/8/8/3k4/3R3K b - - 0 1";
    for (reply, expected) in [("d2d1", None), ("d2c2", white_wins)] {
        let line = shatranj.line_from_uci(fen, &[reply]).expect("line");
        assert_eq!(shatranj.immediate_end(&line), expected, "{reply}");
        assert_eq!(shatranj.line_result(&line), expected, "{reply}");
        assert_eq!(shatranj.optional_end(&line), None, "{reply}");
    }
    // A bare king that is stalemated loses by stalemate (pyffish: -32000).
    assert_eq!(
        at("8/8/8/8/8/8/1R6/k1K5 b - - 0 1"),
        result(Some(Side::First), EndReason::Stalemate)
    );
}

#[test]
fn antichess_is_won_by_losing_every_piece() {
    let anti = game("antichess");
    let white_wins = result(Some(Side::First), EndReason::NoPieces);
    for fen in ["8/8/8/8/8/8/8/k7 w - - 0 1", "8/8/8/8/8/8/8/k7 b - - 0 1"] {
        let line = anti.line(anti.position(fen).expect("FEN"));
        assert_eq!(anti.immediate_end(&line), white_wins, "{fen}");
        assert_eq!(anti.line_result(&line), white_wins, "{fen}");
    }
    let line = anti
        .line_from_uci("8/8/8/8/8/8/1p6/B7 b - - 0 1", &["b2a1q"])
        .expect("line");
    assert_eq!(anti.line_result(&line), white_wins);
    assert_eq!(anti.optional_end(&line), None);
    // Blocked pawns: the side to move has a move; the other blocked side would win.
    let pos = anti.position("8/8/8/8/8/P7/p7/8 w - - 0 1").expect("FEN");
    assert_eq!(anti.result(&pos), None);
}

#[test]
fn makruk_counting_runs_out() {
    let makruk = game("makruk");
    let counted = result(None, EndReason::Counting);
    // King and rook against a bare king: the pieces' honour, 32 plies counted from 6
    // (twice the 3 pieces): claimable after the 28th move, not before.
    let moves = split(
        "a1f1 e6d7 f1c1 d7e6 c1e1 e6f7 e3e4 f7g8 e4d4 g8g7 e1d1 g7h8 d1a1 h8h7 a1a8 h7g7 \
         a8a1 g7h8 a1a3 h8g8 a3g3 g8f7 g3g5 f7e6 g5g1 e6f7 d4d5 f7f8",
    );
    let all = answers(&makruk, "8/8/4k3/8/8/4K3/8/R7 w - - 0 1", &moves);
    let claims: Vec<usize> = (0..all.len()).filter(|&k| all[k].2.is_some()).collect();
    assert_eq!(claims, [28]);
    assert_eq!(all[28].2, counted);
    // Two rooks: a limit of 16 plies from 8, claimable after the 10th move.
    let moves = split("g1g2 a8b8 g2g3 b8a8 g3g4 a8b8 g4g5 b8a8 g5g6 a8b8 h1h2 b8a8 h2h3 a8b8");
    let all = answers(&makruk, "k7/8/8/8/8/8/8/K5RR w - - 0 1", &moves);
    let first = (0..all.len()).find(|&k| all[k].2.is_some());
    assert_eq!(first, Some(10));
    // With pawns on the board nothing is counted.
    let start = makruk.start_fen().expect("start").to_string();
    let line = makruk
        .line_from_uci(&start, &split("b1d2 b8d7"))
        .expect("line");
    assert_eq!(makruk.optional_end(&line), None);
}

#[test]
fn asean_counting_runs_out() {
    // pyffish's asean and makruk on the same line from a bare king against king and
    // rook: ASEAN counts from 0 when the bare side is first to move (after move 2), 32
    // plies, claimable from move 35; Makruk's pieces' honour from move 29.
    let moves = split(
        "d5c6 a1d1 c6b5 d1d3 b5a5 e1d2 a5b5 d3e3 b5c5 d2e2 c5b5 e3e8 b5a4 e8e3 a4b4 e2d1 \
         b4c4 e3d3 c4b5 d1e1 b5c4 d3a3 c4b4 a3a1 b4c5 a1a2 c5d5 a2a8 d5e5 a8a1 e5e4 e1e2 \
         e4f4 e2d2 f4g3 a1b1",
    );
    let fen = "8/8/8/3k4/8/8/8/R3K3 b - - 0 1";
    let claims = |g: &Game| {
        let all = answers(g, fen, &moves);
        (0..all.len())
            .filter(|&k| all[k].2.is_some())
            .collect::<Vec<usize>>()
    };
    assert_eq!(claims(&game("asean")), [35, 36]);
    assert_eq!(claims(&game("makruk")), (29..=36).collect::<Vec<_>>());
    let all = answers(&game("asean"), fen, &moves);
    assert_eq!(all[35].2, result(None, EndReason::Counting));
    // Against king and knight (pyffish: no claim in 40 plies; the limit is 128), after
    // the knight took the rook on move 10.
    let moves = split(
        "a1d1 d5c6 e1f2 c6d7 f2f3 d7c6 f3f2 d6f5 d1d6 f5d6 f2e1 d6f7 e1d2 c6b6 d2e1 b6c7 \
         e1d2 c7d7 d2c2 f7d8 c2c1 d7c6 c1b2 c6d6 b2b3 d6c7 b3c3 c7b8 c3b3 b8b7 b3c4 b7a8 \
         c4b5 a8a7 b5a4 a7b7 a4a5 b7b8 a5a6 b8c8",
    );
    let all = answers(&game("asean"), "8/8/3n4/3k4/8/8/8/R3K3 w - - 0 1", &moves);
    assert!(all.iter().all(|a| a.2.is_none()));
}

#[test]
fn lines_from_uci_say_which_move_is_wrong_and_why() {
    let chess = game("chess");
    let start = chess.start_fen().expect("start").to_string();
    match chess.line_from_uci(&start, &["e2e4", "e7e5", "e1e3"]) {
        Err(LineError::Move(e)) => {
            assert_eq!((e.index, e.text.as_str()), (2, "e1e3"));
            assert_eq!(e.kind, MoveErrorKind::Illegal);
            assert_eq!(
                e.fen,
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
            );
        }
        other => panic!("{other:?}"),
    }
    for bad in ["e2", "z9z8", "hello", "e2e4e5e6", "@e4", "e2-e4", ""] {
        match chess.line_from_uci(&start, &["d2d4", bad]) {
            Err(LineError::Move(e)) => {
                assert_eq!((e.index, e.kind), (1, MoveErrorKind::Malformed), "{bad}")
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    match chess.line_from_uci("rnbqkbnr/pppppppp/8 w - - 0 1", &["e2e4"]) {
        Err(LineError::Fen(e)) => assert!(e.to_string().contains("ranks"), "{e}"),
        other => panic!("{other:?}"),
    }
    let line = chess.line_from_uci(&start, &["e2e4"]).expect("line");
    assert_eq!(
        (line.len(), line.start(), line.is_empty()),
        (1, &chess.start_position().unwrap(), false)
    );
}

/// K+N v K: neither side can mate (Fairy-Stockfish's `has_insufficient_material`): the
/// result is a draw, which is neither pyffish's immediate nor its claimable end.
#[test]
fn the_cli_reports_a_draw_by_insufficient_material() {
    let chess = common::rules_dir().join("chess.rules");
    let fen = "4k3/8/8/8/8/8/3N4/4K3 w - - 0 1";
    let out = cli::run(&["result", chess.to_str().unwrap(), "--fen", fen]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    assert_eq!(
        cli::stdout(&out),
        "result: 1/2-1/2 (draw by insufficient material)\nimmediate: none\nclaimable: none\n"
    );
    // Taking the knight's partner: K+N v K+R lives on.
    let out = cli::run(&[
        "result",
        chess.to_str().unwrap(),
        "--fen",
        "r3k3/8/8/8/8/8/3N4/4K3 w - - 0 1",
    ]);
    assert_eq!(
        cli::stdout(&out),
        "result: none\nimmediate: none\nclaimable: none\n"
    );
}

#[test]
fn the_cli_reports_ends() {
    let rules = common::rules_dir();
    let xiangqi = rules.join("xiangqi.rules");
    let out = cli::run(&[
        "result",
        xiangqi.to_str().unwrap(),
        "--fen",
        "4k4/R8/9/9/9/9/9/9/9/5K3 w - - 0 1",
        "a9a10",
        "e10e9",
        "a10a9",
        "e9e10",
        "a9a10",
        "e10e9",
        "a10a9",
        "e9e10",
    ]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    assert_eq!(
        cli::stdout(&out),
        "result: none\nimmediate: none\nclaimable: 0-1 (black wins by perpetual check)\n"
    );
    let chess = rules.join("chess.rules");
    let out = cli::run(&[
        "play",
        chess.to_str().unwrap(),
        "g1f3",
        "g8f6",
        "f3g1",
        "f6g8",
        "g1f3",
        "g8f6",
        "f3g1",
        "f6g8",
    ]);
    assert!(out.status.success());
    assert_eq!(
        cli::stderr(&out),
        "claimable: 1/2-1/2 (draw by repetition)\n"
    );
    // Batch: one line per input line, for the side to move; `--each`: every position.
    let input = cli::temp(
        "ends.txt",
        b"8/8/8/8/8/8/3k4/3R3K b - - 0 1 moves d2c2\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\nnot a fen\n",
    );
    let shatranj = rules.join("shatranj.rules");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(["result", shatranj.to_str().unwrap(), "--batch", "--each"])
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    let text = cli::stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "- - - | win:bare-royal win:bare-royal -");
    assert_eq!(lines[1], "loss:stalemate - -");
    assert!(lines[2].starts_with("error: bad FEN"), "{}", lines[2]);
    assert_eq!(lines.len(), 3);
}

#[test]
fn game_end_declarations_are_checked() {
    let base = "board square 8x8\npiece King (K) { step any }\n";
    let cases = [
        ("royal King\nrepetition 1\n", "E0913"),
        ("royal King\nmove limit 0\n", "E0913"),
        ("repetition 3\nperpetual check loses\n", "E0914"),
        ("bare royal loss\n", "E0915"),
        ("royal King\nperpetual check loses\n", "E0916"),
        ("counting makruk pawn King, rook King\n", "E0917"),
        ("counting asean pawn King, rook King\n", "E0917"),
        ("repetition 3\nrepetition 4\n", "E0909"),
        ("repetition 3 draw for first\n", "W0905"),
        (
            "counting makruk pawn King, pawn King, rook King, bishop King, knight King\n",
            "E0701",
        ),
        ("move limit 50, pawn Pawn\n", "E0304"),
    ];
    for (decls, code) in cases {
        let src = format!("{base}{decls}");
        let (_, diags) = piecewise::pipeline::check(&src, None);
        let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
        assert!(codes.contains(&code), "{decls:?}: {codes:?}");
    }
    let (rules, diags) = piecewise::pipeline::check(
        &format!("{base}royal King\nrepetition 4 loss for first, immediate\nmove limit 140 plies\nbare royal win\nno pieces draw\n"),
        None,
    );
    assert!(diags.is_empty(), "{diags:?}");
    let ends = rules.expect("checks").game.ends;
    let rep = ends.repetition.expect("repetition");
    assert_eq!(
        (rep.count, rep.outcome, rep.for_side, rep.immediate),
        (4, piecewise::ir::Outcome::Loss, Some(Side::First), true)
    );
    assert_eq!(
        ends.move_limit.map(|m| (m.plies, m.immediate)),
        Some((140, false))
    );
    assert_eq!(
        ends.bare_royal.map(|b| (b.outcome, b.bare_back)),
        Some((piecewise::ir::Outcome::Win, false))
    );
    assert_eq!(ends.no_pieces, Some(piecewise::ir::Outcome::Draw));
    // A syntax error names what may follow.
    let (_, diags) = piecewise::pipeline::check(&format!("{base}move limit fifty\n"), None);
    assert!(!diags.is_empty());
}
