//! `piecewise moves`: the legal moves of the side to move in UCI (or SAN, `--san`),
//! one per line and sorted (optionally only those from one cell); the pseudo-legal moves of one piece
//! (`--pseudo`, no game rules); or one sorted line per FEN read from standard input
//! (`--batch`).

use crate::failure::Outcome;
use crate::input::{game_position, load_game, load_game_for, optional_cell, piece_on, Start};
use crate::output::{batch, print_lines};
use piecewise::game::MoveKind;
use std::path::Path;

/// The arguments of `moves`, as clap gives them.
pub struct Args<'a> {
    /// The rules file.
    pub rules: &'a Path,
    /// `--fen`.
    pub fen: Option<&'a str>,
    /// `--board`.
    pub board: Option<&'a Path>,
    /// `--from`.
    pub from: Option<&'a str>,
    /// `--pseudo`.
    pub pseudo: bool,
    /// `--batch`.
    pub batch: bool,
    /// `--san`.
    pub san: bool,
    /// `--reverse`.
    pub reverse: bool,
}

/// Lists moves as the flags ask.
pub fn run(args: Args<'_>, color: bool) -> Outcome {
    match (args.pseudo, args.fen, args.from) {
        (true, Some(fen), Some(from)) => pseudo_moves(args.rules, fen, from, color),
        (_, fen, from) if !args.batch => legal_moves(
            args.rules,
            Start::new(fen, args.board),
            from,
            (args.san, args.reverse),
            color,
        ),
        _ => batch_moves(args.rules, args.san, color),
    }
}

/// The pseudo-legal moves of the piece on `from`, walked by the table alone.
fn pseudo_moves(rules_path: &Path, fen: &str, from: &str, color: bool) -> Outcome {
    let (rules, pos, cell) = piece_on(rules_path, fen, from, color)?;
    let list = rules.moves_from(pos.as_ref(), cell);
    let mut lines: Vec<String> = list.iter().map(|m| rules.move_text(&list, m)).collect();
    lines.sort();
    lines.dedup();
    print_lines(lines);
    Ok(())
}

fn legal_moves(
    path: &Path,
    start: Start<'_>,
    from: Option<&str>,
    (san, reverse): (bool, bool),
    color: bool,
) -> Outcome {
    let mut game = load_game_for(path, start, color)?;
    let mut pos = game_position(&game, path, start)?;
    if reverse {
        pos = crate::input::reverse(&mut game, &pos)?;
    }
    let from = optional_cell(game.board(), from)?;
    let legal = game.legal_moves(&pos);
    let texts = if san {
        game.san_list(&pos, &legal)
    } else {
        game.uci_list(&legal)
    };
    let mut lines: Vec<String> = legal
        .iter()
        .zip(texts)
        .filter(|(m, _)| from.map_or(true, |f| m.from == f && m.kind != MoveKind::Drop))
        // Draughts games: the PDN move beside the UCI one (`c3d4 22-18`).
        .map(|(m, text)| match game.pdn(&pos, m) {
            Some(pdn) => format!("{text} {pdn}"),
            None => text,
        })
        .collect();
    lines.sort();
    print_lines(lines);
    Ok(())
}

fn batch_moves(path: &Path, san: bool, color: bool) -> Outcome {
    let game = load_game(path, color)?;
    let mut searcher = game.move_generator();
    let mut moves = Vec::new();
    batch(|fen| {
        let mut pos = game.position(fen).map_err(|e| e.to_string())?;
        searcher.legal_moves(&mut pos, &mut moves);
        let mut v: Vec<String> = if san {
            game.san_list(&pos, &moves)
        } else {
            game.uci_list(&moves)
        };
        v.sort();
        Ok(v.join(" "))
    })
}
