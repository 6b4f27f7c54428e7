//! disasm: a readable listing of a linked table.
//!
//! Owns the text of `piecewise disasm` (a summary per piece, and the nodes of one piece
//! on one cell), nothing else; children that do not lie after their parent inside the
//! table are not followed. Shared blocks are counted apart and named where a tree goes
//! on into them, not listed under every path (they are reached from many). The format is
//! pinned by snapshot tests.

use super::layout::{
    FilterCode, MoveTable, Node, RootRange, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, MARK_SHIFT,
    MASK_MARK, MASK_SHARED, MEET_ACTIONS, MEET_ACTIVATE, MEET_CAPTURE, MEET_CONVERT,
};
use crate::ids::{CellId, PieceId, Side};
use std::fmt::Write as _;

/// A summary: board, pieces, filters, and per piece its node counts.
pub fn disasm(table: &MoveTable) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "table: board {} ({} cells), {} pieces, {} filters, {} root ranges, {} nodes of {} bytes ({} bytes)",
        table.board.describe(),
        table.board.cell_count(),
        table.pieces.len(),
        table.filters.len(),
        table.roots.len(),
        table.nodes.len(),
        super::NODE_SIZE,
        table.memory_bytes()
    );
    let shared = table
        .nodes
        .iter()
        .filter(|n| n.mask & MASK_SHARED != 0)
        .count();
    if shared > 0 {
        let _ = writeln!(
            out,
            "shared: {shared} nodes in continuation blocks (counted once, not per piece below)"
        );
    }
    for (i, f) in table.filters.iter().enumerate().skip(1) {
        let kinds: Vec<&str> = (0..128u8)
            .filter(|k| f.mask & (1u128 << k) != 0)
            .filter_map(|k| table.pieces.get(k as usize).map(|p| p.name.as_str()))
            .collect();
        let mode = match f.mode {
            FilterCode::MODE_ONLY => "only",
            FilterCode::MODE_EXCEPT => "not",
            _ => "any",
        };
        let _ = writeln!(out, "filter {i}: {mode} {}", kinds.join("|"));
    }
    let cells = table.board.cell_count();
    for (piece_index, p) in table.pieces.iter().enumerate() {
        let mut line = format!(
            "piece {piece_index} {} ({}):",
            p.name,
            p.fen_letter(Side::First)
        );
        for side in Side::BOTH {
            let mut total = 0usize;
            let mut repeat = 0usize;
            for c in 0..cells {
                let r = table.roots
                    [table.root_index(side, PieceId(piece_index as u8), CellId(c as u16))];
                total += subtree_size(table, r);
                if r.flags & RootRange::MAY_REPEAT != 0 {
                    repeat += 1;
                }
            }
            let _ = write!(line, " {side} {total} nodes");
            if repeat > 0 {
                let _ = write!(line, " ({repeat} cells may repeat a move)");
            }
            line.push(';');
        }
        line.pop();
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The nodes reachable from a root range (children that do not lie after their parent
/// or inside the table are not followed).
fn subtree_size(table: &MoveTable, r: RootRange) -> usize {
    let mut n = 0;
    let mut stack: Vec<usize> = r.nodes().collect();
    while let Some(i) = stack.pop() {
        n += 1;
        if let Some(node) = table.nodes.get(i) {
            stack.extend(node.children().filter(|&c| c > i && c < table.nodes.len()));
        }
    }
    n
}

/// The nodes of one piece on one cell, one per line, indented by depth:
/// `#id cell if:E land:EF initial new-leg captures-prev ep push push-to filter:n`
/// (`ep`: the move ending here opens en passant; `push`: the move may end here pushing
/// the piece on this cell to the cell of a `push-to` child).
pub fn disasm_cell(table: &MoveTable, side: Side, piece: PieceId, cell: CellId) -> String {
    let mut out = String::new();
    let Some(r) = table.roots(side, piece, cell) else {
        return out;
    };
    let _ = writeln!(
        out,
        "{} {} ({}) on {}: roots #{}..#{}{}",
        side,
        table.pieces[piece.index()].name,
        table.pieces[piece.index()].fen_letter(Side::First),
        table.board.cell_name(cell),
        r.first,
        r.first as usize + r.count as usize,
        if r.flags & RootRange::MAY_REPEAT != 0 {
            " (may repeat a move)"
        } else {
            ""
        }
    );
    let mut stack: Vec<usize> = r.nodes().rev().collect();
    while let Some(i) = stack.pop() {
        let n = table.nodes[i];
        let _ = writeln!(
            out,
            "{}{}",
            "  ".repeat(n.depth as usize + 1),
            node_text(table, i, &n, r.nodes().contains(&i))
        );
        let into_shared = n
            .children()
            .next()
            .and_then(|c| table.nodes.get(c))
            .is_some_and(|c| c.mask & MASK_SHARED != 0);
        if into_shared {
            let _ = writeln!(
                out,
                "{}-> shared block #{}..#{}",
                "  ".repeat(n.depth as usize + 2),
                n.first_child,
                n.first_child as usize + n.child_count as usize
            );
            continue;
        }
        let kids: Vec<usize> = n
            .children()
            .filter(|&c| c > i && c < table.nodes.len())
            .collect();
        stack.extend(kids.into_iter().rev());
    }
    out
}

/// A class mask as letters: `E` empty, `R` friend, `F` foe, `O` a piece the filter
/// refuses (a probe's step).
fn classes(mask: u8) -> String {
    let mut s = String::new();
    for (bit, ch) in [
        (CLASS_EMPTY, 'E'),
        (CLASS_FRIEND, 'R'),
        (CLASS_FOE, 'F'),
        (super::layout::CLASS_OTHER, 'O'),
    ] {
        if mask & bit != 0 {
            s.push(ch);
        }
    }
    s
}

/// One node's line of [`disasm_cell`]; `root`: one of the start cell's roots. The
/// mask's bits mean different things by the node's kind (docs/bytecode.md, "The mask
/// by node kind"): a root's low bits are its `near` code (`near:`), a `PUSH_TARGET`'s
/// bits 16 and 32 what happens to the piece met (`capture`, `convert`, `activate`),
/// any other node's bits 1, 2, 4 and 16 the classes that enable it (`if:`); bits 64
/// and 128 are the pattern's mark (`mark:`) on unshared nodes but push targets.
fn node_text(table: &MoveTable, i: usize, n: &Node, root: bool) -> String {
    // A relative node names a direction: `+(dx,dy)`, one step from the cell before it.
    let mut s = match table.directions.get(n.target.index()) {
        Some(v) if n.is_relative() => format!("#{i} +({},{})", v.dx, v.dy),
        _ => format!("#{i} {}", table.board.cell_name(n.target)),
    };
    if !root {
        // A `PUSH_TARGET`'s meet bits share their places with `CLASS_OTHER`.
        let mask = if n.has(Node::PUSH_TARGET) {
            n.mask & !MEET_ACTIONS
        } else {
            n.mask
        };
        let classes = classes(mask);
        if !classes.is_empty() {
            let _ = write!(s, " if:{classes}");
        }
    }
    let mut land = String::new();
    if n.has(Node::LAND_EMPTY) {
        land.push('E');
    }
    if n.has(Node::LAND_FOE) {
        land.push('F');
    }
    if !land.is_empty() {
        let _ = write!(s, " land:{land}");
    }
    if root && n.mask & super::layout::MASK_SHARED == 0 {
        let near = super::layout::near_code(n.mask);
        if near != 0 {
            let _ = write!(s, " near:{near}");
        }
    }
    if n.is_probe() {
        s.push_str(" probe");
    }
    for (flag, word) in [
        (Node::INITIAL, " initial"),
        (Node::NEW_LEG, " new-leg"),
        (Node::CAPTURE_PREV, " captures-prev"),
        (Node::EN_PASSANT, " ep"),
        (Node::PUSH, " push"),
        (Node::PUSH_TARGET, " push-to"),
    ] {
        if n.has(flag) && !(n.is_probe() && flag & Node::PROBE != 0) {
            s.push_str(word);
        }
    }
    if n.has(Node::PUSH_TARGET) {
        // What happens to the piece met instead of a push.
        match n.mask & MEET_ACTIONS {
            MEET_CAPTURE => s.push_str(" capture"),
            MEET_CONVERT => s.push_str(" convert"),
            MEET_ACTIVATE => s.push_str(" activate"),
            _ => {}
        }
    }
    if n.mask & MASK_MARK != 0 && !n.has(Node::PUSH_TARGET) {
        let _ = write!(s, " mark:{}", (n.mask & MASK_MARK) >> MARK_SHIFT);
    }
    if n.filter != 0 {
        let _ = write!(s, " filter:{}", n.filter);
    }
    s
}
