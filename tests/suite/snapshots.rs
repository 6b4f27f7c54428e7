//! insta snapshots of the disassembly of `rules/fairy.rules` and of path trees of the
//! pieces whose trees branch: Cannon, Griffon, Hook Mover, Lion, checkers Man, Deflector,
//! each with pieces in the way.

use crate::common;

use common::fairy;
use piecewise::Rules;

fn tree_text(r: &Rules, fen: &str, from: &str) -> String {
    let pos = r.position(fen).expect("fen");
    let tree = r
        .path_tree(&pos, r.cell(from).expect("cell"))
        .expect("a piece");
    format!("{fen}\n{}", tree.to_text(r.table().table()))
}

#[test]
fn disasm_fairy() {
    let r = fairy();
    let text = format!(
        "{}{}{}",
        piecewise::compile::disasm(r.program()),
        piecewise::table::disasm(r.table().table()),
        piecewise::table::disasm_cell(
            r.table().table(),
            piecewise::ids::Side::First,
            r.piece("Griffon").expect("Griffon"),
            r.cell("b2").expect("b2"),
        )
    );
    insta::assert_snapshot!(text);
}

#[test]
fn tree_cannon() {
    insta::assert_snapshot!(tree_text(&fairy(), "3p4/8/3P4/8/1P1O3r/8/3n4/8 w", "d4"));
}

#[test]
fn tree_griffon() {
    insta::assert_snapshot!(tree_text(&fairy(), "8/2p5/8/2P1p3/3F4/5n2/8/8 w", "d4"));
}

#[test]
fn tree_hook_mover() {
    insta::assert_snapshot!(tree_text(&fairy(), "8/8/3p4/8/1N1W2r1/8/8/8 w", "d4"));
}

#[test]
fn tree_lion() {
    insta::assert_snapshot!(tree_text(&fairy(), "8/8/8/3pP3/3X4/2n5/8/8 w", "d4"));
}

#[test]
fn tree_checkers_man() {
    insta::assert_snapshot!(tree_text(&fairy(), "8/8/8/2p1p3/3D4/8/8/8 w", "d4"));
}

#[test]
fn tree_deflector() {
    insta::assert_snapshot!(tree_text(&fairy(), "8/8/3p4/8/3Y1P2/8/8/8 w", "d4"));
}

#[test]
fn tree_json_checkers_man() {
    let r = fairy();
    let pos = r.position("8/8/8/2p1p3/3D4/8/8/8 w").expect("fen");
    let tree = r.path_tree(&pos, r.cell("d4").expect("d4")).expect("piece");
    let json = serde_json::to_string_pretty(&tree.to_json(r.table().table())).expect("json");
    insta::assert_snapshot!(json);
}
