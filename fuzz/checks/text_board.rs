//! The `text_board` check: any text as a Sokoban text board for the four Sokoban-family
//! rules files (the first byte picks one) — reading returns a position or an error with
//! a place; a position writes back to a board that reads as the same position, and its
//! moves make and unmake back to it. Shared by the fuzz target and
//! `tests/suite/fuzz_regressions.rs`.

use std::sync::OnceLock;

const RULES: [&str; 4] = [
    include_str!("../../rules/sokoban.rules"),
    include_str!("../../rules/hexoban.rules"),
    include_str!("../../rules/trioban.rules"),
    include_str!("../../rules/octoban.rules"),
];

fn games() -> &'static Vec<piecewise::Game> {
    static GAMES: OnceLock<Vec<piecewise::Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        RULES
            .iter()
            .map(|r| piecewise::Game::compile(r).expect("shipped rules compile"))
            .collect()
    })
}

/// Runs one input. `Err` carries the reader's error text.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Some((&pick, rest)) = data.split_first() else {
        return Err("no picker byte".into());
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return Err("not UTF-8".into());
    };
    let game = &games()[pick as usize % 4];
    let mut pos = match game.read_text_board(text) {
        Ok(p) => p,
        Err(e) => {
            assert!(!e.message().is_empty());
            return Err(e.to_string());
        }
    };
    let written = game.text_board(&pos).expect("sokoban roles");
    let again = game
        .read_text_board(&written)
        .expect("a written board reads");
    assert!(again == pos, "round trip");
    let moves = game.legal_moves(&pos);
    assert_eq!(game.uci_list(&moves).len(), moves.len());
    for m in &moves {
        let undo = game.make(&mut pos, m);
        let _ = game.text_board(&pos);
        game.unmake(&mut pos, undo);
    }
    assert!(pos == again, "make/unmake");
    let _ = game.perft(&pos, 2);
    Ok(())
}
