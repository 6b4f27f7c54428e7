//! The engine-mode recursion of `examples/engine_perft.rs`, shared with
//! `benches/benches/scale.rs` (engine mode on big boards against 8×8, issue 17).

use piecewise::game::{GamePosition, MoveGenerator, MoveList};
use piecewise::Game;

/// Leaf nodes `depth` plies below `pos`, as an engine's search would reach them: the
/// legal moves as a list of 8-byte compact moves (`legal_list`), each made with
/// `make_compact`, one list per ply reused from node to node. In a game where a pass
/// may end the game (`Game::pass_ends`: Janggi), the search keeps whether the last
/// move was a pass and asks `Game::pass_ended`, as `piecewise perft` does.
pub fn engine_perft(
    game: &Game,
    generator: &mut MoveGenerator<'_>,
    pos: &mut GamePosition,
    depth: u32,
    make_leaves: bool,
    buffers: &mut Vec<MoveList>,
) -> u64 {
    let passes = game.pass_ends();
    engine_perft_in(
        game,
        generator,
        pos,
        depth,
        (make_leaves, passes, false),
        buffers,
    )
}

/// [`engine_perft`] with `(make_leaves, passes, after_pass)`: `passes` when the game's
/// passes may end it, `after_pass` when the move that led to `pos` was a pass.
fn engine_perft_in(
    game: &Game,
    generator: &mut MoveGenerator<'_>,
    pos: &mut GamePosition,
    depth: u32,
    (make_leaves, passes, after_pass): (bool, bool, bool),
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
        let mut pass = false;
        if passes {
            let gm = moves.decode(m);
            if depth > 1 && game.pass_ended(pos, &gm, after_pass) {
                game.unmake(pos, undo);
                continue;
            }
            pass = gm.is_pass();
        }
        let flags = (make_leaves, passes, pass);
        nodes += engine_perft_in(game, generator, pos, depth - 1, flags, buffers);
        game.unmake(pos, undo);
    }
    buffers.push(moves);
    nodes
}
