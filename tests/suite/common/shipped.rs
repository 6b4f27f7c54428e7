//! The shipped games with a position to play from, for the tests that play seeded
//! random games of every rules file (`distance`, `compact`).

use super::{rules_dir, Rng};
use piecewise::game::GamePosition;
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::Game;

/// The games of `rules/`, each with the position its playouts start from: the start
/// position, a Sokoban level, or (for movement-only files and Croatian One) a royal per
/// side and a few random pieces.
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
        // Croatian One's start has some 3,900 moves, each judged by playing: its
        // playouts start from random pieces, as before it had a start position.
        let pos = match game.start_position() {
            Some(p) if name != "croatian-one" => p,
            _ => random_position(&game, rng),
        };
        out.push((name, game, pos));
    }
    out
}

/// One royal of each side (if the game has a royal kind: a side without one has no
/// moves in a game whose royals can be taken, such as one with activation or effects)
/// and up to 16 random non-royal pieces of both sides (no neutral kinds), each on an
/// empty random cell.
fn random_position(game: &Game, rng: &mut Rng) -> GamePosition {
    let mut pos = game.empty_position().unwrap();
    let (royals, kinds): (Vec<PieceId>, Vec<PieceId>) = (0..game.piece_count())
        .map(|k| PieceId(k as u8))
        .filter(|&k| !game.is_neutral(k))
        .partition(|&k| game.is_royal(k));
    let sides = |i: usize| {
        if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        }
    };
    let placed: Vec<(Side, PieceId)> = royals
        .first()
        .map(|&r| vec![(Side::First, r), (Side::Second, r)])
        .unwrap_or_default()
        .into_iter()
        .chain((0..16).map(|i| (sides(i), kinds[rng.below(kinds.len())])))
        .collect();
    for (side, k) in placed {
        let c = CellId(rng.below(game.cell_count()) as u16);
        if pos.occupant(c).is_empty() {
            pos = game.with_piece(&pos, c, Some((side, k))).unwrap();
        }
    }
    pos
}
