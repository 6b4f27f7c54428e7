//! `piecewise fmt`: the shipped rules files are in the canonical layout (`fmt --check`
//! passes on all of them), formatting is idempotent, and it never changes what a file
//! means: each shipped file, with its whitespace scrambled and declarations joined onto
//! shared lines, formats back to itself and compiles to the byte-identical move table.

use crate::common;

use common::cli::{run, stdout, temp};
use common::Rng;
use piecewise::format::format;
use std::path::PathBuf;

fn shipped() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(common::rules_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    assert!(files.len() > 30, "the shipped rules files: {}", files.len());
    files
}

#[test]
fn fmt_check_passes_on_every_shipped_file() {
    let files = shipped();
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    let out = run(&args);
    assert!(
        out.status.success(),
        "not formatted (run `piecewise fmt rules/*.rules`):\n{}",
        stdout(&out)
    );
    assert_eq!(stdout(&out), "");
}

#[test]
fn fmt_is_idempotent_on_every_shipped_file() {
    for path in shipped() {
        let source = std::fs::read_to_string(&path).unwrap();
        let once = format(&source).unwrap();
        assert_eq!(format(&once).unwrap(), once, "{}", path.display());
    }
}

/// `source` with the same words and comments, laid out badly: indentation and the
/// spaces between words changed at random, trailing spaces, tabs, blank lines doubled,
/// `\r\n` line ends, and consecutive one-line declarations joined onto one line.
fn scramble(source: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = Vec::new();
    for line in source.lines() {
        let column0 = !line.starts_with(' ');
        let joinable = |l: &str| {
            column0 && !l.is_empty() && !l.starts_with(' ') && !l.contains(['#', '{', '}', '"'])
        };
        let previous_joinable = lines.last().is_some_and(|l| joinable(l.as_str()));
        let mut out = " ".repeat(rng.below(6));
        let mut in_string = false;
        let mut in_comment = false;
        for c in line.trim_start().chars() {
            if c == '"' && !in_comment {
                in_string = !in_string;
            }
            if c == '#' && !in_string {
                in_comment = true;
            }
            if c == ' ' && !in_string && !in_comment {
                out.push_str(["  ", "\t", " \t ", " "][rng.below(4)]);
            } else {
                out.push(c);
            }
        }
        if rng.below(3) == 0 {
            out.push_str(" \t");
        }
        if previous_joinable && joinable(line) && rng.below(2) == 0 {
            let last = lines.last_mut().unwrap();
            last.push(' ');
            last.push_str(&out);
        } else {
            lines.push(out);
        }
        if line.is_empty() {
            lines.push(String::new());
        }
    }
    let mut text = String::from("\n\n");
    text.push_str(&lines.join("\r\n"));
    text.push_str("\n\n\n");
    text
}

#[test]
fn fmt_never_changes_meaning() {
    let mut rng = Rng(36);
    for path in shipped() {
        let name = path.display().to_string();
        let source = std::fs::read_to_string(&path).unwrap();
        let messy = scramble(&source, &mut rng);
        assert_ne!(messy, source);
        assert_eq!(format(&messy).unwrap(), source, "{name}: formats back");
        let base = Some(path.parent().unwrap());
        let table = |text: &str| {
            let rules = piecewise::compile_at(text, base)
                .unwrap_or_else(|d| panic!("{name} does not compile: {d:?}"));
            piecewise::table::to_bytes(rules.table().table())
        };
        assert!(
            table(&messy) == table(&source),
            "{name}: the scrambled file compiles to another table"
        );
    }
}

#[test]
fn fmt_rewrites_files_and_check_names_them() {
    let messy = temp(
        "fmt-messy.rules",
        b"board square 8x8 piece King (K) {\n step any   }\n",
    );
    let clean = temp("fmt-clean.rules", b"board square 8x8\n");
    let m = messy.to_str().unwrap();
    let c = clean.to_str().unwrap();
    let out = run(&["fmt", "--check", m, c]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).trim(), m);
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        "board square 8x8 piece King (K) {\n step any   }\n",
        "--check changes nothing"
    );
    let out = run(&["fmt", m, c]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        "board square 8x8\npiece King (K) {\n    step any\n}\n"
    );
    assert!(run(&["fmt", "--check", m, c]).status.success());
    // A file that does not parse is left alone, with its error.
    let broken = temp("fmt-broken.rules", b"piece King (K) { step any\n");
    let out = run(&["fmt", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(common::cli::stderr(&out).contains("does not parse"));
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "piece King (K) { step any\n"
    );
}
