//! The `serve` check: bytes → one HTTP request to the playground, answered in process
//! ([`piecewise_serve::InProcess`]: the router, its handlers, limits and host checks,
//! without a socket). The bytes are read as a request's text: a first line `METHOD
//! TARGET`, header lines `Name: value` up to an empty line, then the body. Every
//! request must be answered without a panic, never with a 500 (`internal`: a handler
//! that failed), and every answer under `/api/` must be JSON, an error one naming its
//! kind and saying why. Shared by the fuzz target and `tests/suite/fuzz_regressions.rs`.
//!
//! The server is built once per process: no files of its own (so `PUT /api/file`
//! has nothing to save, and a rules text may name no graph file), the shipped
//! `rules/` directory to list and open, perft counts cut off after 200 ms.

use piecewise_serve::{InProcess, ServeConfig};
use std::sync::OnceLock;
use std::time::Duration;

fn server() -> &'static InProcess {
    static SERVER: OnceLock<InProcess> = OnceLock::new();
    SERVER.get_or_init(|| {
        let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        // The workspace root for the tests, fuzz/ for the fuzz target.
        let rules = [manifest.join("rules"), manifest.join("../rules")]
            .into_iter()
            .find(|p| p.join("chess.rules").is_file());
        let config = ServeConfig {
            base_dir: rules,
            perft_limit: Duration::from_millis(200),
            max_perft_depth: 6,
            workers: 2,
            ..ServeConfig::default()
        };
        InProcess::new(config).expect("a tokio runtime")
    })
}

/// A request: method, target, headers and body.
pub type Request = (String, String, Vec<(String, String)>, Vec<u8>);

/// The request the bytes stand for.
pub fn request(data: &[u8]) -> Result<Request, String> {
    let split = data
        .windows(2)
        .position(|w| w == b"\n\n")
        .map_or((data, &[][..]), |at| (&data[..at], &data[at + 2..]));
    let head = std::str::from_utf8(split.0).map_err(|e| format!("the head is not UTF-8: {e}"))?;
    let mut lines = head.lines();
    let first = lines.next().unwrap_or("");
    let (method, target) = first
        .split_once(' ')
        .ok_or_else(|| format!("no `METHOD TARGET` in the first line {first:?}"))?;
    let mut headers = Vec::new();
    for line in lines {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| format!("not a header line: {line:?}"))?;
        headers.push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok((
        method.to_string(),
        target.to_string(),
        headers,
        split.1.to_vec(),
    ))
}

/// The server's answer to the input's request: its status and body, or why the bytes
/// are no request.
pub fn answer(data: &[u8]) -> Result<(u16, Vec<u8>), String> {
    let (method, target, headers, body) = request(data)?;
    let headers: Vec<(&str, &str)> = headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    server().send(&method, &target, &headers, body)
}

/// Runs one input. `Err` says why the request was refused (by HTTP, or by the server
/// with a 4xx answer and its message).
pub fn run(data: &[u8]) -> Result<(), String> {
    let (method, target, _, _) = request(data)?;
    let (status, answer) = answer(data)?;
    assert!(
        status != 500,
        "{method} {target}: 500 {}",
        String::from_utf8_lossy(&answer)
    );
    let path = target.split('?').next().unwrap_or("");
    if !path.starts_with("/api/") || answer.is_empty() && status == 405 {
        return if status < 400 {
            Ok(())
        } else {
            Err(format!("{method} {target}: {status}"))
        };
    }
    let json: serde_json::Value = serde_json::from_slice(&answer).unwrap_or_else(|e| {
        panic!(
            "{method} {target}: {status}, not JSON ({e}): {}",
            String::from_utf8_lossy(&answer)
        )
    });
    if status < 400 {
        return Ok(());
    }
    let kind = json["error"]["kind"].as_str().unwrap_or("");
    let message = json["error"]["message"].as_str().unwrap_or("");
    assert!(
        !kind.is_empty() && !message.trim().is_empty(),
        "{method} {target}: {status} without a kind and a message: {json}"
    );
    Err(format!("{method} {target}: {status} {kind}: {message}"))
}
