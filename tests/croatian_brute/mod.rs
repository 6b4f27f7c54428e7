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

/// What differs between the variants.
#[derive(Clone, Copy)]
pub struct Variant {
    pub n: usize,
    /// The longest rush, from rank 2, tag or not (0: by tag, see `tag_rush`).
    pub rush: usize,
    /// Pawns step sideways (Nineteen on).
    pub sideways: bool,
    /// Pawns rush by their tag, at most this many cells from rank 2 and from rank 3
    /// (to the end of their own half; Nineteen on), `[0, 0]` before.
    pub tag_rush: [usize; 2],
    /// What a Pawn promotes to on the last rank.
    pub promotions: &'static [char],
}

pub const TIES: Variant = Variant {
    n: 10,
    rush: 3,
    sideways: false,
    tag_rush: [0, 0],
    promotions: &['q', 'r', 'b', 'n', 'e'],
};

pub const MAYAN: Variant = Variant {
    n: 12,
    rush: 4,
    sideways: false,
    tag_rush: [0, 0],
    promotions: &['q', 'r', 'b', 'n', 'e', 'a'],
};

pub const MIRANDA: Variant = Variant {
    n: 16,
    rush: 6,
    sideways: false,
    tag_rush: [0, 0],
    promotions: &['q', 'r', 'b', 'n', 'e', 'a', 'u', 'w'],
};

pub const NINETEEN: Variant = Variant {
    n: 18,
    rush: 0,
    sideways: true,
    tag_rush: [7, 6],
    promotions: &['q', 'r', 'b', 'n', 'e', 'a', 'u', 'w'],
};

/// Conquest of Tlalocan: Nineteen's rules on 24×24 with the Centaur (C), Serpent (S),
/// Shaman (H), Scout (O) and Grenadier (G), whose moves below are only this variant's.
pub const TLALOCAN: Variant = Variant {
    n: 24,
    rush: 0,
    sideways: true,
    tag_rush: [10, 9],
    promotions: &[
        'q', 'r', 'b', 'n', 'e', 'a', 'u', 'w', 'c', 's', 'h', 'o', 'g',
    ],
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
///   may diverge there: one more ride in any of its lines from the Shaman's cell, over
///   empty cells, landing or capturing (never activating), stopped by any piece and by
///   the cells of its path (its start included);
/// - a Pawn rushes 2 cells or more (see [`Variant`]) over empty cells and Waves, ending
///   on an empty cell or activating an own Wave; in Nineteen on it also steps sideways;
/// - the Unicorn leaps as a Knight from a cell of its side's colour (light for White,
///   dark for Black; a1 is dark), (1,4) or (2,3) from the other;
/// - Tlalocan's pieces activate nothing: the Centaur, the Serpent, the Shaman, the
///   Scout and the Grenadier (see their functions).
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
    let ride = |dirs: &[(i32, i32)], max: usize, out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in dirs {
            let mut c = from;
            let mut path = vec![from];
            for _ in 0..max {
                let Some(t) = b.offset(c, dx, dy) else { break };
                land(t, &both, out);
                if diverges && b.cells[t].is_some_and(|q| friend(q, w) && self::kind(q) == 'H') {
                    for &(ex, ey) in dirs {
                        let mut u = t;
                        while let Some(v) = b.offset(u, ex, ey) {
                            if path.contains(&v) {
                                break;
                            }
                            land(v, &[], out);
                            if b.cells[v].is_some() {
                                break;
                            }
                            u = v;
                        }
                    }
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
    let all: Vec<(i32, i32)> = ORTHO.iter().chain(&DIAG).copied().collect();
    match kind {
        'K' => ride(&all, 1, &mut out),
        'Q' => ride(&all, 99, &mut out),
        'R' | 'A' => ride(&ORTHO, 99, &mut out),
        'B' => ride(&DIAG, 99, &mut out),
        'N' => ride(&images(1, 2), 1, &mut out),
        'E' => ride(&images(1, 2), 99, &mut out),
        'U' => {
            if light(b, from) == w {
                ride(&images(1, 2), 1, &mut out);
            } else {
                ride(&long_leaps(), 1, &mut out);
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

/// Where a piece of Tlalocan's that activates nothing may land on `t`: an empty cell,
/// or an enemy (captured).
fn plain(b: &Board, w: bool, t: usize, out: &mut Vec<(usize, End)>) {
    match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if foe(q, w) => out.push((t, End::Capture)),
        Some(_) => {}
    }
}

/// The Centaur: from a cell of its side's colour a Knight's leap, from the other a
/// long leap; or two jumps, the second in the other pair of quadrants than the first
/// (a Knight's leap then a long one from its colour, a long one then a Knight's from
/// the other), over an empty cell between.
fn centaur(b: &Board, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    let own = light(b, from) == w;
    let (first, second) = if own {
        (images(1, 2), long_leaps())
    } else {
        (long_leaps(), images(1, 2))
    };
    for &(dx, dy) in &first {
        let Some(t) = b.offset(from, dx, dy) else {
            continue;
        };
        plain(b, w, t, out);
        if b.cells[t].is_some() {
            continue;
        }
        // Up-right/down-left quadrants (dx·dy > 0) turn into the other pair.
        for &(ex, ey) in &second {
            if (dx * dy > 0) == (ex * ey > 0) {
                continue;
            }
            if let Some(v) = b.offset(t, ex, ey) {
                plain(b, w, v, out);
            }
        }
    }
}

/// The Serpent: 1 to 15 diagonal steps, each after the first on the other diagonal than
/// the one before (either way), through empty cells and Waves, never on a cell twice
/// nor back home, ending on an empty cell or capturing; or one orthogonal step to an
/// empty cell.
fn serpent(b: &Board, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    fn go(
        b: &Board,
        w: bool,
        at: usize,
        dir: (i32, i32),
        steps: usize,
        path: &mut Vec<usize>,
        out: &mut Vec<(usize, End)>,
    ) {
        let Some(t) = b.offset(at, dir.0, dir.1) else {
            return;
        };
        if path.contains(&t) {
            return;
        }
        plain(b, w, t, out);
        if steps == 15 || b.cells[t].is_some_and(|q| kind(q) != 'W') {
            return;
        }
        path.push(t);
        for turn in [(-dir.1, dir.0), (dir.1, -dir.0)] {
            go(b, w, t, turn, steps + 1, path, out);
        }
        path.pop();
    }
    for d in DIAG {
        go(b, w, from, d, 1, &mut vec![from], out);
    }
    for (dx, dy) in ORTHO {
        if let Some(t) = b.offset(from, dx, dy) {
            if b.cells[t].is_none() {
                out.push((t, End::Quiet));
            }
        }
    }
}

/// The Shaman (White's light: Knight's step leaps, long capture leaps; Black's dark:
/// the other way round): a ride of step leaps in one line over empty cells and Waves,
/// landing on the empty ones; or 1 to 6 capture leaps in one line, each onto an enemy,
/// ending on the last; or a first capture leap onto any Shaman (which stays), diverging
/// into one more capture leap onto an enemy, never back home.
fn shaman(b: &Board, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    let (steps, captures) = if w {
        (images(1, 2), long_leaps())
    } else {
        (long_leaps(), images(1, 2))
    };
    for &(dx, dy) in &steps {
        let mut c = from;
        while let Some(t) = b.offset(c, dx, dy) {
            match b.cells[t] {
                None => out.push((t, End::Quiet)),
                Some(q) if kind(q) == 'W' => {}
                Some(_) => break,
            }
            c = t;
        }
    }
    for &(dx, dy) in &captures {
        let Some(first) = b.offset(from, dx, dy) else {
            continue;
        };
        if b.cells[first].is_some_and(|q| kind(q) == 'H') {
            for &(ex, ey) in &captures {
                if let Some(t) = b.offset(first, ex, ey) {
                    if t != from && b.cells[t].is_some_and(|q| foe(q, w)) {
                        out.push((t, End::Capture));
                    }
                }
            }
        }
        let mut c = from;
        for m in 1..=6 {
            let Some(t) = b.offset(c, dx, dy) else { break };
            if !b.cells[t].is_some_and(|q| foe(q, w)) {
                break;
            }
            out.push((
                t,
                if m == 1 {
                    End::Capture
                } else {
                    End::Chain(dx, dy, m)
                },
            ));
            c = t;
        }
    }
}

/// The Scout (O: up to 6 cells forward or sideways to empty cells, a capture one step
/// diagonally back) and the Grenadier (G: up to 4 cells sideways or 3 forward or back
/// to empty cells, a capture on each diagonal neighbour).
fn trooper(b: &Board, kind: char, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    let dy = if w { 1 } else { -1 };
    type Lines = Vec<((i32, i32), usize)>;
    let (lines, captures): (Lines, Vec<(i32, i32)>) = if kind == 'O' {
        (
            vec![((0, dy), 6), ((1, 0), 6), ((-1, 0), 6)],
            vec![(1, -dy), (-1, -dy)],
        )
    } else {
        (
            vec![((1, 0), 4), ((-1, 0), 4), ((0, 1), 3), ((0, -1), 3)],
            DIAG.to_vec(),
        )
    };
    for ((dx, dy), max) in lines {
        let mut c = from;
        for _ in 0..max {
            let Some(t) = b.offset(c, dx, dy) else { break };
            if b.cells[t].is_some() {
                break;
            }
            out.push((t, End::Quiet));
            c = t;
        }
    }
    for (dx, dy) in captures {
        if let Some(t) = b.offset(from, dx, dy) {
            if b.cells[t].is_some_and(|q| foe(q, w)) {
                out.push((t, End::Capture));
            }
        }
    }
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
    let by_tag = b.v.tag_rush != [0, 0];
    let longest = match (by_tag, rank) {
        (false, 1) => b.v.rush,
        (true, 1) if b.tags[from] => b.v.tag_rush[0],
        (true, 2) if b.tags[from] => b.v.tag_rush[1],
        _ => 0,
    };
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

/// Pseudo-legal moves. Passive Waves and Pyramids (Mayan Ascendancy on) and the Stars
/// start no move; an
/// activated piece walks from its cell on the board as the cascade leaves it (the
/// activator on its cell), a Wave with its activator's moves, never capturing nor
/// activating a Pyramid; a ply
/// never ends where a piece of the cascade now stands; a move has at most 4 plies. A
/// Pawn that ends its own ply on the last rank promotes (to any piece but Pawn, King
/// and Star). Moves that do the same are one.
pub fn moves(b: &Board, w: bool) -> Vec<Move> {
    let mut out = Vec::new();
    for from in 0..b.cells.len() {
        let Some(p) = b.cells[from] else { continue };
        if !friend(p, w) || matches!(kind(p), 'A' | 'W') {
            continue;
        }
        let last = b.rel_rank(from, w) + 1 == b.v.n - 1;
        let mut after = b.clone();
        after.cells[from] = None;
        for (to, end) in ends(b, kind(p), w, from, false) {
            let promotes = kind(p) == 'P' && b.rel_rank(to, w) == b.v.n - 1;
            if end == End::Activate {
                assert!(
                    !(kind(p) == 'P' && last),
                    "not modelled: activating on the last rank"
                );
                cascade(&mut after, vec![from, to], p, kind(p), &mut out);
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
    }
    out.sort();
    out.dedup();
    out
}

fn cascade(b: &mut Board, chain: Vec<usize>, activator: char, walk_as: char, out: &mut Vec<Move>) {
    let at = *chain.last().unwrap();
    let piece = b.cells[at].unwrap();
    let relay = kind(piece) == 'W';
    let walk = if relay { walk_as } else { kind(piece) };
    b.cells[at] = Some(activator);
    for (to, end) in ends(b, walk, white(piece), at, relay) {
        // A Wave never activates a Pyramid (book: "Wave cannot activate Pyramid").
        let pyramid = b.cells[to].is_some_and(|q| kind(q) == 'A');
        if chain[1..].contains(&to) || (relay && end == End::Activate && pyramid) {
            continue;
        }
        let mut longer = chain.clone();
        longer.push(to);
        match end {
            End::Activate if longer.len() <= 4 => cascade(b, longer, piece, walk, out),
            End::Activate => {}
            _ => out.push((longer, None, vec![])),
        }
    }
    b.cells[at] = Some(piece);
}

/// The board after `m`: every piece of the cascade moved one link on, and untagged.
pub fn apply(b: &Board, (chain, promo, taken): &Move) -> Board {
    let mut a = b.clone();
    a.cells[chain[0]] = None;
    for i in 0..chain.len() - 1 {
        a.cells[chain[i + 1]] = b.cells[chain[i]];
    }
    for &c in chain {
        a.tags[c] = false;
    }
    for &c in taken {
        a.cells[c] = None;
        a.tags[c] = false;
    }
    if let Some(c) = promo {
        let white_moved = white(b.cells[chain[0]].unwrap());
        a.cells[chain[1]] = Some(if white_moved {
            c.to_ascii_uppercase()
        } else {
            *c
        });
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
/// before its last, `>` and each later ply's end.
pub fn text(b: &Board, (chain, promo, taken): &Move) -> String {
    let mut s = format!("{}{}", b.name(chain[0]), b.name(chain[1]));
    for &c in taken {
        s.push('x');
        s.push_str(&b.name(c));
    }
    for &c in &chain[2..] {
        s.push('>');
        s.push_str(&b.name(c));
    }
    if let Some(c) = promo {
        s.push(*c);
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

/// Whether the side to move in `fen` could take the other side's King (a position the
/// tests leave out).
pub fn takes_king(v: Variant, fen: &str) -> bool {
    let (b, w) = parse(v, fen);
    let Some(k) = king(&b, !w) else { return true };
    moves(&b, w)
        .iter()
        .any(|(chain, _, taken)| chain.last() == Some(&k) || taken.contains(&k))
}

/// How many legal moves of `fen` are a Shaman's chain of two captures or more.
pub fn chains(v: Variant, fen: &str) -> usize {
    let (b, w) = parse(v, fen);
    legal_moves(&b, w)
        .iter()
        .filter(|(_, _, taken)| !taken.is_empty())
        .count()
}

/// How many pieces of the side to move in `fen` stand where a divergence may start: a
/// Queen, Rook, Bishop or Pegasus with an own Shaman on one of its lines, empty between
/// (counted per line), or a Shaman with a Shaman on its first capture leap.
pub fn divergences(v: Variant, fen: &str) -> usize {
    let (b, w) = parse(v, fen);
    let mut count = 0;
    for from in 0..b.cells.len() {
        let Some(p) = b.cells[from].filter(|&p| friend(p, w)) else {
            continue;
        };
        let lines = match kind(p) {
            'Q' => ORTHO.iter().chain(&DIAG).copied().collect(),
            'R' => ORTHO.to_vec(),
            'B' => DIAG.to_vec(),
            'E' => images(1, 2),
            'H' if w => long_leaps(),
            'H' => images(1, 2),
            _ => continue,
        };
        let shaman = |t: usize, own: bool| {
            b.cells[t].is_some_and(|q| kind(q) == 'H' && (!own || friend(q, w)))
        };
        for (dx, dy) in lines {
            if kind(p) == 'H' {
                count += usize::from(b.offset(from, dx, dy).is_some_and(|t| shaman(t, false)));
                continue;
            }
            let mut c = from;
            while let Some(t) = b.offset(c, dx, dy) {
                if b.cells[t].is_some() {
                    count += usize::from(shaman(t, true));
                    break;
                }
                c = t;
            }
        }
    }
    count
}
