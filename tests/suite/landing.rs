//! Landing on a piece (`swap`, `capture friend`, `convert`): exact legal moves of
//! hand-made positions, the positions moves leave (as FEN, read back), castling rights a
//! swap takes, make/unmake with the hash, perft against a brute-force count (with the
//! shared counting on in a swap-only game and off where friends are captured or
//! pieces converted), the path tree, the table's new bits, and the diagnostics.

use crate::common;

use crate::common::words;
use common::{legal, play};
use piecewise::game::EndReason;
use piecewise::game::GamePosition;
use piecewise::ids::Side;
use piecewise::table::{self, Node, MEET_CAPTURE, MEET_CONVERT};
use piecewise::Game;

fn game(src: &str) -> Game {
    Game::compile(src).unwrap_or_else(|d| panic!("{d:?}"))
}

fn landing() -> Game {
    common::game("landing")
}

/// Chess whose bishops and knights may also swap with a friend.
const SWAP_CHESS: &str = r#"game "Swap chess"
board square 8x8
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
royal King
castling King e1 to g1 with Rook h1 to f1
castling King e1 to c1 with Rook a1 to d1
en passant Pawn
promotion Pawn to Queen | Rook | Bishop | Knight in last_rank
zone last_rank = rank 8
piece King (K)   { step any }
piece Queen (Q)  { ride any }
piece Rook (R)   { ride orthogonal }
piece Bishop (B) { ride diagonal, swap }
piece Knight (N) { leap (1,2), swap }
piece Pawn (P) {
    step forward, move only
    ride forward 2, move only, initial, en passant
    step forward-diagonal, capture only
}
"#;

/// A piece that may capture any friend, and one that converts what it meets.
const MEETS: &str = "board square 8x8
royal King
piece King (K) { step any }
piece Rook (R) { ride orthogonal }
piece Eater (E) { step any, capture friend }
piece Preacher (P) { ride orthogonal, move only, convert }
";

fn brute_perft(game: &Game, pos: &mut GamePosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in game.legal_moves(pos) {
        let undo = game.make(pos, &m);
        n += brute_perft(game, pos, depth - 1);
        game.unmake(pos, undo);
    }
    n
}

// ---------------------------------------------------------------- swap

#[test]
fn the_shipped_file_swaps_captures_its_own_pawns_and_converts() {
    let g = landing();
    let start = g.start_fen().expect("start").to_string();
    // The Cannibal (b1) may take its d2 pawn; the Swapper (c1) swaps with b1, b2,
    // c2, d1 and d2; the Missionary (f1) has no diagonal open.
    assert_eq!(
        legal(&g, &start),
        words(
            "a2a3 b1a3 b1c3 b1d2 b2b3 c1b1 c1b2 c1c2 c1d1 c1d2 c2c3 d2d3 e2e3 f2f3 g1f3 \
             g1h3 g2g3 h2h3"
        )
    );
    assert_eq!(
        play(&g, &start, &["c1d1"]),
        "rnmkqscr/pppppppp/8/8/8/8/PPPPPPPP/RCQSKMNR b - - 1 1"
    );
    assert_eq!(
        play(&g, &start, &["b1d2"]),
        "rnmkqscr/pppppppp/8/8/8/8/PPPCPPPP/R1SQKMNR b - - 0 1"
    );
}

#[test]
fn a_swap_may_take_the_royal_out_of_check_but_not_into_it() {
    let g = game(SWAP_CHESS);
    // The rook on e8 checks; the knight on g2 may swap with the king (g2e1), which
    // then stands on g2, out of the rook's line.
    assert_eq!(
        legal(&g, "4r2k/8/8/8/8/8/6N1/4K3 w - - 0 1"),
        words("e1d1 e1d2 e1f1 e1f2 g2e1 g2e3")
    );
    assert_eq!(
        play(&g, "4r2k/8/8/8/8/8/6N1/4K3 w - - 0 1", &["g2e1"]),
        "4r2k/8/8/8/8/8/6K1/4N3 b - - 1 1"
    );
    // With a bishop on h3 the king would stand attacked on g2: no swap.
    assert_eq!(
        legal(&g, "4r2k/8/8/8/8/7b/6N1/4K3 w - - 0 1"),
        words("e1d1 e1d2 e1f1 e1f2 g2e3")
    );
}

#[test]
fn a_swapped_rook_or_king_loses_its_castling_rights() {
    let g = game(SWAP_CHESS);
    assert_eq!(
        play(&g, "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1", &["g2h1"]),
        "r3k2r/8/8/8/8/8/6R1/R3K2B b Qkq - 1 1"
    );
    assert_eq!(
        play(&g, "r3k2r/8/8/8/8/8/2N5/R3K2R w KQkq - 0 1", &["c2e1"]),
        "r3k2r/8/8/8/8/8/2K5/R3N2R b kq - 1 1"
    );
}

#[test]
fn a_swap_beside_a_friend_capture_prints_apart_and_reads_back() {
    // One piece may both take the friend on e2 and swap with it: the swap is written
    // with `^` and the start cell, the capture plainly.
    let g = game(
        "board square 8x8
royal King
piece King (K) { step any }
piece Pawn (P) { }
piece Both (B) { step any, swap, capture friend }
",
    );
    let fen = "4k3/8/8/8/8/8/4P3/4B2K w - - 0 1";
    let moves = legal(&g, fen);
    assert!(moves.contains(&"e1e2".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1e2^e1".to_string()), "{moves:?}");
    assert_eq!(play(&g, fen, &["e1e2"]), "4k3/8/8/8/8/8/4B3/7K b - - 0 1");
    assert_eq!(
        play(&g, fen, &["e1e2^e1"]),
        "4k3/8/8/8/8/8/4B3/4P2K b - - 1 1"
    );
}

// ---------------------------------------------------------------- capture friend

#[test]
fn a_friend_capture_never_takes_the_own_royal() {
    let g = game(MEETS);
    // The Eater may take any friend but its king: e1 is not among its moves.
    let fen = "4k3/8/8/8/8/8/3R4/3EK3 w - - 0 1";
    assert_eq!(
        legal(&g, fen),
        words(
            "d1c1 d1c2 d1d2 d1e2 d2a2 d2b2 d2c2 d2d3 d2d4 d2d5 d2d6 d2d7 d2d8 d2e2 d2f2 \
             d2g2 d2h2 e1e2 e1f1 e1f2"
        )
    );
    assert_eq!(play(&g, fen, &["d1d2"]), "4k3/8/8/8/8/8/3E4/4K3 b - - 0 1");
}

// ---------------------------------------------------------------- convert

#[test]
fn a_conversion_turns_the_piece_met_and_may_give_check() {
    let g = game(MEETS);
    let fen = "r6k/8/8/8/8/8/8/P3K3 w - - 0 1";
    assert_eq!(
        legal(&g, fen),
        words("a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8~r a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    // The rook becomes White's; the Preacher stays on a1; Black is in check.
    let after = play(&g, fen, &["a1a8~r"]);
    assert_eq!(after, "R6k/8/8/8/8/8/8/P3K3 b - - 0 1");
    let pos = g.position(&after).unwrap();
    assert!(g.in_check(&pos));
    assert_eq!(legal(&g, &after), words("h8g7 h8h7"));
}

#[test]
fn converting_the_enemy_royal_wins() {
    let g = game(MEETS);
    let after = play(&g, "k7/8/8/8/8/8/8/P3K3 w - - 0 1", &["a1a8~k"]);
    assert_eq!(after, "K7/8/8/8/8/8/8/P3K3 b - - 0 1");
    let result = g.result(&g.position(&after).unwrap()).expect("over");
    assert_eq!(result.winner, Some(Side::First));
    assert_eq!(result.reason, EndReason::RoyalLost);
}

#[test]
fn a_conversion_may_change_the_kind() {
    let g = landing();
    // The Missionary on g1 meets the enemy Missionary on f2: it becomes a white Pawn
    // (`convert Missionary into Pawn`); the knight on d4 behind it is not reached.
    let fen = "4k3/8/8/8/3n4/8/5m2/1C1SK1M1 w - - 0 1";
    let moves = legal(&g, fen);
    assert!(moves.contains(&"g1f2~p".to_string()), "{moves:?}");
    assert_eq!(
        play(&g, fen, &["g1f2~p"]),
        "4k3/8/8/8/3n4/8/5P2/1C1SK1M1 b - - 0 1"
    );
    // With the f2 cell empty it reaches d4 and converts the knight as it is.
    let fen = "4k3/8/8/8/3n4/8/8/1C1SK1M1 w - - 0 1";
    assert_eq!(
        play(&g, fen, &["g1d4~n"]),
        "4k3/8/8/8/3N4/8/8/1C1SK1M1 b - - 0 1"
    );
}

// ---------------------------------------------------------------- make/unmake, perft

#[test]
fn make_and_unmake_restore_position_and_hash() {
    for (g, fen) in [
        (
            landing(),
            "rnmkqscr/pppppppp/8/8/8/8/PPPPPPPP/RCSQKMNR w - - 0 1",
        ),
        (landing(), "4k3/8/8/8/3n4/8/2Pm4/1C1SK1M1 w - - 0 1"),
        (game(SWAP_CHESS), "r3k2r/8/8/8/8/8/2N3B1/R3K2R w KQkq - 0 1"),
        (game(MEETS), "r6k/8/8/8/8/8/3R4/P2EK3 w - - 0 1"),
    ] {
        assert!(!common::make_unmake_round_trip(&g, fen).is_empty());
    }
}

#[test]
fn perft_agrees_with_a_brute_force_count() {
    // Swap chess keeps the quick legality test and the shared counting (swaps are
    // pushes); the shipped file captures friends and converts, so it counts whole
    // lists. Both against make/unmake over the legal moves.
    let swap = game(SWAP_CHESS);
    for (fen, depth) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("4r2k/8/8/8/8/8/6N1/4K3 w - - 0 1", 4),
    ] {
        let mut pos = swap.position(fen).unwrap();
        assert_eq!(
            swap.perft(&pos, depth),
            brute_perft(&swap, &mut pos, depth),
            "{fen}"
        );
    }
    // The same game with a piece that may capture friends added (never on the board)
    // decides legality by playing each move and the replies (`legality::general`), not
    // by attack queries and the quick test: the counts agree.
    let general = game(&format!(
        "{SWAP_CHESS}piece Dummy (D) {{ step any, capture friend }}\n"
    ));
    for (fen, depth) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
        ),
        ("4r2k/8/8/8/8/8/6N1/4K3 w - - 0 1", 4),
    ] {
        let a = swap.perft(&swap.position(fen).unwrap(), depth);
        let b = general.perft(&general.position(fen).unwrap(), depth);
        assert_eq!(a, b, "{fen}");
    }
    assert_eq!(swap.perft(&swap.start_position().unwrap(), 3), 19157);
    let g = landing();
    let mut pos = g.start_position().unwrap();
    assert_eq!(g.perft(&pos, 3), brute_perft(&g, &mut pos, 3));
}

// ---------------------------------------------------------------- tree, table

#[test]
fn the_path_tree_shows_swaps_friend_captures_and_conversions() {
    let g = landing();
    let rules = g.rules();
    let pos = rules
        .position("4k3/8/8/8/3n4/8/2Pm4/1CPSK1M1 w - - 0 1")
        .unwrap();
    let text = |cell: &str| {
        let c = rules.cell(cell).unwrap();
        let tree = rules.path_tree(&pos.cells, c).unwrap();
        (
            tree.to_text(rules.table().table()),
            tree.to_json(rules.table().table()),
        )
    };
    let (swapper, json) = text("d1");
    assert!(
        swapper.contains("c2^  [meets friend P (white Pawn): swap]"),
        "{swapper}"
    );
    assert!(swapper.contains("e1^  [meets friend K (white King): swap]"));
    assert!(json.to_string().contains(r#""swap":true"#), "{json}");
    let (cannibal, _) = text("b1");
    assert!(
        cannibal.contains("d2x  [meets foe m (black Missionary): capture]"),
        "{cannibal}"
    );
    let (missionary, json) = text("g1");
    assert!(
        missionary.contains("f2* e3* d4~  [meets foe n (black Knight): convert to N]"),
        "{missionary}"
    );
    assert!(json.to_string().contains(r#""convert":"Knight""#), "{json}");
}

#[test]
fn the_table_marks_friend_captures_and_conversions_and_the_verifier_checks_them() {
    let g = landing();
    let t = g.rules().table().table().clone();
    let meets = |bit: u8| {
        t.nodes
            .iter()
            .filter(|n| n.has(Node::PUSH_TARGET) && n.mask & bit != 0)
            .count()
    };
    assert!(meets(MEET_CAPTURE) > 0 && meets(MEET_CONVERT) > 0);
    // Both actions at once are an activation (format 7, tests/suite/activation.rs); a class
    // bit that is no side (an empty cell holds nothing to meet) means nothing.
    let mut bad = t.clone();
    let i = bad
        .nodes
        .iter()
        .position(|n| n.has(Node::PUSH_TARGET) && n.mask & MEET_CAPTURE != 0)
        .unwrap();
    bad.nodes[i].mask |= table::CLASS_EMPTY;
    assert!(table::verify(bad).is_err());
    // A conversion's kind filter must name one kind.
    let mut bad = t.clone();
    let i = bad
        .nodes
        .iter()
        .position(|n| n.has(Node::PUSH_TARGET) && n.mask & MEET_CONVERT != 0)
        .unwrap();
    bad.filters.push(table::FilterCode {
        mode: table::FilterCode::MODE_ONLY,
        mask: 0b11,
    });
    bad.nodes[i].filter = (bad.filters.len() - 1) as u8;
    let e = table::verify(bad).unwrap_err();
    assert!(e.to_string().contains("names no one kind"), "{e}");
    // The byte format keeps them.
    let back = table::from_bytes(&table::to_bytes(&t)).unwrap();
    assert_eq!(back, t);
}

// ---------------------------------------------------------------- diagnostics

fn codes(src: &str) -> Vec<String> {
    match Game::compile(src) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(|d| d.code.to_string()).collect(),
    }
}

#[test]
fn diagnostics_of_the_new_modifiers() {
    let piece = |p: &str| format!("board square 8x8\npiece King (K) {{ step any }}\n{p}\n");
    assert_eq!(
        codes(&piece("piece S (S) { step any, swap empty }")),
        ["E0703"]
    );
    assert_eq!(
        codes(&piece("piece S (S) { step any, convert empty }")),
        ["E0703"]
    );
    assert_eq!(
        codes(&piece("piece S (S) { step any, convert into Nothing }")),
        ["E0304"]
    );
    assert_eq!(
        codes(&piece("piece S (S) { step any, capture friend Nothing }")),
        ["E0304"]
    );
    assert_eq!(
        codes(&piece("piece S (S) { step any, swap, swap friend }")),
        ["E0701"]
    );
    // `move only` and `capture only` leave the swap: no W0002, and it compiles.
    assert!(codes(&piece(
        "piece S (S) { step any, move only, capture only, swap }"
    ))
    .is_empty());
    assert!(codes(&piece(
        "piece S (S) { ride diagonal, convert foe King | S into S, capture friend not King }"
    ))
    .is_empty());
}
