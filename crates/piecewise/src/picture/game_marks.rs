//! game_marks: what a movement diagram shows that only the game layer knows — the
//! later plies of cascades (each activated piece's ply, and the link between plies)
//! and the cells that burns and blasts clear — added to the [`Marks`] of a trace from
//! the pseudo-legal moves of the piece.

use super::Marks;
use crate::game::{Game, GamePosition};
use crate::ids::CellId;

impl Marks {
    /// Adds what the pseudo-legal moves of the piece on `cell` of `pos` do beyond the
    /// walk of its own table tree (made with its side to move): the plies of each
    /// cascade it starts ([`Marks::cascades`], [`super::CellMarks::cascade`]) and the
    /// cells its burns and blasts clear ([`super::CellMarks::burned`],
    /// [`super::CellMarks::blast`]). Nothing in a game without effects or activation.
    pub fn add_game_moves(&mut self, game: &Game, pos: &GamePosition, cell: CellId) {
        let occ = pos.occupant(cell);
        if !game.has_effects() || occ.is_empty() {
            return;
        }
        let turned = game.with_side_to_move(pos, occ.side());
        let mut moves = Vec::new();
        game.move_generator().pseudo_moves(&turned, &mut moves);
        let n = self.cells.len();
        for m in moves.iter().filter(|m| m.from == cell) {
            for (a, b) in m.cascade().plies(m.to) {
                if a.index() < n && b.index() < n {
                    self.cascades.push((a.index(), b.index()));
                    self.cells[b.index()].cascade = true;
                }
            }
            let fx = game.side_effects(&turned, m);
            for c in fx.burned.iter().filter(|c| c.index() < n) {
                self.cells[c.index()].burned = true;
            }
            for c in fx.blast.iter().filter(|c| c.index() < n) {
                self.cells[c.index()].blast = true;
            }
        }
        self.cascades.sort_unstable();
        self.cascades.dedup();
    }
}
