//! `teleport ..., back PIECES` (docs/language.md, "Teleportation"): the kinds listed
//! enter a portal as any piece does and come back out next to the portal they entered,
//! not next to a piece of the rule's `to` kinds. A small game of Wells (a Knight
//! leaping into one comes out by the other, a Frog by the same one), the Croatian
//! Starchild of One (`rules/croatian-one.rules`: "Starchild cannot teleport"), and the
//! clause's diagnostics.

use crate::common;
use crate::common::error_codes as codes;
use common::{moves_from, play, words};
use piecewise::Game;

/// A game of two Wells (portals of no side, `*` in FEN): a Knight leaping into one comes out
/// next to the other; a Frog (the same leap) comes back out next to the one it entered.
const WELLS: &str = "game \"Wells\"
board square 8x8
start \"7k/8/5*2/8/8/2*5/8/1N1F3K w - - 0 1\"
royal King
neutral Well
teleport through Well to Well, back Frog
piece King (K) { step any }
piece Knight (N) { leap (1,2) }
piece Frog (F) { leap (1,2) }
piece Well (X) { }
";

/// The legal moves from `from`, the cell name cut off, sorted.
fn targets(g: &Game, fen: &str, from: &str) -> Vec<String> {
    moves_from(g, fen, from)
        .into_iter()
        .map(|m| m[from.len()..].to_string())
        .collect()
}

/// The Knight b1 leaps into the Well c3 and comes out next to the Well f6; the Frog d1
/// leaps into c3 too and comes back out next to c3 (b2, which it also reaches by its
/// own leap, one move; b3 b4 c2 c4 d2 d3 d4). Without `back` the Frog comes out by f6
/// as the Knight does.
#[test]
fn a_piece_listed_after_back_comes_out_next_to_the_portal_it_entered() {
    let g = Game::compile(WELLS).expect("wells");
    let fen = "7k/8/5*2/8/8/2*5/8/1N1F3K w - - 0 1";
    assert_eq!(
        targets(&g, fen, "b1"),
        words("a3 d2 e5 e6 e7 f5 f7 g5 g6 g7")
    );
    assert_eq!(
        targets(&g, fen, "d1"),
        words("b2 e3 f2 b3 b4 c2 c4 d2 d3 d4")
    );
    // The move is a plain move to where the Frog comes out; the Well stays.
    let after = play(&g, fen, &["d1b4"]);
    assert!(after.starts_with("7k/8/5*2/8/1F6/2*5/8/1N5K b"), "{after}");
    // Without the clause the Frog teleports as the Knight does.
    let plain = Game::compile(&WELLS.replace(", back Frog", "")).expect("wells, no back");
    assert_eq!(
        targets(&plain, fen, "d1"),
        words("b2 e3 f2 e5 e6 e7 f5 f7 g5 g6 g7")
    );
}

/// One, "Starchild cannot teleport" (`scn_o_07`, `scn_o_08`): the light Starchild f5
/// moving onto the Monolith c3 (a cell of the other colour, one of its step-fields)
/// comes back out on an empty cell around it: b3 c4 d3 of c3's light neighbours (c2
/// holds a Knight), which it could not reach by its own move (only dark cells), and
/// the dark ones b2 d2 d4 it reaches anyway. With no other Monolith nor Star on the
/// board, the Starchild without `back` would not come out at all: it would be removed
/// (the oblation).
#[test]
fn the_starchild_comes_back_out_of_the_monolith_it_tried() {
    let g = common::game("croatian-one");
    let fen = format!("25k/{}5I20/1B24/2*M23/2N23/25K w - - 0 1", "26/".repeat(20));
    let fen = fen.as_str();
    let light = |t: &String| {
        let b = t.as_bytes();
        let file = i32::from(b[0] - b'a');
        let rank: i32 = t[1..].parse().unwrap();
        (file + rank) % 2 == 0
    };
    let out: Vec<String> = targets(&g, fen, "f5").into_iter().filter(light).collect();
    assert_eq!(out, words("b3 c4 d3"));
    for d in ["b2", "d2", "d4"] {
        assert!(targets(&g, fen, "f5").contains(&d.to_string()), "{d}");
    }
    assert!(!targets(&g, fen, "f5").contains(&"b4".to_string()));
    let after = play(&g, fen, &["f5c4"]);
    assert!(after.contains("/26/1BI23/2*M23/"), "{after}");
    let src = common::rules_source("croatian-one").replace(", back Starchild", "");
    let plain = Game::compile(&src).expect("one without back");
    let all = targets(&plain, fen, "f5");
    let out: Vec<String> = all
        .iter()
        .filter(|t| !t.contains('/') && light(t))
        .cloned()
        .collect();
    assert!(out.is_empty(), "{out:?}");
    // With no other portal to come out by, it would be removed in the Monolith (its
    // oblation: a move onto the Monolith, put back).
    assert!(all.contains(&"c3/c3=*M".to_string()), "{all:?}");
}

/// E1060: a kind after `back` that the same declaration lists after `not`; `back`
/// twice: E0920.
#[test]
fn teleport_back_diagnostics() {
    let base = "board square 8x8\npiece King (K) { step any }\npiece Frog (F) { leap (1,2) }\npiece Well (X) { }\nneutral Well\n";
    assert_eq!(
        codes(&format!(
            "{base}teleport through Well to Well, not Frog, back Frog\n"
        )),
        ["E1060"]
    );
    assert_eq!(
        codes(&format!(
            "{base}teleport through Well to Well, back Frog, back Frog\n"
        )),
        ["E0920"]
    );
    assert!(codes(&format!(
        "{base}teleport through Well to Well, not King, back Frog\n"
    ))
    .is_empty());
}
