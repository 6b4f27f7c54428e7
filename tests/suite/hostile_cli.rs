//! Hostile and everyday inputs to the command line (issue 18): each reproduction of the
//! issue with its exact expected outcome — exit code, what is printed, and that the
//! output stays small.

use crate::common;

use common::cli::{run, stderr, stdout};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `stdin` piped in.
fn run_with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("writes");
    child.wait_with_output().expect("ends")
}

/// Writes `source` to a temporary rules file named `name` and runs `check` on it.
fn check_text(name: &str, source: &[u8]) -> std::process::Output {
    let path = common::cli::temp(name, source);
    run(&["check", path.to_str().expect("utf-8 path")])
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

/// Item 5: a line that is not UTF-8 is one `error:` line; the lines after it are still
/// answered, one output line per input line, and the exit code is 1 at the end.
#[test]
fn batch_answers_every_line_even_after_a_bad_one() {
    let mut input = Vec::new();
    input.extend_from_slice(CHESS_START.as_bytes());
    input.extend_from_slice(b"\n\xff\xfe\nnot a fen\n");
    input.extend_from_slice(AFTER_E4.as_bytes());
    input.push(b'\n');
    let o = run_with_input(&["moves", "rules/chess.rules", "--batch"], &input);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0].split(' ').count(), 20);
    assert!(
        lines[1].starts_with("error: line 2 is not UTF-8"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("error: "), "{}", lines[2]);
    assert_eq!(lines[3].split(' ').count(), 20);
    assert!(lines[3].contains("e7e5"));
}

/// Item 5, for `play --batch` too.
#[test]
fn play_batch_answers_every_line() {
    let input = format!("{CHESS_START} moves e2e4\n\u{0}\u{1}\n{CHESS_START} moves e2e5\n{CHESS_START} moves d2d4\n");
    let o = run_with_input(&["play", "rules/chess.rules", "--batch"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"));
    assert!(lines[1].starts_with("error: "));
    assert!(lines[2].starts_with("error: "));
    assert!(lines[3].starts_with("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b"));
}

/// Item 6: a FEN starting with `-` is a FEN (its error is the FEN error), not a flag.
#[test]
fn a_fen_starting_with_a_dash_is_read_as_a_fen() {
    let o = run(&["moves", "rules/chess.rules", "--fen", "-1rnbqk w"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("invalid FEN"), "{err}");
    assert!(!err.contains("use '--"), "{err}");
    let o = run(&[
        "tree",
        "rules/chess.rules",
        "--fen",
        "-8/8 w",
        "--from",
        "a1",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("invalid FEN"));
}

/// Item 3: `tree` and `moves --pseudo` read the FENs the game commands print — hands,
/// Shogi's `[-] w 0 1`, promoted pieces `~`.
#[test]
fn movement_commands_read_fens_with_hands() {
    let shogi = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    let o = run(&["tree", "rules/shogi.rules", "--fen", shogi, "--from", "b2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("white Bishop (B) on b2: 0 plies"),
        "{}",
        stdout(&o)
    );
    let house = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[Pp] w KQkq - 0 1";
    let o = run(&[
        "moves",
        "rules/crazyhouse.rules",
        "--fen",
        house,
        "--from",
        "b1",
        "--pseudo",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "b1a3\nb1c3\n");
    // What `play` prints is what `tree` reads.
    let o = run(&["play", "rules/minishogi.rules", "b1b2"]);
    let fen = stdout(&o).trim().to_string();
    assert!(fen.contains('['), "{fen}");
    let o = run(&[
        "tree",
        "rules/minishogi.rules",
        "--fen",
        &fen,
        "--from",
        "e1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Item 7: a hand count over what a position holds is an error naming the limit, not a
/// silent clamp: the hands hold at most 65,535 pieces less the board's cells (so that
/// captures in play keep every hand's 16-bit count exact), 65,471 on 8×8.
#[test]
fn a_hand_over_the_limit_is_refused() {
    let pawns = "P".repeat(65_472);
    let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{pawns}] w KQkq - 0 1");
    let o = run(&["play", "rules/crazyhouse.rules", "--fen", &fen]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("the hands hold more than 65471 pieces (at `P`)"),
        "{err}"
    );
    assert!(o.stdout.len() + o.stderr.len() < 2 << 20);
    // Past the old 8-bit count (255) is read and written back exactly.
    let pawns = "P".repeat(300);
    let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{pawns}] w KQkq - 0 1");
    let o = run(&["play", "rules/crazyhouse.rules", "--fen", &fen]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches('P').count(), 300 + 8);
}

/// Item 4: a board that is all holes is a checker error (E0109), not an internal error.
#[test]
fn a_board_of_holes_is_a_checker_error() {
    let o = check_text(
        "holes.rules",
        b"board square 26x26 holes a1-z26\npiece K (K) { step any }\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("error[E0109]: the holes leave the board without a cell"),
        "{err}"
    );
    assert!(!err.contains("E0899"), "{err}");
}

/// Item 9: graph coordinates of ±1e308 are refused (E0108) instead of drawing an SVG
/// with `inf` and `NaN`.
#[test]
fn huge_graph_coordinates_are_refused() {
    let map = br#"{"nodes":[{"id":"a1","x":1e308,"y":0},{"id":"b1","x":-1e308,"y":0}],"links":[["a1","b1"]]}"#;
    let map_path = common::cli::temp("huge.json", map);
    let rules = common::cli::temp(
        "huge.rules",
        b"board graph \"huge.json\"\npiece K (K) { step orthogonal }\n",
    );
    assert_eq!(map_path.parent(), rules.parent());
    let o = run(&["show", rules.to_str().expect("utf-8 path"), "-o", "-"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("E0108") && err.contains("beyond ±1e6"),
        "{err}"
    );
    let out = stdout(&o);
    assert!(!out.contains("inf") && !out.contains("NaN"), "{out}");
}

/// Item 8: `check` and `compile` agree: a start position `check` refuses (E0950) is
/// refused by `compile` too, and no table is written.
#[test]
fn check_and_compile_refuse_the_same_file() {
    let rules = common::cli::temp(
        "badstart.rules",
        b"board square 8x8\npiece K (K) { step any }\nroyal K\nstart \"xyz w\"\n",
    );
    let table = rules.with_file_name("badstart.tbl");
    let _ = std::fs::remove_file(&table);
    let path = rules.to_str().expect("utf-8 path");
    let o = run(&["check", path]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("E0950"), "{}", stderr(&o));
    let o = run(&["compile", path, "-o", table.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("E0950"), "{}", stderr(&o));
    assert!(!table.exists(), "no table is written");
}

/// A rules file of `piece P0 (A) { step any }` and `levels` pieces, each `like` the
/// previous one twice: piece `Pn` has 2^n patterns.
fn like_chain(levels: usize) -> String {
    let letters = b"BCDEFGHIJLMNOQRSTUVWXYZ";
    let mut s = String::from("board square 8x8\npiece P0 (A) { step any }\n");
    for i in 1..=levels {
        let letter = letters[(i - 1) % letters.len()] as char;
        s.push_str(&format!(
            "piece P{i} ({letter}) {{ like P{}; like P{} }}\n",
            i - 1,
            i - 1
        ));
    }
    s
}

/// Item 1: an exponential `like` chain (25 levels once aborted out of memory) is
/// refused at the first piece over the limit (E0307, with the figure and the limit),
/// with a small report.
#[test]
fn an_exponential_like_chain_is_refused_with_the_figure_and_the_limit() {
    let o = check_text("like-chain.rules", like_chain(23).as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(
            "error[E0307]: piece `P13` has 8192 patterns (its `like`s inlined); the limit is 4096"
        ),
        "{err}"
    );
    assert_eq!(err.matches("error[").count(), 1, "{err}");
    assert!(o.stdout.len() + o.stderr.len() < 64 << 10);
    // Twelve levels (4,096 patterns) are within the limit.
    let o = check_text("like-chain-12.rules", like_chain(12).as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Item 2: thousands of repeated patterns on one line (each warning used to re-print
/// the whole line) give the first ten W0003 warnings in full and one line for the rest.
#[test]
fn repeated_warnings_are_summarised_past_ten() {
    let line = vec!["step any"; 4000].join("; ");
    let source = format!("board square 8x8\npiece K (K) {{ {line} }}\n");
    let o = check_text("one-line.rules", source.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert_eq!(
        err.matches("warning[W0003]: a pattern of `K` is given twice")
            .count(),
        10
    );
    assert!(
        err.contains("warning[W0003]: 3989 more W0003 warnings not shown"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert!(stdout(&o).contains("ok (0 errors, 3999 warnings)"));
    assert!(
        o.stdout.len() + o.stderr.len() < 2 << 20,
        "{} bytes",
        o.stderr.len()
    );
}

/// Item 10: a hopeless perft does not run silently forever: a depth over 64 is a usage
/// error (its walk would run out of stack), and `--depth 64` stops at its time limit
/// (`--max-ms`, 60,000 by default) with the figures, and exit code 1.
#[test]
fn a_hopeless_perft_stops_at_its_time_limit() {
    let o = run(&["perft", "rules/chess.rules", "--depth", "100"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("0..=64"), "{}", stderr(&o));
    let o = run(&[
        "perft",
        "rules/chess.rules",
        "--depth",
        "64",
        "--max-ms",
        "200",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("error: perft stopped after "), "{err}");
    assert!(
        err.contains("ms; the limit is 200 ms (0 of 20 root moves counted"),
        "{err}"
    );
    assert!(stdout(&o).is_empty());
    // A count within its limit is the same as without one, divided or not.
    let o = run(&[
        "perft",
        "rules/chess.rules",
        "--depth",
        "3",
        "--max-ms",
        "60000",
    ]);
    assert_eq!(stdout(&o), "8902\n");
    let o = run(&[
        "perft",
        "rules/chess.rules",
        "--depth",
        "3",
        "--max-ms",
        "0",
        "--divide",
    ]);
    assert!(stdout(&o).ends_with("\n8902\n"));
    assert!(stdout(&o).contains("e2e4: 600\n"));
}

/// Item 13, the smaller ones.
#[test]
fn smaller_everyday_mistakes_get_clear_answers() {
    // `tree` without --fen uses the declared start position, as `moves` and `show` do.
    let o = run(&["tree", "rules/chess.rules", "--from", "b1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("white Knight (N) on b1: 2 plies"));
    // A rules file without a start position names both ways to give one.
    let o = run(&["moves", "rules/sokoban.rules"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("pass --fen, or --board for a Sokoban level"),
        "{}",
        stderr(&o)
    );
    // A table file where a rules file belongs says what it is.
    let table = common::cli::temp("chess.tbl", b"");
    let o = run(&[
        "compile",
        "rules/chess.rules",
        "-o",
        table.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&["check", table.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("is a move-table file (written by `piecewise compile`)"),
        "{}",
        stderr(&o)
    );
    // No legal moves: said so, not `legal moves begin: )`.
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = run(&["play", "rules/chess.rules", "--fen", mate, "e2e4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("(there are no legal moves)"),
        "{}",
        stderr(&o)
    );
    // `disasm --side` and `--piece` need --from (they were silently ignored).
    let o = run(&["disasm", "rules/chess.rules", "--side", "white"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--from"), "{}", stderr(&o));
    // `show --help` no longer says goals are not drawn.
    let o = run(&["show", "--help"]);
    assert!(
        stdout(&o).contains("its goals are drawn too"),
        "{}",
        stdout(&o)
    );
}

/// Item 13: impossible positions are played as given, with a warning for each oddity.
#[test]
fn impossible_positions_are_played_with_a_warning() {
    let o = run(&[
        "moves",
        "rules/chess.rules",
        "--fen",
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("warning: black is in check but it is not its move"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "moves",
        "rules/chess.rules",
        "--fen",
        "8/8/8/8/8/8/8/KK6 w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(
        err.contains("warning: white has 2 royal pieces; the start position has 1"),
        "{err}"
    );
    assert!(err.contains("warning: black has no royal piece"), "{err}");
    let o = run(&["moves", "rules/chess.rules"]);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

/// Item 13: W0801 (link) does not repeat a pattern's W0002 (check), also through `like`.
#[test]
fn a_dead_pattern_is_reported_once() {
    let rules = common::cli::temp(
        "dead.rules",
        b"board square 8x8\npiece A (A) { step any; leap (9,0) }\npiece B (B) { like A }\n",
    );
    let o = run(&["check", rules.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert_eq!(err.matches("warning[W0002]").count(), 1, "{err}");
    assert_eq!(err.matches("warning[W0801]").count(), 0, "{err}");
}

/// Item 2 at its extremes: a text over the 1 MiB limit is refused at once (E0008); a
/// piece of 100,000 patterns on one line of a file just under it gets E0307 with the
/// line shown as an excerpt around the label, not the whole megabyte.
#[test]
fn huge_rules_texts_get_small_reports() {
    let line = vec!["step any"; 120_000].join("; ");
    let source = format!("board square 8x8\npiece K (K) {{ {line} }}\n");
    assert!(source.len() > 1 << 20);
    let o = check_text("huge-text.rules", source.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("error[E0008]: the rules text is 1200032 bytes; the limit is 1048576 bytes"),
        "{}",
        &err[..err.len().min(500)]
    );
    assert!(o.stderr.len() < 4 << 10, "{} bytes", o.stderr.len());
    let line = vec!["step any"; 100_000].join("; ");
    let source = format!("board square 8x8\npiece K (K) {{ {line} }}\n");
    let o = check_text("big.rules", source.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("error[E0307]: piece `K` has 100000 patterns"),
        "{}",
        &err[..err.len().min(500)]
    );
    assert!(err.contains('…'), "the long line is an excerpt");
    assert!(o.stderr.len() < 4 << 10, "{} bytes", o.stderr.len());
}

/// `perft --threads`: the same counts on one and on two threads, divided or not.
#[test]
fn perft_counts_the_same_on_any_number_of_threads() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let o = run(&[
            "perft",
            "rules/chess.rules",
            "--fen",
            kiwipete,
            "--depth",
            "4",
            "--threads",
            threads,
            "--divide",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        outputs.push(stdout(&o));
    }
    assert_eq!(outputs[0], outputs[1]);
    assert!(outputs[0].ends_with("\n4085603\n"), "{}", outputs[0]);
    let o = run(&[
        "perft",
        "rules/xiangqi.rules",
        "--depth",
        "4",
        "--threads",
        "2",
    ]);
    assert_eq!(stdout(&o), "3290240\n");
}

/// `play` prints the result on standard error when the position reached ends the game.
#[test]
fn play_reports_the_end_of_the_game() {
    let o = run(&["play", "rules/chess.rules", "f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n"
    );
    assert_eq!(stderr(&o), "result: 0-1 (black wins by checkmate)\n");
    let o = run(&[
        "play",
        "rules/xiangqi.rules",
        "--fen",
        "4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1",
    ]);
    assert_eq!(stderr(&o), "result: 1-0 (white wins by stalemate)\n");
    let o = run(&["play", "rules/chess.rules", "e2e4"]);
    assert!(stderr(&o).is_empty());
}

/// Issue 34, item 1 (compile bombs): runs `check` on `source` and returns its stderr,
/// the time and the peak resident memory in KB. Where `/usr/bin/time` exists both are
/// its figures and the time is the process's CPU time (user + system), which other
/// work on a shared machine does not stretch; without it, the wall time.
fn check_bounded(name: &str, source: &str, extra: &[&str]) -> (String, f64, Option<u64>) {
    let path = common::cli::temp(name, source.as_bytes());
    let path = path.to_str().expect("utf-8 path");
    let time = std::path::Path::new("/usr/bin/time");
    let t = std::time::Instant::now();
    let o = if time.exists() {
        let mut args = vec![
            "-f",
            "PEAK-KB %M\nCPU-S %U %S",
            env!("CARGO_BIN_EXE_piecewise"),
            "check",
        ];
        args.extend_from_slice(extra);
        args.push(path);
        Command::new(time).args(&args).output().expect("runs")
    } else {
        let mut args = vec!["check"];
        args.extend_from_slice(extra);
        args.push(path);
        run(&args)
    };
    let wall = t.elapsed().as_secs_f64();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    let peak = err
        .lines()
        .find_map(|l| l.strip_prefix("PEAK-KB "))
        .and_then(|kb| kb.trim().parse().ok());
    let cpu: Option<f64> = err.lines().find_map(|l| {
        let mut parts = l.strip_prefix("CPU-S ")?.split_whitespace();
        let user: f64 = parts.next()?.parse().ok()?;
        let sys: f64 = parts.next()?.parse().ok()?;
        Some(user + sys)
    });
    let secs = cpu.unwrap_or(wall);
    eprintln!(
        "{name}: {secs:.2} s, {} KB: {}",
        peak.map_or("?".to_string(), |kb: u64| kb.to_string()),
        err.lines().next().unwrap_or("")
    );
    (err, secs, peak)
}

/// The answer is bounded: within 2 s in the dev profile (asserted with room for a
/// slower machine) and 500 MB.
fn assert_bounded(name: &str, secs: f64, peak: Option<u64>) {
    assert!(secs < 5.0, "{name}: {secs:.2} s");
    if let Some(kb) = peak {
        assert!(kb < 500 * 1024, "{name}: {kb} KB");
    }
}

/// The issue's bombs and variants: a `repeat` group (or a chain of legs) whose
/// expansion on a large board would take gigabytes is refused at once, naming the
/// pattern, the figure and the limit.
#[test]
fn compile_bombs_are_refused_in_bounded_time_and_memory() {
    let board = "board square 26x26\n";
    let bombs: [(&str, &str, &str); 8] = [
        (
            "four-rides-until-blocked",
            "piece Z (Z) { repeat { ride any then ride any then ride any then ride any } }",
            "E0801",
        ),
        (
            "four-rides-1-to-200",
            "piece Z (Z) { repeat 1..200 { ride any then ride any then ride any then ride any } }",
            "E0801",
        ),
        (
            "leaps-and-rides-until-blocked",
            "piece Z (Z) { repeat { leap (1,2) then ride any then leap (2,3) then ride any } }",
            "E0801",
        ),
        (
            "nested-rides",
            "piece Z (Z) { ride any then repeat { ride any then ride orthogonal } then ride diagonal }",
            "E0801",
        ),
        (
            "two-rides-2-to-255",
            "piece Z (Z) { repeat 2..255 { ride orthogonal then ride diagonal } }",
            "E0801",
        ),
        (
            "leaper-chain-1-to-255",
            "piece Z (Z) { repeat 1..255 { leap (1,2) then leap (2,3) then leap (1,3) } }",
            "E0801",
        ),
        (
            "unshared-1-to-200-pass",
            "piece Z (Z) { repeat 1..200 { ride any then ride any }, pass }",
            "E0801",
        ),
        (
            "long-leaper-chain",
            "piece Z (Z) { leap (1,2) then leap (2,3) then leap (1,3) then leap (3,4) then leap (1,4) then leap (2,5) then leap (1,2) then leap (2,3) }",
            "E0804",
        ),
    ];
    for (name, piece, code) in bombs {
        let source = format!("{board}{piece}\n");
        let (err, secs, peak) = check_bounded(&format!("{name}.rules"), &source, &[]);
        assert!(err.contains(&format!("error[{code}]")), "{name}: {err}");
        // The figure and the limit.
        let limit = if code == "E0804" {
            "16777216"
        } else {
            "4194304"
        };
        assert!(err.contains(limit), "{name}: {err}");
        // The pattern is pointed at.
        assert!(err.contains("piece Z (Z) {"), "{name}: {err}");
        assert_bounded(name, secs, peak);
    }
}

/// The linking deadline bounds the same files, and a board where counts are only upper
/// bounds (triangles: linked until the table reaches its limit) answers in bounded time
/// too.
#[test]
fn compile_bombs_with_a_deadline_and_on_tri_boards_are_bounded() {
    let source = "board square 26x26\npiece Z (Z) { repeat { ride any then ride any then ride any then ride any } }\n";
    let (err, secs, peak) = check_bounded("deadline.rules", source, &["--limit", "link-ms=1000"]);
    assert!(err.contains("error[E080"), "{err}");
    assert_bounded("deadline", secs, peak);
    let tri = "board tri 26x26\npiece Z (Z) { ride any then ride any then ride any, pass }\n";
    let (err, secs, peak) = check_bounded("tri.rules", tri, &[]);
    assert!(
        err.contains("error[E0801]") && err.contains("4194304"),
        "{err}"
    );
    assert_bounded("tri", secs, peak);
}
