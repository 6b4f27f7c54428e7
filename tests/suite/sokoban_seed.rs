//! Sokoban as sokoenginepy documents it (the tutorial in
//! `../shared/seeds/002-sokoenginepy-tutorial.rst` and its documented examples): its
//! boards read from text and from run-length text and written back, several pushers
//! on one board (multiban), Sokoban+ ids, and the solver's hash. The tutorial numbers
//! cells row by row from the top-left (`index = row * width + column`) and pieces in
//! that reading order from 1; here the level's line `r` (from 0) is rank
//! `lines - r` of the board cut to the level, its column `c` file `a + c`.

use crate::common;
use crate::common::cli::{run, stderr, stdout, temp};

use piecewise::game::{text_board, GamePosition};
use piecewise::Game;

/// The tutorial's board: 19 columns, 11 lines, two pushers, six boxes, six goals.
pub const TUTORIAL: &str = "    #####
    #  @#
    #$  #
  ###  $##
  #  $ $ #
### # ## #   ######
#   # ## #####  ..#
# $  $          ..#
##### ### #@##  ..#
    #     #########
    #######
";

/// The shipped rules file `name` on a board cut to the level, as `--board` plays it.
pub fn fitted(name: &str, level: &str) -> Game {
    let size = text_board::level_size(level).expect("a level");
    Game::compile_fitted(&common::rules_source(name), None, Some(size)).expect("compiles")
}

pub fn read(g: &Game, level: &str) -> GamePosition {
    g.read_text_board(level)
        .unwrap_or_else(|e| panic!("{e}\n{level}"))
}

/// The same text with floor written `-` and every line as long as the longest, as
/// sokoenginepy prints a board with `use_visible_floor`.
fn visible(level: &str) -> String {
    let width = level.lines().map(str::len).max().unwrap_or(0);
    level
        .lines()
        .map(|l| format!("{l:-<width$}\n").replace(' ', "-"))
        .collect()
}

// ------------------------------------------------------------------ run-length text

#[test]
fn the_tutorial_board_round_trips_through_run_length_text() {
    let g = fitted("sokoban", TUTORIAL);
    let pos = read(&g, TUTORIAL);
    let rle = g.text_board_rle(&pos).expect("sokoban");
    // Counted by hand from the board, row by row.
    assert_eq!(
        rle,
        "4-5#|4-#2-@#|4-#$2-#|2-3#2-$2#|2-#2-$-$-#|3#-#-2#-#3-6#|#3-#-2#-5#2-2.#|#-$2-$10-2.#|5#-3#-#@2#2-2.#|4-#5-9#|4-7#\n"
    );
    let back = read(&g, &rle);
    assert_eq!(back, pos);
    assert_eq!(g.text_board(&back).as_deref(), Some(TUTORIAL));
    assert_eq!(text_board::level_size(&rle), Ok((19, 11)));
}

#[test]
fn visible_floor_reads_as_floor() {
    // The tutorial prints the board with `-` for floor: the same position.
    let g = fitted("sokoban", TUTORIAL);
    assert_eq!(read(&g, &visible(TUTORIAL)), read(&g, TUTORIAL));
}

#[test]
fn sokoenginepys_run_length_board_with_blank_rows() {
    // sokoenginepy's own test of a run-length board: rows end at `|`, `|||` leaves two
    // rows of floor, trailing floor is dropped. Two pushers (`@` and `+`).
    let rle = " ##########   | ## @ *   #|##  $ ####|# $.+ #|||#######   |";
    let plain = " ##########\n ## @ *   #\n##  $ ####\n# $.+ #\n-\n-\n#######\n";
    let g = fitted("sokoban", rle);
    assert_eq!(text_board::level_size(rle), Ok((11, 7)));
    let pos = read(&g, rle);
    assert_eq!(g.text_board(&pos).as_deref(), Some(plain));
    assert_eq!(read(&g, plain), pos);
}

#[test]
fn groups_repeat_rows_and_runs() {
    // `3(#-)` is `#-#-#-`; a group may hold row breaks: `2(#2-#|)` is two rows.
    let g = fitted("sokoban", "6#|#@3-#|2(#4-#|)6#");
    let pos = read(&g, "6#|#@3-#|2(#4-#|)6#");
    assert_eq!(
        g.text_board(&pos).as_deref(),
        Some("######\n#@   #\n#    #\n#    #\n######\n")
    );
    assert_eq!(
        read(&g, "6#|#@3-#|#4-#|#4-#|6#"),
        read(&g, "6#|#@3-#|2(#4-#|)6#")
    );
}

#[test]
fn malformed_run_length_text_says_what_and_where() {
    let g = fitted("sokoban", TUTORIAL);
    let err = |text: &str| g.read_text_board(text).expect_err(text).to_string();
    assert_eq!(
        err("5#|#@2(-#|5#"),
        "1:7: a run-length group `(` is never closed"
    );
    assert_eq!(
        err("; a level\n5#|#@-)#|5#"),
        "2:7: a `)` closes no run-length group"
    );
    assert_eq!(
        err("5#|#@-$3"),
        "1:8: a run-length count with nothing after it to repeat"
    );
    assert!(err("5#|#@x2-#").starts_with("1:6: unknown character 'x'"));
    assert_eq!(
        err("99999999#"),
        "1:1: the run-length line decodes to more than 65536 characters"
    );
    // A problem found once the line is decoded names the decoded row and column.
    assert!(
        err("5#|#@-$#|#2-20-#")
            .starts_with("1: row 3, column 24 of the decoded run-length text: '#' lies outside"),
        "{}",
        err("5#|#@-$#|#2-20-#")
    );
}

#[test]
fn play_prints_the_board_reached_in_run_length_text() {
    let file = temp("tutorial.txt", TUTORIAL.as_bytes());
    let file = file.to_str().expect("utf-8");
    // The second pusher (l3) steps up.
    let out = run(&["play", "sokoban", "--board", file, "--rle", "l3l4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "4-5#|4-#2-@#|4-#$2-#|2-3#2-$2#|2-#2-$-$-#|3#-#-2#-#3-6#|#3-#-2#-5#2-2.#|#-$2-$5-@4-2.#|5#-3#-#-2#2-2.#|4-#5-9#|4-7#\n"
    );
    // Run-length text is read wherever a board is: back through `play --board`.
    let rle = temp("tutorial.rle", stdout(&out).as_bytes());
    let out = run(&["play", "sokoban", "--board", rle.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\n# $  $     @    ..#\n##### ### # ##  ..#\n"));
    let bad = run(&["play", "sokoban", "--rle"]);
    assert!(!bad.status.success());
}

// ------------------------------------------------------------------ multiban

#[test]
fn the_tutorials_two_pushers_each_move() {
    // sokoenginepy: pusher 1 at index 26 (line 1, column 7: h10), pusher 2 at 163
    // (line 8, column 11: l3).
    let g = fitted("sokoban", TUTORIAL);
    let pos = read(&g, TUTORIAL);
    assert_eq!(g.legal_uci(&pos), ["h10g10", "h10h9", "l3l4"]);
    let by_pusher = g.legal_by_pusher(&pos);
    let listed: Vec<(String, Vec<String>)> = by_pusher
        .iter()
        .map(|(cell, moves)| (g.board().cell_name(*cell), g.uci_list(moves)))
        .collect();
    assert_eq!(
        listed,
        [
            (
                "h10".to_string(),
                vec!["h10g10".to_string(), "h10h9".to_string()]
            ),
            ("l3".to_string(), vec!["l3l4".to_string()]),
        ]
    );
    // The tutorial's Mover: pusher 2 moves up, then up again is refused (a wall at
    // index 125, line 6 column 11: l5).
    let mut pos = pos;
    let m = g.parse_uci(&pos, "l3l4").expect("pusher 2 moves up");
    g.make(&mut pos, &m);
    assert!(g.parse_uci(&pos, "l4l5").is_none());
    assert_eq!(
        g.legal_uci(&pos),
        ["h10g10", "h10h9", "l4k4", "l4l3", "l4m4"]
    );
}

#[test]
fn a_pusher_cannot_walk_through_or_push_another() {
    let g = fitted("sokoban", "#######\n#@@$  #\n#######\n");
    // b2 is blocked by c2 (another pusher), which pushes the box on d2.
    assert_eq!(
        g.legal_uci(&read(&g, "#######\n#@@$  #\n#######\n")),
        ["c2d2"]
    );
    // A box pushed towards a pusher stops: e2 would push d2 onto c2's pusher.
    let b = "#######\n# @$@ #\n#######\n";
    let g = fitted("sokoban", b);
    assert_eq!(g.legal_uci(&read(&g, b)), ["c2b2", "e2f2"]);
}

// ------------------------------------------------------------------ Sokoban+

#[test]
fn the_tutorials_sokoban_plus_orders() {
    // boxorder "1 3 2", goalorder "3 2 1": boxes 1-3 (reading order) get 1, 3, 2 and
    // goals 1-3 get 3, 2, 1; the other three of each the default 0.
    let g = fitted("sokoban", TUTORIAL);
    let mut pos = read(&g, TUTORIAL);
    g.set_sokoban_plus(&mut pos, "1 3 2", "3 2 1")
        .expect("valid");
    let name = |c| g.board().cell_name(c);
    let boxes: Vec<(String, u32)> = g
        .boxes(&pos)
        .into_iter()
        .map(|c| (name(c), pos.box_plus_id(c)))
        .collect();
    // Box 3 is the tutorial's `box_position(DEFAULT_PIECE_ID + 2) == 81`: line 4,
    // column 5 (81 = 4 * 19 + 5), f7.
    assert_eq!(
        boxes,
        [
            ("f9", 1),
            ("h8", 3),
            ("f7", 2),
            ("h7", 0),
            ("c4", 0),
            ("f4", 0)
        ]
        .map(|(c, i)| (c.to_string(), i))
    );
    assert_eq!(
        g.sokoban_plus_orders(&pos),
        Some(("1 3 2".to_string(), "3 2 1".to_string()))
    );
    assert!(!g.solved(&pos));
}

/// Two boxes pushed right along their rows onto the goals at the rows' ends.
const TWO_ROWS: &str = "\
########
#@ $  .#
#  $  .#
########
";

/// The pushes that put both boxes of [`TWO_ROWS`] on the goals.
const TWO_ROWS_SOLUTION: [&str; 11] = [
    "b3c3", "c3d3", "d3e3", "e3f3", "f3e3", "e3d3", "d3c3", "c3c2", "c2d2", "d2e2", "e2f2",
];

fn solve_two_rows(orders: &str) -> (Game, GamePosition) {
    let level = format!("{TWO_ROWS}{orders}");
    let g = fitted("sokoban", TWO_ROWS);
    let mut pos = read(&g, &level);
    for u in TWO_ROWS_SOLUTION {
        let m = g.parse_uci(&pos, u).unwrap_or_else(|| panic!("{u}"));
        g.make(&mut pos, &m);
    }
    (g, pos)
}

#[test]
fn a_box_on_a_goal_of_another_id_is_not_solved() {
    // Plain Sokoban: both boxes on goals.
    let (g, pos) = solve_two_rows("");
    assert!(g.solved(&pos));
    // The upper box is 1 and the upper goal 2: each box on the other's goal.
    let (g, pos) = solve_two_rows("boxorder: 1 2\ngoalorder: 2 1\n");
    assert_eq!(
        g.text_board(&pos).as_deref(),
        Some("########\n#     *#\n#    @*#\n########\nboxorder: 1 2\ngoalorder: 2 1\n")
    );
    let g3 = g.board().parse_cell("g3").expect("g3");
    assert_eq!((pos.box_plus_id(g3), pos.goal_plus_id(g3)), (1, 2));
    assert!(!g.solved(&pos));
    // Matching ids: solved.
    let (g, pos) = solve_two_rows("BoxOrder = 1 2\nGoalOrder = 1 2\n");
    assert!(g.solved(&pos));
}

#[test]
fn box_ids_travel_with_their_boxes_and_come_back_on_unmake() {
    let g = fitted("sokoban", TWO_ROWS);
    let start = read(&g, &format!("{TWO_ROWS}boxorder: 1 2\ngoalorder: 2 1\n"));
    let mut pos = start.clone();
    let mut undos = Vec::new();
    for u in TWO_ROWS_SOLUTION {
        let m = g.parse_uci(&pos, u).expect("legal");
        undos.push(g.make(&mut pos, &m));
    }
    let g2 = g.board().parse_cell("g2").expect("g2");
    assert_eq!(pos.box_plus_id(g2), 2);
    for u in undos.into_iter().rev() {
        g.unmake(&mut pos, u);
    }
    assert_eq!(pos, start);
    // The ids are part of the hash: the same boxes with their ids exchanged, or
    // without ids, hash apart.
    let other = read(&g, &format!("{TWO_ROWS}boxorder: 2 1\ngoalorder: 2 1\n"));
    let plain = read(&g, TWO_ROWS);
    assert_ne!(start.hash(), other.hash());
    assert_ne!(start.hash(), plain.hash());
    // The orders are written back and read again, also in run-length text.
    let rle = g.text_board_rle(&start).expect("sokoban");
    assert_eq!(
        rle,
        "8#|#@-$2-.#|#2-$2-.#|8#\nboxorder: 1 2\ngoalorder: 2 1\n"
    );
    assert_eq!(read(&g, &rle), start);
}

#[test]
fn sokoban_plus_orders_that_do_not_fit_say_why() {
    let g = fitted("sokoban", TWO_ROWS);
    let err = |orders: &str| {
        g.read_text_board(&format!("{TWO_ROWS}{orders}"))
            .expect_err(orders)
            .to_string()
    };
    assert_eq!(
        err("boxorder: 1 x\ngoalorder: 1\n"),
        "5:1: boxorder: \"x\" is not a Sokoban+ id (a whole number, 0 for none)"
    );
    assert_eq!(
        err("boxorder: 1 2 3\ngoalorder: 1 2 3\n"),
        "5:1: boxorder gives 3 ids for 2 boxes"
    );
    assert_eq!(
        err("boxorder: 1 2\ngoalorder: 1 3\n"),
        "6:1: the Sokoban+ ids of the boxes (1 2) are not those of the goals (1 3): every id a box has needs a goal of that id"
    );
    // sokoenginepy's legacy default 99 is the default 0 on a small board.
    let pos = read(&g, &format!("{TWO_ROWS}boxorder: 99 1\ngoalorder: 1\n"));
    assert_eq!(
        g.sokoban_plus_orders(&pos),
        Some(("0 1".to_string(), "1".to_string()))
    );
}

// ------------------------------------------------------------------ reverse mode

#[test]
fn the_tutorials_reverse_start_exchanges_boxes_and_goals() {
    let g = fitted("sokoban", TUTORIAL);
    let pos = g
        .reverse_level(&read(&g, TUTORIAL))
        .expect("no pusher on a goal");
    // sokoenginepy's reverse mover prints this board (floor as `-`).
    let expected = "\
----#####----------
----#--@#----------
----#.--#----------
--###--.##---------
--#--.-.-#---------
###-#-##-#---######
#---#-##-#####--$$#
#-.--.----------$$#
#####-###-#@##--$$#
----#-----#########
----#######--------
";
    assert_eq!(visible(&g.text_board(&pos).expect("sokoban")), expected);
    // Sokoban+ on it: not solved.
    let mut plus = pos.clone();
    g.set_sokoban_plus(&mut plus, "1 3 2", "3 2 1")
        .expect("valid");
    assert!(!g.solved(&plus));
    // A pusher on a goal would stand on a box.
    let small = fitted("sokoban", "#####\n#+$ #\n#####\n");
    let err = small
        .reverse_level(&read(&small, "#####\n#+$ #\n#####\n"))
        .expect_err("pusher on a goal");
    assert_eq!(
        err.to_string(),
        "the pusher on the goal b2 would stand on a box in reverse mode; move it off the goal first"
    );
}

/// A forward level: the box on c3 belongs on the goal b3.
const CORRIDOR: &str = "#######\n#.$@  #\n#     #\n#######\n";

fn reverse_game(level: &str) -> Game {
    let mut g = fitted("sokoban", level);
    g.set_sokoban_reverse(true);
    g
}

#[test]
fn reverse_mode_pulls_and_jumps_before_the_first_pull() {
    let g = reverse_game(CORRIDOR);
    assert!(g.sokoban_reverse());
    let mut pos = g.reverse_level(&read(&g, CORRIDOR)).expect("reverse start");
    assert_eq!(
        g.text_board(&pos).as_deref(),
        Some("#######\n#$.@  #\n#     #\n#######\n")
    );
    // d3's steps c3, e3, d2, and jumps to every other empty cell of the level; no
    // pull (no box next to it).
    assert_eq!(
        g.legal_uci(&pos),
        ["d3b2", "d3c2", "d3c3", "d3d2", "d3e2", "d3e3", "d3f2", "d3f3"]
    );
    let m = g.parse_uci(&pos, "d3c3").expect("a step");
    let before = pos.clone();
    let undo_step = g.make(&mut pos, &m);
    // On c3 next to the box on b3: stepping back to d3 pulls it onto c3 (written as
    // the box's move, b3c3); stepping to c2 pulls nothing (the box is not behind).
    assert_eq!(
        g.legal_uci(&pos),
        ["b3c3", "c3b2", "c3c2", "c3d2", "c3d3", "c3e2", "c3e3", "c3f2", "c3f3"]
    );
    let pull = g.parse_uci(&pos, "b3c3").expect("the pull");
    let undo = g.make(&mut pos, &pull);
    assert!(pos.pulled());
    assert_eq!(
        g.text_board(&pos).as_deref(),
        Some("#######\n# *@  #\n#     #\n#######\n")
    );
    assert!(g.solved(&pos));
    // After the first pull: no more jumps; pulling on along the row is still there.
    assert_eq!(g.legal_uci(&pos), ["c3d3", "d3d2", "d3e3"]);
    g.unmake(&mut pos, undo);
    assert!(!pos.pulled());
    g.unmake(&mut pos, undo_step);
    assert_eq!(pos, before);
    // Reverse perft: 8 first moves; depth 2 equals the replies counted move by move.
    let start = g.reverse_level(&read(&g, CORRIDOR)).expect("reverse start");
    assert_eq!(g.perft(&start, 1), 8);
    let mut sum = 0;
    for m in g.legal_moves(&start) {
        let mut p = start.clone();
        g.make(&mut p, &m);
        sum += g.legal_moves(&p).len() as u64;
    }
    assert_eq!(g.perft(&start, 2), sum);
}

/// Reverse mode's count stops for a cancel flag already set and for a limit already
/// passed (`Game::perft_within`, the counters of forward games do not make its moves),
/// and counts what `Game::perft` counts otherwise.
#[test]
fn reverse_perft_stops_for_a_flag_and_a_passed_limit() {
    use std::sync::{atomic::AtomicBool, Arc};
    use std::time::Duration;
    let g = reverse_game(CORRIDOR);
    let start = g.reverse_level(&read(&g, CORRIDOR)).expect("reverse start");
    let set = Arc::new(AtomicBool::new(true));
    let stopped = g
        .perft_within(&start, 30, Duration::MAX, Some(&set))
        .expect_err("cancelled");
    assert!(stopped.cancelled, "{stopped}");
    assert_eq!((stopped.roots_counted, stopped.roots), (0, 8));
    let stopped = g
        .perft_within(&start, 30, Duration::ZERO, None)
        .expect_err("no time");
    assert!(!stopped.cancelled, "{stopped}");
    assert_eq!(stopped.limit_ms, 0);
    let clear = Arc::new(AtomicBool::new(false));
    assert_eq!(
        g.perft_within(&start, 3, Duration::MAX, Some(&clear)),
        Ok(g.perft(&start, 3))
    );
}

#[test]
fn a_rules_file_declares_reverse_mode_and_hexoban_pulls_along_its_lines() {
    // Hexoban with `, reverse`: rows of hexagons, odd rows shifted right. The pusher
    // on (3, 2) (an even row) has the box (4, 2) on its right and the box (3, 3) down
    // to its right: stepping left pulls the first onto (3, 2), stepping up-left (2, 1)
    // pulls the second onto (3, 2). The board is taken as it stands.
    let level = "#######\n#     #\n#  @$ #\n#  $  #\n#######\n";
    let source = common::rules_source("hexoban").replace(
        "sokoban pusher Pusher, box Box, wall Wall",
        "sokoban pusher Pusher, box Box, wall Wall, reverse",
    );
    let size = text_board::level_size(level).expect("a level");
    let g = Game::compile_fitted(&source, None, Some(size)).expect("compiles");
    assert!(g.sokoban_reverse());
    let pos = read(&g, level);
    let moves = g.legal_moves(&pos);
    let mut pulls: Vec<String> = moves
        .iter()
        .filter(|m| m.push_to.is_some())
        .map(|m| {
            let cell = |c| g.board().cell_name(c);
            format!(
                "{}{} pusher to {}",
                cell(m.from),
                cell(m.to),
                cell(m.push_to.expect("pull"))
            )
        })
        .collect();
    pulls.sort();
    assert_eq!(pulls, ["d2d3 pusher to c4", "e3d3 pusher to c3"]);
}

#[test]
fn the_cli_plays_a_level_in_reverse_and_counts_a_reverse_game() {
    let file = temp("corridor.txt", CORRIDOR.as_bytes());
    let file = file.to_str().expect("utf-8");
    let out = run(&["moves", "sokoban", "--board", file, "--reverse"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "d3b2\nd3c2\nd3c3\nd3d2\nd3e2\nd3e3\nd3f2\nd3f3\n"
    );
    let out = run(&[
        "play",
        "sokoban",
        "--board",
        file,
        "--reverse",
        "d3c3",
        "b3c3",
    ]);
    assert_eq!(stdout(&out), "#######\n# *@  #\n#     #\n#######\n");
    assert!(stderr(&out).contains("solved"));
    // The shipped reverse-sokoban.rules takes the level as it stands.
    let reversed = temp(
        "corridor-reversed.txt",
        b"#######\n#$.@  #\n#     #\n#######\n",
    );
    let out = run(&[
        "perft",
        "reverse-sokoban",
        "--board",
        reversed.to_str().expect("utf-8"),
        "--depth",
        "2",
        "--divide",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // From d3: seven jumps, each leaving 8 moves (the pusher's one or two steps and
    // its jumps), and the step to c3, leaving 9 (with the pull b3c3).
    assert_eq!(
        stdout(&out),
        "d3b2: 8\nd3c2: 8\nd3c3: 9\nd3d2: 8\nd3e2: 8\nd3e3: 8\nd3f2: 8\nd3f3: 8\n\n65\n"
    );
    let pog = temp("pusher-on-goal.txt", b"#####\n#+$ #\n#####\n");
    let out = run(&[
        "moves",
        "sokoban",
        "--board",
        pog.to_str().expect("utf-8"),
        "--reverse",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("the pusher on the goal b2 would stand on a box"));
}

// ------------------------------------------------------------------ solver API

#[test]
fn the_normalized_pusher_is_the_top_left_of_its_region() {
    let g = fitted("sokoban", TUTORIAL);
    let pos = read(&g, TUTORIAL);
    let name = |c| g.board().cell_name(c);
    let pushers = g.pushers(&pos);
    // Pusher 1 (h10) reaches f10 on its own line; pusher 2 (l3) climbs the corridor of
    // column i no higher than i7 (boxes on f4, f7 and h7 close the rest).
    let normal: Vec<String> = pushers
        .iter()
        .map(|&p| name(g.normalized_pusher(&pos, p)))
        .collect();
    assert_eq!(normal, ["f10", "i7"]);
    let reach = g.pusher_reach(&pos, pushers[0]);
    let f10 = g.board().parse_cell("f10").expect("f10");
    let f9 = g.board().parse_cell("f9").expect("f9");
    assert!(reach[f10.index()] && !reach[f9.index()], "f9 holds a box");
}

#[test]
fn the_solver_hash_follows_boxes_not_steps_within_a_region() {
    // The tutorial's hashing example: pusher 1 moves down, is taken back, moves again.
    let g = fitted("sokoban", TUTORIAL);
    let mut pos = read(&g, TUTORIAL);
    let (initial, initial_full) = (g.sokoban_hash(&pos), pos.hash());
    let down = g.parse_uci(&pos, "h10h9").expect("down");
    let undo = g.make(&mut pos, &down);
    let (moved, moved_full) = (g.sokoban_hash(&pos), pos.hash());
    // A step within the region: the same solver hash, another full hash.
    assert_eq!(moved, initial);
    assert_ne!(moved_full, initial_full);
    g.unmake(&mut pos, undo);
    assert_eq!((g.sokoban_hash(&pos), pos.hash()), (initial, initial_full));
    g.make(&mut pos, &down);
    assert_eq!((g.sokoban_hash(&pos), pos.hash()), (moved, moved_full));
    // A push changes it, and taking the push back restores it.
    let level = "######\n#@$  #\n#    #\n######\n";
    let g = fitted("sokoban", level);
    let mut pos = read(&g, level);
    let h0 = g.sokoban_hash(&pos);
    let push = g.parse_uci(&pos, "b3c3").expect("push");
    let undo = g.make(&mut pos, &push);
    assert_ne!(g.sokoban_hash(&pos), h0);
    g.unmake(&mut pos, undo);
    assert_eq!(g.sokoban_hash(&pos), h0);
    // Sokoban+ ids are part of it.
    let two = "######\n#@$$ #\n#  ..#\n######\n";
    let g = fitted("sokoban", two);
    let a = read(&g, &format!("{two}boxorder: 1 2\ngoalorder: 1 2\n"));
    let b = read(&g, &format!("{two}boxorder: 2 1\ngoalorder: 1 2\n"));
    assert_ne!(g.sokoban_hash(&a), g.sokoban_hash(&b));
}

#[test]
fn distance_with_a_board_is_the_pushers_by_default() {
    let out = run(&[
        "distance",
        "sokoban",
        "--board",
        "rules/boards/sokoban-tiny.txt",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let with_from = run(&[
        "distance",
        "sokoban",
        "--board",
        "rules/boards/sokoban-tiny.txt",
        "--from",
        "b2",
    ]);
    assert_eq!(stdout(&out), stdout(&with_from));
    let file = temp("tutorial-distance.txt", TUTORIAL.as_bytes());
    let out = run(&[
        "distance",
        "sokoban",
        "--board",
        file.to_str().expect("utf-8"),
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("the board has 2 pushers (h10 l3); pass --from with one of them"),
        "{}",
        stderr(&out)
    );
}

// ------------------------------------------------------------------ Hexoban's text layout

#[test]
fn hexoban_reads_and_writes_sokoenginepys_two_column_layout() {
    // rules/boards/hexoban-small.txt, one character per hexagon, and the same level as
    // sokoenginepy writes Hexoban: every hexagon after a floor column, odd rows (from
    // the top, 0 first) one column further right.
    let one = common::read("rules/boards/hexoban-small.txt");
    let two = " # # # # # #\n  #     .   #\n #   $     #\n  #   @     #\n # # # # # #\n";
    let g = fitted("hexoban", &one);
    let pos = read(&g, &one);
    assert_eq!(read(&g, two), pos);
    assert_eq!(
        text_board::write_hexoban_layout(&g, &pos).as_deref(),
        Some(two)
    );
    assert_eq!(g.legal_uci(&read(&g, two)), g.legal_uci(&pos));
    // sokoenginepy's second scheme: odd rows start at the first column (half a hexagon
    // left of the even rows'): the same board with a floor column in front.
    let scheme2 = "# # # # # #\n #     .   #\n#   $     #\n #   @     #\n# # # # # #\n";
    let shifted = read(&g, scheme2);
    assert_eq!(g.text_board(&shifted), g.text_board(&pos));
    // Square boards never read it: two columns per cell are two cells there.
    assert!(text_board::write_hexoban_layout(
        &fitted("sokoban", TUTORIAL),
        &read(&fitted("sokoban", TUTORIAL), TUTORIAL)
    )
    .is_none());
}
