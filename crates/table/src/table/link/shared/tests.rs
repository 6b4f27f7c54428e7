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

/// The bound counted before a graph is built ([`graph_bound`]) is never below what
/// building it holds (states and edges), with compact keys and without, absolute and
/// relative, for groups, chains, turns, hops and pushes.
#[test]
fn the_bound_holds_every_graph() {
    let pieces = [
        (
            "square 12x12",
            "piece P (P) { ride orthogonal then ride turn ±90 }",
        ),
        (
            "square 12x12",
            "piece P (P) { ride any via piece then repeat { ride same via piece } }",
        ),
        (
            "square 8x8",
            "piece P (P) { leap (1,2) then repeat up to 6 { leap turn 45 } }",
        ),
        (
            "square 8x8",
            "piece P (P) { repeat { step forward-diagonal then step turn ±90 } }",
        ),
        ("square 6x6", "piece P (P) { repeat { step orthogonal } }"),
        (
            "square 7x5",
            "piece P (P) { repeat 2..5 { ride any up to 3 then leap (1,2) } }",
        ),
        (
            "square 6x6",
            "piece P (P) { repeat { leap (1,2) then ride any } then step any }",
        ),
        (
            "square 16x16",
            "piece P (P) { ride orthogonal via piece then ride same via piece then ride same }",
        ),
        (
            "square 16x16",
            "piece P (P) { repeat 3 { step any then step turn 45 } }",
        ),
        (
            "square 8x8",
            "piece P (P) { ride orthogonal then ride any, push King, capture friend }",
        ),
        (
            "hex radius 4",
            "piece P (P) { repeat { ride any then ride turn 60 } }",
        ),
        (
            "octo 6x6",
            "piece P (P) { repeat up to 4 { step any then step same } }",
        ),
    ];
    for (board, piece) in pieces {
        let src = format!("board {board}\npiece King (K) {{ step any }}\n{piece}\n");
        let (set, d) = crate::pipeline::check(&src, None);
        let set = set.unwrap_or_else(|| panic!("{piece}: {d:?}"));
        let program = crate::compile::compile(&set);
        let board = Board::from_spec(&program.board).unwrap();
        let zones = super::super::zone_maps(&program, &board);
        let pattern = super::super::expand::view(program.pattern_ops(1));
        let relative = super::super::relative::depth_bound(&program, &board, &pattern)
            .filter(|&d| board.cell_count() > 255 && 2 * usize::from(d) <= board.cell_count());
        for side in Side::BOTH {
            for compact in [true, false] {
                if relative.is_some() && !compact {
                    continue;
                }
                let g = SharedGraph::build_as(
                    &program,
                    &board,
                    &zones,
                    side,
                    &pattern,
                    usize::MAX,
                    compact,
                    relative,
                    None,
                )
                .expect("within no budget");
                let bound = graph_bound(&program, &board, side, &pattern, compact, relative);
                assert!(
                    bound.states >= g.states.len() as u64 && bound.edges >= g.edges.len() as u64,
                    "{piece} ({side:?}, compact {compact}, relative {relative:?}): {bound:?} < {} states, {} edges",
                    g.states.len(),
                    g.edges.len()
                );
            }
        }
    }
}
