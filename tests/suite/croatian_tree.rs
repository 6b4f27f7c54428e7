//! Path trees of Croatian Chess situations from the libcrochess seed
//! (`../shared/seeds/000-libcrochess-paths.rst`, "Paths" and "Alternative paths",
//! "Forking paths"), on the 26×26 board of `rules/croatian-one.rules`, as insta
//! snapshots of `piecewise tree` and its `--json`. Each snapshot was read by hand
//! against the seed's text; what each must show is written beside it.
//!
//! Activation: a Bishop activates its own Wave, which moves on as a Bishop and meets
//! the opponent's Starchild (`a_wave_activated_by_a_bishop_meets_a_starchild`). A
//! Shaman capturing a Starchild and going on, or diverging from it
//! (`a_shaman_captures_a_starchild_or_diverges_from_it`).

use crate::common;
use piecewise::ids::{CellId, PieceId, Side};
use piecewise::path_tree::{Ending, LeafPath, PathTreeBuilder, PlyPath};
use piecewise::walk::Walker;
use piecewise::Rules;
use std::collections::BTreeSet;

/// A 26×26 FEN with these pieces (cell name, letter) and white to move.
fn fen(pieces: &[(&str, char)]) -> String {
    let mut rows = vec![vec![None; 26]; 26];
    for (cell, letter) in pieces {
        let file = (cell.as_bytes()[0] - b'a') as usize;
        let rank: usize = cell[1..].parse().unwrap();
        rows[rank - 1][file] = Some(*letter);
    }
    let mut out = Vec::new();
    for row in rows.iter().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for c in row {
            match c {
                None => empty += 1,
                Some(l) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(*l);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        out.push(s);
    }
    format!("{} w - - 0 1", out.join("/"))
}

fn tree(fen: &str, from: &str, json: bool) -> String {
    common::cli::tree("rules/croatian-one.rules", fen, from, json)
}

/// A Bishop on b2 meets the opponent's Starchild on d4 (seed: "a Bishop encounters
/// opponent's Starchild on its capture-field"). The tree must show the three
/// interactions on one trunk b2-c3-d4 (the seed's `A`): capture (`d4x`, the ply ends
/// there), transparency (`pass over`, then the same diagonal goes on: e5, f6, up to the
/// pawn on g7, which it may capture), and divergence (`fork`s from d4 into the other
/// diagonals: c5 b6 a7 and e3 f2 g1, and the same one, which is the transparency's
/// path; never back to c3, which the path has passed).
#[test]
fn a_bishop_meets_an_enemy_starchild() {
    let f = fen(&[("b2", 'B'), ("d4", 'i'), ("g7", 'p')]);
    let text = tree(&f, "b2", false);
    assert!(text.contains("\n  c3* d4x  [meets foe i (black Starchild): capture, pass over]\n"));
    assert!(text.contains("\n    fork: e5* f6* g7x  [meets foe p (black Pawn): capture]\n"));
    assert!(text.contains("\n    fork: c5* b6* a7*\n"));
    assert!(text.contains("\n    fork: e3* f2* g1*\n"));
    assert_eq!(
        text.matches("c3").count(),
        1,
        "one trunk through c3: {text}"
    );
    assert!(!text.contains("fork: c3"));
    insta::assert_snapshot!("bishop_meets_enemy_starchild", text);
    insta::assert_snapshot!("bishop_meets_enemy_starchild_json", tree(&f, "b2", true));
}

/// A Bishop on b2 meets its own light Shaman on d4: no capture (a friend), no
/// transparency (only Waves and Starchilds are passed over), but divergence from one's
/// own Shaman (seed: "Even pieces with straight movement (e.g. Bishop) could encounter
/// Shaman earlier in the ply, and diverge from it"), onward to an enemy Starchild on
/// f6 that it may capture, pass over or diverge from again — not here: only one
/// divergence per pattern in this file.
#[test]
fn a_bishop_diverges_from_its_own_shaman() {
    let f = fen(&[("b2", 'B'), ("d4", 'H'), ("f6", 'i')]);
    let text = tree(&f, "b2", false);
    assert!(!text.contains("d4x"));
    // One trunk to the Shaman (the patterns that stop there, pass it or diverge share
    // it), then one fork per diagonal.
    assert!(text.contains("\n  c3* d4  [meets friend H (white Shaman): pass over]\n"));
    assert_eq!(text.matches("d4").count(), 1, "{text}");
    assert!(text.contains("\n    fork: e5* f6x  [meets foe i (black Starchild): capture]\n"));
    insta::assert_snapshot!("bishop_diverges_from_own_shaman", text);
}

/// A light Shaman on c3 captures a chain of enemies along one line of its capture
/// vector (1,4): the leaps reach d7, e11 and f15, each holding an enemy taken in
/// passing, and the ply may end on any of them (seed: a Shaman "can capture ... and
/// still continue its ply"). The tree must show d7 `capture in passing`, then `fork:
/// (captures it)` e11 and f15 (each also a landing capture, `x`), and g19 reached but
/// not a landing (the chain's ply ends on a capture). The capture leap, the chain and
/// the divergence pattern share their first leaps: each cell once, d7 one node with
/// the capture and the capture in passing (the divergence stops there, d7 holds no
/// Starchild, and adds nothing).
#[test]
fn a_shaman_captures_a_chain() {
    let f = fen(&[("c3", 'H'), ("d7", 'p'), ("e11", 'n'), ("f15", 'r')]);
    let text = tree(&f, "c3", false);
    assert!(text.contains("fork: (captures it) f15x"));
    assert!(text.contains("\n  d7x  [meets foe p (black Pawn): capture, capture in passing]\n"));
    assert_eq!(text.matches("d7").count(), 1, "{text}");
    insta::assert_snapshot!("shaman_captures_a_chain", text);
}

/// A light Bishop on b2 meets its own Wave on d4 (seed: "activation, ending its ply,
/// but starting" the piece's): the Bishop may pass over it (transparency: on to e5,
/// and so on) or end there activating it (`d4>`), both on the one node d4. The Wave, ply 2, "inherits step- and
/// capture-fields from activating piece" (book, Miranda's Veil) and "can continue moving
/// in the initially chosen direction until the end of a chessboard is reached": an
/// `onward` relay, it takes one of the Bishop's first steps (c3, c5, e3, e5) and goes on
/// in it to the edge, never capturing, passing over every piece: on the long diagonal
/// over the opponent's Starchild on f6 and the pawn on h8 to z26; back down through c3
/// and b2 (the Bishop's start, empty now) to a1. The tree draws the lines its moves
/// take (`b2d4>e5`, never `b2d4>f6`). The Kings are there for `moves` (the game has
/// `royal King`).
#[test]
fn a_wave_activated_by_a_bishop_meets_a_starchild() {
    let f = fen(&[
        ("b2", 'B'),
        ("d4", 'W'),
        ("f6", 'i'),
        ("h8", 'p'),
        ("z1", 'K'),
        ("a26", 'k'),
    ]);
    let text = tree(&f, "b2", false);
    assert!(
        text.contains("\n  c3* d4>  [meets friend W (white Wave): pass over, activate]\n"),
        "{text}"
    );
    assert!(text.contains(
        "ply 2: white Wave on d4, moving as the Bishop that activated it, never capturing"
    ));
    let moves = common::cli::run(&["moves", "rules/croatian-one.rules", "--fen", &f]);
    let list = common::cli::stdout(&moves);
    assert!(
        list.contains("b2d4>e5"),
        "{list} {}",
        common::cli::stderr(&moves)
    );
    assert!(!list.contains("b2d4>f6\n"), "a Wave never captures");
    insta::assert_snapshot!("bishop_activates_wave", text);
    insta::assert_snapshot!("bishop_activates_wave_json", tree(&f, "b2", true));
}

/// A light Shaman on c3 meets the opponent's Starchild on d7 with its first capture
/// leap (1,4) (seed, "Path segment tree": a Shaman "can capture opponent's Starchild,
/// continue capturing opponent's pieces in the next path node (without its
/// side-effect), and also diverge from said Starchild in a forking path node (with its
/// side-effect)"). Checked by hand against that text, the tree shows all three on one
/// node `d7x` (`capture, pass over, capture in passing`): the capture that ends the ply
/// there; under it `fork: (captures it) e11x`, the capture-ply going on in the same
/// line to take the pawn on e11 (and on to f15, reached but no landing: the chain ends
/// on a capture); and the Starchild met and left standing, with one `fork:` per capture
/// vector from d7: the divergence, landing only where an enemy stands (e11 again, as a
/// move that leaves the Starchild: `c3e11` beside the chain's `c3e11xd7`; f10 and h8),
/// never back to c3. The knight-rider's step-ply lines (a2, b5 a7, ...) come first, as
/// in every Shaman tree.
#[test]
fn a_shaman_captures_a_starchild_or_diverges_from_it() {
    let f = fen(&[
        ("c3", 'H'),
        ("d7", 'i'),
        ("e11", 'p'),
        ("f10", 'n'),
        ("h8", 'r'),
        ("z1", 'K'),
        ("a26", 'k'),
    ]);
    let text = tree(&f, "c3", false);
    // The capture-only leap, the capture chain and the divergence (three patterns, the
    // chain linked apart from the leap on 26×26) meet the Starchild as one node.
    assert!(text.contains(
        "\n  d7x  [meets foe i (black Starchild): capture, pass over, capture in passing]\n"
    ));
    assert_eq!(text.matches("d7").count(), 1, "{text}");
    assert!(text.contains("\n    fork: (captures it) e11x"));
    assert!(text.contains("\n    fork: e11x  [meets foe p (black Pawn): capture]\n"));
    assert!(text.contains("fork: f10x  [meets foe n (black Knight): capture]"));
    assert!(text.contains("fork: h8x  [meets foe r (black Rook): capture]"));
    assert!(!text.contains("fork: c3"));
    let moves = common::cli::run(&["moves", "rules/croatian-one.rules", "--fen", &f]);
    let list = common::cli::stdout(&moves);
    for m in ["c3d7", "c3e11xd7", "c3e11", "c3f10", "c3h8"] {
        assert!(list.lines().any(|l| l == m), "{m} in {list}");
    }
    insta::assert_snapshot!("shaman_captures_or_diverges_from_starchild", text);
    insta::assert_snapshot!(
        "shaman_captures_or_diverges_from_starchild_json",
        tree(&f, "c3", true)
    );
}

/// How a ply ends, as a complete path of the tree says it.
fn ending_of(ply: &PlyPath, from: CellId) -> (Vec<CellId>, Ending) {
    let mut captures = ply.captures.clone();
    let ending = if ply.activates {
        Ending::Activate
    } else if let Some(k) = ply.convert {
        Ending::Convert(k)
    } else if ply.push_to == Some(from) {
        Ending::Swap
    } else if let Some(c) = ply.push_to {
        Ending::Push(c)
    } else if captures.last() == Some(&ply.to) {
        captures.pop();
        Ending::Capture
    } else {
        Ending::Quiet
    };
    (captures, ending)
}

/// Walks every piece of `rules`, for both sides, from `cells` of `fen` into a merged
/// and an unmerged tree, and checks what merging must keep: the same set of complete
/// paths, none of them twice in the merged tree, each ply one of them, and no more
/// segments than before. Returns the number of trees whose merge joined something.
fn check_merge(rules: &Rules, fen: &str, cells: &[CellId]) -> usize {
    let pos = rules
        .position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    let table = rules.table();
    let mut walker = Walker::new(table);
    let mut joined = 0;
    for side in Side::BOTH {
        for p in 0..table.table().pieces.len() {
            let piece = PieceId(p as u8);
            for &c in cells {
                let mut tree = |merge: bool| {
                    let mut b = PathTreeBuilder::new();
                    walker.walk(&pos, side, piece, c, &mut b);
                    if merge {
                        b.finish(side, piece, c)
                    } else {
                        b.finish_unmerged(side, piece, c)
                    }
                };
                let (merged, unmerged) = (tree(true), tree(false));
                let at = || {
                    format!(
                        "{} {side} {} on {}",
                        fen,
                        table.table().pieces[p].name,
                        table.table().board.cell_name(c)
                    )
                };
                let leaves = merged.leaf_paths();
                let set: BTreeSet<LeafPath> = leaves.iter().cloned().collect();
                assert_eq!(set.len(), leaves.len(), "{}: a path twice", at());
                let before: BTreeSet<LeafPath> = unmerged.leaf_paths().into_iter().collect();
                assert_eq!(set, before, "{}", at());
                for ply in &merged.plies {
                    let (captures_in_passing, ending) = ending_of(ply, c);
                    let leaf = LeafPath {
                        path: ply.path.clone(),
                        captures_in_passing,
                        ending,
                    };
                    assert!(set.contains(&leaf), "{}: {ply:?} not in the tree", at());
                }
                assert!(merged.segments.len() <= unmerged.segments.len(), "{}", at());
                joined += usize::from(merged.segments.len() < unmerged.segments.len());
            }
        }
    }
    joined
}

/// A FEN of `rules`' board (`size`×`size`) with `count` pieces of random kinds and
/// sides on random cells, after `fixed` (cell, kind, side).
fn random_fen(
    rules: &Rules,
    size: usize,
    rng: &mut common::Rng,
    count: usize,
    fixed: &[(&str, &str, Side)],
) -> String {
    let table = rules.table().table();
    let mut cells: Vec<Option<String>> = vec![None; size * size];
    for &(cell, kind, side) in fixed {
        let c = rules.cell(cell).expect("cell").index();
        let piece = rules.piece(kind).expect("kind");
        cells[c] = Some(table.pieces[piece.index()].fen_letter(side));
    }
    for _ in 0..count {
        let c = rng.below(size * size);
        if cells[c].is_none() {
            let p = rng.below(table.pieces.len());
            let side = Side::BOTH[rng.below(2)];
            // A neutral kind (One's Stars) is written `*` and its letter (One has two:
            // the bright and the dim Stars), whatever the side drawn.
            cells[c] = Some(if rules.program().pieces[p].neutral {
                format!("*{}", table.pieces[p].fen_letter(Side::First))
            } else {
                table.pieces[p].fen_letter(side)
            });
        }
    }
    let ranks: Vec<String> = (0..size)
        .rev()
        .map(|y| {
            let (mut s, mut empty) = (String::new(), 0);
            for c in &cells[y * size..(y + 1) * size] {
                match c {
                    None => empty += 1,
                    Some(l) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s += l;
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    format!("{} w", ranks.join("/"))
}

/// Property: merging changes no complete path. Every piece of `rules/chess.rules` (on
/// every cell) and of `rules/croatian-one.rules` (on 16 cells, with Starchilds,
/// Shamans and Waves about for transparency, divergence and activation), both sides,
/// on the start position, Kiwipete and random positions: the merged tree has the
/// unmerged tree's set of complete paths, each once, and every ply among them.
#[test]
fn merging_keeps_every_complete_path() {
    let mut rng = common::Rng(0x74_7275_6e6b);
    let chess = common::game("chess");
    let rules = chess.rules();
    let all: Vec<CellId> = rules.table().table().board.cells().collect();
    let mut joined = 0;
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w".to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w".to_string(),
        random_fen(rules, 8, &mut rng, 16, &[]),
        random_fen(rules, 8, &mut rng, 32, &[]),
    ] {
        joined += check_merge(rules, &fen, &all);
    }
    let croatian = common::game("croatian-one");
    let rules = croatian.rules();
    let board = &rules.table().table().board;
    for _ in 0..3 {
        let fixed = [
            ("d4", "Starchild", Side::Second),
            ("f6", "Shaman", Side::First),
            ("j10", "Wave", Side::First),
            ("m13", "Starchild", Side::First),
            ("d10", "Shaman", Side::Second),
            ("k4", "Wave", Side::Second),
        ];
        let fen = random_fen(rules, 26, &mut rng, 80, &fixed);
        // Few cells: a Monolith's tree from one cell has some 60,000 segments.
        let mut cells: Vec<CellId> = (0..12)
            .map(|_| CellId(rng.below(board.cell_count()) as u16))
            .collect();
        cells.extend(["b2", "c3", "e5", "h8"].map(|n| rules.cell(n).expect("cell")));
        joined += check_merge(rules, &fen, &cells);
    }
    // Merging did something: Croatian trees share prefixes between patterns.
    assert!(joined > 50, "{joined} trees merged");
}
