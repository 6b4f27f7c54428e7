//! facts: table-wide facts about a verified move table that the game layer needs when
//! it sets a game up — whether any move captures in passing and how many captures one
//! move can make on the way, how many cells an `en passant` landing passes over, which
//! cells a piece can land a capture on, and how big the table is.
//!
//! Owns the reading of [`Node`] flags and the forest's shape for these questions, so
//! that the game layer asks typed questions instead of walking nodes. It does not walk
//! the table over a position (that is [`crate::walk`]) and does not build reverse
//! tables.

use super::layout::{MoveTable, Node, MASK_SHARED, MEET_ACTIONS, MEET_ACTIVATE};
use super::verify::VerifiedTable;
use super::verify::NO_CELL;
use crate::ids::{CellId, PieceId, Side};

/// Facts about a whole table, gathered in one pass over its nodes and trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableFacts {
    captures_in_passing: bool,
    most_captures_in_passing: usize,
    longest_en_passant_pass: usize,
    captures_or_converts_met: bool,
    activates: bool,
    meets_pieces: bool,
}

impl TableFacts {
    /// Gathers the facts of `table`: scans of its nodes, and, if some node captures in
    /// passing, one depth-first walk of every tree (both sides, every piece, every
    /// start cell) to count the captures along a path.
    pub fn of(table: &VerifiedTable) -> TableFacts {
        let t = table.table();
        // Depth-first over (node, passing captures on the way there), each pair once:
        // a tree node is reached by one path, a shared node by many (and round cycles),
        // so the count is capped at CAP, past which "more than any game carries" is all
        // there is to know.
        const CAP: usize = 15;
        // En passant marks only tree nodes, whose depth is their own.
        let longest_en_passant_pass = t
            .nodes
            .iter()
            .filter(|n| n.has(Node::EN_PASSANT))
            .map(|n| n.depth as usize)
            .max()
            .unwrap_or(0);
        // One pass for the two node flags asked about.
        let (mut captures_in_passing, mut captures_or_converts_met) = (false, false);
        let (mut activates, mut meets_pieces) = (false, false);
        for n in &t.nodes {
            meets_pieces |= n.has(Node::PUSH_TARGET);
            captures_in_passing |= n.has(Node::CAPTURE_PREV);
            captures_or_converts_met |= n.has(Node::PUSH_TARGET) && n.mask & MEET_ACTIONS != 0;
            activates |= n.has(Node::PUSH_TARGET) && n.mask & MEET_ACTIONS == MEET_ACTIVATE;
        }
        let mut most_captures_in_passing = 0usize;
        let mut seen = vec![
            0u16;
            if captures_in_passing {
                t.nodes.len()
            } else {
                0
            }
        ];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        if captures_in_passing {
            // Root ranges alias one list on every cell where roots are relative: each
            // list once.
            let mut listed = vec![false; t.nodes.len()];
            for root in &t.roots {
                if root.count > 0 && !std::mem::replace(&mut listed[root.first as usize], true) {
                    stack.extend(root.nodes().map(|n| (n, 0)));
                }
            }
        }
        while let Some((n, captures_before)) = stack.pop() {
            let node = &t.nodes[n];
            let captures = (captures_before + node.has(Node::CAPTURE_PREV) as usize).min(CAP);
            if node.mask & MASK_SHARED != 0 {
                let bit = 1u16 << captures;
                if seen[n] & bit != 0 {
                    continue;
                }
                seen[n] |= bit;
            }
            most_captures_in_passing = most_captures_in_passing.max(captures);
            stack.extend(node.children().map(|c| (c, captures)));
        }
        TableFacts {
            captures_in_passing,
            most_captures_in_passing,
            longest_en_passant_pass,
            captures_or_converts_met,
            activates,
            meets_pieces,
        }
    }

    /// Some move acts on the piece it ends on without capturing it (`push`, `swap`,
    /// `convert`, `activate`): a move may then move or turn a piece other than the mover.
    pub fn meets_pieces(&self) -> bool {
        self.meets_pieces
    }

    /// Some move may activate the piece it ends on (`activate`): the game layer walks
    /// cascades.
    pub fn activates(&self) -> bool {
        self.activates
    }

    /// Some node of the table captures in passing (a locust capture), reached or not.
    pub fn captures_in_passing(&self) -> bool {
        self.captures_in_passing
    }

    /// Some move may capture a friend (`capture friend`) or convert the piece it meets
    /// (`convert`): attack queries do not see such moves.
    pub fn captures_or_converts_met(&self) -> bool {
        self.captures_or_converts_met
    }

    /// The most captures in passing on one path of one tree (0 if there are none).
    pub fn most_captures_in_passing(&self) -> usize {
        self.most_captures_in_passing
    }

    /// The most cells a landing of a pattern marked `en passant` passes over between
    /// its start and its landing cell (0 if no landing is marked).
    pub fn longest_en_passant_pass(&self) -> usize {
        self.longest_en_passant_pass
    }
}

/// The size of a table: how many nodes it has and how many bytes its nodes and roots
/// take (a cheap read, no walk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSize {
    /// Nodes of the table.
    pub nodes: usize,
    /// Bytes of the nodes and roots ([`super::MoveTable::memory_bytes`]).
    pub bytes: usize,
}

impl TableSize {
    /// The size of `table`.
    pub fn of(table: &VerifiedTable) -> TableSize {
        let t = table.table();
        TableSize {
            nodes: t.nodes.len(),
            bytes: t.memory_bytes(),
        }
    }
}

/// The cells where `piece` of `side`, starting on `from`, may end a move on a foe by
/// its table (the targets of its trees' foe-landing nodes, whatever stands on the way),
/// sorted and without repeats. Empty for a piece or cell out of range.
pub fn foe_landings(
    table: &VerifiedTable,
    side: Side,
    piece: PieceId,
    from: CellId,
) -> Vec<CellId> {
    captures_from(table, side, piece, from, false)
}

/// The cells on which `piece` of `side`, starting on `from`, may capture by its table,
/// whatever stands on the way: [`foe_landings`] and the cells it may capture in passing
/// (a locust's), sorted and without repeats.
pub fn capture_cells(
    table: &VerifiedTable,
    side: Side,
    piece: PieceId,
    from: CellId,
) -> Vec<CellId> {
    captures_from(table, side, piece, from, true)
}

/// [`foe_landings`], with the cells captured in passing if `passing`.
fn captures_from(
    table: &VerifiedTable,
    side: Side,
    piece: PieceId,
    from: CellId,
    passing: bool,
) -> Vec<CellId> {
    let t = table.table();
    let Some(roots) = t.roots(side, piece, from) else {
        return Vec::new();
    };
    let mut cells = Vec::new();
    let (steps, cell_count) = (table.steps(), t.board.cell_count());
    // Depth-first over (node, the cell before it): a relative node's cell is a step
    // from there. Each pair once (shared nodes are reached by many paths).
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack: Vec<(usize, CellId)> = roots.nodes().map(|n| (n, from)).collect();
    while let Some((n, before)) = stack.pop() {
        let node = &t.nodes[n];
        let here = if node.is_relative() {
            match steps[node.target.index() * cell_count + before.index()] {
                NO_CELL => continue,
                c => CellId(c),
            }
        } else {
            node.target
        };
        if node.mask & MASK_SHARED != 0 && !seen.insert((n, here)) {
            continue;
        }
        if node.has(Node::LAND_FOE) {
            cells.push(here);
        }
        if passing && node.has(Node::CAPTURE_PREV) {
            cells.push(before);
        }
        if !node.has(Node::PUSH) {
            stack.extend(node.children().map(|c| (c, here)));
        } else if node.is_probe() {
            // A probe's children step from the cell before it.
            stack.extend(node.children().map(|c| (c, before)));
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// Per piece kind: whether any tree of it (either side, any start cell) goes on into
/// shared blocks (a pattern linked as shared continuations).
pub(crate) fn sharing_pieces(t: &MoveTable) -> Vec<bool> {
    let cells = t.board.cell_count();
    let mut out = vec![false; t.pieces.len()];
    if !t.nodes.iter().any(|n| n.mask & MASK_SHARED != 0) {
        return out;
    }
    let mut stack: Vec<usize> = Vec::new();
    for side in Side::BOTH {
        for (p, shares) in out.iter_mut().enumerate() {
            for cell in 0..cells {
                let Some(r) = t.roots(side, PieceId(p as u8), CellId(cell as u16)) else {
                    continue;
                };
                stack.clear();
                stack.extend(r.nodes());
                while let Some(n) = stack.pop() {
                    let node = &t.nodes[n];
                    if node.mask & MASK_SHARED != 0 {
                        *shares = true;
                        break;
                    }
                    stack.extend(node.children());
                }
                if *shares {
                    break;
                }
            }
        }
    }
    out
}
