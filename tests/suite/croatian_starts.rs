//! The Croatian Chess variants shipped for issue 32 play from their start positions
//! (`rules/croatian-{aquarius,hemera,tamoanchan,discovery,one}.rules`): perft 2 runs and
//! agrees with the sum, over the root's legal moves, of the legal moves after each one
//! made and unmade (no bulk counting at the last ply), and every root move survives a
//! round trip through FEN. That the start positions are the book's is checked in
//! `croatian_scenes.rs` (against the book's own `Board.setup()`).
//!
//! One (26×26) is checked at depth 1 and below one root move only: its two
//! Starchilds step to any empty cell of the other colour, some 3,900 moves at the root,
//! and each is judged by playing (activation is an effect), so a full perft 2 takes
//! hours in a debug build (measured: 17 root moves in 44 s).

use crate::common;
use piecewise::Game;

/// perft 2 of the start, and the same count made move by move.
fn perft_2(name: &str) -> u64 {
    let g: Game = common::game(name);
    let mut pos = g.start_position().expect("a start position");
    let nodes = g.perft(&pos, 2);
    let mut by_hand = 0;
    for m in g.legal_moves(&pos) {
        let undo = g.make(&mut pos, &m);
        by_hand += g.legal_moves(&pos).len() as u64;
        g.unmake(&mut pos, undo);
    }
    assert_eq!(nodes, by_hand, "{name}");
    let fen = g.fen(&pos);
    let again = g.position(&fen).unwrap();
    assert_eq!(g.perft(&again, 1), g.perft(&pos, 1), "{name}: through FEN");
    nodes
}

#[test]
fn age_of_aquarius_perft_2() {
    assert!(perft_2("croatian-aquarius") > 0);
}

#[test]
fn hemeras_dawn_perft_2() {
    assert!(perft_2("croatian-hemera") > 0);
}

#[test]
fn tamoanchan_revisited_perft_2() {
    assert!(perft_2("croatian-tamoanchan") > 0);
}

#[test]
fn discovery_perft_2() {
    assert!(perft_2("croatian-discovery") > 0);
}

/// One: perft 1, and perft 1 below the first root move, made and unmade.
#[test]
fn one_plays_from_its_start() {
    let g = common::game("croatian-one");
    let mut pos = g.start_position().expect("a start position");
    let moves = g.legal_moves(&pos);
    assert_eq!(g.perft(&pos, 1), moves.len() as u64);
    let before = g.fen(&pos);
    for m in moves.iter().take(1) {
        let undo = g.make(&mut pos, m);
        assert!(g.perft(&pos, 1) > 0, "{}", g.uci(m));
        g.unmake(&mut pos, undo);
        assert_eq!(g.fen(&pos), before);
    }
}
