//! The syntax of neutral pieces (`neutral`) and of `no check`.

use super::{Ident, Span};

/// `neutral PIECES [, after each move] [, moved by either side]`: pieces that belong to
/// no side; with `after each move`, the side that moves must then move it to another
/// empty cell (the Duck); with `moved by either side`, the side to move may move them
/// by their own patterns (Croatian Chess's Monolith and Star).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeutralDecl {
    /// The pieces declared neutral.
    pub pieces: Vec<Ident>,
    /// Where `after each move` was written (more than once is an error).
    pub after_each_move: Vec<Span>,
    /// Where `placed after each move` was written (a new piece each move: walls).
    pub placed_after_each_move: Vec<Span>,
    /// `in ZONE`: the cells the piece moved or placed after each move may go to.
    pub placed_in: Vec<Ident>,
    /// `where the mover was` / `as the mover moves`, each time written.
    pub placed_site: Vec<(PlacedSite, Span)>,
    /// Where `moved by either side` was written.
    pub moved_by_either: Vec<Span>,
    /// Where `opaque` was written (an `onward` relay's line stops at these pieces).
    pub opaque: Vec<Span>,
    /// `captured by ...`, each time it was written.
    pub captured_by: Vec<CapturedBy>,
    pub span: Span,
}

/// `captured by [first | second | either side] [PIECES]`: the side whose pieces may
/// capture the neutral pieces (`None`: either) and the kinds that may (empty: any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturedBy {
    pub side: Option<crate::ids::Side>,
    pub kinds: Vec<Ident>,
    pub span: Span,
}

/// Where the piece moved or placed after each move may go, besides any empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacedSite {
    /// `where the mover was`: the cell the moving piece left (Snailtrail's trail).
    Left,
    /// `as the mover moves`: a cell the moved piece could move to from where it landed
    /// (Amazons' arrow).
    Reach,
}
