//! Teleportation (`teleport through PIECES to PIECES [, not PIECES]`, docs/language.md):
//! the Croatian Stars of Nineteen (`rules/croatian-nineteen.rules`: the bright Stars
//! `*T` on a1 and r18, the dim ones `*D` on r1 and a18) and the example file
//! `rules/teleport.rules`, by hand; its diagnostics; and castling `, through check`.

use crate::common;
use crate::common::{error_codes as codes, words};
use common::{legal, play};
use piecewise::Game;

fn nineteen() -> Game {
    common::game("croatian-nineteen")
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(g: &Game, fen: &str, from: &str) -> Vec<String> {
    legal(g, fen)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// A Pawn on a17 steps into the dim Star a18 (book, Nineteen, "Teleporting Pawn"): it
/// emerges on any empty cell next to a bright Star, a1's (a2 b1 b2) or r18's (q17 r17,
/// and q18 on its last rank, where it promotes), or steps sideways to b17.
#[test]
fn a_pawn_stepping_into_a_dim_star_emerges_next_to_a_bright_one() {
    let g = nineteen();
    let fen = "*D16*T/P17/18/18/18/18/18/18/9k8/18/18/18/18/18/18/18/18/*T8K7*D w - - 0 1";
    let mut want = words("a17b17 a17a2 a17b1 a17b2 a17q17 a17r17");
    want.extend("qrbneauw".chars().map(|p| format!("a17q18{p}")));
    want.sort();
    assert_eq!(moves_from(&g, fen, "a17"), want);
    // The move is a plain move to where the Pawn emerges.
    let after = play(&g, fen, &["a17b2"]);
    assert!(after.starts_with("*D16*T/18/"), "{after}");
    assert!(after.contains("/1P16/*T8K7*D b"), "{after}");
}

/// A Rook rides into the bright Star a1 and emerges next to a dim one (r1: q1 q2 r2;
/// a18: a17 b17 b18), or up the file into the dim Star a18 and out next to a bright
/// one (a1: a2 b1 b2; r18: q17 q18 r17); a17 and a2, which it also reaches along the
/// file, are one move each. Without the file's `teleport` the Stars are walls: 32
/// moves, the ride stopping on a2 and a17.
#[test]
fn a_rook_riding_into_a_star_emerges_next_to_the_other_colour() {
    let g = nineteen();
    let fen = "*D16*T/18/18/18/18/18/18/18/9k8/18/18/18/18/R17/18/18/18/*T8K7*D w - - 0 1";
    let moves = moves_from(&g, fen, "a5");
    for m in [
        "a5q1", "a5q2", "a5r2", "a5b17", "a5b18", "a5a17", "a5a2", "a5r5",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    let mut once = moves.clone();
    once.dedup();
    assert_eq!(once, moves, "each move once");
    assert!(!moves.iter().any(|m| m.ends_with("a1")));
    let walls = common::game_without_teleport("croatian-nineteen");
    let plain = moves_from(&walls, fen, "a5");
    assert!(!plain
        .iter()
        .any(|m| ["a5q1", "a5q2", "a5r2", "a5b17", "a5b18"].contains(&m.as_str())));
    assert_eq!(plain.len(), 32);
    assert_eq!(moves.len(), 32 + 10, "{moves:?}");
    // The paths in: the Rook's ride a4 a3 a2 a1 into the Star, out on six cells.
    let pos = g.position(fen).unwrap();
    let from = g.rules().cell("a5").unwrap();
    let ways = g.teleports(&pos, from);
    assert_eq!(ways.len(), 2, "{ways:?}");
    let name = |c| g.rules().cell_name(c);
    let down = ways.iter().find(|w| name(w.portal) == "a1").unwrap();
    let path: Vec<String> = down.path.iter().map(|&c| name(c)).collect();
    assert_eq!(path, ["a4", "a3", "a2", "a1"]);
    let mut out: Vec<String> = down.to.iter().map(|&c| name(c)).collect();
    out.sort();
    assert_eq!(out, ["a17", "b17", "b18", "q1", "q2", "r2"]);
}

/// Kings never teleport (`not King`): a King next to a Star steps around it.
#[test]
fn a_king_does_not_teleport() {
    let g = nineteen();
    let fen = "*D16*T/18/18/18/18/18/18/18/9k8/18/18/18/18/18/18/18/1K16/*T16*D w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "b2"),
        words("b2a2 b2b1 b2c1 b2c2 b2c3 b2b3 b2a3")
    );
    let pos = g.position(fen).unwrap();
    assert!(g.teleports(&pos, g.rules().cell("b2").unwrap()).is_empty());
}

/// The example file: a Knight leaps into the dim Star j1 and emerges next to a1 or j10
/// (not on j9, the black King's).
/// From the start the Rooks beside the Stars teleport at once (b1 to j2 or a9, i1 to a2
/// or j9): 16 Pawn moves, 6 Knight moves (a2 and j2 among them) and 4 teleports.
#[test]
fn the_example_file_teleports_a_knight_and_the_rooks() {
    let g = common::game("teleport");
    let fen = "*D8*T/9k/10/10/10/10/10/10/7N2/*T4K3*D w - - 0 1";
    assert_eq!(
        moves_from(&g, fen, "h2"),
        words("h2f3 h2g4 h2i4 h2j3 h2a2 h2b1 h2b2 h2i9 h2i10")
    );
    assert!(!common::make_unmake_round_trip(&g, fen).is_empty());
    let start = g.start_position().unwrap();
    assert_eq!(g.perft(&start, 1), 26);
    let rooks: Vec<String> = legal(&g, &g.fen(&start))
        .into_iter()
        .filter(|m| m.starts_with("b1") || m.starts_with("i1"))
        .collect();
    assert_eq!(rooks, words("b1a9 b1j2 i1a2 i1j9"));
}

/// E0995: a kind entered that is not neutral; E0996: a kind entered by two
/// declarations; E0920: `not` twice.
#[test]
fn teleport_diagnostics() {
    let base = "board square 8x8\npiece King (K) { step any }\npiece Star (T) { }\npiece Moon (M) { }\nneutral Star | Moon\n";
    assert_eq!(
        codes(&format!("{base}teleport through King to Star\n")),
        ["E0995"]
    );
    assert_eq!(
        codes(&format!(
            "{base}teleport through Star to Moon\nteleport through Star | Moon to Star\n"
        )),
        ["E0996"]
    );
    assert_eq!(
        codes(&format!(
            "{base}teleport through Star to Moon, not King, not King\n"
        )),
        ["E0920"]
    );
    assert!(codes(&format!(
        "{base}teleport through Star to Moon | King, not King\n"
    ))
    .is_empty());
}

/// `teleport ..., onward Wave` (book, Nineteen, "Teleporting Wave"; scene
/// `scn_n_04_teleport_move_3`): the Rook a10 activates its Wave a14, which goes on up
/// the file, over a15 to the dim Star a18, and from the other dim Star r1 on up the
/// file (r2 .. r17; r18, the bright Star, is passed, and from the other bright Star a1
/// the line goes on up the a-file: a2 .. a9, a10 the Rook's start, now empty). The Wave
/// activated also goes on past a18's Star (off the board there). Without `onward Wave`
/// no cascade ends on the r-file but r14 (the Wave's line along its rank).
#[test]
fn an_activated_wave_goes_on_from_the_other_star_of_its_colour() {
    let g = nineteen();
    let fen = "*D16*T/18/18/18/W17/18/18/18/R17/18/18/18/18/9k8/18/18/18/*T8K7*D w - - 0 1";
    let moves = moves_from(&g, fen, "a10");
    for to in ["r2", "r9", "r17", "a2", "a9", "a15", "a17"] {
        let m = format!("a10a14>{to}");
        assert!(moves.contains(&m), "{m} in {moves:?}");
    }
    // The Wave never ends on a Star, nor beyond the board's edge.
    assert!(!moves
        .iter()
        .any(|m| m.ends_with(">a18") || m.ends_with(">r1") || m.ends_with(">r18")));
    // Played: the Wave stands on r9, the Rook on a14.
    let after = play(&g, fen, &["a10a14>r9"]);
    assert!(after.contains("/R17/"), "{after}");
    assert!(after.contains("/17W/"), "{after}");
    // Without the clause the Wave's line stops at the Star: nothing on the r-file.
    let src = common::rules_source("croatian-nineteen").replace(", onward Wave", "");
    let plain = Game::compile(&src).expect("nineteen without onward Wave");
    let moves = moves_from(&plain, fen, "a10");
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("a10a14>r") && m != "a10a14>r14"),
        "{moves:?}"
    );
}

/// E0945: a kind after `onward` that is no onward relay; `onward` twice: E0920.
#[test]
fn teleport_onward_diagnostics() {
    let base = "board square 8x8\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal, activate Wave }\npiece Wave (W) { }\npiece Star (T) { }\nneutral Star\n";
    assert_eq!(
        codes(&format!(
            "{base}relay Wave\nteleport through Star to Star, onward Wave\n"
        )),
        ["E0945"]
    );
    assert_eq!(
        codes(&format!(
            "{base}relay Wave, onward\nteleport through Star to Star, onward Wave, onward Wave\n"
        )),
        ["E0920"]
    );
    // The relay may be declared after the teleport.
    assert!(codes(&format!(
        "{base}teleport through Star to Star, not Wave, onward Wave\nrelay Wave, onward\n"
    ))
    .is_empty());
}

/// Castling `, through check` (book, Nineteen, "Castling": the King castles over
/// attacked cells and out of check; scene `scn_n_35_new_castling_init`): the King j1,
/// in check from the Knight h2, castles with the Rook b1 to h1, g1, e1 or d1, never to
/// f1, which the Knight attacks. Without the clause it may not castle at all.
#[test]
fn the_king_castles_out_of_and_through_check() {
    let g = nineteen();
    let fen = "*D8k7*T/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/7n10/*TR&7K&7*D w - - 0 1";
    let moves = moves_from(&g, fen, "j1");
    for m in ["j1h1", "j1g1", "j1e1", "j1d1"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    assert!(!moves.contains(&"j1f1".to_string()), "{moves:?}");
    let src = common::rules_source("croatian-nineteen").replace(", through check", "");
    let chess_like = Game::compile(&src).expect("compiles");
    let plain = moves_from(&chess_like, fen, "j1");
    assert!(
        !plain
            .iter()
            .any(|m| ["j1h1", "j1g1", "j1e1", "j1d1"].contains(&m.as_str())),
        "{plain:?}"
    );
}

/// An alternating Wave through a Star (book, Nineteen, "Teleporting off-board";
/// scenes `scn_n_07_teleport_wave_init`, `scn_n_08_teleport_wave_end`): the Unicorn
/// m7 activates its Wave q8, which alternates the short jump (-2,1) from light cells
/// with the long (3,2) from dark ones: o9 r11 p12, off the board at s14, q15, off at
/// t17, into the bright Star r18 (a dark cell). It emerges from the other bright Star
/// a1 (dark too) with the step of a dark cell, the long jump: d3, then b4, e6, c7 ...
/// Without `onward Wave` the line ends at the Star.
#[test]
fn an_alternating_wave_goes_on_from_the_other_star_by_the_colour_of_its_cell() {
    let g = nineteen();
    let fen = "9k7*T/18/18/18/18/18/18/18/18/18/16W1/12U5/18/18/18/18/18/*T8K7*D w - - 0 1";
    let moves = moves_from(&g, fen, "m7");
    for to in ["o9", "r11", "q15", "d3", "b4", "e6", "c7", "i18"] {
        let m = format!("m7q8>{to}");
        assert!(moves.contains(&m), "{m} in {moves:?}");
    }
    // Not the short jump from a1 (c2), nor a Star: with a way out, no oblation.
    assert!(!moves
        .iter()
        .any(|m| m == "m7q8>c2" || m.ends_with(">a1") || m.ends_with(">r18")));
    let src = common::rules_source("croatian-nineteen").replace(", onward Wave", "");
    let plain = Game::compile(&src).expect("nineteen without onward Wave");
    let moves = moves_from(&plain, fen, "m7");
    assert!(!moves.iter().any(|m| m == "m7q8>d3"), "{moves:?}");
}

fn discovery() -> Game {
    common::game("croatian-discovery")
}

/// `neutral Monolith, ..., opaque` (book, Discovery, "Monolith is opaque", "Teleporting
/// Wave via Monolith"; scene `scn_d_14_teleport_wave_via_monolith`): the Pegasus r8
/// activates its Wave p4, whose line (-2,1) reaches the Monolith j7 and goes on from
/// the other Monolith w18 (u19, s20, the Bishop q21 activated, o22 ...), never past j7
/// (h8, d10, the Queen f9). Without `opaque` it also goes on past j7.
#[test]
fn an_opaque_monolith_stops_the_waves_line_which_teleports() {
    let g = discovery();
    let fen = "24/24/24/16B7/24/24/22*M1/24/24/24/24/23k/24/24/24/5Q18/17E6/9*M14/24/24/15W8/24/K23/24 w - - 0 1";
    let moves = moves_from(&g, fen, "r8");
    for to in ["n5", "l6", "u19", "s20", "o22", "k24"] {
        let m = format!("r8p4>{to}");
        assert!(moves.contains(&m), "{m} in {moves:?}");
    }
    // The Bishop q21, activated, goes on in its own ply.
    assert!(
        moves.iter().any(|m| m.starts_with("r8p4>q21>")),
        "{moves:?}"
    );
    assert!(
        !moves.iter().any(|m| m == "r8p4>h8" || m == "r8p4>d10"),
        "{moves:?}"
    );
    let src = common::rules_source("croatian-discovery").replace(", opaque", "");
    let clear = Game::compile(&src).expect("discovery without opaque");
    let moves = moves_from(&clear, fen, "r8");
    assert!(moves.iter().any(|m| m == "r8p4>h8"), "{moves:?}");
}

/// Monoliths on cells of two colours (book, Discovery, "Steps after teleportation";
/// scenes `scn_d_19`, `scn_d_20`): the Unicorn n15 activates its Wave m17, which
/// alternates (2,3) from dark cells and (2,-1) from light ones: o20 q19 s22, into the
/// Monolith u21 (dark); from the other Monolith c4 (light) its first step is the light
/// cell's (2,-1), the one it took last before: e3, then g6, i5, k8 ...
#[test]
fn a_wave_emerging_on_the_other_colour_takes_its_steps_the_other_way_round() {
    let g = discovery();
    let fen = "24/24/24/20*M3/24/24/24/12W11/24/13U10/24/24/24/24/23k/24/24/24/24/24/2*M21/24/24/K23 w - - 0 1";
    let moves = moves_from(&g, fen, "n15");
    for to in ["o20", "q19", "s22", "e3", "g6", "i5", "k8", "w14"] {
        let m = format!("n15m17>{to}");
        assert!(moves.contains(&m), "{m} in {moves:?}");
    }
}

/// E1010: `opaque` twice on one `neutral` declaration.
#[test]
fn opaque_diagnostics() {
    let base = "board square 8x8\npiece King (K) { step any }\npiece Star (T) { }\n";
    assert_eq!(
        codes(&format!("{base}neutral Star, opaque, opaque\n")),
        ["E1010"]
    );
    assert!(codes(&format!("{base}neutral Star, opaque\n")).is_empty());
}

/// Oblation of a teleported Wave (book, Nineteen, "Teleporting Wave blocked": "If
/// teleported Wave has all of its step-fields blocked ... it is removed from
/// chessboard"): as above, but with no other bright Star the Wave entering r18 has no
/// way out: its ply may end there, and the move removes it (the Star stays, the
/// Unicorn stands on q8). With a1's Star back and every cell of its way out taken by
/// dark Pawns (d3 b4 e6 c7 f9 d10 g12 e13 h15 f16 i18), no line out lands: the same.
#[test]
fn a_wave_teleported_without_a_way_out_is_removed() {
    let g = nineteen();
    let fen = "9k7*T/18/18/18/18/18/18/18/18/18/16W1/12U5/18/18/18/18/18/9K8 w - - 0 1";
    let moves = moves_from(&g, fen, "m7");
    assert!(moves.iter().any(|m| m == "m7q8>r18"), "{moves:?}");
    let after = play(&g, fen, &["m7q8>r18"]);
    assert_eq!(
        after,
        "9k7*T/18/18/18/18/18/18/18/18/18/16U1/18/18/18/18/18/18/9K8 b - - 1 1"
    );
    let blocked = "8pk7*T/18/5p12/7p10/18/4p13/6p11/18/3p14/5p12/16W1/2p9U5/4p13/18/1p16/3p14/18/*T8K8 w - - 0 1";
    let moves = moves_from(&g, blocked, "m7");
    assert!(moves.iter().any(|m| m == "m7q8>r18"), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "m7q8>d3" || m == "m7q8>i18"));
}
