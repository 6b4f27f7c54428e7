//! The checked game-end declarations (`repetition`, `perpetual check loses`, `move
//! limit`, `bare royal`, `no pieces`, `counting makruk`): what [`super::GameDecls`]
//! holds beyond checkmate and stalemate. The game layer decides them (`Game::result`,
//! `Game::immediate_end`, `Game::optional_end`).

use crate::ids::{PieceId, Side};

/// How a game ends for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Outcome {
    /// Neither side wins.
    #[default]
    Draw,
    /// The side to move loses.
    Loss,
    /// The side to move wins.
    Win,
}

/// How a game may end beyond checkmate and stalemate. All off by default: a file that
/// declares none of them ends only by checkmate and stalemate.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct EndRules {
    /// `repetition N ...`.
    pub repetition: Option<RepetitionRule>,
    /// `perpetual check loses`: in a repetition, a side that gave check with each of
    /// its moves since the first of the repeated positions loses.
    pub perpetual_check_loses: bool,
    /// `move limit N [moves|plies]`.
    pub move_limit: Option<MoveLimitRule>,
    /// `bare royal OUTCOME [, bare back]`.
    pub bare_royal: Option<BareRoyalRule>,
    /// `no pieces OUTCOME`: the outcome for a side left with no piece at all.
    pub no_pieces: Option<Outcome>,
    /// `counting makruk ...`: the pieces Makruk's counting rules name.
    pub counting: Option<CountingRoles>,
}

impl EndRules {
    /// Whether any rule needs the moves played before the position (repetition,
    /// counting): a position alone cannot answer them.
    pub fn need_history(&self) -> bool {
        self.repetition.is_some() || self.counting.is_some()
    }
}

/// `repetition N [OUTCOME [for first|second]] [, claim|immediate]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepetitionRule {
    /// The number of times the same position must have stood (3 in chess, 4 in shogi).
    pub count: u32,
    /// The outcome: for `for_side` when given, else for the side to move.
    pub outcome: Outcome,
    /// `for first|second`: whose outcome `outcome` is, whoever is to move.
    pub for_side: Option<Side>,
    /// `immediate`: the game is over; otherwise a player may claim it.
    pub immediate: bool,
}

/// `move limit N [moves|plies] [, claim|immediate]`: a draw after N moves (2N plies) or
/// N plies in which no piece was captured and no pawn moved (the FEN's halfmove clock).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLimitRule {
    /// The limit in plies (`move limit 50` is 100).
    pub plies: u32,
    /// `pawn Pieces`: pieces whose every move restarts the count, like a capture (the
    /// pieces declared `en passant` always do).
    pub pawns: Vec<PieceId>,
    /// `immediate`: the game is over; otherwise a player may claim it.
    pub immediate: bool,
}

/// `bare royal OUTCOME [, bare back]`: a side left with royal pieces only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BareRoyalRule {
    /// The outcome for the bare side.
    pub outcome: Outcome,
    /// `bare back`: the rule is judged when the side that is not bare is to move, so the
    /// bare side has one move to bare the other in turn (then neither is judged bare).
    pub bare_back: bool,
}

/// `counting makruk pawn P, rook R, bishop B, knight N`: the pieces of each role.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CountingRoles {
    /// While one of these is on the board, nothing is counted.
    pub pawns: Vec<PieceId>,
    /// Rooks.
    pub rooks: Vec<PieceId>,
    /// Bishops (Makruk's Khon).
    pub bishops: Vec<PieceId>,
    /// Knights.
    pub knights: Vec<PieceId>,
}
