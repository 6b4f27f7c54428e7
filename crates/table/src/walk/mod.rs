//! walk: the interpreter. Runs a verified move table over a board and reports every
//! place a piece's move may end to a [`Sink`].
//!
//! Owns the hot loop, the occupancy view ([`Occupancy`], [`Occupant`]) and the sink
//! interface with its two flat sinks ([`MoveList`], [`Count`]). The path-tree sink lives
//! in [`crate::path_tree`]. The walk is an explicit-stack loop over node ids; a
//! [`Walker`] owns its stack, path and dedup buffers, sized once from the verified
//! table, so a walk allocates nothing and recursion never depends on user input.
//! A displacement (`PUSH` node) is reported as a ply whose [`Ply::push_to`] names the
//! cell the piece on `to` is pushed to (a swap: the start cell), or whose
//! [`Ply::captures_to`] (a friend capture), [`Ply::convert`] or [`Ply::activates`]
//! says what happens to it (its `PUSH_TARGET` children are never walked). A sink may end a walk early.
//!
//! Does not own the reverse walk (the game layer's attack queries) nor any sink with
//! game knowledge (legality, perft counting).

mod dedup;
mod occupancy;
mod ply;
pub mod reverse;
mod sinks;
#[cfg(test)]
mod tests;

pub use occupancy::{Occupancy, Occupant};
pub use ply::Ply;
pub use sinks::{Count, Move, MoveList};

use dedup::{first_time, Signature};

use crate::ids::{CellId, PieceId, Side};
use crate::ir::Near;
use crate::table::near_code;
use crate::table::{
    FilterCode, Node, NodeId, RootRange, VerifiedTable, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND,
    CLASS_OTHER, MARK_SHIFT, MASK_MARK, MASK_MOMENTUM, MASK_NEAR, MASK_SHARED, MAX_DEPTH,
    MEET_ACTIONS, MEET_ACTIVATE, MEET_CAPTURE, MEET_CONVERT, NO_CELL,
};

/// A stack entry's fields in walks of tables with shared nodes: the node id (bits
/// 0-31), its depth on the path (bits 32-41), the most steps the path may take
/// ([`MASK_MOMENTUM`]; bits 42-51, [`NO_LIMIT`] for none) and the depth from which
/// the path's cells may not be entered again (bits 52-61: 0, or where a momentum leg
/// began).
const DEPTH_SHIFT: u32 = 32;
const LIMIT_SHIFT: u32 = 42;
const FRESH_SHIFT: u32 = 52;
const FIELD: u64 = 0x3FF;
/// No momentum limit: more steps than any path holds.
const NO_LIMIT: u64 = FIELD;

/// The occupancy class of a visited cell, from the moving side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// No piece stands there (the mover's start cell always counts as empty).
    Empty,
    /// A piece of the moving side.
    Friend,
    /// A piece of the other side.
    Foe,
    /// A piece that the node's kind filter does not admit: it acts as a wall.
    Blocked,
}

/// One node the walk reached (for sinks with [`Sink::VISITS`]).
#[derive(Clone, Copy, Debug)]
pub struct Visit {
    /// The table node reached.
    pub node: NodeId,
    /// Steps from the start cell, minus one (a root's visit has depth 0).
    pub depth: usize,
    /// The cell the node reaches.
    pub cell: CellId,
    /// What stands on `cell`, from the mover's point of view.
    pub class: Class,
    /// What stands on `cell` (empty for the mover's start cell).
    pub occupant: Occupant,
    /// The node starts a new leg.
    pub new_leg: bool,
    /// Reaching this node captured the piece on the previous cell.
    pub captured_prev: bool,
    /// A move ends here (reported as a ply right after this visit).
    pub lands: bool,
    /// The node is a displacement: the moves that end here push the piece on `cell`
    /// (one ply per cell it may be pushed to follows). Such a visit repeats the cell of
    /// the visit just before it, the same step seen as a push.
    pub push: bool,
}

/// Where the walk's results go.
///
/// The walk calls [`Sink::visit`] for every node it reaches (only if [`Sink::VISITS`])
/// and [`Sink::ply`] for every place the move may end. After each ply it asks
/// [`Sink::done`]; a sink that has seen enough (a search for one capture, say) says so
/// and the walk ends at once.
pub trait Sink {
    /// Whether the walk should call [`Sink::visit`] for every node it reaches.
    const VISITS: bool = false;
    /// Whether the sink wants each distinct move once. Some trees (a Lion's) can reach
    /// the same destination with the same captures along two paths; with `DISTINCT` the
    /// walk reports only the first of them.
    const DISTINCT: bool = true;

    /// One node the walk reached, before its ply (if it lands) and its children.
    fn visit(&mut self, _visit: &Visit) {}

    /// One place where the move may end.
    fn ply(&mut self, ply: &Ply<'_>);

    /// Asked after each [`Sink::ply`]: `true` ends the walk at once (no more visits or
    /// plies; [`Walker::walk`] returns the plies reported so far). The walker stays
    /// ready for the next walk. The default never stops, and costs nothing: the check
    /// compiles away.
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// The interpreter, with buffers sized for one verified table.
pub struct Walker<'t> {
    table: &'t VerifiedTable,
    /// Nodes still to visit, the next on top, each as its id (low 32 bits) and its
    /// depth on the path (high 32 bits): a node shared by paths of different lengths
    /// has no depth of its own. Every walk starts with it empty.
    stack: Vec<u64>,
    /// Node ids from the root to the node being visited, indexed by depth.
    path: Vec<u32>,
    /// The cells of `path` (kept in walks of tables with shared nodes, whose relative
    /// nodes hold a direction, not a cell).
    cells: Vec<CellId>,
    /// Moves with captures in passing or a push landed so far in the current walk, for
    /// DISTINCT sinks on trees that can repeat a move.
    seen: Vec<Signature>,
    /// Per cell: the walk (by its stamp) that last landed a plain move there, for
    /// DISTINCT sinks on trees that can repeat a move (one check per landing).
    seen_cells: Vec<u32>,
    /// The current walk's stamp for `seen_cells`.
    stamp: u32,
    /// Per cell: one more than the depth at which the current path last entered it (0:
    /// never), kept on trees that may go through shared blocks; with `path` it tells
    /// in one look whether a cell is on the current path.
    on_path: Vec<u16>,
    /// Some unshared root carries a `near` condition ([`crate::table::MASK_NEAR`]).
    near: bool,
}

impl<'t> Walker<'t> {
    /// A walker for `table`; it allocates here, never during a walk.
    pub fn new(table: &'t VerifiedTable) -> Walker<'t> {
        Walker {
            table,
            stack: vec![0; table.max_stack()],
            path: vec![0; table.max_path()],
            cells: vec![CellId(0); table.max_path()],
            seen: Vec::with_capacity(table.max_landings()),
            seen_cells: vec![0; table.table().board.cell_count()],
            stamp: 0,
            on_path: vec![0; table.table().board.cell_count()],
            near: table
                .table()
                .nodes
                .iter()
                .any(|n| n.depth == 0 && n.mask & MASK_SHARED == 0 && n.mask & MASK_NEAR != 0),
        }
    }

    /// The table this walker runs.
    pub fn table(&self) -> &'t VerifiedTable {
        self.table
    }

    /// Walks the moves of `piece` of `side` starting on `from`. The start cell counts
    /// as empty during the walk (the piece has left it). Returns the number of plies
    /// reported. Out-of-range pieces or cells report nothing.
    pub fn walk<O, S>(
        &mut self,
        board: &O,
        side: Side,
        piece: PieceId,
        from: CellId,
        sink: &mut S,
    ) -> usize
    where
        O: Occupancy + ?Sized,
        S: Sink,
    {
        // Two copies of the loop: tables without shared nodes (every shipped game) never
        // pay for the whole-path checks.
        if self.table.has_shared() {
            self.walk_in::<O, S, true>(board, side, piece, from, sink)
        } else {
            self.walk_in::<O, S, false>(board, side, piece, from, sink)
        }
    }

    /// [`Walker::walk`], with the checks of shared nodes compiled in or out.
    fn walk_in<O, S, const SHARED: bool>(
        &mut self,
        board: &O,
        side: Side,
        piece: PieceId,
        from: CellId,
        sink: &mut S,
    ) -> usize
    where
        O: Occupancy + ?Sized,
        S: Sink,
    {
        let table = self.table.table();
        let Some(roots) = table.roots(side, piece, from) else {
            return 0;
        };
        let nodes = table.nodes.as_slice();
        let filters = table.filters.as_slice();
        let steps = self.table.steps();
        let cell_count = table.board.cell_count();
        let mover = Mover {
            side,
            piece,
            from,
            nodes,
            dedup: S::DISTINCT && roots.flags & RootRange::MAY_REPEAT != 0,
        };
        // Trees that go through shared blocks are marked MAY_REPEAT by the linker; a
        // table read from a file is not trusted to say so, hence the second test below.
        let track = SHARED && roots.flags & RootRange::MAY_REPEAT != 0;
        self.seen.clear();
        if mover.dedup {
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.seen_cells.fill(0);
                self.stamp = 1;
            }
        }
        let mut stack_len = 0;
        // The other side's pieces around the start cell, counted once if a root asks.
        let mut foes_around = None;
        for root in roots.nodes().rev() {
            if nodes[root].has(Node::INITIAL) && !board.unmoved(from) {
                continue;
            }
            if self.near && nodes[root].mask & (MASK_NEAR | MASK_SHARED) != 0 {
                let code = near_code(nodes[root].mask);
                if nodes[root].mask & MASK_SHARED == 0 && code != 0 {
                    let foes = *foes_around
                        .get_or_insert_with(|| count_foes_around(table, board, side, from));
                    if !Near::holds(code, foes) {
                        continue;
                    }
                }
            }
            self.stack[stack_len] = if SHARED {
                root as u64 | NO_LIMIT << LIMIT_SHIFT
            } else {
                root as u64
            };
            stack_len += 1;
        }
        let mut plies = 0;
        while stack_len > 0 {
            stack_len -= 1;
            let entry = self.stack[stack_len];
            let id = entry as u32;
            let node = &nodes[id as usize];
            // Without shared nodes every node knows its depth (the verifier checked it).
            let depth = if SHARED {
                ((entry >> DEPTH_SHIFT) & FIELD) as usize
            } else {
                node.depth as usize
            };
            // Momentum (shared walks only; unshared trees are bounded when linked): the
            // first step of a momentum leg bounds the rest of the path by the steps
            // before it, and frees the cells before it to be entered again.
            let (mut limit, mut fresh) = if SHARED {
                (
                    (entry >> LIMIT_SHIFT) & FIELD,
                    ((entry >> FRESH_SHIFT) & FIELD) as usize,
                )
            } else {
                (NO_LIMIT, 0)
            };
            if SHARED && node.mask & (MASK_SHARED | MASK_MOMENTUM) == MASK_SHARED | MASK_MOMENTUM {
                limit = limit.min(2 * depth as u64);
                fresh = depth;
            }
            if SHARED && depth as u64 >= limit {
                continue;
            }
            self.path[depth] = id;
            // A relative node's cell is one step of its direction from the cell before
            // it (a root's: from the start cell); off the board, the path ends.
            let target = if SHARED && node.is_relative() {
                let before = if depth == 0 {
                    from
                } else {
                    self.cells[depth - 1]
                };
                match steps[node.target.index() * cell_count + before.index()] {
                    NO_CELL => continue,
                    t => CellId(t),
                }
            } else {
                node.target
            };
            if SHARED {
                self.cells[depth] = target;
            }
            let cell = target.index();
            let occupant = if target == from {
                Occupant::EMPTY
            } else {
                board.occupant(target)
            };
            let class = classify(occupant, side, filters, node.filter);
            // A node that does nothing on this cell (a friend, or a piece its filter
            // walls off, with no push and no child entered over a friend) ends here,
            // before the whole-path bookkeeping: on a big board most of a boxed-in
            // piece's relative roots meet a friend at once.
            if SHARED && !S::VISITS && dead_on(node, nodes, class) {
                continue;
            }
            // A shared node: the whole-path rules, which the linker applied to the
            // trees, are applied here. `last` ends the path at this node.
            let mut last = false;
            // A probe is no cell of the path: the whole-path rules are its children's.
            if SHARED && node.mask & MASK_SHARED != 0 && !node.is_probe() {
                if target == from && fresh == 0 {
                    // Back on the start cell: a move only after a capture in passing.
                    let captured = self.path[1..=depth]
                        .iter()
                        .any(|&n| nodes[n as usize].has(Node::CAPTURE_PREV));
                    if !captured || node.flags & Node::PUSH != 0 {
                        continue;
                    }
                    last = true;
                } else if track {
                    let at = self.on_path[cell] as usize;
                    if at > fresh && at <= depth && self.cells[at - 1] == target {
                        continue;
                    }
                } else if self.cells[fresh..depth].contains(&target) {
                    continue;
                }
                // A momentum leg crosses the cells before it, but never one whose piece
                // the path captured in passing (the cell before a `CAPTURE_PREV` node).
                if fresh > 0
                    && (1..=fresh).any(|d| {
                        self.cells[d - 1] == target
                            && nodes[self.path[d] as usize].has(Node::CAPTURE_PREV)
                    })
                {
                    continue;
                }
                last |= depth >= MAX_DEPTH;
            }
            if track && !node.is_probe() {
                self.on_path[cell] = depth as u16 + 1;
            }
            if node.flags & Node::PUSH != 0 {
                if node.flags & Node::EN_PASSANT != 0 {
                    // A probe (a step condition): its cell is looked at, not entered;
                    // its children step from the cell before it, at its depth.
                    let class_bit = match class {
                        Class::Empty => CLASS_EMPTY,
                        Class::Friend => CLASS_FRIEND,
                        Class::Foe => CLASS_FOE,
                        Class::Blocked => CLASS_OTHER,
                    };
                    let same = if SHARED {
                        (depth as u64) << DEPTH_SHIFT
                            | limit << LIMIT_SHIFT
                            | (fresh as u64) << FRESH_SHIFT
                    } else {
                        0
                    };
                    for child in node.children().rev() {
                        if nodes[child].mask & class_bit != 0 {
                            self.stack[stack_len] = child as u64 | same;
                            stack_len += 1;
                        }
                    }
                    continue;
                }
                // A displacement: its children are the cells the piece here may be
                // pushed to, never steps of the mover.
                let class_bit = match class {
                    Class::Friend => CLASS_FRIEND,
                    Class::Foe => CLASS_FOE,
                    _ => continue,
                };
                let mut visited = false;
                for child in node.children() {
                    let push_target = &nodes[child];
                    if push_target.mask & class_bit == 0 {
                        continue;
                    }
                    // A relative push target steps from this node's cell.
                    let push_cell = if SHARED && push_target.is_relative() {
                        match steps[push_target.target.index() * cell_count + cell] {
                            NO_CELL => continue,
                            t => CellId(t),
                        }
                    } else {
                        push_target.target
                    };
                    // What happens to the piece met: pushed (a swap when it goes to
                    // the start cell), captured, converted or activated.
                    let action = push_target.mask & MEET_ACTIONS;
                    let (captures_to, push_to, convert) = match action {
                        MEET_CAPTURE => (true, None, None),
                        MEET_ACTIVATE => (false, None, None),
                        MEET_CONVERT => {
                            let code = filters[push_target.filter as usize];
                            let kind = if push_target.filter == 0 {
                                occupant.kind()
                            } else {
                                PieceId(code.mask.trailing_zeros() as u8)
                            };
                            (false, None, Some(kind))
                        }
                        _ => {
                            if push_cell != from && !board.occupant(push_cell).is_empty() {
                                continue;
                            }
                            (false, Some(push_cell), None)
                        }
                    };
                    if S::VISITS && !visited {
                        visited = true;
                        sink.visit(&visit(node, target, id, depth, class, occupant, true, true));
                    }
                    let cells = SHARED.then_some(&self.cells[..=depth]);
                    let mut ply = mover.ply(
                        target,
                        captures_to,
                        push_to,
                        &self.path[..=depth],
                        cells,
                        marks_of(SHARED, node.mask),
                    );
                    ply.convert = convert;
                    ply.activates = action == MEET_ACTIVATE;
                    if !mover.dedup
                        || first_time(&mut self.seen, &mut self.seen_cells, self.stamp, &ply)
                    {
                        sink.ply(&ply);
                        plies += 1;
                        if sink.done() {
                            return plies;
                        }
                    }
                }
                continue;
            }
            let lands = match class {
                Class::Empty => node.has(Node::LAND_EMPTY),
                Class::Foe => node.has(Node::LAND_FOE),
                _ => false,
            };
            if S::VISITS {
                sink.visit(&visit(
                    node, target, id, depth, class, occupant, lands, false,
                ));
            }
            if lands {
                // The report (dedup, sink, count, stop) is written at both landing
                // sites on purpose: one shared function for it measured about four
                // instructions more per ply in perft.
                let captures_to = class == Class::Foe;
                let cells = SHARED.then_some(&self.cells[..=depth]);
                let ply = mover.ply(
                    target,
                    captures_to,
                    None,
                    &self.path[..=depth],
                    cells,
                    marks_of(SHARED, node.mask),
                );
                if !mover.dedup
                    || first_time(&mut self.seen, &mut self.seen_cells, self.stamp, &ply)
                {
                    sink.ply(&ply);
                    plies += 1;
                    if sink.done() {
                        return plies;
                    }
                }
            }
            if last {
                continue;
            }
            let class_bit = match class {
                Class::Empty => CLASS_EMPTY,
                Class::Friend => CLASS_FRIEND,
                Class::Foe => CLASS_FOE,
                Class::Blocked => continue,
            };
            let below = if SHARED {
                ((depth + 1) as u64) << DEPTH_SHIFT
                    | limit << LIMIT_SHIFT
                    | (fresh as u64) << FRESH_SHIFT
            } else {
                0
            };
            for child in node.children().rev() {
                if nodes[child].mask & class_bit != 0 {
                    self.stack[stack_len] = child as u64 | below;
                    stack_len += 1;
                }
            }
        }
        plies
    }
}

/// What stays the same through one walk: who moves from where, over which nodes, and
/// whether landings must be deduplicated.
#[derive(Clone, Copy)]
struct Mover<'a> {
    side: Side,
    piece: PieceId,
    from: CellId,
    nodes: &'a [Node],
    /// The sink wants distinct moves and this tree may repeat one.
    dedup: bool,
}

impl<'a> Mover<'a> {
    /// The ply of this walk that ends on `to` after `path`.
    #[inline(always)]
    fn ply<'p>(
        &self,
        to: CellId,
        captures_to: bool,
        push_to: Option<CellId>,
        path: &'p [u32],
        cells: Option<&'p [CellId]>,
        mask: u8,
    ) -> Ply<'p>
    where
        'a: 'p,
    {
        Ply {
            side: self.side,
            piece: self.piece,
            from: self.from,
            to,
            captures_to,
            push_to,
            convert: None,
            activates: false,
            mark: (mask & MASK_MARK) >> MARK_SHIFT,
            nodes: self.nodes,
            path,
            cells,
        }
    }
}

/// The cells a `near` condition counts around `from`: the eight cells next to it on
/// a square grid (fewer at an edge), in a fixed order (from the lowest rank and file).
/// The walk counts the other side's pieces on them; the game layer shows them
/// (`Game::near_area`).
pub fn near_area(
    board: &crate::topology::Board,
    from: CellId,
) -> impl Iterator<Item = CellId> + '_ {
    let at = board.coord(from);
    (-1i16..=1)
        .flat_map(|dy| (-1i16..=1).map(move |dx| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(dx, dy)| {
            board.cell_at(crate::ir::Coord {
                x: at.x + dx,
                y: at.y + dy,
            })
        })
}

/// The pieces of the side other than `side` on the cells of [`near_area`] around
/// `from` (the kinds filter 0 admits: never a neutral piece), for `near` conditions.
#[inline(never)]
fn count_foes_around<O: Occupancy + ?Sized>(
    table: &crate::table::MoveTable,
    board: &O,
    side: Side,
    from: CellId,
) -> u32 {
    let mut foes = 0;
    for cell in near_area(&table.board, from) {
        let o = board.occupant(cell);
        if !o.is_empty() && o.side() != side && table.filters[0].admits(o.kind().0) {
            foes += 1;
        }
    }
    foes
}

/// The mask bits of a landing node that carry its pattern's mark: none on a shared node,
/// whose bit 6 says it is relative ([`crate::table::MASK_RELATIVE`]; marked patterns are never
/// shared). Only walks of tables with shared nodes (`shared`) test it.
#[inline(always)]
fn marks_of(shared: bool, mask: u8) -> u8 {
    if shared && mask & MASK_SHARED != 0 {
        0
    } else {
        mask
    }
}

/// The visit of `node` (id `id`) for sinks with [`Sink::VISITS`].
#[inline(always)]
#[allow(clippy::too_many_arguments)] // one visit's fields, in the hot loop
fn visit(
    node: &Node,
    cell: CellId,
    id: u32,
    depth: usize,
    class: Class,
    occupant: Occupant,
    lands: bool,
    push: bool,
) -> Visit {
    Visit {
        node: NodeId(id),
        depth,
        cell,
        class,
        occupant,
        new_leg: node.has(Node::NEW_LEG),
        captured_prev: node.has(Node::CAPTURE_PREV),
        lands,
        push,
    }
}

/// Whether visiting `node` on a cell of class `class` does nothing: a friend (or a
/// piece the node's filter walls off) where the node neither pushes nor has a child
/// entered over a friend (a node never lands on a friend).
#[inline(always)]
fn dead_on(node: &Node, nodes: &[Node], class: Class) -> bool {
    match class {
        // A probe goes on over a piece its filter refuses (`CLASS_OTHER`).
        Class::Blocked => !node.is_probe(),
        Class::Friend => {
            node.flags & Node::PUSH == 0
                && node.children().all(|c| nodes[c].mask & CLASS_FRIEND == 0)
        }
        _ => false,
    }
}

/// The class of `occupant` for a piece of `side` at a node with kind filter `filter`
/// (an index into `filters`, read only for a piece).
#[inline(always)]
pub(crate) fn classify(
    occupant: Occupant,
    side: Side,
    filters: &[FilterCode],
    filter: u8,
) -> Class {
    if occupant.is_empty() {
        return Class::Empty;
    }
    if !filters[filter as usize].admits(occupant.kind().0) {
        return Class::Blocked;
    }
    if occupant.side() == side {
        Class::Friend
    } else {
        Class::Foe
    }
}
