//! `alternate`: a leg that takes the vector of the leg two legs back, so that a
//! `repeat { leap alternate }` after two chosen steps takes them in turn. Its piece is
//! the Croatian Centaur (`rules/croatian-hemera.rules`; book, Hemera's Dawn,
//! "Centaur": "On all subsequent steps, Centaur has to keep alternating between the two
//! initially chosen steps, for the remainder of a ply"), checked here against an
//! independent brute force on random positions, and the diagnostics of the word.
//! The zig-zag bishop written with it is in `tests/suite/repeat.rs`.

use crate::common;

use common::Rng;
use std::collections::BTreeSet;

const SIZE: i32 = 20;

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// What stands on a cell: 0 empty, 1 friend, 2 foe.
type Board = Vec<Vec<u8>>;

/// The Centaur's destinations from (x0, y0), walked from the book's words: on a cell of
/// its own colour (a light one for the light Centaur; a1 is dark) a knight's jump,
/// on the other colour a long jump, (1,4) or (2,3); the first jump any of those; the
/// second one of the other length in the other pair of quadrants (up-right and
/// down-left against up-left and down-right); then the two in turn. Each jump lands
/// on an empty cell (and goes on), a foe (captured, the ply ends) or a friend (no
/// move, the ply ends); one off the board ends the ply. At most `most` jumps.
fn centaur(b: &Board, x0: i32, y0: i32, most: usize) -> BTreeSet<String> {
    let knight: Vec<(i32, i32)> = images(1, 2);
    let long: Vec<(i32, i32)> = images(1, 4).into_iter().chain(images(2, 3)).collect();
    let light = |x: i32, y: i32| (x + y) % 2 == 1;
    let pair = |(dx, dy): (i32, i32)| dx * dy > 0;
    let mut out = BTreeSet::new();
    let firsts = if light(x0, y0) { &knight } else { &long };
    for &a in firsts {
        let seconds = if light(x0, y0) { &long } else { &knight };
        for &c in seconds.iter().filter(|&&c| pair(c) != pair(a)) {
            let (mut x, mut y) = (x0, y0);
            for k in 0..most {
                let (dx, dy) = if k % 2 == 0 { a } else { c };
                x += dx;
                y += dy;
                if !(0..SIZE).contains(&x) || !(0..SIZE).contains(&y) {
                    break;
                }
                match b[y as usize][x as usize] {
                    0 => {
                        out.insert(name(x, y));
                    }
                    2 => {
                        out.insert(name(x, y));
                        break;
                    }
                    _ => break,
                }
            }
        }
    }
    out
}

/// The 8 (or 4) images of (a, b) under the square's symmetries.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (p, q) in [(a, b), (b, a)] {
        for (sp, sq) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !out.contains(&(p * sp, q * sq)) {
                out.push((p * sp, q * sq));
            }
        }
    }
    out
}

/// The destinations piecewise finds for the piece on `from`.
fn ours(rules: &piecewise::Rules, fen: &str, from: &str) -> BTreeSet<String> {
    common::move_texts(rules, fen, from)
        .into_iter()
        .map(|text| {
            let rest = text[text.find(from).expect("the start cell") + from.len()..]
                .trim_start_matches(|c: char| !c.is_ascii_lowercase());
            let letters = rest.find(|c: char| c.is_ascii_digit()).expect("a rank");
            let digits = rest[letters..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len() - letters);
            rest[..letters + digits].to_string()
        })
        .collect()
}

#[test]
fn the_centaur_alternates_its_two_jumps_as_the_brute_force_does() {
    let rules = piecewise::compile(&common::rules_source("croatian-hemera"))
        .expect("croatian-hemera.rules compiles");
    let mut rng = Rng(0xce47_a0a0);
    let (mut seen, mut long_plies) = (0, 0);
    for _ in 0..150 {
        let mut b: Board = vec![vec![0; SIZE as usize]; SIZE as usize];
        let (x0, y0) = (rng.below(20) as i32, rng.below(20) as i32);
        let mut pieces: Vec<(String, char)> = vec![(name(x0, y0), 'C')];
        for y in 0..SIZE {
            for x in 0..SIZE {
                if (x, y) != (x0, y0) && rng.below(100) < 8 {
                    let foe = rng.below(3) != 0;
                    b[y as usize][x as usize] = 1 + u8::from(foe);
                    pieces.push((name(x, y), if foe { 'n' } else { 'N' }));
                }
            }
        }
        let refs: Vec<(&str, char)> = pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
        let fen = common::cells_fen(SIZE as usize, &refs, 'w');
        let want = centaur(&b, x0, y0, usize::MAX);
        let got = ours(&rules, &fen, &name(x0, y0));
        assert_eq!(got, want, "Centaur on {} in {fen}", name(x0, y0));
        seen += want.len();
        // Destinations no ply of one or two jumps reaches: three jumps and more.
        long_plies += want.difference(&centaur(&b, x0, y0, 2)).count();
    }
    assert!(seen > 1500, "{seen} destinations");
    assert!(
        long_plies > 300,
        "{long_plies} destinations of three jumps or more"
    );
}

/// The book's own example (Hemera's Dawn, "Centaur complete move", `scn_hd_05`): from
/// d3 over c5, g6, f8, j9, i11, m12, l14, p15 to the dark Bishop on o17, which it may
/// capture and which ends its ply (the cells beyond, s18 and r20, and the other jumps
/// from m12 are other lines' destinations: the scene test reads those marks).
#[test]
fn the_book_s_complete_move() {
    let rules = piecewise::compile(&common::rules_source("croatian-hemera"))
        .expect("croatian-hemera.rules compiles");
    let fen = common::cells_fen(
        20,
        &[
            ("d3", 'C'),
            ("h8", 'P'),
            ("h9", 'P'),
            ("i10", 'p'),
            ("j10", 'p'),
            ("o17", 'b'),
        ],
        'w',
    );
    let got = ours(&rules, &fen, "d3");
    for cell in ["c5", "g6", "f8", "j9", "i11", "m12", "l14", "p15", "o17"] {
        assert!(got.contains(cell), "{cell} in {got:?}");
    }
}

/// A dark Centaur near the edge (`scn_hd_06`, "Centaur off-board steps"): "it's illegal
/// to step outside of a chessboard, and all subsequent steps are also illegal", even
/// where the ply would come back onto the board: s14, after r11 and a jump off the
/// board, is no destination (the book's other one, t17, is reached by other lines).
#[test]
fn the_centaur_never_steps_off_the_board() {
    let rules = piecewise::compile(&common::rules_source("croatian-hemera"))
        .expect("croatian-hemera.rules compiles");
    let fen = common::cells_fen(20, &[("r4", 'c')], 'b');
    let got = ours(&rules, &fen, "r4");
    for cell in ["p5", "s7", "q8", "t10", "r11"] {
        assert!(got.contains(cell), "{cell} in {got:?}");
    }
    assert!(!got.contains("s14"), "s14 in {got:?}");
}

#[test]
fn alternate_needs_two_legs_before_it() {
    let head = "game \"t\"\nboard square 8x8\n";
    let src = format!("{head}piece A (A) {{ step (1,0) then repeat {{ step alternate }} }}\n");
    assert_eq!(common::check_codes(&src), ["E1065"]);
    let src = format!("{head}piece A (A) {{ repeat {{ step alternate }} }}\n");
    assert_eq!(common::check_codes(&src), ["E1065"]);
    let ok = format!(
        "{head}piece A (A) {{ step (1,0) then step (0,1) then repeat {{ step alternate }} }}\n"
    );
    assert_eq!(common::check_codes(&ok), Vec::<String>::new());
}

#[test]
fn alternate_stands_alone_in_its_leg() {
    let head = "game \"t\"\nboard square 8x8\n";
    let src =
        format!("{head}piece A (A) {{ step (1,0) then step (0,1) then step alternate + same }}\n");
    assert_eq!(common::check_codes(&src), ["E1066"]);
    let src =
        format!("{head}piece A (A) {{ step (1,0) then step (0,1) then step (1,1) + alternate }}\n");
    assert_eq!(common::check_codes(&src), ["E1066"]);
}
