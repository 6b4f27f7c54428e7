//! perft: counts the leaves of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk, as Fairy-Stockfish does: the number
//! of legal moves ([`Searcher::count_legal`]), most of them counted straight from the
//! walks without being built; the children of a node one ply above share the
//! node's attack query and piece walks ([`Searcher::prepare_children`]). Moves are
//! played without updating the hash, which perft never reads.

use super::movegen::{GameMove, Searcher};
use super::state::GamePosition;
use super::{make, make_unhashed, unmake_pos};

impl Searcher<'_> {
    /// Leaf nodes at `depth` plies below `pos`.
    pub fn perft(&mut self, pos: &mut GamePosition, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal(pos);
        }
        let mut moves = self.buffer();
        self.legal_moves(pos, &mut moves);
        let n = if depth == 2 {
            // The children share what their side's move generation reads of this
            // position (see `prepare_children`).
            self.prepare_children(pos);
            let mut n = 0;
            for m in &moves {
                let undo = make_unhashed(self.game, pos, m);
                n += self.count_legal_child(pos, m);
                unmake_pos(self.game, pos, undo);
            }
            n
        } else {
            let mut n = 0;
            for m in &moves {
                let undo = make_unhashed(self.game, pos, m);
                n += self.perft(pos, depth - 1);
                unmake_pos(self.game, pos, undo);
            }
            n
        };
        self.give_back(moves);
        n
    }

    /// Perft per legal root move, in generation order.
    pub fn divide(&mut self, pos: &mut GamePosition, depth: u32) -> Vec<(GameMove, u64)> {
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let undo = make(self.game, pos, &m);
                let n = self.perft(pos, depth.saturating_sub(1));
                unmake_pos(self.game, pos, undo);
                (m, n)
            })
            .collect()
    }
}
