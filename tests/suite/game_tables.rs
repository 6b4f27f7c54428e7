//! The game declarations' traces in the back end: the `EN_PASSANT` node flag (linked,
//! disassembled, written to bytes, read back, verified), `+X` piece letters (in the
//! table, its byte format and FEN), and `confine` as landing restrictions.

use crate::common;

use common::reseal;
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::table::{self, Node};
use piecewise::walk::{Ply, Sink};
use piecewise::Rules;

const SRC: &str = r#"game "Mini shogi-chess"
board square 8x8
start "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"
zone pawn_start = rank 2
zone palace = d1-f2
zone last_rank = rank 8
royal King
en passant Pawn
promotion Pawn to Tokin in last_rank
hand
drop Pawn, one per file
confine King to palace
piece King (K) { step any }
piece Pawn (P) {
    step forward, move only
    step forward-diagonal, capture only
    ride forward 2, move only, from pawn_start, en passant
}
piece Tokin (+P) { step orthogonal; step forward-diagonal }
"#;

fn rules() -> Rules {
    piecewise::compile(SRC).expect("compiles")
}

/// The nodes of one (side, piece, cell) tree, as (cell name, flags), in table order.
fn tree(r: &Rules, side: Side, piece: &str, cell: &str) -> Vec<(String, u8)> {
    let t = r.table().table();
    let roots = t
        .roots(
            side,
            r.piece(piece).expect("piece"),
            r.cell(cell).expect("cell"),
        )
        .expect("roots");
    let mut out = Vec::new();
    let mut stack: Vec<usize> = roots.nodes().rev().collect();
    while let Some(i) = stack.pop() {
        let n = t.nodes[i];
        out.push((r.cell_name(n.target), n.flags));
        stack.extend(n.children().rev());
    }
    out
}

#[test]
fn en_passant_flag_is_on_the_double_step_landing_only() {
    let r = rules();
    for (side, from, one, two) in [
        (Side::First, "e2", "e3", "e4"),
        (Side::Second, "e7", "e6", "e5"),
    ] {
        let nodes = tree(&r, side, "Pawn", from);
        let flags = |cell: &str| {
            nodes
                .iter()
                .find(|(c, _)| c == cell)
                .map(|&(_, f)| f)
                .expect("node")
        };
        assert_eq!(flags(one), Node::LAND_EMPTY, "{side} {one}");
        assert_eq!(
            flags(two),
            Node::LAND_EMPTY | Node::EN_PASSANT,
            "{side} {two}"
        );
        let ep = nodes
            .iter()
            .filter(|(_, f)| f & Node::EN_PASSANT != 0)
            .count();
        assert_eq!(ep, 1, "{nodes:?}");
    }
    // Off the start rank the double step is dropped, and so is the flag.
    assert!(tree(&r, Side::First, "Pawn", "e3")
        .iter()
        .all(|(_, f)| f & Node::EN_PASSANT == 0));
}

#[test]
fn merged_landing_nodes_union_the_en_passant_flag() {
    let r = piecewise::compile(
        "board square 8x8\nen passant P\n\
         piece P (P) { ride forward up to 2, move only; ride forward 2, move only, en passant }",
    )
    .expect("compiles");
    let nodes = tree(&r, Side::First, "P", "a1");
    assert_eq!(
        nodes,
        vec![
            ("a2".to_string(), Node::LAND_EMPTY),
            ("a3".to_string(), Node::LAND_EMPTY | Node::EN_PASSANT),
        ]
    );
}

/// Records each landing and whether its landing node carries `EN_PASSANT` (as the
/// ply reports it).
struct EpSink {
    seen: Vec<(CellId, bool)>,
}

impl Sink for EpSink {
    fn ply(&mut self, ply: &Ply<'_>) {
        self.seen.push((ply.to, ply.is_en_passant()));
    }
}

#[test]
fn the_walk_exposes_the_flag_on_the_landing_node() {
    let r = rules();
    let pos = r.position("4k3/8/8/8/8/8/4P3/4K3 w").expect("fen");
    let mut sink = EpSink { seen: Vec::new() };
    let pawn = r.piece("P").expect("pawn");
    r.walker().walk(
        &pos,
        Side::First,
        pawn,
        r.cell("e2").expect("e2"),
        &mut sink,
    );
    let e3 = r.cell("e3").expect("e3");
    let e4 = r.cell("e4").expect("e4");
    sink.seen.sort();
    assert_eq!(sink.seen, vec![(e3, false), (e4, true)]);
}

#[test]
fn confined_king_stays_in_the_palace() {
    let r = rules();
    let pos = r.position("8/8/8/8/8/8/8/4K3 w").expect("fen");
    let list = r.moves_from(&pos, r.cell("e1").expect("e1"));
    let mut to: Vec<String> = list.iter().map(|m| r.cell_name(m.to)).collect();
    to.sort();
    assert_eq!(to, vec!["d1", "d2", "e2", "f1", "f2"]);
    // From f2 (a palace corner) the King has only three palace cells to go to.
    let pos = r.position("8/8/8/8/8/8/5K2/8 w").expect("fen");
    assert_eq!(r.moves_from(&pos, r.cell("f2").expect("f2")).len(), 3);
    // The second side's palace is mirrored: d7-f8.
    let pos = r.position("4k3/8/8/8/8/8/8/8 w").expect("fen");
    let list = r.moves_from(&pos, r.cell("e8").expect("e8"));
    let mut to: Vec<String> = list.iter().map(|m| r.cell_name(m.to)).collect();
    to.sort();
    assert_eq!(to, vec!["d7", "d8", "e7", "f7", "f8"]);
}

#[test]
fn plus_letters_in_the_table_and_fen() {
    let r = rules();
    let t = r.table().table();
    let letters: Vec<(char, bool)> = t.pieces.iter().map(|p| (p.letter, p.plus)).collect();
    assert_eq!(letters, vec![('K', false), ('P', false), ('P', true)]);
    assert_eq!(r.piece("P"), Some(PieceId(1)));
    assert_eq!(r.piece("p"), Some(PieceId(1)));
    assert_eq!(r.piece("+P"), Some(PieceId(2)));
    assert_eq!(r.piece("+p"), Some(PieceId(2)));
    assert_eq!(r.piece("Tokin"), Some(PieceId(2)));
    assert_eq!(r.piece("+K"), None);
    assert_eq!(t.piece_by_letter('p'), Some(PieceId(1)));
    assert_eq!(t.pieces[2].fen_letter(Side::First), "+P");
    assert_eq!(t.pieces[2].fen_letter(Side::Second), "+p");

    let fen = "4k3/8/2+p5/8/3+P4/8/4P3/4K3 b";
    let pos = r.position(fen).expect("reads +P");
    let at = |c: &str| pos.cells[r.cell(c).expect("cell").index()];
    assert_eq!(at("d4").kind(), PieceId(2));
    assert_eq!(at("d4").side(), Side::First);
    assert_eq!(at("c6").kind(), PieceId(2));
    assert_eq!(at("c6").side(), Side::Second);
    assert_eq!(at("e2").kind(), PieceId(1));
    assert_eq!(pos.to_fen(r.board(), &t.pieces), fen);
    // The Tokin moves as declared: orthogonal steps and forward diagonals, 6 from d4.
    assert_eq!(r.moves_from(&pos, r.cell("d4").expect("d4")).len(), 6);
}

/// The movement-only reader takes every FEN the game layer writes (issue 18: `tree` and
/// `moves --pseudo` refused hands and `~`): the promotion mark and the hand are read and
/// left out; the board is the same as without them.
#[test]
fn fen_reads_hands_and_promotion_marks_as_the_game_layer_writes_them() {
    let r = rules();
    let plain = r.position("8/8/8/8/8/8/8/P7 w").expect("plain");
    for fen in [
        "8/8/8/8/8/8/8/P~7 w",
        "8/8/8/8/8/8/8/P7[P] w",
        "8/8/8/8/8/8/8/P7[-] w 0 1",
        "8/8/8/8/8/8/8/P~7[Pp] b - - 0 1",
    ] {
        let pos = r.position(fen).expect(fen);
        assert_eq!(pos.cells, plain.cells, "{fen}");
    }
    let e = r
        .position("8/8/8/8/8/8/8/P7[P w")
        .expect_err("unclosed hand");
    assert!(e.message().contains("hand"), "{}", e.message());
}

#[test]
fn fen_rejects_unknown_plus_letters() {
    let r = rules();
    for (fen, offset, needle) in [
        ("8/8/8/8/8/8/8/+K7 w", 14, "no piece has the letter `+K`"),
        ("8/8/8/8/8/8/8/+7 w", 14, "unexpected `+`"),
        ("8/8/8/8/8/8/8/7+ w", 15, "unexpected `+`"),
    ] {
        let e = r.position(fen).expect_err(fen);
        assert!(e.message().contains(needle), "{fen}: {}", e.message());
        assert_eq!(e.offset(), offset, "{fen}: {}", e.message());
    }
}

#[test]
fn table_with_en_passant_and_plus_round_trips_through_bytes() {
    let r = rules();
    let t = r.table().table();
    assert!(t.nodes.iter().any(|n| n.has(Node::EN_PASSANT)));
    let bytes = table::to_bytes(t);
    assert_eq!(&bytes[4..6], &9u16.to_le_bytes(), "format version 9");
    let back = table::from_bytes(&bytes).expect("reads");
    assert_eq!(&back, t);
    assert!(back.pieces[2].plus);
    let verified = table::verify(back).expect("verifies");
    assert_eq!(
        table::disasm(verified.table()),
        table::disasm(r.table().table())
    );

    // Header (14 bytes, no holes), the piece count, then King's letter and flags.
    assert_eq!(bytes[14], 3);
    assert_eq!((bytes[15], bytes[16]), (b'K', 0));
    // Bits 1-2 are the prime (`K'` 1, `K!` 2); 3 and bit 3 are unknown.
    for flags in [8, 6] {
        let mut bad = bytes.clone();
        bad[16] = flags;
        reseal(&mut bad);
        let e = table::from_bytes(&bad).expect_err("unknown piece flag");
        assert!(e.message().contains("unknown flags"), "{e}");
    }
    let mut primed = bytes.clone();
    primed[16] = 2;
    reseal(&mut primed);
    let back = table::from_bytes(&primed).expect("a primed King reads");
    assert_eq!(
        back.pieces[0].fen_letter(piecewise::ids::Side::Second),
        "k'"
    );
}

#[test]
fn verifier_accepts_en_passant_on_landings_only_and_rejects_mixed_push_bits() {
    let r = rules();
    let t = r.table().table().clone();
    let ep = t
        .nodes
        .iter()
        .position(|n| n.has(Node::EN_PASSANT))
        .expect("an en passant node");
    table::verify(t.clone()).expect("as linked");

    let mut bad = t.clone();
    bad.nodes[ep].flags &= !(Node::LAND_EMPTY | Node::LAND_FOE);
    let e = table::verify(bad).expect_err("ep without landing");
    assert!(e.message().contains("en passant"), "{e}");

    // Every flag bit is known since format 3; a landing node may not also be a push.
    let mut bad = t.clone();
    bad.nodes[ep].flags |= Node::PUSH;
    let e = table::verify(bad).expect_err("push with landing rights");
    assert!(e.message().contains("push node"), "{e}");

    // `P` and `+P` are distinct; two `+P`s are not.
    let mut bad = t.clone();
    bad.pieces[1].plus = true;
    let e = table::verify(bad).expect_err("duplicate +P");
    assert!(e.message().contains("+P"), "{e}");
}

#[test]
fn disasm_shows_en_passant_and_plus_letters() {
    let r = rules();
    let t = r.table().table();
    let text = format!(
        "{}{}{}",
        piecewise::compile::disasm(r.program()),
        table::disasm(t),
        table::disasm_cell(
            t,
            Side::First,
            r.piece("Pawn").expect("Pawn"),
            r.cell("e2").expect("e2"),
        )
    );
    insta::assert_snapshot!(text);
}
