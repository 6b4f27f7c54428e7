//! `piecewise perft`: the number of leaf nodes of the legal move tree to a depth, with
//! `--divide` first one `move: count` line per legal move (sorted) and a blank line.

use crate::failure::Outcome;
use crate::input::{game_position, load_game_for, Start};
use std::path::Path;

/// Counts to `depth` from `start`.
pub fn run(path: &Path, depth: u32, start: Start<'_>, divide: bool, color: bool) -> Outcome {
    let game = load_game_for(path, start, color)?;
    let mut pos = game_position(&game, path, start)?;
    let mut counter = piecewise::game::Perft::new(&game);
    if divide {
        let counts = counter.divide(&mut pos, depth);
        let moves: Vec<_> = counts.iter().map(|(m, _)| *m).collect();
        let mut rows: Vec<(String, u64)> = game
            .uci_list(&moves)
            .into_iter()
            .zip(counts.iter().map(|(_, n)| *n))
            .collect();
        rows.sort();
        let total: u64 = rows.iter().map(|r| r.1).sum();
        let mut out = String::new();
        for (m, n) in rows {
            out.push_str(&format!("{m}: {n}\n"));
        }
        out.push_str(&format!("\n{total}\n"));
        print!("{out}");
    } else {
        println!("{}", counter.perft(&mut pos, depth));
    }
    Ok(())
}
