//! judged: the legal list and the legal count of a node judged by [`Safety`] — the
//! pseudo-legal moves of the side to move found by the kernels (rays, hurdle lines,
//! and, for the engine's list, whole destination sets from [`reach`]), each kept or
//! dropped by its cells alone where [`Safety`] can tell, by the full test otherwise.
//! Why a move's cells judge it: the module docs of [`super::safety`].
//!
//! Owns the engine's legal list of compact moves built on it
//! ([`MoveGenerator::legal_list`]; the encoding is `compact`'s).

use super::quick::Quick;
use super::safety::{Safety, NO_ROYAL};
use crate::compact::{MoveList, MoveOut};
use crate::ids::CellId;
use crate::kernel::bits::{holding, Bits, Cells};
use crate::kernel::exposure::Exposure;
use crate::kernel::plan::Plan;
use crate::kernel::{self, reach, shifts, with_bits, Bitboards};
use crate::movegen::{expand_promotions, Destinations, Keep, Plies};
use crate::walk::{Occupant, Ply, Sink};
use crate::{GameMove, GamePosition, MoveGenerator};

/// The moves of a piece in the legal list: in a simple node, for a piece judged by
/// its destination, only those to the cells [`Safety::allowed`] gives it (`allow`),
/// expanded where a move of the piece may promote (`promotes`), and with `FW` those
/// to a cell a forward walk looked at (`forward`) set aside to be judged in full; for
/// any other piece, every move, expanded (`allow` and `promotes` every cell).
struct Allowed<'a, B, const FW: bool> {
    allow: &'a B,
    promotes: &'a B,
    forward: Option<&'a kernel::ForwardCells>,
    /// `allow` holds every cell and `promotes` none: every move is kept as it is,
    /// but for those set aside beside forward walks (`FW`).
    open: bool,
}

impl<B: Bits, const FW: bool> Destinations for Allowed<'_, B, FW> {
    #[inline(always)]
    fn keep(&self, to: usize) -> Keep {
        if FW && self.forward.is_some_and(|fw| fw.marked(to)) {
            Keep::Defer
        } else if self.open {
            Keep::AsIs
        } else if !self.allow.has(to) {
            Keep::No
        } else if self.promotes.has(to) {
            Keep::Expanded
        } else {
            Keep::AsIs
        }
    }

    #[inline(always)]
    fn as_is(&self) -> bool {
        !FW && self.open
    }
}

/// Counts the plies of one walk of a non-royal piece whose destinations are allowed
/// (see [`Safety::allowed`]); plies that need more (promotions, pushes, captures in
/// passing) become moves in `deferred`.
struct AllowedCount<'a, B> {
    allow: B,
    promo_to: &'a [bool],
    /// Destinations looked at by a forward walk: deferred too.
    forward: &'a kernel::ForwardCells,
    /// A blast game: captures and destinations not allowed deferred too (tested in
    /// full).
    blast: bool,
    count: u64,
    deferred: &'a mut Vec<GameMove>,
}

/// Whether a move of a counted piece ending on `to` must be tested in full rather than
/// counted by its destination: it does more than leave its start and fill `to`
/// (`acts`: a push, a conversion, a capture in passing), may promote there
/// (`promo_to`), or ends on a cell a forward walk looked at.
#[inline(always)]
fn tested_in_full(
    to: usize,
    acts: bool,
    promo_to: &[bool],
    forward: &kernel::ForwardCells,
) -> bool {
    acts || promo_to.get(to).copied().unwrap_or(false) || forward.marked(to)
}

impl<B: Bits> Sink for AllowedCount<'_, B> {
    #[inline]
    fn ply(&mut self, ply: &Ply<'_>) {
        let to = ply.to.index();
        let acts = ply.push_to.is_some()
            || ply.convert.is_some()
            || ply.passing_captures().next().is_some();
        let blast = self.blast && (ply.captures_to || !self.allow.has(to));
        if blast || tested_in_full(to, acts, self.promo_to, self.forward) {
            Plies {
                out: self.deferred,
                only_capture_on: None,
            }
            .ply(ply);
        } else if self.allow.has(to) {
            self.count += 1;
        }
    }
}

/// The legal moves of the royal on `royal` of the side to move whose destinations are
/// `to` (its reach, none of it promoting): each destination asked of the attack kernel
/// with the start emptied and the destination taken, as `Safety::verdict` asks it of a
/// royal's move (no move built).
#[inline(always)]
fn royal_moves<B: Bits>(
    k: &Exposure<B>,
    s: &Safety<B>,
    pos: &GamePosition,
    royal: usize,
    to: B,
) -> u64 {
    let (them, occ) = (pos.side.opponent(), s.occ & !B::bit(royal));
    let mut count = 0;
    for t in Cells::of(to) {
        let (occ, theirs) = (occ | B::bit(t), s.theirs & !B::bit(t));
        count += u64::from(!k.attacked(them, t, occ, theirs, &pos.cells));
    }
    count
}

impl MoveGenerator<'_> {
    /// Replaces `out` with the legal moves of the side to move as compact moves: the
    /// moves of [`MoveGenerator::legal_moves`], each once, built without a full
    /// [`GameMove`] per move where the game has a bitboard kernel. An engine's move
    /// list: its order is not `legal_moves`' (an engine orders moves itself). Where
    /// the kernel judges a node by checkers and pins, the pieces whose moves are told
    /// by their destinations come first, each as a set (cell order: moves opening en
    /// passant, captures, then quiet moves), then the other moves in the walk's order.
    pub fn legal_list(&mut self, pos: &mut GamePosition, out: &mut MoveList) {
        let g = self.pseudo.game;
        // The kernel's rays write compact moves without testing that they fit.
        let fits = MoveList::fits(g.cells, g.pieces);
        if g.ended_at_once(pos) {
            out.clear();
            return;
        }
        if fits
            && !self.facing_now(pos)
            && g.must_capture.is_none()
            && !g.evasion_captures
            && !g.drop_phase.as_ref().is_some_and(|ph| ph.first)
            && !g.gating_live(pos)
            && self.legal_moves_bits(pos, out)
        {
            return;
        }
        let mut moves = self.pseudo.buffer();
        self.legal_moves(pos, &mut moves);
        out.clear();
        for &m in &moves {
            out.push(m);
        }
        self.pseudo.give_back(moves);
    }

    /// [`MoveGenerator::legal_moves`] judged by the bitboard kernel; false (and `out`
    /// untouched) when the game has no kernel or the side to move has several royals.
    pub(crate) fn legal_moves_bits<O: MoveOut>(
        &mut self,
        pos: &mut GamePosition,
        out: &mut O,
    ) -> bool {
        let g = self.pseudo.game;
        if g.blast_counts {
            // The kernel judges a blast game's counts only (`count_legal_bits`).
            return false;
        }
        with_bits!(&g.bits, k => self.legal_with(k, pos, out), None => false)
    }

    fn legal_with<B: Bits, O: MoveOut>(
        &mut self,
        bb: &Bitboards<B>,
        pos: &mut GamePosition,
        out: &mut O,
    ) -> bool {
        let k = &bb.exposure;
        let Some(royal) = Safety::<B>::royal_of(pos) else {
            return false;
        };
        let s = Safety::compute(k, pos, royal);
        if !self.mark_forward(bb, pos, s.occ) {
            return false;
        }
        out.clear();
        // The pseudo-legal moves (a game with a kernel has no effects), castling's
        // safe cells asked of the kernel, then the illegal ones dropped in place. In a
        // simple node, the moves of a piece judged by its destination alone (not
        // listed, no promotion to a royal kind) are kept only where allowed as they
        // are found, so they need no verdict after.
        // With forward-answered pieces marking cells this node, a destination alone
        // does not judge a move that touches a marked cell (the kernel does not hold
        // those pieces' attacks): in `legal_moves`, whose order is the walk's, no move
        // is judged by its destination; in the engine's list, a piece off the marked
        // cells is, but for its moves onto them, set aside and judged in full after.
        let fw_on = self.kernel_forward.on;
        let simple = s.simple() && (!fw_on || O::SETS);
        let royal_promo = std::mem::take(&mut self.royal_promotion);
        let mut mine = s.occ & !s.theirs;
        self.pseudo.deferred.clear();
        if O::SETS && simple && reach::Reach::<B>::BUILT {
            // Pieces whose moves are told by their destinations: their legal moves
            // written first, as sets (reach and allowed cells), and not walked.
            mine = if fw_on {
                self.set_moves::<true, B, O>(bb, &s, pos, mine, &royal_promo, out)
            } else {
                self.set_moves::<false, B, O>(bb, &s, pos, mine, &royal_promo, out)
            };
        }
        let from_sets = out.count();
        let cells = Cells::of(mine);
        let judged = if fw_on {
            // The forward marks, read while the walk writes into the generator's
            // buffers.
            let forward = std::mem::take(&mut self.kernel_forward);
            let judged = self.walk_judged::<true, B, O>(
                bb,
                &s,
                pos,
                cells,
                out,
                simple,
                &royal_promo,
                Some(&forward),
            );
            self.kernel_forward = forward;
            judged
        } else {
            self.walk_judged::<false, B, O>(bb, &s, pos, cells, out, simple, &royal_promo, None)
        };
        self.royal_promotion = royal_promo;
        self.castlings_with(bb, &s, pos, out);
        self.pseudo.drops(pos, out);
        out.retain_judged(
            from_sets,
            |from| judged.has(from),
            |m| self.legal_by_kernel(bb, &s, pos, m),
        );
        if !self.pseudo.deferred.is_empty() {
            let deferred = std::mem::take(&mut self.pseudo.deferred);
            for m in &deferred {
                if self.legal_by_kernel(bb, &s, pos, m) {
                    out.push(*m);
                }
            }
            self.pseudo.deferred = deferred;
        }
        true
    }

    /// Whether the pseudo-legal move `m` is legal: the kernel's verdict, or the full
    /// test where the kernel cannot tell.
    #[inline(never)]
    fn legal_by_kernel<B: Bits>(
        &mut self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &mut GamePosition,
        m: &GameMove,
    ) -> bool {
        match self.kernel_verdict(bb, s, pos, m) {
            Quick::Legal => true,
            Quick::Illegal => false,
            Quick::Unknown => self.is_legal(pos, m),
        }
    }

    /// Walks the pieces on `cells` into `out` ([`PseudoGen::walked_moves_kept`](crate::movegen::PseudoGen::walked_moves_kept)):
    /// in a `simple` node, a piece judged by its destination (not listed, no promotion
    /// to a royal kind, with `FW` not on a cell a forward walk looked at) only where
    /// [`Safety::allowed`], its moves onto such cells (`FW`) set aside in
    /// [`PseudoGen::deferred`](crate::movegen::PseudoGen::deferred). Returns the cells of the pieces judged.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn walk_judged<const FW: bool, B: Bits, O: MoveOut>(
        &mut self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        cells: impl Iterator<Item = usize>,
        out: &mut O,
        simple: bool,
        royal_promo: &[bool],
        forward: Option<&kernel::ForwardCells>,
    ) -> B {
        let side = pos.side.index() * self.pseudo.game.pieces;
        let mut judged = B::ZERO;
        self.pseudo.walked_moves_kept(pos, cells, out, |i, kind| {
            let at = side + kind.index();
            let on_marked = FW && forward.is_some_and(|fw| fw.marked(i));
            if simple && !bb.listed_from[at].has(i) && !royal_promo[at] && !on_marked {
                judged.set(i);
                let (allow, open) = s.allowed_open(i);
                Allowed::<B, FW> {
                    allow,
                    promotes: &bb.promotes[at],
                    forward,
                    open: open && bb.never_promotes[at],
                }
            } else {
                Allowed {
                    allow: &bb.all,
                    promotes: &bb.all,
                    forward: None,
                    open: false,
                }
            }
        });
        judged
    }

    /// Writes to `out` the legal moves of the pieces of `mine` (of the side to move, in
    /// a simple node) whose moves are told by their destinations: not listed, no
    /// promotion to a royal kind, a reach without en passant landings
    /// ([`reach::Reach::sets`]) none of whose destinations promotes. Their moves are
    /// their reach within [`Safety::allowed`]; with `FW` (forward walks marked cells
    /// this node), a piece on a marked cell is walked, and moves onto marked cells are
    /// set aside in [`PseudoGen::deferred`](crate::movegen::PseudoGen::deferred). Returns the rest of `mine`, to walk.
    #[inline(always)]
    fn set_moves<const FW: bool, B: Bits, O: MoveOut>(
        &mut self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        mine: B,
        royal_promo: &[bool],
        out: &mut O,
    ) -> B {
        let (g, side) = (self.pseudo.game, pos.side);
        let fw = &self.kernel_forward;
        let mut rest = mine;
        for i in Cells::of(mine) {
            let kind = pos.cells[i].kind();
            let at = side.index() * g.pieces + kind.index();
            if !bb.reach.sets(side, kind).has(i)
                || bb.listed_from[at].has(i)
                || royal_promo[at]
                || (FW && fw.marked(i))
            {
                continue;
            }
            let Some(to) = bb
                .reach
                .of((side, kind, i), s.occ, s.theirs, || !pos.moved(i))
            else {
                continue;
            };
            if !(to & bb.promotes[at]).is_zero() {
                continue;
            }
            rest = rest ^ B::bit(i);
            let base = O::ray_base(kind, CellId(i as u16));
            let ep = bb.reach.ep_cells(side, kind, i);
            let mut to = to;
            if FW {
                // Moves onto a cell a forward walk looked at: judged in full after.
                let mut marked = B::ZERO;
                for c in Cells::of(to).filter(|&c| fw.marked(c)) {
                    marked.set(c);
                }
                to = to ^ marked;
                let from = CellId(i as u16);
                self.pseudo
                    .deferred
                    .push_set((kind, from), marked, s.theirs, ep);
            }
            out.push_set(base, to & *s.allowed(Some(i)), s.theirs, ep);
        }
        rest
    }

    /// [`MoveGenerator::count_legal`] judged by the bitboard kernel, the moves of
    /// non-royal pieces counted by destination straight from their walks; `None` when
    /// the game has no kernel or the side to move has several royals.
    ///
    /// While the side to move may gate ([`Game::gating_live`]), the gating moves are
    /// counted beside the legal moves they copy (`Gating::entering`), in a game
    /// without pieces answered forward and without moves that move or turn the piece
    /// met (`None` there: the list counts them).
    ///
    /// A blast game (`Game::blast_counts`): the moves that capture nothing and that
    /// the kernel allows are counted by destination (the kernel's attackers include
    /// the enemy king, so a move it finds safe is safe under the blast rule, as the
    /// quick test's `Legal` is); every other move is tested in full.
    pub(crate) fn count_legal_bits(&mut self, pos: &mut GamePosition) -> Option<u64> {
        let g = self.pseudo.game;
        if g.blast_counts {
            return with_bits!(&g.bits, k => if k.forward {
                None
            } else {
                self.count_with::<_, false, false, true>(k, pos)
            }, None => None);
        }
        if g.gating_live(pos) {
            if g.moves_met {
                return None;
            }
            return with_bits!(&g.bits, k => if k.forward {
                None
            } else {
                self.count_with::<_, false, true, false>(k, pos)
            }, None => None);
        }
        with_bits!(&g.bits, k => if k.forward {
            self.count_with::<_, true, false, false>(k, pos)
        } else {
            self.count_with::<_, false, false, false>(k, pos)
        }, None => None)
    }

    /// [`MoveGenerator::count_legal_bits`] at word width `B`; `FORWARD`: the game has
    /// pieces answered forward ([`Bitboards::forward`]; a constant, so that the other
    /// games' counting loop carries no test for them).
    /// `GATE`: the side to move may gate; each legal move also counts the gating
    /// moves beside it. `BLAST`: a blast game; only allowed moves that capture nothing
    /// are counted by destination, the others tested in full (`is_legal`).
    fn count_with<B: Bits, const FORWARD: bool, const GATE: bool, const BLAST: bool>(
        &mut self,
        bb: &Bitboards<B>,
        pos: &mut GamePosition,
    ) -> Option<u64> {
        let g = self.pseudo.game;
        let entering = if GATE {
            g.gating.as_deref().map(|gt| gt.entering(g, pos))
        } else {
            None
        };

        let k = &bb.exposure;
        let side = pos.side;
        let royal = Safety::<B>::royal_of(pos)?;
        if BLAST && royal == NO_ROYAL {
            // A blast game's side without its royal: the blast tests below ask it.
            return None;
        }
        let s = Safety::compute(k, pos, royal);
        if FORWARD && !self.mark_forward(bb, pos, s.occ) {
            return None;
        }
        let forward = FORWARD && self.kernel_forward.on;
        let mut count = 0u64;
        self.pseudo.walked.clear();
        let simple = s.simple();
        // Kinds counted at once (pawns): their pieces that are not pinned gathered by
        // slot, and counted after the loop (`shifts`).
        let at_once = !GATE && !BLAST && !FORWARD && simple && !bb.shifts.kinds(side).is_empty();
        let mut gathered = [B::ZERO; shifts::MAX_KINDS];
        // The kinds' plans (`kernel::plan`) in the node they are made for: one lookup
        // per piece for the common cases, the general path below for the rest.
        let planned = !GATE && !BLAST && !FORWARD && simple && reach::Reach::<B>::BUILT;
        let mut rest = s.occ & !s.theirs;
        if planned {
            // A loop of its own, so that the general path's state stays out of it;
            // the pieces without a plan here are left to the general loop below.
            // The kinds counted at once, found in one pass each (their plan is
            // `Gather` exactly on `Shifts::from`): the pieces not pinned there are
            // gathered without a lookup per piece.
            for (slot, &kind) in bb.shifts.kinds(side).iter().enumerate() {
                let set = holding::<B>(&pos.cells, Occupant::piece(side, kind))
                    & bb.shifts.from(side, kind)
                    & !s.pinned;
                gathered[slot] = set;
                rest &= !set;
            }
            let plans = bb.plans.side(side);
            let mut other = B::ZERO;
            for i in Cells::of(rest) {
                match plans.of(pos.cells[i].kind(), i) {
                    Plan::Gather(slot) if !s.pinned.has(i) => gathered[slot as usize].set(i),
                    Plan::SweptReach(w) => {
                        let to = bb.reach.of_swept(w, s.occ, s.theirs);
                        count += (to & *s.allowed(Some(i))).count() as u64;
                    }
                    Plan::SweptRoyal(w) if i == royal => {
                        let to = bb.reach.of_swept(w, s.occ, s.theirs);
                        count += royal_moves(k, &s, pos, i, to);
                    }
                    Plan::Reach(t) => {
                        let t = bb.plans.tree(t);
                        let to = bb.reach.of_planned(t, s.occ, s.theirs, || !pos.moved(i));
                        count += (to & *s.allowed(Some(i))).count() as u64;
                    }
                    Plan::Royal(t) if i == royal => {
                        let t = bb.plans.tree(t);
                        let to = bb.reach.of_planned(t, s.occ, s.theirs, || !pos.moved(i));
                        count += royal_moves(k, &s, pos, i, to);
                    }
                    _ => other.set(i),
                }
            }
            rest = other;
        }
        for i in Cells::of(rest) {
            let kind = pos.cells[i].kind();
            if at_once {
                let slot = bb.shifts.slot(side, kind);
                if slot != shifts::NONE && !s.pinned.has(i) && bb.shifts.from(side, kind).has(i) {
                    gathered[slot as usize].set(i);
                    continue;
                }
            }
            let from = CellId(i as u16);
            let promo = side.index() * g.pieces + kind.index();
            if !GATE && !BLAST && !FORWARD && i == royal && reach::Reach::<B>::BUILT {
                // The royal's moves, by its reach: each destination asked of the
                // kernel with the start emptied and the destination taken, as
                // `Safety::verdict` asks it of a royal's move (no move built).
                let to = bb
                    .reach
                    .of((side, kind, i), s.occ, s.theirs, || !pos.moved(i));
                if let Some(to) = to.filter(|to| (*to & bb.promotes[promo]).is_zero()) {
                    count += royal_moves(k, &s, pos, i, to);
                    continue;
                }
            }
            // Each legal move of the piece counts this many: itself and the gating
            // moves beside it.
            let n: u64 = if GATE {
                1 + entering.as_ref().map_or(0, |e| e.at(i))
            } else {
                1
            };
            // Royal moves, complex nodes and promotions on leaving a zone: listed.
            let listed = !simple
                || bb.listed_from[promo].has(i)
                || (forward && self.kernel_forward.marked(i));
            if !BLAST && !listed && !forward && reach::Reach::<B>::BUILT {
                let at = (side, kind, i);
                if let Some(to) = bb.reach.of(at, s.occ, s.theirs, || !pos.moved(i)) {
                    // Moves that may promote are expanded and tested one by one.
                    if (to & bb.promotes[promo]).is_zero() {
                        count += (to & *s.allowed(Some(i))).count() as u64 * n;
                        continue;
                    }
                }
            }
            if BLAST && !listed && reach::Reach::<B>::BUILT {
                if let Some(n) = self.blast_reach_count(bb, &s, pos, i) {
                    count += n;
                    continue;
                }
            }
            let allow = *s.allowed(Some(i));
            let promo_to = &g.promo_to[promo];
            match g.kernels.rays(side, kind, from) {
                Some(rays) => {
                    let walked = &mut self.pseudo.walked;
                    let fw = &self.kernel_forward;
                    kernel::run(rays, &pos.cells, side, !pos.moved(i), |to, captures, ep| {
                        let t = to as usize;
                        if listed
                            || promo_to.get(t).copied().unwrap_or(false)
                            || (forward && fw.marked(t))
                            || (BLAST && (captures || !allow.has(t)))
                        {
                            walked.push(kernel::ray_move(kind, from, to, captures, ep));
                        } else if allow.has(t) {
                            count += n;
                        }
                    });
                }
                None if g.reverse.forward_only()[kind.index()] => {
                    // Answered forward: the walk's moves, cached while what it read
                    // holds, each counted or set aside as `AllowedCount` would.
                    let moves =
                        self.pseudo
                            .own_walks
                            .moves(&mut self.pseudo.walker, pos, side, kind, from);
                    let fw = &self.kernel_forward;
                    for m in moves {
                        let t = m.to.index();
                        let acts = m.push_to.is_some() || m.convert.is_some() || m.n_passing > 0;
                        let blast = BLAST && (m.is_capture() || !allow.has(t));
                        if listed || blast || tested_in_full(t, acts, promo_to, fw) {
                            self.pseudo.walked.push(*m);
                        } else if allow.has(t) {
                            count += n;
                        }
                    }
                }
                None if listed => {
                    let mut sink = Plies {
                        out: &mut self.pseudo.walked,
                        only_capture_on: None,
                    };
                    self.pseudo.walker.walk(pos, side, kind, from, &mut sink);
                }
                None => {
                    let mut sink = AllowedCount {
                        allow,
                        promo_to,
                        forward: &self.kernel_forward,
                        blast: BLAST,
                        count: 0,
                        deferred: &mut self.pseudo.walked,
                    };
                    self.pseudo.walker.walk(pos, side, kind, from, &mut sink);
                    count += sink.count * n;
                }
            }
        }
        if at_once {
            for (slot, &kind) in bb.shifts.kinds(side).iter().enumerate() {
                let set = gathered[slot];
                count += bb
                    .shifts
                    .count((side, kind), set, s.occ, s.theirs, *s.allowed(None));
            }
        }
        if !pos.ep.is_none() {
            self.pseudo.en_passant_moves(pos);
        }
        let mut pending = self.pseudo.buffer();
        for m in self.pseudo.walked.drain(..) {
            expand_promotions(g, pos, m, &mut pending);
        }
        if BLAST {
            // Castling beside a blast: generated, and tested in full below.
            self.pseudo.castling_moves(pos, &mut pending);
        } else {
            self.castlings_with(bb, &s, pos, &mut pending);
        }
        self.pseudo.drops(pos, &mut pending);
        for m in pending.iter() {
            if BLAST {
                // What the kernel finds safe is safe under the blast rule; the rest
                // tested in full.
                let safe = self.blast_kernel_safe(bb, &s, pos, m);
                count += u64::from(safe || self.is_legal(pos, m));
                continue;
            }
            let legal = u64::from(self.legal_by_kernel(bb, &s, pos, m));
            if !GATE {
                count += legal;
            } else if legal != 0 {
                count += 1 + entering.as_ref().map_or(0, |e| e.beside(g, m));
            }
        }
        self.pseudo.give_back(pending);
        Some(count)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, GameMove, MoveList};

    /// A 26×26 chess-like game with a hook mover (two-leg rides: on a board this big,
    /// shared patterns, answered by walking them forward): the engine's list judges moves by their destinations except where
    /// the opponent's hook mover looks, and those moves, set aside, are judged in full.
    /// Along seeded random playouts the list holds exactly the legal moves, and the
    /// set-aside path was taken.
    #[test]
    fn the_list_beside_forward_walked_pieces_holds_the_legal_moves() {
        let src = "board square 26x26\nroyal King\n\
            piece King (K) { step any }\npiece Queen (Q) { ride any }\n\
            piece Rook (R) { ride orthogonal }\npiece Bishop (B) { ride diagonal }\n\
            piece Knight (N) { leap (1,2) }\n\
            piece Pawn (P) { step forward, move only\n step forward-diagonal, capture only }\n\
            piece HookMover (W) { ride orthogonal\n ride orthogonal then ride turn ±90 }\n";
        let game = Game::compile(src).expect("compiles");
        let fen = format!(
            "8rnbqkwbnr9/8ppppppppp9/{}8PPPPPPPPP9/8RNBQKWBNR9 w - - 0 1",
            "26/".repeat(22)
        );
        let mut generator = game.move_generator();
        let (mut full, mut list) = (Vec::new(), MoveList::new());
        let sorted = |moves: &[GameMove]| {
            let mut v: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
            v.sort();
            v
        };
        let (mut seed, mut set_aside) = (0x5eed_u64, 0);
        for _ in 0..6 {
            let mut pos = game.position(&fen).expect("FEN");
            for _ in 0..40 {
                generator.legal_moves(&mut pos, &mut full);
                generator.legal_list(&mut pos, &mut list);
                set_aside += generator.pseudo.deferred.len();
                let listed: Vec<GameMove> = list.game_moves().collect();
                assert_eq!(sorted(&listed), sorted(&full), "{}", game.fen(&pos));
                if full.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = full[(seed >> 33) as usize % full.len()];
                game.make(&mut pos, &m);
            }
        }
        assert!(set_aside > 100, "only {set_aside} moves set aside");
    }
}
