//! trie: the merged trajectories of one (side, piece, start cell), and their layout as
//! table nodes.
//!
//! Owns prefix merging (two nodes with the same parent and [`NodeKey`] are one), the
//! layout that puts each node's children in one block after it, and the `MAY_REPEAT`
//! analysis of a root range. It does not walk the board ([`super::expand`] fills it).

use super::super::layout::{Node, RootRange, CLASS_EMPTY, CLASS_FOE};
use crate::ids::CellId;

/// Where a new node hangs: under the root list or under a node, with the mask and
/// flags of the edge that reaches it.
#[derive(Clone, Copy)]
pub(super) struct Attach {
    /// The parent trie node; `None` for a root.
    pub(super) parent: Option<usize>,
    /// The classes of the parent's target that enable the new node (`CLASS_*`).
    pub(super) mask: u8,
    /// The flags the edge gives the new node (`INITIAL`, `NEW_LEG`, `CAPTURE_PREV`, ...).
    pub(super) flags: u8,
}

/// The identity of a node for prefix merging: two nodes with the same parent and key
/// are one node whose landing rights (with `EN_PASSANT`) and children are the union of
/// both.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct NodeKey {
    /// The node's cell.
    pub(super) target: CellId,
    /// Its depth (roots 0).
    pub(super) depth: u8,
    /// Its flags other than landing rights.
    pub(super) flags: u8,
    /// The classes of the parent's target that enable it.
    pub(super) mask: u8,
    /// Its kind filter.
    pub(super) filter: u8,
}

/// A node of the trie: its key, its landing rights and its children's indices.
struct TrieNode {
    key: NodeKey,
    /// `LAND_EMPTY`, `LAND_FOE` and `EN_PASSANT` bits, the union over merged nodes.
    land: u8,
    children: Vec<usize>,
}

/// The merged trajectory trie of one (side, piece, cell), before layout.
#[derive(Default)]
pub(super) struct Trie {
    nodes: Vec<TrieNode>,
    roots: Vec<usize>,
}

impl Trie {
    /// Empties the trie for the next (side, piece, cell), keeping its allocations.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.roots.clear();
    }

    /// The number of nodes so far.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Adds a node under `at` (or merges it into the sibling with the same key, adding
    /// its landing rights) and returns its index.
    pub(super) fn add(&mut self, at: Attach, key: NodeKey, land: u8) -> usize {
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
    pub(super) fn lay_out(&self, out: &mut Vec<Node>) -> RootRange {
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
