//! The Sokoban family on its tessellations: Hexoban (`board hex WxH`), Trioban
//! (`board tri WxH`) and Octoban (`board octo WxH`), with the shipped rules files and
//! hand-made text boards. Each case is worked out by hand in its comment; the text
//! board's first line is row 0 from the top (rank 26 of the 26×26 boards), so row `r`
//! is rank `26 - r` and column `c` file `a + c`.

use crate::common;

use piecewise::Game;

fn game(name: &str) -> Game {
    let g = common::game(name);
    assert!(g.rules().warnings().is_empty(), "{name}");
    g
}

fn moves(g: &Game, text: &str) -> Vec<String> {
    let pos = g
        .read_text_board(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    g.legal_uci(&pos)
}

fn after(g: &Game, text: &str, uci: &str) -> String {
    let mut pos = g.read_text_board(text).expect("board");
    let m = g.parse_uci(&pos, uci).expect("legal");
    g.make(&mut pos, &m);
    g.text_board(&pos).expect("text")
}

// ------------------------------------------------------------------ Hexoban
//
// Rows of pointy-topped hexagons, odd rows (from the top) shifted right by half a
// cell. Neighbours of (c, r): left (c-1, r) and right (c+1, r); on an even row
// up-left (c-1, r-1), up-right (c, r-1), down-left (c-1, r+1), down-right (c, r+1);
// on an odd row the same with one column more for the four slanted ones.

#[test]
fn hexoban_push_and_box_against_a_wall() {
    let g = game("hexoban");
    // Pusher (3,2) = d24 on an even row. Right: box (4,2), pushed on to (5,2): a push.
    // Up-right: box (3,1) on an odd row, whose up-right neighbour (4,0) is a wall: no
    // push. Left c24, up-left (2,1) c25, down-left (2,3) c23, down-right (3,3) d23.
    let b = "#######\n#  $  #\n#  @$ #\n#     #\n#######\n";
    assert_eq!(
        moves(&g, b),
        ["d24c23", "d24c24", "d24c25", "d24d23", "d24e24"]
    );
    assert_eq!(
        after(&g, b, "d24e24"),
        "#######\n#  $  #\n#   @$#\n#     #\n#######\n"
    );
}

#[test]
fn hexoban_push_down_right_follows_the_row_shift() {
    let g = game("hexoban");
    // Pusher (2,2) = c24 (even row); its down-right neighbour (2,3) holds the box; from
    // (2,3), an odd row, down-right is (3,4): the box goes there.
    let b = "######\n#    #\n# @  #\n# $  #\n#    #\n######\n";
    assert_eq!(
        moves(&g, b),
        ["c24b23", "c24b24", "c24b25", "c24c23", "c24c25", "c24d24"]
    );
    assert_eq!(
        after(&g, b, "c24c23"),
        "######\n#    #\n#    #\n# @  #\n#  $ #\n######\n"
    );
}

#[test]
fn hexoban_two_boxes_in_a_row() {
    let g = game("hexoban");
    // Pusher (1,1) on an odd row: right are two boxes; every other neighbour a wall.
    assert!(moves(&g, "########\n#@$$   #\n########\n").is_empty());
}

// ------------------------------------------------------------------ Trioban
//
// A cell points down when (c + r % 2) % 2 == 0. Right and left go along the row; a
// down-pointing triangle's up-left and up-right both go to the cell above and its
// down-left / down-right to its left / right neighbour; an up-pointing one's up-left
// / up-right go left / right and its down-left / down-right to the cell below. A push
// continues in the direction the pusher moved, judged from the box's own triangle.

#[test]
fn trioban_push_and_box_against_a_wall() {
    let g = game("trioban");
    // Pusher (2,1) = c25 points up; box (3,1) = d25 points down. Right pushes the box
    // on to (4,1): a push. Up-right also reaches d25, but from the box's down-pointing
    // triangle up-right is the cell above, a wall: no push that way. Left (and up-left)
    // b25; down (both down directions) c24.
    let b = "######\n# @$ #\n#    #\n######\n";
    assert_eq!(moves(&g, b), ["c25b25", "c25c24", "c25d25"]);
    assert_eq!(after(&g, b, "c25d25"), "######\n#  @$#\n#    #\n######\n");
}

#[test]
fn trioban_two_directions_push_a_box_two_ways() {
    let g = game("trioban");
    // Pusher (2,2) = c24 points down; box (3,2) = d24 points up. Right and down-right
    // both step into d24; the box moves on right to e24, or down-right (from an
    // up-pointing triangle: the cell below) to d23. Two pushes with the same ends,
    // told apart by `^`; in the path tree the second is a `sub` substitute.
    let b = "######\n#    #\n# @$ #\n#    #\n######\n";
    assert_eq!(
        moves(&g, b),
        ["c24b24", "c24c25", "c24d24^d23", "c24d24^e24"]
    );
    assert_eq!(
        after(&g, b, "c24d24^d23"),
        "######\n#    #\n#  @ #\n#  $ #\n######\n"
    );
    assert_eq!(
        after(&g, b, "c24d24^e24"),
        "######\n#    #\n#  @$#\n#    #\n######\n"
    );
    let pos = g.read_text_board(b).expect("board");
    let r = g.rules();
    let tree = r.path_tree(&pos, r.cell("c24").unwrap()).expect("pusher");
    insta::assert_snapshot!(tree.to_text(r.table().table()));
}

#[test]
fn trioban_two_boxes_in_a_row() {
    let g = game("trioban");
    // Pusher (2,1) points up: right meets the box d25 with another box behind it; the
    // cell above d25 is a wall; only left is free.
    assert_eq!(moves(&g, "#######\n# @$$ #\n#######\n"), ["c25b25"]);
}

// ------------------------------------------------------------------ Octoban
//
// Octagons where (c + r % 2) % 2 == 0, squares between them. Every cell has its four
// orthogonal neighbours; only octagons have the four diagonal ones (octagons too).

#[test]
fn octoban_diagonal_push_from_an_octagon() {
    let g = game("octoban");
    // Pusher (2,2) = c24 is an octagon: eight neighbours; the box (3,3) = d23 is
    // pushed diagonally on to (4,4).
    let b = "#######\n#     #\n# @   #\n#  $  #\n#     #\n#######\n";
    assert_eq!(
        moves(&g, b),
        ["c24b23", "c24b24", "c24b25", "c24c23", "c24c25", "c24d23", "c24d24", "c24d25"]
    );
    assert_eq!(
        after(&g, b, "c24d23"),
        "#######\n#     #\n#     #\n#  @  #\n#   $ #\n#######\n"
    );
}

#[test]
fn octoban_squares_have_no_diagonals() {
    let g = game("octoban");
    // Pusher (3,2) = d24 is a square: only its four orthogonal neighbours, so the box
    // diagonally below right is out of reach.
    let b = "#######\n#     #\n#  @  #\n#   $ #\n#     #\n#######\n";
    assert_eq!(moves(&g, b), ["d24c24", "d24d23", "d24d25", "d24e24"]);
}

#[test]
fn octoban_no_diagonal_push_against_a_wall_or_a_second_box() {
    let g = game("octoban");
    let seven = [
        "c24b23", "c24b24", "c24b25", "c24c23", "c24c25", "c24d24", "c24d25",
    ];
    // The box (3,3) has a wall diagonally behind it.
    assert_eq!(moves(&g, "#####\n#   #\n# @ #\n#  $#\n#####\n"), seven);
    // The box (3,3) has another box diagonally behind it.
    assert_eq!(
        moves(&g, "######\n#    #\n# @  #\n#  $ #\n#   $#\n######\n"),
        seven
    );
}

// ------------------------------------------------------------------ shipped boards

#[test]
fn shipped_family_boards_read_round_trip_and_move() {
    for (name, first) in [
        ("hexoban", vec!["c23b23", "c23c24", "c23d23", "c23d24"]),
        ("trioban", vec!["c23b23", "c23d23"]),
        ("octoban", vec!["c23b23", "c23c24", "c23d23"]),
    ] {
        let g = game(name);
        let text = common::read(&format!("rules/boards/{name}-small.txt"));
        let pos = g.read_text_board(&text).expect("board");
        assert_eq!(g.text_board(&pos).unwrap(), text, "{name}");
        assert_eq!(g.legal_uci(&pos), first, "{name}");
        assert!(!g.solved(&pos));
    }
}
