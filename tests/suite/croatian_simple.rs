//! The book's simple variants (its chapter "Simple variants") and the longer en passant
//! a position now keeps: `rules/croatian-ties-14.rules` (Pawns stepping sideways, the
//! rush to the own half, castling with the Rook closest to the King on either side),
//! `rules/croatian-classical-14-mirrored.rules` (the randomized variants' castling: one
//! cell or more, up to the Rook's own cell), each checked on the King's and a Pawn's
//! legal moves in hand-made positions against the book's text; and a rush of six steps
//! in Miranda's Veil, which opens all five cells it passed to en passant
//! (`MAX_EP_CELLS`), also when a position is given that state by hand
//! ([`piecewise::Game::with_en_passant`]).

use crate::common;
use std::collections::BTreeSet;

/// The destinations of the legal moves from `from` in `fen` (UCI: the start, then the
/// destination cell).
fn destinations(name: &str, fen: &str, from: &str) -> BTreeSet<String> {
    let g = common::game(name);
    common::legal(&g, fen)
        .iter()
        .filter_map(|m| m.strip_prefix(from))
        .filter(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|rest| {
            let digits = rest[1..].chars().take_while(char::is_ascii_digit).count();
            rest[..1 + digits].to_string()
        })
        .collect()
}

fn set(cells: &str) -> BTreeSet<String> {
    cells.split_whitespace().map(String::from).collect()
}

/// Fourteen ranks: the second side's King on rank 14, `rank2` and `rank1` below.
fn fen14(rank2: &str, rank1: &str) -> String {
    format!("2k11/14/14/14/14/14/14/14/14/14/14/14/{rank2}/{rank1} w - - 0 1")
}

#[test]
fn croatian_ties_14_pawns_step_sideways_and_rush_through_their_half() {
    // e2 tagged, d2 an own Pawn: forward, right (left is taken), the rush up to rank 7.
    let fen = fen14("3P^P^9", "7K6");
    assert_eq!(
        destinations("croatian-ties-14", &fen, "e2"),
        set("e3 f2 e4 e5 e6 e7")
    );
}

#[test]
fn croatian_ties_14_castles_with_the_rook_closest_to_the_king() {
    // The near Rooks d1 and k1: the King goes 2 cells (f1, j1) with them; the far ones
    // are blocked by them.
    let steps = "g1 i1 g2 h2 i2";
    let near = fen14("14", "R&2R&3K&2R&2R&");
    assert_eq!(
        destinations("croatian-ties-14", &near.replace("2k11", "7k6"), "h1"),
        set(&format!("{steps} f1 j1"))
    );
    // The far Rooks alone: c1..f1 on the Queen's side (one short of the Rook's
    // neighbour), j1..m1 on the King's side (up to the Rook's neighbour).
    let far = fen14("14", "R&6K&5R&");
    assert_eq!(
        destinations("croatian-ties-14", &far.replace("2k11", "7k6"), "h1"),
        set(&format!("{steps} c1 d1 e1 f1 j1 k1 l1 m1"))
    );
}

#[test]
fn classical_14_mirrored_castles_up_to_the_rooks_cell() {
    // The book's "Castling" figures of Classical Chess 14 mirrored: King c1, Rooks A
    // a1, B d1, C f1, D l1.
    let steps = "b1 b2 c2 d2";
    let name = "croatian-classical-14-mirrored";
    // Left with A (b1, a1), right with B only (onto d1).
    let all = fen14("14", "R&1K&R&1R&5R&2");
    assert_eq!(
        destinations(name, &all, "c1"),
        set(&format!("{steps} a1 d1"))
    );
    // Without B: right with C, d1..f1.
    let no_b = fen14("14", "R&1K&2R&5R&2");
    assert_eq!(
        destinations(name, &no_b, "c1"),
        set(&format!("{steps} a1 d1 e1 f1"))
    );
    // Without B and C: right with D, d1..l1.
    let d_only = fen14("14", "R&1K&8R&2");
    assert_eq!(
        destinations(name, &d_only, "c1"),
        set(&format!("{steps} a1 d1 e1 f1 g1 h1 i1 j1 k1 l1"))
    );
    // Castled right with B: King d1, Rook c1 (the Rook on the King's start cell).
    let g = common::game(name);
    let after = common::play(&g, &all, &["c1d1"]);
    assert!(after.ends_with("R&1RK1R&5R&2 b - - 1 1"), "{after}");
}

/// Sixteen ranks: the first side's Pawn on b2 carrying its rush tag, a second side's
/// Pawn on c4, the Kings in the corners.
const MIRANDA: &str = "15k/16/16/16/16/16/16/16/16/16/16/16/2p13/16/1P^14/15K w - - 0 1";

#[test]
fn a_rush_of_six_steps_opens_its_five_cells_to_en_passant() {
    let g = common::game("croatian-miranda");
    // b2-b8 passes b3..b7: the Pawn on c4 takes it on b3, five cells behind it.
    let after = common::play(&g, MIRANDA, &["b2b8"]);
    let legal = common::legal(&g, &after);
    assert!(legal.contains(&"c4b3".to_string()), "{after}: {legal:?}");
    let taken = common::play(&g, &after, &["c4b3"]);
    assert!(!taken.contains('P'), "the Pawn on b8 is taken: {taken}");
    // A rush of five steps, b2-b7, opens b3..b6.
    let five = common::play(&g, MIRANDA, &["b2b7"]);
    assert!(common::legal(&g, &five).contains(&"c4b3".to_string()));
}

#[test]
fn an_en_passant_state_set_by_hand_opens_cells_a_later_ply_filled() {
    let g = common::game("croatian-miranda");
    let cell = |n: &str| g.rules().cell(n).unwrap();
    // The Pawn on b8 rushed from b2; a piece of its side landed on b5 since.
    let fen = "15k/16/16/16/16/16/16/16/1P14/16/16/1N14/2p13/16/16/15K b - - 0 1";
    let pos = g.position(fen).unwrap();
    let opened: Vec<_> = ["b3", "b4", "b5", "b6", "b7"].map(cell).to_vec();
    let open = g
        .with_en_passant(&pos, cell("b8"), &opened)
        .expect("five cells, the victim the side not to move's");
    assert_eq!(open.en_passant().cells().len(), 5);
    assert_ne!(open.hash(), pos.hash(), "the state is hashed");
    let mut moves = g.legal_uci(&open);
    moves.sort();
    assert!(moves.contains(&"c4b3".to_string()), "{moves:?}");
    assert!(!g.legal_uci(&pos).contains(&"c4b3".to_string()));
    // Not a piece of the side not to move, no cell, or more cells than a position keeps.
    assert!(g.with_en_passant(&pos, cell("c4"), &opened).is_none());
    assert!(g.with_en_passant(&pos, cell("b8"), &[]).is_none());
    let seven: Vec<_> = (2..=8).map(|r| cell(&format!("a{r}"))).collect();
    assert!(g.with_en_passant(&pos, cell("b8"), &seven).is_none());
}
