//! The declared special rules on hand-made positions: castling, en passant, promotion,
//! drops, palace and flying general, Grand's promotion to captured pieces.
//!
//! Each file in tests/data/special/ holds cases `variant | FEN | sorted legal moves`,
//! the expected moves taken from Fairy-Stockfish (pyffish) for that exact FEN; comment
//! lines (`#`) say what a case checks. Every case compares the whole legal move list of
//! `rules/<variant>.rules`, so a missing or extra move anywhere fails.

use crate::common;

use piecewise::Game;
use std::collections::HashMap;

fn check_file(name: &str) {
    let text = common::read(&format!("tests/data/special/{name}"));
    let mut games: HashMap<String, Game> = HashMap::new();
    let mut cases = 0;
    let mut failures = Vec::new();
    for row in common::data_rows(&text) {
        let (n, comment, f) = (row.index, row.comment, row.fields);
        assert_eq!(
            f.len(),
            3,
            "{name}:{}: expected `variant | FEN | moves`",
            n + 1
        );
        let game = games
            .entry(f[0].to_string())
            .or_insert_with(|| common::game(f[0]));
        let pos = game
            .position(f[1])
            .unwrap_or_else(|e| panic!("{name}:{}: {e}", n + 1));
        let got = game.legal_uci(&pos);
        let mut want: Vec<String> = f[2].split_whitespace().map(String::from).collect();
        want.sort();
        if got != want {
            let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
            let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
            failures.push(format!(
                "{name}:{} ({comment}) {} {}: missing {missing:?}, extra {extra:?}",
                n + 1,
                f[0],
                f[1]
            ));
        }
        cases += 1;
    }
    assert!(cases > 0, "{name} has no cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn castling_capablanca() {
    check_file("castling_capablanca.txt");
}

#[test]
fn castling_chess() {
    check_file("castling_chess.txt");
}

#[test]
fn castling_crazyhouse() {
    check_file("castling_crazyhouse.txt");
}

#[test]
fn crazyhouse_drops() {
    check_file("crazyhouse_drops.txt");
}

#[test]
fn en_passant() {
    check_file("en_passant.txt");
}

#[test]
fn grand_promotion() {
    check_file("grand_promotion.txt");
}

#[test]
fn minishogi() {
    check_file("minishogi.txt");
}

#[test]
fn promotion() {
    check_file("promotion.txt");
}

#[test]
fn shogi_drops() {
    check_file("shogi_drops.txt");
}

#[test]
fn shogi_promotion() {
    check_file("shogi_promotion.txt");
}

#[test]
fn xiangqi() {
    check_file("xiangqi.txt");
}

#[test]
fn all_special_rule_files_are_tested() {
    let dir = common::root().join("tests/data/special");
    let src = include_str!("special_rules.rs");
    for e in std::fs::read_dir(dir).expect("tests/data/special") {
        let name = e.expect("entry").file_name().to_string_lossy().into_owned();
        if name.ends_with(".txt") {
            assert!(
                src.contains(&format!("\"{name}\"")),
                "{name} has no test in special_rules.rs"
            );
        }
    }
}
