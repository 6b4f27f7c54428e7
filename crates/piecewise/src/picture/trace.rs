//! trace: a [`Sink`] that records every cell a walk visits, with its parent and the
//! landing rights of its table node, and the analysis that turns those visits into
//! what a movement diagram shows: marks on cells (move, capture, may capture, captured
//! in passing, jumped over, pushed) and path lines labelled by the kind of leg they
//! belong to, plus an arrow for each push (from the pushed piece to where it goes).
//!
//! The visits come from the real interpreter
//! ([`Walker::walk`](crate::walk::Walker::walk)), so hops, turns and locust captures
//! are whatever the move table does in this position.

use super::layout::Layout;
use crate::ids::{CellId, PieceId, Side};
use crate::table::Node;
use crate::walk::{Class, Occupancy, Ply, Sink, Visit};
use crate::Rules;

#[derive(Clone, Debug)]
struct Rec {
    parent: Option<usize>,
    cell: CellId,
    class: Class,
    new_leg: bool,
    captured_prev: bool,
    lands: bool,
    /// The table node could end a capture here (if a foe stood here).
    may_capture: bool,
}

/// Every visit of one walk.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The side of the walking piece.
    pub side: Side,
    /// The walking piece.
    pub piece: PieceId,
    /// The cell it starts on.
    pub from: CellId,
    recs: Vec<Rec>,
    /// Distinct moves.
    moves: Vec<Move>,
}

/// One distinct move of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Move {
    /// The destination.
    to: CellId,
    /// The cells captured in passing, sorted.
    caps: Vec<CellId>,
    /// The piece on the destination is captured (a friend when `friend`).
    captures_to: bool,
    /// The cell the piece on the destination is pushed to (the start cell: a swap).
    push_to: Option<CellId>,
    /// The piece on the destination is converted.
    convert: bool,
    /// The piece on the destination is activated.
    activates: bool,
    /// The piece on the destination is a friend of the mover.
    friend: bool,
}

impl Move {
    /// What the move does to the piece it ends on, besides capturing an enemy or
    /// pushing it on: swap, capture a friend, convert, activate.
    fn meets(&self, from: CellId) -> bool {
        self.convert
            || self.activates
            || (self.captures_to && self.friend)
            || self.push_to == Some(from)
    }
}

struct Builder<'t> {
    nodes: &'t [Node],
    recs: Vec<Rec>,
    open: Vec<usize>,
    moves: Vec<Move>,
    /// The class of the last cell visited (the cell a ply that follows ends on).
    last_class: Class,
}

impl Sink for Builder<'_> {
    const VISITS: bool = true;
    const DISTINCT: bool = false;

    fn visit(&mut self, v: &Visit) {
        self.open.truncate(v.depth);
        let parent = if v.depth > 0 {
            self.open.last().copied()
        } else {
            None
        };
        let may_capture = self
            .nodes
            .get(v.node.0 as usize)
            .is_some_and(|n| n.has(Node::LAND_FOE));
        self.last_class = v.class;
        self.open.push(self.recs.len());
        self.recs.push(Rec {
            parent,
            cell: v.cell,
            class: v.class,
            new_leg: v.new_leg,
            captured_prev: v.captured_prev,
            lands: v.lands,
            may_capture,
        });
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        let mut caps: Vec<CellId> = ply.passing_captures().collect();
        caps.sort_unstable();
        let m = Move {
            to: ply.to,
            caps,
            captures_to: ply.captures_to,
            push_to: ply.push_to,
            convert: ply.convert.is_some(),
            activates: ply.activates,
            friend: self.last_class == Class::Friend,
        };
        if !self.moves.contains(&m) {
            self.moves.push(m);
        }
    }
}

impl Trace {
    /// Walks the piece on `from`; `None` if the cell is empty.
    pub fn walk<O: Occupancy + ?Sized>(rules: &Rules, board: &O, from: CellId) -> Option<Trace> {
        let occ = board.occupant(from);
        if occ.is_empty() || from.index() >= rules.board().cell_count() {
            return None;
        }
        let mut b = Builder {
            nodes: &rules.table().table().nodes,
            recs: Vec::new(),
            open: Vec::new(),
            moves: Vec::new(),
            last_class: Class::Empty,
        };
        rules
            .walker()
            .walk(board, occ.side(), occ.kind(), from, &mut b);
        Some(Trace {
            side: occ.side(),
            piece: occ.kind(),
            from,
            recs: b.recs,
            moves: b.moves,
        })
    }

    /// The number of distinct moves (destination and cells captured).
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The number of distinct moves that capture something.
    pub fn capture_count(&self) -> usize {
        self.moves
            .iter()
            .filter(|m| m.captures_to || !m.caps.is_empty())
            .count()
    }

    /// The number of distinct moves that push a piece (swaps included).
    pub fn push_count(&self) -> usize {
        self.moves.iter().filter(|m| m.push_to.is_some()).count()
    }
}

/// What a cell shows in a movement diagram (several may hold).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellMarks {
    /// A move may end here quietly.
    pub quiet: bool,
    /// A move may end here quietly, but no move could capture here (were an enemy
    /// standing here): a pawn's step, a cannon's move.
    pub move_only: bool,
    /// A move may end here capturing the enemy on it.
    pub capture: bool,
    /// The cell is empty, and a move could end here only by capturing.
    pub capture_only: bool,
    /// Some move captures the piece here in passing and goes on.
    pub passing_capture: bool,
    /// Some move jumps over the piece here (a hop screen).
    pub screen: bool,
    /// Some move ends here pushing the piece here on (see [`Marks::pushes`]).
    pub push: bool,
    /// Some move ends here swapping with the piece here (see [`Marks::swaps`]).
    pub swap: bool,
    /// Some move ends here capturing the friendly piece here (`capture friend`).
    pub friend_capture: bool,
    /// Some move converts the piece here (`convert`).
    pub convert: bool,
    /// Some move ends here activating the piece here, which makes the next ply.
    pub activate: bool,
    /// A later ply of a cascade ends here (see [`Marks::cascades`]).
    pub cascade: bool,
    /// Some move burns the piece here (`burn`).
    pub burned: bool,
    /// Some move's blast removes the piece here (`explode`).
    pub blast: bool,
}

/// The kind of leg a path line belongs to: what happened where the leg began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LegKind {
    /// The first leg (and later legs that go on in the same direction).
    First,
    /// After a turn on an empty cell (a bent path).
    Turn,
    /// After jumping over or bouncing off a piece.
    Hop,
    /// After capturing a piece in passing.
    Locust,
}

/// One drawn stretch of path, between two cell centres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// The leg it belongs to, which gives its colour.
    pub kind: LegKind,
    /// The stretch jumps (its cells are not neighbours).
    pub leap: bool,
    /// The cell index it starts at.
    pub from: usize,
    /// The cell index it ends at.
    pub to: usize,
}

/// The diagram content of a trace.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Per cell index: what it shows.
    pub cells: Vec<CellMarks>,
    /// The path lines, sorted, each once.
    pub edges: Vec<Edge>,
    /// Displacements: (cell of the pushed piece, cell it is pushed to), sorted; not
    /// swaps.
    pub pushes: Vec<(usize, usize)>,
    /// Swaps: (cell of the piece met, the mover's start cell), sorted.
    pub swaps: Vec<(usize, usize)>,
    /// The links between the plies of cascades: (cell where a ply starts, cell where
    /// it ends), the first ply's start being the activated piece's cell; sorted, each
    /// once. Filled by the game layer's moves ([`Marks::add_game_moves`]).
    pub cascades: Vec<(usize, usize)>,
}

fn bent(layout: &Layout, a: usize, b: usize, c: usize) -> bool {
    let (p, q, r) = (
        layout.shapes[a].center,
        layout.shapes[b].center,
        layout.shapes[c].center,
    );
    let (ux, uy) = (q.0 - p.0, q.1 - p.1);
    let (vx, vy) = (r.0 - q.0, r.1 - q.1);
    let nu = (ux * ux + uy * uy).sqrt();
    let nv = (vx * vx + vy * vy).sqrt();
    if nu == 0.0 || nv == 0.0 {
        return true;
    }
    (ux * vx + uy * vy) / (nu * nv) < 0.999
}

impl Marks {
    /// Analyses a trace: marks each cell and keeps the path stretches that lead to
    /// some mark (a path that only runs into a friend is not drawn).
    pub fn of(trace: &Trace, layout: &Layout) -> Marks {
        let recs = &trace.recs;
        let n = recs.len();
        let mut cells = vec![CellMarks::default(); layout.len()];
        // Bottom-up: whether a landing (or a capture-only cell) lies at or below each
        // visit. Children come after their parent, so one reverse pass suffices.
        let mut lands_below = vec![false; n];
        let mut useful = vec![false; n];
        for i in (0..n).rev() {
            let r = &recs[i];
            lands_below[i] |= r.lands;
            useful[i] |= r.lands || (r.class == Class::Empty && r.may_capture);
            if let Some(p) = r.parent {
                lands_below[p] |= lands_below[i];
                useful[p] |= useful[i];
            }
        }
        let cell_of = |i: usize| recs[i].cell.index();
        let prev_cell = |i: usize| recs[i].parent.map_or(trace.from.index(), cell_of);
        let mut kinds = vec![LegKind::First; n];
        let mut edges = Vec::new();
        for i in 0..n {
            let r = &recs[i];
            let c = cell_of(i);
            if c >= cells.len() || prev_cell(i) >= cells.len() {
                continue;
            }
            let m = &mut cells[c];
            if r.lands && r.class == Class::Empty {
                m.quiet = true;
            }
            if r.lands && r.class == Class::Foe {
                m.capture = true;
            }
            if r.class == Class::Empty && r.may_capture {
                // Could capture here; it stays capture-only unless a move may end here.
                m.capture_only = true;
            }
            let inherited = r.parent.map_or(LegKind::First, |p| kinds[p]);
            kinds[i] = match r.parent {
                Some(p) if r.new_leg => {
                    let occupied = recs[p].class != Class::Empty;
                    if occupied && r.captured_prev {
                        if lands_below[i] {
                            cells[cell_of(p)].passing_capture = true;
                        }
                        LegKind::Locust
                    } else if occupied {
                        if useful[i] {
                            cells[cell_of(p)].screen = true;
                        }
                        LegKind::Hop
                    } else if bent(layout, prev_cell(p), cell_of(p), c) {
                        LegKind::Turn
                    } else {
                        inherited
                    }
                }
                _ => inherited,
            };
            if useful[i] {
                let a = prev_cell(i);
                edges.push(Edge {
                    kind: kinds[i],
                    leap: !layout.is_step(a, c),
                    from: a,
                    to: c,
                });
            }
        }
        for m in &mut cells {
            if m.quiet {
                m.move_only = !m.capture_only;
                m.capture_only = false;
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let from = trace.from;
        let in_board = |&(a, b): &(usize, usize)| a < cells.len() && b < cells.len();
        let moved_on = |swap: bool| {
            let mut v: Vec<(usize, usize)> = trace
                .moves
                .iter()
                .filter_map(|m| Some((m.to.index(), m.push_to?.index())))
                .filter(|&(_, b)| (b == from.index()) == swap)
                .filter(in_board)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let (pushes, swaps) = (moved_on(false), moved_on(true));
        for &(a, _) in &pushes {
            cells[a].push = true;
        }
        for m in trace.moves.iter().filter(|m| m.meets(from)) {
            let Some(c) = cells.get_mut(m.to.index()) else {
                continue;
            };
            c.swap |= m.push_to == Some(from);
            c.friend_capture |= m.captures_to && m.friend;
            c.convert |= m.convert;
            c.activate |= m.activates;
            // The landing seen as a meet is no capture of an enemy unless some other
            // move captures it.
            c.capture = trace
                .moves
                .iter()
                .any(|o| o.to == m.to && o.captures_to && !o.friend && !o.meets(from));
        }
        Marks {
            cells,
            edges,
            pushes,
            swaps,
            cascades: Vec::new(),
        }
    }
}
