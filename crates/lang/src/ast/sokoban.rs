//! The Sokoban declaration: which pieces a text board's characters stand for.

use super::{Ident, Span};

/// `sokoban pusher Pusher, box Box, wall Wall`: which pieces the characters of a
/// Sokoban text board stand for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SokobanDecl {
    pub roles: Vec<SokobanRole>,
    /// `, reverse`: the puzzle is solved backwards (pulls, and jumps before the first).
    pub reverse: bool,
    pub span: Span,
}

/// `pusher NAME`, `box NAME` or `wall NAME`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SokobanRole {
    pub kind: SokobanRoleKind,
    pub piece: Ident,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SokobanRoleKind {
    /// `@` (and `+`, on a goal)
    Pusher,
    /// `$` (and `*`, on a goal)
    Box,
    /// `#`
    Wall,
}

impl SokobanRoleKind {
    pub fn keyword(self) -> &'static str {
        match self {
            SokobanRoleKind::Pusher => "pusher",
            SokobanRoleKind::Box => "box",
            SokobanRoleKind::Wall => "wall",
        }
    }
}
