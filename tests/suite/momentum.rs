//! `up to momentum` (docs/language.md, "Momentum"): a leg that, with every leg after
//! it, takes at most as many steps as the path took before it, and may cross the
//! cells the path took before it (the Croatian divergence: "limited by momentum it had
//! when own Shaman was encountered"). Destinations checked by hand on a small board,
//! a second divergence spending what the first left, the single-step pieces, the
//! diagnostics; the shared linking of the same patterns is compared with the unrolled
//! one in tests/suite/shared.rs.

use crate::common;
use common::{cells_fen, check_codes, legal};
use piecewise::Game;

/// A Queen and a Knight that diverge from their own Pivot (a piece that never moves).
const SRC: &str = r#"game "momentum"
board square 8x8
piece Queen (Q) {
    ride any
    ride any via friend Pivot then ride any up to momentum
    ride any via friend Pivot then ride any up to momentum via friend Pivot then ride any up to momentum
}
piece Knight (N) { leap (1,2); leap (1,2) via friend Pivot then leap (1,2) up to momentum }
piece Pivot (P) { }
"#;

fn game() -> Game {
    Game::compile_at(SRC, None).expect("compiles")
}

/// The destinations of the moves of `pieces` (white to move) from `from`.
fn to(pieces: &[(&str, char)], from: &str) -> Vec<String> {
    let g = game();
    let mut v: Vec<String> = legal(&g, &cells_fen(8, pieces, 'w'))
        .into_iter()
        .filter_map(|m| m.strip_prefix(from).map(String::from))
        .collect();
    v.dedup();
    v
}

/// A Queen on a1 two steps from its Pivot on c3 rides two steps more from c3, in every
/// direction: c5 but not c6, e5 but not f6, and back the way it came to b2 and a1, its
/// start cell (empty once it left).
#[test]
fn a_diverging_queen_rides_as_far_as_it_came() {
    let t = to(&[("a1", 'Q'), ("c3", 'P')], "a1");
    for cell in [
        "c4", "c5", "d4", "e5", "d3", "e3", "d2", "e1", "c2", "c1", "b4", "a5", "b3", "a3", "a1",
    ] {
        assert!(t.contains(&cell.to_string()), "{cell}: {t:?}");
    }
    for cell in ["c6", "f6", "f3", "c3"] {
        assert!(!t.contains(&cell.to_string()), "{cell}: {t:?}");
    }
    // Without the Pivot: its own lines only (b2, c3 and on along the diagonal).
    let plain = to(&[("a1", 'Q')], "a1");
    assert!(plain.contains(&"h8".to_string()) && !plain.contains(&"a1".to_string()));
}

/// Three steps to a Pivot on d4, two more to a second Pivot on d6: one step is left,
/// from d6 (d7, c7, e7, c6, e6, and back to d5), never two (d8).
#[test]
fn a_second_divergence_spends_what_the_first_left() {
    let t = to(&[("a1", 'Q'), ("d4", 'P'), ("d6", 'P')], "a1");
    for cell in ["d7", "c7", "e7", "c6", "e6", "c5", "e5"] {
        assert!(t.contains(&cell.to_string()), "{cell}: {t:?}");
    }
    assert!(!t.contains(&"d8".to_string()), "{t:?}");
    assert!(!t.contains(&"b8".to_string()), "{t:?}");
}

/// A Knight's leap is one step: after its Pivot it leaps once more, and may come back
/// to its start cell.
#[test]
fn a_diverging_knight_leaps_once_more() {
    let mut t = to(&[("a1", 'N'), ("b3", 'P')], "a1");
    t.sort();
    // b3's leaps: a1 (home), a5, c5, d4, d2, c1; and a1's own c2.
    assert_eq!(t, ["a1", "a5", "c1", "c2", "c5", "d2", "d4"]);
}

#[test]
fn momentum_on_a_first_leg_or_a_group_is_an_error() {
    let first = "board square 8x8\npiece Queen (Q) { ride any up to momentum }\n";
    assert!(check_codes(first).contains(&"E1000".to_string()));
    let group =
        "board square 8x8\npiece Queen (Q) { step any then repeat up to momentum { step same } }\n";
    assert!(check_codes(group).contains(&"E1001".to_string()));
    let ok = "board square 8x8\npiece Queen (Q) { ride any via friend Queen then ride any up to momentum }\n";
    assert!(
        check_codes(ok).iter().all(|c| !c.starts_with('E')),
        "{:?}",
        check_codes(ok)
    );
}
