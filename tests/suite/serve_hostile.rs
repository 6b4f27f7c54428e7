//! The playground against a hostile user (issue 34, items 2-5 and 8): each reproduction
//! of the issue with the bounded answer it must get — the time it takes and the error
//! it says. Graph board files a rules text names (only the server's own), `"wait":
//! true` perfts (held to the job cap, cancelled when their client goes), saving (no
//! planted symbolic link followed, concurrent saves never torn), idle and slow
//! connections (closed; never keeping `GET /` out) and `--host` beyond loopback.

#![cfg(feature = "serve")]

use crate::common;
use crate::serve_support;

use serde_json::{json, Value};
use serve_support::{chess, error_kind, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A temporary directory of this test process.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("piecewise-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// The codes of a `check` answer's diagnostics.
fn codes(answer: &Value) -> Vec<String> {
    answer["diagnostics"]
        .as_array()
        .map(|d| {
            d.iter()
                .map(|d| d["code"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Item 2: `board graph "/dev/stdin"` and `"/dev/zero"` (and any file the server was
/// not started with) are refused at once with E0111, read neither; the shipped graph
/// board and the one a command-line file names are read.
#[test]
fn a_rules_text_reads_only_the_graph_files_the_server_was_started_with() {
    let dir = temp_dir("graph");
    std::fs::create_dir_all(dir.join("boards")).expect("boards/");
    std::fs::copy(
        common::root().join("rules/boards/square8.json"),
        dir.join("boards/square8.json"),
    )
    .expect("copy");
    std::fs::copy(
        common::root().join("rules/boards/square8.json"),
        dir.join("other.json"),
    )
    .expect("copy");
    let graph = common::read("rules/graph-chess.rules");
    let mine = dir.join("mine.rules");
    std::fs::write(&mine, &graph).expect("write");
    let s = Server::start(&[mine.to_str().expect("UTF-8")]);
    let started = Instant::now();
    for name in [
        "/dev/stdin",
        "/dev/zero",
        "/etc/passwd",
        "../../../../../../etc/passwd",
        "other.json",
    ] {
        let text = format!("board graph \"{name}\"\npiece King (K) {{ step any }}\n");
        for file in [None, Some("file-0")] {
            let mut body = json!({ "rules": text });
            if let Some(f) = file {
                body["file"] = f.into();
            }
            let t = Instant::now();
            let (status, answer) = s.post("/api/check", &body);
            assert_eq!(status, 200, "{answer}");
            assert_eq!(codes(&answer), ["E0111"], "{name}: {answer}");
            let message = answer["diagnostics"][0]["message"].as_str().unwrap_or("");
            assert!(
                message.contains(&format!(
                    "the graph board file `{name}` may not be read here"
                )),
                "{message}"
            );
            assert!(
                t.elapsed() < Duration::from_secs(2),
                "{name}: {:?}",
                t.elapsed()
            );
        }
    }
    eprintln!("10 refusals in {:?}", started.elapsed());
    // What the server's files name is read: the command-line file's board beside it,
    // the shipped file's in rules/.
    let (status, answer) = s.post("/api/check", &json!({ "rules": graph, "file": "file-0" }));
    assert_eq!(
        (status, answer["ok"].clone()),
        (200, json!(true)),
        "{answer}"
    );
    let shipped = json!({ "rules": graph, "file": "graph-chess.rules" });
    assert_eq!(s.post("/api/board", &shipped).0, 200);
    s.alive();
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sends `body` as a `POST path` on a connection of its own and leaves it open without
/// reading the answer.
fn post_and_hold(s: &Server, path: &str, body: &Value) -> TcpStream {
    let mut stream = TcpStream::connect(s.addr()).expect("connect");
    let body = body.to_string();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    stream
}

/// The number of perft jobs the server is running, seen through the cap: how many
/// depth-9 jobs it still accepts, up to `max` (each then cancelled).
fn free_job_slots(s: &Server, max: usize) -> usize {
    let mut ids = Vec::new();
    for _ in 0..max {
        let (status, job) = s.post("/api/perft", &json!({ "rules": chess(), "depth": 9 }));
        if status != 202 {
            assert_eq!(error_kind(&(status, job)), (429, "busy"));
            break;
        }
        ids.push(job["id"].as_str().expect("id").to_string());
    }
    for id in &ids {
        s.delete(&format!("/api/perft/{id}"));
    }
    ids.len()
}

/// Item 3: `"wait": true` counts are jobs held to the cap of 4, and a client that goes
/// away cancels its count: four dropped clients leave no counting thread behind.
#[test]
fn wait_perfts_obey_the_job_cap_and_stop_when_their_client_goes() {
    let s = Server::start(&[]);
    // Compiled once first, so that the four counts start at once.
    assert_eq!(s.post("/api/check", &json!({ "rules": chess() })).0, 200);
    let deep = json!({ "rules": chess(), "depth": 9, "wait": true });
    let held: Vec<TcpStream> = (0..4)
        .map(|_| post_and_hold(&s, "/api/perft", &deep))
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    // All four are counting (none has had an answer): a fifth count of either kind is
    // refused.
    for mut h in &held {
        h.set_read_timeout(Some(Duration::from_millis(50)))
            .expect("timeout");
        let mut byte = [0u8; 1];
        assert!(
            h.read(&mut byte).is_err(),
            "a wait count was answered early"
        );
    }
    let fifth = s.post("/api/perft", &json!({ "rules": chess(), "depth": 9 }));
    assert_eq!(error_kind(&fifth), (429, "busy"));
    let waited = s.post("/api/perft", &deep);
    assert_eq!(error_kind(&waited), (429, "busy"));
    // The clients go: their counts stop within a second or two, and the slots free.
    drop(held);
    let gone = Instant::now();
    loop {
        if free_job_slots(&s, 4) == 4 {
            break;
        }
        assert!(
            gone.elapsed() < Duration::from_secs(5),
            "the dropped clients' counts still run after {:?}",
            gone.elapsed()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!(
        "four dropped wait counts stopped within {:?}",
        gone.elapsed()
    );
    // A wait count that ends still answers with its result (once the jobs cancelled
    // just now have stopped).
    let short = json!({ "rules": chess(), "depth": 2, "wait": true });
    let mut answer = s.post("/api/perft", &short);
    for _ in 0..50 {
        if answer.0 != 429 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        answer = s.post("/api/perft", &short);
    }
    let (status, done) = answer;
    assert_eq!((status, done["nodes"].clone()), (200, json!(400)), "{done}");
    s.alive();
}

/// Item 4: a symbolic link planted under the temporary name the server once used, or
/// under any name beside the file, is never followed; the file is replaced, the victim
/// untouched, and concurrent saves leave one whole text, never a mix.
#[test]
fn saving_follows_no_planted_link_and_concurrent_saves_do_not_tear() {
    let dir = temp_dir("save");
    let path = dir.join("mine.rules");
    std::fs::write(&path, "board square 8x8\npiece King (K) { step any }\n").expect("write");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "precious").expect("write");
    std::os::unix::fs::symlink(&victim, dir.join("mine.rules.saving")).expect("symlink");
    std::os::unix::fs::symlink(&victim, dir.join("mine.rules.rules.saving")).expect("symlink");
    let s = Server::start(&[path.to_str().expect("UTF-8")]);
    let text = "board square 8x8\npiece Camel (C) { leap (1,3) }\n";
    let (status, saved) = s.put("/api/file", &json!({ "rules": text }));
    assert_eq!(status, 200, "{saved}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
    // Texts of very different sizes saved at once: the file ends as one of them.
    let texts: Vec<String> = (0..8)
        .map(|i| {
            format!(
                "# {i}\n{}",
                "x".repeat(if i % 2 == 0 { 12 } else { 200_000 })
            )
        })
        .collect();
    std::thread::scope(|scope| {
        for t in &texts {
            let s = &s;
            scope.spawn(move || {
                for _ in 0..5 {
                    let (status, saved) = s.put("/api/file", &json!({ "rules": t }));
                    assert_eq!(status, 200, "{saved}");
                }
            });
        }
    });
    let end = std::fs::read_to_string(&path).expect("read");
    assert!(texts.contains(&end), "a torn file of {} bytes", end.len());
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
    // No temporary file is left behind.
    let left: Vec<String> = std::fs::read_dir(&dir)
        .expect("read_dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".saving") && n.starts_with('.'))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `GET /` on a connection of its own: the status line, and how long it took.
fn get_root(s: &Server) -> (String, Duration) {
    let t = Instant::now();
    let mut stream = TcpStream::connect(s.addr()).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .expect("send");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    (text.lines().next().unwrap_or("").to_string(), t.elapsed())
}

/// Item 5: 300 idle sockets against a process of 64 file descriptors (and a cap of
/// 32 connections) do not keep `GET /` out: the oldest idle ones are closed to make
/// room.
#[test]
fn idle_sockets_never_keep_get_out() {
    let s = Server::start_with_fd_limit(64, &["--max-connections", "32"]);
    let mut idle = Vec::new();
    for _ in 0..300 {
        if let Ok(c) = TcpStream::connect(s.addr()) {
            idle.push(c);
        }
    }
    let mut slowest = Duration::ZERO;
    for _ in 0..5 {
        let (status, took) = get_root(&s);
        assert_eq!(status, "HTTP/1.1 200 OK", "after {took:?}");
        slowest = slowest.max(took);
    }
    eprintln!("GET / with 300 idle sockets open: slowest of 5 in {slowest:?}");
    assert!(slowest < Duration::from_secs(2), "{slowest:?}");
    // More idle sockets, opened while it answers.
    for _ in 0..300 {
        if let Ok(c) = TcpStream::connect(s.addr()) {
            idle.push(c);
        }
    }
    let (status, took) = get_root(&s);
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(took < Duration::from_secs(2), "{took:?}");
    s.alive();
}

/// Item 5: a connection that sends nothing, or only part of a request head (slowloris),
/// or a head and part of its body, is closed after `--idle-ms`.
#[test]
fn silent_and_slow_connections_are_closed() {
    let s = Server::start(&["--idle-ms", "500"]);
    let closed_within = |prefix: &[u8]| {
        let mut stream = TcpStream::connect(s.addr()).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        stream.write_all(prefix).expect("send");
        let t = Instant::now();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        (t.elapsed(), String::from_utf8_lossy(&answer).into_owned())
    };
    let (took, _) = closed_within(b"");
    assert!(
        took < Duration::from_secs(3),
        "a silent socket open for {took:?}"
    );
    let (took, _) = closed_within(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    assert!(
        took < Duration::from_secs(3),
        "a slow head open for {took:?}"
    );
    let (took, answer) = closed_within(
        b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"rules\"",
    );
    assert!(
        took < Duration::from_secs(3),
        "a slow body open for {took:?}"
    );
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within 500 ms"), "{answer}");
    // A connection between requests is closed too once idle that long.
    let mut stream = TcpStream::connect(s.addr()).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    stream
        .write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .expect("send");
    let t = Instant::now();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    assert!(String::from_utf8_lossy(&answer).starts_with("HTTP/1.1 200"));
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "kept alive {:?}",
        t.elapsed()
    );
    // A request that takes longer than that to answer is not cut off: the timeout is
    // for the client's silence, not the server's work.
    let (status, done) = s.post(
        "/api/perft",
        &json!({ "rules": chess(), "depth": 6, "wait": true }),
    );
    assert_eq!(
        (status, done["nodes"].clone()),
        (200, json!(119_060_324)),
        "{done}"
    );
    eprintln!(
        "a wait perft of {} ms answered under --idle-ms 500",
        done["elapsed_ms"]
    );
    s.alive();
}

/// Item 8: `--host` other than loopback needs `--allow-remote` (a usage error, exit 2,
/// naming what would be turned off); with it, the server warns on standard error.
#[test]
fn a_host_beyond_loopback_needs_allow_remote_and_warns() {
    let t = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(["serve", "--port", "0", "--host", "0.0.0.0"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--host 0.0.0.0 needs --allow-remote"), "{err}");
    assert!(err.contains("the Host and Origin checks"), "{err}");
    assert!(t.elapsed() < Duration::from_secs(5));
    let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args([
            "serve",
            "--port",
            "0",
            "--host",
            "0.0.0.0",
            "--allow-remote",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().expect("stdout")),
        &mut line,
    )
    .expect("a line");
    assert!(line.starts_with("listening on http://0.0.0.0:"), "{line}");
    let _ = child.kill();
    let o = child.wait_with_output().expect("ends");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("warning: listening on 0.0.0.0, not loopback: the Host and Origin checks"),
        "{err}"
    );
    assert!(err.contains("are turned off"), "{err}");
}

/// Item 7: `--perft-ms 0` means no limit, as `perft --max-ms 0` does (it stopped every
/// count at once before); `/api/info` reports the connection limits.
#[test]
fn a_perft_time_of_zero_means_no_limit() {
    let s = Server::start(&[
        "--perft-ms",
        "0",
        "--idle-ms",
        "2500",
        "--max-connections",
        "77",
    ]);
    let (status, done) = s.post(
        "/api/perft",
        &json!({ "rules": chess(), "depth": 4, "wait": true }),
    );
    assert_eq!(
        (status, done["state"].clone(), done["nodes"].clone()),
        (200, json!("done"), json!(197_281)),
        "{done}"
    );
    let (_, info) = s.get("/api/info");
    assert_eq!(info["limits"]["perft_ms"], 0);
    assert_eq!(info["limits"]["idle_ms"], 2500);
    assert_eq!(info["limits"]["max_connections"], 77);
}
