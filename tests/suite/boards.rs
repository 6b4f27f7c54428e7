//! Boards beyond the square: neighbour tables written in the language, Gliński's
//! hexagonal chess (empty-board move counts, perft 1 and 2 derived by hand), and
//! chess on a graph board matching chess perft.

use crate::common;

use common::{game, rules_dir};
use piecewise::ids::{PieceId, Side};
use piecewise::walk::Occupant;
use piecewise::{Game, Rules};
use std::collections::BTreeSet;

fn compile(src: &str) -> Rules {
    piecewise::compile(src).unwrap_or_else(|d| panic!("does not compile: {d:?}\n{src}"))
}

/// Moves of one piece standing alone on an empty board, summed over every cell: the
/// number of directed neighbour links of the board in the piece's directions.
fn links(board: &str, dirs: &str) -> usize {
    let r = compile(&format!("board {board}\npiece P (P) {{ step {dirs} }}"));
    let b = r.board();
    let mut total = 0;
    for cell in b.cells() {
        let mut pos = r.position(&empty_fen(b)).expect("empty board");
        pos.cells[cell.index()] = Occupant::piece(Side::First, PieceId(0));
        total += r.moves_from(&pos, cell).len();
    }
    total
}

fn empty_fen(b: &piecewise::topology::Board) -> String {
    let ranks: Vec<String> = (0..b.height() as i16)
        .rev()
        .map(|y| b.fen_row(y).len().to_string())
        .collect();
    format!("{} w", ranks.join("/"))
}

#[test]
fn neighbour_links_in_the_language() {
    // 2×2 Sokoban: every cell has two orthogonal neighbours.
    assert_eq!(links("square 2x2", "orthogonal"), 8);
    // 2×2 Trioban: the six directions make 2 + 4 + 2 + 4 = 12 (cell, direction)
    // links (src/topology/tri.rs counts them cell by cell), but two directions may
    // lead to the same neighbour, so a stepping piece has 1 + 2 + 1 + 2 = 6 distinct
    // moves.
    assert_eq!(links("tri 2x2", "any"), 6);
    // 2×2 Hexoban (rows): a2 → b2, a1; b2 → a2, a1, b1; a1 → b1, a2, b2; b1 → a1, b2.
    assert_eq!(links("hex 2x2", "orthogonal"), 10);
    // 2×2 Octoban: the octagons a2 and b1 have 3 neighbours (one diagonal), the
    // squares 2.
    assert_eq!(links("octo 2x2", "any"), 10);
    // A radius-1 hexagon: the centre has 6 edge neighbours, each rim cell 3.
    assert_eq!(links("hex radius 1", "orthogonal"), 6 + 6 * 3);
    // ... and across corners: the centre none, each rim cell 2 (the rim cells two
    // apart around the ring).
    assert_eq!(links("hex radius 1", "diagonal"), 6 * 2);
}

#[test]
fn glinski_empty_board_from_the_centre() {
    let g = game("glinski");
    // Rank 11 has one cell, ranks 10..7 three to nine, ranks 6..1 eleven each.
    for (piece, want) in [("R", 30), ("B", 12), ("Q", 42), ("K", 12), ("N", 12)] {
        let fen = format!("1/3/5/7/9/5{piece}5/11/11/11/11/11 w - - 0 1");
        let pos = g.position(&fen).expect("fen");
        let n = g.legal_uci(&pos).len();
        assert_eq!(n, want, "{piece} on f6");
    }
    // Rook: 6 lines of 5 cells from the centre (30); bishop: 6 diagonal lines of 2
    // (the next corner cell is off the board: 12); queen = rook + bishop = 42; king:
    // 6 edge + 6 corner neighbours; knight: the 12 cells of cube distance 3 that no
    // rook or bishop line reaches.
}

const GLINSKI_START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1";

#[test]
fn glinski_start_perft_1_by_piece() {
    let g = game("glinski");
    let pos = g.start_position().expect("start");
    assert_eq!(g.fen(&pos), GLINSKI_START);
    let moves = g.legal_uci(&pos);
    let from = |cells: &[&str]| {
        moves
            .iter()
            .filter(|m| {
                cells.iter().any(|c| {
                    m.starts_with(c) && !m[c.len()..].starts_with(|d: char| d.is_ascii_digit())
                })
            })
            .count()
    };
    // Pawns: each of the nine may step one or two cells up its file, except f5,
    // whose double step would land on the black pawn f7: 8·2 + 1 = 17.
    assert_eq!(
        from(&["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]),
        17
    );
    // Knights d1 and h1: b2, c3, f4 and g2 (and mirrored g2, i3, f4, d2... for h1;
    // the other eight leaps land on own pieces or off the board): 4 each.
    assert_eq!(from(&["d1", "h1"]), 8);
    // Bishops: f1 to e2 and g2 (2); f2 up both long diagonals e3 d4 c5 b6 and g3 h4
    // i5 k6 (8); f3 to d2 and h2 (2).
    assert_eq!(from(&["f1", "f2", "f3"]), 12);
    // Rooks c1 and i1: up the slanted edge line d2 e3 f4 (g4/e4 are own pawns): 3 each.
    assert_eq!(from(&["c1", "i1"]), 6);
    // Queen e1: e2, e3 up the file and d2 c3 b4 a5 along a diagonal.
    assert_eq!(from(&["e1"]), 6);
    // King g1: g2 and h2.
    assert_eq!(from(&["g1"]), 2);
    assert_eq!(moves.len(), 51);
    assert_eq!(g.perft(&pos, 1), 51);
}

/// Perft 2 = 51·51 corrected for the white moves that change Black's replies.
///
/// Black's 51 replies mirror White's 51 moves; none of them is a capture and none
/// reaches a white piece, so a white move can only matter by landing on a cell a
/// black move passes or ends on: it cuts off the cells beyond it (a slider's line)
/// and turns its own cell into a capture for a slider, or blocks a pawn's step (pawns
/// capture only sideways-forward), and a black pawn may gain a capture of it; or by
/// covering a cell the black king could step to. No white move gives check or pins
/// a black piece, and vacated cells open nothing (no black line reached a white
/// piece before). The 15 white moves that matter, each found by following the black
/// lines through its landing cell and the new piece's lines through the king's two
/// steps (g9, h9):
const GLINSKI_D2_CHANGES: &[(&str, &[&str], &[&str])] = &[
    // (white move, black moves lost, black moves gained)
    ("c2c4", &["f10b2"], &[]), // bishop line f10 e8 d6 c4 b2: b2 cut off, c4 now a capture
    ("i2i4", &["f10k2"], &[]), // the mirror image: f10 g8 h6 i4 k2
    ("d3d5", &["d7d5"], &[]),  // black d7's double step lands on d5
    ("e4e5", &["e7e5"], &[]),  // ... e7's double step
    ("g4g5", &["g7g5"], &[]),  // ... g7's
    ("h3h5", &["h7h5"], &[]),  // ... h7's
    ("f2c5", &["c7c5"], &[]),  // the bishop stands on c7's double-step cell
    ("f2i5", &["i7i5"], &[]),  // ... on i7's
    ("f5f6", &["f7f6"], &[]),  // f7 can no longer step (its double step was blocked already)
    ("e4e6", &["e7e6", "e7e5"], &["f7e6"]), // e7 blocked; f7 takes e6 (its forward-left)
    ("g4g6", &["g7g6", "g7g5"], &["f7g6"]), // the mirror image
    ("f2b6", &["b7b6", "b7b5"], &["c7b6"]), // b7 blocked; c7 takes b6
    ("f2k6", &["k7k6", "k7k5"], &["i7k6"]), // the mirror image
    ("e1b4", &["e10a2"], &[]), // queen line e10 d8 c6 b4 a2: a2 cut off, b4 a capture
    ("f2d4", &["g10g9"], &[]), // the bishop's line d4 e6 f8 g9 covers the king's step to g9
];

#[test]
fn glinski_start_perft_2() {
    let g = game("glinski");
    let pos = g.start_position().expect("start");
    let base: BTreeSet<String> = {
        let black = g
            .position(&GLINSKI_START.replace(" w ", " b "))
            .expect("fen");
        g.legal_uci(&black).into_iter().collect()
    };
    assert_eq!(base.len(), 51);
    let mut total = 0u64;
    let mut changed = 0;
    for m in g.legal_moves(&pos) {
        let uci = g.uci(&m);
        let mut after = pos.clone();
        g.make(&mut after, &m);
        let replies: BTreeSet<String> = g.legal_uci(&after).into_iter().collect();
        let lost: BTreeSet<&str> = base.difference(&replies).map(String::as_str).collect();
        let gained: BTreeSet<&str> = replies.difference(&base).map(String::as_str).collect();
        match GLINSKI_D2_CHANGES.iter().find(|(w, ..)| *w == uci) {
            Some((_, l, gn)) => {
                changed += 1;
                assert_eq!(lost, l.iter().copied().collect(), "{uci}: lost");
                assert_eq!(gained, gn.iter().copied().collect(), "{uci}: gained");
            }
            None => assert!(
                lost.is_empty() && gained.is_empty(),
                "{uci}: {lost:?} {gained:?}"
            ),
        }
        total += replies.len() as u64;
    }
    assert_eq!(changed, GLINSKI_D2_CHANGES.len());
    // 51·51 = 2601; eleven moves lose one reply, four lose two and gain one: -15.
    assert_eq!(total, 51 * 51 - 15);
    assert_eq!(g.perft(&pos, 2), 2586);
}

#[test]
fn graph_chess_matches_chess() {
    let chess = game("chess");
    let graph = game("graph-chess");
    let start = graph.start_position().expect("start");
    for (depth, nodes) in [(1, 20), (2, 400), (3, 8902), (4, 197_281)] {
        assert_eq!(graph.perft(&start, depth), nodes, "startpos depth {depth}");
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = graph.position(kiwipete).expect("fen");
    assert_eq!(graph.perft(&pos, 3), 97_862);
    // Same moves, same notation.
    let a = chess.position(kiwipete).expect("fen");
    let mut x = chess.legal_uci(&a);
    let mut y = graph.legal_uci(&pos);
    x.sort();
    y.sort();
    assert_eq!(x, y);
}

#[test]
fn glinski_en_passant_and_promotion() {
    let g = game("glinski");
    // Black's e7 double-steps past e6, which the white pawn on d5 attacks (its
    // forward-right neighbour): d5 takes e6 en passant and removes the pawn on e5.
    let mut pos = g
        .position("1/2k/5/7/3p5/11/3P7/11/11/11/6K4 b - - 0 1")
        .expect("fen");
    let m = g.parse_uci(&pos, "e7e5").expect("double step");
    g.make(&mut pos, &m);
    assert!(g.fen(&pos).contains(" e6 "), "{}", g.fen(&pos));
    assert!(g.legal_uci(&pos).contains(&"d5e6".to_string()));
    let ep = g.parse_uci(&pos, "d5e6").expect("en passant");
    g.make(&mut pos, &ep);
    assert_eq!(g.fen(&pos), "1/2k/5/7/9/4P6/11/11/11/11/6K4 b - - 0 2");
    // A single step leaves no en passant cell (d5 may take e6 the ordinary way).
    let mut pos = g
        .position("1/2k/5/7/3p5/11/3P7/11/11/11/6K4 b - - 0 1")
        .expect("fen");
    let m = g.parse_uci(&pos, "e7e6").expect("step");
    g.make(&mut pos, &m);
    assert!(g.fen(&pos).ends_with(" w - - 0 2"), "{}", g.fen(&pos));
    // Promotion on the far edge (the top cell of every file): f10-f11 and a5-a6
    // promote to one of four pieces each.
    let pos = g
        .position("1/1P1/5/7/9/P10/11/11/11/11/6K3k w - - 0 1")
        .expect("fen");
    let mut pawn: Vec<String> = g
        .legal_uci(&pos)
        .into_iter()
        .filter(|m| m.starts_with("f10") || m.starts_with("a6"))
        .collect();
    pawn.sort();
    assert_eq!(pawn, ["f10f11b", "f10f11n", "f10f11q", "f10f11r"]);
    // The pawn on a6 stands on the far edge of file a already: it cannot move.
}

/// A Sokoban-family level played on a board cut to its size moves exactly as on the
/// declared 26×26 board (the cut keeps the top rows, whose parity decides the
/// hexagon rows' shift, the triangles' direction and the octagons).
#[test]
fn levels_on_fitted_boards_move_as_on_the_full_board() {
    for (rules, level) in [
        ("sokoban", "sokoban-simple"),
        ("hexoban", "hexoban-small"),
        ("trioban", "trioban-small"),
        ("octoban", "octoban-small"),
    ] {
        let src = common::rules_source(rules);
        let text = common::read(&format!("rules/boards/{level}.txt"));
        let size = piecewise::game::text_board::level_size(&text).unwrap();
        let full = Game::compile_at(&src, Some(&rules_dir())).unwrap();
        let fitted = Game::compile_fitted(&src, Some(&rules_dir()), Some(size)).unwrap();
        assert_eq!(
            (
                fitted.board().width() as usize,
                fitted.board().height() as usize
            ),
            size
        );
        let a = full.read_text_board(&text).unwrap();
        let b = fitted.read_text_board(&text).unwrap();
        for depth in 1..=4 {
            assert_eq!(
                full.perft(&a, depth),
                fitted.perft(&b, depth),
                "{rules} {depth}"
            );
        }
        assert_eq!(full.text_board(&a), fitted.text_board(&b));
    }
}

/// `anywhere`, `other-colour`, `same-colour` (issue 32, the Croatian Starchild): a
/// jump from every cell to every other cell of the board, of the other colour, of the
/// same colour. On 8×8, a piece alone reaches 63 cells from each of the 64, 32 of the
/// other colour and 31 of its own. On Gliński's hexagon (91 cells, 30 light, 31
/// medium, 30 dark), from each cell every other cell, and the cells of its own colour.
/// Tri and graph boards have no such jumps (E0410).
#[test]
fn jumps_reach_every_cell_or_every_cell_of_a_colour() {
    assert_eq!(links("square 8x8", "anywhere"), 64 * 63);
    assert_eq!(links("square 8x8", "other-colour"), 64 * 32);
    assert_eq!(links("square 8x8", "same-colour"), 64 * 31);
    assert_eq!(links("hex radius 5", "anywhere"), 91 * 90);
    assert_eq!(
        links("hex radius 5", "same-colour"),
        30 * 29 + 31 * 30 + 30 * 29
    );
    assert_eq!(
        links("hex radius 5", "other-colour"),
        91 * 90 - (30 * 29 + 31 * 30 + 30 * 29)
    );
    assert_eq!(
        links("square 8x8", "other-colour + same-colour"),
        links("square 8x8", "anywhere")
    );
    for board in ["tri 4x4", "octo 4x4"] {
        let codes =
            common::check_codes(&format!("board {board}\npiece P (P) {{ leap anywhere }}\n"));
        assert!(codes.contains(&"E0410".to_string()), "{board}: {codes:?}");
    }
}
