//! A Wave activated by a Serpent (Croatian Chess, Tamoanchan Revisited, "Activating
//! Wave"): the Serpent activates an own Wave on its diagonal step-fields, and the Wave
//! then alternates the two diagonals it chose, unlimited, stepping off the board and
//! back on as long as its ply ends on the board (`relay Wave, ..., onward, alternating
//! Unicorn | Centaur | Serpent`; its first and second steps may themselves leave the
//! board: docs/language.md, "`relay PIECES, onward, alternating KINDS`"). Exact move
//! lists checked by hand, and Conquest of Tlalocan's against the brute-force generator
//! (`croatian_brute`).

use crate::common;
use crate::croatian_brute as brute;

use common::legal;
use piecewise::Game;

/// A position of `n`×`n` from pieces on cells (FEN letters), `w` or `b` to move.
fn fen_of(n: usize, pieces: &[(&str, char)], side: &str) -> String {
    let mut cells = vec![None; n * n];
    for (cell, piece) in pieces {
        let x = (cell.as_bytes()[0] - b'a') as usize;
        let y: usize = cell[1..].parse().unwrap();
        cells[(y - 1) * n + x] = Some(*piece);
    }
    let rows: Vec<String> = (0..n)
        .rev()
        .map(|y| {
            let (mut row, mut empty) = (String::new(), 0);
            for x in 0..n {
                match cells[y * n + x] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(p);
                    }
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    format!("{} {side} - - 0 1", rows.join("/"))
}

/// The cells where the moves from `from` through the Wave on `wave` end (`s6v5>v7`:
/// `v7`), sorted.
fn wave_ends(g: &Game, fen: &str, from: &str, wave: &str) -> Vec<String> {
    let prefix = format!("{from}{wave}>");
    let mut out: Vec<String> = legal(g, fen)
        .iter()
        .filter_map(|m| m.strip_prefix(&prefix))
        .map(|rest| rest.split('>').next().unwrap().to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

fn tamoanchan() -> Game {
    common::game("croatian-tamoanchan")
}

/// The book's scn_tr_44 ("Wave out-of-board steps"): the light Serpent s6 goes t5-u6
/// and activates the own Wave on v5, its third step-field; the Wave steps off the
/// board's right edge and back on, v5-w6-v7-w8-..., and may end on every cell of that
/// line on the board ("all enumerated step-fields 1 through 8 are reachable by Wave,
/// even though it stepped outside of the board"), and on every cell of its other
/// lines: it takes the Serpent's diagonal steps, never its orthogonal colour change,
/// so it stays on v5's colour.
#[test]
fn a_wave_activated_by_a_serpent_steps_off_the_board_and_back() {
    let g = tamoanchan();
    let fen = fen_of(
        22,
        &[("s6", 'S'), ("v5", 'W'), ("k1", 'K'), ("k22", 'k')],
        "w",
    );
    let ends = wave_ends(&g, &fen, "s6", "v5");
    for to in [
        "v7", "v9", "v11", "v13", "v15", "v17", "v19", "v21", "v3", "v1", "u8",
    ] {
        assert!(ends.contains(&to.to_string()), "{to} in {ends:?}");
    }
    // The colour of v5 (file 21, rank 4 from 0: odd, light) on every end.
    for to in &ends {
        let x = i32::from(to.as_bytes()[0] - b'a');
        let y: i32 = to[1..].parse::<i32>().unwrap() - 1;
        assert_eq!((x + y) % 2, 1, "{to} is not on v5's colour: {ends:?}");
    }
    // Without the Serpent among the alternating kinds, the Wave goes straight in one
    // first step of the Serpent's (its orthogonal colour change too) to the edge: v6,
    // not u8 (v5-u6-v7-u8 alternated).
    let src = common::rules_source("croatian-tamoanchan").replace(" | Serpent\n", "\n");
    let straight = Game::compile(&src).expect("compiles");
    let ends = wave_ends(&straight, &fen, "s6", "v5");
    assert!(ends.contains(&"v6".to_string()), "{ends:?}");
    assert!(!ends.contains(&"u8".to_string()), "{ends:?}");
}

/// The book's scn_tr_43 ("Activated Wave ply"): activated on e5 from d4, the Wave may
/// take f4, then g5 on the other diagonal, and alternate them to the board's edge, v4
/// ("Unlike Serpent, Wave is not limited by number of steps"), past the 14 steps that
/// limit the Serpent; and it may start with any diagonal (d4, where the Serpent came
/// from, too).
#[test]
fn a_wave_activated_by_a_serpent_alternates_two_diagonals_unlimited() {
    let g = tamoanchan();
    let fen = fen_of(
        22,
        &[("b2", 'S'), ("e5", 'W'), ("k1", 'K'), ("k22", 'k')],
        "w",
    );
    let ends = wave_ends(&g, &fen, "b2", "e5");
    for to in ["f4", "g5", "t4", "u5", "v4", "d4", "f6", "d6"] {
        assert!(ends.contains(&to.to_string()), "{to} in {ends:?}");
    }
    // Never an orthogonal first step (the Serpent's colour change): e6, f5, e4, d5.
    for to in ["e6", "f5", "e4", "d5"] {
        assert!(!ends.contains(&to.to_string()), "{to} in {ends:?}");
    }
}

/// Conquest of Tlalocan: a Serpent next to own Waves near the board's edges activates
/// them, and the Waves' lines (off the board and back) agree with the brute force.
#[test]
fn serpent_activated_waves_in_tlalocan_agree_with_the_brute_force() {
    let g = common::game_without_teleport("croatian-tlalocan");
    let fen = fen_of(
        24,
        &[
            ("v6", 'S'),
            ("w5", 'W'),
            ("u7", 'W'),
            ("x9", 'P'),
            ("c3", 'S'),
            ("b2", 'W'),
            ("l1", 'K'),
            ("l24", 'k'),
            ("w10", 'w'),
        ],
        "w",
    );
    let moves = legal(&g, &fen);
    assert!(moves.iter().any(|m| m.starts_with("v6w5>")), "{moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("c3b2>")), "{moves:?}");
    assert_eq!(moves, brute::legal(brute::TLALOCAN, &fen));
}
