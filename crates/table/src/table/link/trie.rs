//! trie: the merged trajectories of one (side, piece, start cell), and their layout as
//! table nodes.
//!
//! Owns prefix merging (two nodes with the same parent and [`NodeKey`] are one), the
//! layout that puts each node's children in one block after it, and the `MAY_REPEAT`
//! analysis of a root range. It does not walk the board ([`super::expand`] fills it).

use super::super::layout::{Node, RootRange, CLASS_EMPTY, CLASS_FOE, MEET_ACTIONS};
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
    /// For the root of a shared pattern: its children, a block of shared nodes (first
    /// index + 1, count); (0, 0) for a node whose children are its trie children.
    pub(super) block: (u32, u16),
}

/// A node of the trie: its key, its landing rights and its children, kept as a list
/// through the nodes (first child, next sibling) so that a node costs no allocation.
struct TrieNode {
    key: NodeKey,
    /// `LAND_EMPTY`, `LAND_FOE` and `EN_PASSANT` bits, the union over merged nodes.
    land: u8,
    /// The first child ([`NONE`] for none), the last one (to append), the next sibling.
    first: u32,
    last: u32,
    next: u32,
    /// How many children.
    count: u16,
}

/// No node.
const NONE: u32 = u32::MAX;

/// The merged trajectory trie of one (side, piece, cell), before layout.
#[derive(Default)]
pub(super) struct Trie {
    nodes: Vec<TrieNode>,
    roots: Vec<usize>,
    /// Some root goes on into shared blocks.
    shared: bool,
    /// [`Trie::may_repeat`]'s bit set of landing cells, kept between tries.
    landed: Vec<u64>,
    /// The mark (`MASK_MARK` bits) of the pattern being added: every node it adds
    /// but a `PUSH_TARGET` carries it, so that patterns of different marks never merge.
    pub(super) mark: u8,
}

impl Trie {
    /// Empties the trie for the next (side, piece, cell), keeping its allocations.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.roots.clear();
        self.shared = false;
    }

    /// The number of nodes so far.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Adds a node under `at` (or merges it into the sibling with the same key, adding
    /// its landing rights) and returns its index.
    pub(super) fn add(&mut self, at: Attach, mut key: NodeKey, land: u8) -> usize {
        if self.mark != 0 && key.flags & Node::PUSH_TARGET == 0 {
            key.mask |= self.mark;
        }
        let found = match at.parent {
            None => self
                .roots
                .iter()
                .copied()
                .find(|&i| self.nodes[i].key == key),
            Some(p) => self.kids(p).find(|&i| self.nodes[i].key == key),
        };
        if let Some(i) = found {
            self.nodes[i].land |= land;
            return i;
        }
        let i = self.nodes.len();
        self.nodes.push(TrieNode {
            key,
            land,
            first: NONE,
            last: NONE,
            next: NONE,
            count: 0,
        });
        match at.parent {
            None => self.roots.push(i),
            Some(p) => {
                let parent = &mut self.nodes[p];
                let last = std::mem::replace(&mut parent.last, i as u32);
                parent.count += 1;
                if last == NONE {
                    parent.first = i as u32;
                } else {
                    self.nodes[last as usize].next = i as u32;
                }
            }
        }
        i
    }

    /// The children of node `i`, in the order they were added.
    fn kids(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let mut at = self.nodes[i].first;
        std::iter::from_fn(move || {
            (at != NONE).then(|| {
                let here = at as usize;
                at = self.nodes[here].next;
                here
            })
        })
    }

    /// Adds the root of a shared pattern: a node whose children are a block of shared
    /// nodes already in the table (see [`super::shared`]). It merges only with the same
    /// root of the same block.
    pub(super) fn add_shared_root(&mut self, root: Node) {
        let land = root.flags & (Node::LAND_EMPTY | Node::LAND_FOE);
        let block = if root.child_count == 0 {
            (0, 0)
        } else {
            (root.first_child + 1, root.child_count)
        };
        self.shared = true;
        self.add(
            Attach {
                parent: None,
                mask: 0,
                flags: root.flags & !land,
            },
            NodeKey {
                target: root.target,
                depth: 0,
                flags: root.flags & !land,
                mask: 0,
                filter: root.filter,
                block,
            },
            land,
        );
    }

    /// Appends the trie to `out` (roots first, then each node's children as one block
    /// right before that node's descendants) and returns its root range.
    pub(super) fn lay_out(&mut self, out: &mut Vec<Node>) -> RootRange {
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
        if n.key.block.0 != 0 {
            return Node {
                target: n.key.target,
                depth: n.key.depth,
                flags: n.key.flags | n.land,
                mask: n.key.mask,
                filter: n.key.filter,
                child_count: n.key.block.1,
                first_child: n.key.block.0 - 1,
            };
        }
        Node {
            target: n.key.target,
            depth: n.key.depth,
            flags: n.key.flags | n.land,
            mask: n.key.mask,
            filter: n.key.filter,
            child_count: n.count,
            first_child: 0,
        }
    }

    /// Iterative pre-order placement: children blocks are written when their parent is
    /// visited, so every child index is greater than its parent's.
    fn place_children(&self, root: usize, root_at: usize, out: &mut Vec<Node>) {
        let mut stack = vec![(root, root_at)];
        while let Some((t, at)) = stack.pop() {
            if self.nodes[t].count == 0 {
                continue;
            }
            let first = out.len();
            out[at].first_child = first as u32;
            for c in self.kids(t) {
                out.push(self.node(c));
            }
            let below = stack.len();
            for (k, c) in self.kids(t).enumerate() {
                stack.push((c, first + k));
            }
            // Pre-order: the first child is placed first.
            stack[below..].reverse();
        }
    }

    /// Whether two landing nodes can report the same move in one walk: same cell,
    /// same cells captured on the way, overlapping landing rights, and paths that one
    /// occupancy can satisfy together. A path requires, for each cell it passes, the
    /// classes its next step's mask allows; two paths whose requirements on some cell
    /// are disjoint (a cannon's screen on d6 versus d6 empty and the screen on d7) can
    /// never both be walked.
    ///
    /// One depth-first pass collects the landings (their requirements and captures in
    /// two flat arenas, the current path kept on a stack and truncated on the way back);
    /// landings are then sorted by (cell, push, captures) and only landings with equal
    /// keys are compared, so the cost grows with the landings that could repeat, not
    /// with the square of all landings.
    fn may_repeat(&mut self) -> bool {
        if self.shared {
            // Paths through shared blocks are not enumerated here: the walk removes
            // repeats for sinks that want distinct moves.
            return true;
        }
        // Most trees land on each cell once: then nothing can repeat. Bit sets of the
        // cells landed on, and of those landed on twice, answer that in one pass; only
        // landings on the second kind are compared below.
        let mut landed = std::mem::take(&mut self.landed);
        let words = self
            .nodes
            .iter()
            .map(|n| n.key.target.index() / 64 + 1)
            .max()
            .unwrap_or(0);
        landed.clear();
        landed.resize(2 * words, 0);
        let (once, twice) = landed.split_at_mut(words);
        // A probe (`PUSH` with `EN_PASSANT`) lands nowhere: its children are steps.
        let probe = |flags: u8| flags & Node::PROBE == Node::PROBE;
        for n in &self.nodes {
            if n.land != 0 || (n.key.flags & Node::PUSH != 0 && !probe(n.key.flags)) {
                let (c, bit) = (
                    n.key.target.index() / 64,
                    1u64 << (n.key.target.index() % 64),
                );
                twice[c] |= once[c] & bit;
                once[c] |= bit;
            }
        }
        let repeats = twice.iter().any(|&w| w != 0);
        let twice = twice.to_vec();
        self.landed = landed;
        if !repeats {
            return false;
        }
        let repeated = |c: CellId| twice[c.index() / 64] & (1u64 << (c.index() % 64)) != 0;
        // Swaps are pushes; a friend capture or a conversion beside other landings on
        // its cell is left to the walk's deduplication.
        if self
            .nodes
            .iter()
            .any(|n| n.key.flags & Node::PUSH_TARGET != 0 && n.key.mask & MEET_ACTIONS != 0)
        {
            return true;
        }
        // Sized from the trie, so that they seldom grow.
        let n = self.nodes.len();
        let mut landings: Vec<Landing> = Vec::with_capacity(n);
        let mut needs_arena: Vec<(CellId, u8)> = Vec::with_capacity(8 * n);
        let mut caps_arena: Vec<CellId> = Vec::with_capacity(n);
        // The current path: requirements on the cells passed, and the cells captured.
        let mut needs: Vec<(CellId, u8)> = Vec::with_capacity(64);
        let mut caps: Vec<CellId> = Vec::with_capacity(64);
        // (node, path lengths before it, the requirement and capture its edge adds)
        let mut stack: Vec<Visit> = self
            .roots
            .iter()
            .rev()
            .map(|&r| Visit {
                node: r,
                needs_len: 0,
                caps_len: 0,
                need: None,
                capture: None,
            })
            .collect();
        while let Some(v) = stack.pop() {
            needs.truncate(v.needs_len);
            caps.truncate(v.caps_len);
            needs.extend(v.need);
            caps.extend(v.capture);
            let n = &self.nodes[v.node];
            let mut record = |classes: u8, push: Option<CellId>, extra: Option<(CellId, u8)>| {
                if !repeated(n.key.target) {
                    return;
                }
                let caps_at = caps_arena.len();
                caps_arena.extend_from_slice(&caps);
                caps_arena[caps_at..].sort_unstable();
                let needs_at = needs_arena.len();
                needs_arena.extend_from_slice(&needs);
                needs_arena.extend(extra);
                landings.push(Landing {
                    target: n.key.target,
                    classes,
                    push,
                    caps: caps_at..caps_arena.len(),
                    needs: needs_at..needs_arena.len(),
                });
            };
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
                record(classes, None, None);
            }
            if n.key.flags & Node::PUSH != 0 && !probe(n.key.flags) {
                for c in self.kids(v.node) {
                    let t = &self.nodes[c].key;
                    record(t.mask, Some(t.target), Some((t.target, CLASS_EMPTY)));
                }
                continue;
            }
            let below = stack.len();
            for c in self.kids(v.node) {
                let child = &self.nodes[c];
                stack.push(Visit {
                    node: c,
                    needs_len: needs.len(),
                    caps_len: caps.len(),
                    need: Some((n.key.target, child.key.mask)),
                    capture: (child.key.flags & Node::CAPTURE_PREV != 0).then_some(n.key.target),
                });
            }
            // Visited in the order added.
            stack[below..].reverse();
        }
        // Landings grouped by (cell, push), one integer sort: a group's pairs are then
        // compared on their captures, their classes and their requirements.
        let mut order: Vec<u64> = landings
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let key = (u64::from(l.target.0) << 17) | l.push.map_or(0, |c| u64::from(c.0) + 1);
                (key << 32) | i as u64
            })
            .collect();
        order.sort_unstable();
        // A landing's requirements, its own cell included.
        let reqs = |l: &Landing| {
            needs_arena[l.needs.clone()]
                .iter()
                .copied()
                .chain(std::iter::once((l.target, l.classes)))
        };
        let compatible = |a: &Landing, b: &Landing| {
            // Both are paths of one trie from its roots: where they first differ, they
            // usually ask different things of the same cell (a ride passing a cell
            // empty, a hop over a piece there), which settles it at once.
            let (na, nb) = (&needs_arena[a.needs.clone()], &needs_arena[b.needs.clone()]);
            if let Some((x, y)) = na.iter().zip(nb).find(|(x, y)| x != y) {
                if x.0 == y.0 && x.1 & y.1 == 0 {
                    return false;
                }
            }
            reqs(a).all(|(cell, m)| reqs(b).all(|(c, k)| c != cell || k & m != 0))
        };
        for group in order.chunk_by(|&a, &b| a >> 32 == b >> 32) {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    let (a, b) = (&landings[a as u32 as usize], &landings[b as u32 as usize]);
                    if a.classes & b.classes != 0
                        && caps_arena[a.caps.clone()] == caps_arena[b.caps.clone()]
                        && compatible(a, b)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// A landing found by [`Trie::may_repeat`]: its cell, the classes it lands on, where it
/// pushes, and its captures and requirements as ranges of the arenas.
struct Landing {
    target: CellId,
    classes: u8,
    push: Option<CellId>,
    caps: std::ops::Range<usize>,
    needs: std::ops::Range<usize>,
}

/// A node to visit in [`Trie::may_repeat`]'s depth-first pass.
struct Visit {
    node: usize,
    needs_len: usize,
    caps_len: usize,
    need: Option<(CellId, u8)>,
    capture: Option<CellId>,
}
