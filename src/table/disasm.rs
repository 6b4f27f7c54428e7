//! disasm: a readable listing of a linked table.

use super::layout::{MoveTable, Node, RootRange, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND};
use crate::ids::{CellId, PieceId, Side};
use std::fmt::Write as _;

/// A summary: board, pieces, filters, and per piece its node counts.
pub fn disasm(t: &MoveTable) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "table: board {} ({} cells), {} pieces, {} filters, {} root ranges, {} nodes of {} bytes ({} bytes)",
        t.board.describe(),
        t.board.cell_count(),
        t.pieces.len(),
        t.filters.len(),
        t.roots.len(),
        t.nodes.len(),
        super::NODE_SIZE,
        t.memory_bytes()
    );
    for (i, f) in t.filters.iter().enumerate().skip(1) {
        let kinds: Vec<&str> = (0..64u8)
            .filter(|k| f.mask & (1u64 << k) != 0)
            .filter_map(|k| t.pieces.get(k as usize).map(|p| p.name.as_str()))
            .collect();
        let mode = match f.mode {
            1 => "only",
            2 => "not",
            _ => "any",
        };
        let _ = writeln!(o, "filter {i}: {mode} {}", kinds.join("|"));
    }
    let cells = t.board.cell_count();
    for (pi, p) in t.pieces.iter().enumerate() {
        let mut line = format!("piece {pi} {} ({}):", p.name, p.fen_letter(Side::First));
        for side in Side::BOTH {
            let mut total = 0usize;
            let mut repeat = 0usize;
            for c in 0..cells {
                let r = t.roots[t.root_index(side, PieceId(pi as u8), CellId(c as u16))];
                total += subtree_size(t, r);
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
        let _ = writeln!(o, "{line}");
    }
    o
}

fn subtree_size(t: &MoveTable, r: RootRange) -> usize {
    let mut n = 0;
    let mut stack: Vec<usize> = r.nodes().collect();
    while let Some(i) = stack.pop() {
        n += 1;
        if let Some(node) = t.nodes.get(i) {
            stack.extend(node.children().filter(|&c| c > i && c < t.nodes.len()));
        }
    }
    n
}

/// The nodes of one piece on one cell, one per line, indented by depth:
/// `#id cell if:E land:EF initial new-leg captures-prev ep push push-to filter:n`
/// (`ep`: the move ending here opens en passant; `push`: the move may end here pushing
/// the piece on this cell to the cell of a `push-to` child).
pub fn disasm_cell(t: &MoveTable, side: Side, piece: PieceId, cell: CellId) -> String {
    let mut o = String::new();
    let Some(r) = t.roots(side, piece, cell) else {
        return o;
    };
    let _ = writeln!(
        o,
        "{} {} ({}) on {}: roots #{}..#{}{}",
        side,
        t.pieces[piece.index()].name,
        t.pieces[piece.index()].fen_letter(Side::First),
        t.board.cell_name(cell),
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
        let n = t.nodes[i];
        let _ = writeln!(
            o,
            "{}{}",
            "  ".repeat(n.depth as usize + 1),
            node_text(t, i, &n)
        );
        let kids: Vec<usize> = n
            .children()
            .filter(|&c| c > i && c < t.nodes.len())
            .collect();
        stack.extend(kids.into_iter().rev());
    }
    o
}

fn classes(mask: u8) -> String {
    let mut s = String::new();
    for (bit, ch) in [(CLASS_EMPTY, 'E'), (CLASS_FRIEND, 'R'), (CLASS_FOE, 'F')] {
        if mask & bit != 0 {
            s.push(ch);
        }
    }
    s
}

fn node_text(t: &MoveTable, i: usize, n: &Node) -> String {
    let mut s = format!("#{i} {}", t.board.cell_name(n.target));
    if n.mask != 0 {
        let _ = write!(s, " if:{}", classes(n.mask));
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
    for (flag, word) in [
        (Node::INITIAL, " initial"),
        (Node::NEW_LEG, " new-leg"),
        (Node::CAPTURE_PREV, " captures-prev"),
        (Node::EN_PASSANT, " ep"),
        (Node::PUSH, " push"),
        (Node::PUSH_TARGET, " push-to"),
    ] {
        if n.has(flag) {
            s.push_str(word);
        }
    }
    if n.filter != 0 {
        let _ = write!(s, " filter:{}", n.filter);
    }
    s
}
