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
//! as blocks in the table's [`BlockPool`] ([`super::pool`]), and gives each start cell its roots: plain root nodes whose children are
//! the blocks of their states. The choice of which patterns are shared is
//! [`super::link`]'s.

use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

use super::super::layout::{Node, CLASS_EMPTY, CLASS_FOE, MASK_SHARED};
use super::expand::PatternView;
use super::pool::BlockPool;
use super::vectors::VectorCache;
use super::ZoneMaps;
use crate::compile::{MoveProgram, ViaBits};
use crate::ids::{CellId, Side};
use crate::ir::Vector;
use crate::topology::Board;

/// Whether a pattern may be linked as shared continuations: more than one leg (or a
/// `repeat`), and nothing the walk could not decide from a shared node: no `pass` (the
/// walk ends a path back home only after a capture), no `en passant` (its landing
/// needs the path's length), no `push` (nor `swap`, `capture friend`, `convert`,
/// `activate`), no mark (`sets`, `keeps`, `burn`, `explode`: shared blocks carry
/// no `MASK_MARK`).
pub(super) fn eligible(v: &PatternView) -> bool {
    (v.legs.len() > 1 || v.repeat.is_some())
        && !v.pass
        && v.land_flags == 0
        && !v.pushes()
        && v.mark == 0
}

/// Whether a single-leg pattern may be linked as shared continuations (a ride of a
/// piece walked forward anyway: [`super::link`] decides): one leg, no `repeat`, and
/// none of what [`eligible`] excludes (a `swap`, `capture friend`, `convert` or
/// `activate` too: shared blocks have no `PUSH` nodes, so their meets would be lost).
pub(super) fn eligible_ride(v: &PatternView) -> bool {
    v.legs.len() == 1
        && v.repeat.is_none()
        && !v.pass
        && v.land_flags == 0
        && !v.pushes()
        && v.mark == 0
}

/// What a node's children depend on. How the node is entered (the mask and flags of
/// the edge that reaches it) is the edge's: see [`Edge`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StateKey {
    leg: u16,
    rep: u16,
    cell: CellId,
    heading: Vector,
    /// Steps taken on this leg (capped at the leg's minimum when it has no maximum).
    steps: u16,
    /// The landing half of a node that both lands and hands over with different kind
    /// filters (it has no children).
    landing_only: bool,
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
        h.write_u32(u32::from(self.rep) | u32::from(self.landing_only) << 16);
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
    pub(super) fn build(
        program: &'a MoveProgram,
        board: &'a Board,
        zones: &'a ZoneMaps,
        side: Side,
        pattern: &'a PatternView,
        budget: usize,
    ) -> SharedGraph<'a> {
        let g = SharedGraph::build_as(program, board, zones, side, pattern, budget, true);
        if !g.has_cycle() {
            return g;
        }
        SharedGraph::build_as(program, board, zones, side, pattern, budget, false)
    }

    /// The states in an order where every state comes after its children (the graph
    /// is acyclic: [`SharedGraph::build`] made sure).
    fn post_order(&self) -> Vec<usize> {
        let n = self.states.len();
        let mut done = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for start in 0..n {
            if done[start] {
                continue;
            }
            done[start] = true;
            let mut stack = vec![(start, 0usize)];
            while let Some(&mut (s, ref mut k)) = stack.last_mut() {
                if let Some(&Edge { to: c, .. }) = self.children_of(s).get(*k) {
                    *k += 1;
                    if !done[c] {
                        done[c] = true;
                        stack.push((c, 0));
                    }
                } else {
                    order.push(s);
                    stack.pop();
                }
            }
        }
        order
    }

    /// Whether some state leads round to itself.
    fn has_cycle(&self) -> bool {
        // 0 unseen, 1 on the current path, 2 done.
        let mut mark = vec![0u8; self.states.len()];
        for start in 0..self.states.len() {
            if mark[start] != 0 {
                continue;
            }
            let mut stack = vec![(start, 0usize)];
            mark[start] = 1;
            while let Some(&mut (s, ref mut k)) = stack.last_mut() {
                if let Some(&Edge { to: c, .. }) = self.children_of(s).get(*k) {
                    *k += 1;
                    match mark[c] {
                        0 => {
                            mark[c] = 1;
                            stack.push((c, 0));
                        }
                        1 => return true,
                        _ => {}
                    }
                } else {
                    mark[s] = 2;
                    stack.pop();
                }
            }
        }
        false
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
    ) -> SharedGraph<'a> {
        let mut g = SharedGraph {
            compact,
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
        for from in board.cells() {
            if !pattern.applies_from(zones, side, from) {
                continue;
            }
            let leg = pattern.legs[0];
            let mut roots = Vec::new();
            for v in g.vectors.get(program, board, side, leg.dirs, None) {
                let Some(cell) = board.step(from, v) else {
                    continue;
                };
                let key = g.key(0, 0, cell, v, 1);
                g.push_with_split(key, (CLASS_EMPTY, 0), &mut roots);
            }
            g.roots[from.index()] = roots;
            g.drain(budget);
            if g.states.len() > budget {
                break;
            }
        }
        g
    }

    /// The edges out of state `s`.
    fn children_of(&self, s: usize) -> &[Edge] {
        let st = &self.states[s];
        &self.edges[st.first as usize..(st.first + st.count) as usize]
    }

    /// The second side's graph as the mirror image of this one, the first side's: every
    /// state's cell mirrored by `map`, each start cell given its mirror cell's roots.
    /// Valid where the board and zones look the same to both sides
    /// ([`super::mirror::cell_mirror`]) and the pattern is both sides' (no `for`): the
    /// second side's vectors are the first side's mirrored, so its states are these.
    pub(super) fn mirrored(&self, map: &[CellId]) -> SharedGraph<'a> {
        let states = self
            .states
            .iter()
            .map(|s| State {
                node: Node {
                    target: map[s.node.target.index()],
                    ..s.node
                },
                ..*s
            })
            .collect();
        SharedGraph {
            side: Side::Second,
            index: FxHashMap::default(),
            states,
            edges: self.edges.clone(),
            vectors: VectorCache::default(),
            todo: Vec::new(),
            roots: map.iter().map(|m| self.roots[m.index()].clone()).collect(),
            ..*self
        }
    }

    /// The number of states so far.
    pub(super) fn len(&self) -> usize {
        self.states.len()
    }

    /// The key of a state.
    fn key(&self, leg: usize, rep: u16, cell: CellId, heading: Vector, steps: u16) -> StateKey {
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
            steps,
            landing_only: false,
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

    /// Adds edges (entered as `entry`: mask, flags) to the state and its landing half,
    /// if split, to `out`, creating them.
    fn push_with_split(&mut self, key: StateKey, entry: (u8, u8), out: &mut Vec<Edge>) {
        let (mask, flags) = entry;
        let (_, split) = self.landing(&key);
        if split {
            let landing = StateKey {
                landing_only: true,
                ..key
            };
            let to = self.state(landing);
            out.push(Edge { to, mask, flags });
        }
        let to = self.state(key);
        out.push(Edge { to, mask, flags });
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
        let (land, filter) = match (key.landing_only, split) {
            (true, _) => (land, self.pattern.land_filter),
            (false, true) => (0, leg.filter),
            (false, false) if land != 0 || self.pattern.lands_after(key.leg as usize, key.rep) => {
                (land, self.pattern.land_filter)
            }
            (false, false) => (0, leg.filter),
        };
        self.landed |= land != 0;
        self.states.push(State {
            node: Node {
                target: key.cell,
                depth: 0,
                flags: land,
                mask: MASK_SHARED,
                filter,
                child_count: 0,
                first_child: 0,
            },
            first: 0,
            count: 0,
        });
        if !key.landing_only {
            self.todo.push((i, key));
        }
        i
    }

    /// Finds the children of every state still to do (and of the states they create).
    fn drain(&mut self, budget: usize) {
        let mut out = Vec::new();
        while let Some((i, key)) = self.todo.pop() {
            if self.states.len() > budget {
                return;
            }
            out.clear();
            self.children(&key, &mut out);
            self.states[i].first = self.edges.len() as u32;
            self.states[i].count = out.len() as u32;
            self.edges.extend_from_slice(&out);
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
                let ws =
                    self.vectors
                        .get(self.program, self.board, self.side, dirs, Some(key.heading));
                for w in ws {
                    let Some(cell) = self.board.step(key.cell, w) else {
                        continue;
                    };
                    let k = self.key(j, rep, cell, w, 1);
                    if hop != 0 {
                        self.push_with_split(k, (hop, Node::NEW_LEG), out);
                    }
                    if captured {
                        let edge = Node::NEW_LEG | Node::CAPTURE_PREV;
                        self.push_with_split(k, (CLASS_FOE, edge), out);
                    }
                }
            }
        }
        if leg.max == 0 || key.steps < leg.max {
            if let Some(cell) = self.board.step(key.cell, key.heading) {
                let k = self.key(i, key.rep, cell, key.heading, key.steps + 1);
                self.push_with_split(k, (CLASS_EMPTY, 0), out);
            }
        }
    }

    /// Lays the states out as blocks in `pool`: a block holds a copy of each child's
    /// node pointing at the child's own block. Blocks are hash-consed bottom-up, across
    /// every pattern and side laid out in the same pool: states whose records are equal
    /// (the same node, pointing at the same block) are one record, and children lists
    /// holding the same records (in any order) are one block. So states that differ
    /// only in how they were entered (a ride step or a hop) or in a heading their
    /// future does not depend on (a leap followed by an absolute leg) share their
    /// block, and so do the two sides of a pattern that looks the same to both (a
    /// queen's ride: the second side's directions are the first side's, mirrored, in
    /// another order). Returns, per start cell, its roots: plain copies of their
    /// states' nodes (depth 0, mask 0, `INITIAL` for an `initial` pattern).
    pub(super) fn lay_out(&self, pool: &mut BlockPool) -> Vec<Vec<Node>> {
        let order = self.post_order();
        // Per state: its block (id + 1, or 0 without children).
        let mut block_of = vec![0u32; self.states.len()];
        let mut list: Vec<u32> = Vec::new();
        for &i in &order {
            let s = &self.states[i];
            if s.count == 0 {
                continue;
            }
            list.clear();
            for e in self.children_of(i) {
                let r = pool.record(self.edge_node(e), block_of[e.to]);
                list.push(r);
            }
            block_of[i] = pool.block(&list) + 1;
        }
        let initial = if self.pattern.initial {
            Node::INITIAL
        } else {
            0
        };
        self.roots
            .iter()
            .map(|edges| {
                edges
                    .iter()
                    .map(|e| {
                        let r = pool.record(self.edge_node(e), block_of[e.to]);
                        let n = pool.node(r);
                        Node {
                            mask: 0,
                            flags: (n.flags & (Node::LAND_EMPTY | Node::LAND_FOE)) | initial,
                            ..n
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The record of an edge: its state's node with the edge's mask and flags.
    fn edge_node(&self, e: &Edge) -> Node {
        let base = self.states[e.to].node;
        Node {
            flags: base.flags | e.flags,
            mask: base.mask | e.mask,
            ..base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks laid out into one pool by each side in turn: (after the first side, after
    /// both).
    fn pool_sizes(piece: &str) -> (usize, usize) {
        let src = format!(
            "game \"g\"\nboard square 12x12\nroyal King\npiece King (K) {{ step any }}\n{piece}\n"
        );
        let (set, d) = crate::pipeline::check(&src, None);
        let set = set.unwrap_or_else(|| panic!("{d:?}"));
        let program = crate::compile::compile(&set);
        let board = Board::from_spec(&program.board).unwrap();
        let zones = super::super::zone_maps(&program, &board);
        let pattern = super::super::expand::view(program.pattern_ops(1));
        let mut pool = BlockPool::new(0);
        let mut sizes = Vec::new();
        for side in Side::BOTH {
            let g = SharedGraph::build(&program, &board, &zones, side, &pattern, usize::MAX);
            g.lay_out(&mut pool);
            sizes.push(pool.len());
        }
        (sizes[0], sizes[1])
    }

    #[test]
    fn the_second_side_reuses_the_blocks_of_a_pattern_symmetric_top_to_bottom() {
        // Mirrored, the orthogonal hook is itself (in another direction order): the
        // second side adds no block.
        let (first, both) = pool_sizes("piece Hook (H) { ride orthogonal then ride turn ±90 }");
        assert!(first > 0);
        assert_eq!(both, first);
        // Forward is the other way for the second side: its first leg needs blocks
        // of its own (the turned legs, east and west, are shared).
        let (first, both) = pool_sizes("piece Hook (H) { ride forward then ride turn ±90 }");
        assert!(both > first, "{first} then {both}");
    }
}
