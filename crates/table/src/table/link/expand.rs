//! expand: one pattern from one start cell → nodes of the piece's trie.
//!
//! Owns the reading of a pattern's ops ([`PatternView`]) and the walk of its legs over
//! the board's coordinates: edges and holes end a leg here, zone conditions decide the
//! landing rights, the second side's vectors and turns are mirrored, and a `push`
//! landing adds its `PUSH` node. It does not merge or lay out nodes ([`super::trie`]) nor
//! decide limits beyond the budget and depth it is given ([`super::link`]).

use super::super::layout::{
    Node, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, CLASS_OTHER, MARK_SHIFT, MAX_DEPTH, MEET_ACTIVATE,
    MEET_CAPTURE, MEET_CONVERT,
};
use super::trie::{Attach, NodeKey, Trie};
use super::vectors::{heading_for, VectorCache, Vectors};
use super::{LinkConfig, ZoneMaps};
use crate::compile::{CondRange, Dirs, MeetAction, MeetOp, MoveProgram, Op, PushOp, ViaBits};
use crate::ids::{CellId, Side};
use crate::ir::{StepCond, Vector};
use crate::topology::Board;
use smallvec::SmallVec;

/// One thing a path may do to the piece it ends on ([`PatternView::encounters`]): a
/// `PUSH` node and its one `PUSH_TARGET` child.
#[derive(Clone, Copy)]
pub(super) struct Encounter {
    /// Its index among the pattern's encounters (`push` first, then each meet).
    pub(super) index: u8,
    /// The kind filter of its `PUSH` node.
    pub(super) filter: u8,
    /// Its `PUSH_TARGET` child: target cell, mask, filter.
    pub(super) child: (CellId, u8, u8),
    /// The target is one more step along the path's last vector (a push), not the
    /// cell met itself (a friend capture, conversion or activation).
    pub(super) onward: bool,
}

/// A leg as the expander reads it from the ops.
#[derive(Clone, Copy)]
pub(super) struct LegOp {
    pub(super) dirs: Dirs,
    pub(super) min: u16,
    pub(super) max: u16,
    /// `up to momentum`: `max` is the steps the path took before the leg.
    pub(super) momentum: bool,
    pub(super) via: ViaBits,
    pub(super) filter: u8,
    /// Its step conditions (`DIR if AT CLASS`): a range of [`MoveProgram::conds`].
    pub(super) conds: CondRange,
}

impl LegOp {
    /// The classes of the junction cell that let the next leg start there without
    /// capturing (`via empty`, `friend`, `foe`, `piece`).
    pub(super) fn hop_classes(&self) -> u8 {
        let via = self.via;
        (if via.has(ViaBits::EMPTY) {
            CLASS_EMPTY
        } else {
            0
        }) | (if via.has(ViaBits::FRIEND) {
            CLASS_FRIEND
        } else {
            0
        }) | (if via.has(ViaBits::FOE) { CLASS_FOE } else { 0 })
    }
}

/// Why an expansion stopped short: a path past one of [`LinkConfig`]'s limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fault {
    /// A path longer than `max_path` cells.
    PathTooLong,
    /// A path capturing this many pieces in passing, more than `max_passing`.
    TooManyPassing(usize),
    /// An `en passant` landing passing this many cells, more than `max_ep_cells`.
    EnPassantTooLong(usize),
    /// Linking's deadline passed during the expansion (`link-ms`, E0803).
    Late,
}

/// Expands one pattern from one start cell into the trie.
pub(super) struct Expander<'a> {
    pub(super) program: &'a MoveProgram,
    pub(super) board: &'a Board,
    /// The zone maps of [`super::link`], indexed `[zone][side][cell]`.
    pub(super) zones: &'a ZoneMaps,
    /// The side whose moves are expanded (the second side's are mirrored).
    pub(super) side: Side,
    pub(super) tree: &'a mut Trie,
    /// Set when some node got a landing right or a push: the pattern produces a move.
    pub(super) landed: bool,
    /// Set when a path went past a limit of `config`; expansion stops.
    pub(super) fault: Option<Fault>,
    /// Nodes the table may still grow by; expansion stops when the trie reaches it.
    pub(super) budget: usize,
    /// The limits on one path.
    pub(super) config: &'a LinkConfig,
    /// The cells of the path being expanded, its start cell first: a path does not
    /// pass a cell twice.
    pub(super) path: Vec<CellId>,
    /// Where in `path` the cells a step may not enter again begin: 0, or after an
    /// `up to momentum` leg began, the cells from its start on (a diverged piece moves
    /// "as if starting a new ply": it may cross the cells it came by, its start cell
    /// among them, which then counts as any empty cell).
    pub(super) fresh: usize,
    /// The most steps the path may take: unbounded (`usize::MAX`) until an `up to
    /// momentum` leg, then twice the steps before it (the momentum it had, spent by
    /// every step after), or less after a second one.
    pub(super) limit: usize,
    /// The pieces the path being expanded captures in passing.
    pub(super) passing: usize,
    /// Their cells (a momentum leg may cross the path's earlier cells, not these).
    pub(super) captured: Vec<CellId>,
    /// Leg vectors found so far (kept across expansions).
    pub(super) vectors: &'a mut VectorCache,
    /// When linking must stop ([`Fault::Late`]), checked every few thousand steps.
    pub(super) deadline: Option<std::time::Instant>,
    /// Steps taken, for the deadline's checks.
    pub(super) steps: u32,
}

/// A pattern's ops read once: its legs, where it may land and its zone conditions.
pub(super) struct PatternView {
    pub(super) initial: bool,
    /// The `near` condition's code (0: none).
    pub(super) near: u8,
    /// `for first` / `for second`: the only side it applies to.
    pub(super) side: Option<Side>,
    /// `pass`: a null move back to the start cell is a move.
    pub(super) pass: bool,
    pub(super) legs: Vec<LegOp>,
    pub(super) land_empty: bool,
    pub(super) land_foe: bool,
    pub(super) land_filter: u8,
    /// `Node::EN_PASSANT` if the pattern is marked `en passant`, else 0.
    pub(super) land_flags: u8,
    /// `push ...`: the last leg may also end on a piece it pushes one step onward.
    pub(super) push: Option<PushOp>,
    /// `swap`, `capture friend`, `convert`: more ways to end on a piece.
    pub(super) meets: Vec<MeetOp>,
    /// The pattern's mark as table mask bits (`MASK_MARK`; 0 for none).
    pub(super) mark: u8,
    /// `to` zone conditions: (zone, whether the landing cell must be inside).
    pub(super) to: Vec<(usize, bool)>,
    /// `from` zone conditions: (zone, whether the start cell must be inside).
    pub(super) from: Vec<(usize, bool)>,
    /// `repeat`: (first leg, last leg, min, max; max 0 = until blocked).
    pub(super) repeat: Option<(usize, usize, u16, u16)>,
    /// Some step condition asks for the edge ([`edge_conds`]; set by the linker).
    pub(super) edge_conds: bool,
}

/// Whether some step condition of `v`'s legs asks for the board's edge (`if AT edge`).
pub(super) fn edge_conds(program: &MoveProgram, v: &PatternView) -> bool {
    v.legs.iter().any(|l| {
        let r = l.conds.start as usize..l.conds.start as usize + l.conds.len as usize;
        program.conds[r]
            .iter()
            .any(|c| c.classes & StepCond::EDGE != 0)
    })
}

/// Reads a pattern's ops into a [`PatternView`].
pub(super) fn view(ops: &[Op]) -> PatternView {
    let mut v = PatternView {
        initial: false,
        near: 0,
        side: None,
        pass: false,
        repeat: None,
        legs: Vec::new(),
        land_empty: false,
        land_foe: false,
        land_filter: 0,
        land_flags: 0,
        push: None,
        meets: Vec::new(),
        mark: 0,
        to: Vec::new(),
        from: Vec::new(),
        edge_conds: false,
    };
    for op in ops {
        match *op {
            Op::Initial => v.initial = true,
            Op::Near(code) => v.near = code,
            Op::ForSide(s) => v.side = Some(s),
            Op::Pass => v.pass = true,
            Op::Repeat {
                first,
                len,
                min,
                max,
            } => {
                let first = usize::from(first);
                v.repeat = Some((first, first + usize::from(len).max(1) - 1, min, max));
            }
            Op::FromZone { zone, inside } => v.from.push((zone.index(), inside)),
            Op::Leg {
                dirs,
                min,
                max,
                momentum,
                via,
                filter,
                conds,
            } => v.legs.push(LegOp {
                dirs,
                min,
                max,
                momentum,
                via,
                filter: filter.0,
                conds,
            }),
            Op::Land {
                empty,
                foe,
                filter,
                en_passant,
                push,
            } => {
                v.push = push;
                v.land_empty = empty;
                v.land_foe = foe;
                v.land_filter = filter.0;
                v.land_flags = if en_passant { Node::EN_PASSANT } else { 0 };
            }
            Op::ToZone { zone, inside } => v.to.push((zone.index(), inside)),
            Op::Meet(m) => v.meets.push(m),
            Op::Mark(n) => v.mark = n << MARK_SHIFT,
            Op::End => {}
        }
    }
    v
}

/// A leg's vectors from `node` of a graph board whose headings follow the links: its
/// words for every link or diagonal become one heading per link or diagonal of the node.
pub(super) fn at_node(board: &Board, node: CellId, vectors: &Vectors) -> Vectors {
    let mut heads = Vec::new();
    for &v in vectors {
        board.headings_at(node, v, &mut heads);
    }
    let mut out = Vectors::new();
    for h in heads {
        if !out.contains(&h) {
            out.push(h);
        }
    }
    out
}

impl Expander<'_> {
    fn zone_has(&self, zone: usize, cell: CellId) -> bool {
        self.zones
            .get(zone)
            .is_some_and(|m| m[self.side.index()][cell.index()])
    }

    /// Expands the pattern `v` from the start cell `from` into the trie.
    pub(super) fn pattern(&mut self, v: &PatternView, from: CellId) {
        if !v.applies_from(self.zones, self.side, from) {
            return;
        }
        self.path.clear();
        self.path.push(from);
        self.passing = 0;
        self.captured.clear();
        self.fresh = 0;
        self.limit = usize::MAX;
        let start = Attach {
            parent: None,
            mask: crate::table::layout::near_mask(v.near),
            flags: if v.initial { Node::INITIAL } else { 0 },
        };
        self.leg(v, 0, 0, from, (None, None), start, 0);
    }

    /// A `PUSH` node on `cell` (kind filter `filter`) with one `PUSH_TARGET` child
    /// `(target, mask, filter)`.
    #[inline(never)]
    fn encounter(
        &mut self,
        filter: u8,
        at: Attach,
        cell: CellId,
        depth: u8,
        child: (CellId, u8, u8),
    ) {
        if depth as usize + 1 >= self.config.max_path {
            self.fault = Some(Fault::PathTooLong);
            return;
        }
        let key = NodeKey {
            target: cell,
            depth,
            flags: at.flags | Node::PUSH,
            mask: at.mask,
            filter,
            block: (0, 0),
        };
        let node = self.tree.add(at, key, 0);
        let (target, mask, filter) = child;
        let attach = Attach {
            parent: Some(node),
            mask,
            flags: Node::PUSH_TARGET,
        };
        let key = NodeKey {
            target,
            depth: depth + 1,
            flags: Node::PUSH_TARGET,
            mask,
            filter,
            block: (0, 0),
        };
        self.tree.add(attach, key, 0);
        self.landed = true;
    }

    /// Walks leg `i` of `pattern` from `start` (`headings`: the directions the previous
    /// leg and the one before it moved in, for turns and `alternate`), hanging its
    /// nodes from `attach`; `depth` counts the cells before this leg.
    ///
    /// Whole-path rules are applied here, where the path is known: a step onto a cell
    /// the path already holds ends that direction, except a landing back on the start
    /// cell, which is a move only if the path captured in passing (the Lion's igui) or
    /// the pattern is declared `pass`; nothing continues from it.
    #[allow(clippy::too_many_arguments)] // the expansion state of one leg, passed down
    fn leg(
        &mut self,
        pattern: &PatternView,
        i: usize,
        rep: u16,
        start: CellId,
        (heading, before): (Option<Vector>, Option<Vector>),
        attach: Attach,
        depth: usize,
    ) {
        let leg = pattern.legs[i];
        let last = pattern.lands_after(i, rep);
        let next = pattern.next(i, rep);
        let mut vectors = self.vectors.get(
            self.program,
            self.board,
            self.side,
            leg.dirs,
            heading_for(leg.dirs, heading, before),
        );
        if self.board.follows_links() {
            // Every link (or diagonal) of the start node, each its own heading.
            vectors = at_node(self.board, start, &vectors);
        }
        let base = self.path.len();
        // Momentum: the steps taken before this leg (a leap is one step) bound the
        // steps of this leg and all after it; a later divergence spends what is left.
        let (fresh, limit) = (self.fresh, self.limit);
        if leg.momentum {
            self.fresh = base;
            self.limit = self.limit.min(depth * 2);
        }
        let conds = self.conds(leg, start, heading, before);
        for mut v in vectors {
            self.path.truncate(base);
            let mut pos = start;
            let mut at = attach;
            // A step condition on this direction: a probe node looks at its cell,
            // and the leg's first step hangs from it (`None`: the condition fails
            // here whatever the board holds).
            if let Some(&(_, probe)) = conds.iter().find(|(c, _)| c.contains(&v)) {
                match probe {
                    Probe::Never => continue,
                    Probe::Always => {}
                    Probe::Cell(cell, filter, classes) => {
                        if self.tree.len() >= self.budget {
                            return;
                        }
                        let key = NodeKey {
                            target: cell,
                            depth: depth as u8,
                            flags: (at.flags & Node::INITIAL) | Node::PROBE,
                            mask: at.mask,
                            filter,
                            block: (0, 0),
                        };
                        let node = self.tree.add(at, key, 0);
                        at = Attach {
                            parent: Some(node),
                            mask: classes,
                            flags: at.flags & !Node::INITIAL,
                        };
                    }
                }
            }
            let mut steps: u16 = 0;
            loop {
                if leg.max != 0 && steps >= leg.max {
                    break;
                }
                if depth + steps as usize >= self.limit {
                    break;
                }
                steps += 1;
                // The heading goes on from the link taken (on most boards, `v` itself).
                let Some((cell, on)) = self.board.advance(pos, v) else {
                    break;
                };
                pos = cell;
                v = on;
                if self.tree.len() >= self.budget {
                    return;
                }
                self.steps = self.steps.wrapping_add(1);
                if self.steps % 4096 == 0
                    && self.deadline.is_some_and(|d| std::time::Instant::now() > d)
                {
                    self.fault = Some(Fault::Late);
                    return;
                }
                if depth + (steps as usize) > self.config.max_path {
                    self.fault = Some(Fault::PathTooLong);
                    return;
                }
                let reached = steps >= leg.min;
                // A momentum leg crosses the cells before it, but never one whose
                // piece the path captured in passing.
                let revisit = self.path[self.fresh..].contains(&cell)
                    || (self.fresh > 0 && self.captured.contains(&cell));
                let home = revisit && cell == self.path[0];
                if revisit && !(home && last && reached) {
                    break;
                }
                let mut land = 0;
                let mut encounters = false;
                if last && reached {
                    let to_ok = pattern
                        .to
                        .iter()
                        .all(|&(z, inside)| self.zone_has(z, cell) == inside);
                    if to_ok && pattern.land_empty {
                        land |= Node::LAND_EMPTY;
                    }
                    if to_ok && pattern.land_foe {
                        land |= Node::LAND_FOE;
                    }
                    encounters = to_ok && !home && pattern.pushes();
                }
                if home && self.passing == 0 && !pattern.pass {
                    // A null move: back where it started, nothing captured.
                    land = 0;
                }
                if home && land == 0 {
                    break;
                }
                if land != 0 {
                    self.landed = true;
                    land |= pattern.land_flags;
                    if pattern.land_flags & Node::EN_PASSANT != 0
                        && depth + steps as usize - 1 > self.config.max_ep_cells
                    {
                        self.fault = Some(Fault::EnPassantTooLong(depth + steps as usize - 1));
                        return;
                    }
                }
                // A node both ends a path and hands over (a `repeat` group ending the
                // pattern) with different kind filters for the two: the landing gets a
                // node of its own beside the one the path goes on from.
                let split = land != 0 && !next.is_empty() && pattern.land_filter != leg.filter;
                let filter = if last && !split {
                    pattern.land_filter
                } else {
                    leg.filter
                };
                // The new node's depth: the cells before it on the path.
                let node_depth = (depth + steps as usize - 1) as u8;
                let key = NodeKey {
                    target: cell,
                    depth: node_depth,
                    flags: at.flags,
                    mask: at.mask,
                    filter,
                    block: (0, 0),
                };
                if split {
                    let landing = NodeKey {
                        filter: pattern.land_filter,
                        ..key
                    };
                    self.tree.add(at, landing, land);
                    land = 0;
                }
                let node = self.tree.add(at, key, land);
                if home {
                    // The path is back on its start cell: it ends here.
                    break;
                }
                self.path.push(cell);
                if encounters {
                    let start = self.path[0];
                    for e in pattern.encounters(Some(self.board), cell, v, Some(start)) {
                        self.encounter(e.filter, at, cell, node_depth, e.child);
                    }
                    if self.fault.is_some() {
                        return;
                    }
                }
                if reached && !next.is_empty() {
                    let next_depth = depth + steps as usize;
                    let hop = leg.hop_classes();
                    if hop != 0 {
                        let hop_attach = Attach {
                            parent: Some(node),
                            mask: hop,
                            flags: Node::NEW_LEG,
                        };
                        for &(j, r) in &next {
                            let headings = (Some(v), heading);
                            self.leg(pattern, j, r, pos, headings, hop_attach, next_depth);
                        }
                    }
                    if leg.via.has(ViaBits::FOE_CAPTURED) {
                        let capture_attach = Attach {
                            parent: Some(node),
                            mask: CLASS_FOE,
                            flags: Node::NEW_LEG | Node::CAPTURE_PREV,
                        };
                        self.passing += 1;
                        if self.passing > self.config.max_passing {
                            self.fault = Some(Fault::TooManyPassing(self.passing));
                            return;
                        }
                        self.captured.push(pos);
                        for &(j, r) in &next {
                            let headings = (Some(v), heading);
                            self.leg(pattern, j, r, pos, headings, capture_attach, next_depth);
                        }
                        self.captured.pop();
                        self.passing -= 1;
                    }
                    if self.fault.is_some() {
                        return;
                    }
                }
                at = Attach {
                    parent: Some(node),
                    mask: CLASS_EMPTY,
                    flags: 0,
                };
            }
        }
        self.path.truncate(base);
        (self.fresh, self.limit) = (fresh, limit);
    }
}

/// What a step condition asks of the board from one start cell ([`Expander::conds`]).
#[derive(Clone, Copy)]
pub(super) enum Probe {
    /// The cell looked at is off the board and the condition asks for none (`edge`).
    Always,
    /// The cell looked at is off the board, and the condition asks for a cell.
    Never,
    /// Look at this cell with this kind filter: the step follows on these classes
    /// (table class bits, [`CLASS_OTHER`] for a piece the filter refuses).
    Cell(CellId, u8, u8),
}

impl Expander<'_> {
    /// The step conditions of `leg` from `start` (after `heading`, and `before` it):
    /// per condition, the vectors it applies to and what it asks.
    fn conds(
        &mut self,
        leg: LegOp,
        start: CellId,
        heading: Option<Vector>,
        before: Option<Vector>,
    ) -> SmallVec<[(Vectors, Probe); 2]> {
        let mut out = SmallVec::new();
        let range = leg.conds.start as usize..leg.conds.start as usize + leg.conds.len as usize;
        for c in &self.program.conds[range] {
            let side = self.side;
            let dirs = self.vectors.get(
                self.program,
                self.board,
                side,
                c.dirs,
                heading_for(c.dirs, heading, before),
            );
            let at = self.vectors.get(
                self.program,
                self.board,
                side,
                c.at,
                heading_for(c.at, heading, before),
            );
            let probe = match at.first().and_then(|&a| self.board.step(start, a)) {
                None if c.classes & StepCond::EDGE != 0 => Probe::Always,
                None => Probe::Never,
                Some(cell) => {
                    let mut classes = c.classes & (CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE);
                    if c.classes & StepCond::OTHER != 0 {
                        classes |= CLASS_OTHER;
                    }
                    if classes == 0 {
                        Probe::Never
                    } else {
                        Probe::Cell(cell, c.filter.0, classes)
                    }
                }
            };
            out.push((dirs, probe));
        }
        out
    }
}

impl PatternView {
    /// Whether some step condition asks for the board's edge (`if AT edge`): decided
    /// where the pattern is unrolled (a relative shared block holds no cell to ask).
    pub(super) fn probes_edge(&self) -> bool {
        self.edge_conds
    }

    /// Whether a leg repeats the vector of the leg two legs back (`alternate`): its
    /// continuations depend on two headings, so it is linked unrolled.
    pub(super) fn alternates(&self) -> bool {
        self.legs.iter().any(|l| l.dirs == Dirs::Alternate)
    }

    /// Whether a path may end after leg `i` in repetition `rep` of the group (if `i` is
    /// in it): `i` is the last leg, and the group, if it ends the pattern, has been
    /// walked at least its minimum number of times.
    pub(super) fn lands_after(&self, i: usize, rep: u16) -> bool {
        if i + 1 != self.legs.len() {
            return false;
        }
        match self.repeat {
            Some((first, last, min, _)) if (first..=last).contains(&i) => rep + 1 >= min,
            _ => true,
        }
    }

    /// The legs that may follow leg `i` in repetition `rep`, each with its repetition:
    /// the next leg, or at the group's end the group's first leg again (while under its
    /// maximum) and the leg after the group (once at its minimum).
    pub(super) fn next(&self, i: usize, rep: u16) -> NextLegs {
        let mut out = NextLegs::new();
        match self.repeat {
            Some((first, last, min, max)) if i == last => {
                // Until blocked: every repetition takes a step onto a new cell, so no
                // path (at most MAX_DEPTH cells) repeats more often than that.
                let most = if max == 0 { MAX_DEPTH as u16 } else { max };
                if rep + 1 < most {
                    out.push((first, rep + 1));
                }
                if rep + 1 >= min && i + 1 < self.legs.len() {
                    out.push((i + 1, 0));
                }
            }
            _ if i + 1 < self.legs.len() => out.push((i + 1, rep)),
            _ => {}
        }
        out
    }

    /// Whether the pattern applies from `from` for `side`: it has legs and its `from`
    /// zone conditions hold there.
    pub(super) fn applies_from(&self, zones: &ZoneMaps, side: Side, from: CellId) -> bool {
        !self.legs.is_empty()
            && self.side.map_or(true, |s| s == side)
            && self.from.iter().all(|&(z, inside)| {
                zones.get(z).is_some_and(|m| m[side.index()][from.index()]) == inside
            })
    }

    /// Whether the pattern's last leg may end by pushing a piece (a `PUSH` node and its
    /// target beside each landing).
    pub(super) fn pushes(&self) -> bool {
        self.push.is_some() || !self.meets.is_empty()
    }

    /// Whether some meet sends the piece met to the path's start cell (a `swap`): the
    /// only encounter whose `PUSH_TARGET` depends on the path, not on the cell and
    /// heading it ends with.
    pub(super) fn swaps(&self) -> bool {
        self.meets.iter().any(|m| m.action == MeetAction::Swap)
    }

    /// What a path may do to the piece on `cell`, reached by a step of `v`, where it
    /// ends (`start`: the path's start cell, needed by a `swap` only; without it,
    /// swaps are left out): per encounter, in the order `push` then each meet, its
    /// index in that order, the kind filter of its `PUSH` node and its one
    /// `PUSH_TARGET` child (target cell, mask, filter). A push whose onward step
    /// leaves the board has none. Without a board (a relative continuation, which
    /// holds no cell) every push is listed, its target cell left 0.
    pub(super) fn encounters(
        &self,
        board: Option<&Board>,
        cell: CellId,
        v: Vector,
        start: Option<CellId>,
    ) -> SmallVec<[Encounter; 4]> {
        let classes = |friend: bool, foe: bool| {
            (if friend { CLASS_FRIEND } else { 0 }) | (if foe { CLASS_FOE } else { 0 })
        };
        let mut out = SmallVec::new();
        let mut k = 0u8;
        if let Some(push) = self.push {
            let onward = match board {
                Some(board) => board.step(cell, v),
                None => Some(CellId(0)),
            };
            if let Some(onward) = onward {
                let child = (onward, classes(push.friend, push.foe), 0);
                out.push(Encounter {
                    index: k,
                    filter: push.filter.0,
                    child,
                    onward: true,
                });
            }
            k += 1;
        }
        for m in &self.meets {
            let classes = classes(m.friend, m.foe);
            let child = match m.action {
                MeetAction::Swap => start.map(|s| (s, classes, 0)),
                MeetAction::Capture => Some((cell, classes | MEET_CAPTURE, 0)),
                MeetAction::Convert => Some((cell, classes | MEET_CONVERT, m.into.0)),
                MeetAction::Activate => Some((cell, classes | MEET_ACTIVATE, 0)),
            };
            if let Some(child) = child {
                out.push(Encounter {
                    index: k,
                    filter: m.filter.0,
                    child,
                    onward: false,
                });
            }
            k += 1;
        }
        out
    }

    /// Whether a path may end on `cell` for `side`: its `to` zones.
    pub(super) fn to_ok(&self, zones: &ZoneMaps, side: Side, cell: CellId) -> bool {
        self.to.iter().all(|&(z, inside)| {
            zones.get(z).is_some_and(|m| m[side.index()][cell.index()]) == inside
        })
    }

    /// The landing rights (`Node::LAND_*`) of a path ending on `cell` for `side`, its
    /// `to` zones applied.
    pub(super) fn land_rights(&self, zones: &ZoneMaps, side: Side, cell: CellId) -> u8 {
        if !self.to_ok(zones, side, cell) {
            return 0;
        }
        (if self.land_empty { Node::LAND_EMPTY } else { 0 })
            | (if self.land_foe { Node::LAND_FOE } else { 0 })
    }

    /// How many pieces a path may capture in passing at most, from the legs alone
    /// (`None`: no bound, a `repeat` until blocked that captures).
    pub(super) fn most_passing(&self) -> Option<usize> {
        let n = self.legs.len();
        let captures = |i: usize| usize::from(self.legs[i].via.has(ViaBits::FOE_CAPTURED));
        // A leg's `via` matters where something follows it: never after the last leg,
        // always after a group's last leg (the next repetition may follow).
        match self.repeat {
            None => Some((0..n.saturating_sub(1)).map(captures).sum()),
            Some((first, last, _, max)) => {
                let outside: usize = (0..n)
                    .filter(|&i| (i < first || i > last) && i + 1 != n)
                    .map(captures)
                    .sum();
                let group: usize = (first..=last).map(captures).sum();
                match (group, max) {
                    (0, _) => Some(outside),
                    (_, 0) => None,
                    (g, m) => Some(outside + g * usize::from(m)),
                }
            }
        }
    }
}

/// The legs that may follow a leg, with their repetition: at most two.
pub(super) type NextLegs = SmallVec<[(usize, u16); 2]>;
