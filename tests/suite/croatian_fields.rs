//! The game's queries of the fields its rules define around a piece, which the book
//! draws as diagrams (`croatian_scenes/diagrams.rs`): [`Game::near_area`] (the cells a
//! `near` condition counts), [`Game::portal_fields`] (where a piece entering a portal
//! emerges) and [`Game::journey_fields`] (a trance-journey's spiral arms), each by hand.

use crate::common;
use piecewise::ids::Side;
use piecewise::Game;

fn names(g: &Game, cells: &[piecewise::ids::CellId]) -> Vec<String> {
    let mut v: Vec<String> = cells.iter().map(|&c| g.rules().cell_name(c)).collect();
    v.sort();
    v
}

fn cell(g: &Game, name: &str) -> piecewise::ids::CellId {
    g.rules().cell(name).unwrap()
}

/// The eight cells around a cell, fewer at an edge and in a corner.
#[test]
fn near_area_is_the_eight_cells_around() {
    let g = common::game("croatian-hemera");
    assert_eq!(
        names(&g, &g.near_area(cell(&g, "c3"))),
        ["b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"]
    );
    assert_eq!(
        names(&g, &g.near_area(cell(&g, "a5"))),
        ["a4", "a6", "b4", "b5", "b6"]
    );
    assert_eq!(
        names(&g, &g.near_area(cell(&g, "t20"))),
        ["s19", "s20", "t19"]
    );
}

/// `near 1 foe` counts the pieces on those cells: a Grenadier with one foe on its
/// area's corner d4 has its one-foe patterns, with it moved a cell further none.
#[test]
fn near_counts_the_near_area() {
    let g = common::game("croatian-hemera");
    let count = |fen: &str, from: &str| {
        common::legal(&g, fen)
            .into_iter()
            .filter(|m| {
                m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .collect::<Vec<_>>()
    };
    let near = count(
        "k19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/3p16/2G17/20/K19 w - - 0 1",
        "c3",
    );
    let far = count(
        "k19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/4p15/20/2G17/20/K19 w - - 0 1",
        "c3",
    );
    assert_ne!(near, far, "a foe on d4 is near c3, on e5 not");
}

/// A piece entering a bright Star emerges next to the dim ones (Nineteen, "Teleporting
/// pieces"): the empty cells around r1 and a18; one taken by a piece is none.
#[test]
fn portal_fields_are_around_the_other_stars() {
    let g = common::game("croatian-nineteen");
    let fen = "*D16*T/18/18/18/18/18/18/18/9k8/18/18/18/18/18/18/18/16P1/*T8K7*D w - - 0 1";
    let pos = g.position(fen).unwrap();
    assert_eq!(
        names(&g, &g.portal_fields(&pos, cell(&g, "a1"))),
        ["a17", "b17", "b18", "q1", "r2"]
    );
    assert_eq!(
        names(&g, &g.portal_fields(&pos, cell(&g, "a18"))),
        ["a2", "b1", "b2", "q17", "q18", "r17"]
    );
    // Not a portal: no fields.
    assert!(g.portal_fields(&pos, cell(&g, "q2")).is_empty());
    assert!(g.portal_fields(&pos, cell(&g, "c3")).is_empty());
}

/// The trance-journey's arms (Conquest of Tlalocan, "Trance-journey"): the light
/// Shaman's spiral starts with the steps (2,1) and (-2,-1) outward, the dark one's ends
/// with (1,2) and (-1,-2) inward; a Rook journeys nowhere.
#[test]
fn journey_fields_are_the_spirals_arms() {
    let g = common::game("croatian-tlalocan");
    let shaman = g.rules().piece("Shaman").unwrap();
    let rook = g.rules().piece("Rook").unwrap();
    let at = cell(&g, "f12");
    let (light, inward) = g.journey_fields(shaman, Side::First, shaman, at).unwrap();
    assert!(!inward);
    assert_eq!(light.len(), 2);
    let first = |arm: &piecewise::game::JourneyArm| arm[0].0.map(|c| g.rules().cell_name(c));
    let mut firsts: Vec<_> = light.iter().map(first).collect();
    firsts.sort();
    assert_eq!(firsts, [Some("d11".to_string()), Some("h13".to_string())]);
    // The first step's corner: the orthogonal leg's end (f12 + (1,0)).
    let corner = |arm: &piecewise::game::JourneyArm| arm[0].1.map(|c| g.rules().cell_name(c));
    let h13 = light
        .iter()
        .find(|a| first(a).as_deref() == Some("h13"))
        .unwrap();
    assert_eq!(corner(h13).as_deref(), Some("g12"));
    // The dark spiral, travelled inward, shown outward: its first fields next to f12,
    // its last on the board.
    let (dark, inward) = g.journey_fields(shaman, Side::Second, shaman, at).unwrap();
    assert!(inward);
    let mut firsts: Vec<_> = dark.iter().map(first).collect();
    firsts.sort();
    assert_eq!(firsts, [Some("e10".to_string()), Some("g14".to_string())]);
    assert!(dark.iter().all(|a| a.last().unwrap().0.is_some()));
    assert!(g.journey_fields(rook, Side::First, shaman, at).is_none());
    assert!(g.journey_fields(shaman, Side::First, rook, at).is_none());
}
