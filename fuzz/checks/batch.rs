//! The `batch` check: any bytes as one line of the batch protocol of `piecewise moves
//! --batch` / `play --batch` (`FEN [moves M...]`) for a shipped game (the first byte
//! picks one), through the library calls the command line makes: the game's FEN reader,
//! the position's warnings, its legal moves, the moves parsed and played, and the
//! movement-only reader of `tree` and `moves --pseudo`. A FEN that reads writes back to
//! a FEN that reads as the same position; every legal move's text parses back to it;
//! make and unmake restore the position. Shared by the fuzz target and
//! `tests/suite/fuzz_regressions.rs`.

use std::sync::OnceLock;

const RULES: [&str; 6] = [
    include_str!("../../rules/chess.rules"),
    include_str!("../../rules/shogi.rules"),
    include_str!("../../rules/xiangqi.rules"),
    include_str!("../../rules/crazyhouse.rules"),
    include_str!("../../rules/grand.rules"),
    include_str!("../../rules/makruk.rules"),
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

/// Runs one input. `Err` carries the reason a line is refused.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Some((&pick, rest)) = data.split_first() else {
        return Err("no picker byte".into());
    };
    let line = std::str::from_utf8(rest).map_err(|_| "not UTF-8".to_string())?;
    let game = &games()[pick as usize % RULES.len()];
    let (fen, moves) = match line.split_once(" moves") {
        Some((fen, moves)) => (fen.trim(), moves.split_whitespace().collect::<Vec<_>>()),
        None => (line.trim(), Vec::new()),
    };
    // The movement-only reader takes what the game's reader takes (and maybe more).
    let movement = game.rules().position(fen);
    let mut pos = match game.position(fen) {
        Ok(pos) => pos,
        Err(e) => {
            assert!(!e.message().is_empty());
            return Err(e.to_string());
        }
    };
    assert!(movement.is_ok(), "movement-only reader refuses {fen:?}");
    let _ = game.position_warnings(&pos);
    let written = game.fen(&pos);
    let again = game
        .position(&written)
        .unwrap_or_else(|e| panic!("written FEN {written:?} does not read: {e}"));
    assert_eq!(game.fen(&again), written, "FEN round trip of {fen:?}");
    // Bound the work per input: a few plies.
    for text in moves.iter().take(8) {
        let legal = game.legal_moves(&pos);
        for (m, uci) in legal.iter().zip(game.uci_list(&legal)) {
            let back = game.parse_uci(&pos, &uci);
            assert!(back.is_some(), "{uci} does not parse back in {written}");
            let before = game.fen(&pos);
            let undo = game.make(&mut pos, m);
            game.unmake(&mut pos, undo);
            assert_eq!(game.fen(&pos), before, "make/unmake {uci}");
        }
        let Some(m) = game.parse_uci(&pos, text) else {
            return Err(format!("move `{text}` is not legal"));
        };
        game.make(&mut pos, &m);
    }
    Ok(())
}
