//! Walls placed after each move (`neutral P, placed after each move [, in ZONE] [,
//! where the mover was | as the mover moves]`): exact legal moves of hand-made
//! positions, FENs written by play as Fairy-Stockfish writes them, make/unmake
//! restoring position and hash, the end when no move is left, and the diagnostics.
//! The shipped games (amazons, snailtrail, joust, isolation, isolation7x7) are checked
//! against pyffish by `tests/differential/catalogue.py`.

use piecewise::game::EndReason;
use piecewise::ids::Side;
use piecewise::Game;

use crate::common;
use common::{legal, play};

fn game(src: &str) -> Game {
    Game::compile(src).unwrap_or_else(|d| panic!("{d:?}"))
}

fn shipped(name: &str) -> Game {
    game(&std::fs::read_to_string(format!("rules/{name}.rules")).unwrap())
}

/// Amazons on 3x3.
const ARROWS: &str = "board square 3x3
stalemate loss
neutral Arrow, placed after each move, as the mover moves
piece Amazon (Q) { ride any, move only }
piece Arrow (A) { }
";

/// The moves of `moves` that start with `base` (`a1b2` of `a1b2,b2c1`).
fn after(moves: &[String], base: &str) -> Vec<String> {
    moves
        .iter()
        .filter(|m| m.split(',').next() == Some(base))
        .cloned()
        .collect()
}

#[test]
fn the_arrow_flies_as_the_mover_moves_from_where_it_landed() {
    let g = game(ARROWS);
    // Q a1, q c3. From b2 (a1 left empty) the arrow reaches every cell but c3.
    let moves = legal(&g, "2q/3/Q2 w - - 0 1");
    assert_eq!(
        after(&moves, "a1b2"),
        [
            "a1b2,b2a1",
            "a1b2,b2a2",
            "a1b2,b2a3",
            "a1b2,b2b1",
            "a1b2,b2b3",
            "a1b2,b2c1",
            "a1b2,b2c2"
        ]
    );
    // a2, a3, b1, c1, b2: five moves, never onto the enemy Amazon.
    let mut bases: Vec<&str> = moves.iter().map(|m| &m[..4]).collect();
    bases.dedup();
    assert_eq!(bases, ["a1a2", "a1a3", "a1b1", "a1b2", "a1c1"]);
    // An arrow on b1 stops the Amazon and the arrows: from a2, not b1 nor c1 ... but
    // a1 (just left), a3, b2, c2 and b3.
    let moves = legal(&g, "2q/3/Q*1 w - - 0 1");
    assert_eq!(
        after(&moves, "a1a2"),
        [
            "a1a2,a2a1",
            "a1a2,a2a3",
            "a1a2,a2b2",
            "a1a2,a2b3",
            "a1a2,a2c2"
        ]
    );
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("a1b1") || m.starts_with("a1c1")));
}

#[test]
fn walls_pile_up_and_are_written_as_stars() {
    let g = shipped("snailtrail");
    let start = "6p/7/7/7/7/7/P6 w - - 0 1";
    assert_eq!(legal(&g, start), ["a1a2,a2a1", "a1b1,b1a1", "a1b2,b2a1"]);
    // Fairy-Stockfish's FEN after the same moves (pyffish 0.0.90 `get_fen`).
    let fen = play(&g, start, &["a1b2,b2a1", "g7f6,f6g7", "b2c3,c3b2"]);
    assert_eq!(fen, "6*/5p1/7/7/2P4/1*5/*6 b - - 3 2");
    // The trail is a wall: the snail on c3 may not step back onto b2.
    let moves = legal(&g, "6*/5p1/7/7/2P4/1*5/*6 w - - 3 2");
    assert!(!moves.iter().any(|m| m.starts_with("c3b2")));
    assert_eq!(moves.len(), 7);
    let g = shipped("amazons");
    let fen = play(
        &g,
        "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1",
        &["d1d7,d7g7"],
    );
    assert_eq!(fen, "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1");
}

#[test]
fn a_wall_goes_only_where_the_zone_allows() {
    let g = shipped("isolation");
    let moves = legal(&g, "3p2/6/6/6/6/6/6/2P3 w - - 0 1");
    // Fairy-Stockfish's count: 5 steps, each with 45 cells for the wall (48 cells, less
    // the two pieces' cells once moved and the start cells c1 and d8).
    assert_eq!(moves.len(), 225);
    assert!(!moves.iter().any(|m| m.ends_with("c1") || m.ends_with("d8")));
    assert!(moves.contains(&"c1b1,b1a1".to_string()));
}

#[test]
fn make_and_unmake_restore_position_and_hash() {
    for (name, fen) in [
        (
            "amazons",
            "3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1",
        ),
        ("snailtrail", "6*/5p1/7/7/2P4/1*5/*6 w - - 3 2"),
        ("isolation", "3p2/6/6/2*3/6/6/6/1P4 b - - 1 1"),
    ] {
        let g = shipped(name);
        let mut pos = g.position(fen).unwrap();
        let before = pos.clone();
        for m in g.legal_moves(&pos) {
            let undo = g.make(&mut pos, &m);
            let written = g.position(&g.fen(&pos)).unwrap();
            assert_eq!(written.hash(), pos.hash(), "{} in {fen}", g.uci(&m));
            g.unmake(&mut pos, undo);
            assert!(pos == before, "{} in {fen}", g.uci(&m));
            assert_eq!(pos.hash(), before.hash());
        }
    }
}

#[test]
fn the_side_left_without_a_move_loses() {
    let g = shipped("snailtrail");
    // The white snail on a1 is walled in by a2, b1, b2.
    let pos = g.position("6p/7/7/7/7/**5/P*5 w - - 0 1").unwrap();
    assert!(g.legal_uci(&pos).is_empty());
    let result = g.result(&pos).expect("the game is over");
    assert_eq!(result.winner, Some(Side::Second));
    assert_eq!(result.reason, EndReason::Stalemate);
}

/// The error codes of `src` (warnings, such as an unused zone, are not counted).
fn codes(src: &str) -> Vec<String> {
    let (_, diags) = piecewise::pipeline::check(src, None);
    let mut v: Vec<String> = diags
        .iter()
        .map(|d| d.code.to_string())
        .filter(|c| c.starts_with('E'))
        .collect();
    v.sort();
    v
}

#[test]
fn placement_declarations_have_diagnostics() {
    let base = "board square 4x4\nzone z = a1 b2\npiece Rook (R) { ride orthogonal }\npiece Wall (W) { }\npiece Duck (D) { }\n";
    assert!(codes(&format!(
        "{base}neutral Wall, placed after each move, in z, where the mover was\n"
    ))
    .is_empty());
    assert!(codes(&format!(
        "{base}neutral Duck, after each move, as the mover moves\n"
    ))
    .is_empty());
    // Where the piece goes, with no piece going anywhere.
    assert_eq!(codes(&format!("{base}neutral Wall, in z\n")), ["E0970"]);
    assert_eq!(
        codes(&format!("{base}neutral Wall, where the mover was\n")),
        ["E0970"]
    );
    // Given twice.
    assert_eq!(
        codes(&format!(
            "{base}neutral Wall, placed after each move, in z, in z\n"
        )),
        ["E0701"]
    );
    assert_eq!(
        codes(&format!(
            "{base}neutral Wall, placed after each move, where the mover was, as the mover moves\n"
        )),
        ["E0701"]
    );
    // One second action per game, of one piece.
    assert_eq!(
        codes(&format!(
            "{base}neutral Wall, placed after each move, in z\nneutral Duck, after each move\n"
        )),
        ["E0924"]
    );
    assert_eq!(
        codes(&format!(
            "{base}neutral Wall | Duck, placed after each move, in z\n"
        )),
        ["E0924"]
    );
    assert_eq!(
        codes(&format!(
            "{base}neutral Wall, placed after each move, in nowhere\n"
        )),
        ["E0204"]
    );
    // A misspelt site is a syntax error naming the choices.
    assert_eq!(
        codes(&format!(
            "{base}neutral Wall, placed after each move, wher the mover was\n"
        )),
        ["E0001"]
    );
}
