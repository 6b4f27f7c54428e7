//! leaves: the complete paths of a path tree (the seed's "Complete paths"): for every
//! place in the tree where a move may end, the route from the start cell to it, segment
//! by segment, and how the move ends there.

use super::{Landing, PathTree, SegId};
use crate::ids::{CellId, PieceId};

/// How a move may end at the last cell of a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ending {
    /// On an empty cell.
    Quiet,
    /// Capturing the piece there (a friend too, with `capture friend`).
    Capture,
    /// Pushing the piece there on to this cell.
    Push(CellId),
    /// Swapping with the piece there (it goes to the start cell).
    Swap,
    /// Converting the piece there: it changes side and becomes this kind.
    Convert(PieceId),
    /// Activating the piece there, which makes the next ply.
    Activate,
}

/// One complete path of a tree: a route from the start cell and one way to end it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeafPath {
    /// The cells from the start cell (not included) to where the move ends, in order
    /// (a ply's `path`).
    pub path: Vec<CellId>,
    /// The cells whose pieces the route captures in passing, in order.
    pub captures_in_passing: Vec<CellId>,
    /// How it ends on the last cell of `path`.
    pub ending: Ending,
}

impl PathTree {
    /// Every complete path of the tree, in tree order: a route from the root down to
    /// each step where a move may end, once per way of ending there (a piece met may be
    /// captured, pushed to each of several cells, ...). In the tree [`finish`] builds no
    /// path appears twice; each ply of [`plies`](PathTree::plies) is one of them.
    ///
    /// [`finish`]: super::PathTreeBuilder::finish
    pub fn leaf_paths(&self) -> Vec<LeafPath> {
        let mut out = Vec::new();
        // (segment, length of `path` and of `captured` where it starts)
        let mut stack: Vec<(SegId, (usize, usize))> = Vec::new();
        let mut path: Vec<CellId> = Vec::new();
        let mut captured: Vec<CellId> = Vec::new();
        push_chain(self, self.root, (0, 0), &mut stack);
        while let Some((id, (depth, taken))) = stack.pop() {
            path.truncate(depth);
            captured.truncate(taken);
            let seg = &self.segments[id.index()];
            let last = seg.steps.len().saturating_sub(1);
            if seg.captures_previous {
                if let Some(&c) = path.last() {
                    captured.push(c);
                }
            }
            for (i, step) in seg.steps.iter().enumerate() {
                path.push(step.cell);
                let mut end = |ending| {
                    out.push(LeafPath {
                        path: path.clone(),
                        captures_in_passing: captured.clone(),
                        ending,
                    })
                };
                match (&seg.encounter, step.lands) {
                    (Some(e), lands) if i == last => {
                        if lands == Some(Landing::Quiet) {
                            end(Ending::Quiet);
                        }
                        if e.capture {
                            end(Ending::Capture);
                        }
                        let mut sub = Some(id);
                        while let Some(s) = sub {
                            let substitute = &self.segments[s.index()];
                            if let Some(c) = substitute.encounter.as_ref().and_then(|e| e.push) {
                                end(Ending::Push(c));
                            }
                            sub = substitute.sub;
                        }
                        if e.swap {
                            end(Ending::Swap);
                        }
                        if let Some(k) = e.convert {
                            end(Ending::Convert(k));
                        }
                        if e.activate {
                            end(Ending::Activate);
                        }
                    }
                    // A cell with no piece met on it.
                    (_, Some(Landing::Quiet)) => end(Ending::Quiet),
                    (_, Some(Landing::Capture)) => end(Ending::Capture),
                    _ => {}
                }
            }
            let depth = (path.len(), captured.len());
            // Children in tree order: `next`s, then `fork`s (the stack pops the last
            // pushed first).
            let mut kids = Vec::new();
            push_chain(self, seg.fork, depth, &mut kids);
            push_chain(self, seg.next, depth, &mut kids);
            stack.extend(kids);
        }
        out
    }
}

/// Pushes the `alt` chain starting at `first` onto `stack` so that it pops in order.
fn push_chain(
    tree: &PathTree,
    first: Option<SegId>,
    depth: (usize, usize),
    stack: &mut Vec<(SegId, (usize, usize))>,
) {
    let mut chain = Vec::new();
    let mut at = first;
    while let Some(id) = at {
        chain.push((id, depth));
        at = tree.segments[id.index()].alt;
    }
    stack.extend(chain.into_iter().rev());
}
