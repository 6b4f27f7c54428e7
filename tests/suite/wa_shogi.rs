//! Wa Shogi (`rules/washogi.rules`) against an independent move generator written here:
//! plain Rust over an 11×11 array, its pieces typed in from HaChu's table of Wa's pieces
//! (`waPieces`: for each of eight directions a step, a range, a range of two or three,
//! a jump), with Shogi's promotion and check rules, sharing nothing with the engine.
//! Perft 1 to 3 from the start and the moves at every node of a long pseudo-random
//! game.

use crate::common;

use common::game;
use piecewise::Game;
use std::collections::BTreeSet;

use common::shogi::{cat, Kind, Legality, Mv, Pos, Promotion, Rules, Shogi, ALL, DIAG, ORTH};
use common::shogi::{legal_from, set, sorted_engine};
use common::shogi::{E_, NE, NW, N_, SE, SW, S_, W_};

/// The 17 kinds of the start array, then the 14 promoted ones, from HaChu's
/// `waPieces` (for each of eight directions a step, a range, a limited range or a jump).
fn kinds() -> Vec<Kind> {
    let k = |letter, steps: Vec<(i32, i32)>, rides: Vec<(i32, i32)>| Kind {
        letter,
        steps,
        rides,
        ..Kind::default()
    };
    let gold = || cat(&[&ORTH, &[NE, NW]]);
    let fox = || Kind {
        steps: cat(&[&DIAG, &[N_, S_]]),
        jumps: vec![(2, 2), (-2, 2), (2, -2), (-2, -2), (0, 2), (0, -2)],
        ..Kind::default()
    };
    let eagle = || Kind {
        rides: vec![N_, S_],
        threes: vec![NE, NW],
        steps: vec![E_, W_, SE, SW],
        ..Kind::default()
    };
    let none = Vec::new;
    let v = vec![
        k("K", ALL.to_vec(), none()),
        Kind {
            letter: "E",
            ..eagle()
        },
        k("F", vec![N_], DIAG.to_vec()),
        k("S", vec![N_, S_], vec![E_, W_]),
        Kind {
            letter: "X",
            ..fox()
        },
        k("R", cat(&[&DIAG, &[S_]]), vec![N_]),
        k("W", gold(), none()),
        k("V", cat(&[&DIAG, &[N_]]), none()),
        k("G", vec![NE, NW, N_, S_], none()),
        k("M", vec![NE, NW, N_, S_], none()),
        Kind {
            letter: "H",
            rides: vec![N_],
            twos: vec![S_],
            ..Kind::default()
        },
        k("D", vec![NE, NW, E_, W_, S_], none()),
        k("O", none(), vec![N_]),
        k("C", vec![NE, NW, E_, W_], none()),
        k("L", vec![N_, SE, SW], none()),
        k("U", vec![N_, SE, SW], none()),
        k("P", vec![N_], none()),
        // Promoted.
        k("+F", vec![E_, W_], cat(&[&DIAG, &[N_, S_]])),
        k("+S", none(), ORTH.to_vec()),
        Kind {
            letter: "+R",
            ..fox()
        },
        k("+W", ALL.to_vec(), none()),
        k("+V", cat(&[&DIAG, &[N_, E_, W_]]), none()),
        k("+G", vec![N_, S_], vec![E_, W_]),
        k("+M", cat(&[&DIAG, &[N_]]), none()),
        Kind {
            letter: "+H",
            jumps: vec![(1, 2), (-1, 2), (1, -2), (-1, -2)],
            ..Kind::default()
        },
        k("+D", gold(), none()),
        k("+O", ALL.to_vec(), none()),
        k("+C", vec![NE, NW, E_, W_], vec![N_, S_]),
        Kind {
            letter: "+L",
            ..eagle()
        },
        k("+U", vec![N_], DIAG.to_vec()),
        k("+P", gold(), none()),
    ];
    let bases = [
        "P", "O", "F", "S", "R", "W", "V", "G", "M", "H", "D", "C", "L", "U",
    ];
    Rules::link(v, &bases, &[("P", 1), ("O", 1)])
}

/// Wa Shogi for the shared generator: 11x11, a three-rank zone, Shogi's promotion (the
/// Sparrow Pawn and the Oxcart must promote on the last rank) and check rule.
fn wa() -> Shogi {
    Shogi::new(wa_rules())
}

fn wa_rules() -> Rules {
    Rules {
        width: 11,
        zone: 3,
        kinds: kinds(),
        royals: vec!["K"],
        promotion: Promotion::Shogi,
        legality: Legality::Check,
    }
}

/// Wa Shogi with Shogi's drops (`rules/washogi-drops.rules`): the Sparrow Pawn one per
/// file and not to mate.
fn wa_drops() -> Shogi {
    Shogi::with_drops(wa_rules(), "P")
}

// ------------------------------------------------------------ the engine side

fn sorted_independent(wa: &Shogi, p: &Pos) -> Vec<String> {
    wa.sorted(p)
}

const START: &str = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH w - - 0 1";
const START_DROPS: &str = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/1F3S3E1/ODUGWKVCLMH[] w - - 0 1";

#[test]
fn wa_start_perft_1_to_3_equals_the_independent_count() {
    let g = game("washogi");
    let wa = wa();
    let p = wa.parse(START);
    let start = g.start_position().unwrap();
    for depth in 1..=3 {
        assert_eq!(g.perft(&start, depth), wa.perft(&p, depth), "depth {depth}");
    }
    assert_eq!(g.fen(&start), START);
}

/// A pseudo-random game (a fixed linear congruential sequence picks each move,
/// captures and promotions preferred now and then): the two generators agree at every
/// node, and at every node the engine's FEN read back by the independent parser.
#[test]
fn wa_moves_equal_the_independent_generator_along_a_long_game() {
    let (plies, promotions, drops) =
        long_game(&game("washogi"), &wa(), START, 0x9e37_79b9_7f4a_7c15);
    assert!(plies > 60, "the game lasted {plies} plies");
    assert!(promotions > 3, "{promotions} promotions");
    assert_eq!(drops, 0);
}

/// The same with drops: captured pieces come back by drops (and drops are chosen now
/// and then), and still the generators agree at every node.
#[test]
fn wa_with_drops_equals_the_independent_generator_along_long_games() {
    let g = game("washogi-drops");
    let start = g.start_position().unwrap();
    assert_eq!(g.fen(&start), START_DROPS);
    let mut total = 0;
    for seed in [0x9e37_79b9_7f4a_7c15, 0x2545_f491_4f6c_dd1d] {
        let (plies, promotions, drops) = long_game(&g, &wa_drops(), START_DROPS, seed);
        assert!(plies > 60, "the game lasted {plies} plies");
        assert!(promotions > 3, "{promotions} promotions");
        total += drops;
    }
    assert!(total > 10, "{total} drops");
}

/// Plays up to 300 plies of a pseudo-random game from `fen` in both generators,
/// comparing the moves at every node; the plies, promotions and drops played.
fn long_game(g: &Game, wa: &Shogi, fen: &str, mut seed: u64) -> (usize, usize, usize) {
    let mut pos = g.position(fen).unwrap();
    let mut p = wa.parse(fen);
    let (mut plies, mut promotions, mut drops) = (0, 0, 0);
    for ply in 0..300 {
        let ours = sorted_engine(g, &pos);
        let moves = wa.legal(&p);
        let mut theirs: Vec<String> = moves.iter().map(|m| wa.uci(m)).collect();
        theirs.sort();
        assert_eq!(ours, theirs, "ply {ply} at {}", g.fen(&pos));
        let again = wa.parse(&g.fen(&pos));
        assert_eq!(sorted_independent(wa, &again), theirs, "FEN round trip");
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = (seed >> 33) as usize;
        let lively: Vec<&Mv> = moves
            .iter()
            .filter(|m| m.promote || (m.dropped.is_none() && p.cells[m.to].is_some()))
            .collect();
        let promoting: Vec<&Mv> = moves.iter().filter(|m| m.promote).collect();
        let dropping: Vec<&Mv> = moves.iter().filter(|m| m.dropped.is_some()).collect();
        let m = if r % 4 == 1 && !promoting.is_empty() {
            promoting[r / 4 % promoting.len()].clone()
        } else if r % 5 == 2 && !dropping.is_empty() {
            dropping[r / 5 % dropping.len()].clone()
        } else if r % 3 == 0 && !lively.is_empty() {
            lively[r / 3 % lively.len()].clone()
        } else {
            moves[r % moves.len()].clone()
        };
        promotions += usize::from(m.promote);
        drops += usize::from(m.dropped.is_some());
        let text = wa.uci(&m);
        let gm = g.parse_uci(&pos, &text).expect("legal");
        g.play_move(&mut pos, &gm);
        p = wa.play(&p, &m);
        plies += 1;
    }
    (plies, promotions, drops)
}

#[test]
fn the_wa_pieces_move_as_hachu_has_them() {
    let g = game("washogi");
    // A Treacherous Fox on f6 over a friend on f7 and a foe on g7: steps and jumps to
    // the second cell in six directions, over anything, never sideways.
    let fox = legal_from(&g, "5k5/11/11/11/5Pp4/5X5/11/11/11/11/5K5 w - - 0 1", "f6");
    assert_eq!(
        fox,
        set(&[
            "f6e7", "f6g7", "f6e5", "f6g5", "f6f5", "f6d8", "f6h8", "f6d4", "f6h4", "f6f8", "f6f4"
        ])
    );
    // A Cloud Eagle on f6: up to three cells forward-diagonally, the file both ways,
    // one step sideways and backward-diagonally.
    let eagle = legal_from(&g, "5k5/11/11/11/11/5E5/11/11/11/11/K10 w - - 0 1", "f6");
    let mut expected = vec!["f6e7", "f6d8", "f6c9", "f6g7", "f6h8", "f6i9"];
    expected.extend(["f6e6", "f6g6", "f6e5", "f6g5"]);
    expected.extend(["f6f7", "f6f8", "f6f9", "f6f10", "f6f11"]);
    expected.extend(["f6f5", "f6f4", "f6f3", "f6f2", "f6f1"]);
    assert_eq!(eagle, set(&expected));
    // A Liberated Horse on f6: the file forward, two cells back; promoting (to a
    // Heavenly Horse) where it enters the zone, ranks 9-11.
    let horse = legal_from(&g, "5k5/11/11/11/11/5H5/11/11/11/11/K10 w - - 0 1", "f6");
    assert_eq!(
        horse,
        set(&[
            "f6f7", "f6f8", "f6f9", "f6f10", "f6f11", "f6f5", "f6f4", "f6f9+", "f6f10+", "f6f11+"
        ])
    );
}

#[test]
fn wa_drops_follow_shogis_rules() {
    let g = game("washogi-drops");
    let drops = |fen: &str, letter: &str| {
        let pos = g.position(fen).expect("fen");
        let moves: Vec<String> = g.legal_moves(&pos).iter().map(|m| g.uci(m)).collect();
        let prefix = format!("{letter}@");
        let v: BTreeSet<String> = moves
            .into_iter()
            .filter(|m| m.starts_with(&prefix))
            .collect();
        v
    };
    // Gote's King on f11 between two Owls, sente's Violent Wolf (a gold) on f9, a Pawn
    // and an Oxcart in hand. 116 empty cells, 8 of them on the last rank: the Oxcart
    // drops on the other 108; the Pawn too but for f10, where it would mate.
    let fen = "4lkl4/11/5W5/11/11/11/11/11/11/11/K10[OP] w - - 0 1";
    let pawn = drops(fen, "P");
    assert_eq!(pawn.len(), 107);
    assert!(!pawn.contains("P@f10") && !pawn.iter().any(|m| m.ends_with("11")));
    let oxcart = drops(fen, "O");
    assert_eq!(oxcart.len(), 108);
    assert!(oxcart.contains("O@f10"), "an Oxcart may mate");
    // With a sente Pawn on c5, no Pawn drop on the c-file (nifu): 107 empty cells off
    // the last rank, 9 of them on the c-file, and f10.
    let fen = "4lkl4/11/5W5/11/11/11/2P8/11/11/11/K10[OP] w - - 0 1";
    assert_eq!(drops(fen, "P").len(), 107 - 9 - 1);
    assert_eq!(drops(fen, "O").len(), 107);
    // A Pawn dropped in the zone does not promote; its next step to the last rank must.
    let fen = "5k5/11/11/11/11/11/11/11/11/11/K10[P] w - - 0 1";
    let mut pos = g.position(fen).unwrap();
    assert!(g.parse_uci(&pos, "P@c10").is_some());
    let m = g.parse_uci(&pos, "P@c10").unwrap();
    g.play_move(&mut pos, &m);
    let m = g.parse_uci(&pos, "f11e11").unwrap();
    g.play_move(&mut pos, &m);
    let steps: BTreeSet<String> = g
        .legal_moves(&pos)
        .iter()
        .map(|m| g.uci(m))
        .filter(|m| m.starts_with("c10"))
        .collect();
    assert_eq!(steps, set(&["c10c11+"]));
    // A promoted piece taken goes to the hand unpromoted.
    let mut pos = g
        .position("5k5/11/11/11/11/5+p5/5W5/11/11/11/K10[-] w - - 0 1")
        .unwrap();
    let m = g.parse_uci(&pos, "f5f6").unwrap();
    g.play_move(&mut pos, &m);
    let fen = g.fen(&pos);
    assert!(fen.contains("[P]"), "{fen}");
}
