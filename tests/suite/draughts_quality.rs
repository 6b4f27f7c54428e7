//! The draughts games with quality rules and their own capture rules: Italian (men
//! spare kings; the most pieces, then a king's capture, the most kings, a king taken
//! earliest), Czech (a king that can capture must) and Frisian (orthogonal captures,
//! the value rule, a king's capture first). Perft from the start and perft 2 on random
//! games and positions against the brute force (`draughts_brute/mod.rs`), a test
//! position per rule, and the diagnostics of the quality rules.

use crate::common;

use crate::draughts_brute as brute;

use common::{cells_fen as fen, game, legal};

fn perft(name: &str, depth: u32) -> u64 {
    let g = game(name);
    let pos = g.start_position().expect("start position");
    g.perft(&pos, depth)
}

/// The codes of the errors compiling `src`.
fn errors(src: &str) -> Vec<String> {
    match piecewise::Game::compile(src) {
        Ok(_) => Vec::new(),
        Err(d) => d.0.iter().map(|d| d.code.to_string()).collect(),
    }
}

#[test]
fn italian_draughts_perft_agrees_with_a_brute_force() {
    // The brute force plays on the mirror image (a1 dark): the same counts.
    let r = brute::Rules {
        most: true,
        short_kings: true,
        men_spare_kings: true,
        italian: true,
        ..Default::default()
    };
    for d in 1..=7 {
        let want = brute::perft(&r, &mut brute::start(), 1, d);
        assert_eq!(perft("italian-draughts", d), want, "depth {d}");
    }
}

/// Plays `games` random games of up to `plies` plies with the brute force from
/// `start`, and checks at every position that the engine (`name`, a1 light with
/// `mirror`) has as many legal moves, and as many replies in all (perft 2).
fn playouts_agree(name: &str, r: &brute::Rules, start: &brute::Board, mirror: bool) {
    let g = game(name);
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let (mut checked, mut with_kings) = (0, 0);
    for _ in 0..40 {
        let (mut b, mut side) = (start.clone(), 1);
        for _ in 0..120 {
            let fen = b.fen(side, mirror);
            let pos = g.position(&fen).expect("a FEN of the brute force");
            assert_eq!(
                g.perft(&pos, 2),
                brute::perft(r, &mut b.clone(), side, 2),
                "{fen}"
            );
            checked += 1;
            with_kings += usize::from(fen.contains(['K', 'k']));
            let ms = brute::moves(r, &b, side);
            if ms.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            b.play(&ms[(seed % ms.len() as u64) as usize]);
            side = -side;
        }
    }
    assert!(checked > 1000 && with_kings > 200, "{checked} {with_kings}");
}

/// Checks `positions` random positions of `n`×`n` (men and kings of both sides on the
/// dark cells, no man on its last rank) like [`playouts_agree`]: perft 2 of the engine
/// (`name`) against the brute force.
fn random_positions_agree(name: &str, r: &brute::Rules, n: i8, mirror: bool, positions: usize) {
    let g = game(name);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    for _ in 0..positions {
        let mut b = brute::Board::start(n, 0);
        for _ in 0..4 + next(24) {
            let (x, y) = (next(n as u64) as i8, next(n as u64) as i8);
            if (x + y) % 2 != 0 {
                continue;
            }
            let side = if next(2) == 0 { 1 } else { -1 };
            let king = next(3) == 0 || y == if side == 1 { n - 1 } else { 0 };
            b.put(x, y, side * if king { 2 } else { 1 });
        }
        let side = if next(2) == 0 { 1 } else { -1 };
        let fen = b.fen(side, mirror);
        let pos = g.position(&fen).expect("a FEN of the brute force");
        assert_eq!(
            g.perft(&pos, 2),
            brute::perft(r, &mut b.clone(), side, 2),
            "{fen}"
        );
    }
}

fn italian_rules() -> brute::Rules {
    brute::Rules {
        most: true,
        short_kings: true,
        men_spare_kings: true,
        italian: true,
        ..Default::default()
    }
}

#[test]
fn italian_random_games_agree_with_a_brute_force() {
    playouts_agree("italian-draughts", &italian_rules(), &brute::start(), true);
    random_positions_agree("italian-draughts", &italian_rules(), 8, true, 3000);
}

#[test]
fn italian_men_do_not_take_kings() {
    let g = game("italian-draughts");
    // (a1 is light: b3, c4, d5 are dark.) The man on b3 faces a king on c4: no
    // capture, it steps to a4. A king takes it.
    let pos = fen(8, &[("b3", 'M'), ("c4", 'k')], 'w');
    assert_eq!(legal(&g, &pos), ["b3a4"]);
    let pos = fen(8, &[("b3", 'K'), ("c4", 'k')], 'w');
    assert_eq!(legal(&g, &pos), ["b3d5xc4"]);
}

#[test]
fn italian_quality_rules_in_order() {
    let g = game("italian-draughts");
    // Most pieces first: the man on b3 takes two (c4, e6), the king on h1 one (g2).
    let pos = fen(
        8,
        &[
            ("b3", 'M'),
            ("c4", 'm'),
            ("e6", 'm'),
            ("h1", 'K'),
            ("g2", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["b3f7xc4xe6"]);
    // Equal pieces: the king's capture (h1 takes g2) before the man's (b3 takes c4).
    let pos = fen(
        8,
        &[("b3", 'M'), ("c4", 'm'), ("h1", 'K'), ("g2", 'm')],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["h1f3xg2"]);
    // Two kings' captures of one piece: the one taking a king.
    let pos = fen(
        8,
        &[("b3", 'K'), ("c4", 'm'), ("h1", 'K'), ("g2", 'k')],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["h1f3xg2"]);
    // Two pieces each, a king among them: the king taken first. The king on e4 takes
    // d5 (a man) then b7 (a king), or f5 (a king) then f7 (a man).
    let pos = fen(
        8,
        &[
            ("e4", 'K'),
            ("d5", 'm'),
            ("b7", 'k'),
            ("f5", 'k'),
            ("f7", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["e4e8xf5xf7"]);
    // Without the king taken first (b7 a man): both.
    let pos = fen(
        8,
        &[
            ("e4", 'K'),
            ("d5", 'm'),
            ("b7", 'm'),
            ("f5", 'm'),
            ("f7", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["e4a8xd5xb7", "e4e8xf5xf7"]);
}

#[test]
fn capture_rule_misuse_is_a_diagnostic() {
    let base = "board square 8x8\npiece Man (M) { step diagonal via foe captured then step same, chain }\npiece King (K) { step any }\n";
    assert!(errors(&format!(
        "{base}must capture most, with King, most King, earliest King\n"
    ))
    .is_empty());
    assert!(errors(&format!("{base}must capture, with King\n")).is_empty());
    assert_eq!(
        errors(&format!("{base}must capture, with Queen\n")),
        ["E0304"]
    );
    assert_eq!(
        errors(&format!("{base}must capture, most King, most King\n")),
        ["E0946"]
    );
    let plain = "board square 8x8\npiece King (K) { step any }\n";
    assert_eq!(
        errors(&format!("{plain}must capture, earliest King\n")),
        ["E0947"]
    );
}

#[test]
fn italian_squares_are_numbered_on_its_dark_cells() {
    // a1 is light: square 1 is a8, 21 is b3, 32 is h1.
    let g = game("italian-draughts");
    let start = g.start_position().unwrap();
    assert_eq!(
        g.draughts_fen(&start).unwrap(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    let m = g.parse_uci(&start, "21-17").unwrap();
    assert_eq!(g.uci(&m), "b3a4");
    let pos = g.position("W:WK32:B1").unwrap();
    assert_eq!(g.fen(&pos), "m7/8/8/8/8/8/8/7K w - - 0 1");
}

fn czech_rules() -> brute::Rules {
    brute::Rules {
        king_first: true,
        ..Default::default()
    }
}

#[test]
fn czech_draughts_perft_agrees_with_a_brute_force() {
    for d in 1..=7 {
        let want = brute::perft(&czech_rules(), &mut brute::start(), 1, d);
        assert_eq!(perft("czech-draughts", d), want, "depth {d}");
    }
}

#[test]
fn czech_random_positions_agree_with_a_brute_force() {
    playouts_agree("czech-draughts", &czech_rules(), &brute::start(), false);
    random_positions_agree("czech-draughts", &czech_rules(), 8, false, 3000);
}

#[test]
fn czech_a_king_that_can_capture_must() {
    let g = game("czech-draughts");
    // The man on c3 could take two (d4, f6), the king on a5 one (b6): the king's.
    let pos = fen(
        8,
        &[
            ("c3", 'M'),
            ("d4", 'm'),
            ("f6", 'm'),
            ("a5", 'K'),
            ("b6", 'm'),
        ],
        'w',
    );
    // (Landing on c7 would end the capture too early: from d8 it goes on over f6.)
    assert_eq!(legal(&g, &pos), ["a5g5xb6xf6", "a5h4xb6xf6"]);
    // Without the king, the men's captures: any, not the most (h2 takes one).
    let pos = fen(
        8,
        &[
            ("c3", 'M'),
            ("d4", 'm'),
            ("f6", 'm'),
            ("h2", 'M'),
            ("g3", 'm'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["c3g7xd4xf6", "h2f4xg3"]);
}

fn frisian_rules() -> brute::Rules {
    brute::Rules {
        most: true,
        men_back: true,
        king_first: true,
        frisian: true,
        ..Default::default()
    }
}

// Frisian draughts: 9, 81 (depths 1..2, the figures Rein Halbersma posted for his
// generator; the deeper rows are checked against the brute force).
#[test]
fn frisian_draughts_perft_agrees_with_a_brute_force() {
    assert_eq!(perft("frisian-draughts", 1), 9);
    assert_eq!(perft("frisian-draughts", 2), 81);
    for d in 1..=5 {
        let want = brute::perft(&frisian_rules(), &mut brute::Board::start(10, 4), 1, d);
        assert_eq!(perft("frisian-draughts", d), want, "depth {d}");
    }
}

#[test]
fn frisian_random_positions_agree_with_a_brute_force() {
    random_positions_agree("frisian-draughts", &frisian_rules(), 10, false, 1500);
}

#[test]
fn frisian_orthogonal_captures_and_the_value_rule() {
    let g = game("frisian-draughts");
    // A man on e3 takes e5 orthogonally (two cells away, landing two beyond).
    let pos = fen(10, &[("e3", 'M'), ("e5", 'm')], 'w');
    assert_eq!(legal(&g, &pos), ["e3e7xe5"]);
    // A king (1999) against two men (2000): the two men. c1 takes d2 and f4 (two men);
    // j6 takes the king on i7.
    let pos = fen(
        10,
        &[
            ("c1", 'M'),
            ("d2", 'm'),
            ("f4", 'm'),
            ("j6", 'M'),
            ("i7", 'k'),
        ],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["c1g5xd2xf4"]);
    // A king against one man: the king.
    let pos = fen(
        10,
        &[("c1", 'M'), ("d2", 'm'), ("j6", 'M'), ("i7", 'k')],
        'w',
    );
    assert_eq!(legal(&g, &pos), ["j6h8xi7"]);
    // Equal value: the king's capture. The man on c1 and the king on j6 each take one man.
    let pos = fen(
        10,
        &[("c1", 'M'), ("d2", 'm'), ("j6", 'K'), ("i7", 'm')],
        'w',
    );
    let moves = legal(&g, &pos);
    assert!(moves.iter().all(|m| m.starts_with("j6")), "{moves:?}");
    assert!(!moves.is_empty());
}
