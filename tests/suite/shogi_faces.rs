//! Two-faced pieces (issue 31): Kyoto shogi, whose pieces turn over with every move, and
//! Micro shogi, whose pieces turn over when they capture; both drop a piece as either
//! face. The expected answers are Fairy-Stockfish's (pyffish 0.0.90: `legal_moves` and
//! `get_fen` on the same FEN and moves, perft counted over `legal_moves`);
//! tests/differential/catalogue.py compares the two on random games.

use crate::common;

use common::{check_codes, game, legal, play};

#[test]
fn kyoto_shogi_counts_as_fairy_stockfish_from_the_start() {
    let kyoto = game("kyotoshogi");
    let start = kyoto.start_position().unwrap();
    // pyffish: the plain faces promote (`+`), the promoted ones demote (`-`), the king
    // does neither.
    assert_eq!(
        legal(&kyoto, "p+nks+l/5/5/5/+LSK+NP[-] w 0 1"),
        [
            "a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+", "c1b2", "c1c2", "c1d2", "d1c2-", "d1d2-",
            "d1e2-", "e1e2+"
        ]
    );
    assert_eq!(kyoto.perft(&start, 3), 1636);
}

#[test]
fn a_kyoto_piece_turns_over_and_drops_as_either_face() {
    let kyoto = game("kyotoshogi");
    // The silver on c2 takes the rook (a promoted pawn) on c3 and becomes a bishop; the
    // rook goes to the hand as a pawn (pyffish's FEN).
    assert_eq!(
        legal(&kyoto, "k4/5/2+p2/2S2/K4[-] w 0 1"),
        ["a1a2", "a1b1", "a1b2", "c2b1+", "c2b3+", "c2c3+", "c2d1+", "c2d3+"]
    );
    assert_eq!(
        play(&kyoto, "k4/5/2+p2/2S2/K4[-] w 0 1", &["c2c3+"]),
        "k4/5/2+S2/5/K4[P] b - - 0 1"
    );
    // A pawn in hand drops as a pawn or as a rook, on every empty cell (pyffish: 22
    // cells each, the last rank included).
    let drops: Vec<String> = legal(&kyoto, "k4/5/2+p2/5/K4[Pp] w 0 1")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), 44);
    assert!(drops.contains(&"+P@e5".to_string()) && drops.contains(&"P@e5".to_string()));
    // Dropped as a rook, it demotes with its first move.
    let fen = play(&kyoto, "k4/5/5/5/K4[P] w 0 1", &["+P@c1", "a5b5", "c1c4-"]);
    assert_eq!(fen, "1k3/2P2/5/5/K4[] b - - 2 2");
}

#[test]
fn micro_shogi_turns_a_piece_over_only_when_it_captures() {
    let micro = game("micro");
    let start = micro.start_position().unwrap();
    assert_eq!(micro.perft(&start, 3), 767);
    // pyffish: the bishop's capture promotes it (to a gold), its quiet moves do not.
    assert_eq!(
        legal(&micro, "k3/4/2p1/1B2/K3[] w 0 1"),
        ["a1a2", "a1b1", "b2a3", "b2c1", "b2c3+"]
    );
    // The gold that was a bishop moves as a gold and demotes when it captures.
    assert_eq!(
        legal(&micro, "k3/4/2p1/1+B2/K3[] w 0 1"),
        ["a1a2", "a1b1", "b2a2", "b2a3", "b2b1", "b2b3", "b2c2", "b2c3-"]
    );
    assert_eq!(
        play(&micro, "k3/4/2p1/1+B2/K3[] w 0 1", &["b2c3-"]),
        "k3/4/2B1/4/K3[P] b - - 0 1"
    );
    assert_eq!(
        play(&micro, "k3/4/2p1/1+B2/K3[] w 0 1", &["b2b3"]),
        "k3/4/1+Bp1/4/K3[] b - - 1 1"
    );
}

#[test]
fn either_face_needs_a_promoted_face_and_on_capture_excludes_on_entry() {
    let src = |drop: &str, promotion: &str| {
        format!(
            "board square 3x3\nzone all = a1-c3\nhand\n{drop}\n{promotion}\n\
             piece Pawn (P) {{ step forward }}\npiece Rook (+P) {{ ride orthogonal }}\n\
             piece Gold (G) {{ step any }}\n"
        )
    };
    let turn = "promotion Pawn to Rook in all";
    assert!(check_codes(&src("drop Pawn, either face", turn)).is_empty());
    // The gold has no `+G` face.
    assert_eq!(
        check_codes(&src("drop Pawn | Gold, either face", turn)),
        ["E0985"]
    );
    assert_eq!(
        check_codes(&src(
            "drop Pawn",
            "promotion Pawn to Rook in all, on capture, on entry or capture"
        )),
        ["E0986"]
    );
}
