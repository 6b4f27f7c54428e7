//! Cambodian chess (`rules/cambodian.rules`): its one-time moves as tags written as
//! rights in the castling field (`, as rights in back_rank`), the King's leap barred
//! in check (`not in check`) and lost to a Rook's aim (`, lost when aimed at by Rook`),
//! and `counting cambodian`. Every expected list, FEN and claim below is pyffish's
//! (Fairy-Stockfish 0.0.90's "cambodian"), asked on the same positions and lines.

use crate::common::game;
use piecewise::game::{EndReason, GameResult};
use piecewise::Game;

fn moves(g: &Game, fen: &str, line: &[&str]) -> Vec<String> {
    let line = g.line_from_uci(fen, line).expect("line");
    let mut out: Vec<String> = g
        .legal_moves(line.position())
        .iter()
        .map(|m| g.uci(m))
        .collect();
    out.sort();
    out
}

fn fen_after(g: &Game, fen: &str, line: &[&str]) -> String {
    let line = g.line_from_uci(fen, line).expect("line");
    g.fen(line.position())
}

/// The FEN's board, side and castling fields (Fairy-Stockfish writes its counting into
/// the clock fields, which piecewise does not).
fn head(fen: &str) -> String {
    fen.split(' ').take(3).collect::<Vec<_>>().join(" ")
}

#[test]
fn the_start_has_the_kings_leap_and_writes_the_rights_as_files() {
    let g = game("cambodian");
    let start = g.start_fen().expect("start").to_string();
    assert_eq!(
        start,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    let expected = "a1a2 a3a4 b1d2 b3b4 c1b2 c1c2 c1d2 c3c4 d1b2 d1c2 d1d2 d1e2 d1f2 d3d4 \
                    e1d2 e1f2 e3e4 f1e2 f1f2 f1g2 f3f4 g1e2 g3g4 h1h2 h3h4";
    assert_eq!(moves(&g, &start, &[]).join(" "), expected);
    // The leap spends the King's right; the Met keeps its own.
    assert_eq!(
        fen_after(&g, &start, &["d1b2"]),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"
    );
    // A King's step spends it too, even back home.
    assert_eq!(
        head(&fen_after(&g, &start, &["d1d2", "e6e5", "d2d1"])),
        "rnsmksnr/8/pppp1ppp/4p3/8/PPPPPPPP/8/RNSKMSNR b Ede"
    );
}

#[test]
fn the_met_leaps_two_cells_forward_once() {
    let g = game("cambodian");
    let start = g.start_fen().expect("start").to_string();
    let after = moves(&g, &start, &["e3e4", "e6e5"]);
    assert!(after.contains(&"e1e3".to_string()), "{after:?}");
    assert_eq!(
        head(&fen_after(&g, &start, &["e3e4", "e6e5", "e1e3"])),
        "rnsmksnr/8/pppp1ppp/4p3/4P3/PPPPMPPP/8/RNSK1SNR b Dde"
    );
    // Once moved, the Met steps only.
    let later = moves(
        &g,
        &start,
        &["e3e4", "e6e5", "e1f2", "e8f7", "f2e1", "f7e8"],
    );
    assert!(!later.contains(&"e1e3".to_string()), "{later:?}");
}

#[test]
fn no_leap_in_check() {
    let g = game("cambodian");
    for fen in [
        "4k3/8/8/8/8/8/8/r2K4 w De - 0 1",
        "4k3/8/8/8/8/8/8/3K3r w De - 0 1",
    ] {
        assert_eq!(moves(&g, fen, &[]), ["d1c2", "d1d2", "d1e2"], "{fen}");
    }
    // Not in check, the same King leaps.
    let free = moves(&g, "4k3/8/8/8/8/8/8/3K4 w De - 0 1", &[]);
    assert!(free.contains(&"d1b2".to_string()) && free.contains(&"d1f2".to_string()));
}

#[test]
fn a_rook_moving_onto_the_kings_lines_takes_its_leap() {
    let g = game("cambodian");
    let fen = "4k2r/8/8/8/8/8/8/3K4 b De - 0 1";
    // Onto the King's rank: lost, even past a piece in between.
    assert_eq!(
        head(&fen_after(&g, fen, &["h8h1"])),
        "4k3/8/8/8/8/8/8/3K3r w e"
    );
    assert_eq!(
        head(&fen_after(
            &g,
            "4k2r/8/8/8/8/8/8/3K1N2 b De - 0 1",
            &["h8h1"]
        )),
        "4k3/8/8/8/8/8/8/3K1N1r w e"
    );
    // Onto the King's file, past a pawn: lost.
    assert_eq!(
        head(&fen_after(
            &g,
            "4k3/7r/8/8/8/8/3P4/3K4 b De - 0 1",
            &["h7d7"]
        )),
        "4k3/3r4/8/8/8/8/3P4/3K4 w e"
    );
    // Elsewhere: kept; a Rook already on a line takes nothing by moving along it off.
    assert_eq!(
        head(&fen_after(&g, fen, &["h8h2"])),
        "4k3/8/8/8/8/8/7r/3K4 w De"
    );
    assert_eq!(
        head(&fen_after(&g, "4k3/8/8/8/8/8/8/r2K4 b De - 0 1", &["a1a2"])),
        "4k3/8/8/8/8/8/r7/3K4 w De"
    );
}

fn claims(g: &Game, fen: &str, line: &str) -> Vec<usize> {
    let moves: Vec<&str> = line.split_whitespace().collect();
    let mut l = g.line(g.position(fen).expect("FEN"));
    let mut out = Vec::new();
    for k in 0..=moves.len() {
        if let Some(r) = g.optional_end(&l) {
            assert_eq!(
                r,
                GameResult {
                    winner: None,
                    reason: EndReason::Counting
                }
            );
            out.push(k);
        }
        if k < moves.len() {
            g.play_uci(&mut l, moves[k]).expect("legal");
        }
    }
    out
}

#[test]
fn cambodian_counting_runs_out_as_fairy_stockfish_counts() {
    let g = game("cambodian");
    // King and rook against a bare king: 30 plies from 6 (Makruk's 32 claims at 28).
    let line = "a1f1 e6d7 f1c1 d7e6 c1e1 e6f7 e3e4 f7g8 e4d4 g8g7 e1d1 g7h8 d1a1 h8h7 a1a8 \
                h7g7 a8a1 g7h8 a1a3 h8g8 a3g3 g8f7 g3g5 f7e6 g5g1 e6f7 d4d5 f7f8";
    assert_eq!(
        claims(&g, "8/8/4k3/8/8/4K3/8/R7 w - - 0 1", line),
        [26, 27, 28]
    );
    // Two rooks: 14 plies from 8.
    let line = "g1g2 a8b8 g2g3 b8a8 g3g4 a8b8 g4g5 b8a8 g5g6 a8b8 h1h2 b8a8 h2h3 a8b8";
    assert_eq!(
        claims(&g, "k7/8/8/8/8/8/8/K5RR w - - 0 1", line),
        (8..=14).collect::<Vec<_>>()
    );
    // The board's honour for a side of three pieces with pawns on the board (a seeded
    // random line of pyffish's): claimable from ply 92.
    let line = "d2d3 f7f6 e1e5 e7e6 e5e2 e8f7 e2g2 f7f8 g2g8 f8e7 g8h8 d7d6 h8h3 e7e8 h3f3 \
        e8d8 f3f6 d8d7 f6h6 d7e8 d1e2 e6e5 e2e3 e8f8 h6h8 f8f7 d3d4 e5d4 e3d4 f7g6 d4c4 g6f6 \
        c4b3 f6f5 h8h1 f5g4 h1f1 g4h3 f1f7 h3g4 b3b4 g4g5 b4b3 d6d5 b3b4 g5h4 b4c5 h4g4 f7f2 \
        g4h5 f2c2 h5g6 c5d6 g6h5 d6d7 h5g5 d7d6 g5h4 d6d7 h4g3 c2e2 g3h4 d7c6 h4g4 e2f2 g4h5 \
        c6d5 h5g6 f2f6 g6h7 f6f7 h7g6 f7g7 g6f6 g7g8 f6f5 g8e8 f5f4 d5c6 f4g4 e8g8 g4h3 c6b7 \
        h3h4 b7a8 h4h5 g8c8 h5g4 c8c6 g4h4 c6e6 h4g3 a8b7 g3f2 e6e1 f2g2";
    let found = claims(&g, "4k3/3ppp2/8/8/8/8/3P4/3KR3 w - - 0 1", line);
    assert_eq!(found.first(), Some(&92), "{found:?}");
}

#[test]
fn the_new_clauses_are_checked() {
    let base = "board square 8x8\nzone back = rank 1\nzone files_e = file e\n\
                piece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n";
    let codes = |src: &str| match Game::compile(src) {
        Ok(_) => Vec::new(),
        Err(d) => d
            .iter()
            .map(|d| d.code.to_string())
            .filter(|c| c.starts_with('E'))
            .collect::<Vec<_>>(),
    };
    // Rights as file letters beside gating's: E0978.
    assert_eq!(
        codes(&format!(
            "{base}hand\ngating Rook in back\ntag jump (') for King, as rights in back\n"
        )),
        ["E0978"]
    );
    // Two cells on one file: E0983.
    assert_eq!(
        codes(&format!(
            "{base}tag jump (') for King, as rights in files_e\n"
        )),
        ["E0983"]
    );
    // An unknown zone or aimer: the names' errors.
    assert_eq!(
        codes(&format!(
            "{base}tag jump (') for King, as rights in nowhere\n"
        )),
        ["E0204"]
    );
    assert_eq!(
        codes(&format!(
            "{base}tag jump (') for King, lost when aimed at by Bishop\n"
        )),
        ["E0304"]
    );
    // `not in check` twice on a pattern: E0701; once, with both clauses: compiles.
    assert_eq!(
        codes(&format!(
            "{base}tag jump (') for King\npiece Queen (Q) {{ ride any, not in check, not in check }}\n"
        )),
        ["E0701"]
    );
    assert!(codes(&format!(
        "{base}tag jump (') for King, as rights in back, lost when aimed at by Rook\n\
         piece Queen (Q) {{ ride any, not in check }}\n"
    ))
    .is_empty());
    // (E0984, a right past file `z`, as gating's E0982: no board of today's limits has
    // a 27th file, E0103.)
}
