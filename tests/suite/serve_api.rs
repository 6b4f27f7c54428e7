//! The playground's JSON API over HTTP (`piecewise serve`, docs/serve.md), part one:
//! check, board, moves, play, the page, and bad input. Each test starts the binary on a
//! free port (`--port 0`, the address read from its first line), talks to it with a
//! real HTTP client (`serve_support`), and stops it. Bad input covered here: malformed
//! JSON, a body over the limit, the wrong shape, bad rules, a text over the compile
//! limit, a bad FEN, an unknown cell or piece, an empty cell, an illegal move; after
//! them the server must still answer. Perft, files and many clients at once are in
//! `serve_jobs.rs`.

#![cfg(feature = "serve")]

use crate::common;
use crate::serve_support;

use serde_json::{json, Value};
use serve_support::{chess, error_kind, Server};

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
    // A request under another name (DNS rebinding) is refused.
    let rebound = s
        .agent
        .get(s.url("/api/rules"))
        .header("Host", "evil.example:8080")
        .call()
        .expect("GET");
    assert_eq!(error_kind(&Server::answer(rebound)), (403, "host"));
    // A request a browser sends from a page of another site is refused; from the
    // server's own page it is not.
    let foreign = s
        .agent
        .post(s.url("/api/perft"))
        .header("Origin", "https://evil.example")
        .header("content-type", "text/plain")
        .send(r#"{"rules": "board square 3x3", "depth": 1}"#)
        .expect("POST");
    assert_eq!(error_kind(&Server::answer(foreign)), (403, "origin"));
    let own = s
        .agent
        .post(s.url("/api/check"))
        .header("Origin", &s.base)
        .send_json(json!({ "rules": chess() }))
        .expect("POST");
    assert_eq!(Server::answer(own).0, 200);
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
    // Too many moves for one request.
    let many = vec!["e2e4"; 5_001];
    let refused = s.post("/api/play", &json!({ "rules": chess(), "moves": many }));
    assert_eq!(error_kind(&refused), (400, "limit"));
    // From a FEN.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (_, f) = s.post(
        "/api/play",
        &json!({ "rules": chess(), "fen": fen, "moves": ["e2e4"] }),
    );
    assert_eq!(f["fen"], "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
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
fn sokoban_levels_are_played_on_a_board_of_their_size() {
    let s = Server::start(&[]);
    let (_, list) = s.get("/api/rules");
    let levels: Vec<&str> = list["levels"]
        .as_array()
        .expect("levels")
        .iter()
        .filter_map(|l| l["id"].as_str())
        .collect();
    assert!(
        levels.contains(&"sokoban-tiny.txt") && levels.contains(&"hexoban-small.txt"),
        "{levels:?}"
    );
    let (status, tiny) = s.get("/api/levels/sokoban-tiny.txt");
    assert_eq!(status, 200);
    let level = tiny["text"].as_str().expect("text").to_string();
    assert_eq!(level, common::read("rules/boards/sokoban-tiny.txt"));
    let rules = common::read("rules/sokoban.rules");
    let (status, b) = s.post("/api/board", &json!({ "rules": rules, "level": level }));
    assert_eq!(status, 200, "{b}");
    assert_eq!(
        b["cells"].as_array().map(Vec::len),
        Some(15),
        "cut to the level's 5 x 3"
    );
    assert_eq!(b["legal"], json!(["b2c2"]));
    assert_eq!(b["level"], "#####\n#@$.#\n#####\n");
    assert_eq!(b["sokoban"], true);
    let (_, m) = s.post(
        "/api/moves",
        &json!({ "rules": rules, "level": level, "from": "b2" }),
    );
    assert!(
        m["svg"].as_str().unwrap_or("").contains("1 push"),
        "{}",
        m["svg"]
    );
    let (_, p) = s.post(
        "/api/play",
        &json!({ "rules": rules, "level": level, "moves": ["b2c2"] }),
    );
    assert_eq!(p["result"]["reason"], "solved");
    assert_eq!(p["level"], "#####\n# @*#\n#####\n");
    let (_, perft) = s.post(
        "/api/perft",
        &json!({ "rules": rules, "level": level, "depth": 1, "wait": true }),
    );
    assert_eq!(perft["nodes"], 1);
    let bad = json!({ "rules": rules, "level": "#x@#" });
    assert_eq!(error_kind(&s.post("/api/board", &bad)), (400, "level"));
    let chess_level = json!({ "rules": chess(), "level": level });
    assert_eq!(
        error_kind(&s.post("/api/moves", &chess_level)),
        (400, "level")
    );
    assert_eq!(
        error_kind(&s.get("/api/levels/nothing.txt")),
        (404, "not_found")
    );
}
