//! bound: how large a pattern's shared graph can be, from its legs and the board alone,
//! before it is built.
//!
//! A state is (leg, repetition, cell, heading, steps, part; in a pattern with an
//! `alternate` leg also the heading before) ([`super::StateKey`]); each
//! coordinate takes a number of values known from the pattern and the board: the
//! repetitions of a group (its maximum, 255 until blocked, or the minimum + 1 when
//! further repetitions are one state), the cells (the board's, or a relative graph's
//! depth), the headings a leg can move in (found once per leg, following the turns
//! round the legs), the steps of a leg (its maximum, or the board's longest run), and
//! the parts (a landing half and the `PUSH` nodes of the last leg). Their product over
//! the legs bounds the states; each state's children (the next legs' vectors times the
//! ways a junction is crossed, and the next step) bound its edges, which become the
//! nodes of its block. Counting takes microseconds, so [`super::super::link`] can refuse
//! a pattern whose graph would pass the node budget before spending the memory.

use super::super::expand::PatternView;
use super::super::vectors::VectorCache;
use crate::compile::{Dirs, MoveProgram, ViaBits};
use crate::ids::Side;
use crate::ir::Vector;
use crate::table::layout::MAX_DEPTH;
use crate::topology::Board;

/// An upper bound of a shared graph's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::table::link) struct GraphBound {
    /// States (each a record of the table, once its block is laid out).
    pub(in crate::table::link) states: u64,
    /// Edges (each a node of its parent's block).
    pub(in crate::table::link) edges: u64,
}

/// The most states and edges the shared graph of `pattern` for `side` can have, built
/// with `compact` state keys ([`super::SharedGraph::build`]) and, if relative, paths of
/// at most `relative` cells.
pub(in crate::table::link) fn graph_bound(
    program: &MoveProgram,
    board: &Board,
    side: Side,
    pattern: &PatternView,
    compact: bool,
    relative: Option<u16>,
) -> GraphBound {
    let n = pattern.legs.len();
    if n == 0 {
        return GraphBound {
            states: 0,
            edges: 0,
        };
    }
    let mut vectors = VectorCache::default();
    let headings = headings(program, board, side, pattern, &mut vectors);
    let cells = match relative {
        Some(most) => u64::from(most),
        None => board.cell_count() as u64,
    };
    // The longest straight run of steps on the board (any run on a board that is not a
    // rectangle stays within its cells).
    let run = if board.is_rectangle() {
        u64::from(board.width().max(board.height())).saturating_sub(1)
    } else {
        board.cell_count() as u64
    }
    .max(1);
    let encounters = (pattern.meets.len() + usize::from(pattern.push.is_some())) as u64;
    // A state of a pattern with an `alternate` leg also keeps the heading before its
    // own: any heading of any leg.
    let befores = if pattern.alternates() {
        all_headings(&headings).len().max(1) as u64
    } else {
        1
    };
    let mut states = 0u64;
    let mut edges = 0u64;
    for (i, heads_i) in headings.iter().enumerate() {
        let leg = pattern.legs[i];
        let reps = match pattern.repeat {
            Some((first, last, min, max)) if (first..=last).contains(&i) => {
                let most = if max == 0 {
                    MAX_DEPTH as u64
                } else {
                    u64::from(max)
                };
                if compact && max == 0 {
                    (u64::from(min) + 1).min(most)
                } else {
                    most
                }
            }
            _ => 1,
        };
        let steps = if compact && leg.max == 0 {
            u64::from(leg.min.max(1))
        } else if leg.max == 0 {
            run.max(u64::from(leg.min))
        } else {
            u64::from(leg.max).min(run.max(u64::from(leg.min)))
        };
        // The main node, and on a leg a path may end after: its landing half and two
        // nodes per encounter.
        let last = i + 1 == n;
        let parts = 1 + if last { 1 + 2 * encounters } else { 0 };
        let heads = heads_i.len() as u64;
        let leg_states = reps
            .saturating_mul(cells)
            .saturating_mul(heads)
            .saturating_mul(befores)
            .saturating_mul(steps)
            .saturating_mul(parts);
        // Each state's children: for every leg that may follow, its vectors after the
        // heading, each entered in as many ways as the junction allows, each with its
        // parts; and the next step of this leg.
        let ways =
            u64::from(leg.hop_classes() != 0) + u64::from(leg.via.has(ViaBits::FOE_CAPTURED));
        let mut out = parts;
        for j in following(pattern, i) {
            let j_parts = 1 + if j + 1 == n { 1 + 2 * encounters } else { 0 };
            let most_vectors = heads_i
                .iter()
                .map(|&h| {
                    vectors
                        .get(program, board, side, pattern.legs[j].dirs, Some(h))
                        .len()
                })
                .max()
                .unwrap_or(0) as u64;
            out = out.saturating_add(ways.saturating_mul(most_vectors).saturating_mul(j_parts));
        }
        states = states.saturating_add(leg_states);
        edges = edges.saturating_add(leg_states.saturating_mul(out));
    }
    GraphBound { states, edges }
}

/// The legs that may follow leg `i`, whatever the repetition.
fn following(pattern: &PatternView, i: usize) -> impl Iterator<Item = usize> {
    let n = pattern.legs.len();
    let (again, after) = match pattern.repeat {
        Some((first, last, _, max)) if i == last => {
            // Once repeated (a group of one repetition exactly does not come back).
            (
                Some(first).filter(|_| max != 1),
                (i + 1 < n).then_some(i + 1),
            )
        }
        _ => (None, (i + 1 < n).then_some(i + 1)),
    };
    again.into_iter().chain(after)
}

/// Per leg, every heading it can move in: its vectors after every heading the legs
/// before it (and, in a group, the group's last leg) can leave it with.
fn headings(
    program: &MoveProgram,
    board: &Board,
    side: Side,
    pattern: &PatternView,
    vectors: &mut VectorCache,
) -> Vec<Vec<Vector>> {
    let n = pattern.legs.len();
    let mut heads: Vec<Vec<Vector>> = vec![Vec::new(); n];
    let mut todo: Vec<(usize, Vector)> = Vec::new();
    for v in vectors.get(program, board, side, pattern.legs[0].dirs, None) {
        if !heads[0].contains(&v) {
            heads[0].push(v);
            todo.push((0, v));
        }
    }
    loop {
        while let Some((i, h)) = todo.pop() {
            for j in following(pattern, i) {
                for w in vectors.get(program, board, side, pattern.legs[j].dirs, Some(h)) {
                    if !heads[j].contains(&w) {
                        heads[j].push(w);
                        todo.push((j, w));
                    }
                }
            }
        }
        // An `alternate` leg repeats a heading two legs back: any heading of any leg.
        let all = all_headings(&heads);
        for (j, leg) in pattern.legs.iter().enumerate() {
            if leg.dirs == Dirs::Alternate {
                for &w in &all {
                    if !heads[j].contains(&w) {
                        heads[j].push(w);
                        todo.push((j, w));
                    }
                }
            }
        }
        if todo.is_empty() {
            return heads;
        }
    }
}

/// Every heading of `heads`, once.
fn all_headings(heads: &[Vec<Vector>]) -> Vec<Vector> {
    let mut all: Vec<Vector> = Vec::new();
    for &w in heads.iter().flatten() {
        if !all.contains(&w) {
            all.push(w);
        }
    }
    all
}
