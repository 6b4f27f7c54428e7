//! Compact moves (issue 17): in seeded random playouts of every shipped rules file,
//! the compact list (`MoveGenerator::legal_list`) decodes to exactly the legal moves
//! (`legal_moves`), each as many times (the list's order is its own: the moves of a
//! piece told by their destinations come as a set), and every compact move made with
//! `Game::make_compact`
//! gives the same position, FEN and hash as `Game::make` of the full move, and unmakes
//! back to the position it was made in.

use crate::common;

use common::shipped::shipped;
use common::Rng;
use piecewise::game::{GameMove, MoveKind, MoveList};

/// What the playouts met, so that the test shows it covered every kind of move.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    quiet: usize,
    side_table: usize,
    drops: usize,
    castlings: usize,
    en_passant: usize,
    opens_en_passant: usize,
    promotions: usize,
}

impl Seen {
    fn count(&mut self, m: &GameMove, list: &MoveList, i: usize) {
        let c = list.moves()[i];
        self.moves += 1;
        self.quiet += usize::from(c.is_quiet());
        self.side_table += usize::from(!c.is_self_contained());
        self.drops += usize::from(m.kind == MoveKind::Drop);
        self.castlings += usize::from(matches!(m.kind, MoveKind::Castling(_)));
        self.en_passant += usize::from(matches!(m.kind, MoveKind::EnPassant { .. }));
        self.promotions += usize::from(m.promotion.is_some());
    }
}

/// The moves in a fixed order (as their debug text), to compare lists as multisets.
fn sorted(moves: &[GameMove]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

#[test]
fn compact_moves_decode_and_make_as_the_full_moves_in_every_shipped_game() {
    let mut rng = Rng(0x00c0_ffee_17c0_de17);
    let mut seen = Seen::default();
    for (name, game, start) in shipped(&mut rng) {
        let mut generator = game.move_generator();
        let (mut full, mut list) = (Vec::new(), MoveList::new());
        for playout in 0..3 {
            let mut pos = start.clone();
            let mut undos = Vec::new();
            for ply in 0..30 {
                generator.legal_moves(&mut pos, &mut full);
                generator.legal_list(&mut pos, &mut list);
                let at = || format!("{name}, playout {playout}, ply {ply}: {}", game.fen(&pos));
                let decoded: Vec<GameMove> = list.game_moves().collect();
                assert_eq!(sorted(&decoded), sorted(&full), "{}", at());
                for (i, m) in decoded.iter().enumerate() {
                    seen.count(m, &list, i);
                    let (mut a, mut b) = (pos.clone(), pos.clone());
                    game.make(&mut a, m);
                    let undo = game.make_compact(&mut b, &list, list.moves()[i]);
                    assert_eq!(game.fen(&a), game.fen(&b), "{} after {m:?}", at());
                    assert!(a == b && a.hash() == b.hash(), "{} after {m:?}", at());
                    if list.moves()[i].is_quiet() {
                        // A quiet compact move that opens a cell to en passant (FEN field 4).
                        let fen = game.fen(&b);
                        seen.opens_en_passant +=
                            usize::from(fen.split(' ').nth(3).is_some_and(|f| f != "-"));
                    }
                    game.unmake(&mut b, undo);
                    assert!(
                        b == pos && b.hash() == pos.hash(),
                        "{} unmaking {m:?}",
                        at()
                    );
                    assert_eq!(game.fen(&b), game.fen(&pos), "{} unmaking {m:?}", at());
                }
                if full.is_empty() {
                    break;
                }
                let i = rng.below(list.len());
                undos.push(game.make_compact(&mut pos, &list, list.moves()[i]));
            }
            while let Some(u) = undos.pop() {
                game.unmake(&mut pos, u);
            }
            assert!(
                pos == start,
                "{name}: playout {playout} unmade to its start"
            );
        }
    }
    // Every kind of move was met, in both forms.
    assert!(seen.quiet > 1000 && seen.side_table > 100, "{seen:?}");
    assert!(
        seen.drops > 0 && seen.castlings > 0 && seen.en_passant > 0,
        "{seen:?}"
    );
    assert!(seen.promotions > 0 && seen.opens_en_passant > 0, "{seen:?}");
    assert!(seen.moves > 10_000, "{seen:?}");
}
