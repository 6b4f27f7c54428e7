//! The cached forward walks ([`crate::kernel::forward`]) against walks run
//! afresh: one move generator kept over a chain of positions — each a legal move
//! from the last, a small edit of it (a piece moved, put or taken off), or a return
//! to an earlier one — marks the same cells as a new generator in every node, and
//! gives the legal lists and counts that the pseudo-legal moves filtered by the full
//! test give, for every game whose kernel has pieces answered forward.

use super::exposure::random_position;
use crate::ids::{PieceId, Side};
use crate::kernel::bits::{occupancy, Bits};
use crate::kernel::tests::{shipped_games, Rng};
use crate::kernel::{with_bits, Bitboards};
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveGenerator};

/// `pos` with one random edit: a piece (royals too) moved to an empty cell, two
/// pieces swapped, a random non-royal piece put on an empty cell, or a non-royal
/// piece taken off; read back
/// from its FEN (`None` if the reader refuses it).
fn edited(game: &Game, pos: &GamePosition, rng: &mut Rng) -> Option<GamePosition> {
    let mut next = pos.clone();
    let royal = |o: Occupant| !o.is_empty() && game.royal[o.kind().index()];
    let pieces: Vec<usize> = (0..game.cells)
        .filter(|&c| !pos.cells[c].is_empty() && !royal(pos.cells[c]))
        .collect();
    let movable: Vec<usize> = (0..game.cells)
        .filter(|&c| !pos.cells[c].is_empty())
        .collect();
    let empty: Vec<usize> = (0..game.cells)
        .filter(|&c| pos.cells[c].is_empty())
        .collect();
    let kinds: Vec<usize> = (0..game.pieces).filter(|&p| !game.royal[p]).collect();
    match rng.below(4) {
        3 if movable.len() > 1 => {
            let (a, b) = (
                movable[rng.below(movable.len())],
                movable[rng.below(movable.len())],
            );
            next.cells.swap(a, b);
        }
        0 if !empty.is_empty() => {
            let from = movable[rng.below(movable.len())];
            let to = empty[rng.below(empty.len())];
            next.cells[to] = next.cells[from];
            next.cells[from] = Occupant::EMPTY;
        }
        1 if !empty.is_empty() && !kinds.is_empty() => {
            let side = Side::BOTH[rng.below(2)];
            let kind = PieceId(kinds[rng.below(kinds.len())] as u8);
            next.cells[empty[rng.below(empty.len())]] = Occupant::piece(side, kind);
        }
        _ if !pieces.is_empty() => next.cells[pieces[rng.below(pieces.len())]] = Occupant::EMPTY,
        _ => {}
    }
    game.position(&game.fen(&next)).ok()
}

/// The kept generator's legal list and count against the pseudo-legal list filtered
/// by the full test (`fresh`: its walks are never cached).
fn agrees(
    name: &str,
    game: &Game,
    (kept, fresh): (&mut MoveGenerator<'_>, &mut MoveGenerator<'_>),
    pos: &mut GamePosition,
) {
    let mut pseudo = Vec::new();
    fresh.pseudo_moves(pos, &mut pseudo);
    let slow: Vec<GameMove> = pseudo
        .into_iter()
        .filter(|m| fresh.is_legal(pos, m))
        .collect();
    let mut fast = Vec::new();
    kept.legal_moves(pos, &mut fast);
    assert_eq!(fast, slow, "{name}: legal moves of {}", game.fen(pos));
    assert_eq!(
        kept.count_legal(pos),
        slow.len() as u64,
        "{name}: count of {}",
        game.fen(pos)
    );
}

/// A chain of positions (see the module docs) with one kept generator; the number
/// of positions compared, 0 when the kernel has no pieces answered forward.
fn chain<B: Bits>(name: &str, game: &Game, bb: &Bitboards<B>, rng: &mut Rng) -> usize {
    if !bb.forward || game.must_capture.is_some() {
        return 0;
    }
    let mut kept = MoveGenerator::new(game);
    let mut fresh = MoveGenerator::new(game);
    let mut compared = 0;
    for fill in [2, 4, 8, 15] {
        let Some(start) = random_position(game, rng, fill) else {
            continue;
        };
        let mut path = vec![start];
        for step in 0..240 {
            let mut pos = path.last().expect("a position").clone();
            marks_agree(name, game, bb, &mut kept, &pos);
            if step % 8 == 0 {
                agrees(name, game, (&mut kept, &mut fresh), &mut pos);
            }
            compared += 1;
            match rng.below(4) {
                0 if path.len() > 1 => {
                    path.pop();
                }
                1 => path.extend(edited(game, &pos, rng)),
                _ => {
                    let mut moves = Vec::new();
                    kept.legal_moves(&mut pos, &mut moves);
                    if moves.is_empty() {
                        path.truncate(1);
                        continue;
                    }
                    game.make(&mut pos, &moves[rng.below(moves.len())]);
                    path.push(pos);
                }
            }
        }
    }
    compared
}

/// The kept generator's marks against a new generator's, in one node of the
/// opponent's pieces answered forward: the same verdict (no walk takes the royal)
/// and the same cells.
fn marks_agree<B: Bits>(
    name: &str,
    game: &Game,
    bb: &Bitboards<B>,
    kept: &mut MoveGenerator<'_>,
    pos: &GamePosition,
) {
    let (occ, _) = occupancy::<B>(&pos.cells);
    let mut fresh = MoveGenerator::new(game);
    let expected = fresh.mark_forward(bb, pos, occ);
    assert_eq!(
        kept.mark_forward(bb, pos, occ),
        expected,
        "{name}: {}",
        game.fen(pos)
    );
    let (a, b) = (&kept.kernel_forward, &fresh.kernel_forward);
    assert_eq!(a.on, b.on, "{name}: {}", game.fen(pos));
    if b.on {
        assert_eq!(a.words, b.words, "{name}: marks of {}", game.fen(pos));
    }
}

#[test]
fn kept_forward_walks_give_what_fresh_walks_give() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut covered = Vec::new();
    for (name, game) in shipped_games() {
        let compared = with_bits!(
            &game.bits, k => chain(&name, &game, k, &mut rng),
            None => continue
        );
        if compared > 0 {
            covered.push(name);
        }
    }
    assert!(
        covered.iter().any(|n| n.ends_with("/hook26.rules")),
        "hook26 not compared: {covered:?}"
    );
}
