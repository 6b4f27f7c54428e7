//! A brute-force move generator for the large shogi games, shared by the tests of Chu,
//! Dai, Wa, Tenjiku and Heian Dai Shogi (tests/suite/large_shogi.rs, dai_shogi.rs,
//! wa_shogi.rs, tenjiku_shogi.rs, heian_dai_shogi.rs): plain Rust over a square array, sharing nothing with the engine
//! (not the table, not the walk, not the game layer). Each test types in its pieces from
//! HaChu's tables as [`Kind`]s (for each direction a step, a range, a limited range, a
//! jump, the Lion's powers) and chooses the board's width, the promotion zone's depth,
//! the promotion rule ([`Promotion`]) and the legality rule ([`Legality`]). Tenjiku's
//! pieces add range jumping by rank, the area move, igui without a move, slides past
//! the adjacent cell, and burning ([`Kind::burns`]: active, and passive on arrival).
//! [`Shogi::with_drops`] adds Shogi's drops (Wa Shogi with drops).

use std::collections::BTreeSet;

/// North, one rank forward from the first side's view.
pub const N_: (i32, i32) = (0, 1);
/// South.
pub const S_: (i32, i32) = (0, -1);
/// East.
pub const E_: (i32, i32) = (1, 0);
/// West.
pub const W_: (i32, i32) = (-1, 0);
/// North-east.
pub const NE: (i32, i32) = (1, 1);
/// North-west.
pub const NW: (i32, i32) = (-1, 1);
/// South-east.
pub const SE: (i32, i32) = (1, -1);
/// South-west.
pub const SW: (i32, i32) = (-1, -1);
/// The four orthogonal directions.
pub const ORTH: [(i32, i32); 4] = [N_, S_, E_, W_];
/// The four diagonal directions.
pub const DIAG: [(i32, i32); 4] = [NE, NW, SE, SW];
/// The eight directions.
pub const ALL: [(i32, i32); 8] = [N_, S_, E_, W_, NE, NW, SE, SW];

/// The directions of `parts`, concatenated.
pub fn cat(parts: &[&[(i32, i32)]]) -> Vec<(i32, i32)> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// How a piece moves, from the first side's view (forward is +y).
#[derive(Default, Clone)]
pub struct Kind {
    /// Its FEN letter as HaChu writes it (uppercase; `+X` promoted, `X'`, `L!`).
    pub letter: &'static str,
    /// One step.
    pub steps: Vec<(i32, i32)>,
    /// Slides without limit.
    pub rides: Vec<(i32, i32)>,
    /// Slides of one or two cells (HaChu's range 2).
    pub twos: Vec<(i32, i32)>,
    /// Slides of up to three cells.
    pub threes: Vec<(i32, i32)>,
    /// Leaps to a fixed offset, over anything.
    pub jumps: Vec<(i32, i32)>,
    /// The Lion's two steps and jumps within two cells.
    pub lion: bool,
    /// Lines with the Lion's power along them (Horned Falcon, Soaring Eagle).
    pub lion_lines: Vec<(i32, i32)>,
    /// What it promotes to (an index into the kinds).
    pub promotes_to: Option<usize>,
    /// On the last `dead` ranks it could never move again ([`Promotion`] says whether it
    /// may or must promote there).
    pub dead: usize,
    /// Its rank for Tenjiku's range jumping: a range jumper jumps only pieces of a
    /// lower rank (King and Prince 4, Great General 3, Vice General 2, Rook and Bishop
    /// Generals 1, the rest 0).
    pub rank: u8,
    /// Lines along which it jumps any number of pieces of lower rank, friends or foes,
    /// to capture beyond them (never to stop on an empty cell past a hurdle).
    pub range_jumps: Vec<(i32, i32)>,
    /// The area move: up to this many king steps that may turn, over empty cells,
    /// stopping at the first capture (the Fire Demon's and Vice General's 3).
    pub area: usize,
    /// Captures an adjacent enemy in any direction without moving (igui).
    pub igui: bool,
    /// Lines along which it passes the adjacent cell, whatever holds it, and slides on
    /// from the second cell: without limit, and (the second list) at most two cells.
    pub skip_rides: Vec<(i32, i32)>,
    /// See `skip_rides`.
    pub skip_twos: Vec<(i32, i32)>,
    /// It burns: the enemies around where it stops (not burners), and an enemy (not a
    /// burner) that ends its own move next to it.
    pub burns: bool,
}

/// When a piece that has a promotion may take it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Promotion {
    /// Chu's: entering the zone, or a capture inside it; on the dead ranks it may promote
    /// (never forced).
    EntryOrCapture,
    /// Shogi's: any move into, inside or out of the zone; on the dead ranks it must.
    Shogi,
}

/// Which moves of the pseudo-legal ones are legal.
#[derive(Clone, PartialEq, Eq)]
pub enum Legality {
    /// Every move, until a side has lost all its royals (no check rule).
    RoyalsOnly,
    /// As `RoyalsOnly`, with Chu's Lion-trading rules: no Lion takes a protected Lion two
    /// cells away without a bridge (a piece not of the letters listed), and after a
    /// non-Lion took a Lion no non-Lion takes a Lion.
    LionTrading {
        /// The letters that are no bridge (Chu: the Pawn and the Go-between).
        no_bridge: Vec<&'static str>,
    },
    /// Shogi's check rule: a move may not leave the mover's royal attacked.
    Check,
}

/// The rules of one game for the generator.
pub struct Rules {
    /// Files and ranks of the square board.
    pub width: usize,
    /// The promotion zone's depth in ranks.
    pub zone: usize,
    /// The kinds (a piece names one by its index).
    pub kinds: Vec<Kind>,
    /// The letters of the royal kinds.
    pub royals: Vec<&'static str>,
    /// When a piece may promote.
    pub promotion: Promotion,
    /// Which moves are legal.
    pub legality: Legality,
}

impl Rules {
    /// Sets each base letter's promotion to `+letter`, and the dead ranks of `(letter,
    /// ranks)`.
    pub fn link(mut kinds: Vec<Kind>, bases: &[&str], dead: &[(&str, usize)]) -> Vec<Kind> {
        let index = |v: &[Kind], l: &str| {
            v.iter()
                .position(|k| k.letter == l)
                .unwrap_or_else(|| panic!("no kind {l}"))
        };
        for base in bases {
            let (b, p) = (index(&kinds, base), index(&kinds, &format!("+{base}")));
            kinds[b].promotes_to = Some(p);
        }
        for &(l, ranks) in dead {
            let i = index(&kinds, l);
            kinds[i].dead = ranks;
        }
        kinds
    }
}

/// A piece: its side (0 first, 1 second) and kind.
pub type Piece = (usize, usize);

/// A position.
#[derive(Clone)]
pub struct Pos {
    /// The cells, `rank * width + file` from a1.
    pub cells: Vec<Option<Piece>>,
    /// The side to move.
    pub side: usize,
    /// The last move took a Lion with a piece that is not one.
    pub lion_taken: bool,
    /// Each side's pieces in hand (kinds, sorted), for games with drops.
    pub hands: [Vec<usize>; 2],
}

/// A move: from, to, the cells captured in passing, and whether it promotes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mv {
    /// The mover's cell.
    pub from: usize,
    /// Where it ends (its own cell for a Lion's igui or pass).
    pub to: usize,
    /// The cells captured on the way.
    pub passing: Vec<usize>,
    /// Whether it promotes.
    pub promote: bool,
    /// The kind dropped from the hand onto `to` (then `from == to`).
    pub dropped: Option<usize>,
}

/// The generator of one game.
pub struct Shogi {
    /// Its rules.
    pub rules: Rules,
    /// With drops: the letter of the pawn (one per file, no mate by its drop).
    pub drops: Option<&'static str>,
}

impl Shogi {
    /// The generator of `rules`.
    pub fn new(rules: Rules) -> Shogi {
        Shogi { rules, drops: None }
    }

    /// The generator of `rules` with Shogi's drops: a captured piece goes to the
    /// captor's hand, demoted, and may be dropped on an empty cell where it could move
    /// again; the piece of letter `pawn` not on a file with an unpromoted one of its
    /// side, nor to mate at once.
    pub fn with_drops(rules: Rules, pawn: &'static str) -> Shogi {
        Shogi {
            rules,
            drops: Some(pawn),
        }
    }

    fn width(&self) -> usize {
        self.rules.width
    }

    /// The kinds.
    pub fn kinds(&self) -> &[Kind] {
        &self.rules.kinds
    }

    /// The kind of `letter` (HaChu's, uppercase).
    pub fn kind(&self, letter: &str) -> usize {
        self.rules
            .kinds
            .iter()
            .position(|k| k.letter == letter)
            .unwrap_or_else(|| panic!("no kind {letter}"))
    }

    /// Whether kind `k` is a Lion (for Chu's trading rules).
    pub fn is_lion(&self, k: usize) -> bool {
        self.rules.kinds[k].lion
    }

    /// Whether kind `k` is royal.
    pub fn is_royal(&self, k: usize) -> bool {
        self.rules.royals.contains(&self.rules.kinds[k].letter)
    }

    /// A cell's name (`a1`, `p16`).
    pub fn name(&self, c: usize) -> String {
        let w = self.width();
        format!("{}{}", (b'a' + (c % w) as u8) as char, c / w + 1)
    }

    /// The board part of a FEN (and the side to move), HaChu's letters.
    pub fn parse(&self, fen: &str) -> Pos {
        // The hand (`[Pp2r]`, `[-]`) after the board, as Fairy-Stockfish writes it.
        let (fen, hand) = match (fen.find('['), fen.find(']')) {
            (Some(a), Some(b)) => (format!("{}{}", &fen[..a], &fen[b + 1..]), &fen[a + 1..b]),
            _ => (fen.to_string(), ""),
        };
        let (board, side) = super::hachu_fen::read(&fen, self.width());
        let cells = board
            .into_iter()
            .map(|piece| piece.map(|(s, letter)| (s, self.kind(&letter))))
            .collect();
        let mut hands = [Vec::new(), Vec::new()];
        let (mut count, chars): (usize, Vec<char>) = (0, hand.chars().collect());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d as usize;
                continue;
            }
            if !c.is_ascii_alphabetic() {
                continue;
            }
            let mut letter = c.to_ascii_uppercase().to_string();
            if matches!(chars.get(i), Some('\'' | '!')) {
                letter.push(chars[i]);
                i += 1;
            }
            let s = usize::from(c.is_ascii_lowercase());
            for _ in 0..count.max(1) {
                hands[s].push(self.kind(&letter));
            }
            count = 0;
        }
        hands.iter_mut().for_each(|h| h.sort());
        Pos {
            cells,
            side,
            lion_taken: false,
            hands,
        }
    }

    /// The move as the engine's UCI writes it (`f5f7xg6+`).
    pub fn uci(&self, m: &Mv) -> String {
        if let Some(k) = m.dropped {
            return format!("{}@{}", self.rules.kinds[k].letter, self.name(m.to));
        }
        let mut s = format!("{}{}", self.name(m.from), self.name(m.to));
        for &c in &m.passing {
            s += &format!("x{}", self.name(c));
        }
        if m.promote {
            s.push('+');
        }
        s
    }

    /// The cell `d` away from `c` from side `s`'s view, if on the board.
    pub fn at(&self, s: usize, c: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let w = self.width() as i32;
        let sign = if s == 0 { 1 } else { -1 };
        let (x, y) = ((c as i32 % w) + dx, (c as i32 / w) + dy * sign);
        (0..w).contains(&x).then_some(())?;
        (0..w).contains(&y).then_some((y * w + x) as usize)
    }

    /// The pseudo-legal moves of the side to move (Chu's counterstrike bar applied),
    /// drops included.
    pub fn pseudo(&self, p: &Pos) -> Vec<Mv> {
        let mut out = self.board_moves(p);
        if self.drops.is_some() {
            self.drop_moves(p, &mut out);
        }
        out
    }

    /// The pseudo-legal moves on the board (no drops: they take nothing).
    fn board_moves(&self, p: &Pos) -> Vec<Mv> {
        let mut out = Vec::new();
        let s = p.side;
        let w = self.width();
        let at = |c: usize, d: (i32, i32)| self.at(s, c, d);
        let own = |c: usize| p.cells[c].is_some_and(|(side, _)| side == s);
        let foe = |c: usize| p.cells[c].is_some_and(|(side, _)| side != s);
        for from in 0..w * w {
            let Some((side, k)) = p.cells[from] else {
                continue;
            };
            if side != s {
                continue;
            }
            let kind = &self.rules.kinds[k];
            let mut set: BTreeSet<(usize, Vec<usize>)> = BTreeSet::new();
            let mut add = |to: usize, passing: Vec<usize>| {
                set.insert((to, passing));
            };
            for &d in kind.steps.iter().chain(&kind.jumps) {
                if let Some(t) = at(from, d).filter(|&t| !own(t)) {
                    add(t, vec![]);
                }
            }
            let rides = kind.rides.iter().map(|&d| (d, 99));
            let limited = kind.twos.iter().map(|&d| (d, 2));
            let limited = limited.chain(kind.threes.iter().map(|&d| (d, 3)));
            for (d, limit) in rides.chain(limited) {
                let mut c = from;
                for _ in 0..limit {
                    let Some(t) = at(c, d) else { break };
                    if own(t) {
                        break;
                    }
                    add(t, vec![]);
                    if foe(t) {
                        break;
                    }
                    c = t;
                }
            }
            if kind.lion {
                for dx in -2..=2 {
                    for dy in -2..=2 {
                        if let Some(t) = at(from, (dx, dy)).filter(|&t| t != from && !own(t)) {
                            add(t, vec![]);
                        }
                    }
                }
                for d1 in ALL {
                    let Some(c1) = at(from, d1).filter(|&c| !own(c)) else {
                        continue;
                    };
                    for d2 in ALL {
                        let Some(c2) = at(c1, d2) else { continue };
                        if c2 == from || !own(c2) {
                            add(c2, if foe(c1) { vec![c1] } else { vec![] });
                        }
                    }
                }
            }
            for &d in &kind.lion_lines {
                let Some(c1) = at(from, d) else { continue };
                if !own(c1) {
                    add(c1, vec![]);
                    add(from, if foe(c1) { vec![c1] } else { vec![] });
                }
                if let Some(c2) = at(from, (2 * d.0, 2 * d.1)).filter(|&c| !own(c)) {
                    add(c2, vec![]);
                    if foe(c1) {
                        add(c2, vec![c1]);
                    }
                }
            }
            for &d in &kind.range_jumps {
                let (mut c, mut hops) = (from, 0);
                while let Some(t) = at(c, d) {
                    c = t;
                    let Some((_, hk)) = p.cells[t] else { continue };
                    if hops > 0 && foe(t) {
                        add(t, vec![]);
                    }
                    if self.rules.kinds[hk].rank >= kind.rank {
                        break;
                    }
                    hops += 1;
                }
            }
            let mut frontier = vec![from];
            for _ in 0..kind.area {
                let mut next = Vec::new();
                for &c in &frontier {
                    for d in ALL {
                        let Some(t) = at(c, d).filter(|&t| t != from && !own(t)) else {
                            continue;
                        };
                        add(t, vec![]);
                        if !foe(t) {
                            next.push(t);
                        }
                    }
                }
                frontier = next;
            }
            if kind.igui {
                for d in ALL {
                    if let Some(c) = at(from, d).filter(|&c| foe(c)) {
                        add(from, vec![c]);
                    }
                }
            }
            let skips = kind.skip_rides.iter().map(|&d| (d, 99));
            for (d, limit) in skips.chain(kind.skip_twos.iter().map(|&d| (d, 2))) {
                let Some(mut c) = at(from, d) else { continue };
                for _ in 0..limit {
                    let Some(t) = at(c, d) else { break };
                    if own(t) {
                        break;
                    }
                    add(t, vec![]);
                    if foe(t) {
                        break;
                    }
                    c = t;
                }
            }
            for (to, passing) in set {
                let captures = (to != from && foe(to)) || !passing.is_empty();
                let m = Mv {
                    from,
                    to,
                    passing,
                    promote: false,
                    dropped: None,
                };
                let trading = matches!(self.rules.legality, Legality::LionTrading { .. });
                if trading && p.lion_taken && !self.is_lion(k) && self.takes_lion(p, &m) {
                    continue; // the counterstrike bar
                }
                if kind.promotes_to.is_some() {
                    let rank = |c: usize| if s == 0 { c / w } else { w - 1 - c / w };
                    let zone = |c: usize| rank(c) + self.rules.zone >= w;
                    let dead = kind.dead > 0 && rank(to) + kind.dead >= w;
                    match self.rules.promotion {
                        Promotion::EntryOrCapture => {
                            let entry_or_capture =
                                (zone(to) || zone(from)) && (!zone(from) || captures);
                            if entry_or_capture || dead {
                                out.push(Mv {
                                    promote: true,
                                    ..m.clone()
                                });
                            }
                        }
                        Promotion::Shogi => {
                            if zone(to) || zone(from) {
                                out.push(Mv {
                                    promote: true,
                                    ..m.clone()
                                });
                            }
                            if dead {
                                continue; // it could never move again: it must promote
                            }
                        }
                    }
                }
                out.push(m);
            }
        }
        out
    }

    /// The drops of the side to move: each kind in hand on each empty cell where it
    /// could move again, the pawn not on a file with an unpromoted pawn of its side.
    fn drop_moves(&self, p: &Pos, out: &mut Vec<Mv>) {
        let (s, w) = (p.side, self.width());
        let mut kinds = p.hands[s].clone();
        kinds.dedup();
        for k in kinds {
            let kind = &self.rules.kinds[k];
            let pawn = Some(kind.letter) == self.drops;
            for to in (0..w * w).filter(|&c| p.cells[c].is_none()) {
                let rank = if s == 0 { to / w } else { w - 1 - to / w };
                if kind.dead > 0 && rank + kind.dead >= w {
                    continue;
                }
                let file = |c: usize| c % w == to % w;
                if pawn && (0..w * w).any(|c| file(c) && p.cells[c] == Some((s, k))) {
                    continue;
                }
                out.push(Mv {
                    from: to,
                    to,
                    passing: vec![],
                    promote: false,
                    dropped: Some(k),
                });
            }
        }
    }

    /// The kind a captured piece of kind `k` goes to the hand as (its unpromoted one).
    fn demoted(&self, k: usize) -> usize {
        let kinds = &self.rules.kinds;
        (0..kinds.len())
            .find(|&b| kinds[b].promotes_to == Some(k))
            .unwrap_or(k)
    }

    /// Whether `m` of the side to move captures a Lion.
    fn takes_lion(&self, p: &Pos, m: &Mv) -> bool {
        let lion = |c: usize| p.cells[c].is_some_and(|(s, k)| s != p.side && self.is_lion(k));
        (m.to != m.from && lion(m.to)) || m.passing.iter().any(|&c| lion(c))
    }

    /// The position after `m`.
    pub fn play(&self, p: &Pos, m: &Mv) -> Pos {
        let mut q = p.clone();
        if let Some(k) = m.dropped {
            let hand = &mut q.hands[p.side];
            hand.remove(hand.iter().position(|&h| h == k).unwrap());
            q.cells[m.to] = Some((p.side, k));
            q.side = 1 - p.side;
            q.lion_taken = false;
            return q;
        }
        let (s, k) = p.cells[m.from].unwrap();
        if self.drops.is_some() {
            let taken = m.passing.iter().chain((m.to != m.from).then_some(&m.to));
            for &c in taken {
                if let Some((_, t)) = p.cells[c].filter(|&(side, _)| side != s) {
                    q.hands[s].push(self.demoted(t));
                }
            }
            q.hands[s].sort();
        }
        q.lion_taken = !self.is_lion(k) && self.takes_lion(p, m);
        for &c in &m.passing {
            q.cells[c] = None;
        }
        q.cells[m.from] = None;
        let k = if m.promote {
            self.rules.kinds[k].promotes_to.unwrap()
        } else {
            k
        };
        q.cells[m.to] = Some((s, k));
        q.side = 1 - p.side;
        self.burn(&mut q, m.to);
        q
    }

    /// Tenjiku's burning after a move that ended on `to`: a burner burns the enemies
    /// around it that are not burners; a piece that is not a burner and ends next to an
    /// enemy burner burns itself.
    fn burn(&self, q: &mut Pos, to: usize) {
        let Some((s, k)) = q.cells[to] else { return };
        let burner = |c: usize, side: usize| {
            q.cells[c].is_some_and(|(cs, ck)| cs == side && self.rules.kinds[ck].burns)
        };
        let around: Vec<usize> = ALL.iter().filter_map(|&d| self.at(0, to, d)).collect();
        if self.rules.kinds[k].burns {
            for &c in &around {
                if q.cells[c].is_some_and(|(cs, ck)| cs != s && !self.rules.kinds[ck].burns) {
                    q.cells[c] = None;
                }
            }
        } else if around.iter().any(|&c| burner(c, 1 - s)) {
            q.cells[to] = None;
        }
    }

    /// Whether `side` has no royal left, or one the other side's next move could take.
    pub fn attacked(&self, p: &Pos, side: usize) -> bool {
        let royals: Vec<usize> = (0..p.cells.len())
            .filter(|&c| p.cells[c].is_some_and(|(s, k)| s == side && self.is_royal(k)))
            .collect();
        if royals.is_empty() {
            return true;
        }
        let mut q = p.clone();
        q.side = 1 - side;
        self.board_moves(&q).iter().any(|m| {
            royals
                .iter()
                .any(|&r| (m.to == r && m.from != r) || m.passing.contains(&r))
        })
    }

    /// The legal moves.
    pub fn legal(&self, p: &Pos) -> Vec<Mv> {
        if self.rules.legality == Legality::Check {
            return self
                .pseudo(p)
                .into_iter()
                .filter(|m| !self.attacked(&self.play(p, m), p.side))
                .filter(|m| !self.pawn_drop_mates(p, m))
                .collect();
        }
        for side in 0..2 {
            let royals = p
                .cells
                .iter()
                .flatten()
                .any(|&(s, k)| s == side && self.is_royal(k));
            if !royals {
                return Vec::new();
            }
        }
        let mut moves = self.pseudo(p);
        if let Legality::LionTrading { no_bridge } = &self.rules.legality {
            moves.retain(|m| !self.takes_protected_lion(p, m, no_bridge));
        }
        moves
    }

    /// Whether `m` drops the pawn to mate at once (not allowed).
    fn pawn_drop_mates(&self, p: &Pos, m: &Mv) -> bool {
        let pawn = m
            .dropped
            .is_some_and(|k| Some(self.rules.kinds[k].letter) == self.drops);
        if !pawn {
            return false;
        }
        let q = self.play(p, m);
        self.attacked(&q, q.side) && self.legal(&q).is_empty()
    }

    fn takes_protected_lion(&self, p: &Pos, m: &Mv, no_bridge: &[&str]) -> bool {
        let w = self.width();
        let (_, k) = p.cells[m.from].unwrap();
        let target = p.cells[m.to];
        let near = |a: usize, b: usize| {
            let (ax, ay, bx, by) = (a % w, a / w, b % w, b / w);
            ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
        };
        let lion_target =
            m.to != m.from && target.is_some_and(|(s, t)| s != p.side && self.is_lion(t));
        if !self.is_lion(k) || !lion_target || near(m.from, m.to) {
            return false;
        }
        let bridge = m.passing.iter().any(|&c| {
            let (_, b) = p.cells[c].unwrap();
            !no_bridge.contains(&self.rules.kinds[b].letter)
        });
        if bridge {
            return false;
        }
        let after = self.play(p, m);
        self.pseudo(&after)
            .iter()
            .any(|r| (r.to == m.to && r.to != r.from) || r.passing.contains(&m.to))
    }

    /// The number of leaf nodes `depth` plies from `p`.
    pub fn perft(&self, p: &Pos, depth: u32) -> u64 {
        let moves = self.legal(p);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.perft(&self.play(p, m), depth - 1))
            .sum()
    }

    /// The legal moves' UCI, sorted.
    pub fn sorted(&self, p: &Pos) -> Vec<String> {
        let mut v: Vec<String> = self.legal(p).iter().map(|m| self.uci(m)).collect();
        v.sort();
        v
    }
}

/// The engine's legal moves of `pos` in UCI, sorted (to compare with the generator's).
pub fn sorted_engine(g: &piecewise::Game, pos: &piecewise::game::GamePosition) -> Vec<String> {
    let mut v: Vec<String> = g.legal_moves(pos).iter().map(|m| g.uci(m)).collect();
    v.sort();
    v
}

/// The engine's legal moves from `fen` in UCI that start with `from` (`""`: all).
pub fn legal_from(g: &piecewise::Game, fen: &str, from: &str) -> BTreeSet<String> {
    let pos = g.position(fen).expect("fen");
    g.legal_moves(&pos)
        .iter()
        .map(|m| g.uci(m))
        .filter(|m| m.starts_with(from))
        .collect()
}

/// A set of UCI moves written out.
pub fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}
