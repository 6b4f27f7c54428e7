//! moves: the move of a game ([`GameMove`], [`MoveKind`]), the later plies it carries
//! when it activates pieces ([`Cascade`]), the changes it makes to pieces besides its
//! mover ([`SideChange`]) and the cells it changes.
//!
//! Owns the move type every part of the game layer passes around, and the encoding of
//! a cascade inside it; not how moves are found (`movegen`, cascades in
//! `movegen::cascade`), tested (`legality`), played (`make`) or written (`notation`),
//! nor the activation rules (`activation`).

use super::{Game, MAX_CASCADE, MAX_CHAIN, MAX_EP_CELLS, MAX_PASSING};
use crate::ids::{CellId, PieceId, Side};

/// The most [`SideChange`]s one move carries.
pub const MAX_SIDE_CHANGES: usize = 8;

/// One change a move makes to a piece besides its mover, made once the mover's own
/// change (its captures, its landing, a push, a cascade) is made, in the order the
/// move lists them ([`GameMove::side_changes`]): the general form of a move that
/// changes several pieces — a Serpent displacing the Pawns it steps on, a syzygy's
/// demotion of a figure to a Pawn, a piece brought back to the board, a journey's or
/// a pusher's row of displaced pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SideChange {
    /// The piece on `from` (either side's, with its promotion mark) goes to `to`, which
    /// is empty by then: a displacement. Several in a row, each from where the one
    /// before left, push a row.
    Displace {
        /// Where the piece stands.
        from: CellId,
        /// Where it goes.
        to: CellId,
    },
    /// `cell` gets `piece` (its side and kind; `None`: emptied), whatever stood there,
    /// without capturing it: a demotion or promotion in place (the same side, another
    /// kind), a piece brought back to the board (a resurrection), an oblation.
    Put {
        /// The cell changed.
        cell: CellId,
        /// What it holds after (a neutral piece as [`Side::First`]'s).
        piece: Option<(Side, PieceId)>,
    },
    /// A piece of `side` and `kind` brought back from that side's captured pieces (the
    /// game's graveyard: `alignment ..., resurrect`) onto `cell`; a piece standing
    /// there leaves for its own side's graveyard (the Croatian Starchild replaced by
    /// the piece it resurrects, "oblationed").
    Revive {
        /// The cell it comes back on.
        cell: CellId,
        /// Whose piece it is.
        side: Side,
        /// Its kind.
        kind: PieceId,
    },
}

/// The first slot of [`GameMove::passing`] that keeps side changes, three slots each
/// ([`SideChange::encode`]): past a walk's captures in passing and a cascade's cells
/// (or past both together, when they take more: [`GameMove::sides_slot`]), before a
/// cascade's marks and the steps kept for it (the slot map at [`STEPS_SLOT`]). A
/// capture chain, which may fill those slots, carries no side changes.
const SIDES_SLOT: usize = MAX_PASSING;
const _: () = assert!(SIDES_SLOT + 3 * MAX_SIDE_CHANGES <= MARKS_SLOT);

/// [`SideChange::encode`]'s first slot: a resurrection, a displacement; a put emptying
/// its cell; a put of a piece (a resurrection's and a put's side in bit 2, kind in bits
/// 8..16).
const REVIVE: u16 = 0;
const DISPLACE: u16 = 1;
const PUT_EMPTY: u16 = 2;
const PUT_PIECE: u16 = 3;

impl SideChange {
    /// The change in three slots of a move: what it is, then its cells.
    fn encode(&self) -> [u16; 3] {
        match *self {
            SideChange::Displace { from, to } => [DISPLACE, from.0, to.0],
            SideChange::Put { cell, piece: None } => [PUT_EMPTY, cell.0, 0],
            SideChange::Put {
                cell,
                piece: Some((side, kind)),
            } => [
                PUT_PIECE | (side.index() as u16) << 2 | (kind.0 as u16) << 8,
                cell.0,
                0,
            ],
            SideChange::Revive { cell, side, kind } => [
                REVIVE | (side.index() as u16) << 2 | (kind.0 as u16) << 8,
                cell.0,
                0,
            ],
        }
    }

    /// The change [`SideChange::encode`] wrote.
    fn decode(s: [u16; 3]) -> SideChange {
        let side = if s[0] & 4 == 0 {
            Side::First
        } else {
            Side::Second
        };
        match s[0] & 3 {
            REVIVE => SideChange::Revive {
                cell: CellId(s[1]),
                side,
                kind: PieceId((s[0] >> 8) as u8),
            },
            DISPLACE => SideChange::Displace {
                from: CellId(s[1]),
                to: CellId(s[2]),
            },
            PUT_EMPTY => SideChange::Put {
                cell: CellId(s[1]),
                piece: None,
            },
            _ => SideChange::Put {
                cell: CellId(s[1]),
                piece: Some((side, PieceId((s[0] >> 8) as u8))),
            },
        }
    }

    /// The cells the change writes: a displacement's two, a put's and a
    /// resurrection's one.
    pub fn cells(&self) -> impl Iterator<Item = CellId> {
        let (a, b) = match *self {
            SideChange::Displace { from, to } => (from, Some(to)),
            SideChange::Put { cell, .. } | SideChange::Revive { cell, .. } => (cell, None),
        };
        std::iter::once(a).chain(b)
    }
}

/// What kind of move a [`GameMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A walk of the move table (with its captures).
    Normal,
    /// A piece from the hand onto `to` (`from == to`).
    Drop,
    /// Castling number `n` of [`Game::castlings`]; `from`/`to` are the king's.
    Castling(u8),
    /// An en passant capture: the piece on `victim` is taken.
    EnPassant {
        /// The cell of the piece taken.
        victim: CellId,
    },
}

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
    /// The last ply captures en passant: the position's en passant victim, its
    /// destination empty ([`Cascade::en_passant`]).
    en_passant_last: bool,
    /// The mark of each ply's pattern ([`GameMove::mark`]), two bits per ply (ply `i`
    /// after the first in bits `2i..2i+2`).
    marks: u16,
    /// The last ply touches the own piece on its destination (`touch ...`): 0 when it
    /// does not, `touch::TOUCH_TAGS` when it tags it for promotion, the kind + 2 it
    /// promotes to otherwise.
    touch: u16,
}

// The passing slots of a move, by what uses them (`GameMove::passing`, 32 slots):
//
// | slots          | a walk's move          | a cascade (`n_cascade != 0`)             |
// |----------------|------------------------|------------------------------------------|
// | 0..p           | captures in passing    | the first ply's captures in passing      |
// | p..p+n         | -                      | the later plies' destinations, in order  |
// | max(6,p+n)..30 | side changes (3 each)  | side changes (3 each)                    |
// | 30             | -                      | the later plies' marks, two bits each    |
// | 31             | steps, while pending   | the last ply's touch                     |
//
// (`p` captures in passing, at most `MAX_PASSING`; `n` later plies, at most
// `MAX_CASCADE`.) A capture chain fills any of them and carries neither cascade nor
// side changes. A cascade's destinations follow its first ply's captures in passing
// (the Croatian Shaman's capture-ply that ends activating an own Wave), and its side
// changes follow both: past slot 6 only when the two together take more than the six
// slots a walk's captures in passing do, which leaves room for fewer side changes
// ([`GameMove::push_side_change`]). Its marks take the one slot past the side changes,
// and its touch the steps' slot, which its first ply clears once its cascades are
// walked ([`GameMove::take_steps`]). So a cascade of up to `MAX_CASCADE` later plies
// (6: seven plies a move) costs the move no byte: chess's `GameMove` keeps its size.
const _: () = assert!(MAX_CASCADE <= MAX_PASSING && MAX_CASCADE < 0x3f && MAX_PASSING <= MAX_CHAIN);
// A cascade after six captures in passing still leaves room for six side changes.
const _: () = assert!(MAX_PASSING + MAX_CASCADE + 3 * 6 <= MARKS_SLOT);

/// `GameMove::n_cascade`'s bits: the number of later plies, the last one's en passant
/// capture, its capture on its destination.
const CASCADE_LEN: u8 = 0x3f;
const CASCADE_EN_PASSANT: u8 = 0x40;
const CASCADE_CAPTURES: u8 = 0x80;

/// The slot of [`GameMove::passing`] that keeps a walked ply's steps for its cascade
/// ([`GameMove::set_steps`]) while it is pending, and its cascade's touch
/// ([`Cascade::touch`]) once its cascades are walked.
const STEPS_SLOT: usize = MAX_CHAIN - 1;
const TOUCH_SLOT: usize = STEPS_SLOT;
/// The slot of [`GameMove::passing`] that keeps a cascade's marks: past the side
/// changes, before the steps.
const MARKS_SLOT: usize = STEPS_SLOT - 1;
const _: () = assert!(MARKS_SLOT >= MAX_PASSING);
// Two bits a mark, every later ply's in one slot.
const _: () = assert!(2 * MAX_CASCADE <= 16 && crate::ir::MAX_MARKS <= 3);

impl Cascade {
    /// No cascade: a move of one ply.
    pub const NONE: Cascade = Cascade {
        to: [0; MAX_CASCADE],
        n: 0,
        captures_last: false,
        en_passant_last: false,
        marks: 0,
        touch: 0,
    };

    /// `GameMove::n_cascade` of a walk's activating ply before the activated piece's
    /// plies are walked.
    pub(crate) const PENDING_CODE: u8 = 0x7f;

    pub(crate) fn from_parts(
        to: &[u16],
        (captures_last, en_passant_last): (bool, bool),
        marks: u16,
        touch: u16,
    ) -> Cascade {
        let mut c = Cascade::NONE;
        let n = to.len().min(MAX_CASCADE);
        c.to[..n].copy_from_slice(&to[..n]);
        c.n = n as u8;
        c.captures_last = captures_last;
        c.en_passant_last = en_passant_last;
        c.marks = marks;
        c.touch = touch;
        c
    }

    /// Whether the last ply touches the own piece on its destination (`touch ...`):
    /// the piece making it leaves the board, the piece touched is promoted or tagged
    /// ([`Cascade::touch_promotes`]).
    pub fn touches(&self) -> bool {
        self.touch != 0
    }

    /// The piece a touch promotes the piece touched to (`None`: no touch, or a touch
    /// that tags it for promotion).
    pub fn touch_promotes(&self) -> Option<PieceId> {
        (self.touch >= 2).then(|| PieceId((self.touch - 2) as u8))
    }

    /// Sets what the last ply's touch does (see the field).
    pub(crate) fn set_touch(&mut self, touch: u16) {
        self.touch = touch;
    }

    /// The mark of the pattern that made ply `i` after the first (0-based; see
    /// [`GameMove::mark`]): what that ply does beyond its path.
    pub fn mark(&self, i: usize) -> u8 {
        if i >= self.len() {
            return 0;
        }
        (self.marks >> (2 * i) & 3) as u8
    }

    /// The plies' marks, two bits each ([`Cascade::mark`]).
    pub(crate) fn marks(&self) -> u16 {
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

    /// Sets whether the last ply captures the piece on its destination.
    pub(crate) fn set_captures(&mut self, captures: bool) {
        self.captures_last = captures;
    }

    /// Whether the last ply captures en passant: an activated piece's first ply of the
    /// move onto a cell the position opens, taking the position's en passant victim
    /// (the book's Miranda's Veil, "En passant legal": "Pawn can be activated, and
    /// capture opponent's Pawn en passant on its first ply in a cascade").
    pub fn en_passant(&self) -> bool {
        self.en_passant_last
    }

    /// Sets whether the last ply captures en passant (see [`Cascade::en_passant`]).
    pub(crate) fn set_en_passant(&mut self, en_passant: bool) {
        self.en_passant_last = en_passant;
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
    pub(crate) fn push(&mut self, to: CellId, mark: u8) -> bool {
        let n = self.len();
        if n == MAX_CASCADE {
            return false;
        }
        self.to[n] = to.0;
        self.marks |= ((mark & 3) as u16) << (2 * n);
        self.n = n as u8 + 1;
        true
    }
}

/// A move's gate code ([`GameMove::gate`]): the piece entering is the code's low
/// seven bits minus one; this bit is set when it enters on a castling's partner's
/// start cell, not on the king's.
pub(crate) const GATE_AT_PARTNER: u8 = 0x80;

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameMove {
    /// What kind of move it is.
    pub kind: MoveKind,
    /// The moving (or dropped) piece.
    pub piece: PieceId,
    /// The start cell (a drop's is its destination).
    pub from: CellId,
    /// The destination.
    pub to: CellId,
    /// The piece it becomes, if it promotes.
    pub promotion: Option<PieceId>,
    /// The piece on the destination is captured: an enemy, or a friend (`capture
    /// friend`).
    pub captures_to: bool,
    /// A displacement: the piece on `to` (either side's) is pushed to this cell; a
    /// **swap** when it is `from`.
    pub push_to: Option<CellId>,
    /// In a game with `neutral P, after each move` (the Duck): the cell that piece goes
    /// to once the move is made.
    pub duck: Option<CellId>,
    /// A conversion: the piece on `to` changes side and becomes this kind; the mover
    /// stays on `from`.
    pub convert: Option<PieceId>,
    /// A cascade (see [`GameMove::cascade`]): the number of plies after the first in
    /// bits 0..=5 ([`Cascade::PENDING_CODE`] before they are walked), bit 6 set when the
    /// last captures en passant, bit 7 when it captures on its destination. Their
    /// destinations are kept in `passing`, after the first ply's captures in passing.
    pub(crate) n_cascade: u8,
    /// Cells captured in passing (at most [`MAX_PASSING`] by a walk of the table, at
    /// most [`MAX_CHAIN`] by a capture chain, whose cells are kept in rising order);
    /// past a walk's, a cascade's cells and the side changes ([`GameMove::sides_slot`]).
    pub(crate) passing: [u16; MAX_CHAIN],
    pub(crate) n_passing: u8,
    /// Cells this move opens to en passant.
    pub(crate) ep: [u16; MAX_EP_CELLS],
    pub(crate) n_ep: u8,
    /// The mark of the pattern that made the move (0: none; see [`GameMove::mark`]).
    pub(crate) mark: u8,
    /// `gating`: 0, or the kind + 1 of the piece the move brings from the hand onto
    /// the cell it leaves, with [`GATE_AT_PARTNER`] set when a castling brings it
    /// onto its partner's start cell ([`Game::gate_of`]).
    pub(crate) gate: u8,
    /// The number of side changes ([`GameMove::side_changes`]), kept in `passing` from
    /// its slot [`GameMove::sides_slot`] on. A move carries some only in a game with effects
    /// (whose moves are judged by playing them and counted from whole lists, never by
    /// the quick paths).
    pub(crate) n_sides: u8,
}

impl GameMove {
    /// A move with no promotion, capture on `to`, push or passing captures.
    pub(crate) fn simple(kind: MoveKind, piece: PieceId, from: CellId, to: CellId) -> GameMove {
        GameMove {
            kind,
            piece,
            from,
            to,
            promotion: None,
            captures_to: false,
            push_to: None,
            duck: None,
            convert: None,
            n_cascade: 0,
            passing: [0; MAX_CHAIN],
            n_passing: 0,
            ep: [0; MAX_EP_CELLS],
            n_ep: 0,
            mark: 0,
            gate: 0,
            n_sides: 0,
        }
    }

    /// The changes the move makes to pieces besides its mover, in the order they are
    /// made (see [`SideChange`]); none for most moves.
    pub fn side_changes(&self) -> impl Iterator<Item = SideChange> + '_ {
        let at = self.sides_slot();
        self.passing[at..at + 3 * self.n_sides as usize]
            .chunks_exact(3)
            .map(|s| SideChange::decode([s[0], s[1], s[2]]))
    }

    /// Whether the move carries side changes (a cheap test for the hot paths).
    #[inline(always)]
    pub(crate) fn has_side_changes(&self) -> bool {
        self.n_sides != 0
    }

    /// The first slot of `passing` that keeps side changes: [`SIDES_SLOT`], or, for a
    /// cascade whose first ply's captures in passing and later plies' destinations
    /// take more slots than that, the slot past them.
    #[inline]
    fn sides_slot(&self) -> usize {
        if self.n_cascade == 0 || self.n_cascade == Cascade::PENDING_CODE {
            SIDES_SLOT
        } else {
            SIDES_SLOT.max(self.n_passing as usize + (self.n_cascade & CASCADE_LEN) as usize)
        }
    }

    /// Appends the side change `c`; false (the move unchanged) when the move carries
    /// [`MAX_SIDE_CHANGES`] already, or has no slots left for one (a cascade after
    /// captures in passing: `GameMove::sides_slot`), or is a capture chain taking
    /// more pieces than a walk may (whose captures fill the slots side changes take).
    pub fn push_side_change(&mut self, c: SideChange) -> bool {
        let n = self.n_sides as usize;
        let at = self.sides_slot() + 3 * n;
        if n == MAX_SIDE_CHANGES || self.n_passing as usize > MAX_PASSING || at + 3 > MARKS_SLOT {
            return false;
        }
        self.passing[at..at + 3].copy_from_slice(&c.encode());
        self.n_sides += 1;
        true
    }

    /// The piece a gating move brings from the hand (`gating`), if any; where it
    /// enters is [`Game::gate_of`].
    pub fn gated_piece(&self) -> Option<PieceId> {
        (self.gate != 0).then(|| PieceId((self.gate & !GATE_AT_PARTNER) - 1))
    }

    /// The mark of the pattern that made the move: 1 to 3 when that pattern does
    /// something beyond its path (`sets`, `keeps`, `burn`, `explode`: the piece's
    /// actions of that number), 0 otherwise.
    pub fn mark(&self) -> u8 {
        self.mark
    }

    /// Cells captured in passing, in path order.
    pub fn passing_captures(&self) -> impl Iterator<Item = CellId> + '_ {
        self.passing[..self.n_passing as usize]
            .iter()
            .map(|&c| CellId(c))
    }

    /// Whether the move is a pass: a walk back to its own start cell that does
    /// nothing (a pattern marked `pass`), no capture, promotion, push, conversion,
    /// placement or cascade.
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Normal
            && self.from == self.to
            && !self.is_capture()
            && self.promotion.is_none()
            && self.push_to.is_none()
            && self.duck.is_none()
            && self.convert.is_none()
            && self.n_cascade == 0
            && self.n_sides == 0
    }

    /// Whether the move takes a piece (on `to`, in passing, en passant, or at the end
    /// of a cascade).
    pub fn is_capture(&self) -> bool {
        self.captures_to
            || self.n_passing > 0
            || matches!(self.kind, MoveKind::EnPassant { .. })
            || self.n_cascade & (CASCADE_CAPTURES | CASCADE_EN_PASSANT) != 0
    }

    /// The plies after the first when the first activates a piece (a cascade: the
    /// mover ends on `to` and the piece there makes its own ply, which may activate
    /// the next); empty for other moves.
    pub fn cascade(&self) -> Cascade {
        if self.n_cascade == 0 || self.n_cascade == Cascade::PENDING_CODE {
            return Cascade::NONE;
        }
        let n = (self.n_cascade & CASCADE_LEN) as usize;
        let marks = self.passing[MARKS_SLOT];
        let touch = self.passing[TOUCH_SLOT];
        let takes = (
            self.n_cascade & CASCADE_CAPTURES != 0,
            self.n_cascade & CASCADE_EN_PASSANT != 0,
        );
        let p = self.n_passing as usize;
        Cascade::from_parts(&self.passing[p..p + n], takes, marks, touch)
    }

    /// Whether the move has plies after the first (a cheap test for the hot paths).
    #[inline]
    pub(crate) fn has_cascade(&self) -> bool {
        self.n_cascade != 0
    }

    /// Whether the move is a walk's activating ply whose cascades are not walked yet.
    pub(crate) fn is_pending_activation(&self) -> bool {
        self.n_cascade == Cascade::PENDING_CODE
    }

    /// Marks the move as an activating ply to be expanded into cascades.
    pub(crate) fn set_pending_activation(&mut self) {
        self.n_cascade = Cascade::PENDING_CODE;
    }

    /// Keeps the number of steps of a walked ply (its momentum, `relay ..., momentum`)
    /// until its cascade is generated, in the last slot of `passing`, which no walk's
    /// ply, cascade or capture chain that activates fills.
    pub(crate) fn set_steps(&mut self, steps: usize) {
        self.passing[STEPS_SLOT] = steps.min(u16::MAX as usize) as u16;
    }

    /// The steps kept by [`GameMove::set_steps`] (0: none kept).
    pub(crate) fn steps(&self) -> u16 {
        self.passing[STEPS_SLOT]
    }

    /// The steps kept by [`GameMove::set_steps`], and the slot cleared (0: none kept).
    pub(crate) fn take_steps(&mut self) -> u16 {
        std::mem::take(&mut self.passing[STEPS_SLOT])
    }

    /// Stores `c` as the move's cascade, a walk's activating ply whose cascades are
    /// being walked: the plies' destinations after its captures in passing, its side
    /// changes moved past both when they take more than [`SIDES_SLOT`]'s slots, the
    /// marks and touch in the last two slots (the slot map above [`STEPS_SLOT`]); the
    /// steps kept for the walk are gone by then. False (the move unchanged) when its
    /// side changes no longer fit.
    #[must_use]
    pub(crate) fn set_cascade(&mut self, c: &Cascade) -> bool {
        let n = c.len();
        let p = self.n_passing as usize;
        let (from, to) = (self.sides_slot(), SIDES_SLOT.max(p + n));
        let sides = 3 * self.n_sides as usize;
        if to + sides > MARKS_SLOT {
            return false;
        }
        if sides > 0 && from != to {
            self.passing.copy_within(from..from + sides, to);
        }
        for (slot, (_, to)) in self.passing[p..].iter_mut().zip(c.plies(self.to)) {
            *slot = to.0;
        }
        self.passing[MARKS_SLOT] = c.marks();
        self.passing[TOUCH_SLOT] = c.touch;
        self.n_cascade = n as u8
            | if c.captures() { CASCADE_CAPTURES } else { 0 }
            | if c.en_passant() {
                CASCADE_EN_PASSANT
            } else {
                0
            };
        true
    }
}

/// Calls `f` with every cell `m` changes: start, destination, cells captured in
/// passing or en passant, the cell a pushed piece goes to, castling's four cells, the
/// cell the Duck goes to (not the one it leaves: see `neutral::duck_cell`), the cells
/// its side changes write ([`SideChange::cells`]). Not the
/// later plies of a cascade: its callers (perft's shared counting) serve games without
/// effects, and a game with `activate` counts whole lists (`Game::counts_lists`).
pub(crate) fn move_cells(g: &Game, m: &GameMove, f: &mut impl FnMut(CellId)) {
    if let Some(c) = m.duck {
        f(c);
    }
    match m.kind {
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            for cell in [c.king_from, c.king_to, c.partner_from, c.partner_to] {
                f(cell);
            }
        }
        MoveKind::Drop => f(m.to),
        MoveKind::EnPassant { victim } => {
            f(m.from);
            f(m.to);
            f(victim);
        }
        MoveKind::Normal => {
            f(m.from);
            f(m.to);
            if let Some(c) = m.push_to {
                f(c);
            }
            for c in m.passing_captures() {
                f(c);
            }
        }
    }
    if m.has_side_changes() {
        for s in m.side_changes() {
            s.cells().for_each(&mut *f);
        }
    }
}
