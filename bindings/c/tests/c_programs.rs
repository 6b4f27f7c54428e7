//! The C programs against the generated header and the static library: the examples
//! `examples/c/perft.c` and `examples/c/playout.c`, and the bad-input tests
//! `tests/c/errors.c`, `tests/c/handles.c` (stale handles, perft limits) and `tests/c/claims.c`
//! (claimable ends), each built with the system C compiler (`$CC`, else `cc`; the
//! tests print why and pass when there is none) and run.
//!
//! The library is the `libpiecewise_capi.a` this same `cargo test` built (beside the
//! test binary). `PW_VALGRIND=1` runs every program under `valgrind --leak-check=full
//! --error-exitcode=9`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The static library built with this test (in the test binary's directory, or the
/// profile directory above it).
fn static_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps directory");
    for dir in [deps, deps.parent().expect("profile directory")] {
        let lib = dir.join("libpiecewise_capi.a");
        if lib.exists() {
            return lib;
        }
    }
    panic!("libpiecewise_capi.a not found beside {}", exe.display());
}

fn compiler() -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let found = Command::new(&cc).arg("--version").output();
    match found {
        Ok(out) if out.status.success() => Some(cc),
        _ => {
            eprintln!(
                "skipped: no C compiler ({cc} --version failed); set CC to build the C programs"
            );
            None
        }
    }
}

/// The shared library built with this test, beside the static one.
fn shared_lib_dir() -> PathBuf {
    static_lib()
        .parent()
        .expect("library directory")
        .to_path_buf()
}

/// Builds one C source into the test's temporary directory, once per test run (the
/// tests run in parallel); `None` without a compiler.
fn build(source: &str, name: &str) -> Option<PathBuf> {
    static BUILT: Mutex<Vec<(String, Option<PathBuf>)>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, program)) = built.iter().find(|(n, _)| n == name) {
        return program.clone();
    }
    let program = build_now(source, name);
    built.push((name.to_string(), program.clone()));
    program
}

fn build_now(source: &str, name: &str) -> Option<PathBuf> {
    let cc = compiler()?;
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("capi-{name}"));
    let mut cmd = Command::new(&cc);
    cmd.args(["-std=c99", "-O2", "-g", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("include"))
        .arg(repo().join(source));
    if name.ends_with("-shared") {
        // Against libpiecewise_capi.so, found at run time through the rpath.
        let dir = shared_lib_dir();
        cmd.arg(format!("-L{}", dir.display()))
            .arg(format!("-Wl,-rpath,{}", dir.display()))
            .arg("-lpiecewise_capi");
    } else {
        cmd.arg(static_lib());
    }
    let status = cmd
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .expect("run the C compiler");
    assert!(status.success(), "{cc} failed on {source}");
    Some(out)
}

/// Runs a built program from the repository root; its standard output.
fn run(program: &Path, args: &[&str]) -> String {
    run_full(program, args).0
}

/// Runs a built program from the repository root, which must succeed; its standard
/// output and standard error.
fn run_full(program: &Path, args: &[&str]) -> (String, String) {
    let mut cmd = if std::env::var_os("PW_VALGRIND").is_some() {
        let mut c = Command::new("valgrind");
        c.args(["--leak-check=full", "--error-exitcode=9", "-q"])
            .arg(program);
        c
    } else {
        Command::new(program)
    };
    let out = cmd
        .args(args)
        .current_dir(repo())
        .output()
        .expect("run the C program");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{} {args:?} failed ({}):\n{stdout}\n{}",
        program.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (stdout, String::from_utf8_lossy(&out.stderr).into_owned())
}

fn perft(rules: &str, depth: &str, extra: &[&str]) -> Option<u64> {
    perft_with("perft", rules, depth, extra)
}

fn perft_with(name: &str, rules: &str, depth: &str, extra: &[&str]) -> Option<u64> {
    let program = build("examples/c/perft.c", name)?;
    let mut args = vec![rules, depth];
    args.extend_from_slice(extra);
    let out = run(&program, &args);
    let line = out.lines().last().expect("a line");
    let nodes = line.strip_prefix("nodes ").expect("nodes N");
    Some(nodes.parse().expect("a count"))
}

#[test]
fn c_perft_chess_4() {
    if let Some(n) = perft("rules/chess.rules", "4", &[]) {
        assert_eq!(n, 197_281);
    }
}

/// The same program linked against the shared library.
#[test]
fn c_perft_shared_library() {
    if let Some(n) = perft_with("perft-shared", "rules/chess.rules", "3", &[]) {
        assert_eq!(n, 8_902);
    }
}

#[test]
fn c_perft_xiangqi_3() {
    if let Some(n) = perft("rules/xiangqi.rules", "3", &[]) {
        assert_eq!(n, 79_666);
    }
}

/// The whole tree walked in C (make/unmake through the ABI at every node).
#[test]
fn c_perft_walked_in_c() {
    if let Some(n) = perft("rules/chess.rules", "3", &["--recurse"]) {
        assert_eq!(n, 8_902);
    }
    // Kiwipete 2: castling, en passant, promotions through the plain move structs.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    if let Some(n) = perft("rules/chess.rules", "2", &[kiwipete, "--recurse"]) {
        assert_eq!(n, 2_039);
    }
    // The last ply counted by pw_legal_move_count.
    if let Some(n) = perft("rules/xiangqi.rules", "3", &["--recurse", "--bulk"]) {
        assert_eq!(n, 79_666);
    }
}

/// The engine's path walked in C: compact moves listed, made by index and unmade at
/// every node, every leaf made; games whose moves go to the list's side table
/// (crazyhouse drops, Atomic blasts, Duck moves) and the last ply counted in bulk.
#[test]
fn c_perft_compact_moves() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (rules, depth, extra, want) in [
        ("rules/chess.rules", "4", vec![], 197_281),
        ("rules/chess.rules", "3", vec![kiwipete], 97_862),
        ("rules/xiangqi.rules", "3", vec!["--bulk"], 79_666),
    ] {
        let mut args = extra.clone();
        args.push("--compact");
        if let Some(n) = perft(rules, depth, &args) {
            assert_eq!(n, want, "{rules} {depth} {extra:?}");
        }
    }
    // Every leaf made against the library's perft of the same position.
    for (rules, depth) in [
        ("rules/crazyhouse.rules", "3"),
        ("rules/atomic.rules", "3"),
        ("rules/duck.rules", "2"),
    ] {
        let (Some(walked), Some(library)) = (
            perft(rules, depth, &["--compact"]),
            perft(rules, depth, &[]),
        ) else {
            return;
        };
        assert_eq!(walked, library, "{rules} {depth}");
    }
}

#[test]
#[ignore = "deep: cargo test -p piecewise-capi --test c_programs -- --ignored"]
fn c_perft_chess_5() {
    if let Some(n) = perft("rules/chess.rules", "5", &[]) {
        assert_eq!(n, 4_865_609);
    }
}

#[test]
#[ignore = "deep: cargo test -p piecewise-capi --test c_programs -- --ignored"]
fn c_perft_xiangqi_4() {
    if let Some(n) = perft("rules/xiangqi.rules", "4", &[]) {
        assert_eq!(n, 3_290_240);
    }
}

#[test]
fn c_playouts() {
    let Some(program) = build("examples/c/playout.c", "playout") else {
        return;
    };
    for (rules, games) in [
        ("rules/chess.rules", "4"),
        ("rules/xiangqi.rules", "2"),
        ("rules/shogi.rules", "2"),
        ("rules/crazyhouse.rules", "2"),
    ] {
        let out = run(&program, &[rules, games, "7", "120"]);
        assert!(out.starts_with(&format!("games {games} plies ")), "{out}");
    }
}

#[test]
fn c_bad_inputs() {
    let Some(program) = build("bindings/c/tests/c/errors.c", "errors") else {
        return;
    };
    let out = run(&program, &["rules"]);
    assert!(out.ends_with("0 failures\n"), "{out}");
    assert!(!out.contains("FAILED"), "{out}");
}

/// Handles freed twice, used after free, of another type or made up (every handle
/// type): `PW_ERR_STALE_HANDLE` each time, no crash and nothing on standard error (no
/// panic message); perft stopped by its time limit and cancelled from a second thread.
#[test]
fn c_stale_handles_and_perft_limits() {
    let Some(program) = build("bindings/c/tests/c/handles.c", "handles") else {
        return;
    };
    let (out, err) = run_full(&program, &["rules"]);
    assert!(out.ends_with("0 failures\n"), "{out}");
    assert!(!out.contains("FAILED"), "{out}");
    assert!(
        out.contains("ok position_free(twice): PW_ERR_STALE_HANDLE"),
        "{out}"
    );
    assert!(
        out.contains("ok perft_limited(7, cancelled): PW_ERR_CANCELLED"),
        "{out}"
    );
    assert!(!err.contains("panic"), "a panic message on stderr:\n{err}");
    if std::env::var_os("PW_VALGRIND").is_none() {
        assert!(err.is_empty(), "stderr:\n{err}");
    }
}

/// A rules file that does not compile: the example names the status and the library's
/// message (read before anything else clears it), then the diagnostics, and fails.
#[test]
fn c_perft_reports_a_bad_rules_file() {
    let Some(program) = build("examples/c/perft.c", "perft") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("pw-c-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let bad = dir.join("bad.rules");
    std::fs::write(&bad, "board square 8x8\npiece Knight (N) { laep (1,2) }\n").expect("write");
    let out = Command::new(&program)
        .args([bad.to_str().expect("utf-8"), "2"])
        .current_dir(repo())
        .output()
        .expect("run the C program");
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let first = stderr.lines().next().unwrap_or("");
    assert!(first.starts_with("compile: PW_ERR_COMPILE: "), "{stderr}");
    assert!(
        first.len() > "compile: PW_ERR_COMPILE: ".len(),
        "an empty message: {stderr}"
    );
    assert!(stderr.contains("bad.rules:2:"), "the diagnostics: {stderr}");
}

/// `--max-ms`: the example counts through `pw_perft_limited` within one limit for the
/// whole count. Chess to depth 7 cannot finish in 300 ms: the count stops with
/// `PW_ERR_TIME_LIMIT` and the library's message (root moves and nodes counted), the
/// walk in C says where it stopped; so does Croatian Tlalocan to depth 4; `--max-ms 0` (no limit) and a large limit count
/// as before; a limit that is no number is a usage error.
#[test]
fn c_perft_time_limit() {
    let Some(program) = build("examples/c/perft.c", "perft") else {
        return;
    };
    let go = |args: &[&str]| {
        let out = Command::new(&program)
            .args(args)
            .current_dir(repo())
            .output()
            .expect("run the C program");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr,
        )
    };
    let (code, stdout, stderr) = go(&["rules/chess.rules", "7", "--max-ms", "300"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    let first = stderr.lines().next().unwrap_or("");
    assert!(first.starts_with("perft: PW_ERR_TIME_LIMIT: "), "{stderr}");
    assert!(first.contains("nodes"), "how far it got: {stderr}");
    for walk in ["--recurse", "--compact"] {
        let (code, _, stderr) = go(&["rules/chess.rules", "7", "--max-ms", "300", walk]);
        assert_eq!(code, Some(1), "{walk}: {stderr}");
        assert!(
            stderr.starts_with("perft: PW_ERR_TIME_LIMIT: stopped after "),
            "{walk}: {stderr}"
        );
    }
    // A game whose legality plays every reply, on 26×26: the limit reaches the nodes
    // one and two plies above the last too (issue 39). Depth 4: the first root move's
    // subtree alone outlasts the limit, so the library stops it (at depth 3 a subtree
    // may end just at the limit, and the walk in C then says so).
    let (code, _, stderr) = go(&["rules/croatian-tlalocan.rules", "4", "--max-ms", "1000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.starts_with("perft: PW_ERR_TIME_LIMIT: perft stopped after "),
        "{stderr}"
    );
    // The example gives the count what compiling left of the limit.
    assert!(stderr.contains(" ms; the limit is "), "{stderr}");
    for limit in ["0", "600000"] {
        let (code, stdout, stderr) = go(&["rules/chess.rules", "3", "--max-ms", limit]);
        assert_eq!(code, Some(0), "{stderr}");
        assert_eq!(stdout, "nodes 8902\n", "--max-ms {limit}");
    }
    let (code, _, stderr) = go(&["rules/chess.rules", "3", "--max-ms", "soon"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--max-ms takes"), "{stderr}");
}

/// `pw_game_claimable_end`: a threefold repetition made through each way of making
/// moves (UCI, listed moves, compact moves) is a claimable draw, and not once a move is
/// taken back; the 50-move rule from a FEN's halfmove clock; nothing at the start.
#[test]
fn c_claimable_end() {
    let Some(program) = build("bindings/c/tests/c/claims.c", "claims") else {
        return;
    };
    let (out, err) = run_full(&program, &["rules"]);
    assert!(out.ends_with("0 failures\n"), "{out}");
    for case in [
        "threefold (uci)",
        "threefold (move)",
        "threefold (compact)",
        "move limit",
        "insufficient material KN-K",
        "insufficient material KR-K",
    ] {
        assert!(out.contains(&format!("ok {case}\n")), "{case}: {out}");
    }
    assert!(!err.contains("panic"), "{err}");
}
