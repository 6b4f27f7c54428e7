//! `alignment ..., resurrect KINDS by PIECES [beside PIECES]`: a piece entering an
//! alignment brings back a captured piece (docs/language.md, "Alignments"; the Croatian
//! One's resurrection syzygy): the graveyard a game with it keeps (captures made and
//! unmade into it, FEN), the moves that bring a piece back (in the entering piece's
//! place, or beside it), their make/unmake, and the checks.

use crate::common;
use crate::common::error_codes as codes;
use piecewise::game::SideChange;
use piecewise::ids::Side;
use piecewise::Game;

/// Two Stars and a Seer (which steps like a King) line up; a Seer stepping into line
/// brings back any captured piece but a King or a Star, a Wave beside it.
const SEERS: &str = "board square 8x8
royal King
piece King (K) { step any }
piece Queen (Q) { ride any }
piece Wave (W) { step any }
piece Seer (I) {
    step any, move only
    leap (0,2), move only
}
piece Star (S) { }
neutral Star
alignment Star | Seer, entered by Seer, resurrect not King | Star by Seer beside Wave
";

fn compile(src: &str) -> Game {
    Game::compile_at(src, None).expect("compiles")
}

/// Stars on a1 and c3 (a diagonal), the light Seer on e4 (on no line with them), the
/// Kings away from the diagonal; the graveyard holds a light Queen and a dark Wave.
const BEFORE: &str = "6k1/8/8/8/4I3/2*5/8/*5K1[Qw] w - - 0 1";

/// The Seer's step e4-d4 enters the line of a1 and c3 (the diagonal a1-h8): the move,
/// and the same move bringing back the light Queen in its place or the dark Wave onto
/// each empty cell beside d4 (e4 too, which the Seer leaves); a step onto no line
/// (e4-f4) brings nothing back.
#[test]
fn a_seer_stepping_into_line_brings_back_each_captured_piece() {
    let g = compile(SEERS);
    let moves = common::starting(&g, BEFORE, "e4d4");
    assert_eq!(
        moves,
        [
            "e4d4",
            "e4d4/Q@d4",
            "e4d4/w@c4",
            "e4d4/w@c5",
            "e4d4/w@d3",
            "e4d4/w@d5",
            "e4d4/w@e3",
            "e4d4/w@e4",
            "e4d4/w@e5",
        ]
    );
    assert_eq!(common::starting(&g, BEFORE, "e4f4"), ["e4f4"]);
    let pos = g.position(BEFORE).unwrap();
    let cell = |n: &str| g.rules().cell(n).unwrap();
    let r = g.resurrections(&pos, cell("e4"), cell("d4"));
    assert_eq!(r.len(), 8);
    assert!(r.contains(&SideChange::Revive {
        cell: cell("d4"),
        side: Side::First,
        kind: g.rules().piece("Queen").unwrap(),
    }));
}

/// The Queen brought back replaces the Seer, which goes to its graveyard; the Wave
/// brought back beside it leaves the Seer where it stepped. Made, the position's hash
/// is that of its FEN read back; unmade, the FEN and hash are what they were.
#[test]
fn a_resurrection_is_made_and_unmade_with_the_graveyard() {
    let g = compile(SEERS);
    assert_eq!(
        common::play(&g, BEFORE, &["e4d4/Q@d4"]),
        "6k1/8/8/8/3Q4/2*5/8/*5K1[Iw] b - - 1 1"
    );
    assert_eq!(
        common::play(&g, BEFORE, &["e4d4/w@c5"]),
        "6k1/8/8/2w5/3I4/2*5/8/*5K1[Q] b - - 1 1"
    );
    let moves = common::make_unmake_round_trip(&g, BEFORE);
    assert!(moves.len() > 9);
}

/// A capture puts the piece taken into its own side's graveyard (FEN's hand, written
/// only when it holds a piece), and unmaking takes it out again.
#[test]
fn a_capture_fills_the_graveyard_of_the_side_that_lost_the_piece() {
    let g = compile(SEERS);
    let start = "6k1/8/8/8/8/8/q7/Q5K1 w - - 0 1";
    assert_eq!(
        common::play(&g, start, &["a1a2"]),
        "6k1/8/8/8/8/8/Q7/6K1[q] b - - 0 1"
    );
    assert_eq!(
        common::play(&g, start, &["a1b1", "a2g2", "g1g2"]),
        "6k1/8/8/8/8/8/6K1/1Q6[q] b - - 0 2"
    );
    common::make_unmake_round_trip(&g, start);
    // The game's start without captures writes no graveyard.
    let pos = g.position(start).unwrap();
    assert!(!g.fen(&pos).contains('['));
}

/// With every cell beside the entering Seer taken, a Wave comes back in its place.
#[test]
fn a_beside_kind_comes_back_in_place_when_no_cell_beside_is_empty() {
    let g = compile(SEERS);
    // d4's neighbours: c3 a Star, the rest dark Waves; the Seer leaps in from f4.
    let fen = "6k1/8/8/2www3/2w1wI2/2*ww3/8/*5K1[W] w - - 0 1";
    let moves = common::starting(&g, fen, "f4d4");
    assert_eq!(moves, ["f4d4", "f4d4/W@d4"]);
}

/// E1033 (a `resurrect ... by` kind that does not line up), E1034 (a `beside` kind not
/// brought back), E1035 (a neutral kind admitted), E1036 (`resurrect` with `hand`),
/// E0920 (`resurrect` twice).
#[test]
fn resurrection_diagnostics() {
    let base = "board square 8x8\nroyal King\npiece King (K) { step any }\npiece Wave (W) { step any }\npiece Seer (I) { step any }\npiece Star (S) { }\nneutral Star\n";
    let with = |clause: &str| {
        codes(&format!(
            "{base}alignment Star | Seer, entered by Seer, {clause}\n"
        ))
    };
    assert_eq!(
        with("resurrect not King | Star by Seer"),
        Vec::<String>::new()
    );
    assert_eq!(with("resurrect not King | Star by Wave"), ["E1033"]);
    assert_eq!(with("resurrect Seer by Seer beside Wave"), ["E1034"]);
    assert_eq!(with("resurrect not King by Seer"), ["E1035"]);
    assert_eq!(
        codes(&format!(
            "{base}hand\nalignment Star | Seer, entered by Seer, resurrect not King | Star by Seer\n"
        )),
        ["E1036"]
    );
    assert_eq!(
        with("resurrect not King | Star by Seer, resurrect not King | Star by Seer"),
        ["E0920"]
    );
}
