//! `royals facing` (Janggi's bikjang): where the royals face each other on a file with
//! nothing between, the side to move must part them — a move is legal only if it is
//! legal otherwise and leaves them apart — or pass, and the pass is legal then even in
//! check (as in Fairy-Stockfish, where bikjang lets the side pass whatever attacks its
//! king). A pass there ends the game (`Game::immediate_end`).
//!
//! Such positions are rare: every entry point of legal move generation asks
//! [`MoveGenerator::facing_now`] (a flag of the game, false unless the file declares
//! `royals facing`, then the facing test) and judges the node here, move by move.

use super::{keep_compulsory_captures, MoveGenerator};
use crate::attack::royals::royals_face_from;
use crate::ids::{CellId, Side};
use crate::make::{make, unmake};
use crate::{GameMove, GamePosition};

impl MoveGenerator<'_> {
    /// Whether the game declares `royals facing` and the royals face each other in `pos`.
    #[inline]
    pub(crate) fn facing_now(&self, pos: &GamePosition) -> bool {
        let g = self.pseudo.game;
        g.ends.royals_facing.is_some() && facing(pos, g)
    }

    /// The legal moves of a position where the royals face ([`MoveGenerator::facing_now`]).
    pub(crate) fn facing_moves(&mut self, pos: &mut GamePosition, out: &mut Vec<GameMove>) {
        out.clear();
        let mut pseudo = self.pseudo.buffer();
        self.pseudo.pseudo_moves(pos, &mut pseudo);
        for m in pseudo.iter() {
            if self.facing_legal(pos, m) {
                out.push(*m);
            }
        }
        self.pseudo.give_back(pseudo);
        if let Some(rule) = self.pseudo.game.must_capture {
            keep_compulsory_captures(self.pseudo.game, pos, rule, out);
        }
    }

    /// Whether the pseudo-legal move `m` of a position where the royals face is legal:
    /// a pass, or a move legal otherwise that parts them.
    pub(crate) fn facing_legal(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        if m.is_pass() {
            return true;
        }
        if !self.is_legal_plain(pos, m) {
            return false;
        }
        let g = self.pseudo.game;
        let undo = make(g, pos, m);
        let still = facing(pos, g);
        unmake(g, pos, undo);
        !still
    }
}

/// Whether the royals face each other in `pos` (the first side's royal found from the
/// position's bookkeeping when it has one).
fn facing(pos: &GamePosition, g: &crate::Game) -> bool {
    let first = Side::First.index();
    let hint = (pos.royal_count[first] == 1).then(|| CellId(pos.royal_sum[first] as u16));
    royals_face_from(g, pos, hint)
}
