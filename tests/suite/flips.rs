//! Flips (`flip PIECES [, around DIRS] [, enclosed]`), the drops that go with them
//! (`hand, unlimited`, `drop ..., next to friend | enclosing | opening in ZONE`), and the
//! ends of Ataxx and Othello (`pass when stuck`, `full board`, `draw by piece count`):
//! perft of the shipped games from the start against pyffish's figures, positions that
//! show each rule (the FENs and verdicts are pyffish 0.0.90's), make/unmake, and the
//! diagnostics E0990-E0994. The shipped games are checked against pyffish at every
//! position of random games by `tests/differential/catalogue.py`.

use piecewise::game::EndReason;
use piecewise::ids::Side;

use crate::common;
use common::{check_codes, legal, play};

#[test]
fn perft_from_the_start_is_pyffish_s() {
    // pyffish 0.0.90: legal_moves counted to depth 3 (catalogue.py's perft 3), and
    // depths 1 and 2.
    for (name, want) in [
        ("ataxx", [16, 256, 6460]),
        ("flipello", [4, 12, 56]),
        ("flipersi", [4, 12, 24]),
        ("flipello10", [4, 12, 56]),
    ] {
        let g = common::game(name);
        let start = g.start_position().unwrap();
        for (depth, want) in (1..).zip(want) {
            assert_eq!(g.perft(&start, depth), want, "{name} perft {depth}");
        }
        assert_eq!(common::perft_through_fen(&g, &start, 2), want[1], "{name}");
    }
}

#[test]
fn an_ataxx_clone_and_jump_turn_the_stones_around_where_they_land() {
    let g = common::game("ataxx");
    let fen = "7/7/7/7/7/1p5/P6 w 0 1";
    // Clones only next to a1 (b2 is black's), jumps two cells away.
    assert_eq!(
        legal(&g, fen),
        ["P@a2", "P@b1", "a1a3", "a1b3", "a1c1", "a1c2", "a1c3"]
    );
    // The clone leaves a1 and turns b2; the jump leaves a1 empty and turns b2 too.
    assert_eq!(play(&g, fen, &["P@b1"]), "7/7/7/7/7/1P5/PP5 b - - 0 1");
    assert_eq!(play(&g, fen, &["a1c3"]), "7/7/7/7/2P4/1P5/7 b - - 1 1");
    let moves = common::make_unmake_round_trip(&g, fen);
    assert_eq!(moves.len(), 7);
}

#[test]
fn a_stuck_side_passes_and_two_passes_end_the_game_by_count() {
    let g = common::game("ataxx");
    // Black's only stone has nowhere to go: its pass is its only move, written as
    // Fairy-Stockfish writes it.
    let full = "PPPPPPp/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPP1 b 0 1";
    assert_eq!(legal(&g, full), ["g7g7"]);
    // Walls shut both sides in: a7 passes, then c7, and the game is over; White has two
    // stones to one and wins.
    let walled = "PPp****/*******/*******/*******/*******/*******/******1 w 0 1";
    assert_eq!(legal(&g, walled), ["a7a7"]);
    let once = g.line_from_uci(walled, &["a7a7"]).unwrap();
    assert_eq!(g.immediate_end(&once), None);
    assert_eq!(g.legal_uci(once.position()), ["c7c7"]);
    let twice = g.line_from_uci(walled, &["a7a7", "c7c7"]).unwrap();
    let end = g.immediate_end(&twice).unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Side::First), EndReason::DoublePass)
    );
    assert_eq!(g.line_result(&twice), Some(end));
}

#[test]
fn a_full_board_ends_the_game_and_the_more_stones_win() {
    let g = common::game("ataxx");
    let fen = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/ppppppP b 0 1";
    // Over at once: no move, not even a pass (pyffish: no legal move, -32000 for Black).
    assert!(legal(&g, fen).is_empty());
    let pos = g.position(fen).unwrap();
    let end = g.result(&pos).unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Side::First), EndReason::FullBoard)
    );
    // A side with no stone left cannot pass: stalemated, and it has fewer.
    let gone = "P6/7/7/7/7/7/7 b 0 1";
    let end = g.result(&g.position(gone).unwrap()).unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Side::First), EndReason::Stalemate)
    );
}

#[test]
fn othello_drops_must_outflank_and_turn_every_line() {
    let g = common::game("flipello");
    let start = g.start_position().unwrap();
    assert_eq!(g.legal_uci(&start), ["P@c5", "P@d6", "P@e3", "P@f4"]);
    // e3 turns e4; f5 then turns e5 (closed by d5) and black's hand loses a disc.
    let fen = g.fen(&start);
    let after = play(&g, &fen, &["P@e3", "P@f5"]);
    let hands = format!("[{}{}]", "P".repeat(59), "p".repeat(59));
    assert_eq!(after, format!("8/8/8/3ppp2/3PP3/4P3/8/8{hands} w - - 0 2"));
    assert_eq!(legal(&g, &after), ["P@c6", "P@d6", "P@e6", "P@f6", "P@g6"]);
    // Reversi's opening: the four centre cells first, whatever they enclose.
    let g = common::game("flipersi");
    let start = g.start_position().unwrap();
    assert_eq!(g.legal_uci(&start), ["P@d4", "P@d5", "P@e4", "P@e5"]);
}

/// A small game for the diagnostics.
fn with(decls: &str) -> String {
    format!(
        "board square 4x4\nhand\n{decls}\npiece Disc (P) {{ }}\npiece King (K) {{ step any }}\n"
    )
}

#[test]
fn diagnostics_of_flips_and_their_drops() {
    assert_eq!(
        check_codes(&with("flip Disc, enclosed")),
        Vec::<String>::new()
    );
    assert_eq!(check_codes(&with("burn King, enclosed")), ["E0990"]);
    assert_eq!(check_codes(&with("flip Disc, friend")), ["E0990"]);
    assert_eq!(
        check_codes(&with("flip Disc\nflip Disc, enclosed")),
        ["E0991"]
    );
    assert_eq!(check_codes(&with("drop Disc, enclosing")), ["E0992"]);
    assert_eq!(check_codes(&with("royal King\npass when stuck")), ["E0993"]);
    assert_eq!(
        check_codes(&with("draw odds for first\ndraw by piece count")),
        ["E0994"]
    );
    assert_eq!(
        check_codes(&with("drop Disc, next to friend, next to friend")),
        ["E0701"]
    );
    assert_eq!(
        check_codes(&with("full board draw\nfull board win")),
        ["E0909"]
    );
}

#[test]
fn a_flip_around_chosen_directions_and_lines_stopped_by_walls() {
    // The orthogonal neighbours turn, the diagonal ones stay.
    let g = piecewise::Game::compile(
        "board square 3x3\nhand, unlimited\ndrop Disc, also stuck\nflip Disc, around orthogonal\npiece Disc (P) { }\n",
    )
    .unwrap();
    assert_eq!(
        play(&g, "ppp/p1p/ppp w 0 1", &["P@b2"]),
        "pPp/PPP/pPp b - - 0 1"
    );
    // Lines: b1 is closed by a1, d1 by the edge; a wall closes nothing.
    let g = piecewise::Game::compile(
        "board square 4x4\nhand, unlimited\nneutral Wall\nflip Disc, enclosed\ndrop Disc, enclosing, also stuck\npiece Disc (P) { }\npiece Wall (W) { }\n",
    )
    .unwrap();
    assert_eq!(legal(&g, "4/4/4/Pp1p w 0 1"), ["P@c1"]);
    assert_eq!(
        play(&g, "4/4/4/Pp1p w 0 1", &["P@c1"]),
        "4/4/4/PPPp b - - 0 1"
    );
    assert!(legal(&g, "4/4/4/*p1p w 0 1").is_empty());
    // Nothing to drop that encloses, a piece on the board: no pass without `pass when
    // stuck`, a stalemate.
    let pos = g.position("4/4/4/*p1p w 0 1").unwrap();
    assert_eq!(g.result(&pos).unwrap().reason, EndReason::Stalemate);
}

#[test]
fn import_fsf_writes_the_flips_of_ataxx_and_othello_sections() {
    // Sections of Fairy-Stockfish's variants.ini kind: children of the built-in ataxx
    // and flipello (whose keys `builtins.ini` writes). Each translates completely and
    // counts as pyffish does (catalogue.py --ini agrees on these sections: flipello6
    // 269 positions, perft 3 56; the walled ataxx 488 positions, perft 3 4184).
    let ini = "[flipello6:flipello]\nmaxRank = 6\nmaxFile = 6\nstartFen = 6/6/2pP2/2Pp2/6/6[PPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppp] w 0 1\nenclosingDropStart = c3 d3 c4 d4\n\n[ataxxwalls:ataxx]\nstartFen = P5p/7/2*1*2/7/2*1*2/7/p5P w 0 1\n";
    let variants = piecewise::fsf::import(ini, None).unwrap();
    for (v, lines, perft3) in [
        (
            &variants[0],
            &[
                "flip Immobile, enclosed",
                "hand, captures not kept",
                "drop Immobile, enclosing, opening in drop_start, also stuck",
                "pass when stuck",
                "full board draw",
                "draw by piece count",
            ][..],
            56,
        ),
        (
            &variants[1],
            &[
                "flip Custom1\n",
                "hand, unlimited",
                "drop Custom1, next to friend, also stuck",
                "pass when stuck",
            ][..],
            4184,
        ),
    ] {
        assert!(v.complete(), "{}: {:?}", v.name, v.issues);
        for line in lines {
            assert!(v.rules.contains(line), "{line} in {}", v.rules);
        }
        let g = piecewise::Game::compile(&v.rules).unwrap();
        assert_eq!(
            g.perft(&g.start_position().unwrap(), 3),
            perft3,
            "{}",
            v.name
        );
    }
    // A flip Fairy-Stockfish has and the language has not is reported, not dropped.
    let v =
        &piecewise::fsf::import("[q:ataxx]\nflipEnclosedPieces = quadwrangle\n", None).unwrap()[0];
    assert!(v.issues.iter().any(|i| i.key == "flipEnclosedPieces"));
}
