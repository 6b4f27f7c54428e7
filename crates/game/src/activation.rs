//! activation: cascading plies. A pattern marked `activate` may end on a piece; the
//! mover stays on that cell and the piece met makes its own ply from it — with its own
//! patterns, or with the activator's when it is a `relay` (the Croatian Wave) — and
//! that ply may activate the next piece. A move is the whole cascade.
//!
//! Owns the [`Cascade`] a [`GameMove`] carries (a fixed capacity of
//! [`MAX_CASCADE`] plies after the first) and the generation of cascades from the
//! walks' activating plies ([`MoveGenerator::expand_cascades`]). The rules of a
//! cascade, documented in docs/language.md ("Activation"):
//! - every activator ends on the cell of the piece it activated;
//! - a piece moves at most once in a move: a ply may not end on the cell of a piece
//!   that has already moved in it (the first mover's start cell, now empty, may be
//!   reached);
//! - a ply that activates captures nothing in passing (the move keeps its cascade
//!   where those captures go);
//! - an activated ply lands on an empty cell, captures an enemy of the activated piece
//!   on its destination (unless the relay is `move only`), or activates again; plies
//!   that push, swap, convert, capture a friend or capture in passing are not
//!   generated, nor cascades longer than the game's limit (`cascade-plies`);
//! - an activated piece opens no en passant capture and does not promote (with a
//!   promotion declared `tagged T`, make tags it for promotion: `game::delayed`);
//! - a relay walking with its activator's patterns carries none of its activator's
//!   state: their `initial` and `tagged` conditions never hold for it;
//! - each ply keeps its pattern's mark ([`Cascade::mark`]): make gives its tags
//!   (`sets`, `keeps`) and effects (`burn`, `explode`) to the piece that made it
//!   ([`later_plies`]), as to a first mover;
//! - a piece that has no ply from the cell it is activated on cannot be activated.
//!
//! Legality is decided over the whole move, as for every game whose moves do more
//! than their paths (`legality::general`): the royal test runs after the cascade.
//! Not here: how a cascade is played (`position::make`) or written (`notation`).

use super::movegen::Plies;
use super::{GameMove, GamePosition, MoveGenerator, MAX_CASCADE};
use crate::ids::{CellId, PieceId};
use crate::ir::{KindFilter, Relay};
use crate::walk::{Occupancy, Occupant};

/// The plies of a move after its first, when its first ply activates a piece: the
/// destination of each, in order ([`GameMove::cascade`]). The first ply's destination
/// is the move's `to`; each later ply starts where the one before it ended. Empty for
/// every other move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cascade {
    to: [u16; MAX_CASCADE],
    /// The number of plies in `to`.
    n: u8,
    /// The last ply captures the piece on its destination.
    captures_last: bool,
    /// The mark of each ply's pattern ([`GameMove::mark`]), two bits per ply (ply `i`
    /// after the first in bits `2i..2i+2`).
    marks: u8,
}

// A move keeps its cascade where captures in passing go, the plies' marks in the last
// slot, and a mark takes two bits.
const _: () = assert!(MAX_CASCADE < super::MAX_PASSING && MAX_CASCADE < 0x7f);
const _: () = assert!(MAX_CASCADE <= 4 && crate::ir::MAX_MARKS <= 3);

impl Cascade {
    /// No cascade: a move of one ply.
    pub const NONE: Cascade = Cascade {
        to: [0; MAX_CASCADE],
        n: 0,
        captures_last: false,
        marks: 0,
    };

    /// `GameMove::n_cascade` of a walk's activating ply before the activated piece's
    /// plies are walked.
    pub(crate) const PENDING_CODE: u8 = 0x7f;

    pub(crate) fn from_parts(to: &[u16], captures_last: bool, marks: u8) -> Cascade {
        let mut c = Cascade::NONE;
        let n = to.len().min(MAX_CASCADE);
        c.to[..n].copy_from_slice(&to[..n]);
        c.n = n as u8;
        c.captures_last = captures_last;
        c.marks = marks;
        c
    }

    /// The mark of the pattern that made ply `i` after the first (0-based; see
    /// [`GameMove::mark`]): what that ply does beyond its path.
    pub fn mark(&self, i: usize) -> u8 {
        if i >= self.len() {
            return 0;
        }
        self.marks >> (2 * i) & 3
    }

    /// The plies' marks, two bits each ([`Cascade::mark`]).
    pub(crate) fn marks(&self) -> u8 {
        self.marks
    }

    /// Whether the move is one ply (no activation).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The number of plies after the first.
    pub fn len(&self) -> usize {
        self.n as usize
    }

    /// Whether the last ply captures the piece on its destination.
    pub fn captures(&self) -> bool {
        self.captures_last
    }

    /// The `(from, to)` cells of the plies after the first, whose destination is
    /// `first_to` (the move's `to`).
    pub fn plies(&self, first_to: CellId) -> impl Iterator<Item = (CellId, CellId)> + '_ {
        let mut from = first_to;
        self.to[..self.len()].iter().map(move |&t| {
            let ply = (from, CellId(t));
            from = CellId(t);
            ply
        })
    }

    /// The cell where the last ply ends (`None` for a move of one ply).
    pub fn last(&self) -> Option<CellId> {
        self.to[..self.len()].last().map(|&c| CellId(c))
    }

    /// Appends a ply ending on `to`, made by a pattern of mark `mark`; false when the
    /// cascade is full.
    fn push(&mut self, to: CellId, mark: u8) -> bool {
        let n = self.len();
        if n == MAX_CASCADE {
            return false;
        }
        self.to[n] = to.0;
        self.marks |= (mark & 3) << (2 * n);
        self.n = n as u8 + 1;
        true
    }
}

/// The activation rules of a game, resolved per kind.
#[derive(Clone, Debug)]
pub(crate) struct Activation {
    /// Per kind: an activated piece of it moves with its activator's patterns.
    relay: Vec<bool>,
    /// Per kind: as a relay it never captures.
    relay_move_only: Vec<bool>,
    /// Per kind: as a relay, the kinds it activates (`relay ..., activate KINDS`).
    relay_activates: Vec<KindFilter>,
    /// The most plies of one move (at most `MAX_CASCADE + 1`).
    pub(crate) plies: usize,
    /// Per kind: `passive`, it never starts a move.
    passive: Vec<bool>,
}

impl Activation {
    pub(crate) fn new(relays: &[Relay], passive: &[PieceId], pieces: usize) -> Activation {
        let mut relay = vec![false; pieces];
        let mut relay_move_only = vec![false; pieces];
        let mut relay_activates = vec![KindFilter::Any; pieces];
        for r in relays {
            for p in &r.pieces {
                relay[p.index()] = true;
                relay_move_only[p.index()] = r.move_only;
                relay_activates[p.index()] = r.activates.clone();
            }
        }
        let mut is_passive = vec![false; pieces];
        for p in passive {
            is_passive[p.index()] = true;
        }
        Activation {
            relay,
            relay_move_only,
            relay_activates,
            plies: MAX_CASCADE + 1,
            passive: is_passive,
        }
    }

    /// Whether an activated piece of `kind` may activate the piece `met`: always, unless
    /// `kind` is a relay whose `activate KINDS` leaves `met`'s kind out.
    pub(crate) fn may_activate(&self, kind: PieceId, met: Occupant) -> bool {
        !self.relay[kind.index()] || self.relay_activates[kind.index()].admits(met.kind())
    }

    /// Whether an activated piece of `kind` moves with its activator's patterns.
    pub(crate) fn is_relay(&self, kind: PieceId) -> bool {
        self.relay[kind.index()]
    }

    /// The kind whose patterns an activated piece of `kind` walks, after a ply walked
    /// with `walked_as`'s: its own, or `walked_as` for a relay.
    pub(crate) fn walks_as(&self, kind: PieceId, walked_as: PieceId) -> PieceId {
        if self.relay[kind.index()] {
            walked_as
        } else {
            kind
        }
    }

    /// Whether an activated piece of `kind` never captures (a `move only` relay).
    pub(crate) fn never_captures(&self, kind: PieceId) -> bool {
        self.relay_move_only[kind.index()]
    }
}

/// The board an activated piece walks on: the position with the cascade's changes so
/// far (cells set or emptied), its pieces' moved flags from the position.
pub(super) struct Staged<'a> {
    pub(super) pos: &'a GamePosition,
    pub(super) cells: &'a [Occupant],
    /// The cell of a relay walking with another kind's patterns: it carries none of
    /// that kind's state, so their `initial` and `tagged` conditions never hold there.
    pub(super) relay_at: Option<CellId>,
}

impl Occupancy for Staged<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells[cell.index()]
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.relay_at != Some(cell) && self.pos.unmoved(cell)
    }
}

/// What one step of a cascade walks: the move so far, the patterns walked by the ply
/// that activated, the cells of the pieces moved so far.
#[derive(Clone, Copy)]
struct Step {
    m: GameMove,
    /// The plies after the first so far.
    cascade: Cascade,
    /// The kind whose patterns the activating ply used.
    walked_as: PieceId,
    /// The piece that activated (it now stands on the activated cell).
    activator: Occupant,
    /// Cells where moved pieces stand (the activated cells so far).
    moved: [u16; MAX_CASCADE + 1],
    n_moved: usize,
}

impl MoveGenerator<'_> {
    /// Replaces every pending activation among `out[first..]` by the complete
    /// cascades it starts (none when the activated piece cannot move).
    pub(crate) fn expand_cascades(
        &mut self,
        pos: &GamePosition,
        out: &mut Vec<GameMove>,
        first: usize,
    ) {
        let Some(act) = self
            .game
            .effects
            .as_deref()
            .and_then(|fx| fx.activation.as_ref())
        else {
            return;
        };
        if act.passive.iter().any(|&p| p) {
            // Passive pieces move only when activated.
            let mut i = 0;
            out.retain(|m| {
                i += 1;
                i <= first || !act.passive[m.piece.index()]
            });
        }
        if !out[first..].iter().any(GameMove::is_pending_activation) {
            return;
        }
        let mut pending = self.buffer();
        let mut i = first;
        out.retain(|m| {
            i += 1;
            if i > first && m.is_pending_activation() {
                // A move that activates captures nothing in passing (its cascade is
                // kept where those captures go).
                if m.n_passing == 0 {
                    pending.push(*m);
                }
                false
            } else {
                true
            }
        });
        let mut cells = pos.cells.clone();
        for m in &pending {
            let mut m = *m;
            m.n_cascade = 0;
            cells[m.from.index()] = Occupant::EMPTY;
            let step = Step {
                m,
                cascade: Cascade::NONE,
                walked_as: m.piece,
                activator: pos.cells[m.from.index()],
                moved: [m.to.0; MAX_CASCADE + 1],
                n_moved: 1,
            };
            self.cascade_step(pos, &mut cells, act, step, out);
            cells.copy_from_slice(&pos.cells);
        }
        self.give_back(pending);
    }

    /// Walks the piece activated on `step.m`'s last cell and appends the moves it
    /// completes.
    fn cascade_step(
        &mut self,
        pos: &GamePosition,
        cells: &mut [Occupant],
        act: &Activation,
        step: Step,
        out: &mut Vec<GameMove>,
    ) {
        let at = step.cascade.last().unwrap_or(step.m.to);
        let piece = cells[at.index()];
        if piece.is_empty() {
            return;
        }
        let relay = act.relay[piece.kind().index()];
        let walk_as = if relay { step.walked_as } else { piece.kind() };
        let move_only = relay && act.relay_move_only[piece.kind().index()];
        // The activator now stands on the cell; the walk sees its start cell empty.
        cells[at.index()] = step.activator;
        let mut plies = self.buffer();
        {
            let board = Staged {
                pos,
                cells,
                relay_at: (walk_as != piece.kind()).then_some(at),
            };
            let mut sink = Plies {
                out: &mut plies,
                only_capture_on: None,
            };
            self.walker
                .walk(&board, piece.side(), walk_as, at, &mut sink);
        }
        let plies_so_far = 1 + step.cascade.len();
        for (i, p) in plies.iter().enumerate() {
            // Two patterns that make the same ply: the one written first decides what
            // it does (as for a first ply).
            let unmarked = |q: &GameMove| GameMove { mark: 0, ..*q };
            if self.game.marked && plies[..i].iter().any(|q| unmarked(q) == unmarked(p)) {
                continue;
            }
            let onto = cells[p.to.index()];
            let friend_met = !onto.is_empty() && onto.side() == piece.side();
            if p.push_to.is_some()
                || p.convert.is_some()
                || p.n_passing > 0
                || (p.captures_to && (friend_met || move_only))
                || step.moved[..step.n_moved].contains(&p.to.0)
                || (p.is_pending_activation() && !act.may_activate(piece.kind(), onto))
            {
                continue;
            }
            let mut cascade = step.cascade;
            if plies_so_far + 1 > act.plies || !cascade.push(p.to, p.mark) {
                continue;
            }
            if p.is_pending_activation() {
                let mut next = step;
                next.cascade = cascade;
                next.walked_as = walk_as;
                next.activator = piece;
                next.moved[next.n_moved] = p.to.0;
                next.n_moved += 1;
                self.cascade_step(pos, cells, act, next, out);
            } else {
                cascade.captures_last = p.captures_to;
                let mut m = step.m;
                m.set_cascade(&cascade);
                out.push(m);
            }
        }
        self.give_back(plies);
        cells[at.index()] = piece;
    }
}

/// The later plies of the move `m`, just made on `pos`: for each, the cell its piece
/// now stands on, that piece's kind, the kind whose patterns it walked and its
/// pattern's mark; `None` where the cell is empty (its piece was removed).
pub(crate) fn later_plies(
    act: &Activation,
    pos: &GamePosition,
    m: &GameMove,
) -> [Option<(CellId, PieceId, PieceId, u8)>; MAX_CASCADE] {
    let mut out = [None; MAX_CASCADE];
    let cascade = m.cascade();
    let mut walked = m.piece;
    for (i, (_, to)) in cascade.plies(m.to).enumerate() {
        let o = pos.cells[to.index()];
        if o.is_empty() {
            continue;
        }
        walked = act.walks_as(o.kind(), walked);
        out[i] = Some((to, o.kind(), walked, cascade.mark(i)));
    }
    out
}
