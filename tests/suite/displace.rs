//! `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]` (docs/language.md,
//! "displace"): displacement in passing. The Croatian Serpent (Tamoanchan Revisited,
//! "Displacing Pawns") in the book's own position (`scn_tr_19`..`scn_tr_22`): the
//! moves it offers, one per choice of displacement-field, the book's whole ply among
//! them, each made and unmade back to the same position and hash; a pusher written
//! with `displace` (one step on) and with `push` counts the same perft, and the moves
//! at each node are the same displacements; and the declaration's diagnostics.

use crate::common;
use piecewise::game::{GameMove, SideChange};
use piecewise::Game;

/// The book's position before the Serpent's displacing ply (`scn_tr_19`), with Kings
/// far away: light Serpent b4, light Pawn f4, dark Wave d5, dark Pawn e5.
fn tr_19() -> String {
    common::cells_fen(
        22,
        &[
            ("b4", 'S'),
            ("f4", 'P'),
            ("d5", 'w'),
            ("e5", 'p'),
            ("l1", 'K'),
            ("l22", 'k'),
        ],
        'w',
    )
}

fn displacements(m: &GameMove) -> Vec<(String, String)> {
    m.side_changes()
        .filter_map(|c| match c {
            SideChange::Displace { from, to } => Some((format!("{from:?}"), format!("{to:?}"))),
            SideChange::Put { .. } | SideChange::Revive { .. } => None,
        })
        .collect()
}

#[test]
fn the_serpent_displaces_the_pawns_it_meets_onto_empty_orthogonal_fields() {
    let g = common::game("croatian-tamoanchan");
    let fen = tr_19();
    let moves = common::legal(&g, &fen);
    // The book's whole ply ("Displacement end", scn_tr_22): b4-c5-d4-e5 (the dark Pawn
    // to f5), f4 (the light Pawn to f3), g5-h4.
    assert!(moves.contains(&"b4h4/e5f5/f4f3".to_string()), "{moves:?}");
    // "Pawns can share displacing fields; if so, first Pawn displaced prevents others
    // from being displaced onto the same field" (scn_tr_21: f5 taken by the dark Pawn).
    assert!(!moves.contains(&"b4h4/e5f5/f4f5".to_string()));
    assert!(moves.contains(&"b4h4/e5e6/f4f5".to_string()));
    // Never onto the dark Wave's field d5 (scn_tr_20: "left field is illegal for
    // displacement, since it's not empty"), never onto a diagonal field.
    assert!(!moves
        .iter()
        .any(|m| m.contains("e5d5") || m.contains("e5d6")));
    // The Serpent may end on the field of the Pawn it displaced.
    assert!(moves.contains(&"b4e5/e5e6".to_string()));
    // Its colour-changing step (orthogonal) never displaces.
    let fen2 = common::cells_fen(
        22,
        &[("b4", 'S'), ("b5", 'p'), ("l1", 'K'), ("l22", 'k')],
        'w',
    );
    assert!(!common::legal(&g, &fen2)
        .iter()
        .any(|m| m.starts_with("b4b5")));
    // Made, the pieces stand where the book draws them (scn_tr_22).
    let after = common::play(&g, &fen, &["b4h4/e5f5/f4f3"]);
    let want = common::cells_fen(
        22,
        &[
            ("h4", 'S'),
            ("f3", 'P'),
            ("d5", 'w'),
            ("f5", 'p'),
            ("l1", 'K'),
            ("l22", 'k'),
        ],
        'b',
    );
    assert_eq!(after.split(' ').next(), want.split(' ').next());
}

#[test]
fn every_displacing_move_made_and_unmade_restores_the_position_and_its_hash() {
    let g = common::game("croatian-tamoanchan");
    let moves = common::make_unmake_round_trip(&g, &tr_19());
    let displacing: Vec<&GameMove> = moves
        .iter()
        .filter(|m| !displacements(m).is_empty())
        .collect();
    assert!(displacing.len() > 500, "{}", displacing.len());
    assert!(displacing.iter().any(|m| displacements(m).len() == 2));
    // Each choice of fields is its own move: no two alike.
    let mut uci: Vec<String> = moves.iter().map(|m| g.uci(m)).collect();
    let n = uci.len();
    uci.sort();
    uci.dedup();
    assert_eq!(uci.len(), n);
}

/// A two-sided pushing game written twice: with `push Box` on the pattern, and with a
/// `displace Box, by Pusher` declaration (no `around`: one step on).
fn pushers(with_displace: bool) -> Game {
    let pusher = if with_displace {
        "piece Pusher (P) { step orthogonal }\ndisplace Box, by Pusher"
    } else {
        "piece Pusher (P) { step orthogonal, push Box }"
    };
    let src = format!(
        "game \"Pushers\"\nboard square 6x6\nroyal King\n\
         start \"k2b2/1p4/2B1b1/1b2P1/3B2/K2P1b w - - 0 1\"\n\
         piece King (K) {{ step any }}\n{pusher}\npiece Box (B) {{ }}\n"
    );
    Game::compile(&src).unwrap_or_else(|d| panic!("{d:?}"))
}

/// The moves of a pushing game as (from, to, captures, the pushed piece's two cells).
fn pushes(g: &Game, pos: &piecewise::game::GamePosition) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves(pos)
        .iter()
        .map(|m| {
            let pushed = match m.push_to {
                Some(t) => vec![(format!("{:?}", m.to), format!("{t:?}"))],
                None => displacements(m),
            };
            format!("{:?}-{:?} x{} {pushed:?}", m.from, m.to, m.captures_to)
        })
        .collect();
    v.sort();
    v
}

fn walk_both(a: &Game, b: &Game, fen: &str, depth: u32) {
    let (pa, pb) = (a.position(fen).unwrap(), b.position(fen).unwrap());
    assert_eq!(pushes(a, &pa), pushes(b, &pb), "{fen}");
    if depth == 0 {
        return;
    }
    for m in a.legal_moves(&pa) {
        let mut next = pa.clone();
        a.make(&mut next, &m);
        walk_both(a, b, &a.fen(&next), depth - 1);
    }
}

#[test]
fn a_pusher_counts_the_same_written_with_displace_as_with_push() {
    let (push, displace) = (pushers(false), pushers(true));
    let pos = push.start_position().unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| push.perft(&pos, d)).collect();
    let pos2 = displace.start_position().unwrap();
    let counts2: Vec<u64> = (1..=4).map(|d| displace.perft(&pos2, d)).collect();
    assert_eq!(counts, counts2);
    // The pushes are there: some root move of each displaces a Box.
    assert!(push.legal_moves(&pos).iter().any(|m| m.push_to.is_some()));
    assert!(displace
        .legal_moves(&pos2)
        .iter()
        .any(|m| !displacements(m).is_empty()));
    // The same moves node by node for two plies, and the displacing game's count
    // again by making every move on a position read back from its FEN.
    walk_both(&push, &displace, &push.fen(&pos), 2);
    assert_eq!(common::perft_through_fen(&displace, &pos2, 3), counts[2]);
}

#[test]
fn displace_declarations_have_their_diagnostics() {
    let base = "game \"t\"\nboard square 8x8\npiece Mover (M) { step any }\npiece Pawn (P) { }\n";
    assert!(common::error_codes(&format!(
        "{base}displace Pawn, by Mover, around orthogonal\n"
    ))
    .is_empty());
    assert_eq!(
        common::error_codes(&format!("{base}displace Pawn, around orthogonal\n")),
        ["E1005"]
    );
    assert_eq!(
        common::error_codes(&format!(
            "{base}displace Pawn, by Mover\ndisplace Mover, by Mover\n"
        )),
        ["E1007"]
    );
    assert_eq!(
        common::error_codes(&format!("{base}displace Pawn, by Mover, by Mover\n")),
        ["E0920"]
    );
    assert_eq!(
        common::error_codes(&format!("{base}displace Pawn, by Mover, around same\n")),
        ["E0921"]
    );
    let hex = "game \"t\"\nboard hex 7x6\npiece Mover (M) { step any }\npiece Pawn (P) { }\n";
    assert_eq!(
        common::error_codes(&format!("{hex}displace Pawn, by Mover\n")),
        ["E1006"]
    );
}
