//! `piecewise perft`: the number of leaf nodes of the legal move tree to a depth, with
//! `--divide` first one `move: count` line per legal move (sorted) and a blank line.

use crate::failure::{Failure, Outcome};
use crate::input::{game_position, load_game_for, Start};
use crate::output::{out, outln};
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

/// Counts to `depth` from `start` on `threads` threads (0: all cores), stopping with an
/// error after `max_ms` milliseconds (0: no limit); shows progress over the root moves
/// on standard error, when it is a terminal, once a count has run for a second.
pub fn run(
    path: &Path,
    depth: u32,
    start: Start<'_>,
    divide: bool,
    (max_ms, threads): (u64, usize),
    color: bool,
) -> Outcome {
    let game = load_game_for(path, start, color)?;
    let mut pos = game_position(&game, path, start)?;
    let limit = match max_ms {
        0 => Duration::MAX,
        ms => Duration::from_millis(ms),
    };
    if game.sokoban_reverse() {
        return reverse_perft(&game, &pos, depth, divide, limit);
    }
    let mut counter = piecewise::game::Perft::new(&game);
    let started = std::time::Instant::now();
    let progress = (std::io::stderr().is_terminal() && depth >= 2).then(|| {
        // Hidden until the count has run for a second: short counts print nothing.
        let bar = indicatif::ProgressBar::hidden();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{elapsed} [{bar:30}] {pos}/{len} root moves")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let show = |done: usize, roots: usize| {
        if let Some(bar) = &progress {
            if bar.is_hidden() && started.elapsed() >= Duration::from_secs(1) {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            }
            bar.set_length(roots as u64);
            bar.set_position(done as u64);
        }
    };
    // Below depth 4 a count takes milliseconds: threads would only add their start-up.
    let counted = if threads > 1 && depth >= 4 {
        piecewise::game::divide_parallel(&game, &pos, depth, limit, None, threads, show)
            .map_err(Failure::input)?
    } else {
        counter.divide_within(&mut pos, depth, limit, show)
    };
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let counts = counted.map_err(|stopped| {
        Failure::input(format_args!(
            "{stopped} (raise it with --max-ms, 0 for none)"
        ))
    })?;
    if divide {
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
        out!("{out}");
    } else {
        let total: u64 = if depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        };
        outln!("{total}");
    }
    Ok(())
}

/// Perft of a game in Sokoban's reverse mode (`sokoban ..., reverse`), whose moves
/// the counters of forward games do not make: one root move at a time, on one thread,
/// stopping with an error once `limit` has passed.
fn reverse_perft(
    game: &piecewise::Game,
    pos: &piecewise::game::GamePosition,
    depth: u32,
    divide: bool,
    limit: Duration,
) -> Outcome {
    let started = std::time::Instant::now();
    let moves = if depth == 0 {
        Vec::new()
    } else {
        game.legal_moves(pos)
    };
    let mut rows: Vec<(String, u64)> = Vec::with_capacity(moves.len());
    for (text, m) in game.uci_list(&moves).into_iter().zip(&moves) {
        let mut child = pos.clone();
        game.make(&mut child, m);
        let left = limit.saturating_sub(started.elapsed());
        match game.perft_within(&child, depth - 1, left, None) {
            Ok(n) => rows.push((text, n)),
            Err(_) => {
                return Err(Failure::input(format_args!(
                    "perft stopped after {} ms; the limit is {} ms ({} of {} root moves \
                     counted, {} nodes) (raise it with --max-ms, 0 for none)",
                    started.elapsed().as_millis(),
                    limit.as_millis(),
                    rows.len(),
                    moves.len(),
                    rows.iter().map(|r| r.1).sum::<u64>(),
                )))
            }
        }
    }
    rows.sort();
    if divide {
        for (text, n) in &rows {
            outln!("{text}: {n}");
        }
        outln!("");
    }
    let total = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    outln!("{total}");
    Ok(())
}
