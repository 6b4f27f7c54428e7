//! The syntax of tags (`tag NAME (MARK) for PIECES`).

use super::{Ident, Span};

/// `tag NAME (MARK) [for PIECES]`: a piece state, written `MARK` after the piece's
/// letter in FEN; the pieces listed carry it in the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagDecl {
    /// The tag's name, used by `tagged NAME`.
    pub name: Ident,
    /// The FEN mark as written between the parentheses, and where.
    pub mark: String,
    /// Where the mark is.
    pub mark_span: Span,
    /// The pieces that may carry the tag (and do in the start position).
    pub pieces: Vec<Ident>,
    pub span: Span,
}
