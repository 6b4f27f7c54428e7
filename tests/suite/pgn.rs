//! PGN (issue 35, item 4): games read (tags, move numbers, comments, variations,
//! annotations, several games in one text) and played from their `[FEN]` or the
//! start, with `[Variant]` checked; games written with the seven tags, `[Variant]`,
//! `[FEN]` and the result reached, read back as the same moves; `piecewise pgn`.

use crate::common;

use common::{cli, game};
use piecewise::game::notation::pgn;

const ANNOTATED: &str = r#"[Event "Casual"]
[Site "?"]
[White "A \"quoted\" name"]
[Result "1-0"]

1.e4 e5 2. Nf3 {a comment
over two lines} Nc6 (2... d6 3. d4 (3. Bc4)) 3. Bb5 $1 a6?! 4. Ba4 Nf6 5. 0-0 ; the rest
Be7 1-0

[Event "Second"]
[Variant "chess"]
[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]
[SetUp "1"]

1. a8=Q+ Kd7 *
"#;

#[test]
fn games_are_read_with_their_tags_and_moves() {
    let games = pgn::read(ANNOTATED).expect("a PGN text");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("White"), Some("A \"quoted\" name"));
    assert_eq!(
        games[0].moves,
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "0-0", "Be7"]
    );
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    assert_eq!(games[1].moves, ["a8=Q+", "Kd7"]);
    let g = game("chess");
    let line = g.play_pgn(&games[0]).expect("legal");
    assert_eq!(
        g.fen(line.position()),
        "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6"
    );
    let line = g.play_pgn(&games[1]).expect("legal");
    assert_eq!(g.fen(line.position()), "Q7/3k4/8/8/8/8/8/4K3 w - - 1 2");
}

#[test]
fn bad_pgn_texts_say_where() {
    for (text, line, phrase) in [
        ("[Event \"x\"\n1. e4 *", 1, "tag pair"),
        ("[Event x]\n1. e4 *", 1, "not in quotes"),
        ("1. e4\n{open\n\n", 2, "comment"),
        ("1. e4 (1... e5\n2. d4\n", 1, "variation"),
        ("1. e4 ) e5", 1, "closes no variation"),
    ] {
        let e = pgn::read(text).expect_err(text);
        assert_eq!(e.line, line, "{text}: {e}");
        assert!(e.message.contains(phrase), "{text}: {e}");
    }
    let g = game("chess");
    let games = pgn::read("1. e4 e5 2. Nf9 *").expect("a PGN text");
    let e = g.play_pgn(&games[0]).expect_err("Nf9");
    assert!(e.contains("move 3 `Nf9`"), "{e}");
    let games = pgn::read("[Variant \"xiangqi\"]\n\n1. e4 *").expect("a PGN text");
    let e = g.play_pgn(&games[0]).expect_err("another game");
    assert!(e.contains("xiangqi") && e.contains("Chess"), "{e}");
}

/// A written game reads back as the same moves, the same position and result, for
/// games with drops, promotions and a start position of their own.
#[test]
fn written_games_read_back() {
    for (name, fen, moves) in [
        ("chess", None, "f2f3 e7e5 g2g4 d8h4"),
        (
            "crazyhouse",
            None,
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e4 e7e5",
        ),
        ("shogi", None, "c3c4 g7g6 b2h8+ g9h8 B@e5"),
        ("xiangqi", None, "h3e3 h10g8 e3e7 b10c8 b1c3"),
        (
            "chess",
            Some("4k3/P7/8/8/8/8/8/4K3 b - - 3 40"),
            "e8d7 a7a8q d7d6",
        ),
    ] {
        let g = game(name);
        let start = match fen {
            Some(f) => g.position(f).expect("a FEN"),
            None => g.start_position().expect("a start"),
        };
        let mut line = g.line(start.clone());
        for m in moves.split(' ') {
            g.play_uci(&mut line, m).expect("legal");
        }
        let text = g.write_pgn(&start, line.moves(), &[("Event".into(), "Test".into())]);
        assert!(text.starts_with("[Event \"Test\"]\n"), "{text}");
        assert_eq!(text.contains("[FEN "), fen.is_some(), "{text}");
        let games = pgn::read(&text).expect("the written text");
        assert_eq!(games.len(), 1, "{text}");
        let back = g
            .play_pgn(&games[0])
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.moves(), line.moves(), "{text}");
        assert_eq!(g.fen(back.position()), g.fen(line.position()));
    }
    let g = game("chess");
    let start = g
        .position("4k3/P7/8/8/8/8/8/4K3 b - - 3 40")
        .expect("a FEN");
    let mut line = g.line(start.clone());
    g.play_uci(&mut line, "e8d7").expect("legal");
    let text = g.write_pgn(&start, line.moves(), &[]);
    assert!(text.contains("\n40... Kd7 *\n"), "{text}");
}

#[test]
fn the_command_line_writes_and_reads_pgn() {
    let out = cli::run(&["pgn", "chess", "f3", "e5", "g4", "Qh4"]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    let text = cli::stdout(&out);
    assert!(
        text.contains("[Result \"0-1\"]") && text.contains("1. f3 e5 2. g4 Qh4# 0-1"),
        "{text}"
    );
    let path = common::cli::temp("fool.pgn", text.as_bytes());
    let out = cli::run(&["pgn", "chess", "--read", path.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{}", cli::stderr(&out));
    assert_eq!(
        cli::stdout(&out),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"
    );
    assert!(
        cli::stderr(&out).contains("game 1: result: 0-1"),
        "{}",
        cli::stderr(&out)
    );
    let out = cli::run(&[
        "pgn",
        "crazyhouse",
        "e4",
        "d5",
        "exd5",
        "Qxd5",
        "Nc3",
        "Qa5",
        "P@e4",
    ]);
    assert!(
        cli::stdout(&out).contains("[Variant \"Crazyhouse\"]"),
        "{}",
        cli::stdout(&out)
    );
    let bad = common::cli::temp("bad.pgn", b"1. e4 e5 2. Ke3 *\n");
    let out = cli::run(&["pgn", "chess", "--read", bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        cli::stderr(&out).contains("bad.pgn: game 1: move 3 `Ke3`"),
        "{}",
        cli::stderr(&out)
    );
}
