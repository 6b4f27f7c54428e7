//! Tenjiku Shogi (`rules/tenjikushogi.rules`) against the shared brute-force generator
//! (tests/suite/common/shogi.rs) given Tenjiku's pieces here, typed in from the
//! sources the rules file names (Wikipedia's Tenjiku tables; H. G. Muller's Tenjiku
//! page for the range jumpers, the Fire Demon and the Vice General), sharing nothing
//! with the engine: perft 1 to 3 from the start and the moves at every node to depth
//! 2, a pseudo-random game, and hand-checked positions of the Fire Demon, the range
//! jumpers and the Heavenly Tetrarchs.

use crate::common;

use common::game;
use piecewise::Game;
use std::collections::BTreeSet;

use common::shogi::{cat, Kind, Legality, Mv, Promotion, Rules, Shogi, ALL, DIAG, ORTH};
use common::shogi::{set, sorted_engine};
use common::shogi::{E_, NE, NW, N_, SE, SW, S_, W_};

/// The 36 kinds of the start array, then the 30 promoted ones.
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
    let lion = |letter| Kind {
        letter,
        lion: true,
        ..Kind::default()
    };
    let lion_hawk = |letter| Kind {
        letter,
        lion: true,
        rides: DIAG.to_vec(),
        ..Kind::default()
    };
    let free_eagle = |letter| Kind {
        letter,
        rides: ALL.to_vec(),
        jumps: ALL.iter().map(|&(x, y)| (2 * x, 2 * y)).collect(),
        ..Kind::default()
    };
    let side_soldier = |letter| Kind {
        letter,
        rides: vec![E_, W_],
        twos: vec![N_],
        steps: vec![S_],
        ..Kind::default()
    };
    let vertical_soldier = |letter| Kind {
        letter,
        rides: vec![N_],
        twos: vec![E_, W_],
        steps: vec![S_],
        ..Kind::default()
    };
    let chariot_soldier = |letter| Kind {
        letter,
        rides: cat(&[&DIAG, &[N_, S_]]),
        twos: vec![E_, W_],
        ..Kind::default()
    };
    let water_buffalo = |letter| Kind {
        letter,
        rides: cat(&[&DIAG, &[E_, W_]]),
        twos: vec![N_, S_],
        ..Kind::default()
    };
    let horned_falcon = |letter| Kind {
        letter,
        rides: cat(&[&DIAG, &[E_, W_, S_]]),
        lion_lines: vec![N_],
        ..Kind::default()
    };
    let soaring_eagle = |letter| Kind {
        letter,
        rides: cat(&[&ORTH, &[SE, SW]]),
        lion_lines: vec![NE, NW],
        ..Kind::default()
    };
    let fire_demon = |letter| Kind {
        letter,
        rides: cat(&[&DIAG, &[E_, W_]]),
        area: 3,
        burns: true,
        ..Kind::default()
    };
    // The generals: rank 3 the Great General, 2 the Vice, 1 the Rook and Bishop.
    let general = |letter, lines: &[(i32, i32)], rank, area| Kind {
        letter,
        rides: lines.to_vec(),
        range_jumps: lines.to_vec(),
        rank,
        area,
        ..Kind::default()
    };
    let royal = |letter| Kind {
        letter,
        steps: ALL.to_vec(),
        rank: 4,
        ..Kind::default()
    };
    let v = vec![
        royal("K"),
        k("P", vec![N_], none()),
        k("I", vec![N_, NE, NW], none()),
        k("C", vec![NE, NW, N_, S_], none()),
        k("S", cat(&[&DIAG, &[N_]]), none()),
        k("G", gold(), none()),
        Kind {
            letter: "N",
            jumps: vec![(1, 2), (-1, 2)],
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
        lion("L!"),
        k("D'", vec![N_, SE, SW], none()),
        side_soldier("S'"),
        vertical_soldier("V'"),
        chariot_soldier("C!"),
        water_buffalo("W!"),
        horned_falcon("F!"),
        soaring_eagle("E!"),
        fire_demon("D!"),
        lion_hawk("H!"),
        free_eagle("Q'"),
        general("R!", &ORTH, 1, 0),
        general("B!", &DIAG, 1, 0),
        general("V!", &DIAG, 2, 3),
        general("Q!", &ALL, 3, 0),
        // Promoted.
        k("+P", gold(), none()),
        k("+L", none(), vec![N_, S_, NE, NW]),
        vertical_soldier("+I"),
        side_soldier("+N"),
        k("+C", vec![N_, S_], vec![E_, W_]),
        k("+S", vec![E_, W_], vec![N_, S_]),
        k("+G", none(), ORTH.to_vec()),
        k("+F", none(), DIAG.to_vec()),
        k("+T", cat(&[&DIAG, &[E_, W_]]), vec![N_, S_]),
        royal("+E"),
        lion("+O"),
        k("+X", none(), ALL.to_vec()),
        k("+A", none(), vec![N_, S_, SE, SW]),
        k("+M", none(), cat(&[&DIAG, &[E_, W_]])),
        k("+V", none(), cat(&[&DIAG, &[N_, S_]])),
        k("+B", ORTH.to_vec(), DIAG.to_vec()),
        k("+R", DIAG.to_vec(), ORTH.to_vec()),
        horned_falcon("+H"),
        soaring_eagle("+D"),
        free_eagle("+Q"),
        lion_hawk("+L!"),
        k("+D'", none(), vec![N_, SE, SW]),
        water_buffalo("+S'"),
        chariot_soldier("+V'"),
        // The Heavenly Tetrarchs: igui all round, past the adjacent cell a slide on
        // the six lines that are not sideways, and sideways two cells at most.
        Kind {
            letter: "+C!",
            igui: true,
            skip_rides: vec![N_, S_, NE, NW, SE, SW],
            skip_twos: vec![E_, W_],
            ..Kind::default()
        },
        fire_demon("+W!"),
        general("+F!", &DIAG, 1, 0),
        general("+E!", &ORTH, 1, 0),
        general("+B!", &DIAG, 2, 3),
        general("+R!", &ALL, 3, 0),
    ];
    let bases = [
        "P", "L", "I", "N", "C", "S", "G", "F", "T", "E", "O", "X", "A", "M", "V", "B", "R", "H",
        "D", "Q", "L!", "D'", "S'", "V'", "C!", "W!", "F!", "E!", "B!", "R!",
    ];
    let dead = [("P", 1), ("L", 1), ("I", 1), ("N", 2)];
    Rules::link(v, &bases, &dead)
}

/// Tenjiku Shogi for the shared generator: 16x16, a five-rank zone, promotion on entry
/// or capture (forward movers may stay on the last ranks), no check rule.
fn tenjiku() -> Shogi {
    Shogi::new(Rules {
        width: 16,
        zone: 5,
        kinds: kinds(),
        royals: vec!["K", "+E"],
        promotion: Promotion::EntryOrCapture,
        legality: Legality::RoyalsOnly,
    })
}

const START: &str = "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL w - - 0 1";

/// The moves of the piece on `from` in `fen`.
fn moves_from(g: &Game, fen: &str, from: &str) -> BTreeSet<String> {
    let pos = g.position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    g.legal_moves(&pos)
        .iter()
        .map(|m| g.uci(m))
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

// ------------------------------------------------------------ the tests

#[test]
fn tenjiku_start_perft_1_to_3_equals_the_independent_count() {
    let g = game("tenjikushogi");
    let ten = tenjiku();
    let p = ten.parse(START);
    let start = g.start_position().unwrap();
    assert_eq!(g.fen(&start), START);
    // 78 pieces a side.
    assert_eq!(
        p.cells.iter().flatten().filter(|(s, _)| *s == 0).count(),
        78
    );
    assert_eq!(
        p.cells.iter().flatten().filter(|(s, _)| *s == 1).count(),
        78
    );
    for depth in 1..=3 {
        assert_eq!(
            g.perft(&start, depth),
            ten.perft(&p, depth),
            "depth {depth}"
        );
    }
    // The figures: 74, 5,538, 462,931 (both generators).
    assert_eq!(ten.perft(&p, 2), 5538);
}

#[test]
fn tenjiku_start_moves_equal_the_independent_generator_at_every_node_to_depth_2() {
    let g = game("tenjikushogi");
    let ten = tenjiku();
    let pos = g.position(START).unwrap();
    let p = ten.parse(START);
    assert_eq!(sorted_engine(&g, &pos), ten.sorted(&p));
    for m in ten.legal(&p) {
        let text = ten.uci(&m);
        let mut next = pos.clone();
        let gm = g.parse_uci(&next, &text).expect("legal");
        g.play_move(&mut next, &gm);
        let q = ten.play(&p, &m);
        assert_eq!(sorted_engine(&g, &next), ten.sorted(&q), "after {text}");
        // The board after the move, burns included, is the independent one's.
        assert_eq!(ten.parse(&g.fen(&next)).cells, q.cells, "after {text}");
    }
}

/// A pseudo-random game (captures and promotions preferred now and then): the two
/// generators agree at every node, and so do the boards, burns included.
#[test]
fn tenjiku_moves_equal_the_independent_generator_along_a_long_game() {
    let g = game("tenjikushogi");
    let ten = tenjiku();
    let mut pos = g.position(START).unwrap();
    let mut p = ten.parse(START);
    let mut seed: u64 = 0x7e17_1c00_5eed_0001;
    let (mut plies, mut captures, mut burns) = (0, 0, 0);
    for ply in 0..160 {
        let moves = ten.legal(&p);
        let mut theirs: Vec<String> = moves.iter().map(|m| ten.uci(m)).collect();
        theirs.sort();
        assert_eq!(
            sorted_engine(&g, &pos),
            theirs,
            "ply {ply} at {}",
            g.fen(&pos)
        );
        assert_eq!(ten.parse(&g.fen(&pos)).cells, p.cells, "ply {ply}");
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
        let m = if r % 2 == 0 && !lively.is_empty() {
            lively[r / 2 % lively.len()].clone()
        } else {
            moves[r % moves.len()].clone()
        };
        let text = ten.uci(&m);
        let gm = g.parse_uci(&pos, &text).expect("legal");
        g.play_move(&mut pos, &gm);
        let before = p.cells.iter().flatten().count();
        let taken = usize::from(m.to != m.from && p.cells[m.to].is_some()) + m.passing.len();
        p = ten.play(&p, &m);
        let removed = before - p.cells.iter().flatten().count();
        captures += taken;
        burns += removed - taken;
        plies += 1;
    }
    assert!(plies > 40, "the game lasted {plies} plies");
    assert!(
        captures > 20 && burns > 0,
        "{captures} captures, {burns} burned"
    );
}

/// A board of kings (the first side's on `k1`, the second's on `k2`) and `pieces`
/// (cell, FEN letter: lowercase for the second side), the first side to move.
fn board(pieces: &[(&str, &str)], side: char) -> String {
    let mut cells: Vec<Option<String>> = vec![None; 256];
    for (cell, letter) in pieces {
        let b = cell.as_bytes();
        let file = (b[0] - b'a') as usize;
        let rank: usize = cell[1..].parse().unwrap();
        cells[(rank - 1) * 16 + file] = Some(letter.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..16).rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for file in 0..16 {
            match &cells[rank * 16 + file] {
                None => empty += 1,
                Some(l) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += l;
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    format!("{} {side} - - 0 1", rows.join("/"))
}

#[test]
fn the_fire_demon_slides_makes_its_area_move_and_burns() {
    let g = game("tenjikushogi");
    // Alone on h8 (kings on a1 and p16): the 48 cells within three king steps, and
    // past them its slides: north-east to p16 (5 more, the king taken), north-west 4,
    // south-east 4, south-west 3 (its own king on a1 stops it), east 5, west 4.
    let fen = board(&[("a1", "K"), ("p16", "k"), ("h8", "D!")], 'w');
    let moves = moves_from(&g, &fen, "h8");
    assert_eq!(moves.len(), 48 + 5 + 4 + 4 + 3 + 5 + 4, "{moves:?}");
    assert!(moves.contains("h8p16") && moves.contains("h8e5") && !moves.contains("h8a1"));
    // Not a vertical slide beyond three cells, no knight-like jump past a piece.
    assert!(!moves.contains("h8h12") && !moves.contains("h8h4"));
    // Stepping to i9 burns the enemies around it (h10, j10), not the enemy Fire Demon
    // on j8, which does not burn it either.
    let fen = board(
        &[
            ("a1", "K"),
            ("p16", "k"),
            ("h8", "D!"),
            ("h10", "p"),
            ("j10", "g"),
            ("j8", "d!"),
        ],
        'w',
    );
    let mut pos = g.position(&fen).unwrap();
    let m = g.parse_uci(&pos, "h8i9").unwrap();
    g.play_move(&mut pos, &m);
    let after = board(
        &[("a1", "K"), ("p16", "k"), ("i9", "D!"), ("j8", "d!")],
        'b',
    );
    assert_eq!(g.fen(&pos), after);
    // Passive burning: a second-side gold that steps next to the demon burns; so
    // would the second side's king (no check rule: the move is legal, and loses).
    let fen = board(&[("a1", "K"), ("j10", "k"), ("h8", "D!"), ("f9", "g")], 'b');
    let mut pos = g.position(&fen).unwrap();
    let m = g.parse_uci(&pos, "f9g9").unwrap();
    g.play_move(&mut pos, &m);
    let field = |fen: &str| fen.split(' ').next().unwrap().to_string();
    assert_eq!(
        field(&g.fen(&pos)),
        field(&board(&[("a1", "K"), ("j10", "k"), ("h8", "D!")], 'w'))
    );
    let king = moves_from(&g, &fen, "j10");
    assert_eq!(
        king,
        set(&["j10i9", "j10i10", "j10i11", "j10j9", "j10j11", "j10k9", "j10k10", "j10k11"])
    );
    let mut pos = g.position(&fen).unwrap();
    let m = g.parse_uci(&pos, "j10i9").unwrap();
    g.play_move(&mut pos, &m);
    let burned = board(&[("a1", "K"), ("h8", "D!"), ("f9", "g")], 'w');
    assert_eq!(field(&g.fen(&pos)), field(&burned));
    assert!(
        g.legal_moves(&pos).is_empty(),
        "the second side has lost its king"
    );
}

#[test]
fn the_vice_general_jumps_lower_ranks_to_capture_and_makes_the_area_move() {
    let g = game("tenjikushogi");
    // Vice General on h8. North-east: its own pawn on i9 (hopped), an enemy pawn on
    // k11 (taken, or hopped), an enemy Great General on m13 (taken, never hopped).
    // North-west: an enemy promoted Rook General (a Great General) on f10: taken
    // by the slide, not hopped. South-east free to o1; south-west to b2 (its king on
    // a1 is of higher rank).
    let fen = board(
        &[
            ("a1", "K"),
            ("a16", "k"),
            ("h8", "V!"),
            ("i9", "P"),
            ("k11", "p"),
            ("m13", "q!"),
            ("f10", "+r!"),
        ],
        'w',
    );
    let moves = moves_from(&g, &fen, "h8");
    for m in ["h8k11", "h8m13", "h8f10", "h8o1", "h8b2", "h8j10", "h8k10"] {
        assert!(moves.contains(m), "{m} in {moves:?}");
    }
    // Never to an empty cell past a hurdle, nor past the Great General or the
    // promoted Rook General; e11 and k11 are beyond the area move (every three-step
    // path crosses f10 or i9).
    for m in ["h8l12", "h8n14", "h8e11", "h8d12", "h8a1", "h8i9"] {
        assert!(!moves.contains(m), "{m} in {moves:?}");
    }
    // The count: 45 cells of the area move (48 within three steps, less i9, k11 and
    // e11), k11 and m13, l4 m3 n2 o1, d4 c3 b2.
    assert_eq!(moves.len(), 45 + 2 + 4 + 3, "{moves:?}");
    // The Great General on h8 hops the Vice General's rank too.
    let fen = board(
        &[
            ("a1", "K"),
            ("p16", "k"),
            ("h8", "Q!"),
            ("h9", "v!"),
            ("h11", "P"),
            ("h13", "r"),
            ("h15", "+r!"),
            ("h16", "n"),
        ],
        'w',
    );
    let north: BTreeSet<String> = moves_from(&g, &fen, "h8")
        .into_iter()
        .filter(|m| m[2..].starts_with('h') && m[3..].parse::<u32>().is_ok_and(|r| r > 8))
        .collect();
    assert_eq!(north, set(&["h8h9", "h8h13", "h8h15"]));
}

#[test]
fn the_heavenly_tetrarchs_pass_the_adjacent_cell_and_capture_by_igui() {
    let g = game("tenjikushogi");
    // Heavenly Tetrarchs on h8: an enemy pawn on h9 and one on i8 (igui, and passed),
    // its own pawn on g9 (passed), an enemy gold on j8 (taken, the slide stops).
    let fen = board(
        &[
            ("p1", "K"),
            ("a16", "k"),
            ("h8", "+C!"),
            ("h9", "p"),
            ("i8", "p"),
            ("g9", "P"),
            ("j8", "g"),
        ],
        'w',
    );
    let moves = moves_from(&g, &fen, "h8");
    let mut expected: Vec<String> = Vec::new();
    let line = |files: &str, ranks: &[u32]| -> Vec<String> {
        files
            .chars()
            .zip(ranks)
            .map(|(f, r)| format!("h8{f}{r}"))
            .collect()
    };
    expected.extend(line("hhhhhhh", &[10, 11, 12, 13, 14, 15, 16]));
    expected.extend(line("hhhhhh", &[6, 5, 4, 3, 2, 1]));
    expected.extend(line("jklmnop", &[10, 11, 12, 13, 14, 15, 16]));
    expected.extend(line("fedcba", &[10, 11, 12, 13, 14, 15]));
    expected.extend(line("jklmno", &[6, 5, 4, 3, 2, 1]));
    expected.extend(line("fedcba", &[6, 5, 4, 3, 2, 1]));
    expected.extend(["h8j8", "h8f8", "h8e8", "h8h8xh9", "h8h8xi8"].map(String::from));
    let expected: BTreeSet<String> = expected.into_iter().collect();
    assert_eq!(expected.len(), 43);
    assert_eq!(moves, expected);
    // Igui leaves it where it stands and removes the pawn.
    let mut pos = g.position(&fen).unwrap();
    let m = g.parse_uci(&pos, "h8h8xh9").unwrap();
    g.play_move(&mut pos, &m);
    assert!(g.fen(&pos).starts_with(
        &board(
            &[
                ("p1", "K"),
                ("a16", "k"),
                ("h8", "+C!"),
                ("i8", "p"),
                ("g9", "P"),
                ("j8", "g"),
            ],
            'b'
        )[..40]
    ));
}
