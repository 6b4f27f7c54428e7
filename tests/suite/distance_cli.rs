//! `piecewise distance` and `piecewise show --distance`: insta snapshots of the grid
//! (square board), the list (hexagonal board), the JSON and the heat maps, and the
//! errors for a cell without a piece or off the board.

use crate::common;

use common::cli::{run, stderr, stdout};

/// The command's standard output; it must succeed.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    stdout(&o)
}

#[test]
fn grid_on_a_square_board() {
    // The knight on b1 in the start position: its own pawns block the second rank.
    insta::assert_snapshot!(ok(&["distance", "rules/chess.rules", "--from", "b1"]));
}

#[test]
fn grid_of_a_rook_that_captures_on_the_way() {
    let text = ok(&[
        "distance",
        "rules/chess.rules",
        "--fen",
        "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1",
        "--from",
        "a1",
    ]);
    insta::assert_snapshot!(text);
}

#[test]
fn list_on_a_hexagonal_board() {
    insta::assert_snapshot!(ok(&["distance", "rules/glinski.rules", "--from", "f3"]));
}

#[test]
fn a_sokoban_pusher_on_a_text_board() {
    let text = ok(&[
        "distance",
        "rules/sokoban.rules",
        "--board",
        "rules/boards/sokoban-simple.txt",
        "--from",
        "c7",
    ]);
    // The pusher reaches the box on d7 in one push; the boxes stay put afterwards.
    assert!(
        text.starts_with("white Pusher (P) on c7: 29 cells in reach"),
        "{text}"
    );
    assert!(text.contains("\n7  .  1  0  1  2  3  .  .\n"), "{text}");
}

#[test]
fn json_lists_every_cell() {
    let text = ok(&[
        "distance",
        "rules/chess.rules",
        "--fen",
        "8/8/8/8/8/8/8/N7 w - - 0 1",
        "--from",
        "a1",
        "--json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(doc["piece"], "Knight");
    assert_eq!(doc["from"], "a1");
    assert_eq!(doc["reachable"], 64);
    assert_eq!(doc["farthest"], 6);
    let cells = doc["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 64);
    assert_eq!(cells[9]["cell"], "b2");
    assert_eq!(cells[9]["distance"], 4);
    assert_eq!(cells[63]["distance"], 6);
}

#[test]
fn json_says_null_out_of_reach() {
    let text = ok(&["distance", "rules/chess.rules", "--from", "a1", "--json"]);
    insta::assert_snapshot!(text);
}

#[test]
fn heat_map_on_a_square_board() {
    let svg = ok(&[
        "show",
        "rules/chess.rules",
        "--fen",
        "4k3/8/8/8/n7/8/8/R3K3 w - - 0 1",
        "--distance",
        "a1",
        "-o",
        "-",
    ]);
    // 62 cells in reach besides a1: one number each; e1 (the king) out of reach.
    let numbers = svg
        .split("<g id=\"distance-numbers\"")
        .nth(1)
        .expect("numbers drawn")
        .split("</g>")
        .next()
        .unwrap();
    assert_eq!(numbers.matches("<text").count(), 62);
    assert!(svg.contains("white Rook (R) on a1: 62 cells in reach, the farthest 3 moves away"));
    insta::assert_snapshot!(svg);
}

#[test]
fn heat_map_on_a_hexagonal_board() {
    let svg = ok(&["show", "rules/glinski.rules", "--distance", "f3", "-o", "-"]);
    assert!(svg.contains("4 moves away") && svg.contains("out of reach"));
    insta::assert_snapshot!(svg);
}

#[test]
fn heat_map_on_a_graph_board() {
    let svg = ok(&[
        "show",
        "rules/graph-chess.rules",
        "--distance",
        "b1",
        "-o",
        "-",
    ]);
    assert!(svg.contains("<g id=\"distances\">"));
}

#[test]
fn an_empty_cell_or_a_bad_cell_is_an_input_error() {
    for args in [
        &["distance", "rules/chess.rules", "--from", "e4"][..],
        &["distance", "rules/chess.rules", "--from", "z9"],
        &["show", "rules/chess.rules", "--distance", "e4", "-o", "-"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.contains("there is no piece on e4") || err.contains("`z9` is not a cell"),
            "{args:?}: {err}"
        );
    }
    // --distance with --from is a usage error.
    let o = run(&[
        "show",
        "rules/chess.rules",
        "--distance",
        "b1",
        "--from",
        "b1",
        "-o",
        "-",
    ]);
    assert_eq!(o.status.code(), Some(2));
}
