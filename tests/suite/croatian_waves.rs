//! The Croatian Chess variants with Waves: Miranda's Veil
//! (`rules/croatian-miranda.rules`, 16×16), the first, and Nineteen
//! (`rules/croatian-nineteen.rules`, 18×18: Stars, two ranks of Pawns, Pawns stepping
//! sideways and rushing by their tag). Transparency (riders and rushing Pawns pass
//! over Waves) and activation (any own piece may hand the move to an own Wave, which
//! moves as its activator, never capturing; material pieces activate the passive
//! Pyramid on their capture cells). Exact move lists of hand-checked positions, legal
//! moves and perft against an independent brute-force generator written from the
//! book's rules as the files cover them (`croatian_brute/mod.rs`), FEN read-back and
//! make/unmake after cascades, and the path tree of a cascade (insta snapshots,
//! checked by hand).

use crate::common;

use crate::croatian_brute as brute;

use brute::{MIRANDA, NINETEEN};
use common::{legal, play};
use piecewise::Game;

fn miranda() -> Game {
    common::game("croatian-miranda")
}

const START: &str = "r&eauwnbqk&bnwuaer&/p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^/16/16/16/16/16/16/16/16/16/16/16/16/P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^/R&EAUWNBQK&BNWUAER& w - - 0 1";

/// The moves of `fen` that start on `from`.
fn moves_from(g: &Game, fen: &str, from: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

// ------------------------------------------------------------ the start position

/// The book's start position (libcrochess's setup table and the chapter's diagram: the
/// Wave between each Knight and Unicorn). Perft 1 is 124, counted by hand: 16 Pawns ×
/// (a step and a rush of 2 to 6) = 96; Pegasi b1 and o1 8 each (a3 or n3, and seven
/// leaps up one line to i15 or h15); the Unicorn d1 (light cell: a Knight) 2, m1 (dark:
/// the long leaps j3 k4 l5 n5 o4 p3) 6; Knights f1 and k1 2 each. No piece reaches a
/// Wave or a Pyramid. Perft 1 and 2 agree with the brute force.
#[test]
fn the_start_position_and_its_perft_agree_with_a_brute_force_count() {
    let g = miranda();
    let pos = g.start_position().unwrap();
    assert_eq!(g.fen(&pos), START);
    assert_eq!(g.perft(&pos, 1), 124);
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            brute::perft_of(MIRANDA, START, depth),
            "depth {depth}"
        );
    }
}

// ------------------------------------------------------------ hand-checked moves

/// A Rook meeting Waves: transparency, activation of its own Wave, capture of the
/// enemy's, activation of a Pyramid. Checked by hand against the book ("Wave is
/// transparent": a piece may activate its own Wave, capture the enemy's or move past
/// both; "Pyramid ... activated ... on its capture-fields"):
/// - up the d-file: d5 d6, then the own Wave on d7, which it may activate or pass;
///   past it d8 d9, the black Wave on d10 (captured, or passed), d11 d12 and the black
///   Pawn on d13, captured; left c4 and the black Knight b4; right e4 f4 and the own
///   Pyramid g4 (activated); down d3 d2 d1;
/// - the Wave activated on d7 rides as a Rook from d7 to the edge, never capturing and
///   passing over every piece (book: "Activated Wave can continue moving in the
///   initially chosen direction until the end of a chessboard"): rank 7 both ways, d8
///   d9, past the black Wave d11 d12, past the Pawn d13 to d14 d15 d16, and down to d1
///   (d4 is empty now); or it activates the black Wave on d10 ("Own Wave can activate
///   opponent's Wave ... activated Wave moves the same way activating Wave does"),
///   which rides as the white Rook from d10: rank 10 both ways, down to d8 (d7 holds
///   the Rook now) and on from d6 to d1, up d11 d12 and past its own Pawn on d13 to d14
///   d15 d16, or activates that Pawn ("Opponent's Wave can also activate any other
///   opponent's piece, except King"), which steps down to d12;
/// - the Pyramid activated on g4 rides as a Rook from g4, at most the 3 cells of the
///   momentum the Rook gathered (book, "Rook activated": "activated material is limited
///   by received momentum"): g1 to g7, d4 (empty now) to j4; not to the Knight on b4.
#[test]
fn a_rook_passes_waves_activates_its_own_captures_the_enemys_and_activates_a_pyramid() {
    let g = miranda();
    let fen = "15k/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1n1R2A9/16/16/15K w - - 0 1";
    let mut expected =
        words("d4d5 d4d6 d4d8 d4d9 d4d10 d4d11 d4d12 d4d13 d4c4 d4b4 d4e4 d4f4 d4d3 d4d2 d4d1");
    for to in
        "a7 b7 c7 e7 f7 g7 h7 i7 j7 k7 l7 m7 n7 o7 p7 d8 d9 d11 d12 d14 d15 d16 d6 d5 d4 d3 d2 d1"
            .split(' ')
    {
        expected.push(format!("d4d7>{to}"));
    }
    for to in "a10 b10 c10 e10 f10 g10 h10 i10 j10 k10 l10 m10 n10 o10 p10 \
               d9 d8 d6 d5 d4 d3 d2 d1 d11 d12 d14 d15 d16 d13>d12"
        .split_whitespace()
    {
        expected.push(format!("d4d7>d10>{to}"));
    }
    for to in "d4 e4 f4 h4 i4 j4 g1 g2 g3 g5 g6 g7".split(' ') {
        expected.push(format!("d4g4>{to}"));
    }
    expected.sort();
    assert_eq!(moves_from(&g, fen, "d4"), expected);
    assert_eq!(
        legal(&g, fen).len(),
        expected.len() + 3,
        "and the King's o1 o2 p2"
    );
    assert_eq!(legal(&g, fen), brute::legal(MIRANDA, fen));
}

/// A Pawn meeting Waves. By hand, from the book ("Single-step pieces and transparency",
/// "Activated by stepping Pawn", "Activating Pyramid"): e3; carrying its rush tag
/// (`P^`), the rush over the own Wave
/// on e4 (which it may activate: the Wave then takes one of the Pawn's first steps,
/// forward or diagonally forward, and goes on in it to the edge over every piece: e5,
/// past the black Wave e6, e7 .. e16; d5 c6 b7 a8; f5 g6 .. p15; or it activates the
/// black Wave on e6, which moves the same way, as the white Pawn: e7 .. e16, d7 c8 b9
/// a10, f7 g8 .. o16) and
/// over the black Wave on e6 (on which it may not stop) to e5, e7 and e8 (6 cells at
/// most); the own Pyramid on its capture cell f3, activated with the one momentum of
/// the Pawn's step, rides one cell from f3 (e2 empty now, the King on f1 stops it at
/// f2).
#[test]
fn a_pawn_rushes_over_waves_and_activates_a_wave_and_a_pyramid() {
    let g = miranda();
    let fen = "k15/16/16/16/16/16/16/16/16/16/4w11/16/4W11/5A10/4P^11/5K10 w - - 0 1";
    let mut expected = words("e2e3 e2e5 e2e7 e2e8");
    for to in
        "e5 e7 e8 e9 e10 e11 e12 e13 e14 e15 e16 d5 c6 b7 a8 f5 g6 h7 i8 j9 k10 l11 m12 n13 o14 p15"
            .split(' ')
    {
        expected.push(format!("e2e4>{to}"));
    }
    for to in
        "e7 e8 e9 e10 e11 e12 e13 e14 e15 e16 d7 c8 b9 a10 f7 g8 h9 i10 j11 k12 l13 m14 n15 o16"
            .split(' ')
    {
        expected.push(format!("e2e4>e6>{to}"));
    }
    for to in "e3 g3 f2 f4".split(' ') {
        expected.push(format!("e2f3>{to}"));
    }
    expected.sort();
    assert_eq!(moves_from(&g, fen, "e2"), expected);
    assert_eq!(legal(&g, fen), brute::legal(MIRANDA, fen));
}

/// Cascades of several plies (Bishop → Wave → Wave → Pyramid), Pegasi and a Queen
/// passing Waves, Unicorns on both colours, Knights stopped by Waves, pins and checks
/// through Waves, both sides: every legal move and perft 2 agree with the brute force.
#[test]
fn positions_with_waves_agree_with_a_brute_force_generator() {
    let g = miranda();
    for fen in [
        // Bishop a1 → Wave c3 (as a Bishop) → Wave e5, which may not activate the
        // Pyramid h8.
        "8k7/16/16/16/16/16/16/16/7A8/16/16/4W11/16/2W13/16/B11K3 w - - 0 1",
        // A black Queen checking through a white Wave; the white Wave cannot block it.
        "7k8/16/16/16/16/16/16/7q8/16/16/16/16/7W8/16/16/2N4K8 w - - 0 1",
        // Black to move: a Pegasus passing a Wave, activating its own Wave; Unicorns.
        "4k11/3p12/16/16/16/16/7e8/16/5w3W6/16/2u13/16/9q6/16/3P2B9/8K7 b - - 0 1",
        // Waves of both sides around both Kings, Knights, a Unicorn on each colour.
        "8k7/7p8/6w1n7/16/16/16/5U10/16/16/16/6u9/16/16/5N1W8/7P8/8K7 w - - 0 1",
    ] {
        let expected = brute::legal(MIRANDA, fen);
        assert_eq!(legal(&g, fen), expected, "{fen}");
        assert!(
            fen.contains('q') || expected.iter().any(|m| m.contains('>')),
            "{fen}"
        );
        let pos = g.position(fen).unwrap();
        assert_eq!(g.perft(&pos, 2), brute::perft_of(MIRANDA, fen, 2), "{fen}");
    }
}

/// A cascade of four plies, by hand: the Bishop a1 activates the Wave on c3, which
/// (moving as a Bishop) activates the Wave on e5, which activates the Wave on g7, which
/// moves as a Bishop from g7 to the edge over every piece: h6 .. l2 (past the King on
/// m1), f8 .. a13, past the Pyramid on h8 to i9 .. p16, and down to f6, then past the
/// Wave now on e5 to d4, past the Bishop on c3 to b2 and a1 (empty now). Or the Wave
/// from c3 passes the one on e5 and activates the one on g7, which comes back down to
/// e5 and activates the Wave there, which goes: d6 .. a9, f6 then past g7 and h8 to
/// i9 .. p16, f4 .. i1, d4 then past c3 to b2 and a1. Or the third Wave comes back to
/// c3 and activates the Bishop again (book, "Reactivating pieces": "It's possible to
/// re-activate piece which already participated in the same cascade"), with the 2
/// momentum it gathered (Waves spend none): it rides 2 at most from c3, to a1 b2 d2 e1
/// b4 a5 d4. No Wave activates the Pyramid
/// on h8
/// (book: "Wave cannot activate Pyramid"; `relay Wave, ..., activate not King |
/// Pyramid`), and the Bishop cannot either: it meets it only past Waves.
#[test]
fn a_cascade_of_four_plies_and_no_wave_activates_a_pyramid() {
    let g = miranda();
    let fen = "8k7/16/16/16/16/16/16/16/7A8/6W9/16/4W11/16/2W13/16/B11K3 w - - 0 1";
    let moves = legal(&g, fen);
    let four: Vec<String> = moves
        .iter()
        .filter(|m| m.matches('>').count() == 3)
        .cloned()
        .collect();
    let mut expected = Vec::new();
    for to in
        "h6 i5 j4 k3 l2 f8 e9 d10 c11 b12 a13 i9 j10 k11 l12 m13 n14 o15 p16 f6 d4 b2 a1".split(' ')
    {
        expected.push(format!("a1c3>e5>g7>{to}"));
    }
    for to in "d6 c7 b8 a9 f6 i9 j10 k11 l12 m13 n14 o15 p16 f4 g3 h2 i1 d4 b2 a1".split(' ') {
        expected.push(format!("a1c3>g7>e5>{to}"));
    }
    for via in ["e5", "g7"] {
        for to in "a1 b2 d2 e1 b4 a5 d4".split(' ') {
            expected.push(format!("a1c3>{via}>c3>{to}"));
        }
    }
    expected.sort();
    assert_eq!(four, expected);
    assert!(!moves.iter().any(|m| m.contains("h8")), "{moves:?}");
    assert_eq!(moves, brute::legal(MIRANDA, fen));
}

/// A Wave is transparent, so it cannot be pinned and does not shield (book, "Wave is
/// not pinned"): the black Queen on h9 checks the King on h1 past the white Wave on h4.
/// By hand: the Knight on c1 cannot reach h2 or h3, the King cannot activate the Wave
/// three cells away, so only the King's steps off the h-file remain.
#[test]
fn a_queen_checks_past_a_wave() {
    let g = miranda();
    let fen = "7k8/16/16/16/16/16/16/7q8/16/16/16/16/7W8/16/16/2N4K8 w - - 0 1";
    assert_eq!(legal(&g, fen), words("h1g1 h1g2 h1i1 h1i2"));
}

// ------------------------------------------------------------ FEN, make/unmake

/// Cascades played and read back through FEN; make/unmake of every legal move of the
/// hand-checked positions restores the position and its hash.
#[test]
fn cascades_read_back_through_fen_and_unmake() {
    let g = miranda();
    let a = "15k/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1n1R2A9/16/16/15K w - - 0 1";
    // The Rook on d7, the Wave it activated on d12.
    assert_eq!(
        play(&g, a, &["d4d7>d12"]),
        "15k/16/16/3p12/3W12/16/3w12/16/16/3R12/16/16/1n4A9/16/16/15K b - - 1 1"
    );
    // The Rook on g4, the Pyramid it activated (with the Rook's 3 momentum) on g7.
    assert_eq!(
        play(&g, a, &["d4g4>g7", "p16o16"]),
        "14k1/16/16/3p12/16/16/3w12/16/16/3W2A9/16/16/1n4R9/16/16/15K w - - 2 2"
    );
    let b = "k15/16/16/16/16/16/16/16/16/16/4w11/16/4W11/5A10/4P^11/5K10 w - - 0 1";
    play(&g, b, &["e2e4>e5"]);
    play(&g, START, &["b1d5", "o16n14", "d5e7"]);
    for fen in [a, b, START] {
        assert!(!common::make_unmake_round_trip(&g, fen).is_empty());
    }
}

// ------------------------------------------------------------ path tree

use crate::common::words;
use common::cli::tree;

/// The Rook's tree in the first hand-checked position, read by hand against the seed's
/// text: d7 is an activation (`>`, ply 2 below: the Wave moving as the Rook, never
/// capturing), the path goes on past it (transparency) to the black Wave on d10, which
/// may be captured or passed, and to the Pawn on d13; g4 activates the Pyramid (ply 2:
/// its own moves).
#[test]
fn the_tree_of_a_rook_meeting_waves_and_a_pyramid() {
    let fen = "15k/16/16/3p12/16/16/3w12/16/16/3W12/16/16/1n1R2A9/16/16/15K w - - 0 1";
    let text = tree("rules/croatian-miranda.rules", fen, "d4", false);
    assert!(text.contains("activations:"), "{text}");
    assert!(text.contains("ply 2: white Wave on d7"), "{text}");
    assert!(text.contains("ply 2: white Pyramid on g4"), "{text}");
    insta::assert_snapshot!("miranda_rook_waves_pyramid", text);
}

// ------------------------------------------------------------ Nineteen

fn nineteen() -> Game {
    common::game("croatian-nineteen")
}

/// Nineteen with its Stars as walls (its `teleport` lines left out): the brute force
/// knows no teleport (tests/suite/croatian_teleport.rs has them).
fn nineteen_walls() -> Game {
    common::game_without_teleport("croatian-nineteen")
}

/// The book's start position as `start` gives it (libcrochess's setup table: Stars in
/// the corners, two ranks of Pawns), written back with every Pawn's rush tag.
const START19: &str = "*Dr&nbweuaqk&auewbnr&*T/p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^/p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^p^/18/18/18/18/18/18/18/18/18/18/18/18/P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^/P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^P^/*TR&NBWEUAQK&AUEWBNR&*D w - - 0 1";

/// Perft 1 is 114, counted by hand: the 18 Pawns of rank 3 each step once and rush 2
/// to 6 cells (to rank 9, the end of their half): 108; the Unicorn g1 (dark: long
/// leaps) reaches e4 f5 h5 i4; the Queen i1 and the King j1 each activate the Pyramid
/// next to them, which rides back one cell onto the square they left (i1h1>i1,
/// j1k1>j1). The rest is walled in. Perft 1 and 2 agree with the brute force.
#[test]
fn nineteen_start_position_and_perft_agree_with_a_brute_force_count() {
    let g = nineteen_walls();
    let pos = g.start_position().unwrap();
    assert_eq!(g.fen(&pos), START19);
    assert_eq!(g.perft(&pos, 1), 114);
    let moves = legal(&g, START19);
    assert!(moves.contains(&"i1h1>i1".to_string()) && moves.contains(&"j1k1>j1".to_string()));
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            brute::perft_of(NINETEEN, START19, depth),
            "depth {depth}"
        );
    }
}

/// A Pawn carrying its rush tag, an own Wave in front of it. By hand: it steps sideways
/// (c2 e2), activates the Wave on its step cell d3, or rushes over it to d4..d9 (7 cells
/// at most, to rank 9). The Wave activated takes one of the Pawn's first steps, even
/// where the Pawn could not go (book: "Unlike Pawn, Wave can choose any step, including
/// diagonal, even if that step-field is empty"), and goes on in it to the edge: d4 ..
/// d18, c4 b5 a6, e4 f5 .. r17, and sideways c3 b3 a3, e3 .. r3.
#[test]
fn a_wave_activated_by_a_pawn_steps_as_it_but_never_rushes() {
    let g = nineteen();
    let fen = "k17/18/18/18/18/18/18/18/18/18/18/18/18/18/18/3W14/3P^14/9K8 w - - 0 1";
    let mut expected = words("d2c2 d2e2 d2d4 d2d5 d2d6 d2d7 d2d8 d2d9");
    let files = "abcdefghijklmnopqr".as_bytes();
    let cell = |x: usize, y: usize| format!("{}{}", files[x] as char, y + 1);
    // From d3 = (3, 2): up, up-left, up-right, left, right.
    let lines: [(i32, i32); 5] = [(0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0)];
    for (dx, dy) in lines {
        let (mut x, mut y) = (3 + dx, 2 + dy);
        while (0..18).contains(&x) && (0..18).contains(&y) {
            expected.push(format!("d2d3>{}", cell(x as usize, y as usize)));
            x += dx;
            y += dy;
        }
    }
    expected.sort();
    assert_eq!(moves_from(&g, fen, "d2"), expected);
    assert_eq!(legal(&g, fen), brute::legal(NINETEEN, fen));
}

/// Stars are walls to every walk (here without the file's `teleport`, which makes
/// them portals): the Rook stops before a1, the Bishop before r18, the Knight does
/// not land on a1, nothing captures or activates them; by hand the Rook a4 has a3 a2
/// and rank 4 and the file up; the brute force agrees on every move.
#[test]
fn stars_are_walls_nobody_moves_lands_on_or_passes() {
    let g = nineteen_walls();
    let fen = "*D16*T/18/18/18/18/18/18/18/18/18/18/18/18/18/R10k6/2B15/1N16/*T8K7*D w - - 0 1";
    let moves = legal(&g, fen);
    assert!(moves.contains(&"a4a2".to_string()) && !moves.iter().any(|m| m.ends_with("a1")));
    assert!(moves.contains(&"c3q17".to_string()) && !moves.iter().any(|m| m.ends_with("r18")));
    assert_eq!(moves, brute::legal(NINETEEN, fen));
}

/// Sideways Pawns activating Waves, rushes from both ranks over Waves, Pegasi, a
/// Pyramid, Stars, both sides: legal moves and perft 2 agree with the brute force.
#[test]
fn nineteen_positions_agree_with_a_brute_force_generator() {
    let g = nineteen_walls();
    for fen in [
        "*D7k8*T/18/18/18/18/18/18/18/18/18/18/18/4w13/18/18/2P^W1P^12/3B2A11/*T8K7*D w - - 0 1",
        "*D8k7*T/4p^p^12/3w1p^12/18/18/18/6e11/18/18/18/18/18/18/18/18/4Q13/18/*T8K7*D b - - 0 1",
        "*D8k7*T/18/18/18/18/18/18/18/18/4W13/18/18/18/18/4W13/4P^13/2U3N11/*T8K7*D w - - 0 1",
    ] {
        let expected = brute::legal(NINETEEN, fen);
        assert_eq!(legal(&g, fen), expected, "{fen}");
        assert!(
            expected.iter().any(|m| m.contains('>')),
            "{fen}: an activation"
        );
        let pos = g.position(fen).unwrap();
        assert_eq!(g.perft(&pos, 2), brute::perft_of(NINETEEN, fen, 2), "{fen}");
    }
}

/// A rush loses the tag (FEN `P` after the move, `P^` before); make/unmake of every
/// start move restores the position, its tags and its hash.
#[test]
fn nineteen_tags_and_cascades_read_back_through_fen() {
    let g = nineteen();
    let after = play(&g, START19, &["c3c8"]);
    assert!(after.contains("/2P15/"), "{after}");
    play(&g, START19, &["j1k1>j1", "g18e15"]);
    assert!(!common::make_unmake_round_trip(&g, START19).is_empty());
}

/// The Pawn's tree in Nineteen, read by hand: c2 and e2 (sideways), d3 an activation of
/// the own Wave (`>`), and the rush past it to d4..d9 (transparency: `pass over`, then
/// one fork per cell it may stop on); c3 and e3, its capture cells, hold nothing. Ply 2:
/// the Wave, an `onward` relay, takes one of the Pawn's first steps (forward, sideways,
/// diagonally forward) and goes on in it to the edge: d4..d18 (15 cells), e4..r17 (14),
/// c4 b5 a6 (3), e3..r3 (14) and c3 b3 a3 (3), 49 plies; never a rush (it carries no
/// tag, and goes to the edge anyway).
#[test]
fn the_tree_of_a_pawn_activating_a_wave_in_nineteen() {
    let fen = "k17/18/18/18/18/18/18/18/18/18/18/18/18/18/18/3W14/3P^14/9K8 w - - 0 1";
    let text = tree("rules/croatian-nineteen.rules", fen, "d2", false);
    assert!(
        text.contains("\n  d3>  [meets friend W (white Wave): pass over, activate]\n"),
        "{text}"
    );
    assert!(text.contains("white Wave (W) on d3: 49 plies"), "{text}");
    insta::assert_snapshot!("nineteen_pawn_wave", text);
    insta::assert_snapshot!(
        "nineteen_pawn_wave_json",
        tree("rules/croatian-nineteen.rules", fen, "d2", true)
    );
}

/// The book's scenes scn_mv_019 and scn_mv_020 ("Bishop activating Wave", "Wave
/// activated by Bishop"; Miranda's Veil, ch. 7 "Movement"), set up by hand from the
/// diagrams: the light Bishop d7 activates its Wave on h11, which moves "like one, i.e.
/// along one chosen diagonal ... not obstructed by neither Pawn nor Knight ... can reach
/// edge of chessboard": every cell of the four diagonals from h11 to the edge, d7
/// (left empty) included; past the dark Knight k8 (blocked, not activated: a foe's);
/// and the own Pawn f13 activated (the scene's action mark), which then steps to f14.
/// The Kings (p1, a16) are off those lines.
#[test]
fn scn_mv_020_a_wave_activated_by_a_bishop_goes_to_the_edge_past_every_piece() {
    let g = miranda();
    let fen = "k15/16/16/5P10/16/7W8/16/16/10n5/3B12/16/16/16/16/16/15K w - - 0 1";
    let got: Vec<String> = moves_from(&g, fen, "d7")
        .into_iter()
        .filter(|m| m.starts_with("d7h11>"))
        .collect();
    let mut expected: Vec<String> =
        "i12 j13 k14 l15 m16 g12 e14 d15 c16 g10 f9 e8 d7 c6 b5 a4 i10 j9 l7 m6 n5 o4 p3"
            .split(' ')
            .map(|to| format!("d7h11>{to}"))
            .collect();
    expected.push("d7h11>f13>f14".to_string());
    expected.sort();
    assert_eq!(got, expected);
    assert_eq!(legal(&g, fen), brute::legal(MIRANDA, fen));
}

/// The book's scn_mv_033 ("Wave activated by Unicorn, complete ply"): the Unicorn c5
/// activates the Wave g4 (a light cell: a Knight's jumps), which jumps to f6 (dark: a
/// Unicorn's long jumps) and on to i8, and then alternates the two jumps (`alternating
/// Unicorn`), over the Pawns: h10, k12, j14 (the dark Wave, activated), m16.
#[test]
fn scn_mv_033_a_wave_activated_by_a_unicorn_alternates_two_jumps() {
    let g = miranda();
    let fen = "k15/16/9w6/16/16/16/16/7ppp6/7P8/7P8/7P8/2U13/6W9/16/16/K15 w - - 0 1";
    let got = moves_from(&g, fen, "c5");
    for to in ["f6", "i8", "h10", "k12", "m16"] {
        assert!(got.contains(&format!("c5g4>{to}")), "c5g4>{to} in {got:?}");
    }
    assert!(got.iter().any(|m| m.starts_with("c5g4>j14>")), "{got:?}");
    // The book's red cells from k12 (m13, l14, i13, i11, j10, l10, m11) are off this
    // line; other pairs of jumps reach them (g4-e5-i6 alternated: m13).
    assert_eq!(legal(&g, fen), brute::legal(MIRANDA, fen));
}

/// The book's scn_mv_034 ("Out of board steps"): the dark Unicorn k2 activates the dark
/// Wave o3, which alternates o3-m4 and m4-p6 off the board's right edge and back on:
/// n7, o10 and p13 (its ply ends on the board).
#[test]
fn scn_mv_034_an_alternating_wave_steps_off_the_board_and_back() {
    let g = miranda();
    let fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/14w1/10u5/K15 b - - 0 1";
    let got = moves_from(&g, fen, "k2");
    for to in ["m4", "p6", "n7", "o10", "p13"] {
        assert!(got.contains(&format!("k2o3>{to}")), "k2o3>{to} in {got:?}");
    }
    assert_eq!(legal(&g, fen), brute::legal(MIRANDA, fen));
}
