//! `piecewise tree`: the path tree of one piece (every way it travels and what it
//! meets) as text or as the JSON document of docs/json.md, in a FEN position or on a
//! Sokoban text board (the pusher's by default).

use crate::failure::{Failure, Outcome};
use crate::input::{cell_arg, game_position, load_game_for, piece_on, text_board, Start};
use piecewise::path_tree::PathTree;
use piecewise::Rules;
use std::path::Path;

/// The tree of the piece on `from` in `fen`, or on the text board `board`.
pub fn run(
    rules: &Path,
    fen: Option<&str>,
    board: Option<&Path>,
    from: Option<&str>,
    json: bool,
    color: bool,
) -> Outcome {
    match (fen, board) {
        (_, Some(board)) => board_tree(rules, board, from, json, color),
        (Some(fen), None) => fen_tree(rules, fen, from.unwrap_or(""), json, color),
        (None, None) => {
            // The file's start position, as `moves` and `show` use it.
            let game = load_game_for(rules, Start::Declared, color)?;
            let pos = game_position(&game, rules, Start::Declared)?;
            let fen = game.fen(&pos);
            fen_tree(rules, &fen, from.unwrap_or(""), json, color)
        }
    }
}

/// Prints a path tree as text or JSON.
fn print_tree(rules: &Rules, tree: &PathTree, json: bool) {
    let t = rules.table().table();
    if json {
        let doc = tree.to_json(t);
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
        );
    } else {
        print!("{}", tree.to_text(t));
    }
}

fn fen_tree(rules_path: &Path, fen: &str, from: &str, json: bool, color: bool) -> Outcome {
    let (rules, pos, cell) = piece_on(rules_path, fen, from, color)?;
    let Some(tree) = rules.path_tree(&pos, cell) else {
        return Err(Failure::Input);
    };
    print_tree(&rules, &tree, json);
    Ok(())
}

/// `tree --board`: the path tree of the piece on `from` (default: the pusher) of a
/// Sokoban text board.
fn board_tree(
    rules_path: &Path,
    board: &Path,
    from: Option<&str>,
    json: bool,
    color: bool,
) -> Outcome {
    let game = load_game_for(rules_path, Start::Board(board), color)?;
    let pos = text_board(&game, board)?;
    let cell = match from {
        Some(f) => cell_arg(game.board(), f)?,
        None => {
            let pusher = game.sokoban().map(|r| r.pusher);
            let found = game.board().cells().find(|&c| {
                let o = pos.occupant(c);
                !o.is_empty() && Some(o.kind()) == pusher
            });
            found.ok_or_else(|| Failure::input("the board has no pusher; pass --from"))?
        }
    };
    let rules = game.rules();
    let Some(tree) = rules.path_tree(&pos, cell) else {
        return Err(Failure::input(format_args!(
            "there is no piece on {}",
            game.board().cell_name(cell)
        )));
    };
    print_tree(rules, &tree, json);
    Ok(())
}
