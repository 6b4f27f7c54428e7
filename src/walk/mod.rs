//! walk: the interpreter. Runs a verified move table over a board and reports every
//! place a piece's move may end to a [`Sink`].
//!
//! Owns the hot loop, the occupancy view ([`Occupancy`], [`Occupant`]) and the sink
//! interface with its two flat sinks ([`MoveList`], [`Count`]). The path-tree sink lives
//! in [`crate::path_tree`]. The walk is an explicit-stack loop over node ids; a
//! [`Walker`] owns its stack, path and dedup buffers, sized once from the verified
//! table, so a walk allocates nothing and recursion never depends on user input.
//! A displacement (`PUSH` node) is reported as a ply whose [`Ply::push_to`] names the
//! cell the piece on `to` is pushed to; its `PUSH_TARGET` children are never walked.

pub(crate) mod reverse;
mod sinks;

pub use sinks::{Count, Move, MoveList};

use crate::ids::{CellId, PieceId, Side};
use crate::table::{
    FilterCode, Node, NodeId, RootRange, VerifiedTable, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND,
};

/// What stands on a cell, in one byte: 0 = empty; otherwise bit 7 is the side (set for
/// the second side) and bits 0..=6 are the piece kind plus one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Occupant(pub u8);

impl Occupant {
    pub const EMPTY: Occupant = Occupant(0);

    #[inline]
    pub fn piece(side: Side, kind: PieceId) -> Occupant {
        Occupant(((side as u8) << 7) | (kind.0 + 1))
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 & 0x7f == 0
    }

    #[inline]
    pub fn side(self) -> Side {
        if self.0 & 0x80 != 0 {
            Side::Second
        } else {
            Side::First
        }
    }

    /// The piece kind; meaningless for an empty cell.
    #[inline]
    pub fn kind(self) -> PieceId {
        PieceId((self.0 & 0x7f).wrapping_sub(1))
    }
}

/// The board as the walk sees it. An engine with its own board implements this; a
/// slice of [`Occupant`]s indexed by cell id already does.
pub trait Occupancy {
    /// What stands on `cell` (a valid cell id of the table's board).
    fn occupant(&self, cell: CellId) -> Occupant;

    /// Whether the piece on `cell` has not moved yet (for `initial` patterns). The
    /// default says every piece is unmoved.
    fn unmoved(&self, _cell: CellId) -> bool {
        true
    }
}

impl Occupancy for [Occupant] {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.get(cell.index()).copied().unwrap_or(Occupant::EMPTY)
    }
}

impl Occupancy for Vec<Occupant> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.as_slice().occupant(cell)
    }
}

/// The occupancy class of a visited cell, from the moving side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Empty,
    Friend,
    Foe,
    /// A piece that the node's kind filter does not admit: it acts as a wall.
    Blocked,
}

/// One node the walk reached (for sinks with [`Sink::VISITS`]).
#[derive(Clone, Copy, Debug)]
pub struct Visit {
    pub node: NodeId,
    pub depth: usize,
    pub cell: CellId,
    pub class: Class,
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

/// A place where the move may end: the walk from the start cell to `to`.
#[derive(Clone, Copy)]
pub struct Ply<'a> {
    pub side: Side,
    pub piece: PieceId,
    pub from: CellId,
    pub to: CellId,
    /// The destination holds an enemy, which is captured.
    pub captures_to: bool,
    /// A displacement: the piece on `to` (friend or foe) is pushed to this cell.
    pub push_to: Option<CellId>,
    nodes: &'a [Node],
    path: &'a [u32],
}

impl<'a> Ply<'a> {
    /// The cells visited in order, ending with `to` (the start cell is not included).
    pub fn cells(&self) -> impl Iterator<Item = CellId> + 'a {
        let nodes = self.nodes;
        self.path.iter().map(move |&i| nodes[i as usize].target)
    }

    /// Cells captured in passing (locust captures), in path order; not `to`.
    pub fn passing_captures(&self) -> impl Iterator<Item = CellId> + 'a {
        let nodes = self.nodes;
        let path = self.path;
        path.windows(2).filter_map(move |w| {
            nodes[w[1] as usize]
                .has(Node::CAPTURE_PREV)
                .then_some(nodes[w[0] as usize].target)
        })
    }

    /// The displacement, if any: the piece on `to` moves to the second cell.
    pub fn push(&self) -> Option<(CellId, CellId)> {
        self.push_to.map(|c| (self.to, c))
    }

    /// Every cell whose piece this move captures: passing captures, then `to` if it
    /// holds an enemy.
    pub fn captures(&self) -> impl Iterator<Item = CellId> + 'a {
        let to = self.captures_to.then_some(self.to);
        self.passing_captures().chain(to)
    }

    /// Number of steps from the start cell.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// Node ids from the root to the landing node.
    pub fn node_path(&self) -> &'a [u32] {
        self.path
    }

    /// The flags (`Node::*`) of the landing node.
    pub fn landing_flags(&self) -> u8 {
        self.path
            .last()
            .map_or(0, |&i| self.nodes[i as usize].flags)
    }
}

/// Where the walk's results go.
pub trait Sink {
    /// Whether the walk should call [`Sink::visit`] for every node it reaches.
    const VISITS: bool = false;
    /// Whether the sink wants each distinct move once. Some trees (a Lion's) can reach
    /// the same destination with the same captures along two paths; with `DISTINCT` the
    /// walk reports only the first of them.
    const DISTINCT: bool = true;

    fn visit(&mut self, _visit: &Visit) {}

    fn ply(&mut self, ply: &Ply<'_>);
}

/// The interpreter, with buffers sized for one verified table.
pub struct Walker<'t> {
    table: &'t VerifiedTable,
    stack: Vec<u32>,
    path: Vec<u32>,
    /// Moves landed so far in the current walk, for DISTINCT sinks on trees that can
    /// repeat a move.
    seen: Vec<Signature>,
}

impl<'t> Walker<'t> {
    pub fn new(table: &'t VerifiedTable) -> Walker<'t> {
        Walker {
            table,
            stack: vec![0; table.max_stack()],
            path: vec![0; table.max_path()],
            seen: Vec::with_capacity(table.max_landings()),
        }
    }

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
        let t = self.table.table();
        let Some(roots) = t.roots(side, piece, from) else {
            return 0;
        };
        let nodes = t.nodes.as_slice();
        let filters = t.filters.as_slice();
        let dedup = S::DISTINCT && roots.flags & RootRange::MAY_REPEAT != 0;
        self.seen.clear();
        let mut sp = 0;
        for r in roots.nodes().rev() {
            if nodes[r].has(Node::INITIAL) && !board.unmoved(from) {
                continue;
            }
            self.stack[sp] = r as u32;
            sp += 1;
        }
        let mut plies = 0;
        while sp > 0 {
            sp -= 1;
            let id = self.stack[sp];
            let node = &nodes[id as usize];
            let depth = node.depth as usize;
            self.path[depth] = id;
            let occ = if node.target == from {
                Occupant::EMPTY
            } else {
                board.occupant(node.target)
            };
            let class = classify(occ, side, filters, node.filter);
            if node.flags & Node::PUSH != 0 {
                // A displacement: its children are the cells the piece here may be
                // pushed to, never steps of the mover.
                let bit = match class {
                    Class::Friend => CLASS_FRIEND,
                    Class::Foe => CLASS_FOE,
                    _ => continue,
                };
                let mut visited = false;
                for c in node.children() {
                    let t = &nodes[c];
                    if t.mask & bit == 0
                        || (t.target != from && !board.occupant(t.target).is_empty())
                    {
                        continue;
                    }
                    if S::VISITS && !visited {
                        visited = true;
                        sink.visit(&Visit {
                            node: NodeId(id),
                            depth,
                            cell: node.target,
                            class,
                            occupant: occ,
                            new_leg: node.has(Node::NEW_LEG),
                            captured_prev: node.has(Node::CAPTURE_PREV),
                            lands: true,
                            push: true,
                        });
                    }
                    let ply = Ply {
                        side,
                        piece,
                        from,
                        to: node.target,
                        captures_to: false,
                        push_to: Some(t.target),
                        nodes,
                        path: &self.path[..=depth],
                    };
                    if !dedup || first_time(&mut self.seen, &ply) {
                        sink.ply(&ply);
                        plies += 1;
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
                sink.visit(&Visit {
                    node: NodeId(id),
                    depth,
                    cell: node.target,
                    class,
                    occupant: occ,
                    new_leg: node.has(Node::NEW_LEG),
                    captured_prev: node.has(Node::CAPTURE_PREV),
                    lands,
                    push: false,
                });
            }
            if lands {
                let ply = Ply {
                    side,
                    piece,
                    from,
                    to: node.target,
                    captures_to: class == Class::Foe,
                    push_to: None,
                    nodes,
                    path: &self.path[..=depth],
                };
                if !dedup || first_time(&mut self.seen, &ply) {
                    sink.ply(&ply);
                    plies += 1;
                }
            }
            let bit = match class {
                Class::Empty => CLASS_EMPTY,
                Class::Friend => CLASS_FRIEND,
                Class::Foe => CLASS_FOE,
                Class::Blocked => continue,
            };
            for c in node.children().rev() {
                if nodes[c].mask & bit != 0 {
                    self.stack[sp] = c as u32;
                    sp += 1;
                }
            }
        }
        plies
    }
}

/// Records a landing; false if an earlier landing of this walk was the same move (same
/// destination, same passing captures).
fn first_time(seen: &mut Vec<Signature>, ply: &Ply<'_>) -> bool {
    {
        let mut sig = Signature {
            to: ply.to.0,
            push: ply.push_to.map_or(u16::MAX, |c| c.0),
            len: 0,
            caps: [0; MAX_SIG],
        };
        for c in ply.passing_captures() {
            if sig.len as usize == MAX_SIG {
                return true; // too many captures to compare: report it
            }
            sig.caps[sig.len as usize] = c.0;
            sig.len += 1;
        }
        sig.caps[..sig.len as usize].sort_unstable();
        if seen.contains(&sig) {
            return false;
        }
        if seen.len() < seen.capacity() {
            seen.push(sig);
        }
        true
    }
}

const MAX_SIG: usize = 6;

/// A landed move's identity for deduplication: destination, displacement and sorted
/// passing captures.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Signature {
    to: u16,
    /// The cell the piece on `to` is pushed to; `u16::MAX` for none.
    push: u16,
    len: u8,
    caps: [u16; MAX_SIG],
}

/// The class of `occ` for a piece of `side` at a node with kind filter `filter` (an
/// index into `filters`, read only for a piece).
#[inline(always)]
fn classify(occ: Occupant, side: Side, filters: &[FilterCode], filter: u8) -> Class {
    if occ.is_empty() {
        return Class::Empty;
    }
    if !filters[filter as usize].admits(occ.kind().0) {
        return Class::Blocked;
    }
    if occ.side() == side {
        Class::Friend
    } else {
        Class::Foe
    }
}
