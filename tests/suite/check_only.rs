//! `Game::check_limited` (what `piecewise check` and `compile` run): the rules and
//! game declarations read as `Game::compile_limited` reads them — the same
//! diagnostics, the same table — without the structures of play.

use crate::common;

use piecewise::diagnostics::Diagnostics;
use piecewise::pipeline::Limits;
use piecewise::Game;

/// (code, span start, span end, message) of every diagnostic.
fn summary(d: &Diagnostics) -> Vec<(String, u32, u32, String)> {
    d.0.iter()
        .map(|x| {
            let s = x.primary.span;
            (x.code.to_string(), s.start, s.end, x.message.clone())
        })
        .collect()
}

fn agree(name: &str, src: &str) {
    let base = common::rules_dir();
    let limits = Limits::default();
    let full = Game::compile_limited(src, Some(&base), None, &limits);
    let checked = Game::check_limited(src, Some(&base), &limits);
    match (full, checked) {
        (Ok(game), Ok(rules)) => {
            assert_eq!(
                summary(rules.warnings()),
                summary(game.rules().warnings()),
                "{name}"
            );
            assert_eq!(
                rules.table().table(),
                game.rules().table().table(),
                "{name}"
            );
        }
        (Err(a), Err(b)) => assert_eq!(summary(&b), summary(&a), "{name}"),
        (a, b) => panic!(
            "{name}: compile {} but check {}",
            if a.is_ok() { "succeeds" } else { "fails" },
            if b.is_ok() { "succeeds" } else { "fails" }
        ),
    }
}

#[test]
fn every_shipped_file_checks_as_it_compiles() {
    for entry in std::fs::read_dir(common::rules_dir()).expect("rules/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "rules") {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            agree(&name, &common::rules_source(&name));
        }
    }
}

#[test]
fn declaration_errors_are_found_without_the_structures_of_play() {
    let chess = common::rules_source("chess");
    // A start position that is not FEN (E0950), an unknown royal piece.
    let bad_start = chess.replacen("start \"", "start \"x", 1);
    assert_ne!(bad_start, chess);
    agree("bad start", &bad_start);
    let Err(d) = Game::check_limited(&bad_start, None, &Limits::default()) else {
        panic!("a start position that is not FEN is refused (E0950)");
    };
    assert!(d.0.iter().any(|x| x.code == "E0950"), "{:?}", summary(&d));
    agree("bad royal", &chess.replacen("royal King", "royal Kong", 1));
}
