//! The command line as a user meets it: outputs, exit codes (0 ok, 1 bad rules or
//! input, 2 usage), and clear errors for every kind of bad input.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("piecewise-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p
}

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
    assert_eq!(run(&["moves", "rules/chess.rules"]).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"]).status.code(), Some(2));
    let o = run(&[
        "moves",
        "rules/chess.rules",
        "--fen",
        "8/8/8/8/8/8/8/8 w",
        "--from",
        "a1",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "moves without --pseudo is a usage error for now"
    );
}

#[test]
fn every_command_has_help() {
    for cmd in ["check", "compile", "disasm", "tree", "moves"] {
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
