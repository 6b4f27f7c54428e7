//! The draughts family: capture chains (`chain`), its games' perft from the start
//! against published figures, and a test position per rule.
//!
//! Deep rows run with the long tests (`cargo test --release --test draughts --
//! --ignored`).

mod common;

use common::game;

fn perft(name: &str, depth: u32) -> u64 {
    let g = game(name);
    let pos = g.start_position().expect("start position");
    g.perft(&pos, depth)
}

// English checkers: 7, 49, 302, 1469, 7361, 36768, 179740, 845931 (depths 1..8; the
// figures of Aart Bik's and others' checkers perft, as the issue quotes them).
const ENGLISH: [u64; 8] = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];

#[test]
fn english_checkers_perft_to_depth_6() {
    for (d, &n) in ENGLISH.iter().enumerate().take(6) {
        assert_eq!(
            perft("english-checkers", d as u32 + 1),
            n,
            "depth {}",
            d + 1
        );
    }
}

#[test]
#[ignore = "deep perft: cargo test --release --test draughts -- --ignored"]
fn english_checkers_perft_depths_7_and_8() {
    for d in 7..=8 {
        assert_eq!(
            perft("english-checkers", d),
            ENGLISH[d as usize - 1],
            "depth {d}"
        );
    }
}
