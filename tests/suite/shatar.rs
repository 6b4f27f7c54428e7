//! Shatar's mate rule (`checkmate loss, by Knight only win, after check by Rook | Knight
//! | Bers else draw`) and robado (`extinction all draw, below 2`) on the shipped
//! rules/shatar.rules. Every expected figure is Fairy-Stockfish's (pyffish 0.0.90:
//! `game_result` on the same FEN and moves, perft by recursion over `legal_moves`);
//! tests/differential/catalogue.py compares the file with it on random games.

use crate::common;

use common::{check_codes, game};
use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;
use piecewise::Game;

/// The result of the game after `moves` from `fen` (the moves played count).
fn result_after(g: &Game, fen: &str, moves: &[&str]) -> Option<GameResult> {
    let line = g.line_from_uci(fen, moves).expect("a legal line");
    g.line_result(&line)
}

fn mate(winner: Option<Side>) -> Option<GameResult> {
    Some(GameResult {
        winner,
        reason: EndReason::Checkmate,
    })
}

#[test]
fn perft_from_the_start_is_fairy_stockfishs() {
    let g = game("shatar");
    let start = g.position(g.start_fen().unwrap()).unwrap();
    // pyffish 0.0.90: 20 moves, 8,426 leaves at depth 3.
    assert_eq!(g.perft(&start, 1), 20);
    assert_eq!(g.perft(&start, 3), 8426);
}

#[test]
fn a_mate_by_knights_alone_is_a_win_for_the_mated_side() {
    let g = game("shatar");
    // A smothered mate by the knight on f7: pyffish's game_result is +32000 for Black.
    let smothered = "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1";
    assert_eq!(result_after(&g, smothered, &[]), mate(Some(Side::Second)));
    assert_eq!(g.checkers(&g.position(smothered).unwrap()).len(), 1);
    // A back-rank mate by a rook is a shak: the mated side loses (-32000).
    let back_rank = "R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1";
    assert_eq!(result_after(&g, back_rank, &[]), mate(Some(Side::First)));
}

#[test]
fn a_mate_without_a_shak_in_its_series_of_checks_is_a_draw() {
    let g = game("shatar");
    // A bishop's mate with no earlier check: a draw (pyffish 0).
    let bishop = "kb6/p7/8/8/4B3/8/8/K7 b - - 0 1";
    assert_eq!(result_after(&g, bishop, &[]), mate(None));
    // The same mate after a rook's check (Kb7-a8, Bd3-e4): the series held a shak, so
    // the mate wins (-32000 for Black).
    let rook_first = "1b6/pk6/8/8/8/3B4/8/KR6 b - - 0 1";
    assert_eq!(
        result_after(&g, rook_first, &["b7a8", "d3e4"]),
        mate(Some(Side::First))
    );
    // After a bishop's check instead: no shak in the series, a draw (pyffish 0).
    let bishop_first = "1b6/pk6/B7/8/8/3B4/8/K7 b - - 0 1";
    assert_eq!(
        result_after(&g, bishop_first, &["b7a8", "d3e4"]),
        mate(None)
    );
}

#[test]
fn the_mate_rule_is_checked_and_its_kinds_named() {
    let base = "board square 8x8\nroyal King\npiece King (K) { step any }\n\
                piece Knight (N) { leap (1,2) }\n";
    let unknown =
        format!("{base}checkmate loss, by Knight only win, after check by Rook else draw\n");
    assert_eq!(check_codes(&unknown), ["E0304"]);
    let known =
        format!("{base}checkmate loss, by Knight only win, after check by Knight else draw\n");
    assert_eq!(check_codes(&known), Vec::<String>::new());
}
