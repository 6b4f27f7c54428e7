//! ply: what a walk reports where a move may end ([`Ply`]): the path from the start
//! cell, what happens to the piece met, and the pattern's mark.

use crate::ids::{CellId, PieceId, Side};
use crate::table::Node;

/// A place where the move may end: the walk from the start cell to `to`.
#[derive(Clone, Copy)]
pub struct Ply<'a> {
    /// The side that moves.
    pub side: Side,
    /// The kind of the moving piece.
    pub piece: PieceId,
    /// The start cell.
    pub from: CellId,
    /// The cell where the move ends.
    pub to: CellId,
    /// The piece on the destination is captured: an enemy, or a friend by a pattern
    /// that may `capture friend`.
    pub captures_to: bool,
    /// A displacement: the piece on `to` (friend or foe) is pushed to this cell; a
    /// **swap** when it is `from`.
    pub push_to: Option<CellId>,
    /// A conversion: the piece on `to` stays there but changes side and becomes this
    /// kind (its own kind unless the pattern names another); the mover stays on
    /// `from`.
    pub convert: Option<PieceId>,
    /// An activation: the mover ends on `to` and the piece there makes its own ply
    /// from it (the game layer walks that ply: a cascade).
    pub activates: bool,
    /// The landing node's mark ([`Ply::mark`]).
    pub(super) mark: u8,
    /// The table's nodes, which `path` indexes.
    pub(super) nodes: &'a [Node],
    /// Node ids from the root to the landing node.
    pub(super) path: &'a [u32],
    /// The cells of `path`, in a walk of a table with shared nodes (whose relative
    /// nodes hold no cell); `None`: each node's own target.
    pub(super) cells: Option<&'a [CellId]>,
}

impl<'a> Ply<'a> {
    /// The cells visited in order, ending with `to` (the start cell is not included).
    pub fn cells(&self) -> impl Iterator<Item = CellId> + 'a {
        let (nodes, path, cells) = (self.nodes, self.path, self.cells);
        (0..path.len()).map(move |i| cell_at(nodes, path, cells, i))
    }

    /// Cells captured in passing (locust captures), in path order; not `to`.
    pub fn passing_captures(&self) -> impl Iterator<Item = CellId> + 'a {
        let (nodes, path, cells) = (self.nodes, self.path, self.cells);
        (1..path.len())
            .filter(move |&i| nodes[path[i] as usize].has(Node::CAPTURE_PREV))
            .map(move |i| cell_at(nodes, path, cells, i - 1))
    }

    /// The displacement, if any: the piece on `to` moves to the second cell.
    pub fn push(&self) -> Option<(CellId, CellId)> {
        self.push_to.map(|pushed_to| (self.to, pushed_to))
    }

    /// Every cell whose piece this move captures: passing captures, then `to` if it
    /// holds an enemy.
    pub fn captures(&self) -> impl Iterator<Item = CellId> + 'a {
        let to = self.captures_to.then_some(self.to);
        self.passing_captures().chain(to)
    }

    /// Number of steps from the start cell.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Whether the ply has no steps (never true for a ply a walk reports).
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// Whether a pattern marked `en passant` made this move: the cells it passed over
    /// (all of [`Ply::cells`] but the last) may be captured en passant for one ply.
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        self.landing_flags() & Node::EN_PASSANT != 0
    }

    /// The pattern's mark (1 to 3; 0 for none): which of its piece's pattern actions
    /// (`sets`, `keeps`, `burn`, `explode`) a move by this ply does: the landing
    /// node's `MASK_MARK` bits.
    #[inline]
    pub fn mark(&self) -> u8 {
        self.mark
    }

    /// The flags (`Node::*`) of the landing node. Crate-internal: outside the walk, ask
    /// [`Ply::is_en_passant`].
    #[inline]
    fn landing_flags(&self) -> u8 {
        self.path
            .last()
            .map_or(0, |&id| self.nodes[id as usize].flags)
    }
}

/// The cell of the `i`th node of a ply's path.
#[inline(always)]
fn cell_at(nodes: &[Node], path: &[u32], cells: Option<&[CellId]>, i: usize) -> CellId {
    match cells {
        Some(cells) => cells[i],
        None => nodes[path[i] as usize].target,
    }
}
