//! `heading` (issue 38 item 2): a piece that chooses its heading by its first move and
//! keeps it, as the kind of that direction — on a grid (rules/heading.rules, nchess-like
//! pawns) and on an irregular graph (rules/boards/wheel.json, where the headings take
//! the links nearest them); on a hex board and the same board as a hex-tiled graph
//! (rules/boards/hex-rows-7x6.json), move for move; its diagnostics E0972-E0974.

use crate::common;

use common::{game, legal};
use piecewise::ids::Side;
use piecewise::Game;

fn from<'a>(moves: &'a [String], cell: &str) -> Vec<&'a str> {
    moves
        .iter()
        .filter(|m| m.starts_with(cell))
        .map(String::as_str)
        .collect()
}

#[test]
fn a_pawn_takes_the_heading_of_its_first_move_on_a_grid() {
    let g = game("heading");
    // Unmoved pawns on the second rank: ahead (becoming `A`) or back to the empty first
    // rank (becoming `B`); their neighbours block the sideways steps.
    let start = g.start_position().unwrap();
    let moves = g.legal_uci(&start);
    let mut a2 = from(&moves, "a2");
    a2.sort();
    assert_eq!(a2, ["a2a1b", "a2a3a"]);
    // Alone on d4: each of the four steps gives its own kind; the diagonal capture of
    // e5 is 45° from both ahead and right, and goes ahead (the first listed).
    let fen = "4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1";
    let moves = legal(&g, fen);
    assert_eq!(
        from(&moves, "d4"),
        ["d4c4l", "d4d3b", "d4d5a", "d4e4r", "d4e5a"]
    );
    // Once right, it keeps going right: one step on, or a capture on its right
    // diagonals, never ahead.
    let mut pos = g.position(fen).unwrap();
    for m in ["d4e4r", "e8d8"] {
        let gm = g.parse_uci(&pos, m).unwrap();
        g.play_move(&mut pos, &gm);
    }
    assert_eq!(g.fen(&pos), "3k4/8/8/4p3/4R3/8/8/4K3 w - - 2 2");
    let moves = g.legal_uci(&pos);
    assert_eq!(from(&moves, "e4"), ["e4f4"]);
    let pos = g.position("3k4/8/8/5p2/4R3/5p2/8/4K3 w - - 0 1").unwrap();
    let mut right = from(&g.legal_uci(&pos), "e4")
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>();
    right.sort();
    assert_eq!(right, ["e4f3", "e4f4", "e4f5"]);
    // The second side's headings are seen from its side: its ahead is down the board.
    let moves = legal(&g, "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1");
    assert_eq!(from(&moves, "d5"), ["d5c5l", "d5d4a", "d5d6b", "d5e5r"]);
}

#[test]
fn a_pawn_takes_the_link_nearest_its_heading_on_an_irregular_graph() {
    // The wheel: a hub n1 and a ring n2..n6 at 10°, 80°, 170°, 220° and 300°.
    let src = "board graph \"boards/wheel.json\"\n\
        heading Pawn, forward Ahead, backward Back\n\
        piece Pawn (P) { step orthogonal, move only }\n\
        piece Ahead (A) { step forward, move only }\n\
        piece Back (B) { step backward, move only }\n";
    let g = Game::compile_at(src, Some(&common::rules_dir())).unwrap_or_else(|e| panic!("{e:?}"));
    let rules = g.rules();
    let hub = rules.cell("n1").unwrap();
    let place = |letter: &str| {
        let kind = rules.piece(letter).unwrap();
        g.with_piece(&g.empty_position().unwrap(), hub, Some((Side::First, kind)))
            .unwrap()
    };
    // 10°, 80° and 170° are nearer ahead (90°); 220° and 300° nearer back (270°).
    let pos = place("P");
    let mut moves = g.legal_uci(&pos);
    moves.sort();
    assert_eq!(moves, ["n1n2a", "n1n3a", "n1n4a", "n1n5b", "n1n6b"]);
    // The kind it became on n3 is `Ahead`, turned to the link it arrived by (80°).
    let mut after = pos.clone();
    let m = g.parse_uci(&after, "n1n3a").unwrap();
    g.play_move(&mut after, &m);
    let on_n3 = after.occupant(rules.cell("n3").unwrap());
    assert_eq!(on_n3.side(), Side::First);
    let kind = &rules.table().pieces()[on_n3.kind().index()];
    assert_eq!(kind.letter, 'A');
    assert!(kind.name.starts_with("Ahead@"), "{}", kind.name);
    let bearing: f64 = kind.name["Ahead@".len()..].parse().unwrap();
    assert!((bearing - 79.99).abs() < 0.2, "{}", kind.name);
    // Read from a FEN (or placed), an `Ahead` has its fixed heading: it takes the link
    // nearest 90° (n3, 10° off), and is turned by the move.
    assert_eq!(g.legal_uci(&place("A")), ["n1n3a"]);
    assert_eq!(g.legal_uci(&place("B")), ["n1n6b"]);
}

/// A ring of twelve nodes, each link turning 30° from the one before: `r{i}` at
/// `30·(i-1)`° on a circle, linked to its two neighbours.
fn ring12() -> String {
    let mut nodes = Vec::new();
    let mut links = Vec::new();
    for i in 0..12 {
        let a = (30.0 * f64::from(i)).to_radians();
        nodes.push(format!(
            "{{\"id\":\"r{}\",\"x\":{},\"y\":{}}}",
            i + 1,
            a.cos() * 2.0,
            a.sin() * 2.0
        ));
        let j = (i + 1) % 12;
        links.push(format!("[\"r{}\",\"r{}\"]", i + 1, j + 1));
        links.push(format!("[\"r{}\",\"r{}\"]", j + 1, i + 1));
    }
    format!(
        "{{\"nodes\":[{}],\"links\":[{}]}}",
        nodes.join(","),
        links.join(",")
    )
}

/// nchess's pawn on a free graph (the ring of twelve): its first move chooses one of
/// its two links; after it, each step goes straight on along the links — the link
/// nearest the one it arrived by — round the whole ring, for both sides. The fixed
/// heading alone would stop it after two links (the third is 60° off its first,
/// past the file's 30°).
#[test]
fn a_pawn_goes_straight_on_round_a_bend_of_links() {
    // rules/boards/ring12.json is that ring; rules/graph-ring-pawns.rules plays on it.
    let shipped: serde_json::Value =
        serde_json::from_str(&common::read("rules/boards/ring12.json")).unwrap();
    let made: serde_json::Value = serde_json::from_str(&ring12()).unwrap();
    assert_eq!(shipped["links"], made["links"]);
    let (a, b) = (
        shipped["nodes"].as_array().unwrap(),
        made["nodes"].as_array().unwrap(),
    );
    assert_eq!(a.len(), b.len());
    for (a, b) in a.iter().zip(b) {
        assert_eq!(a["id"], b["id"]);
        for k in ["x", "y"] {
            assert!((a[k].as_f64().unwrap() - b[k].as_f64().unwrap()).abs() < 1e-5);
        }
    }
    let g = common::game("graph-ring-pawns");
    assert!(common::rules_source("graph-ring-pawns").contains("heading Pawn, forward On"));
    let mut moves = g.legal_uci(&g.start_position().unwrap());
    moves.sort();
    assert_eq!(moves, ["r1r12o", "r1r2o"]);
    let rules = g.rules();
    let pawn = rules.piece("P").unwrap();
    let mut pos = g.empty_position().unwrap();
    for (cell, side) in [("r1", Side::First), ("r7", Side::Second)] {
        pos = g
            .with_piece(&pos, rules.cell(cell).unwrap(), Some((side, pawn)))
            .unwrap();
    }
    let mut moves = g.legal_uci(&pos);
    moves.sort();
    assert_eq!(moves, ["r1r12o", "r1r2o"]);
    // Both go round counter-clockwise, six links apart: after its first move each
    // side has one move, straight on.
    let (mut white, mut black) = (1, 7);
    for ply in 0..24 {
        let at = if ply % 2 == 0 { &mut white } else { &mut black };
        let next = *at % 12 + 1;
        let want = format!("r{at}r{next}o");
        let moves = g.legal_uci(&pos);
        if ply >= 2 {
            assert_eq!(moves, std::slice::from_ref(&want), "ply {ply}");
        } else {
            assert!(moves.contains(&want), "ply {ply}: {moves:?}");
        }
        let m = g.parse_uci(&pos, &want).unwrap();
        g.play_move(&mut pos, &m);
        *at = next;
    }
    assert_eq!((white, black), (1, 7));
    // Perft counts the same line (the turned kinds made and unmade).
    assert_eq!(g.perft(&pos, 6), 1);
}

fn codes(src: &str) -> Vec<String> {
    let (_, d) = piecewise::pipeline::check(src, None);
    d.iter().map(|d| d.code.to_string()).collect()
}

#[test]
fn heading_diagnostics() {
    let pieces = "piece P (P) { step orthogonal }\npiece A (A) { step forward }\n\
        piece B (B) { step backward }\n";
    let square = |decl: &str| format!("board square 8x8\n{pieces}{decl}\n");
    assert!(codes(&square("heading P, forward A, backward B")).is_empty());
    // One kind for two directions is allowed (a piece locked to a line).
    assert!(codes(&square("heading P, forward A, backward A")).is_empty());
    assert_eq!(codes(&square("heading P, orthogonal A")), ["E0972"]);
    assert_eq!(codes(&square("heading P, forwards A")), ["E0972"]);
    assert_eq!(codes(&square("heading P, forward A, forward B")), ["E0973"]);
    assert_eq!(codes(&square("heading P, forward Queen")), ["E0304"]);
    // Hex boards and graphs on a hex lattice have headings; a tri board's lines zigzag.
    let hex = format!("board hex radius 4\n{pieces}heading P, forward A\n");
    assert!(codes(&hex).is_empty());
    // On a free graph each heading kind is turned to every link direction (and its
    // mirror image): the wheel's 20 links give 36, too many for four kinds.
    let wheel = "board graph \"boards/wheel.json\"\npiece P (P) { step orthogonal }\n\
        piece A (A) { step forward }\npiece B (B) { step backward }\n\
        piece L (L) { step left }\npiece R (R) { step right }\n\
        heading P, forward A, backward B, left L, right R\n";
    let (_, d) = piecewise::pipeline::check(wheel, Some(&common::rules_dir()));
    let got: Vec<String> = d.iter().map(|d| d.code.to_string()).collect();
    assert_eq!(got, ["E0965"]);
    let tri =
        "board tri 9x5\npiece P (P) { step orthogonal }\npiece A (A) { step forward-right }\n\
        heading P, forward-right A\n";
    assert_eq!(codes(tri), ["E0974"]);
}

/// Perft's counting (bulk at the leaves, the moves made and unmade) equals counting
/// the legal moves of positions reached by playing each move on a copy, through the
/// pawns' changes of kind.
#[test]
fn heading_perft_equals_counting_by_playing() {
    fn count(g: &Game, pos: &piecewise::game::GamePosition, depth: u32) -> u64 {
        let moves = g.legal_moves(pos);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                g.play_move(&mut next, m);
                let again = g.position(&g.fen(&next)).unwrap();
                assert_eq!(g.fen(&again), g.fen(&next));
                count(g, &next, depth - 1)
            })
            .sum()
    }
    let g = game("heading");
    let start = g.start_position().unwrap();
    for depth in 1..=3 {
        assert_eq!(
            g.perft(&start, depth),
            count(&g, &start, depth),
            "depth {depth}"
        );
    }
    // 17 moves at the start: the pawns ahead (8) and back (7: not onto the king's
    // e1), the king's two.
    assert_eq!(g.perft(&start, 1), 17);
}

/// Kinds listed among the pieces take a new heading at every move (a piece that
/// faces the way it last went): a Rover steps to any neighbour and then only ahead or
/// turns by its next step.
#[test]
fn kinds_among_the_pieces_take_a_new_heading_each_move() {
    let src = "board square 5x5\n\
        heading Rover | Up | Down, forward Up, backward Down\n\
        piece Rover (O) { step forward + backward }\n\
        piece Up (U) { step forward; step sideways }\n\
        piece Down (D) { step backward; step sideways }\n";
    let g = Game::compile(src).unwrap_or_else(|e| panic!("{e:?}"));
    let mut pos = g.position("5/5/2U2/5/5 w - - 0 1").unwrap();
    let mut moves = g.legal_uci(&pos);
    moves.sort();
    // Ahead stays Up; a sideways step is 90° from both: the first listed, Up.
    assert_eq!(moves, ["c3b3u", "c3c4u", "c3d3u"]);
    let m = g.parse_uci(&pos, "c3c4u").unwrap();
    g.play_move(&mut pos, &m);
    assert_eq!(g.fen(&pos), "5/2U2/5/5/5 b - - 1 1");
    // A Down that steps down stays Down; a Rover that steps down becomes Down.
    let mut moves = g.legal_uci(&g.position("5/5/2D2/5/1O3 w - - 0 1").unwrap());
    moves.sort();
    assert_eq!(moves, ["b1b2u", "c3b3u", "c3c2d", "c3d3u"]);
}

/// nchess's pawn on hexagons: unmoved it steps along any of its six links (and takes on
/// a diagonal); its first move fixes its heading, after which it steps only straight
/// on and takes along the four other links (not ahead, not back).
const HEX_PAWNS: &str = "heading Pawn, right PR, forward-right PFR, forward-left PFL, left PL, backward-left PBL, backward-right PBR
piece Pawn (P) { step orthogonal, move only; step diagonal, capture only }
piece PR (R) { step right, move only; step forward-right + forward-left + backward-left + backward-right, capture only }
piece PFR (F) { step forward-right, move only; step right + forward-left + left + backward-right, capture only }
piece PFL (G) { step forward-left, move only; step right + forward-right + left + backward-left, capture only }
piece PL (L) { step left, move only; step forward-right + forward-left + backward-left + backward-right, capture only }
piece PBL (B) { step backward-left, move only; step right + forward-left + left + backward-right, capture only }
piece PBR (C) { step backward-right, move only; step right + forward-right + left + backward-left, capture only }
";

/// The legal moves of a first-side piece `letter` alone on `cell`, sorted.
fn alone(g: &Game, letter: &str, cell: &str) -> Vec<String> {
    let rules = g.rules();
    let pos = g
        .with_piece(
            &g.empty_position().unwrap(),
            rules.cell(cell).unwrap(),
            Some((Side::First, rules.piece(letter).unwrap())),
        )
        .unwrap();
    let mut moves = g.legal_uci(&pos);
    moves.sort();
    moves
}

/// On `board hex 7x6` and on the same board as a graph file (a hex-tiled graph, whose
/// links lie on a hex lattice of rows), the pawn has the same moves on every cell,
/// unmoved and after each first move; after it, its one step goes straight on (two
/// links along the line of the first), on the board as on the graph.
#[test]
fn a_pawn_on_a_hex_tiled_graph_keeps_the_line_of_its_first_move() {
    let hex = Game::compile_at(
        &format!("board hex 7x6\n{HEX_PAWNS}"),
        Some(&common::rules_dir()),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let graph = Game::compile_at(
        &format!("board graph \"boards/hex-rows-7x6.json\"\n{HEX_PAWNS}"),
        Some(&common::rules_dir()),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    // The shipped example (rules/graph-hex-pawns.rules) has these pawns.
    let shipped = common::rules_source("graph-hex-pawns");
    for line in HEX_PAWNS.lines() {
        assert!(shipped.contains(line), "{line}");
    }
    let board = hex.rules().board().clone();
    let mut straight = 0;
    for cell in board.cells() {
        let name = board.cell_name(cell);
        let first = alone(&hex, "P", &name);
        assert_eq!(first, alone(&graph, "P", &name), "{name}");
        assert!((2..=6).contains(&first.len()), "{name}: {first:?}");
        for m in &first {
            let (to, letter) = m[name.len()..].split_at(m.len() - name.len() - 1);
            let on_hex = alone(&hex, &letter.to_uppercase(), to);
            assert_eq!(on_hex, alone(&graph, &letter.to_uppercase(), to), "{m}");
            // Straight on: the next cell along the line from `name` through `to`.
            let (a, b) = (
                board.center(cell),
                board.center(board.parse_cell(to).unwrap()),
            );
            let on = (2.0 * b.0 - a.0, 2.0 * b.1 - a.1);
            let next = board.cells().find(|&c| {
                let p = board.center(c);
                (p.0 - on.0).abs() < 1e-6 && (p.1 - on.1).abs() < 1e-6
            });
            let want: Vec<String> = next
                .map(|c| format!("{to}{}", board.cell_name(c)))
                .into_iter()
                .collect();
            assert_eq!(on_hex, want, "{m}");
            straight += want.len();
        }
    }
    assert!(straight > 100, "{straight} straight-on steps");
}

/// The 7-hex patch (the centre n10 linked to n5 n6 n9 n11 n14 n15): the pawn
/// on n9 chooses a link; having gone right to n10 it goes on to n11 only, and takes
/// along the four other links of n10, never back on n9.
#[test]
fn a_pawn_on_the_seven_hex_patch() {
    let s3 = 3f64.sqrt() / 2.0;
    let at = [
        ("n5", -0.5, s3),
        ("n6", 0.5, s3),
        ("n9", -1.0, 0.0),
        ("n10", 0.0, 0.0),
        ("n11", 1.0, 0.0),
        ("n14", -0.5, -s3),
        ("n15", 0.5, -s3),
    ];
    let mut nodes = Vec::new();
    let mut links = Vec::new();
    for (a, ax, ay) in at {
        nodes.push(format!("{{\"id\":\"{a}\",\"x\":{ax},\"y\":{ay}}}"));
        for (b, bx, by) in at {
            let d = ((ax - bx) * (ax - bx) + (ay - by) * (ay - by)).sqrt();
            if (d - 1.0).abs() < 1e-9 {
                links.push(format!("[\"{a}\",\"{b}\"]"));
            }
        }
    }
    let json = format!(
        "{{\"nodes\":[{}],\"links\":[{}]}}",
        nodes.join(","),
        links.join(",")
    );
    let path = common::cli::temp("heading-patch7.json", json.as_bytes());
    let g = Game::compile_at(
        &format!("board graph \"heading-patch7.json\"\n{HEX_PAWNS}"),
        Some(path.parent().unwrap()),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(alone(&g, "P", "n9"), ["n9n10r", "n9n14c", "n9n5f"]);
    assert_eq!(alone(&g, "R", "n10"), ["n10n11"]);
    // Foes on all six neighbours of n10: four captures, and n11 is blocked.
    let rules = g.rules();
    let mut pos = g.empty_position().unwrap();
    pos = g
        .with_piece(
            &pos,
            rules.cell("n10").unwrap(),
            Some((Side::First, rules.piece("R").unwrap())),
        )
        .unwrap();
    for foe in ["n5", "n6", "n9", "n11", "n14", "n15"] {
        pos = g
            .with_piece(
                &pos,
                rules.cell(foe).unwrap(),
                Some((Side::Second, rules.piece("P").unwrap())),
            )
            .unwrap();
    }
    let mut moves = from(&g.legal_uci(&pos), "n10")
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>();
    moves.sort();
    assert_eq!(moves, ["n10n14", "n10n15", "n10n5", "n10n6"]);
}
