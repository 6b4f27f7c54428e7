//! The checked form of the tag declarations (`tag NAME (MARK) for PIECES`).

use crate::ids::PieceId;

/// The most tags a game may declare (a cell's tags are one byte).
pub const MAX_TAGS: usize = 8;

/// One declared tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagDef {
    /// Its name (`tagged NAME`).
    pub name: String,
    /// The character written after a carrying piece's letter in FEN.
    pub mark: char,
    /// The kinds that may carry it; the pieces of these kinds carry it in the start
    /// position.
    pub pieces: Vec<PieceId>,
    /// `, as rights in ZONE`: FEN writes the tag in the castling field as the file
    /// letter of its carrier's cell in this zone (not as a mark), and the pieces carry
    /// it in the start position only where that field says.
    pub rights: Option<crate::ids::ZoneId>,
    /// `, lost when aimed at by PIECES`: a carrier loses the tag when an enemy of one
    /// of these kinds ends a move on a cell from which its moves would reach the
    /// carrier on an otherwise empty board.
    pub aimed_by: Vec<PieceId>,
    /// The declaration's span.
    pub span: crate::ids::Span,
}

/// The game's tags: per-piece state that FEN carries and patterns may require.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tags {
    /// The tags in declaration order; tag `i` is bit `i` of a cell's tag byte.
    pub tags: Vec<TagDef>,
}

impl Tags {
    /// The bits of the tags written as rights in the castling field (`, as rights in
    /// ZONE`).
    pub fn rights(&self) -> u8 {
        self.tags
            .iter()
            .enumerate()
            .filter(|(_, t)| t.rights.is_some())
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The bits of the tags a piece of `kind` may carry.
    pub fn carried_by(&self, kind: PieceId) -> u8 {
        self.tags
            .iter()
            .enumerate()
            .filter(|(_, t)| t.pieces.contains(&kind))
            .fold(0, |m, (i, _)| m | 1 << i)
    }
}
