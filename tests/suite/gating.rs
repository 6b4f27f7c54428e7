//! `gating PIECES in ZONE [, no drops]` (issue 31): pieces in hand that enter on the
//! cell a first move leaves, with their rights in the FEN's castling field, as
//! Fairy-Stockfish plays Seirawan chess and S-House. Every figure and FEN here is
//! pyffish 0.0.90's.

use crate::common;
use piecewise::game::Game;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
const ROOKS: &str = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1";

fn perft(g: &Game, fen: &str, depth: u32) -> u64 {
    let pos = g.position(fen).unwrap();
    g.perft(&pos, depth)
}

#[test]
fn seirawan_perft_from_the_start_is_pyffishs() {
    let g = common::game("seirawan");
    assert_eq!(g.start_fen(), Some(START));
    assert_eq!(perft(&g, START, 1), 28);
    assert_eq!(perft(&g, START, 2), 784);
    assert_eq!(perft(&g, START, 3), 24830);
}

#[test]
fn shouse_perft_from_the_start_is_pyffishs() {
    let g = common::game("shouse");
    assert_eq!(perft(&g, START, 1), 92);
    assert_eq!(perft(&g, START, 2), 7944);
    let pos = g.position(START).unwrap();
    assert_eq!(common::perft_through_fen(&g, &pos, 2), 7944);
}

#[test]
fn a_first_move_may_bring_a_piece_from_the_hand() {
    let g = common::game("seirawan");
    let moves = common::legal(&g, START);
    for m in ["g1f3", "g1f3h", "g1f3e", "b1c3e"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    // Pawns leave no back-rank cell: no gating.
    assert!(!moves.iter().any(|m| m.starts_with("e2") && m.len() == 5));
    assert_eq!(
        common::play(&g, START, &["g1f3h"]),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    // Both hands empty: the rights are gone with them (captures are not kept).
    assert_eq!(
        common::play(&g, START, &["g1f3h", "g8f6e", "b1c3e", "b8c6h"]),
        "rhbqkber/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[] w KQkq - 4 3"
    );
}

#[test]
fn castling_gates_on_the_kings_or_the_rooks_cell() {
    let g = common::game("seirawan");
    let moves = common::legal(&g, ROOKS);
    assert_eq!(moves.len(), 82);
    for m in ["e1g1", "e1g1e", "e1g1h", "h1e1h", "a1e1e", "e1c1h", "a1a8e"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert_eq!(
        common::play(&g, ROOKS, &["e1g1e"]),
        "r3k2r/8/8/8/8/8/8/R3ERK1[Heh] b Akq - 1 1"
    );
    assert_eq!(
        common::play(&g, ROOKS, &["h1e1h"]),
        "r3k2r/8/8/8/8/8/8/R4RKH[Eeh] b Akq - 1 1"
    );
    assert_eq!(
        common::play(&g, ROOKS, &["e1c1h", "e8g8"]),
        "r4rk1/8/8/8/8/8/8/2KRH2R[Eeh] w Ha - 2 2"
    );
    assert_eq!(
        common::play(&g, ROOKS, &["a1e1e", "h8e8h"]),
        "r4rkh/8/8/8/8/8/8/E1KR3R[He] w Ha - 2 2"
    );
    common::make_unmake_round_trip(&g, ROOKS);
    // SAN as Fairy-Stockfish writes it: `/`, the piece and, castling, its cell.
    let pos = g.position(ROOKS).unwrap();
    let sans: Vec<String> = ["e1g1e", "h1e1h", "a1e1e", "e1c1h"]
        .iter()
        .map(|m| g.san(&pos, &g.parse_uci(&pos, m).unwrap()))
        .collect();
    assert_eq!(sans, ["O-O/Ee1+", "O-O/Hh1", "O-O-O/Ea1", "O-O-O/He1"]);
}

#[test]
fn the_entering_piece_shields_nothing() {
    // The bishop f8 is pinned by the queen g8: f8g7 is illegal, and so is f8g7h,
    // though the Hawk would stand on f8 (Fairy-Stockfish's rule).
    let g = common::game("seirawan");
    let fen = "rn2kbQ1/pqp1p2p/1p3B1e/1P1p1p2/3P2b1/6nN/P1PKPP1P/RNE2B1R[Hh] b ABFHqf - 1 14";
    assert!(!common::legal(&g, fen).iter().any(|m| m.starts_with("f8")));
}

#[test]
fn shouse_drops_and_gates_captured_pieces() {
    let g = common::game("shouse");
    assert_eq!(
        common::play(&g, START, &["e2e4", "d7d5", "e4d5", "d8d5", "f1e2h"]),
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPPBPPP/RNBQKHNR[EPehp] b KQBCDGkqbcfg - 1 3"
    );
    let fen = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPPBPPP/RNBQKHNR[EPehp] b KQBCDGkqbcfg - 1 3";
    let moves = common::legal(&g, fen);
    // The pawn taken may be dropped, and gated, but never on the back rank.
    assert!(moves.contains(&"P@d6".to_string()));
    assert!(moves.contains(&"b8c6e".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("b8c6p")));
}

#[test]
fn gating_declarations_are_checked() {
    let base = "board square 8x8\nzone back = rank 1\npiece King (K) { step any }\npiece Hawk (H) { leap (1,2) }\n";
    assert_eq!(
        common::check_codes(&format!("{base}gating Hawk in back\n")),
        ["E0980"]
    );
    assert_eq!(
        common::check_codes(&format!(
            "{base}hand\ngating Hawk in back\ngating Hawk in back\n"
        )),
        ["E0909"]
    );
    let codes = |src: &str| match Game::compile(src) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(|d| d.code.to_string()).collect::<Vec<_>>(),
    };
    let two = format!("{base}zone files_e = file e\nhand\ngating Hawk in files_e\n");
    assert_eq!(codes(&two), ["E0981"]);
    assert!(codes(&format!("{base}hand\ngating Hawk in back, no drops\n")).is_empty());
}
