//! Step conditions, `DIR if AT CLASS` (docs/language.md, "`if`: steps conditional on
//! another cell"): a direction of a leg taken only when a cell off the path holds
//! something. Exact legal moves of hand-made positions on small boards for both sides
//! (the Croatian Scout's rerouting, a lame leaper, a neutral piece, the board's edge, a
//! heading's turn), the same moves however the pattern is linked (unrolled, shared,
//! relative), and the diagnostics E1026-E1029.

use crate::common;

use common::{check_codes, starting, words, Rng};
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::pipeline::{self, Limits};
use piecewise::walk::Occupant;
use piecewise::{Game, Rules};

/// A Scout that goes up to 3 steps right, rerouting diagonally around what stands
/// straight ahead (the Croatian Scout's sideways steps, on 8×8), and a Wall to stand in
/// its way.
const SCOUT: &str = "board square 8x8\nroyal King\n\
    piece King (K) { step any }\n\
    piece Wall (W) { }\n\
    piece Scout (O) { repeat up to 3 { step right + forward-right if right piece + backward-right if right piece }, move only }\n";

fn game(src: &str) -> Game {
    Game::compile(src).unwrap_or_else(|d| panic!("{d:?}"))
}

#[test]
fn a_scout_steps_around_what_stands_ahead_and_goes_on() {
    let g = game(SCOUT);
    // Nothing ahead: three steps right, no fork.
    assert_eq!(
        starting(&g, "7k/8/8/8/O7/8/8/7K w - - 0 1", "a4"),
        words("a4b4 a4c4 a4d4")
    );
    // A wall on c4: after b4 either forking step (c5, c3), then on right (d5, d3).
    assert_eq!(
        starting(&g, "7k/8/8/8/O1W5/8/8/7K w - - 0 1", "a4"),
        words("a4b4 a4c3 a4c5 a4d3 a4d5")
    );
    // An enemy wall right next to it: the first step is a fork (b5, b3), then on.
    assert_eq!(
        starting(&g, "7k/8/8/8/Ow6/8/8/7K w - - 0 1", "a4"),
        words("a4b3 a4b5 a4c3 a4c5 a4d3 a4d5")
    );
    // Walls on b4 and c5: forks b5 and b3; from b5 the wall c5 is ahead again, a
    // second fork (c6, c4), each choice on its own; from b3 straight on.
    assert_eq!(
        starting(&g, "7k/8/8/2W5/OW6/8/8/7K w - - 0 1", "a4"),
        words("a4b3 a4b5 a4c3 a4c4 a4c6 a4d3 a4d4 a4d6")
    );
    // A forking step onto a piece is blocked (move only): only the other fork.
    assert_eq!(
        starting(&g, "7k/8/8/1W6/OW6/8/8/7K w - - 0 1", "a4"),
        words("a4b3 a4c3 a4d3")
    );
}

#[test]
fn the_second_side_reroutes_mirrored() {
    let g = game(SCOUT);
    // The black Scout's `forward-right` is down-right: the same forks, mirrored.
    assert_eq!(
        starting(&g, "7k/8/8/8/o1w5/8/8/7K b - - 0 1", "a4"),
        words("a4b4 a4c3 a4c5 a4d3 a4d5")
    );
}

#[test]
fn a_lame_leaper_written_as_one_leap() {
    // A leap of (±1,2) only where the cell straight ahead is empty (the Xiangqi Horse's
    // forward leaps), and one of (2,±1) to the right only where the right cell is.
    let src = "board square 8x8\nroyal King\npiece King (K) { step any }\npiece Pawn (P) { }\n\
        piece Horse (H) { leap exactly (1,2) if forward empty + exactly (-1,2) if forward empty + exactly (2,1) if right empty + exactly (2,-1) if right empty }\n";
    let g = game(src);
    assert_eq!(
        starting(&g, "7k/8/8/8/3H4/8/8/7K w - - 0 1", "d4"),
        words("d4c6 d4e6 d4f3 d4f5")
    );
    // A piece ahead (any side) lames the forward leaps; one on the right the others.
    assert_eq!(
        starting(&g, "7k/8/8/3p4/3H4/8/8/7K w - - 0 1", "d4"),
        words("d4f3 d4f5")
    );
    assert_eq!(
        starting(&g, "7k/8/8/8/3HP3/8/8/7K w - - 0 1", "d4"),
        words("d4c6 d4e6")
    );
}

#[test]
fn a_neutral_piece_is_a_piece_but_no_side() {
    // `piece` without kinds counts a neutral Stone; `friend` and `foe` do not.
    let src = "board square 8x8\nroyal King\nneutral Stone\npiece King (K) { step any }\npiece Stone (S) { }\n\
        piece Any (A) { step forward-diagonal if forward piece }\n\
        piece Own (B) { step forward-diagonal if forward friend }\n\
        piece Kind (C) { step forward-diagonal if forward piece Stone|King }\n";
    let g = game(src);
    let fen = |p: char| format!("7k/8/8/3*4/3{p}4/8/8/7K w - - 0 1");
    assert_eq!(starting(&g, &fen('A'), "d4"), words("d4c5 d4e5"));
    assert_eq!(starting(&g, &fen('B'), "d4"), Vec::<String>::new());
    // Named kinds: a neutral kind named is none of them (its filter leaves it out).
    assert_eq!(starting(&g, &fen('C'), "d4"), Vec::<String>::new());
    // A friend ahead: `friend` holds.
    assert_eq!(
        starting(&g, "7k/8/8/3K4/3B4/8/8/8 w - - 0 1", "d4"),
        words("d4c5 d4e5")
    );
}

#[test]
fn the_edge_and_a_turned_heading() {
    // A step left only on the board's right edge; after a step forward, a step turned
    // 45° either way only where the cell straight on (the heading's) holds a piece.
    let src = "board square 8x8\nroyal King\npiece King (K) { step any }\npiece Pawn (P) { }\n\
        piece Edger (E) { step left if right edge }\n\
        piece Turner (T) { step forward then step turn ±45 if same piece, move only }\n";
    let g = game(src);
    assert_eq!(
        starting(&g, "k7/8/8/8/7E/8/8/K7 w - - 0 1", "h4"),
        words("h4g4")
    );
    assert_eq!(
        starting(&g, "k7/8/8/8/6E1/8/8/K7 w - - 0 1", "g4"),
        Vec::<String>::new()
    );
    assert_eq!(
        starting(&g, "k7/8/8/8/3T4/8/8/K7 w - - 0 1", "d4"),
        Vec::<String>::new()
    );
    assert_eq!(
        starting(&g, "k7/8/3p4/8/3T4/8/8/K7 w - - 0 1", "d4"),
        words("d4c6 d4e6")
    );
}

fn rules_with(src: &str, limits: &Limits) -> Rules {
    pipeline::compile_with(src, None, limits, |_| {})
        .unwrap_or_else(|d| panic!("{d:?}"))
        .rules
}

#[test]
fn conditions_move_the_same_unrolled_shared_and_relative() {
    // The Scout of every side on a 12×12 board (past `relative_above` 0: relative
    // blocks), on random boards, linked three ways.
    let src = "board square 12x12\nroyal King\npiece King (K) { step any }\npiece Wall (W) { }\n\
        piece Scout (O) { repeat up to 5 { step forward + forward-diagonal if forward piece } , move only\n\
        repeat up to 5 { step left + forward-left if left piece + backward-left if left piece }, move only\n\
        step forward then repeat up to 2 { step turn ±45 if same foe or empty via piece }, move only }\n";
    let unrolled = rules_with(
        src,
        &Limits {
            shared_above: usize::MAX,
            ..Limits::default()
        },
    );
    let shared = rules_with(
        src,
        &Limits {
            shared_above: 0,
            relative_above: usize::MAX,
            ..Limits::default()
        },
    );
    let relative = rules_with(
        src,
        &Limits {
            shared_above: 0,
            relative_above: 0,
            ..Limits::default()
        },
    );
    let probes = |r: &Rules| {
        r.table()
            .table()
            .nodes
            .iter()
            .filter(|n| n.is_probe())
            .count()
    };
    assert!(probes(&unrolled) > 0 && probes(&shared) > 0 && probes(&relative) > 0);
    assert!(relative
        .table()
        .table()
        .nodes
        .iter()
        .any(|n| n.is_relative() && n.is_probe()));
    let cells = unrolled.board().cell_count();
    let kinds = unrolled.table().pieces().len();
    let mut rng = Rng(0x5c07_ff00_1234);
    let mut walked = 0;
    for _ in 0..60 {
        let board: Vec<Occupant> = (0..cells)
            .map(|_| {
                if rng.below(100) < 35 {
                    let side = if rng.below(2) == 0 {
                        Side::First
                    } else {
                        Side::Second
                    };
                    Occupant::piece(side, PieceId(rng.below(kinds) as u8))
                } else {
                    Occupant::EMPTY
                }
            })
            .collect();
        for cell in 0..cells {
            let cell = CellId(cell as u16);
            if board[cell.index()].is_empty() {
                continue;
            }
            let texts = |r: &Rules| {
                let list = r.moves_from(&board, cell);
                let mut v: Vec<String> = list.iter().map(|m| r.move_text(&list, m)).collect();
                v.sort();
                v
            };
            let plain = texts(&unrolled);
            assert_eq!(
                texts(&shared),
                plain,
                "shared, {}",
                unrolled.cell_name(cell)
            );
            assert_eq!(
                texts(&relative),
                plain,
                "relative, {}",
                unrolled.cell_name(cell)
            );
            walked += 1;
        }
    }
    assert!(walked > 1000, "{walked} pieces walked");
}

#[test]
fn diagnostics_of_step_conditions() {
    let piece = |p: &str| {
        format!("board square 8x8\nroyal King\npiece King (K) {{ step any }}\npiece Pawn (P) {{ }}\npiece X (X) {{ {p} }}\n")
    };
    assert!(check_codes(&piece("step forward-diagonal if forward piece")).is_empty());
    // The cell looked at is one direction.
    assert_eq!(
        check_codes(&piece("step forward-diagonal if orthogonal piece")),
        ["E1026"]
    );
    assert_eq!(
        check_codes(&piece("step forward then step same if turn ±90 piece")),
        ["E1026"]
    );
    // A turned heading needs a leg before it.
    assert_eq!(
        check_codes(&piece("step forward-diagonal if same piece")),
        ["E1027"]
    );
    // Kinds: not after `empty` or `edge`, and one restriction.
    assert_eq!(
        check_codes(&piece("step forward-diagonal if forward empty Pawn")),
        ["E1028"]
    );
    assert_eq!(
        check_codes(&piece(
            "step forward-diagonal if forward friend Pawn or foe King"
        )),
        ["E1028"]
    );
    // A direction under a condition named again.
    assert_eq!(
        check_codes(&piece("step orthogonal + forward if left piece")),
        ["E1029"]
    );
    assert_eq!(
        check_codes(&piece(
            "step forward if left piece + forward if right piece"
        )),
        ["E1029"]
    );
    // An unknown kind is the usual error.
    assert_eq!(
        check_codes(&piece("step forward-diagonal if forward piece Nobody")),
        ["E0304"]
    );
}
