//! An independent move generator for the shipped Croatian variants (`rules/croatian-ties`,
//! `-mayan`, `-miranda`, `-nineteen` and `-tlalocan.rules`), written from the book's rules
//! as the files cover them (their headers), for the tests to compare the library's legal
//! moves and perft with. Castling and en passant are not modelled: the tests keep them out of
//! reach. Boards are `n`×`n`, a1 = 0, b1 = 1, ...; pieces are FEN letters, `*` a Star
//! (no side's; a wall), `^` after a Pawn its rush tag (`&`, a King's or Rook's castling
//! tag, is read and left alone).
//!
//! Each test crate that includes it uses part of it, hence `dead_code`.

#![allow(dead_code)]

mod tlalocan;
mod wave;
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

const ORTHO: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The 8 images of `(a, b)` under the square's symmetries.
fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !v.contains(&(x * sx, y * sy)) {
                v.push((x * sx, y * sy));
            }
        }
    }
    v
}

fn long_leaps() -> Vec<(i32, i32)> {
    images(1, 4).into_iter().chain(images(2, 3)).collect()
}

/// Where a piece lands on a cell, into the ends of its ply.
type Lands<'a> = &'a dyn Fn(usize, &mut Vec<(usize, End)>);

/// A rider diverging from own Shamans (see [`ends`]).
struct Diverging<'a> {
    b: &'a Board,
    w: bool,
    from: usize,
    lines: &'a [(i32, i32)],
    land: Lands<'a>,
}

impl Diverging<'_> {
    /// From the own Shaman on `at` with `left` momentum, `times` divergences at most:
    /// rides in every line, at most `left` steps, over empty cells and the cells it
    /// came by (its start cell empty), landing or capturing (never activating); an own
    /// Shaman met with momentum left diverges again with what is left.
    fn diverge(&self, at: usize, left: usize, times: usize, out: &mut Vec<(usize, End)>) {
        let b = self.b;
        for &(ex, ey) in self.lines {
            let mut u = at;
            for used in 1..=left {
                let Some(v) = b.offset(u, ex, ey) else { break };
                if v == self.from {
                    out.push((v, End::Quiet));
                    u = v;
                    continue;
                }
                (self.land)(v, out);
                if times > 1
                    && used < left
                    && b.cells[v].is_some_and(|q| friend(q, self.w) && kind(q) == 'H')
                {
                    self.diverge(v, left - used, times - 1, out);
                }
                if b.cells[v].is_some() {
                    break;
                }
                u = v;
            }
        }
    }
}

/// Whether `c` is a light cell (a1 is dark).
fn light(b: &Board, c: usize) -> bool {
    (c % b.v.n + c / b.v.n) % 2 == 1
}

/// The ends of one ply walked with the moves of `kind` by a piece of side `w` on
/// `from` (an activated Wave walks with its activator's kind and its own side, never
/// capturing: `move_only`):
/// - every piece may end on an own Wave or Pyramid, activating it, and captures an
///   enemy where it lands (a Pyramid never takes a King); a Pawn activates Waves on its
///   step cells and Waves and Pyramids on its capture cells, and captures only
///   diagonally; nobody lands on a Star or passes it;
/// - riders (Queen, Rook, Bishop, Pegasus, Pyramid) may also pass over any Waves in a
///   straight line, then land on an empty cell or capture an enemy (a Wave too) behind
///   them, without activating there;
/// - a Queen, Rook, Bishop or Pegasus whose line of empty cells reaches an own Shaman
///   may diverge there: one more ride in any of its lines from the Shaman's cell, of at
///   most as many steps as it took to reach the Shaman (its momentum), over empty
///   cells and the cells it came by (its start cell among them, then empty), landing or
///   capturing (never activating), stopped by any piece; an own Shaman met there with
///   momentum left diverges once more with what is left;
/// - a Pawn rushes 2 cells or more (see [`Variant`]) over empty cells and Waves, ending
///   on an empty cell or activating an own Wave; in Nineteen on it also steps sideways;
/// - the Unicorn leaps as a Knight from a cell of its side's colour (light for White,
///   dark for Black; a1 is dark), (1,4) or (2,3) from the other;
/// - of Tlalocan's pieces, the Shaman activates an own Wave on its step leaps and an
///   own Wave or Pyramid on its first capture leap or one leap past its capture chain,
///   the Serpent an own Wave or Pyramid
///   on its diagonal step-fields, the Centaur an own Wave or Pyramid on any jump; the
///   Scout and the Grenadier activate nothing (see their functions).
fn ends(b: &Board, kind: char, w: bool, from: usize, move_only: bool) -> Vec<(usize, End)> {
    let mut out = Vec::new();
    let land = |t: usize, acts: &[char], out: &mut Vec<(usize, End)>| match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if foe(q, w) => {
            if !move_only && may_take(kind, q) {
                out.push((t, End::Capture));
            }
        }
        Some(q) if friend(q, w) && acts.contains(&self::kind(q)) => out.push((t, End::Activate)),
        Some(_) => {}
    };
    let both = ['W', 'A'];
    let diverges = matches!(kind, 'Q' | 'R' | 'B' | 'E');
    let lines: Vec<(i32, i32)> = match kind {
        'R' | 'A' => ORTHO.to_vec(),
        'B' => DIAG.to_vec(),
        'E' => images(1, 2),
        _ => ORTHO.iter().chain(&DIAG).copied().collect(),
    };
    let land_plain = |t: usize, out: &mut Vec<(usize, End)>| land(t, &[], out);
    let rider = Diverging {
        b,
        w,
        from,
        lines: &lines,
        land: &land_plain,
    };
    let diverge = |at: usize, left: usize, times: usize, out: &mut Vec<(usize, End)>| {
        rider.diverge(at, left, times, out)
    };
    let ride = |dirs: &[(i32, i32)], max: usize, out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in dirs {
            let mut c = from;
            let mut path = vec![from];
            for _ in 0..max {
                let Some(t) = b.offset(c, dx, dy) else { break };
                land(t, &both, out);
                if diverges && b.cells[t].is_some_and(|q| friend(q, w) && self::kind(q) == 'H') {
                    // The momentum it had there: the steps taken, spent by every step
                    // after; a second own Shaman met with some left diverges again.
                    let momentum = path.len();
                    diverge(t, momentum, 2, out);
                }
                if b.cells[t].is_some() {
                    break;
                }
                path.push(t);
                c = t;
            }
            if max == 1 {
                continue;
            }
            // Transparent: past the first Wave met, then on over empty cells and Waves.
            let mut c = from;
            let mut passed = false;
            while let Some(t) = b.offset(c, dx, dy) {
                c = t;
                match b.cells[t] {
                    None if passed => out.push((t, End::Quiet)),
                    None => {}
                    Some(q) if self::kind(q) == 'W' => {
                        if passed && foe(q, w) && !move_only {
                            out.push((t, End::Capture));
                        }
                        passed = true;
                    }
                    Some(q) => {
                        if passed && foe(q, w) && !move_only && may_take(kind, q) {
                            out.push((t, End::Capture));
                        }
                        break;
                    }
                }
            }
        }
    };
    // A Knight or Unicorn leaping onto an own Shaman leaps once more from there (its
    // one momentum), landing, capturing or activating an own Wave; its start cell
    // is empty then.
    let leap_diverge = |first: &[(i32, i32)], then: &[(i32, i32)], out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in first {
            let Some(t) = b.offset(from, dx, dy) else {
                continue;
            };
            if !b.cells[t].is_some_and(|q| friend(q, w) && self::kind(q) == 'H') {
                continue;
            }
            for &(ex, ey) in then {
                match b.offset(t, ex, ey) {
                    Some(v) if v == from => out.push((v, End::Quiet)),
                    Some(v) => land(v, &['W'], out),
                    None => {}
                }
            }
        }
    };
    let all: Vec<(i32, i32)> = ORTHO.iter().chain(&DIAG).copied().collect();
    match kind {
        'K' => ride(&all, 1, &mut out),
        'Q' => ride(&all, 99, &mut out),
        'R' | 'A' => ride(&ORTHO, 99, &mut out),
        'B' => ride(&DIAG, 99, &mut out),
        'N' => {
            ride(&images(1, 2), 1, &mut out);
            leap_diverge(&images(1, 2), &images(1, 2), &mut out);
        }
        'E' => ride(&images(1, 2), 99, &mut out),
        'U' => {
            // Every leap changes the colour of its cell: a divergence leaps the other way.
            if light(b, from) == w {
                ride(&images(1, 2), 1, &mut out);
                leap_diverge(&images(1, 2), &long_leaps(), &mut out);
            } else {
                ride(&long_leaps(), 1, &mut out);
                leap_diverge(&long_leaps(), &images(1, 2), &mut out);
            }
        }
        'P' => pawn(b, w, from, move_only, &mut out),
        'C' => centaur(b, w, from, &mut out),
        'S' => serpent(b, w, from, &mut out),
        'H' => shaman(b, w, from, &mut out),
        'O' | 'G' => trooper(b, kind, w, from, &mut out),
        _ => {}
    }
    out
}

fn pawn(b: &Board, w: bool, from: usize, move_only: bool, out: &mut Vec<(usize, End)>) {
    let dy = if w { 1 } else { -1 };
    let step = |t: usize, out: &mut Vec<(usize, End)>| match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if friend(q, w) && kind(q) == 'W' => out.push((t, End::Activate)),
        _ => {}
    };
    let mut steps = vec![(0, dy)];
    if b.v.sideways {
        steps.extend([(-1, 0), (1, 0)]);
    }
    for (dx, dy) in steps {
        if let Some(t) = b.offset(from, dx, dy) {
            step(t, out);
        }
    }
    for dx in [-1, 1] {
        if let Some(t) = b.offset(from, dx, dy) {
            match b.cells[t] {
                Some(q) if foe(q, w) && !move_only => out.push((t, End::Capture)),
                Some(q) if friend(q, w) && matches!(kind(q), 'W' | 'A') => {
                    out.push((t, End::Activate))
                }
                _ => {}
            }
        }
    }
    let rank = b.rel_rank(from, w);
    let longest = match rank {
        1 if b.tags[from] => b.v.tag_rush[0],
        2 if b.tags[from] => b.v.tag_rush[1],
        _ => 0,
    };
    // Divergence (Tlalocan, the only variant with Shamans): a step forward, sideways
    // or diagonally forward onto an own Shaman, or a rush of 2 cells or more over
    // empty cells onto one, then one step more from it: forward or sideways onto an
    // empty cell (its start cell is empty then) or an own Wave (activated), or
    // diagonally forward capturing or activating an own Wave (also a Pyramid after a
    // rush: momentum is left).
    let shaman = |t: usize| b.cells[t].is_some_and(|q| friend(q, w) && kind(q) == 'H');
    let diverge = |at: usize, rushed: bool, out: &mut Vec<(usize, End)>| {
        for (dx, ddy) in [(0, dy), (-1, 0), (1, 0)] {
            match b.offset(at, dx, ddy) {
                Some(v) if v == from => out.push((v, End::Quiet)),
                Some(v) => step(v, out),
                None => {}
            }
        }
        for dx in [-1, 1] {
            let Some(v) = b.offset(at, dx, dy) else {
                continue;
            };
            match b.cells[v] {
                Some(q) if v != from && foe(q, w) && !move_only => out.push((v, End::Capture)),
                Some(q) if v != from && friend(q, w) && kind(q) == 'W' => {
                    out.push((v, End::Activate))
                }
                Some(q) if v != from && rushed && friend(q, w) && kind(q) == 'A' => {
                    out.push((v, End::Activate))
                }
                _ => {}
            }
        }
    };
    if b.v.sideways {
        for (dx, ddy) in [(0, dy), (-1, 0), (1, 0), (-1, dy), (1, dy)] {
            if let Some(t) = b.offset(from, dx, ddy).filter(|&t| shaman(t)) {
                diverge(t, false, out);
            }
        }
        let mut c = from;
        for k in 1..=longest {
            let Some(t) = b.offset(c, 0, dy) else { break };
            c = t;
            if k >= 2 && shaman(t) {
                diverge(t, true, out);
            }
            if b.cells[t].is_some() {
                break;
            }
        }
    }
    let mut c = from;
    for k in 1..=longest {
        let Some(t) = b.offset(c, 0, dy) else { break };
        c = t;
        if k >= 2 {
            step(t, out);
        }
        if b.cells[t].is_some_and(|q| kind(q) != 'W') {
            break;
        }
    }
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
