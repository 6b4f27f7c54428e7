//! `piecewise distance`: the distance map of the piece on a cell — how many of its own
//! moves it needs to reach every cell of the position (see the library's
//! `piecewise::game::distance` for what "reach" means) — as a grid on square boards,
//! as a list by distance on others, or as JSON.

use crate::failure::{Failure, Outcome};
use crate::input::{cell_arg, game_position, load_game_for, Start};
use crate::output::print_lines;
use piecewise::game::DistanceMap;
use piecewise::ids::CellId;
use piecewise::ir::{BoardKind, Coord};
use piecewise::topology::Board;
use piecewise::Game;
use serde_json::json;
use std::path::Path;

/// The arguments of `distance`, as clap gives them.
pub struct Args<'a> {
    /// The rules file.
    pub rules: &'a Path,
    /// `--fen` or `--board`.
    pub start: Start<'a>,
    /// `--from` (required but with `--board`, where the pusher is the default).
    pub from: Option<&'a str>,
    /// `--json`.
    pub json: bool,
}

/// Prints the distance map of the piece on `from`.
pub fn run(args: Args<'_>, color: bool) -> Outcome {
    let game = load_game_for(args.rules, args.start, color)?;
    let pos = game_position(&game, args.rules, args.start)?;
    let cell = match args.from {
        Some(name) => cell_arg(game.board(), name)?,
        None => only_pusher(&game, &pos)?,
    };
    let map = DistanceMap::compute(&game, &pos, cell).ok_or_else(|| {
        Failure::input(format_args!(
            "there is no piece on {}",
            game.board().cell_name(cell)
        ))
    })?;
    let lines = if args.json {
        vec![to_json(&game, &map)]
    } else {
        let body = match game.board().kind() {
            BoardKind::Square { .. } => grid(game.board(), &map),
            _ => by_distance(game.board(), &map),
        };
        std::iter::once(map.describe(&game)).chain(body).collect()
    };
    print_lines(lines);
    Ok(())
}

/// `distance --board` without `--from`: the pusher's cell; with several pushers
/// (multiban), which one is the user's to say.
fn only_pusher(game: &Game, pos: &piecewise::game::GamePosition) -> Result<CellId, Failure> {
    match game.pushers(pos).as_slice() {
        [one] => Ok(*one),
        [] => Err(Failure::input("the board has no pusher; pass --from")),
        many => {
            let names: Vec<String> = many.iter().map(|&c| game.board().cell_name(c)).collect();
            Err(Failure::input(format_args!(
                "the board has {} pushers ({}); pass --from with one of them",
                many.len(),
                names.join(" ")
            )))
        }
    }
}

/// The board as rows of distances, the top rank first, `.` where out of reach, ranks
/// on the left and files below; holes are blank.
fn grid(board: &Board, map: &DistanceMap) -> Vec<String> {
    let (w, h) = (board.width() as i16, board.height() as i16);
    let wide = map.farthest().to_string().len().max(1);
    let rank_w = h.to_string().len();
    let mut lines = Vec::new();
    for y in (0..h).rev() {
        let mut line = format!("{:>rank_w$}", y + 1);
        for x in 0..w {
            let text = match board.cell_at(Coord { x, y }) {
                None => String::new(),
                Some(c) => map
                    .get(c)
                    .map_or_else(|| ".".to_string(), |d| d.to_string()),
            };
            line.push_str(&format!(" {text:>wide$}"));
        }
        lines.push(line.trim_end().to_string());
    }
    let mut files = " ".repeat(rank_w);
    for x in 0..w {
        let name = board.file_name(x).unwrap_or_default();
        files.push_str(&format!(" {name:>wide$}"));
    }
    lines.push(files);
    lines
}

/// One line per distance, `0: f6` first, then `out of reach: ...` if any cell is.
fn by_distance(board: &Board, map: &DistanceMap) -> Vec<String> {
    let names = |pick: &dyn Fn(Option<u16>) -> bool| -> Vec<String> {
        map.distances()
            .enumerate()
            .filter(|&(_, d)| pick(d))
            .map(|(i, _)| board.cell_name(CellId(i as u16)))
            .collect()
    };
    let mut lines: Vec<String> = (0..=map.farthest())
        .map(|d| format!("{d}: {}", names(&|x| x == Some(d)).join(" ")))
        .collect();
    let out = names(&|x| x.is_none());
    if !out.is_empty() {
        lines.push(format!("out of reach: {}", out.join(" ")));
    }
    lines
}

/// The map as JSON: the piece, then every cell in cell-id order with its distance
/// (`null` out of reach).
fn to_json(game: &Game, map: &DistanceMap) -> String {
    let board = game.board();
    let cells: Vec<serde_json::Value> = map
        .distances()
        .enumerate()
        .map(|(i, d)| json!({ "cell": board.cell_name(CellId(i as u16)), "distance": d }))
        .collect();
    let doc = json!({
        "side": map.side().to_string(),
        "piece": game.rules().piece_name(map.piece()),
        "letter": game.letter(map.side(), map.piece()),
        "from": board.cell_name(map.origin()),
        "reachable": map.reachable(),
        "farthest": map.farthest(),
        "cells": cells,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
}
