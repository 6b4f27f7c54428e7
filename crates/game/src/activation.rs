//! activation: cascading plies. A pattern marked `activate` may end on a piece; the
//! mover stays on that cell and the piece met makes its own ply from it — with its own
//! patterns, or with the activator's when it is a `relay` (the Croatian Wave) — and
//! that ply may activate the next piece. A move is the whole cascade.
//!
//! Owns the per-game rules of activation ([`Activation`]: relays, `passive` kinds, the
//! limit of plies), the board an activated piece walks on ([`Staged`]) and the
//! reading of a played cascade's plies ([`later_plies`]) that make's rule modules
//! (tags, effects) use. The move's encoding of its plies is `moves::Cascade` (a fixed
//! capacity of [`MAX_CASCADE`] plies after the first); their generation is
//! `movegen::cascade`. The rules of a cascade, documented in docs/language.md
//! ("Activation"):
//! - every activator ends on the cell of the piece it activated;
//! - a piece moves at most once in a move: a ply may not end on the cell of a piece
//!   that has already moved in it (the first mover's start cell, now empty, may be
//!   reached); with momentum, a ply may activate such a piece again where it stands,
//!   unless it is a relay that spends none ([`Activation::reactivates`]: the book's
//!   reactivation), but still neither lands on nor captures it;
//! - a first mover's ply may capture in passing and then activate (the Croatian
//!   Shaman's capture-ply ending on an own Wave one leap further): what it took is gone
//!   before the piece activated moves (the move keeps its cascade after those
//!   captures: `moves`' slot map);
//! - an activated ply lands on an empty cell, captures an enemy of the activated piece
//!   on its destination (unless the relay is `move only`), or activates again; plies
//!   that push, swap, convert, capture a friend or capture in passing are not
//!   generated, nor cascades longer than the game's limit (`cascade-plies`);
//! - an activated piece of an `en passant` kind walking its own patterns captures en
//!   passant as a first mover does, on its first ply of the move only: not when it
//!   has moved earlier in the cascade (the book's Miranda's Veil, "En passant
//!   legal" and "En passant illegal"); that ply ends the cascade
//!   (`Cascade::en_passant`);
//! - an activated piece opens no en passant capture and does not promote (with a
//!   promotion declared `tagged T`, make tags it for promotion: `game::delayed`);
//! - a relay walking with its activator's patterns carries none of its activator's
//!   state: their `initial` and `tagged` conditions never hold for it;
//! - each ply keeps its pattern's mark (`Cascade::mark`): make gives its tags
//!   (`sets`, `keeps`) and effects (`burn`, `explode`) to the piece that made it
//!   ([`later_plies`]), as to a first mover;
//! - a piece that has no ply from the cell it is activated on cannot be activated;
//! - with `relay ..., momentum`, a cascade carries momentum: the first mover gathers
//!   one per step of its ply (a leap is one step), an activated piece makes a ply of
//!   at most as many steps as it received and hands on what it did not spend, and a
//!   relay of that declaration spends none (the book: "Wave doesn't spend received
//!   momentum for movement, but all other pieces do"); a piece activated with none
//!   left has no ply, so it cannot be activated (the Wave, which spends none, can).
//! - a piece of a `journey` activated by a kind of its `by` moves along its spiral
//!   (`game::journey`), not with its patterns;
//! - a piece of an `activated ... moves as` declaration activated by a kind of its `by`
//!   walks with the patterns of the kind it names, for its own side (the Croatian
//!   uplifting Starchild), carrying none of that kind's state, as a relay.
//!
//! Legality is decided over the whole move, as for every game whose moves do more
//! than their paths (`legality::general`): the royal test runs after the cascade.
//! Not here: how a cascade is generated (`movegen::cascade`), played (`make`) or
//! written (`notation`).

use super::{GameMove, GamePosition, MAX_CASCADE};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{KindFilter, Relay};
use crate::walk::{Occupancy, Occupant};

/// The activation rules of a game, resolved per kind.
#[derive(Clone, Debug)]
pub(crate) struct Activation {
    /// Per kind: an activated piece of it moves with its activator's patterns.
    relay: Vec<bool>,
    /// Per kind: as a relay it never captures.
    relay_move_only: Vec<bool>,
    /// Per kind: as a relay, the kinds it activates (`relay ..., activate KINDS`).
    relay_activates: Vec<KindFilter>,
    /// Per kind: as an onward relay, the other side's kinds it also activates
    /// (`relay ..., activate foe KINDS`).
    relay_activates_foe: Vec<Option<KindFilter>>,
    /// Per kind: as a relay activated by these kinds it goes on in its activator's
    /// first step to the edge (`relay ..., onward [KINDS]`).
    relay_onward: Vec<Option<KindFilter>>,
    /// Per kind: as an onward relay activated by these kinds it alternates two steps
    /// (`relay ..., alternating KINDS`).
    relay_alternating: Vec<Option<KindFilter>>,
    /// Per kind: as an onward relay, the kinds its straight lines turn at, and whether
    /// of either side (`relay ..., diverge at [piece] KINDS`).
    relay_diverge: Vec<Option<(KindFilter, bool)>>,
    /// The most plies of one move (`cascade-plies`: 4 unless set, at most
    /// `MAX_CASCADE + 1`).
    pub(crate) plies: usize,
    /// Per kind: `passive`, it never starts a move.
    passive: Vec<bool>,
    /// `relay ..., momentum`: the cascades carry momentum ([`Activation::momentum`]).
    momentum: bool,
    /// Per kind: a relay of a `momentum` declaration, which spends none.
    keeps_momentum: Vec<bool>,
    /// Per kind: `neutral ..., opaque`, an onward relay's line stops on it.
    opaque: Vec<bool>,
    /// `journey ...`: the pieces that journey when some kinds activate them.
    pub(crate) journeys: crate::journey::Journeys,
    /// `activated ... moves as`: per kind, the kinds whose activation makes it walk with
    /// another kind's patterns, and that kind.
    moves_as: Vec<Vec<(Vec<PieceId>, PieceId)>>,
}

impl Activation {
    pub(crate) fn new(
        relays: &[Relay],
        passive: &[PieceId],
        opaque: &[PieceId],
        journeys: &[crate::ir::Journey],
        moves_as: &[crate::ir::MovesAs],
        pieces: usize,
    ) -> Activation {
        let mut moves_as_of = vec![Vec::new(); pieces];
        for m in moves_as {
            for p in &m.pieces {
                moves_as_of[p.index()].push((m.by.clone(), m.as_piece));
            }
        }
        let mut relay = vec![false; pieces];
        let mut relay_move_only = vec![false; pieces];
        let mut relay_activates = vec![KindFilter::Any; pieces];
        let mut relay_activates_foe = vec![None; pieces];
        let mut relay_onward = vec![None; pieces];
        let mut relay_alternating = vec![None; pieces];
        let mut keeps_momentum = vec![false; pieces];
        let mut relay_diverge = vec![None; pieces];
        for r in relays {
            for p in &r.pieces {
                keeps_momentum[p.index()] = r.momentum;
                relay[p.index()] = true;
                relay_move_only[p.index()] = r.move_only;
                relay_activates[p.index()] = r.activates.clone();
                relay_activates_foe[p.index()] = r.activates_foe.clone();
                relay_onward[p.index()] = r.onward.clone();
                relay_alternating[p.index()] = r.alternating.clone();
                relay_diverge[p.index()] = r.diverge.clone();
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
            relay_activates_foe,
            relay_onward,
            relay_alternating,
            relay_diverge,
            plies: crate::pipeline::Limits::DEFAULT_CASCADE_PLIES,
            passive: is_passive,
            momentum: relays.iter().any(|r| r.momentum),
            keeps_momentum,
            opaque: (0..pieces)
                .map(|k| opaque.contains(&PieceId(k as u8)))
                .collect(),
            journeys: crate::journey::Journeys::new(journeys),
            moves_as: moves_as_of,
        }
    }

    /// Whether an onward relay's line stops on the piece `met` (`neutral ..., opaque`):
    /// it may reach its cell, never pass it.
    #[inline]
    pub(crate) fn stops_onward(&self, met: Occupant) -> bool {
        !met.is_empty() && self.opaque[met.kind().index()]
    }

    /// Whether an activated piece of `kind` may activate the piece `met`: always, unless
    /// `kind` is a relay whose `activate KINDS` leaves `met`'s kind out.
    pub(crate) fn may_activate(&self, kind: PieceId, met: Occupant) -> bool {
        !self.relay[kind.index()] || self.relay_activates[kind.index()].admits(met.kind())
    }

    /// Whether `activator`, activated itself, may activate the piece `met` its ply
    /// reached: [`may_activate`](Self::may_activate), or a foe of its `activate foe
    /// KINDS`.
    pub(crate) fn may_activate_met(&self, activator: Occupant, met: Occupant) -> bool {
        self.may_activate(activator.kind(), met)
            || (met.side() != activator.side()
                && self.onward_activates(activator.kind(), activator.side(), met))
    }

    /// Whether an onward relay of `kind` and `side` may activate the piece `met` on its
    /// line: an own piece of its `activate KINDS`, a foe of its `activate foe KINDS`.
    pub(crate) fn onward_activates(&self, kind: PieceId, side: Side, met: Occupant) -> bool {
        if met.side() == side {
            self.may_activate(kind, met)
        } else {
            self.relay_activates_foe[kind.index()]
                .as_ref()
                .is_some_and(|f| f.admits(met.kind()))
        }
    }

    /// Whether an activated piece of `kind` moves with its activator's patterns.
    pub(crate) fn is_relay(&self, kind: PieceId) -> bool {
        self.relay[kind.index()]
    }

    /// The kind whose patterns an activated piece of `kind` walks, after a ply walked
    /// with `walked_as`'s by a piece of `activator`: the kind an `activated ... moves
    /// as` names for it, `walked_as` for a relay, else its own.
    pub(crate) fn walks_as(
        &self,
        kind: PieceId,
        walked_as: PieceId,
        activator: PieceId,
    ) -> PieceId {
        if let Some(k) = self.moves_as(kind, activator) {
            k
        } else if self.relay[kind.index()] {
            walked_as
        } else {
            kind
        }
    }

    /// The kind whose patterns a piece of `kind` activated by a piece of `activator`
    /// walks with, by an `activated ... moves as` declaration (`None`: none says so).
    #[inline]
    pub(crate) fn moves_as(&self, kind: PieceId, activator: PieceId) -> Option<PieceId> {
        self.moves_as[kind.index()]
            .iter()
            .find(|(by, _)| by.contains(&activator))
            .map(|&(_, k)| k)
    }

    /// Whether an activated piece of `kind`, walking with `walk_as`'s patterns, is an
    /// `onward` relay: it goes on in one first step of those patterns to the board's
    /// edge, over every piece.
    pub(crate) fn is_onward(&self, kind: PieceId, walk_as: PieceId) -> bool {
        self.relay_onward[kind.index()]
            .as_ref()
            .is_some_and(|f| f.admits(walk_as))
    }

    /// Whether an onward relay of `kind`, walking with `walk_as`'s patterns, alternates
    /// two steps (`relay ..., alternating KINDS`).
    pub(crate) fn alternates(&self, kind: PieceId, walk_as: PieceId) -> bool {
        self.relay_alternating[kind.index()]
            .as_ref()
            .is_some_and(|f| f.admits(walk_as))
    }

    /// Whether an onward relay of `kind` diverges at some pieces (`relay ...,
    /// diverge at KINDS`).
    pub(crate) fn diverges(&self, kind: PieceId) -> bool {
        self.relay_diverge[kind.index()].is_some()
    }

    /// Whether an onward relay of `kind` on `side` may turn where its straight line
    /// passes over `met` (`relay ..., diverge at [piece] KINDS`: an own piece of those
    /// kinds, or one of either side with `piece`).
    pub(crate) fn diverges_at(&self, kind: PieceId, side: Side, met: Occupant) -> bool {
        !met.is_empty()
            && self.relay_diverge[kind.index()]
                .as_ref()
                .is_some_and(|(f, any_side)| {
                    (*any_side || met.side() == side) && f.admits(met.kind())
                })
    }

    /// Whether an activated piece of `kind` never captures (a `move only` relay).
    pub(crate) fn never_captures(&self, kind: PieceId) -> bool {
        self.relay_move_only[kind.index()]
    }

    /// Whether pieces of `kind` are `passive`: they never start a move.
    pub(crate) fn is_passive(&self, kind: PieceId) -> bool {
        self.passive[kind.index()]
    }

    /// Whether the game's cascades carry momentum (`relay ..., momentum`; the book's
    /// Croatian Chess, Mayan Ascendancy "Momentum", Miranda's Veil "Cascading Waves"):
    /// the first mover gathers one per step of its ply; an activated piece moves at most
    /// as many steps as it received and hands on the rest, unless [`Activation::keeps`]
    /// says it spends none.
    pub(crate) fn momentum(&self) -> bool {
        self.momentum
    }

    /// Whether a piece of `kind` that has moved earlier in a cascade may be activated
    /// again, where it stands then: in a game whose cascades carry momentum (the
    /// book's Miranda's Veil, "Reactivating pieces": "It's possible to re-activate
    /// piece which already participated in the same cascade"), a piece that spends
    /// momentum, which bounds what it does. Not a relay that spends none (the Wave):
    /// Waves handing the move to each other again and again would multiply the
    /// cascades up to the ply limit (Hemera's Dawn's start, up to seven plies: 1,462
    /// moves, 24,221 with Waves activated again). Without momentum a piece moves at
    /// most once in a move.
    pub(crate) fn reactivates(&self, kind: PieceId) -> bool {
        self.momentum && !self.keeps(kind)
    }

    /// Whether an activated piece of `kind` moves without spending momentum (a relay
    /// declared with `momentum`: the Croatian Wave).
    pub(crate) fn keeps(&self, kind: PieceId) -> bool {
        self.keeps_momentum[kind.index()]
    }

    /// Whether some kind is `passive`.
    pub(crate) fn has_passive(&self) -> bool {
        self.passive.iter().any(|&p| p)
    }
}

/// The board an activated piece walks on: the position with the cascade's changes so
/// far (cells set or emptied), its pieces' moved flags from the position.
pub(crate) struct Staged<'a> {
    pub(crate) pos: &'a GamePosition,
    pub(crate) cells: &'a [Occupant],
    /// The cell of a relay walking with another kind's patterns: it carries none of
    /// that kind's state, so their `initial` and `tagged` conditions never hold there.
    pub(crate) relay_at: Option<CellId>,
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
    let (mut walked, mut activator) = (m.piece, m.piece);
    for (i, (_, to)) in cascade.plies(m.to).enumerate() {
        let o = pos.cells[to.index()];
        if o.is_empty() {
            continue;
        }
        walked = act.walks_as(o.kind(), walked, activator);
        activator = o.kind();
        out[i] = Some((to, o.kind(), walked, cascade.mark(i)));
    }
    out
}
