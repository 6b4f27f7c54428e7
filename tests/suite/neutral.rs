//! Neutral pieces (`neutral`), the Duck (`neutral Duck, after each move`) and `no
//! check`: exact legal moves of hand-made positions, FENs written by play and read
//! back, make/unmake restoring position and hash, results, FEN errors and the
//! diagnostics of the declarations. Duck chess is also checked against
//! Fairy-Stockfish's `duck` (`tests/differential/run.py duck`, perft rows in
//! `tests/data/perft/public.txt`).

use piecewise::game::EndReason;
use piecewise::ids::Side;
use piecewise::position::FenErrorKind;
use piecewise::Game;

fn game(src: &str) -> Game {
    Game::compile(src).unwrap_or_else(|d| panic!("{d:?}"))
}

fn duck() -> Game {
    game(&std::fs::read_to_string("rules/duck.rules").unwrap())
}

use crate::common;
use common::{legal, play};

/// The distinct moves before the Duck's (`e2e4` of `e2e4,e4d5`), sorted.
fn base_moves(game: &Game, fen: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(game, fen)
        .iter()
        .map(|m| m.split(',').next().unwrap().to_string())
        .collect();
    v.dedup();
    v
}

/// A 3x3 duck game: kings, a rook, the Duck.
const TINY: &str = "board square 3x3
royal King
no check
neutral Duck, after each move
piece King (K) { step any }
piece Rook (R) { ride orthogonal }
piece Duck (D) { }
";

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// ---------------------------------------------------------------- the Duck's moves

#[test]
fn every_move_is_followed_by_the_duck_to_each_empty_cell() {
    let g = game(TINY);
    // k a3, Duck a2, R a1, K c1. The rook can neither take nor pass the Duck: only
    // a1b1. The king: b1, b2, c2. After each, the Duck goes to one of the five cells
    // empty then (the cell the piece left included, its own cell not).
    let moves = legal(&g, "k2/*2/R1K w - - 0 1");
    let mut want = Vec::new();
    for (m, empty) in [
        ("a1b1", ["a1", "b2", "b3", "c2", "c3"]),
        ("c1b1", ["b2", "b3", "c1", "c2", "c3"]),
        ("c1b2", ["b1", "b3", "c1", "c2", "c3"]),
        ("c1c2", ["b1", "b2", "b3", "c1", "c3"]),
    ] {
        let to = &m[2..];
        for e in empty {
            want.push(format!("{m},{to}{e}"));
        }
    }
    want.sort();
    assert_eq!(moves, want);
}

#[test]
fn the_first_move_places_the_duck_anywhere_empty() {
    let g = duck();
    let moves = legal(&g, START);
    // 20 chess moves, each with 32 empty cells for the Duck (as Fairy-Stockfish's 640).
    assert_eq!(moves.len(), 640);
    assert!(moves.contains(&"e2e4,e4e2".to_string()));
    assert!(moves.contains(&"g1f3,f3g1".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("e2e4,e4e4")));
}

#[test]
fn the_duck_blocks_pawns_and_riders_and_knights_jump_it() {
    let g = duck();
    // Duck on e3: the pawn cannot step or rush, the knight on g1 jumps to f3 and h3.
    assert_eq!(
        base_moves(&g, "4k3/8/8/8/8/4*3/4P3/4K1N1 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2", "g1f3", "g1h3"]
    );
    // Nothing captures the Duck: the pawn's diagonal, the rook's file stop at it.
    assert_eq!(
        base_moves(&g, "4k3/8/8/8/8/3*4/R3P3/4K3 w - - 0 1"),
        [
            "a2a1", "a2a3", "a2a4", "a2a5", "a2a6", "a2a7", "a2a8", "a2b2", "a2c2", "a2d2", "e1d1",
            "e1d2", "e1f1", "e1f2", "e2e3", "e2e4"
        ]
    );
}

#[test]
fn play_writes_the_duck_as_a_star_and_reads_it_back() {
    let g = duck();
    let fen = play(&g, START, &["e2e4,e4d5"]);
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // The Duck must move on: d5 is not a cell it may stay on.
    let pos = g.position(&fen).unwrap();
    let moves = g.legal_uci(&pos);
    assert!(moves.contains(&"e7e5,e5d4".to_string()));
    assert!(!moves.iter().any(|m| m.ends_with("d5") && m.contains(',')));
    // Nor on an occupied one.
    assert!(!moves.contains(&"e7e5,e5e4".to_string()));
    let fen = play(&g, &fen, &["e7e5,e5e3"]);
    assert_eq!(
        fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/4*3/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn make_and_unmake_restore_position_and_hash() {
    let g = duck();
    for fen in [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p*1P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k3/1P6/8/3pP3/8/8/6*1/R3K2R w KQq d6 0 1",
    ] {
        let mut pos = g.position(fen).unwrap();
        let before = pos.clone();
        for m in g.legal_moves(&pos) {
            let undo = g.make(&mut pos, &m);
            if pos.en_passant().is_none() {
                // (A FEN keeps an en passant cell only where a capture is legal, so the
                // position read back may differ there.)
                let written = g.position(&g.fen(&pos)).unwrap();
                assert_eq!(written.hash(), pos.hash(), "{} in {fen}", g.uci(&m));
            }
            g.unmake(&mut pos, undo);
            assert!(pos == before, "{} in {fen}", g.uci(&m));
            assert_eq!(pos.hash(), before.hash());
        }
    }
}

#[test]
fn castling_en_passant_and_promotion_are_followed_by_the_duck() {
    let g = duck();
    let fen = "r3k3/1P6/8/3pP3/8/8/6*1/R3K2R w KQq d6 0 1";
    let moves = legal(&g, fen);
    for m in [
        "e1g1,g1f2",
        "e1c1,c1e1",
        "e5d6,d6d5",
        "b7a8q,a8b7",
        "b7b8n,b8b7",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing");
    }
    assert_eq!(
        play(&g, fen, &["e5d6,d6d5"]),
        "r3k3/1P6/3P4/3*4/8/8/8/R3K2R b KQq - 0 1"
    );
    assert_eq!(
        play(&g, fen, &["e1g1,g1e1"]),
        "r3k3/1P6/8/3pP3/8/8/8/R3*RK1 b q - 1 1"
    );
}

// ---------------------------------------------------------------- no check

#[test]
fn without_check_a_king_may_move_into_attack_and_castle_through_it() {
    let g = duck();
    // The rook on f8 attacks f1 and f2: the king may still go there, and castle.
    let fen = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1";
    let base = base_moves(&g, fen);
    for m in ["e1f1", "e1f2", "e1g1"] {
        assert!(base.contains(&m.to_string()), "{m} missing from {base:?}");
    }
    assert!(!g.in_check(&g.position("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap()));
}

#[test]
fn capturing_the_king_wins_at_once() {
    let g = duck();
    let fen = play(&g, "4k3/8/8/8/8/8/8/4K2r b - - 0 1", &["h1e1,e1a5"]);
    assert_eq!(fen, "4k3/8/8/*7/8/8/8/4r3 w - - 0 2");
    let pos = g.position(&fen).unwrap();
    assert!(g.legal_uci(&pos).is_empty());
    let result = g.result(&pos).expect("the game is over");
    assert_eq!(result.winner, Some(Side::Second));
    assert_eq!(result.reason, EndReason::RoyalLost);
}

// ---------------------------------------------------------------- walls, FEN

const WALLS: &str = "board square 4x4
neutral Monolith | Star
piece Rook (R) { ride orthogonal }
piece Monolith (M) { }
piece Star (S) { }
";

#[test]
fn several_neutral_kinds_are_written_star_and_letter_and_never_move() {
    let g = game(WALLS);
    let fen = "4/*M3/4/R1*Sr w - - 0 1";
    let pos = g.position(fen).unwrap();
    assert_eq!(g.fen(&pos), fen);
    // The rook is walled in by the Monolith above and the Star to the right.
    assert_eq!(legal(&g, fen), ["a1a2", "a1b1"]);
    // Black's rook on d1 is stopped by the Star too; no side moves the walls.
    assert_eq!(
        legal(&g, "4/*M3/4/R1*Sr b - - 0 1"),
        ["d1d2", "d1d3", "d1d4"]
    );
    let played = play(&g, fen, &["a1b1"]);
    assert_eq!(played, "4/*M3/4/1R*Sr b - - 1 1");
}

#[test]
fn a_neutral_piece_by_its_letter_or_an_unknown_star_is_a_fen_error() {
    let g = game(WALLS);
    for (fen, written) in [
        ("4/M3/4/R3 w", "M"),
        ("4/*3/4/R3 w", "*"),
        ("4/*X3/4/R3 w", "*"),
    ] {
        let err = g.position(fen).expect_err(fen);
        match err.kind() {
            FenErrorKind::NeutralPiece {
                written: w,
                expected,
                ..
            } => {
                assert_eq!(w, written, "{fen}");
                assert_eq!(expected, &["*M", "*S"]);
            }
            other => panic!("{fen}: {other:?}"),
        }
    }
    let d = duck();
    let err = d.position("4k3/8/8/8/8/8/8/**2K3 w - - 0 1").unwrap_err();
    assert!(
        matches!(err.kind(), FenErrorKind::SecondDuck { found: 2, .. }),
        "{err}"
    );
    let err = d.position("4k3/8/8/8/8/8/8/3DK3 w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("`D` is no neutral piece"), "{err}");
    // Without neutral pieces, `*` on a cell is still a misplaced hole mark.
    let chess = game(&std::fs::read_to_string("rules/chess.rules").unwrap());
    let err = chess
        .position("4k3/8/8/8/8/8/8/*3K3 w - - 0 1")
        .unwrap_err();
    assert!(matches!(err.kind(), FenErrorKind::HoleMarkOnCell { .. }));
}

// ---------------------------------------------------------------- diagnostics

use common::check_codes as codes;

#[test]
fn neutral_declarations_have_diagnostics() {
    let base =
        "board square 5x5\npiece King (K) { step any }\npiece Duck (D) { }\npiece Wall (W) { }\n";
    assert!(codes(&format!(
        "{base}royal King\nno check\nneutral Duck, after each move\nneutral Wall\n"
    ))
    .is_empty());
    assert_eq!(
        codes(&format!("{base}royal King | Duck\nneutral Duck\n")),
        ["E0923"]
    );
    assert_eq!(
        codes(&format!("{base}neutral Duck | Wall, after each move\n")),
        ["E0924"]
    );
    assert_eq!(
        codes(&format!(
            "{base}neutral Duck, after each move\nneutral Wall, after each move\n"
        )),
        ["E0924"]
    );
    assert_eq!(codes(&format!("{base}no check\n")), ["E0925"]);
    assert_eq!(
        codes(&format!("{base}royal King\nno check\nno check\n")),
        ["E0909"]
    );
    assert_eq!(codes(&format!("{base}neutral Dragon\n")), ["E0304"]);
    assert_eq!(
        codes(&format!("{base}neutral King\n")),
        ["W0005"],
        "a neutral piece's patterns are never used"
    );
    // `neutral` and `no check` are declaration words: a declaration left open before
    // them does not swallow them.
    assert_eq!(
        codes(&format!("{base}royal\nneutral Duck\n"))[0],
        "E0001".to_string()
    );
}

// ---------------------------------------------------------------- tree, show, CLI

const WALLED: &str = "4k3/8/8/8/*7/8/8/R3K3 w - - 0 1";

#[test]
fn tree_and_show_draw_a_neutral_piece_as_no_sides() {
    let tree = |json: bool| {
        let mut args = vec!["tree", "rules/duck.rules", "--fen", WALLED, "--from", "a1"];
        if json {
            args.push("--json");
        }
        let out = common::cli::run(&args);
        assert!(out.status.success(), "{}", common::cli::stderr(&out));
        common::cli::stdout(&out)
    };
    let text = tree(false);
    assert!(
        text.contains("a2* a3* a4  [meets wall * (neutral Duck): stop]"),
        "{text}"
    );
    // The Duck's move is the move's own, not an effect beyond its path.
    assert!(
        text.contains("none of its moves does anything beyond its path here"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&tree(true)).expect("JSON");
    let walls: Vec<&serde_json::Value> = json["segments"]
        .as_array()
        .expect("segments")
        .iter()
        .filter_map(|s| s["encounter"].as_object().map(|_| &s["encounter"]))
        .filter(|e| e["relation"] == "wall")
        .collect();
    assert_eq!(walls.len(), 1);
    assert_eq!(walls[0]["cell"], "a4");
    assert_eq!(walls[0]["piece"], "Duck");
    assert!(walls[0]["side"].is_null());
    // `show`: the Duck in no side's colours, labelled by its letter.
    let out = common::cli::run(&["show", "rules/duck.rules", "--fen", WALLED, "-o", "-"]);
    let svg = common::cli::stdout(&out);
    assert!(svg.contains(r##"fill="#f2c94c""##), "no neutral disc");
    assert_eq!(svg.matches(r##"fill="#f2c94c""##).count(), 1);
}

#[test]
fn play_and_moves_on_the_command_line() {
    let out = common::cli::run(&["play", "rules/duck.rules", "e2e4,e4d5", "d7d6,d6d4"]);
    assert!(out.status.success(), "{}", common::cli::stderr(&out));
    assert_eq!(
        common::cli::stdout(&out).trim(),
        "rnbqkbnr/ppp1pppp/3p4/8/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // A move without the Duck's is no move of duck chess.
    let out = common::cli::run(&["play", "rules/duck.rules", "e2e4"]);
    assert!(!out.status.success());
    let out = common::cli::run(&["moves", "rules/duck.rules", "--fen", WALLED]);
    let moves = common::cli::stdout(&out);
    assert!(moves.lines().all(|m| m.contains(',')), "{moves}");
    assert!(moves.lines().any(|m| m == "a1a3,a3a5"));
    assert!(
        !moves.lines().any(|m| m.ends_with("a4")),
        "the Duck leaves a4"
    );
}
