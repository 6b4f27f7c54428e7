//! Conquest of Tlalocan (`rules/croatian-tlalocan.rules`, 24×24): the first Croatian
//! variant with transparency (Waves), divergence (from Shamans) and activation (of Waves
//! and Pyramids) together, with the Centaur, Serpent, Shaman, Scout and Grenadier.
//! Perft 1-2 from the book's start position and the legal moves of random and
//! hand-made positions against the independent brute-force generator
//! (`croatian_brute/mod.rs`), exact move lists checked by hand, FEN read-back and
//! make/unmake, and the path trees of a divergence and of a Shaman's capture chain
//! (insta snapshots, checked by hand against the seed's text).

use crate::common;

use crate::croatian_brute as brute;

use brute::TLALOCAN;
use common::{legal, play, Rng};
use piecewise::Game;
use std::collections::BTreeSet;

fn tlalocan() -> Game {
    common::game("croatian-tlalocan")
}

/// Conquest of Tlalocan with its Stars as walls (its `teleport` lines left out): the
/// brute force knows no teleport (tests/suite/croatian_teleport.rs has them).
fn tlalocan_walls() -> Game {
    common::game_without_teleport("croatian-tlalocan")
}

/// The moves of `fen` that start on `from`.
fn moves_from(g: &Game, fen: &str, from: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

/// The book's start position (libcrochess's setup table), written back with every
/// Pawn's rush tag.
const START: &str = "*Dr&nbscuweahqk&haewucsbnr&*T/p^p^p^p^gp^gp^p^gp^ggp^gp^p^gp^gp^p^p^p^/p^p^p^gp^p^p^ggp^p^ggp^p^ggp^p^p^gp^p^p^/3o3oo2oo2oo3o3/4o1o2o1oo1o2o1o4/24/24/24/24/24/24/24/24/24/24/24/24/24/24/4O1O2O1OO1O2O1O4/3O3OO2OO2OO3O3/P^P^P^GP^P^P^GGP^P^GGP^P^GGP^P^P^GP^P^P^/P^P^P^P^GP^GP^P^GP^GGP^GP^P^GP^GP^P^P^P^/*TR&NBSCUWEAHQK&HAEWUCSBNR&*D w - - 0 1";

/// Perft 1 is 234. By hand: the 16 Pawns of rank 3 step once; the 10 with nothing in
/// front also rush 2 to 9 cells (to rank 12): 10 × 9 + 6 = 96; the 16 Scouts ride up
/// to 6 cells forward and sideways to empty cells; the Queen on l1 steps onto its
/// Shaman on k1 and, diverging with the one step it took, back to l1 (`l1l1`: its
/// start cell is empty once it left, as the book's `scn_cot_031` draws a Queen's way
/// back); the Grenadiers, Rooks and the rest are walled in (the Stars are walls).
/// Perft 1 and 2 agree with the brute force.
#[test]
fn the_start_position_and_its_perft_agree_with_a_brute_force_count() {
    let g = tlalocan_walls();
    let pos = g.start_position().unwrap();
    assert_eq!(g.fen(&pos), START);
    assert_eq!(g.perft(&pos, 1), 234);
    let pawns = legal(&g, START)
        .into_iter()
        .filter(|m| m.as_bytes()[1] == b'3')
        .count();
    assert_eq!(pawns, 96);
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            brute::perft_of(TLALOCAN, START, depth),
            "depth {depth}"
        );
    }
}

/// A random position of `pieces` pieces besides the Kings, placed in a 9×9 window
/// (so that they meet), with Stars; Pawns away from both ends, tagged on their ranks 2
/// and 3 when `tags`.
fn random_fen(rng: &mut Rng, pieces: usize, tags: bool) -> String {
    const KINDS: &[u8] = b"QRBNEAUWCSHOGPPW";
    let n = 24;
    let mut cells: Vec<Option<(u8, bool)>> = vec![None; n * n];
    let (x0, y0) = (rng.below(n - 9), 2 + rng.below(n - 13));
    let put = |rng: &mut Rng, cells: &mut Vec<Option<(u8, bool)>>, c: u8| loop {
        let (x, y) = (x0 + rng.below(9), y0 + rng.below(9));
        let i = y * n + x;
        if cells[i].is_none() {
            let rel = if c.is_ascii_uppercase() { y } else { n - 1 - y };
            let tag = tags && c.eq_ignore_ascii_case(&b'P') && (1..=2).contains(&rel);
            cells[i] = Some((c, tag));
            return;
        }
    };
    put(rng, &mut cells, b'K');
    put(rng, &mut cells, b'k');
    for _ in 0..2 {
        put(rng, &mut cells, b'*');
    }
    for i in 0..pieces {
        let c = KINDS[rng.below(KINDS.len())];
        put(
            rng,
            &mut cells,
            if i % 2 == 0 {
                c
            } else {
                c.to_ascii_lowercase()
            },
        );
    }
    let mut rows = Vec::new();
    for y in (0..n).rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for x in 0..n {
            match cells[y * n + x] {
                None => empty += 1,
                Some((c, tag)) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    if c == b'*' {
                        row += "*T";
                    } else {
                        row.push(c as char);
                    }
                    if tag {
                        row.push('^');
                    }
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// Random crowded positions of every kind: the legal moves agree with the brute force,
/// and perft 2 where no Pawn carries a tag (en passant is not in the brute force).
/// The positions do meet the constructs: the test counts the cascades among the moves
/// it compared and the pieces that may diverge (Shaman capture chains are rare here:
/// the hand-made position below has them); it compares at least 30 positions, and
/// more (up to 60) until they hold more than 5 divergences (positions where a King may
/// be taken are skipped, so which positions the seed gives depends on how far the
/// pieces reach: the Centaur's alternating jumps left 5 in the first 30). A long
/// differential (docs/testing.md): the journeys' displacements and the Shaman's
/// activations after a divergence made it run past 25 minutes on the shared machine.
#[test]
#[ignore = "slow: a long differential against the brute force (docs/testing.md); run with --ignored"]
fn random_positions_agree_with_a_brute_force_generator() {
    let g = tlalocan_walls();
    let mut rng = Rng(0x7a1a_0ca4);
    let (mut compared, mut cascades, mut chains, mut divergences) = (0, 0, 0, 0);
    while compared < 30 || (divergences <= 5 && compared < 60) {
        let tags = compared % 3 == 0;
        let pieces = 24 + rng.below(16);
        let fen = random_fen(&mut rng, pieces, tags);
        if brute::takes_king(TLALOCAN, &fen) || g.position(&fen).is_err() {
            continue;
        }
        let expected = brute::legal(TLALOCAN, &fen);
        assert_eq!(legal(&g, &fen), expected, "{fen}");
        cascades += expected.iter().filter(|m| m.contains('>')).count();
        chains += brute::chains(TLALOCAN, &fen);
        divergences += brute::divergences(TLALOCAN, &fen);
        if !tags && compared % 8 == 1 {
            let pos = g.position(&fen).unwrap();
            assert_eq!(
                g.perft(&pos, 2),
                brute::perft_of(TLALOCAN, &fen, 2),
                "{fen}"
            );
        }
        compared += 1;
    }
    eprintln!("{cascades} cascades, {chains} chains, {divergences} divergences");
    assert!(
        cascades > 20 && divergences > 5,
        "{cascades} cascades, {divergences} divergences"
    );
}

/// A position of 24×24 from pieces on cells (FEN letters; `^` after a Pawn's letter for
/// its rush tag), `w` or `b` to move.
fn fen_of(pieces: &[(&str, &str)], side: &str) -> String {
    let n = 24;
    let mut cells = vec![String::new(); n * n];
    for (cell, piece) in pieces {
        let x = (cell.as_bytes()[0] - b'a') as usize;
        let y: usize = cell[1..].parse().unwrap();
        cells[(y - 1) * n + x] = piece.to_string();
    }
    let rows: Vec<String> = (0..n)
        .rev()
        .map(|y| {
            let (mut row, mut empty) = (String::new(), 0);
            for x in 0..n {
                let c = &cells[y * n + x];
                if c.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row += &empty.to_string();
                    empty = 0;
                }
                row += c;
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    format!("{} {side} - - 0 1", rows.join("/"))
}

fn cells(s: &str, from: &str, sep: &str) -> Vec<String> {
    s.split_whitespace()
        .map(|to| format!("{from}{sep}{to}"))
        .collect()
}

/// A Rook meeting an own Shaman (divergence), an own Wave (activation, transparency)
/// and a black Wave. By hand, from the book ("Own Shaman is divergent": a piece turns
/// on the Shaman's cell into any of its lines, "as if starting a new ply", "limited by
/// momentum it had when own Shaman was encountered"):
/// - up d5 d6 d7; the own Shaman on d8 stops it, and it may diverge there with the 4
///   steps it took: up d9 d10 d11 and the black Wave d12 (captured), left c8 b8 a8,
///   right e8 f8 and the black Pawn g8 (captured); back down d7 d6 d5 and d4, its
///   start cell, empty once it left (`scn_cot_031`: the Queen's way back to its start);
/// - down d3, the own Wave on d2 (activated), and past it d1 (transparency);
/// - rank 4: a4 b4 c4 and e4 .. x4;
/// - the Wave activated on d2 takes one of the Rook's first steps and goes on in it to
///   the edge over every piece (book, Miranda's Veil, "Wave"; `onward`), never
///   capturing: rank 2 (a2 .. x2), d1, and up d3 .. d24 (d4 is empty now), activating
///   the own Shaman on d8 and the black Wave on d12 on the way (each a cascade of its
///   own, which the brute force checks); at the own Shaman on d8 it may also diverge
///   into the Rook's other lines (book, "Diverging Wave": "After divergence, Wave can
///   choose any direction its activator can"; `diverge at Shaman`), spending no
///   momentum: rank 8 to both edges, a8 b8 c8 and e8 f8, over the black Pawn g8
///   (which it never activates), h8 .. x8.
#[test]
fn a_rook_diverges_from_its_shaman_and_activates_a_wave_that_goes_onward() {
    let g = tlalocan_walls();
    let fen = fen_of(
        &[
            ("x1", "K"),
            ("d4", "R"),
            ("d8", "H"),
            ("d2", "W"),
            ("x24", "k"),
            ("g8", "p"),
            ("d12", "w"),
        ],
        "w",
    );
    let mut expected = cells(
        "d4 d5 d6 d7 d9 d10 d11 d12 c8 b8 a8 e8 f8 g8 d3 d1 a4 b4 c4 e4 f4 g4 h4 i4 j4 k4 l4 m4 n4 o4 p4 q4 r4 s4 t4 u4 v4 w4 x4",
        "d4",
        "",
    );
    expected.extend(cells(
        "a2 b2 c2 e2 f2 g2 h2 i2 j2 k2 l2 m2 n2 o2 p2 q2 r2 s2 t2 u2 v2 w2 x2 d1 d3 d4 d5 d6 d7 d9 d10 d11 d13 d14 d15 d16 d17 d18 d19 d20 d21 d22 d23 d24 \
         a8 b8 c8 e8 f8 h8 i8 j8 k8 l8 m8 n8 o8 p8 q8 r8 s8 t8 u8 v8 w8 x8",
        "d4d2",
        ">",
    ));
    expected.sort();
    // The moves of two plies at most; the Shaman and the black Wave activated go on.
    let moves = moves_from(&g, &fen, "d4");
    let short: Vec<String> = moves
        .iter()
        .filter(|m| m.matches('>').count() < 2)
        .cloned()
        .collect();
    assert_eq!(short, expected);
    for via in ["d4d2>d8>", "d4d2>d12>"] {
        assert!(moves.iter().any(|m| m.starts_with(via)), "{via}: {moves:?}");
    }
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
}

/// The light Shaman's capture-ply and its divergence. By hand (book: "Shaman can
/// continue capturing in the same ply, and in the same direction, as long as there are
/// opponent's pieces to capture"; "Shaman is divergent; any own piece (and opponent's
/// Shaman) can change direction"): from e5 its capture leaps (1,4) and (2,3) reach the
/// black Knight f9, then the Bishop g13 and the Rook h17 in the same line (a chain of
/// up to three captures, ending on the last), and the black Shaman g8, which it may
/// capture or diverge from: one more capture leap from g8, onto the Knight h12 (not
/// back to e5). Its step-ply (knight leaps over empty cells) lands on empty cells only.
/// A chain is written with the cells it takes before its last (`e5h17xf9xg13`).
#[test]
fn a_shaman_captures_a_chain_and_diverges_from_the_opponents_shaman() {
    let g = tlalocan_walls();
    let fen = fen_of(
        &[
            ("a1", "K"),
            ("e5", "H"),
            ("x24", "k"),
            ("f9", "n"),
            ("g13", "b"),
            ("h17", "r"),
            ("g8", "h"),
            ("h12", "n"),
        ],
        "w",
    );
    let occupied = ["f9", "g13", "h17", "g8", "h12"];
    let captures: Vec<String> = moves_from(&g, &fen, "e5")
        .into_iter()
        .filter(|m| occupied.contains(&m[2..].split('x').next().unwrap()))
        .collect();
    assert_eq!(captures, words("e5f9 e5g13xf9 e5h17xf9xg13 e5g8 e5h12"));
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
    // The chain takes every piece on its line; the divergence only the one it lands on.
    let after = play(&g, &fen, &["e5h17xf9xg13"]);
    let board: &str = after.split(' ').next().unwrap();
    assert_eq!(board.matches('n').count(), 1, "{after}");
    assert!(!board.contains('b') && !board.contains('r'), "{after}");
    let after = play(&g, &fen, &["e5h12"]);
    assert!(
        after.contains('h') && after.contains('b') && after.contains('r'),
        "{after}"
    );
    assert!(!common::make_unmake_round_trip(&g, &fen).is_empty());
}

/// The dark Shaman's capture-ply (book, "Dark Shaman's capture-ply", `scn_cot_008`:
/// from a1 its Knight's leaps (2,1) take the light Pawns in one line, and stop at an
/// empty capture-field; "any piece at a distant capture-field is out of reach"). Here
/// seven Pawns c2 .. o8, the empty q9, Pawns on s10 and u11 behind it. By hand: the
/// chain ends on each of the first six, those before written as taken (the file's
/// capture-ply takes at most six, what a move carries in passing; the book draws eight,
/// `scn_cot_008`, listed as failing); never on o8 nor past q9; the longest takes six
/// Pawns.
#[test]
fn a_dark_shaman_captures_six_in_one_line_and_no_further() {
    let g = tlalocan_walls();
    let line = ["c2", "e3", "g4", "i5", "k6", "m7", "o8"];
    let mut pieces = vec![("a1", "h"), ("x24", "K"), ("x1", "k")];
    pieces.extend(line.iter().map(|&c| (c, "P")));
    pieces.extend([("s10", "P"), ("u11", "P")]);
    let fen = fen_of(&pieces, "b");
    let chains: Vec<String> = moves_from(&g, &fen, "a1")
        .into_iter()
        .filter(|m| m.contains('x') || line.contains(&&m[2..]))
        .collect();
    let expected: Vec<String> = (0..6)
        .map(|i| {
            let taken: String = line[..i].iter().map(|c| format!("x{c}")).collect();
            format!("a1{}{taken}", line[i])
        })
        .collect();
    let mut sorted = expected.clone();
    sorted.sort();
    assert_eq!(chains, sorted);
    assert!(!moves_from(&g, &fen, "a1")
        .iter()
        .any(|m| m.starts_with("a1o8") || m.starts_with("a1s10") || m.starts_with("a1u11")));
    let after = play(&g, &fen, &[expected[5].as_str()]);
    let board: &str = after.split(' ').next().unwrap();
    assert_eq!(board.matches('P').count(), 3, "{after}");
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
}

/// A capture-ply that ends activating an own Wave one leap further (book, "Light
/// Shaman's capture-ply": "Capture-ply can end with Shaman activating either Wave or
/// Pyramid on its capture-field"; "Checking opponent's King": "Shaman can capture dark
/// Wave, and then activate light Wave"). The light Shaman e5 takes the black Knight f9
/// and Bishop g13 on its long leaps (1,4) and activates its Wave on h17: the move
/// `e5h17xf9xg13>...`, the Wave going on in one of the Shaman's first steps (step or
/// capture) to the edge (`onward`). By hand, the Wave's line back down (-1,-4) from h17
/// lands on g13, f9, e5 and d1: the two cells the capture-ply emptied, the Shaman's
/// start, and past them; which needs the pieces taken in passing gone before the Wave
/// moves. Without the Wave, the same line only captures (`e5g13xf9`, `e5h17xf9xg13`:
/// the chain ends on the last piece it takes). Made, the move leaves the Shaman on h17
/// and the Wave on g13, the Knight and Bishop taken; unmade, the position back.
#[test]
fn a_shaman_captures_in_passing_then_activates_its_wave_one_leap_further() {
    let g = tlalocan_walls();
    let fen = fen_of(
        &[
            ("a1", "K"),
            ("x24", "k"),
            ("e5", "H"),
            ("f9", "n"),
            ("g13", "b"),
            ("h17", "W"),
        ],
        "w",
    );
    let moves = moves_from(&g, &fen, "e5");
    let down: Vec<&str> = moves
        .iter()
        .filter_map(|m| m.strip_prefix("e5h17xf9xg13>"))
        .filter(|to| ["g13", "f9", "e5", "d1"].contains(to))
        .collect();
    assert_eq!(down, ["d1", "e5", "f9", "g13"], "{moves:?}");
    // Every activation along that line passes over both captured cells, and every one
    // is a cascade: no capture-ply lands on the Wave.
    assert!(moves.iter().any(|m| m == "e5g13xf9"), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "e5h17xf9xg13"), "{moves:?}");
    assert!(
        moves
            .iter()
            .filter(|m| m.starts_with("e5h17xf9xg13>"))
            .count()
            > 20,
        "{moves:?}"
    );
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
    let after = play(&g, &fen, &["e5h17xf9xg13>g13"]);
    assert_eq!(
        after,
        fen_of(
            &[("a1", "K"), ("x24", "k"), ("h17", "H"), ("g13", "W")],
            "b"
        )
    );
    assert!(!common::make_unmake_round_trip(&g, &fen).is_empty());
}

/// A Wave activated by a Centaur alternates the Centaur's two jumps and never diverges
/// (book, "Wave cannot diverge, if activated by Centaur": "upon reaching own Shaman
/// cannot change its next step"). By hand: the light Centaur d5 (a light cell: its
/// own colour) jumps (2,1) onto its Wave f6 (dark), which then takes a long jump and a
/// Knight's jump in turn, the second in the other pair of quadrants (the line (3,2),
/// (-1,2): i8, h10, k12, ... q24); an own Shaman on that line (k12) changes none of
/// its ends but its own cell, where the Wave may activate it instead (a Queen's Wave
/// would turn there: `diverge at Shaman`, never on an alternating line).
#[test]
fn a_wave_activated_by_a_centaur_alternates_and_never_diverges() {
    let g = tlalocan_walls();
    let base = [("a1", "K"), ("x24", "k"), ("d5", "C"), ("f6", "W")];
    let ends = |extra: &[(&'static str, &'static str)]| -> BTreeSet<String> {
        let mut pieces = base.to_vec();
        pieces.extend_from_slice(extra);
        let fen = fen_of(&pieces, "w");
        moves_from(&g, &fen, "d5")
            .into_iter()
            .filter_map(|m| m.strip_prefix("d5f6>").map(str::to_string))
            .filter(|rest| !rest.contains('>'))
            .collect()
    };
    let alone = ends(&[]);
    // The line (3,2), (-1,2) from f6: i8, h10, k12, j14, m16, l18, o20, n22, q24.
    for c in ["i8", "h10", "k12", "j14", "m16", "l18", "o20", "n22", "q24"] {
        assert!(alone.contains(c), "{c} not reached: {alone:?}");
    }
    let mut with_shaman = ends(&[("k12", "H")]);
    with_shaman.insert("k12".to_string());
    assert_eq!(with_shaman, alone);
    let fen = fen_of(
        &[
            ("a1", "K"),
            ("x24", "k"),
            ("d5", "C"),
            ("f6", "W"),
            ("k12", "H"),
        ],
        "w",
    );
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
}

/// The Shaman's activation after a divergence (book, "Diverging Shaman from opponent's
/// Shaman", `scn_cot_051`: "diverging Shaman can e.g activate light Wave; Pyramids
/// cannot be activated on step-fields"). By hand: the light Shaman c1 rides its
/// Knight's leaps (1,2) over d3, e5, f7 and g9 onto the dark Shaman h11 (momentum 5),
/// diverges, and rides (2,-1) over j10 onto its own Wave l9, activating it (`c1l9>`);
/// the Wave then moves as the Shaman (n8, and on); the Pyramid p7 on that line is never
/// activated by the Wave, and a capture leap from h11 takes the dark Pawns k13 and n15
/// in one line, not t19 behind the empty q17.
#[test]
fn a_shaman_activates_a_wave_after_diverging_from_the_opponents_shaman() {
    let g = tlalocan_walls();
    let fen = fen_of(
        &[
            ("a24", "K"),
            ("x24", "k"),
            ("c1", "H"),
            ("p7", "A"),
            ("l9", "W"),
            ("h11", "h"),
            ("k13", "p"),
            ("n15", "p"),
            ("t19", "p"),
        ],
        "w",
    );
    let moves = moves_from(&g, &fen, "c1");
    assert!(moves.iter().any(|m| m == "c1l9>n8"), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("c1l9>p7")), "{moves:?}");
    assert!(moves.iter().any(|m| m == "c1n15xk13"), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("c1t19")), "{moves:?}");
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
}

/// The Shaman's activation after a divergence that follows a capture (book, "Diverging
/// Shaman from opponent's Shaman": after divergence it "can choose any direction as if
/// starting a ply", and a ply "can e.g activate light Wave"). By hand: the light Shaman
/// e5 takes the black Pawn f9 on its long leap (1,4), reaches the dark Shaman g13 with
/// the next (momentum 2) and diverges: its Knight's leap (1,2) onto its own Wave h15
/// activates it (`e5h15xf9>...`), as does its first capture leap (4,1) onto its own
/// Wave k14 (`e5k14xf9>...`); each Wave then moves as the Shaman. Made, the Pawn is
/// taken, the dark Shaman stays on g13 and the light one stands on the Wave's cell.
#[test]
fn a_shaman_activates_a_wave_after_a_capture_and_a_divergence() {
    let g = tlalocan_walls();
    let fen = fen_of(
        &[
            ("a1", "K"),
            ("x24", "k"),
            ("e5", "H"),
            ("f9", "p"),
            ("g13", "h"),
            ("h15", "W"),
            ("k14", "W"),
        ],
        "w",
    );
    let moves = moves_from(&g, &fen, "e5");
    for wave in ["h15", "k14"] {
        let prefix = format!("e5{wave}xf9>");
        assert!(
            moves.iter().filter(|m| m.starts_with(&prefix)).count() > 10,
            "{moves:?}"
        );
    }
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
    let wave_to = moves
        .iter()
        .find_map(|m| m.strip_prefix("e5h15xf9>"))
        .unwrap();
    let after = play(&g, &fen, &[&format!("e5h15xf9>{wave_to}")]);
    assert_eq!(
        after,
        fen_of(
            &[
                ("a1", "K"),
                ("x24", "k"),
                ("g13", "h"),
                ("h15", "H"),
                ("k14", "W"),
                (wave_to, "W"),
            ],
            "b"
        )
    );
}

/// The Serpent activates an own Pyramid on its step-fields (book, Tamoanchan Revisited,
/// "Serpent": "All step-fields are also capture-fields, Serpent would be able to
/// activate not just Wave, but also Pyramid on any of them"; scn_tr_12..14 draw paths
/// of 4, 8 and 12 steps from c3 to the Pyramid on c7). By hand: every zig-zag that ends
/// on c7 makes one move, `c3c7>` and where the Pyramid goes from there as a Rook: rank 7
/// (a7 b7, d7 .. x7), the c-file up (c8 .. c24) and down (c6 .. c1: c3 is empty once
/// the Serpent has left). The own Pyramid on d3, next to it orthogonally, is on one of
/// its colour-changing cells, which activate nothing ("Serpent can activate Wave on its
/// step-fields only"), and on no diagonal path (the other colour).
#[test]
fn a_serpent_activates_its_pyramid_on_a_step_field_only() {
    let g = tlalocan_walls();
    let fen = fen_of(
        &[
            ("x1", "K"),
            ("c3", "S"),
            ("c7", "A"),
            ("d3", "A"),
            ("x24", "k"),
        ],
        "w",
    );
    let moves = moves_from(&g, &fen, "c3");
    let mut activations: Vec<String> = moves.iter().filter(|m| m.contains('>')).cloned().collect();
    activations.sort();
    activations.dedup();
    let mut expected = cells(
        "a7 b7 d7 e7 f7 g7 h7 i7 j7 k7 l7 m7 n7 o7 p7 q7 r7 s7 t7 u7 v7 w7 x7 \
         c8 c9 c10 c11 c12 c13 c14 c15 c16 c17 c18 c19 c20 c21 c22 c23 c24 c6 c5 c4 c3 c2 c1",
        "c3c7",
        ">",
    );
    expected.sort();
    assert_eq!(activations, expected);
    assert!(!moves.iter().any(|m| m.starts_with("c3d3")), "{moves:?}");
    assert_eq!(legal(&g, &fen), brute::legal(TLALOCAN, &fen));
}

/// Cascades and a tag read back through FEN; make/unmake of every legal move of the
/// start position restores the position, its tags and its hash.
#[test]
fn cascades_tags_and_chains_read_back_through_fen_and_unmake() {
    let g = tlalocan();
    // A rush loses the tag: the Pawn on c3 rushes to c12 and is written without `^`.
    let after = play(&g, START, &["c3c12"]);
    assert!(after.contains("/2P21/"), "{after}");
    let fen = fen_of(
        &[
            ("x1", "K"),
            ("d4", "R"),
            ("d8", "H"),
            ("d2", "W"),
            ("x24", "k"),
            ("g8", "p"),
            ("d12", "w"),
        ],
        "w",
    );
    play(&g, &fen, &["d4d2>d12>f12", "x24w24", "d2d3"]);
    assert!(!common::make_unmake_round_trip(&g, &fen).is_empty());
    assert!(!common::make_unmake_round_trip(&g, START).is_empty());
}

use crate::common::words;
use common::cli::tree;

/// The Rook's tree in the divergence position, read by hand against the seed's text
/// ("divergence, piece changes its direction, continues moving"; "activation, ending
/// its ply, but starting" the piece's): the own Wave on d2 is an activation (`>`) and is
/// passed over (transparency: d1 behind it); the own Shaman on d8 stops the plain ride
/// and is passed over by the diverging pattern, which forks into its three new lines
/// (c8.., d9.. to the black Wave, e8.. to the black Pawn). Ply 2, the Wave activated by
/// the Rook, goes on in each of the Rook's first steps to the edge (`onward`) and never
/// captures: no `x` in its tree; it activates the own Shaman on d8 and the black Wave
/// on d12, which moves the same way (ply 3); its line up the d-file also turns at the
/// own Shaman on d8 into the rest of rank 8 (`diverge at Shaman`).
#[test]
fn the_tree_of_a_rook_diverging_and_activating_a_wave() {
    let fen = fen_of(
        &[
            ("x1", "K"),
            ("d4", "R"),
            ("d8", "H"),
            ("d2", "W"),
            ("x24", "k"),
            ("g8", "p"),
            ("d12", "w"),
        ],
        "w",
    );
    let text = tree("rules/croatian-tlalocan.rules", &fen, "d4", false);
    let (rook, wave) = text.split_once("activations:").unwrap();
    assert!(rook.contains("d12x") && rook.contains("g8x"), "{text}");
    assert!(
        rook.contains("d8  [meets friend H (white Shaman): pass over]"),
        "{text}"
    );
    assert!(wave.contains("ply 2: white Wave on d2"), "{text}");
    // The Wave's own tree, before the pieces it activates (the Shaman may capture).
    let own = wave.split("ply 3:").next().unwrap();
    assert!(!own.contains("x may capture"), "{text}");
    assert!(
        !wave.contains("d12x")
            && wave.contains("d12>  [meets foe w (black Wave): pass over, activate]"),
        "{text}"
    );
    assert!(wave.contains("ply 3: black Wave on d12"), "{text}");
    insta::assert_snapshot!("tlalocan_rook_diverges_activates", text);
    insta::assert_snapshot!(
        "tlalocan_rook_diverges_activates_json",
        tree("rules/croatian-tlalocan.rules", &fen, "d4", true)
    );
}

/// The light Shaman's tree in the chain position, read by hand against the seed's text
/// ("a Shaman can capture opponent's Starchild, continue capturing ... and also diverge
/// from said Starchild", here the opponent's Shaman): f9, g13, h17 in one line, each a
/// capture that the next leap continues (`via foe captured`); g8 both captured and
/// passed over, forking into one more capture leap onto h12.
#[test]
fn the_tree_of_a_shaman_capturing_a_chain_and_diverging() {
    let fen = fen_of(
        &[
            ("a1", "K"),
            ("e5", "H"),
            ("x24", "k"),
            ("f9", "n"),
            ("g13", "b"),
            ("h17", "r"),
            ("g8", "h"),
            ("h12", "n"),
        ],
        "w",
    );
    let text = tree("rules/croatian-tlalocan.rules", &fen, "e5", false);
    // g8 is one node: captured (ending the ply or going on with the chain) and passed
    // over (diverging).
    assert!(
        text.contains(
            "\n  g8x  [meets foe h (black Shaman): capture, pass over, capture in passing]\n"
        ),
        "{text}"
    );
    assert_eq!(text.matches("g8").count(), 1, "{text}");
    assert!(
        text.contains("h17x  [meets foe r (black Rook): capture, capture in passing]"),
        "{text}"
    );
    assert!(text.contains("h12x"), "{text}");
    insta::assert_snapshot!("tlalocan_shaman_chain_diverges", text);
    insta::assert_snapshot!(
        "tlalocan_shaman_chain_diverges_json",
        tree("rules/croatian-tlalocan.rules", &fen, "e5", true)
    );
}

/// Castling rights as tags (`tag castle (&) for King | Rook`, `castling ..., tagged
/// castle`): the King castles 2 to 9 cells toward a Rook only while both carry the tag
/// (FEN `K&`, `R&`, as libcrochess writes them; the castling field stays `-`). By hand:
/// the white Rook on w1 carries no tag, so the King on m1 castles only to the left, to
/// k1 .. d1 (the Rook b1 landing beside it), besides its steps; after castling neither
/// carries the tag any more, and the black King castles right (m24 to o24, the Rook
/// w24 to n24).
#[test]
fn castling_needs_both_pieces_tagged_and_castling_clears_the_tags() {
    let g = tlalocan();
    let fen = fen_of(
        &[
            ("m1", "K&"),
            ("b1", "R&"),
            ("w1", "R"),
            ("m24", "k&"),
            ("b24", "r&"),
            ("w24", "r&"),
        ],
        "w",
    );
    assert_eq!(
        moves_from(&g, &fen, "m1"),
        words("m1l1 m1n1 m1l2 m1m2 m1n2 m1k1 m1j1 m1i1 m1h1 m1g1 m1f1 m1e1 m1d1")
    );
    let after = play(&g, &fen, &["m1f1", "m24o24"]);
    assert!(after.starts_with("1r&11rk9/"), "{after}");
    assert!(after.contains("/5KR15R1 w - -"), "{after}");
    // A King that stepped away and back has lost its tag: no castling.
    let back = play(&g, &fen, &["m1m2", "m24m23", "m2m1", "m23m24"]);
    assert!(back.contains("/1R&10K9R1 w - - 4 3"), "{back}");
    assert!(!legal(&g, &back).contains(&"m1f1".to_string()), "{back}");
    // Letters are not rights here.
    let lettered = fen.replace(" w - -", " w KQkq -");
    let e = g.position(&lettered).unwrap_err();
    assert_eq!(e.offset(), lettered.find("KQkq").unwrap(), "{e}");
    assert!(!common::make_unmake_round_trip(&g, &fen).is_empty());
}

/// A castling tag the pieces do not carry, and an unknown one, say what and where.
#[test]
fn castling_tag_diagnostics() {
    let src = "game \"t\"\nboard square 8x8\ntag castle (&) for King\nroyal King\ncastling King e1 to g1 with Rook h1 to f1, tagged castle\ncastling King e1 to c1 with Rook a1 to d1, tagged castel\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n";
    assert_eq!(common::check_codes(src), vec!["E0955", "E0926"]);
    // `tagged` with no name before the next declaration: a syntax error there, which
    // does not swallow the next line.
    let cut = src.replace(", tagged castel", ", tagged");
    assert_eq!(common::check_codes(&cut), vec!["E0001"]);
}
