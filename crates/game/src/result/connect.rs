//! `connect`: the shapes of a side's pieces that end the game (N in a row, N on a line,
//! an N by N block, a chain between two zones), resolved to cells once when the game is
//! built and judged for the side that just moved.
//!
//! Fairy-Stockfish's connect rules (`connectN`, `collinearN`, `connectNxN`,
//! `connectRegion1/2`), as it judges them: after a move, only the pieces of the side that
//! moved; a chain grows from the first zone only along the rule's steps as written
//! (`along e + n` never steps west or south), and reaches the second zone by a step.

use super::{EndReason, GameResult};
use crate::ids::{CellId, Side, ZoneId};
use crate::ir::{ConnectRule, ConnectShape, RuleSet, Vector};
use crate::position::GamePosition;
use crate::topology::Board;
use std::collections::BTreeSet;

/// One `connect` rule resolved to cells.
#[derive(Clone, Debug)]
pub(crate) struct Connect {
    /// By piece kind: whether it counts.
    kinds: Vec<bool>,
    /// The outcome for the side that made the shape.
    outcome: crate::ir::Outcome,
    /// Only this side's shapes count.
    for_side: Option<Side>,
    shape: Shape,
}

/// A shape's cells.
#[derive(Clone, Debug)]
enum Shape {
    /// Every set of cells that makes the shape when all hold counted pieces (N in a
    /// row, an N by N block).
    Sets(Vec<Vec<CellId>>),
    /// Whole lines: N counted pieces anywhere on one of them make the shape.
    Lines(Vec<Vec<CellId>>, u32),
    /// A chain from the first zone to the second: per side, the zones' cells; per cell,
    /// the cells one step along the rule's steps.
    Chain {
        from: [Vec<bool>; 2],
        to: [Vec<bool>; 2],
        next: Vec<Vec<CellId>>,
    },
}

/// Every `connect` rule of the file, resolved on `board`; `zone_cells` gives a zone's
/// cells as a side sees it.
pub(crate) fn resolve(
    rule_set: &RuleSet,
    board: &Board,
    neutral: &[bool],
    zone_cells: &dyn Fn(ZoneId, Side) -> Vec<bool>,
) -> Vec<Connect> {
    let kinds_of = |rule: &ConnectRule| -> Vec<bool> {
        (0..rule_set.pieces.len())
            .map(|p| {
                !neutral.get(p).copied().unwrap_or(false)
                    && rule
                        .pieces
                        .as_ref()
                        .map_or(true, |ks| ks.iter().any(|k| k.index() == p))
            })
            .collect()
    };
    rule_set
        .game
        .ends
        .connect
        .iter()
        .map(|rule| Connect {
            kinds: kinds_of(rule),
            outcome: rule.outcome,
            for_side: rule.for_side,
            shape: shape(board, rule, zone_cells),
        })
        .collect()
}

fn shape(
    board: &Board,
    rule: &ConnectRule,
    zone_cells: &dyn Fn(ZoneId, Side) -> Vec<bool>,
) -> Shape {
    match rule.shape {
        ConnectShape::Line { count, gaps: false } => {
            let mut sets = BTreeSet::new();
            for c in board.cells() {
                for &v in &rule.along {
                    if let Some(mut set) = walk(board, c, v, count as usize) {
                        set.sort();
                        sets.insert(set);
                    }
                }
            }
            Shape::Sets(sets.into_iter().collect())
        }
        ConnectShape::Line { count, gaps: true } => {
            let mut lines = BTreeSet::new();
            for c in board.cells() {
                for &v in &rule.along {
                    // A line starts where a step back leaves the board.
                    if board.step(c, Vector::new(-v.dx, -v.dy)).is_some() {
                        continue;
                    }
                    let mut line = walk(board, c, v, usize::MAX).unwrap_or_default();
                    if line.len() >= count as usize {
                        line.sort();
                        lines.insert(line);
                    }
                }
            }
            Shape::Lines(lines.into_iter().collect(), count)
        }
        ConnectShape::Square(n) => {
            let mut sets = Vec::new();
            for c in board.cells() {
                let cells: Option<Vec<CellId>> = (0..n as i8)
                    .flat_map(|dx| (0..n as i8).map(move |dy| Vector::new(dx, dy)))
                    .map(|v| {
                        if v == Vector::new(0, 0) {
                            Some(c)
                        } else {
                            board.step(c, v)
                        }
                    })
                    .collect();
                if let Some(cells) = cells {
                    sets.push(cells);
                }
            }
            Shape::Sets(sets)
        }
        ConnectShape::Zones(a, b) => Shape::Chain {
            from: Side::BOTH.map(|s| zone_cells(a, s)),
            to: Side::BOTH.map(|s| zone_cells(b, s)),
            next: board
                .cells()
                .map(|c| {
                    rule.along
                        .iter()
                        .filter_map(|&v| board.step(c, v))
                        .collect()
                })
                .collect(),
        },
    }
}

/// The cells from `c` on, one step of `v` at a time, `len` of them (`usize::MAX`: to
/// the edge); `None` if the board ends first.
fn walk(board: &Board, c: CellId, v: Vector, len: usize) -> Option<Vec<CellId>> {
    let mut out = vec![c];
    let mut at = c;
    while out.len() < len {
        match board.step(at, v) {
            Some(next) if !out.contains(&next) => {
                out.push(next);
                at = next;
            }
            _ if len == usize::MAX => break,
            _ => return None,
        }
    }
    Some(out)
}

impl Connect {
    /// Whether `side`'s pieces in `pos` make this rule's shape.
    fn made(&self, pos: &GamePosition, side: Side) -> bool {
        let counted = |c: CellId| {
            let o = pos.occupant(c);
            !o.is_empty() && o.side() == side && self.kinds[o.kind().index()]
        };
        match &self.shape {
            Shape::Sets(sets) => sets.iter().any(|s| s.iter().all(|&c| counted(c))),
            Shape::Lines(lines, n) => lines
                .iter()
                .any(|l| l.iter().filter(|&&c| counted(c)).count() >= *n as usize),
            Shape::Chain { from, to, next } => {
                let (from, to) = (&from[side.index()], &to[side.index()]);
                let cells = next.len();
                let mut reached = vec![false; cells];
                let mut stack: Vec<CellId> = (0..cells)
                    .map(|c| CellId(c as u16))
                    .filter(|&c| from[c.index()] && counted(c))
                    .collect();
                if !(0..cells).any(|c| to[c] && counted(CellId(c as u16))) {
                    return false;
                }
                while let Some(c) = stack.pop() {
                    for &n in &next[c.index()] {
                        if !reached[n.index()] && counted(n) {
                            if to[n.index()] {
                                return true;
                            }
                            reached[n.index()] = true;
                            stack.push(n);
                        }
                    }
                }
                false
            }
        }
    }
}

/// The first `connect` rule the side that just moved meets in `pos`, as a result.
pub(crate) fn connected(rules: &[Connect], pos: &GamePosition) -> Option<GameResult> {
    let mover = pos.side_to_move().opponent();
    rules
        .iter()
        .filter(|r| r.for_side.map_or(true, |s| s == mover))
        .find(|r| r.made(pos, mover))
        .map(|r| GameResult::for_side(mover, r.outcome, EndReason::Connect))
}
