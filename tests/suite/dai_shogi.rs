//! Dai Shogi (`rules/daishogi.rules`) against an independent move generator written
//! here: plain Rust over a 15×15 array, its pieces typed in from HaChu's table of Dai's
//! pieces (its `daiPieces` and `chuPieces`: for each of eight directions a step, a
//! range, a slide of up to two cells, a jump) and Wikipedia's Dai Shogi page, sharing
//! nothing with the engine. Perft 1 to 3 from the start, the moves at every node of a
//! long pseudo-random game, hand-checked positions of the pieces Chu does not have, and
//! the primed letters (`C'`, `L!`, `+X'`) in FEN and move notation.

use crate::common;

use common::game;
use piecewise::Game;
use std::collections::BTreeSet;

use common::shogi::{cat, Kind, Legality, Mv, Pos, Promotion, Rules, Shogi, ALL, DIAG, ORTH};
use common::shogi::{legal_from, set, sorted_engine};
use common::shogi::{E_, NE, NW, N_, SE, SW, S_, W_};

/// The 29 kinds of the start array, then the 26 promoted ones.
fn kinds() -> Vec<Kind> {
    let k = |letter, steps: Vec<(i32, i32)>, rides: Vec<(i32, i32)>| Kind {
        letter,
        steps,
        rides,
        ..Kind::default()
    };
    let gold = || cat(&[&ORTH, &[NE, NW]]);
    let elephant = || cat(&[&DIAG, &[E_, W_, N_]]);
    let none = Vec::new;
    let v = vec![
        k("K", ALL.to_vec(), none()),
        k("P", vec![N_], none()),
        k("P'", vec![N_, S_], none()),
        k("U", vec![NE, NW], none()),
        k("I", vec![N_, NE, NW], none()),
        k("C", vec![NE, NW, N_, S_], none()),
        k("S", cat(&[&DIAG, &[N_]]), none()),
        k("G", gold(), none()),
        Kind {
            letter: "N",
            jumps: vec![(1, 2), (-1, 2)],
            ..Kind::default()
        },
        k("C'", DIAG.to_vec(), none()),
        k("A'", ORTH.to_vec(), none()),
        k("W", vec![N_, NE, NW, E_, W_], none()),
        Kind {
            letter: "X'",
            twos: ORTH.to_vec(),
            ..Kind::default()
        },
        Kind {
            letter: "F'",
            twos: DIAG.to_vec(),
            ..Kind::default()
        },
        k("F", cat(&[&DIAG, &[N_, S_]]), none()),
        k("T", cat(&[&DIAG, &[E_, W_, S_]]), none()),
        k("E", elephant(), none()),
        Kind {
            letter: "O",
            steps: DIAG.to_vec(),
            jumps: vec![(0, 2), (0, -2), (2, 0), (-2, 0)],
            ..Kind::default()
        },
        Kind {
            letter: "X",
            steps: ORTH.to_vec(),
            jumps: vec![(2, 2), (2, -2), (-2, 2), (-2, -2)],
            ..Kind::default()
        },
        k("L", none(), vec![N_]),
        k("A", none(), vec![N_, S_]),
        k("M", vec![N_, S_], vec![E_, W_]),
        k("V", vec![E_, W_], vec![N_, S_]),
        k("B", none(), DIAG.to_vec()),
        k("R", none(), ORTH.to_vec()),
        k("H", ORTH.to_vec(), DIAG.to_vec()),
        k("D", DIAG.to_vec(), ORTH.to_vec()),
        k("Q", none(), ALL.to_vec()),
        Kind {
            letter: "L!",
            lion: true,
            ..Kind::default()
        },
        // Promoted: the eight pieces Chu lacks, and the Pawn, become gold generals.
        k("+P", gold(), none()),
        k("+I", gold(), none()),
        k("+U", gold(), none()),
        k("+N", gold(), none()),
        k("+C'", gold(), none()),
        k("+A'", gold(), none()),
        k("+W", gold(), none()),
        k("+X'", gold(), none()),
        k("+F'", gold(), none()),
        k("+L", none(), vec![N_, S_, NE, NW]),
        k("+P'", elephant(), none()),
        k("+C", vec![N_, S_], vec![E_, W_]),
        k("+S", vec![E_, W_], vec![N_, S_]),
        k("+G", none(), ORTH.to_vec()),
        k("+F", none(), DIAG.to_vec()),
        k("+T", cat(&[&DIAG, &[E_, W_]]), vec![N_, S_]),
        k("+E", ALL.to_vec(), none()),
        Kind {
            letter: "+O",
            lion: true,
            ..Kind::default()
        },
        k("+X", none(), ALL.to_vec()),
        k("+A", none(), vec![N_, S_, SE, SW]),
        k("+M", none(), cat(&[&DIAG, &[E_, W_]])),
        k("+V", none(), cat(&[&DIAG, &[N_, S_]])),
        k("+B", ORTH.to_vec(), DIAG.to_vec()),
        k("+R", DIAG.to_vec(), ORTH.to_vec()),
        Kind {
            letter: "+H",
            rides: cat(&[&DIAG, &[E_, W_, S_]]),
            lion_lines: vec![N_],
            ..Kind::default()
        },
        Kind {
            letter: "+D",
            rides: cat(&[&ORTH, &[SE, SW]]),
            lion_lines: vec![NE, NW],
            ..Kind::default()
        },
    ];
    let bases = [
        "P", "P'", "U", "I", "C", "S", "G", "N", "C'", "A'", "W", "X'", "F'", "F", "T", "E", "O",
        "X", "L", "A", "M", "V", "B", "R", "H", "D",
    ];
    let dead = [("P", 1), ("L", 1), ("I", 1), ("U", 1), ("N", 2)];
    Rules::link(v, &bases, &dead)
}

/// Dai Shogi for the shared generator: 15x15, a five-rank zone, promotion on entry or
/// capture (forward movers may stay on the last ranks), no check rule, no Lion trading.
fn dai() -> Shogi {
    Shogi::new(Rules {
        width: 15,
        zone: 5,
        kinds: kinds(),
        royals: vec!["K", "+E"],
        promotion: Promotion::EntryOrCapture,
        legality: Legality::RoyalsOnly,
    })
}

// ------------------------------------------------------------ the engine side

fn sorted_independent(dai: &Shogi, p: &Pos) -> Vec<String> {
    dai.sorted(p)
}

const START: &str = "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL w - - 0 1";

// ------------------------------------------------------------ the tests

#[test]
fn dai_start_perft_1_to_3_equals_the_independent_count() {
    let g = game("daishogi");
    let dai = dai();
    let p = dai.parse(START);
    let start = g.start_position().unwrap();
    for depth in 1..=3 {
        let independent = dai.perft(&p, depth);
        assert_eq!(g.perft(&start, depth), independent, "depth {depth}");
    }
    // The figures: 71, 5,041, 357,978 (both generators).
    assert_eq!(dai.perft(&p, 2), 5041);
    // The engine's start is HaChu's array, written back with its primed letters.
    assert_eq!(g.fen(&start), START);
}

#[test]
fn dai_start_moves_equal_the_independent_generator_at_every_node_to_depth_2() {
    let g = game("daishogi");
    let dai = dai();
    let pos = g.position(START).unwrap();
    let p = dai.parse(START);
    assert_eq!(sorted_engine(&g, &pos), sorted_independent(&dai, &p));
    for m in dai.legal(&p) {
        let text = dai.uci(&m);
        let mut next = pos.clone();
        let gm = g.parse_uci(&next, &text).expect("legal");
        g.play_move(&mut next, &gm);
        let q = dai.play(&p, &m);
        assert_eq!(
            sorted_engine(&g, &next),
            sorted_independent(&dai, &q),
            "after {text}"
        );
    }
}

/// A pseudo-random game of many plies (a fixed linear congruential sequence picks
/// each move, promotions and captures preferred now and then so that the zone fills):
/// the two generators agree at every node, and the engine's FEN, read back by the
/// independent parser, gives the same moves.
#[test]
fn dai_moves_equal_the_independent_generator_along_a_long_game() {
    let g = game("daishogi");
    let dai = dai();
    let mut pos = g.position(START).unwrap();
    let mut p = dai.parse(START);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut plies = 0;
    for ply in 0..400 {
        let ours = sorted_engine(&g, &pos);
        let moves = dai.legal(&p);
        let mut theirs: Vec<String> = moves.iter().map(|m| dai.uci(m)).collect();
        theirs.sort();
        assert_eq!(ours, theirs, "ply {ply} at {}", g.fen(&pos));
        let again = dai.parse(&g.fen(&pos));
        assert_eq!(sorted_independent(&dai, &again), theirs, "FEN round trip");
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = (seed >> 33) as usize;
        let lively: Vec<&Mv> = moves
            .iter()
            .filter(|m| m.promote || p.cells[m.to].is_some() || !m.passing.is_empty())
            .collect();
        let m = if r % 3 == 0 && !lively.is_empty() {
            lively[r / 3 % lively.len()].clone()
        } else {
            moves[r % moves.len()].clone()
        };
        let text = dai.uci(&m);
        let gm = g.parse_uci(&pos, &text).expect("legal");
        g.play_move(&mut pos, &gm);
        p = dai.play(&p, &m);
        plies += 1;
    }
    assert!(plies > 100, "the game lasted {plies} plies");
}

#[test]
fn the_pieces_chu_lacks_move_as_hachu_has_them() {
    let g = game("daishogi");
    // A Violent Ox on h8 with a friend on h9 and a foe on f8: up to two cells each way,
    // blocked by the friend, taking the foe.
    let ox = legal_from(
        &g,
        "k14/15/15/15/15/15/7P7/5p1X'7/15/15/15/15/15/15/K14 w - - 0 1",
        "",
    );
    let ox: BTreeSet<String> = ox.into_iter().filter(|m| m.starts_with("h8")).collect();
    assert_eq!(ox, set(&["h8g8", "h8f8", "h8i8", "h8j8", "h8h7", "h8h6"]));
    // A Flying Dragon on h8, a foe on g9 and nothing else near: two cells diagonally,
    // not beyond the foe.
    let dragon = legal_from(
        &g,
        "k14/15/15/15/15/15/6p8/7F'7/15/15/15/15/15/15/K14 w - - 0 1",
        "",
    );
    let dragon: BTreeSet<String> = dragon.into_iter().filter(|m| m.starts_with("h8")).collect();
    assert_eq!(
        dragon,
        set(&["h8g9", "h8i9", "h8j10", "h8g7", "h8f6", "h8i7", "h8j6"])
    );
    // Evil Wolf, Cat Sword, Angry Boar, Stone, Iron, one step each as HaChu's table.
    let steppers = [
        ("W", &["h8g9", "h8h9", "h8i9", "h8g8", "h8i8"][..]),
        ("C'", &["h8g9", "h8i9", "h8g7", "h8i7"][..]),
        ("A'", &["h8h9", "h8h7", "h8g8", "h8i8"][..]),
        ("U", &["h8g9", "h8i9"][..]),
        ("I", &["h8g9", "h8h9", "h8i9"][..]),
    ];
    for (letter, expected) in steppers {
        let fen = format!("k13p/15/15/15/15/15/15/7{letter}7/15/15/15/15/15/15/K14 w - - 0 1");
        let moves: BTreeSet<String> = legal_from(&g, &fen, "")
            .into_iter()
            .filter(|m| m.starts_with("h8"))
            .collect();
        assert_eq!(moves, set(expected), "{letter}");
    }
    // The second side's Stone moves down the board.
    let moves: BTreeSet<String> = legal_from(
        &g,
        "k14/15/15/15/15/15/15/7u7/15/15/15/15/15/15/K13P b - - 0 1",
        "",
    )
    .into_iter()
    .filter(|m| m.starts_with("h8"))
    .collect();
    assert_eq!(moves, set(&["h8g7", "h8i7"]));
}

#[test]
fn dai_promotes_in_five_ranks_and_forward_movers_may_stay_dead() {
    let g = game("daishogi");
    // A Cat Sword entering the zone (rank 11) may promote to a gold; inside it without
    // a capture it may not; a Knight may promote, or stay, on the last two ranks; an
    // Iron on rank 14 may promote stepping to the last rank.
    let fen = "k13p/15/15/15/7C'7/15/15/15/15/15/15/15/15/15/K14 w - - 0 1";
    let moves = legal_from(&g, fen, "");
    let inside: BTreeSet<&str> = moves.iter().map(String::as_str).collect();
    assert!(
        inside.contains("h11g12") && !inside.contains("h11g12+"),
        "{moves:?}"
    );
    let fen = "k13p/15/15/15/15/7C'7/15/15/15/15/15/15/15/15/K14 w - - 0 1";
    let moves = legal_from(&g, fen, "");
    assert!(
        moves.contains("h10g11+") && moves.contains("h10g11"),
        "{moves:?}"
    );
    assert!(moves.contains("h10g9") && !moves.contains("h10g9+"));
    let fen = "k13p/1I13/15/5N9/15/15/15/15/15/15/15/15/15/15/K14 w - - 0 1";
    let moves = legal_from(&g, fen, "");
    for m in [
        "f12e14", "f12e14+", "f12g14", "f12g14+", "b14b15", "b14b15+",
    ] {
        assert!(moves.contains(m), "{m} in {moves:?}");
    }
    // Promoted, the Cat Sword is `+C'` in FEN and moves as a gold.
    let mut pos = g
        .position("k13p/15/15/15/15/7C'7/15/15/15/15/15/15/15/15/K14 w - - 0 1")
        .unwrap();
    let m = g.parse_uci(&pos, "h10g11+").unwrap();
    // SAN writes the primed letters as FEN does, and reads them back.
    assert_eq!(g.san(&pos, &m), "C'g11=+C'");
    assert_eq!(g.parse_san(&pos, "C'g11=+C'"), Some(m));
    g.play_move(&mut pos, &m);
    let fen = g.fen(&pos);
    assert!(
        fen.starts_with("k13p/15/15/15/6+C'8/15/15/15/15/15/15/15/15/15/K14 b "),
        "{fen}"
    );
    let gold: BTreeSet<String> = legal_from(
        &g,
        "k13p/15/15/15/6+C'8/15/15/15/15/15/15/15/15/15/K14 w - - 0 1",
        "",
    )
    .into_iter()
    .filter(|m| m.starts_with("g11"))
    .collect();
    assert_eq!(
        gold,
        set(&["g11f12", "g11g12", "g11h12", "g11f11", "g11h11", "g11g10"])
    );
}

#[test]
fn primed_letters_read_and_write_in_fen_and_names() {
    let g = game("daishogi");
    let rules = g.rules();
    for (text, name) in [
        ("C'", "CatSword"),
        ("c'", "CatSword"),
        ("L!", "Lion"),
        ("+X'", "PromotedViolentOx"),
        ("X", "Phoenix"),
        ("+X", "PromotedPhoenix"),
    ] {
        let id = rules.piece(text).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(rules.piece_name(id), name, "{text}");
    }
    assert!(rules.piece("Q'").is_none());
    // The playground's and `show --piece`'s reading: a lone lowercase letter, primed or
    // not, is the second side's.
    use piecewise::ids::Side;
    use piecewise::picture::piece_arg;
    let cat = rules.piece("CatSword").unwrap();
    assert_eq!(piece_arg(rules, "c'"), Some((Side::Second, cat)));
    assert_eq!(piece_arg(rules, "C'"), Some((Side::First, cat)));
    let lion = rules.piece("Lion").unwrap();
    assert_eq!(piece_arg(rules, "l!"), Some((Side::Second, lion)));
    assert!(rules.piece("C''").is_none());
    // A letter the game does not prime is an unknown letter, named as written.
    let err = g
        .position("k14/15/15/15/15/7Q'7/15/15/15/15/15/15/15/15/K14 w - - 0 1")
        .unwrap_err();
    assert!(err.to_string().contains("Q'"), "{err}");
    // The second side's primed pieces round-trip.
    let fen = "k1l!c'+x'10/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 w - - 0 1";
    let pos = g.position(fen).unwrap();
    assert_eq!(g.fen(&pos), fen);
}

#[test]
fn primed_letters_in_a_hand_and_in_drops() {
    // A small game with hands: a primed piece in hand is `X'` in the FEN's hand field
    // and `X'@c3` as a drop.
    let g = Game::compile(
        "board square 5x5\nhand\nroyal King\n\
         piece King (K) { step any }\npiece Ox (X') { ride orthogonal up to 2 }\n\
         piece Lion (L!) { step any }\npiece Pawn (P) { step forward }\n",
    )
    .unwrap();
    let fen = "k4/5/5/5/K4[L!X'px'] w - - 0 1";
    let pos = g.position(fen).unwrap();
    assert_eq!(g.fen(&pos), fen);
    let moves: BTreeSet<String> = g.legal_moves(&pos).iter().map(|m| g.uci(m)).collect();
    assert!(
        moves.contains("X'@c3") && moves.contains("L!@c3"),
        "{moves:?}"
    );
    assert!(
        !moves.iter().any(|m| m.starts_with("P@")),
        "no Pawn in hand"
    );
    // An unknown primed letter in the hand is named as written.
    let err = g.position("k4/5/5/5/K4[K'] w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("K'"), "{err}");
}

#[test]
fn the_lion_l_bang_double_move_reads_as_hachu_writes_it() {
    let g = game("daishogi");
    let pos = g
        .position("k14/15/15/15/15/15/7p7/7L!7/15/15/15/15/15/15/K13P w - - 0 1")
        .unwrap();
    let read = |text: &str| g.parse_uci(&pos, text).map(|m| g.uci(&m));
    assert_eq!(read("h8h9,h9h10").as_deref(), Some("h8h10xh9"));
    assert_eq!(read("h8h9,h9h8").as_deref(), Some("h8h8xh9"), "igui");
    assert_eq!(read("h8g8,g8h8").as_deref(), Some("h8h8"), "the pass");
    assert_eq!(read("h8h9,i10j11"), None, "the legs must meet");
}
