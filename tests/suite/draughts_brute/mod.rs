//! An independent brute force of the draughts family on an n×n board (plain Rust, not
//! the engine), for the perft of games without published figures. Cells are
//! `y * n + x`, y = 0 the first side's back rank; 1/2 a first-side man/king, -1/-2 the
//! second side's. Moves with the same start, destination, pieces taken and final kind
//! are one move. The rules are switches ([`Rules`]), each read from the games' rule
//! texts: Russian (`most`: false, `crown_in_chain`: true), Brazilian or Canadian
//! (`most`: true), Pool, Spanish, Turkish, Italian, Czech and Frisian. Shared by
//! `draughts.rs` and `draughts_quality.rs`, each using part of it, hence `dead_code`.

#![allow(dead_code)]

#[derive(Clone)]
pub struct Board {
    n: i8,
    cells: Vec<i8>,
}

impl Board {
    /// The start: `rows` rows of men on the dark cells (a1 dark) each side.
    pub fn start(n: i8, rows: i8) -> Board {
        let mut b = Board {
            n,
            cells: vec![0; (n as usize) * (n as usize)],
        };
        for y in 0..n {
            for x in 0..n {
                if (x + y) % 2 == 0 {
                    if y < rows {
                        b.set(x, y, 1);
                    } else if y >= n - rows {
                        b.set(x, y, -1);
                    }
                }
            }
        }
        b
    }

    fn at(&self, x: i8, y: i8) -> i8 {
        self.cells[y as usize * self.n as usize + x as usize]
    }

    /// Puts `v` on (x, y).
    pub fn put(&mut self, x: i8, y: i8, v: i8) {
        self.set(x, y, v);
    }

    fn set(&mut self, x: i8, y: i8, v: i8) {
        self.cells[y as usize * self.n as usize + x as usize] = v;
    }

    fn on(&self, x: i8, y: i8) -> bool {
        (0..self.n).contains(&x) && (0..self.n).contains(&y)
    }
}

#[derive(Clone, PartialEq)]
pub struct Move {
    from: (i8, i8),
    to: (i8, i8),
    /// The cells taken, sorted.
    taken: Vec<(i8, i8)>,
    /// The cells taken in the chain's order.
    order: Vec<(i8, i8)>,
    /// The kings among them.
    kings: usize,
    /// The moving piece (before crowning).
    mover: i8,
    piece: i8,
}

impl Move {
    fn same(&self, o: &Move) -> bool {
        self.from == o.from && self.to == o.to && self.taken == o.taken && self.piece == o.piece
    }
}

/// The rules of one game.
#[derive(Default)]
pub struct Rules {
    /// Take the most pieces (Frisian: the most value).
    pub most: bool,
    pub crown_in_chain: bool,
    /// Men capture backwards too.
    pub men_back: bool,
    /// Turkish: orthogonal moves (men forward and sideways), a piece jumped
    /// removed at once, no capture straight back.
    pub turkish: bool,
    /// Kings step one square (Italian, English) instead of flying.
    pub short_kings: bool,
    /// Men may not take kings (Italian).
    pub men_spare_kings: bool,
    /// Italian quality rules after the most pieces: a king's capture, then the most
    /// kings, then a king taken earliest.
    pub italian: bool,
    /// A king's capture first (Czech: before anything; Frisian: after the value).
    pub king_first: bool,
    /// Frisian: captures orthogonally too (over a piece two cells away, to two cells
    /// beyond; kings fly in steps of two), value: a king less than two men, more than
    /// one.
    pub frisian: bool,
}

const DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTHO: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The directions (as steps) a piece (man or king) of `side` moves or captures in.
fn dirs(r: &Rules, piece: i8, side: i8, capture: bool) -> Vec<(i8, i8)> {
    let king = piece.abs() == 2;
    if r.turkish {
        return ORTHO
            .into_iter()
            .filter(|&(dx, dy)| king || dy == side || (dy == 0 && dx != 0))
            .collect();
    }
    let mut out: Vec<(i8, i8)> = DIRS
        .into_iter()
        .filter(|&(_, dy)| king || dy == side || (capture && r.men_back))
        .collect();
    if r.frisian && capture {
        out.extend(ORTHO.iter().map(|&(dx, dy)| (2 * dx, 2 * dy)));
    }
    out
}

/// What every step of one piece's chains shares.
struct Chain<'a> {
    r: &'a Rules,
    b: &'a Board,
    side: i8,
    from: (i8, i8),
    mover: i8,
}

impl Chain<'_> {
    fn empty(&self, x: i8, y: i8, taken: &[(i8, i8)]) -> bool {
        (x, y) == self.from
            || (self.b.at(x, y) == 0 && !taken.contains(&(x, y)))
            || (self.r.turkish && taken.contains(&(x, y)))
    }

    fn foe(&self, x: i8, y: i8, taken: &[(i8, i8)], piece: i8) -> bool {
        let v = self.b.at(x, y);
        (x, y) != self.from
            && v * self.side < 0
            && !taken.contains(&(x, y))
            && !(self.r.men_spare_kings && piece.abs() == 1 && v.abs() == 2)
    }

    /// Whether `piece` on `at`, having come in direction `came` and taken `taken`, can
    /// capture again.
    fn can_capture(&self, at: (i8, i8), piece: i8, came: (i8, i8), taken: &[(i8, i8)]) -> bool {
        let b = self.b;
        let flies = piece.abs() == 2 && !self.r.short_kings;
        dirs(self.r, piece, self.side, true)
            .into_iter()
            .filter(|&(dx, dy)| !(self.r.turkish && (dx, dy) == (-came.0, -came.1)))
            .any(|(dx, dy)| {
                let (mut x, mut y) = (at.0 + dx, at.1 + dy);
                if flies {
                    while b.on(x, y) && self.empty(x, y, taken) {
                        x += dx;
                        y += dy;
                    }
                }
                b.on(x, y)
                    && self.foe(x, y, taken, piece)
                    && b.on(x + dx, y + dy)
                    && self.empty(x + dx, y + dy, taken)
            })
    }

    fn captures(
        &self,
        at: (i8, i8),
        piece: i8,
        came: Option<(i8, i8)>,
        taken: &mut Vec<(i8, i8)>,
        out: &mut Vec<Move>,
    ) {
        let (b, side) = (self.b, self.side);
        let last = if side == 1 { b.n - 1 } else { 0 };
        let king = piece.abs() == 2;
        let flies = king && !self.r.short_kings;
        let mut any = false;
        for (dx, dy) in dirs(self.r, piece, side, true) {
            if self.r.turkish && came == Some((-dx, -dy)) {
                continue;
            }
            let (mut x, mut y) = (at.0 + dx, at.1 + dy);
            if flies {
                while b.on(x, y) && self.empty(x, y, taken) {
                    x += dx;
                    y += dy;
                }
            }
            if !b.on(x, y) || !self.foe(x, y, taken, piece) {
                continue;
            }
            let victim = (x, y);
            let mut landings = Vec::new();
            let (mut lx, mut ly) = (x + dx, y + dy);
            while b.on(lx, ly) && self.empty(lx, ly, taken) {
                let crowned = !king && self.r.crown_in_chain && ly == last;
                let p = if crowned { 2 * side } else { piece };
                landings.push(((lx, ly), p));
                if !flies {
                    break;
                }
                lx += dx;
                ly += dy;
            }
            // Landings from which the capture goes on are compulsory.
            taken.push(victim);
            let on: Vec<bool> = landings
                .iter()
                .map(|&(l, p)| self.can_capture(l, p, (dx, dy), taken))
                .collect();
            let any_on = on.contains(&true);
            for (i, &(l, p)) in landings.iter().enumerate() {
                if any_on && !on[i] {
                    continue;
                }
                any = true;
                self.captures(l, p, Some((dx, dy)), taken, out);
            }
            taken.pop();
        }
        if !any && !taken.is_empty() {
            let mut t = taken.clone();
            t.sort();
            let p = if piece.abs() == 1 && at.1 == last {
                2 * side
            } else {
                piece
            };
            let kings = taken
                .iter()
                .filter(|&&(x, y)| b.at(x, y).abs() == 2)
                .count();
            let m = Move {
                from: self.from,
                to: at,
                taken: t,
                order: taken.clone(),
                kings,
                mover: self.mover,
                piece: p,
            };
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }
}

/// Keeps the moves of `ms` whose `key` is the greatest.
fn keep_best<K: Ord + Copy>(ms: &mut Vec<Move>, key: impl Fn(&Move) -> K) {
    if let Some(best) = ms.iter().map(&key).max() {
        ms.retain(|m| key(m) == best);
    }
}

pub fn moves(r: &Rules, b: &Board, side: i8) -> Vec<Move> {
    let mut caps = Vec::new();
    let mut quiet = Vec::new();
    let last = if side == 1 { b.n - 1 } else { 0 };
    for y in 0..b.n {
        for x in 0..b.n {
            let p = b.at(x, y);
            if p * side <= 0 {
                continue;
            }
            let chain = Chain {
                r,
                b,
                side,
                from: (x, y),
                mover: p,
            };
            chain.captures((x, y), p, None, &mut Vec::new(), &mut caps);
            for (dx, dy) in dirs(r, p, side, false) {
                let (mut tx, mut ty) = (x + dx, y + dy);
                while b.on(tx, ty) && b.at(tx, ty) == 0 {
                    let piece = if p.abs() == 1 && ty == last {
                        2 * side
                    } else {
                        p
                    };
                    quiet.push(Move {
                        from: (x, y),
                        to: (tx, ty),
                        taken: Vec::new(),
                        order: Vec::new(),
                        kings: 0,
                        mover: p,
                        piece,
                    });
                    if p.abs() == 1 || r.short_kings {
                        break;
                    }
                    tx += dx;
                    ty += dy;
                }
            }
        }
    }
    if caps.is_empty() {
        return quiet;
    }
    let by_king = |m: &Move| m.mover.abs() == 2;
    if r.king_first && !r.most {
        keep_best(&mut caps, by_king);
    }
    if r.most && r.frisian {
        // A king is worth less than two men and more than one: the most men plus twice
        // the kings, then the fewest kings.
        keep_best(&mut caps, |m| {
            (m.taken.len() + m.kings, std::cmp::Reverse(m.kings))
        });
    } else if r.most {
        keep_best(&mut caps, |m| m.taken.len());
    }
    if r.king_first && r.most {
        keep_best(&mut caps, by_king);
    }
    if r.italian {
        keep_best(&mut caps, by_king);
        keep_best(&mut caps, |m| m.kings);
        keep_best(&mut caps, |m| {
            let first = m.order.iter().position(|&(x, y)| b.at(x, y).abs() == 2);
            std::cmp::Reverse(first.unwrap_or(usize::MAX))
        });
    }
    let mut out: Vec<Move> = Vec::new();
    for m in caps {
        if !out.iter().any(|o| o.same(&m)) {
            out.push(m);
        }
    }
    out
}

impl Board {
    /// Plays `m`.
    pub fn play(&mut self, m: &Move) {
        self.set(m.from.0, m.from.1, 0);
        for &(x, y) in &m.taken {
            self.set(x, y, 0);
        }
        self.set(m.to.0, m.to.1, m.piece);
    }

    /// The position as a FEN (men `M`/`m`, kings `K`/`k`), `side` to move; with
    /// `mirror`, files reversed (a game played with a1 light).
    pub fn fen(&self, side: i8, mirror: bool) -> String {
        let mut ranks = Vec::new();
        for y in (0..self.n).rev() {
            let (mut s, mut empty) = (String::new(), 0);
            for i in 0..self.n {
                let x = if mirror { self.n - 1 - i } else { i };
                let c = match self.at(x, y) {
                    1 => 'M',
                    2 => 'K',
                    -1 => 'm',
                    -2 => 'k',
                    _ => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                s.push(c);
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            ranks.push(s);
        }
        let side = if side == 1 { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", ranks.join("/"))
    }
}

pub fn perft(r: &Rules, b: &mut Board, side: i8, depth: u32) -> u64 {
    let ms = moves(r, b, side);
    if depth == 1 {
        return ms.len() as u64;
    }
    let mut n = 0;
    for m in &ms {
        let saved = b.clone();
        b.play(m);
        n += perft(r, b, -side, depth - 1);
        *b = saved;
    }
    n
}

/// The 8×8 start with three rows each.
pub fn start() -> Board {
    Board::start(8, 3)
}
