//! SVG movement diagrams (`piecewise show`): insta snapshots of whole pictures, and
//! assertions on what the diagram marks, taken from the real interpreter's walk.

use piecewise::picture::{LegKind, Marks, Picture};
use piecewise::Rules;

use crate::common;

/// `piecewise show` writing to standard output.
fn show(args: &[&str]) -> String {
    let o = common::cli::run(&[&["show"], args, &["-o", "-"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", common::cli::stderr(&o));
    String::from_utf8(o.stdout).expect("utf-8")
}

fn compile(file: &str) -> Rules {
    let src = std::fs::read_to_string(file).expect("rules file");
    piecewise::compile(&src).expect("compiles")
}

/// The marks of the piece on `from` in `fen`, and the rules for naming cells.
fn marks(file: &str, fen: &str, from: &str) -> (Rules, Marks) {
    let r = compile(file);
    let pos = r.position(fen).expect("fen");
    let mut p = Picture::new(&r, &pos);
    assert!(p.moves_from(&r, &pos, r.cell(from).expect("cell")));
    let m = p.marks().expect("marks").clone();
    (r, m)
}

/// Names of the cells whose marks satisfy `f`, sorted.
fn cells(r: &Rules, m: &Marks, f: fn(&piecewise::picture::CellMarks) -> bool) -> Vec<String> {
    let mut v: Vec<String> = m
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| f(c))
        .map(|(i, _)| r.cell_name(piecewise::ids::CellId(i as u16)))
        .collect();
    v.sort();
    v
}

#[test]
fn svg_chess_start_position() {
    insta::assert_snapshot!(show(&["rules/chess.rules"]));
}

#[test]
fn svg_xiangqi_cannon_from_the_start_position() {
    insta::assert_snapshot!(show(&["rules/xiangqi.rules", "--from", "b3"]));
}

#[test]
fn svg_fairy_lion_with_captures_in_passing() {
    insta::assert_snapshot!(show(&[
        "rules/fairy.rules",
        "--fen",
        "8/8/8/3pP3/3X4/2n5/8/8 w",
        "--from",
        "d4"
    ]));
}

#[test]
fn svg_fairy_griffon_bent_paths() {
    insta::assert_snapshot!(show(&[
        "rules/fairy.rules",
        "--fen",
        "8/2p5/8/2P1p3/3F4/5n2/8/8 w",
        "--from",
        "d4"
    ]));
}

#[test]
fn svg_fairy_knight_leaps() {
    let svg = show(&["rules/fairy.rules", "--piece", "Knight"]);
    assert_eq!(
        svg,
        show(&[
            "rules/fairy.rules",
            "--fen",
            "8/8/8/8/3N4/8/8/8 w",
            "--from",
            "d4"
        ]),
        "--piece puts the piece alone on the middle cell, d4"
    );
    insta::assert_snapshot!(svg);
}

#[test]
fn pictures_are_deterministic() {
    let args = [
        "rules/fairy.rules",
        "--fen",
        "8/8/8/3pP3/3X4/2n5/8/8 w",
        "--from",
        "d4",
    ];
    assert_eq!(show(&args), show(&args));
}

#[test]
fn cannon_marks_moves_screens_and_capture_only_cells() {
    let (r, m) = marks("rules/fairy.rules", "3p4/8/3P4/8/1P1O3r/8/3n4/8 w", "d4");
    assert_eq!(
        cells(&r, &m, |c| c.quiet),
        ["c4", "d3", "d5", "e4", "f4", "g4"]
    );
    // The cannon moves without capturing: every quiet cell is move-only.
    assert_eq!(
        cells(&r, &m, |c| c.move_only),
        ["c4", "d3", "d5", "e4", "f4", "g4"]
    );
    assert_eq!(cells(&r, &m, |c| c.capture), ["d8"]);
    assert_eq!(cells(&r, &m, |c| c.screen), ["b4", "d2", "d6"]);
    // Beyond a screen an empty cell is one the cannon could only capture on.
    assert_eq!(cells(&r, &m, |c| c.capture_only), ["a4", "d1", "d7"]);
    assert!(cells(&r, &m, |c| c.passing_capture).is_empty());
    // The rook on h4 stops the ride: it is not captured and no line reaches it.
    let h4 = r.cell("h4").expect("h4").index();
    assert!(m.edges.iter().all(|e| e.to != h4));
    assert!(m.edges.iter().any(|e| e.kind == LegKind::Hop));
    assert!(m.edges.iter().all(|e| !e.leap));
}

#[test]
fn checkers_man_marks_captures_in_passing() {
    let (r, m) = marks("rules/fairy.rules", "8/8/8/2p1p3/3D4/8/8/8 w", "d4");
    assert_eq!(cells(&r, &m, |c| c.passing_capture), ["c5", "e5"]);
    assert_eq!(cells(&r, &m, |c| c.quiet), ["b6", "f6"]);
    assert!(cells(&r, &m, |c| c.capture).is_empty());
    let after: Vec<_> = m
        .edges
        .iter()
        .filter(|e| e.kind == LegKind::Locust)
        .collect();
    assert_eq!(after.len(), 2, "{:?}", m.edges);
}

#[test]
fn griffon_paths_turn_and_knight_paths_leap() {
    let (r, m) = marks("rules/fairy.rules", "8/2p5/8/2P1p3/3F4/5n2/8/8 w", "d4");
    let turns = m.edges.iter().filter(|e| e.kind == LegKind::Turn).count();
    // c3 → b3, a3 and c2, c1; e3 → e2, e1 (f3 is captured: a turn too).
    assert_eq!(turns, 7, "{:?}", m.edges);
    assert_eq!(cells(&r, &m, |c| c.capture), ["e5", "f3"]);
    assert!(
        cells(&r, &m, |c| c.move_only).is_empty(),
        "it captures as it moves"
    );
    let (_, m) = marks("rules/fairy.rules", "8/8/8/8/3N4/8/8/8 w", "d4");
    assert_eq!(m.edges.len(), 8);
    assert!(m.edges.iter().all(|e| e.leap && e.kind == LegKind::First));
}

#[test]
fn pawn_shows_its_capture_only_diagonals() {
    let r = compile("rules/chess.rules");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pos = r.position(fen).expect("fen");
    let mut p = Picture::new(&r, &pos);
    assert!(p.moves_from(&r, &pos, r.cell("e2").expect("e2")));
    let m = p.marks().expect("marks");
    assert_eq!(cells(&r, m, |c| c.quiet), ["e3", "e4"]);
    assert_eq!(cells(&r, m, |c| c.move_only), ["e3", "e4"]);
    assert_eq!(cells(&r, m, |c| c.capture_only), ["d3", "f3"]);
    assert!(
        !p.moves_from(&r, &pos, r.cell("e4").expect("e4")),
        "empty cell"
    );
    let svg = p.to_svg();
    assert_eq!(
        svg.matches("<polygon").count(),
        64 + 1,
        "cells and the from cell"
    );
    assert!(svg.contains("white Pawn (P) on e2: 2 moves"));
}

#[test]
fn svg_hex_glinski_start_position() {
    insta::assert_snapshot!(show(&["rules/glinski.rules"]));
}

#[test]
fn svg_hex_glinski_queen_from_the_centre() {
    let svg = show(&[
        "rules/glinski.rules",
        "--fen",
        "1/3/5/7/9/5Q5/11/11/11/11/11 w",
        "--from",
        "f6",
    ]);
    // 91 hexagons (and the highlighted start cell), 42 moves as the counts say.
    assert_eq!(svg.matches("<polygon").count(), 92);
    assert!(svg.contains("white Queen (Q) on f6: 42 moves"));
    assert_eq!(
        svg.matches("fill=\"#2f9e44\"").count(),
        42 + 1,
        "dots and legend"
    );
    insta::assert_snapshot!(svg);
}

#[test]
fn svg_graph_chess_knight() {
    let svg = show(&["rules/graph-chess.rules", "--from", "g1"]);
    // Nodes are circles joined by the board's 112 orthogonal links.
    assert!(!svg.contains("<polygon"));
    assert_eq!(svg.matches("stroke=\"#868e96\"").count(), 112);
    insta::assert_snapshot!(svg);
}

#[test]
fn svg_tri_bender() {
    let svg = show(&[
        "rules/tri-zoo.rules",
        "--fen",
        "9/4w4/3wB4/9/9 w",
        "--from",
        "e3",
    ]);
    let triangles = svg
        .lines()
        .filter(|l| l.starts_with("<polygon") && l.contains("<title>"))
        .filter(|l| {
            l.split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .split(' ')
                .count()
                == 3
        })
        .count();
    assert_eq!(triangles, 45);
    insta::assert_snapshot!(svg);
}

#[test]
fn svg_octo_queen() {
    insta::assert_snapshot!(show(&[
        "rules/octo-zoo.rules",
        "--fen",
        "8/3r4/8/3Q1C2/8/1b6 w",
        "--from",
        "d3"
    ]));
}

#[test]
fn svg_hex_rows_grasshopper() {
    insta::assert_snapshot!(show(&[
        "rules/hex-rows-zoo.rules",
        "--fen",
        "7/7/2r4/3N1G1/7/7 w",
        "--from",
        "f3"
    ]));
}

/// The example pictures in docs/img are what `show` draws now (regenerate them with
/// the commands in docs/diagrams.md if this fails after a drawing change).
#[test]
fn docs_pictures_are_current() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "docs/img/xiangqi-cannon.svg",
            &["rules/xiangqi.rules", "--from", "b3"],
        ),
        (
            "docs/img/lion.svg",
            &[
                "rules/fairy.rules",
                "--fen",
                "8/8/8/3pP3/3X4/2n5/8/8 w",
                "--from",
                "d4",
            ],
        ),
        (
            "docs/img/glinski-queen.svg",
            &[
                "rules/glinski.rules",
                "--fen",
                "1/3/5/7/9/5Q5/11/11/11/11/11 w",
                "--from",
                "f6",
            ],
        ),
    ];
    for (file, args) in cases {
        let saved = std::fs::read_to_string(file).expect(file);
        assert!(saved == show(args), "{file} is stale");
    }
}

/// Every shipped rules file draws (start position, else an empty board), and so does
/// every piece of every start position with `--from`: no panic, one well-formed SVG
/// each, with a caption that counts as many moves as the walk finds.
#[test]
fn every_shipped_game_and_start_piece_draws() {
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .expect("rules/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    assert!(files.len() >= 15);
    let mut drawn = 0;
    for path in files {
        let src = std::fs::read_to_string(&path).expect("read");
        let game = piecewise::Game::compile_at(&src, path.parent()).expect("compiles");
        let rules = game.rules();
        let Some(pos) = game.start_position() else {
            let empty = vec![piecewise::walk::Occupant::EMPTY; game.board().cell_count()];
            let svg = Picture::new(rules, empty.as_slice()).to_svg();
            assert!(svg.ends_with("</svg>\n"), "{}", path.display());
            continue;
        };
        for cell in game.board().cells() {
            if pos.occupant(cell).is_empty() {
                continue;
            }
            let mut p = Picture::new(rules, pos.cells());
            assert!(p.moves_from(rules, &pos, cell));
            let svg = p.to_svg();
            let n = rules.moves_from(&pos, cell).len();
            let caption = format!(" on {}: {n} move", rules.cell_name(cell));
            assert!(svg.contains(&caption), "{}: {caption}", path.display());
            assert_eq!(svg.matches("<svg").count(), 1);
            drawn += 1;
        }
    }
    assert!(drawn > 300, "{drawn}");
}

/// Pushes: an orange ring on each piece the pusher may push and an arrow to where it
/// goes; the caption counts the pushes. A Trioban box entered from two directions is
/// pushed two ways (two arrows from one box).
#[test]
fn pushes_are_marked_with_rings_and_arrows() {
    let game = piecewise::Game::compile(&std::fs::read_to_string("rules/sokoban.rules").unwrap())
        .expect("compiles");
    // d23 pushes c23 → b23, e23 → f23, d24 → d25 and d22 → d21.
    let board = "#######\n#     #\n#  $  #\n# $@$ #\n#  $$ #\n#     #\n#######\n";
    let pos = game.read_text_board(board).expect("board");
    let r = game.rules();
    let mut p = Picture::new(r, pos.cells());
    assert!(p.moves_from(r, &pos, r.cell("d23").unwrap()));
    let m = p.marks().expect("marks").clone();
    assert_eq!(cells(r, &m, |c| c.push), ["c23", "d22", "d24", "e23"]);
    let name = |i: usize| r.cell_name(piecewise::ids::CellId(i as u16));
    let arrows: Vec<String> = m
        .pushes
        .iter()
        .map(|&(a, b)| format!("{}>{}", name(a), name(b)))
        .collect();
    assert_eq!(arrows.len(), 4);
    for a in ["c23>b23", "e23>f23", "d24>d25", "d22>d21"] {
        assert!(arrows.contains(&a.to_string()), "{a} in {arrows:?}");
    }
    let svg = p.to_svg();
    assert!(svg.contains("on d23: 4 moves, 4 pushes"), "{svg}");
    assert!(svg.contains("push (arrow: where it goes)"));

    let game = piecewise::Game::compile(&std::fs::read_to_string("rules/trioban.rules").unwrap())
        .expect("compiles");
    let pos = game
        .read_text_board("######\n#    #\n# @$ #\n#    #\n######\n")
        .expect("board");
    let r = game.rules();
    let mut p = Picture::new(r, pos.cells());
    assert!(p.moves_from(r, &pos, r.cell("c24").unwrap()));
    let m = p.marks().expect("marks").clone();
    let name = |i: usize| r.cell_name(piecewise::ids::CellId(i as u16));
    let arrows: Vec<String> = m
        .pushes
        .iter()
        .map(|&(a, b)| format!("{}>{}", name(a), name(b)))
        .collect();
    assert_eq!(arrows, ["d24>d23", "d24>e24"]);
    assert!(p.to_svg().contains("on c24: 4 moves, 2 pushes"));
}
