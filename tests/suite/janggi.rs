//! The Janggi family's game ends (`double pass`, `royals facing`, `draws by points`) on
//! the shipped files janggi, janggitraditional, janggimodern and janggicasual. Every
//! expected figure is Fairy-Stockfish's (pyffish 0.0.90: `legal_moves`,
//! `is_immediate_game_end`, perft by recursion over `legal_moves` and `get_fen`);
//! tests/differential/catalogue.py compares the files with it on random games.

use crate::common;

use common::{check_codes, game, legal};
use piecewise::game::{EndReason, GameResult};
use piecewise::ids::Side;
use piecewise::Game;

/// Kings facing on the e-file, a white chariot on a1 (bikjang, White to move).
const FACING: &str = "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";
/// Kings facing, White in check from a black chariot on a2.
const FACING_IN_CHECK: &str = "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1";

/// The immediate end after `moves` from `fen`.
fn end_after(g: &Game, fen: &str, moves: &[&str]) -> Option<GameResult> {
    let line = g.line_from_uci(fen, moves).expect("a legal line");
    g.immediate_end(&line)
}

fn perft(g: &Game, fen: &str, depth: u32) -> u64 {
    g.perft(&g.position(fen).unwrap(), depth)
}

#[test]
fn perft_from_the_start_is_fairy_stockfishs() {
    // Fairy-Stockfish's `go perft 3` from the start (Debian's 11.1 and the source at
    // c19b5f6c agree): perft follows the line, so a pass answering a pass (every file)
    // and a pass in bikjang (janggi, janggitraditional: where a sideways soldier opened
    // the e-file) end it. pyffish 0.0.90's perft by recursion through FENs
    // (`legal_moves`, `get_fen`) loses the move before, so it sees neither end: the
    // count through FENs is that one.
    for (name, want, through_fens) in [
        ("janggi", 33000, 33032),
        ("janggitraditional", 33000, 33032),
        ("janggimodern", 33316, 33348),
        ("janggicasual", 33316, 33348),
    ] {
        let g = game(name);
        let start = g.start_fen().unwrap().to_string();
        assert_eq!(perft(&g, &start, 3), want, "{name}");
        let pos = g.position(&start).unwrap();
        assert_eq!(
            common::perft_through_fen(&g, &pos, 3),
            through_fens,
            "{name} through FENs"
        );
    }
}

#[test]
fn in_bikjang_the_side_to_move_must_part_the_generals_or_pass() {
    // pyffish: janggi and janggitraditional list only the general's moves off the file
    // and the pass; casual rules let the chariot move too.
    let only = ["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"];
    assert_eq!(legal(&game("janggi"), FACING), only);
    assert_eq!(legal(&game("janggitraditional"), FACING), only);
    assert_eq!(legal(&game("janggicasual"), FACING).len(), 26);
    // In check, the pass is still legal (and only in bikjang): pyffish's lists.
    assert_eq!(
        legal(&game("janggi"), FACING_IN_CHECK),
        ["e2d1", "e2d3", "e2e2", "e2f1", "e2f3"]
    );
    assert_eq!(
        legal(&game("janggicasual"), FACING_IN_CHECK),
        ["e2d1", "e2d3", "e2e1", "e2e3", "e2f1", "e2f3"]
    );
}

#[test]
fn perft_through_bikjang_positions_is_fairy_stockfishs() {
    // Soldiers that step aside open the e-file: Fairy-Stockfish's `go perft` 1, 2, 3
    // (11.1 and c19b5f6c), which follows the line (a pass in bikjang, a pass answering
    // a pass end it), and pyffish's perft 3 through FENs, which does not.
    let cases = [
        (
            "4k4/9/9/9/4p4/9/9/4P4/4K4/R8 w - - 0 1",
            [28, 187, 4502],
            [28, 187, 4698],
            4530,
        ),
        (
            "3k5/4a4/9/9/2c1p4/9/9/4P4/4K4/R2A5 w - - 0 1",
            [23, 350, 8317],
            [23, 374, 8811],
            8345,
        ),
    ];
    let (janggi, casual) = (game("janggi"), game("janggicasual"));
    for (fen, with, without, through_fens) in cases {
        for d in 1..=3 {
            assert_eq!(perft(&janggi, fen, d), with[d as usize - 1], "{fen} {d}");
            assert_eq!(perft(&casual, fen, d), without[d as usize - 1], "{fen} {d}");
        }
        assert_eq!(
            common::perft_through_fen(&janggi, &janggi.position(fen).unwrap(), 3),
            through_fens,
            "{fen} 3 through FENs"
        );
    }
}

#[test]
fn perft_on_more_threads_follows_the_passes_too() {
    // The root moves counted on two threads: the same counts as on one.
    let g = game("janggi");
    let start = g.position(g.start_fen().unwrap()).unwrap();
    let one = piecewise::game::Perft::new(&g)
        .divide(&mut start.clone(), 4)
        .unwrap();
    let two = piecewise::game::divide_parallel(
        &g,
        &start,
        4,
        std::time::Duration::MAX,
        None,
        2,
        |_, _| {},
    )
    .unwrap()
    .unwrap();
    assert_eq!(one, two);
    assert_eq!(one.iter().map(|(_, n)| n).sum::<u64>(), 1_065_277);
}

#[test]
fn a_pass_in_bikjang_ends_the_game_by_the_count_or_as_a_draw() {
    let result = |winner, reason| Some(GameResult { winner, reason });
    // pyffish janggi: (True, -32000) for Black: White's chariot outweighs Black's 1.5.
    let janggi = game("janggi");
    assert_eq!(
        end_after(&janggi, FACING, &["e2e2"]),
        result(Some(Side::First), EndReason::RoyalsFacing)
    );
    // In check, the pass ends it too: Black's chariot wins the count (True, 32000).
    assert_eq!(
        end_after(&janggi, FACING_IN_CHECK, &["e2e2"]),
        result(Some(Side::Second), EndReason::RoyalsFacing)
    );
    // Traditional rules: a draw (True, 0); casual rules: play goes on (False).
    assert_eq!(
        end_after(&game("janggitraditional"), FACING, &["e2e2"]),
        result(None, EndReason::RoyalsFacing)
    );
    assert_eq!(end_after(&game("janggicasual"), FACING, &["e2e2"]), None);
    // A move that parts the generals ends nothing.
    assert_eq!(end_after(&janggi, FACING, &["e2d2"]), None);
}

#[test]
fn two_passes_end_the_game_by_the_count_or_as_a_draw() {
    let result = |winner| {
        Some(GameResult {
            winner,
            reason: EndReason::DoublePass,
        })
    };
    for (name, want) in [
        // 72 points against 72 + 1.5: the second player wins (pyffish: True, -32000).
        ("janggi", result(Some(Side::Second))),
        ("janggimodern", result(Some(Side::Second))),
        // pyffish: True, 0.
        ("janggitraditional", result(None)),
        ("janggicasual", result(None)),
    ] {
        let g = game(name);
        let start = g.start_fen().unwrap().to_string();
        assert_eq!(end_after(&g, &start, &["e2e2", "e9e9"]), want, "{name}");
        // One pass ends nothing (pyffish: False).
        assert_eq!(end_after(&g, &start, &["e2e2"]), None, "{name}");
        assert_eq!(
            end_after(&g, &start, &["e2e2", "e9e8", "e2e2"]),
            None,
            "{name}"
        );
    }
}

#[test]
fn the_count_is_the_pieces_values_and_the_bonus() {
    let g = game("janggi");
    let start = g.position(g.start_fen().unwrap()).unwrap();
    // 2 chariots 26, 2 cannons 14, 2 horses 10, 2 elephants 6, 2 guards 6, 5 soldiers 10.
    assert_eq!(g.points(&start), [720, 735]);
    // A game without `draws by points` counts nothing.
    let casual = game("janggicasual");
    assert_eq!(casual.points(&start), [0, 0]);
    // A draw by the move limit is decided by the count too: Black's lone chariot wins.
    let fen = "4k4/9/9/9/9/9/9/9/r8/3K5 w - - 100 60";
    let line = g.line_from_uci(fen, &[] as &[&str]).unwrap();
    assert_eq!(
        g.optional_end(&line),
        Some(GameResult {
            winner: Some(Side::Second),
            reason: EndReason::MoveLimit
        })
    );
}

const BASE: &str = "board square 9x10\nroyal King\npiece King (K) { step orthogonal\n step orthogonal then step back, pass }\npiece Rook (R) { ride orthogonal }\n";

#[test]
fn the_declarations_check_their_arguments() {
    let codes = |extra: &str| check_codes(&format!("{BASE}{extra}"));
    assert!(codes(
        "double pass draw\nroyals facing loss\ndraws by points Rook 13, King 0, second 1.5\n"
    )
    .is_empty());
    // A points value with two decimals, or past 10,000.
    assert_eq!(codes("draws by points Rook 1.25\n"), ["E0975"]);
    assert_eq!(codes("draws by points Rook 10001\n"), ["E0975"]);
    // A kind, or a side's bonus, given twice.
    assert_eq!(codes("draws by points Rook 1, Rook 2\n"), ["E0701"]);
    assert_eq!(codes("draws by points first 1, first 2\n"), ["E0701"]);
    // An unknown kind.
    assert_eq!(codes("draws by points Queen 9\n"), ["E0304"]);
    // Xiangqi's rule and Janggi's bikjang cannot both hold.
    assert_eq!(
        codes("royals may not face\nroyals facing draw\n"),
        ["E0977"]
    );
    // Points and draw odds both decide every draw.
    assert_eq!(
        codes("draw odds for second\ndraws by points Rook 5\n"),
        ["E0979"]
    );
    // Twice.
    assert_eq!(codes("double pass draw\ndouble pass loss\n"), ["E0909"]);
    // Without royals, no royals ever face.
    let no_royal = "board square 9x10\npiece King (K) { step orthogonal }\nroyals facing draw\n";
    assert_eq!(check_codes(no_royal), ["E0934"]);
}

#[test]
fn a_points_error_points_at_the_number() {
    let src = format!("{BASE}draws by points Rook 1.25\n");
    let (_, d) = piecewise::pipeline::check(&src, None);
    let e = d.iter().find(|d| d.code == "E0975").expect("E0975");
    let at = src.find("1.25").unwrap();
    let span = e.primary.span;
    assert_eq!((span.start as usize, span.end as usize), (at, at + 4));
}

#[test]
fn shuttling_a_piece_four_times_loses_under_modern_rules() {
    let result = |winner, reason| Some(GameResult { winner, reason });
    let modern = game("janggimodern");
    let start = modern.start_fen().unwrap().to_string();
    let optional = |g: &Game, moves: &[&str]| {
        let line = g.line_from_uci(&start, moves).expect("a legal line");
        g.optional_end(&line)
    };
    // The chariot arrives on a2, then a2a3 a3a2 a2a3 a3a2: pyffish's
    // is_optional_game_end is (False, 0) up to the eighth move, (True, 32000) after the
    // ninth: Black, to move, wins.
    let moves = "a1a2 i10i9 a2a3 i9i10 a3a2 i10i9 a2a3 i9i10 a3a2 i10i9";
    let moves: Vec<&str> = moves.split(' ').collect();
    assert_eq!(optional(&modern, &moves[..8]), None);
    assert_eq!(
        optional(&modern, &moves[..9]),
        result(Some(Side::Second), EndReason::MoveRepetition)
    );
    // Black's chariot shuttled as well: White wins (pyffish: True, 32000).
    assert_eq!(
        optional(&modern, &moves[..10]),
        result(Some(Side::First), EndReason::MoveRepetition)
    );
    // A pass stands for the first move back: (False, 32000) after the pass, (True,
    // 32000) after a3a2.
    let passing = "a1a2 i10i9 a2a3 i9i10 a3a2 i10i9 a2a3 i9i10 e2e2 i10i9 a3a2";
    let passing: Vec<&str> = passing.split(' ').collect();
    assert_eq!(optional(&modern, &passing[..9]), None);
    assert_eq!(
        optional(&modern, &passing),
        result(Some(Side::Second), EndReason::MoveRepetition)
    );
    // janggi has no such rule: the threefold repetition after the ninth move is a draw
    // decided by the count (pyffish: True, 32000 for Black, 72 against 73.5 points).
    assert_eq!(
        optional(&game("janggi"), &moves[..9]),
        result(Some(Side::Second), EndReason::Repetition)
    );
    // An unknown kind after `not`, and the rule twice.
    let codes = |extra: &str| check_codes(&format!("{BASE}{extra}"));
    assert_eq!(codes("move repetition loses, not Queen\n"), ["E0304"]);
    assert!(codes("move repetition loses, not King\n").is_empty());
    assert_eq!(
        codes("move repetition loses\nmove repetition loses\n"),
        ["E0909"]
    );
}
