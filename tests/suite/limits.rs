//! Limits (`pipeline::Limits`): a pattern whose table would pass a limit is refused
//! with its span, the figure it reaches and the limit; limits are set from the API and
//! the command line; whole-path rules hold on shipped-style pieces.

use crate::common;

use common::cli;
use piecewise::diagnostics::Diagnostics;
use piecewise::pipeline::{self, Limits};
use std::time::Instant;

/// Compiles `source` with `limits`; the errors if it fails.
fn errors(source: &str, limits: &Limits) -> Option<Diagnostics> {
    pipeline::compile_with(source, None, limits, |_| {}).err()
}

/// The text the span of the first error covers.
fn first_span<'a>(source: &'a str, d: &Diagnostics) -> &'a str {
    let span = d.0[0].primary.span;
    &source[span.start as usize..span.end as usize]
}

/// A Tenjiku-style range-capturing general on 16×16: a rook that may jump `hurdles`
/// pieces but kings before it moves on.
fn general(hurdles: usize) -> String {
    let jump = " via piece not King then ride same".repeat(hurdles);
    format!(
        "board square 16x16\npiece King (K) {{ step any }}\n\
         piece General (G) {{\n  ride orthogonal\n  ride orthogonal{jump}\n}}\n"
    )
}

/// Limits that keep every pattern unrolled (one tree per start cell).
fn unrolled() -> Limits {
    Limits {
        shared_above: usize::MAX,
        ..Limits::default()
    }
}

#[test]
fn a_pattern_past_the_node_limit_is_refused_before_it_is_linked() {
    let source = general(6);
    let t = Instant::now();
    let d = errors(&source, &unrolled()).expect("six hurdles unrolled pass the limit");
    eprintln!("refused in {:?}", t.elapsed());
    assert_eq!(d.0.len(), 1, "{d:?}");
    assert_eq!(d.0[0].code, "E0801");
    // Counted, not linked until the table ran over: the message gives the count.
    assert!(
        d.0[0]
            .message
            .contains("this pattern alone needs 5015808 table nodes")
            && d.0[0].message.contains("the limit is 4194304"),
        "{}",
        d.0[0].message
    );
    assert!(first_span(&source, &d).starts_with("ride orthogonal via piece not King"));
}

#[test]
fn a_large_pattern_is_linked_as_shared_continuations() {
    // The same pattern by default: its 5,015,808 unrolled nodes become one block per
    // (leg, cell, heading) state.
    let source = general(6);
    let compiled = pipeline::compile_with(&source, None, &Limits::default(), |_| {})
        .unwrap_or_else(|d| panic!("{d:?}"));
    let nodes = compiled.rules.table().table().nodes.len();
    assert!(nodes < 100_000, "{nodes} nodes");
}

#[test]
fn the_node_limit_is_set_from_the_api() {
    let source = general(2);
    assert!(errors(&source, &unrolled()).is_none());
    let small = Limits {
        table_nodes: 20_000,
        ..unrolled()
    };
    let d = errors(&source, &small).expect("two hurdles pass 20,000 nodes");
    assert_eq!(d.0[0].code, "E0801");
    assert!(
        d.0[0].message.contains("the limit is 20000"),
        "{}",
        d.0[0].message
    );
    assert!(first_span(&source, &d).starts_with("ride orthogonal via piece"));
    // Shared, the limit applies to the blocks (absolute ones: one per cell and
    // heading).
    let tiny = Limits {
        table_nodes: 2_000,
        shared_above: 0,
        relative_above: usize::MAX,
        ..Limits::default()
    };
    let d = errors(&source, &tiny).expect("the blocks pass 2,000 nodes");
    assert_eq!(d.0[0].code, "E0801");
    // Linked relative (16×16 is past `relative_above`), every pattern's blocks and
    // roots serve every cell: the whole table fits in those 2,000 nodes.
    let relative = Limits {
        table_nodes: 2_000,
        shared_above: 0,
        ..Limits::default()
    };
    assert!(errors(&source, &relative).is_none());
}

#[test]
fn captures_in_passing_past_the_limit_name_the_pattern() {
    let source = "board square 12x12\n\
        piece Man (M) { step forward-diagonal }\n\
        piece Chain (C) {\n  step diagonal\n  \
        step diagonal via foe captured then step same via foe captured then step same via foe captured then step same\n}\n";
    assert!(errors(source, &Limits::default()).is_none());
    let two = Limits {
        captures_in_passing: 2,
        ..Limits::default()
    };
    let d = errors(source, &two).expect("three captures in passing");
    assert_eq!(d.0.len(), 1, "reported once: {d:?}");
    assert_eq!(d.0[0].code, "E0953");
    assert!(
        d.0[0]
            .message
            .contains("3 pieces in passing; the limit is 2"),
        "{}",
        d.0[0].message
    );
    assert!(first_span(source, &d).starts_with("step diagonal via foe captured"));
    // The game layer's own maximum caps a larger setting.
    let huge = Limits {
        captures_in_passing: 1000,
        ..Limits::default()
    };
    assert_eq!(
        piecewise::table::LinkConfig::from_limits(&huge).max_passing,
        Limits::MAX_CAPTURES_IN_PASSING
    );
}

#[test]
fn en_passant_past_the_limit_names_the_pattern_once() {
    let source = "board square 8x12\nzone start = rank 2\n\
        piece King (K) { step any }\n\
        piece Pawn (P) {\n  step forward, move only\n  ride forward 8, move only, from start, en passant\n}\n\
        royal King\nen passant Pawn\n";
    let d = errors(source, &Limits::default()).expect("eight cells passed");
    let ep: Vec<_> = d.0.iter().filter(|x| x.code == "E0954").collect();
    assert_eq!(ep.len(), 1, "reported once: {d:?}");
    assert!(
        ep[0].message.contains("passes 7 cells; the limit is 6"),
        "{}",
        ep[0].message
    );
    let span = ep[0].primary.span;
    assert!(source[span.start as usize..span.end as usize].starts_with("ride forward 8"));
}

#[test]
fn path_length_is_a_limit() {
    let source = "board square 26x26\npiece Rook (R) { ride orthogonal }\n";
    let short = Limits {
        path_cells: 10,
        ..Limits::default()
    };
    let d = errors(source, &short).expect("a rook rides 25 cells");
    assert_eq!(d.0[0].code, "E0802");
    assert!(
        d.0[0].message.contains("longer than 10 cells"),
        "{}",
        d.0[0].message
    );
}

#[test]
fn the_command_line_sets_limits() {
    let file = cli::temp("limits-general.rules", general(2).as_bytes());
    let f = file.to_str().expect("utf-8 path");
    let ok = cli::run(&["check", f]);
    assert!(ok.status.success(), "{}", cli::stderr(&ok));
    let low = cli::run(&[
        "check",
        "--limit",
        "table-nodes=10000",
        "--limit",
        "shared-above=18446744073709551615",
        f,
    ]);
    assert_eq!(low.status.code(), Some(1));
    assert!(cli::stderr(&low).contains("E0801"), "{}", cli::stderr(&low));
    let bad = cli::run(&["check", "--limit", "tabel-nodes=5", f]);
    assert_eq!(bad.status.code(), Some(2));
    let err = cli::stderr(&bad);
    assert!(
        err.contains("tabel-nodes") && err.contains("table-nodes"),
        "{err}"
    );
}

#[test]
fn every_diagnostic_code_is_documented() {
    // Each code the sources emit (a string literal such as "E0801") has its row in the
    // table of docs/language.md.
    let docs = common::read("docs/language.md");
    let mut missing = Vec::new();
    let mut stack = vec![common::root().join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().map_or(true, |e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            let bytes = text.as_bytes();
            for (i, _) in text.match_indices('"') {
                let code = &bytes[i + 1..(i + 7).min(bytes.len())];
                let is_code = code.len() == 6
                    && (code[0] == b'E' || code[0] == b'W')
                    && code[1..5].iter().all(u8::is_ascii_digit)
                    && code[5] == b'"';
                if is_code {
                    let code = std::str::from_utf8(&code[..5]).expect("ascii");
                    if !docs.contains(&format!("\n| {code} |")) {
                        missing.push(format!("{code} ({})", path.display()));
                    }
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "codes missing from docs/language.md: {missing:?}"
    );
}

#[test]
fn a_walk_with_too_many_paths_is_refused_with_its_count() {
    // A piece that may wander any way, one orthogonal step at a time: the paths from
    // one cell are astronomically many. Linked shared, its table is small; its walks
    // are counted through the blocks and refused before any is walked.
    let source = "board square 8x8\npiece Pawn (P) { step forward }\n\
                  piece Wanderer (W) { step orthogonal then repeat { step orthogonal } }\n";
    let d = errors(source, &Limits::default()).expect("refused");
    assert_eq!(d.0[0].code, "E0804", "{d:?}");
    assert!(
        d.0[0]
            .message
            .contains("a walk of Wanderer from a1 could visit more than 10^19"),
        "{}",
        d.0[0].message
    );
    assert!(first_span(source, &d).starts_with("piece Wanderer"));
    // Bounded, the same piece links.
    let bounded = source.replace("repeat {", "repeat up to 3 {");
    assert!(errors(&bounded, &Limits::default()).is_none());
}

/// A leaper of `vectors` (written out one by one, no symmetry) on 26×26.
fn many_leaps(vectors: &[(i32, i32)]) -> String {
    let list: Vec<String> = vectors.iter().map(|(x, y)| format!("({x},{y})")).collect();
    format!(
        "board square 26x26\nroyal King\npiece King (K) {{ step any }}\n\
         piece Leaper (Z) {{\n  leap {}, move only\n}}\n",
        list.join(" + ")
    )
}

/// Issue 32: a pattern of 2,000 leap vectors (linked relative on 26×26: one direction
/// per vector) compiled to E0899 "1304 directions; at most 1024". The directions a
/// table may list now reach what a relative node can name; the moves are every vector
/// that stays on the board, counted here by hand.
#[test]
fn a_pattern_of_two_thousand_leap_vectors_compiles() {
    let vectors: Vec<(i32, i32)> = (-25..=25)
        .flat_map(|x| (-25..=25).map(move |y| (x, y)))
        .filter(|&v| v != (0, 0))
        .take(2000)
        .collect();
    let source = many_leaps(&vectors);
    let rules = piecewise::compile(&source)
        .unwrap_or_else(|d| panic!("{}", d.render("leaps.rules", &source, false)));
    let fen = common::cells_fen(26, &[("m13", 'Z'), ("a1", 'K'), ("z26", 'k')], 'w');
    let moves = common::move_texts(&rules, &fen, "m13");
    // m13 is (12, 12): a vector lands when both coordinates stay in 0..26, and not on
    // the own King on a1 (the foe's on z26 may not be taken: `move only`).
    let expected = vectors
        .iter()
        .filter(|&&(x, y)| (0..26).contains(&(12 + x)) && (0..26).contains(&(12 + y)))
        .filter(|&&(x, y)| (12 + x, 12 + y) != (0, 0) && (12 + x, 12 + y) != (25, 25))
        .count();
    assert!(expected > 600, "{expected}");
    assert_eq!(moves.len(), expected);
    // The same file linked unrolled (one tree per start cell) gives the same moves.
    let unrolled = pipeline::compile_with(
        &source,
        None,
        &Limits {
            relative_above: usize::MAX,
            ..Limits::default()
        },
        |_| {},
    )
    .expect("unrolled");
    let mut a = moves.clone();
    let mut b = common::move_texts(&unrolled.rules, &fen, "m13");
    a.sort();
    b.sort();
    assert_eq!(a, b);
}

/// A table node names its kind filter in one byte: the 257th distinct kind list is
/// E0806 at the pattern that needs it, with the figures (it was E0899, an internal
/// error from the verifier, with no span).
#[test]
fn more_kind_filters_than_a_table_can_name_is_an_error_at_the_pattern() {
    let letters = "ABCDEFGHIJLMNOPQRSTUVWXYZ";
    let mut source = String::from("board square 8x8\nroyal King\npiece King (K) { step any }\n");
    source += "piece Zed (+Z) {\n";
    let mut count = 0;
    'pairs: for a in 0..25 {
        for b in a + 1..25 {
            source += &format!("  step (1,0) via piece P{a}|P{b} then step (1,0)\n");
            count += 1;
            if count == 300 {
                break 'pairs;
            }
        }
    }
    source += "}\n";
    for (i, l) in letters.chars().enumerate() {
        source += &format!("piece P{i} ({l}) {{ step (1,0) }}\n");
    }
    let d = errors(&source, &Limits::default()).expect("300 kind lists");
    assert_eq!(d.0.len(), 1, "{d:?}");
    assert_eq!(d.0[0].code, "E0806", "{d:?}");
    assert!(
        d.0[0].message.contains("301 distinct piece filters")
            && d.0[0].message.contains("the limit is 256"),
        "{}",
        d.0[0].message
    );
    // Filter 0 is "any kind"; the 256th list is the first past the limit.
    assert_eq!(
        first_span(&source, &d),
        "step (1,0) via piece P15|P16 then step (1,0)"
    );
}
