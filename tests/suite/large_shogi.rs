//! The large shogi games: Chu Shogi (`rules/chushogi.rules`) against an independent
//! move generator written here (plain Rust over a 12×12 array, sharing nothing with the
//! engine: not the table, not the walk, not the game layer), perft from the start and
//! from positions full of Lions, promotions and the Lion-trading rules; hand-checked
//! positions of each rule; and Sho Shogi's pseudo-royal king and crown prince (`no
//! check, except last`) against Fairy-Stockfish's figures.

use crate::common;

use common::game;
use piecewise::game::GamePosition;
use piecewise::Game;
use std::collections::BTreeSet;

// ------------------------------------------------------------ the independent generator

use common::shogi::{cat, Kind, Legality, Promotion, Rules, Shogi, ALL, DIAG, ORTH};
use common::shogi::{E_, NE, NW, N_, SE, SW, S_, W_};

/// The 39 kinds: the 21 of the start array, then the 18 promoted ones.
fn kinds() -> Vec<Kind> {
    let k = |letter, steps: Vec<_>, rides: Vec<_>, jumps: Vec<_>| Kind {
        letter,
        steps,
        rides,
        jumps,
        ..Kind::default()
    };
    let none = Vec::new;
    let mut v = vec![
        k("K", ALL.to_vec(), none(), none()),
        k("P", vec![N_], none(), none()),
        k("I", vec![N_, S_], none(), none()),
        k("C", vec![NE, NW, N_, S_], none(), none()),
        k("S", cat(&[&DIAG, &[N_]]), none(), none()),
        k("G", cat(&[&ORTH, &[NE, NW]]), none(), none()),
        k("F", cat(&[&DIAG, &[N_, S_]]), none(), none()),
        k("T", cat(&[&DIAG, &[E_, W_, S_]]), none(), none()),
        k("E", cat(&[&DIAG, &[E_, W_, N_]]), none(), none()),
        k(
            "O",
            DIAG.to_vec(),
            none(),
            vec![(0, 2), (0, -2), (2, 0), (-2, 0)],
        ),
        k(
            "X",
            ORTH.to_vec(),
            none(),
            vec![(2, 2), (2, -2), (-2, 2), (-2, -2)],
        ),
        k("L", none(), vec![N_], none()),
        k("A", none(), vec![N_, S_], none()),
        k("M", vec![N_, S_], vec![E_, W_], none()),
        k("V", vec![E_, W_], vec![N_, S_], none()),
        k("B", none(), DIAG.to_vec(), none()),
        k("R", none(), ORTH.to_vec(), none()),
        k("H", ORTH.to_vec(), DIAG.to_vec(), none()),
        k("D", DIAG.to_vec(), ORTH.to_vec(), none()),
        k("Q", none(), ALL.to_vec(), none()),
        k("N", none(), none(), none()),
        // Promoted.
        k("+P", cat(&[&ORTH, &[NE, NW]]), none(), none()),
        k("+L", none(), vec![N_, S_, NE, NW], none()),
        k("+I", cat(&[&DIAG, &[E_, W_, N_]]), none(), none()),
        k("+C", vec![N_, S_], vec![E_, W_], none()),
        k("+S", vec![E_, W_], vec![N_, S_], none()),
        k("+G", none(), ORTH.to_vec(), none()),
        k("+F", none(), DIAG.to_vec(), none()),
        k("+T", cat(&[&DIAG, &[E_, W_]]), vec![N_, S_], none()),
        k("+E", ALL.to_vec(), none(), none()),
        k("+O", none(), none(), none()),
        k("+X", none(), ALL.to_vec(), none()),
        k("+A", none(), vec![N_, S_, SE, SW], none()),
        k("+M", none(), cat(&[&DIAG, &[E_, W_]]), none()),
        k("+V", none(), cat(&[&DIAG, &[N_, S_]]), none()),
        k("+B", ORTH.to_vec(), DIAG.to_vec(), none()),
        k("+R", DIAG.to_vec(), ORTH.to_vec(), none()),
        k("+H", none(), cat(&[&DIAG, &[E_, W_, S_]]), none()),
        k("+D", none(), cat(&[&ORTH, &[SE, SW]]), none()),
    ];
    let index = |v: &[Kind], l: &str| v.iter().position(|k| k.letter == l).unwrap();
    for l in ["N", "+O"] {
        let i = index(&v, l);
        v[i].lion = true;
    }
    let i = index(&v, "+H");
    v[i].lion_lines = vec![N_];
    let i = index(&v, "+D");
    v[i].lion_lines = vec![NE, NW];
    let bases = [
        "P", "L", "I", "C", "S", "G", "F", "T", "E", "O", "X", "A", "M", "V", "B", "R", "H", "D",
    ];
    Rules::link(v, &bases, &[("P", 1), ("L", 1)])
}

/// Chu Shogi for the shared generator: 12x12, a four-rank zone, promotion on entry or
/// capture (a Pawn or Lance may promote on the last rank), the Lion-trading rules (the
/// Pawn and the Go-between are no bridge).
fn chu() -> Shogi {
    Shogi::new(Rules {
        width: 12,
        zone: 4,
        kinds: kinds(),
        royals: vec!["K", "+E"],
        promotion: Promotion::EntryOrCapture,
        legality: Legality::LionTrading {
            no_bridge: vec!["P", "I"],
        },
    })
}

// ------------------------------------------------------------ the engine side

fn engine_perft(g: &Game, fen: &str, depth: u32) -> u64 {
    let pos = g.position(fen).expect("fen");
    g.perft(&pos, depth)
}

/// Compares the two generators' moves at every node to `depth` (the first difference
/// named with the line that leads to it).
fn same_moves(
    g: &Game,
    chu: &Shogi,
    pos: &GamePosition,
    p: &common::shogi::Pos,
    depth: u32,
    line: &str,
) {
    let mut ours: Vec<String> = g.legal_moves(pos).iter().map(|m| g.uci(m)).collect();
    let moves = chu.legal(p);
    let mut theirs: Vec<String> = moves.iter().map(|m| chu.uci(m)).collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "after [{line}] in {}", g.fen(pos));
    if depth <= 1 {
        return;
    }
    for m in &moves {
        let text = chu.uci(m);
        let mut next = pos.clone();
        let gm = g.parse_uci(&next, &text).expect("legal");
        g.play_move(&mut next, &gm);
        same_moves(
            g,
            chu,
            &next,
            &chu.play(p, m),
            depth - 1,
            &format!("{line} {text}"),
        );
    }
}

const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1";

/// Positions with Lions in reach of each other, bridges of both kinds, Horned Falcons
/// and Soaring Eagles, a Kirin about to promote, pieces in and out of the zones.
const MIDGAME: [&str; 3] = [
    // Lions two cells apart with a Pawn and a Gold between, the far one protected; a
    // Rook that can take it (then the counterstrike bar); a Soaring Eagle, a Horned
    // Falcon and a promoted Kirin.
    POS_LIONS,
    // The second side to move: Lions, a Rook leaving its zone, pawns and a Lance about
    // to promote on either side.
    "11k/2p7P1/1P7l2/12/4+o7/7p4/2G1NPn5/3S8/3+H1r2g3/12/7b4/K11 b - - 0 1",
    // Kirin, Phoenix and a Lance on the zone's edge, a Pawn before the last rank, a
    // Prince (a second royal) beside the King.
    POS_PROMOTIONS,
];

const POS_LIONS: &str =
    "l10k/12/10l1/2+h6+d2/4p1g5/3s1n3R2/5pg5/3+O1N1G4/1+D10/8P3/2S9/K11 w - - 0 1";
const POS_PROMOTIONS: &str =
    "4k7/2p4P+e3/2g1p3n3/1P8L1/3O1X2N3/12/12/2b3+s5/12/5G6/12/4K7 w - - 0 1";

// ------------------------------------------------------------ the tests

#[test]
fn chu_start_perft_1_to_3_equals_the_independent_count() {
    let g = game("chushogi");
    let chu = chu();
    let p = chu.parse(START);
    for (depth, published) in [(1, 36), (2, 1296), (3, 48315)] {
        let independent = chu.perft(&p, depth);
        assert_eq!(independent, published, "independent depth {depth}");
        assert_eq!(engine_perft(&g, START, depth), independent, "depth {depth}");
    }
}

#[test]
fn chu_start_moves_equal_the_independent_generator_at_every_node_to_depth_2() {
    let g = game("chushogi");
    let chu = chu();
    let pos = g.position(START).unwrap();
    same_moves(&g, &chu, &pos, &chu.parse(START), 2, "");
}

#[test]
fn chu_midgame_moves_equal_the_independent_generator_to_depth_2() {
    let g = game("chushogi");
    let chu = chu();
    for fen in MIDGAME {
        let pos = g.position(fen).unwrap();
        same_moves(&g, &chu, &pos, &chu.parse(fen), 2, "");
        let p = chu.parse(fen);
        assert_eq!(engine_perft(&g, fen, 2), chu.perft(&p, 2), "{fen}");
    }
}

#[test]
fn chu_midgame_perft_3_equals_the_independent_count() {
    let g = game("chushogi");
    let chu = chu();
    for fen in MIDGAME {
        assert_eq!(
            engine_perft(&g, fen, 3),
            chu.perft(&chu.parse(fen), 3),
            "{fen}"
        );
    }
}

fn legal(g: &Game, fen: &str) -> BTreeSet<String> {
    let pos = g.position(fen).expect("fen");
    g.legal_moves(&pos).iter().map(|m| g.uci(m)).collect()
}

fn has(moves: &BTreeSet<String>, m: &str) -> bool {
    moves.contains(m)
}

#[test]
fn a_lion_takes_a_protected_lion_two_cells_away_only_over_a_bridge() {
    let g = game("chushogi");
    // f7 is protected by the Gold g8: no jump, no capture over the Pawn f6, but over
    // the Gold g6 (a bridge); the promoted Kirin d5 is a Lion too.
    let moves = legal(&g, POS_LIONS);
    assert!(has(&moves, "f5f7xg6"), "{moves:?}");
    assert!(!has(&moves, "f5f7"));
    assert!(!has(&moves, "f5f7xf6"));
    assert!(!has(&moves, "d5f7"));
    // Without the protector every way is open.
    let open = POS_LIONS.replace("4p1g5", "4p7");
    let moves = legal(&g, &open);
    for m in ["f5f7", "f5f7xf6", "f5f7xg6", "d5f7"] {
        assert!(has(&moves, m), "{m} in {moves:?}");
    }
}

#[test]
fn a_lion_always_takes_an_adjacent_lion() {
    let g = game("chushogi");
    // e6 is protected by the Gold e7, and next to the Lion e5.
    let moves = legal(&g, "11k/12/12/12/12/4g7/4n7/4N7/12/2G9/12/K11 w - - 0 1");
    assert!(has(&moves, "e5e6"), "{moves:?}");
    assert!(
        has(&moves, "e5e6xe6") || has(&moves, "e5e5xe6"),
        "igui: {moves:?}"
    );
}

#[test]
fn after_a_lion_is_taken_by_a_non_lion_no_non_lion_takes_a_lion() {
    let g = game("chushogi");
    let mut pos = g.position(POS_LIONS).unwrap();
    // Before: the Gold g6 could take the Lion f5 (the second side to move).
    let turned = POS_LIONS.replace(" w ", " b ");
    assert!(has(&legal(&g, &turned), "g6f5"));
    let m = g.parse_uci(&pos, "j7f7").expect("the Rook takes the Lion");
    g.play_move(&mut pos, &m);
    let moves: BTreeSet<String> = g.legal_moves(&pos).iter().map(|m| g.uci(m)).collect();
    assert!(
        !has(&moves, "g6f5"),
        "the counterstrike is barred: {moves:?}"
    );
    assert!(has(&moves, "g6g5"), "the Gold still moves: {moves:?}");
    // The bar lasts one move: after a quiet move each, the Gold may take the Lion.
    for text in ["l12k12", "a1a2"] {
        let m = g.parse_uci(&pos, text).unwrap_or_else(|| panic!("{text}"));
        g.play_move(&mut pos, &m);
    }
    let moves: BTreeSet<String> = g.legal_moves(&pos).iter().map(|m| g.uci(m)).collect();
    assert!(has(&moves, "g6f5"), "{moves:?}");
}

#[test]
fn chu_promotes_on_entering_or_capturing_and_never_by_force() {
    let g = game("chushogi");
    let moves = legal(&g, POS_PROMOTIONS);
    // Entering the zone: either.
    for m in ["d8d10", "d8d10+", "f8f9", "f8f9+", "f8h10", "f8h10+"] {
        assert!(has(&moves, m), "{m} in {moves:?}");
    }
    // Inside the zone without a capture: no promotion (the Pawn b9, the Lance k9).
    assert!(has(&moves, "b9b10") && !has(&moves, "b9b10+"));
    assert!(has(&moves, "k9k10") && !has(&moves, "k9k10+"));
    // A Pawn or Lance reaching the last rank may promote, or stay.
    for m in ["h11h12", "h11h12+", "k9k12", "k9k12+"] {
        assert!(has(&moves, m), "{m} in {moves:?}");
    }
    // The second side: a Rook leaving its zone promotes only with a capture.
    let moves = legal(&g, MIDGAME[1]);
    assert!(has(&moves, "f4f6+") && has(&moves, "f4f6"));
    assert!(has(&moves, "f4f5") && !has(&moves, "f4f5+"));
    assert!(has(&moves, "f4d4+"), "a capture inside the zone");
    assert!(has(&moves, "j10j4+") && has(&moves, "j10j4") && !has(&moves, "j10j5+"));
}

#[test]
fn sho_shogi_perft_equals_fairy_stockfish() {
    // pyffish's perft 3 of "shoshogi" from the start is 17368 (docs/variants-not-yet.md).
    let g = game("shoshogi");
    let start = g.start_position().unwrap();
    let counts: Vec<u64> = (1..=3).map(|d| g.perft(&start, d)).collect();
    assert_eq!(counts, [26, 676, 17368]);
}

#[test]
fn sho_shogi_leaves_a_royal_attacked_only_while_it_has_two() {
    let g = game("shoshogi");
    // A crown prince on a1: the king may stay on the rook's file (pyffish lists the
    // same eight moves).
    let two = legal(&g, "4k4/9/9/9/4r4/9/9/9/+E3K4 w 0 1");
    let expected = [
        "a1a2", "a1b1", "a1b2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
    ];
    assert_eq!(two, expected.iter().map(|s| s.to_string()).collect());
    // The king alone: it must leave the file.
    let one = legal(&g, "4k4/9/9/9/4r4/9/9/9/4K4 w 0 1");
    let expected = ["e1d1", "e1d2", "e1f1", "e1f2"];
    assert_eq!(one, expected.iter().map(|s| s.to_string()).collect());
    // Taking the other side's last royal is legal even with one's own last one left
    // attacked.
    let take = legal(&g, "9/9/9/9/4r4/9/9/4k4/4K4 w 0 1");
    assert!(take.contains("e1e2"), "{take:?}");
}

#[test]
fn the_large_shogi_constructs_report_their_errors() {
    let base = "board square 12x12\nzone camp = ranks 9-12\npiece King (K) { step any }\n\
                piece Pawn (P) { step forward }\npiece Tokin (+P) { step any }\n\
                piece Lion (N) { step any via empty or foe captured then step any }\n";
    let codes = |extra: &str| -> Vec<String> {
        let all = common::check_codes(&format!("{base}{extra}"));
        all.into_iter().filter(|c| c.starts_with('E')).collect()
    };
    assert_eq!(
        codes("promotion Pawn to Tokin in camp, never forced\n"),
        ["E0962"]
    );
    assert!(codes(
        "promotion Pawn to Tokin in camp, optional, never forced, on entry or capture\n"
    )
    .is_empty());
    assert_eq!(
        codes(
            "promotion Pawn to Tokin in camp, optional, on entry or capture, on entry or capture\n"
        ),
        ["E0701"]
    );
    assert!(codes("lion trading Lion, bridge not Pawn\n").is_empty());
    assert_eq!(codes("lion trading Lion\nlion trading Lion\n"), ["E0909"]);
    assert_eq!(codes("lion trading Lino\n"), ["E0304"]);
    assert_eq!(codes("lion trading Lion, bridge not Pawnn\n"), ["E0304"]);
    assert_eq!(codes("no check, except last\n"), ["E0925"]);
    assert!(codes("royal King\nno check, except last\n").is_empty());
}

#[test]
fn a_lion_double_move_reads_as_hachu_writes_it() {
    let g = game("chushogi");
    let open = POS_LIONS.replace("4p1g5", "4p7");
    let pos = g.position(&open).unwrap();
    let read = |text: &str| g.parse_uci(&pos, text).map(|m| g.uci(&m));
    assert_eq!(read("f5g6,g6f7").as_deref(), Some("f5f7xg6"));
    assert_eq!(read("f5f6,f6f7").as_deref(), Some("f5f7xf6"));
    assert_eq!(
        read("f5e6,e6f7").as_deref(),
        Some("f5f7"),
        "over an empty cell"
    );
    assert_eq!(read("f5f6,f6f5").as_deref(), Some("f5f5xf6"), "igui");
    assert_eq!(read("f5e6,e6f5").as_deref(), Some("f5f5"), "the pass");
    assert_eq!(read("f5g6,h6f7"), None, "the legs must meet");
    assert_eq!(read("f5g6,g6"), None);
    // Protected: the same move is refused however it is written.
    let pos = g.position(POS_LIONS).unwrap();
    assert!(g.parse_uci(&pos, "f5f6,f6f7").is_none());
}
