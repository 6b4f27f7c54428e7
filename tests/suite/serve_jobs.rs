//! The playground's JSON API over HTTP (`piecewise serve`, docs/serve.md), part two:
//! perft jobs (progress, the depth limit, the time limit cutting a count off, cancel,
//! the bound on running jobs), the rules files (listed, opened, saved only where
//! allowed; file names looked up beside the file a text came from), and many clients
//! at once. Each test starts its own server (`serve_support`).

#![cfg(feature = "serve")]

use crate::common;
use crate::serve_support;

use serde_json::json;
use serve_support::{chess, error_kind, finished_job, Server};
use std::time::{Duration, Instant};

#[test]
fn perft_counts_with_progress_and_limits() {
    let s = Server::start(&["--perft-max-depth", "9"]);
    let (status, done) = s.post(
        "/api/perft",
        &json!({ "rules": chess(), "depth": 3, "wait": true }),
    );
    assert_eq!(status, 200);
    assert_eq!(
        (done["state"].clone(), done["nodes"].clone()),
        (json!("done"), json!(8902))
    );
    assert_eq!(done["divide"].as_array().map(Vec::len), Some(20));
    // A job, polled.
    let (status, job) = s.post("/api/perft", &json!({ "rules": chess(), "depth": 4 }));
    assert_eq!(status, 202);
    let id = job["id"].as_str().expect("an id").to_string();
    let end = finished_job(&s, &id);
    assert_eq!(
        (end["state"].clone(), end["nodes"].clone()),
        (json!("done"), json!(197_281))
    );
    assert_eq!(
        (end["roots"].clone(), end["roots_done"].clone()),
        (json!(20), json!(20))
    );
    // Too deep is refused before anything runs.
    let deep = s.post("/api/perft", &json!({ "rules": chess(), "depth": 10 }));
    assert_eq!(error_kind(&deep), (400, "limit"));
    assert_eq!(deep.1["error"]["max_depth"], 9);
    assert_eq!(error_kind(&s.get("/api/perft/999999")), (404, "not_found"));
    assert_eq!(error_kind(&s.delete("/api/perft/abc")), (404, "not_found"));
}

#[test]
fn a_deep_perft_can_be_cancelled_and_the_jobs_are_bounded() {
    let s = Server::start(&[]);
    let mut ids = Vec::new();
    for _ in 0..4 {
        let (status, job) = s.post("/api/perft", &json!({ "rules": chess(), "depth": 9 }));
        assert_eq!(status, 202, "{job}");
        ids.push(job["id"].as_str().expect("id").to_string());
    }
    // Four run (the default); a fifth must wait.
    assert_eq!(
        error_kind(&s.post("/api/perft", &json!({ "rules": chess(), "depth": 9 }))),
        (429, "busy")
    );
    // Progress is visible while counting.
    std::thread::sleep(Duration::from_millis(300));
    let (_, running) = s.get(&format!("/api/perft/{}", ids[0]));
    assert_eq!(running["state"], "running");
    assert!(running["elapsed_ms"].as_u64().unwrap_or(0) >= 300);
    let asked = Instant::now();
    for id in &ids {
        assert_eq!(s.delete(&format!("/api/perft/{id}")).0, 200);
    }
    for id in &ids {
        let end = finished_job(&s, id);
        assert_eq!(end["state"], "cancelled", "{end}");
        assert!(end["message"].as_str().unwrap_or("").contains("cancelled"));
    }
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "cancelled in {:?}",
        asked.elapsed()
    );
    let (status, _) = s.post(
        "/api/perft",
        &json!({ "rules": chess(), "depth": 2, "wait": true }),
    );
    assert_eq!(status, 200, "a new count runs once the others stopped");
}

#[test]
fn a_perft_past_the_time_limit_is_cut_off() {
    let s = Server::start(&["--perft-ms", "300"]);
    let started = Instant::now();
    let (status, job) = s.post(
        "/api/perft",
        &json!({ "rules": chess(), "depth": 8, "wait": true }),
    );
    assert_eq!(status, 200);
    assert_eq!(job["state"], "stopped", "{job}");
    assert!(
        job["message"]
            .as_str()
            .unwrap_or("")
            .contains("limit is 300 ms"),
        "{job}"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn files_are_listed_opened_and_only_the_given_one_is_saved() {
    let dir = std::env::temp_dir().join(format!("piecewise-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("mine.rules");
    let original = "board square 8x8\npiece Knight (N) { leap (1,2) }\n";
    std::fs::write(&path, original).expect("write");
    let s = Server::start(&[path.to_str().expect("a UTF-8 path")]);
    let (status, list) = s.get("/api/rules");
    assert_eq!(status, 200);
    let files = list["files"].as_array().expect("files");
    assert_eq!(files[0]["id"], "file-0");
    assert_eq!(files[0]["editable"], true);
    assert!(files
        .iter()
        .any(|f| f["id"] == "chess.rules" && f["editable"] == false));
    let (_, mine) = s.get("/api/rules/file-0");
    assert_eq!(mine["text"], original);
    let (_, shipped) = s.get("/api/rules/chess.rules");
    assert_eq!(shipped["text"], chess());
    assert_eq!(
        error_kind(&s.get("/api/rules/nothing.rules")),
        (404, "not_found")
    );
    let changed = "board square 8x8\npiece Camel (C) { leap (1,3) }\n";
    let (status, saved) = s.put("/api/file", &json!({ "id": "file-0", "rules": changed }));
    assert_eq!(status, 200, "{saved}");
    assert_eq!(std::fs::read_to_string(&path).expect("read back"), changed);
    assert_eq!(s.get("/api/rules/file-0").1["text"], changed);
    let forbidden = s.put("/api/file", &json!({ "id": "chess.rules", "rules": "x" }));
    assert_eq!(error_kind(&forbidden), (403, "read_only"));
    assert_eq!(
        error_kind(&s.put("/api/file", &json!({ "id": "file-7", "rules": "x" }))),
        (404, "not_found")
    );
    assert_eq!(
        error_kind(&s.put("/api/file", &json!({ "rules": 1 }))),
        (400, "bad_request")
    );
    // File names in a text are looked up beside the file it came from, but only the
    // files the server's own files named when it started may be read (issue 34): a
    // graph board put beside the command-line file later is refused, not read; the
    // shipped one beside rules/ is read.
    let graph = common::read("rules/graph-chess.rules");
    let mine = json!({ "rules": graph, "file": "file-0" });
    std::fs::create_dir_all(dir.join("boards")).expect("boards/");
    std::fs::copy(
        common::root().join("rules/boards/square8.json"),
        dir.join("boards/square8.json"),
    )
    .expect("copy");
    let refused = s.post("/api/board", &mine);
    assert_eq!(error_kind(&refused), (400, "rules"));
    assert_eq!(
        refused.1["error"]["diagnostics"][0]["code"], "E0111",
        "{}",
        refused.1
    );
    let shipped = json!({ "rules": graph, "file": "graph-chess.rules" });
    assert_eq!(s.post("/api/board", &shipped).0, 200);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
    // Started on no file, nothing can be saved.
    let s = Server::start(&[]);
    assert_eq!(
        error_kind(&s.put("/api/file", &json!({ "rules": "x" }))),
        (403, "read_only")
    );
}

#[test]
fn many_clients_at_once_all_get_answers() {
    let s = Server::start(&[]);
    let rules = chess();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|i| {
                let (s, rules) = (&s, &rules);
                scope.spawn(move || {
                    for _ in 0..5 {
                        // Four clients count (i = 3, 7, 11, 15): as many as the server
                        // runs at once by default, so none is ever told "busy" (a fifth
                        // at the same time would be, by design: serve_hostile checks it).
                        let (status, v) = match i % 4 {
                            0 | 1 => s.post("/api/check", &json!({ "rules": rules })),
                            2 => s.post("/api/moves", &json!({ "rules": rules, "from": "b1" })),
                            _ => s.post(
                                "/api/perft",
                                &json!({ "rules": rules, "depth": 2, "wait": true }),
                            ),
                        };
                        assert_eq!(status, 200, "{v}");
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().expect("a client");
        }
    });
    s.alive();
}
