//! The checked `connect` declarations: shapes of a side's pieces that end the game
//! (N in a row, N on a line, an N by N block, a chain between two zones). The game layer
//! resolves them to cells and judges them after each move (`Game::result`).

use super::{Outcome, Vector};
use crate::ids::{PieceId, Side, ZoneId};

/// The shape a [`ConnectRule`] asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectShape {
    /// N pieces in a row along one of the rule's directions, each one step from the
    /// next; with `gaps`, N pieces on one line along a direction, anywhere on it.
    Line {
        /// How many.
        count: u32,
        /// `gaps`: on one line, not necessarily next to each other.
        gaps: bool,
    },
    /// An N by N block of cells (on a square board: N files by N ranks).
    Square(u32),
    /// A chain of pieces, each one step (along the rule's directions) from the next,
    /// from a cell of the first zone to a cell of the second (as the side sees them).
    Zones(ZoneId, ZoneId),
}

/// `connect ...`: the side that just moved, with its pieces of `pieces` in `shape`,
/// gets `outcome` at once (Fairy-Stockfish's `connectN`, `collinearN`, `connectNxN`,
/// `connectRegion1/2`, with `connectValue`; judged only for the side that just moved,
/// as there).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectRule {
    /// The shape.
    pub shape: ConnectShape,
    /// The kinds that count (`None`: every kind of the side).
    pub pieces: Option<Vec<PieceId>>,
    /// The steps of `along DIRS` (the board's `any` directions unless written); a line
    /// runs along a step and its opposite.
    pub along: Vec<Vector>,
    /// The outcome for the side that made the shape.
    pub outcome: Outcome,
    /// `for first|second`: only this side's shapes count.
    pub for_side: Option<Side>,
}
