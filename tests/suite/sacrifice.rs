//! `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]` (docs/language.md,
//! "sacrifice"): the sacrifice move. The Croatian Serpent's Pawn-sacrifice (Tamoanchan
//! Revisited, "Pawn-sacrifice move", `scn_tr_31`..`scn_tr_33`) in the book's own
//! position: the Serpent activates its own Pyramid on a ritual-starting field, the
//! Pyramid takes an own Pawn one step away (oblation), and the Serpent's new ply
//! from the Pyramid's field captures or displaces the Pawns it meets, and nothing
//! else; each move made and unmade back to the same position and hash, its UCI read
//! back; and the declaration's diagnostics.

use crate::common;
use piecewise::game::SideChange;

/// The book's position before the sacrifice (`scn_tr_31`), with Kings far away: light
/// Serpent c4, light Pyramid b4, light Pawns b3, b6 and h8, dark Pawns b8, c9 and g9,
/// dark Wave e9, dark Bishop b10.
fn tr_31() -> Vec<(&'static str, char)> {
    vec![
        ("b3", 'P'),
        ("b4", 'A'),
        ("c4", 'S'),
        ("b6", 'P'),
        ("b8", 'p'),
        ("h8", 'P'),
        ("c9", 'p'),
        ("e9", 'w'),
        ("g9", 'p'),
        ("b10", 'b'),
        ("l1", 'K'),
        ("l22", 'k'),
    ]
}

#[test]
fn the_serpent_sacrifices_a_pawn_and_takes_or_displaces_the_pawns_it_meets() {
    let g = common::game("croatian-tamoanchan");
    let fen = common::cells_fen(22, &tr_31(), 'w');
    let moves = common::legal(&g, &fen);
    // The book's whole move (scn_tr_33): the Pyramid b4 takes the own Pawn b3; the
    // Serpent from b4 takes the light Pawn A (b6), the dark b8, displaces the dark Pawn
    // B (c9 to c10), passes over the dark Wave e9, takes g9, and ends on h8, the light
    // Pawn C displaced to h9.
    let book = "c4h8xb3xb6xb8xg9/b4b3/c9c10/h8h9";
    assert!(moves.iter().any(|m| m == book), "{}", moves.len());
    // The move may end after the oblation, the Serpent on the Pyramid's field.
    assert!(moves.iter().any(|m| m == "c4b4xb3/b4b3"));
    // The tagged Serpent interacts only with Pawns: never the dark Bishop b10 (red in
    // scn_tr_32), never a stop on the dark Wave e9 (it passes over it).
    let sacrifices: Vec<&String> = moves.iter().filter(|m| m.contains("/b4b3")).collect();
    assert!(sacrifices.len() > 1000, "{}", sacrifices.len());
    assert!(!sacrifices
        .iter()
        .any(|m| m.contains("b10") || m.starts_with("c4e9")));
    // Every sacrifice starts with the oblation of b3 by the Pyramid on b4: the only
    // own Pawn one step from it.
    assert!(sacrifices.iter().all(|m| m.contains("xb3")));
    // Made, the pieces stand where the book draws them (scn_tr_33).
    let after = common::play(&g, &fen, &[book]);
    let want = common::cells_fen(
        22,
        &[
            ("b3", 'A'),
            ("h8", 'S'),
            ("e9", 'w'),
            ("h9", 'P'),
            ("b10", 'b'),
            ("c10", 'p'),
            ("l1", 'K'),
            ("l22", 'k'),
        ],
        'b',
    );
    assert_eq!(after.split(' ').next(), want.split(' ').next());
    // The paths the game gives for the move: the Serpent's ply b4 .. h8.
    let pos = g.position(&fen).unwrap();
    let c4 = g.rules().cell("c4").unwrap();
    let plies = g.sacrifice_plies(&pos, c4);
    let book_path = ["c5", "b6", "c7", "b8", "c9", "d8", "e9", "f8", "g9", "h8"];
    let ply = plies
        .iter()
        .find(|p| {
            g.uci(&p.mv) == book && p.path.iter().map(|&c| g.rules().cell_name(c)).eq(book_path)
        })
        .expect("the book's ply, by the book's path");
    assert_eq!(g.rules().cell_name(ply.officiant), "b4");
    assert_eq!(g.rules().cell_name(ply.oblation), "b3");
}

#[test]
fn no_sacrifice_without_an_own_pyramid_beside_or_an_own_pawn_beside_it() {
    let g = common::game("croatian-tamoanchan");
    // A dark Pyramid beside the light Serpent: not its own.
    let mut pieces = tr_31();
    pieces[1] = ("b4", 'a');
    let moves = common::legal(&g, &common::cells_fen(22, &pieces, 'w'));
    assert!(!moves.iter().any(|m| m.contains("/b4b3")));
    // A dark Pawn beside the Pyramid: no oblation of an opponent's Pawn.
    let mut pieces = tr_31();
    pieces[0] = ("b3", 'p');
    let moves = common::legal(&g, &common::cells_fen(22, &pieces, 'w'));
    assert!(!moves.iter().any(|m| m.contains("/b4b3")));
    // The Pyramid two steps from the Serpent: no ritual-starting field.
    let mut pieces = tr_31();
    pieces[2] = ("d4", 'S');
    let moves = common::legal(&g, &common::cells_fen(22, &pieces, 'w'));
    assert!(!moves.iter().any(|m| m.contains("/b4b3")));
}

#[test]
fn every_sacrifice_made_and_unmade_restores_the_position_and_its_hash_and_reads_back() {
    let g = common::game("croatian-tamoanchan");
    // Fewer Pawns than the book's, to keep the count small: the Serpent meets b6, b8.
    let fen = common::cells_fen(
        22,
        &[
            ("b3", 'P'),
            ("b4", 'A'),
            ("c4", 'S'),
            ("b6", 'P'),
            ("b8", 'p'),
            ("d7", 'w'),
            ("l1", 'K'),
            ("l22", 'k'),
        ],
        'w',
    );
    let moves = common::make_unmake_round_trip(&g, &fen);
    let pos = g.position(&fen).unwrap();
    let sacrifices: Vec<_> = moves
        .iter()
        .filter(|m| {
            m.side_changes()
                .next()
                .is_some_and(|c| matches!(c, SideChange::Displace { .. }))
                && m.passing_captures().next().is_some()
        })
        .collect();
    assert!(sacrifices.len() > 20, "{}", sacrifices.len());
    // Captures in passing and displacements in one move.
    assert!(sacrifices
        .iter()
        .any(|m| m.passing_captures().count() == 2 && m.side_changes().count() == 2));
    for m in &sacrifices {
        let text = g.uci(m);
        assert_eq!(g.parse_uci(&pos, &text).as_ref(), Some(*m), "{text}");
    }
}

#[test]
fn sacrifice_declarations_have_their_diagnostics() {
    let base = "game \"t\"\nboard square 8x8\npiece Mover (M) { step any }\n\
                piece Priest (R) { step orthogonal }\npiece Pawn (P) { }\n";
    assert!(common::error_codes(&format!(
        "{base}sacrifice Pawn, by Mover, through Priest, around any\n"
    ))
    .is_empty());
    assert_eq!(
        common::error_codes(&format!("{base}sacrifice Pawn, through Priest\n")),
        ["E1013"]
    );
    assert_eq!(
        common::error_codes(&format!("{base}sacrifice Pawn, by Mover\n")),
        ["E1013"]
    );
    assert_eq!(
        common::error_codes(&format!("{base}sacrifice Pawn, by Mover, through Mover\n")),
        ["E1015"]
    );
    assert_eq!(
        common::error_codes(&format!(
            "{base}sacrifice Pawn, by Mover, through Priest\nsacrifice Priest, by Mover, through Pawn\n"
        )),
        ["E1016"]
    );
    assert_eq!(
        common::error_codes(&format!(
            "{base}sacrifice Pawn, by Mover, through Priest, through Priest\n"
        )),
        ["E0920"]
    );
    let hex = "game \"t\"\nboard hex 7x6\npiece Mover (M) { step any }\n\
               piece Priest (R) { step any }\npiece Pawn (P) { }\n";
    assert_eq!(
        common::error_codes(&format!("{hex}sacrifice Pawn, by Mover, through Priest\n")),
        ["E1014"]
    );
}
