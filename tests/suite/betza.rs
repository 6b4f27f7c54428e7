//! Betza notation in and out (`piecewise::betza`, `piecewise import betza`,
//! `piecewise export betza`): exact `.rules` output for key notations, a round trip
//! (import, export, import again) over a corpus that gives the same moves on random
//! positions, export of the shipped pieces, and malformed notations refused with the
//! position and exit code 1.

use crate::common;

use common::cli::{run, stderr, stdout};
use common::Rng;
use piecewise::betza::{self, ImportOptions};
use piecewise::ids::PieceId;

/// Notations that survive the round trip: every atom, riders, counts, directions on
/// orthogonal, diagonal and oblique atoms, m c i e, n, p g, `a` chains, and `d` (a
/// friend capture) and `u` (a swap).
const ROUND_TRIP: &[&str] = &[
    "W",
    "F",
    "D",
    "N",
    "A",
    "H",
    "C",
    "Z",
    "G",
    "L",
    "J",
    "K",
    "Q",
    "R",
    "B",
    "WW",
    "FF",
    "NN",
    "DD",
    "AA",
    "R4",
    "B2",
    "Q3",
    "W3",
    "N2",
    "K2",
    "R0",
    "fW",
    "bW",
    "lW",
    "rW",
    "vW",
    "sW",
    "fsW",
    "bsW",
    "fF",
    "bF",
    "lF",
    "rF",
    "flF",
    "brF",
    "fN",
    "bN",
    "lN",
    "rN",
    "vN",
    "sN",
    "ffN",
    "fsN",
    "flN",
    "lfN",
    "fhN",
    "bhN",
    "lhN",
    "rvN",
    "fZ",
    "flZ",
    "sC",
    "fD",
    "vD",
    "sA",
    "fR",
    "vR",
    "sB",
    "fB",
    "fK",
    "bQ",
    "fsK",
    "fhNN",
    "mQcN",
    "mRcN",
    "mBcpB",
    "mRcpR",
    "fmWfceFifmnD",
    "mWfceFifmnD",
    "cW",
    "mF",
    "cK",
    "iW",
    "imN",
    "nN",
    "nA",
    "nD",
    "nZ",
    "nH",
    "nG",
    "fnN",
    "fnA",
    "bnZ",
    "lnN",
    "pR",
    "pB",
    "pQ",
    "gR",
    "gB",
    "gQ",
    "pNN",
    "gNN",
    "fpR",
    "sgB",
    "RN",
    "BN",
    "QN",
    "KN",
    "WA",
    "FD",
    "WD",
    "FA",
    "NC",
    "NZ",
    "KNAD",
    "mafsW",
    "caK",
    "RasR",
    "BasB",
    "mfFcfamfF",
    "cafR",
    "KcaK",
    "mpafW",
    "WafW",
    "FavF",
    "qN",
    "qW",
    "qF",
    "qN3",
    "fqN",
    "zB",
    "zR",
    "zNN",
    "mqN",
    "cqD",
    "KqN",
    "zBN",
];

/// A rules file with one imported piece and a piece with no moves to stand in the way.
fn file(piece: &str) -> String {
    format!("board square 8x8\n{piece}piece Stone (S) {{ }}\n")
}

fn import(n: &str) -> String {
    betza::import(n, &ImportOptions::default()).unwrap_or_else(|e| panic!("{n}: {e}"))
}

/// The sorted moves of the piece on `from` in each position.
fn moves(source: &str, fens: &[(String, String)]) -> Vec<Vec<String>> {
    let rules = piecewise::compile(source)
        .unwrap_or_else(|d| panic!("{}", d.render("betza.rules", source, false)));
    fens.iter()
        .map(|(fen, from)| {
            let mut v = common::move_texts(&rules, fen, from);
            v.sort();
            v
        })
        .collect()
}

/// Random positions: the piece (either side) on any cell, with up to ten stones of
/// either side around it.
fn positions(seed: u64, count: usize) -> Vec<(String, String)> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let mut board = [[' '; 8]; 8];
            let (x, y) = (rng.below(8), rng.below(8));
            let white = rng.below(2) == 0;
            board[y][x] = if white { 'X' } else { 'x' };
            for _ in 0..rng.below(11) {
                let (a, b) = (rng.below(8), rng.below(8));
                if board[b][a] == ' ' {
                    board[b][a] = if rng.below(2) == 0 { 'S' } else { 's' };
                }
            }
            let mut fen = String::new();
            for rank in (0..8).rev() {
                let mut empty = 0;
                for c in board[rank] {
                    if c == ' ' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(c);
                    }
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                }
                if rank > 0 {
                    fen.push('/');
                }
            }
            fen.push_str(if white { " w" } else { " b" });
            let from = format!("{}{}", (b'a' + x as u8) as char, y + 1);
            (fen, from)
        })
        .collect()
}

fn export(source: &str) -> String {
    let (rules, diags) = piecewise::pipeline::check(source, None);
    let rules = rules.unwrap_or_else(|| panic!("{}", diags.render("x.rules", source, false)));
    betza::export_piece(&rules, PieceId(0)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn round_trip_gives_the_same_moves() {
    let fens = positions(0x5eed_beef, 150);
    let mut changed = Vec::new();
    for n in ROUND_TRIP {
        let first = file(&import(n));
        let back = export(&first);
        let second = file(&import(&back));
        assert_eq!(moves(&first, &fens), moves(&second, &fens), "{n} -> {back}");
        if back != *n {
            changed.push(format!("{n} -> {back}"));
        }
    }
    // The round trip may spell a notation differently (`WF` as `K`), never with other
    // moves; most come back letter for letter.
    assert!(changed.len() < ROUND_TRIP.len() / 2, "{changed:#?}");
}

#[test]
fn the_corpus_moves_somewhere() {
    // Each imported piece has moves on an empty board from d4 or (for chains that must
    // capture) among stones: no notation of the corpus imports to nothing.
    let fens = positions(7, 60);
    for n in ROUND_TRIP {
        let all = moves(&file(&import(n)), &fens);
        assert!(all.iter().any(|m| !m.is_empty()), "{n} has no moves");
    }
}

/// Notations that import (and compile, and move) but cannot be written back: circular
/// and crooked riders become `repeat`, and out-and-back chains.
const IMPORT_ONLY: &[&str] = &["caKmabK"];

#[test]
fn repeaters_import_compile_and_move() {
    let fens = positions(11, 60);
    for n in IMPORT_ONLY {
        let all = moves(&file(&import(n)), &fens);
        assert!(all.iter().any(|m| !m.is_empty()), "{n} has no moves");
    }
    // The Rose is the shipped one, word for word.
    let rose = common::rules_source("repeaters");
    for line in import("qN").lines().filter(|l| l.starts_with("    ")) {
        assert!(rose.contains(line), "{line}");
    }
    // On an empty board from d4 the Rose reaches every cell a knight's circle does
    // (brute force: 8 leaps round each octagon, both ways, from each first leap).
    let rules = file(&import("qN"));
    let got = moves(
        &rules,
        &[("8/8/8/8/3X4/8/8/8 w".to_string(), "d4".to_string())],
    );
    let mut want = std::collections::BTreeSet::new();
    let ring = [
        (1, 2),
        (-1, 2),
        (-2, 1),
        (-2, -1),
        (-1, -2),
        (1, -2),
        (2, -1),
        (2, 1),
    ];
    for start in 0..8 {
        for dir in [1, 7] {
            let (mut x, mut y) = (3i32, 3i32);
            for k in 0..7 {
                let (dx, dy) = ring[(start + k * dir) % 8];
                x += dx;
                y += dy;
                if !(0..8).contains(&x) || !(0..8).contains(&y) {
                    break;
                }
                want.insert(format!("d4{}{}", (b'a' + x as u8) as char, y + 1));
            }
        }
    }
    want.remove("d4d4");
    assert_eq!(got[0], want.into_iter().collect::<Vec<_>>());
}

#[test]
fn key_notations_import_exactly() {
    let opts = ImportOptions {
        name: "Pawn".into(),
        letter: "P".into(),
    };
    assert_eq!(
        betza::import("fmWfceFifmnD", &opts).unwrap(),
        "# Betza: fmWfceFifmnD\npiece Pawn (P) {\n    step forward, move only\n    \
         step forward-diagonal, capture only\n    ride forward 2, move only, initial, en passant\n}\n\
         en passant Pawn\n"
    );
    let body = |n: &str| import(n).lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(
        body("mQcN"),
        "piece Custom (X) {\n    ride any, move only\n    leap (1,2), capture only\n}"
    );
    assert_eq!(body("mBcpB"), "piece Custom (X) {\n    ride diagonal, move only\n    ride diagonal via piece then ride same, capture only\n}");
    assert_eq!(
        body("nN"),
        "piece Custom (X) { step orthogonal then step turn ±45 }"
    );
    assert_eq!(
        body("KNAD"),
        "piece Custom (X) {\n    step any\n    leap (1,2)\n    leap (2,2)\n    leap (2,0)\n}"
    );
}

#[test]
fn shipped_pieces_export() {
    let source = common::rules_source("fairy");
    let (rules, _) = piecewise::pipeline::check(&source, None);
    let rules = rules.expect("fairy.rules checks");
    let got: Vec<String> = betza::export_rules(&rules)
        .into_iter()
        .map(|(name, r)| match r {
            Ok(n) => format!("{name}: {n}"),
            Err(e) => format!("{name}: error: {e}"),
        })
        .collect();
    insta::assert_snapshot!(got.join("\n"));
}

#[test]
fn cli_import_and_export() {
    let o = run(&[
        "import",
        "betza",
        "mWfceFifmnD",
        "--name",
        "Soldier",
        "--letter",
        "O",
    ]);
    assert!(o.status.success());
    insta::assert_snapshot!("cli_import_pawn", stdout(&o));
    let path = common::cli::temp("soldier.rules", file(&stdout(&o)).as_bytes());
    let p = path.to_str().expect("utf-8 path");
    let o = run(&["export", "betza", p, "--piece", "Soldier"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "mWcefFimnfD\n");
    let o = run(&["export", "betza", p]);
    assert_eq!(stdout(&o), "Soldier (O): mWcefFimnfD\nStone (S): \n");
}

#[test]
fn export_refusals_name_the_construct() {
    let source = common::rules_source("fairy");
    let o = run(&["export", "betza", "rules/fairy.rules"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("Lion: Betza notation cannot say `pass`"),
        "{err}"
    );
    assert!(err.contains("(rules/fairy.rules:"), "{err}");
    assert!(source.contains("piece Lion"));
}

#[test]
fn malformed_notations_fail_with_the_position() {
    let mut out = String::new();
    for n in [
        "mWxN", "muK", "dafF", "fmW?", "R999", "mQc", "4N", "NN2", "yafsF", "zW", "qK", "O2", "pN",
        "nC", "hW", "fmeF", "caN", "KaN",
    ] {
        let o = run(&["import", "betza", n]);
        assert_eq!(o.status.code(), Some(1), "{n}");
        assert!(stdout(&o).is_empty(), "{n}");
        out.push_str(&format!("$ piecewise import betza '{n}'\n{}", stderr(&o)));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn bad_names_and_letters_are_usage_errors() {
    for args in [
        ["--letter", "XY"],
        ["--letter", "1"],
        ["--name", "9a"],
        ["--name", "a-b"],
    ] {
        let o = run(&["import", "betza", "N", args[0], args[1]]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    let o = run(&[
        "import", "betza", "N", "--letter", "+t", "--name", "Tokin_2",
    ]);
    assert_eq!(
        stdout(&o),
        "# Betza: N\npiece Tokin_2 (+t) { leap (1,2) }\n"
    );
}

#[test]
fn exports_that_cannot_be_said_are_refused() {
    for (body, what) in [
        ("ride forward 255", "a ride of exactly 255 steps"),
        ("ride forward 4", "a ride of exactly 4 steps"),
        ("ride orthogonal 2..", "a ride of 2.. steps"),
        ("leap (1,4)", "a (1,4) leap (no atom letter)"),
        ("step diagonal then ride turn ±45", "mixing steps and rides"),
        (
            "step forward, captures Custom",
            "`captures` with a kind of piece",
        ),
        ("leap (1,2) then repeat 2 { leap same }", "`repeat`"),
    ] {
        let source = format!("board square 8x8\npiece Custom (X) {{ {body} }}\n");
        let (rules, diags) = piecewise::pipeline::check(&source, None);
        let rules = rules.unwrap_or_else(|| panic!("{}", diags.render("x", &source, false)));
        let e = betza::export_piece(&rules, PieceId(0)).expect_err(body);
        assert!(e.to_string().contains(what), "{body}: {e}");
        assert!(e.span().is_some(), "{body}");
    }
}

#[test]
fn other_boards_are_refused_once() {
    let o = run(&["export", "betza", "rules/glinski.rules"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "error: King: the board is `hex`; Betza notation describes square boards\n"
    );
}
