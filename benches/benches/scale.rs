//! Sizes and scaling: move-table memory and compile time of every shipped rules file
//! (`check`: the table and the game declarations, what `piecewise check` and `compile`
//! do; `Game::compile`: a game ready to play, with its reverse tables, rays and
//! kernels), and how table size, compile time and perft speed grow with the board
//! (8×8 to 26×26, with and without a hook mover), each perft rate also given against
//! the 8×8 game's in the same run.
//!
//! Not a criterion bench: one pass, printed as Markdown tables for
//! docs/performance.md. Run with `cargo bench -p piecewise-benches --bench scale`.
//!
//! `cargo bench -p piecewise-benches --bench scale -- engine` runs only the engine-mode comparison (issue
//! 17, "26×26 rows flat per move against 8×8"): 8×8 chess and the 26×26 chess-like
//! and hook games driven as an engine drives the library (`examples/engine_perft.rs`'s
//! recursion: the last ply counted in bulk, then every leaf made), in one process,
//! with each row's time per node and per move generated (issue 17's measure: the
//! moves of every ply, listed or counted), and their ratios to 8×8 chess's.

use piecewise::pipeline::Limits;
use piecewise::Game;
use std::path::Path;
use std::time::{Duration, Instant};

#[path = "../../examples/common/engine.rs"]
mod engine;

fn kib(b: usize) -> String {
    format!("{:.1} KiB", b as f64 / 1024.0)
}

/// Best of `n` times of `Game::compile` (a game ready to play: the table, the reverse
/// tables, rays and kernels), and best of `n` times of `Game::check_limited` (what
/// `piecewise check` and `compile` do: the table and the game declarations).
fn compile_time(src: &str, base: Option<&Path>, n: usize) -> (Game, Duration, Duration) {
    let limits = Limits::default();
    let mut best = Duration::MAX;
    let mut best_check = Duration::MAX;
    let mut game = None;
    for _ in 0..n {
        let t = Instant::now();
        let g = Game::compile_limited(src, base, None, &limits).expect("compiles");
        best = best.min(t.elapsed());
        game = Some(g);
        let t = Instant::now();
        let rules = Game::check_limited(src, base, &limits).expect("checks");
        best_check = best_check.min(t.elapsed());
        drop(rules);
    }
    (game.expect("compiled"), best, best_check)
}

/// Every rules file in `rules/`, by name.
fn shipped_files() -> Vec<String> {
    let dir = format!("{}/../rules", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("rules/")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_stem()?.to_string_lossy().to_string();
            (p.extension()? == "rules").then_some(name)
        })
        .collect();
    names.sort();
    names
}

fn shipped() {
    println!("| rules file | cells | pieces | forward nodes | forward table | reverse nodes / leaves | reverse tables | forward-walked pieces | `check` | `Game::compile` |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules");
    for name in shipped_files() {
        let path = base.join(format!("{name}.rules"));
        let src = std::fs::read_to_string(&path).expect("rules file");
        let (game, t, check) = compile_time(&src, Some(&base), 5);
        let m = game.table_memory();
        println!(
            "| {name} | {} | {} | {} | {} | {} / {} | {} | {} | {:.2} ms | {:.2} ms |",
            game.cell_count(),
            game.piece_count(),
            m.forward_nodes,
            kib(m.forward_bytes),
            m.reverse_nodes,
            m.reverse_leaves,
            kib(m.reverse_bytes),
            m.forward_walked,
            check.as_secs_f64() * 1e3,
            t.as_secs_f64() * 1e3
        );
    }
}

/// A chess-like game on an n×n board: a king, queen, rook, bishop, knight and (with
/// `hook`) a hook mover per side, on the first and last ranks, and a row of pawns.
fn board_game(n: usize, hook: bool) -> (String, String) {
    let mut src = format!(
        "board square {n}x{n}\n\
         royal King\n\
         piece King (K) {{ step any }}\n\
         piece Queen (Q) {{ ride any }}\n\
         piece Rook (R) {{ ride orthogonal }}\n\
         piece Bishop (B) {{ ride diagonal }}\n\
         piece Knight (N) {{ leap (1,2) }}\n\
         piece Pawn (P) {{\n\
             step forward, move only\n\
             step forward-diagonal, capture only\n\
         }}\n"
    );
    let back: &str = if hook { "RNBQKWBNR" } else { "RNBQKBNR" };
    if hook {
        src.push_str(
            "piece HookMover (W) { ride orthogonal\n ride orthogonal then ride turn ±90 }\n",
        );
    }
    let pad = n - back.len();
    let rank = |s: &str| {
        let mut r = String::new();
        if pad / 2 > 0 {
            r.push_str(&(pad / 2).to_string());
        }
        r.push_str(s);
        if pad - pad / 2 > 0 {
            r.push_str(&(pad - pad / 2).to_string());
        }
        r
    };
    let pawns = "P".repeat(back.len());
    let mut ranks = vec![rank(&back.to_lowercase()), rank(&pawns.to_lowercase())];
    for _ in 0..n - 4 {
        ranks.push(n.to_string());
    }
    ranks.push(rank(&pawns));
    ranks.push(rank(back));
    let fen = format!("{} w - - 0 1", ranks.join("/"));
    (src, fen)
}

fn scaling() {
    println!();
    println!("| board | pieces | forward nodes | forward table | reverse tables | forward-walked pieces | `check` | `Game::compile` | perft depth | nodes | perft time | Mn/s | rate / 8×8 |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    // The 8×8 row first: the others' perft rates are given against it. The 8×8 and
    // 26×26 rows count about 10^8 nodes, long enough for a rate.
    let mut base_rate = None;
    for (n, hook, depth) in [
        (8, false, 6),
        (10, false, 5),
        (19, false, 4),
        (26, false, 5),
        (10, true, 5),
        (19, true, 4),
        (26, true, 5),
    ] {
        let (src, fen) = board_game(n, hook);
        let (game, t, check) = compile_time(&src, None, 3);
        let m = game.table_memory();
        let pos = game.position(&fen).expect("position");
        let mut best = Duration::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let s = Instant::now();
            nodes = game.perft(&pos, depth);
            best = best.min(s.elapsed());
        }
        let rate = nodes as f64 / best.as_secs_f64() / 1e6;
        let base = *base_rate.get_or_insert(rate);
        println!(
            "| {n}×{n}{} | {} | {} | {} | {} | {} | {:.2} ms | {:.1} ms | {depth} | {nodes} | {:.3} s | {:.2} | {:.2} |",
            if hook { " + hook mover" } else { "" },
            game.piece_count(),
            m.forward_nodes,
            kib(m.forward_bytes),
            kib(m.reverse_bytes),
            m.forward_walked,
            check.as_secs_f64() * 1e3,
            t.as_secs_f64() * 1e3,
            best.as_secs_f64(),
            rate,
            rate / base
        );
    }
}

/// Best of `runs` engine-mode counts of `depth` plies from `fen`: (nodes, seconds).
fn engine_rate(game: &Game, fen: &str, depth: u32, make_leaves: bool, runs: usize) -> (u64, f64) {
    let start = game.position(fen).expect("position");
    let mut generator = game.move_generator();
    let (mut nodes, mut best) = (0, f64::MAX);
    for _ in 0..runs {
        let mut pos = start.clone();
        let t = Instant::now();
        nodes = engine::engine_perft(
            game,
            &mut generator,
            &mut pos,
            depth,
            make_leaves,
            &mut Vec::new(),
        );
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

/// The moves generated on the way to `depth` plies below `fen` in the engine
/// recursion: every node above the last ply lists its legal moves, and the last
/// ply's are counted, so this is the node count of every ply 1..=`depth` summed
/// (the moves made: the same without the last ply, unless every leaf is made).
fn moves_generated(game: &Game, fen: &str, depth: u32, last: u64) -> u64 {
    let start = game.position(fen).expect("position");
    let mut generator = game.move_generator();
    let below: u64 = (1..depth)
        .map(|d| {
            let mut pos = start.clone();
            engine::engine_perft(game, &mut generator, &mut pos, d, false, &mut Vec::new())
        })
        .sum();
    below + last
}

/// Engine mode per node and per move generated on 26×26 against 8×8 chess (see the
/// module docs).
fn engine_mode() {
    let chess = std::fs::read_to_string(format!(
        "{}/../rules/chess.rules",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("rules/chess.rules");
    let chess_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (c26, c26_fen) = board_game(26, false);
    let (h26, h26_fen) = board_game(26, true);
    // (label, source, FEN, depth in engine mode, depth with every leaf made)
    let rows = [
        ("chess 8×8", chess, chess_fen.to_string(), 6, 5),
        ("chess-like 26×26", c26, c26_fen, 5, 4),
        ("hook game 26×26", h26, h26_fen, 5, 4),
    ];
    println!();
    println!(
        "Engine mode: the last ply counted in bulk; every leaf made: every leaf made and unmade. \
        Moves: every move generated (listed at a node above the last ply, or counted at it), \
        the node counts of plies 1..=depth summed."
    );
    println!();
    println!("| game | mode | depth | nodes | moves | s | ns/node | ×8×8 | ns/move | ×8×8 |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut base: [Option<(f64, f64)>; 2] = [None, None];
    for (label, src, fen, depth, leaves_depth) in rows {
        let game = Game::compile(&src).expect("compiles");
        for (i, (mode, d, make_leaves)) in [
            ("engine mode", depth, false),
            ("every leaf made", leaves_depth, true),
        ]
        .into_iter()
        .enumerate()
        {
            let (n, t) = engine_rate(&game, &fen, d, make_leaves, 3);
            let moves = moves_generated(&game, &fen, d, n);
            let (per_node, per_move) = (t / n as f64 * 1e9, t / moves as f64 * 1e9);
            let (b, bm) = *base[i].get_or_insert((per_node, per_move));
            println!(
                "| {label} | {mode} | {d} | {n} | {moves} | {t:.3} | {per_node:.2} | {:.2} | {per_move:.2} | {:.2} |",
                per_node / b,
                per_move / bm
            );
        }
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `engine` runs the engine-mode rows alone.
    if std::env::args().any(|a| a == "engine") {
        engine_mode();
        return;
    }
    shipped();
    scaling();
    engine_mode();
}
