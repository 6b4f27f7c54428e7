//! The shipped games by name (`piecewise::catalogue`, `piecewise variants`): every
//! command takes a name in place of a rules file, an unknown name is an error with the
//! closest names, a file of that name wins over the catalogue, and docs/variants.md is
//! what `variants --markdown` prints.

use crate::common;

use common::cli::{run, stderr, stdout, temp};
use piecewise::catalogue;

#[test]
fn every_shipped_self_contained_file_is_in_the_catalogue_and_compiles() {
    let mut files: Vec<String> = std::fs::read_dir(common::rules_dir())
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let text = std::fs::read_to_string(&p).ok()?;
            (p.extension()? == "rules" && !text.contains("\nboard graph"))
                .then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    files.sort();
    let names: Vec<&str> = catalogue::variants().iter().map(|v| v.name()).collect();
    assert_eq!(names, files);
    for v in catalogue::variants() {
        assert_eq!(v.source(), common::rules_source(v.name()), "{}", v.name());
        if let Err(d) = v.game() {
            panic!("{} does not compile: {d:?}", v.name());
        }
    }
}

#[test]
fn commands_take_a_shipped_games_name() {
    let out = run(&["perft", "chess", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), "8902");
    let out = run(&["moves", "xiangqi"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 44);
    let out = run(&["check", "shogi", "chess"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "shogi: ok (0 errors, 0 warnings)\nchess: ok (0 errors, 0 warnings)\n"
    );
    let out = run(&["result", "chess", "f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("checkmate"), "{}", stdout(&out));
}

#[test]
fn an_unknown_name_is_an_error_with_the_closest_names() {
    let out = run(&["perft", "xiangqui", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("no shipped game is named `xiangqui`"), "{err}");
    assert!(err.contains("did you mean `xiangqi`?"), "{err}");
    assert!(err.contains("`piecewise variants` lists them"), "{err}");
    // A path that does not exist is the file's error, not the catalogue's.
    let out = run(&["perft", "rules/xiangqui.rules", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("cannot read rules/xiangqui.rules"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("shipped"), "{}", stderr(&out));
}

#[test]
fn a_file_of_that_name_wins_over_the_catalogue() {
    let file = temp(
        "chess",
        b"board square 3x3\npiece King (K) { step any }\nroyal King\nstart \"k2/3/2K w\"\n",
    );
    let out = run(&["moves", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The king on c1 of a 3x3 board, the other on a3: b1 and c2 (b2 touches a3).
    assert_eq!(stdout(&out), "c1b1\nc1c2\n");
}

#[test]
fn variants_lists_every_game_with_its_summary() {
    let out = run(&["variants"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(text.lines().count(), catalogue::variants().len());
    assert!(
        text.lines()
            .any(|l| l.starts_with("chess ") && l.contains("orthodox chess")),
        "{text}"
    );
    let out = run(&["variants", "--json"]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let chess = list
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "chess")
        .unwrap();
    assert_eq!(chess["fairy_stockfish"], "chess");
}

#[test]
fn docs_variants_md_is_current() {
    let out = run(&["variants", "--markdown"]);
    assert!(out.status.success());
    let page = common::read("docs/variants.md");
    assert!(
        page == stdout(&out),
        "docs/variants.md is not what `piecewise variants --markdown` prints: regenerate it \
         with `cargo run -q -- variants --markdown > docs/variants.md`"
    );
}
