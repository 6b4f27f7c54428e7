//! lines: the attack kernel's lines of one target ([`super::exposure`]), built from
//! the reversed capturing paths into it without a map keyed by whole cell sequences.
//!
//! Every reversed path is a *sequence* of cells (path order, the attacker's cell
//! last). The sequences of a target share prefixes (a rider's are the prefixes of its
//! ray), so they are kept as a trie ([`SeqTrie`]): one node per distinct sequence,
//! found from its parent by one small hash lookup per cell, carrying the kinds that
//! attack along it over empty cells and over one screen. Lines are the sequences no
//! other extends, longest first, then in cell order; each sequence is placed on the
//! first line it is a prefix of. This is the layout the kernel had when it hashed each
//! sequence whole, built in a fraction of the time (no allocation per path).

use crate::ids::{CellId, PieceId, Side};
use crate::table::{ReverseNodeId, ReverseTables};
use crate::walk::reverse::ReverseNode;
use crate::walk::Class;
use rustc_hash::FxHashMap;

/// No screen on the path so far.
const NONE: u32 = u32::MAX;

/// What a cell of a reversed path after the target needs, as the kernel reads it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Need {
    /// An empty cell.
    Empty,
    /// A piece of either side, of any kind: a screen.
    Screen,
    /// Nothing in particular (a leaper's jumped cell).
    Anything,
}

/// What reversed node `n` (not a root) needs of its cell; `None` if the kernel cannot
/// say it (a kind filter, or a class the lines do not carry).
pub(super) fn need(n: &ReverseNode<'_>) -> Option<Need> {
    let any = n.admits_every_kind();
    match [Class::Empty, Class::Friend, Class::Foe].map(|c| n.may_hold(c)) {
        [true, false, false] => Some(Need::Empty),
        [false, true, true] if any => Some(Need::Screen),
        [true, true, true] if any => Some(Need::Anything),
        _ => None,
    }
}

/// Whether the paths under root `n` capture a royal (of the `royal_mask` kinds) on
/// target `t`: `Some(false)` if they capture none, `None` if they capture only some of
/// the royal kinds or the root is not the target (the kernel cannot say it).
pub(super) fn root_takes_royals(n: &ReverseNode<'_>, t: usize, royal_mask: u64) -> Option<bool> {
    if n.cell().index() != t {
        return None;
    }
    if !n.may_hold(Class::Foe) {
        return Some(false);
    }
    let admitted = (0..64)
        .filter(|&k| royal_mask & 1 << k != 0)
        .filter(|&k| n.admits(PieceId(k as u8)))
        .fold(0u64, |m, k| m | 1 << k);
    match admitted {
        0 => Some(false),
        a if a == royal_mask => Some(true),
        _ => None,
    }
}

/// One line of a target: its cells (away from the target) and, per position, the
/// kinds attacking from there over empty cells and over one screen.
pub(crate) struct TargetLine {
    pub(crate) cells: Vec<u16>,
    pub(crate) kinds: Vec<u64>,
    pub(crate) hurdle_kinds: Vec<u64>,
}

/// The sequences of one target as a trie (see the module docs); node 0 is the empty
/// sequence. Kept between targets so that its buffers are allocated once.
#[derive(Default)]
pub(crate) struct SeqTrie {
    /// Per node: its last cell, its parent, its length.
    cell: Vec<u16>,
    parent: Vec<u32>,
    len: Vec<u32>,
    /// Per node: it is a sequence of some path (a leaf's or a facing ray's).
    valued: Vec<bool>,
    /// Per node: the kinds attacking along it over empty cells.
    plain: Vec<u64>,
    /// Per node: the kinds attacking along it over one screen (after `screens`).
    hurdle: Vec<u64>,
    /// (parent, cell) → node.
    children: FxHashMap<(u32, u16), u32>,
    /// (node, screen position, kinds) of the paths with one screen.
    screened: Vec<(u32, u32, u64)>,
    /// Per cell: how many times it is on the current path.
    on_path: Vec<u16>,
    /// The DFS's path: (cell, trie node of the prefix ending there, screen position
    /// so far or [`NONE`], screens so far).
    path: Vec<(u16, u32, u32, u32)>,
}

impl SeqTrie {
    /// Empties the trie for the next target of a board of `cells` cells.
    fn clear(&mut self, cells: usize) {
        self.truncate(0);
        self.cell.clear();
        self.parent.clear();
        self.len.clear();
        self.valued.clear();
        self.plain.clear();
        self.hurdle.clear();
        self.children.clear();
        self.screened.clear();
        self.path.clear();
        if self.on_path.len() != cells {
            self.on_path = vec![0; cells];
        }
        self.push_node(0, u32::MAX, 0);
    }

    fn push_node(&mut self, cell: u16, parent: u32, len: u32) -> u32 {
        let id = self.cell.len() as u32;
        self.cell.push(cell);
        self.parent.push(parent);
        self.len.push(len);
        self.valued.push(false);
        self.plain.push(0);
        self.hurdle.push(0);
        id
    }

    /// The node of `parent`'s sequence followed by `cell`, made if new.
    #[inline]
    fn child(&mut self, parent: u32, cell: u16) -> u32 {
        if let Some(&c) = self.children.get(&(parent, cell)) {
            return c;
        }
        let c = self.push_node(cell, parent, self.len[parent as usize] + 1);
        self.children.insert((parent, cell), c);
        c
    }

    /// The trie node of the path so far.
    #[inline]
    fn at(&self) -> u32 {
        self.path.last().map_or(0, |p| p.1)
    }

    /// Cuts the DFS path back to `depth` cells.
    #[inline]
    fn truncate(&mut self, depth: usize) {
        while self.path.len() > depth {
            let (c, ..) = self.path.pop().expect("longer than depth");
            self.on_path[c as usize] -= 1;
        }
    }

    /// Adds the reversed paths into `t` by which `by` captures a royal there (see
    /// [`SeqTrie::build`]). `None` if some path does not fit the kernel.
    fn paths(&mut self, rev: &ReverseTables, by: Side, t: usize, royal_mask: u64) -> Option<()> {
        // (node, path length above it, is a root)
        let mut stack: Vec<(ReverseNodeId, usize, bool)> = rev
            .roots(by, CellId(t as u16))
            .map(|id| (id, 0, true))
            .collect();
        stack.reverse();
        // Cells on the path more than once, or the target's.
        let mut repeats = 0usize;
        while let Some((id, depth, root)) = stack.pop() {
            while self.path.len() > depth {
                let (c, ..) = self.path.pop().expect("longer than depth");
                self.on_path[c as usize] -= 1;
                if self.on_path[c as usize] > 0 || c as usize == t {
                    repeats -= 1;
                }
            }
            let n = rev.node(id);
            let cell = n.cell().0;
            if root {
                if !root_takes_royals(&n, t, royal_mask)? {
                    continue;
                }
            } else {
                let screen = match need(&n)? {
                    Need::Empty => Some(false),
                    Need::Screen => Some(true),
                    Need::Anything => None,
                };
                if let Some(screen) = screen {
                    let (_, _, at, screens) = self.path.last().copied().unwrap_or((0, 0, NONE, 0));
                    let pos = self.path.len() as u32;
                    let node = self.child(self.at(), cell);
                    let c = cell as usize;
                    if self.on_path[c] > 0 || c == t {
                        repeats += 1;
                    }
                    self.on_path[c] += 1;
                    let (at, screens) = if screen {
                        (if at == NONE { pos } else { at }, screens + 1)
                    } else {
                        (at, screens)
                    };
                    self.path.push((cell, node, at, screens));
                }
            }
            let (_, _, screen_at, screens) = self.path.last().copied().unwrap_or((0, 0, NONE, 0));
            for leaf in n.leaves() {
                if leaf.initial() {
                    return None;
                }
                let c = leaf.cell().index();
                if repeats > 0 || self.on_path[c] > 0 || c == t {
                    return None;
                }
                let node = self.child(self.at(), leaf.cell().0);
                self.valued[node as usize] = true;
                // The kernel's kind sets are u64: it is built only for games of at most
                // 64 kinds (`Exposure::build`).
                let kinds = u64::try_from(leaf.kinds()).ok()?;
                match screens {
                    0 => self.plain[node as usize] |= kinds,
                    1 => self.screened.push((node, screen_at, kinds)),
                    _ => return None,
                }
            }
            let depth = self.path.len();
            let at = stack.len();
            stack.extend(n.children().map(|c| (c, depth, false)));
            stack[at..].reverse();
        }
        self.truncate(0);
        // Every screen position before the leaf, each once, all with the same kinds.
        self.screened.sort_unstable();
        self.screened.dedup();
        let mut i = 0;
        while i < self.screened.len() {
            let node = self.screened[i].0;
            let end = i + self.screened[i..]
                .iter()
                .take_while(|s| s.0 == node)
                .count();
            let list = &self.screened[i..end];
            let kinds = list[0].2;
            let full = list.len() == self.len[node as usize] as usize - 1
                && list
                    .iter()
                    .enumerate()
                    .all(|(k, &(_, s, x))| s == k as u32 && x == kinds);
            if !full {
                return None;
            }
            self.hurdle[node as usize] = kinds;
            i = end;
        }
        Some(())
    }

    /// The lines of target `t` for attacks by `by` on pieces of the `royal_mask`
    /// kinds, with the royal-facing rays `facing` (nearest first) attacking with the
    /// royal kinds; `None` if some path does not fit the kernel.
    pub(crate) fn build(
        &mut self,
        rev: &ReverseTables,
        (by, t): (Side, usize),
        royal_mask: u64,
        facing: Option<&[Vec<CellId>; 2]>,
    ) -> Option<Vec<TargetLine>> {
        self.clear(rev.cell_count());
        self.paths(rev, by, t, royal_mask)?;
        for ray in facing.into_iter().flatten() {
            let mut node = 0;
            for c in ray {
                node = self.child(node, c.0);
                self.valued[node as usize] = true;
                self.plain[node as usize] |= royal_mask;
            }
        }
        Some(self.lines())
    }

    /// The sequence of `node`, in path order.
    fn sequence(&self, mut node: u32) -> Vec<u16> {
        let mut seq = vec![0; self.len[node as usize] as usize];
        while node != 0 {
            seq[self.len[node as usize] as usize - 1] = self.cell[node as usize];
            node = self.parent[node as usize];
        }
        seq
    }

    /// Lays the sequences out as lines (see the module docs).
    fn lines(&self) -> Vec<TargetLine> {
        // A sequence that no other valued one extends starts a line. Children come
        // after their parents, so one pass from the last node finds, per node,
        // whether a valued sequence extends it.
        let mut extended = vec![false; self.cell.len()];
        for n in (1..self.cell.len()).rev() {
            if self.valued[n] || extended[n] {
                extended[self.parent[n] as usize] = true;
            }
        }
        let mut ends: Vec<(Vec<u16>, u32)> = (1..self.cell.len() as u32)
            .filter(|&n| self.valued[n as usize] && !extended[n as usize])
            .map(|n| (self.sequence(n), n))
            .collect();
        ends.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        let mut placed = vec![u32::MAX; self.cell.len()];
        let mut out = Vec::with_capacity(ends.len());
        for (l, (cells, end)) in ends.into_iter().enumerate() {
            let mut line = TargetLine {
                kinds: vec![0; cells.len()],
                hurdle_kinds: vec![0; cells.len()],
                cells,
            };
            let mut node = end;
            // Each node on the way up not yet on a line goes on this one; the first
            // already placed has all its prefixes placed by the same earlier line.
            while node != 0 && placed[node as usize] == u32::MAX {
                placed[node as usize] = l as u32;
                let at = self.len[node as usize] as usize - 1;
                line.kinds[at] = self.plain[node as usize];
                line.hurdle_kinds[at] = self.hurdle[node as usize];
                node = self.parent[node as usize];
            }
            out.push(line);
        }
        out
    }
}

#[cfg(test)]
mod tests;
