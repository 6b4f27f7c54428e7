//! Cascades of more than four plies (a game move carries up to seven: `MAX_CASCADE`;
//! four by default, `--limit cascade-plies=7` for more; docs/language.md,
//! "Activation") and the book's reactivation (with momentum, a piece that moved earlier
//! in the cascade and spends momentum may be activated again where it stands:
//! Miranda's Veil, "Reactivating pieces"), with what it means for en passant ("En
//! passant denied": the rushed Pawn activated again and moved away opens none).
//! Each long cascade is made and unmade: the position and its hash come back, and the
//! hash made is the one of the position read from its FEN.

use crate::common::{self, cells_fen, make_unmake_round_trip, starting};
use piecewise::pipeline::Limits;
use piecewise::Game;

/// A Rook that activates Waves, which relay as their activator (a Rook): each Wave it
/// reaches rides on as a Rook, and may activate the next.
const WAVES: &str = "board square 8x8\nroyal King\nrelay Wave, move only{M}\n\
    piece King (K) { step any }\n\
    piece Rook (R) { ride orthogonal, activate Wave | Rook }\n\
    piece Wave (W) { }\n";

/// The limits with moves of up to `n` plies.
fn plies(n: usize) -> Limits {
    Limits {
        cascade_plies: n,
        ..Limits::default()
    }
}

fn waves(momentum: bool, n: Option<usize>) -> Game {
    let src = WAVES.replace("{M}", if momentum { ", momentum" } else { "" });
    let limits = n.map_or_else(Limits::default, plies);
    Game::compile_limited(&src, None, None, &limits).unwrap_or_else(|d| panic!("{d:?}"))
}

/// Miranda's Veil with moves of up to seven plies.
fn miranda() -> Game {
    let src = common::rules_source("croatian-miranda");
    Game::compile_limited(&src, Some(&common::rules_dir()), None, &plies(7))
        .unwrap_or_else(|d| panic!("{d:?}"))
}

/// A staircase of Waves from the Rook a1: a3, c3, c5, e5, e7, g7; the Kings out of its
/// way.
const STAIRS: &str = "7k/4W1W1/8/2W1W3/8/W1W5/8/R6K w - - 0 1";

/// The most plies of the legal moves of `fen` (a cascade `a1a3>c3>...` has one more
/// ply than it has `>`).
fn longest(g: &Game, fen: &str) -> usize {
    common::legal(g, fen)
        .iter()
        .map(|m| m.matches('>').count() + 1)
        .max()
        .unwrap_or(0)
}

#[test]
fn a_move_carries_up_to_seven_plies_four_by_default() {
    let g = waves(false, Some(7));
    // The whole staircase and one ply more: seven plies.
    assert_eq!(
        starting(&g, STAIRS, "a1a3>c3>c5>e5>e7>g7>"),
        common::words("a1a3>c3>c5>e5>e7>g7>f7 a1a3>c3>c5>e5>e7>g7>g1 a1a3>c3>c5>e5>e7>g7>g2 a1a3>c3>c5>e5>e7>g7>g3 a1a3>c3>c5>e5>e7>g7>g4 a1a3>c3>c5>e5>e7>g7>g5 a1a3>c3>c5>e5>e7>g7>g6 a1a3>c3>c5>e5>e7>g7>g8 a1a3>c3>c5>e5>e7>g7>h7")
    );
    assert_eq!(longest(&g, STAIRS), 7);
    for n in [4, 5, 6] {
        assert_eq!(
            longest(&waves(false, Some(n)), STAIRS),
            n,
            "cascade-plies={n}"
        );
    }
    assert_eq!(longest(&waves(false, None), STAIRS), 4, "the default");
    assert_eq!(longest(&waves(false, Some(99)), STAIRS), 7, "the most");
}

#[test]
fn cascades_of_five_six_and_seven_plies_are_made_and_unmade() {
    let g = waves(false, Some(7));
    let moves = make_unmake_round_trip(&g, STAIRS);
    for n in 5..=7 {
        assert!(
            moves.iter().any(|m| m.cascade().len() + 1 == n),
            "a move of {n} plies"
        );
    }
    // The seven plies played: each piece on the cell of the one it activated.
    let fen = common::play(&g, STAIRS, &["a1a3>c3>c5>e5>e7>g7>g8"]);
    assert_eq!(fen, "6Wk/4W1W1/8/2W1W3/8/R1W5/8/7K b - - 1 1");
}

/// Two Waves facing the Rook a1 across the fourth rank: a4 and d4.
const BOUNCE: &str = "7k/8/8/8/W2W4/8/8/R6K w - - 0 1";

#[test]
fn with_momentum_a_piece_that_moved_is_activated_again_where_it_stands() {
    // The Rook rides 3 onto the Wave a4 (momentum 3), the Wave (as a Rook, spending
    // none) onto the Wave d4, which rides back to a4, where the Rook now stands: the
    // Rook, activated again, rides at most 3 from there.
    let g = waves(true, Some(7));
    let again = starting(&g, BOUNCE, "a1a4>d4>a4>");
    for m in ["a1a4>d4>a4>a7", "a1a4>d4>a4>b4", "a1a4>d4>a4>a5"] {
        assert!(again.contains(&m.to_string()), "{m} in {again:?}");
    }
    // The Rook rides 3 at most: not a8.
    assert!(!again.contains(&"a1a4>d4>a4>a8".to_string()));
    let fen = common::play(&g, BOUNCE, &["a1a4>d4>a4>a7"]);
    assert_eq!(fen, "7k/R7/8/8/W2W4/8/8/7K b - - 1 1");
    make_unmake_round_trip(&g, BOUNCE);
    // Without momentum a piece moves at most once in a move.
    assert!(starting(&waves(false, Some(7)), BOUNCE, "a1a4>d4>a4").is_empty());
}

/// The board field of a FEN.
fn board(fen: &str) -> &str {
    fen.split(' ').next().unwrap_or("")
}

#[test]
fn mirandas_queen_reactivated_by_the_fourth_wave_takes_the_pawn() {
    // The book's "Cascade check, checkmate" (scn_mv_051, scn_mv_052): the Bishop b5
    // activates Wave A on j13 with 8 momentum, which activates the Queen m10; she
    // spends 3 onto Wave B m7, Waves B, C, D hand the other 5 on round to m7, where the
    // Queen is activated again and rides the 5 to h2: seven plies.
    let g = miranda();
    let kings = [("a16", 'K'), ("m3", 'k')];
    let mut pieces = vec![
        ("h2", 'p'),
        ("b5", 'B'),
        ("j7", 'W'),
        ("m7", 'W'),
        ("j10", 'W'),
        ("m10", 'Q'),
        ("j13", 'W'),
    ];
    pieces.extend(kings);
    let fen = cells_fen(16, &pieces, 'w');
    let chain = "b5j13>m10>m7>j7>j10>m7>h2";
    assert!(
        common::legal(&g, &fen).contains(&chain.to_string()),
        "{chain} from {fen}"
    );
    let mut after = vec![
        ("h2", 'Q'),
        ("j13", 'B'),
        ("m10", 'W'),
        ("j7", 'W'),
        ("j10", 'W'),
        ("m7", 'W'),
    ];
    after.extend(kings);
    assert_eq!(
        board(&common::play(&g, &fen, &[chain])),
        board(&cells_fen(16, &after, 'b'))
    );
    make_unmake_round_trip(&g, &fen);
}

#[test]
fn mirandas_pawn_activated_again_after_its_rush_steps_on() {
    // The book's "En passant denied" (scn_mv_087, scn_mv_088): the Pawn d2 rushes
    // onto Wave A d6 (momentum 4), which steps to the Bishop c7, the Bishop to Wave B
    // b6, Wave B to Wave C c5, and Wave C back to d6, activating the Pawn again, which
    // steps to d7: six plies. Afterwards no en passant is open (the game opens none
    // after an activating rush yet; make would not keep one for a Pawn moved away).
    let g = miranda();
    let fen = cells_fen(
        16,
        &[
            ("d2", 'P'),
            ("c5", 'W'),
            ("e5", 'p'),
            ("b6", 'W'),
            ("d6", 'W'),
            ("c7", 'B'),
            ("a16", 'K'),
            ("p16", 'k'),
        ],
        'w',
    )
    .replace("3P12", "3P^12");
    let again = "d2d6>c7>b6>c5>d6>d7";
    assert!(
        common::legal(&g, &fen).contains(&again.to_string()),
        "{again} from {fen}"
    );
    let mut after = vec![
        ("d7", 'P'),
        ("c7", 'W'),
        ("b6", 'B'),
        ("c5", 'W'),
        ("d6", 'W'),
        ("e5", 'p'),
    ];
    after.extend([("a16", 'K'), ("p16", 'k')]);
    let mut pos = g.position(&fen).unwrap();
    let mv = g.parse_uci(&pos, again).unwrap();
    g.make(&mut pos, &mv);
    assert_eq!(board(&g.fen(&pos)), board(&cells_fen(16, &after, 'b')));
    assert!(pos.en_passant().is_none());
    assert!(!g.legal_uci(&pos).contains(&"e5d4".to_string()));
    make_unmake_round_trip(&g, &fen);
}
