//! movegen: the pseudo-legal moves of a game position — walks of the move table
//! expanded by the declared special rules (promotion, en passant, castling, drops,
//! cascades: [`cascade`]) — and the generator that owns their buffers
//! ([`PseudoGen`]).
//!
//! Generation is pseudo-legal (every piece of the side to move walked once, plus the
//! special moves); its only legality-side need, whether a cell is attacked (castling),
//! is asked of `attack` below it. The legal moves are `legality`'s
//! ([`crate::MoveGenerator`], which owns a [`PseudoGen`] and filters its moves). Perft's
//! bulk counting and the counter shared between a node's children are in `perft`.

use super::attack::{attacked_in, AttackScratch, Reads};
use super::compact::MoveOut;
use super::position::Override;
use super::{kernel, Game, GameMove, GamePosition, MoveKind, MAX_EP_CELLS, MAX_PASSING};
use crate::ids::{CellId, PieceId, Side};
use crate::walk::{Occupant, Ply, Sink, Walker};

mod cached;
mod cascade;
mod castling_drops;
pub(crate) mod chain;
pub(crate) mod first_mover;
mod landing;
pub(crate) mod placement;
mod promote;

pub(super) use promote::{expand_or_defer, expand_promotions, promotion_applies};

/// Collects the plies of one walk as moves.
pub(crate) struct Plies<'a> {
    /// Where the moves go.
    pub(crate) out: &'a mut Vec<GameMove>,
    /// Only keep captures landing on this cell (en passant walks).
    pub(crate) only_capture_on: Option<CellId>,
}

impl Sink for Plies<'_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some(c) = self.only_capture_on {
            if ply.to != c || !ply.captures_to {
                return;
            }
        }
        let mut m = GameMove::simple(MoveKind::Normal, ply.piece, ply.from, ply.to);
        m.captures_to = ply.captures_to;
        m.push_to = ply.push_to;
        m.convert = ply.convert;
        m.mark = ply.mark();
        if ply.activates {
            // Walked by `PseudoGen::expand_cascades`, which reads its steps (momentum).
            m.set_pending_activation();
            m.set_steps(ply.len());
        }
        for c in ply.passing_captures() {
            // The game refuses tables that exceed MAX_PASSING (E0953).
            if (m.n_passing as usize) < MAX_PASSING {
                m.passing[m.n_passing as usize] = c.0;
                m.n_passing += 1;
            }
        }
        if ply.is_en_passant() {
            let n = ply.len();
            for c in ply.cells().take(n.saturating_sub(1)) {
                if (m.n_ep as usize) < MAX_EP_CELLS {
                    m.ep[m.n_ep as usize] = c.0;
                    m.n_ep += 1;
                }
            }
        }
        self.out.push(m);
    }
}

/// What [`PseudoGen::walked_moves_kept`] does with a move of a piece.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Keep {
    /// Drop it.
    No,
    /// Keep it as it is: it cannot promote.
    AsIs,
    /// Keep it, with the promotions that apply.
    Expanded,
    /// Keep it aside, with its promotions, in [`PseudoGen::deferred`]: its
    /// destination alone does not judge it.
    Defer,
}

/// Which destinations of a piece's moves [`PseudoGen::walked_moves_kept`] keeps.
pub(super) trait Destinations {
    /// What becomes of a move ending on cell `to`.
    fn keep(&self, to: usize) -> Keep;
    /// Every destination is [`Keep::AsIs`]: the moves are written without asking
    /// [`Destinations::keep`] of each.
    fn as_is(&self) -> bool {
        false
    }
}

/// Every destination of a piece: each move that may promote (its start or its
/// destination is a cell of the piece's promotion rules) with its promotions, the
/// others as they are (without building a whole move for them).
pub(super) struct Promoting<'a> {
    /// Per cell: a move ending there may promote (empty: none does).
    to: &'a [bool],
    /// The piece's start cell is one where a move starting promotes.
    all: bool,
}

impl<'a> Promoting<'a> {
    #[inline(always)]
    fn new(g: &'a Game, side: Side, kind: PieceId, from: usize) -> Promoting<'a> {
        let i = side.index() * g.pieces + kind.index();
        Promoting {
            to: &g.promo_to[i],
            all: g.promo_from[i].get(from).copied().unwrap_or(false),
        }
    }
}

impl Destinations for Promoting<'_> {
    #[inline(always)]
    fn keep(&self, to: usize) -> Keep {
        if self.all || self.to.get(to).copied().unwrap_or(false) {
            Keep::Expanded
        } else {
            Keep::AsIs
        }
    }

    #[inline(always)]
    fn as_is(&self) -> bool {
        !self.all && self.to.is_empty()
    }
}

/// Drops from `moves` (grouped by start cell, as the walks leave them) every move
/// that only the mark of its pattern tells from an earlier one: when two patterns of
/// a piece make the same move, the first pattern written decides what it does.
#[cold]
#[inline(never)]
fn dedup_marked(moves: &mut Vec<GameMove>) {
    let unmarked = |m: &GameMove| GameMove { mark: 0, ..*m };
    let mut kept = 0;
    for i in 0..moves.len() {
        let m = moves[i];
        let twice = moves[..kept]
            .iter()
            .rev()
            .take_while(|o| o.from == m.from)
            .any(|o| unmarked(o) == unmarked(&m));
        if !twice {
            moves[kept] = m;
            kept += 1;
        }
    }
    moves.truncate(kept);
}

/// The pseudo-legal move generator of a game: the walks of the move table, the
/// special moves and the buffers they reuse from node to node (so a search allocates
/// nothing once they have grown). The legal moves, the legality test and perft's
/// last-ply count are the [`MoveGenerator`](crate::MoveGenerator)'s (`legality`), which
/// owns one of these.
pub(crate) struct PseudoGen<'g> {
    pub(crate) game: &'g Game,
    pub(crate) walker: Walker<'g>,
    /// The moves of the walks before promotions are expanded; in perft's bulk count,
    /// the moves left to test.
    pub(crate) walked: Vec<GameMove>,
    /// Moves kept aside by [`Keep::Defer`], to be judged in full.
    pub(crate) deferred: Vec<GameMove>,
    /// Scratch of attack queries.
    pub(crate) attacks: AttackScratch<'g>,
    /// Spare move buffers (generation and perft take one and give it back).
    pool: Vec<Vec<GameMove>>,
    /// The board with an en passant victim put on the cell it passed
    /// ([`PseudoGen::en_passant_moves`]: the capturers' kernels run over it).
    ep_board: Vec<Occupant>,
    /// Per cell: its piece is frozen (games with `freeze`).
    frozen: Vec<bool>,
    /// The walks of pieces answered forward, reused while what they read holds.
    pub(crate) own_walks: cached::MoveCache,
    /// Every piece without a kernel is walked through `own_walks` (games with
    /// activations), not only the pieces answered forward.
    cache_walks: bool,
    /// The walker of capture chains (games with patterns marked `chain`).
    chains: Option<chain::ChainGen<'g>>,
    /// Generating the replies a legality test looks through for a royal's capture
    /// ([`PseudoGen::replies`]): teleports are left out.
    replying: bool,
    /// The cells a generation for the replies' cache read ([`first_mover`]).
    pub(crate) recording: first_mover::Recording,
}

impl<'g> PseudoGen<'g> {
    /// A generator for `game`, its buffers empty.
    pub(crate) fn new(game: &'g Game) -> PseudoGen<'g> {
        PseudoGen {
            game,
            walker: Walker::new(game.rules.table()),
            walked: Vec::new(),
            deferred: Vec::new(),
            attacks: AttackScratch::new(),
            pool: Vec::new(),
            ep_board: Vec::new(),
            frozen: Vec::new(),
            own_walks: cached::MoveCache::default(),
            cache_walks: game
                .effects
                .as_deref()
                .is_some_and(|fx| fx.activation.is_some()),
            chains: game.chains.as_deref().map(chain::ChainGen::new),
            replying: false,
            recording: first_mover::Recording::default(),
        }
    }

    /// Appends the pseudo-legal moves of the side to move to `out` (under `pass when
    /// stuck`, the pass when there is none: such games have no royals, so a
    /// pseudo-legal move is legal).
    #[inline]
    pub(crate) fn pseudo_moves(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        if self.game.ends.pass_when_stuck {
            return self.pseudo_moves_or_pass(pos, out);
        }
        self.pseudo_moves_filtered(pos, out)
    }

    /// [`PseudoGen::pseudo_moves`] as the legality test asks them, for the replies
    /// that may take a royal: without teleports, which end on an empty cell and take
    /// in passing only what a shorter ply of the same pattern takes (`teleport`,
    /// docs/language.md), and cost two more walks a piece.
    pub(crate) fn replies(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        self.replying = true;
        self.pseudo_moves(pos, out);
        self.replying = false;
    }

    /// [`PseudoGen::pseudo_moves`] without the pass.
    fn pseudo_moves_filtered(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        let first = out.len();
        self.pseudo_moves_unplaced(pos, out);
        if let Some(fx) = self.game.effects.as_deref() {
            if fx.duck.is_some() {
                let placement = &fx.placement;
                super::neutral::add_duck_moves(
                    self.game,
                    placement,
                    &mut self.walker,
                    pos,
                    out,
                    first,
                );
            }
        }
    }

    /// [`PseudoGen::pseudo_moves`] without the pass and without the second action
    /// (`neutral P, after each move`: the Duck's move or a wall's placement), which
    /// [`crate::neutral::add_duck_moves`] adds to each of these moves, or
    /// [`crate::neutral::count_placements`] counts.
    pub(crate) fn pseudo_moves_unplaced(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        let first = out.len();
        self.pseudo_moves_unfiltered(pos, out);
        if let Some(fx) = self.game.effects.as_deref() {
            if pos.side == Side::Second && !fx.neutral_movers.is_empty() {
                // The first side's walks already moved the neutral pieces either side
                // moves (they are stored with its bit); the second side's here.
                self.neutral_moves(pos, &fx.neutral_movers, out);
            }
            if !fx.neutral_captures.is_empty() {
                self.neutral_captures(pos, &fx.neutral_captures, out);
            }
            if let Some(tp) = fx.teleport.as_ref().filter(|_| !self.replying) {
                self.teleport_moves(pos, tp, out, first);
            }
            if fx.activation.is_some() {
                self.expand_cascades(pos, out, first);
            }
            // Displacing moves never attack (they capture only where the walk's own
            // moves do, past pieces a check does not pass): no replies need them.
            if let Some(rules) = self.game.displace.as_deref().filter(|_| !self.replying) {
                crate::displace::add_displacements(self.game, rules, &mut self.walker, pos, out);
            }
            // Sacrifice moves capture only the kinds sacrificed, of their own side or
            // met on the way, never where a check's line runs: no replies need them.
            if let Some(rules) = self.game.sacrifice.as_deref().filter(|_| !self.replying) {
                crate::sacrifice::add_sacrifices(self.game, rules, &mut self.walker, pos, out);
            }
            // A demotion captures nothing: the replies a legality test looks through
            // need none.
            if self.game.alignment.is_some() && !self.replying {
                crate::alignment::add_demotions(self.game, pos, out, first);
            }
            if self.game.tags.as_deref().is_some_and(|t| t.promotes_later) {
                super::delayed::static_promotions(self.game, pos, out);
            }
            if fx.shapes() {
                // Captures by the move's shape (`withdraw`, `pincer`, `coordinate`).
                for m in &mut out[first..] {
                    fx.add_shape_captures(self.game, pos, m);
                }
            }
            // Frozen movers and captures of immune pieces are not moves.
            if fx.bars() {
                fx.frozen_cells(pos, &mut self.frozen);
                let frozen = &self.frozen;
                if fx.may_bar(pos, frozen) {
                    let mut i = 0;
                    out.retain(|m| {
                        i += 1;
                        i <= first || fx.allows(pos, m, frozen)
                    });
                }
            }
            if fx.bars_in_check() && out[first..].iter().any(|m| fx.barred_in_check(m)) {
                // `not in check`: those patterns' moves are no moves while in check.
                let g = self.game;
                if crate::attack::royals::royal_attacked(g, pos, pos.side, &mut self.attacks) {
                    let mut i = 0;
                    out.retain(|m| {
                        i += 1;
                        i <= first || !fx.barred_in_check(m)
                    });
                }
            }
            if fx.no_check && self.game.has_royals() && pos.royal_count[pos.side.index()] == 0 {
                // `no check`: a side whose royals were captured has lost; no moves.
                out.truncate(first);
            }
        }
        if let Some(gt) = self.game.gating.as_deref() {
            gt.add_moves(self.game, pos, out, first);
        }
    }

    /// [`PseudoGen::pseudo_moves`] with, under `pass when stuck`, the pass of a side
    /// that has no other move.
    fn pseudo_moves_or_pass(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        let first = out.len();
        self.pseudo_moves_filtered(pos, out);
        if self.game.ends.pass_when_stuck && out.len() == first {
            out.extend(pass_move(self.game, pos));
        }
    }

    fn pseudo_moves_unfiltered(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        self.walked_moves(pos, out);
        self.castling_and_drops(pos, out);
    }

    /// Appends the moves of the table's walks (with en passant and promotions) of the
    /// side to move: the pseudo-legal moves but castling and drops. Moves from rays and
    /// hurdle lines go to `out` as they are found; a walk's go through `walked` first,
    /// each walk's moved on at once, so the order is the board's either way.
    pub(crate) fn walked_moves(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        // The side's pieces read eight cells per word (big boards' empty runs skipped).
        let cells = kernel::bits::pieces_of(&pos.cells, pos.side);
        let (g, side) = (self.game, pos.side);
        self.walked_moves_kept(pos, cells, out, |from, kind| {
            Promoting::new(g, side, kind, from)
        });
    }

    /// [`PseudoGen::walked_moves`] over the cells `cells` (in rising order; at
    /// least every cell of a piece of the side to move), keeping of the moves of a
    /// piece with rays or hurdle lines what `keep(from, kind)` (asked once per such
    /// piece) says; the other moves are all kept.
    pub(crate) fn walked_moves_kept<D: Destinations, O: MoveOut>(
        &mut self,
        pos: &GamePosition,
        cells: impl Iterator<Item = usize>,
        out: &mut O,
        mut keep: impl FnMut(usize, PieceId) -> D,
    ) {
        let g = self.game;
        let side = pos.side;
        self.walked.clear();
        let kernels = &g.kernels;
        for i in cells {
            let o = pos.cells[i];
            if o.is_empty() || o.side() != side {
                continue;
            }
            let (kind, from) = (o.kind(), CellId(i as u16));
            if let (Some(ch), Some(gen)) = (g.chains.as_deref(), self.chains.as_mut()) {
                if ch.has(kind) {
                    gen.moves(g, ch, pos, kind, from, out);
                }
            }
            match kernels.rays(side, kind, from) {
                // The same moves, in the same order, without the interpreter.
                Some(rays) => {
                    let kept = keep(i, kind);
                    let base = O::ray_base(kind, from);
                    if kept.as_is() {
                        kernel::run(rays, &pos.cells, side, !pos.moved(i), |to, captures, ep| {
                            out.push_ray(base, to, captures, ep)
                        });
                        continue;
                    }
                    let deferred = &mut self.deferred;
                    kernel::run(
                        rays,
                        &pos.cells,
                        side,
                        !pos.moved(i),
                        |to, captures, ep| match kept.keep(to as usize) {
                            Keep::No => {}
                            Keep::AsIs => out.push_ray(base, to, captures, ep),
                            k => {
                                let m = kernel::ray_move(kind, from, to, captures, ep);
                                expand_or_defer(g, pos, m, k, out, deferred)
                            }
                        },
                    )
                }
                None => match kernels.hurdles(side, kind, from) {
                    Some(lines) => {
                        let kept = keep(i, kind);
                        let base = O::ray_base(kind, from);
                        let deferred = &mut self.deferred;
                        kernel::run_hurdles(lines, &pos.cells, side, |to, captures| {
                            match kept.keep(to as usize) {
                                Keep::No => {}
                                Keep::AsIs => out.push_ray(base, to, captures, &[]),
                                k => {
                                    let m = kernel::ray_move(kind, from, to, captures, &[]);
                                    expand_or_defer(g, pos, m, k, out, deferred)
                                }
                            }
                        })
                    }
                    // Walked by the interpreter through the cache (a walk kept while
                    // the cells it read hold what they held, `cached`): pieces
                    // answered forward, and every piece of a game whose plies
                    // activate, where even a pawn's walk carries its activations.
                    None if self.cache_walks || g.reverse.forward_only()[kind.index()] => {
                        let moves = self
                            .own_walks
                            .moves(&mut self.walker, pos, side, kind, from);
                        for &m in moves {
                            expand_promotions(g, pos, m, out);
                        }
                    }
                    None => {
                        let mut sink = Plies {
                            out: &mut self.walked,
                            only_capture_on: None,
                        };
                        self.walker.walk(pos, side, kind, from, &mut sink);
                        for m in self.walked.drain(..) {
                            expand_promotions(g, pos, m, out);
                        }
                    }
                },
            }
        }
        if self.game.marked {
            dedup_marked(&mut self.walked);
        }
        self.en_passant_moves(pos);
        for m in self.walked.drain(..) {
            expand_promotions(g, pos, m, out);
        }
    }

    /// Appends the second side's moves of the neutral pieces of kinds `kinds`
    /// (`moved by either side`), walked as its own pieces (their patterns only move).
    fn neutral_moves(&mut self, pos: &GamePosition, kinds: &[PieceId], out: &mut Vec<GameMove>) {
        self.walked.clear();
        let mut sink = Plies {
            out: &mut self.walked,
            only_capture_on: None,
        };
        for (i, &o) in pos.cells.iter().enumerate() {
            if !o.is_empty()
                && o == super::neutral::neutral_occupant(o.kind())
                && kinds.contains(&o.kind())
            {
                self.walker
                    .walk(pos, Side::Second, o.kind(), CellId(i as u16), &mut sink);
            }
        }
        out.append(&mut self.walked);
    }

    /// Appends the side to move's captures of neutral pieces (`neutral P, captured by
    /// ...`): each capturer the rules allow is walked with the neutral piece standing in
    /// as an enemy of the capturer's own kind (to every other walk it stays a wall), and
    /// only its plies that end capturing there are kept.
    fn neutral_captures(
        &mut self,
        pos: &GamePosition,
        rules: &[crate::ir::NeutralCapture],
        out: &mut Vec<GameMove>,
    ) {
        let g = self.game;
        let side = pos.side;
        for (c, &n) in pos.cells.iter().enumerate() {
            if n.is_empty() || !g.is_neutral(n.kind()) {
                continue;
            }
            let cell = CellId(c as u16);
            for (from, &o) in pos.cells.iter().enumerate() {
                if o.is_empty()
                    || o.side() != side
                    || g.is_neutral(o.kind())
                    || !rules.iter().any(|r| r.allows(n.kind(), side, o.kind()))
                {
                    continue;
                }
                let board = Override {
                    pos,
                    cell,
                    occ: Occupant::piece(side.opponent(), o.kind()),
                };
                let mut sink = Plies {
                    out: &mut self.walked,
                    only_capture_on: Some(cell),
                };
                self.walker
                    .walk(&board, side, o.kind(), CellId(from as u16), &mut sink);
                for m in self.walked.drain(..) {
                    expand_promotions(g, pos, m, out);
                }
            }
        }
    }

    /// Appends the en passant captures to `self.walked`.
    pub(crate) fn en_passant_moves(&mut self, pos: &GamePosition) {
        let g = self.game;
        let side = pos.side;
        // En passant: walk the capturers again with the victim on each open cell.
        if !pos.ep.is_none() {
            let victim = pos.cells[pos.ep.victim as usize];
            if !victim.is_empty() && victim.side() != side {
                for &ec in pos.ep.cells() {
                    let ec = CellId(ec);
                    if !pos.cells[ec.index()].is_empty() {
                        continue;
                    }
                    let board = Override {
                        pos,
                        cell: ec,
                        occ: victim,
                    };
                    let start = self.walked.len();
                    let mut sink = Plies {
                        out: &mut self.walked,
                        only_capture_on: Some(ec),
                    };
                    // Only the capturers that can land a capture on `ec` at all, in
                    // board order. A capturer with a kernel runs its rays over a copy
                    // of the board with the victim on `ec` (the override board the
                    // walk reads), keeping its captures there: the same moves.
                    let mut copied = false;
                    for &(from, kind) in &g.ep_sources[side.index() * g.cells + ec.index()] {
                        if pos.cells[from as usize] != Occupant::piece(side, kind) {
                            continue;
                        }
                        let Some(rays) = g.kernels.rays(side, kind, CellId(from)) else {
                            self.walker
                                .walk(&board, side, kind, CellId(from), &mut sink);
                            continue;
                        };
                        if !copied {
                            self.ep_board.clear();
                            self.ep_board.extend_from_slice(&pos.cells);
                            self.ep_board[ec.index()] = victim;
                            copied = true;
                        }
                        let out = &mut *sink.out;
                        let unmoved = !pos.moved(from as usize);
                        kernel::run(rays, &self.ep_board, side, unmoved, |to, captures, ep| {
                            if captures && to == ec.0 {
                                out.push(kernel::ray_move(kind, CellId(from), to, captures, ep));
                            }
                        });
                    }
                    for m in &mut self.walked[start..] {
                        m.kind = MoveKind::EnPassant {
                            victim: CellId(pos.ep.victim),
                        };
                        m.captures_to = false;
                    }
                }
            }
        }
    }

    /// An empty move buffer from the pool.
    pub(crate) fn buffer(&mut self) -> Vec<GameMove> {
        let mut b = self.pool.pop().unwrap_or_default();
        b.clear();
        b
    }

    /// Returns a buffer taken with [`PseudoGen::buffer`] to the pool.
    pub(crate) fn give_back(&mut self, b: Vec<GameMove>) {
        self.pool.push(b);
    }
}

/// `pass when stuck`: the pass of the side to move, a null move of its piece on the
/// first cell (lowest rank, then file) holding one, as Fairy-Stockfish writes it
/// (`g7g7`); `None` when it has no piece on the board.
pub(crate) fn pass_move(g: &Game, pos: &GamePosition) -> Option<GameMove> {
    let board = g.board();
    let side = pos.side;
    (0..pos.cells.len())
        .map(|c| CellId(c as u16))
        .filter(|c| {
            let o = pos.cells[c.index()];
            !o.is_empty() && o.side() == side && !g.neutral[o.kind().index()]
        })
        .min_by_key(|&c| {
            let at = board.coord(c);
            (at.y, at.x)
        })
        .map(|c| GameMove::simple(MoveKind::Normal, pos.cells[c.index()].kind(), c, c))
}

/// Whether `cell`'s file holds `occ` `n` times or more elsewhere.
fn file_count(g: &Game, pos: &GamePosition, cell: CellId, occ: Occupant, n: u8) -> bool {
    let board = g.board();
    let x = board.coord(cell).x;
    (0..board.height() as i16)
        .filter(|&y| {
            board
                .cell_at(crate::ir::Coord { x, y })
                .is_some_and(|c| pos.cells[c.index()] == occ)
        })
        .nth(usize::from(n) - 1)
        .is_some()
}

/// Whether `side` may drop `piece` on `c` as far as every drop goes: the cell is empty,
/// not forbidden by the drop's zone, and (unless the drop may be stuck) the piece could
/// still move from it. The plain drops and the placed ones (`placed_drops`) both ask it.
#[inline]
fn drop_cell_open(
    g: &Game,
    pos: &GamePosition,
    side: Side,
    piece: PieceId,
    limits: &crate::DropLimits,
    c: CellId,
) -> bool {
    pos.cells[c.index()].is_empty()
        && !limits.forbidden[c.index()]
        && (limits.stuck || !g.dead(side, piece, c))
}

/// A piece activated in a cascade, as its teleports need it (`teleport`): the piece,
/// the kind whose patterns it walks, the kind it teleports as, its cell.
#[derive(Clone, Copy)]
pub(crate) struct Activated {
    pub(crate) piece: Occupant,
    pub(crate) walk_as: PieceId,
    pub(crate) teleports_as: PieceId,
    pub(crate) at: CellId,
}
