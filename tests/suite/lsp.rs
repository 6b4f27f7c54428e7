//! `piecewise lsp`, spoken to over stdio as an editor does: diagnostics on open and on
//! change (exactly the checker's, with ranges in UTF-16 columns), hover, definition,
//! completion, symbols and formatting on a fixture, and bad input (a 5 MB document,
//! positions outside the text, documents never opened, unknown methods) answered with
//! errors while the server stays up.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long a test waits for one message before it fails (a hang is a failure, not a
/// stuck test run).
const WAIT: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_piecewise"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("Content-Length")];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                if tx
                    .send(serde_json::from_slice(&body).expect("JSON"))
                    .is_err()
                {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 1,
        };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        assert!(
            init["result"]["capabilities"]["hoverProvider"] == json!(true),
            "{init}"
        );
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Value) {
        let body = serde_json::to_vec(&message).unwrap();
        write!(self.stdin, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.stdin.write_all(&body).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns its response (skipping notifications).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self
                .messages
                .recv_timeout(WAIT)
                .expect("a response in time");
            if m["id"] == json!(id) {
                return m;
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = self
                .messages
                .recv_timeout(WAIT)
                .expect("diagnostics in time");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "piecewise", "version": 1, "text": text } }),
        );
        self.diagnostics(uri)
    }

    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }

    fn stop(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert_eq!(r["result"], Value::Null, "{r}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
    }
}

/// The (line, UTF-16 column) of byte `offset`, counted here independently of the
/// server.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let character: usize = before[start..].encode_utf16().count();
    json!({ "line": line, "character": character })
}

/// The (line, column) of the `n`th occurrence of `needle`, plus `plus` columns.
fn find(text: &str, needle: &str, n: usize, plus: u32) -> (u32, u32) {
    let offset = text.match_indices(needle).nth(n).expect(needle).0;
    let p = position(text, offset);
    (
        p["line"].as_u64().unwrap() as u32,
        p["character"].as_u64().unwrap() as u32 + plus,
    )
}

/// Three errors: a rank off the board after a string of astral characters (UTF-16
/// columns differ from characters and bytes there), a letter used twice, an unknown
/// piece in `like`.
const THREE_ERRORS: &str = "board square 8x8 game \"😀 Tëst\" zone far = rank 99\npiece King (K) { step any, from far }\npiece Kong (K) { step any }\npiece Queen (Q) { like Qeen }\n";

#[test]
fn diagnostics_are_the_checkers_with_their_ranges() {
    let expected = match piecewise::Game::check_limited(
        THREE_ERRORS,
        None,
        &piecewise::pipeline::Limits::default(),
    ) {
        Ok(_) => panic!("the fixture has errors"),
        Err(d) => d,
    };
    assert_eq!(expected.error_count(), 3, "{expected:?}");
    let mut client = Client::start();
    let got = client.open("file:///fixture/three.rules", THREE_ERRORS);
    assert_eq!(got.len(), 3, "{got:?}");
    for (d, e) in got.iter().zip(expected.iter()) {
        assert_eq!(d["code"], e.code);
        assert_eq!(d["severity"], 1);
        assert_eq!(d["source"], "piecewise");
        assert!(
            d["message"].as_str().unwrap().starts_with(&e.message),
            "{d}"
        );
        if let Some(help) = &e.help {
            assert!(
                d["message"].as_str().unwrap().contains(help.as_str()),
                "{d}"
            );
        }
        assert_eq!(
            d["range"]["start"],
            position(THREE_ERRORS, e.primary.span.start as usize)
        );
        assert_eq!(
            d["range"]["end"],
            position(THREE_ERRORS, e.primary.span.end as usize)
        );
    }
    // The 99 is past the emoji: its column counts the emoji as two UTF-16 units.
    let rank = got.iter().find(|d| d["code"] == "E0202").unwrap();
    assert_eq!(
        rank["range"]["start"],
        json!({ "line": 0, "character": 48 })
    );

    // A change that fixes the unknown piece clears that error only.
    let fixed = THREE_ERRORS.replace("like Qeen", "like King");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": "file:///fixture/three.rules", "version": 2 },
                "contentChanges": [ { "text": fixed } ] }),
    );
    let after = client.diagnostics("file:///fixture/three.rules");
    assert_eq!(after.len(), 2, "{after:?}");
    assert!(after.iter().all(|d| d["code"] != "E0304"), "{after:?}");
    // All fixed: no diagnostics.
    let clean = fixed
        .replace("rank 99", "rank 8")
        .replace("Kong (K)", "Kong (G)");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": "file:///fixture/three.rules", "version": 3 },
                "contentChanges": [ { "text": clean } ] }),
    );
    assert_eq!(
        client.diagnostics("file:///fixture/three.rules"),
        Vec::<Value>::new()
    );
    client.stop();
}

const FIXTURE: &str = "game \"Fixture\"\nboard square 8x8\nzone far = rank 8\ntag rush (^) for Pawn\nroyal King\n\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\npiece Pawn (P) {\n    step forward, move only\n    ride forward 2, move only, tagged rush\n}\npiece Chancellor (C) {\n    like Rook\n    leap (1,2)\n}\npromotion Pawn to Rook | Chancellor in far\n";
const URI: &str = "file:///fixture/fixture.rules";

#[test]
fn hover_definition_completion_symbols_formatting() {
    let mut client = Client::start();
    assert_eq!(client.open(URI, FIXTURE), Vec::<Value>::new());

    // Hover on a piece: its patterns with `like` expanded, Betza, moves from the centre.
    let (l, c) = find(FIXTURE, "Chancellor in", 0, 3);
    let h = client.at("textDocument/hover", URI, l, c);
    let text = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(text.contains("ride orthogonal\nleap (1,2)\n"), "{text}");
    assert!(text.contains("Betza: `"), "{text}");
    // From d4 (or the cell the server takes as the centre): 14 rook moves + 8 leaps.
    assert!(text.contains("22 moves from"), "{text}");
    assert_eq!(
        h["result"]["range"]["start"],
        json!({ "line": l, "character": c - 3 })
    );

    // Hover on a keyword: the language reference's entry.
    let (l, c) = find(FIXTURE, "promotion", 0, 2);
    let h = client.at("textDocument/hover", URI, l, c);
    let text = h["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("promotion Pieces to Choices in ZONE"),
        "{text}"
    );

    // Definition: `like Rook` → the Rook's declaration; `tagged rush` → the tag; `in far`
    // → the zone.
    for (needle, nth, target) in [
        ("Rook", 1, "piece Rook"),
        ("rush", 1, "tag rush"),
        ("far", 1, "zone far"),
    ] {
        let (l, c) = find(FIXTURE, needle, nth, 1);
        let d = client.at("textDocument/definition", URI, l, c);
        let (tl, tc) = find(FIXTURE, target, 0, target.find(' ').unwrap() as u32 + 1);
        assert_eq!(d["result"]["uri"], URI, "{d}");
        assert_eq!(
            d["result"]["range"]["start"],
            json!({ "line": tl, "character": tc }),
            "{needle}: {d}"
        );
    }
    // No definition on a keyword.
    let (l, c) = find(FIXTURE, "ride", 0, 1);
    assert_eq!(
        client.at("textDocument/definition", URI, l, c)["result"],
        Value::Null
    );

    // Completion after `like ` in a body: the movers are not valid there, the pieces are.
    let edited = FIXTURE.replace("    like Rook\n", "    like \n");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [ { "text": edited } ] }),
    );
    client.diagnostics(URI);
    let (l, c) = find(&edited, "like ", 0, 5);
    let items = client.at("textDocument/completion", URI, l, c)["result"].clone();
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for name in ["King", "Rook", "Pawn", "Chancellor"] {
        assert!(labels.contains(&name), "{labels:?}");
    }
    assert!(
        !labels.contains(&"far") && !labels.contains(&"step"),
        "{labels:?}"
    );
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 3 }, "contentChanges": [ { "text": FIXTURE } ] }),
    );
    client.diagnostics(URI);

    // At the start of a pattern line: the movers, and no declaration keywords.
    let (l, _) = find(FIXTURE, "ride forward 2", 0, 0);
    let items = client.at("textDocument/completion", URI, l, 4)["result"].clone();
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for word in ["step", "leap", "ride", "like"] {
        assert!(labels.contains(&word), "{labels:?}");
    }
    assert!(!labels.contains(&"zone"), "{labels:?}");
    // Symbols: the declarations, pieces with their patterns.
    let s = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let symbols = s["result"].as_array().unwrap();
    let names: Vec<&str> = symbols
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Fixture",
            "board square",
            "far",
            "rush",
            "royal King",
            "King",
            "Rook",
            "Pawn",
            "Chancellor",
            "promotion Pawn to Rook | Chancellor in far"
        ]
    );
    let pawn = &symbols[7];
    assert_eq!(pawn["children"].as_array().unwrap().len(), 2);
    let (l, c) = find(FIXTURE, "Pawn (P)", 0, 0);
    assert_eq!(
        pawn["selectionRange"]["start"],
        json!({ "line": l, "character": c })
    );

    // Formatting: one edit to the canonical layout; none for a formatted text.
    let f = client.request("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }));
    assert_eq!(f["result"], json!([]), "{f}");
    let messy = FIXTURE.replace("    step forward", "step   forward");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 4 }, "contentChanges": [ { "text": messy } ] }),
    );
    client.diagnostics(URI);
    let f = client.request("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }));
    assert_eq!(f["result"][0]["newText"], FIXTURE, "{f}");
    client.stop();
}

#[test]
fn bad_input_gets_errors_and_the_server_stays_up() {
    let mut client = Client::start();
    // A 5 MB document: the checker's size error, at once.
    let big = "# padding\n".repeat(500_000);
    let diags = client.open("file:///fixture/big.rules", &big);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["code"], "E0008");
    assert_eq!(
        client.at("textDocument/hover", "file:///fixture/big.rules", 10, 3)["result"],
        Value::Null
    );
    client.open(URI, FIXTURE);
    // Positions outside the text: error responses that say so.
    for (line, character) in [(1000, 0), (1, 500), (0, u32::MAX)] {
        let r = client.at("textDocument/hover", URI, line, character);
        assert_eq!(r["error"]["code"], -32602, "{r}");
        assert!(
            r["error"]["message"]
                .as_str()
                .unwrap()
                .contains("invalid position"),
            "{r}"
        );
    }
    // Inside a surrogate pair.
    client.open("file:///fixture/emoji.rules", "game \"😀\"\n");
    let r = client.at(
        "textDocument/completion",
        "file:///fixture/emoji.rules",
        0,
        7,
    );
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // A document never opened, and one closed.
    let r = client.at("textDocument/definition", "file:///nowhere.rules", 0, 0);
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown document"),
        "{r}"
    );
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": "file:///fixture/emoji.rules" } }),
    );
    assert_eq!(
        client.diagnostics("file:///fixture/emoji.rules"),
        Vec::<Value>::new()
    );
    let r = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": "file:///fixture/emoji.rules" } }),
    );
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // Malformed parameters and an unknown method.
    let r = client.request("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    let r = client.request("piecewise/unknown", json!({}));
    assert_eq!(r["error"]["code"], -32601, "{r}");
    // Still up: a good request is answered.
    let (l, c) = find(FIXTURE, "Rook", 1, 1);
    let d = client.at("textDocument/definition", URI, l, c);
    assert!(d["result"]["range"].is_object(), "{d}");
    client.stop();
}

#[test]
fn the_embedded_language_reference_is_docs_language_md() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = std::fs::read_to_string(root.join("docs/language.md")).unwrap();
    assert!(
        piecewise_lsp::reference::LANGUAGE_MD == docs,
        "crates/lsp/reference/language.md differs from docs/language.md: copy it (cp docs/language.md crates/lsp/reference/)"
    );
}
