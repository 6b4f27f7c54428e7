//! verify: the only gate from a [`MoveTable`] to the interpreter.
//!
//! Checks, in this order: the board and piece list are usable (at least one cell, at
//! most `MAX_KINDS` (127) pieces, unique letters, where `+P` and `P` differ); there is one root range per (side, piece, cell);
//! every filter has a known mode; every root range lies inside the node array and holds
//! depth-0 nodes; every node is reached from at most one place (the table is a forest,
//! so a walk visits each node at most once); every node's target is a cell of the board, its flags and mask use
//! known bits (`EN_PASSANT` only on landing nodes and probes; `PUSH` nodes have only
//! `PUSH_TARGET` children and no landing rights; `PUSH_TARGET` nodes are leaves that name
//! friend or foe classes; a probe, `PUSH` with `EN_PASSANT`, is unshared, lands nowhere
//! and has children of no `PUSH_TARGET` at its own depth, the only ones whose mask may
//! hold `CLASS_OTHER`), its filter exists, its children lie inside the node array
//! strictly after it (so the table has no cycles) and are one step deeper; depth stays below
//! [`MAX_DEPTH`]. It then computes the walk's exact worst-case stack and path sizes
//! and the most landings one tree can produce, which the interpreter sizes its buffers
//! from. A table that passes may be walked without further checks.
//!
//! A rejected table comes back as a [`VerifyError`] whose [`VerifyErrorKind`] names the
//! failed check and the node, root range, filter or piece it failed on (`error.rs`).

mod error;

#[cfg(test)]
mod tests;

pub use error::{VerifyError, VerifyErrorKind};

use super::layout::{
    FilterCode, MoveTable, Node, RootRange, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, CLASS_OTHER,
    MASK_MARK, MASK_MOMENTUM, MASK_NEAR, MASK_RELATIVE, MASK_SHARED, MAX_DEPTH, MEET_ACTIONS,
    MEET_CONVERT,
};

/// A table the interpreter may trust.
#[derive(Clone, Debug)]
pub struct VerifiedTable {
    table: MoveTable,
    max_stack: usize,
    max_depth: usize,
    max_landings: usize,
    /// Some node is shared (a continuation block).
    shared: bool,
    /// Per direction of [`MoveTable::directions`], per cell: the cell one step on, or
    /// [`NO_CELL`] off the board (`directions × cells` entries; empty without
    /// relative nodes).
    steps: Vec<u16>,
}

/// The most directions a table may list for its relative nodes: a relative node names
/// its direction in 16 bits, as a cell would be (the linker reports a table past it
/// as E0805, pointing at the pattern).
pub const MAX_DIRECTIONS: usize = u16::MAX as usize;

/// The most entries of the step table ([`VerifiedTable::steps`]: directions × cells, two
/// bytes each, 32 MiB): what the directions of a table may cost in memory (E0805). On
/// a 26×26 board this is 24,818 directions, more than the 2,601 vectors that stay on it.
pub const MAX_STEPS: usize = 1 << 24;

/// A step of [`VerifiedTable::steps`] that leaves the board.
pub const NO_CELL: u16 = u16::MAX;

impl VerifiedTable {
    /// The verified table, to read.
    pub fn table(&self) -> &MoveTable {
        &self.table
    }

    /// The table back, to change (it must be verified again before it is walked).
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

    /// Whether some node is shared (a continuation block reached from many places):
    /// the walk then applies the whole-path rules as it goes.
    pub fn has_shared(&self) -> bool {
        self.shared
    }

    /// The step table of relative nodes: entry `direction * cells + cell` is the cell
    /// one step of that direction from `cell`, or [`NO_CELL`].
    pub fn steps(&self) -> &[u16] {
        &self.steps
    }

    /// The pieces the table moves, indexed by [`crate::ids::PieceId`]: names and FEN
    /// letters (the part of the table a consumer reads without knowing its nodes).
    pub fn pieces(&self) -> &[super::TablePiece] {
        &self.table.pieces
    }
}

/// The largest stack the verifier accepts.
pub const MAX_STACK: usize = 1 << 20;

/// The most nodes one walk may visit (the paths from one start cell, counted through
/// shared blocks): a bound on the time of every walk, whatever the table.
pub const MAX_WALK: u64 = 1 << 24;

/// Per node, how many nodes a walk from it visits at most (itself and every path
/// below it), saturating. The cell a node reaches holds one thing when the walk gets
/// there, so the walk goes on into the children of one class (empty, friend or foe):
/// the bound takes, per node, the class whose children lead to the most. Fails if the
/// shared blocks form a cycle. Tree children come after their parent, so trees are counted backwards once
/// the shared nodes are done, in an order where children come first.
fn walk_visits(nodes: &[Node], any_shared: bool) -> Result<Vec<u64>, VerifyError> {
    let n = nodes.len();
    let mut visits = vec![0u64; n];
    if any_shared {
        // Depth-first over shared nodes: 1 = on the current path, 2 = done.
        let mut state = vec![0u8; n];
        // (node, next child to look at)
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for start in 0..n {
            if nodes[start].mask & MASK_SHARED == 0 || state[start] != 0 {
                continue;
            }
            stack.push((start, 0));
            state[start] = 1;
            while let Some(&mut (node, ref mut k)) = stack.last_mut() {
                let children = nodes[node].children();
                if *k < children.len() {
                    let child = children.start + *k;
                    *k += 1;
                    match state[child] {
                        0 => {
                            state[child] = 1;
                            stack.push((child, 0));
                        }
                        1 => return Err(VerifyError::shared_cycle(child)),
                        _ => {}
                    }
                    continue;
                }
                visits[node] = bound(nodes, node, &visits);
                state[node] = 2;
                stack.pop();
            }
        }
    }
    for i in (0..n).rev() {
        if nodes[i].mask & MASK_SHARED == 0 {
            visits[i] = bound(nodes, i, &visits);
        }
    }
    Ok(visits)
}

/// The bound of [`walk_visits`] for one node, its children's bounds known: itself,
/// and the most the children of one class of its cell lead to.
fn bound(nodes: &[Node], node: usize, visits: &[u64]) -> u64 {
    let mut per_class = [0u64; 4];
    for c in nodes[node].children() {
        for (k, class) in [CLASS_EMPTY, CLASS_FRIEND, CLASS_FOE, CLASS_OTHER]
            .into_iter()
            .enumerate()
        {
            if nodes[c].mask & class != 0 {
                per_class[k] = per_class[k].saturating_add(visits[c]);
            }
        }
    }
    per_class.into_iter().max().unwrap_or(0).saturating_add(1)
}

/// Checks a table in the order the module documentation lists and, if it passes,
/// returns it with the buffer sizes its walks need. The error names the first check
/// that failed and where.
pub fn verify(table: MoveTable) -> Result<VerifiedTable, VerifyError> {
    let cells = table.board.cell_count();
    if cells == 0 || cells > u16::MAX as usize {
        return Err(VerifyError::cell_count(cells));
    }
    if table.pieces.is_empty() || table.pieces.len() > piecewise_lang::limits::MAX_KINDS {
        return Err(VerifyError::piece_count(table.pieces.len()));
    }
    for (i, piece) in table.pieces.iter().enumerate() {
        if !piece.letter.is_ascii_uppercase() {
            return Err(VerifyError::piece_letter(i, piece.letter));
        }
        // A heading's turned kinds share their base's letter (never read).
        if let Some(original) = table.pieces[..i].iter().position(|other| {
            other.letter == piece.letter
                && other.plus == piece.plus
                && other.prime == piece.prime
                && piece.prime != crate::ir::TURNED
        }) {
            return Err(VerifyError::duplicate_letter(
                i,
                original,
                piece.fen_letter(crate::ids::Side::First),
            ));
        }
    }
    let expected = 2 * table.pieces.len() * cells;
    if table.roots.len() != expected {
        return Err(VerifyError::root_range_count(
            table.roots.len(),
            expected,
            table.pieces.len(),
            cells,
        ));
    }
    if table.filters.is_empty() || table.filters.len() > 256 {
        return Err(VerifyError::filter_count(table.filters.len()));
    }
    if table.directions.len() > MAX_DIRECTIONS
        || table.directions.len().saturating_mul(cells) > MAX_STEPS
    {
        return Err(VerifyError::too_many_directions(
            table.directions.len(),
            cells,
        ));
    }
    for (i, filter) in table.filters.iter().enumerate() {
        if filter.mode > FilterCode::MODE_EXCEPT {
            return Err(VerifyError::filter_mode(i, filter.mode));
        }
    }
    let node_count = table.nodes.len();
    if node_count > u32::MAX as usize {
        return Err(VerifyError::node_count(node_count));
    }
    // Root ranges that list the same nodes as the range before them (one relative list
    // for many cells) pass or fail as it did: their nodes are checked once.
    let mut before: Option<RootRange> = None;
    for (i, range) in table.roots.iter().enumerate() {
        if before.replace(*range) == Some(*range) {
            continue;
        }
        if range.flags & !RootRange::ALL_FLAGS != 0 {
            return Err(VerifyError::root_flags(i, range.flags));
        }
        if range.first as usize + range.count as usize > node_count {
            return Err(VerifyError::root_range_out_of_bounds(
                i,
                range.first,
                range.count,
                node_count,
            ));
        }
        for k in range.nodes() {
            if table.nodes[k].depth != 0 {
                return Err(VerifyError::root_depth(k, table.nodes[k].depth));
            }
            // A shared root must be relative (its cell is a step from the start
            // cell); many root ranges may list it.
            let mask = table.nodes[k].mask;
            if mask & MASK_SHARED != 0 && mask & MASK_RELATIVE == 0 {
                return Err(VerifyError::shared_root(k));
            }
        }
    }
    // Every node has at most one parent (root ranges count as parents), so the walk
    // visits each node at most once per start cell and its time is bounded by the table.
    let mut referenced = vec![false; node_count];
    let mut claim = |k: usize| -> Result<(), VerifyError> {
        if std::mem::replace(&mut referenced[k], true) {
            return Err(VerifyError::shared_node(k));
        }
        Ok(())
    };
    for range in &table.roots {
        for k in range.nodes() {
            if table.nodes[k].mask & MASK_SHARED == 0 {
                claim(k)?;
            }
        }
    }
    let mut max_depth = 0;
    let mut any_shared = false;
    let mut most_shared_children = 0usize;
    for (i, node) in table.nodes.iter().enumerate() {
        let shared = node.mask & MASK_SHARED != 0;
        if shared {
            any_shared = true;
            most_shared_children = most_shared_children.max(node.child_count as usize);
            if node.depth != 0 {
                return Err(VerifyError::shared_depth(i, node.depth));
            }
            if node.has(Node::INITIAL) || (node.has(Node::EN_PASSANT) && !node.is_probe()) {
                return Err(VerifyError::shared_flags(i));
            }
        }
        if shared
            && node.mask & MASK_MOMENTUM != 0
            && (!node.has(Node::NEW_LEG) || node.has(Node::PUSH_TARGET))
        {
            // Marked patterns are never shared: on a shared node bit 6 says relative,
            // bit 7 starts a momentum leg, on a leg's first node only.
            return Err(VerifyError::class_mask(i, node.mask));
        }
        if node.is_relative() {
            if node.target.index() >= table.directions.len() {
                return Err(VerifyError::relative_target(
                    i,
                    node.target.0,
                    table.directions.len(),
                ));
            }
        } else if node.target.index() >= cells {
            return Err(VerifyError::target_off_board(i, node.target.0, cells));
        }
        // Every flag bit has a meaning since format 4 (`Node::ALL_FLAGS` is 0xff).
        // A probe (`PUSH` with `EN_PASSANT`) lands nowhere and has no other flag but
        // `INITIAL` (on a root).
        let probe = node.is_probe();
        if probe && node.flags & !(Node::PROBE | Node::INITIAL) != 0 {
            return Err(VerifyError::push_with_landing(i));
        }
        if !probe && node.has(Node::EN_PASSANT) && !node.has(Node::LAND_EMPTY | Node::LAND_FOE) {
            return Err(VerifyError::en_passant_without_landing(i));
        }
        if !probe
            && node.has(Node::PUSH)
            && node.has(Node::LAND_EMPTY | Node::LAND_FOE | Node::EN_PASSANT | Node::PUSH_TARGET)
        {
            return Err(VerifyError::push_with_landing(i));
        }
        if node.has(Node::PUSH_TARGET) {
            if node.flags != Node::PUSH_TARGET {
                return Err(VerifyError::push_target_flags(i));
            }
            if node.child_count != 0 {
                return Err(VerifyError::push_target_children(i));
            }
            let action = node.mask & MEET_ACTIONS;
            // A shared block's push target carries `MASK_SHARED` like its parent.
            if node.mask & !(CLASS_FRIEND | CLASS_FOE | MEET_ACTIONS | MASK_SHARED | MASK_RELATIVE)
                != 0
                || node.mask & (CLASS_FRIEND | CLASS_FOE) == 0
            {
                return Err(VerifyError::push_target_mask(i, node.mask));
            }
            if action == MEET_CONVERT && node.filter != 0 {
                // The kind the piece becomes: one kind of the table.
                let f = table.filters.get(node.filter as usize);
                if !f.is_some_and(|f| {
                    f.mode == FilterCode::MODE_ONLY
                        && f.mask.count_ones() == 1
                        && (f.mask.trailing_zeros() as usize) < table.pieces.len()
                }) {
                    return Err(VerifyError::new(VerifyErrorKind::ConvertFilter { node: i }));
                }
            }
            if node.depth == 0 && !shared {
                return Err(VerifyError::push_target_root(i));
            }
        }
        let meet = if node.has(Node::PUSH_TARGET) {
            MEET_ACTIONS
        } else if node.depth == 0 && !shared {
            // An unshared root: its pattern's mark and `near` condition.
            MASK_MARK | MASK_NEAR
        } else {
            // `CLASS_OTHER` only under a probe (checked with the children).
            MASK_MARK | CLASS_OTHER
        };
        if node.mask
            & !(CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE | MASK_SHARED | MASK_RELATIVE | meet)
            != 0
        {
            return Err(VerifyError::class_mask(i, node.mask));
        }
        if node.filter as usize >= table.filters.len() {
            return Err(VerifyError::filter_out_of_range(
                i,
                node.filter,
                table.filters.len(),
            ));
        }
        if node.depth as usize >= MAX_DEPTH {
            return Err(VerifyError::too_deep(i));
        }
        max_depth = max_depth.max(node.depth as usize);
        if node.child_count > 0 {
            let first = node.first_child as usize;
            // Only shared blocks may lie before their parent (shared nodes are entered
            // from anywhere); a tree's own nodes come after their parent.
            let shared_block = table
                .nodes
                .get(first)
                .is_some_and(|c| c.mask & MASK_SHARED != 0);
            if first <= i && !shared_block {
                return Err(VerifyError::children_not_after_parent(i, first));
            }
            if first + node.child_count as usize > node_count {
                return Err(VerifyError::children_out_of_bounds(
                    i,
                    first,
                    node.child_count,
                    node_count,
                ));
            }
            for child in node.children() {
                let child_shared = table.nodes[child].mask & MASK_SHARED != 0;
                if shared && !child_shared {
                    // A shared block never leads back into a tree: every cycle lies
                    // among shared nodes, where the walk's whole-path rules end it.
                    return Err(VerifyError::shared_into_tree(i, child));
                }
                if child_shared != shared_block {
                    return Err(VerifyError::mixed_block(i));
                }
                if child_shared {
                    let classes = CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE | CLASS_OTHER;
                    if table.nodes[child].mask & classes == 0 {
                        return Err(VerifyError::child_never_enabled(child));
                    }
                    let probe = node.is_probe();
                    if table.nodes[child].has(Node::PUSH_TARGET) != (node.has(Node::PUSH) && !probe)
                    {
                        return Err(VerifyError::push_target_placement(child));
                    }
                    if table.nodes[child].mask & CLASS_OTHER != 0
                        && !probe
                        && !table.nodes[child].has(Node::PUSH_TARGET)
                    {
                        return Err(VerifyError::class_mask(child, table.nodes[child].mask));
                    }
                    continue;
                }
                claim(child)?;
                // A probe's children step from the cell before it: its own depth.
                let below = node.depth as usize + usize::from(!probe);
                if table.nodes[child].depth as usize != below {
                    return Err(VerifyError::child_depth(child, i));
                }
                if table.nodes[child].mask & !MASK_MARK == 0 {
                    return Err(VerifyError::child_never_enabled(child));
                }
                if table.nodes[child].mask & CLASS_OTHER != 0
                    && !probe
                    && !table.nodes[child].has(Node::PUSH_TARGET)
                {
                    return Err(VerifyError::class_mask(child, table.nodes[child].mask));
                }
                if table.nodes[child].has(Node::PUSH_TARGET) != (node.has(Node::PUSH) && !probe) {
                    return Err(VerifyError::push_target_placement(child));
                }
            }
        }
    }
    // Shared blocks form no cycle, and no walk visits more than MAX_WALK nodes: the
    // number of paths through a block is counted, not assumed.
    let visits = walk_visits(&table.nodes, any_shared)?;
    // A shared node is walked on paths of up to MAX_DEPTH cells (the walk stops there),
    // each level leaving at most its siblings on the stack.
    let shared_need = MAX_DEPTH.saturating_mul(most_shared_children.max(1));
    if any_shared {
        max_depth = MAX_DEPTH;
    }
    // stack_need[i]: stack entries in use while node i's subtree is processed, counted
    // from after i was popped. Children come after parents, so go backwards.
    // Shared nodes first: the blocks come before the trees whose nodes lead into them.
    // (Landings through shared blocks are counted by the walk, not bounded here.)
    let mut stack_need: Vec<usize> = table
        .nodes
        .iter()
        .map(|n| {
            if n.mask & MASK_SHARED != 0 {
                shared_need
            } else {
                0
            }
        })
        .collect();
    let mut landings = vec![0usize; node_count];
    for i in (0..node_count).rev() {
        let node = &table.nodes[i];
        if node.mask & MASK_SHARED != 0 {
            continue;
        }
        let child_count = node.child_count as usize;
        let mut worst = 0;
        let mut lands = usize::from(node.flags & (Node::LAND_EMPTY | Node::LAND_FOE) != 0);
        if node.has(Node::PUSH) && !node.is_probe() {
            lands = child_count; // one move per displacement cell
        }
        for (k, child) in node.children().enumerate() {
            // When child k is processed, the child_count-1-k children pushed before it
            // remain.
            worst = worst.max(child_count - 1 - k + stack_need[child]);
            lands = lands.saturating_add(landings[child]);
        }
        stack_need[i] = child_count.max(worst);
        landings[i] = lands;
        if stack_need[i] > MAX_STACK {
            return Err(VerifyError::node_stack_too_deep(i));
        }
    }
    let mut max_stack = 1;
    let mut max_landings = 0;
    let mut before: Option<RootRange> = None;
    for range in &table.roots {
        if before.replace(*range) == Some(*range) {
            continue;
        }
        let root_count = range.count as usize;
        let mut worst = root_count;
        let mut lands = 0usize;
        for (k, root) in range.nodes().enumerate() {
            worst = worst.max(root_count - 1 - k + stack_need[root]);
            lands = lands.saturating_add(landings[root]);
        }
        max_stack = max_stack.max(worst);
        max_landings = max_landings.max(lands);
        let walk = range
            .nodes()
            .fold(0u64, |sum, root| sum.saturating_add(visits[root]));
        if walk > MAX_WALK {
            return Err(VerifyError::walk_too_long(range.first as usize, walk));
        }
    }
    if max_stack > MAX_STACK {
        return Err(VerifyError::stack_too_deep());
    }
    let steps = step_table(&table);
    Ok(VerifiedTable {
        table,
        max_stack,
        max_depth,
        max_landings,
        shared: any_shared,
        steps,
    })
}

/// [`VerifiedTable::steps`] of `table`: `(0, 0)` stays on the cell.
fn step_table(table: &MoveTable) -> Vec<u16> {
    let board = &table.board;
    let mut steps = Vec::with_capacity(table.directions.len() * board.cell_count());
    for &v in &table.directions {
        for cell in board.cells() {
            let to = if v.dx == 0 && v.dy == 0 {
                Some(cell)
            } else {
                board.step(cell, v)
            };
            steps.push(to.map_or(NO_CELL, |c| c.0));
        }
    }
    steps
}
