//! Tags (`tag NAME (MARK) for PIECES`, `tagged NAME`): exact legal moves of hand-made
//! positions, FEN marks written by play and read back to the same position and hash,
//! make/unmake restoring tags, repetitions that tell tagged from untagged pieces, perft
//! against a brute-force count that reads every node back from its FEN, FEN errors and
//! the diagnostics of the declarations.

use piecewise::game::{EndReason, GameResult};
use piecewise::position::FenErrorKind;
use piecewise::Game;

use crate::common;
use common::{legal, play};

fn tags() -> Game {
    common::game("tags")
}

const START: &str =
    "r&n!bqk&bn!r&/p^p^p^p^p^p^p^p^/8/8/8/8/P^P^P^P^P^P^P^P^/R&N!BQK&BN!R& w - - 0 1";

#[test]
fn the_start_position_carries_the_declared_tags() {
    let g = tags();
    assert_eq!(g.start_fen(), Some(START));
    let start = g.start_position().unwrap();
    assert_eq!(g.fen(&start), START);
    let e2 = g.rules().cell("e2").unwrap();
    let e1 = g.rules().cell("e1").unwrap();
    let d1 = g.rules().cell("d1").unwrap();
    assert_eq!(start.tags(e2), 1, "rush is the first tag");
    assert_eq!(start.tags(e1), 4, "kings carry castle, the third");
    assert_eq!(start.tags(d1), 0, "queens carry none");
    assert_eq!(g.position(START).unwrap(), start);
}

#[test]
fn tagged_patterns_apply_while_the_piece_carries_the_tag() {
    let g = tags();
    // d2 without its tag, e2 with; b1 a knight with `spring`, g1 one without.
    let moves = legal(&g, "4k3/8/8/8/8/8/3PP^3/1N!2K1N1 w - - 0 1");
    let want = [
        "b1a3", "b1c3", "b1d3", // d3: the (2,2) spring
        "d2d3", // no rush without the tag
        "e1d1", "e1f1", "e1f2", //
        "e2e3", "e2e4", // the rush
        "g1f3", "g1h3", // no spring without the tag
    ];
    assert_eq!(moves, want);
    // The second side's tagged pawn rushes down the board; an untagged one does not.
    let moves = legal(&g, "4k3/2p^p4/8/8/8/8/8/4K3 b - - 0 1");
    assert!(moves.contains(&"c7c5".to_string()));
    assert!(!moves.contains(&"d7d5".to_string()));
    // A tagged pawn rushes from any rank, and not through a piece.
    let moves = legal(&g, "4k3/8/8/8/8/P^7/8/4K3 w - - 0 1");
    assert!(moves.contains(&"a3a5".to_string()));
    let moves = legal(&g, "4k3/8/8/8/p7/P^7/8/4K3 w - - 0 1");
    assert!(!moves.iter().any(|m| m.starts_with("a3")));
}

#[test]
fn moving_loses_the_tags_and_fen_reads_back_the_same_position() {
    let g = tags();
    let fen = play(&g, START, &["e2e4", "e7e6", "b1d3", "g8f6"]);
    assert_eq!(
        fen,
        "r&n!bqk&b1r&/p^p^p^p^1p^p^p^/4pn2/8/4P3/3N4/P^P^P^P^1P^P^P^/R&1BQK&BN!R& w - - 2 3"
    );
    // The FEN read back is the position play reached, with the same hash.
    let mut pos = g.start_position().unwrap();
    for m in ["e2e4", "e7e6", "b1d3", "g8f6"] {
        let mv = g.parse_uci(&pos, m).unwrap();
        g.make(&mut pos, &mv);
    }
    let back = g.position(&fen).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.hash(), pos.hash());
    // The knight on d3 lost `spring`: no (2,2) from there; e4 and e6 lost `rush`.
    let moves = legal(&g, &fen);
    assert!(!moves.contains(&"d3f5".to_string()) && !moves.contains(&"d3b5".to_string()));
    assert!(moves.contains(&"g1e3".to_string()), "g1 still springs");
    assert!(!moves.contains(&"e4e6".to_string()));
    // Tags are hashed: the same board without a tag hashes differently.
    let a = g.position("4k3/8/8/8/8/8/4P^3/4K3 w - - 0 1").unwrap();
    let b = g.position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn promotion_capture_and_castling_lose_tags() {
    let g = tags();
    // A capture takes the victim's tag with it; castling moves king and rook.
    assert_eq!(
        play(&g, "4k3/8/8/8/8/3n!4/4P^3/4K&2R& w - - 0 1", &["e2d3"]),
        "4k3/8/8/8/8/3P4/8/4K&2R& b - - 0 1"
    );
    // A piece placed by the board editor carries its kind's tags.
    let pos = g.position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let c2 = g.rules().cell("c2").unwrap();
    let pawn = g.rules().piece("P").unwrap();
    let placed = g
        .with_piece(&pos, c2, Some((piecewise::ids::Side::First, pawn)))
        .unwrap();
    assert_eq!(g.fen(&placed), "4k3/8/8/8/8/8/2P^5/4K3 w - - 0 1");
}

/// Every legal move from `fen`: made, then unmade, leaves the position and hash as they
/// were; made, its tags are those the FEN written for it reads back.
#[test]
fn make_and_unmake_restore_tags() {
    let g = tags();
    for fen in [
        START,
        "r&3k&2r&/p^1p^2p^2/1n!6/8/8/1N!6/P^1P2P^2/R&3K&2R& w - - 0 1",
        "4k3/1P^6/8/2pP^4/8/8/8/4K3 w - c6 0 1",
    ] {
        let mut pos = g.position(fen).unwrap();
        let before = pos.clone();
        for m in g.legal_moves(&before) {
            let undo = g.make(&mut pos, &m);
            // FEN writes an en passant cell only where a capture is possible; the
            // tags must come back exactly.
            let back = g.position(&g.fen(&pos)).unwrap();
            for c in 0..g.cell_count() {
                let c = piecewise::ids::CellId(c as u16);
                assert_eq!(back.tags(c), pos.tags(c), "{fen} {}", g.uci(&m));
            }
            if pos.en_passant().is_none() {
                assert_eq!(back, pos, "{fen} {}", g.uci(&m));
                assert_eq!(back.hash(), pos.hash(), "{fen} {}", g.uci(&m));
            }
            g.unmake(&mut pos, undo);
            assert_eq!(pos, before, "{fen} {}", g.uci(&m));
            assert_eq!(pos.hash(), before.hash());
        }
    }
}

#[test]
fn perft_agrees_with_a_brute_force_count() {
    let g = tags();
    let start = g.start_position().unwrap();
    for depth in 1..=3 {
        assert_eq!(
            g.perft(&start, depth),
            common::perft_through_fen(&g, &start, depth),
            "depth {depth}"
        );
    }
    let mid = g
        .position("r&3k&2r&/p^1p^2p^2/1n!6/8/8/1N!6/P^1P2P^2/R&3K&2R& w - - 0 1")
        .unwrap();
    assert_eq!(g.perft(&mid, 3), common::perft_through_fen(&g, &mid, 3));
}

#[test]
fn from_the_start_tags_count_as_initial_does() {
    // From the start position a piece carries its tag exactly while it has not moved,
    // so the same game written with `initial` counts the same.
    let src = common::rules_source("tags");
    let initial: String = src
        .lines()
        .filter(|l| !l.starts_with("tag "))
        .map(|l| {
            l.replace("tagged rush", "initial")
                .replace("tagged spring", "initial")
                .replace(", tagged castle", "")
                .replace(" w - - 0 1", " w KQkq - 0 1")
                + "\n"
        })
        .collect();
    let g = tags();
    let h = Game::compile(&initial).unwrap();
    let (a, b) = (g.start_position().unwrap(), h.start_position().unwrap());
    assert_eq!(g.perft(&a, 4), 272_622);
    assert_eq!(h.perft(&b, 4), 272_622);
    // Castling by tags counts as castling by FEN's rights, both sides, all four ways.
    let tagged = "r&3k&2r&/8/8/3b4/4B3/8/8/R&3K&2R& w - - 0 1";
    let lettered = "r3k2r/8/8/3b4/4B3/8/8/R3K2R w KQkq - 0 1";
    let (a, b) = (g.position(tagged).unwrap(), h.position(lettered).unwrap());
    assert_eq!(g.perft(&a, 3), h.perft(&b, 3));
}

#[test]
fn a_lost_tag_makes_a_different_position_for_repetition() {
    let g = tags();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    // After two rounds the knights are home twice without their tags, and the start
    // (with them) stood once: no threefold repetition yet, as there is in chess.
    let moves: Vec<&str> = shuffle.iter().chain(&shuffle).copied().collect();
    let line = g.line_from_uci(START, &moves).unwrap();
    assert_eq!(g.optional_end(&line), None);
    let moves: Vec<&str> = shuffle.iter().cycle().take(12).copied().collect();
    let line = g.line_from_uci(START, &moves).unwrap();
    assert_eq!(
        g.optional_end(&line),
        Some(GameResult {
            winner: None,
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn fen_tag_errors_say_what_and_where() {
    let g = tags();
    let fen = "4k3/8/8/8/8/8/8/R^3K3 w - - 0 1";
    let e = g.position(fen).unwrap_err();
    assert_eq!(e.offset(), fen.find('^').unwrap());
    assert!(
        matches!(e.kind(), FenErrorKind::TagNotCarried { .. }),
        "{e:?}"
    );
    assert!(e
        .to_string()
        .contains("`^` marks tag `rush`, which a `Rook` never carries"));
    let fen = "4k3/8/8/8/8/8/P^^7/4K3 w - - 0 1";
    let e = g.position(fen).unwrap_err();
    assert_eq!(e.offset(), fen.find("^^").unwrap() + 1);
    assert!(matches!(e.kind(), FenErrorKind::TagTwice { .. }), "{e:?}");
    // Games without tags read a mark as what it is: an unexpected character.
    let chess = common::game("chess");
    assert!(chess.position("4k3/8/8/8/8/8/P^7/4K3 w - - 0 1").is_err());
}

use common::check_codes as codes;

#[test]
fn tag_declarations_have_diagnostics() {
    let base = "board square 5x5\npiece King (K) { step any }\npiece Duck (D) { }\n";
    let pawn = "piece Pawn (P) { ride forward 2, tagged rush }\n";
    assert!(codes(&format!("{base}{pawn}tag rush (^) for Pawn\n")).is_empty());
    assert_eq!(codes(&format!("{base}{pawn}")), ["E0926"]);
    assert_eq!(
        codes(&format!(
            "{base}{pawn}tag rush (^) for Pawn\ntag rush (&) for King\n"
        )),
        ["E0927"]
    );
    assert_eq!(
        codes(&format!(
            "{base}{pawn}tag rush (^) for Pawn\ntag jump (^) for King\n"
        )),
        ["E0927"]
    );
    assert_eq!(
        codes(&format!("{base}{pawn}tag rush (x) for Pawn\n")),
        ["E0928"]
    );
    assert_eq!(
        codes(&format!("{base}{pawn}tag rush (^^) for Pawn\n")),
        ["E0928"]
    );
    let two = "piece Pawn (P) { ride forward 2, tagged rush\n step forward, initial }\n";
    assert_eq!(
        codes(&format!("{base}{two}tag rush (^) for Pawn\n")),
        ["E0929"]
    );
    let both = "piece Pawn (P) { ride forward 2, tagged rush, initial }\n";
    assert_eq!(
        codes(&format!("{base}{both}tag rush (^) for Pawn\n")),
        ["E0929"]
    );
    assert_eq!(
        codes(&format!("{base}{pawn}tag rush (^) for King\n")),
        ["E0930"]
    );
    assert_eq!(
        codes(&format!(
            "{base}{pawn}tag rush (^) for Pawn | Duck\nneutral Duck\n"
        )),
        ["E0931"]
    );
    assert_eq!(
        codes(&format!("{base}{pawn}tag rush (^) for Dragon\n")),
        ["E0304"]
    );
}

/// Runs the CLI and returns its standard output (panics on failure).
fn cli(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_piecewise"))
        .args(args)
        .current_dir(common::root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_cli_reads_and_writes_tag_marks() {
    let fen = "4k3/8/8/8/8/8/3PP^3/1N!2K1N1 w - - 0 1";
    // `tree` and `moves --pseudo` read the marks: the rush and the spring only where
    // the piece carries its tag.
    let tree = cli(&["tree", "rules/tags.rules", "--fen", fen, "--from", "e2"]);
    assert!(tree.contains("\n  e3* e4*\n"), "{tree}");
    let tree = cli(&["tree", "rules/tags.rules", "--fen", fen, "--from", "d2"]);
    assert!(!tree.contains("d4"), "{tree}");
    let pseudo = |from| {
        cli(&[
            "moves",
            "rules/tags.rules",
            "--pseudo",
            "--fen",
            fen,
            "--from",
            from,
        ])
    };
    assert_eq!(pseudo("b1"), "b1a3\nb1c3\nb1d3\n");
    assert_eq!(pseudo("g1"), "g1f3\ng1h3\n");
    // `play` writes them; `show` draws them with a legend.
    assert_eq!(
        cli(&["play", "rules/tags.rules", "--fen", fen, "e2e4"]),
        "4k3/8/8/8/4P3/8/3P4/1N!2K1N1 b - - 0 1\n"
    );
    let svg = cli(&["show", "rules/tags.rules", "--fen", fen, "-o", "-"]);
    assert!(
        svg.contains(">P^<") && svg.contains(">N!<"),
        "tagged pieces drawn with marks"
    );
    assert!(svg.contains("tags: ^ rush, ! spring"));
}
