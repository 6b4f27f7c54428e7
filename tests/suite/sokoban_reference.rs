//! Perft of Sokoban-family positions against a reference written here from the rules
//! alone: a character grid, the neighbour rules of each tessellation as the Sokoban
//! family defines them (Hexoban's odd rows shifted right, Trioban's triangles,
//! Octoban's octagons), and "step to an empty neighbour, or push a box one cell on in
//! the same direction into an empty cell". Nothing of the move table is used, so the
//! rules files, the linker's push nodes, the walk and the game layer's make/unmake
//! are checked together against an independent count.

use crate::common;

use std::collections::BTreeSet;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tiling {
    Square,
    Hex,
    Tri,
    Octo,
}

/// Text coordinates: column `c` to the right, row `r` down from the first line.
type At = (i32, i32);

const SIDE: i32 = 26;

#[derive(Clone)]
struct Grid {
    walls: BTreeSet<At>,
    boxes: BTreeSet<At>,
    pusher: At,
}

fn parse(text: &str) -> Grid {
    let mut g = Grid {
        walls: BTreeSet::new(),
        boxes: BTreeSet::new(),
        pusher: (-1, -1),
    };
    for (r, line) in text.lines().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let at = (c as i32, r as i32);
            match ch {
                '#' => {
                    g.walls.insert(at);
                }
                '$' | '*' => {
                    g.boxes.insert(at);
                }
                '@' | '+' => g.pusher = at,
                _ => {}
            }
        }
    }
    g
}

/// The directions of a tiling, as names the step function understands.
fn directions(t: Tiling) -> &'static [&'static str] {
    match t {
        Tiling::Square => &["n", "s", "e", "w"],
        Tiling::Hex | Tiling::Tri => &["e", "w", "ne", "nw", "se", "sw"],
        Tiling::Octo => &["n", "s", "e", "w", "ne", "nw", "se", "sw"],
    }
}

/// One step in direction `d` from `at`, or `None` off the 26×26 board (or where the
/// tiling has no such step).
fn step(t: Tiling, at: At, d: &str) -> Option<At> {
    let (c, r) = at;
    let odd = r % 2 == 1;
    let next = match t {
        Tiling::Square => match d {
            "n" => (c, r - 1),
            "s" => (c, r + 1),
            "e" => (c + 1, r),
            _ => (c - 1, r),
        },
        Tiling::Octo => {
            let octagon = (c + r % 2) % 2 == 0;
            let diagonal = d.len() == 2;
            if diagonal && !octagon {
                return None;
            }
            let dc = if d.contains('e') {
                1
            } else if d.contains('w') {
                -1
            } else {
                0
            };
            let dr = if d.contains('n') {
                -1
            } else if d.contains('s') {
                1
            } else {
                0
            };
            (c + dc, r + dr)
        }
        // Odd rows (from the top) are shifted right by half a cell.
        Tiling::Hex => match (d, odd) {
            ("e", _) => (c + 1, r),
            ("w", _) => (c - 1, r),
            ("ne", false) => (c, r - 1),
            ("nw", false) => (c - 1, r - 1),
            ("se", false) => (c, r + 1),
            ("sw", false) => (c - 1, r + 1),
            ("ne", true) => (c + 1, r - 1),
            ("nw", true) => (c, r - 1),
            ("se", true) => (c + 1, r + 1),
            _ => (c, r + 1),
        },
        // A triangle points down when (c + r % 2) % 2 == 0. Crossing its horizontal
        // edge leads to the row above (down-pointing) or below (up-pointing); the
        // slanted directions otherwise lead to the left or right neighbour.
        Tiling::Tri => {
            let down = (c + r % 2) % 2 == 0;
            match (d, down) {
                ("e", _) => (c + 1, r),
                ("w", _) => (c - 1, r),
                ("ne" | "nw", true) => (c, r - 1),
                ("se", true) => (c + 1, r),
                ("sw", true) => (c - 1, r),
                ("ne", false) => (c + 1, r),
                ("nw", false) => (c - 1, r),
                _ => (c, r + 1),
            }
        }
    };
    (next.0 >= 0 && next.0 < SIDE && next.1 >= 0 && next.1 < SIDE).then_some(next)
}

/// The distinct moves: (pusher's new cell, where the box there goes, if pushed).
fn moves(t: Tiling, g: &Grid) -> BTreeSet<(At, Option<At>)> {
    let free = |a: At| !g.walls.contains(&a) && !g.boxes.contains(&a);
    let mut out = BTreeSet::new();
    for d in directions(t) {
        let Some(n) = step(t, g.pusher, d) else {
            continue;
        };
        if free(n) {
            out.insert((n, None));
        } else if g.boxes.contains(&n) {
            if let Some(b) = step(t, n, d) {
                if free(b) {
                    out.insert((n, Some(b)));
                }
            }
        }
    }
    out
}

fn perft(t: Tiling, g: &Grid, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for (to, push) in moves(t, g) {
        let mut next = g.clone();
        next.pusher = to;
        if let Some(b) = push {
            next.boxes.remove(&to);
            next.boxes.insert(b);
        }
        n += perft(t, &next, depth - 1);
    }
    n
}

fn check(rules: &str, t: Tiling, text: &str, depth: u32) {
    let game = common::game(rules);
    let pos = game.read_text_board(text).expect("board");
    let grid = parse(text);
    for d in 1..=depth {
        assert_eq!(
            game.perft(&pos, d),
            perft(t, &grid, d),
            "{rules} depth {d}:\n{text}"
        );
    }
}

/// Boxes in several directions, walls, boxes in a row, goals (which do not matter).
const MIXED: &str = "\
#########
#   #   #
# $$ .$ #
#  @$ * #
# $  #  #
#   $   #
#########
";

#[test]
fn sokoban_matches_the_reference() {
    let simple = common::read("rules/boards/sokoban-simple.txt");
    check("sokoban", Tiling::Square, &simple, 7);
    check("sokoban", Tiling::Square, MIXED, 6);
}

#[test]
fn hexoban_matches_the_reference() {
    let small = common::read("rules/boards/hexoban-small.txt");
    check("hexoban", Tiling::Hex, &small, 6);
    check("hexoban", Tiling::Hex, MIXED, 5);
}

#[test]
fn trioban_matches_the_reference() {
    let small = common::read("rules/boards/trioban-small.txt");
    check("trioban", Tiling::Tri, &small, 7);
    check("trioban", Tiling::Tri, MIXED, 6);
}

#[test]
fn octoban_matches_the_reference() {
    let small = common::read("rules/boards/octoban-small.txt");
    check("octoban", Tiling::Octo, &small, 5);
    check("octoban", Tiling::Octo, MIXED, 5);
}
