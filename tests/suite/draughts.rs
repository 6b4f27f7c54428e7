//! The draughts family: capture chains (`chain`), its games' perft from the start
//! against published figures, and a test position per rule.
//!
//! Deep rows run with the long tests (`cargo test --release --test suite draughts:: --
//! --ignored`).

use crate::common;

use common::{cells_fen as fen, game, legal};

fn perft(name: &str, depth: u32) -> u64 {
    let g = game(name);
    let pos = g.start_position().expect("start position");
    g.perft(&pos, depth)
}

// English checkers: 7, 49, 302, 1469, 7361, 36768, 179740, 845931 (depths 1..8; the
// figures of Aart Bik's and others' checkers perft, as the issue quotes them).
const ENGLISH: [u64; 8] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];

#[test]
fn english_checkers_perft_to_depth_6() {
    for (d, &n) in ENGLISH.iter().enumerate().take(6) {
        assert_eq!(
            perft("english-checkers", d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
}

#[test]
#[ignore = "deep perft: cargo test --release --test suite draughts:: -- --ignored"]
fn english_checkers_perft_depths_7_and_8() {
    for d in 7..=8 {
        assert_eq!(
            perft("english-checkers", d),
            ENGLISH[d as usize - 1],
            "depth {d}"
        );
    }
}

// International draughts: 9, 81, 658, 4265, 27117, 167140, 1049442 (depths 1..7).
const INTERNATIONAL: [u64; 7] = [9, 81, 658, 4265, 27117, 167140, 1049442];

#[test]
fn international_draughts_perft_to_depth_5() {
    for (d, &n) in INTERNATIONAL.iter().enumerate().take(5) {
        assert_eq!(
            perft("international-draughts", d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
}

#[test]
#[ignore = "deep perft: cargo test --release --test suite draughts:: -- --ignored"]
fn international_draughts_perft_depths_6_and_7() {
    for d in 6..=7 {
        assert_eq!(
            perft("international-draughts", d),
            INTERNATIONAL[d as usize - 1],
            "depth {d}"
        );
    }
}

/// The number of pieces a move in UCI takes (its `x` cells).
fn taken(uci: &str) -> usize {
    uci.matches('x').count()
}

#[test]
fn a_chain_stopped_early_is_not_a_move() {
    let g = game("english-checkers");
    // c3 jumps d4 to e5, then must jump f6 to g7.
    let pos = fen(8, &[("c3", 'M'), ("d4", 'm'), ("f6", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["c3g7xd4xf6"]);
}

#[test]
fn english_checkers_takes_any_capture_not_the_most() {
    let g = game("english-checkers");
    // c3 can take two (d4, f6); h2 one (g3). Both are moves; the quiet ones are not.
    let pos = fen(
        8,
        &[
            ("c3", 'M'),
            ("h2", 'M'),
            ("d4", 'm'),
            ("f6", 'm'),
            ("g3", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["c3g7xd4xf6", "h2f4xg3"]);
}

#[test]
fn a_crowned_man_ends_its_move() {
    let g = game("english-checkers");
    // b6 jumps c7 to d8: landing on the last rank crowns it and ends the move, though
    // the new king could jump e7 back to f6.
    let pos = fen(8, &[("b6", 'M'), ("c7", 'm'), ("e7", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["b6d8xc7k"]);
}

#[test]
fn international_the_most_pieces() {
    let g = game("international-draughts");
    // c3 can take two (d4, f6); h2 one (g3): only the two.
    let pos = fen(
        10,
        &[
            ("c3", 'M'),
            ("h2", 'M'),
            ("d4", 'm'),
            ("f6", 'm'),
            ("g3", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["c3g7xd4xf6"]);
}

#[test]
fn international_men_capture_backwards() {
    let g = game("international-draughts");
    let pos = fen(10, &[("e5", 'M'), ("d4", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["e5c3xd4"]);
}

#[test]
fn international_king_crosses_an_empty_cell_twice() {
    let g = game("international-draughts");
    // e1 takes d2 (landing on a5), b6 (to c7), d6 (to e5), then b2 going down through
    // d4 and c3 to a1: c3 is crossed twice, by the first capture and by the last.
    let pos = fen(
        10,
        &[
            ("e1", 'K'),
            ("d2", 'm'),
            ("b6", 'm'),
            ("d6", 'm'),
            ("b2", 'm'),
        ],
        'w',
    );
    let moves = legal(&g, &pos);
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert!(moves[0].starts_with("e1a1"), "{moves:?}");
    assert_eq!(taken(&moves[0]), 4, "{moves:?}");
    for c in ["b2", "d2", "b6", "d6"] {
        assert!(moves[0].contains(&format!("x{c}")), "{moves:?}");
    }
}

#[test]
fn international_a_twelve_piece_chain() {
    let g = game("international-draughts");
    // A man on a1 and twelve men it can take in one chain, zig-zagging over the board
    // and landing on some cells twice (a1 c3 e1 g3 i5 g7 e9 c7 a5 c3 e5 g7 i9).
    let black = [
        "b2", "d2", "f2", "h4", "h6", "f8", "d8", "b6", "b4", "d4", "f6", "h8",
    ];
    let mut pieces = vec![("a1", 'M')];
    pieces.extend(black.iter().map(|&c| (c, 'm')));
    let moves = legal(&g, &fen(10, &pieces, 'w'));
    assert!(!moves.is_empty());
    for m in &moves {
        assert_eq!(taken(m), 12, "{moves:?}");
    }
    assert!(moves.iter().any(|m| m.starts_with("a1i9")), "{moves:?}");
}

#[test]
fn international_a_man_passing_the_last_rank_stays_a_man() {
    let g = game("international-draughts");
    // c8 jumps d9 to e10 (the last rank) and then f9 to g8: the chain ends off the
    // last rank, so the man is not crowned.
    let pos = fen(10, &[("c8", 'M'), ("d9", 'm'), ("f9", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["c8g8xd9xf9"]);
}

/// The codes of the errors compiling `src` (from the rules directory) gives.
fn errors(src: &str) -> Vec<String> {
    match piecewise::Game::compile_at(src, Some(&common::rules_dir())) {
        Ok(_) => Vec::new(),
        Err(d) => d.0.iter().map(|d| d.code.to_string()).collect(),
    }
}

#[test]
fn chain_misuse_is_a_diagnostic() {
    let with = |board: &str, pattern: &str| {
        format!("{board}\npiece Man (M) {{\n    step diagonal, move only\n    {pattern}\n}}\n")
    };
    let square = "board square 8x8";
    let jump = "step diagonal via foe captured then step same, chain";
    assert!(errors(&with(square, jump)).is_empty());
    // On a graph board.
    let graph = "board graph \"boards/square8.json\"";
    assert_eq!(errors(&with(graph, jump)), ["E0720"]);
    // With a repeat group.
    assert_eq!(
        errors(&with(
            square,
            "repeat { step diagonal via foe captured then step same }, chain"
        )),
        ["E0721"]
    );
    // Taking nothing in passing.
    assert_eq!(errors(&with(square, "step diagonal, chain")), ["E0722"]);
    // With a modifier a link cannot have.
    assert_eq!(
        errors(&with(
            square,
            "step diagonal via foe captured then step same, capture only, chain"
        )),
        ["E0723"]
    );
    // Added to a `like`.
    assert_eq!(
        errors(&format!(
            "{square}\npiece A (A) {{ {jump} }}\npiece B (B) {{ like A, chain }}\n"
        )),
        ["E0710"]
    );
    // A rule declared twice.
    assert_eq!(
        errors(&format!(
            "{square}\nchain removal at once\nchain removal at end\npiece A (A) {{ {jump} }}\n"
        )),
        ["E0909"]
    );
}

#[test]
fn chain_diagnostics_point_at_the_chain() {
    let src = "board square 8x8\npiece Man (M) { step diagonal, chain }\n";
    let Err(d) = piecewise::Game::compile(src) else {
        panic!("compiles");
    };
    let e = d.0.iter().find(|d| d.code == "E0722").expect("E0722");
    let at = e.primary.span;
    assert_eq!(&src[at.start as usize..at.end as usize], "chain");
}

#[test]
fn draughts_fen_reads_and_writes() {
    let g = game("international-draughts");
    let start = g.start_position().unwrap();
    // The start position: white on 31-50, black on 1-20, white to move.
    let pos = g.position("W:W31-50:B1-20").unwrap();
    assert_eq!(g.fen(&pos), g.fen(&start));
    let written = g.draughts_fen(&start).unwrap();
    assert!(written.starts_with("W:W31,32,33,"), "{written}");
    assert_eq!(g.fen(&g.position(&written).unwrap()), g.fen(&start));
    // Kings after `K`; b2 is square 41, a1 46.
    let pos = g.position("B:WK46,41:BK5.").unwrap();
    assert_eq!(g.draughts_fen(&pos).unwrap(), "B:W41,K46:BK5");
    assert_eq!(g.fen(&pos), "9k/10/10/10/10/10/10/10/1M8/K9 b - - 0 1");
    // English checkers: black (the second side) moves first from 1-12.
    let e = game("english-checkers");
    let start = e.start_position().unwrap();
    assert_eq!(
        e.draughts_fen(&start).unwrap(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn draughts_fen_errors_say_what_and_where() {
    let g = game("international-draughts");
    let err = |fen: &str| {
        let e = g.position(fen).expect_err(fen);
        (e.offset(), e.message())
    };
    assert_eq!(
        err("W:W31,61:B1"),
        (
            6,
            "`61` is not a square of this board (1 to 50)".to_string()
        )
    );
    assert_eq!(err("W:W31:B1:W2").0, 9);
    assert_eq!(
        err("W:W31:B31"),
        (7, "square 31 is given twice".to_string())
    );
    assert_eq!(err("W:W35-31:B1").1, "the range `35-31` runs backwards");
    assert_eq!(err("W:W31:Q1").0, 6);
}

#[test]
fn pdn_moves_beside_uci() {
    let g = game("english-checkers");
    let start = g.start_position().unwrap();
    let mut pdn: Vec<String> = g
        .legal_moves(&start)
        .iter()
        .map(|m| g.pdn(&start, m).unwrap())
        .collect();
    pdn.sort();
    assert_eq!(
        pdn,
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    // Read back: PDN and UCI name the same moves.
    let m = g.parse_uci(&start, "11-15").unwrap();
    assert_eq!(g.uci(&m), "f6e5");
    // A king's chain written with its landings, and read in short and long form.
    let d = game("international-draughts");
    let pos = d.position("W:WK46:B41,32,23").unwrap();
    let moves = d.legal_moves(&pos);
    let texts: Vec<String> = moves.iter().map(|m| d.pdn(&pos, m).unwrap()).collect();
    assert!(texts.contains(&"46x37x28x19".to_string()), "{texts:?}");
    let long = d.parse_uci(&pos, "46x37x28x19").unwrap();
    let short = d.parse_uci(&pos, "46x19").unwrap();
    assert_eq!(long, short);
    assert_eq!(d.uci(&long), "a1g7xb2xd4xf6");
    // A wrong landing is no move.
    assert!(d.parse_uci(&pos, "46x37x27x19").is_none());
}

// Brazilian draughts (international rules on 8x8): 7, 49, 302, 1469, 7473, 37628,
// 187302 (depths 1..7, Rein Halbersma's "Perft for all recognized draughts variants").
const BRAZILIAN: [u64; 7] = [7, 49, 302, 1469, 7473, 37628, 187302];

#[test]
fn brazilian_draughts_perft_to_depth_7() {
    for (d, &n) in BRAZILIAN.iter().enumerate() {
        assert_eq!(
            perft("brazilian-draughts", d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
}

use crate::draughts_brute as brute;

#[test]
fn the_brute_force_agrees_with_the_brazilian_figures() {
    // The reference itself, checked where figures are published.
    let r = brute::Rules {
        most: true,
        crown_in_chain: false,
        men_back: true,
        turkish: false,
        ..Default::default()
    };
    for (d, &n) in BRAZILIAN.iter().enumerate().take(6) {
        assert_eq!(brute::perft(&r, &mut brute::start(), 1, d as u32 + 1), n);
    }
}

#[test]
fn russian_draughts_perft_agrees_with_a_brute_force() {
    let r = brute::Rules {
        most: false,
        crown_in_chain: true,
        men_back: true,
        turkish: false,
        ..Default::default()
    };
    for d in 1..=7 {
        let want = brute::perft(&r, &mut brute::start(), 1, d);
        assert_eq!(perft("russian-draughts", d), want, "depth {d}");
    }
}

#[test]
fn russian_a_man_crowned_during_a_chain_goes_on_as_a_king() {
    let g = game("russian-draughts");
    // b6 takes c7 to d8 (crowned there), then as a king takes f6 (d8-e7-f6) and lands
    // on g5 or h4.
    let pos = fen(8, &[("b6", 'M'), ("c7", 'm'), ("f6", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["b6g5xf6xc7k", "b6h4xf6xc7k"]);
}

#[test]
fn pool_checkers_perft_agrees_with_a_brute_force() {
    let r = brute::Rules {
        most: false,
        crown_in_chain: false,
        men_back: true,
        turkish: false,
        ..Default::default()
    };
    for d in 1..=7 {
        let want = brute::perft(&r, &mut brute::start(), 1, d);
        assert_eq!(perft("pool-checkers", d), want, "depth {d}");
    }
}

#[test]
fn pool_a_man_passing_the_last_rank_in_a_chain_stays_a_man() {
    let g = game("pool-checkers");
    // b6 takes c7 to d8, then e7 back to f6: no crowning (Russian would crown at d8).
    let pos = fen(8, &[("b6", 'M'), ("c7", 'm'), ("e7", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["b6f6xc7xe7"]);
    let r = game("russian-draughts");
    let moves = legal(&r, &pos);
    assert!(moves.iter().all(|m| m.ends_with('k')), "{moves:?}");
}

#[test]
fn spanish_draughts_perft_agrees_with_a_brute_force() {
    let r = brute::Rules {
        most: true,
        crown_in_chain: false,
        men_back: false,
        turkish: false,
        ..Default::default()
    };
    for d in 1..=7 {
        let want = brute::perft(&r, &mut brute::start(), 1, d);
        assert_eq!(perft("spanish-draughts", d), want, "depth {d}");
    }
}

#[test]
fn spanish_among_the_most_pieces_the_most_kings() {
    // c3 can take two men (b4, b6); h2 a king and a man (g3, e5): two pieces each.
    let pos = fen(
        8,
        &[
            ("c3", 'M'),
            ("h2", 'M'),
            ("b4", 'm'),
            ("b6", 'm'),
            ("g3", 'k'),
            ("e5", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&game("spanish-draughts"), &pos), ["h2d6xg3xe5"]);
    // Without weights (Brazilian) both take the most.
    assert_eq!(
        legal(&game("brazilian-draughts"), &pos),
        ["c3c7xb4xb6", "h2d6xg3xe5"]
    );
}

#[test]
fn capture_weight_misuse_is_a_diagnostic() {
    let base = "board square 8x8\npiece Man (M) { step diagonal }\npiece King (K) { step any }\n";
    assert!(errors(&format!("{base}must capture most, weight King 2\n")).is_empty());
    assert_eq!(
        errors(&format!("{base}must capture, weight King 2\n")),
        ["E0918"]
    );
    assert_eq!(
        errors(&format!("{base}must capture most, weight King 0\n")),
        ["E0919"]
    );
    assert_eq!(
        errors(&format!(
            "{base}must capture most, weight King 2, weight King 3\n"
        )),
        ["E0701"]
    );
    assert_eq!(
        errors(&format!("{base}must capture most, weight Queen 2\n")),
        ["E0304"]
    );
}

#[test]
fn canadian_draughts_perft_agrees_with_a_brute_force() {
    let r = brute::Rules {
        most: true,
        crown_in_chain: false,
        men_back: true,
        turkish: false,
        ..Default::default()
    };
    for d in 1..=6 {
        let want = brute::perft(&r, &mut brute::Board::start(12, 5), 1, d);
        assert_eq!(perft("canadian-draughts", d), want, "depth {d}");
    }
}

#[test]
fn turkish_draughts_perft_agrees_with_a_brute_force() {
    let r = brute::Rules {
        most: true,
        crown_in_chain: false,
        men_back: false,
        turkish: true,
        ..Default::default()
    };
    let mut start = brute::Board::start(8, 0);
    for x in 0..8 {
        for y in [1, 2] {
            start.put(x, y, 1);
            start.put(x, 7 - y, -1);
        }
    }
    for d in 1..=6 {
        let want = brute::perft(&r, &mut start.clone(), 1, d);
        assert_eq!(perft("turkish-draughts", d), want, "depth {d}");
    }
}

#[test]
fn turkish_a_piece_taken_leaves_at_once() {
    let g = game("turkish-draughts");
    // The king on a4 takes c4 (going right, to e4), e6 (up, to e7), d7 (left, to c7),
    // then goes down the c file over c4, already gone, to take c3.
    let pos = fen(
        8,
        &[
            ("a4", 'K'),
            ("c4", 'm'),
            ("e6", 'm'),
            ("d7", 'm'),
            ("c3", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["a4c1xc3xc4xe6xd7", "a4c2xc3xc4xe6xd7"]);
}

#[test]
fn turkish_no_capture_goes_straight_back() {
    let g = game("turkish-draughts");
    // d4 takes f4 (to g4 or h4) or b4 (to a4); going straight back for the other is a
    // reversal, so no move takes both.
    let pos = fen(8, &[("d4", 'K'), ("f4", 'm'), ("b4", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["d4a4xb4", "d4g4xf4", "d4h4xf4"]);
}

#[test]
fn russian_a_flying_king_lands_where_its_capture_goes_on() {
    let g = game("russian-draughts");
    // The king on a5 takes b6 and may land on c7 or d8; from d8 it goes on over f6,
    // so it must land there (stopping on c7 ends the capture too early).
    let pos = fen(8, &[("a5", 'K'), ("b6", 'm'), ("f6", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["a5g5xb6xf6", "a5h4xb6xf6"]);
    // With nothing to take after b6, both landings end the move.
    let pos = fen(8, &[("a5", 'K'), ("b6", 'm'), ("h8", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["a5c7xb6", "a5d8xb6"]);
}
