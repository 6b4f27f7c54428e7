//! `connect` (N in a row, N on a line with `gaps`, `square N`, a chain `A to B`) and the
//! drops that land (`falling`, `pushed in`): positions where a shape wins, where a shape
//! of the wrong kind, direction or side does not, misère shapes that lose, and the cells
//! a landing drop may go to. The positions and verdicts are pyffish 0.0.90's, for
//! Fairy-Stockfish's keys `connectN`, `collinearN`, `connectNxN`, `connectRegion1/2`,
//! `connectValue`, `connectPieceTypes`, `connect{Horizontal,Vertical,Diagonal}` and
//! `enclosingDrop = top | anyside` (tests/suite/fsf.rs imports them); the diagnostics
//! E0976 and E0997-E0999.

use piecewise::game::{EndReason, Game, GameResult};
use piecewise::ids::Side;

use crate::common;
use common::{legal, play};

/// The error codes of a rules text.
fn check_codes(src: &str) -> Vec<String> {
    common::check_codes(src)
        .into_iter()
        .filter(|c| c.starts_with('E'))
        .collect()
}

/// A game of discs (`P`) dropped from the hand and stones (`S`) that step one cell, on
/// a `size` board, with `ends` (the `connect` lines) and `drop` options.
fn game(size: &str, ends: &str, drop: &str) -> Game {
    let src = format!(
        "board square {size}\nhand\ndrop Disc | Stone, also stuck{drop}\n{ends}\nstalemate draw\n\
         piece Disc (P) {{ }}\npiece Stone (S) {{ step orthogonal, move only }}\n"
    );
    Game::compile(&src).unwrap_or_else(|d| panic!("{}", d.render("x.rules", &src, false)))
}

fn result(g: &Game, fen: &str) -> Option<(Option<Side>, EndReason)> {
    let pos = g.position(fen).expect("fen");
    g.result(&pos)
        .map(|GameResult { winner, reason }| (winner, reason))
}

const WHITE_CONNECTS: Option<(Option<Side>, EndReason)> =
    Some((Some(Side::First), EndReason::Connect));

#[test]
fn a_line_of_the_mover_wins_and_ends_the_game() {
    let g = game("3x3", "connect 3", "");
    // White just made a1-c1 (pyffish, tictactoe: no legal move, -32000 for Black).
    let fen = "3/3/PPP[Pp] b - - 0 1";
    assert_eq!(result(&g, fen), WHITE_CONNECTS);
    assert!(legal(&g, fen).is_empty());
    // Diagonals and files count too.
    assert_eq!(result(&g, "P2/1P1/2P[p] b - - 0 1"), WHITE_CONNECTS);
    assert_eq!(result(&g, "1P1/1P1/1P1[p] b - - 0 1"), WHITE_CONNECTS);
    // Two in a row, or three with a gap, is nothing.
    assert_eq!(result(&g, "3/3/PP1[Pp] b - - 0 1"), None);
    // Only the side that just moved is judged: with White to move, its line is not
    // looked at (pyffish: six legal drops, no end).
    let fen = "3/3/PPP[Pp] w - - 0 1";
    assert_eq!(result(&g, fen), None);
    assert_eq!(legal(&g, fen).len(), 6);
    // Playing into the line ends the game.
    let line = g.line_from_uci("3/3/PP1[Pp] w - - 0 1", &["P@c1"]).unwrap();
    let end = g.immediate_end(&line).unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Some(Side::First), EndReason::Connect)
    );
    assert!(end.to_string().contains("connection"), "{end}");
}

#[test]
fn a_line_of_the_wrong_kind_or_direction_does_not_count() {
    let g = game("3x3", "connect 3 with Disc, along orthogonal", "");
    // Stones in a row: not discs.
    assert_eq!(result(&g, "3/3/SSS[p] b - - 0 1"), None);
    assert_eq!(result(&g, "3/3/PSP[p] b - - 0 1"), None);
    // A diagonal of discs: not along orthogonal (Nine Holes).
    assert_eq!(result(&g, "P2/1P1/2P[p] b - - 0 1"), None);
    assert_eq!(result(&g, "3/3/PPP[p] b - - 0 1"), WHITE_CONNECTS);
    // `along sideways`: the ranks only.
    let g = game("3x3", "connect 3, along sideways", "");
    assert_eq!(result(&g, "1P1/1P1/1P1[p] b - - 0 1"), None);
    assert_eq!(result(&g, "3/PPP/3[p] b - - 0 1"), WHITE_CONNECTS);
    // Black's line, Black having just moved.
    assert_eq!(
        result(&g, "3/ppp/3[P] w - - 0 1"),
        Some((Some(Side::Second), EndReason::Connect))
    );
}

#[test]
fn a_misere_line_loses_and_a_drawn_one_draws() {
    // pyffish, cfour-misere: `7/7/7/7/7/PPPP3[Pp] b`: 32000 for Black.
    let g = game("7x6", "connect 4 loss", ", falling");
    assert_eq!(
        result(&g, "7/7/7/7/7/PPPP3[Pp] b - - 0 1"),
        Some((Some(Side::Second), EndReason::Connect))
    );
    let g = game("7x6", "connect 4 draw", ", falling");
    assert_eq!(
        result(&g, "7/7/7/7/7/PPPP3[Pp] b - - 0 1"),
        Some((None, EndReason::Connect))
    );
}

#[test]
fn gaps_count_pieces_anywhere_on_a_line() {
    // Three Musketeers: three musketeers on one rank or file lose, whatever stands
    // between them (pyffish: `5/5/M1M1M/5/p4 b` is over, 32000 for Black).
    let g = game(
        "5x5",
        "connect 3 with Stone loss, along orthogonal, gaps",
        "",
    );
    let lose = Some((Some(Side::Second), EndReason::Connect));
    assert_eq!(result(&g, "5/5/S1S1S/5/p4 b - - 0 1"), lose);
    assert_eq!(result(&g, "5/5/S1SpS/5/5 b - - 0 1"), lose);
    // Off a line (pyffish: `5/5/M1M2/5/p3M b` goes on), or on a diagonal.
    assert_eq!(result(&g, "5/5/S1S2/5/p3S[p] b - - 0 1"), None);
    assert_eq!(result(&g, "S4/5/2S2/5/4S[p] b - - 0 1"), None);
    // Without `gaps` the same rank is no line.
    let g = game("5x5", "connect 3 with Stone loss, along orthogonal", "");
    assert_eq!(result(&g, "5/5/S1S1S/5/p4[p] b - - 0 1"), None);
}

#[test]
fn a_square_block_wins_beside_a_line() {
    // Teeko: four in a row or a 2 by 2 block (pyffish: `4/4/PP2/PP2[Pp] b` is over,
    // `4/4/P3/PP2[Pp] b` has 13 drops).
    let g = game("4x4", "connect 4\nconnect square 2", "");
    assert_eq!(result(&g, "4/4/PP2/PP2[Pp] b - - 0 1"), WHITE_CONNECTS);
    assert_eq!(result(&g, "4/4/P3/PP2[Pp] b - - 0 1"), None);
    assert_eq!(legal(&g, "4/4/P3/PP2[Pp] b - - 0 1").len(), 13);
    assert_eq!(result(&g, "4/4/4/PPPP[p] b - - 0 1"), WHITE_CONNECTS);
    assert_eq!(result(&g, "4/1PP1/1PP1/4[p] b - - 0 1"), WHITE_CONNECTS);
}

#[test]
fn a_chain_joins_two_zones_stepping_only_the_ways_written() {
    let src = "board square 4x4\nzone absolute west = file a\nzone absolute east = file d\n\
               zone absolute south = rank 1\nzone absolute north = rank 4\nhand\n\
               drop Stone, also stuck\n\
               connect west to east for first, along right + forward\n\
               connect south to north for second, along right + forward\n\
               piece Stone (P) { step orthogonal, move only }\n";
    let g = Game::compile(src).unwrap_or_else(|d| panic!("{}", d.render("x", src, false)));
    // pyffish, as Fairy-Stockfish's connectRegion with connectDiagonal = false:
    // `4/4/1PPP/PP2[p] b` is over; `4/4/PP2/1PPP[p] b` is not (from b2 the chain would
    // have to step back down to b1); `4/4/4/PP1P[p] b` has a gap.
    assert_eq!(result(&g, "4/4/1PPP/PP2[p] b - - 0 1"), WHITE_CONNECTS);
    assert_eq!(result(&g, "4/4/PP2/1PPP[p] b - - 0 1"), None);
    assert_eq!(legal(&g, "4/4/PP2/1PPP[p] b - - 0 1").len(), 11);
    assert_eq!(result(&g, "4/4/4/PP1P[p] b - - 0 1"), None);
    // A white chain from rank 1 to rank 4 is Black's shape, not White's.
    assert_eq!(result(&g, "P3/P3/P3/P3[p] b - - 0 1"), None);
    assert_eq!(
        result(&g, "p3/p3/p3/p3[P] w - - 0 1"),
        Some((Some(Side::Second), EndReason::Connect))
    );
}

#[test]
fn falling_drops_land_on_the_lowest_empty_cell_of_their_file() {
    let g = common::game("connect-four");
    let start = g.start_position().unwrap();
    let mut first = g.legal_uci(&start);
    first.sort();
    assert_eq!(
        first,
        ["P@a1", "P@b1", "P@c1", "P@d1", "P@e1", "P@f1", "P@g1"]
    );
    // pyffish, cfour: on d1 and d2 the next disc of the d file goes to d3.
    assert_eq!(
        legal(&g, "7/7/7/7/3P3/3p3[PPPppp] w - - 0 1"),
        ["P@a1", "P@b1", "P@c1", "P@d3", "P@e1", "P@f1", "P@g1"]
    );
    assert_eq!(
        play(&g, "7/7/7/7/7/7[PPPppp] w - - 0 1", &["P@d1", "P@d2"]),
        "7/7/7/7/3p3/3P3[PPpp] w - - 0 2"
    );
    // Perft 1-4 from the start: pyffish's cfour (7, 49, 343, 2401).
    for (depth, want) in (1..).zip([7u64, 49, 343, 2401]) {
        assert_eq!(g.perft(&start, depth), want);
    }
    // A column that is full takes no disc.
    assert_eq!(
        legal(&g, "3p3/3P3/3p3/3P3/3p3/3P3[PPpp] w - - 0 1").len(),
        6
    );
    let moves = common::make_unmake_round_trip(&g, "7/7/7/7/3P3/3p3[PPPppp] w - - 0 1");
    assert_eq!(moves.len(), 7);
}

#[test]
fn pushed_in_drops_stop_as_fairy_stockfish_stops_them() {
    let g = game("5x5", "connect 4", ", pushed in");
    // pyffish, cfour-anyside on 5x5: the 16 cells of the edge of an empty board.
    assert_eq!(legal(&g, "5/5/5/5/5[PPPpppp] w - - 0 1").len(), 16);
    // With a disc on b2: Fairy-Stockfish's cells (from the west a2, from the south b1;
    // from the east and the north too it takes the lowest such cell of the rank or file).
    assert_eq!(
        legal(&g, "5/5/5/1P3/5[PPPpppp] b - - 0 1"),
        [
            "P@a1", "P@a2", "P@a3", "P@a4", "P@a5", "P@b1", "P@c1", "P@c5", "P@d1", "P@d5", "P@e1",
            "P@e3", "P@e4", "P@e5"
        ]
    );
}

#[test]
fn drops_not_next_to_a_foe_keep_an_orthogonal_step_away() {
    // pyffish, snort: with a white stone on c5, Black may not drop on b5, c4, c6 or d5
    // (the diagonals stay open): 59 of the 63 empty cells.
    let g = game("8x8", "", ", not next to foe");
    let fen = "8/8/8/2P5/8/8/8/8[PPpp] b - - 0 1";
    let moves = legal(&g, fen);
    assert_eq!(moves.iter().filter(|m| m.starts_with("P@")).count(), 59);
    for cell in ["b5", "c4", "c6", "d5"] {
        assert!(!moves.contains(&format!("P@{cell}")), "{moves:?}");
    }
    assert!(moves.contains(&"P@b4".to_string()), "{moves:?}");
    // Its own stones do not count: White may drop next to c5.
    assert!(legal(&g, "8/8/8/2P5/8/8/8/8[PPpp] w - - 0 1").contains(&"P@c6".to_string()));
}

#[test]
fn a_game_without_connect_is_judged_as_before() {
    // No `connect`: three in a row is nothing.
    let g = game("3x3", "", "");
    assert_eq!(result(&g, "3/3/PPP[Pp] b - - 0 1"), None);
    assert_eq!(legal(&g, "3/3/PPP[Pp] b - - 0 1").len(), 6);
}

#[test]
fn connect_diagnostics() {
    let with = |ends: &str, drop: &str| {
        format!(
            "board square 4x4\nzone a = file a\nzone b = file d\nhand\ndrop Disc{drop}\n{ends}\npiece Disc (P) {{ }}\n"
        )
    };
    assert!(check_codes(&with("connect 4", ", falling")).is_empty());
    assert!(check_codes(&with("connect a to b, along right", ", pushed in")).is_empty());
    assert_eq!(check_codes(&with("connect 5", "")), ["E0997"]);
    assert_eq!(check_codes(&with("connect 1", "")), ["E0997"]);
    assert_eq!(check_codes(&with("connect square 5", "")), ["E0997"]);
    assert_eq!(check_codes(&with("connect square 2, gaps", "")), ["E0998"]);
    assert_eq!(check_codes(&with("connect a to b, gaps", "")), ["E0998"]);
    assert_eq!(
        check_codes(&with("connect 3", ", falling, pushed in")),
        ["E0999"]
    );
    // Unknown kinds and zones, and relative directions, are the usual errors.
    assert_eq!(check_codes(&with("connect 3 with Rock", "")), ["E0304"]);
    assert_eq!(check_codes(&with("connect a to c", "")).len(), 1);
    let hex = "board hex radius 3\nhand\ndrop Disc, falling\npiece Disc (P) { }\n";
    assert_eq!(check_codes(hex), ["E0999"]);
    let hex = "board hex radius 3\nconnect 3\npiece Disc (P) { step any }\n";
    assert!(check_codes(hex).is_empty(), "{:?}", check_codes(hex));
}
