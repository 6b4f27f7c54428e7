//! chain: capture chains (patterns marked `chain`, the draughts family) walked as a
//! loop at generation time.
//!
//! A chain pattern is one capture (a jump: legs that take a piece in passing and land
//! on an empty cell). Its patterns are linked in a table of their own ([`Chains`],
//! built with the game), never expanded into every path: from the start cell the
//! piece's chain patterns are walked; from each landing they are walked again, on the
//! board as the chain has left it (the mover's start cell empty; the pieces taken so
//! far still standing, as walls that may not be jumped again, or gone at once with
//! `chain removal at once`), carrying the cells taken along. A chain goes on while a
//! further capture is possible and is a move only where it cannot: a chain stopped
//! early is not a move. Empty cells may be crossed again (international draughts).
//!
//! A move's captures are kept in rising cell order, and moves of one piece with the
//! same destination, captures and promotion are one move (the draughts rule: the same
//! pieces taken by two routes are the same capture).

use super::{expand_promotions, Game, GameMove, GamePosition, MoveKind};
use crate::compact::MoveOut;
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{ChainRules, RuleSet};
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};
use crate::MAX_CHAIN;
use crate::MAX_PASSING;
use piecewise_table::Rules;

/// The capture chains of a game: the table of its chain patterns and how chains end.
pub(crate) struct Chains {
    /// The chain patterns of every piece, linked alone.
    rules: Rules,
    /// Per piece kind: it has chain patterns.
    has: Vec<bool>,
    /// `chain removal ...`, `chain promotion ...`.
    decl: ChainRules,
}

impl Chains {
    /// The chains of `rule_set` (`None` when no pattern is marked `chain`), linked
    /// under `limits`; the diagnostics of linking them on failure.
    pub(crate) fn build(
        rule_set: &RuleSet,
        limits: &crate::pipeline::Limits,
    ) -> Result<Option<Chains>, crate::diagnostics::Diagnostics> {
        let has: Vec<bool> = rule_set
            .pieces
            .iter()
            .map(|p| p.patterns.iter().any(|pat| pat.conditions.chain))
            .collect();
        if !has.iter().any(|&h| h) {
            return Ok(None);
        }
        let mut chains = rule_set.clone();
        for piece in &mut chains.pieces {
            piece.patterns.retain(|pat| pat.conditions.chain);
            for pat in &mut piece.patterns {
                pat.conditions.chain = false;
            }
        }
        let rules =
            crate::pipeline::build_with(&chains, crate::diagnostics::Diagnostics::new(), limits)?;
        Ok(Some(Chains {
            rules,
            has,
            decl: rule_set.game.chain,
        }))
    }

    /// Whether pieces of kind `kind` capture in chains.
    #[inline]
    pub(crate) fn has(&self, kind: PieceId) -> bool {
        self.has[kind.index()]
    }
}

/// One capture of a chain: where it lands and the cells it takes.
#[derive(Clone, Copy)]
struct Link {
    to: u16,
    taken: [u16; MAX_PASSING],
    n: u8,
}

/// Collects a walk's plies as links.
struct Links<'a>(&'a mut Vec<Link>);

impl Sink for Links<'_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        let mut link = Link {
            to: ply.to.0,
            taken: [0; MAX_PASSING],
            n: 0,
        };
        for c in ply.passing_captures() {
            if (link.n as usize) < MAX_PASSING {
                link.taken[link.n as usize] = c.0;
                link.n += 1;
            }
        }
        if link.n > 0 {
            self.0.push(link);
        }
    }
}

/// The board as a chain sees it: the mover's start cell empty, the cells taken so far
/// walls (or empty, removed at once).
struct ChainBoard<'a> {
    pos: &'a GamePosition,
    from: CellId,
    taken: &'a [u16],
    wall: Occupant,
}

impl Occupancy for ChainBoard<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        if cell == self.from {
            Occupant::EMPTY
        } else if self.taken.contains(&cell.0) {
            self.wall
        } else {
            self.pos.occupant(cell)
        }
    }
}

/// The walker of the chain table and its buffers, reused from node to node.
pub(crate) struct ChainGen<'g> {
    walker: Walker<'g>,
    /// The links found, level after level (each level's after its parent's).
    links: Vec<Link>,
    /// The cells taken so far on the chain being walked.
    taken: Vec<u16>,
    /// The moves of the piece being walked, before duplicates go.
    moves: Vec<GameMove>,
    /// Whether to keep each move's landings (for notation) in `paths`.
    record: bool,
    /// The landings of the chain being walked.
    path: Vec<u16>,
    /// With `record`: the landings of each move of `moves`.
    paths: Vec<Vec<u16>>,
    /// With `record`: the cells each move of `moves` takes, in the chain's order.
    orders: Vec<Vec<u16>>,
}

impl<'g> ChainGen<'g> {
    /// A generator over `chains`.
    pub(crate) fn new(chains: &'g Chains) -> ChainGen<'g> {
        ChainGen {
            walker: Walker::new(chains.rules.table()),
            links: Vec::new(),
            taken: Vec::new(),
            moves: Vec::new(),
            record: false,
            path: Vec::new(),
            paths: Vec::new(),
            orders: Vec::new(),
        }
    }

    /// Appends to `links` the single captures `kind` makes from `at`, on the board as
    /// the chain so far leaves it (the pieces taken stay as walls unless removed at
    /// once; the mover's start cell is empty).
    fn walk_links(&mut self, s: &Start<'_>, kind: PieceId, at: CellId) {
        let wall = if s.chains.decl.removal_at_once {
            Occupant::EMPTY
        } else {
            Occupant::piece(s.side, s.piece)
        };
        let board = ChainBoard {
            pos: s.pos,
            from: s.from,
            taken: &self.taken,
            wall,
        };
        let mut sink = Links(&mut self.links);
        self.walker.walk(&board, s.side, kind, at, &mut sink);
    }

    /// Appends the complete capture chains of the piece of kind `kind` on `from`
    /// (side to move) to `out`, with their promotions.
    pub(crate) fn moves<O: MoveOut>(
        &mut self,
        g: &Game,
        chains: &Chains,
        pos: &GamePosition,
        kind: PieceId,
        from: CellId,
        out: &mut O,
    ) {
        self.links.clear();
        self.taken.clear();
        self.moves.clear();
        let start = Start {
            g,
            chains,
            pos,
            side: pos.side,
            piece: kind,
            from,
        };
        self.extend(&start, kind, from, None, None);
        // The same pieces taken to the same cell by two routes are one move.
        let moves = std::mem::take(&mut self.moves);
        for (i, m) in moves.iter().enumerate() {
            if moves[..i].iter().any(|o| same(o, m)) {
                continue;
            }
            if m.promotion.is_some() {
                out.push(*m);
            } else {
                expand_promotions(g, pos, *m, out);
            }
        }
        self.moves = moves;
    }

    /// Walks the chain on from `at`, where the mover (now of kind `kind`, crowned
    /// `crowned` during the chain) has landed with `self.taken` taken.
    fn extend(
        &mut self,
        s: &Start<'_>,
        kind: PieceId,
        at: CellId,
        crowned: Option<PieceId>,
        came: Option<(i16, i16)>,
    ) {
        let first = self.links.len();
        if s.chains.has(kind) {
            self.walk_links(s, kind, at);
        }
        let last = self.links.len();
        if first == last {
            if !self.taken.is_empty() {
                self.emit(s, at, crowned);
            }
            return;
        }
        // Over one piece, a flying piece may land on several cells: those from which
        // the chain goes on are compulsory (stopping on another ends it too early).
        let mut stops: Vec<bool> = Vec::new();
        let shared = |a: &Link, b: &Link| a.taken[..a.n as usize] == b.taken[..b.n as usize];
        if (first..last).any(|i| (i + 1..last).any(|j| shared(&self.links[i], &self.links[j]))) {
            let goes_on: Vec<bool> = (first..last)
                .map(|i| self.goes_on(s, kind, at, crowned, came, i))
                .collect();
            stops = (first..last)
                .map(|i| {
                    !goes_on[i - first]
                        && (first..last)
                            .any(|j| goes_on[j - first] && shared(&self.links[i], &self.links[j]))
                })
                .collect();
        }
        let mut any = false;
        for i in first..last {
            if stops.get(i - first) == Some(&true) {
                continue;
            }
            let link = self.links[i];
            let n = link.n as usize;
            if self.taken.len() + n > MAX_CHAIN {
                continue;
            }
            let dir = direction(s.g, at, CellId(link.to));
            if s.chains.decl.no_reversal && came.is_some_and(|c| (c.0, c.1) == (-dir.0, -dir.1)) {
                continue;
            }
            any = true;
            self.taken.extend_from_slice(&link.taken[..n]);
            self.path.push(link.to);
            let to = CellId(link.to);
            let (next_kind, next_crowned) = match crowned {
                None if s.chains.decl.promotion_continues => match crown(s, kind, to) {
                    Some(k) => (k, Some(k)),
                    None => (kind, None),
                },
                c => (kind, c),
            };
            self.extend(s, next_kind, to, next_crowned, Some(dir));
            self.path.pop();
            self.taken.truncate(self.taken.len() - n);
        }
        if !any {
            // Every link would pass what a move carries: the chain ends here.
            self.emit(s, at, crowned);
        }
        self.links.truncate(first);
    }

    /// Whether the chain goes on after the link `self.links[i]` from `at` (the mover of
    /// kind `kind` there): the link may be taken and another follows it.
    fn goes_on(
        &mut self,
        s: &Start<'_>,
        kind: PieceId,
        at: CellId,
        crowned: Option<PieceId>,
        came: Option<(i16, i16)>,
        i: usize,
    ) -> bool {
        let link = self.links[i];
        let n = link.n as usize;
        let dir = direction(s.g, at, CellId(link.to));
        if self.taken.len() + n >= MAX_CHAIN
            || (s.chains.decl.no_reversal && came.is_some_and(|c| c == (-dir.0, -dir.1)))
        {
            return false;
        }
        let to = CellId(link.to);
        let next_kind = match crowned {
            None if s.chains.decl.promotion_continues => crown(s, kind, to).unwrap_or(kind),
            _ => kind,
        };
        if !s.chains.has(next_kind) {
            return false;
        }
        self.taken.extend_from_slice(&link.taken[..n]);
        let start = self.links.len();
        self.walk_links(s, next_kind, to);
        let found = self.links[start..].iter().any(|l| {
            let d = direction(s.g, to, CellId(l.to));
            self.taken.len() + l.n as usize <= MAX_CHAIN
                && !(s.chains.decl.no_reversal && d == (-dir.0, -dir.1))
        });
        self.links.truncate(start);
        self.taken.truncate(self.taken.len() - n);
        found
    }

    /// Records the chain ending on `to` as a move.
    fn emit(&mut self, s: &Start<'_>, to: CellId, crowned: Option<PieceId>) {
        let mut m = GameMove::simple(MoveKind::Normal, s.piece, s.from, to);
        let n = self.taken.len().min(MAX_CHAIN);
        m.passing[..n].copy_from_slice(&self.taken[..n]);
        m.passing[..n].sort_unstable();
        m.n_passing = n as u8;
        m.promotion = crowned;
        self.moves.push(m);
        if self.record {
            self.paths.push(self.path.clone());
            self.orders.push(self.taken.clone());
        }
    }
}

/// What every step of one piece's chains shares.
struct Start<'a> {
    g: &'a Game,
    chains: &'a Chains,
    pos: &'a GamePosition,
    side: Side,
    piece: PieceId,
    from: CellId,
}

/// The kind a `kind` landing on `to` during a chain is crowned to (`chain promotion
/// continues`): the first choice of its first compulsory promotion rule whose zone
/// holds `to`.
fn crown(s: &Start<'_>, kind: PieceId, to: CellId) -> Option<PieceId> {
    let g = s.g;
    g.promotions[s.side.index() * g.pieces + kind.index()]
        .iter()
        .find(|r| r.zone[to.index()] && !r.optional && !r.delayed)
        .and_then(|r| r.choices.first().copied())
}

/// Whether two chain moves of one piece are the same move.
fn same(a: &GameMove, b: &GameMove) -> bool {
    a.to == b.to
        && a.promotion == b.promotion
        && a.n_passing == b.n_passing
        && a.passing[..a.n_passing as usize] == b.passing[..b.n_passing as usize]
}

/// The landing cells of every way the chain move `m` (of the side to move in `pos`)
/// is made, the last being `m.to`; empty if `m` is no chain move. For notation, which
/// writes a chain's landings (`28x19x10`).
pub(crate) fn chain_paths(g: &Game, pos: &GamePosition, m: &GameMove) -> Vec<Vec<CellId>> {
    ways_of(g, pos, m, |gen, i| &gen.paths[i])
}

/// The cells the chain move `m` (of the side to move in `pos`) takes, in the order it
/// takes them, for every way it is made; empty if `m` is no chain move. For the
/// quality rule `earliest`.
pub(crate) fn capture_orders(g: &Game, pos: &GamePosition, m: &GameMove) -> Vec<Vec<CellId>> {
    ways_of(g, pos, m, |gen, i| &gen.orders[i])
}

/// Walks the chains of `m`'s piece from `m.from` with recording on and returns, for
/// every way found that is the move `m` (same landing, same pieces taken), the cells
/// `record` picks out of the generator's record of that way.
fn ways_of(
    g: &Game,
    pos: &GamePosition,
    m: &GameMove,
    record: impl for<'a> Fn(&'a ChainGen<'_>, usize) -> &'a Vec<u16>,
) -> Vec<Vec<CellId>> {
    let Some(chains) = g.chains.as_deref() else {
        return Vec::new();
    };
    if m.n_passing == 0 || !chains.has(m.piece) {
        return Vec::new();
    }
    let mut gen = ChainGen::new(chains);
    gen.record = true;
    let start = Start {
        g,
        chains,
        pos,
        side: pos.side,
        piece: m.piece,
        from: m.from,
    };
    gen.extend(&start, m.piece, m.from, None, None);
    let mut out = Vec::new();
    for (i, found) in gen.moves.iter().enumerate() {
        if found.to == m.to
            && found.n_passing == m.n_passing
            && found.passing[..found.n_passing as usize] == m.passing[..m.n_passing as usize]
        {
            out.push(record(&gen, i).iter().map(|&c| CellId(c)).collect());
        }
    }
    out
}

/// The direction from `a` to `b` on the board's grid, each coordinate -1, 0 or 1.
fn direction(g: &Game, a: CellId, b: CellId) -> (i16, i16) {
    let board = g.board();
    let (p, q) = (board.coord(a), board.coord(b));
    ((q.x - p.x).signum(), (q.y - p.y).signum())
}
