//! An independent move generator for the shipped Croatian variants (`rules/croatian-ties`,
//! `-mayan`, `-miranda`, `-nineteen` and `-tlalocan.rules`), written from the book's rules
//! as the files cover them (their headers), for the tests to compare the library's legal
//! moves and perft with. Castling and en passant are not modelled: the tests keep them out of
//! reach. Boards are `n`×`n`, a1 = 0, b1 = 1, ...; pieces are FEN letters, `*` a Star
//! (no side's; a wall), `^` after a Pawn its rush tag (`&`, a King's or Rook's castling
//! tag, is read and left alone).
//!
//! Here the board, the moves of a whole turn (cascades of activations, Shaman chains),
//! legality and perft; one ply's ends per piece kind in `ply`, the Wave's lines in
//! `wave`, Conquest of Tlalocan's pieces in `tlalocan`.
//!
//! Each test crate that includes it uses part of it, hence `dead_code`.

#![allow(dead_code)]

mod ply;
mod tlalocan;
mod wave;
use ply::*;
use wave::wave_ends;

use tlalocan::{centaur, serpent, shaman, shaman_divergences, trooper};
#[allow(unused_imports)]
pub use tlalocan::{chains, divergences, takes_king};

/// What differs between the variants.
#[derive(Clone, Copy)]
pub struct Variant {
    pub n: usize,
    /// Pawns step sideways (Nineteen on).
    pub sideways: bool,
    /// An activated Wave goes on in its activator's first step to the edge (the
    /// files that say `onward`: Miranda's Veil, Nineteen, Tlalocan), and may activate the
    /// opponent's Waves on its line too, which then move the same way, walking its
    /// patterns for its side (book, "Cascading opponent"; `activate foe Wave`).
    pub onward: bool,
    /// Pawns rush by their tag, at most this many cells from rank 2 and from rank 3
    /// (Nineteen on: to the end of their own half; before, from rank 2 only).
    pub tag_rush: [usize; 2],
    /// What a Pawn promotes to on the last rank.
    pub promotions: &'static [char],
    /// Cascades carry momentum (book, Miranda's Veil, "Cascading Waves"; the files
    /// that say `relay ..., momentum`): the first mover gathers one per step of its ply
    /// (a leap is one step), an activated piece but a Wave moves at most as many steps
    /// as it received and hands on the rest, a Wave spends none ([`steps`]).
    pub momentum: bool,
}

pub const TIES: Variant = Variant {
    n: 10,
    sideways: false,
    onward: false,
    tag_rush: [3, 0],
    promotions: &['q', 'r', 'b', 'n', 'e'],
    momentum: false,
};

pub const MAYAN: Variant = Variant {
    n: 12,
    sideways: false,
    onward: false,
    tag_rush: [4, 0],
    promotions: &['q', 'r', 'b', 'n', 'e', 'a'],
    momentum: false,
};

pub const MIRANDA: Variant = Variant {
    n: 16,
    sideways: false,
    onward: true,
    tag_rush: [6, 0],
    promotions: &['q', 'r', 'b', 'n', 'e', 'a', 'u', 'w'],
    momentum: true,
};

pub const NINETEEN: Variant = Variant {
    n: 18,
    sideways: true,
    onward: true,
    tag_rush: [7, 6],
    promotions: &['q', 'r', 'b', 'n', 'e', 'a', 'u', 'w'],
    momentum: true,
};

/// Conquest of Tlalocan: Nineteen's rules on 24×24 with the Centaur (C), Serpent (S),
/// Shaman (H), Scout (O) and Grenadier (G), whose moves below are only this variant's.
pub const TLALOCAN: Variant = Variant {
    n: 24,
    sideways: true,
    onward: true,
    tag_rush: [10, 9],
    promotions: &[
        'q', 'r', 'b', 'n', 'e', 'a', 'u', 'w', 'c', 's', 'h', 'o', 'g',
    ],
    momentum: false,
};

#[derive(Clone)]
pub struct Board {
    pub v: Variant,
    pub cells: Vec<Option<char>>,
    pub tags: Vec<bool>,
}

/// The board of `fen` and whether White is to move.
pub fn parse(v: Variant, fen: &str) -> (Board, bool) {
    let n = v.n;
    let mut b = Board {
        v,
        cells: vec![None; n * n],
        tags: vec![false; n * n],
    };
    let mut parts = fen.split(' ');
    for (r, row) in parts.next().unwrap().split('/').enumerate() {
        let (mut f, mut digits) = (0, 0usize);
        // The files write their two Star kinds `*T` and `*D`: a Star either way.
        let row = row.replace("*T", "*").replace("*D", "*");
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                digits = digits * 10 + d as usize;
                continue;
            }
            f += digits;
            digits = 0;
            if ch == '^' {
                b.tags[(n - 1 - r) * n + f - 1] = true;
                continue;
            }
            if ch == '&' {
                // A castling tag: castling is not modelled.
                continue;
            }
            b.cells[(n - 1 - r) * n + f] = Some(ch);
            f += 1;
        }
    }
    (b, parts.next() == Some("w"))
}

impl Board {
    fn name(&self, c: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (c % self.v.n) as u8) as char,
            c / self.v.n + 1
        )
    }

    fn offset(&self, c: usize, dx: i32, dy: i32) -> Option<usize> {
        let n = self.v.n as i32;
        let (x, y) = ((c % self.v.n) as i32 + dx, (c / self.v.n) as i32 + dy);
        ((0..n).contains(&x) && (0..n).contains(&y)).then(|| (y * n + x) as usize)
    }

    /// The rank of `c` counted from side `w`'s first rank (0-based).
    fn rel_rank(&self, c: usize, w: bool) -> usize {
        let r = c / self.v.n;
        if w {
            r
        } else {
            self.v.n - 1 - r
        }
    }
}

fn white(p: char) -> bool {
    p.is_ascii_uppercase()
}

fn kind(p: char) -> char {
    p.to_ascii_uppercase()
}

/// `q` is a piece of the other side than `w` (a Star is nobody's).
fn foe(q: char, w: bool) -> bool {
    q != '*' && white(q) != w
}

fn friend(q: char, w: bool) -> bool {
    q != '*' && white(q) == w
}

/// Whether a piece of `kind` may take `q` (a Pyramid never takes a King).
fn may_take(kind: char, q: char) -> bool {
    kind != 'A' || self::kind(q) != 'K'
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum End {
    Quiet,
    Capture,
    Activate,
    /// A Shaman's capture chain: `m` enemies taken on the leaps `(dx, dy)`, `2(dx, dy)`,
    /// ..., the last one landed on.
    Chain(i32, i32, i32),
    /// A Shaman's capture chain of `m` enemies, then the own piece one leap further
    /// activated.
    ChainActivate(i32, i32, i32),
}

/// A move: the chain of cells (start, then each ply's end), a promotion letter, and
/// the cells of the enemies a Shaman's capture chain takes before its last.
pub type Move = (Vec<usize>, Option<char>, Vec<usize>);

/// The most plies of a move (the game's default `cascade-plies`; a chain holds one
/// cell more).
pub const PLIES: usize = 4;

/// Pseudo-legal moves. Passive Waves and Pyramids (Mayan Ascendancy on) and the Stars
/// start no move; an
/// activated piece walks from its cell on the board as the cascade leaves it (the
/// activator on its cell), a Wave with its activator's moves, never capturing nor
/// activating a Pyramid; a ply
/// never ends where a piece of the cascade now stands, but with momentum may activate
/// it again unless a Wave (Miranda's Veil, "Reactivating pieces"); a move has at most
/// [`PLIES`]. A
/// Pawn that ends its own ply on the last rank promotes (to any piece but Pawn, King
/// and Star), also when that ply activates. Moves that do the same are one.
pub fn moves(b: &Board, w: bool) -> Vec<Move> {
    let plies = PLIES;
    let mut out = Vec::new();
    for from in 0..b.cells.len() {
        let Some(p) = b.cells[from] else { continue };
        if !friend(p, w) || matches!(kind(p), 'A' | 'W') {
            continue;
        }
        let mut after = b.clone();
        after.cells[from] = None;
        for (to, end) in ends(b, kind(p), w, from, false) {
            let promotes = kind(p) == 'P' && b.rel_rank(to, w) == b.v.n - 1;
            if end == End::Activate {
                // A Pawn that activates on its last rank promotes there (its own ply's
                // promotion); the piece it activates walks with the Pawn's moves if a
                // Wave.
                let promos: Vec<Option<char>> = if promotes {
                    b.v.promotions.iter().map(|&c| Some(c)).collect()
                } else {
                    vec![None]
                };
                // The momentum it gathered: the steps of its ply.
                let momentum = b.v.momentum.then(|| steps(b, kind(p), from, to));
                for promo in promos {
                    let walked = (kind(p), white(p));
                    let chain = vec![from, to];
                    cascade(
                        &mut after,
                        (chain, plies),
                        p,
                        walked,
                        (promo, momentum),
                        &[],
                        &mut out,
                    );
                }
            } else if let End::ChainActivate(dx, dy, m) = end {
                let taken: Vec<usize> = (1..=m)
                    .map(|k| b.offset(from, k * dx, k * dy).unwrap())
                    .collect();
                let mut cleared = after.clone();
                for &c in &taken {
                    cleared.cells[c] = None;
                }
                let walked = (kind(p), white(p));
                let momentum = b.v.momentum.then(|| steps(b, kind(p), from, to));
                cascade(
                    &mut cleared,
                    (vec![from, to], plies),
                    p,
                    walked,
                    (None, momentum),
                    &taken,
                    &mut out,
                );
            } else if promotes {
                out.extend(
                    b.v.promotions
                        .iter()
                        .map(|&c| (vec![from, to], Some(c), vec![])),
                );
            } else if let End::Chain(dx, dy, m) = end {
                let taken = (1..m)
                    .map(|k| b.offset(from, k * dx, k * dy).unwrap())
                    .collect();
                out.push((vec![from, to], None, taken));
            } else {
                out.push((vec![from, to], None, vec![]));
            }
        }
        if kind(p) == 'H' {
            let mut activated = Vec::new();
            shaman_divergences(b, w, from, &mut out, &mut activated);
            // An own Wave a divergence reaches, activated (no momentum counted here),
            // the pieces taken before the divergence gone.
            for (v, taken) in activated {
                let mut after = b.clone();
                after.cells[from] = None;
                for &c in &taken {
                    after.cells[c] = None;
                }
                cascade(
                    &mut after,
                    (vec![from, v], plies),
                    p,
                    ('H', w),
                    (None, None),
                    &taken,
                    &mut out,
                );
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The steps of a ply of a piece walking with the moves of `kind` from `from` to `to`,
/// which the brute force reaches by one straight line or one leap (the variants with
/// momentum here have no divergence): one per cell for the riders, the Pawn, the King;
/// one per leap for the Knight, the Unicorn and the Pegasus.
pub fn steps(b: &Board, kind: char, from: usize, to: usize) -> usize {
    let n = b.v.n as i32;
    let (dx, dy) = (
        (to as i32 % n - from as i32 % n).abs(),
        (to as i32 / n - from as i32 / n).abs(),
    );
    match kind {
        'N' | 'U' => 1,
        'E' => dx.max(dy) as usize / 2,
        _ => dx.max(dy) as usize,
    }
}

/// The cascades of the piece activated on `chain`'s last cell by `activator`, which
/// walked the patterns of `walked.0` for the side `walked.1` (white), with the
/// momentum it received (`None`: the variant has none), of at most `plies` plies.
fn cascade(
    b: &mut Board,
    (chain, plies): (Vec<usize>, usize),
    activator: char,
    (walk_as, walk_white): (char, bool),
    (promo, momentum): (Option<char>, Option<usize>),
    taken: &[usize],
    out: &mut Vec<Move>,
) {
    let at = *chain.last().unwrap();
    let piece = b.cells[at].unwrap();
    if kind(piece) == 'H' && kind(activator) == 'H' {
        // Entranced: its trance-journey, or its removal (a ply back onto its cell).
        let (fields, removed) = tlalocan::journey(b, white(piece), at, !white(activator));
        for to in fields.into_iter().chain(removed.then_some(at)) {
            let mut longer = chain.clone();
            longer.push(to);
            out.push((longer, promo, taken.to_vec()));
        }
        return;
    }
    let relay = kind(piece) == 'W';
    let walk = if relay { walk_as } else { kind(piece) };
    let walk_w = if relay { walk_white } else { white(piece) };
    b.cells[at] = Some(activator);
    let ends = if relay && b.v.onward {
        wave_ends(b, (walk, walk_w), white(piece), at)
    } else {
        ends(b, walk, white(piece), at, relay)
    };
    // An activated Shaman diverges too, from a Shaman its ply reaches, with the steps
    // it took itself (docs/language.md: an activated ply captures nothing in passing,
    // so only the divergences that take nothing on the way).
    let (mut diverging, mut activated) = (Vec::new(), Vec::new());
    if !relay && kind(piece) == 'H' {
        tlalocan::shaman_divergences(b, white(piece), at, &mut diverging, &mut activated);
    }
    let ends = ends
        .into_iter()
        .chain(
            diverging
                .into_iter()
                .filter(|(_, _, taken)| taken.is_empty())
                .map(|(chain, _, _)| (chain[1], End::Quiet)),
        )
        .chain(
            activated
                .into_iter()
                .filter(|(_, taken)| taken.is_empty())
                .map(|(v, _)| (v, End::Activate)),
        );
    for (to, end) in ends {
        // A Wave never activates a Pyramid (book: "Wave cannot activate Pyramid").
        let pyramid = b.cells[to].is_some_and(|q| kind(q) == 'A');
        // A piece that moved in the cascade stands where it went: with momentum it
        // may be activated again there (but a Wave, which spends none), never landed
        // on.
        let again = end == End::Activate
            && momentum.is_some()
            && to != at
            && b.cells[to].is_some_and(|q| kind(q) != 'W');
        if (chain[1..].contains(&to) && !again) || (relay && end == End::Activate && pyramid) {
            continue;
        }
        // A piece but a Wave moves at most the momentum it received, and hands on
        // the rest; a Wave hands on all of it.
        let left = match momentum {
            Some(m) if !relay => match m.checked_sub(steps(b, walk, at, to)) {
                Some(left) => Some(left),
                None => continue,
            },
            m => m,
        };
        let mut longer = chain.clone();
        longer.push(to);
        match end {
            End::Activate if longer.len() <= plies => cascade(
                b,
                (longer, plies),
                piece,
                (walk, walk_w),
                (promo, left),
                taken,
                out,
            ),
            End::Activate => {}
            // An activated ply captures nothing in passing (docs/language.md).
            End::ChainActivate(..) => {}
            _ => out.push((longer, promo, taken.to_vec())),
        }
    }
    b.cells[at] = Some(piece);
}

/// The board after `m`, ply by ply: the piece in the air lands on the next cell of
/// the chain, whose piece takes off (a piece activated again moves from where it
/// went); every cell of the chain untagged.
pub fn apply(b: &Board, (chain, promo, taken): &Move) -> Board {
    let mut a = b.clone();
    let mut air = b.cells[chain[0]];
    if let Some(c) = promo {
        let white_moved = white(air.unwrap());
        air = Some(if white_moved {
            c.to_ascii_uppercase()
        } else {
            *c
        });
    }
    a.cells[chain[0]] = None;
    let last = chain.len() - 1;
    for i in 1..=last {
        if i < last {
            air = std::mem::replace(&mut a.cells[chain[i]], air);
        } else if i == 1 || chain[i] != chain[i - 1] {
            // A later ply back onto its own cell removes its piece (an entranced
            // Shaman's oblation); a first ply back to its start (a divergence's way
            // back) is a move like another.
            a.cells[chain[i]] = air;
        }
    }
    for &c in chain {
        a.tags[c] = false;
    }
    for &c in taken {
        a.cells[c] = None;
        a.tags[c] = false;
    }
    a
}

fn king(b: &Board, w: bool) -> Option<usize> {
    b.cells
        .iter()
        .position(|&c| c == Some(if w { 'K' } else { 'k' }))
}

/// Legal moves: after the whole cascade, no reply (cascades included) takes the King
/// (a reply takes it when its last ply ends on it or its capture chain passes it).
pub fn legal_moves(b: &Board, w: bool) -> Vec<Move> {
    moves(b, w)
        .into_iter()
        .filter(|m| {
            let after = apply(b, m);
            let Some(k) = king(&after, w) else {
                return false;
            };
            !moves(&after, !w)
                .iter()
                .any(|(chain, _, taken)| chain.last() == Some(&k) || taken.contains(&k))
        })
        .collect()
}

pub fn perft(b: &Board, w: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(b, w);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&apply(b, m), !w, depth - 1))
        .sum()
}

/// `m` in the library's notation: UCI, then `x` and each cell a capture chain took
/// before its last (in cell order, a1 first, as the library writes them), the promotion's letter, `>` and each later ply's end.
pub fn text(b: &Board, (chain, promo, taken): &Move) -> String {
    let mut s = format!("{}{}", b.name(chain[0]), b.name(chain[1]));
    let mut taken = taken.clone();
    taken.sort_unstable();
    for c in taken {
        s.push('x');
        s.push_str(&b.name(c));
    }
    if let Some(c) = promo {
        s.push(*c);
    }
    for &c in &chain[2..] {
        s.push('>');
        s.push_str(&b.name(c));
    }
    s
}

/// The legal moves of `fen` in the library's notation, sorted.
pub fn legal(v: Variant, fen: &str) -> Vec<String> {
    let (b, w) = parse(v, fen);
    let mut out: Vec<String> = legal_moves(&b, w).iter().map(|m| text(&b, m)).collect();
    out.sort();
    out
}

/// Perft of `fen` to `depth`.
pub fn perft_of(v: Variant, fen: &str, depth: u32) -> u64 {
    let (b, w) = parse(v, fen);
    perft(&b, w, depth)
}
