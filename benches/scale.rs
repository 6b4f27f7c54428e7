//! Sizes and scaling: move-table memory and compile time of every shipped rules file,
//! and how table size, compile time and perft speed grow with the board (8×8, 10×10,
//! 19×19; a hook mover's trees grow with the square of the board's width).
//!
//! Not a criterion bench: one pass, printed as Markdown tables for
//! docs/performance.md. Run with `cargo bench --bench scale`.

use piecewise::Game;
use std::time::{Duration, Instant};

const SHIPPED: &[&str] = &[
    "chess",
    "crazyhouse",
    "capablanca",
    "grand",
    "shatranj",
    "makruk",
    "xiangqi",
    "shogi",
    "minishogi",
    "nightrider",
    "grasshopper",
    "antichess",
    "fairy",
    "repeaters",
    "tenjiku-generals",
    "colours",
    "hex-colours",
    "croatian-one",
];

fn kib(b: usize) -> String {
    format!("{:.1} KiB", b as f64 / 1024.0)
}

/// Best of `n` compile times.
fn compile_time(src: &str, n: usize) -> (Game, Duration) {
    let mut best = Duration::MAX;
    let mut game = None;
    for _ in 0..n {
        let t = Instant::now();
        let g = Game::compile(src).expect("compiles");
        best = best.min(t.elapsed());
        game = Some(g);
    }
    (game.expect("compiled"), best)
}

fn shipped() {
    println!("| rules file | cells | pieces | forward nodes | forward table | reverse nodes / leaves | reverse tables | forward-walked pieces | `Game::compile` |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for name in SHIPPED {
        let path = format!("{}/rules/{name}.rules", env!("CARGO_MANIFEST_DIR"));
        let src = std::fs::read_to_string(&path).expect("rules file");
        let (game, t) = compile_time(&src, 5);
        let m = game.table_memory();
        println!(
            "| {name} | {} | {} | {} | {} | {} / {} | {} | {} | {:.2} ms |",
            game.cell_count(),
            game.piece_count(),
            m.forward_nodes,
            kib(m.forward_bytes),
            m.reverse_nodes,
            m.reverse_leaves,
            kib(m.reverse_bytes),
            m.forward_walked,
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
    println!("| board | pieces | forward nodes | forward table | reverse tables | forward-walked pieces | `Game::compile` | perft depth | nodes | perft time | Mn/s |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (n, hook, depth) in [
        (8, false, 5),
        (10, false, 5),
        (19, false, 4),
        (26, false, 4),
        (10, true, 5),
        (19, true, 4),
        (26, true, 4),
    ] {
        let (src, fen) = board_game(n, hook);
        let (game, t) = compile_time(&src, 3);
        let m = game.table_memory();
        let pos = game.position(&fen).expect("position");
        let mut best = Duration::MAX;
        let mut nodes = 0;
        for _ in 0..3 {
            let s = Instant::now();
            nodes = game.perft(&pos, depth);
            best = best.min(s.elapsed());
        }
        println!(
            "| {n}×{n}{} | {} | {} | {} | {} | {} | {:.1} ms | {depth} | {nodes} | {:.3} s | {:.2} |",
            if hook { " + hook mover" } else { "" },
            game.piece_count(),
            m.forward_nodes,
            kib(m.forward_bytes),
            kib(m.reverse_bytes),
            m.forward_walked,
            t.as_secs_f64() * 1e3,
            best.as_secs_f64(),
            nodes as f64 / best.as_secs_f64() / 1e6
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is ignored.
    shipped();
    scaling();
}
