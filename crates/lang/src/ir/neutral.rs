//! The checked form of the neutral-piece declarations (`neutral`, `no check`).

use crate::ids::PieceId;

/// Pieces that belong to no side, and the rules that go with them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Neutrals {
    /// `neutral PIECES`: kinds no side owns. Every move treats them as walls: no piece
    /// lands on one (they cannot be captured), no path goes on past one, and a leaper
    /// jumps over them as over any piece. Written `*` in FEN (`*` and the letter when
    /// the game has several neutral kinds).
    pub kinds: Vec<PieceId>,
    /// `neutral Duck, after each move`: after its own move, the side to move must move
    /// this piece to another empty cell (or place it, while it is not on the board).
    pub after_each_move: Option<PieceId>,
    /// Where the piece of `after_each_move` goes, and whether it is moved (the Duck) or
    /// a new one is placed (walls: `placed after each move`).
    pub placement: Placement,
    /// `neutral Star, moved by either side`: kinds the side to move may move by their
    /// own patterns, which land only on empty cells (no captures, pushes, swaps or
    /// conversions).
    pub movable: Vec<PieceId>,
    /// `neutral Monolith, opaque`: kinds that stop the line of an `onward` relay (which
    /// passes over every other piece): it may reach their cell (a portal's, to
    /// teleport), never go on past it (Croatian Discovery: "Monolith is opaque ...
    /// neither material pieces, nor Waves" pass it).
    pub opaque: Vec<PieceId>,
    /// `no check`: royals may be left capturable (no check, no checkmate); a side left
    /// without royals has lost.
    pub no_check: bool,
    /// `no check, except last`: a side with one royal left may not leave it
    /// capturable (Fairy-Stockfish's pseudo-royal extinction).
    pub no_check_except_last: bool,
    /// `no check, except all`: a side may not leave all its royals capturable at once
    /// (Fairy-Stockfish's duple check, Spartan chess's two kings).
    pub no_check_except_all: bool,
    /// `neutral P, captured by ...`: who may capture which neutral kinds.
    pub captures: Vec<NeutralCapture>,
}

/// The second action of every move (`neutral P, after each move` or `neutral P,
/// placed after each move`): where the piece may go, and whether it is a new one.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Placement {
    /// `placed after each move`: a new piece is put on the board (walls pile up);
    /// otherwise the one piece moves (the Duck).
    pub added: bool,
    /// `in ZONE`: only cells of this zone (as the side that moves sees it).
    pub zone: Option<crate::ids::ZoneId>,
    /// `where the mover was` / `as the mover moves`: the cells its move allows.
    pub site: Site,
}

/// Which cells a move leaves for its second action (see [`Placement`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Site {
    /// Any cell empty once the move is made.
    #[default]
    Anywhere,
    /// `where the mover was`: the cell the moving piece left (Fairy-Stockfish's
    /// `wallingRule = past`).
    Left,
    /// `as the mover moves`: a cell the moved piece could move to, without capturing,
    /// from where it landed (Fairy-Stockfish's `wallingRule = arrow`).
    Reach,
}

/// `neutral PIECES, captured by [first | second | either side] [CAPTURERS]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeutralCapture {
    /// The neutral kinds this rule lets be captured.
    pub kinds: Vec<PieceId>,
    /// The side whose pieces may capture them (`None`: either side).
    pub side: Option<crate::ids::Side>,
    /// The kinds that may capture them (empty: any kind).
    pub capturers: Vec<PieceId>,
}

impl NeutralCapture {
    /// Whether a piece of `side` and kind `capturer` may capture a neutral `kind`.
    pub fn allows(&self, kind: PieceId, side: crate::ids::Side, capturer: PieceId) -> bool {
        self.kinds.contains(&kind)
            && self.side.map_or(true, |s| s == side)
            && (self.capturers.is_empty() || self.capturers.contains(&capturer))
    }
}

impl Neutrals {
    /// Whether `kind` is neutral.
    pub fn is_neutral(&self, kind: PieceId) -> bool {
        self.kinds.contains(&kind)
    }
}
