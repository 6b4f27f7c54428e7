//! Pattern actions (`sets T`, `keeps T`, `burn ...`, `explode ...` written on one
//! pattern; rules/pattern-actions.rules): exact legal moves and the positions they
//! reach, FEN read-back, make/unmake with the hash, perft against a brute-force count,
//! the table's marks, and the diagnostics.

use piecewise::ids::{PieceId, Side};
use piecewise::Game;

use crate::common;
use common::{legal, play};

fn game() -> Game {
    common::game("pattern-actions")
}

const START: &str = "rnbxk!fnr/p^p^p^p^p^p^p^p^/8/8/8/8/P^P^P^P^P^P^P^P^/RNBXK!FNR w - - 0 1";

/// A king that may still leap once, an uncharged knight (b1) and a charged one (g1).
const KNIGHTS: &str = "4k3/8/8/8/8/8/8/1N2K!1N=1 w - - 0 1";

#[test]
fn the_start_position_gives_tags_by_its_marks() {
    let g = game();
    assert_eq!(g.start_fen(), Some(START));
    // Knights start uncharged: no camel leap; the king may leap to e3 once.
    let moves = legal(&g, START);
    assert!(moves.contains(&"e1e3".to_string()));
    assert!(!moves.iter().any(|m| m == "b1a4" || m == "g1h4"));
}

#[test]
fn tagged_moves_need_the_tag_and_marked_moves_set_keep_or_lose_it() {
    let g = game();
    // b1: knight leaps only; e1: steps and the (2,0) leap (c1, e3; g1 is a friend);
    // g1, charged: knight leaps and camel leaps (d2, f4, h4).
    let want = [
        "b1a3", "b1c3", "b1d2", "e1c1", "e1d1", "e1d2", "e1e2", "e1e3", "e1f1", "e1f2", "g1d2",
        "g1e2", "g1f3", "g1f4", "g1h3", "g1h4",
    ];
    assert_eq!(legal(&g, KNIGHTS), want);
    // A knight's leap in the near half loses the charge; so does the camel leap.
    assert_eq!(
        play(&g, KNIGHTS, &["g1f3"]),
        "4k3/8/8/8/8/5N2/8/1N2K!3 b - - 1 1"
    );
    assert_eq!(
        play(&g, KNIGHTS, &["g1d2"]),
        "4k3/8/8/8/8/8/3N4/1N2K!3 b - - 1 1"
    );
    // A king's step keeps its right to leap (`keeps once`); the leap spends it.
    assert_eq!(
        play(&g, KNIGHTS, &["e1f1"]),
        "4k3/8/8/8/8/8/8/1N3K!N=1 b - - 1 1"
    );
    assert_eq!(
        play(&g, KNIGHTS, &["e1e3"]),
        "4k3/8/8/8/8/4K3/8/1N4N=1 b - - 1 1"
    );
    // A leap into the far half charges a knight (`sets charged`), which then has its
    // camel leaps; a charged knight landing in the far half again stays charged.
    let fen = play(&g, KNIGHTS, &["b1c3", "e8d8", "c3d5"]);
    assert_eq!(fen, "3k4/8/8/3N=4/8/8/8/4K!1N=1 b - - 3 2");
    assert_eq!(
        play(&g, &fen, &["d8e8", "d5f6"]),
        "4k3/8/5N=2/8/8/8/8/4K!1N=1 b - - 5 3"
    );
    let camel: Vec<String> = legal(&g, &play(&g, &fen, &["d8e8"]))
        .into_iter()
        .filter(|m| m.starts_with("d5"))
        .collect();
    assert_eq!(
        camel,
        // Knight leaps b4 b6 c3 c7 e3 e7 f4 f6; camel leaps a4 a6 g4 g6 c2 c8 e2 (e8
        // holds the enemy king, and the camel leap is `move only`).
        [
            "d5a4", "d5a6", "d5b4", "d5b6", "d5c2", "d5c3", "d5c7", "d5c8", "d5e2", "d5e3", "d5e7",
            "d5f4", "d5f6", "d5g4", "d5g6"
        ]
    );
    // The second side's far half is ranks 4 to 1 (the zone is mirrored).
    let fen = play(&g, START, &["a2a3", "b8c6", "a3a4", "c6d4"]);
    // And a pawn loses its rush with its first move, with no word written (a4).
    assert_eq!(
        fen,
        "r1bxk!fnr/p^p^p^p^p^p^p^p^/8/8/P2n=4/8/1P^P^P^P^P^P^P^/RNBXK!FNR w - - 4 3"
    );
}

#[test]
fn a_burn_written_on_a_pattern_burns_after_that_pattern_only() {
    let g = game();
    let fen = "4k3/p7/3ppf2/8/3F4/8/8/4K3 w - - 0 1";
    // The slide to e5 burns d6 and e6, not the enemy Fire Demon on f6.
    assert_eq!(
        play(&g, fen, &["d4e5"]),
        "4k3/p7/5f2/4F3/8/8/8/4K3 b - - 0 1"
    );
    // b6 is reached by the slide and by the jump: the slide, written first, decides.
    assert_eq!(
        play(&g, fen, &["d4b6"]),
        "4k3/8/1F1ppf2/8/8/8/8/4K3 b - - 0 1"
    );
    // A capture by the slide burns too.
    assert_eq!(
        play(&g, fen, &["d4f6"]),
        "4k3/p7/3p1F2/8/8/8/8/4K3 b - - 0 1"
    );
    // The jump (2,2) over a friend to f5 burns nothing: g5 and g6 stay.
    let fen = "4k3/8/6p1/6p1/4P3/3F4/8/4K3 w - - 0 1";
    let want = [
        "d3a3", "d3a6", "d3b1", "d3b3", "d3b5", "d3c2", "d3c3", "d3c4", "d3d1", "d3d2", "d3d4",
        "d3d5", "d3d6", "d3e2", "d3e3", "d3f1", "d3f3", "d3f5", "d3g3",
    ];
    let moves: Vec<String> = legal(&g, fen)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(moves, want);
    assert_eq!(
        play(&g, fen, &["d3f5"]),
        "4k3/8/6p1/5Fp1/4P3/8/8/4K3 b - - 1 1"
    );
    // `side_effects` tells the burned cells.
    let pos = g.position("4k3/p7/3ppf2/8/3F4/8/8/4K3 w - - 0 1").unwrap();
    let m = g.parse_uci(&pos, "d4e5").unwrap();
    let fx = g.side_effects(&pos, &m);
    let names: Vec<String> = fx.burned.iter().map(|&c| g.rules().cell_name(c)).collect();
    assert_eq!(names, ["d6", "e6"]);
    assert!(fx.blast.is_empty());
}

#[test]
fn an_explosion_written_on_a_capture_pattern_blows_up_its_captures_only() {
    let g = game();
    let fen = "4k3/8/2npb3/3r4/8/8/3X4/4K3 w - - 0 1";
    // The capture on d5 removes the Bomber, the rook and the knight and bishop next to
    // it; the pawn is spared.
    assert_eq!(play(&g, fen, &["d2d5"]), "4k3/8/3p4/8/8/8/8/4K3 b - - 0 1");
    let pos = g.position(fen).unwrap();
    let m = g.parse_uci(&pos, "d2d5").unwrap();
    let fx = g.side_effects(&pos, &m);
    assert!(fx.capturer_removed);
    let names: Vec<String> = fx.blast.iter().map(|&c| g.rules().cell_name(c)).collect();
    assert_eq!(names, ["c6", "e6"]);
    // A quiet move explodes nothing.
    assert_eq!(
        play(&g, fen, &["d2d4"]),
        "4k3/8/2npb3/3r4/3X4/8/8/4K3 b - - 1 1"
    );
    // A capture whose blast would take its own king is not a move; the king may take.
    assert_eq!(
        legal(&g, "4k3/8/8/8/8/8/3r4/3XK3 w - - 0 1"),
        ["d1a1", "d1b1", "d1c1", "e1d2", "e1f1"]
    );
    // One whose blast takes the enemy king is, and wins.
    let fen = "8/8/8/8/8/3k4/3r4/3X2K1 w - - 0 1";
    assert_eq!(
        legal(&g, fen),
        ["d1a1", "d1b1", "d1c1", "d1d2", "d1e1", "d1f1", "g1f1", "g1h1"]
    );
    assert_eq!(play(&g, fen, &["d1d2"]), "8/8/8/8/8/8/8/6K1 b - - 0 1");
}

#[test]
fn make_and_unmake_restore_tags_and_cells_with_the_hash() {
    let g = game();
    for fen in [
        START,
        KNIGHTS,
        "3k4/8/8/3N=4/8/8/8/4K!1N=1 w - - 3 2",
        "4k3/p7/3ppf2/8/3F4/8/8/4K3 w - - 0 1",
        "4k3/8/2npb3/3r4/8/8/3X4/4K3 w - - 0 1",
        "r1bxk!fnr/p^p^p^p^p^p^p^p^/8/8/P7/4P3/1P^n=P^1P^P^P^/RNBXK!FNR w - - 0 4",
    ] {
        let moves = common::make_unmake_round_trip(&g, fen);
        assert!(!moves.is_empty(), "{fen}");
        // Made, the position is the one its FEN reads back to (tags, moved flags and
        // all), en passant aside.
        let mut pos = g.position(fen).unwrap();
        for m in &moves {
            let undo = g.make(&mut pos, m);
            if pos.en_passant().is_none() {
                let back = g.position(&g.fen(&pos)).unwrap();
                assert_eq!(back, pos, "{fen} {}", g.uci(m));
            }
            g.unmake(&mut pos, undo);
        }
    }
}

#[test]
fn perft_agrees_with_a_brute_force_count() {
    let g = game();
    for fen in [
        START,
        KNIGHTS,
        "r1bxk!fnr/p^p^p^p^p^p^p^p^/8/8/P7/4P3/1P^n=P^1P^P^P^/RNBXK!FNR w - - 0 4",
        "4k3/p7/3ppf2/8/3F4/8/1X6/4K3 w - - 0 1",
    ] {
        let pos = g.position(fen).unwrap();
        for depth in 1..=3 {
            assert_eq!(
                g.perft(&pos, depth),
                common::perft_through_fen(&g, &pos, depth),
                "{fen} depth {depth}"
            );
        }
    }
}

#[test]
fn marked_patterns_keep_their_own_nodes_and_survive_the_table_file() {
    let g = game();
    let table = g.rules().table().table();
    // The king's five steps (mark 1) and its three unmarked leaps from e1; the knight's two leap
    // patterns into the far half (marked) and out of it, and its camel leaps, from d4.
    let cell = |n: &str| g.rules().cell(n).unwrap();
    let landings = |text: &str, marked: bool| {
        text.lines()
            .filter(|l| l.contains(" land:") && l.contains(" mark:1") == marked)
            .count()
    };
    let king = piecewise::table::disasm_cell(table, Side::First, PieceId(0), cell("e1"));
    assert_eq!(
        (landings(&king, true), landings(&king, false)),
        (5, 3),
        "{king}"
    );
    let knight = piecewise::table::disasm_cell(table, Side::First, PieceId(3), cell("d4"));
    assert_eq!(
        (landings(&knight, true), landings(&knight, false)),
        (4, 12),
        "{knight}"
    );
    let bytes = piecewise::table::to_bytes(table);
    let back = piecewise::table::from_bytes(&bytes).expect("reads");
    assert_eq!(&back, table);
    piecewise::table::verify(back).expect("verifies");
}

#[test]
fn diagnostics() {
    let base = "game \"T\"\nboard square 8x8\nroyal King\npiece King (K) { step any }\n";
    let codes = |extra: &str| common::check_codes(&format!("{base}{extra}"));
    // A tag the piece never carries.
    assert_eq!(
        codes("tag rush (^) for Pawn\npiece Rook (R) { ride orthogonal, sets rush }\npiece Pawn (P) { step forward }\n"),
        ["E0940"]
    );
    assert_eq!(
        codes("tag rush (^) for Pawn\npiece Rook (R) { ride orthogonal, keeps rush }\npiece Pawn (P) { step forward }\n"),
        ["E0940"]
    );
    // An unknown tag.
    assert_eq!(
        codes("piece Rook (R) { ride orthogonal, sets rush }\n"),
        ["E0926"]
    );
    // Four different sets of actions on one piece.
    assert_eq!(
        codes(
            "tag a (^) for Rook\ntag b (&) for Rook\npiece Rook (R) {\n  step forward, sets a\n  step backward, sets b\n  step left, burn\n  step right, explode\n}\n"
        ),
        ["E0941"]
    );
    // Three are fine.
    assert!(codes(
        "tag a (^) for Rook\ntag b (&) for Rook\npiece Rook (R) {\n  step forward, sets a\n  step backward, sets b\n  step left, burn foe not King around orthogonal\n  step right, burn foe not King around orthogonal\n}\n"
    )
    .is_empty());
    // An explosion on a pattern that never captures; `keeps` beside `sets`.
    assert_eq!(
        codes("piece Rook (R) { ride orthogonal, move only, explode }\n"),
        ["W0940"]
    );
    assert_eq!(
        codes("tag a (^) for Rook\npiece Rook (R) { ride orthogonal, sets a, keeps a }\n"),
        ["W0941"]
    );
    // Given twice; a burn of empty cells; an unknown direction.
    assert_eq!(
        codes("piece Rook (R) { ride orthogonal, burn, burn foe }\n"),
        ["E0701"]
    );
    assert_eq!(
        codes("piece Rook (R) { ride orthogonal, burn empty }\n"),
        ["E0922"]
    );
    assert_eq!(
        codes("piece Rook (R) { ride orthogonal, explode around sideways_up }\n"),
        ["E0401"]
    );
}

#[test]
fn betza_cannot_say_pattern_actions() {
    let src = common::rules_source("pattern-actions");
    let (rules, d) = piecewise::pipeline::check(&src, None);
    let rules = rules.unwrap_or_else(|| panic!("{d:?}"));
    // The Fire Demon (piece 4) burns after its slide; the Bomber (5) explodes.
    for piece in [4, 5] {
        let e = piecewise::betza::export_piece(&rules, PieceId(piece)).expect_err("actions");
        assert!(e.to_string().contains("beyond its path"), "{e}");
    }
    // The Rook has none.
    assert_eq!(
        piecewise::betza::export_piece(&rules, PieceId(1)).expect("exports"),
        "R"
    );
}

#[test]
fn tree_lists_what_each_move_does_to_its_mover_and_around() {
    // The king's steps keep its right to leap; the leap says nothing (the default
    // takes the tag). The charged knight's leaps into the far half: none from g1.
    let text = common::cli::tree("rules/pattern-actions.rules", KNIGHTS, "e1", false);
    for step in ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"] {
        assert!(
            text.contains(&format!("  {step}: the mover carries !\n")),
            "{step} in {text}"
        );
    }
    assert!(!text.contains("e1e3:"), "{text}");
    let json = common::cli::tree("rules/pattern-actions.rules", KNIGHTS, "e1", true);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let moves = doc["effects"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[0]["tags"], "!");
    // A knight leaping into the far half is charged.
    let fen = "3k4/8/8/8/8/8/8/1N2K3 w - - 0 1";
    let text = common::cli::tree("rules/pattern-actions.rules", fen, "b1", false);
    assert!(text.contains("effects:\n  none of its moves"), "{text}");
    let text = common::cli::tree(
        "rules/pattern-actions.rules",
        "3k4/8/8/8/2N5/8/8/4K3 w - - 0 1",
        "c4",
        false,
    );
    for m in ["c4b6", "c4d6"] {
        assert!(
            text.contains(&format!("  {m}: the mover carries =\n")),
            "{m} in {text}"
        );
    }
    // The Fire Demon's burns.
    let text = common::cli::tree(
        "rules/pattern-actions.rules",
        "4k3/p7/3ppf2/8/3F4/8/8/4K3 w - - 0 1",
        "d4",
        false,
    );
    assert!(text.contains("  d4e5: burns d6 e6\n"), "{text}");
}
