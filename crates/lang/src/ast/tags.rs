//! The syntax of tags (`tag NAME (MARK) for PIECES [, as rights in ZONE] [, lost when
//! aimed at by PIECES]`).

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
    /// `, as rights in ZONE`: FEN writes the tag in the castling field, as the file
    /// letter of the carrier's cell in ZONE; with the clause's span.
    pub rights: Option<(Ident, Span)>,
    /// `, lost when aimed at by PIECES`: the enemy kinds whose aim takes the tag; with
    /// the clause's span.
    pub aimed_by: Option<(Vec<Ident>, Span)>,
    pub span: Span,
}
