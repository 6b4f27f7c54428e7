//! The compact move list (`legality::judged`'s `legal_list`) played by make
//! (`make_compact`) and taken back: positions stay a fresh read of their FEN.

use crate::make::tests::{assert_fresh, chess, game, pick};

/// `make::tests`' playouts with compact moves (`legal_list`, `make_compact`), in games
/// whose plain captures are made outside the journal (chess, xiangqi, antichess,
/// fairy pieces, grasshoppers) and one whose captures go to a hand (crazyhouse):
/// after every move the position equals a fresh read of its FEN, and unmaking every
/// move returns to the start exactly, marks and moved flags included.
#[test]
fn compact_playouts_keep_the_position_as_a_fresh_read_of_its_fen() {
    let games = [
        chess(),
        game(include_str!("../../../../rules/xiangqi.rules")),
        game(include_str!("../../../../rules/antichess.rules")),
        game(include_str!("../../../../rules/fairy.rules")),
        game(include_str!("../../../../rules/grasshopper.rules")),
        game(include_str!("../../../../rules/crazyhouse.rules")),
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut captures = 0;
    for g in &games {
        let mut generator = g.move_generator();
        for _ in 0..6 {
            let Some(start) = g.start_position() else {
                continue;
            };
            let mut pos = start.clone();
            let mut undos = Vec::new();
            for _ in 0..80 {
                let mut list = crate::MoveList::new();
                generator.legal_list(&mut pos, &mut list);
                if list.moves().is_empty() {
                    break;
                }
                let m = list.moves()[pick(&mut seed, list.moves().len())];
                captures += usize::from(m.is_plain_capture() && !g.hand);
                undos.push(g.make_compact(&mut pos, &list, m));
                assert_fresh(g, &pos);
            }
            while let Some(u) = undos.pop() {
                g.unmake(&mut pos, u);
                assert_fresh(g, &pos);
            }
            assert_eq!(pos, start, "unmade to the start");
            assert_eq!(
                pos.marks, start.marks,
                "promotion marks and moved flags unmade"
            );
        }
    }
    assert!(
        captures > 100,
        "only {captures} captures outside the journal"
    );
}
