//! The language server's diagnostics latency: how long from a change of a document to
//! the diagnostics published for it, for the largest shipped rules file (by bytes),
//! through the protocol (`piecewise_lsp::run` over an in-memory connection: the JSON
//! of the messages, the checker, the conversion to UTF-16 ranges). Each round sends a
//! `didChange` with a different text (a comment line appended, so that nothing can be
//! cached) and waits for its `publishDiagnostics`. Also the checker alone on the same
//! text. Not a criterion bench: median and worst of `ROUNDS`, printed; the target is
//! 50 ms (issue 36). Run with `cargo bench -p piecewise-benches --bench lsp`.

use lsp_server::{Connection, Message, Notification, Request};
use serde_json::json;
use std::time::{Duration, Instant};

const ROUNDS: usize = 40;

fn largest_rules_file() -> (String, String) {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules"));
    let mut files: Vec<(u64, std::path::PathBuf)> = std::fs::read_dir(dir)
        .expect("rules/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .map(|p| (std::fs::metadata(&p).expect("size").len(), p))
        .collect();
    files.sort();
    let (_, path) = files.pop().expect("a rules file");
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    (name, std::fs::read_to_string(&path).expect("read"))
}

fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    format!(
        "median {:.2} ms, worst {:.2} ms, best {:.2} ms",
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3
    )
}

fn main() {
    let (name, text) = largest_rules_file();
    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || piecewise_lsp::run(&server));
    client
        .sender
        .send(Message::Request(Request::new(
            1.into(),
            "initialize".into(),
            json!({ "capabilities": {} }),
        )))
        .unwrap();
    loop {
        if let Message::Response(_) = client.receiver.recv().unwrap() {
            break;
        }
    }
    client
        .sender
        .send(Message::Notification(Notification::new(
            "initialized".into(),
            json!({}),
        )))
        .unwrap();
    let uri = format!("file:///bench/{name}");
    let wait_for_diagnostics = |client: &Connection| loop {
        if let Message::Notification(n) = client.receiver.recv().unwrap() {
            if n.method == "textDocument/publishDiagnostics" {
                let diags = n.params["diagnostics"].as_array().unwrap().clone();
                return diags.iter().filter(|d| d["severity"] == 1).count();
            }
        }
    };
    client
        .sender
        .send(Message::Notification(Notification::new(
            "textDocument/didOpen".into(),
            json!({ "textDocument": { "uri": uri, "languageId": "piecewise", "version": 1, "text": text } }),
        )))
        .unwrap();
    let count = wait_for_diagnostics(&client);
    assert_eq!(count, 0, "{name} has errors");

    let mut round_trips = Vec::new();
    for round in 0..ROUNDS {
        let changed = format!("{text}# change {round}\n");
        let start = Instant::now();
        client
            .sender
            .send(Message::Notification(Notification::new(
                "textDocument/didChange".into(),
                json!({ "textDocument": { "uri": uri, "version": round + 2 },
                        "contentChanges": [ { "text": changed } ] }),
            )))
            .unwrap();
        wait_for_diagnostics(&client);
        round_trips.push(start.elapsed());
    }
    let mut checker = Vec::new();
    for round in 0..ROUNDS {
        let changed = format!("{text}# change {round}\n");
        let start = Instant::now();
        std::hint::black_box(piecewise_lsp::analysis::check(&changed, None));
        checker.push(start.elapsed());
    }
    client
        .sender
        .send(Message::Request(Request::new(
            2.into(),
            "shutdown".into(),
            serde_json::Value::Null,
        )))
        .unwrap();
    client
        .sender
        .send(Message::Notification(Notification::new(
            "exit".into(),
            serde_json::Value::Null,
        )))
        .unwrap();
    thread.join().unwrap().unwrap();

    println!(
        "{name} ({} bytes, {} lines), {ROUNDS} rounds:",
        text.len(),
        text.lines().count()
    );
    println!(
        "  didChange -> publishDiagnostics: {}",
        summary(round_trips)
    );
    println!("  checker alone (analysis::check):  {}", summary(checker));
}
