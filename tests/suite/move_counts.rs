//! Move counts and move lists of every piece of `rules/fairy.rules` on hand-checked
//! positions. Each case states its reasoning; the numbers were worked out by hand.

use crate::common;

use common::fairy;
use piecewise::Rules;

fn moves(rules: &Rules, fen: &str, from: &str) -> Vec<String> {
    let mut v = common::move_texts(rules, fen, from);
    v.sort();
    let n = v.len();
    v.dedup();
    assert_eq!(n, v.len(), "the walk reported a move twice: {v:?}");
    v
}

/// `8/8/8/8/3X4/8/8/8 w` with the piece letter in place of X.
fn alone_on_d4(letter: char) -> String {
    format!("8/8/8/8/3{letter}4/8/8/8 w")
}

#[test]
fn empty_board_from_d4_matches_the_issue() {
    let r = fairy();
    for (letter, name, count) in [
        ('K', "King", 8),
        ('Q', "Queen", 27),
        ('R', "Rook", 14),
        ('B', "Bishop", 13),
        ('N', "Knight", 8),
        ('L', "Camel", 8),
        ('Z', "Zebra", 8),
        ('I', "Nightrider", 12),
        ('F', "Griffon", 24),
    ] {
        let m = moves(&r, &alone_on_d4(letter), "d4");
        assert_eq!(m.len(), count, "{name}: {m:?}");
    }
}

#[test]
fn empty_board_from_d4_other_pieces() {
    let r = fairy();
    for (letter, count, why) in [
        ('A', 21, "bishop 13 + knight 8"),
        ('C', 22, "rook 14 + knight 8"),
        ('M', 35, "queen 27 + knight 8"),
        ('P', 1, "d5 only: the double step needs rank 2"),
        ('G', 0, "no hurdle, no move"),
        ('O', 14, "rook moves without captures"),
        ('H', 8, "every leg cell is empty"),
        ('E', 4, "four (2,2) leaps"),
        (
            'W',
            63,
            "a rook move plus one 90-degree turn reaches every other cell",
        ),
        ('Y', 14, "no piece to deflect off: a rook"),
        (
            'X',
            25,
            "24 cells within distance 2, plus d4-X-d4 (a pass through an empty neighbour)",
        ),
        ('D', 2, "c5 and e5"),
    ] {
        let m = moves(&r, &alone_on_d4(letter), "d4");
        assert_eq!(m.len(), count, "{letter}: {why}: {m:?}");
    }
}

#[test]
fn cannon_with_screens() {
    // Cannon d4. North: d5 quiet; P on d6 is a screen; d7 empty (no quiet move after a
    // screen); p on d8 is captured. West: c4 quiet; P on b4 screens a4, which is empty.
    // East: e4 f4 g4 quiet; r on h4 has no screen before it. South: d3 d2 d1.
    let r = fairy();
    let m = moves(&r, "3p4/8/3P4/8/1P1O3r/8/8/8 w", "d4");
    assert_eq!(
        m,
        ["d4c4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d8", "d4e4", "d4f4", "d4g4"]
    );
}

#[test]
fn xiangqi_horse_is_lame() {
    // Horse d4, friend P on d5 blocks e6 and c6; f5 holds a foe (captured); the other
    // legs (c4, e4, d3) are empty.
    let r = fairy();
    let m = moves(&r, "8/8/4n3/3P1n2/3H4/8/8/8 w", "d4");
    assert_eq!(m, ["d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"]);
}

#[test]
fn elephant_is_blocked_at_the_middle_cell() {
    // NE: e5 empty, f6 foe captured. NW: friend on c5 blocks. SE: e3 empty, f2 empty.
    // SW: c3 empty but b2 holds a friend.
    let r = fairy();
    let m = moves(&r, "8/8/5n2/2P5/3E4/8/1P6/8 w", "d4");
    assert_eq!(m, ["d4f2", "d4f6"]);
}

#[test]
fn griffon_turns_only_after_an_empty_diagonal_step() {
    // c5 holds a foe: captured, no continuation. e5 holds a friend: nothing.
    // e3: land, then rook south e2 e1 and east f3 g3 h3. c3: land, south c2 c1, west b3 a3.
    let r = fairy();
    let m = moves(&r, "8/8/8/2p1P3/3F4/8/8/8 w", "d4");
    assert_eq!(m.len(), 12, "{m:?}");
    assert!(m.contains(&"d4c5".to_string()) && !m.contains(&"d4c6".to_string()));
}

#[test]
fn grasshopper_lands_just_beyond_the_hurdle() {
    // North: p on d6, land d7. West: P on b4, land a4. East: n on g4, land h4. No other
    // line has a hurdle.
    let r = fairy();
    assert_eq!(
        moves(&r, "8/8/3p4/8/1P1G2n1/8/8/8 w", "d4"),
        ["d4a4", "d4d7", "d4h4"]
    );
    // Hurdle P on d5, foe p right behind it on d6: captured.
    assert_eq!(moves(&r, "8/8/3p4/3P4/3G4/8/8/8 w", "d4"), ["d4d6"]);
}

#[test]
fn nightrider_rays_stop_at_pieces() {
    // 12 on an empty board; n on e6 is captured and ends the (1,2) ray (f8 lost); the
    // friend on f5 ends the (2,1) ray at once (f5 and h6 lost): 12 - 1 - 2 = 9.
    let r = fairy();
    let m = moves(&r, "8/8/4n3/5P2/3I4/8/8/8 w", "d4");
    assert_eq!(m.len(), 9, "{m:?}");
    assert!(m.contains(&"d4e6".to_string()) && !m.contains(&"d4f8".to_string()));
}

#[test]
fn hook_mover_loses_what_lies_behind_a_blocker() {
    // Foe on d6: the north ray captures d6; d7 and d8 are on file d beyond it and no
    // other path ends on file d north of d6. Every other cell stays reachable: 63 - 2.
    let r = fairy();
    let m = moves(&r, "8/8/3p4/8/3W4/8/8/8 w", "d4");
    assert_eq!(m.len(), 61, "{m:?}");
    assert!(!m.contains(&"d4d7".to_string()));
}

#[test]
fn deflector_bends_at_the_first_piece() {
    // North: d5 quiet, p on d6 captured, or deflected 45 degrees either way from d6:
    // e7 f8 and c7 b8. West 3, east 4, south 3. 1 + 1 + 4 + 10 = 16.
    let r = fairy();
    let m = moves(&r, "8/8/3p4/8/3Y4/8/8/8 w", "d4");
    assert_eq!(m.len(), 16, "{m:?}");
    assert!(m.contains(&"d4b8".to_string()) && m.contains(&"d4f8".to_string()));
    // Off a friend: no capture on d6, the same four deflections: 15.
    let m = moves(&r, "8/8/3P4/8/3Y4/8/8/8 w", "d4");
    assert_eq!(m.len(), 15, "{m:?}");
}

#[test]
fn lion_captures_twice_and_returns() {
    // Foe on d5. Direct moves: 24 (d5 a capture). Two steps through an empty neighbour
    // add only d4-d4 (a pass). Capturing d5 in passing, then one step from d5 to any of
    // its 8 neighbours (d4 counts as empty): 8 more. 24 + 1 + 8 = 33.
    let r = fairy();
    let m = moves(&r, "8/8/8/3p4/3X4/8/8/8 w", "d4");
    assert_eq!(m.len(), 33, "{m:?}");
    for mv in ["d4d4xd5", "d4d6xd5", "d4d4", "d4d5"] {
        assert!(m.contains(&mv.to_string()), "{mv} missing from {m:?}");
    }
}

#[test]
fn checkers_man_jumps_over_a_foe() {
    // c5 holds a friend; e5 a foe with f6 empty behind it: the only move is the jump.
    let r = fairy();
    assert_eq!(moves(&r, "8/8/8/2P1p3/3D4/8/8/8 w", "d4"), ["d4f6xe5"]);
    // Black moves down the board: from e5, d4 empty; f4 a foe with g3 empty behind.
    assert_eq!(
        moves(&r, "8/8/8/4d3/5P2/8/8/8 b", "e5"),
        ["e5d4", "e5g3xf4"]
    );
}

#[test]
fn pawns_step_double_step_and_capture() {
    let r = fairy();
    // d3 free, d4 holds a foe: no double step, no capture straight ahead.
    assert_eq!(moves(&r, "8/8/8/8/3p4/8/3P4/8 w", "d2"), ["d2d3"]);
    // Foes on c3 and e3: both captures, and both steps.
    assert_eq!(
        moves(&r, "8/8/8/8/8/2p1p3/3P4/8 w", "d2"),
        ["d2c3", "d2d3", "d2d4", "d2e3"]
    );
    // Black's double step starts on rank 7 and goes down.
    assert_eq!(moves(&r, "8/3p4/8/8/8/8/8/8 b", "d7"), ["d7d5", "d7d6"]);
}

#[test]
fn hook_mover_on_a_19x19_board() {
    let src = "board square 19x19\n\
               piece HookMover (W) {\n  ride orthogonal\n  ride orthogonal then ride turn ±90\n}\n\
               piece Pawn (P) { step forward }\n";
    let r = piecewise::compile(src).unwrap_or_else(|d| panic!("{}", d.render("t", src, false)));
    let empty = format!("{}/9W9/{}", ["19"; 9].join("/"), ["19"; 9].join("/"));
    // Alone on j10: every other cell, each once although most have two paths.
    let m = moves(&r, &format!("{empty} w"), "j10");
    assert_eq!(m.len(), 360);
    // Friend on j13, foe on m10. Lost: j13..j19 (7); n10..s10 beyond the capture (6);
    // and the block of files m..s x ranks 13..19 (49), which only a north-first path
    // turning at rank 13+ or an east-first path turning at file m+ could reach.
    // 360 - 7 - 6 - 49 = 298.
    let rows: Vec<String> = (1..=19)
        .rev()
        .map(|rank| match rank {
            13 => "9P9".to_string(),
            10 => "9W2p6".to_string(),
            _ => "19".to_string(),
        })
        .collect();
    let m = moves(&r, &format!("{} w", rows.join("/")), "j10");
    assert_eq!(m.len(), 298);
    assert!(m.contains(&"j10m10".to_string()) && m.contains(&"j10s12".to_string()));
    assert!(!m.contains(&"j10p15".to_string()));
}
