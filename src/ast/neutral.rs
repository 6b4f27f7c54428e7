//! The syntax of neutral pieces (`neutral`) and of `no check`.

use super::{Ident, Span};

/// `neutral PIECES [, after each move]`: pieces that belong to no side; with `after
/// each move`, the side that moves must then move it to another empty cell (the Duck).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeutralDecl {
    /// The pieces declared neutral.
    pub pieces: Vec<Ident>,
    /// Where `after each move` was written (more than once is an error).
    pub after_each_move: Vec<Span>,
    pub span: Span,
}
