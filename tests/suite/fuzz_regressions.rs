//! Replays every file under `fuzz/regressions/<target>/` through the check its fuzz
//! target runs (`fuzz/checks/<target>.rs`, the same code): each must finish without a
//! panic, and an input the check rejects must say why. See `fuzz/README.md` for where
//! the files come from.

use std::path::{Path, PathBuf};

#[path = "../../fuzz/checks/batch.rs"]
mod batch;
#[path = "../../fuzz/checks/betza.rs"]
mod betza;
#[path = "../../fuzz/checks/parse.rs"]
mod parse;
#[path = "../../fuzz/checks/pipeline.rs"]
mod pipeline;
#[path = "../../fuzz/checks/repeat.rs"]
mod repeat;
#[cfg(feature = "serve")]
#[path = "../../fuzz/checks/serve.rs"]
mod serve;
#[path = "../../fuzz/checks/text_board.rs"]
mod text_board;
#[path = "../../fuzz/checks/verify.rs"]
mod verify;

type Check = fn(&[u8]) -> Result<(), String>;

/// The targets and their checks (`serve` only with the playground built in).
fn targets() -> Vec<(&'static str, Check)> {
    #[cfg_attr(not(feature = "serve"), allow(unused_mut))]
    let mut targets: Vec<(&'static str, Check)> = vec![
        ("batch", batch::run),
        ("betza", betza::run),
        ("parse", parse::run),
        ("pipeline", pipeline::run),
        ("verify", verify::run),
        ("text_board", text_board::run),
        ("repeat", repeat::run),
    ];
    #[cfg(feature = "serve")]
    targets.push(("serve", serve::run));
    targets
}

fn regressions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions")
}

/// The files of one target's directory, sorted.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = regressions().join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_regression_directory_belongs_to_a_target() {
    for entry in std::fs::read_dir(regressions()).expect("fuzz/regressions") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') {
            continue;
        }
        assert!(
            path.is_dir() && (name == "serve" || targets().iter().any(|(t, _)| *t == name)),
            "{} is not a fuzz target's directory",
            path.display()
        );
    }
}

#[test]
fn regressions_replay_without_panics() {
    let mut failures = Vec::new();
    for (target, check) in targets() {
        let files = inputs(target);
        assert!(!files.is_empty(), "no inputs for {target}");
        for file in files {
            let data = std::fs::read(&file).expect("a regression input");
            match std::panic::catch_unwind(|| check(&data)) {
                Ok(Ok(())) => {}
                Ok(Err(why)) => assert!(!why.trim().is_empty(), "{}", file.display()),
                Err(_) => failures.push(file.display().to_string()),
            }
        }
    }
    assert!(failures.is_empty(), "panicked: {failures:#?}");
}

/// The one crash the fuzzers found (text_board): a board with rows of floor only inside
/// the level must now read, and write back to a board that reads the same.
#[test]
fn the_text_board_finding_reads_and_round_trips() {
    let data = std::fs::read(regressions().join("text_board/floor-only-rows-inside-level"))
        .expect("the finding");
    assert_eq!(text_board::run(&data), Ok(()));
}

/// The seeds are not all rejected: each target accepts at least one, so the replay
/// reaches past the first check.
#[test]
fn each_target_accepts_some_input() {
    for (target, check) in targets() {
        let accepted = inputs(target)
            .iter()
            .filter(|f| check(&std::fs::read(f).expect("an input")).is_ok())
            .count();
        assert!(accepted > 0, "{target}: every input rejected");
    }
}

/// The `repeat` seeds include the compile bombs (issue 34): each is answered
/// within seconds, the bombs refused with the figure and the limit.
#[test]
fn repeat_bombs_are_answered_quickly() {
    for file in inputs("repeat") {
        let data = std::fs::read(&file).expect("a seed");
        let t = std::time::Instant::now();
        let answer = repeat::run(&data);
        let spent = t.elapsed();
        eprintln!(
            "{}: {spent:?}\n{}{}",
            file.display(),
            repeat::source(&data),
            answer
                .as_ref()
                .err()
                .map_or("compiled", |e| e.lines().next().unwrap_or(""))
        );
        assert!(spent.as_secs() < 5, "{}: {spent:?}", file.display());
        if file.to_string_lossy().contains("issue-") {
            let why = answer.expect_err("a bomb is refused");
            assert!(why.contains("E0801"), "{why}");
        }
    }
}

/// The `serve` seeds that reproduce issue 34 get the bounded answer: the compile bomb
/// refused with E0801, graph files the server was not started with refused (E0111, an
/// unknown `file` id changing nothing),
/// paths that climb out of `rules/` not found, other hosts and sites forbidden, saving
/// with no file given refused, a perft past the depth cap a bad request.
#[cfg(feature = "serve")]
#[test]
fn serve_seeds_get_the_bounded_answers() {
    let expect = [
        ("check-compile-bomb", 200, "E0801"),
        ("check-graph-stdin", 200, "E0111"),
        ("check-graph-zero", 200, "E0111"),
        ("rules-traversal", 404, "no rules file"),
        ("foreign-host", 403, "host"),
        ("foreign-origin", 403, "other sites"),
        ("save-no-files", 403, "read_only"),
        ("perft-huge-depth", 400, "depth"),
        ("perft-wait", 200, "nodes"),
        ("info", 200, "max_perft_jobs"),
    ];
    for (name, status, needle) in expect {
        let data = std::fs::read(regressions().join("serve").join(name)).expect("a seed");
        let t = std::time::Instant::now();
        let (got, body) = serve::answer(&data).expect("a request");
        let body = String::from_utf8_lossy(&body);
        eprintln!("{name}: {got} in {:?}: {body:.300}", t.elapsed());
        assert_eq!(got, status, "{name}: {body}");
        assert!(body.contains(needle), "{name}: no `{needle}` in {body}");
    }
}
