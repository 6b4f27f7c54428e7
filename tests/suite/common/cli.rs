//! Running the `piecewise` binary as a user does: its output, its standard error as
//! text, and input files written to a temporary directory.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `piecewise` with `args` and waits for it.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(args)
        .output()
        .expect("runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `bytes` to a file `name` in this process's temporary directory.
pub fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("piecewise-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p
}

/// `piecewise tree RULES --fen FEN --from CELL [--json]`, which must succeed: its output.
pub fn tree(rules: &str, fen: &str, from: &str, json: bool) -> String {
    let mut args = vec!["tree", rules, "--fen", fen, "--from", from];
    if json {
        args.push("--json");
    }
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}
