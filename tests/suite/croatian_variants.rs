//! Two Croatian Chess variants from the rule book's smaller boards:
//! `rules/croatian-ties.rules` (10×10, the Pegasus) and `rules/croatian-mayan.rules`
//! (12×12, the Pyramid: passive, activated by any own piece, a cascade to another
//! Pyramid). Perft 1-2 from the book's start positions and the legal moves of
//! hand-made Mayan positions with activations, each against an independent brute-force
//! generator written from the book's rules as the files cover them
//! (`croatian_brute/mod.rs`, shared with `croatian_waves.rs`); path trees of
//! a Pegasus and of an activation (insta snapshots, checked by hand); the rush and
//! castling rights as per-piece tags (also Miranda's Veil's); a Pawn that activates
//! on its last rank promotes.

use crate::common;

use crate::croatian_brute as brute;

use brute::{MAYAN, TIES};
use piecewise::Game;

fn start_fen(g: &Game) -> String {
    g.fen(&g.start_position().unwrap())
}

#[test]
fn croatian_ties_perft_from_the_start_agrees_with_a_brute_force_count() {
    let g = common::game("croatian-ties");
    let fen = start_fen(&g);
    assert_eq!(
        fen,
        "r&enbqk&bner&/p^p^p^p^p^p^p^p^p^p^/10/10/10/10/10/10/P^P^P^P^P^P^P^P^P^P^/R&ENBQK&BNER& w - - 0 1"
    );
    let pos = g.start_position().unwrap();
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            brute::perft_of(TIES, &fen, depth),
            "depth {depth}"
        );
    }
}

#[test]
fn mayan_ascendancy_perft_from_the_start_agrees_with_a_brute_force_count() {
    let g = common::game("croatian-mayan");
    let fen = start_fen(&g);
    assert_eq!(
        fen,
        "r&eanbqk&bnaer&/p^p^p^p^p^p^p^p^p^p^p^p^/12/12/12/12/12/12/12/12/P^P^P^P^P^P^P^P^P^P^P^P^/R&EANBQK&BNAER& w - - 0 1"
    );
    let pos = g.start_position().unwrap();
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            brute::perft_of(MAYAN, &fen, depth),
            "depth {depth}"
        );
    }
}

/// Hand-made Mayan positions with activations (a Rook, a Pawn on its capture cell, a
/// cascade to the second Pyramid, a Pyramid that may not take the King), castling and
/// en passant out of reach: the legal moves and perft 2 agree with the brute force.
#[test]
fn mayan_activations_agree_with_a_brute_force_generator() {
    let g = common::game("croatian-mayan");
    for fen in [
        "6k5/12/12/12/12/12/12/12/2p9/12/1A1A8/3R2K5 w - - 0 1",
        "6k5/12/3r8/12/12/12/12/12/12/2A9/1P6A3/4N1K5 w - - 0 1",
        "1k10/12/12/1A10/12/12/12/12/12/12/12/1R4K5 w - - 0 1",
        "6k5/12/12/12/12/4e7/12/12/12/a1a9/1P10/2N3K5 b - - 0 1",
        // A Pawn that activates its Pyramid on the last rank promotes there.
        "1A4k5/P11/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
    ] {
        let got = common::legal(&g, fen);
        assert_eq!(got, brute::legal(MAYAN, fen), "{fen}");
        assert!(got.iter().any(|m| m.contains('>')), "{fen}: an activation");
        let pos = g.position(fen).unwrap();
        assert_eq!(g.perft(&pos, 2), brute::perft_of(MAYAN, fen, 2), "{fen}");
    }
}

/// A Pawn that activates its Pyramid on the last rank promotes there, as its own ply
/// does (one move per choice, each played as written), and the Pyramid rides on.
#[test]
fn a_pawn_activating_on_its_last_rank_promotes() {
    let g = common::game("croatian-mayan");
    let fen = "1A4k5/P11/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1";
    let moves = common::legal(&g, fen);
    for c in ['q', 'r', 'b', 'n', 'e', 'a'] {
        assert!(moves.contains(&format!("a11b12{c}>b5")), "{c}");
    }
    assert_eq!(
        common::play(&g, fen, &["a11b12q>b5"]),
        "1Q4k5/12/12/12/12/12/12/1A10/12/12/12/6K5 b - - 0 1"
    );
    assert_eq!(
        common::play(&g, fen, &["a11b12n>b5"]),
        "1N4k5/12/12/12/12/12/12/1A10/12/12/12/6K5 b - - 0 1"
    );
    common::make_unmake_round_trip(&g, fen);
}

use common::cli::tree;

/// Croatian Ties has no piece that activates or is activated: the Pegasus's tree from
/// b1 at the start (c3 d5 e7 and the black pawn f9 it may capture; a3 and then off the
/// board; d2 its own pawn, a stop), with no `activations` section.
#[test]
fn the_pegasus_tree_in_croatian_ties() {
    let fen = "r&enbqk&bner&/p^p^p^p^p^p^p^p^p^p^/10/10/10/10/10/10/P^P^P^P^P^P^P^P^P^P^/R&ENBQK&BNER& w - - 0 1";
    let text = tree("rules/croatian-ties.rules", fen, "b1", false);
    assert!(text.contains("c3* d5* e7* f9x"), "{text}");
    assert!(!text.contains("activations:"));
    insta::assert_snapshot!("ties_pegasus", text);
}

/// The Rook on d1 activates the Pyramid on d2 (`d2>`); the Pyramid, ply 2, rides as a
/// rook with its own moves: up the d-file, along rank 2 to c2 and to the Pyramid on b2,
/// which it may activate (ply 3), and to d1, the Rook's start, empty now. The Pyramid
/// on b2 then rides from b2: right to c2 only, stopped at d2 by the Rook that stands
/// there now (a piece of the cascade; it is not a Pyramid either).
#[test]
fn a_cascade_of_pyramids_in_mayan_ascendancy() {
    let fen = "6k5/12/12/12/12/12/12/12/2p9/12/1A1A8/3R2K5 w - - 0 1";
    let text = tree("rules/croatian-mayan.rules", fen, "d1", false);
    assert!(
        text.contains("d2>  [meets friend A (white Pyramid): activate]"),
        "{text}"
    );
    assert!(text.contains("ply 2: white Pyramid on d2, with its own moves"));
    assert!(text.contains("ply 3: white Pyramid on b2, with its own moves"));
    insta::assert_snapshot!("mayan_rook_pyramid_pyramid", text);
    insta::assert_snapshot!(
        "mayan_rook_pyramid_pyramid_json",
        tree("rules/croatian-mayan.rules", fen, "d1", true)
    );
}

/// The rush right and the castling rights are the book's per-piece tags in Croatian
/// Ties, Mayan Ascendancy and Miranda's Veil (`P^`, `K&`, `R&`): by hand, a Pawn on e2
/// rushes 2 to 3 / 4 / 6 cells only while it carries `^`, and the King castles toward a
/// Rook (2 or 3 / 2 to 4 / 2 to 6 cells) only while both carry `&`. In Ties, a Rook
/// that moves and comes back has lost its tag, read back through FEN, and castling
/// takes both pieces' tags.
#[test]
fn rush_and_castling_by_tag_in_ties_mayan_and_miranda() {
    let from = |g: &Game, fen: &str, cells: &[&str]| -> Vec<String> {
        common::legal(g, fen)
            .into_iter()
            .filter(|m| cells.iter().any(|c| m.starts_with(c)))
            .collect()
    };
    let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let ties = common::game("croatian-ties");
    let tagged = "5k4/10/10/10/10/10/10/10/4P^5/R&4K&3R& w - - 0 1";
    assert_eq!(
        from(&ties, tagged, &["e2", "f1"]),
        words("e2e3 e2e4 e2e5 f1c1 f1d1 f1e1 f1f2 f1g1 f1g2 f1h1 f1i1")
    );
    let untagged = "5k4/10/10/10/10/10/10/10/4P5/R&4K&3R w - - 0 1";
    assert_eq!(
        from(&ties, untagged, &["e2", "f1"]),
        words("e2e3 f1c1 f1d1 f1e1 f1f2 f1g1 f1g2")
    );
    assert_eq!(
        common::play(&ties, tagged, &["j1i1", "f10f9", "i1j1"]),
        "10/5k4/10/10/10/10/10/10/4P^5/R&4K&3R b - - 3 2"
    );
    assert_eq!(
        common::play(&ties, untagged, &["f1d1"]),
        "5k4/10/10/10/10/10/10/10/4P5/3KR4R b - - 1 1"
    );
    common::make_unmake_round_trip(&ties, tagged);

    let mayan = common::game("croatian-mayan");
    assert_eq!(
        from(
            &mayan,
            "6k5/12/12/12/12/12/12/12/12/12/4P^7/R&5K&4R& w - - 0 1",
            &["e2", "g1"]
        ),
        words("e2e3 e2e4 e2e5 e2e6 g1c1 g1d1 g1e1 g1f1 g1f2 g1g2 g1h1 g1h2 g1i1 g1j1 g1k1")
    );
    assert_eq!(
        from(
            &mayan,
            "6k5/12/12/12/12/12/12/12/12/12/4P7/R5K4R w - - 0 1",
            &["e2", "g1"]
        ),
        words("e2e3 g1f1 g1f2 g1g2 g1h1 g1h2")
    );

    let miranda = common::game("croatian-miranda");
    let tagged = "8k7/16/16/16/16/16/16/16/16/16/16/16/16/16/4P^11/R&7K&6R& w - - 0 1";
    assert_eq!(
        from(&miranda, tagged, &["e2", "i1"]),
        words(
            "e2e3 e2e4 e2e5 e2e6 e2e7 e2e8 i1c1 i1d1 i1e1 i1f1 i1g1 i1h1 i1h2 i1i2 i1j1 \
             i1j2 i1k1 i1l1 i1m1 i1n1 i1o1"
        )
    );
    assert_eq!(
        from(
            &miranda,
            "8k7/16/16/16/16/16/16/16/16/16/16/16/16/16/4P11/R7K6R w - - 0 1",
            &["e2", "i1"]
        ),
        words("e2e3 i1h1 i1h2 i1i2 i1j1 i1j2")
    );
    common::make_unmake_round_trip(&miranda, tagged);
}
