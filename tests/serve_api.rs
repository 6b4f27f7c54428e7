//! The playground's JSON API over HTTP (`piecewise serve`, docs/serve.md): each test
//! starts the binary on a free port (`--port 0`, the address read from its first
//! line), talks to it with a real HTTP client, and stops it. Every endpoint is
//! covered, bad input included: malformed JSON, a body over the limit, bad rules, a
//! bad FEN, an unknown cell, an illegal move, a perft too deep, cut off or cancelled,
//! saving a file that may not be written. After the bad requests the server must
//! still answer.

#![cfg(feature = "serve")]

mod common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server started for one test, stopped when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
            .arg("serve")
            .args(["--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start piecewise serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the first line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        assert!(
            base.starts_with("http://127.0.0.1:"),
            "loopback by default: {base}"
        );
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Server { child, base, agent }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn answer(mut resp: ureq::http::Response<ureq::Body>) -> (u16, Value) {
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().expect("a body");
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
        (status, v)
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        Self::answer(
            self.agent
                .post(self.url(path))
                .send_json(body)
                .expect("POST"),
        )
    }

    fn post_raw(&self, path: &str, body: &str) -> (u16, Value) {
        Self::answer(
            self.agent
                .post(self.url(path))
                .header("content-type", "application/json")
                .send(body)
                .expect("POST"),
        )
    }

    fn put(&self, path: &str, body: &Value) -> (u16, Value) {
        Self::answer(self.agent.put(self.url(path)).send_json(body).expect("PUT"))
    }

    fn get(&self, path: &str) -> (u16, Value) {
        Self::answer(self.agent.get(self.url(path)).call().expect("GET"))
    }

    fn delete(&self, path: &str) -> (u16, Value) {
        Self::answer(self.agent.delete(self.url(path)).call().expect("DELETE"))
    }

    /// The server still answers.
    fn alive(&self) {
        let (status, info) = self.get("/api/info");
        assert_eq!(status, 200);
        assert_eq!(info["name"], "piecewise");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn chess() -> String {
    common::read("rules/chess.rules")
}

/// An error answer: its status and kind.
fn error_kind(answer: &(u16, Value)) -> (u16, &str) {
    (
        answer.0,
        answer.1["error"]["kind"].as_str().unwrap_or("<no kind>"),
    )
}

#[test]
fn check_reports_diagnostics_with_their_places() {
    let s = Server::start(&[]);
    let (status, ok) = s.post("/api/check", &json!({ "rules": chess() }));
    assert_eq!(status, 200);
    assert_eq!(
        (ok["ok"].clone(), ok["errors"].clone()),
        (json!(true), json!(0))
    );

    let text = "board square 8x8\npiece Knight (N) { lep (1,2) }\n";
    let (status, bad) = s.post("/api/check", &json!({ "rules": text }));
    assert_eq!(status, 200);
    assert_eq!(bad["ok"], false);
    let d = &bad["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert!(d["code"].as_str().unwrap_or("").starts_with('E'), "{d}");
    assert!(d["message"].as_str().unwrap_or("").contains("lep"), "{d}");
    assert_eq!(
        (d["start"]["line"].clone(), d["start"]["col"].clone()),
        (json!(2), json!(20))
    );
    let (a, b) = (d["utf16"]["start"].as_u64(), d["utf16"]["end"].as_u64());
    assert_eq!(
        &text[a.unwrap_or(0) as usize..b.unwrap_or(0) as usize],
        "lep"
    );

    // A name that does not resolve has a help line, as `check` prints it.
    let (_, unknown) = s.post(
        "/api/check",
        &json!({ "rules": "board square 8x8\npiece Knight (N) { leap (1,2) }\npiece Horse (H) { like Knigt }" }),
    );
    let d = &unknown["diagnostics"][0];
    assert!(
        d["message"].as_str().unwrap_or("").contains("Knigt"),
        "{unknown}"
    );
    assert!(
        d["help"].as_str().unwrap_or("").contains("Knight"),
        "{unknown}"
    );
}

#[test]
fn bad_requests_get_json_errors_and_never_stop_the_server() {
    let s = Server::start(&["--max-body", "4096"]);
    assert_eq!(
        error_kind(&s.post_raw("/api/check", "{bad")),
        (400, "bad_json")
    );
    assert_eq!(error_kind(&s.post_raw("/api/check", "")), (400, "bad_json"));
    assert_eq!(
        error_kind(&s.post("/api/check", &json!({ "rules": 5 }))),
        (400, "bad_request")
    );
    assert_eq!(
        error_kind(&s.post("/api/check", &json!({ "text": "x" }))),
        (400, "bad_request")
    );
    assert_eq!(
        error_kind(&s.post("/api/moves", &json!([1, 2]))),
        (400, "bad_request")
    );
    let huge = json!({ "rules": "#".repeat(10_000) });
    assert_eq!(error_kind(&s.post("/api/check", &huge)), (413, "too_large"));
    assert_eq!(error_kind(&s.get("/api/nothing")), (404, "not_found"));
    assert_eq!(
        error_kind(&s.get("/api/check")),
        (405, "method_not_allowed")
    );
    assert_eq!(error_kind(&s.get("/assets/nothing.js")), (404, "not_found"));
    // Rules that do not compile, where a game is needed.
    let broken = json!({ "rules": "board square 8x8\npiece" });
    let answer = s.post("/api/board", &broken);
    assert_eq!(error_kind(&answer), (400, "rules"));
    assert!(
        answer.1["error"]["diagnostics"][0]["code"].is_string(),
        "{}",
        answer.1
    );
    // Binary garbage and invalid UTF-8.
    let garbage = s
        .agent
        .post(s.url("/api/play"))
        .send(&[0xff_u8, 0xfe, 0x00, 0x7b][..])
        .expect("POST");
    assert_eq!(Server::answer(garbage).0, 400);
    s.alive();
}

#[test]
fn a_rules_text_over_the_compile_limit_is_refused() {
    let s = Server::start(&["--limit", "source-bytes=200"]);
    let (status, v) = s.post("/api/check", &json!({ "rules": chess() }));
    assert_eq!(status, 200);
    assert_eq!(v["ok"], false);
    assert_eq!(v["diagnostics"][0]["code"], "E0008", "{v}");
    assert_eq!(
        error_kind(&s.post("/api/moves", &json!({ "rules": chess() }))),
        (400, "rules")
    );
    let small = "board square 3x3\npiece King (K) { step any }";
    assert_eq!(
        s.post("/api/check", &json!({ "rules": small })).1["ok"],
        true
    );
}

#[test]
fn board_draws_every_topology_with_clickable_cells() {
    let s = Server::start(&[]);
    let (status, b) = s.post("/api/board", &json!({ "rules": chess() }));
    assert_eq!(status, 200);
    assert!(
        b["svg"].as_str().unwrap_or("").starts_with("<svg"),
        "an SVG"
    );
    assert_eq!(
        b["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(b["side"], "white");
    assert_eq!(b["legal"].as_array().map(Vec::len), Some(20));
    assert_eq!(b["result"], Value::Null);
    let cells = b["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 64);
    assert_eq!(cells[0]["name"], "a1");
    assert_eq!(cells[0]["points"].as_array().map(Vec::len), Some(4));
    let palette: Vec<&str> = b["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .filter_map(|p| p["white"].as_str())
        .collect();
    assert_eq!(palette, ["K", "Q", "R", "B", "N", "P"]);
    for (file, count, corners) in [
        ("glinski.rules", 91, 6),
        ("tri-zoo.rules", 0, 3),
        ("octo-zoo.rules", 0, 8),
        ("graph-chess.rules", 64, 0),
    ] {
        let (status, b) = s.post(
            "/api/board",
            &json!({ "rules": common::read(&format!("rules/{file}")) }),
        );
        assert_eq!(status, 200, "{file}: {b}");
        let cells = b["cells"].as_array().expect("cells");
        if count > 0 {
            assert_eq!(cells.len(), count, "{file}");
        }
        let most = cells
            .iter()
            .map(|c| c["points"].as_array().map_or(0, Vec::len))
            .max();
        assert_eq!(most, Some(corners), "{file}");
        if corners == 0 {
            assert!(
                cells.iter().all(|c| c["r"].as_f64().unwrap_or(0.0) > 1.0),
                "{file}: nodes"
            );
        }
    }
}

#[test]
fn board_edits_set_up_a_position_from_an_empty_board() {
    let s = Server::start(&[]);
    let (_, empty) = s.post("/api/board", &json!({ "rules": chess(), "empty": true }));
    assert_eq!(empty["fen"], "8/8/8/8/8/8/8/8 w - - 0 1");
    let fen = empty["fen"].clone();
    let place = |fen: &Value, cell: &str, piece: Value| {
        s.post(
            "/api/board",
            &json!({ "rules": chess(), "fen": fen, "place": { "cell": cell, "piece": piece } }),
        )
    };
    let (_, one) = place(&fen, "e1", json!("K"));
    let (_, two) = place(&one["fen"], "e8", json!("k"));
    let (_, three) = place(&two["fen"], "d4", json!("Queen"));
    assert_eq!(three["fen"], "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    assert_eq!(three["legal"].as_array().map(Vec::len), Some(5 + 27));
    let (_, removed) = place(&three["fen"], "d4", Value::Null);
    assert_eq!(removed["fen"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(error_kind(&place(&fen, "z9", json!("K"))), (400, "cell"));
    assert_eq!(
        error_kind(&place(&fen, "d4", json!("Dragon"))),
        (400, "piece")
    );
    let bad_fen =
        json!({ "rules": chess(), "fen": "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w" });
    assert_eq!(error_kind(&s.post("/api/board", &bad_fen)), (400, "fen"));
}

#[test]
fn moves_of_a_piece_come_with_its_paths() {
    let s = Server::start(&[]);
    let (status, m) = s.post("/api/moves", &json!({ "rules": chess(), "from": "g1" }));
    assert_eq!(status, 200);
    let targets: Vec<&str> = m["targets"]
        .as_array()
        .expect("targets")
        .iter()
        .filter_map(|t| t["uci"].as_str())
        .collect();
    assert_eq!(targets, ["g1f3", "g1h3"]);
    assert!(m["svg"]
        .as_str()
        .unwrap_or("")
        .contains("white Knight (N) on g1: 2 moves"));
    assert_eq!(m["cells"].as_array().map(Vec::len), Some(64));
    // A cannon's screen and capture, drawn as `show --from` draws them.
    let xiangqi = common::read("rules/xiangqi.rules");
    let (status, c) = s.post("/api/moves", &json!({ "rules": xiangqi, "from": "b3" }));
    assert_eq!(status, 200, "{c}");
    let svg = c["svg"].as_str().unwrap_or("");
    assert!(
        svg.contains("1 capture"),
        "the cannon takes the knight on b10 over the one on b8"
    );
    // Without `from`: only the legal moves.
    let (_, all) = s.post("/api/moves", &json!({ "rules": chess() }));
    assert!(all.get("svg").is_none());
    assert_eq!(all["legal"].as_array().map(Vec::len), Some(20));
    assert_eq!(
        error_kind(&s.post("/api/moves", &json!({ "rules": chess(), "from": "e4" }))),
        (400, "empty_cell")
    );
    assert_eq!(
        error_kind(&s.post("/api/moves", &json!({ "rules": chess(), "from": "j1" }))),
        (400, "cell")
    );
    let bad = json!({ "rules": chess(), "fen": "not a fen" });
    assert_eq!(error_kind(&s.post("/api/moves", &bad)), (400, "fen"));
}

#[test]
fn play_reaches_positions_and_the_end_of_the_game() {
    let s = Server::start(&[]);
    let (status, p) = s.post(
        "/api/play",
        &json!({ "rules": chess(), "moves": ["e2e4", "e7e5"] }),
    );
    assert_eq!(status, 200);
    assert_eq!(
        p["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(p["played"], 2);
    let fools = json!({ "rules": chess(), "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] });
    let (_, mate) = s.post("/api/play", &fools);
    assert_eq!(mate["in_check"], true);
    assert_eq!(mate["result"]["winner"], "black");
    assert_eq!(mate["result"]["reason"], "checkmate");
    assert_eq!(mate["legal"].as_array().map(Vec::len), Some(0));
    let illegal = s.post(
        "/api/play",
        &json!({ "rules": chess(), "moves": ["e2e4", "e2e4"] }),
    );
    assert_eq!(error_kind(&illegal), (400, "move"));
    assert_eq!(illegal.1["error"]["index"], 1);
    assert_eq!(
        illegal.1["error"]["legal"].as_array().map(Vec::len),
        Some(20)
    );
    // From a FEN.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (_, f) = s.post(
        "/api/play",
        &json!({ "rules": chess(), "fen": fen, "moves": ["e2e4"] }),
    );
    assert_eq!(f["fen"], "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

/// Polls a perft job until it leaves `running` (or a minute passes).
fn finished_job(s: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, job) = s.get(&format!("/api/perft/{id}"));
        assert_eq!(status, 200);
        if job["state"] != "running" || start.elapsed() > Duration::from_secs(60) {
            return job;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

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
    // File names in a text are looked up beside the file it came from: a graph board
    // beside the command-line file once it is there, the shipped one beside rules/.
    let graph = common::read("rules/graph-chess.rules");
    let mine = json!({ "rules": graph, "file": "file-0" });
    let missing = s.post("/api/board", &mine);
    assert_eq!(error_kind(&missing), (400, "rules"));
    assert_eq!(
        missing.1["error"]["diagnostics"][0]["code"], "E0107",
        "{}",
        missing.1
    );
    std::fs::create_dir_all(dir.join("boards")).expect("boards/");
    std::fs::copy(
        common::root().join("rules/boards/square8.json"),
        dir.join("boards/square8.json"),
    )
    .expect("copy");
    assert_eq!(s.post("/api/board", &mine).0, 200);
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
fn the_page_and_its_assets_are_served_from_the_binary() {
    let s = Server::start(&[]);
    let mut page = s.agent.get(s.url("/")).call().expect("GET /");
    assert_eq!(page.status().as_u16(), 200);
    let html = page.body_mut().read_to_string().expect("HTML");
    assert!(
        html.contains("<script type=\"module\" src=\"/assets/app.js\">"),
        "{html}"
    );
    for asset in [
        "app.js",
        "api.js",
        "editor.js",
        "board.js",
        "perft.js",
        "style.css",
    ] {
        let resp = s
            .agent
            .get(s.url(&format!("/assets/{asset}")))
            .call()
            .expect("GET");
        assert_eq!(resp.status().as_u16(), 200, "{asset}");
        let kind = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        assert!(kind.starts_with(if asset.ends_with(".js") {
            "text/javascript"
        } else {
            "text/css"
        }));
    }
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
                        let (status, v) = match i % 3 {
                            0 => s.post("/api/check", &json!({ "rules": rules })),
                            1 => s.post("/api/moves", &json!({ "rules": rules, "from": "b1" })),
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
