//! The disassembler names each node mask bit by the node's kind (docs/bytecode.md, "The
//! mask by node kind"): a root's low bits are its `near` code, not classes; a probe's
//! children's bit 16 is `CLASS_OTHER` (`O`); a push target's bits 16 and 32 say what
//! happens to the piece met; bits 64 and 128 are a mark on unshared nodes.

use piecewise::ids::{PieceId, Side};
use piecewise::table::{MEET_CAPTURE, MEET_CONVERT};
use piecewise::Game;

const SRC: &str = "board square 8x8\nroyal King\nneutral Stone\ntag charged (!) for Knight\n\
    piece King (K) { step any }\n\
    piece Stone (S) { }\n\
    piece Crowd (C) { step any, not near foe\n ride orthogonal up to 2, near 6 foe }\n\
    piece Any (A) { step forward-diagonal if forward piece }\n\
    piece Cannibal (X) { leap (1,2), capture friend Pawn }\n\
    piece Missionary (M) { ride diagonal, move only, convert not King | Missionary }\n\
    piece Knight (N) { leap (1,2), sets charged }\n\
    piece Pawn (P) { step forward }\n";

/// The disassembly of `piece` (by name) of the first side on d4, one line per node,
/// and the node indices of its roots.
fn listing(g: &Game, piece: &str) -> (Vec<String>, std::ops::Range<usize>) {
    let t = g.rules().table().table();
    let k = t.pieces.iter().position(|p| p.name == piece).unwrap();
    let d4 = g.board().parse_cell("d4").unwrap();
    let r = t.roots(Side::First, PieceId(k as u8), d4).unwrap();
    let text = piecewise::table::disasm_cell(t, Side::First, PieceId(k as u8), d4);
    (text.lines().skip(1).map(String::from).collect(), r.nodes())
}

/// The node index a line lists.
fn index(line: &str) -> usize {
    let rest = line.trim_start().strip_prefix('#').unwrap();
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// The lines of the roots (a root probe's children stand at the same depth).
fn roots<'a>(lines: &'a [String], range: &std::ops::Range<usize>) -> Vec<&'a String> {
    lines.iter().filter(|l| range.contains(&index(l))).collect()
}

/// The letters after ` if:` in a line, if any.
fn classes(line: &str) -> Option<&str> {
    line.split(" if:").nth(1)?.split(' ').next()
}

#[test]
fn disasm_names_each_mask_bit_by_node_kind() {
    let g = Game::compile(SRC).unwrap_or_else(|d| panic!("{d:?}"));
    let t = g.rules().table().table();

    // Roots with a `near` code: `near:N`, never `if:` (their low bits are the code).
    let (crowd, range) = listing(&g, "Crowd");
    let near: Vec<_> = roots(&crowd, &range)
        .into_iter()
        .filter(|l| l.contains(" near:"))
        .collect();
    assert_eq!(near.len(), range.len(), "{crowd:#?}");
    assert!(near.iter().all(|l| !l.contains(" if:")), "{crowd:#?}");
    // Both codes: `not near foe` (2) and `near 6 foe` (8).
    let codes: std::collections::BTreeSet<&str> = near
        .iter()
        .filter_map(|l| l.split(" near:").nth(1)?.split(' ').next())
        .collect();
    assert_eq!(codes.len(), 2, "{crowd:#?}");
    // A root's mask holds the code's bits: 16 or 32 among them where the code has
    // bits 3-4, which on a push target would be a capture or a conversion.
    assert!(
        t.nodes[range]
            .iter()
            .any(|r| r.mask & (MEET_CAPTURE | MEET_CONVERT) != 0),
        "{crowd:#?}"
    );

    // A probe root; its children, at the root's depth, named by their classes, `O`
    // (16) among them: a neutral Stone counts as `piece`.
    let (any, range) = listing(&g, "Any");
    let probes = roots(&any, &range);
    assert!(
        !probes.is_empty()
            && probes
                .iter()
                .all(|l| l.contains(" probe") && classes(l).is_none()),
        "{any:#?}"
    );
    let steps: Vec<_> = any.iter().filter(|l| !range.contains(&index(l))).collect();
    assert!(
        !steps.is_empty()
            && steps
                .iter()
                .all(|l| classes(l).is_some_and(|c| c.contains('O'))),
        "{any:#?}"
    );
    assert!(any.iter().all(|l| !l.contains(" near:")), "{any:#?}");

    // Push targets: 16 a capture, 32 a conversion, never the class `O`.
    let (cannibal, _) = listing(&g, "Cannibal");
    assert!(
        cannibal.iter().any(|l| l.contains(" push-to capture")),
        "{cannibal:#?}"
    );
    let (missionary, _) = listing(&g, "Missionary");
    assert!(
        missionary.iter().any(|l| l.contains(" push-to convert")),
        "{missionary:#?}"
    );
    for l in cannibal
        .iter()
        .chain(&missionary)
        .filter(|l| l.contains(" push-to"))
    {
        assert!(classes(l).is_some_and(|c| !c.contains('O')), "{l}");
    }

    // A marked pattern: bits 64-128 as `mark:1` on its roots and steps, not classes.
    let (knight, _) = listing(&g, "Knight");
    assert!(
        !knight.is_empty() && knight.iter().all(|l| l.contains(" mark:1")),
        "{knight:#?}"
    );
    assert!(
        knight
            .iter()
            .all(|l| !l.contains(" near:") && !l.contains(" if:")),
        "{knight:#?}"
    );
}
