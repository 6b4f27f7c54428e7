//! The syntax of the game-end declarations (`repetition`, `move limit`, `bare royal`,
//! `no pieces`, `counting makruk`).

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

/// `counting makruk ROLE Piece, ...`: Makruk's board's and pieces' honour counting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountingDecl {
    /// The roles, in the order written.
    pub roles: Vec<(CountingRoleWord, Ident)>,
    pub span: Span,
}
