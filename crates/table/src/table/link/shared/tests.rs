//! Unit tests of shared graphs: how their blocks are hash-consed across sides.

use super::super::pool::BlockPool;
use super::*;

/// Blocks laid out into one pool by each side in turn: (after the first side, after
/// both).
fn pool_sizes(piece: &str) -> (usize, usize) {
    let src = format!(
        "game \"g\"\nboard square 12x12\nroyal King\npiece King (K) {{ step any }}\n{piece}\n"
    );
    let (set, d) = crate::pipeline::check(&src, None);
    let set = set.unwrap_or_else(|| panic!("{d:?}"));
    let program = crate::compile::compile(&set);
    let board = Board::from_spec(&program.board).unwrap();
    let zones = super::super::zone_maps(&program, &board);
    let pattern = super::super::expand::view(program.pattern_ops(1));
    let mut pool = BlockPool::new(0);
    let mut sizes = Vec::new();
    for side in Side::BOTH {
        let g = SharedGraph::build(
            &program,
            &board,
            &zones,
            side,
            &pattern,
            usize::MAX,
            None,
            None,
        )
        .expect("within no budget");
        g.lay_out(&mut pool);
        sizes.push(pool.len());
    }
    (sizes[0], sizes[1])
}

#[test]
fn the_second_side_reuses_the_blocks_of_a_pattern_symmetric_top_to_bottom() {
    // Mirrored, the orthogonal hook is itself (in another direction order): the
    // second side adds no block.
    let (first, both) = pool_sizes("piece Hook (H) { ride orthogonal then ride turn ±90 }");
    assert!(first > 0);
    assert_eq!(both, first);
    // Forward is the other way for the second side: its first leg needs blocks
    // of its own (the turned legs, east and west, are shared).
    let (first, both) = pool_sizes("piece Hook (H) { ride forward then ride turn ±90 }");
    assert!(both > first, "{first} then {both}");
}
