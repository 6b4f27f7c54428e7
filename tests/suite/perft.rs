//! Perft node counts of the shipped games against published numbers
//! (tests/data/perft/public.txt: chessprogramming.org's "Perft Results" and
//! Fairy-Stockfish's perft suite; tests/data/perft/extra.txt: shallower depths of the
//! same chess positions from chessprogramming.org).
//!
//! Every row with at most `SHALLOW_NODES` nodes runs in the default `cargo test`; the
//! deeper rows run with `cargo test --release --test suite perft:: -- --ignored`.

use crate::common;

use common::game;
use std::collections::BTreeMap;

const SHALLOW_NODES: u64 = 2_000_000;

struct Row {
    fen: Option<String>,
    depth: u32,
    nodes: u64,
}

fn rows() -> BTreeMap<String, Vec<Row>> {
    let text = [
        include_str!("../data/perft/public.txt"),
        include_str!("../data/perft/extra.txt"),
    ]
    .join("\n");
    let mut out: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    for row in common::data_rows(&text) {
        let (line, f) = (row.line, row.fields);
        assert_eq!(f.len(), 4, "bad row {line}");
        out.entry(f[0].to_string()).or_default().push(Row {
            fen: (f[1] != "startpos").then(|| f[1].to_string()),
            depth: f[2].parse().expect("depth"),
            nodes: f[3].parse().expect("nodes"),
        });
    }
    out
}

/// The position a row starts from.
fn position(game: &piecewise::Game, r: &Row) -> piecewise::game::GamePosition {
    match &r.fen {
        Some(f) => game.position(f).expect("fen"),
        None => game.start_position().expect("start position"),
    }
}

fn run(name: &str, deep: bool) {
    let rows = rows();
    let rows = rows
        .get(name)
        .unwrap_or_else(|| panic!("no perft rows for {name}"));
    let game = game(name);
    let mut ran = 0;
    for r in rows {
        if (r.nodes > SHALLOW_NODES) != deep {
            continue;
        }
        let pos = position(&game, r);
        let got = game.perft(&pos, r.depth);
        assert_eq!(
            got,
            r.nodes,
            "{name} {} depth {}",
            r.fen.as_deref().unwrap_or("startpos"),
            r.depth
        );
        ran += 1;
    }
    // Games whose only published row is deep get a shallower smoke run by default.
    if !deep && ran == 0 {
        let pos = game.start_position().expect("start position");
        assert!(game.perft(&pos, 2) > 0);
    }
}

macro_rules! perft_tests {
    ($($game:ident),*) => {
        mod shallow {
            $( #[test] fn $game() { super::run(stringify!($game), false); } )*
        }
        mod deep {
            $( #[test] #[ignore = "deep perft: cargo test --release --test suite perft:: -- --ignored"]
               fn $game() { super::run(stringify!($game), true); } )*
        }
    };
}

perft_tests!(
    chess,
    capablanca,
    grand,
    shatranj,
    makruk,
    xiangqi,
    shogi,
    minishogi,
    crazyhouse,
    nightrider,
    grasshopper,
    antichess,
    atomic,
    duck
);

/// `perft --threads`: every shallow row of the perft data counted on two threads
/// (`game::divide_parallel`) gives the published number too.
#[test]
fn two_threads_give_every_shallow_row() {
    let limit = std::time::Duration::MAX;
    for (name, rows) in rows() {
        let game = game(&name);
        for r in rows
            .iter()
            .filter(|r| r.nodes <= SHALLOW_NODES && r.depth >= 1)
        {
            let pos = position(&game, r);
            let counts =
                piecewise::game::divide_parallel(&game, &pos, r.depth, limit, None, 2, |_, _| {})
                    .expect("threads")
                    .expect("no limit");
            let got: u64 = counts.iter().map(|(_, n)| n).sum();
            assert_eq!(
                got,
                r.nodes,
                "{name} {} depth {}",
                r.fen.as_deref().unwrap_or("startpos"),
                r.depth
            );
        }
    }
}
