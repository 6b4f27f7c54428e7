//! Perft from the start position of every shipped game that plays a Fairy-Stockfish
//! variant, against Fairy-Stockfish's own count (issue 31): tests/data/perft/catalogue.txt
//! holds pyffish's figures (depth 3, or the deepest its budget allowed), written by
//! tests/differential/catalogue_perft.py. A shipped variant without a line fails here, so
//! a new file comes with its figure.

use piecewise::catalogue;
use std::collections::BTreeMap;

/// `fairy_stockfish name -> (depth, nodes)` from the data file.
fn figures() -> BTreeMap<String, (u32, u64)> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/catalogue.txt"
    );
    let text = std::fs::read_to_string(path).expect("tests/data/perft/catalogue.txt");
    let mut rows = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 3, "catalogue.txt:{}: `NAME DEPTH NODES`", n + 1);
        let depth = f[1].parse().expect("depth");
        let nodes = f[2].parse().expect("nodes");
        assert!(
            rows.insert(f[0].to_string(), (depth, nodes)).is_none(),
            "{} twice",
            f[0]
        );
    }
    rows
}

#[test]
fn every_fairy_stockfish_variant_has_pyffish_perft_from_its_start() {
    let rows = figures();
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    let mut shallow = Vec::new();
    let mut checked = 0;
    for v in catalogue::variants() {
        let Some(fsf) = v.fairy_stockfish() else {
            continue;
        };
        let Some(&(depth, nodes)) = rows.get(fsf) else {
            missing.push(fsf);
            continue;
        };
        if depth < 3 {
            shallow.push(format!("{fsf} {depth}"));
        }
        let game = v
            .game()
            .unwrap_or_else(|d| panic!("{} does not compile: {d:?}", v.name()));
        let start = game
            .start_position()
            .unwrap_or_else(|| panic!("{} has no start position", v.name()));
        let got = game.perft(&start, depth);
        if got != nodes {
            wrong.push(format!(
                "{} ({fsf}) perft {depth}: {got}, pyffish {nodes}",
                v.name()
            ));
        }
        checked += 1;
    }
    assert!(
        missing.is_empty(),
        "no pyffish figure for {missing:?}: run tests/differential/catalogue_perft.py NAME..."
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every line is a shipped variant's (a renamed or removed file leaves none behind).
    let shipped: Vec<&str> = catalogue::variants()
        .iter()
        .filter_map(|v| v.fairy_stockfish())
        .collect();
    let stale: Vec<&String> = rows
        .keys()
        .filter(|k| !shipped.contains(&k.as_str()))
        .collect();
    assert!(
        stale.is_empty(),
        "catalogue.txt names variants that do not ship: {stale:?}"
    );
    assert!(checked >= 100, "only {checked} variants checked");
    // Depth 3 is the figure; only games with thousands of moves a ply are
    // counted shallower (pyffish's recursion would take hours).
    assert!(shallow.len() <= 10, "counted below depth 3: {shallow:?}");
}
