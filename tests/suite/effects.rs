//! Effects beyond the path (`explode on capture`, `burn`, `freeze`, `immune`): exact
//! legal moves of hand-made positions, the positions moves leave (as FEN, read back),
//! results, and the diagnostics of the declarations. Atomic chess is also checked
//! against Fairy-Stockfish (`tests/differential/run.py atomic`, perft rows in
//! `tests/data/perft/public.txt`).

use crate::common;
use common::{legal, play};
use piecewise::game::EndReason;
use piecewise::ids::Side;
use piecewise::Game;

fn game(src: &str) -> Game {
    Game::compile(src).unwrap_or_else(|d| panic!("{d:?}"))
}

fn atomic() -> Game {
    game(&std::fs::read_to_string("rules/atomic.rules").unwrap())
}

// ---------------------------------------------------------------- explode (Atomic)

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_capture_blows_up_the_capturer_and_all_but_pawns_around() {
    let g = atomic();
    // Nxf7 takes the pawn: knight, f7 and e8 (king), f8 (bishop), g8... are blown up;
    // the pawns on e7 and g7 stay. Black's castling rights go with the king.
    let fen = play(&g, START, &["g1f3", "a7a6", "f3g5", "a6a5", "g5f7"]);
    assert_eq!(fen, "rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3");
    let pos = g.position(&fen).unwrap();
    assert!(g.legal_uci(&pos).is_empty());
    let result = g.result(&pos).expect("the game is over");
    assert_eq!(result.winner, Some(Side::First));
    assert_eq!(result.reason, EndReason::RoyalLost);
}

#[test]
fn a_blast_takes_castling_rights_of_the_rooks_it_removes() {
    let g = atomic();
    // Rxh7 (the h2 pawn is gone): the blast around h7 takes g8's knight and h8's rook,
    // not the pawn on g7; black loses its king-side right, white its own with the rook.
    let fen = play(
        &g,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
        &["h1h7"],
    );
    assert_eq!(fen, "rnbqkb2/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBN1 b Qq - 0 1");
}

#[test]
fn en_passant_blasts_around_the_landing_cell() {
    let g = atomic();
    // exd6 e.p.: the pawn lands on d6; d5 (the pawn taken) goes, and the blast around
    // d6 takes c7's knight and e7's bishop but not the pawn on c6.
    let fen = play(&g, "4k3/2n1b3/2p5/3pP3/8/8/8/4K3 w - d6 0 1", &["e5d6"]);
    assert_eq!(fen, "4k3/8/2p5/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn kings_never_capture() {
    // Fairy-Stockfish (pyffish 0.0.90) gives exactly these: the king may not take d2.
    assert_eq!(
        legal(&atomic(), "8/8/8/8/8/4K3/3p4/k7 w - - 0 1"),
        ["e3d3", "e3d4", "e3e2", "e3e4", "e3f2", "e3f3", "e3f4"]
    );
}

#[test]
fn kings_side_by_side_give_no_check() {
    // The kings touch: no capture can take one without the other, so the rook's rank
    // does not matter (Fairy-Stockfish gives these moves).
    assert_eq!(
        legal(&atomic(), "8/8/8/8/8/3kK3/8/7r w - - 0 1"),
        ["e3d2", "e3d4", "e3e2", "e3e4", "e3f2", "e3f3", "e3f4"]
    );
    // Apart, the rook on e1 checks along the e-file.
    assert_eq!(
        legal(&atomic(), "8/8/8/8/8/4K3/8/k3r3 w - - 0 1"),
        ["e3d2", "e3d3", "e3d4", "e3f2", "e3f3", "e3f4"]
    );
}

#[test]
fn a_move_that_blows_up_the_enemy_king_is_legal_even_in_check() {
    // The rook on e8 checks the king on e1; Qxf7 blows up the king on g8 next to f7,
    // so it is legal although e1 stays attacked; other queen moves must block.
    let g = atomic();
    let fen = "4r1k1/5p2/5Q2/8/8/8/8/4K3 w - - 0 1";
    assert!(g.in_check(&g.position(fen).unwrap()));
    assert_eq!(
        legal(&g, fen),
        ["e1d1", "e1d2", "e1f1", "e1f2", "f6e5", "f6e6", "f6e7", "f6f7"]
    );
}

#[test]
fn a_move_may_not_blow_up_its_own_king() {
    // Qxe3 would blow up the own king on e2, next to e3.
    let moves = legal(&atomic(), "4k3/8/8/8/8/4p3/3QK3/8 w - - 0 1");
    assert!(!moves.contains(&"d2e3".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 20, "{moves:?}");
}

// ---------------------------------------------------------------- burn

/// A 6x6 game with a Fire Demon that steps one cell any way and burns the foes around
/// where it stops (not enemy demons), a king and a wall nobody can take.
const FIRE: &str = "board square 6x6\n\
    royal King\n\
    burn Demon, foe not Demon\n\
    immune Wall\n\
    piece King (K) { step any }\n\
    piece Demon (F) { step any }\n\
    piece Soldier (S) { step orthogonal }\n\
    piece Wall (W) { }\n";

#[test]
fn a_burner_removes_the_foes_around_where_it_stops() {
    let g = game(FIRE);
    // The demon on c2 steps to d3: the soldier on d4 and the wall on e3 burn (a wall is
    // immune to capture, not to fire); the friendly soldier on c3 and the enemy demon
    // on e4 stay, and f4 is not next to d3.
    let fen = play(&g, "K5/6/3sfS/2S1w1/2F3/k5 w - - 0 1", &["c2d3"]);
    assert_eq!(fen, "K5/6/4fS/2SF2/6/k5 b - - 0 1");
}

#[test]
fn a_royal_the_burner_could_reach_is_in_check() {
    let g = game(FIRE);
    // The white demon on c3 could step to b2 and burn the black king on a1; every cell
    // the king could go to is next to a cell the demon reaches: checkmate.
    let fen = "5K/6/6/2F3/6/k5 b - - 0 1";
    let pos = g.position(fen).unwrap();
    assert!(g.in_check(&pos));
    assert_eq!(legal(&g, fen), Vec::<String>::new());
    let result = g.result(&pos).expect("over");
    assert_eq!(
        (result.winner, result.reason),
        (Some(Side::First), EndReason::Checkmate)
    );
}

/// The board field of a FEN.
fn board(fen: &str) -> &str {
    fen.split_whitespace().next().unwrap()
}

#[test]
fn a_passive_burner_removes_a_foe_that_arrives_next_to_it() {
    let passive = FIRE.replace(
        "burn Demon, foe not Demon\n",
        "burn Demon, foe not Demon, also arriving\n",
    );
    let g = game(&passive);
    // The black soldier steps from d5 to d4, next to the white demon on c3: it burns
    // after its move. To e5 it stays. The black demon arriving on d4 stays (the burn
    // spares demons).
    let fen = "K5/3s2/6/2F3/6/5k b - - 0 1";
    assert_eq!(board(&play(&g, fen, &["d5d4"])), "K5/6/6/2F3/6/5k");
    assert_eq!(board(&play(&g, fen, &["d5e5"])), "K5/4s1/6/2F3/6/5k");
    let demon = "K5/3f2/6/2F3/6/5k b - - 0 1";
    assert_eq!(board(&play(&g, demon, &["d5d4"])), "K5/6/3f2/2F3/6/5k");
    // Without `also arriving` the soldier stays on d4.
    let active = game(FIRE);
    assert_eq!(board(&play(&active, fen, &["d5d4"])), "K5/6/3s2/2F3/6/5k");
    // The white soldier arriving next to its own demon stays; the demon's own move
    // still burns actively (from d3, the soldier on e4).
    let fen = "K5/6/4s1/2F3/1S4/5k w - - 0 1";
    assert_eq!(board(&play(&g, fen, &["b2c2"])), "K5/6/4s1/2F3/2S3/5k");
    assert_eq!(board(&play(&g, fen, &["c3d3"])), "K5/6/6/3F2/1S4/5k");
}

#[test]
fn a_royal_may_not_arrive_next_to_a_passive_burner() {
    // A brazier never moves (no active threat) and burns the foes that arrive around
    // it: the king on a1 may not step to b1 or b2, next to the brazier on c2.
    let g = game(
        "board square 6x6\nroyal King\nburn Brazier, foe, also arriving\n\
         piece King (K) { step any }\npiece Brazier (B) { }\n",
    );
    assert_eq!(legal(&g, "K5/6/6/6/2B3/k5 b - - 0 1"), ["a1a2"]);
    // Without the brazier near, all three.
    assert_eq!(legal(&g, "K5/6/6/6/5B/k5 b - - 0 1").len(), 3);
}

// ---------------------------------------------------------------- freeze, immune

const ULTIMA: &str = "board square 5x5\n\
    royal King\n\
    freeze Immobilizer, foe\n\
    immune Rock\n\
    immune King to Pawn\n\
    piece King (K) { step any }\n\
    piece Immobilizer (I) { ride any }\n\
    piece Rook (R) { ride orthogonal }\n\
    piece Pawn (P) { step forward }\n\
    piece Rock (O) { }\n";

#[test]
fn a_frozen_piece_cannot_move_and_gives_no_check() {
    let g = game(ULTIMA);
    // White's rook on b2 stands next to the black immobilizer on c3: it cannot move,
    // so the black king on b5, on its file, is not in check.
    let pos = g.position("1k3/5/2i2/1R3/K4 b - - 0 1").unwrap();
    assert!(!g.in_check(&pos));
    // White has only its king's moves (a1 is two cells from c3: not frozen).
    assert_eq!(legal(&g, "1k3/5/2i2/1R3/K4 w - - 0 1"), ["a1a2", "a1b1"]);
    // Without the immobilizer the rook moves and checks.
    let free = g.position("1k3/5/5/1R3/K4 b - - 0 1").unwrap();
    assert!(g.in_check(&free));
}

#[test]
fn immune_pieces_are_not_captured() {
    let g = game(ULTIMA);
    // The rook on a3 may not take the rock on a5 but may take the pawn on e3; the king
    // may step to e2 although the pawn on e3 attacks it: a king is immune to pawns.
    assert_eq!(
        legal(&g, "o1k2/5/R3p/5/4K w - - 0 1"),
        ["a3a1", "a3a2", "a3a4", "a3b3", "a3c3", "a3d3", "a3e3", "e1d1", "e1d2", "e1e2"]
    );
}

// ---------------------------------------------------------------- diagnostics

fn codes(src: &str) -> Vec<String> {
    match Game::compile(src) {
        Ok(_) => Vec::new(),
        // The errors only (warnings, such as an unused zone, are not counted).
        Err(d) => d
            .iter()
            .map(|d| d.code.to_string())
            .filter(|c| c.starts_with('E'))
            .collect(),
    }
}

#[test]
fn effect_declarations_have_diagnostics() {
    let base = "board square 5x5\npiece King (K) { step any }\npiece Demon (F) { step any }\n";
    assert_eq!(
        codes(&format!(
            "{base}explode on capture, sparing King, sparing Demon\n"
        )),
        ["E0920"]
    );
    assert_eq!(
        codes(&format!("{base}burn Demon, around same\n")),
        ["E0921"]
    );
    assert_eq!(codes(&format!("{base}burn Demon, empty\n")), ["E0922"]);
    assert_eq!(
        codes(&format!("{base}burn Demon, around skyward\n")),
        ["E0401"]
    );
    assert_eq!(codes(&format!("{base}freeze Dragon\n")), ["E0304"]);
    assert_eq!(
        codes(&format!("{base}explode on capture\nexplode on capture\n")),
        ["E0909"]
    );
    assert_eq!(codes(&format!("{base}immune King to Knave\n")), ["E0304"]);
    assert_eq!(
        codes(&format!("{base}freeze Demon, also arriving\n")),
        ["E0976"]
    );
    assert_eq!(
        codes(&format!("{base}burn Demon, also arriving, also arriving\n")),
        ["E0920"]
    );
    assert!(codes(&format!("{base}burn Demon, foe not Demon, also arriving\n")).is_empty());
    // `to hand` needs a hand that keeps captures; given twice is E0920.
    assert_eq!(
        codes(&format!("{base}explode on capture, to hand\n")),
        ["E0948"]
    );
    assert_eq!(
        codes(&format!(
            "{base}hand, captures not kept\nexplode on capture, to hand\n"
        )),
        ["E0948"]
    );
    assert_eq!(
        codes(&format!(
            "{base}hand\nexplode on capture, to hand, to hand\n"
        )),
        ["E0920"]
    );
    assert!(codes(&format!(
        "{base}hand\nexplode on capture, sparing King, to hand\n"
    ))
    .is_empty());
    assert!(codes(&format!("{base}burn Demon, foe not King, around orthogonal\nfreeze King, piece\nimmune Demon to King\n")).is_empty());
}

// ---------------------------------------------------------------- the path tree

#[test]
fn tree_lists_what_each_move_does_beyond_its_path() {
    // Nxc7 blows up the king on d8 (next to c7) and the knight; the pawn on c6 stays.
    let out = common::cli::run(&[
        "tree",
        "rules/atomic.rules",
        "--fen",
        "3k4/2n1b3/2p5/1N1pP3/8/8/8/4K3 w - - 0 1",
        "--from",
        "b5",
    ]);
    let text = common::cli::stdout(&out);
    assert!(
        text.ends_with("effects:\n  b5c7: blast clears d8 and the capturer\n"),
        "{text}"
    );
    let out = common::cli::run(&[
        "tree",
        "rules/atomic.rules",
        "--fen",
        "3k4/2n1b3/2p5/1N1pP3/8/8/8/4K3 w - - 0 1",
        "--from",
        "b5",
        "--json",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&common::cli::stdout(&out)).unwrap();
    assert_eq!(
        doc["effects"],
        serde_json::json!({"frozen": false, "moves": [
            {"move": "b5c7", "blast": ["d8"], "capturer_removed": true, "burned": []}
        ]})
    );
    // A frozen piece, and a burner's moves.
    let frozen = common::cli::run(&[
        "tree",
        "rules/effects.rules",
        "--fen",
        "w1ikfbnr/pppppppp/8/8/8/8/PPiPPPPP/RNBFKI1W w - - 0 1",
        "--from",
        "d1",
    ]);
    assert!(common::cli::stdout(&frozen).contains("  frozen: the piece stands next to"));
    let burner = common::cli::run(&[
        "tree",
        "rules/effects.rules",
        "--fen",
        "w1ikfbnr/pppppppp/8/8/8/4p3/PPPP1PPP/RNBFKI1W w - - 0 1",
        "--from",
        "d1",
    ]);
    assert!(
        common::cli::stdout(&burner).ends_with("effects:\n  d1e2: burns e3\n  d1f3: burns e3\n")
    );
}

// ---------------------------------------------------------------- like, MODIFIERS

#[test]
fn a_chameleon_captures_each_piece_only_by_that_piece_s_move() {
    let g = game(&std::fs::read_to_string("rules/effects.rules").unwrap());
    // The chameleon on d4 takes the rook on d7 along the file, the bishop on b6 along
    // the diagonal, the knight on f5 by a knight's leap and the pawn on e5 by a pawn's
    // capture; not the knight on g4, which only a rook's move reaches.
    let fen = "7k/3r4/1b6/4pn2/3C2n1/8/8/K7 w - - 0 1";
    let pos = g.position(fen).unwrap();
    let mut captures: Vec<String> = g
        .legal_moves(&pos)
        .iter()
        .filter(|m| m.is_capture())
        .map(|m| g.uci(m))
        .collect();
    captures.sort();
    assert_eq!(captures, ["d4b6", "d4d7", "d4e5", "d4f5"]);
    // Its quiet moves are a queen's (up to the pieces met).
    assert_eq!(legal(&g, fen).len(), 23);
}

#[test]
fn like_with_modifiers_narrows_every_pattern_brought_in() {
    let src = "board square 5x5\n\
        zone low = rank 1-2\n\
        piece Rook (R) { ride orthogonal }\n\
        piece Pawn (P) { step forward }\n\
        piece Copy (C) { like Rook, captures Pawn, to low }\n";
    let g = game(src);
    // The copy on c2 rides as a rook, ending in ranks 1-2 only, and may take the pawn
    // on e2 but not the rook on a2.
    assert_eq!(
        legal(&g, "5/5/5/r1C1p/5 w - - 0 1"),
        ["c2b2", "c2c1", "c2d2", "c2e2"]
    );
    for (modifier, code) in [
        ("push", "E0710"),
        ("en passant", "E0710"),
        ("pass", "E0710"),
    ] {
        let bad = src.replace("captures Pawn, to low", modifier);
        assert_eq!(codes(&bad), [code], "{modifier}");
    }
    assert_eq!(codes(&src.replace("to low", "to nowhere")), ["E0204"]);
}
