//! kernel: the trees of a verified table that have the simplest shape — every path a
//! run of cells entered only while the cells before it are empty, landing as the
//! node says (leapers, riders, lame leapers, the king's and knight's steps) —
//! compiled into flat **rays** that a tight loop runs without the interpreter.
//!
//! Owns the test "does this tree fit" (it reads the nodes' flags, masks and filters)
//! and the flat form. It does not walk over a position: the game layer runs the rays
//! (`game::kernel`), and everything else keeps the interpreter ([`crate::walk`]).
//!
//! A node whose one child goes straight back to the start cell over whatever stands
//! on it, landing there (a pattern marked `pass`), ends its ray and adds one **pass
//! ray**, reported once however many nodes pass (so a `MAY_REPEAT` tree fits when
//! its only repeated move is the pass).
//! A tree fits when its roots carry no `MAY_REPEAT` flag (but for passes) and every node has only
//! landing flags (and `NEW_LEG`), kind filter 0 (any piece), a target that is not the
//! start cell, and, below the roots, the mask "continue on empty" alone (`initial`
//! roots and `en passant` landings fit: the ray keeps both); shared nodes, pushes and
//! captures in passing do not fit.
//! Such a tree is cut into its root-to-leaf paths, in the walk's depth-first order;
//! a node that two paths share lands only on the first of them, so that running the
//! rays in order reports the walk's plies in the walk's order.
//!
//! A tree that is not rays may be **hurdle lines** ([`Kernels::hurdles`]): per root, a
//! line of cells entered over empty cells (the seek part), and below each of its nodes a
//! branch taken when the cell before is a piece (the screen) that goes on over empty
//! cells, landing on them and/or taking the next piece — a xiangqi cannon's file or
//! rank, a Janggi cannon's (which lands only past the screen, and whose kind filter
//! makes other cannons walls), derived from the table's shape alone. A line's nodes
//! share one kind filter; a piece it does not admit is a wall wherever it stands.

use super::layout::{FilterCode, Node, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, MASK_SHARED};
use super::unroll::{TreeView, Unroller};
use super::verify::VerifiedTable;
use crate::ids::{CellId, PieceId, Side};

/// The most steps (all paths together) a tree may flatten into; a bushier tree keeps
/// the interpreter.
const MAX_STEPS: usize = 256;

/// `Step::land` bit of a ray's first step: the root is `initial` (the ray applies
/// only while the piece has not moved). Not a landing bit: the `Node` flag's value.
const INITIAL: u8 = Node::INITIAL;

/// `Step::land` bit of a hurdle line's step ([`Kernels::hurdles`]): a move may end
/// here taking a foe that is the first piece after exactly one screen.
const HOP: u8 = Node::CAPTURE_PREV;

/// `Step::land` bit of a hurdle line's step: a move may end here on an empty cell
/// past exactly one screen (a Janggi cannon). Not a landing bit of rays: the `Node`
/// flag's value, which steps never carry otherwise.
const HOP_EMPTY: u8 = Node::NEW_LEG;

/// `Step::land` bit of a pass ray's one step (the start cell itself): the piece may
/// pass (a null move, the `pass` action), whatever stands around it. Not a landing
/// bit: the `Node` flag's value, which no landing carries.
const PASS: u8 = Node::PUSH;

/// One cell of a ray: the cell and the `Node::LAND_*` and `Node::EN_PASSANT` bits of
/// its node (and `INITIAL` on the first step of an `initial` ray).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The cell.
    pub cell: u16,
    /// [`Node::LAND_EMPTY`] and/or [`Node::LAND_FOE`] (or neither: a cell passed over),
    /// and [`Node::EN_PASSANT`] on a landing that opens the cells before it to en
    /// passant.
    pub land: u8,
}

impl Step {
    /// A move may end here on an empty cell.
    #[inline(always)]
    pub fn lands_empty(self) -> bool {
        self.land & Node::LAND_EMPTY != 0
    }

    /// A move may end here on a foe (a capture).
    #[inline(always)]
    pub fn lands_foe(self) -> bool {
        self.land & Node::LAND_FOE != 0
    }

    /// A move ending here opens the cells before it on its ray to en passant.
    #[inline(always)]
    pub fn en_passant(self) -> bool {
        self.land & Node::EN_PASSANT != 0
    }

    /// The first step of a ray that applies only while the piece has not moved.
    #[inline(always)]
    pub fn initial(self) -> bool {
        self.land & INITIAL != 0
    }

    /// The one step of a pass ray: the move ends where it started, a null move.
    #[inline(always)]
    pub fn passes(self) -> bool {
        self.land & PASS != 0
    }

    /// On a hurdle line: a move may end here on a foe met first after one screen.
    #[inline(always)]
    pub fn hops(self) -> bool {
        self.land & HOP != 0
    }

    /// On a hurdle line: a move may end here on an empty cell past one screen.
    #[inline(always)]
    pub fn hops_empty(self) -> bool {
        self.land & HOP_EMPTY != 0
    }
}

/// Where one hurdle line's steps are in [`Kernels`]' steps, and what it is.
#[derive(Clone, Copy, Debug)]
struct LineAt {
    start: u32,
    len: u16,
    /// How many of the first steps are the seek part (the rest are reached only past
    /// a screen).
    seek: u16,
    /// The line's kind filter (every node's): a piece it does not admit is a wall.
    filter: FilterCode,
}

/// The rays of every (side, piece, start cell) whose tree fits, indexed like the
/// table's roots.
#[derive(Clone, Debug, Default)]
pub struct Kernels {
    /// Per root index: the first ray in `rays` and how many there are, or `None` when
    /// the tree does not fit.
    /// Per root index: the first ray, how many, and whether any of them is special.
    trees: Vec<Option<(u32, u16, bool)>>,
    /// Per ray: its first step in `steps`, its length, and whether it is special: its
    /// root is `initial` (the first step carries [`INITIAL`]) or a landing is `en
    /// passant`.
    rays: Vec<(u32, u16, bool)>,
    steps: Vec<Step>,
    /// Per (side, piece): every tree of it fits.
    whole: Vec<bool>,
    /// Per root index, for trees that are not rays: the first hurdle line in `lines`
    /// and how many there are, or `None` when the tree is not hurdle lines either.
    hurdle_trees: Vec<Option<(u32, u16)>>,
    /// Per hurdle line: where its steps are, its seek part and its filter.
    lines: Vec<LineAt>,
    pieces: usize,
    cells: usize,
    /// The kinds every path treats as a wall (the table's filter 0 does not admit
    /// them: neutral pieces such as the Duck), bit k for piece k; 0 in most games.
    walls: u128,
}

impl Kernels {
    /// Compiles every tree of `table` that fits.
    pub fn build(table: &VerifiedTable) -> Kernels {
        let t = table.table();
        let cells = t.board.cell_count();
        let pieces = t.pieces.len();
        let mut k = Kernels {
            trees: Vec::with_capacity(t.roots.len()),
            rays: Vec::new(),
            steps: Vec::new(),
            whole: vec![true; 2 * pieces],
            hurdle_trees: Vec::with_capacity(t.roots.len()),
            lines: Vec::new(),
            pieces,
            cells,
            walls: 0,
        };
        // In a game with neutral pieces, filter 0 (every plain node's) does not admit
        // them: walls to every path, neither landed on nor passed, as a friend is.
        // Rays carry the set ([`Rays::walls`]); hurdle lines have the filter itself.
        if let Some(f) = t.filters.first() {
            k.walls = match f.mode {
                FilterCode::MODE_ANY => 0,
                FilterCode::MODE_ONLY => !f.mask,
                _ => f.mask,
            };
        }
        let mut path = Vec::new();
        // Trees with shared nodes are read unrolled where they unroll (single legs
        // linked relative on big boards); the others do not fit.
        let mut unroller = Unroller::new(table);
        for side in Side::BOTH {
            for p in 0..pieces {
                for c in 0..cells {
                    let tree = unroller.tree(table, side, PieceId(p as u8), CellId(c as u16));
                    let fits =
                        k.add_tree(tree.ok().flatten(), &t.filters, CellId(c as u16), &mut path);
                    if !fits {
                        k.whole[side.index() * pieces + p] = false;
                    }
                }
            }
        }
        k
    }

    /// Flattens a piece's tree on `from` if it fits; false if not (or if there is no
    /// tree to read).
    fn add_tree(
        &mut self,
        tree: Option<TreeView<'_>>,
        filters: &[FilterCode],
        from: CellId,
        path: &mut Vec<usize>,
    ) -> bool {
        let Some(TreeView { nodes, roots }) = tree else {
            self.trees.push(None);
            self.hurdle_trees.push(None);
            return false;
        };
        let (rays, steps) = (self.rays.len(), self.steps.len());
        // A root that only passes (out and straight back, over any cell) is one pass
        // ray, kept at the first such root's place: the walk reports the pass once.
        // `MAY_REPEAT`: two paths may make the same move, which the walk reports once.
        // Rays cannot dedup; the pass they do report once, so a tree whose only
        // repeats are passes fits (checked below: no two landings on one cell).
        let mut passes = false;
        let fits = roots.flags & !super::layout::RootRange::MAY_REPEAT == 0
            && roots
                .nodes()
                .all(|r| self.add_paths(nodes, from, r, path, (steps, &mut passes)))
            && (roots.flags == 0 || landings_distinct(&self.steps[steps..]));
        if !fits {
            self.rays.truncate(rays);
            self.steps.truncate(steps);
            self.trees.push(None);
            let hurdles = self.add_hurdle_tree(nodes, filters, from, roots);
            self.hurdle_trees.push(hurdles);
            return false;
        }
        self.hurdle_trees.push(None);
        let special = self.rays[rays..].iter().any(|r| r.2);
        self.trees.push(Some((
            rays as u32,
            (self.rays.len() - rays) as u16,
            special,
        )));
        true
    }

    /// Appends the root-to-leaf paths under root `root` (depth first, children in
    /// order); false if a node does not fit.
    /// `tree_start` is the tree's first step: a tree longer than [`MAX_STEPS`] fails.
    /// `passed`: the tree has its pass ray already (a node whose one child is a pass
    /// adds it, after its own ray, unless the tree has it).
    fn add_paths(
        &mut self,
        nodes: &[Node],
        from: CellId,
        root: usize,
        path: &mut Vec<usize>,
        (tree_start, passed): (usize, &mut bool),
    ) -> bool {
        // Depth-first with an explicit stack of (node, depth); `path` holds the nodes
        // from the root to the current one.
        path.clear();
        let mut stack = vec![(root, 0usize)];
        // The depth down to which the current path's nodes were already reported by
        // an earlier path (their landings are not repeated).
        let mut reported = 0usize;
        while let Some((n, depth)) = stack.pop() {
            let node = &nodes[n];
            if !fits(node, from, depth == 0) {
                return false;
            }
            path.truncate(depth);
            reported = reported.min(depth);
            path.push(n);
            let pass = node.child_count == 1 && pass_node(&nodes[node.first_child as usize], from);
            if node.child_count == 0 || pass {
                let start = self.steps.len();
                for (d, &id) in path.iter().enumerate() {
                    let node = &nodes[id];
                    let land = if d < reported {
                        0
                    } else {
                        node.flags & (Node::LAND_EMPTY | Node::LAND_FOE | Node::EN_PASSANT)
                    };
                    self.steps.push(Step {
                        cell: node.target.0,
                        land,
                    });
                }
                if nodes[root].has(Node::INITIAL) {
                    self.steps[start].land |= INITIAL;
                }
                let special = self.steps[start..]
                    .iter()
                    .any(|s| s.land & (INITIAL | Node::EN_PASSANT) != 0);
                self.rays.push((start as u32, path.len() as u16, special));
                reported = path.len();
                if pass && !std::mem::replace(passed, true) {
                    self.steps.push(Step {
                        cell: from.0,
                        land: PASS,
                    });
                    self.rays.push((self.steps.len() as u32 - 1, 1, true));
                }
                if self.steps.len() - tree_start > MAX_STEPS {
                    return false;
                }
            } else {
                for child in node.children().rev() {
                    stack.push((child, depth + 1));
                }
            }
        }
        true
    }

    /// Flattens a tree whose every root starts a hurdle line (see [`Kernels::hurdles`]);
    /// `None` if one does not.
    fn add_hurdle_tree(
        &mut self,
        nodes: &[Node],
        filters: &[FilterCode],
        from: CellId,
        roots: super::layout::RootRange,
    ) -> Option<(u32, u16)> {
        let (lines, steps) = (self.lines.len(), self.steps.len());
        let fits = roots.flags == 0
            && roots
                .nodes()
                .all(|r| self.add_line(nodes, filters, from, r, steps));
        if !fits {
            self.lines.truncate(lines);
            self.steps.truncate(steps);
            return None;
        }
        Some((lines as u32, (self.lines.len() - lines) as u16))
    }

    /// Appends the hurdle line under root `root`; false if the tree there is not one.
    /// `tree_start`: the tree's first step (a tree longer than [`MAX_STEPS`] fails).
    ///
    /// The shape: a chain of nodes entered over empty cells (the root, then one child
    /// with mask "empty" each: the seek part), landing on empty cells and/or on a foe
    /// or nowhere; below each of them, either no screen child at all, or on every one
    /// of them whose cell is not the line's last a child with mask "friend or foe" (the
    /// cell before it is the screen) that starts a chain over the rest of the line's
    /// cells, entered over empty cells, landing on empty cells and/or a foe, the same
    /// cells landing the same way at every screen position. The line may go on past
    /// the seek part (a Janggi cannon's palace diagonal: the screen is the seek part's
    /// one cell). Every node has the root's kind filter.
    fn add_line(
        &mut self,
        nodes: &[Node],
        filters: &[FilterCode],
        from: CellId,
        root: usize,
        tree_start: usize,
    ) -> bool {
        let filter = nodes[root].filter;
        let plain = |n: &Node, mask: u8, flags: u8| {
            n.flags & !(flags | Node::NEW_LEG) == 0
                && n.filter == filter
                && n.target != from
                && n.mask == mask
        };
        let lands = Node::LAND_EMPTY | Node::LAND_FOE;
        // The seek chain over empty cells, and each node's screen child.
        let (mut chain, mut screens) = (Vec::new(), Vec::new());
        let mut n = root;
        loop {
            let mask = if chain.is_empty() { 0 } else { CLASS_EMPTY };
            if !plain(&nodes[n], mask, lands) {
                return false;
            }
            chain.push(n);
            let (mut next, mut screen) = (None, None);
            for c in nodes[n].children() {
                match nodes[c].mask {
                    CLASS_EMPTY if next.is_none() => next = Some(c),
                    m if m == CLASS_FRIEND | CLASS_FOE && screen.is_none() => screen = Some(c),
                    _ => return false,
                }
            }
            screens.push(screen);
            match next {
                Some(c) => n = c,
                None => break,
            }
            if chain.len() > MAX_STEPS {
                return false;
            }
        }
        let seek = chain.len();
        let mut cells: Vec<CellId> = chain.iter().map(|&id| nodes[id].target).collect();
        // The line's length: the first screen's chain says how far it goes.
        let len = match screens.iter().position(Option::is_some) {
            None => seek,
            Some(i) => {
                let mut n = screens[i].unwrap_or(0);
                let mut j = i + 1;
                loop {
                    if j >= cells.len() {
                        cells.push(nodes[n].target);
                    }
                    let mut children = nodes[n].children();
                    match (children.next(), children.next()) {
                        (Some(c), None) if j < 2 * MAX_STEPS => (n, j) = (c, j + 1),
                        (None, None) => break j + 1,
                        _ => return false,
                    }
                }
            }
        };
        // A screen below every seek cell but the line's last, or none at all.
        let hops = len > seek || screens.iter().any(Option::is_some);
        if hops
            && screens
                .iter()
                .enumerate()
                .any(|(i, s)| s.is_some() != (i + 1 < len))
        {
            return false;
        }
        let start = self.steps.len();
        for (j, &cell) in cells.iter().enumerate() {
            let land = chain.get(j).map_or(0, |&id| nodes[id].flags & lands);
            self.steps.push(Step { cell: cell.0, land });
        }
        if hops {
            // Screen on cell i: the chain below must cover cells i + 1 .. len, landing
            // where the other screen positions' chains land.
            let mut landing: Vec<Option<u8>> = vec![None; len];
            for (i, screen) in screens.iter().enumerate().filter(|(i, _)| i + 1 < len) {
                let mut n = screen.unwrap_or(0);
                for j in i + 1..len {
                    let node = &nodes[n];
                    let mask = if j == i + 1 {
                        CLASS_FRIEND | CLASS_FOE
                    } else {
                        CLASS_EMPTY
                    };
                    if !plain(node, mask, lands) || node.target != cells[j] {
                        return false;
                    }
                    let flags = node.flags & lands;
                    if *landing[j].get_or_insert(flags) != flags {
                        return false;
                    }
                    let mut children = node.children();
                    let child = children.next();
                    if children.next().is_some() || child.is_some() != (j + 1 < len) {
                        return false;
                    }
                    n = child.unwrap_or(0);
                }
            }
            for (j, flags) in landing.iter().enumerate() {
                let flags = flags.unwrap_or(0);
                if flags & Node::LAND_FOE != 0 {
                    self.steps[start + j].land |= HOP;
                }
                if flags & Node::LAND_EMPTY != 0 {
                    self.steps[start + j].land |= HOP_EMPTY;
                }
            }
        }
        self.lines.push(LineAt {
            start: start as u32,
            len: len as u16,
            seek: seek as u16,
            filter: filters
                .get(filter as usize)
                .copied()
                .unwrap_or(FilterCode::ANY),
        });
        self.steps.len() - tree_start <= MAX_STEPS
    }

    /// The hurdle lines of `piece` of `side` on `from`, for a tree that is not rays:
    /// `None` when it is not hurdle lines either (or out of range). A hurdle line (a
    /// cannon's file or rank) goes over empty cells of its seek part, where it may
    /// land, to the first piece (the screen), which it may take if its step says so;
    /// past the screen it goes on over empty cells, landing where the steps
    /// [hop to empty cells](Step::hops_empty), to the next piece, which it may take if
    /// a foe and the step [`Step::hops`]. A piece the line's filter does not admit is a
    /// wall ([`HurdleLine::admits`]). Running the lines in order reports the walk's
    /// plies in the walk's order.
    #[inline]
    pub fn hurdles(&self, side: Side, piece: PieceId, from: CellId) -> Option<Hurdles<'_>> {
        let i = (side.index() * self.pieces + piece.index()) * self.cells + from.index();
        let (first, count) = (*self.hurdle_trees.get(i)?)?;
        Some(Hurdles {
            lines: &self.lines[first as usize..first as usize + count as usize],
            steps: &self.steps,
        })
    }

    /// The rays of `piece` of `side` on `from`, in the walk's order, or `None` when
    /// its tree does not fit (or the piece or cell is out of range).
    #[inline]
    pub fn rays(&self, side: Side, piece: PieceId, from: CellId) -> Option<Rays<'_>> {
        let i = (side.index() * self.pieces + piece.index()) * self.cells + from.index();
        let (first, count, special) = (*self.trees.get(i)?)?;
        Some(Rays {
            rays: &self.rays[first as usize..first as usize + count as usize],
            steps: &self.steps,
            special,
            walls: self.walls,
        })
    }

    /// Whether every tree of `piece` of `side` fits.
    pub fn whole(&self, side: Side, piece: PieceId) -> bool {
        self.whole
            .get(side.index() * self.pieces + piece.index())
            .copied()
            .unwrap_or(false)
    }
}

/// The rays of one tree ([`Kernels::rays`]).
#[derive(Clone, Copy)]
pub struct Rays<'a> {
    rays: &'a [(u32, u16, bool)],
    steps: &'a [Step],
    /// Some ray is special: an `initial` root or an `en passant` landing.
    pub special: bool,
    /// The kinds that are walls to every ray (bit k for piece k): a piece of such a
    /// kind stops a ray as a friend does, whatever its side (the game's neutral
    /// pieces); 0 in most games.
    pub walls: u128,
}

impl<'a> Rays<'a> {
    /// The rays in the walk's order, each with its "special" flag.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = (&'a [Step], bool)> {
        let steps = self.steps;
        self.rays
            .iter()
            .map(move |&(s, len, special)| (&steps[s as usize..s as usize + len as usize], special))
    }
}

/// The hurdle lines of one tree ([`Kernels::hurdles`]).
#[derive(Clone, Copy)]
pub struct Hurdles<'a> {
    lines: &'a [LineAt],
    steps: &'a [Step],
}

impl<'a> Hurdles<'a> {
    /// The lines in the walk's order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = HurdleLine<'a>> {
        let steps = self.steps;
        self.lines.iter().map(move |l| HurdleLine {
            steps: &steps[l.start as usize..l.start as usize + l.len as usize],
            seek: l.seek as usize,
            filter: l.filter,
        })
    }
}

/// One hurdle line ([`Hurdles::iter`]).
#[derive(Clone, Copy, Debug)]
pub struct HurdleLine<'a> {
    /// Its cells in order from the start, each with its landings before a screen
    /// ([`Step::lands_empty`], [`Step::lands_foe`]) and past one ([`Step::hops`],
    /// [`Step::hops_empty`]).
    pub steps: &'a [Step],
    /// How many of the first steps are the seek part: the screen is the first piece
    /// among them (the line reaches the rest only past a screen).
    pub seek: usize,
    filter: FilterCode,
}

impl HurdleLine<'_> {
    /// Whether a piece of kind `kind` counts as itself on this line (any other piece is
    /// a wall: no landing on it, no screen, nothing past it).
    #[inline(always)]
    pub fn admits(&self, kind: PieceId) -> bool {
        self.filter.admits(kind.0)
    }

    /// A line every kind counts on, whose seek part is all of it and which lands on
    /// no empty cell past the screen: a xiangqi cannon's (what destination sets read).
    pub fn plain(&self) -> bool {
        self.filter.mode == FilterCode::MODE_ANY
            && self.seek == self.steps.len()
            && !self.steps.iter().any(|s| s.hops_empty())
    }
}

/// Whether `node` (a root when `root`) fits a ray.
/// Whether no two of `steps` (a tree's rays) land on one cell, the pass aside.
fn landings_distinct(steps: &[Step]) -> bool {
    let mut cells: Vec<u16> = steps
        .iter()
        .filter(|s| !s.passes() && s.land & (Node::LAND_EMPTY | Node::LAND_FOE) != 0)
        .map(|s| s.cell)
        .collect();
    let n = cells.len();
    cells.sort_unstable();
    cells.dedup();
    cells.len() == n
}

/// Whether `node` (a child) is a pass and nothing else: straight back to the start
/// cell `from` over whatever stood on the cell before it, landing there, the path's
/// end (a pattern marked `pass`: Janggi's general's `step orthogonal via empty or
/// piece then step back, pass`).
fn pass_node(node: &Node, from: CellId) -> bool {
    node.target == from
        && node.flags & Node::LAND_EMPTY != 0
        && node.flags & !(Node::LAND_EMPTY | Node::LAND_FOE | Node::NEW_LEG) == 0
        && node.filter == 0
        && node.mask == CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE
        && node.child_count == 0
}

fn fits(node: &Node, from: CellId, root: bool) -> bool {
    let mut allowed = Node::LAND_EMPTY | Node::LAND_FOE | Node::NEW_LEG | Node::EN_PASSANT;
    if root {
        allowed |= Node::INITIAL;
    }
    node.flags & !allowed == 0
        && node.filter == 0
        && node.target != from
        && node.mask & MASK_SHARED == 0
        && if root {
            node.mask == 0
        } else {
            node.mask == CLASS_EMPTY
        }
}
