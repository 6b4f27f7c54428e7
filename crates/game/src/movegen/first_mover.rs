//! movegen::first_mover: the replies a legality test looks through, one first mover at a
//! time, with the cells their generation read — so that a cache
//! ([`crate::legality::reply_cache`]) can keep a piece's replies, cascades and all, while
//! those cells hold what they held.
//!
//! A reply's moves depend on the cells its generation reads: the first ply's walk reads
//! through the move cache ([`super::cached`], which keeps what it read), an activated
//! piece's walk through [`Seen`] around the staged board, a journey its arms' fields and
//! corners (marked here), and an onward relay's lines — to the edge, through portals,
//! turning where they diverge — the cells they pass, each noted with the relay
//! ([`Recording::pass`]): for the replies a legality test needs, what matters of such a
//! cell is its [`onward_class`], not its occupant. Where the portals stand is read over
//! the whole board; the cache keeps that apart. A piece answered by a ray or hurdle
//! kernel is read unmarked: its generation is *volatile*, its replies not kept.

use std::cell::Cell;

use super::{Plies, Promoting, PseudoGen};
use crate::ids::{CellId, PieceId, Side};
use crate::walk::{Occupancy, Occupant};
use crate::{GameMove, GamePosition};

/// What a generation in progress read (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct Recording {
    /// Whether cells are being marked.
    pub(crate) on: bool,
    /// The cells read, one bit per cell (`c % 64` of word `c / 64`).
    pub(crate) seen: Vec<Cell<u64>>,
    /// Something read cells this module does not mark.
    pub(crate) volatile: bool,
    /// Cells an onward relay's line passed, with the relay (see [`Recording::pass`]).
    pub(crate) passed: Vec<(u16, Occupant)>,
}

impl Recording {
    /// Marks cell `c` as read.
    #[inline(always)]
    pub(crate) fn mark(&self, c: usize) {
        if let Some(w) = self.seen.get(c >> 6) {
            w.set(w.get() | 1 << (c & 63));
        }
    }

    /// Notes that the onward line of `relay` passed cell `c`, in a generation of the
    /// replies that take (plies that capture nothing are dropped): there what matters of
    /// the cell is only whether it holds a piece the relay may activate, that stops it,
    /// that it goes on through (a portal) or diverges at ([`onward_class`]) — an empty
    /// cell and any other piece are alike to it.
    #[inline]
    pub(crate) fn pass(&mut self, c: usize, relay: Occupant) {
        self.passed.push((c as u16, relay));
    }

    /// Marks cell `c` as read if recording.
    #[inline(always)]
    pub(crate) fn mark_if_on(&self, c: usize) {
        if self.on {
            self.mark(c);
        }
    }

    /// Notes cell `c` on an onward line of `relay`: by its class ([`Recording::pass`])
    /// where plies that capture nothing are dropped (`takers_only`), else as read.
    #[inline]
    pub(crate) fn note_line(&mut self, c: usize, relay: Occupant, takers_only: bool) {
        if takers_only {
            self.pass(c, relay);
        } else {
            self.mark(c);
        }
    }

    /// Starts a recording over a board of `cells` cells.
    fn start(&mut self, cells: usize) {
        self.on = true;
        self.volatile = false;
        self.passed.clear();
        self.seen.clear();
        self.seen.resize_with(cells.div_ceil(64), || Cell::new(0));
    }
}

/// A board whose every read is marked in a [`Recording`].
pub(crate) struct Seen<'a, B: ?Sized> {
    pub(crate) inner: &'a B,
    pub(crate) rec: &'a Recording,
}

impl<B: Occupancy + ?Sized> Occupancy for Seen<'_, B> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.rec.mark(cell.index());
        self.inner.occupant(cell)
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.rec.mark(cell.index());
        self.inner.unmoved(cell)
    }
}

impl PseudoGen<'_> {
    /// Appends to `out` the replies (as [`PseudoGen::replies`] generates them) whose first
    /// mover stands on `from` — a piece of the side to move, or a neutral piece that
    /// side moves — cascades included. With `record`, the cells the generation read are
    /// left in `self.recording.seen` (all of them, the start cell's among them), and
    /// `self.recording.volatile` says whether some were read unmarked.
    ///
    /// Only for games whose replies are the union of their first movers' (no gating,
    /// chains, Duck, shapes, bars, `no check`, neutral captures: see
    /// [`crate::legality::reply_cache`]).
    pub(crate) fn replies_from(
        &mut self,
        pos: &GamePosition,
        from: usize,
        out: &mut Vec<GameMove>,
        record: bool,
    ) {
        let g = self.game;
        let side = pos.side;
        let first = out.len();
        self.replying = true;
        if record {
            self.recording.start(pos.cells.len());
            self.recording.mark(from);
        }
        let o = pos.cells[from];
        let neutral_second = side == Side::Second
            && !o.is_empty()
            && o == super::super::neutral::neutral_occupant(o.kind())
            && g.effects
                .as_deref()
                .is_some_and(|fx| fx.neutral_movers.contains(&o.kind()));
        if neutral_second {
            // The second side moves the neutral pieces either side moves as its own.
            let mut walked = std::mem::take(&mut self.walked);
            walked.clear();
            let mut sink = Plies {
                out: &mut walked,
                only_capture_on: None,
            };
            let board = Seen {
                inner: pos,
                rec: &self.recording,
            };
            self.walker.walk(
                &board,
                Side::Second,
                o.kind(),
                CellId(from as u16),
                &mut sink,
            );
            out.append(&mut walked);
            self.walked = walked;
        } else if !o.is_empty() && o.side() == side {
            let kind = o.kind();
            self.walked_moves_kept(pos, std::iter::once(from), out, |from, kind| {
                Promoting::new(g, side, kind, from)
            });
            if record {
                let known = match self.walk_reads(side, kind, from) {
                    Some(reads) => {
                        reads.for_each(|c| self.recording.mark(c));
                        true
                    }
                    None => false,
                };
                self.recording.volatile |= !known;
            }
        }
        if g.effects
            .as_deref()
            .is_some_and(|fx| fx.activation.is_some())
        {
            self.expand_cascades(pos, out, first);
        }
        self.replying = false;
        self.recording.on = false;
    }

    /// The cells the first ply's walk of the piece of `side` and `kind` on `from` read,
    /// when it went through the move cache; `None` when a kernel answered it.
    fn walk_reads(
        &self,
        side: Side,
        kind: PieceId,
        from: usize,
    ) -> Option<impl Iterator<Item = usize> + '_> {
        let g = self.game;
        let cell = CellId(from as u16);
        let cached = g.kernels.rays(side, kind, cell).is_none()
            && g.kernels.hurdles(side, kind, cell).is_none()
            && (self.cache_walks || g.reverse.forward_only()[kind.index()]);
        if !cached {
            return None;
        }
        self.own_walks.reads(side, cell)
    }
}

/// What an onward relay's line meeting `met` depends on, in a generation of the replies
/// that take ([`Recording::pass`]): 0 for an empty cell or a piece the relay neither
/// activates, stops at, goes on through nor diverges at; otherwise the piece itself
/// (its occupant plus 1), since what follows (the piece activated, its walk) reads it.
pub(crate) fn onward_class(g: &crate::Game, relay: Occupant, met: Occupant) -> u16 {
    if met.is_empty() {
        return 0;
    }
    let Some(act) = g.effects.as_deref().and_then(|fx| fx.activation.as_ref()) else {
        return u16::from(met.0) + 1;
    };
    let (kind, side) = (relay.kind(), relay.side());
    let meets = (!g.neutral[met.kind().index()] && act.onward_activates(kind, side, met))
        || act.stops_onward(met)
        || g.portal_goes_on(kind, met.kind())
        || act.diverges_at(kind, side, met);
    if meets {
        u16::from(met.0) + 1
    } else {
        0
    }
}
