//! `castling ..., past KINDS`: the castling pieces pass over pieces of the listed kinds
//! (of either side) on the cells they cross, never land on one (Croatian Chess's Waves
//! and Starchilds, `rules/croatian-miranda.rules`, `rules/croatian-one.rules`).

use crate::common;
use piecewise::Game;

const RULES: &str = r#"game "Castling past"
board square 8x8
start "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
royal King
castling King e1 to c1 with Rook a1 to d1, past Wave | Veil
castling King e1 to g1 with Rook h1 to f1
piece King (K) { step any }
piece Rook (R) { ride orthogonal }
piece Knight (N) { leap (1,2) }
piece Wave (W) { }
piece Veil (V) { }
"#;

fn game(src: &str) -> Game {
    Game::compile_at(src, None).unwrap_or_else(|d| panic!("does not compile: {d:?}"))
}

fn castles(g: &Game, rank1: &str, uci: &str) -> bool {
    let fen = format!("4k3/8/8/8/8/8/8/{rank1} w KQ - 0 1");
    common::legal(g, &fen).iter().any(|m| m == uci)
}

#[test]
fn pieces_of_the_listed_kinds_are_passed_over() {
    let g = game(RULES);
    assert!(castles(&g, "R3K2R", "e1c1"), "empty cells");
    assert!(
        castles(&g, "RW2K2R", "e1c1"),
        "a Wave on b1, crossed by the Rook"
    );
    assert!(castles(&g, "Rw2K2R", "e1c1"), "the other side's Wave");
    assert!(
        castles(&g, "RV2K2R", "e1c1"),
        "a Veil, the other kind listed"
    );
    assert!(!castles(&g, "RN2K2R", "e1c1"), "a Knight is not listed");
    assert!(
        !castles(&g, "R1W1K2R", "e1c1"),
        "a Wave on c1, the King's destination"
    );
    assert!(
        !castles(&g, "R2WK2R", "e1c1"),
        "a Wave on d1, the Rook's destination"
    );
}

#[test]
fn a_castling_without_past_needs_the_cells_empty() {
    let plain = RULES.replace(", past Wave | Veil", "");
    let g = game(&plain);
    assert!(castles(&g, "R3K2R", "e1c1"));
    assert!(!castles(&g, "RW2K2R", "e1c1"));
}

#[test]
fn the_piece_passed_stays_and_the_right_goes() {
    let g = game(RULES);
    let fen = common::play(&g, "4k3/8/8/8/8/8/8/RW2K2R w KQ - 0 1", &["e1c1"]);
    assert!(fen.starts_with("4k3/8/8/8/8/8/8/1WKR3R b - "), "{fen}");
}

#[test]
fn diagnostics_of_castling_past() {
    let own = RULES.replace("past Wave | Veil", "past Wave | Rook");
    assert_eq!(common::check_codes(&own), vec!["E1020"]);
    let twice = RULES.replace("past Wave | Veil", "past Wave | Wave");
    assert_eq!(common::check_codes(&twice), vec!["E1021"]);
    let unknown = RULES.replace("past Wave | Veil", "past Wav");
    assert_eq!(common::check_codes(&unknown), vec!["E0304"]);
}
