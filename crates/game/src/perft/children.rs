//! children: counting the children of a node together (perft one ply above its
//! last).
//!
//! On the node itself, with the other side to move, the royal's query is made once
//! (a second quick-test state) and every piece of that side is walked once through a
//! position that notes the cells each walk reads ([`Watched`], one of 64 watcher bits
//! per piece), together with the verdicts of its moves that the quick test leaves and
//! the castling moves (attack queries read through `Reads`, so their cells are
//! noted too). A child differs from the node only in the cells its move changes: if
//! none of them was read by the royal's query, the child's count is the node's total
//! minus the pieces whose watched cells the move changed, which are walked again;
//! otherwise the child makes its own query and re-sorts the stored moves of the
//! untouched pieces by it. `tests/suite/game_layer.rs` checks every child count against a
//! fresh count.

use super::siblings::Watch;
use super::Perft;
use crate::attack::forward::forward_attackers;
use crate::ids::CellId;
use crate::legality::quick::Quick;
use crate::movegen::{promotion_applies, Plies};
use crate::moves::move_cells;
use crate::walk::Occupant;
use crate::{GameMove, GamePosition, MAX_CHAIN};

impl Perft<'_> {
    /// Prepares [`Perft::count_legal_child`] for the children of `pos` (perft
    /// one ply above its last): the quick test's state for the other side (the side
    /// to move in the children) and every walk of that side's pieces, as if it were
    /// to move in `pos`, each walk noting the cells it reads.
    ///
    /// A child differs from `pos` only in the cells its move changes. The royal's
    /// attack query, its x-ray walks and the facing test read only the cells they
    /// mark (trie nodes, leaves, x-ray cells) and the moved flags of attackers on
    /// leaf cells; a walk reads only the cells it notes, and what its sink does with
    /// a move depends on those marks. So in a child whose move changes no marked
    /// cell, the state is the same, and so are the walks that read none of the
    /// changed cells: they are reused instead of recomputed.
    pub fn prepare_children(&mut self, pos: &mut GamePosition) {
        let g = self.generator.pseudo.game;
        self.parent_ready = false;
        if g.one_side {
            // The children's side is the node's: nothing to prepare for the other.
            return;
        }
        let mover = pos.side;
        self.walks.parent_cells.clone_from(&pos.cells);
        self.walks.parent_side = Some(mover);
        pos.side = mover.opponent();
        // A single royal only: then the leaves and x-rays are recorded.
        if self.generator.prepare_quick(pos) && self.generator.quick.royal.is_some() {
            self.parent_ready = true;
            self.walks.begin();
            let watch = std::mem::take(&mut self.walks.watch);
            self.generator.pseudo.walked.clear();
            for i in 0..pos.cells.len() {
                let o = pos.cells[i];
                if o.is_empty() || o.side() != pos.side {
                    continue;
                }
                let Some(bit) = self.walks.slot(i, o) else {
                    continue;
                };
                let w = Watch {
                    cells: &watch,
                    stamp: self.walks.stamp,
                    bit,
                };
                // The start cell: the piece itself (and its moved flag).
                w.mark(i);
                // All the moves of the walk, kept for children that need a quick
                // test of their own; then sorted by this node's quick test.
                let mut all = self.generator.pseudo.buffer();
                let mut sink = Plies {
                    out: &mut all,
                    only_capture_on: None,
                };
                self.generator.pseudo.walker.walk(
                    &w.over(pos),
                    pos.side,
                    o.kind(),
                    CellId(i as u16),
                    &mut sink,
                );
                self.walks.store_all(i, &all);
                self.generator.pseudo.walked.clear();
                let n = self.generator.count_listed(pos.side, i, &all);
                self.generator.pseudo.give_back(all);
                if self
                    .generator
                    .pseudo
                    .walked
                    .iter()
                    .any(|m| promotion_applies(g, pos.side, m))
                {
                    // The promotion choices may depend on the counts of pieces.
                    self.walks.store(i, n, &self.generator.pseudo.walked);
                    continue;
                }
                // The moves the quick test left: their verdicts, noting the cells
                // the tests read under the piece's bit too.
                let deferred = std::mem::take(&mut self.generator.pseudo.walked);
                let legal = self.count_legal_noting(pos, &deferred, w);
                self.generator.pseudo.walked = deferred;
                self.walks.store(i, n + legal, &[]);
            }
            // Castling, with its legality, noted under a slot of its own.
            if let Some(bit) = self.walks.castling_slot(g, pos.side) {
                let w = Watch {
                    cells: &watch,
                    stamp: self.walks.stamp,
                    bit,
                };
                let mut moves = self.generator.pseudo.buffer();
                self.generator
                    .pseudo
                    .castling_moves(&w.over(pos), &mut moves);
                let legal = self.count_legal_noting(pos, &moves, w);
                self.generator.pseudo.give_back(moves);
                let rights = pos.castling & self.walks.castling_mask;
                self.walks.castling = Some((bit, legal, rights));
            }
            self.generator.filled.cell = None;
            self.generator.pseudo.walked.clear();
            self.walks.watch = watch;
        }
        pos.side = mover;
        self.swap_parent();
    }

    /// Whether `pos` may be the child `m` leads to from the prepared position: the
    /// other side to move, and every cell `m` does not change as it was.
    fn is_child(&self, pos: &GamePosition, m: &GameMove) -> bool {
        if !self.parent_ready {
            return true;
        }
        let mut changed = Vec::new();
        move_cells(self.generator.pseudo.game, m, &mut |c| {
            changed.push(c.index())
        });
        self.walks.parent_side == Some(pos.side.opponent())
            && (0..pos.cells.len())
                .all(|i| changed.contains(&i) || self.walks.parent_cells[i] == pos.cells[i])
    }

    /// How many of `moves` (not drops that may not mate) are legal, by the quick
    /// test or else the light one, noting every cell the tests read in `w`.
    fn count_legal_noting(
        &mut self,
        pos: &mut GamePosition,
        moves: &[GameMove],
        w: Watch<'_>,
    ) -> u64 {
        let mut legal = 0;
        for m in moves {
            // No x-ray computation shared between moves: its reads would be noted
            // under the bit of the move that computed it.
            self.generator.filled.cell = None;
            let verdict = self.generator.quick(&w.over(pos), m);
            if verdict == Quick::Legal
                || (verdict == Quick::Unknown
                    && self
                        .generator
                        .is_legal_light_with(pos, m, |s, pos, royals| {
                            s.exposed(&w.over(pos), m, royals)
                        }))
            {
                legal += 1;
            }
        }
        legal
    }

    /// [`MoveGenerator::count_legal`](crate::MoveGenerator::count_legal) in the child of the position last given to
    /// [`Perft::prepare_children`] that `m` leads to (`pos` is that child), with
    /// no other use of this counter in between. The count relies on that: given
    /// any other position it may be wrong (debug builds check the pieces).
    pub fn count_legal_child(&mut self, pos: &mut GamePosition, m: &GameMove) -> u64 {
        debug_assert!(self.is_child(pos, m), "count_legal_child: not a child");
        let g = self.generator.pseudo.game;
        if g.counts_lists() || self.generator.facing_now(pos) || m.gate != 0 || g.gating_live(pos) {
            // Compulsory captures: a move's legality depends on its siblings; royals
            // facing: judged move by move; gating: a piece entered (which the
            // siblings' shared work does not know), or moves the kernel's count lacks.
            return self.generator.count_legal(pos);
        }
        if self.generator.pseudo.game.ended_at_once(pos) {
            // An end rule ended the game with the move: no move is legal.
            return 0;
        }
        let s = pos.side.index();
        if let (true, Some((royal, _))) = (self.parent_ready, self.parent.royal) {
            // The same single royal (a move may have captured one of several), the
            // same forward attackers (none, or the parent's, walked and marked: the
            // move neither put a new one on the board nor touched what they read),
            // and nothing marked changed.
            let g = self.generator.pseudo.game;
            let same_forward = if self.parent.forward_on {
                !g.reverse.forward_only()[m.promotion.unwrap_or(m.piece).index()]
            } else {
                !forward_attackers(g, pos, pos.side.opponent())
            };
            if pos.royal_count[s] == 1 && pos.royal_sum[s] == royal.0 as u32 && same_forward {
                self.swap_parent();
                if !self.touches(m) {
                    self.generator.check_marks.ready = None;
                    self.generator.filled.forget();
                    // The parent's sets (occupancy, pieces by kind) are not the child's.
                    self.generator.quick.sets_ready = false;
                    let n = self.count_child(pos, m, true);
                    self.swap_parent();
                    return n;
                }
                self.swap_parent();
                // A quick test of its own, but the walks the move did not touch
                // are still the parent's.
                if self.generator.prepare_quick(pos) {
                    return self.count_child(pos, m, false);
                }
            }
        }
        self.generator.count_legal(pos)
    }

    /// Swaps the quick test's state with the one kept for the children.
    #[inline]
    fn swap_parent(&mut self) {
        std::mem::swap(&mut self.generator.quick, &mut self.parent);
    }

    /// The count in the child `m` leads to, with a quick-test state (the parent's
    /// swapped in when `reuse`, else the child's own): the stored walks of the
    /// parent's pieces are reused where the move did not touch what they read.
    fn count_child(&mut self, pos: &mut GamePosition, m: &GameMove, reuse: bool) -> u64 {
        let g = self.generator.pseudo.game;
        let side = pos.side;
        let mut count = 0u64;
        self.generator.pseudo.walked.clear();
        let mut changed = 0;
        let walks = &self.walks;
        move_cells(self.generator.pseudo.game, m, &mut |c| {
            changed |= walks.watchers(c)
        });
        if changed == u64::MAX {
            // Every slot touched: nothing to reuse.
            return self.generator.count_prepared(pos);
        }
        // Out while they are read.
        let stored = std::mem::take(&mut self.walks.moves);
        let one = |me: &mut Self, i: usize, o: Occupant| -> u64 {
            if reuse {
                if let Some((n, moves)) = me.walks.get(i, o, changed) {
                    me.generator.pseudo.walked.extend_from_slice(&stored[moves]);
                    return n;
                }
            } else if let Some(all) = me.walks.get_all(i, o, changed) {
                return me.generator.count_listed(side, i, &stored[all]);
            }
            me.generator.walk_counting(pos, pos, i)
        };
        if reuse && self.walks.complete {
            // The parent's total, corrected for the pieces whose walk the move
            // touched (captured ones included: a piece's walk reads its own cell):
            // those still there are walked again.
            let listed = self.walks.cells.len();
            let pieces = if listed == 64 {
                u64::MAX
            } else {
                (1u64 << listed) - 1
            };
            let touched = changed & pieces;
            count += self.walks.total;
            let mut bits = touched;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let i = self.walks.cells[slot] as usize;
                count -= self.walks.entries[i].count as u64;
                let o = pos.cells[i];
                if !o.is_empty() && o.side() == side {
                    count += self.generator.walk_counting(pos, pos, i);
                }
            }
            let mut bits = self.walks.deferred & !touched;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let e = &self.walks.entries[self.walks.cells[slot] as usize];
                let range = e.first as usize..(e.first + e.len) as usize;
                self.generator
                    .pseudo
                    .walked
                    .extend_from_slice(&stored[range]);
            }
            if g.moves_met {
                count += self.pushed_walks(pos, m);
            }
        } else if self.walks.complete {
            // The parent's pieces of this side where they stood, then any piece of
            // this side on a cell the move changed that held none of them (a push
            // can move one).
            for k in 0..self.walks.cells.len() {
                let i = self.walks.cells[k] as usize;
                let o = pos.cells[i];
                if !o.is_empty() && o.side() == side {
                    count += one(self, i, o);
                }
            }
            if g.moves_met {
                count += self.pushed_walks(pos, m);
            }
        } else {
            for i in 0..pos.cells.len() {
                let o = pos.cells[i];
                if !o.is_empty() && o.side() == side {
                    count += one(self, i, o);
                }
            }
        }
        self.walks.moves = stored;
        let castlings = match self.walks.castling {
            Some((bit, n, rights))
                if changed & bit == 0 && pos.castling & self.walks.castling_mask == rights =>
            {
                Some(n)
            }
            _ => None,
        };
        count + self.generator.count_rest(pos, castlings)
    }

    /// Walks (counting) the pieces of the side to move on the cells `m` changed
    /// that held none of the parent's listed pieces: pieces a push moved there (asked
    /// only in a game where a move may put one there, `Game::moves_met`).
    fn pushed_walks(&mut self, pos: &GamePosition, m: &GameMove) -> u64 {
        let side = pos.side;
        let mut extra = [u16::MAX; MAX_CHAIN + 5];
        let mut n = 0;
        move_cells(self.generator.pseudo.game, m, &mut |c| {
            let o = pos.cells[c.index()];
            if !o.is_empty()
                && o.side() == side
                && !self.walks.listed(c.index())
                && !extra[..n].contains(&c.0)
            {
                extra[n] = c.0;
                n += 1;
            }
        });
        let mut count = 0;
        for &c in &extra[..n] {
            count += self.generator.walk_counting(pos, pos, c as usize);
        }
        count
    }

    /// Whether `m` (a move of either side) changes a cell that the current node's
    /// quick-test queries read: marked by the royal's query (nodes or leaves), by an
    /// x-ray walk, or by the facing test.
    fn touches(&self, m: &GameMove) -> bool {
        let q = &self.generator.quick;
        let stamp = q.marks.stamp;
        let forward = q.forward_on;
        let hit = |c: CellId| {
            let i = c.index();
            q.marks.seen[i] == stamp
                || q.marks.leaf[i] == stamp
                || q.xrays.any_seen(i)
                || q.facing[i] == stamp
                || forward && q.forward_marked(i)
        };
        let mut any = false;
        move_cells(self.generator.pseudo.game, m, &mut |c| any |= hit(c));
        any
    }
}
