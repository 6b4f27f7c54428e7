//! Cell colours: `light`/`dark` in cell sets and as zones without a declaration.

use crate::common;

use piecewise::ids::{CellId, PieceId, Side};
use piecewise::walk::Occupant;

fn moves(fen: &str, from: &str) -> Vec<String> {
    let src = common::rules_source("colours");
    let rules = piecewise::compile(&src).expect("colours.rules compiles");
    let mut v = common::move_texts(&rules, fen, from);
    v.sort();
    v
}

#[test]
fn a_unicorn_moves_by_the_colour_it_stands_on() {
    // d4 is dark (d = file 3, rank 4: 3 + 3 even): a bishop's 13 moves.
    assert_eq!(moves("8/8/8/8/3U4/8/8/8 w", "d4").len(), 13);
    // e4 is light: a knight's 8 moves.
    assert_eq!(
        moves("8/8/8/8/4U3/8/8/8 w", "e4"),
        ["e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"]
    );
}

#[test]
fn to_light_keeps_only_light_landings() {
    // Two orthogonal steps at a right angle reach the diagonal neighbours, which have
    // the colour of the start cell: all four from e4 (light), none from d4 (dark).
    assert_eq!(
        moves("8/8/8/8/4L3/8/8/8 w", "e4"),
        ["e4d3", "e4d5", "e4f3", "e4f5"]
    );
    assert!(moves("8/8/8/8/3L4/8/8/8 w", "d4").is_empty());
}

#[test]
fn colours_in_a_zone_and_on_other_boards() {
    let zone = "board square 4x4\nzone absolute darks = dark\n\
                piece King (K) { step any, to darks }\n";
    let rules = piecewise::compile(zone).expect("compiles");
    let mut got = common::move_texts(&rules, "4/4/1K2/4 w", "b2");
    got.sort();
    // b2 is dark; its dark neighbours are the diagonal ones.
    assert_eq!(got, ["b2a1", "b2a3", "b2c1", "b2c3"]);
    let tri = "board tri 4x2\nzone z = light\npiece King (K) { step any, to z }\n";
    let err = piecewise::compile(tri).expect_err("no colours on tri boards");
    assert_eq!(err.0[0].code, "E0207", "{err:?}");
    let medium = "board square 4x4\nzone z = medium\npiece King (K) { step any, to z }\n";
    let err = piecewise::compile(medium).expect_err("two colours on square boards");
    assert_eq!(err.0[0].code, "E0207", "{err:?}");
    assert!(err.0[0].message.contains("light and dark"), "{err:?}");
}

/// The board's cells by colour, as a zone of that colour holds them.
fn colour_counts(board: &str) -> [usize; 3] {
    ["light", "medium", "dark"].map(|colour| {
        let src =
            format!("{board}\nzone absolute z = {colour}\npiece X (X) {{ step any, from z }}\n");
        let rules = piecewise::compile(&src).expect("compiles");
        let b = rules.board();
        // A cell is in the zone if the piece may move from it.
        b.cells()
            .filter(|&c| {
                !rules
                    .moves_from(&alone(b.cell_count(), c)[..], c)
                    .is_empty()
            })
            .count()
    })
}

/// A board with a first-side piece of the first kind on `at` and nothing else.
fn alone(cells: usize, at: CellId) -> Vec<Occupant> {
    let mut v = vec![Occupant::EMPTY; cells];
    v[at.index()] = Occupant::piece(Side::First, PieceId(0));
    v
}

#[test]
fn glinski_board_has_three_colours_as_the_game_has_them() {
    // 91 cells: 30 light, 31 medium (the centre among them), 30 dark.
    assert_eq!(colour_counts("board hex radius 5"), [30, 31, 30]);
    let rules = piecewise::compile("board hex radius 5\npiece X (X) { step any }").unwrap();
    let b = rules.board();
    let colour = |name: &str| b.colour(b.coord(rules.cell(name).unwrap())).unwrap().word();
    // The centre is medium; white's corner f1 light, black's f11 dark; up the file
    // the colours run light, dark, medium.
    assert_eq!(
        ["f1", "f2", "f3", "f6", "f7", "f11"].map(colour),
        ["light", "dark", "medium", "medium", "light", "dark"]
    );
}

#[test]
fn no_two_neighbours_share_a_colour_on_hex_boards() {
    for board in ["board hex radius 5", "board hex 7x5"] {
        let rules = piecewise::compile(&format!("{board}\npiece X (X) {{ step orthogonal }}"))
            .expect("compiles");
        let b = rules.board();
        let mut pairs = 0;
        for c in b.cells() {
            // `step orthogonal`: the six edge neighbours on hex boards.
            for m in rules.moves_from(&alone(b.cell_count(), c)[..], c).iter() {
                let (from, to) = (b.coord(c), b.coord(m.to));
                assert_ne!(
                    b.colour(from),
                    b.colour(to),
                    "{board}: {}-{}",
                    b.cell_name(c),
                    b.cell_name(m.to)
                );
                pairs += 1;
            }
        }
        assert!(pairs > 150, "{board}: {pairs} neighbour pairs");
        // Every colour is used, each within two cells of a third.
        let counts = colour_counts(board);
        let total: usize = counts.iter().sum();
        assert_eq!(total, b.cell_count(), "{board}: {counts:?}");
        assert!(
            counts.iter().all(|&n| 3 * n + 6 >= total),
            "{board}: {counts:?}"
        );
    }
}

#[test]
fn the_hex_chameleon_moves_by_its_colour() {
    let src = common::rules_source("hex-colours");
    let rules = piecewise::compile(&src).expect("hex-colours.rules compiles");
    let b = rules.board();
    let moves_from = |name: &str| {
        let c = rules.cell(name).expect("cell");
        rules
            .moves_from(&alone_kind(&rules, b.cell_count(), c, "Chameleon")[..], c)
            .len()
    };
    // f6 medium: the six diagonal rides of the centre, two cells each before the edge.
    assert_eq!(moves_from("f6"), 12);
    // f7 light: its six edge neighbours.
    assert_eq!(moves_from("f7"), 6);
    // f8 dark: the 12 knight leaps of a cell two from the centre, all on the board.
    assert_eq!(moves_from("f8"), 12);
}

fn alone_kind(rules: &piecewise::Rules, cells: usize, at: CellId, name: &str) -> Vec<Occupant> {
    let mut v = vec![Occupant::EMPTY; cells];
    v[at.index()] = Occupant::piece(Side::First, rules.piece(name).expect("piece"));
    v
}
