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
}

/// The game's tags: per-piece state that FEN carries and patterns may require.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tags {
    /// The tags in declaration order; tag `i` is bit `i` of a cell's tag byte.
    pub tags: Vec<TagDef>,
}

impl Tags {
    /// The bits of the tags a piece of `kind` may carry.
    pub fn carried_by(&self, kind: PieceId) -> u8 {
        self.tags
            .iter()
            .enumerate()
            .filter(|(_, t)| t.pieces.contains(&kind))
            .fold(0, |m, (i, _)| m | 1 << i)
    }
}
