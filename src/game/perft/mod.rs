//! perft: counts the leaves of the legal move tree, the standard test of a move
//! generator — a small consumer of move generation.
//!
//! The last ply is counted in bulk, as Fairy-Stockfish does: the number of legal
//! moves ([`MoveGenerator::count_legal`], [`bulk`]), most of them counted straight from the
//! walks without being built; the children of a node one ply above share the node's
//! attack query and piece walks ([`Perft::prepare_children`], [`children`]). Moves are
//! played without updating the hash, which perft never reads.

mod bulk;
mod children;
mod siblings;

use super::legality::quick::QuickState;
use super::position::{make, make_unhashed, unmake};
use super::{Game, GameMove, GamePosition, MoveGenerator};
use siblings::SiblingWalks;

/// A perft counter: a move generator and what the children of a node share.
///
/// ```
/// let game = piecewise::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
/// let mut pos = game.start_position().unwrap();
/// let mut perft = piecewise::game::Perft::new(&game);
/// assert_eq!(perft.perft(&mut pos, 3), 8902);
/// ```
pub struct Perft<'g> {
    generator: MoveGenerator<'g>,
    /// The quick test's state for the children of the node given to
    /// [`Perft::prepare_children`].
    parent: Box<QuickState>,
    /// `parent` was made for the current node.
    parent_ready: bool,
    /// The walks of the children's side made on the node.
    walks: SiblingWalks,
}

impl<'g> Perft<'g> {
    /// A counter for `game`.
    pub fn new(game: &'g Game) -> Perft<'g> {
        Perft {
            generator: MoveGenerator::new(game),
            parent: Box::new(QuickState::new(game.cells)),
            parent_ready: false,
            walks: SiblingWalks::new(game.cells),
        }
    }

    /// The move generator it counts with.
    pub fn generator(&mut self) -> &mut MoveGenerator<'g> {
        &mut self.generator
    }

    /// Leaf nodes at `depth` plies below `pos`.
    pub fn perft(&mut self, pos: &mut GamePosition, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.generator.count_legal(pos);
        }
        let game = self.generator.game;
        let mut moves = self.generator.buffer();
        self.generator.legal_moves(pos, &mut moves);
        let mut n = 0;
        if depth == 2 {
            // The children share what their side's move generation reads of this
            // position (see `prepare_children`).
            self.prepare_children(pos);
            for m in &moves {
                let undo = make_unhashed(game, pos, m);
                n += self.count_legal_child(pos, m);
                unmake(game, pos, undo);
            }
        } else {
            for m in &moves {
                let undo = make_unhashed(game, pos, m);
                n += self.perft(pos, depth - 1);
                unmake(game, pos, undo);
            }
        }
        self.generator.give_back(moves);
        n
    }

    /// Perft per legal root move, in generation order.
    pub fn divide(&mut self, pos: &mut GamePosition, depth: u32) -> Vec<(GameMove, u64)> {
        let game = self.generator.game;
        let mut moves = Vec::new();
        self.generator.legal_moves(pos, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let undo = make(game, pos, &m);
                let n = self.perft(pos, depth.saturating_sub(1));
                unmake(game, pos, undo);
                (m, n)
            })
            .collect()
    }
}
