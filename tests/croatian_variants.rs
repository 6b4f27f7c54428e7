//! Two Croatian Chess variants from the rule book's smaller boards:
//! `rules/croatian-ties.rules` (10×10, the Pegasus) and `rules/croatian-mayan.rules`
//! (12×12, the Pyramid: passive, activated by any own piece, a cascade to another
//! Pyramid). Perft 1-2 from the book's start positions and the legal moves of
//! hand-made Mayan positions with activations, each against an independent brute-force
//! generator written here from the book's rules as the files cover them; path trees of
//! a Pegasus and of an activation (insta snapshots, checked by hand).

mod common;

use piecewise::Game;

/// A board for the brute force: `n`×`n` cells, a1 = 0, b1 = 1, ...; letters as FEN.
struct Board {
    n: usize,
    cells: Vec<Option<char>>,
}

fn parse(fen: &str, n: usize) -> (Board, bool) {
    let mut cells = vec![None; n * n];
    let mut parts = fen.split(' ');
    for (r, row) in parts.next().unwrap().split('/').enumerate() {
        let mut f = 0;
        let mut digits = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            f += digits;
            digits = 0;
            cells[(n - 1 - r) * n + f] = Some(ch);
            f += 1;
        }
    }
    (Board { n, cells }, parts.next() == Some("w"))
}

impl Board {
    fn name(&self, c: usize) -> String {
        format!("{}{}", (b'a' + (c % self.n) as u8) as char, c / self.n + 1)
    }

    fn offset(&self, c: usize, dx: i32, dy: i32) -> Option<usize> {
        let n = self.n as i32;
        let (x, y) = ((c % self.n) as i32 + dx, (c / self.n) as i32 + dy);
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| (y * n + x) as usize)
    }
}

fn white(p: char) -> bool {
    p.is_ascii_uppercase()
}

#[derive(Clone, Copy, PartialEq)]
enum End {
    Quiet,
    Capture,
    Activate,
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The ends of one ply of the piece `p` on `from` (`rush`: the longest rush), read off
/// the book's rules as the files cover them: every piece may end on an own Pyramid
/// (activating it; a Pawn only on its capture cells), a Pyramid never takes a King.
fn ends(b: &Board, p: char, from: usize, rush: usize) -> Vec<(usize, End)> {
    let w = white(p);
    let kind = p.to_ascii_uppercase();
    let mut out = Vec::new();
    let land = |t: usize, out: &mut Vec<(usize, End)>| match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if white(q) != w => {
            if !(kind == 'A' && q.eq_ignore_ascii_case(&'K')) {
                out.push((t, End::Capture));
            }
        }
        Some(q) => {
            if q.eq_ignore_ascii_case(&'A') {
                out.push((t, End::Activate));
            }
        }
    };
    let ride = |dirs: &[(i32, i32)], max: usize, out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in dirs {
            let mut c = from;
            for _ in 0..max {
                let Some(t) = b.offset(c, dx, dy) else { break };
                land(t, out);
                if b.cells[t].is_some() {
                    break;
                }
                c = t;
            }
        }
    };
    let all: Vec<(i32, i32)> = ORTHO.iter().chain(&DIAG).copied().collect();
    match kind {
        'K' => ride(&all, 1, &mut out),
        'Q' => ride(&all, 99, &mut out),
        'R' | 'A' => ride(&ORTHO, 99, &mut out),
        'B' => ride(&DIAG, 99, &mut out),
        'N' => ride(&KNIGHT, 1, &mut out),
        'E' => ride(&KNIGHT, 99, &mut out),
        'P' => {
            let dy = if w { 1 } else { -1 };
            let start_rank = if w { 1 } else { b.n - 2 };
            let steps = if from / b.n == start_rank { rush } else { 1 };
            let mut c = from;
            for _ in 0..steps {
                let Some(t) = b.offset(c, 0, dy) else { break };
                if b.cells[t].is_some() {
                    break;
                }
                out.push((t, End::Quiet));
                c = t;
            }
            for dx in [-1, 1] {
                if let Some(t) = b.offset(from, dx, dy) {
                    match b.cells[t] {
                        Some(q) if white(q) != w => out.push((t, End::Capture)),
                        Some(q) if q.eq_ignore_ascii_case(&'A') => out.push((t, End::Activate)),
                        _ => {}
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// Pseudo-legal moves as chains of cells (start, then each ply's end). Passive
/// Pyramids start no move; an activated one rides from its cell; a piece moves once.
fn moves(b: &Board, w: bool, rush: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for from in 0..b.cells.len() {
        let Some(p) = b.cells[from] else { continue };
        if white(p) != w || p.eq_ignore_ascii_case(&'A') {
            continue;
        }
        let mut after = Board {
            n: b.n,
            cells: b.cells.clone(),
        };
        after.cells[from] = None;
        for (to, end) in ends(b, p, from, rush) {
            if end == End::Activate {
                cascade(&mut after, vec![from, to], p, rush, &mut out);
            } else {
                out.push(vec![from, to]);
            }
        }
    }
    out
}

fn cascade(
    b: &mut Board,
    chain: Vec<usize>,
    activator: char,
    rush: usize,
    out: &mut Vec<Vec<usize>>,
) {
    let at = *chain.last().unwrap();
    let piece = b.cells[at].unwrap();
    b.cells[at] = Some(activator);
    for (to, end) in ends(b, piece, at, rush) {
        if chain[1..].contains(&to) {
            continue;
        }
        let mut longer = chain.clone();
        longer.push(to);
        match end {
            End::Activate if longer.len() <= 4 => cascade(b, longer, piece, rush, out),
            End::Activate => {}
            _ => out.push(longer),
        }
    }
    b.cells[at] = Some(piece);
}

fn apply(b: &Board, chain: &[usize]) -> Board {
    let mut cells = b.cells.clone();
    cells[chain[0]] = None;
    for i in 0..chain.len() - 1 {
        cells[chain[i + 1]] = b.cells[chain[i]];
    }
    Board { n: b.n, cells }
}

fn has_king(b: &Board, w: bool) -> bool {
    b.cells.contains(&Some(if w { 'K' } else { 'k' }))
}

fn legal(b: &Board, w: bool, rush: usize) -> Vec<Vec<usize>> {
    moves(b, w, rush)
        .into_iter()
        .filter(|c| {
            let after = apply(b, c);
            has_king(&after, w)
                && !moves(&after, !w, rush)
                    .iter()
                    .any(|r| !has_king(&apply(&after, r), w))
        })
        .collect()
}

fn perft(b: &Board, w: bool, rush: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal(b, w, rush)
        .iter()
        .map(|c| perft(&apply(b, c), !w, rush, depth - 1))
        .sum()
}

fn text(b: &Board, chain: &[usize]) -> String {
    let mut s = format!("{}{}", b.name(chain[0]), b.name(chain[1]));
    for &c in &chain[2..] {
        s.push('>');
        s.push_str(&b.name(c));
    }
    s
}

fn start_fen(g: &Game) -> String {
    g.fen(&g.start_position().unwrap())
}

#[test]
fn croatian_ties_perft_from_the_start_agrees_with_a_brute_force_count() {
    let g = common::game("croatian-ties");
    let fen = start_fen(&g);
    assert_eq!(
        fen,
        "renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w KQkq - 0 1"
    );
    let (b, w) = parse(&fen, 10);
    let pos = g.start_position().unwrap();
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            perft(&b, w, 3, depth),
            "depth {depth}"
        );
    }
}

#[test]
fn mayan_ascendancy_perft_from_the_start_agrees_with_a_brute_force_count() {
    let g = common::game("croatian-mayan");
    let fen = start_fen(&g);
    assert_eq!(
        fen,
        "reanbqkbnaer/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/REANBQKBNAER w KQkq - 0 1"
    );
    let (b, w) = parse(&fen, 12);
    let pos = g.start_position().unwrap();
    for depth in 1..=2 {
        assert_eq!(
            g.perft(&pos, depth),
            perft(&b, w, 4, depth),
            "depth {depth}"
        );
    }
}

/// Hand-made Mayan positions with activations (a Rook, a Pawn on its capture cell, a
/// cascade to the second Pyramid, a Pyramid that may not take the King), castling and
/// en passant out of reach: the legal moves and perft 2 agree with the brute force.
#[test]
fn mayan_activations_agree_with_a_brute_force_generator() {
    let g = common::game("croatian-mayan");
    for fen in [
        "6k5/12/12/12/12/12/12/12/2p9/12/1A1A8/3R2K5 w - - 0 1",
        "6k5/12/3r8/12/12/12/12/12/12/2A9/1P6A3/4N1K5 w - - 0 1",
        "1k10/12/12/1A10/12/12/12/12/12/12/12/1R4K5 w - - 0 1",
        "6k5/12/12/12/12/4e7/12/12/12/a1a9/1P10/2N3K5 b - - 0 1",
    ] {
        let (b, w) = parse(fen, 12);
        let mut expected: Vec<String> = legal(&b, w, 4).iter().map(|c| text(&b, c)).collect();
        expected.sort();
        let got = common::legal(&g, fen);
        assert_eq!(got, expected, "{fen}");
        assert!(got.iter().any(|m| m.contains('>')), "{fen}: an activation");
        let pos = g.position(fen).unwrap();
        assert_eq!(g.perft(&pos, 2), perft(&b, w, 4, 2), "{fen}");
    }
}

use common::cli::tree;

/// Croatian Ties has no piece that activates or is activated: the Pegasus's tree from
/// b1 at the start (c3 d5 e7 and the black pawn f9 it may capture; a3 and then off the
/// board; d2 its own pawn, a stop), with no `activations` section.
#[test]
fn the_pegasus_tree_in_croatian_ties() {
    let fen = "renbqkbner/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RENBQKBNER w KQkq - 0 1";
    let text = tree("rules/croatian-ties.rules", fen, "b1", false);
    assert!(text.contains("c3* d5* e7* f9x"), "{text}");
    assert!(!text.contains("activations:"));
    insta::assert_snapshot!("ties_pegasus", text);
}

/// The Rook on d1 activates the Pyramid on d2 (`d2>`); the Pyramid, ply 2, rides as a
/// rook with its own moves: up the d-file, along rank 2 to c2 and to the Pyramid on b2,
/// which it may activate (ply 3), and to d1, the Rook's start, empty now. The Pyramid
/// on b2 then rides from b2: right to c2 only, stopped at d2 by the Rook that stands
/// there now (a piece of the cascade; it is not a Pyramid either).
#[test]
fn a_cascade_of_pyramids_in_mayan_ascendancy() {
    let fen = "6k5/12/12/12/12/12/12/12/2p9/12/1A1A8/3R2K5 w - - 0 1";
    let text = tree("rules/croatian-mayan.rules", fen, "d1", false);
    assert!(
        text.contains("d2>  [meets friend A (white Pyramid): activate]"),
        "{text}"
    );
    assert!(text.contains("ply 2: white Pyramid on d2, with its own moves"));
    assert!(text.contains("ply 3: white Pyramid on b2, with its own moves"));
    insta::assert_snapshot!("mayan_rook_pyramid_pyramid", text);
    insta::assert_snapshot!(
        "mayan_rook_pyramid_pyramid_json",
        tree("rules/croatian-mayan.rules", fen, "d1", true)
    );
}
