//! Perft's last-ply count of games whose every move is followed by a second action
//! (the Duck's move, a wall placed: `neutral::count_placements`, without the list)
//! against the length of the legal list, which makes each placement a move.

use crate::make::tests::{game, pick};
use crate::Game;

/// Duck chess as shipped and as the placement's options change it (a zone, the cell
/// the mover left, the mover's own walk; a wall placed instead of the Duck moved),
/// all under `no check`, where the count takes the moves before placement; and the
/// shipped wall games, whatever path they take.
fn placement_games() -> Vec<(Game, bool)> {
    let duck = include_str!("../../../../rules/duck.rules");
    let line = "neutral Duck, after each move";
    assert!(duck.contains(line));
    let mut games = vec![(game(duck), true)];
    for (with, zone) in [
        ("neutral Duck, after each move, in centre", true),
        ("neutral Duck, placed after each move, in centre", true),
        ("neutral Duck, after each move, where the mover was", false),
        (
            "neutral Duck, placed after each move, where the mover was",
            false,
        ),
        ("neutral Duck, after each move, as the mover moves", false),
        (
            "neutral Duck, placed after each move, as the mover moves, in centre",
            true,
        ),
    ] {
        let mut source = duck.replace(line, with);
        if zone {
            source = source.replace(
                "zone pawn_start",
                "zone centre = a3 b3 c3-f6 h6\nzone pawn_start",
            );
        }
        games.push((game(&source), true));
    }
    for source in [
        include_str!("../../../../rules/amazons.rules"),
        include_str!("../../../../rules/isolation.rules"),
        include_str!("../../../../rules/joust.rules"),
        include_str!("../../../../rules/snailtrail.rules"),
    ] {
        games.push((game(source), false));
    }
    games
}

/// Along seeded random playouts, `count_legal` is the legal list's length at every
/// position; in the `no check` games the count without the list answered every one
/// where the side to move still has its king.
#[test]
fn the_count_of_placements_is_the_legal_lists_length() {
    let mut seed = 0x0d0c_c0de_u64;
    let (mut positions, mut counted, mut moves) = (0, 0, 0u64);
    for (g, placed) in &placement_games() {
        let mut generator = g.move_generator();
        for _ in 0..6 {
            let mut pos = g.start_position().expect("a start");
            for _ in 0..40 {
                let mut legal = Vec::new();
                generator.legal_moves(&mut pos, &mut legal);
                let fast = generator.count_placed(&mut pos);
                if *placed && pos.royal_count[pos.side.index()] > 0 {
                    assert!(fast.is_some(), "{}: no count without the list", g.fen(&pos));
                }
                if let Some(n) = fast {
                    assert_eq!(n, legal.len() as u64, "{}", g.fen(&pos));
                    counted += 1;
                }
                let n = generator.count_legal(&mut pos);
                assert_eq!(n, legal.len() as u64, "count at {}", g.fen(&pos));
                positions += 1;
                moves += n;
                if legal.is_empty() {
                    break;
                }
                let m = legal[pick(&mut seed, legal.len())];
                g.make(&mut pos, &m);
            }
        }
    }
    assert!(positions > 1_000, "only {positions} positions");
    assert!(counted > 1_000, "only {counted} counted without the list");
    assert!(moves > 100_000, "only {moves} moves");
}
