//! Teleports of activated pieces and the oblation (docs/language.md,
//! "Teleportation"): a cascade's later ply that would end on a portal ends where the
//! piece emerges (a relay as the kind whose patterns it walks), and a piece with no
//! empty cell to emerge on is removed, its move ending in the portal. A small game of
//! Wells, and the Croatian Wave a Starchild activates in One (`rules/croatian-one.rules`,
//! the book's "Moving out of a Star").

use crate::common;
use common::{moves_from, play, words};
use piecewise::Game;

/// Two Wells (portals of no side, `*` in FEN): a piece entering one comes out next to
/// the other, a Frog (and a relay walking as one) next to the one it entered. The
/// Knight activates a Pyramid (which then rides as a Rook) or a Wave (a relay: it
/// walks with its activator's patterns); Rocks fill cells.
const WELLS: &str = "game \"Wells\"
board square 8x8
start \"7k/8/2*5/8/8/5*2/8/7K w - - 0 1\"
royal King
neutral Well
passive Pyramid
relay Wave
teleport through Well to Well, not Wave, back Frog
piece King (K) { step any }
piece Knight (N) { leap (1,2), activate Pyramid | Wave }
piece Frog (F) { leap (1,2), activate Wave }
piece Pyramid (A) { ride orthogonal }
piece Wave (W) { }
piece Rock (O) { }
piece Well (X) { }
";

/// The Knight a1 activates the Pyramid b3, which rides along rank 3 into the Well f3
/// and comes out next to the Well c6: on c5 c7 d5 d6 d7, which it cannot reach by its
/// own ride (b5 b6 b7 it reaches up the b-file anyway: one move each). The cascade
/// ends there: the Pyramid stands on c7, the Knight on b3.
#[test]
fn an_activated_piece_riding_into_a_portal_emerges_next_to_the_other() {
    let g = Game::compile(WELLS).expect("wells");
    let fen = "7k/8/2*5/8/8/1A3*2/8/N6K w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "a1"),
        words(
            "a1c2 a1b3>a3 a1b3>b1 a1b3>b2 a1b3>b4 a1b3>b5 a1b3>b6 a1b3>b7 a1b3>b8 \
             a1b3>c3 a1b3>d3 a1b3>e3 a1b3>c5 a1b3>c7 a1b3>d5 a1b3>d6 a1b3>d7"
        )
    );
    assert_eq!(
        play(&g, fen, &["a1b3>c7"]),
        "7k/2A5/2*5/8/8/1N3*2/8/7K b - - 1 1"
    );
    // Without `teleport` the Pyramid stops before the Well.
    let plain =
        Game::compile(&WELLS.replace("teleport through Well to Well, not Wave, back Frog\n", ""))
            .expect("wells without teleport");
    assert!(!moves_from(&plain, fen, "a1").contains(&"a1b3>c7".to_string()));
}

/// Every cell around the Well c6 taken (by Rocks): the Pyramid's ply into f3 is its
/// oblation, a ply ending in the Well that removes it (the book's Nineteen,
/// "Teleportation blocked"); the Well stays, the Knight stands on b3.
#[test]
fn an_activated_piece_with_no_cell_to_emerge_on_is_removed() {
    let g = Game::compile(WELLS).expect("wells");
    let fen = "7k/1ooo4/1o*o4/1ooo4/8/1A3*2/8/N6K w - - 0 1";
    let moves = moves_from(&g, fen, "a1");
    assert!(moves.contains(&"a1b3>f3".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with(">c7")), "{moves:?}");
    assert_eq!(
        play(&g, fen, &["a1b3>f3"]),
        "7k/1ooo4/1o*o4/1ooo4/8/1N3*2/8/7K b - - 1 1"
    );
}

/// A relay teleports as the kind whose patterns it walks: the Wave b3 activated by the
/// Frog a1 leaps as a Frog into the Well d4 and comes back out next to d4 (c3 c4 c5
/// d3 d5 e3 e4 e5); activated by the Knight, it leaps as a Knight and comes out next
/// to the Well g5 (f4 f5 f6 g4 g6 h4 h5 h6).
#[test]
fn a_relay_teleports_as_the_kind_it_moves_as() {
    let g = Game::compile(WELLS).expect("wells");
    let own = "a1b3>a1 a1b3>a5 a1b3>c1 a1b3>c5 a1b3>d2 a1c2";
    let frog = "7k/8/8/6*1/3*4/1W6/8/F6K w - - 0 1";
    assert_eq!(
        moves_from(&g, frog, "a1"),
        words(&format!(
            "{own} a1b3>c3 a1b3>c4 a1b3>d3 a1b3>d5 a1b3>e3 a1b3>e4 a1b3>e5"
        ))
    );
    let knight = frog.replace("F6K", "N6K");
    assert_eq!(
        moves_from(&g, &knight, "a1"),
        words(&format!(
            "{own} a1b3>f4 a1b3>f5 a1b3>f6 a1b3>g4 a1b3>g6 a1b3>h4 a1b3>h5 a1b3>h6"
        ))
    );
}

/// A first mover with no cell to emerge on is removed too: the Knight a1 leaping into
/// the Well b3, every cell around the Well f6 taken, has the move `a1b3/b3=*` (onto the
/// Well, which is put back), which leaves no Knight on the board.
#[test]
fn a_piece_with_no_cell_to_emerge_on_is_oblationed() {
    let g = Game::compile(WELLS).expect("wells");
    let fen = "7k/4ooo1/4o*o1/4ooo1/8/1*6/8/N6K w - - 0 1";
    assert_eq!(moves_from(&g, fen, "a1"), words("a1b3/b3=* a1c2"));
    assert_eq!(
        play(&g, fen, &["a1b3/b3=*"]),
        "7k/4ooo1/4o*o1/4ooo1/8/1*6/8/7K b - - 1 1"
    );
    let pos = g.position(fen).expect("fen");
    let b3 = g.rules().cell("b3").unwrap();
    let a1 = g.rules().cell("a1").unwrap();
    let t = g.teleports(&pos, a1);
    assert_eq!(t.len(), 1, "{t:?}");
    assert!(
        t[0].oblation && t[0].to.is_empty() && t[0].portal == b3,
        "{t:?}"
    );
}

/// One, "Moving out of a Star" (`scn_o_20`, `scn_o_21`): the light Starchild f2
/// activates the Wave d7, which moves as a Starchild (one leap to any cell of the other
/// colour) and "cannot teleport": leaping into the Star c3 it comes back out next to
/// it, on b3, c4 or d3 (cells of d7's own colour, which it could not reach by its
/// leap; b4 and c2 hold pieces), and with every cell around c3 taken it is removed
/// ("If there is no empty portal-field around Monolith (or a Star), Wave is
/// oblationed"). Its trees show the way in (`CascadeTree::teleports`).
#[test]
fn the_wave_a_starchild_activates_comes_back_out_of_the_star() {
    let g = common::game("croatian-one");
    let rows = "26/".repeat(18);
    let fen = format!("25k/{rows}3W22/26/26/1B24/2*T23/2N2I20/25K w - - 0 1");
    let moves = moves_from(&g, &fen, "f2");
    for c in ["b3", "c4", "d3"] {
        assert!(moves.contains(&format!("f2d7>{c}")), "{c}: {moves:?}");
    }
    for c in ["b4", "c2", "c3", "e6"] {
        assert!(!moves.contains(&format!("f2d7>{c}")), "{c}");
    }
    let after = play(&g, &fen, &["f2d7>b3"]);
    assert!(after.contains("/3I22/26/26/1B24/1W*T23/2N23/"), "{after}");
    let pos = g.position(&fen).expect("fen");
    let f2 = g.rules().cell("f2").unwrap();
    let c3 = g.rules().cell("c3").unwrap();
    let trees = g.cascade_trees(&pos, f2);
    let wave = trees
        .iter()
        .find(|t| g.rules().cell_name(t.at) == "d7")
        .expect("the Wave's tree");
    let into: Vec<_> = wave.teleports.iter().filter(|t| t.portal == c3).collect();
    assert_eq!(into.len(), 1, "{into:?}");
    let mut out: Vec<String> = into[0].to.iter().map(|&c| g.rules().cell_name(c)).collect();
    out.sort();
    assert_eq!(out, words("b2 b3 c4 d2 d3 d4"));
    // Every cell around c3 taken: the Wave's ply into c3 removes it.
    let full = format!("25k/{rows}3W22/26/26/1BBB22/1B*TB22/1NNB1I20/25K w - - 0 1");
    let moves = moves_from(&g, &full, "f2");
    assert!(moves.contains(&"f2d7>c3".to_string()), "{moves:?}");
    let after = play(&g, &full, &["f2d7>c3"]);
    assert!(
        after.contains("/3I22/26/26/1BBB22/1B*TB22/1NNB22/"),
        "{after}"
    );
}
