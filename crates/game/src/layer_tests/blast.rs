//! The blast games' legality by attack queries (`legality::blast`) against the
//! reference that plays every reply (`legality::general`'s `royal_threatened`).

use crate::make::tests::{game, pick};
use crate::make::{make, unmake};
use crate::Game;

/// Atomic as shipped, and an Atomic whose blast spares nothing, on a wider board,
/// with a royal that rides (so a royal's capture is not only a neighbour's).
fn blast_games() -> Vec<Game> {
    vec![
        game(include_str!("../../../../rules/atomic.rules")),
        game(
            "board square 10x8\nroyal King\nexplode on capture\n\
             piece King (K) { ride any 2 }\npiece Queen (Q) { ride any }\n\
             piece Rook (R) { ride orthogonal }\npiece Knight (N) { leap (1,2) }\n\
             piece Pawn (P) { step forward, move only\n step forward-diagonal, capture only }\n\
             start \"rnqkkrnr2/pppppppp2/10/10/10/10/PPPPPPPP2/RNQKKRNR2 w - - 0 1\"\n",
        ),
    ]
}

/// Along seeded random playouts, every pseudo-legal move of every position gets the
/// reference's verdict, and after it the threat by attack queries is the reference's
/// wherever the queries answer; they answer most of them, and both ways.
#[test]
fn the_blast_threat_by_attack_queries_is_the_reference() {
    let mut seed = 0x05ee_da70_u64;
    let (mut answered, mut threats, mut asked) = (0, 0, 0);
    let (mut quiet, mut illegal) = (0, 0);
    for g in &blast_games() {
        assert!(g.effects.as_deref().is_some_and(|fx| fx.blast_only()));
        let mut generator = g.move_generator();
        for _ in 0..12 {
            let mut pos = g.start_position().expect("a start");
            for _ in 0..60 {
                let mut pseudo = Vec::new();
                generator.pseudo_moves(&pos, &mut pseudo);
                for m in &pseudo {
                    // The verdict (quiet moves judged on the board, captures played
                    // and asked of the attack queries) against the reference's.
                    let reference = generator.is_legal_reference(&mut pos, m);
                    assert_eq!(
                        generator.is_legal(&mut pos, m),
                        reference,
                        "{} {m:?}",
                        g.fen(&pos)
                    );
                    quiet += usize::from(generator.quiet_blast_verdict(&mut pos, m).is_some());
                    illegal += usize::from(!reference);
                    let undo = make(g, &mut pos, m);
                    let reference = generator.royal_threatened(&mut pos);
                    if let Some(fast) = generator.blast_threat(&pos) {
                        assert_eq!(fast, reference, "{} after {m:?}", g.fen(&pos));
                        answered += 1;
                        threats += usize::from(fast);
                    }
                    asked += 1;
                    unmake(g, &mut pos, undo);
                }
                let legal = g.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let m = legal[pick(&mut seed, legal.len())];
                g.make(&mut pos, &m);
            }
        }
    }
    assert!(answered * 10 > asked * 8, "{answered} of {asked} answered");
    assert!(threats > 200, "only {threats} threats");
    assert!(quiet * 2 > asked, "{quiet} of {asked} moves judged quiet");
    assert!(illegal > 200, "only {illegal} illegal moves");
}

/// Along seeded random playouts of every shipped game with `explode` (and the wide
/// blast game above), the legal list — moves that capture nothing passed by the quick
/// test, the rest by the blast rule's attack queries — is the pseudo-legal list
/// filtered by the reference that plays every reply, and perft's last-ply count is
/// its length.
#[test]
fn the_legal_list_of_every_explode_game_is_the_reference() {
    let mut games = blast_games();
    for source in [
        include_str!("../../../../rules/atomar.rules"),
        include_str!("../../../../rules/nocheckatomic.rules"),
        include_str!("../../../../rules/cascade-actions.rules"),
        include_str!("../../../../rules/pattern-actions.rules"),
    ] {
        games.push(game(source));
    }
    let mut seed = 0x0a70_0a1c_u64;
    let (mut positions, mut moves, mut rejected) = (0, 0, 0);
    for g in &games {
        let mut generator = g.move_generator();
        for _ in 0..8 {
            let mut pos = g.start_position().expect("a start");
            for _ in 0..50 {
                let mut legal = Vec::new();
                generator.legal_moves(&mut pos, &mut legal);
                let mut expected = Vec::new();
                if !g.ended_at_once(&pos) {
                    let mut pseudo = Vec::new();
                    generator.pseudo_moves(&pos, &mut pseudo);
                    for m in &pseudo {
                        if generator.is_legal_reference(&mut pos, m) {
                            expected.push(*m);
                        } else {
                            rejected += 1;
                        }
                    }
                }
                assert_eq!(legal, expected, "{}", g.fen(&pos));
                // Perft's last ply (quiet moves counted from the walks) agrees.
                let n = generator.count_legal(&mut pos);
                assert_eq!(n, legal.len() as u64, "count at {}", g.fen(&pos));
                positions += 1;
                moves += legal.len();
                if legal.is_empty() {
                    break;
                }
                let m = legal[pick(&mut seed, legal.len())];
                g.make(&mut pos, &m);
            }
        }
    }
    assert!(positions > 1_000, "only {positions} positions");
    assert!(moves > 20_000, "only {moves} moves");
    assert!(rejected > 500, "only {rejected} illegal moves");
}
