//! The engine-mode recursion of `examples/engine_perft.rs`, shared with
//! `benches/scale.rs` (engine mode on big boards against 8×8, issue 17).

use piecewise::game::{GameMove, GamePosition, MoveGenerator};
use piecewise::Game;

/// Leaf nodes `depth` plies below `pos`, as an engine's search would reach them.
pub fn engine_perft(
    game: &Game,
    generator: &mut MoveGenerator<'_>,
    pos: &mut GamePosition,
    depth: u32,
    make_leaves: bool,
    buffers: &mut Vec<Vec<GameMove>>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && !make_leaves {
        return generator.count_legal(pos);
    }
    let mut moves = buffers.pop().unwrap_or_default();
    generator.legal_moves(pos, &mut moves);
    let mut nodes = 0;
    for m in &moves {
        let undo = game.make(pos, m);
        nodes += engine_perft(game, generator, pos, depth - 1, make_leaves, buffers);
        game.unmake(pos, undo);
    }
    buffers.push(moves);
    nodes
}
