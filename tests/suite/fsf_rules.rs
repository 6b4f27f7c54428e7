//! Game rules of Fairy-Stockfish's catalogue beyond the moves: a king that blows itself
//! up (nocheckatomic), ... Each case is pyffish 0.0.90's answer.

use crate::common;

use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;

/// Plays `moves` from `fen`; the result there and the legal moves left.
fn after(game: &piecewise::Game, fen: &str, moves: &[&str]) -> (Option<GameResult>, usize) {
    let mut pos = game.position(fen).expect("fen");
    for m in moves {
        let mv = game
            .parse_uci(&pos, m)
            .unwrap_or_else(|| panic!("{m} is not legal"));
        game.make(&mut pos, &mv);
    }
    (game.result(&pos), game.legal_moves(&pos).len())
}

#[test]
fn a_king_that_blows_itself_up_loses_at_once() {
    let game = common::game("nocheckatomic");
    // The white king takes a pawn: the blast takes the king (pyffish: a win for Black
    // at once, no legal move).
    let (result, moves) = after(&game, "8/8/8/8/6p1/5K2/8/4k3 w - - 0 1", &["f3g4"]);
    let lost = GameResult {
        winner: Some(Side::Second),
        reason: EndReason::RoyalLost,
    };
    assert_eq!(result, Some(lost));
    assert_eq!(moves, 0);
    // One blast takes both kings: the side that captured loses.
    let (result, moves) = after(&game, "8/8/8/R2nk3/3K4/8/8/8 w - - 0 1", &["a5d5"]);
    assert_eq!(result, Some(lost));
    assert_eq!(moves, 0);
    // A king may stay attacked and step next to the other: no check.
    let (result, moves) = after(&game, "8/8/8/R2nk3/3K4/8/8/8 w - - 0 1", &["d4e4"]);
    assert_eq!(result, None);
    assert!(moves > 0);
    // Atomic's own king is never lost by its own move: the king may not capture.
    let atomic = common::game("atomic");
    let pos = atomic.position("8/8/8/8/6p1/5K2/8/4k3 w - - 0 1").unwrap();
    assert!(!atomic.legal_uci(&pos).contains(&"f3g4".to_string()));
}
