//! En passant inside a cascade (docs/language.md, "Activation"): a piece of an `en
//! passant` kind that is activated captures en passant on its first ply of the move, as
//! a first mover does (the book's Miranda's Veil, "En passant legal": "Pawn can be
//! activated, and capture opponent's Pawn en passant on its first ply in a cascade"),
//! but not once it has moved earlier in the same cascade ("En passant illegal": "Pawn
//! cannot capture en passant if it was reactivated, i.e. if it has already moved in the
//! same cascade"). The capture takes the position's victim; the move is made and
//! unmade like any other.

use crate::common::{self, cells_fen, make_unmake_round_trip};
use piecewise::pipeline::Limits;
use piecewise::Game;

/// Miranda's Veil with moves of up to seven plies.
fn miranda() -> Game {
    let src = common::rules_source("croatian-miranda");
    let limits = Limits {
        cascade_plies: 7,
        ..Limits::default()
    };
    Game::compile_limited(&src, Some(&common::rules_dir()), None, &limits)
        .unwrap_or_else(|d| panic!("{d:?}"))
}

/// `pieces` on the 16×16 board, dark to move, the light Pawn on b8 just rushed from b2
/// (b3..b7 open to en passant).
fn after_rush(pieces: &[(&str, char)]) -> String {
    let mut all = vec![("b8", 'P'), ("p1", 'K'), ("p16", 'k')];
    all.extend_from_slice(pieces);
    cells_fen(16, &all, 'b').replace(" - - ", " - b3 ")
}

/// The board part of a FEN.
fn board(fen: &str) -> &str {
    fen.split(' ').next().unwrap()
}

#[test]
fn an_activated_pawn_captures_en_passant_on_its_first_ply() {
    // The book's scn_mv_096: the dark Bishop activates a Wave, which activates the
    // dark Pawn, which takes the light Pawn en passant.
    let g = miranda();
    let fen = after_rush(&[("d1", 'b'), ("f3", 'w'), ("c6", 'p')]);
    let legal = common::legal(&g, &fen);
    assert!(legal.contains(&"d1f3>c6>b5".to_string()), "{legal:?}");
    // Without the rush, no such capture.
    let plain = fen.replace(" - b3 ", " - - ");
    assert!(!common::legal(&g, &plain).contains(&"d1f3>c6>b5".to_string()));
    // Made: the Pawn on b5, the light Pawn gone, the Wave on c6, the Bishop on f3.
    let after = cells_fen(
        16,
        &[
            ("f3", 'b'),
            ("c6", 'w'),
            ("b5", 'p'),
            ("p1", 'K'),
            ("p16", 'k'),
        ],
        'w',
    );
    assert_eq!(
        board(&common::play(&g, &fen, &["d1f3>c6>b5"])),
        board(&after)
    );
    let mut pos = g.position(&fen).unwrap();
    let mv = g.parse_uci(&pos, "d1f3>c6>b5").unwrap();
    assert!(mv.is_capture());
    assert!(mv.cascade().en_passant() && !mv.cascade().captures());
    g.make(&mut pos, &mv);
    assert!(pos.en_passant().is_none());
    make_unmake_round_trip(&g, &fen);
}

#[test]
fn a_pawn_activated_a_second_time_captures_no_longer_en_passant() {
    // The book's scn_mv_097..100 in seven plies: the Rook activates Wave c10, which
    // activates the Pawn c9 (momentum 3), which steps onto Wave c8, which steps onto
    // the Queen c7, which steps onto Wave d8, which activates the Pawn again on c8
    // (momentum 1). It may take the Knight d7, not the light Pawn en passant on b7.
    let g = miranda();
    let pieces = [
        ("c13", 'r'),
        ("c10", 'w'),
        ("c9", 'p'),
        ("c8", 'w'),
        ("d8", 'w'),
        ("c7", 'q'),
        ("d7", 'N'),
    ];
    let fen = after_rush(&pieces);
    let legal = common::legal(&g, &fen);
    let again = "c13c10>c9>c8>c7>d8>c8";
    assert!(legal.contains(&format!("{again}>d7")), "{legal:?}");
    assert!(!legal.contains(&format!("{again}>b7")), "{legal:?}");
    // The Pawn activated for the first time on c8 (by the Wave d8 the Queen reached
    // from c7 in its own move) does take en passant there.
    let first = after_rush(&[("e7", 'q'), ("d8", 'w'), ("c8", 'p')]);
    let legal = common::legal(&g, &first);
    assert!(legal.contains(&"e7d8>c8>b7".to_string()), "{legal:?}");
    make_unmake_round_trip(&g, &first);
}
