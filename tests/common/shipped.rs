//! The shipped games with a position to play from, for the tests that play seeded
//! random games of every rules file (`distance`, `compact`).

use super::{rules_dir, Rng};
use piecewise::game::GamePosition;
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::Game;

/// The games of `rules/`, each with the position its playouts start from: the start
/// position, a Sokoban level, or (for movement-only files) a few random pieces that
/// are not royal, so that every move is legal.
pub fn shipped(rng: &mut Rng) -> Vec<(String, Game, GamePosition)> {
    let mut out = Vec::new();
    let mut names: Vec<String> = std::fs::read_dir(rules_dir())
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "rules").then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    names.sort();
    for name in names {
        let src = super::rules_source(&name);
        let level = ["sokoban", "hexoban", "trioban", "octoban"]
            .contains(&name.as_str())
            .then(|| {
                let file = if name == "sokoban" {
                    "sokoban-simple".to_string()
                } else {
                    format!("{name}-small")
                };
                super::read(&format!("rules/boards/{file}.txt"))
            });
        if let Some(text) = level {
            let size = piecewise::game::text_board::level_size(&text).unwrap();
            let game = Game::compile_fitted(&src, Some(&rules_dir()), Some(size)).unwrap();
            let pos = game.read_text_board(&text).unwrap();
            out.push((name, game, pos));
            continue;
        }
        let game = super::game(&name);
        let pos = match game.start_position() {
            Some(p) => p,
            None => random_position(&game, rng),
        };
        out.push((name, game, pos));
    }
    out
}

/// Up to 16 random non-royal pieces of both sides on random cells.
fn random_position(game: &Game, rng: &mut Rng) -> GamePosition {
    let mut pos = game.empty_position().unwrap();
    let kinds: Vec<PieceId> = (0..game.piece_count())
        .map(|k| PieceId(k as u8))
        .filter(|&k| !game.is_royal(k))
        .collect();
    for i in 0..16 {
        let c = CellId(rng.below(game.cell_count()) as u16);
        let side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let k = kinds[rng.below(kinds.len())];
        pos = game.with_piece(&pos, c, Some((side, k))).unwrap();
    }
    pos
}
