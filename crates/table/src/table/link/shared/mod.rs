//! shared: a pattern linked as shared continuations instead of one unrolled tree per
//! start cell.
//!
//! What follows a node depends only on its **state**: the leg and repetition it is on,
//! its cell, the direction it moves in, and how many steps of its leg it has taken
//! (capped at the leg's minimum for an unbounded ride: past it, every step goes on
//! alike). How it was entered (a ride step, a hop, a capture in passing: the mask and
//! flags of the record) belongs to the edge into it. Every path that reaches a state
//! shares the state's block of children, as in H. G. Muller's move tables: a pattern's
//! nodes grow with cells × legs × headings, not with its paths. Blocks are then
//! hash-consed, so that states with the same future share one.
//! The path-dependent rules (a path never passes a cell twice; a path back on its start
//! cell ends there, and is a move only after a capture in passing) move from the
//! linker to the walk, which applies them to shared nodes ([`MASK_SHARED`]).
//!
//! This module builds one pattern's states for one side ([`SharedGraph`]), lays them out
//! as blocks in the table's [`super::pool::BlockPool`] ([`super::pool`]), and gives each
//! start cell its roots: plain root nodes whose children are the blocks of their states.
//! A step condition's probe node (`DIR if AT CLASS`) is built in `probe`, the second
//! side's mirrored graph in `mirror`, the bound on a graph's size in `bound`. The choice of which patterns are shared is
//! [`super::link`]'s.

mod bound;
mod layout;
mod mirror;
mod probe;

use bound::graph_bound;

pub(in crate::table) use layout::SharedRoots;

use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use super::super::layout::{
    Node, CLASS_EMPTY, CLASS_FOE, MASK_MOMENTUM, MASK_RELATIVE, MASK_SHARED,
};
use super::expand::PatternView;
use super::vectors::{heading_for, VectorCache};
use super::ZoneMaps;
use crate::compile::{MoveProgram, ViaBits};
use crate::ids::{CellId, Side};
use crate::ir::Vector;
use crate::topology::Board;

/// Whether a pattern may be linked as shared continuations: more than one leg (or a
/// `repeat`), and nothing the walk could not decide from a shared node: no `pass` (the
/// walk ends a path back home only after a capture), no `en passant` (its landing
/// needs the path's length), no `swap` (the piece met goes to the path's start cell),
/// no mark (`sets`, `keeps`, `burn`, `explode`: shared blocks carry no `MASK_MARK`).
/// A `push`, `capture friend`, `convert` or `activate` is shared: its `PUSH` node
/// depends only on the cell and heading the path ends with.
pub(super) fn eligible(v: &PatternView) -> bool {
    (v.legs.len() > 1 || v.repeat.is_some())
        && !v.pass
        && v.near == 0
        && v.land_flags == 0
        && !v.swaps()
        && v.mark == 0
        && !v.probes_edge()
}

/// Whether a single-leg pattern may be linked as shared continuations (a ride of a
/// piece walked forward anyway: [`super::link`] decides): one leg, no `repeat`, and
/// none of what [`eligible`] excludes.
pub(super) fn eligible_ride(v: &PatternView) -> bool {
    v.legs.len() == 1
        && v.repeat.is_none()
        && !v.pass
        && v.near == 0
        && v.land_flags == 0
        && !v.swaps()
        && v.mark == 0
        && !v.probes_edge()
}

/// Why a shared graph was not built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GraphStop {
    /// Its bound ([`graph_bound`]: states and edges) passes the budget: refused
    /// before it was built.
    Bound(u64),
    /// Its states and edges passed the budget while it was built.
    Grown,
    /// Linking's deadline passed while it was built.
    Late,
}

/// The heading of a state that has none before it ([`StateKey::before`]).
const NO_HEADING: Vector = Vector { dx: 0, dy: 0 };

/// What a node's children depend on. How the node is entered (the mask and flags of
/// the edge that reaches it) is the edge's: see [`Edge`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StateKey {
    leg: u16,
    rep: u16,
    cell: CellId,
    heading: Vector,
    /// The heading of the leg before this one, in a pattern with an `alternate` leg
    /// (which repeats it); (0,0) in any other.
    before: Vector,
    /// Steps taken on this leg (capped at the leg's minimum when it has no maximum).
    steps: u16,
    /// Which node of the state: [`Part::MAIN`], [`Part::LANDING`] or an encounter's
    /// `PUSH` node.
    part: Part,
}

/// Which of a state's nodes a key names: the node the path goes on from, the landing
/// half of a node that both lands and hands over with different kind filters (it has
/// no children), or the `PUSH` node of the pattern's encounter `k` (a displacement,
/// friend capture, conversion or activation of the piece met where the path ends; its
/// one child is its `PUSH_TARGET`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Part(u8);

impl Part {
    const MAIN: Part = Part(0);
    const LANDING: Part = Part(1);
    /// The `PUSH` node of encounter `k` (its index in [`PatternView::encounters`]).
    fn encounter(k: u8) -> Part {
        Part(2 + k)
    }
    /// The probe of a step condition before a leg's first step, entered by a hop
    /// (`captured` false) or a capture in passing; its key's cell is the leg's start.
    fn probe(captured: bool) -> Part {
        Part(0x80 | u8::from(captured))
    }
}

impl Hash for StateKey {
    /// Two words instead of a write per field: states are looked up once per edge.
    fn hash<H: Hasher>(&self, h: &mut H) {
        // The cell in the low bits: a multiplicative hash's low bits, which pick the
        // bucket, depend only on the low bits of what it hashes.
        h.write_u64(
            u64::from(self.cell.0)
                | u64::from(self.heading.dx as u8) << 16
                | u64::from(self.heading.dy as u8) << 24
                | u64::from(self.steps) << 32
                | u64::from(self.leg) << 48,
        );
        h.write_u32(u32::from(self.rep) | u32::from(self.part.0) << 16);
        h.write_u16(u16::from(self.before.dx as u8) | u16::from(self.before.dy as u8) << 8);
    }
}

/// An edge into a state: the state, and the mask (`CLASS_*`) and flags (`NEW_LEG`,
/// `CAPTURE_PREV`) of the node record that enters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Edge {
    to: usize,
    mask: u8,
    flags: u8,
}

/// One state: its node record (children not yet placed, and without the mask and
/// flags of an edge into it) and the edges to its children.
#[derive(Clone, Copy)]
struct State {
    node: Node,
    /// Its edges: `edges[first..first + count]` of its graph.
    first: u32,
    count: u32,
}

/// The states of one pattern for one side, built from the start cells outwards.
pub(super) struct SharedGraph<'a> {
    program: &'a MoveProgram,
    board: &'a Board,
    zones: &'a ZoneMaps,
    side: Side,
    pattern: &'a PatternView,
    index: FxHashMap<StateKey, usize>,
    states: Vec<State>,
    /// Every state's edges, one range per state.
    edges: Vec<Edge>,
    /// Leg vectors found so far: most states of a leg share their heading with many
    /// others.
    vectors: VectorCache,
    /// States whose children are still to be found.
    todo: Vec<(usize, StateKey)>,
    /// Per start cell: its root states (the first leg's first steps).
    roots: Vec<Vec<Edge>>,
    /// Some state has a landing right: the pattern produces a move.
    pub(super) landed: bool,
    /// States that differ only in how many unbounded steps or repetitions were taken
    /// past their minimum are one (see [`SharedGraph::build`]).
    compact: bool,
    /// The pattern has an `alternate` leg: a state also keeps the heading before its
    /// own ([`StateKey::before`]).
    alternating: bool,
    /// A relative graph ([`super::relative`]): the most cells a path holds. Its states'
    /// `cell` is then the number of cells the path holds so far, and its records'
    /// targets index `headings`.
    relative: Option<u16>,
    /// A relative graph's directions, each once, and their indices.
    headings: Vec<Vector>,
    heading_ids: FxHashMap<Vector, u16>,
    /// A relative graph's roots' cells, beside `roots`.
    root_cells: Vec<Vec<CellId>>,
    /// With relative roots: per cell, whether the pattern applies from it (its roots
    /// are then the one list kept at the first such cell of `roots`).
    applies: Vec<bool>,
}

impl<'a> SharedGraph<'a> {
    /// The states of `pattern` for `side` from every start cell it applies from.
    /// Stops early (returning what it has) once it holds more than `budget` states.
    ///
    /// Past its minimum, every further step of an unbounded ride, and every further
    /// repetition of a `repeat` until blocked, goes on alike: such states are one, which
    /// keeps a ride's blocks to one per cell and heading. Where that closes a cycle (a
    /// ride round a graph board's ring, a repeat that turns full circle), the states are
    /// built again counting steps and repetitions (at most 255, as a path has cells), so
    /// that the blocks stay free of cycles as the verifier wants.
    ///
    /// With `relative` (the most cells a path holds: [`super::relative::depth_bound`])
    /// the graph is relative: its states hold no cell but the number of cells the path
    /// holds so far, so it has no cycle and serves every start cell.
    #[allow(clippy::too_many_arguments)] // the pattern, where, for whom, and how
    pub(super) fn build(
        program: &'a MoveProgram,
        board: &'a Board,
        zones: &'a ZoneMaps,
        side: Side,
        pattern: &'a PatternView,
        budget: usize,
        relative: Option<u16>,
        deadline: Option<Instant>,
    ) -> Result<SharedGraph<'a>, GraphStop> {
        // Counted before it is built: a graph whose bound fits the budget cannot pass
        // it; one whose bound does not is refused with the figure.
        let fits = |compact| {
            let bound = graph_bound(program, board, side, pattern, compact, relative);
            let size = bound.states.saturating_add(bound.edges);
            if size > budget as u64 {
                Err(GraphStop::Bound(size))
            } else {
                Ok(())
            }
        };
        let build = |compact| {
            SharedGraph::build_as(
                program, board, zones, side, pattern, budget, compact, relative, deadline,
            )
        };
        fits(true)?;
        let g = build(true)?;
        if relative.is_some() || !g.has_cycle() {
            return Ok(g);
        }
        drop(g);
        fits(false)?;
        build(false)
    }

    /// Whether its roots are relative too, the same list on every start cell it
    /// applies from: a relative graph of a pattern that is not `initial` (a relative
    /// root is a shared node, which never carries `INITIAL`).
    pub(super) fn relative_roots(&self) -> bool {
        self.relative.is_some() && !self.pattern.initial
    }

    /// A relative record's target: the index of `v` among the graph's directions.
    fn heading_id(&mut self, v: Vector) -> CellId {
        let next = self.headings.len() as u16;
        let headings = &mut self.headings;
        CellId(*self.heading_ids.entry(v).or_insert_with(|| {
            headings.push(v);
            next
        }))
    }

    #[allow(clippy::too_many_arguments)] // `build` with the choice of state keys
    fn build_as(
        program: &'a MoveProgram,
        board: &'a Board,
        zones: &'a ZoneMaps,
        side: Side,
        pattern: &'a PatternView,
        budget: usize,
        compact: bool,
        relative: Option<u16>,
        deadline: Option<Instant>,
    ) -> Result<SharedGraph<'a>, GraphStop> {
        let mut g = SharedGraph {
            compact,
            alternating: pattern.alternates(),
            relative,
            headings: Vec::new(),
            heading_ids: FxHashMap::default(),
            root_cells: Vec::new(),
            applies: Vec::new(),
            program,
            board,
            zones,
            side,
            pattern,
            index: FxHashMap::default(),
            states: Vec::new(),
            edges: Vec::new(),
            vectors: VectorCache::default(),
            todo: Vec::new(),
            roots: vec![Vec::new(); board.cell_count()],
            landed: false,
        };
        if g.relative_roots() {
            g.applies = vec![false; board.cell_count()];
        } else if relative.is_some() {
            g.root_cells = vec![Vec::new(); board.cell_count()];
        }
        // Relative roots are the same list on every cell the pattern applies from: kept
        // once, at the first.
        let mut template = false;
        for from in board.cells() {
            if !pattern.applies_from(zones, side, from) {
                continue;
            }
            if template {
                g.applies[from.index()] = true;
                continue;
            }
            let leg = pattern.legs[0];
            let mut roots = Vec::new();
            for v in g.vectors.get(program, board, side, leg.dirs, None) {
                let cell = match board.step(from, v) {
                    Some(cell) => cell,
                    // Relative roots are the same on every cell: the walk drops
                    // those whose first step leaves the board.
                    None if g.relative_roots() => from,
                    None => continue,
                };
                // A relative state counts the path's cells instead: one so far.
                let at = if g.relative.is_some() {
                    CellId(1)
                } else {
                    cell
                };
                let key = g.key(0, 0, at, (v, NO_HEADING), 1);
                let before = roots.len();
                // A step condition: the root is the probe, the step its child.
                let start = if g.relative.is_some() {
                    CellId(0)
                } else {
                    from
                };
                match g.probe_of(0, start, v, NO_HEADING) {
                    Some(None) => continue,
                    Some(Some(c)) => {
                        let p = g.probe(key, start, NO_HEADING, false, c, (CLASS_EMPTY, 0));
                        roots.push(Edge {
                            to: p,
                            mask: CLASS_EMPTY,
                            flags: 0,
                        });
                        if !g.root_cells.is_empty() {
                            // A plain root holds the cell it looks at.
                            let conds = &pattern.legs[0].conds;
                            let r = conds.start as usize..(conds.start + conds.len as u32) as usize;
                            let looked = program.conds[r]
                                .iter()
                                .find(|c| {
                                    g.vectors
                                        .get(program, board, side, c.dirs, None)
                                        .contains(&v)
                                })
                                .and_then(|c| {
                                    g.vectors
                                        .get(program, board, side, c.at, None)
                                        .first()
                                        .copied()
                                })
                                .and_then(|a| board.step(from, a));
                            match looked {
                                Some(l) => g.root_cells[from.index()].push(l),
                                None => {
                                    roots.pop();
                                }
                            }
                        }
                    }
                    None => g.push_with_split(key, (CLASS_EMPTY, 0), &mut roots),
                }
                if !g.root_cells.is_empty()
                    && roots.len() > before
                    && g.root_cells[from.index()].len() < roots.len()
                {
                    g.root_cells[from.index()].extend((before..roots.len()).map(|_| cell));
                }
            }
            if g.relative_roots() {
                template = true;
                g.applies[from.index()] = true;
            }
            g.roots[from.index()] = roots;
            g.drain(budget, deadline)?;
        }
        Ok(g)
    }

    /// The edges out of state `s`.
    fn children_of(&self, s: usize) -> &[Edge] {
        let st = &self.states[s];
        &self.edges[st.first as usize..(st.first + st.count) as usize]
    }

    /// The number of states so far.
    pub(super) fn len(&self) -> usize {
        self.states.len()
    }

    /// Its states and edges: what building it held.
    pub(super) fn size(&self) -> usize {
        self.states.len() + self.edges.len()
    }

    /// The key of a state.
    fn key(
        &self,
        leg: usize,
        rep: u16,
        cell: CellId,
        (heading, before): (Vector, Vector),
        steps: u16,
    ) -> StateKey {
        let l = self.pattern.legs[leg];
        let steps = if self.compact && l.max == 0 {
            steps.min(l.min.max(1))
        } else {
            steps
        };
        let rep = match self.pattern.repeat {
            Some((first, last, min, 0)) if self.compact && (first..=last).contains(&leg) => {
                rep.min(min)
            }
            _ => rep,
        };
        StateKey {
            leg: leg as u16,
            rep,
            cell,
            heading,
            // Only an `alternate` leg looks two legs back: other patterns keep one
            // state per heading.
            before: if self.alternating { before } else { NO_HEADING },
            steps,
            part: Part::MAIN,
        }
    }

    /// The landing rights a state's node gets, and whether it is split (it both lands
    /// and hands over, with different kind filters).
    fn landing(&self, key: &StateKey) -> (u8, bool) {
        let i = key.leg as usize;
        let leg = self.pattern.legs[i];
        let reached = key.steps >= leg.min;
        if !reached || !self.pattern.lands_after(i, key.rep) {
            return (0, false);
        }
        let land = self.pattern.land_rights(self.zones, self.side, key.cell);
        let goes_on = !self.pattern.next(i, key.rep).is_empty();
        (
            land,
            land != 0 && goes_on && self.pattern.land_filter != leg.filter,
        )
    }

    /// Whether a path may end on the state's cell doing something to the piece met
    /// there (a `push`, `capture friend`, `convert` or `activate`): its last leg, its
    /// minimum reached, the `to` zones met.
    fn meets_here(&self, key: &StateKey) -> bool {
        let i = key.leg as usize;
        self.pattern.pushes()
            && key.steps >= self.pattern.legs[i].min
            && self.pattern.lands_after(i, key.rep)
            && self.pattern.to_ok(self.zones, self.side, key.cell)
    }

    /// Adds edges (entered as `entry`: mask, flags) to the state, its landing half if
    /// split, and its encounters' `PUSH` nodes, to `out`, creating them.
    fn push_with_split(&mut self, key: StateKey, entry: (u8, u8), out: &mut Vec<Edge>) {
        let (mask, flags) = entry;
        let (_, split) = self.landing(&key);
        if split {
            let landing = StateKey {
                part: Part::LANDING,
                ..key
            };
            let to = self.state(landing);
            out.push(Edge { to, mask, flags });
        }
        let to = self.state(key);
        out.push(Edge { to, mask, flags });
        if self.meets_here(&key) {
            let board = self.relative.is_none().then_some(self.board);
            let encounters = self.pattern.encounters(board, key.cell, key.heading, None);
            for e in encounters {
                let mut child = e.child;
                if self.relative.is_some() {
                    // One more step along the heading, or none.
                    let v = if e.onward {
                        key.heading
                    } else {
                        Vector { dx: 0, dy: 0 }
                    };
                    child.0 = self.heading_id(v);
                }
                let to = self.encounter(key, e.index, e.filter, child);
                out.push(Edge { to, mask, flags });
            }
        }
    }

    /// The `PUSH` node of encounter `k` on the state of `key` (kind filter `filter`),
    /// with its `PUSH_TARGET` child `(target, mask, filter)`, created if new.
    fn encounter(&mut self, key: StateKey, k: u8, filter: u8, child: (CellId, u8, u8)) -> usize {
        let key = StateKey {
            part: Part::encounter(k),
            ..key
        };
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        self.landed = true;
        let (target, mask, child_filter) = child;
        let (here, relative) = self.record_target(&key);
        let leaf = self.states.len();
        self.states.push(State {
            node: Node {
                target,
                depth: 0,
                flags: Node::PUSH_TARGET,
                mask: MASK_SHARED | relative | mask,
                filter: child_filter,
                child_count: 0,
                first_child: 0,
            },
            first: 0,
            count: 0,
        });
        let i = self.states.len();
        self.index.insert(key, i);
        self.states.push(State {
            node: Node {
                target: here,
                depth: 0,
                flags: Node::PUSH,
                mask: MASK_SHARED | relative,
                filter,
                child_count: 0,
                first_child: 0,
            },
            first: self.edges.len() as u32,
            count: 1,
        });
        self.edges.push(Edge {
            to: leaf,
            mask: 0,
            flags: 0,
        });
        i
    }

    /// The target of a state's record and its relative bit: its cell, or in a
    /// relative graph the direction of the step that reaches it.
    fn record_target(&mut self, key: &StateKey) -> (CellId, u8) {
        if self.relative.is_some() {
            (self.heading_id(key.heading), MASK_RELATIVE)
        } else {
            (key.cell, 0)
        }
    }

    /// The index of the state with `key`, created (its children found later) if new.
    fn state(&mut self, key: StateKey) -> usize {
        let i = self.states.len();
        match self.index.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => return *e.get(),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(i);
            }
        }
        let (land, split) = self.landing(&key);
        let leg = self.pattern.legs[key.leg as usize];
        let landing_only = key.part == Part::LANDING;
        let (land, filter) = match (landing_only, split) {
            (true, _) => (land, self.pattern.land_filter),
            (false, true) => (0, leg.filter),
            (false, false) if land != 0 || self.pattern.lands_after(key.leg as usize, key.rep) => {
                (land, self.pattern.land_filter)
            }
            (false, false) => (0, leg.filter),
        };
        self.landed |= land != 0;
        let (target, relative) = self.record_target(&key);
        self.states.push(State {
            node: Node {
                target,
                depth: 0,
                flags: land,
                mask: MASK_SHARED | relative,
                filter,
                child_count: 0,
                first_child: 0,
            },
            first: 0,
            count: 0,
        });
        if !landing_only {
            self.todo.push((i, key));
        }
        i
    }

    /// Finds the children of every state still to do (and of the states they create),
    /// stopping once the states and edges pass `budget` or at `deadline`.
    fn drain(&mut self, budget: usize, deadline: Option<Instant>) -> Result<(), GraphStop> {
        let mut out = Vec::new();
        while let Some((i, key)) = self.todo.pop() {
            if self.states.len() + self.edges.len() > budget {
                return Err(GraphStop::Grown);
            }
            if i % 1024 == 1023 && deadline.is_some_and(|d| Instant::now() > d) {
                return Err(GraphStop::Late);
            }
            out.clear();
            self.children(&key, &mut out);
            self.states[i].first = self.edges.len() as u32;
            self.states[i].count = out.len() as u32;
            self.edges.extend_from_slice(&out);
        }
        if self.states.len() + self.edges.len() > budget {
            return Err(GraphStop::Grown);
        }
        Ok(())
    }

    /// The `cell` of a state one step of `v` on from `cell`: the board's step, or in a
    /// relative graph one more cell on the path, within the bound.
    fn next_cell(&self, cell: CellId, v: Vector) -> Option<CellId> {
        match self.relative {
            Some(most) => (cell.0 < most).then_some(CellId(cell.0 + 1)),
            None => self.board.step(cell, v),
        }
    }

    /// The children of a state, in the order the unrolled expansion gives them: the
    /// first nodes of the legs that may follow, then the next step of this leg.
    fn children(&mut self, key: &StateKey, out: &mut Vec<Edge>) {
        let i = key.leg as usize;
        let leg = self.pattern.legs[i];
        if key.steps >= leg.min {
            let hop = leg.hop_classes();
            let captured = leg.via.has(ViaBits::FOE_CAPTURED);
            for (j, rep) in self.pattern.next(i, key.rep) {
                let dirs = self.pattern.legs[j].dirs;
                let before = Some(key.before).filter(|&b| b != NO_HEADING);
                let from = heading_for(dirs, Some(key.heading), before);
                let ws = self
                    .vectors
                    .get(self.program, self.board, self.side, dirs, from);
                for w in ws {
                    let Some(cell) = self.next_cell(key.cell, w) else {
                        continue;
                    };
                    let k = self.key(j, rep, cell, (w, key.heading), 1);
                    // The walk bounds a momentum leg by the path's depth.
                    let momentum = if self.pattern.legs[j].momentum {
                        MASK_MOMENTUM
                    } else {
                        0
                    };
                    // A step condition: the step hangs from a probe of its cell.
                    let cond = self.probe_of(j, key.cell, w, key.heading);
                    if hop != 0 {
                        let entry = (hop | momentum, Node::NEW_LEG);
                        match cond {
                            Some(None) => {}
                            Some(Some(c)) => {
                                let p = self.probe(k, key.cell, key.heading, false, c, entry);
                                out.push(Edge {
                                    to: p,
                                    mask: hop,
                                    flags: 0,
                                });
                            }
                            None => self.push_with_split(k, entry, out),
                        }
                    }
                    if captured {
                        let edge = Node::NEW_LEG | Node::CAPTURE_PREV;
                        let entry = (CLASS_FOE | momentum, edge);
                        match cond {
                            Some(None) => {}
                            Some(Some(c)) => {
                                let p = self.probe(k, key.cell, key.heading, true, c, entry);
                                out.push(Edge {
                                    to: p,
                                    mask: CLASS_FOE,
                                    flags: 0,
                                });
                            }
                            None => self.push_with_split(k, entry, out),
                        }
                    }
                }
            }
        }
        if leg.max == 0 || key.steps < leg.max {
            if let Some(cell) = self.next_cell(key.cell, key.heading) {
                let k = self.key(i, key.rep, cell, (key.heading, key.before), key.steps + 1);
                self.push_with_split(k, (CLASS_EMPTY, 0), out);
            }
        }
    }
}

#[cfg(test)]
mod tests;
