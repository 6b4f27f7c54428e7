//! Interpreter throughput: moves emitted per second, walking every piece of the side to
//! move in fixed positions of `rules/fairy.rules` and `rules/chess.rules`, into a move
//! list (what an engine does) and into a counter (perft leaves).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use piecewise::walk::{Count, MoveList, Walker};
use piecewise::Rules;
use std::hint::black_box;

const FAIRY: &[(&str, &str)] = &[
    (
        "fairy-start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
    ),
    (
        "fairy-riders",
        "r3k2r/1pp2ppp/p1i2a2/3Mo3/2F1W3/1C2Y3/PPG2PPP/R3K2R w",
    ),
    ("fairy-leapers", "4k3/2x5/1h2e3/3LZ3/2N1D3/3X4/4H3/4K3 w"),
];

const CHESS: &[(&str, &str)] = &[
    (
        "chess-start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
    ),
    (
        "chess-kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w",
    ),
];

fn load(path: &str) -> Rules {
    // Paths are the repository's (`cargo bench` runs this in the benches package).
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    let src = std::fs::read_to_string(full).expect("rules file");
    piecewise::compile(&src).expect("compiles")
}

fn bench_file(c: &mut Criterion, path: &str, positions: &[(&str, &str)]) {
    let rules = load(path);
    let mut group = c.benchmark_group(format!("walk/{path}"));
    for &(name, fen) in positions {
        let pos = rules.position(fen).expect("fen");
        let side = pos.side_to_move;
        let movers: Vec<_> = rules
            .board()
            .cells()
            .filter(|&c| {
                let o = pos.cells[c.index()];
                !o.is_empty() && o.side() == side
            })
            .collect();
        let mut walker: Walker<'_> = rules.walker();
        let mut count = Count::default();
        for &c in &movers {
            walker.walk(&pos, side, pos.cells[c.index()].kind(), c, &mut count);
        }
        group.throughput(Throughput::Elements(count.0));
        group.bench_function(BenchmarkId::new("move-list", name), |b| {
            let mut list = MoveList::new();
            b.iter(|| {
                list.clear();
                for &c in &movers {
                    walker.walk(&pos, side, pos.cells[c.index()].kind(), c, &mut list);
                }
                black_box(list.len())
            })
        });
        group.bench_function(BenchmarkId::new("count", name), |b| {
            b.iter(|| {
                let mut n = Count::default();
                for &c in &movers {
                    walker.walk(&pos, side, pos.cells[c.index()].kind(), c, &mut n);
                }
                black_box(n.0)
            })
        });
    }
    group.finish();
}

fn walk(c: &mut Criterion) {
    bench_file(c, "rules/fairy.rules", FAIRY);
    bench_file(c, "rules/chess.rules", CHESS);
}

criterion_group!(benches, walk);
criterion_main!(benches);
