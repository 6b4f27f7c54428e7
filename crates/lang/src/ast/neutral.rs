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
    /// Where `moved by either side` was written.
    pub moved_by_either: Vec<Span>,
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
