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

/// A game without royals whose legality is not judged by playing (Antichess, the
/// draughts games, the connection games) takes every pseudo-legal move as legal
/// (`MoveGenerator::all_pseudo_legal`): along random playouts of every such shipped
/// game, its legal list and count are the pseudo-legal moves the full test keeps, with
/// the compulsory-capture and first-drop rules applied as the list applies them.
#[test]
fn games_without_royals_list_what_the_full_test_keeps() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut checked = Vec::new();
    for (name, g) in crate::kernel::tests::shipped_games() {
        if g.has_royals() || g.judged_by_playing() || g.sokoban_reverse() {
            continue;
        }
        let Some(start) = g.start_position() else {
            continue;
        };
        let mut generator = g.move_generator();
        let mut nodes = 0;
        for _ in 0..3 {
            let mut pos = start.clone();
            for _ in 0..40 {
                let mut fast = Vec::new();
                generator.legal_moves(&mut pos, &mut fast);
                if !g.ended_at_once(&pos) {
                    let mut pseudo = Vec::new();
                    generator.pseudo_moves(&pos, &mut pseudo);
                    let mut slow: Vec<_> = pseudo
                        .into_iter()
                        .filter(|m| generator.is_legal(&mut pos, m))
                        .collect();
                    if let Some(rule) = g.must_capture {
                        crate::legality::keep_compulsory_captures(&g, &pos, rule, &mut slow);
                    }
                    if g.drop_phase.as_ref().is_some_and(|ph| ph.first) {
                        crate::movegen::placement::keep_first_drops(&g, &pos, &mut slow);
                    }
                    assert_eq!(fast, slow, "{name}: legal moves of {}", g.fen(&pos));
                    let count = generator.count_legal(&mut pos);
                    assert_eq!(count, slow.len() as u64, "{name}: count of {}", g.fen(&pos));
                    nodes += 1;
                }
                if fast.is_empty() {
                    break;
                }
                let m = fast[pick(&mut seed, fast.len())];
                g.make(&mut pos, &m);
            }
        }
        if nodes > 0 {
            checked.push(name);
        }
    }
    for game in ["antichess", "international-draughts", "clobber"] {
        assert!(
            checked.iter().any(|n| n.contains(&format!("/{game}"))),
            "{game} not checked: {checked:?}"
        );
    }
}
