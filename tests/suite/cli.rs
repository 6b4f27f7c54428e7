//! The command line as a user meets it: outputs, exit codes (0 ok, 1 bad rules or
//! input, 2 usage), and clear errors for every kind of bad input.

use crate::common;

use common::cli::{run, stderr, stdout, temp};

#[test]
fn check_shipped_rules_is_clean() {
    let o = run(&["check", "rules/fairy.rules", "rules/chess.rules"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("rules/fairy.rules: ok (0 errors, 0 warnings)"));
}

#[test]
fn check_reports_every_error_with_location_and_exit_1() {
    let p = temp(
        "bad.rules",
        b"board square 8x8\npiece Rook (R) { ride orthogonl }\npiece Rook (Q) { ride any }\n",
    );
    let o = run(&["check", "--color", "never", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("bad.rules:2:"), "{e}");
    assert!(e.contains("bad.rules:3:"), "{e}");
    assert!(e.contains("orthogonal"), "{e}");
}

#[test]
fn check_counts_in_the_singular_and_suggests_the_keyword() {
    let p = temp(
        "typo.rules",
        b"board square 8x8\npice King (K) { step any }\n",
    );
    let o = run(&["check", "--color", "never", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("failed (1 error, 0 warnings)"), "{out}");
    let e = stderr(&o);
    assert!(e.contains("did you mean `piece`?"), "{e}");
    // A command that compiles says the same count.
    let o = run(&["perft", p.to_str().unwrap(), "--depth", "1"]);
    assert!(stderr(&o).contains("(1 error)"), "{}", stderr(&o));
}

#[test]
fn moves_prints_uci_one_per_line() {
    let o = run(&[
        "moves",
        "rules/fairy.rules",
        "--fen",
        "8/8/8/2P1p3/3D4/8/8/8 w",
        "--from",
        "d4",
        "--pseudo",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "d4f6xe5\n");
    let o = run(&[
        "moves",
        "rules/chess.rules",
        "--fen",
        "8/8/8/8/3N4/8/8/8 w",
        "--from",
        "d4",
        "--pseudo",
    ]);
    assert_eq!(
        stdout(&o),
        "d4b3\nd4b5\nd4c2\nd4c6\nd4e2\nd4e6\nd4f3\nd4f5\n"
    );
}

#[test]
fn tree_json_lists_plies_with_paths_and_captures() {
    let o = run(&[
        "tree",
        "rules/fairy.rules",
        "--fen",
        "3p4/8/3P4/8/3O4/8/8/8 w",
        "--from",
        "d4",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let plies = doc["plies"].as_array().expect("plies");
    let capture = plies
        .iter()
        .find(|p| p["to"] == "d8")
        .expect("the cannon captures on d8");
    assert_eq!(capture["path"], serde_json::json!(["d5", "d6", "d7", "d8"]));
    assert_eq!(capture["captures"], serde_json::json!(["d8"]));
    assert_eq!(doc["piece"], "Cannon");
}

#[test]
fn bad_fen_cell_and_empty_cell_exit_1_with_a_message() {
    for (fen, from, needle) in [
        ("8/8/8/8/3N4/8/8 w", "d4", "ranks"),
        ("8/8/8/8/3J4/8/8/8 w", "d4", "no piece has the letter `J`"),
        ("8/8/8/8/3N5/8/8/8 w", "d4", "more than 8 cells"),
        ("8/8/8/8/3N4/8/8/8 x", "d4", "side to move"),
        ("8/8/8/8/3N4/8/8/8 w", "i9", "not a cell"),
        ("8/8/8/8/3N4/8/8/8 w", "e4", "no piece on e4"),
        ("", "d4", "empty"),
    ] {
        let o = run(&[
            "moves",
            "rules/chess.rules",
            "--fen",
            fen,
            "--from",
            from,
            "--pseudo",
        ]);
        assert_eq!(o.status.code(), Some(1), "{fen} {from}");
        assert!(stderr(&o).contains(needle), "{fen}: {}", stderr(&o));
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
    // --pseudo needs --fen and --from; --batch excludes --fen; perft needs --depth.
    assert_eq!(
        run(&["moves", "rules/chess.rules", "--pseudo"])
            .status
            .code(),
        Some(2)
    );
    let o = run(&[
        "moves",
        "rules/chess.rules",
        "--batch",
        "--fen",
        "8/8/8/8/8/8/8/8 w",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(run(&["perft", "rules/chess.rules"]).status.code(), Some(2));
    let o = run(&["perft", "rules/chess.rules", "--depth", "x"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn moves_lists_legal_moves_of_the_start_position() {
    let o = run(&["moves", "rules/chess.rules"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20);
    assert!(lines.contains(&"e2e4") && lines.contains(&"g1f3"));
    // Castling as the king's move, promotion suffixes, drops.
    let o = run(&[
        "moves",
        "rules/chess.rules",
        "--fen",
        "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    let out = stdout(&o);
    for m in ["e1g1", "b7b8q", "b7b8n"] {
        assert!(out.lines().any(|l| l == m), "{m} missing: {out}");
    }
    let o = run(&[
        "moves",
        "rules/crazyhouse.rules",
        "--fen",
        "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
    ]);
    assert_eq!(
        stdout(&o).lines().filter(|l| l.starts_with("Q@")).count(),
        62
    );
    let o = run(&[
        "moves",
        "rules/shogi.rules",
        "--fen",
        "4k4/9/P8/9/9/9/9/9/4K4[] w - - 0 1",
        "--from",
        "a7",
    ]);
    assert_eq!(stdout(&o), "a7a8\na7a8+\n");
}

#[test]
fn perft_counts_and_divides() {
    let o = run(&["perft", "rules/chess.rules", "--depth", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("8902"));
    let o = run(&["perft", "rules/xiangqi.rules", "--depth", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(": ")).collect();
    assert_eq!(lines.len(), 44);
    let sum: u64 = lines
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1920);
    assert_eq!(out.lines().last(), Some("1920"));
}

#[test]
fn batch_answers_one_line_per_fen_and_reports_bad_ones() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(["moves", "rules/chess.rules", "--batch"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 x - - 0 1\n7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n")
        .unwrap();
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "e1d1 e1d2 e1e2 e1f1 e1f2");
    assert!(lines[1].starts_with("error:"), "{}", lines[1]);
    assert_eq!(lines[2], "", "stalemate: no moves");
}

#[test]
fn play_prints_the_fen_reached() {
    let o = run(&["play", "rules/chess.rules", "e2e4", "d7d5", "e4e5", "f7f5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    );
    let o = run(&[
        "play",
        "rules/crazyhouse.rules",
        "e2e4",
        "d7d5",
        "e4d5",
        "d8d5",
    ]);
    assert_eq!(
        stdout(&o).trim(),
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"
    );
    let o = run(&["play", "rules/shogi.rules", "c3c4", "g7g6", "b2h8+"]);
    assert_eq!(
        stdout(&o).trim(),
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    );
    let o = run(&["play", "rules/chess.rules", "e2e5"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("`e2e5` is not legal"), "{}", stderr(&o));
}

#[test]
fn game_input_errors_exit_1() {
    for (args, needle) in [
        (vec!["moves", "rules/fairy.rules"], "no start position"),
        (
            vec![
                "moves",
                "rules/chess.rules",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w X - 0 1",
            ],
            "castling right",
        ),
        (
            vec![
                "moves",
                "rules/chess.rules",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
            ],
            "no hands",
        ),
        (
            vec![
                "moves",
                "rules/chess.rules",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            ],
            "not a cell",
        ),
        (
            vec![
                "moves",
                "rules/chess.rules",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            ],
            "en passant",
        ),
        (
            vec![
                "moves",
                "rules/shogi.rules",
                "--fen",
                "4k4/9/9/9/9/9/9/9/4K4[Z] w - - 0 1",
            ],
            "letter `Z`",
        ),
        (
            vec![
                "moves",
                "rules/crazyhouse.rules",
                "--fen",
                "4k3/8/8/8/8/8/8/4K~3[] w - - 0 1",
            ],
            "`~`",
        ),
        (
            vec![
                "perft",
                "rules/chess.rules",
                "--depth",
                "1",
                "--fen",
                "8/8 w",
            ],
            "ranks",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn every_command_has_help() {
    for cmd in [
        "check", "compile", "disasm", "tree", "moves", "perft", "play",
    ] {
        let o = run(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        assert!(stdout(&o).contains("Usage"), "{cmd}");
    }
}

#[test]
fn compile_writes_a_table_that_disasm_reads_back() {
    let out = temp("chess.pwt", b"");
    let o = run(&["compile", "rules/chess.rules", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&[
        "disasm",
        out.to_str().unwrap(),
        "--from",
        "b1",
        "--piece",
        "N",
        "--side",
        "white",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("board square 8x8"), "{text}");
    assert!(
        text.contains("#") && text.contains("a3") && text.contains("c3") && text.contains("d2"),
        "{text}"
    );
}

#[test]
fn truncated_or_corrupted_tables_exit_1() {
    let out = temp("good.pwt", b"");
    run(&["compile", "rules/chess.rules", "-o", out.to_str().unwrap()]);
    let good = std::fs::read(&out).expect("table");
    let truncated = temp("truncated.pwt", &good[..good.len() / 2]);
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 1;
    let flipped = temp("flipped.pwt", &flipped);
    let junk = temp("junk.pwt", b"PWTB\x01\x00");
    for p in [truncated, flipped, junk] {
        let o = run(&["disasm", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{}", p.display());
        assert!(stderr(&o).contains("not a valid table"), "{}", stderr(&o));
    }
}

#[test]
fn missing_files_exit_1() {
    let o = run(&["check", "no/such/file.rules"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read"));
}

// ------------------------------------------------------------------ Sokoban boards

#[test]
fn board_option_reads_sokoban_text_boards() {
    let o = run(&[
        "moves",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-tiny.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "b2c2\n");
    let o = run(&[
        "perft",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-simple.txt",
        "--depth",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // c24b24 then only back (1); c24d24 pushing the box to e24, then c24, d25, d23 and
    // the push on to f24 (4).
    assert_eq!(stdout(&o), "5\n");
    // `play --board` prints the board reached, and says when it is solved.
    let o = run(&[
        "play",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-tiny.txt",
        "b2c2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "#####\n# @*#\n#####\n");
    assert_eq!(stderr(&o), "solved\n");
    let o = run(&[
        "tree",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-tiny.txt",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("c2^  [meets friend B (white Box): push to d2]"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn malformed_sokoban_boards_exit_1_with_file_line_and_column() {
    let cases: [(&str, &[u8], &str); 6] = [
        (
            "unknown.txt",
            b"####\n#@x#\n####\n",
            "unknown.txt:2:3: unknown character 'x'",
        ),
        (
            "nopusher.txt",
            b"####\n#$.#\n####\n",
            "nopusher.txt: the board has no pusher",
        ),
        (
            "badrle.txt",
            b"5#|#@2(-#|5#\n",
            "badrle.txt:1:7: a run-length group `(` is never closed",
        ),
        (
            "wide.txt",
            b"###########################\n#@                        #\n",
            "wide.txt:1:27: '#' lies outside the square 26x26 board",
        ),
        (
            "blank.txt",
            b"####\n\n#@ #\n",
            "blank.txt:2:1: a blank line inside the level",
        ),
        // A level as a whole has no line and column: `FILE: what` (issue 18).
        ("empty.txt", b"", "empty.txt: the board is empty"),
    ];
    for (name, text, expected) in cases {
        let p = temp(name, text);
        for cmd in ["moves", "perft", "play", "tree"] {
            let mut args = vec![cmd, "rules/sokoban.rules", "--board", p.to_str().unwrap()];
            if cmd == "perft" {
                args.extend(["--depth", "1"]);
            }
            let o = run(&args);
            assert_eq!(o.status.code(), Some(1), "{cmd} {name}: {}", stderr(&o));
            assert!(
                stderr(&o).contains(expected),
                "{cmd} {name}: {}",
                stderr(&o)
            );
            assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
        }
    }
    // A text board for rules without `sokoban` roles.
    let p = temp("plain.txt", b"#@#\n");
    let o = run(&["moves", "rules/chess.rules", "--board", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("declare no `sokoban` roles"),
        "{}",
        stderr(&o)
    );
    // A missing file.
    let o = run(&[
        "moves",
        "rules/sokoban.rules",
        "--board",
        "no/such/board.txt",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("cannot read no/such/board.txt"),
        "{}",
        stderr(&o)
    );
    // --board and --fen together are a usage error.
    let o = run(&[
        "moves",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-tiny.txt",
        "--fen",
        "26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/26/P25 w",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn show_writes_an_svg_file_or_standard_output() {
    let dir = std::env::temp_dir().join(format!("piecewise-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("chess.svg");
    let o = run(&["show", "rules/chess.rules", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let file = std::fs::read_to_string(&out).expect("written");
    assert!(file.starts_with("<svg "), "{file}");
    assert!(file.trim_end().ends_with("</svg>"));
    let o = run(&["show", "rules/chess.rules", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), file, "stdout and file agree");
    // --from draws the moves: two quiet moves and the legend for them.
    let o = run(&["show", "rules/chess.rules", "--from", "g1", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.contains("white Knight (N) on g1: 2 moves"), "{svg}");
    assert!(svg.contains(">move or capture</text>") && svg.contains(">leap</text>"));
    // --piece: the piece alone (lowercase letter: the second side), on --from.
    let o = run(&[
        "show",
        "rules/fairy.rules",
        "--piece",
        "o",
        "--from",
        "a1",
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("black Cannon (o) on a1: 14 moves"));
    // A file without a start position draws an empty board.
    let o = run(&["show", "rules/fairy.rules", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches("<polygon").count(), 64);
}

#[test]
fn show_bad_input_exits_1_and_usage_errors_exit_2() {
    let o = run(&["show", "rules/chess.rules", "--from", "z9", "-o", "-"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("`z9` is not a cell of the square 8x8 board"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty(), "no picture on error");
    let o = run(&["show", "rules/chess.rules", "--from", "e4", "-o", "-"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("there is no piece on e4"),
        "{}",
        stderr(&o)
    );
    let o = run(&["show", "rules/fairy.rules", "--from", "d4", "-o", "-"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("declares no start position"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "show",
        "rules/chess.rules",
        "--fen",
        "8/8/9/8/8/8/8/8 w",
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("invalid FEN"), "{}", stderr(&o));
    let o = run(&["show", "rules/chess.rules", "-o", "/nonexistent-dir/x.svg"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    let o = run(&["show", "rules/fairy.rules", "--piece", "Dragon", "-o", "-"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no piece is named or lettered `Dragon`"));
    assert_eq!(
        run(&[
            "show",
            "rules/chess.rules",
            "--piece",
            "N",
            "--fen",
            "8/8/8/8/8/8/8/8 w",
            "-o",
            "-"
        ])
        .status
        .code(),
        Some(2),
        "--piece and --fen conflict"
    );
    let o = run(&["show", "no-such.rules", "-o", "-"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(run(&["show", "rules/chess.rules"]).status.code(), Some(2));
    assert_eq!(run(&["show", "-o", "-"]).status.code(), Some(2));
    assert_eq!(
        run(&["show", "rules/chess.rules", "-o", "-", "--frob"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn show_draws_sokoban_goals_on_a_board_of_the_levels_size() {
    // sokoban-simple has its goals where the text board has `.`, `*` or `+`.
    let text = std::fs::read_to_string("rules/boards/sokoban-simple.txt").unwrap();
    let goals = text
        .chars()
        .filter(|c| matches!(c, '.' | '*' | '+'))
        .count();
    assert!(goals > 0);
    let o = run(&[
        "show",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-simple.txt",
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = stdout(&o);
    let group = svg.split("<g id=\"goals\">").nth(1).expect("a goals group");
    let group = &group[..group.find("</g>").unwrap()];
    // Two circles (ring and centre) per goal.
    assert_eq!(group.matches("<circle").count(), 2 * goals);
    assert!(svg.contains(">goal</text>"), "the legend names goals");
    // The board is the level's size: as many cells as the text has characters per
    // line times lines (the longest line).
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with(';'))
        .collect();
    let w = lines
        .iter()
        .map(|l| l.trim_end().chars().count())
        .max()
        .unwrap();
    let board = svg.split("<g id=\"board\">").nth(1).unwrap();
    let board = &board[..board.find("</g>").unwrap()];
    assert_eq!(board.matches("<polygon").count(), w * lines.len());
}

/// A reader that goes away (`piecewise perft ... | head -1`) ends the command quietly
/// with status 0: no panic about a broken pipe.
#[test]
fn a_closed_standard_output_is_no_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    for args in [
        &["perft", "rules/chess.rules", "--depth", "4", "--divide"][..],
        &["moves", "rules/chess.rules"][..],
        &["tree", "rules/chess.rules", "--from", "b1"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        drop(child.stdout.take());
        let mut err = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut err)
            .expect("reads");
        let status = child.wait().expect("waits");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
    }
}

/// A build without the playground (the default: `cargo run`, plain `cargo test`) still
/// knows the command, and says how to get it instead of "unrecognized subcommand".
#[cfg(not(feature = "serve"))]
#[test]
fn serve_without_the_feature_says_how_to_build_it() {
    let out = run(&["serve", "--port", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("built without the playground") && err.contains("--features serve"),
        "{err}"
    );
}
