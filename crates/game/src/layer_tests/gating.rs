//! Gating's count without a list (`Gating::entering`, the bitboard kernel's count with
//! the gating moves beside the moves they copy) against the list that adds them
//! (`Gating::add_moves`).

use crate::make::tests::{game, pick};
use crate::make::{make, unmake};
use crate::Game;

/// Seirawan chess and S-House as shipped (castling that leaves the king's and the
/// rook's cells, a hand that refills in S-House).
fn gating_games() -> Vec<Game> {
    vec![
        game(include_str!("../../../../rules/seirawan.rules")),
        game(include_str!("../../../../rules/shouse.rules")),
    ]
}

/// Along seeded random playouts, the count of every position is its legal list's
/// length, the kernel counts most positions where the side to move may gate, and
/// those positions hold gating moves.
#[test]
fn the_count_with_gating_is_the_lists_length() {
    let mut seed = 0x6a7e_u64;
    let (mut counted, mut live) = (0, 0);
    for g in &gating_games() {
        let mut generator = g.move_generator();
        for _ in 0..10 {
            let mut pos = g.start_position().expect("a start");
            let mut undos = Vec::new();
            for _ in 0..40 {
                let mut moves = Vec::new();
                generator.legal_moves(&mut pos, &mut moves);
                let n = generator.count_legal(&mut pos);
                assert_eq!(n, moves.len() as u64, "{}", g.fen(&pos));
                if g.gating_live(&pos) {
                    live += 1;
                    if let Some(k) = generator.count_legal_bits(&mut pos) {
                        assert_eq!(k, n, "{}", g.fen(&pos));
                        counted += 1;
                    }
                }
                if moves.is_empty() {
                    break;
                }
                let m = moves[pick(&mut seed, moves.len())];
                undos.push(make(g, &mut pos, &m));
            }
            while let Some(u) = undos.pop() {
                unmake(g, &mut pos, u);
            }
        }
    }
    assert!(live > 300, "only {live} positions where a side may gate");
    assert!(counted * 2 > live, "the kernel counted {counted} of {live}");
}
