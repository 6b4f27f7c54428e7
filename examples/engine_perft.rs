//! engine_perft: perft driven the way an engine drives piecewise — legal moves and
//! make/unmake (with the Zobrist hash) at every interior node, the last ply counted in
//! bulk with `MoveGenerator::count_legal`, and nothing shared between siblings. This is
//! the per-node speed a search sees, as opposed to `piecewise perft`, whose children
//! of a node share work an engine cannot use.
//!
//! ```sh
//! cargo run --release --example engine_perft -- rules/chess.rules --depth 5
//! cargo run --release --example engine_perft -- rules/chess.rules --depth 5 --make-leaves
//! cargo run --release --example engine_perft -- rules/chess.rules --depth 4 --fen "FEN"
//! ```
//!
//! `--make-leaves` makes and unmakes every leaf move too instead of counting the last
//! ply; `--no-reply-cache` judges every move without the replies kept per piece
//! (`MoveGenerator::keep_replies`), the games that play every reply as before it. The node count is the last line printed (as `piecewise perft` prints it), so
//! `bench/compare` reads both the same way. Exit codes: 0, 1 (rules or FEN errors), 2
//! (usage).

use engine::engine_perft;
use piecewise::Game;
use std::process::ExitCode;

#[path = "common/engine.rs"]
mod engine;

/// The command line: `RULES --depth N [--fen FEN] [--make-leaves] [--no-reply-cache]`.
struct Args {
    rules: String,
    depth: u32,
    fen: Option<String>,
    make_leaves: bool,
    reply_cache: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let (mut rules, mut depth, mut fen, mut make_leaves) = (None, None, None, false);
    let mut reply_cache = true;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--depth" => {
                let d = args.next().ok_or("--depth needs a number")?;
                depth = Some(
                    d.parse()
                        .map_err(|_| format!("--depth: not a number: {d}"))?,
                );
            }
            "--fen" => fen = Some(args.next().ok_or("--fen needs a FEN")?),
            "--make-leaves" => make_leaves = true,
            "--no-reply-cache" => reply_cache = false,
            _ if rules.is_none() && !a.starts_with("--") => rules = Some(a),
            _ => return Err(format!("unexpected argument {a:?}")),
        }
    }
    Ok(Args {
        rules: rules.ok_or("the rules file is missing")?,
        depth: depth.ok_or("--depth is missing")?,
        fen,
        make_leaves,
        reply_cache,
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!(
                "error: {e}\nusage: engine_perft RULES --depth N [--fen FEN] [--make-leaves] [--no-reply-cache]"
            );
            return ExitCode::from(2);
        }
    };
    let source = match std::fs::read_to_string(&args.rules) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.rules);
            return ExitCode::from(1);
        }
    };
    let base = std::path::Path::new(&args.rules).parent();
    let game = match Game::compile_at(&source, base) {
        Ok(g) => g,
        Err(d) => {
            eprint!("{}", d.render(&args.rules, &source, false));
            return ExitCode::from(1);
        }
    };
    let start = match &args.fen {
        Some(fen) => game.position(fen).map_err(|e| e.to_string()),
        None => game
            .start_position()
            .ok_or_else(|| "the rules declare no start position: pass --fen".to_string()),
    };
    let mut pos = match start {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut generator = game.move_generator();
    generator.keep_replies(args.reply_cache);
    let nodes = engine_perft(
        &game,
        &mut generator,
        &mut pos,
        args.depth,
        args.make_leaves,
        &mut Vec::new(),
    );
    println!("{nodes}");
    ExitCode::SUCCESS
}
