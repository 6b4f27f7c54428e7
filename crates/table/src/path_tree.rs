//! path_tree: the sink that records every way a piece travels, as a tree of path
//! segments, and prints it as indented text or JSON.
//!
//! Owns the arena ([`PathTree`]), its builder ([`PathTreeBuilder`], a [`Sink`]) and its
//! output formats. It follows libcrochess's vocabulary: a **segment** is a run of cells
//! the piece passes in one direction, ending where the path branches or meets a piece;
//! `next` continues the same leg, `fork` starts the continuations into a new leg
//! (a turn, a hop, a locust capture, a deflection), and `alt` links segments that start
//! at the same point (alternatives). A **ply** is a walk from the start cell to any
//! cell where the move may end. A displacement (`push`) is a side effect of the
//! encounter at the end of a segment: the piece met moves on to a cell; `sub` links a
//! segment to its substitutes, the same cells with another side effect (another cell
//! the piece met may be pushed to). An activation is an encounter whose piece makes
//! the next ply; the trees of those plies are the game layer's (they depend on who
//! activated whom: `Game::cascade_trees`).
//!
//! Every shared prefix is one trunk: the walk visits each pattern from the start cell
//! again, and [`PathTreeBuilder::finish`] merges the steps patterns share before it cuts
//! segments (`merge.rs`), so a piece met is one encounter with everything the patterns
//! may do there, and the paths branch where they part. [`PathTree::leaf_paths`]
//! (`leaves.rs`) lists the complete paths (each place a move may end, with its route),
//! the same set as before merging, each once.
//!
//! Does not walk (the walk in [`crate::walk`] drives the builder) and does not draw
//! pictures (`piecewise::picture`).

mod leaves;
mod merge;
mod output;
#[cfg(test)]
mod tests;

pub use leaves::{Ending, LeafPath};

use crate::ids::{CellId, PieceId, Side};
use crate::walk::{Class, Occupant, Ply, Sink, Visit};
use serde::Serialize;

/// A segment's index in [`PathTree::segments`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct SegId(pub u32);

impl SegId {
    /// The index in [`PathTree::segments`].
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a step may do at its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Landing {
    /// The move may end here on an empty cell.
    Quiet,
    /// The move may end here capturing the enemy on it.
    Capture,
    /// The move may end here pushing the piece on it (and no quiet move or capture):
    /// also a swap.
    Push,
    /// The move may end here only converting the piece on it (the mover stays).
    Convert,
    /// The move may end here only activating the piece on it, which then makes its own
    /// ply (a cascade: `Game::cascade_trees` has the trees of those plies).
    Activate,
}

/// One cell of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The cell the piece passes or reaches.
    pub cell: CellId,
    /// Whether and how the move may end here.
    pub lands: Option<Landing>,
}

/// The piece met at the end of a segment and what the path does with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encounter {
    /// The cell of the piece met (the segment's last cell).
    pub cell: CellId,
    /// The piece met.
    pub occupant: Occupant,
    /// Friend, Foe or Blocked (a kind the pattern does not admit here).
    pub class: Class,
    /// The move may end here capturing it (a friend: `capture friend`).
    pub capture: bool,
    /// The move may end here swapping with it (it goes to the start cell).
    pub swap: bool,
    /// The move may end here converting it: it changes side and becomes this kind.
    pub convert: Option<PieceId>,
    /// The move may end here activating it: the mover takes its cell and it makes its
    /// own ply from there.
    pub activate: bool,
    /// Some continuation hops over it (it stays).
    pub hop: bool,
    /// Some continuation captures it in passing.
    pub locust: bool,
    /// The move may end here pushing it to this cell (a displacement). Other cells it
    /// may be pushed to are on the segment's `sub` substitutes.
    pub push: Option<CellId>,
}

/// A run of cells in one direction, up to a branch or a piece met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The cells, in order.
    pub steps: Vec<Step>,
    /// The piece met at the end, if any.
    pub encounter: Option<Encounter>,
    /// This segment begins a new leg (after a turn, hop or capture in passing).
    pub starts_leg: bool,
    /// Entering this segment captured the piece at the end of the previous one.
    pub captures_previous: bool,
    /// The first continuation in the same leg (the others follow through `alt`).
    pub next: Option<SegId>,
    /// The first continuation that starts a new leg (the others follow through `alt`).
    pub fork: Option<SegId>,
    /// The next segment that starts at the same point as this one.
    pub alt: Option<SegId>,
    /// A substitute: the same cells and encounter with another side effect (the piece
    /// met pushed to another cell). Substitutes have no `next` or `fork`.
    pub sub: Option<SegId>,
}

/// One complete ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyPath {
    /// The cells visited in order, ending with `to` (not the start cell).
    pub path: Vec<CellId>,
    /// Where the move ends.
    pub to: CellId,
    /// Every cell whose piece the move captures: passing captures, then `to`.
    pub captures: Vec<CellId>,
    /// A displacement: the piece on `to` is pushed to this cell (a swap: the start).
    pub push_to: Option<CellId>,
    /// A conversion: the piece on `to` changes side and becomes this kind.
    pub convert: Option<PieceId>,
    /// An activation: the piece on `to` makes the next ply of the move.
    pub activates: bool,
}

/// The path tree of one piece on one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathTree {
    /// The side of the piece.
    pub side: Side,
    /// The piece's kind.
    pub piece: PieceId,
    /// The start cell.
    pub from: CellId,
    /// Every segment; [`SegId`]s index it.
    pub segments: Vec<Segment>,
    /// The first root segment; the others follow through `alt`.
    pub root: Option<SegId>,
    /// Every ply, in the order the walk reported them.
    pub plies: Vec<PlyPath>,
    /// The piece never captures (a `move only` relay): see
    /// [`without_captures`](PathTree::without_captures).
    pub never_captures: bool,
}

impl PathTree {
    /// The tree of a piece that never captures (a `move only` relay walking its
    /// activator's patterns): every capture landing, capture of the piece met and ply
    /// that captures dropped, so that the text and JSON show no `x` it cannot make.
    pub fn without_captures(mut self) -> PathTree {
        for seg in &mut self.segments {
            for step in &mut seg.steps {
                if step.lands == Some(Landing::Capture) {
                    step.lands = None;
                }
            }
            if let Some(e) = &mut seg.encounter {
                e.capture = false;
                e.locust = false;
            }
        }
        self.plies.retain(|p| p.captures.is_empty());
        self.never_captures = true;
        self
    }
}

/// One cell of a path the table does not walk, recorded with
/// [`PathTreeBuilder::line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCell {
    /// The cell passed or reached.
    pub cell: CellId,
    /// What stands on it.
    pub occupant: Occupant,
    /// What stands on it, from the mover's point of view.
    pub class: Class,
    /// The move may end here: quietly on an empty cell, activating the piece on it
    /// otherwise (capturing it with `captures`).
    pub lands: bool,
    /// Landing here captures the piece on it (a capturing `journey`), own or not.
    pub captures: bool,
}

/// One visit as the builder records it, before segments are cut.
#[derive(Clone, Debug)]
struct RawStep {
    cell: CellId,
    class: Class,
    occupant: Occupant,
    new_leg: bool,
    captured_prev: bool,
    lands: bool,
    /// Cells the piece here may be pushed to (from a displacement visit of this cell;
    /// not the start cell, which is a swap).
    pushes: Vec<CellId>,
    /// A friend here may be captured, swapped with (`swap`), converted (to a kind).
    friend_capture: bool,
    swap: bool,
    convert: Option<PieceId>,
    activate: bool,
    /// Indexes (into the builder's `steps`) of the steps visited next from here.
    children: Vec<usize>,
}

/// Collects visits and plies from a walk (a [`Sink`] that wants every path, not
/// distinct moves), then [`finish`](PathTreeBuilder::finish)es into a [`PathTree`].
#[derive(Default)]
pub struct PathTreeBuilder {
    /// Every step visited, in visit order.
    steps: Vec<RawStep>,
    /// The steps of depth 0.
    roots: Vec<usize>,
    /// The steps from the root to the last one visited, indexed by depth.
    open_path: Vec<usize>,
    plies: Vec<PlyPath>,
    /// The step the pushes of the current displacement visit belong to.
    pushing: Option<usize>,
}

impl Sink for PathTreeBuilder {
    const VISITS: bool = true;
    const DISTINCT: bool = false;

    fn visit(&mut self, visit: &Visit) {
        self.pushing = None;
        if visit.push {
            // The same step as a displacement: attach it to the sibling step of the
            // same cell (the quiet move / capture node), visited just before.
            self.open_path.truncate(visit.depth);
            let siblings = match self.open_path.last() {
                Some(&parent) if visit.depth > 0 => &self.steps[parent].children,
                _ => &self.roots,
            };
            if let Some(&same) = siblings.iter().rev().find(|&&sibling| {
                let step = &self.steps[sibling];
                step.cell == visit.cell && step.captured_prev == visit.captured_prev
            }) {
                self.pushing = Some(same);
                self.open_path.push(same);
                return;
            }
        }
        let id = self.steps.len();
        self.steps.push(RawStep {
            cell: visit.cell,
            class: visit.class,
            occupant: visit.occupant,
            new_leg: visit.new_leg,
            captured_prev: visit.captured_prev,
            lands: visit.lands && !visit.push,
            pushes: Vec::new(),
            friend_capture: false,
            swap: false,
            convert: None,
            activate: false,
            children: Vec::new(),
        });
        if visit.push {
            self.pushing = Some(id);
        }
        self.open_path.truncate(visit.depth);
        match self.open_path.last() {
            Some(&parent) if visit.depth > 0 => self.steps[parent].children.push(id),
            _ => self.roots.push(id),
        }
        self.open_path.push(id);
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some(step) = self.pushing {
            let step = &mut self.steps[step];
            match ply.push_to {
                Some(c) if c == ply.from => step.swap = true,
                Some(c) if !step.pushes.contains(&c) => step.pushes.push(c),
                _ => {}
            }
            step.friend_capture |= ply.captures_to;
            step.convert = step.convert.or(ply.convert);
            step.activate |= ply.activates;
        }
        self.plies.push(PlyPath {
            path: ply.cells().collect(),
            to: ply.to,
            captures: ply.captures().collect(),
            push_to: ply.push_to,
            convert: ply.convert,
            activates: ply.activates,
        });
    }
}

impl PathTreeBuilder {
    /// An empty builder, to pass to one walk.
    pub fn new() -> PathTreeBuilder {
        PathTreeBuilder::default()
    }

    /// Records a path the table does not walk: the cells of `line` in order from the
    /// start cell (not included), each passed whatever stands on it, with a ply on
    /// every cell that `lands` (a quiet one on an empty cell, an activation of the piece
    /// on any other). An `onward` relay's lines are recorded so (`Game::cascade_trees`);
    /// it may be called again, before or after a walk, for more paths.
    pub fn line(&mut self, line: &[LineCell]) {
        self.open_path.clear();
        self.pushing = None;
        let mut parent: Option<usize> = None;
        for (i, c) in line.iter().enumerate() {
            let id = self.steps.len();
            let piece = c.class != Class::Empty;
            let takes = c.lands && piece && c.captures;
            self.steps.push(RawStep {
                cell: c.cell,
                class: c.class,
                occupant: c.occupant,
                new_leg: false,
                captured_prev: false,
                lands: c.lands && (!piece || takes),
                pushes: Vec::new(),
                friend_capture: takes && c.class == Class::Friend,
                swap: false,
                convert: None,
                activate: c.lands && piece && !takes,
                children: Vec::new(),
            });
            match parent {
                Some(p) => self.steps[p].children.push(id),
                None => self.roots.push(id),
            }
            parent = Some(id);
            if c.lands {
                self.plies.push(PlyPath {
                    path: line[..=i].iter().map(|c| c.cell).collect(),
                    to: c.cell,
                    captures: Vec::new(),
                    push_to: None,
                    convert: None,
                    activates: piece && !takes,
                });
            }
        }
    }

    /// The tree of the walk this builder saw, of `piece` of `side` from `from`, with one
    /// trunk per shared prefix: steps that patterns (or ways of one pattern) share are
    /// one node, branching where they part (`path_tree/merge.rs`).
    pub fn finish(mut self, side: Side, piece: PieceId, from: CellId) -> PathTree {
        let roots = std::mem::take(&mut self.roots);
        self.roots = self.merge(roots);
        self.finish_unmerged(side, piece, from)
    }

    /// The tree as the walk visited it, before [`finish`](Self::finish) merges shared
    /// prefixes: each pattern's paths repeat the steps they share with another's. Its
    /// [`leaf_paths`](PathTree::leaf_paths) are those of the merged tree, some of them
    /// more than once; for comparing the two.
    pub fn finish_unmerged(mut self, side: Side, piece: PieceId, from: CellId) -> PathTree {
        let mut tree = PathTree {
            side,
            piece,
            from,
            segments: Vec::new(),
            root: None,
            plies: std::mem::take(&mut self.plies),
            never_captures: false,
        };
        let roots = self.roots.clone();
        tree.root = self.chain(&mut tree, &roots);
        tree
    }

    /// Builds the segments starting at each raw step and links them through `alt`.
    fn chain(&self, tree: &mut PathTree, starts: &[usize]) -> Option<SegId> {
        let ids: Vec<SegId> = starts.iter().map(|&s| self.segment(tree, s)).collect();
        for w in ids.windows(2) {
            tree.segments[w[0].index()].alt = Some(w[1]);
        }
        ids.first().copied()
    }

    fn segment(&self, tree: &mut PathTree, start: usize) -> SegId {
        let first = &self.steps[start];
        let mut seg = Segment {
            steps: Vec::new(),
            encounter: None,
            starts_leg: first.new_leg,
            captures_previous: first.captured_prev,
            next: None,
            fork: None,
            alt: None,
            sub: None,
        };
        let mut current = start;
        loop {
            let step = &self.steps[current];
            let lands = if step.lands {
                Some(if step.class == Class::Foe {
                    Landing::Capture
                } else {
                    Landing::Quiet
                })
            } else if step.friend_capture {
                Some(Landing::Capture)
            } else if !step.pushes.is_empty() || step.swap {
                Some(Landing::Push)
            } else if step.convert.is_some() {
                Some(Landing::Convert)
            } else if step.activate {
                Some(Landing::Activate)
            } else {
                None
            };
            seg.steps.push(Step {
                cell: step.cell,
                lands,
            });
            let piece_here = step.class != Class::Empty;
            if !piece_here && step.children.len() == 1 && !self.steps[step.children[0]].new_leg {
                current = step.children[0];
                continue;
            }
            break;
        }
        let end = &self.steps[current];
        if end.class != Class::Empty {
            let children = &end.children;
            seg.encounter = Some(Encounter {
                cell: end.cell,
                occupant: end.occupant,
                class: end.class,
                capture: end.lands && end.class == Class::Foe || end.friend_capture,
                swap: end.swap,
                convert: end.convert,
                activate: end.activate,
                hop: children.iter().any(|&k| !self.steps[k].captured_prev),
                locust: children.iter().any(|&k| self.steps[k].captured_prev),
                push: end.pushes.first().copied(),
            });
        }
        // Substitutes: the same segment pushing the piece met to each other cell.
        let subs: Vec<Segment> = end
            .pushes
            .iter()
            .skip(1)
            .map(|&pushed_to| {
                let mut alt = seg.clone();
                if let Some(encounter) = &mut alt.encounter {
                    encounter.push = Some(pushed_to);
                }
                alt
            })
            .collect();
        let id = SegId(tree.segments.len() as u32);
        tree.segments.push(seg);
        let mut prev = id;
        for sub in subs {
            let sid = SegId(tree.segments.len() as u32);
            tree.segments.push(sub);
            tree.segments[prev.index()].sub = Some(sid);
            prev = sid;
        }
        let same: Vec<usize> = end
            .children
            .iter()
            .copied()
            .filter(|&k| !self.steps[k].new_leg)
            .collect();
        let turned: Vec<usize> = end
            .children
            .iter()
            .copied()
            .filter(|&k| self.steps[k].new_leg)
            .collect();
        let next = self.chain(tree, &same);
        let fork = self.chain(tree, &turned);
        let segment = &mut tree.segments[id.index()];
        segment.next = next;
        segment.fork = fork;
        id
    }
}
