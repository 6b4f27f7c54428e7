//! Graph boards whose directions follow the links (issue 38, item 2): a hex-tiled graph
//! moves as `board hex` for every piece of rules/hex-rows-zoo.rules on every cell; an
//! irregular graph's King has its links (and the diagonals the geometry defines) as
//! moves; riders go straight on along a chain of links, within the file's tolerance.

use crate::common;

use common::rules_dir;
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::topology::Board;
use piecewise::walk::Occupant;
use piecewise::Rules;
use std::collections::BTreeSet;
use std::path::Path;

fn rules_at(src: &str, dir: &Path) -> Rules {
    piecewise::compile_at(src, Some(dir))
        .unwrap_or_else(|d| panic!("does not compile: {d:?}\n{src}"))
}

fn empty_fen(b: &Board) -> String {
    let ranks: Vec<String> = (0..b.height() as i16)
        .rev()
        .map(|y| b.fen_row(y).len().to_string())
        .collect();
    format!("{} w", ranks.join("/"))
}

/// The destinations (name, whether it captures there) of the piece `kind` of the first
/// side on `from`, with the other pieces `others` (cell name, side, kind) on the board.
fn moves(
    r: &Rules,
    kind: u8,
    from: &str,
    others: &[(String, Side, u8)],
) -> BTreeSet<(String, bool)> {
    let b = r.board();
    let mut pos = r.position(&empty_fen(b)).expect("empty board");
    let cell = |name: &str| {
        b.parse_cell(name)
            .unwrap_or_else(|| panic!("no cell {name}"))
    };
    for (name, side, k) in others {
        pos.cells[cell(name).index()] = Occupant::piece(*side, PieceId(*k));
    }
    let from = cell(from);
    pos.cells[from.index()] = Occupant::piece(Side::First, PieceId(kind));
    r.moves_from(&pos, from)
        .iter()
        .map(|m| (b.cell_name(m.to), m.captures_to))
        .collect()
}

fn names(b: &Board) -> Vec<String> {
    b.cells().map(|c| b.cell_name(c)).collect()
}

/// A graph file of a tiled board: one node per cell at its centre, named as the cell,
/// and a link from each cell to each orthogonal neighbour.
fn graph_json(b: &Board) -> String {
    let orth = b.geometry().word("orthogonal").expect("orthogonal");
    let mut out = String::from("{\n  \"nodes\": [\n");
    let cells: Vec<CellId> = b.cells().collect();
    for (i, &c) in cells.iter().enumerate() {
        let (x, y) = b.center(c);
        let comma = if i + 1 < cells.len() { "," } else { "" };
        out.push_str(&format!(
            "    {{\"id\": \"{}\", \"x\": {x}, \"y\": {y}}}{comma}\n",
            b.cell_name(c)
        ));
    }
    out.push_str("  ],\n  \"links\": [\n");
    let mut links = Vec::new();
    for &c in &cells {
        for (_, n) in b.neighbours(c, &orth) {
            // On a tri board two directions may lead to one neighbour: one link.
            let l = format!("[\"{}\", \"{}\"]", b.cell_name(c), b.cell_name(n));
            if !links.contains(&l) {
                links.push(l);
            }
        }
    }
    for (i, l) in links.iter().enumerate() {
        let comma = if i + 1 < links.len() { "," } else { "" };
        out.push_str(&format!("    {l}{comma}\n"));
    }
    out.push_str("  ]\n}\n");
    out
}

/// rules/boards/hex-rows-7x6.json is `board hex 7x6` as a graph file, written by
/// [`graph_json`] (`PIECEWISE_BLESS=1` writes it again).
#[test]
fn shipped_hex_graph_is_the_hex_board() {
    let zoo = common::rules_source("hex-rows-zoo");
    let hex = rules_at(&zoo, &rules_dir());
    let want = graph_json(hex.board());
    let path = rules_dir().join("boards/hex-rows-7x6.json");
    if std::env::var_os("PIECEWISE_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write");
    }
    assert_eq!(std::fs::read_to_string(&path).expect("shipped"), want);
}

/// rules/boards/tri-9x5.json is `board tri 9x5` (rules/tri-zoo.rules) as a graph
/// file: a node at each triangle's centre linked across its three edges. Its links
/// point along a hex lattice of vertical files (30°, 90°, ...), with a third of the
/// lattice's points empty, so it has those directions; `step orthogonal` reaches on
/// every cell the three cells across its edges, as a Walker (`step any`) does on the
/// tri board.
#[test]
fn triangle_tiled_graph_steps_across_edges() {
    let zoo = common::rules_source("tri-zoo");
    let tri = rules_at(&zoo, &rules_dir());
    let want = graph_json(tri.board());
    let path = rules_dir().join("boards/tri-9x5.json");
    if std::env::var_os("PIECEWISE_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write");
    }
    assert_eq!(std::fs::read_to_string(&path).expect("shipped"), want);
    let graph = rules_at(
        "board graph \"boards/tri-9x5.json\"\npiece Walker (W) { step orthogonal }\n",
        &rules_dir(),
    );
    assert_eq!(
        graph.board().geometry(),
        piecewise::topology::Geometry::Hex { columns: true }
    );
    let mut links = 0;
    for name in names(tri.board()) {
        let a = moves(&tri, 0, &name, &[]);
        let b = moves(&graph, 0, &name, &[]);
        assert_eq!(a, b, "{name}");
        assert!((1..=3).contains(&b.len()), "{name}: {b:?}");
        links += b.len();
    }
    // 9×5 triangles: 8 edges inside each row (40) and, between two rows, one flat
    // edge every other column (5, 4, 5, 4: 18); every edge is two links.
    assert_eq!(links, 2 * (40 + 18));
}

/// A tiny deterministic generator for the positions of the comparison.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Every piece of the zoo on every cell moves on the hex-tiled graph
/// (rules/graph-hex-zoo.rules) as on `board hex 7x6`: on the empty board and among 12
/// positions of friends and foes.
#[test]
fn hex_graph_moves_as_the_hex_board() {
    let zoo = common::rules_source("hex-rows-zoo");
    let on_graph = common::rules_source("graph-hex-zoo");
    // The same pieces, word for word.
    let pieces = |src: &str| -> Vec<String> {
        src.lines()
            .filter(|l| l.starts_with("piece "))
            .map(String::from)
            .collect()
    };
    assert_eq!(pieces(&zoo), pieces(&on_graph));
    assert!(on_graph.contains("board graph \"boards/hex-rows-7x6.json\""));
    let hex = rules_at(&zoo, &rules_dir());
    let graph = rules_at(&on_graph, &rules_dir());
    assert_eq!(graph.board().geometry(), hex.board().geometry());
    let cells = names(hex.board());
    assert_eq!(cells.len(), 42);
    let mut g_cells = names(graph.board());
    g_cells.sort();
    let mut h_cells = cells.clone();
    h_cells.sort();
    assert_eq!(g_cells, h_cells);
    let kinds = hex.program().pieces.len() as u8;
    assert_eq!(kinds, 4);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut layouts: Vec<Vec<(String, Side, u8)>> = vec![Vec::new()];
    for _ in 0..12 {
        let mut l = Vec::new();
        for name in &cells {
            let r = next(&mut seed);
            if r % 4 == 0 {
                let side = if r % 8 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                l.push((name.clone(), side, ((r >> 8) % u64::from(kinds)) as u8));
            }
        }
        layouts.push(l);
    }
    let mut compared = 0usize;
    let mut total = 0usize;
    for kind in 0..kinds {
        for from in &cells {
            for l in &layouts {
                let others: Vec<_> = l.iter().filter(|(n, ..)| n != from).cloned().collect();
                let a = moves(&hex, kind, from, &others);
                let b = moves(&graph, kind, from, &others);
                assert_eq!(a, b, "piece {kind} on {from} among {others:?}");
                compared += 1;
                total += a.len();
            }
        }
    }
    assert_eq!(compared, 4 * 42 * 13);
    assert!(total > 4000, "{total} moves compared");
}

/// The 7-hex patch of the issue: the centre n10 linked to n5 n6 n9 n11 n14 n15. Its
/// King moves to exactly those six; a Rook from n9 goes on through n10 to n11.
#[test]
fn seven_hex_patch_king_has_its_links() {
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
    assert_eq!(links.len(), 24);
    let json = format!(
        "{{\"nodes\":[{}],\"links\":[{}]}}",
        nodes.join(","),
        links.join(",")
    );
    let path = common::cli::temp("patch7.json", json.as_bytes());
    let dir = path.parent().unwrap();
    let r = rules_at(
        "board graph \"patch7.json\"\npiece King (K) { step any }\npiece Rook (R) { ride orthogonal }\n",
        dir,
    );
    let set = |v: &[&str]| -> BTreeSet<(String, bool)> {
        v.iter().map(|s| (s.to_string(), false)).collect()
    };
    assert_eq!(
        moves(&r, 0, "n10", &[]),
        set(&["n5", "n6", "n9", "n11", "n14", "n15"])
    );
    assert_eq!(moves(&r, 1, "n9", &[]), set(&["n10", "n11", "n5", "n14"]));
    // n5's King: its three links and the two of its hex diagonals on the patch (n11
    // and n14, √3 away across n10's edges), as on a hex board.
    assert_eq!(
        moves(&r, 0, "n5", &[]),
        set(&["n6", "n9", "n10", "n11", "n14"])
    );
}

/// An irregular graph (rules/boards/wheel.json: a hub n1 and a ring of five at uneven
/// angles and distances): `step orthogonal` is exactly each node's links; the hub's
/// King (`step any`) has exactly its five links; a ring node's King has its three
/// links and its two diagonals (the nodes two links next to each other around it both
/// lead to).
#[test]
fn irregular_king_has_its_links() {
    let src = "board graph \"boards/wheel.json\"\npiece King (K) { step any }\npiece Wazir (W) { step orthogonal }\npiece Ferz (F) { step diagonal }\n";
    let r = rules_at(src, &rules_dir());
    assert_eq!(r.board().geometry(), piecewise::topology::Geometry::Graph);
    let set = |v: &[&str]| -> BTreeSet<(String, bool)> {
        v.iter().map(|s| (s.to_string(), false)).collect()
    };
    let ring = ["n2", "n3", "n4", "n5", "n6"];
    assert_eq!(moves(&r, 0, "n1", &[]), set(&ring));
    assert_eq!(moves(&r, 1, "n1", &[]), set(&ring));
    assert!(moves(&r, 2, "n1", &[]).is_empty());
    for (i, node) in ring.iter().enumerate() {
        let prev = ring[(i + 4) % 5];
        let next = ring[(i + 1) % 5];
        assert_eq!(moves(&r, 1, node, &[]), set(&["n1", prev, next]), "{node}");
        let far: Vec<&str> = ring
            .iter()
            .copied()
            .filter(|n| n != node && *n != prev && *n != next)
            .collect();
        assert_eq!(moves(&r, 2, node, &[]), set(&far), "{node}");
        let mut all = far.clone();
        all.extend(["n1", prev, next]);
        assert_eq!(moves(&r, 0, node, &[]), set(&all), "{node}");
    }
}

/// A ring of twelve nodes (each link turns 30° from the one before): a Rook goes
/// straight on round the ring to every other node while the file's tolerance lets a
/// link 30° off count as straight on (the default), and one step each way with
/// `"tolerance": 29`. A blocker ends the ride.
#[test]
fn riders_follow_a_ring_of_links() {
    let ring = |tolerance: Option<u8>| {
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
        let extra = tolerance.map_or(String::new(), |t| format!(",\"tolerance\":{t}"));
        format!(
            "{{\"nodes\":[{}],\"links\":[{}]{extra}}}",
            nodes.join(","),
            links.join(",")
        )
    };
    let src = "board graph \"ring.json\"\npiece Rook (R) { ride orthogonal }\n";
    let path = common::cli::temp("ring.json", ring(None).as_bytes());
    let dir = path.parent().unwrap().to_path_buf();
    let r = rules_at(src, &dir);
    let all: BTreeSet<(String, bool)> = (2..=12).map(|i| (format!("r{i}"), false)).collect();
    assert_eq!(moves(&r, 0, "r1", &[]), all);
    // A foe on r4 is captured there; the ride the other way goes on to r5.
    let got = moves(&r, 0, "r1", &[("r4".to_string(), Side::Second, 0)]);
    let mut want: BTreeSet<(String, bool)> = (5..=12).map(|i| (format!("r{i}"), false)).collect();
    want.extend([("r2".to_string(), false), ("r3".to_string(), false)]);
    want.insert(("r4".to_string(), true));
    assert_eq!(got, want);
    let two: BTreeSet<(String, bool)> = [("r2".to_string(), false), ("r12".to_string(), false)]
        .into_iter()
        .collect();
    // The board declaration's tolerance overrides the file's.
    let declared = src.replace("\"ring.json\"", "\"ring.json\" tolerance 29");
    assert_eq!(moves(&rules_at(&declared, &dir), 0, "r1", &[]), two);
    common::cli::temp("ring-29.json", ring(Some(29)).as_bytes());
    let r = rules_at(&src.replace("ring.json", "ring-29.json"), &dir);
    assert_eq!(moves(&r, 0, "r1", &[]), two);
    let back = src.replace("\"ring.json\"", "\"ring-29.json\" tolerance 30");
    assert_eq!(moves(&rules_at(&back, &dir), 0, "r1", &[]), all);
}

/// `tolerance` belongs to graph boards and is at most 180° (E0112).
#[test]
fn a_declared_tolerance_is_checked() {
    for (src, want) in [
        (
            "board square 8x8 tolerance 10\npiece K (K) { step any }\n",
            "a tolerance on a `square` board",
        ),
        (
            "board graph \"boards/wheel.json\" tolerance 181\npiece K (K) { step any }\n",
            "a tolerance of 181°",
        ),
    ] {
        let e = piecewise::compile_at(src, Some(&rules_dir())).expect_err("refused");
        let text = format!("{e:?}");
        assert!(
            text.contains("E0112") && text.contains(want),
            "{src}: {text}"
        );
    }
    let ok = "board graph \"boards/wheel.json\" tolerance 180 holes n6\npiece K (K) { step any }\n";
    assert!(piecewise::compile_at(ok, Some(&rules_dir())).is_ok());
}

/// A bad tolerance is E0108, saying what is wrong.
#[test]
fn a_bad_tolerance_is_refused() {
    let json = r#"{"nodes":[{"id":"a1","x":0,"y":0}],"links":[],"tolerance":200}"#;
    let path = common::cli::temp("bad-tolerance.json", json.as_bytes());
    let dir = path.parent().unwrap();
    let e = piecewise::compile_at(
        "board graph \"bad-tolerance.json\"\npiece K (K) { step any }\n",
        Some(dir),
    )
    .expect_err("refused");
    let text = format!("{e:?}");
    assert!(
        text.contains("E0108") && text.contains("tolerance"),
        "{text}"
    );
}

/// Turns on a free graph turn the heading the piece arrived with: from o the step
/// east arrives on e heading 0°; `turn 90` then takes e's link at 90° (to n), `turn
/// -90` the link closest to 270° (to s, 11.3° off: within the default tolerance of
/// 30°, beyond a declared `tolerance 10`).
#[test]
fn free_graph_turns_follow_the_arrival() {
    let json = r#"{"nodes":[{"id":"o1","x":0,"y":0},{"id":"e1","x":1,"y":0},
        {"id":"n1","x":1,"y":1},{"id":"s1","x":1.2,"y":-1}],
        "links":[["o1","e1"],["e1","o1"],["e1","n1"],["n1","e1"],["e1","s1"],["s1","e1"]]}"#;
    let path = common::cli::temp("turns.json", json.as_bytes());
    let dir = path.parent().unwrap();
    let src = "board graph \"turns.json\"\npiece Left (L) { step (1,0) then step turn 90 }\npiece Right (R) { step (1,0) then step turn -90 }\npiece On (O) { step (1,0) then step same }\n";
    let r = rules_at(src, dir);
    assert_eq!(r.board().geometry(), piecewise::topology::Geometry::Graph);
    let one = |n: &str| -> BTreeSet<(String, bool)> { [(n.to_string(), false)].into() };
    assert_eq!(moves(&r, 0, "o1", &[]), one("n1"));
    assert_eq!(moves(&r, 1, "o1", &[]), one("s1"));
    // Straight on from e1 heading 0°: no link within 30°.
    assert!(moves(&r, 2, "o1", &[]).is_empty());
    let tight = rules_at(
        &src.replace("\"turns.json\"", "\"turns.json\" tolerance 10"),
        dir,
    );
    assert_eq!(moves(&tight, 0, "o1", &[]), one("n1"));
    assert!(moves(&tight, 1, "o1", &[]).is_empty());
}
