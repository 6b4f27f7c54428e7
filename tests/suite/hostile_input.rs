//! Hostile input to the command line, second round (issue 34, items 2, 6 and 7): each
//! reproduction with the bounded answer it must get — exit code, the error text, the
//! time it takes and, where it matters, the memory.

use crate::common;

use common::cli::{run, stderr, stdout, temp};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The resident memory of a process, in kB (from /proc).
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Item 6: `moves --batch < /dev/zero` (one line that never ends) answers with an
/// `error:` line as soon as the line passes 1 MiB, and reads on in bounded memory
/// instead of aborting on a 4 GB allocation.
#[test]
fn batch_from_dev_zero_answers_at_once_in_bounded_memory() {
    let t = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(["moves", "rules/chess.rules", "--batch"])
        .stdin(std::fs::File::open("/dev/zero").expect("/dev/zero"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("a line");
    let took = t.elapsed();
    assert_eq!(
        line,
        "error: line 1 is longer than 1048576 bytes (the limit of a batch line)\n"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    // Still reading zeros a second later, in little memory.
    std::thread::sleep(Duration::from_secs(1));
    let rss = rss_kb(child.id()).expect("the process is alive");
    let _ = child.kill();
    let _ = child.wait();
    eprintln!("first line after {took:?}; RSS {rss} kB after a further second of zeros");
    assert!(rss < 100_000, "RSS {rss} kB");
}

/// Item 6: a line over 1 MiB between good ones is one `error:` line; the lines after it
/// are still answered, and the exit code is 1.
#[test]
fn a_batch_line_over_the_limit_is_an_error_line_and_the_rest_is_answered() {
    let mut input = Vec::new();
    input.extend_from_slice(CHESS_START.as_bytes());
    input.push(b'\n');
    input.extend(std::iter::repeat(b'x').take(2 << 20));
    input.push(b'\n');
    input.extend_from_slice(CHESS_START.as_bytes());
    input.push(b'\n');
    // A line of exactly the limit is read whole (and is a bad FEN).
    input.extend(std::iter::repeat(b'y').take(1 << 20));
    input.push(b'\n');
    for command in ["moves", "play", "result"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
            .args([command, "rules/chess.rules", "--batch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let data = input.clone();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&data);
        });
        let o = child.wait_with_output().expect("ends");
        writer.join().expect("written");
        assert_eq!(o.status.code(), Some(1), "{command}");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{command}: {out:.300}");
        assert!(!lines[0].starts_with("error"), "{command}: {}", lines[0]);
        assert_eq!(
            lines[1],
            "error: line 2 is longer than 1048576 bytes (the limit of a batch line)"
        );
        assert_eq!(lines[2], lines[0], "{command}");
        assert!(lines[3].starts_with("error: "), "{command}");
        assert!(
            !lines[3].contains("longer than"),
            "{command}: {:.100}",
            lines[3]
        );
    }
}

/// Item 6: `--board` reads regular files only: a character device or a FIFO is refused
/// at once with exit 1, instead of filling memory or blocking.
#[test]
fn board_files_must_be_regular_files() {
    for (args, what) in [
        (
            vec!["moves", "rules/sokoban.rules", "--board", "/dev/urandom"],
            "not a regular file (a character device)",
        ),
        (
            vec![
                "perft",
                "rules/sokoban.rules",
                "--depth",
                "1",
                "--board",
                "/dev/zero",
            ],
            "not a regular file (a character device)",
        ),
        (
            vec!["play", "rules/sokoban.rules", "--board", "rules"],
            "not a regular file (a directory)",
        ),
    ] {
        let t = Instant::now();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("error: cannot read "), "{err}");
        assert!(err.contains(what), "{err}");
        assert!(t.elapsed() < Duration::from_secs(5));
    }
    let fifo = std::env::temp_dir().join(format!("piecewise-fifo-{}", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let t = Instant::now();
    let o = run(&[
        "moves",
        "rules/sokoban.rules",
        "--board",
        fifo.to_str().expect("UTF-8"),
    ]);
    let took = t.elapsed();
    let _ = std::fs::remove_file(&fifo);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not a regular file (a FIFO)"),
        "{}",
        stderr(&o)
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    // A board file over 1 MiB is refused with its size.
    let big = temp("big-board.txt", &vec![b'#'; (1 << 20) + 1]);
    let o = run(&[
        "moves",
        "rules/sokoban.rules",
        "--board",
        big.to_str().expect("UTF-8"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the file is 1048577 bytes; the limit is 1048576 bytes"),
        "{}",
        stderr(&o)
    );
}

/// Item 2: a graph board file that is a device is refused at once (E0107, not a
/// regular file), where `/dev/zero` took 2.1 GB; one over `graph-bytes` is refused
/// with its size and the limit (E0110).
#[test]
fn graph_board_files_are_regular_and_bounded() {
    for (device, kind) in [
        ("/dev/zero", "a character device"),
        ("/dev/stdin", ""),
        ("/tmp", "a directory"),
    ] {
        let rules = temp(
            "device-graph.rules",
            format!("board graph \"{device}\"\npiece King (K) {{ step any }}\n").as_bytes(),
        );
        let t = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
            .args(["check", rules.to_str().expect("UTF-8")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        // Standard input is a pipe nobody writes to: reading it would block.
        let _stdin = child.stdin.take();
        let o = child.wait_with_output().expect("ends");
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{device}: {:?}",
            t.elapsed()
        );
        assert_eq!(o.status.code(), Some(1), "{device}");
        let err = stderr(&o);
        assert!(
            err.contains("error[E0107]: cannot read the graph board file"),
            "{err}"
        );
        assert!(err.contains("not a regular file"), "{err}");
        assert!(err.contains(kind), "{err}");
    }
    let dir = std::env::temp_dir().join(format!("piecewise-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::copy(
        common::root().join("rules/boards/square8.json"),
        dir.join("map.json"),
    )
    .expect("copy");
    let rules = dir.join("g.rules");
    std::fs::write(
        &rules,
        "board graph \"map.json\"\npiece King (K) { step any }\n",
    )
    .expect("write");
    let size = std::fs::metadata(dir.join("map.json")).expect("meta").len();
    let o = run(&["check", rules.to_str().expect("UTF-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&[
        "check",
        "--limit",
        "graph-bytes=1000",
        rules.to_str().expect("UTF-8"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "error[E0110]: the graph board file `map.json` is {size} bytes; the limit is 1000 bytes"
        )),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Item 7: one default time limit, 60 s, for every long command; 0 means none.
#[test]
fn long_commands_default_to_sixty_seconds() {
    let o = run(&["perft", "--help"]);
    assert!(stdout(&o).contains("[default: 60000]"), "{}", stdout(&o));
    let o = run(&["serve", "--help"]);
    let help = stdout(&o);
    let perft_ms = help
        .split("--perft-ms")
        .nth(1)
        .expect("--perft-ms is documented");
    assert!(
        perft_ms
            .split("--")
            .next()
            .unwrap_or("")
            .contains("[default: 60000]"),
        "{help}"
    );
    // The limit stops a count with the figure and how to raise it.
    let t = Instant::now();
    let o = run(&[
        "perft",
        "rules/chess.rules",
        "--depth",
        "7",
        "--max-ms",
        "300",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("limit is 300 ms"), "{err}");
    assert!(err.contains("raise it with --max-ms, 0 for none"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(10));
}

/// A rules file that is a device that never ends (`check /dev/zero`) is read up to
/// 64 MiB and refused, instead of an allocation of gigabytes.
#[test]
fn a_rules_file_that_never_ends_is_refused() {
    let t = Instant::now();
    let o = run(&["check", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("cannot read /dev/zero: more than 67108864 bytes, the most read from a file that is not a regular file"),
        "{err}"
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
}
