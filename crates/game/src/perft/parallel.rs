//! parallel: perft over several threads — the root moves' subtrees counted side by
//! side (rayon's work stealing evens out their sizes), each thread with its own
//! [`Perft`] and its own copy of the position. The counts are those of one thread.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Perft, PerftStopped};
use crate::make::{make, unmake_outlined as unmake};
use crate::{Game, GameMove, GamePosition};

/// Why a parallel count could not run.
#[derive(Debug)]
pub struct ThreadPoolError(rayon::ThreadPoolBuildError);

impl std::fmt::Display for ThreadPoolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start the threads: {}", self.0)
    }
}

impl std::error::Error for ThreadPoolError {}

/// What [`divide_parallel`] ends with.
pub type ParallelOutcome = Result<Result<Vec<(GameMove, u64)>, PerftStopped>, ThreadPoolError>;

/// [`Perft::divide_within`] on `threads` threads: perft per legal root move of `pos`
/// (in generation order), stopping once `limit` has passed or once `cancel` (if any)
/// is set ([`Perft::cancel_with`]); `on_root(counted, roots)` hears of every root move
/// counted in full, from whichever thread counted it.
pub fn divide_parallel(
    game: &Game,
    pos: &GamePosition,
    depth: u32,
    limit: Duration,
    cancel: Option<&Arc<AtomicBool>>,
    threads: usize,
    on_root: impl Fn(usize, usize) + Sync,
) -> ParallelOutcome {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(ThreadPoolError)?;
    let start = Instant::now();
    let moves = game.legal_moves(pos);
    let roots = moves.len();
    let counted = AtomicUsize::new(0);
    let stopped = AtomicBool::new(false);
    let cancelled = AtomicBool::new(false);
    let counts: Vec<Option<u64>> = pool.install(|| {
        moves
            .par_iter()
            .map_init(
                || {
                    let mut perft = Perft::new(game);
                    if let Some(flag) = cancel {
                        perft.cancel_with(Arc::clone(flag));
                    }
                    (perft, pos.clone())
                },
                |(perft, pos), m| {
                    if stopped.load(Ordering::Relaxed) {
                        return None;
                    }
                    perft.generator.stop.arm(start.checked_add(limit));
                    // A flag already set (or a limit already passed) stops before
                    // any subtree.
                    let n = if perft.generator.stop.poll() {
                        0
                    } else {
                        let undo = make(game, pos, m);
                        let n = perft.count_after(pos, m, depth.saturating_sub(1), false);
                        unmake(game, pos, undo);
                        n
                    };
                    let (stop, by_flag) = perft.generator.stop.disarm();
                    if stop {
                        stopped.store(true, Ordering::Relaxed);
                        if by_flag {
                            cancelled.store(true, Ordering::Relaxed);
                        }
                        return None;
                    }
                    on_root(counted.fetch_add(1, Ordering::Relaxed) + 1, roots);
                    Some(n)
                },
            )
            .collect()
    });
    if stopped.load(Ordering::Relaxed) {
        let done: Vec<u64> = counts.iter().flatten().copied().collect();
        let cancelled = cancelled.load(Ordering::Relaxed);
        return Ok(Err(PerftStopped::after(
            start, limit, &done, roots, cancelled,
        )));
    }
    Ok(Ok(moves
        .into_iter()
        .zip(counts)
        .map(|(m, n)| (m, n.unwrap_or(0)))
        .collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_threads_count_what_one_counts() {
        let game = Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess");
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let pos = game.position(kiwipete).expect("FEN");
        let one = Perft::new(&game)
            .divide(&mut pos.clone(), 3)
            .expect("no limit");
        let two = divide_parallel(&game, &pos, 3, Duration::MAX, None, 2, |_, _| {})
            .expect("threads")
            .expect("no limit");
        assert_eq!(one, two);
        assert_eq!(two.iter().map(|(_, n)| n).sum::<u64>(), 97_862);
    }

    #[test]
    fn a_parallel_count_stops_at_its_limit() {
        let game = Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess");
        let pos = game.start_position().expect("start");
        let stopped = divide_parallel(
            &game,
            &pos,
            50,
            Duration::from_millis(100),
            None,
            2,
            |_, _| {},
        )
        .expect("threads")
        .expect_err("depth 50 does not end in 100 ms");
        assert_eq!(stopped.limit_ms, 100);
        assert_eq!(stopped.roots, 20);
        assert_eq!(stopped.roots_counted, 0);
    }
}
