//! Cell colours: `light`/`dark` in cell sets and as zones without a declaration.

mod common;

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
    let hex = "board hex radius 3\nzone z = light\npiece King (K) { step orthogonal, to z }\n";
    let err = piecewise::compile(hex).expect_err("no colours on hex boards");
    assert_eq!(err.0[0].code, "E0207", "{err:?}");
}
