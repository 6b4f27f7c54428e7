//! `repeat`: the repeating pieces of `rules/repeaters.rules` (Rose, crooked bishop and
//! its `alternate` twin the zig-zag bishop, checkers man and king) against an independent brute-force reference on random
//! positions. The reference walks coordinates directly from the pieces' definitions,
//! sharing nothing with the table: the Rose's knight vectors in their circular order
//! are written out, the zig-zag and the jump chains are plain loops and recursion.

use crate::common;

use common::Rng;
use piecewise::Rules;
use std::collections::BTreeSet;

/// What stands on a cell of the 8×8 board: 0 empty, 1 friend, 2 foe.
type Board = [[u8; 8]; 8];

/// A move as (landing cell, cells captured in passing, sorted), in algebraic names.
type Move = (String, Vec<String>);

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn on(x: i32, y: i32) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

/// The Rose's knight leaps in counter-clockwise order round the circle.
const ROSE: [(i32, i32); 8] = [
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
];

fn rose(b: &Board, x0: i32, y0: i32) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    for start in 0..8 {
        for sense in [1i32, -1] {
            let (mut x, mut y) = (x0, y0);
            for k in 0..7 {
                let (dx, dy) = ROSE[(start + sense * k).rem_euclid(8) as usize];
                x += dx;
                y += dy;
                if !on(x, y) || (x, y) == (x0, y0) {
                    break;
                }
                match b[y as usize][x as usize] {
                    0 => {
                        out.insert((name(x, y), vec![]));
                    }
                    2 => {
                        out.insert((name(x, y), vec![]));
                        break;
                    }
                    _ => break,
                }
            }
        }
    }
    out
}

fn crooked(b: &Board, x0: i32, y0: i32) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        // The other diagonal, either way: the zig-zag alternates d and e.
        for (ex, ey) in [(-dy, dx), (dy, -dx)] {
            let (mut x, mut y) = (x0, y0);
            for k in 0.. {
                let (sx, sy) = if k % 2 == 0 { (dx, dy) } else { (ex, ey) };
                x += sx;
                y += sy;
                if !on(x, y) {
                    break;
                }
                match b[y as usize][x as usize] {
                    0 => {
                        out.insert((name(x, y), vec![]));
                    }
                    2 => {
                        out.insert((name(x, y), vec![]));
                        break;
                    }
                    _ => break,
                }
            }
        }
    }
    out
}

/// Checkers: steps to empty cells in `dirs`, and every chain of jumps over enemies
/// (each captured in passing) onto empty cells beyond, at most `most` jumps, never
/// passing a cell twice; the start cell counts as empty and a chain may end there.
fn checkers(b: &Board, x0: i32, y0: i32, dirs: &[(i32, i32)], most: usize) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    let empty = |x: i32, y: i32| on(x, y) && (b[y as usize][x as usize] == 0 || (x, y) == (x0, y0));
    for &(dx, dy) in dirs {
        if empty(x0 + dx, y0 + dy) && (x0 + dx, y0 + dy) != (x0, y0) {
            out.insert((name(x0 + dx, y0 + dy), vec![]));
        }
    }
    #[allow(clippy::too_many_arguments)]
    fn chain(
        b: &Board,
        at: (i32, i32),
        start: (i32, i32),
        dirs: &[(i32, i32)],
        path: &mut Vec<(i32, i32)>,
        caps: &mut Vec<String>,
        most: usize,
        out: &mut BTreeSet<Move>,
    ) {
        if caps.len() == most {
            return;
        }
        for &(dx, dy) in dirs {
            let over = (at.0 + dx, at.1 + dy);
            let land = (at.0 + 2 * dx, at.1 + 2 * dy);
            if !on(over.0, over.1) || !on(land.0, land.1) {
                continue;
            }
            if b[over.1 as usize][over.0 as usize] != 2 || path.contains(&over) {
                continue;
            }
            let home = land == start;
            let free = home || b[land.1 as usize][land.0 as usize] == 0;
            if !free || (path.contains(&land) && !home) {
                continue;
            }
            caps.push(name(over.0, over.1));
            let mut sorted = caps.clone();
            sorted.sort();
            out.insert((name(land.0, land.1), sorted));
            if !home {
                path.push(over);
                path.push(land);
                chain(b, land, start, dirs, path, caps, most, out);
                path.truncate(path.len() - 2);
            }
            caps.pop();
        }
    }
    let mut path = vec![(x0, y0)];
    chain(
        b,
        (x0, y0),
        (x0, y0),
        dirs,
        &mut path,
        &mut Vec::new(),
        most,
        &mut out,
    );
    out
}

/// The moves piecewise finds, as (landing cell, captures in passing).
fn ours(rules: &Rules, fen: &str, from: &str) -> BTreeSet<Move> {
    common::move_texts(rules, fen, from)
        .into_iter()
        .map(|text| {
            let mut parts = text[from.len()..].split('x');
            let to = parts.next().expect("landing").to_string();
            let mut caps: Vec<String> = parts.map(str::to_string).collect();
            caps.sort();
            (to, caps)
        })
        .collect()
}

/// A FEN with `letter` on (x, y) and pawns of both sides where `b` says.
fn fen(b: &Board, letter: char, x0: i32, y0: i32) -> String {
    let mut rows = Vec::new();
    for y in (0..8).rev() {
        let mut row = String::new();
        let mut gap = 0;
        for x in 0..8 {
            let c = if (x, y) == (x0, y0) {
                Some(letter)
            } else {
                match b[y as usize][x as usize] {
                    1 => Some('P'),
                    2 => Some('p'),
                    _ => None,
                }
            };
            match c {
                Some(c) => {
                    if gap > 0 {
                        row.push_str(&gap.to_string());
                        gap = 0;
                    }
                    row.push(c);
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            row.push_str(&gap.to_string());
        }
        rows.push(row);
    }
    format!("{} w", rows.join("/"))
}

fn compare(letter: char, density: usize, reference: impl Fn(&Board, i32, i32) -> BTreeSet<Move>) {
    let src = common::rules_source("repeaters");
    let rules = piecewise::compile(&src).expect("repeaters.rules compiles");
    let mut rng = Rng(0x5eed_0000 + letter as u64);
    let mut moves_seen = 0;
    let mut captures_seen = 0;
    for _ in 0..400 {
        let mut b: Board = [[0; 8]; 8];
        let (x0, y0) = (rng.below(8) as i32, rng.below(8) as i32);
        for (y, row) in b.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                if (x as i32, y as i32) != (x0, y0) && rng.below(100) < density {
                    *cell = 1 + (rng.below(3) != 0) as u8; // foes twice as often
                }
            }
        }
        let fen = fen(&b, letter, x0, y0);
        let want = reference(&b, x0, y0);
        let got = ours(&rules, &fen, &name(x0, y0));
        assert_eq!(got, want, "{letter} on {} in {fen}", name(x0, y0));
        moves_seen += want.len();
        captures_seen += want.iter().filter(|m| !m.1.is_empty()).count();
    }
    // The positions exercise what they should: many moves, and chains that capture.
    assert!(moves_seen > 400, "{letter}: {moves_seen} moves");
    if letter == 'K' || letter == 'M' {
        assert!(captures_seen > 50, "{letter}: {captures_seen} captures");
    }
}

#[test]
fn rose_agrees_with_brute_force() {
    compare('O', 20, rose);
}

#[test]
fn crooked_bishop_agrees_with_brute_force() {
    compare('C', 20, crooked);
}

/// `alternate` (each leg the vector of the leg two legs back) makes the same zig-zag.
#[test]
fn zigzag_with_alternate_agrees_with_brute_force() {
    compare('Z', 20, crooked);
}

#[test]
fn checkers_man_agrees_with_brute_force() {
    compare('M', 45, |b, x, y| {
        checkers(b, x, y, &[(1, 1), (-1, 1)], usize::MAX)
    });
}

#[test]
fn checkers_king_agrees_with_brute_force() {
    let diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    compare('K', 45, |b, x, y| checkers(b, x, y, &diagonals, 6));
}

#[test]
fn a_king_chain_round_a_square_ends_where_it_started() {
    // Four enemies round e4..: c3 → e5 → g3 → e1 → c3 captures d4, f4, f2, d2.
    let src = common::rules_source("repeaters");
    let rules = piecewise::compile(&src).expect("compiles");
    let got = ours(&rules, "8/8/8/8/3p1p2/2K5/3p1p2/8 w", "c3");
    let home: Vec<_> = got.iter().filter(|m| m.0 == "c3").collect();
    assert_eq!(home.len(), 1, "{got:?}");
    assert_eq!(home[0].1, ["d2", "d4", "f2", "f4"]);
}
