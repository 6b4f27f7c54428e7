//! Every counting entry point stops for a cancel flag already set and for a limit
//! already passed (no timing: such a stop comes at the first poll), says which, and
//! counts in full again once the flag is cleared.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::{divide_parallel, Perft, PerftStopped};
use crate::Game;

fn chess() -> Game {
    Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess")
}

/// A stop by the flag: cancelled, the start position's 20 root moves, none counted.
fn by_flag(stopped: PerftStopped) {
    assert!(stopped.cancelled, "{stopped}");
    assert_eq!((stopped.roots_counted, stopped.roots), (0, 20), "{stopped}");
    assert_eq!(stopped.nodes_counted, 0);
}

/// A stop by a limit of zero: not cancelled, the limit said, none counted.
fn by_limit(stopped: PerftStopped) {
    assert!(!stopped.cancelled, "{stopped}");
    assert_eq!(stopped.limit_ms, 0);
    assert_eq!((stopped.roots_counted, stopped.roots), (0, 20), "{stopped}");
    assert!(
        stopped.to_string().starts_with("perft stopped after"),
        "{stopped}"
    );
}

#[test]
fn perft_stops_for_a_flag_and_counts_again_once_cleared() {
    let game = chess();
    let mut pos = game.start_position().expect("start");
    let flag = Arc::new(AtomicBool::new(true));
    let mut perft = Perft::new(&game);
    perft.cancel_with(flag.clone());
    // Depth 12 would run for days: only the flag ends it.
    by_flag(perft.perft(&mut pos, 12).expect_err("cancelled"));
    // Even a count of one ply: the flag is read before the first subtree.
    by_flag(perft.perft(&mut pos, 1).expect_err("cancelled"));
    flag.store(false, Ordering::Relaxed);
    assert_eq!(perft.perft(&mut pos, 3), Ok(8_902));
    assert_eq!(perft.perft(&mut pos, 0), Ok(1));
}

#[test]
fn perft_within_stops_for_a_passed_limit_and_a_flag() {
    let game = chess();
    let mut pos = game.start_position().expect("start");
    let mut perft = Perft::new(&game);
    by_limit(
        perft
            .perft_within(&mut pos, 12, Duration::ZERO)
            .expect_err("no time"),
    );
    assert_eq!(perft.perft_within(&mut pos, 2, Duration::MAX), Ok(400));
    perft.cancel_with(Arc::new(AtomicBool::new(true)));
    by_flag(
        perft
            .perft_within(&mut pos, 12, Duration::MAX)
            .expect_err("cancelled"),
    );
}

#[test]
fn divide_stops_for_a_flag() {
    let game = chess();
    let mut pos = game.start_position().expect("start");
    let flag = Arc::new(AtomicBool::new(true));
    let mut perft = Perft::new(&game);
    perft.cancel_with(flag.clone());
    by_flag(perft.divide(&mut pos, 12).expect_err("cancelled"));
    flag.store(false, Ordering::Relaxed);
    let counts = perft.divide(&mut pos, 2).expect("in full");
    assert_eq!(counts.len(), 20);
    assert!(counts.iter().all(|&(_, n)| n == 20));
}

#[test]
fn divide_within_stops_for_a_passed_limit_and_a_flag() {
    let game = chess();
    let mut pos = game.start_position().expect("start");
    let mut perft = Perft::new(&game);
    let mut heard = 0;
    let stopped = perft.divide_within(&mut pos, 12, Duration::ZERO, |_, _| heard += 1);
    by_limit(stopped.expect_err("no time"));
    assert_eq!(heard, 0, "no root move counted");
    perft.cancel_with(Arc::new(AtomicBool::new(true)));
    let stopped = perft.divide_within(&mut pos, 1, Duration::MAX, |_, _| {});
    by_flag(stopped.expect_err("cancelled"));
}

#[test]
fn divide_parallel_stops_for_a_passed_limit_and_a_flag() {
    let game = chess();
    let pos = game.start_position().expect("start");
    let set = Arc::new(AtomicBool::new(true));
    for threads in [1, 2] {
        let stopped = divide_parallel(
            &game,
            &pos,
            12,
            Duration::MAX,
            Some(&set),
            threads,
            |_, _| {},
        )
        .expect("threads");
        by_flag(stopped.expect_err("cancelled"));
        let stopped = divide_parallel(&game, &pos, 12, Duration::ZERO, None, threads, |_, _| {})
            .expect("threads");
        by_limit(stopped.expect_err("no time"));
    }
    let clear = Arc::new(AtomicBool::new(false));
    let counts = divide_parallel(&game, &pos, 3, Duration::MAX, Some(&clear), 2, |_, _| {})
        .expect("threads")
        .expect("in full");
    assert_eq!(counts.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
}

#[test]
fn game_perft_within_stops_for_a_passed_limit_and_a_flag() {
    let game = chess();
    let pos = game.start_position().expect("start");
    let set = Arc::new(AtomicBool::new(true));
    by_flag(
        game.perft_within(&pos, 12, Duration::MAX, Some(&set))
            .expect_err("cancelled"),
    );
    by_limit(
        game.perft_within(&pos, 12, Duration::ZERO, None)
            .expect_err("no time"),
    );
    let clear = Arc::new(AtomicBool::new(false));
    assert_eq!(
        game.perft_within(&pos, 3, Duration::MAX, Some(&clear)),
        Ok(8_902)
    );
    assert_eq!(game.perft(&pos, 3), 8_902);
}
