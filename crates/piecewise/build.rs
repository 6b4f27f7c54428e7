//! Embeds the shipped games (`rules/*.rules`, the repository's top-level rules files)
//! into the library as the catalogue `piecewise::catalogue` serves by name.
//!
//! For each file it writes one entry: the name (the file's stem, which for a game
//! Fairy-Stockfish knows is Fairy-Stockfish's name of it), the summary (the first
//! sentence of the file's leading comment block), the Fairy-Stockfish variant the header
//! says it is (`as Fairy-Stockfish's variant "NAME"`), and the text (`include_str!`).
//! A file that reads another file (`board graph "FILE"`) is left out: the catalogue's
//! games are self-contained.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("rules");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut entries = Vec::new();
    if let Ok(read) = std::fs::read_dir(&dir) {
        for entry in read.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("rules") {
                continue;
            }
            let Some(name) = path.file_stem().and_then(|s| s.to_str()).map(String::from) else {
                continue;
            };
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if text
                .lines()
                .any(|l| l.trim_start().starts_with("board graph"))
            {
                continue;
            }
            let path = path.canonicalize().unwrap_or(path);
            entries.push((name, header_summary(&text), fsf_name(&text), path));
        }
    }
    entries.sort();
    let mut out = String::from("&[\n");
    for (name, summary, fsf, path) in entries {
        let fsf = match fsf {
            Some(f) => format!("Some({f:?})"),
            None => "None".into(),
        };
        let _ = writeln!(
            out,
            "    Variant {{ name: {name:?}, summary: {summary:?}, fairy_stockfish: {fsf}, \
             source: include_str!({:?}) }},",
            path.display().to_string()
        );
    }
    out.push(']');
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogue.rs");
    std::fs::write(target, out).unwrap();
}

/// The leading comment block's text, its lines joined with spaces.
fn header(text: &str) -> String {
    let mut words = Vec::new();
    for line in text.lines() {
        let Some(comment) = line.trim_start().strip_prefix('#') else {
            break;
        };
        let comment = comment.trim();
        if comment.is_empty() {
            break; // the first paragraph only
        }
        words.push(comment);
    }
    words.join(" ")
}

/// The header's first sentence: up to the first `.` followed by a space or the end
/// (so that `8x8` or `e.g.`-free abbreviations inside do not cut it short).
fn header_summary(text: &str) -> String {
    let h = header(text);
    let bytes = h.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'.' && (i + 1 == bytes.len() || bytes[i + 1] == b' ') {
            return h[..=i].to_string();
        }
    }
    h
}

/// The Fairy-Stockfish variant the header names: `Fairy-Stockfish's variant "NAME"`.
fn fsf_name(text: &str) -> Option<String> {
    let h = header(text);
    let key = "Fairy-Stockfish's variant \"";
    let at = h.find(key)? + key.len();
    let end = h[at..].find('"')?;
    Some(h[at..at + end].to_string())
}
