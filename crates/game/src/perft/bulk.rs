//! bulk: perft's last ply — the number of legal moves of a position
//! ([`MoveGenerator::count_legal`]), most of them counted straight from the walks without
//! being built: a piece the quick test covers (not royal, not promoting, not pinned as
//! far as the x-ray walks tell) has its moves counted by their destination alone
//! ([`LeafCount`]); the others are built and tested.

use crate::attack::marks::{Marks, XRays};
use crate::ids::{CellId, PieceId, Side};
use crate::kernel;
use crate::kernel::counted::Counted;
use crate::legality::quick::Quick;
use crate::legality::TheirSets;
use crate::movegen::{expand_promotions, Plies};
use crate::table::Rays;
use crate::walk::{Occupancy, Ply, Sink};
use crate::{GameMove, GamePosition, MoveGenerator};

/// Counts the plies of one walk (a plain piece: not royal, no promotion, not on a
/// facing line) that the quick legality test passes by their destination; the
/// others become moves in `deferred`, tested in full later.
pub(super) struct LeafCount<'a> {
    marks: &'a Marks,
    /// When the start cell is marked (`use_x`): the x-ray marks of the piece there.
    xrays: &'a XRays,
    from: CellId,
    use_x: bool,
    /// The table has passing captures.
    passing: bool,
    /// A blast game ([`crate::legality::quick::QuickState::blast`]): captures are
    /// tested in full.
    blast: bool,
    /// Per cell: a promotion rule applies to a move ending there (empty: none does).
    promo_to: &'a [bool],
    count: u64,
    deferred: &'a mut Vec<GameMove>,
}

impl Sink for LeafCount<'_> {
    #[inline]
    fn ply(&mut self, ply: &Ply<'_>) {
        let to = ply.to.index();
        let defer = self.marks.put(to)
            || (self.use_x && self.xrays.put(to, self.from))
            || (self.passing && ply.passing_captures().next().is_some())
            || (self.blast && ply.captures_to)
            || ply.push_to.is_some()
            || self.promo_to.get(to).copied().unwrap_or(false);
        if defer {
            Plies {
                out: self.deferred,
                only_capture_on: None,
            }
            .ply(ply);
        } else {
            self.count += 1;
        }
    }
}

/// Appends a move the bulk count leaves to the full test (kept out of the counting
/// loop, where most moves are counted).
#[cold]
#[inline(never)]
fn defer(walked: &mut Vec<GameMove>, m: GameMove) {
    walked.push(m);
}

impl MoveGenerator<'_> {
    /// The count after [`MoveGenerator::prepare_quick`] returned true: every piece of the
    /// side to move walked counting, then the rest.
    pub(crate) fn count_prepared(&mut self, pos: &mut GamePosition) -> u64 {
        let g = self.pseudo.game;
        self.pseudo.walked.clear();
        if let Some(counted) = g.counted.as_deref() {
            if !self.quick.blast && !self.quick.forward_on {
                return self.count_by_sets(pos, counted) + self.count_rest(pos, None);
            }
        }
        let mut count = 0u64;
        for i in kernel::bits::pieces_of(&pos.cells, pos.side) {
            count += self.count_piece(pos, i);
        }
        count + self.count_rest(pos, None)
    }

    /// The moves of the piece of the side to move on cell `i` that the quick test
    /// passes, counted by its rays, hurdle lines or walk; the others appended to
    /// `self.pseudo.walked`.
    #[inline(always)]
    fn count_piece(&mut self, pos: &GamePosition, i: usize) -> u64 {
        let kernels = &self.pseudo.game.kernels;
        let (side, kind, from) = (pos.side, pos.cells[i].kind(), CellId(i as u16));
        if let Some(rays) = kernels.rays(side, kind, from) {
            self.count_rays(pos, i, rays)
        } else if kernels.hurdles(side, kind, from).is_some() {
            self.count_hurdles(pos, i)
        } else {
            self.walk_counting(pos, pos, i)
        }
    }

    /// [`MoveGenerator::count_prepared`]'s walks in a game without a bitboard kernel
    /// that has reaches ([`Counted`]; not a blast game, no attacker answered
    /// forward). A piece with a reach there (never royal, never promoting) that stands
    /// on no facing line and on no cell the royal's query looked at (a possible pin)
    /// has one legal move per cell of its reach, unless the reach holds a `put` cell of
    /// the quick test (none where the royal's attackers are out of reach): then it is
    /// walked, as the pieces without a reach are. The royal's plain moves are judged
    /// as [`MoveGenerator::count_rest`] does, by where attackers could stand
    /// ([`MoveGenerator::count_royal`]), without building them.
    fn count_by_sets(&mut self, pos: &GamePosition, counted: &Counted) -> u64 {
        let g = self.pseudo.game;
        let side = pos.side;
        let (occ, second) = if self.quick.sets_for(pos) {
            (self.quick.occ, self.quick.second)
        } else {
            kernel::bits::occupancy::<u128>(&pos.cells)
        };
        let (own, foes) = if side == Side::First {
            (occ & !second, second)
        } else {
            (second, occ & !second)
        };
        // Empty where the royal's attackers are out of reach (nothing marked).
        let put = self.quick.marks.put_set();
        let facing = g.no_facing;
        let by_reach = self.royal_moves_by_reach(pos);
        let mut count = 0u64;
        let mut rest = own;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let kind = pos.cells[i].kind();
            // Not royal, never promoting: plain unless on a facing line or a cell the
            // royal's query looked at.
            let plain = || {
                !(self.quick.marks.seen(i)
                    || (facing && self.quick.facing[i] == self.quick.marks.stamp))
            };
            if let Some(t) = counted.tree(side, kind, i) {
                if plain() {
                    let to = counted.reach(t, occ, foes, || !pos.moved(i));
                    if to & put == 0 {
                        count += kernel::counted::count(to);
                        continue;
                    }
                }
            } else if let (first, n @ 1..) = counted.hurdles(side, kind, i) {
                if plain() {
                    let to = counted.hurdle_reach((first, n), &pos.cells, occ, foes);
                    if to & put == 0 {
                        count += kernel::counted::count(to);
                        continue;
                    }
                }
            } else if by_reach && g.royal[kind.index()] {
                if let Some(rays) = g.kernels.rays(side, kind, CellId(i as u16)) {
                    count += self.count_royal(pos, i, rays, foes);
                    continue;
                }
            }
            count += self.count_piece(pos, i);
        }
        count
    }

    /// The royal's moves by its rays (the single royal of a game whose royal moves are
    /// judged by reach, [`MoveGenerator::royal_moves_by_reach`]): a move whose
    /// destination no attacker could reach ([`MoveGenerator::royal_move_out_of_reach`])
    /// is counted, the others appended to `self.pseudo.walked` for the full test.
    /// `foes`: the cells of the other side's pieces.
    fn count_royal(&mut self, pos: &GamePosition, i: usize, rays: Rays<'_>, foes: u128) -> u64 {
        let g = self.pseudo.game;
        let (side, kind, from) = (pos.side, pos.cells[i].kind(), CellId(i as u16));
        if g.promo_to[side.index() * g.pieces + kind.index()].contains(&true) {
            return self.count_rays(pos, i, rays);
        }
        let built;
        let theirs = if self.quick.sets_for(pos) {
            &self.quick.theirs
        } else {
            built = TheirSets::of_cells(g, pos, foes);
            &built
        };
        let (theirs, them) = (theirs.get(), side.opponent());
        let walked = &mut self.pseudo.walked;
        let mut count = 0;
        kernel::run(rays, &pos.cells, side, !pos.moved(i), |to, captures, ep| {
            // A ray's move is a plain one: `royal_move_out_of_reach`'s test.
            if g.reverse
                .out_of_reach_among(them, CellId(to), theirs, |c| pos.cells[c])
            {
                count += 1;
            } else {
                walked.push(kernel::ray_move(kind, from, to, captures, ep));
            }
        });
        count
    }

    /// Counts the moves left after the walks: those in `self.pseudo.walked` (expanded by
    /// promotions), en passant, castling and drops, each tested. With `castlings`,
    /// the legal castlings are known (perft's children take the parent's) and only
    /// the drops are generated.
    pub(crate) fn count_rest(&mut self, pos: &mut GamePosition, castlings: Option<u64>) -> u64 {
        let g = self.pseudo.game;
        let mut count = 0;
        self.pseudo.en_passant_moves(pos);
        let mut pending = self.pseudo.buffer();
        for m in self.pseudo.walked.drain(..) {
            expand_promotions(g, pos, m, &mut pending);
        }
        match castlings {
            Some(n) => {
                count += n;
                self.pseudo.drops(pos, &mut pending);
            }
            None => self.pseudo.castling_and_drops(pos, &mut pending),
        }
        // Callers count here only where the royals do not face (`facing_now`), so
        // the full test needs no facing check per move.
        debug_assert!(!self.facing_now(pos));
        // The cells of the other side's pieces by kind, when royal moves are judged
        // by reach: built for the first royal move the quick test leaves open.
        let by_reach = self.royal_moves_by_reach(pos);
        let mut sets: Option<TheirSets> = None;
        for m in pending.iter() {
            let legal = match self.quick(pos, m) {
                Quick::Legal => true,
                Quick::Illegal => false,
                Quick::Unknown => {
                    (by_reach
                        && g.royal[m.piece.index()]
                        && self.royal_move_out_of_reach(
                            pos,
                            m,
                            sets.get_or_insert_with(|| TheirSets::of(g, pos)).get(),
                        ))
                        || (!self.stop.poll() && self.is_legal_plain(pos, m))
                }
            };
            count += legal as u64;
        }
        self.pseudo.give_back(pending);
        count
    }

    /// The number of legal moves of the side to move (perft's last ply): like
    /// `legal_moves(..).len()`, but the moves that the quick test passes on their
    /// destination alone are counted straight from the walk, without building them.
    pub fn count_legal(&mut self, pos: &mut GamePosition) -> u64 {
        // With compulsory captures a move's legality depends on its siblings: count the
        // list (which asks whether an end rule ended the game).
        // Royals facing (`royals facing`): judged move by move, from the list.
        // Gating (while the side to move may gate): the bitboard kernel's count, which
        // counts the gating moves beside the moves they copy, or else the list, which
        // adds them.
        // A blast game (Atomic) whose lists are for its effects alone: counted as
        // below, its captures tested in full (`QuickState::blast`).
        let g = self.pseudo.game;
        let blast = g.blast_counts;
        let lists = (g.counts_lists() && !blast) || self.facing_now(pos);
        if !lists {
            if self.pseudo.game.ended_at_once(pos) {
                return 0;
            }
            if let Some(n) = self.count_legal_bits(pos) {
                return n;
            }
        }
        if lists || g.gating_live(pos) {
            return self.count_unprepared(pos);
        }
        if self.prepare_quick_with(pos, blast, true) {
            self.count_prepared(pos)
        } else {
            self.count_unprepared(pos)
        }
    }

    /// The count where the quick test is not prepared: by the placements (the Duck)
    /// or the legal list.
    fn count_unprepared(&mut self, pos: &mut GamePosition) -> u64 {
        // A second action after each move (the Duck): counted, not listed.
        if let Some(n) = self.count_placed(pos) {
            return n;
        }
        let mut moves = self.pseudo.buffer();
        self.legal_moves(pos, &mut moves);
        let n = moves.len() as u64;
        self.pseudo.give_back(moves);
        n
    }

    /// The count in a game whose every move is followed by a second action (`neutral
    /// Duck, after each move`, walls placed) and whose pseudo-legal moves are all legal
    /// (`no check`, as [`MoveGenerator::legal_moves`] judges it): the moves before the
    /// second action, each counted with its placements
    /// ([`crate::neutral::count_placements`]) instead of being built once per cell.
    /// `None` where the list is needed (or the game has no such action).
    #[inline(never)]
    pub(crate) fn count_placed(&mut self, pos: &mut GamePosition) -> Option<u64> {
        let g = self.pseudo.game;
        let fx = g.effects.as_deref()?;
        fx.duck?;
        // What `legal_moves` does beside the pseudo-legal list, left to it.
        if g.sokoban_reverse()
            || g.must_capture.is_some()
            || fx.lion.is_some()
            || g.drop_phase.as_ref().is_some_and(|ph| ph.first)
            || self.facing_now(pos)
        {
            return None;
        }
        if g.ended_at_once(pos) {
            return Some(0);
        }
        if !self.all_pseudo_legal(pos) {
            return None;
        }
        let mut base = self.pseudo.buffer();
        self.pseudo.pseudo_moves_unplaced(pos, &mut base);
        let walker = &mut self.pseudo.walker;
        let n = crate::neutral::count_placements(g, &fx.placement, walker, pos, &base);
        self.pseudo.give_back(base);
        // `pass when stuck`: the pass, when no move is left, is the list's.
        if n == 0 && g.ends.pass_when_stuck {
            return None;
        }
        Some(n)
    }

    /// Walks the piece of the side to move on cell `i` over `board` (the position, or
    /// the position watched): counts its moves that the quick test passes by their
    /// destination alone and appends the others to `self.pseudo.walked`. Needs
    /// [`MoveGenerator::prepare_quick`]'s state.
    pub(crate) fn walk_counting<O: Occupancy>(
        &mut self,
        board: &O,
        pos: &GamePosition,
        i: usize,
    ) -> u64 {
        let g = self.pseudo.game;
        let side = pos.side;
        let kind = pos.cells[i].kind();
        let from = CellId(i as u16);
        let promo_to = &g.promo_to[side.index() * g.pieces + kind.index()];
        if !self.plain(side, kind, i) {
            let mut sink = Plies {
                out: &mut self.pseudo.walked,
                only_capture_on: None,
            };
            self.pseudo.walker.walk(board, side, kind, from, &mut sink);
            return 0;
        }
        let mut sink = LeafCount {
            marks: &self.quick.marks,
            xrays: &self.quick.xrays,
            from,
            use_x: self.quick.marks.seen(i),
            passing: g.any_passing,
            blast: self.quick.blast,
            promo_to,
            count: 0,
            deferred: &mut self.pseudo.walked,
        };
        self.pseudo.walker.walk(board, side, kind, from, &mut sink);
        sink.count
    }

    /// [`MoveGenerator::walk_counting`] over the position itself for a piece whose tree
    /// the table compiled into rays: the same count and the same moves appended to
    /// `self.pseudo.walked`, without the interpreter.
    fn count_rays(&mut self, pos: &GamePosition, i: usize, rays: Rays<'_>) -> u64 {
        let g = self.pseudo.game;
        let side = pos.side;
        let kind = pos.cells[i].kind();
        let from = CellId(i as u16);
        let plain = self.plain(side, kind, i);
        let walked = &mut self.pseudo.walked;
        if !plain {
            kernel::run(rays, &pos.cells, side, !pos.moved(i), |to, captures, ep| {
                walked.push(kernel::ray_move(kind, from, to, captures, ep))
            });
            return 0;
        }
        // As `LeafCount` decides (rays have no passing captures and no pushes).
        let promo_to = &g.promo_to[side.index() * g.pieces + kind.index()];
        let (marks, xrays) = (&self.quick.marks, &self.quick.xrays);
        let use_x = marks.seen(i);
        let blast = self.quick.blast;
        let mut count = 0;
        kernel::run(rays, &pos.cells, side, !pos.moved(i), |to, captures, ep| {
            let t = to as usize;
            if marks.put(t)
                || (use_x && xrays.put(t, from))
                || promo_to.get(t).copied().unwrap_or(false)
                || (blast && captures)
            {
                defer(walked, kernel::ray_move(kind, from, to, captures, ep));
            } else {
                count += 1;
            }
        });
        count
    }

    /// [`MoveGenerator::count_rays`] for a piece whose tree the table compiled into
    /// hurdle lines (a cannon's): the same count and moves as the walk's.
    fn count_hurdles(&mut self, pos: &GamePosition, i: usize) -> u64 {
        let g = self.pseudo.game;
        let side = pos.side;
        let kind = pos.cells[i].kind();
        let from = CellId(i as u16);
        let Some(lines) = g.kernels.hurdles(side, kind, from) else {
            return 0;
        };
        let plain = self.plain(side, kind, i);
        let walked = &mut self.pseudo.walked;
        if !plain {
            kernel::run_hurdles(lines, &pos.cells, side, |to, captures| {
                walked.push(kernel::ray_move(kind, from, to, captures, &[]))
            });
            return 0;
        }
        // As `LeafCount` decides (hurdle lines have no passing captures, no pushes
        // and no en passant).
        let promo_to = &g.promo_to[side.index() * g.pieces + kind.index()];
        let (marks, xrays) = (&self.quick.marks, &self.quick.xrays);
        let use_x = marks.seen(i);
        let blast = self.quick.blast;
        let mut count = 0;
        kernel::run_hurdles(lines, &pos.cells, side, |to, captures| {
            let t = to as usize;
            if marks.put(t)
                || (use_x && xrays.put(t, from))
                || promo_to.get(t).copied().unwrap_or(false)
                || (blast && captures)
            {
                defer(walked, kernel::ray_move(kind, from, to, captures, &[]));
            } else {
                count += 1;
            }
        });
        count
    }

    /// Whether the moves of the piece `kind` of `side` on cell `i` may be counted
    /// by destination: not royal, not promoting from there, not on a facing line,
    /// not pinned as far as the x-ray walks tell.
    #[inline(always)]
    pub(crate) fn plain(&self, side: Side, kind: PieceId, i: usize) -> bool {
        let g = self.pseudo.game;
        let promo = side.index() * g.pieces + kind.index();
        !g.royal[kind.index()]
            && (g.promo_to[promo].is_empty() || !g.promo_from[promo][i])
            && self.quick.facing[i] != self.quick.marks.stamp
            && (!self.quick.marks.seen(i) || self.xray_ok(CellId(i as u16)))
            && !self.quick.forward_marked(i)
    }

    /// [`MoveGenerator::walk_counting`] on the moves of a walk made earlier (all of
    /// them, as [`Plies`] builds them) instead of walking: the same count, the
    /// same moves appended to `self.pseudo.walked`.
    pub(crate) fn count_listed(&mut self, side: Side, i: usize, moves: &[GameMove]) -> u64 {
        let Some(first) = moves.first() else {
            return 0;
        };
        let g = self.pseudo.game;
        let kind = first.piece;
        // Only perft's children counter, which a blast game never reaches (it counts
        // lists), so its captures need no test here.
        debug_assert!(!self.quick.blast);
        if !self.plain(side, kind, i) {
            self.pseudo.walked.extend_from_slice(moves);
            return 0;
        }
        let promo_to = &g.promo_to[side.index() * g.pieces + kind.index()];
        let from = CellId(i as u16);
        let use_x = self.quick.marks.seen(i);
        let mut n = 0;
        for m in moves {
            let to = m.to.index();
            // As `LeafCount` decides.
            let defer = self.quick.marks.put(to)
                || (use_x && self.quick.xrays.put(to, from))
                || m.n_passing > 0
                || m.push_to.is_some()
                || promo_to.get(to).copied().unwrap_or(false);
            if defer {
                self.pseudo.walked.push(*m);
            } else {
                n += 1;
            }
        }
        n
    }
}
