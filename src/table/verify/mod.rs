//! verify: the only gate from a [`MoveTable`] to the interpreter.
//!
//! Checks, in this order: the board and piece list are usable (at least one cell, at
//! most 64 pieces, unique letters, where `+P` and `P` differ); there is one root range per (side, piece, cell);
//! every filter has a known mode; every root range lies inside the node array and holds
//! depth-0 nodes; every node is reached from at most one place (the table is a forest,
//! so a walk visits each node at most once); every node's target is a cell of the board, its flags and mask use
//! known bits (`EN_PASSANT` only on landing nodes; `PUSH` nodes have only `PUSH_TARGET`
//! children and no landing rights; `PUSH_TARGET` nodes are leaves that name friend or
//! foe classes), its filter exists, its children lie inside the node array strictly after
//! it (so the table has no cycles) and are one step deeper; depth stays below
//! [`MAX_DEPTH`]. It then computes the walk's exact worst-case stack and path sizes
//! and the most landings one tree can produce, which the interpreter sizes its buffers
//! from. A table that passes may be walked without further checks.

use super::layout::{MoveTable, Node, RootRange, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, MAX_DEPTH};
use std::fmt;

/// Why a table was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VerifyError {}

fn err<T>(message: String) -> Result<T, VerifyError> {
    Err(VerifyError { message })
}

/// A table the interpreter may trust.
#[derive(Clone, Debug)]
pub struct VerifiedTable {
    table: MoveTable,
    max_stack: usize,
    max_depth: usize,
    max_landings: usize,
}

impl VerifiedTable {
    pub fn table(&self) -> &MoveTable {
        &self.table
    }

    pub fn into_table(self) -> MoveTable {
        self.table
    }

    /// The most entries the walk's explicit stack can hold.
    pub fn max_stack(&self) -> usize {
        self.max_stack
    }

    /// One more than the deepest node's depth: the walk's path buffer length.
    pub fn max_path(&self) -> usize {
        self.max_depth + 1
    }

    /// The most landing nodes in one tree (the dedup buffer's size).
    pub fn max_landings(&self) -> usize {
        self.max_landings
    }
}

/// The largest stack the verifier accepts.
pub const MAX_STACK: usize = 1 << 20;

pub fn verify(table: MoveTable) -> Result<VerifiedTable, VerifyError> {
    let cells = table.board.cell_count();
    if cells == 0 || cells > u16::MAX as usize {
        return err(format!("the board has {cells} cells"));
    }
    if table.pieces.is_empty() || table.pieces.len() > 64 {
        return err(format!(
            "the table has {} pieces (1 to 64 allowed)",
            table.pieces.len()
        ));
    }
    for (i, p) in table.pieces.iter().enumerate() {
        if !p.letter.is_ascii_uppercase() {
            return err(format!("piece {i} has letter {:?}, not A-Z", p.letter));
        }
        if table.pieces[..i]
            .iter()
            .any(|q| q.letter == p.letter && q.plus == p.plus)
        {
            return err(format!(
                "two pieces share the letter {}",
                p.fen_letter(crate::ids::Side::First)
            ));
        }
    }
    let expected = 2 * table.pieces.len() * cells;
    if table.roots.len() != expected {
        return err(format!(
            "the table has {} root ranges; 2 sides x {} pieces x {cells} cells need {expected}",
            table.roots.len(),
            table.pieces.len()
        ));
    }
    if table.filters.is_empty() || table.filters.len() > 256 {
        return err(format!("the table has {} filters", table.filters.len()));
    }
    for (i, f) in table.filters.iter().enumerate() {
        if f.mode > 2 {
            return err(format!("filter {i} has unknown mode {}", f.mode));
        }
    }
    let n = table.nodes.len();
    if n > u32::MAX as usize {
        return err(format!("the table has {n} nodes"));
    }
    for (i, r) in table.roots.iter().enumerate() {
        if r.flags & !RootRange::ALL_FLAGS != 0 {
            return err(format!("root range {i} has unknown flags {:#x}", r.flags));
        }
        if r.first as usize + r.count as usize > n {
            return err(format!(
                "root range {i} ({}+{}) runs past the {n} nodes",
                r.first, r.count
            ));
        }
        for k in r.nodes() {
            if table.nodes[k].depth != 0 {
                return err(format!(
                    "node {k} is a root but has depth {}",
                    table.nodes[k].depth
                ));
            }
        }
    }
    // Every node has at most one parent (root ranges count as parents), so the walk
    // visits each node at most once per start cell and its time is bounded by the table.
    let mut referenced = vec![false; n];
    let mut claim = |k: usize| -> Result<(), VerifyError> {
        if std::mem::replace(&mut referenced[k], true) {
            return err(format!(
                "node {k} is reached from two places; a table is a tree"
            ));
        }
        Ok(())
    };
    for r in &table.roots {
        for k in r.nodes() {
            claim(k)?;
        }
    }
    let mut max_depth = 0;
    for (i, node) in table.nodes.iter().enumerate() {
        if node.target.index() >= cells {
            return err(format!(
                "node {i} targets cell {} but the board has {cells} cells",
                node.target.0
            ));
        }
        // Every flag bit has a meaning since format 4 (`Node::ALL_FLAGS` is 0xff).
        if node.has(Node::EN_PASSANT) && !node.has(Node::LAND_EMPTY | Node::LAND_FOE) {
            return err(format!(
                "node {i} is marked en passant but no move lands there"
            ));
        }
        if node.has(Node::PUSH)
            && node.has(Node::LAND_EMPTY | Node::LAND_FOE | Node::EN_PASSANT | Node::PUSH_TARGET)
        {
            return err(format!(
                "node {i} is a push node but also has landing, en passant or push-target flags"
            ));
        }
        if node.has(Node::PUSH_TARGET) {
            if node.flags != Node::PUSH_TARGET {
                return err(format!("push target node {i} has other flags too"));
            }
            if node.child_count != 0 {
                return err(format!("push target node {i} has children"));
            }
            if node.mask & !(CLASS_FRIEND | CLASS_FOE) != 0 {
                return err(format!(
                    "push target node {i} may push a piece from an empty cell (mask {:#x})",
                    node.mask
                ));
            }
            if node.depth == 0 {
                return err(format!("push target node {i} is a root"));
            }
        }
        if node.mask & !(CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE) != 0 {
            return err(format!("node {i} has unknown class mask {:#x}", node.mask));
        }
        if node.filter as usize >= table.filters.len() {
            return err(format!(
                "node {i} uses filter {} of {}",
                node.filter,
                table.filters.len()
            ));
        }
        if node.depth as usize >= MAX_DEPTH {
            return err(format!("node {i} is deeper than {MAX_DEPTH}"));
        }
        max_depth = max_depth.max(node.depth as usize);
        if node.child_count > 0 {
            let first = node.first_child as usize;
            if first <= i {
                return err(format!(
                    "node {i} has children at {first}, not after itself (a cycle is possible)"
                ));
            }
            if first + node.child_count as usize > n {
                return err(format!(
                    "node {i}'s children {first}+{} run past the {n} nodes",
                    node.child_count
                ));
            }
            for c in node.children() {
                claim(c)?;
                if table.nodes[c].depth as usize != node.depth as usize + 1 {
                    return err(format!(
                        "node {c} is a child of node {i} but not one step deeper"
                    ));
                }
                if table.nodes[c].mask == 0 {
                    return err(format!(
                        "node {c} is a child that no occupancy class enables"
                    ));
                }
                if table.nodes[c].has(Node::PUSH_TARGET) != node.has(Node::PUSH) {
                    return err(format!(
                        "node {c}: push targets are exactly the children of push nodes"
                    ));
                }
            }
        }
    }
    // need[i]: stack entries in use while node i's subtree is processed, counted from
    // after i was popped. Children come after parents, so go backwards.
    let mut need = vec![0usize; n];
    let mut landings = vec![0usize; n];
    for i in (0..n).rev() {
        let node = &table.nodes[i];
        let c = node.child_count as usize;
        let mut worst = 0;
        let mut lands = usize::from(node.flags & (Node::LAND_EMPTY | Node::LAND_FOE) != 0);
        if node.has(Node::PUSH) {
            lands = c; // one move per displacement cell
        }
        for (k, ch) in node.children().enumerate() {
            // When child k is processed, the c-1-k children pushed before it remain.
            worst = worst.max(c - 1 - k + need[ch]);
            lands = lands.saturating_add(landings[ch]);
        }
        need[i] = c.max(worst);
        landings[i] = lands;
        if need[i] > MAX_STACK {
            return err(format!(
                "node {i} needs a walk stack deeper than {MAX_STACK}"
            ));
        }
    }
    let mut max_stack = 1;
    let mut max_landings = 0;
    for r in &table.roots {
        let c = r.count as usize;
        let mut worst = c;
        let mut lands = 0usize;
        for (k, root) in r.nodes().enumerate() {
            worst = worst.max(c - 1 - k + need[root]);
            lands = lands.saturating_add(landings[root]);
        }
        max_stack = max_stack.max(worst);
        max_landings = max_landings.max(lands);
    }
    if max_stack > MAX_STACK {
        return err(format!(
            "the walk would need a stack deeper than {MAX_STACK}"
        ));
    }
    Ok(VerifiedTable {
        table,
        max_stack,
        max_depth,
        max_landings,
    })
}
