//! `piecewise tree`: the path tree of one piece (every way it travels and what it
//! meets) as text or as the JSON document of docs/json.md, in a FEN position or on a
//! Sokoban text board (the pusher's by default).

use crate::failure::{Failure, Outcome};
use crate::input::{cell_arg, game_position, load_game_for, piece_on, text_board, Start};
use crate::output::{out, outln};
use piecewise::game::{CascadeTree, GamePosition};
use piecewise::ids::CellId;
use piecewise::path_tree::PathTree;
use piecewise::{Game, Rules};
use serde_json::json;
use std::fmt::Write as _;
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

/// Prints a path tree as text or JSON, with the side effects of the piece's moves
/// when the game declares effects (`effects`: the game and position).
fn print_tree(rules: &Rules, tree: &PathTree, json: bool, effects: Option<(&Game, &GamePosition)>) {
    let t = rules.table().table();
    let cascades = effects.map_or_else(Vec::new, |(g, pos)| g.cascade_trees(pos, tree.from));
    let effects = effects.map(|(g, pos)| effects_doc(g, pos, tree.from));
    if json {
        let mut doc = tree.to_json(t);
        if let (Some(fx), Some(obj)) = (effects, doc.as_object_mut()) {
            obj.insert("effects".into(), fx);
        }
        if let (false, Some(obj)) = (cascades.is_empty(), doc.as_object_mut()) {
            obj.insert("activations".into(), cascades_json(rules, &cascades));
        }
        outln!(
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
        );
    } else {
        out!("{}", tree.to_text(t));
        if !cascades.is_empty() {
            out!("activations:\n{}", cascades_text(rules, &cascades, 1));
        }
        if let Some(fx) = effects {
            out!("{}", effects_text(&fx));
        }
    }
}

/// The cascade trees as text: per activated piece a header line (which ply, which
/// piece, whose patterns), its tree indented below it, then its own activations.
fn cascades_text(rules: &Rules, cascades: &[CascadeTree], indent: usize) -> String {
    let t = rules.table().table();
    let name = |k: piecewise::ids::PieceId| {
        t.pieces
            .get(k.index())
            .map_or("?".to_string(), |p| p.name.clone())
    };
    let pad = "  ".repeat(indent);
    let mut out = String::new();
    for c in cascades {
        let moves = if c.moves_as == c.piece {
            "with its own moves".to_string()
        } else {
            format!("moving as the {} that activated it", name(c.moves_as))
        };
        let _ = writeln!(
            out,
            "{pad}ply {}: {} {} on {}, {moves}{}",
            c.ply,
            c.side,
            name(c.piece),
            t.board.cell_name(c.at),
            if c.never_captures {
                ", never capturing"
            } else {
                ""
            }
        );
        for line in c.tree.to_text(t).lines() {
            let _ = writeln!(out, "{pad}  {line}");
        }
        out.push_str(&cascades_text(rules, &c.next, indent + 1));
    }
    out
}

/// The cascade trees as the `activations` array of docs/json.md.
fn cascades_json(rules: &Rules, cascades: &[CascadeTree]) -> serde_json::Value {
    let t = rules.table().table();
    let list: Vec<serde_json::Value> = cascades
        .iter()
        .map(|c| {
            json!({
                "ply": c.ply,
                "cell": t.board.cell_name(c.at),
                "piece": t.pieces.get(c.piece.index()).map(|p| p.name.clone()),
                "side": c.side.name(),
                "moves_as": t.pieces.get(c.moves_as.index()).map(|p| p.name.clone()),
                "never_captures": c.never_captures,
                "tree": c.tree.to_json(t),
                "activations": cascades_json(rules, &c.next),
            })
        })
        .collect();
    serde_json::Value::Array(list)
}

/// The side effects of the moves of the piece on `from` (docs/json.md, `effects`):
/// whether it is frozen, and per move what its blast or burn clears.
fn effects_doc(game: &Game, pos: &GamePosition, from: CellId) -> serde_json::Value {
    let o = pos.occupant(from);
    let side = if o.is_empty() {
        pos.side_to_move()
    } else {
        o.side()
    };
    let turned = game.with_side_to_move(pos, side);
    let mut generator = game.move_generator();
    let mut moves = Vec::new();
    generator.pseudo_moves(&turned, &mut moves);
    let names = |cells: &[CellId]| -> Vec<String> {
        cells.iter().map(|&c| game.board().cell_name(c)).collect()
    };
    let list: Vec<serde_json::Value> = moves
        .iter()
        .filter(|m| m.from == from && m.kind != piecewise::game::MoveKind::Drop)
        .filter_map(|m| {
            let fx = game.side_effects(&turned, m);
            (!fx.is_empty()).then(|| {
                let mut doc = json!({
                    "move": game.uci(m),
                    "blast": names(&fx.blast),
                    "capturer_removed": fx.capturer_removed,
                    "burned": names(&fx.burned),
                });
                if !fx.taken.is_empty() {
                    doc["taken"] = json!(names(&fx.taken));
                }
                if let Some(t) = fx.mover_tags {
                    doc["tags"] = json!(game.tag_marks(t));
                }
                doc
            })
        })
        .collect();
    json!({ "frozen": game.frozen(pos, from), "moves": list })
}

/// [`effects_doc`] as text lines after the tree.
fn effects_text(doc: &serde_json::Value) -> String {
    let mut out = String::from("effects:\n");
    if doc["frozen"].as_bool() == Some(true) {
        out.push_str(
            "  frozen: the piece stands next to a piece that freezes it and cannot move\n",
        );
    }
    let cells = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|c| c.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let moves = doc["moves"].as_array().cloned().unwrap_or_default();
    if moves.is_empty() && doc["frozen"].as_bool() != Some(true) {
        out.push_str("  none of its moves does anything beyond its path here\n");
    }
    for m in moves {
        let mut parts = Vec::new();
        let blast = cells(&m["blast"]);
        if !blast.is_empty() || m["capturer_removed"].as_bool() == Some(true) {
            let mut s = format!("blast clears {}", blast.join(" "));
            if m["capturer_removed"].as_bool() == Some(true) {
                s.push_str(if blast.is_empty() {
                    "the capturer"
                } else {
                    " and the capturer"
                });
            }
            parts.push(s);
        }
        let taken = cells(&m["taken"]);
        if !taken.is_empty() {
            parts.push(format!("takes {}", taken.join(" ")));
        }
        let burned = cells(&m["burned"]);
        if !burned.is_empty() {
            parts.push(format!("burns {}", burned.join(" ")));
        }
        match m["tags"].as_str() {
            Some("") => parts.push("the mover carries no tag".to_string()),
            Some(marks) => parts.push(format!("the mover carries {marks}")),
            None => {}
        }
        out.push_str(&format!(
            "  {}: {}\n",
            m["move"].as_str().unwrap_or("?"),
            parts.join("; ")
        ));
    }
    out
}

/// The game and position for the effects section, when the rules file is a game with
/// effects and `fen` is a position of it.
fn effects_game(rules_path: &Path, fen: &str) -> Option<(Game, GamePosition)> {
    let (text, base) = crate::input::read_rules_quietly(rules_path)?;
    let game = Game::compile_at(&text, base).ok()?;
    if !game.has_effects() && !game.has_pattern_actions() {
        return None;
    }
    let pos = game.position(fen).ok()?;
    Some((game, pos))
}

fn fen_tree(rules_path: &Path, fen: &str, from: &str, json: bool, color: bool) -> Outcome {
    let (rules, pos, cell) = piece_on(rules_path, fen, from, color)?;
    let Some(tree) = rules.path_tree(pos.as_ref(), cell) else {
        return Err(Failure::Input);
    };
    let fx = effects_game(rules_path, fen);
    print_tree(&rules, &tree, json, fx.as_ref().map(|(g, p)| (g, p)));
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
    print_tree(rules, &tree, json, None);
    Ok(())
}
