//! The engine-mode recursion of `examples/engine_perft.rs`, shared with
//! `benches/benches/scale.rs` (engine mode on big boards against 8×8, issue 17).

use piecewise::game::{GamePosition, MoveGenerator, MoveList};
use piecewise::Game;

/// Leaf nodes `depth` plies below `pos`, as an engine's search would reach them: the
/// legal moves as a list of 8-byte compact moves (`legal_list`), each made with
/// `make_compact`, one list per ply reused from node to node.
pub fn engine_perft(
    game: &Game,
    generator: &mut MoveGenerator<'_>,
    pos: &mut GamePosition,
    depth: u32,
    make_leaves: bool,
    buffers: &mut Vec<MoveList>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && !make_leaves {
        return generator.count_legal(pos);
    }
    let mut moves = buffers.pop().unwrap_or_default();
    generator.legal_list(pos, &mut moves);
    let mut nodes = 0;
    for &m in moves.moves() {
        let undo = game.make_compact(pos, &moves, m);
        nodes += engine_perft(game, generator, pos, depth - 1, make_leaves, buffers);
        game.unmake(pos, undo);
    }
    buffers.push(moves);
    nodes
}
