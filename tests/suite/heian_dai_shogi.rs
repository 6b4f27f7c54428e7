//! Heian Dai Shogi (`rules/heiandaishogi.rules`) against the shared brute-force
//! generator (tests/suite/common/shogi.rs), its thirteen pieces typed in here from
//! English Wikipedia's "Heian dai shogi" (for each piece its steps, slides and jumps;
//! the header of the rules file says where Evans' Shogi Variants differs), with Shogi's
//! promotion and check rules, sharing nothing with the engine. Perft 1 to 3 from the
//! start, the moves at every node of a long pseudo-random game, and hand-checked
//! positions of the pieces that move differently from Dai Shogi's namesakes, a pin, the
//! promotions and the bare King.

use crate::common;

use common::game;
use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;

use common::shogi::{cat, Kind, Legality, Mv, Promotion, Rules, Shogi, ALL, DIAG, ORTH};
use common::shogi::{legal_from, set, sorted_engine};
use common::shogi::{E_, NE, NW, N_, S_, W_};

/// The 13 kinds of the start array, then the 11 promoted ones (every one a gold).
fn kinds() -> Vec<Kind> {
    let k = |letter, steps: Vec<(i32, i32)>, rides: Vec<(i32, i32)>| Kind {
        letter,
        steps,
        rides,
        ..Kind::default()
    };
    let gold = || cat(&[&ORTH, &[NE, NW]]);
    let none = Vec::new;
    let mut v = vec![
        k("K", ALL.to_vec(), none()),
        k("G", gold(), none()),
        k("S", cat(&[&DIAG, &[N_]]), none()),
        // Copper: "not to the four corners".
        k("C", ORTH.to_vec(), none()),
        // Iron: "not to the three rear directions".
        k("I", vec![NW, N_, NE, W_, E_], none()),
        k("T", DIAG.to_vec(), none()),
        k("P'", vec![N_, S_], none()),
        k("P", vec![N_], none()),
        Kind {
            letter: "N",
            jumps: vec![(1, 2), (-1, 2)],
            ..Kind::default()
        },
        k("L", none(), vec![N_]),
        k("M", vec![N_], vec![E_, W_]),
        k("F'", none(), DIAG.to_vec()),
        k("A", none(), vec![N_, S_]),
    ];
    let bases = ["P", "L", "N", "I", "C", "S", "P'", "T", "M", "A", "F'"];
    for base in bases {
        v.push(Kind {
            letter: Box::leak(format!("+{base}").into_boxed_str()),
            steps: gold(),
            ..Kind::default()
        });
    }
    Rules::link(v, &bases, &[("P", 1), ("L", 1), ("N", 2)])
}

/// Heian Dai Shogi for the shared generator: 13x13, a three-rank zone, Shogi's
/// promotion (forced where a piece could never move again) and check rule.
fn heian() -> Shogi {
    Shogi::new(Rules {
        width: 13,
        zone: 3,
        kinds: kinds(),
        royals: vec!["K"],
        promotion: Promotion::Shogi,
        legality: Legality::Check,
    })
}

const START: &str = "lnicsgkgscinl/af'2t1m1t2f'a/ppppppppppppp/6p'6/13/13/13/13/13/6P'6/PPPPPPPPPPPPP/AF'2T1M1T2F'A/LNICSGKGSCINL w - - 0 1";

#[test]
fn heian_dai_start_perft_1_to_3_equals_the_independent_count() {
    let g = game("heiandaishogi");
    let heian = heian();
    let p = heian.parse(START);
    let start = g.start_position().unwrap();
    assert_eq!(g.fen(&start), START);
    assert_eq!(sorted_engine(&g, &start), heian.sorted(&p));
    for depth in 1..=3 {
        let independent = heian.perft(&p, depth);
        assert_eq!(g.perft(&start, depth), independent, "depth {depth}");
    }
    assert_eq!(heian.perft(&p, 1), PERFT_1);
    // Both generators: 29, 841, 25,085 (the same as the public agp implementation's).
    assert_eq!(heian.perft(&p, 3), 25_085);
}

/// The start's move count, hand-counted: 12 Pawn steps (not the one under the
/// Go-Between), the Go-Between's step forward, the Side Mover to f2 and h2, the King to
/// f2 and h2, and on each wing the Iron to c2 and d2, the Copper to d2, the Silver to d2
/// and f2, the Gold to f2 (and the mirror): 12 + 1 + 2 + 2 + 2 × 6. The Knights, Lances,
/// Free Chariots, Flying Dragons and Fierce Tigers are walled in.
const PERFT_1: u64 = 29;

/// A pseudo-random game (a fixed linear congruential sequence picks each move,
/// captures and promotions preferred now and then): the two generators agree at every
/// node, and at every node the engine's FEN read back by the independent parser.
#[test]
fn heian_dai_moves_equal_the_independent_generator_along_a_long_game() {
    let g = game("heiandaishogi");
    let heian = heian();
    let mut pos = g.position(START).unwrap();
    let mut p = heian.parse(START);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let (mut plies, mut promotions, mut captures) = (0, 0, 0);
    for ply in 0..300 {
        // The generator knows nothing of the bare King: stop before either side is
        // down to two pieces.
        let count = |s: usize| p.cells.iter().flatten().filter(|c| c.0 == s).count();
        if count(0) < 3 || count(1) < 3 {
            break;
        }
        let ours = sorted_engine(&g, &pos);
        let moves = heian.legal(&p);
        let mut theirs: Vec<String> = moves.iter().map(|m| heian.uci(m)).collect();
        theirs.sort();
        assert_eq!(ours, theirs, "ply {ply} at {}", g.fen(&pos));
        let again = heian.parse(&g.fen(&pos));
        assert_eq!(heian.sorted(&again), theirs, "FEN round trip");
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = (seed >> 33) as usize;
        let lively: Vec<&Mv> = moves
            .iter()
            .filter(|m| m.promote || p.cells[m.to].is_some())
            .collect();
        let promoting: Vec<&Mv> = moves.iter().filter(|m| m.promote).collect();
        let m = if r % 4 == 1 && !promoting.is_empty() {
            promoting[r / 4 % promoting.len()].clone()
        } else if r % 3 == 0 && !lively.is_empty() {
            lively[r / 3 % lively.len()].clone()
        } else {
            moves[r % moves.len()].clone()
        };
        promotions += usize::from(m.promote);
        captures += usize::from(p.cells[m.to].is_some());
        let text = heian.uci(&m);
        let gm = g.parse_uci(&pos, &text).expect("legal");
        g.play_move(&mut pos, &gm);
        p = heian.play(&p, &m);
        plies += 1;
    }
    assert!(plies > 80, "the game lasted {plies} plies");
    assert!(promotions > 3, "{promotions} promotions");
    assert!(captures > 10, "{captures} captures");
}

#[test]
fn the_heian_pieces_move_as_the_sources_say() {
    let g = game("heiandaishogi");
    // One piece on g7, the Kings far away (and a black Pawn, or black would be bare): the steppers, by hand from the sources.
    let steppers = [
        ("C", &["g7g8", "g7g6", "g7f7", "g7h7"][..]),
        ("I", &["g7f8", "g7g8", "g7h8", "g7f7", "g7h7"][..]),
        ("T", &["g7f8", "g7h8", "g7f6", "g7h6"][..]),
        ("P'", &["g7g8", "g7g6"][..]),
        ("S", &["g7f8", "g7g8", "g7h8", "g7f6", "g7h6"][..]),
        ("G", &["g7f8", "g7g8", "g7h8", "g7f7", "g7h7", "g7g6"][..]),
    ];
    for (letter, expected) in steppers {
        let fen = format!("k11p/13/13/13/13/13/6{letter}6/13/13/13/13/13/K12 w - - 0 1");
        assert_eq!(legal_from(&g, &fen, "g7"), set(expected), "{letter}");
    }
    // The Side Mover on g7, a foe on c7 and a friend on j7: along the rank to the foe
    // and to the friend, one step forward, never back.
    let fen = "k11p/13/13/13/13/13/2p3M2P3/13/13/13/13/13/K12 w - - 0 1";
    let expected = ["g7g8", "g7f7", "g7e7", "g7d7", "g7c7", "g7h7", "g7i7"];
    assert_eq!(legal_from(&g, fen, "g7"), set(&expected));
    // The Flying Dragon is a bishop: from g7 with a friend on e9 and foes on i5 and
    // m13, promoting or not where it enters the zone.
    let fen = "k11p/13/13/13/4P8/13/6F'6/13/8p4/13/13/13/K12 w - - 0 1";
    let mut expected = vec!["g7f8", "g7h8", "g7i9", "g7j10", "g7k11", "g7l12", "g7m13"];
    expected.extend(["g7k11+", "g7l12+", "g7m13+"]);
    expected.extend(["g7f6", "g7e5", "g7d4", "g7c3", "g7b2", "g7h6", "g7i5"]);
    assert_eq!(legal_from(&g, fen, "g7"), set(&expected));
    // The Free Chariot on g9: up the file into the zone (promoting or not), down to
    // its own Pawn on g4.
    let fen = "k11p/13/13/13/6A6/13/13/13/13/6P6/13/13/K12 w - - 0 1";
    let expected = [
        "g9g10", "g9g11", "g9g12", "g9g13", "g9g11+", "g9g12+", "g9g13+", "g9g8", "g9g7", "g9g6",
        "g9g5",
    ];
    assert_eq!(legal_from(&g, fen, "g9"), set(&expected));
}

#[test]
fn heian_dai_promotes_to_gold_and_keeps_the_king_out_of_check() {
    let g = game("heiandaishogi");
    // A Copper pinned on g2 by a Lance on g13: only along the file.
    let fen = "k5l6/13/13/13/13/13/13/13/13/13/13/6C6/6K6 w - - 0 1";
    assert_eq!(legal_from(&g, fen, "g2"), set(&["g2g3"]));
    // A Pawn on the last rank must promote; a Knight on the last two ranks must; the
    // Iron steps sideways on the last rank and need not.
    let fen = "k11p/2P4I5/3N9/13/13/13/13/13/13/13/13/13/6K6 w - - 0 1";
    assert_eq!(legal_from(&g, fen, "c12"), set(&["c12c13+"]));
    assert_eq!(legal_from(&g, fen, "d11"), set(&["d11c13+", "d11e13+"]));
    let iron = legal_from(&g, fen, "h12");
    assert!(
        iron.contains("h12h13") && iron.contains("h12h13+"),
        "{iron:?}"
    );
    // Promoted, a Side Mover is `+M` and moves as a gold.
    let mut pos = g
        .position("k11p/13/13/6M6/13/13/13/13/13/13/13/13/6K6 w - - 0 1")
        .unwrap();
    let m = g.parse_uci(&pos, "g10g11+").unwrap();
    g.play_move(&mut pos, &m);
    let fen = g.fen(&pos);
    assert!(fen.starts_with("k11p/13/6+M6/13/"), "{fen}");
    let gold = legal_from(
        &g,
        "k11p/13/6+M6/13/13/13/13/13/13/13/13/13/6K6 w - - 0 1",
        "g11",
    );
    assert_eq!(
        gold,
        set(&["g11f12", "g11g12", "g11h12", "g11f11", "g11h11", "g11g10"])
    );
}

#[test]
fn a_bare_heian_king_loses_unless_it_bares_back() {
    let g = game("heiandaishogi");
    let at = |fen: &str| g.result(&g.position(fen).expect("FEN"));
    let white_wins = Some((Some(Side::First), EndReason::BareRoyal));
    let of = |r: Option<GameResult>| r.map(|r| (r.winner, r.reason));
    // Black bare with white to move: white wins.
    assert_eq!(
        of(at("6k6/13/13/13/13/13/13/13/13/13/13/2G10/6K6 w - - 0 1")),
        white_wins
    );
    // Black bare, to move, white with one Gold it can take: the game goes on.
    let fen = "13/13/13/13/13/13/13/13/13/13/5k7/5G7/6K6 b - - 0 1";
    assert_eq!(at(fen), None);
    // Two pieces left to white: black loses at once.
    let fen = "6k6/13/13/13/13/13/13/13/13/13/P12/2G10/6K6 b - - 0 1";
    assert_eq!(of(at(fen)), white_wins);
}
