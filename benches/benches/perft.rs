//! Chess perft, piecewise against the crate `shakmaty` (a bitboard chess library), on the
//! same positions in the same process: the start position at depth 4 and Kiwipete at
//! depth 3. Both count the last ply in bulk (the length of the legal move list). Also
//! international draughts perft 7 from the start (capture chains walked as a loop,
//! 1,049,442 nodes) and the time of `Game::compile` for every shipped rules file.
//!
//! `cargo bench -p piecewise-benches --bench perft`. The setup first checks both libraries against the
//! published node counts (chessprogramming.org "Perft Results").

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::hint::black_box;
use std::path::Path;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// name, FEN, published node counts for depth 1, 2, ...; the bench runs the last depth.
const POSITIONS: &[(&str, &str, &[u64])] = &[
    ("startpos", START, &[20, 400, 8902, 197281]),
    ("kiwipete", KIWIPETE, &[48, 2039, 97862]),
];

fn rules_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules"))
}

fn chess() -> piecewise::Game {
    let src = std::fs::read_to_string(rules_dir().join("chess.rules")).expect("chess.rules");
    piecewise::Game::compile(&src).expect("chess.rules compiles")
}

fn shakmaty_position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .expect("fen")
        .into_position(CastlingMode::Standard)
        .expect("legal position")
}

fn bench_perft(c: &mut Criterion) {
    let game = chess();
    for &(name, fen, counts) in POSITIONS {
        let pos = game.position(fen).expect("fen");
        let sk = shakmaty_position(fen);
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                game.perft(&pos, depth),
                expected,
                "piecewise {name} depth {depth}"
            );
            assert_eq!(
                shakmaty::perft(&sk, depth),
                expected,
                "shakmaty {name} depth {depth}"
            );
        }
        let depth = counts.len() as u32;
        let nodes = counts[counts.len() - 1];

        let mut group = c.benchmark_group(format!("perft/{name}"));
        group.sample_size(20);
        group.throughput(Throughput::Elements(nodes));
        let mut counter = piecewise::game::Perft::new(&game);
        let mut p = pos.clone();
        group.bench_function(BenchmarkId::new("piecewise", depth), |b| {
            b.iter(|| {
                let n = counter.perft(black_box(&mut p), depth).expect("no limit");
                assert_eq!(n, nodes);
                n
            })
        });
        group.bench_function(BenchmarkId::new("shakmaty", depth), |b| {
            b.iter(|| {
                let n = shakmaty::perft(black_box(&sk), depth);
                assert_eq!(n, nodes);
                n
            })
        });
        group.finish();
    }
}

/// International draughts perft 7 from the start: the published 1,049,442 nodes.
fn bench_draughts(c: &mut Criterion) {
    let src = std::fs::read_to_string(rules_dir().join("international-draughts.rules"))
        .expect("international-draughts.rules");
    let game = piecewise::Game::compile(&src).expect("international-draughts.rules compiles");
    let pos = game.start_position().expect("start position");
    const COUNTS: [u64; 7] = [9, 81, 658, 4265, 27117, 167140, 1049442];
    for (i, &expected) in COUNTS.iter().enumerate().take(6) {
        let depth = i as u32 + 1;
        assert_eq!(game.perft(&pos, depth), expected, "draughts depth {depth}");
    }
    let mut group = c.benchmark_group("perft/international-draughts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(COUNTS[6]));
    let mut counter = piecewise::game::Perft::new(&game);
    let mut p = pos.clone();
    group.bench_function(BenchmarkId::new("piecewise", 7), |b| {
        b.iter(|| {
            let n = counter.perft(black_box(&mut p), 7).expect("no limit");
            assert_eq!(n, COUNTS[6]);
            n
        })
    });
    group.finish();
}

fn bench_compile(c: &mut Criterion) {
    let mut files: Vec<_> = std::fs::read_dir(rules_dir())
        .expect("rules/")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    let mut group = c.benchmark_group("compile");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).expect("rules file");
        piecewise::Game::compile(&src).expect("rules file compiles as a game");
        group.bench_function(BenchmarkId::new("Game::compile", &name), |b| {
            b.iter(|| piecewise::Game::compile(black_box(&src)).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_draughts, bench_compile);
criterion_main!(benches);
