//! The syntax of the game-end declarations (`repetition`, `move limit`, `bare royal`,
//! `no pieces`, `counting makruk`, `reach`, `extinction`, `checks`, `no giving check`).

use super::{Ident, Number, Span};

/// Whether a game end ends the game at once or may be claimed (`, immediate` or
/// `, claim` after a `repetition` or `move limit` declaration).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKindWord {
    /// `claim`: a player may claim it.
    Claim,
    /// `immediate`: the game is over.
    Immediate,
}

/// `repetition N [OUTCOME [for first|second]] [, claim|immediate]`: the same position
/// (side to move, hands and rights included) for the Nth time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepetitionDecl {
    /// N.
    pub count: Number,
    /// The outcome, if written: for the side to move, or for `for_side`.
    pub outcome: Option<crate::ir::Outcome>,
    /// `for first` / `for second`: the outcome is that side's, whoever is to move.
    pub for_side: Option<crate::ids::Side>,
    /// `claim` or `immediate`, if written.
    pub kind: Option<EndKindWord>,
    pub span: Span,
}

/// `move limit N [moves|plies] [, pawn Pieces] [, claim|immediate]`: N moves (or plies)
/// without a capture or a pawn move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLimitDecl {
    /// N.
    pub count: Number,
    /// `plies`: N counts plies, not moves of both sides.
    pub plies: bool,
    /// `pawn Pieces`: the pieces whose moves restart the count (besides captures).
    pub pawns: Vec<Ident>,
    /// `claim` or `immediate`, if written.
    pub kind: Option<EndKindWord>,
    pub span: Span,
}

/// `bare royal OUTCOME [, bare back]`: a side left with nothing but royal pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BareRoyalDecl {
    /// The outcome for the bare side.
    pub outcome: crate::ir::Outcome,
    /// `bare back`: the bare side has one move to bare the other side too.
    pub bare_back: bool,
    pub span: Span,
}

/// `no pieces OUTCOME`: a side left with no piece on the board or in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoPiecesDecl {
    /// The outcome for the side with no pieces.
    pub outcome: crate::ir::Outcome,
    pub span: Span,
}

/// The piece roles Makruk's counting rules name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRoleWord {
    /// `pawn`: while a pawn is on the board, nothing is counted.
    Pawn,
    /// `rook`.
    Rook,
    /// `bishop`: the Khon.
    Bishop,
    /// `knight`.
    Knight,
}

/// `counting makruk|asean ROLE Piece, ...`: Makruk's board's and pieces' honour
/// counting, or the ASEAN count of a bare king.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingDecl {
    /// `makruk` or `asean`.
    pub style: crate::ir::CountingStyle,
    /// The roles, in the order written.
    pub roles: Vec<(CountingRoleWord, Ident)>,
    pub span: Span,
}

/// `reach ZONE with PIECES [OUTCOME] [for first|second] [, count N] [, reply]`: a side
/// with pieces of PIECES standing in ZONE (as it sees the zone) gets OUTCOME.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReachDecl {
    /// The zone to reach.
    pub zone: Ident,
    /// The pieces that count.
    pub pieces: Vec<Ident>,
    /// The outcome for the side that reached it, if written (a win by default).
    pub outcome: Option<crate::ir::Outcome>,
    /// `for first` / `for second`: only this side's arrival counts.
    pub for_side: Option<crate::ids::Side>,
    /// `count N`: how many pieces must stand in the zone (1 by default).
    pub count: Option<Number>,
    /// `reply`: when the first side arrives, the second side has one move to arrive too.
    pub reply: bool,
    /// `safe`: pieces the other side could capture there do not count.
    pub safe: bool,
    /// `held`: the arrival counts when the arriving side is to move again, its pieces
    /// still there (the other side had one move to dislodge them).
    pub held: bool,
    /// `full`: the zone with no empty cell and one of the pieces there counts as an
    /// arrival too.
    pub full: bool,
    pub span: Span,
}

/// `extinction all|PIECES [OUTCOME] [, below N]`: a side with fewer than N pieces of one
/// of the kinds (or, with `all`, of all its pieces together) gets OUTCOME.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtinctionDecl {
    /// The kinds counted one by one; empty with `all`.
    pub pieces: Vec<Ident>,
    /// `all`: all of a side's pieces are counted together.
    pub all: bool,
    /// The outcome for the extinct side, if written (a loss by default).
    pub outcome: Option<crate::ir::Outcome>,
    /// `below N` (1 by default: none left).
    pub below: Option<Number>,
    pub span: Span,
}

/// `endgame N moves, MATERIAL | ... against MATERIAL | ...`: draughts' endgame counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameDecl {
    /// N: the moves (of each side) the stronger side is given.
    pub moves: Number,
    /// The materials before `against` (the stronger side's).
    pub stronger: Vec<Material>,
    /// The materials after it.
    pub weaker: Vec<Material>,
    pub span: Span,
}

/// One side's exact material in an `endgame`: `2 King 1 Man`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    /// How many of each kind (kinds not named: none).
    pub counts: Vec<(Number, Ident)>,
    pub span: Span,
}

/// `checks N`: a side that has given check N times wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChecksDecl {
    /// N.
    pub count: Number,
    pub span: Span,
}

/// `checkmate OUTCOME [, by KINDS only OUTCOME] [, after check by KINDS else OUTCOME]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckmateDecl {
    /// The outcome for the side checkmated.
    pub outcome: crate::ir::Outcome,
    /// `by KINDS only OUTCOME`: a mate in which every checking piece is of these kinds.
    pub only: Option<(Vec<Ident>, crate::ir::Outcome)>,
    /// `after check by KINDS else OUTCOME`: the outcome of a mate whose series of checks
    /// had no check by a piece of these kinds.
    pub after: Option<(Vec<Ident>, crate::ir::Outcome)>,
    pub span: Span,
}

/// The shape a [`ConnectDecl`] asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectShapeDecl {
    /// `connect N`: N in a row (with `gaps`: on one line).
    Line(Number),
    /// `connect square N`: an N by N block.
    Square(Number),
    /// `connect A to B`: a chain from zone A to zone B.
    Zones(Ident, Ident),
}

/// `connect N|square N|A to B [with PIECES] [OUTCOME] [for first|second] [, along DIRS]
/// [, gaps]`: the side that just moved, with its pieces in that shape, gets OUTCOME.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectDecl {
    /// The shape.
    pub shape: ConnectShapeDecl,
    /// `with PIECES`: the kinds that count (every kind when empty).
    pub pieces: Vec<Ident>,
    /// The outcome for the side that made the shape, if written (a win by default).
    pub outcome: Option<crate::ir::Outcome>,
    /// `for first` / `for second`: only this side's shapes count.
    pub for_side: Option<crate::ids::Side>,
    /// `along DIRS`, as written (each one's span).
    pub along: Vec<super::Around>,
    /// `gaps`: where written.
    pub gaps: Vec<Span>,
    pub span: Span,
}
