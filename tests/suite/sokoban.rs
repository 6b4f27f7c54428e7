//! Displacement (`push`) and Sokoban as a one-side puzzle: pusher moves and pushes on
//! hand-made text boards, make/unmake with pushes, the `^` notation where a push and
//! another move print the same, perft of a tiny puzzle counted by hand, text-board
//! round trips and errors, the path tree of a push (with a `sub` substitute), and the
//! verifier's rules for push nodes.

use crate::common;

use piecewise::game::GamePosition;
use piecewise::ids::Side;
use piecewise::table::{self, Node};
use piecewise::Game;

/// Sokoban on a 7×5 board: text line 1 is rank 5, column 1 is file a.
const SOKOBAN: &str = "\
board square 7x5
one side
sokoban pusher Pusher, box Box, wall Wall
piece Pusher (P) { step orthogonal, push Box }
piece Box (B) { }
piece Wall (W) { }
";

fn sokoban() -> Game {
    Game::compile(SOKOBAN).expect("compiles")
}

fn board(game: &Game, text: &str) -> GamePosition {
    game.read_text_board(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn moves(game: &Game, text: &str) -> Vec<String> {
    game.legal_uci(&board(game, text))
}

/// Plays `uci` (which must be legal) and returns the text board reached.
fn after(game: &Game, text: &str, uci: &[&str]) -> String {
    let mut pos = board(game, text);
    for u in uci {
        let m = game
            .parse_uci(&pos, u)
            .unwrap_or_else(|| panic!("{u} not legal in\n{text}"));
        game.make(&mut pos, &m);
    }
    game.text_board(&pos).expect("a sokoban game")
}

#[test]
fn free_steps_in_the_four_directions() {
    let g = sokoban();
    let b = "#####\n#   #\n# @ #\n#   #\n#####\n";
    assert_eq!(moves(&g, b), ["c3b3", "c3c2", "c3c4", "c3d3"]);
}

#[test]
fn a_push_moves_the_box_one_cell_on() {
    let g = sokoban();
    let b = "######\n#@$  #\n######\n";
    assert_eq!(moves(&g, b), ["b4c4"]);
    assert_eq!(after(&g, b, &["b4c4"]), "######\n# @$ #\n######\n");
    assert_eq!(after(&g, b, &["b4c4", "c4d4"]), "######\n#  @$#\n######\n");
}

#[test]
fn no_push_against_a_wall_or_into_a_second_box() {
    let g = sokoban();
    assert!(moves(&g, "#####\n#@$##\n#####\n").is_empty());
    assert!(moves(&g, "######\n#@$$ #\n######\n").is_empty());
    // With room below, the pusher still steps there.
    assert_eq!(moves(&g, "######\n#@$$ #\n#    #\n######\n"), ["b4b3"]);
}

#[test]
fn no_push_off_the_board_edge() {
    let g = sokoban();
    // The box stands on g3, the last file of the 7-wide board: pushing it right would
    // leave the board; there is no wall there.
    let b = "#######\n#######\n#    @$\n#######\n";
    assert_eq!(moves(&g, b), ["f3e3"]);
    // One cell further left the push is fine.
    let b = "#######\n#######\n#   @$ \n#######\n";
    assert_eq!(moves(&g, b), ["e3d3", "e3f3"]);
    assert_eq!(
        after(&g, b, &["e3f3"]),
        "#######\n#######\n#    @$\n#######\n"
    );
}

#[test]
fn pushing_from_a_goal_onto_a_goal() {
    let g = sokoban();
    let b = "######\n#@*.##\n######\n";
    let mut pos = board(&g, b);
    assert!(!g.solved(&pos));
    let m = g.parse_uci(&pos, "b4c4").expect("the push is legal");
    assert_eq!(m.push_to, g.board().parse_cell("d4"));
    let undo = g.make(&mut pos, &m);
    assert_eq!(g.text_board(&pos).unwrap(), "######\n# +*##\n######\n");
    // The box left the goal on c4 for the goal on d4: c4 is an uncovered goal.
    assert!(!g.solved(&pos));
    g.unmake(&mut pos, undo);
    assert_eq!(pos, board(&g, b));
}

#[test]
fn solved_needs_every_goal_covered() {
    let g = sokoban();
    assert!(g.solved(&board(&g, "#####\n#@*##\n#####\n")));
    assert!(!g.solved(&board(&g, "#####\n#@*.#\n#####\n")));
    assert!(!g.solved(&board(&g, "#####\n#@$.#\n#####\n")));
}

#[test]
fn one_side_keeps_the_pusher_to_move_and_counts_moves() {
    let g = sokoban();
    let mut pos = board(&g, "#####\n#   #\n# @ #\n#   #\n#####\n");
    for u in ["c3c4", "c4b4", "b4b3"] {
        let m = g.parse_uci(&pos, u).expect("legal");
        g.make(&mut pos, &m);
        assert_eq!(pos.side_to_move(), Side::First);
    }
    assert!(g.fen(&pos).ends_with(" w - - 3 4"), "{}", g.fen(&pos));
    let e = g
        .position("7/7/7/7/P6 b - - 0 1")
        .expect_err("the second side never moves");
    assert!(e.message().contains("one side"), "{}", e.message());
}

#[test]
fn make_unmake_and_hash_with_pushes() {
    let g = sokoban();
    let start = board(&g, "#######\n#     #\n# $@$ #\n#  $  #\n#######\n");
    let mut pos = start.clone();
    let mut s = g.move_generator();
    let mut legal = Vec::new();
    s.legal_moves(&mut pos, &mut legal);
    // Left and right push a box; down meets a box with a wall behind it; up is free.
    let mut texts = g.uci_list(&legal);
    texts.sort();
    assert_eq!(texts, ["d3c3", "d3d4", "d3e3"]);
    for m in &legal {
        let undo = g.make(&mut pos, m);
        // The hash kept incrementally equals the one of the same position read afresh.
        let fresh = g.position(&g.fen(&pos)).expect("own FEN reads");
        assert_eq!(pos.hash(), fresh.hash(), "after {}", g.uci(m));
        // Pushes moved a box: still three boxes.
        let boxes = g.rules().piece("Box").unwrap();
        assert_eq!(pos.on_board(Side::First, boxes), 3);
        g.unmake(&mut pos, undo);
        assert_eq!(pos, start);
        assert_eq!(pos.hash(), start.hash());
    }
}

/// A tiny puzzle, counted by hand. Inside the walls (b..d on ranks 4 and 3):
///
/// ```text
/// #####
/// #@$ #      b4 pusher, c4 box, d4 floor
/// #   #      b3 c3 d3 floor
/// #####
/// ```
///
/// Depth 1: b4b3 (step down) and b4c4 (push the box to d4): 2.
/// Depth 2: after b4b3 the pusher on b3 may go up (b4) or right (c3); after the push
/// the pusher on c4 may go back (b4) or down (c3), and the box on d4 has a wall behind
/// it: 2 + 2 = 4.
/// Depth 3: from (b4, box c4) again 2; from (c3, box c4): left, right (pushing the box
/// up would hit the wall): 2; from (b4, box d4): right, down: 2; from (c3, box d4):
/// up, left, right: 3. Total 2 + 2 + 2 + 3 = 9.
#[test]
fn perft_of_a_tiny_puzzle() {
    let g = sokoban();
    let pos = board(&g, "#####\n#@$ #\n#   #\n#####\n");
    assert_eq!(g.perft(&pos, 1), 2);
    assert_eq!(g.perft(&pos, 2), 4);
    assert_eq!(g.perft(&pos, 3), 9);
}

#[test]
fn text_boards_round_trip() {
    let g = sokoban();
    for text in [
        "#####\n#@$.#\n#####\n",
        "  ###\n###.#\n#+*$#\n#   #\n#####\n",
        "#######\n#  .  #\n# $*$ #\n#  @  #\n#######\n",
    ] {
        let pos = board(&g, text);
        assert_eq!(g.text_board(&pos).unwrap(), text);
    }
    // Rows of floor only keep their place (found by fuzzing: they were written as
    // blank lines, which end the level or are skipped).
    let pos = board(&g, "--\n #\n---\n#@\n");
    assert_eq!(g.text_board(&pos).unwrap(), "-\n #\n-\n#@\n");
    assert_eq!(board(&g, &g.text_board(&pos).unwrap()), pos);
    // Other floor characters, ragged lines, comments and surrounding blank lines.
    let pos = board(&g, "; a level\n\n####\n#@-$_.\n####\n\n");
    assert_eq!(g.text_board(&pos).unwrap(), "####\n#@ $ .\n####\n");
}

#[test]
fn malformed_text_boards_say_what_and_where() {
    let g = sokoban();
    let err = |text: &str| g.read_text_board(text).expect_err(text).to_string();
    assert_eq!(
        err("####\n#@x#\n####\n"),
        "2:3: unknown character 'x' (a Sokoban board uses `#` wall, `@` pusher, `+` pusher on a goal, `$` box, `*` box on a goal, `.` goal, and space, `-` or `_` floor; digits, `(`, `)` and `|` for run-length text)"
    );
    assert_eq!(
        err("####\n#  #\n####\n"),
        "the board has no pusher (`@`, or `+` on a goal)"
    );
    // Two pushers are a multiban level (tests/suite/sokoban_seed.rs), not an error.
    assert!(g.read_text_board("#####\n#@ +#\n#####\n").is_ok());
    assert!(err("########\n#@     #\n########\n").starts_with("1:8: '#' lies outside"));
    assert!(err("#\n#\n#\n#\n#\n#@\n").starts_with("6:1: '#' lies outside"));
    assert_eq!(
        err("####\n#@ #\n\n#  #\n"),
        "3:1: a blank line inside the level (a file holds one level)"
    );
    assert_eq!(err("\n  \n; only a comment\n"), "the board is empty");
}

#[test]
fn walls_without_a_wall_piece_must_be_holes() {
    let g = Game::compile(
        "board square 4x3 holes a1-d1 a3-d3 a2 d2\n\
         one side\n\
         sokoban pusher Pusher, box Box\n\
         piece Pusher (P) { step orthogonal, push Box }\n\
         piece Box (B) { }\n",
    )
    .expect("compiles");
    let pos = g
        .read_text_board("####\n#@$#\n####\n")
        .expect("walls on holes");
    assert!(g.legal_uci(&pos).is_empty());
    // One line: rank 3, which is all holes.
    let e = g.read_text_board("#@$#\n").expect_err("a pusher on a hole");
    assert_eq!(
        e.to_string(),
        "1:2: '@' falls on a hole of the board (only `#` may)"
    );
    let e = g
        .read_text_board("####\n##@#\n")
        .expect_err("a wall on a cell");
    assert_eq!(e.place(), Some((2, 2)));
    assert!(e.message().contains("no wall piece"), "{e}");
}

/// A rook that captures or pushes enemy pawns: the two moves onto d5 print the same
/// unless told apart by `^` and the push cell.
const PUSHING_ROOK: &str = "\
board square 8x8
piece Rook (R) { ride orthogonal, push foe Pawn }
piece Pawn (P) { step forward, move only }
";

#[test]
fn a_push_and_a_capture_of_the_same_piece_are_told_apart() {
    let g = Game::compile(PUSHING_ROOK).expect("compiles");
    let pos = g.position("8/8/8/3p4/8/3R2pp/8/8 w - - 0 1").expect("fen");
    let legal = g.legal_uci(&pos);
    assert!(legal.contains(&"d3d5".to_string()), "{legal:?}");
    assert!(legal.contains(&"d3d5^d6".to_string()), "{legal:?}");
    // g3 holds a pawn with another one behind it: capture only, no `^`.
    assert!(legal.contains(&"d3g3".to_string()), "{legal:?}");
    assert!(!legal.iter().any(|m| m.starts_with("d3g3^")), "{legal:?}");
    let mut p = pos.clone();
    let push = g.parse_uci(&p, "d3d5^d6").expect("the push");
    g.make(&mut p, &push);
    assert_eq!(g.fen(&p), "8/8/3p4/3R4/8/6pp/8/8 b - - 1 1");
    let mut p = pos.clone();
    let capture = g.parse_uci(&p, "d3d5").expect("the capture");
    g.make(&mut p, &capture);
    assert_eq!(g.fen(&p), "8/8/8/3R4/8/6pp/8/8 b - - 0 1");
    // The pseudo-legal move list of the movement layer writes them the same way.
    let r = g.rules();
    let list = r.moves_from(&pos, r.cell("d3").unwrap());
    let mut texts: Vec<String> = list.iter().map(|m| r.move_text(&list, m)).collect();
    texts.sort();
    assert_eq!(
        texts,
        [
            "d3a3", "d3b3", "d3c3", "d3d1", "d3d2", "d3d4", "d3d5", "d3d5^d6", "d3e3", "d3f3",
            "d3g3"
        ]
    );
}

#[test]
fn friend_and_foe_pushes() {
    let src = "board square 5x1\n\
               piece Shover (S) { step orthogonal, move only, push friend }\n\
               piece Pawn (P) { }\n";
    let g = Game::compile(src).expect("compiles");
    // A friendly pawn is pushed, an enemy one is neither pushed nor captured.
    let pos = g.position("1SP1p w - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["b1a1", "b1c1"]);
    let pos = g.position("1Sp1P w - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["b1a1"]);
}

#[test]
fn tree_of_a_push() {
    let g = sokoban();
    let pos = board(&g, "#######\n#  .  #\n# $@$ #\n#  $  #\n#######\n");
    let r = g.rules();
    let tree = r
        .path_tree(&pos, r.cell("d3").unwrap())
        .expect("the pusher");
    insta::assert_snapshot!(tree.to_text(r.table().table()));
    let json = tree.to_json(r.table().table());
    let plies = json["plies"].as_array().expect("plies");
    let pushes: Vec<String> = plies
        .iter()
        .filter(|p| !p["push"].is_null())
        .map(|p| format!("{}>{}", p["push"]["from"], p["push"]["to"]))
        .collect();
    assert_eq!(pushes, ["\"c3\">\"b3\"", "\"e3\">\"f3\""]);
}

/// A push node with two displacement cells (no `push` of the language makes one; a
/// table from elsewhere may): the path tree lists the second as a `sub` substitute and
/// the move list tells the two moves apart with `^`.
#[test]
fn two_displacement_cells_make_a_sub_link() {
    let g = sokoban();
    let mut t = g.rules().table().table().clone();
    let from = t.board.parse_cell("c3").unwrap();
    let pusher = g.rules().piece("Pusher").unwrap();
    let roots = t.roots(Side::First, pusher, from).unwrap();
    // The push node towards d3 (pushing on to e3) gets a second target, d2.
    let push = roots
        .nodes()
        .find(|&i| t.nodes[i].has(Node::PUSH) && t.board.cell_name(t.nodes[i].target) == "d3")
        .expect("a push node to d3");
    let old = t.nodes[push];
    let mut second = t.nodes[old.first_child as usize];
    assert_eq!(t.board.cell_name(second.target), "e3");
    second.target = t.board.parse_cell("d2").unwrap();
    let first = t.nodes.len() as u32;
    t.nodes.push(t.nodes[old.first_child as usize]);
    t.nodes.push(second);
    t.nodes[push].first_child = first;
    t.nodes[push].child_count = 2;
    let verified = table::verify(t).expect("still a valid table");
    let pos = board(&g, "######\n#    #\n# @$ #\n#    #\n######\n");
    let mut walker = piecewise::walk::Walker::new(&verified);
    let mut b = piecewise::path_tree::PathTreeBuilder::new();
    walker.walk(&pos, Side::First, pusher, from, &mut b);
    let tree = b.finish(Side::First, pusher, from);
    let text = tree.to_text(verified.table());
    assert!(
        text.contains("  d3^  [meets friend B (white Box): push to e3]\n  sub: d3^  [meets friend B (white Box): push to d2]\n"),
        "{text}"
    );
    assert_eq!(tree.plies.iter().filter(|p| p.push_to.is_some()).count(), 2);
    let json = tree.to_json(verified.table());
    let subbed = json["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| !s["sub"].is_null())
        .expect("a segment with a substitute");
    assert_eq!(subbed["encounter"]["push_to"], "e3");
    let sub = &json["segments"][subbed["sub"].as_u64().unwrap() as usize];
    assert_eq!(sub["encounter"]["push_to"], "d2");
    let mut list = piecewise::walk::MoveList::new();
    walker.walk(&pos, Side::First, pusher, from, &mut list);
    let mut texts: Vec<String> = list.iter().map(|m| g.rules().move_text(&list, m)).collect();
    texts.sort();
    assert_eq!(texts, ["c3b3", "c3c2", "c3c4", "c3d3^d2", "c3d3^e3"]);
}

#[test]
fn verifier_rules_for_push_nodes() {
    let g = sokoban();
    let t = g.rules().table().table().clone();
    let push = t
        .nodes
        .iter()
        .position(|n| n.has(Node::PUSH))
        .expect("a push node");
    let target = t.nodes[push].first_child as usize;
    assert!(t.nodes[target].has(Node::PUSH_TARGET));

    let mut bad = t.clone();
    bad.nodes[push].flags |= Node::LAND_EMPTY;
    assert!(table::verify(bad)
        .unwrap_err()
        .message()
        .contains("push node"));

    let mut bad = t.clone();
    bad.nodes[push].flags &= !Node::PUSH;
    let e = table::verify(bad).unwrap_err().message();
    assert!(e.contains("push targets"), "{e}");

    let mut bad = t.clone();
    bad.nodes[target].mask |= piecewise::table::CLASS_EMPTY;
    let e = table::verify(bad).unwrap_err().message();
    assert!(e.contains("empty cell"), "{e}");

    let mut bad = t.clone();
    bad.nodes[target].flags |= Node::LAND_EMPTY;
    let e = table::verify(bad).unwrap_err().message();
    assert!(e.contains("other flags"), "{e}");

    // Push nodes survive the byte format.
    let bytes = table::to_bytes(&t);
    assert_eq!(table::from_bytes(&bytes).expect("reads"), t);
}

#[test]
fn shipped_sokoban_rules_and_boards() {
    let g = common::game("sokoban");
    assert!(
        g.rules().warnings().is_empty(),
        "{:?}",
        g.rules().warnings()
    );
    let tiny = common::read("rules/boards/sokoban-tiny.txt");
    let pos = board(&g, &tiny);
    assert_eq!(g.legal_uci(&pos), ["b25c25"]);
    assert_eq!(g.text_board(&pos).unwrap(), tiny);
    let simple = common::read("rules/boards/sokoban-simple.txt");
    let pos = board(&g, &simple);
    assert_eq!(g.text_board(&pos).unwrap(), simple);
    assert_eq!(g.legal_uci(&pos), ["c24b24", "c24d24"]);
}

/// The mover's start cell counts as empty during its own move, for the cell a piece is
/// pushed to as well: a piece that walks round a box and pushes it into the cell it
/// left.
#[test]
fn a_piece_may_be_pushed_into_the_cell_the_mover_left() {
    let g = Game::compile(
        "board square 3x2\n\
         piece Circler (C) { step forward then step turn -90 then step same then step turn -90 then step turn -90, move only, capture only, push piece }\n\
         piece Box (B) { }\n",
    )
    .expect("compiles");
    // a1 → a2 → b2 → c2 → c1 → b1 (the box), pushed left onto a1.
    let pos = g.position("3/CB1 w - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["a1b1"]);
    let mut p = pos.clone();
    let m = g.parse_uci(&p, "a1b1").unwrap();
    assert_eq!(m.push_to, g.board().parse_cell("a1"));
    let undo = g.make(&mut p, &m);
    assert_eq!(g.fen(&p), "3/BC1 b - - 1 1");
    g.unmake(&mut p, undo);
    assert_eq!(p, pos);
    // With a piece on c2 the way round is blocked.
    let pos = g.position("2B/CB1 w - - 0 1").expect("fen");
    assert!(g.legal_uci(&pos).is_empty());
}

/// The second side's pushes are mirrored like its steps: `forward` is down.
#[test]
fn the_second_side_pushes_forward_down_the_board() {
    let g = Game::compile(
        "board square 1x4\n\
         piece Ram (R) { step forward, push foe }\n\
         piece Box (B) { }\n",
    )
    .expect("compiles");
    // Capture the box, or push it down to a2.
    let pos = g.position("r/B/1/1 b - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["a4a3", "a4a3^a2"]);
    let mut p = pos.clone();
    let m = g.parse_uci(&p, "a4a3^a2").unwrap();
    g.make(&mut p, &m);
    assert_eq!(g.fen(&p), "1/r/B/1 w - - 1 2");
    // At the bottom edge the box cannot go further: only the capture is left.
    let pos = g.position("1/1/r/B b - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["a2a1"]);
}

/// Obstacles that belong to no one, in a game for two sides: crates of either colour
/// are pushed, never captured (`captures not Crate`), and block rides.
#[test]
fn neutral_crates_are_pushed_by_both_sides_and_never_captured() {
    let g = Game::compile(
        "board square 6x1\n\
         piece Rook (R) { ride sideways, captures not Crate, push piece Crate }\n\
         piece Crate (C) { }\n",
    )
    .expect("compiles");
    assert!(g.rules().warnings().is_empty());
    // White rook a1; a black crate on c1 and a white one on e1; a black rook f1.
    let pos = g.position("R1c1Cr w - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["a1b1", "a1c1"]);
    let mut p = pos.clone();
    let m = g.parse_uci(&p, "a1c1").unwrap();
    g.make(&mut p, &m);
    assert_eq!(g.fen(&p), "2RcCr b - - 1 1");
    // Black: the rook on f1 meets the white crate on e1, with the black one behind it.
    assert!(g.legal_uci(&p).is_empty());
    // Black's rook pushes its own crate from c1 to b1 as well.
    let pos = g.position("R1c2r b - - 0 1").expect("fen");
    assert_eq!(g.legal_uci(&pos), ["f1c1", "f1d1", "f1e1"]);
}
