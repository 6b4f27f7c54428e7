//! link: a [`MoveProgram`] and a board → a [`MoveTable`].
//!
//! For every side, piece and start cell, the linker expands each pattern into concrete
//! cells: legs are walked on the board's coordinates, edges and holes cut trajectories
//! here (so the walk never tests coordinates), zone conditions become per-node landing
//! rights or drop the pattern for that start cell, and the second side's directions,
//! turns and zones are mirrored top to bottom. Trajectories of all patterns of a piece
//! are merged into one trie (shared prefixes become one node), then laid out so that
//! each node's children are contiguous and follow it. A `push` landing becomes a
//! `PUSH` node beside the landing node, its child the cell one more step on
//! ([`Expander::step`] is the one place that steps, for legs and pushes alike).

use super::layout::{
    FilterCode, MoveTable, Node, RootRange, TablePiece, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND,
    MAX_DEPTH,
};
use crate::compile::{Dirs, MoveProgram, Op, PushOp, ViaBits};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{KindFilter, Vector};
use crate::topology::Board;

/// Limits on what linking may build.
#[derive(Clone, Copy, Debug)]
pub struct LinkConfig {
    /// The most nodes the whole table may have.
    pub max_nodes: usize,
}

impl Default for LinkConfig {
    fn default() -> LinkConfig {
        LinkConfig { max_nodes: 1 << 22 }
    }
}

/// Links a program to the board it declares. Errors (a table over the limits) and
/// warnings (a pattern that produces no move from any cell of this board) come back as
/// diagnostics pointing at the pattern.
pub fn link(
    program: &MoveProgram,
    config: LinkConfig,
) -> Result<(MoveTable, Diagnostics), Diagnostics> {
    let board = Board::from_spec(&program.board).map_err(|e| {
        let mut d = Diagnostics::new();
        d.push(Diagnostic::error(
            "E0899",
            format!("internal error: the board does not build: {e}"),
            program.board.span,
        ));
        d
    })?;
    let cells = board.cell_count();
    let zones = zone_maps(program, &board);
    let mut table = MoveTable {
        board,
        pieces: program
            .pieces
            .iter()
            .map(|p| TablePiece {
                name: p.name.clone(),
                letter: p.letter,
                plus: p.plus,
            })
            .collect(),
        filters: program.filters.iter().map(filter_code).collect(),
        roots: Vec::with_capacity(2 * program.pieces.len() * cells),
        nodes: Vec::new(),
    };
    let views: Vec<PatternView> = (0..program.patterns.len())
        .map(|i| view(program.pattern_ops(i)))
        .collect();
    let mut produced = vec![false; program.patterns.len()];
    let mut tree = Trie::default();
    for side in Side::BOTH {
        for piece in &program.pieces {
            for cell in table.board.cells() {
                tree.clear();
                for pat in piece.patterns.clone() {
                    let mut ex = Expander {
                        program,
                        board: &table.board,
                        zones: &zones,
                        side,
                        tree: &mut tree,
                        landed: false,
                        depth_exceeded: false,
                        budget: config.max_nodes.saturating_sub(table.nodes.len()),
                    };
                    ex.pattern(&views[pat as usize], cell);
                    if ex.depth_exceeded {
                        return Err(too_long(program, pat as usize));
                    }
                    produced[pat as usize] |= ex.landed;
                    if table.nodes.len() + tree.nodes.len() >= config.max_nodes {
                        return Err(too_big(program, pat as usize, config));
                    }
                }
                let range = tree.lay_out(&mut table.nodes);
                table.roots.push(range);
            }
        }
    }
    let mut warnings = Diagnostics::new();
    for (i, done) in produced.iter().enumerate() {
        if !done {
            let pat = &program.patterns[i];
            let name = &program.pieces[pat.piece.index()].name;
            warnings.push(
                Diagnostic::warning(
                    "W0801",
                    format!("this pattern of {name} produces no move from any cell of the board"),
                    pat.span,
                )
                .label("never lands anywhere")
                .help("check its ranges, zone conditions and landing rules against the board size"),
            );
        }
    }
    Ok((table, warnings))
}

fn too_big(program: &MoveProgram, pat: usize, config: LinkConfig) -> Diagnostics {
    let p = &program.patterns[pat];
    let mut d = Diagnostics::new();
    d.push(
        Diagnostic::error(
            "E0801",
            format!(
                "the move table grows past its limit of {} nodes",
                config.max_nodes
            ),
            p.span,
        )
        .label("linking stopped while expanding this pattern")
        .help("bound the ranges of multi-leg rides (`ride ... up to N`) or split the piece"),
    );
    d
}

fn too_long(program: &MoveProgram, pat: usize) -> Diagnostics {
    let p = &program.patterns[pat];
    let mut d = Diagnostics::new();
    d.push(
        Diagnostic::error(
            "E0802",
            format!("a path of this pattern is longer than {MAX_DEPTH} cells"),
            p.span,
        )
        .label("path too long")
        .help("use fewer legs or shorter ranges"),
    );
    d
}

fn filter_code(f: &KindFilter) -> FilterCode {
    let mask = |ks: &[PieceId]| {
        ks.iter()
            .fold(0u64, |m, k| m | 1u64.checked_shl(k.0 as u32).unwrap_or(0))
    };
    match f {
        KindFilter::Any => FilterCode::ANY,
        KindFilter::Only(k) => FilterCode {
            mode: 1,
            mask: mask(k),
        },
        KindFilter::Except(k) => FilterCode {
            mode: 2,
            mask: mask(k),
        },
    }
}

/// `maps[zone][side][cell]`: whether the cell is in the zone as that side sees it.
fn zone_maps(program: &MoveProgram, board: &Board) -> Vec<[Vec<bool>; 2]> {
    program
        .zones
        .iter()
        .map(|z| {
            let mut m = [
                vec![false; board.cell_count()],
                vec![false; board.cell_count()],
            ];
            for &c in &z.cells {
                if let Some(cell) = board.cell_at(c) {
                    m[0][cell.index()] = true;
                }
                let mirrored = if z.absolute { c } else { board.mirror(c) };
                if let Some(cell) = board.cell_at(mirrored) {
                    m[1][cell.index()] = true;
                }
            }
            m
        })
        .collect()
}

/// A leg as the expander reads it from the ops.
#[derive(Clone, Copy)]
struct LegOp {
    dirs: Dirs,
    min: u16,
    max: u16,
    via: ViaBits,
    filter: u8,
}

/// Expands one pattern from one start cell into the trie.
struct Expander<'a> {
    program: &'a MoveProgram,
    board: &'a Board,
    zones: &'a [[Vec<bool>; 2]],
    side: Side,
    tree: &'a mut Trie,
    landed: bool,
    depth_exceeded: bool,
    /// Nodes the table may still grow by; expansion stops when the trie reaches it.
    budget: usize,
}

struct PatternView {
    initial: bool,
    legs: Vec<LegOp>,
    land_empty: bool,
    land_foe: bool,
    land_filter: u8,
    /// `Node::EN_PASSANT` if the pattern is marked `en passant`, else 0.
    land_flags: u8,
    /// `push ...`: the last leg may also end on a piece it pushes one step onward.
    push: Option<PushOp>,
    to: Vec<(usize, bool)>,
    from: Vec<(usize, bool)>,
}

fn view(ops: &[Op]) -> PatternView {
    let mut v = PatternView {
        initial: false,
        legs: Vec::new(),
        land_empty: false,
        land_foe: false,
        land_filter: 0,
        land_flags: 0,
        push: None,
        to: Vec::new(),
        from: Vec::new(),
    };
    for op in ops {
        match *op {
            Op::Initial => v.initial = true,
            Op::FromZone { zone, inside } => v.from.push((zone.index(), inside)),
            Op::Leg {
                dirs,
                min,
                max,
                via,
                filter,
            } => v.legs.push(LegOp {
                dirs,
                min,
                max,
                via,
                filter: filter.0,
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
            Op::End => {}
        }
    }
    v
}

/// Where a new node hangs: under the root list or under a node, with the mask and
/// flags of the edge that reaches it.
#[derive(Clone, Copy)]
struct Attach {
    parent: Option<usize>,
    mask: u8,
    flags: u8,
}

impl Expander<'_> {
    fn zone_has(&self, zone: usize, cell: CellId) -> bool {
        self.zones
            .get(zone)
            .is_some_and(|m| m[self.side.index()][cell.index()])
    }

    fn pattern(&mut self, v: &PatternView, from: CellId) {
        if v.legs.is_empty() {
            return;
        }
        if !v
            .from
            .iter()
            .all(|&(z, inside)| self.zone_has(z, from) == inside)
        {
            return;
        }
        let start = Attach {
            parent: None,
            mask: 0,
            flags: if v.initial { Node::INITIAL } else { 0 },
        };
        self.leg(v, 0, from, None, start, 0);
    }

    /// The side's view of a first-side vector (`None` if it cannot be mirrored).
    fn mirror(&self, v: Vector) -> Option<Vector> {
        match self.side {
            Side::First => Some(v),
            Side::Second => self.board.geometry().mirror(v),
        }
    }

    /// One step of `v` from `pos`, if it stays on the board. Every step of a leg goes
    /// through here, and so does the step a pushed piece makes (one more step in the
    /// direction the leg moved).
    fn step(&self, pos: CellId, v: Vector) -> Option<CellId> {
        self.board.step(pos, v)
    }

    /// Adds the displacement of a landing on `cell` (reached by a step of `v`):
    /// a `PUSH` sibling of the landing node with one `PUSH_TARGET` child, the cell one
    /// more step onward. Nothing if that step leaves the board.
    fn push(&mut self, push: PushOp, at: Attach, v: Vector, cell: CellId, depth: u8) {
        let Some(onward) = self.step(cell, v) else {
            return;
        };
        if depth as usize + 1 >= MAX_DEPTH {
            self.depth_exceeded = true;
            return;
        }
        let node = self.tree.add(
            at,
            Key {
                target: cell,
                depth,
                flags: at.flags | Node::PUSH,
                mask: at.mask,
                filter: push.filter.0,
            },
            0,
        );
        let classes =
            (if push.friend { CLASS_FRIEND } else { 0 }) | (if push.foe { CLASS_FOE } else { 0 });
        self.tree.add(
            Attach {
                parent: Some(node),
                mask: classes,
                flags: Node::PUSH_TARGET,
            },
            Key {
                target: onward,
                depth: depth + 1,
                flags: Node::PUSH_TARGET,
                mask: classes,
                filter: 0,
            },
            0,
        );
        self.landed = true;
    }

    fn leg(
        &mut self,
        pv: &PatternView,
        i: usize,
        start: CellId,
        heading: Option<Vector>,
        attach: Attach,
        depth: usize,
    ) {
        let leg = pv.legs[i];
        let last = i + 1 == pv.legs.len();
        let vectors: Vec<Vector> = match leg.dirs {
            Dirs::Absolute { start, len } => self
                .program
                .vectors_of(start, len)
                .iter()
                .filter_map(|&v| self.mirror(v))
                .collect(),
            Dirs::Turn { start, len } => {
                let Some(h) = heading else { return };
                let sign = if self.side == Side::Second { -1 } else { 1 };
                self.program
                    .turns_of(start, len)
                    .iter()
                    .filter_map(|&t| self.board.geometry().rotate(h, t * sign))
                    .collect()
            }
        };
        for v in vectors {
            let mut pos = start;
            let mut at = attach;
            let mut k: u16 = 0;
            loop {
                if leg.max != 0 && k >= leg.max {
                    break;
                }
                k += 1;
                let Some(cell) = self.step(pos, v) else {
                    break;
                };
                pos = cell;
                if self.tree.nodes.len() >= self.budget {
                    return;
                }
                if depth + (k as usize) > MAX_DEPTH {
                    self.depth_exceeded = true;
                    return;
                }
                let reached = k >= leg.min;
                let mut land = 0;
                let mut push = None;
                if last && reached {
                    let to_ok = pv
                        .to
                        .iter()
                        .all(|&(z, inside)| self.zone_has(z, cell) == inside);
                    if to_ok && pv.land_empty {
                        land |= Node::LAND_EMPTY;
                    }
                    if to_ok && pv.land_foe {
                        land |= Node::LAND_FOE;
                    }
                    if to_ok {
                        push = pv.push;
                    }
                }
                if land != 0 {
                    self.landed = true;
                    land |= pv.land_flags;
                }
                let filter = if last { pv.land_filter } else { leg.filter };
                let node = self.tree.add(
                    at,
                    Key {
                        target: cell,
                        depth: (depth + k as usize - 1) as u8,
                        flags: at.flags,
                        mask: at.mask,
                        filter,
                    },
                    land,
                );
                if let Some(p) = push {
                    let d = (depth + k as usize - 1) as u8;
                    self.push(p, at, v, cell, d);
                    if self.depth_exceeded {
                        return;
                    }
                }
                if !last && reached {
                    let d = depth + k as usize;
                    let via = leg.via;
                    let hop = (if via.has(ViaBits::EMPTY) {
                        CLASS_EMPTY
                    } else {
                        0
                    }) | (if via.has(ViaBits::FRIEND) {
                        CLASS_FRIEND
                    } else {
                        0
                    }) | (if via.has(ViaBits::FOE) { CLASS_FOE } else { 0 });
                    if hop != 0 {
                        let a = Attach {
                            parent: Some(node),
                            mask: hop,
                            flags: Node::NEW_LEG,
                        };
                        self.leg(pv, i + 1, pos, Some(v), a, d);
                    }
                    if via.has(ViaBits::FOE_CAPTURED) {
                        let a = Attach {
                            parent: Some(node),
                            mask: CLASS_FOE,
                            flags: Node::NEW_LEG | Node::CAPTURE_PREV,
                        };
                        self.leg(pv, i + 1, pos, Some(v), a, d);
                    }
                    if self.depth_exceeded {
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
    }
}

/// The identity of a node for prefix merging: two nodes with the same parent and key
/// are one node whose landing rights (with `EN_PASSANT`) and children are the union of
/// both.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    target: CellId,
    depth: u8,
    flags: u8,
    mask: u8,
    filter: u8,
}

struct TrieNode {
    key: Key,
    land: u8,
    children: Vec<usize>,
}

/// The merged trajectory trie of one (side, piece, cell), before layout.
#[derive(Default)]
struct Trie {
    nodes: Vec<TrieNode>,
    roots: Vec<usize>,
}

impl Trie {
    fn clear(&mut self) {
        self.nodes.clear();
        self.roots.clear();
    }

    fn add(&mut self, at: Attach, key: Key, land: u8) -> usize {
        let siblings = match at.parent {
            None => &self.roots,
            Some(p) => &self.nodes[p].children,
        };
        if let Some(&i) = siblings.iter().find(|&&i| self.nodes[i].key == key) {
            self.nodes[i].land |= land;
            return i;
        }
        let i = self.nodes.len();
        self.nodes.push(TrieNode {
            key,
            land,
            children: Vec::new(),
        });
        match at.parent {
            None => self.roots.push(i),
            Some(p) => self.nodes[p].children.push(i),
        }
        i
    }

    /// Appends the trie to `out` (roots first, then each node's children as one block
    /// right before that node's descendants) and returns its root range.
    fn lay_out(&self, out: &mut Vec<Node>) -> RootRange {
        let first = out.len();
        for &r in &self.roots {
            out.push(self.node(r));
        }
        for (k, &r) in self.roots.iter().enumerate() {
            self.place_children(r, first + k, out);
        }
        let mut range = RootRange {
            first: first as u32,
            count: self.roots.len() as u16,
            flags: 0,
        };
        if self.may_repeat() {
            range.flags |= RootRange::MAY_REPEAT;
        }
        range
    }

    fn node(&self, i: usize) -> Node {
        let n = &self.nodes[i];
        Node {
            target: n.key.target,
            depth: n.key.depth,
            flags: n.key.flags | n.land,
            mask: n.key.mask,
            filter: n.key.filter,
            child_count: n.children.len() as u16,
            first_child: 0,
        }
    }

    /// Iterative pre-order placement: children blocks are written when their parent is
    /// visited, so every child index is greater than its parent's.
    fn place_children(&self, root: usize, root_at: usize, out: &mut Vec<Node>) {
        let mut stack = vec![(root, root_at)];
        while let Some((t, at)) = stack.pop() {
            let kids = &self.nodes[t].children;
            if kids.is_empty() {
                continue;
            }
            let first = out.len();
            out[at].first_child = first as u32;
            for &c in kids {
                out.push(self.node(c));
            }
            for (k, &c) in kids.iter().enumerate().rev() {
                stack.push((c, first + k));
            }
        }
    }

    /// Whether two landing nodes can report the same move in one walk: same cell,
    /// same cells captured on the way, overlapping landing rights, and paths that one
    /// occupancy can satisfy together. A path requires, for each cell it passes, the
    /// classes its next step's mask allows; two paths whose requirements on some cell
    /// are disjoint (a cannon's screen on d6 versus d6 empty and the screen on d7) can
    /// never both be walked.
    fn may_repeat(&self) -> bool {
        struct Landing {
            target: CellId,
            /// Classes of the target the move lands on.
            classes: u8,
            caps: Vec<CellId>,
            /// Where the piece on the target is pushed to.
            push: Option<CellId>,
            needs: Vec<(CellId, u8)>,
        }
        let mut landings: Vec<Landing> = Vec::new();
        type Pending = (usize, Vec<CellId>, Vec<(CellId, u8)>);
        let mut stack: Vec<Pending> = self
            .roots
            .iter()
            .map(|&r| (r, Vec::new(), Vec::new()))
            .collect();
        while let Some((i, caps, needs)) = stack.pop() {
            let n = &self.nodes[i];
            let mut caps = caps;
            caps.sort();
            if n.land != 0 {
                let classes = (if n.land & Node::LAND_EMPTY != 0 {
                    CLASS_EMPTY
                } else {
                    0
                }) | (if n.land & Node::LAND_FOE != 0 {
                    CLASS_FOE
                } else {
                    0
                });
                landings.push(Landing {
                    target: n.key.target,
                    classes,
                    caps: caps.clone(),
                    push: None,
                    needs: needs.clone(),
                });
            }
            if n.key.flags & Node::PUSH != 0 {
                for &c in &n.children {
                    let t = &self.nodes[c].key;
                    let mut needs = needs.clone();
                    needs.push((t.target, CLASS_EMPTY));
                    landings.push(Landing {
                        target: n.key.target,
                        classes: t.mask,
                        caps: caps.clone(),
                        push: Some(t.target),
                        needs,
                    });
                }
                continue;
            }
            for &c in &n.children {
                let child = &self.nodes[c];
                let mut caps = caps.clone();
                if child.key.flags & Node::CAPTURE_PREV != 0 {
                    caps.push(n.key.target);
                }
                let mut needs = needs.clone();
                needs.push((n.key.target, child.key.mask));
                stack.push((c, caps, needs));
            }
        }
        let compatible = |a: &Landing, b: &Landing| {
            let mut all = a.needs.clone();
            all.push((a.target, a.classes));
            let mut other = b.needs.clone();
            other.push((b.target, b.classes));
            all.iter().all(|&(cell, m)| {
                other
                    .iter()
                    .filter(|&&(c, _)| c == cell)
                    .all(|&(_, k)| k & m != 0)
            })
        };
        for (i, a) in landings.iter().enumerate() {
            for b in &landings[i + 1..] {
                if a.target == b.target
                    && a.caps == b.caps
                    && a.push == b.push
                    && a.classes & b.classes != 0
                    && compatible(a, b)
                {
                    return true;
                }
            }
        }
        false
    }
}
