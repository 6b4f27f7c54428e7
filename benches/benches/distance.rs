//! Distance maps: the incremental update through make/unmake against a recomputation
//! of every map, per move, on the same moves in the same process.
//!
//! For each game, a seeded random line of legal moves is played forward and taken back
//! (`PLIES` moves each way; fewer on Croatian One). *Incremental*: `DistanceMaps::make`/`unmake` on every move.
//! *Recompute*: `Game::make`/`unmake` and `DistanceMaps::new` after every move. Both
//! times include the make/unmake; the table walks each needs are counted too. Best of
//! `ROUNDS`. Not a criterion bench: one pass, printed as a Markdown table for
//! docs/performance.md. Run with `cargo bench -p piecewise-benches --bench distance`.

use piecewise::game::{DistanceMaps, GameMove, GamePosition};
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::Game;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Moves of each line, and rounds, on boards with a start position ...
const PLIES: usize = 40;
const ROUNDS: usize = 5;
/// ... and on Croatian One (a recomputation there takes seconds: its Monolith walks a
/// tree of about 100,000 nodes from every cell).
const LARGE_PLIES: usize = 6;
const LARGE_ROUNDS: usize = 1;

/// xorshift64*, so every run plays the same moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

fn game(name: &str) -> Game {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules"));
    let src = std::fs::read_to_string(dir.join(format!("{name}.rules"))).expect("rules file");
    Game::compile_at(&src, Some(dir)).expect("compiles")
}

/// Croatian One has no start position: both sides' pieces in a band of four rows near
/// their edge, every kind but the royal, 60 placements (a few land on the same cell).
fn croatian_position(game: &Game, rng: &mut Rng) -> GamePosition {
    let mut pos = game.empty_position().expect("empty board");
    let kinds: Vec<PieceId> = (0..game.piece_count())
        .map(|k| PieceId(k as u8))
        .filter(|&k| !game.is_royal(k))
        .collect();
    let width = game.board().width() as usize;
    for i in 0..60 {
        let side = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let row = rng.below(4) + 1;
        let row = if side == Side::First {
            row
        } else {
            width - 1 - row
        };
        let cell = CellId((row * width + rng.below(width)) as u16);
        let kind = kinds[rng.below(kinds.len())];
        pos = game
            .with_piece(&pos, cell, Some((side, kind)))
            .expect("a cell of the board");
    }
    pos
}

/// A random line of `PLIES` legal moves from `start`.
fn line(game: &Game, start: &GamePosition, plies: usize, rng: &mut Rng) -> Vec<GameMove> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        game.make(&mut pos, &m);
        moves.push(m);
    }
    moves
}

/// Best time of the line forward and back with incremental maps, and its walks.
fn incremental(
    game: &Game,
    start: &GamePosition,
    moves: &[GameMove],
    rounds: usize,
) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut walks = 0;
    for _ in 0..rounds {
        let mut pos = start.clone();
        let mut maps = DistanceMaps::new(game, &pos);
        maps.reset_stats();
        let t = Instant::now();
        let mut undos = Vec::with_capacity(moves.len());
        for m in moves {
            undos.push(maps.make(&mut pos, m));
        }
        while let Some(u) = undos.pop() {
            maps.unmake(&mut pos, u);
        }
        best = best.min(t.elapsed());
        walks = maps.stats().walks;
        black_box(maps.distance(CellId(0), CellId(1)));
    }
    (best, walks)
}

/// Best time of the line forward and back recomputing every map after each move.
fn recompute(
    game: &Game,
    start: &GamePosition,
    moves: &[GameMove],
    rounds: usize,
) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut walks = 0;
    for _ in 0..rounds {
        let mut pos = start.clone();
        walks = 0;
        let t = Instant::now();
        let mut undos = Vec::with_capacity(moves.len());
        for m in moves {
            undos.push(game.make(&mut pos, m));
            let maps = DistanceMaps::new(game, &pos);
            walks += maps.stats().walks;
            black_box(maps.distance(CellId(0), CellId(1)));
        }
        while let Some(u) = undos.pop() {
            game.unmake(&mut pos, u);
            let maps = DistanceMaps::new(game, &pos);
            walks += maps.stats().walks;
            black_box(maps.distance(CellId(0), CellId(1)));
        }
        best = best.min(t.elapsed());
    }
    (best, walks)
}

fn main() {
    println!("| game | cells | pieces | updates | incremental per update | walks | recompute per update | walks | time ratio | walk ratio |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for name in [
        "chess",
        "xiangqi",
        "shogi",
        "grand",
        "glinski",
        "croatian-one",
    ] {
        let game = game(name);
        let mut rng = Rng(0xd157_a9ce);
        let (start, plies, rounds) = match game.start_position() {
            Some(p) => (p, PLIES, ROUNDS),
            None => (
                croatian_position(&game, &mut rng),
                LARGE_PLIES,
                LARGE_ROUNDS,
            ),
        };
        let moves = line(&game, &start, plies, &mut rng);
        let updates = 2 * moves.len() as u32;
        let (ti, wi) = incremental(&game, &start, &moves, rounds);
        let (tr, wr) = recompute(&game, &start, &moves, rounds);
        let pieces = start.cells().iter().filter(|o| !o.is_empty()).count();
        println!(
            "| {name} | {} | {pieces} | {updates} | {:.1} µs | {:.0} | {:.1} µs | {:.0} | {:.1}× | {:.1}× |",
            game.cell_count(),
            ti.as_secs_f64() * 1e6 / updates as f64,
            wi as f64 / updates as f64,
            tr.as_secs_f64() * 1e6 / updates as f64,
            wr as f64 / updates as f64,
            tr.as_secs_f64() / ti.as_secs_f64(),
            wr as f64 / wi.max(1) as f64,
        );
    }
}
