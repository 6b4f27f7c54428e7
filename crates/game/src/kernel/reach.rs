//! reach: the destinations of a piece whose tree the table compiled into rays
//! ([`crate::table::Kernels`]), as one cell set computed with word operations — for
//! counting moves by destination (`count_legal`), and writing them into the engine's
//! list as a set (`legal_list`), without walking the rays cell by cell. A tree's rays
//! of one cell each (a leaper's) are merged into one set of independent cells.
//!
//! A ray goes on over empty cells, lands where its steps say (on an empty cell, on a
//! foe) and ends at the first occupied cell; as a set: the landing cells before the
//! first blocker, and the blocker if it is a foe the step may take. A piece has a reach
//! when every ray lists its cells in rising or falling id order and no two rays land
//! on one cell (so that the union counts each move once); an `initial` ray counts only
//! for a piece that has not moved, and an `en passant` landing is an ordinary one here
//! (the cells it opens do not change the count). A tree of one ray keeps its ray (a
//! xiangqi soldier before the river: the loop is cheaper than the sets there, measured),
//! and so do trees that do not fit.

use super::bits::Bits;
use crate::ids::{CellId, PieceId, Side};
use crate::table::{Kernels, Step};

/// The widest sets (in machine words) that reaches are built for: on a bigger board a
/// ray's set operations cost more than running it cell by cell (measured on 26×26,
/// docs/performance.md, issue 17).
const MAX_WORDS: usize = 2;

/// One ray as sets: its cells, those it lands on when empty, those it takes a foe on
/// (as the first piece met; on a hurdle line, `hop`: as the first after the screen).
#[derive(Clone, Copy, Debug)]
struct Ray<B> {
    cells: B,
    empty: B,
    foe: B,
    hop: B,
    /// Cell ids rise along the ray (else they fall).
    up: bool,
    /// An `initial` ray: only for a piece that has not moved.
    initial: bool,
    /// Not one ray but the union of a tree's rays of one cell each (a leaper's): every
    /// cell is its own ray, landed on when empty (`empty`) or holding a foe (`foe`).
    leaps: bool,
}

/// The rays of one tree as [`Reach::planned`] lays them out: from `first`, the merged
/// leaps (if `leaps`), then `up` rays whose ids rise, then `down` whose ids fall;
/// `initial`: some ray is `initial` (then [`Reach::of_planned`] asks per ray).
/// `swept`: the tree's [`Swept`] form, or [`NOT_SWEPT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tree {
    first: u32,
    swept: u32,
    leaps: bool,
    up: u16,
    down: u16,
    initial: bool,
}

/// [`Tree::swept`] of a tree without a [`Swept`] form.
const NOT_SWEPT: u32 = u32::MAX;

/// A tree whose rays share no cell (none `initial`, none a hurdle line) as sets: its
/// merged leaps' cells (always in sight), its other rays paired one rising with one
/// falling ([`Bits::in_sight`] answers a pair at once), and where its moves land:
/// `empty` on an empty cell, `foe` on a foe. The destinations are the cells in sight
/// where they land (a ray's cells before its first blocker are empty, so only the
/// blocker may hold a foe; no cell is on two rays, so each cell's landing is its own
/// ray's).
#[derive(Clone, Copy, Debug)]
struct Swept<B> {
    leaps: B,
    empty: B,
    foe: B,
    /// (first, end) in [`Reach::pairs`].
    pairs: (u32, u32),
}

/// The rays of every (side, piece, cell) that has a reach.
#[derive(Clone, Debug)]
pub(crate) struct Reach<B> {
    pieces: usize,
    cells: usize,
    /// `[(side * pieces + piece) * cells + cell]`: (first ray, count); count 0: none.
    trees: Vec<(u32, u32)>,
    /// The same for the trees whose rays are hurdle lines.
    hurdle_trees: Vec<(u32, u32)>,
    /// `[side * pieces + piece]`: the cells from which the piece's moves are told by
    /// their destinations ([`Reach::sets`]).
    sets: Vec<B>,
    /// Per tree, as `trees`: (first, count) of its en passant landings in `ep_cells`.
    ep_trees: Vec<(u32, u32)>,
    /// (landing cell, the one cell a move ending there opens to en passant).
    ep_cells: Vec<(u16, u16)>,
    rays: Vec<Ray<B>>,
    /// Per tree, as `trees`: its index in `swept`, or [`NOT_SWEPT`].
    tree_swept: Vec<u32>,
    /// The trees' [`Swept`] forms.
    swept: Vec<Swept<B>>,
    /// The ray pairs of the swept forms: (rising ray's cells, falling ray's cells),
    /// either possibly empty.
    pairs: Vec<(B, B)>,
}

impl<B: Bits> Reach<B> {
    /// Whether reaches are built at this word width (else [`Reach::of`] is always
    /// `None`, and callers skip asking).
    pub(crate) const BUILT: bool = B::WORDS <= MAX_WORDS;

    /// The reaches of the pieces whose rays fit (see the module docs); none on boards
    /// of more than [`MAX_WORDS`] words.
    pub(crate) fn build(kernels: &Kernels, pieces: usize, cells: usize) -> Reach<B> {
        let mut r = Reach {
            pieces,
            cells,
            trees: Vec::with_capacity(2 * pieces * cells),
            hurdle_trees: Vec::with_capacity(2 * pieces * cells),
            sets: vec![B::ZERO; 2 * pieces],
            ep_trees: Vec::with_capacity(2 * pieces * cells),
            ep_cells: Vec::new(),
            rays: Vec::new(),
            tree_swept: Vec::with_capacity(2 * pieces * cells),
            swept: Vec::new(),
            pairs: Vec::new(),
        };
        if B::WORDS > MAX_WORDS {
            r.tree_swept.resize(2 * pieces * cells, NOT_SWEPT);
            r.trees.resize(2 * pieces * cells, (0, 0));
            r.hurdle_trees.resize(2 * pieces * cells, (0, 0));
            r.ep_trees.resize(2 * pieces * cells, (0, 0));
            return r;
        }
        for side in Side::BOTH {
            for p in 0..pieces {
                for c in 0..cells {
                    let start = r.rays.len();
                    let at = (side, PieceId(p as u8), CellId(c as u16));
                    let fits = kernels.rays(at.0, at.1, at.2).is_some_and(|rays| {
                        // A pass ray (a null move) is not a destination set's.
                        rays.iter().nth(1).is_some()
                            && !rays.iter().any(|(ray, _)| ray.iter().any(|s| s.passes()))
                            && r.add(rays.iter().map(|(ray, _)| ray), true)
                    });
                    let hurdles = !fits
                        && kernels
                            .hurdles(at.0, at.1, at.2)
                            .filter(|lines| lines.iter().all(|l| l.plain()))
                            .is_some_and(|lines| r.add(lines.iter().map(|l| l.steps), false));
                    if !(fits || hurdles) {
                        r.rays.truncate(start);
                    }
                    let count = (r.rays.len() - start) as u32;
                    // En passant landings: told by their destination when each opens
                    // exactly one cell (the compact move's one en passant cell).
                    let ep_start = r.ep_cells.len();
                    let mut told = fits || hurdles;
                    if fits {
                        for (ray, _) in kernels
                            .rays(at.0, at.1, at.2)
                            .into_iter()
                            .flat_map(|t| t.iter())
                        {
                            for (k, s) in ray.iter().enumerate() {
                                if s.en_passant() {
                                    told &= k == 1;
                                    r.ep_cells.push((s.cell, ray[0].cell));
                                }
                            }
                        }
                    }
                    if !told {
                        r.ep_cells.truncate(ep_start);
                    } else {
                        r.sets[side.index() * pieces + p] |= B::bit(c);
                    }
                    r.ep_trees
                        .push((ep_start as u32, (r.ep_cells.len() - ep_start) as u32));
                    let (rays, lines) = if hurdles { (0, count) } else { (count, 0) };
                    let swept = if fits { r.sweep(start, c) } else { NOT_SWEPT };
                    r.tree_swept.push(swept);
                    r.trees.push((start as u32, rays));
                    r.hurdle_trees.push((start as u32, lines));
                }
            }
        }
        r
    }

    /// Adds the rays of one tree; false if they do not fit. With `merge`, its rays of
    /// one cell (not `initial`) become one [`Ray::leaps`], first.
    fn add<'a>(&mut self, rays: impl Iterator<Item = &'a [Step]>, merge: bool) -> bool {
        let mut landed = B::ZERO;
        let mut leaps = Ray {
            cells: B::ZERO,
            empty: B::ZERO,
            foe: B::ZERO,
            hop: B::ZERO,
            up: true,
            initial: false,
            leaps: true,
        };
        let at = self.rays.len();
        let mut merged = 0;
        for steps in rays {
            let up = steps.windows(2).all(|w| w[0].cell < w[1].cell);
            let down = steps.windows(2).all(|w| w[0].cell > w[1].cell);
            if !(up || down) || steps.iter().any(|s| s.cell as usize >= B::CELLS) {
                return false;
            }
            let mut ray = Ray {
                cells: B::ZERO,
                empty: B::ZERO,
                foe: B::ZERO,
                hop: B::ZERO,
                up,
                initial: steps.first().is_some_and(|s| s.initial()),
                leaps: false,
            };
            for s in steps {
                let bit = B::bit(s.cell as usize);
                ray.cells |= bit;
                if s.lands_empty() {
                    ray.empty |= bit;
                }
                if s.lands_foe() {
                    ray.foe |= bit;
                }
                if s.hops() {
                    ray.hop |= bit;
                }
            }
            let lands = ray.empty | ray.foe | ray.hop;
            if !(landed & lands).is_zero() {
                return false;
            }
            landed |= lands;
            if merge && steps.len() == 1 && !ray.initial && ray.hop.is_zero() {
                leaps.cells |= ray.cells;
                leaps.empty |= ray.empty;
                leaps.foe |= ray.foe;
                merged += 1;
            } else {
                self.rays.push(ray);
            }
        }
        // The rays whose ids rise before those whose ids fall ([`Reach::planned`]):
        // the union does not depend on the order.
        if self.rays[at..].windows(2).any(|w| !w[0].up && w[1].up) {
            self.rays[at..].sort_by_key(|r| !r.up);
        }
        if merged > 0 {
            self.rays.insert(at, leaps);
        }
        true
    }

    /// The [`Swept`] form of the tree from cell `from` whose rays start at `at` (the
    /// last laid out), or [`NOT_SWEPT`] when two of its rays share a cell, one is
    /// `initial`, or a ray whose ids rise (fall) has a cell below (above) `from`.
    fn sweep(&mut self, at: usize, from: usize) -> u32 {
        let rays = &self.rays[at..];
        let (below, above) = (B::below(from), !(B::below(from) | B::bit(from)));
        let mut seen = B::ZERO;
        for r in rays {
            let side = if r.up { above } else { below };
            if r.initial
                || !r.hop.is_zero()
                || !(seen & r.cells).is_zero()
                || (!r.leaps && !(r.cells & !side).is_zero())
            {
                return NOT_SWEPT;
            }
            seen |= r.cells;
        }
        let leaps = rays
            .first()
            .filter(|r| r.leaps)
            .map_or(B::ZERO, |r| r.cells);
        let lines = &rays[usize::from(!leaps.is_zero())..];
        let mut up = lines.iter().filter(|r| r.up).map(|r| r.cells);
        let mut down = lines.iter().filter(|r| !r.up).map(|r| r.cells);
        let first = self.pairs.len() as u32;
        loop {
            match (up.next(), down.next()) {
                (None, None) => break,
                (u, d) => self
                    .pairs
                    .push((u.unwrap_or(B::ZERO), d.unwrap_or(B::ZERO))),
            }
        }
        let swept = Swept {
            leaps,
            empty: rays.iter().fold(B::ZERO, |s, r| s | r.empty),
            foe: rays.iter().fold(B::ZERO, |s, r| s | r.foe),
            pairs: (first, self.pairs.len() as u32),
        };
        self.swept.push(swept);
        (self.swept.len() - 1) as u32
    }

    /// The destinations of the piece `piece` of `side` on `from` (`occ`: every
    /// occupied cell, `foes`: the other side's; `unmoved`: whether the piece has not
    /// moved, asked only for an `initial` ray), or `None` if it has no reach.
    #[inline(always)]
    pub(crate) fn of(
        &self,
        (side, piece, from): (Side, PieceId, usize),
        occ: B,
        foes: B,
        unmoved: impl Fn() -> bool,
    ) -> Option<B> {
        let (first, count) = self.tree(side, piece, from);
        if count == 0 {
            return self.hurdles(side.index(), piece.index(), from, occ, foes);
        }
        Some(self.of_tree((first, count), occ, foes, unmoved))
    }

    /// The rays of `piece` of `side` on `from` as (first, count) for
    /// [`Reach::of_tree`]; count 0 when it has no reach of rays (it may have one of
    /// hurdle lines, which [`Reach::of`] answers).
    #[inline(always)]
    pub(crate) fn tree(&self, side: Side, piece: PieceId, from: usize) -> (u32, u32) {
        self.trees[(side.index() * self.pieces + piece.index()) * self.cells + from]
    }

    /// The rays of `piece` of `side` on `from` laid out for [`Reach::of_planned`], or
    /// `None` when it has no reach of rays.
    pub(crate) fn planned(&self, side: Side, piece: PieceId, from: usize) -> Option<Tree> {
        let (first, count) = self.tree(side, piece, from);
        let rays = &self.rays[first as usize..(first + count) as usize];
        let leaps = rays.first()?.leaps;
        let rest = &rays[usize::from(leaps)..];
        let up = rest.iter().take_while(|r| r.up).count();
        let swept =
            self.tree_swept[(side.index() * self.pieces + piece.index()) * self.cells + from];
        Some(Tree {
            first,
            swept,
            leaps,
            up: u16::try_from(up).ok()?,
            down: u16::try_from(rest.len() - up).ok()?,
            initial: rays.iter().any(|r| r.initial),
        })
    }

    /// [`Reach::of`] for the rays of a tree laid out by [`Reach::planned`]: the
    /// merged leaps, then the rays whose ids rise, then those whose ids fall, each
    /// loop without a test per ray of what kind of ray it is.
    #[inline(always)]
    pub(crate) fn of_planned(&self, t: Tree, occ: B, foes: B, unmoved: impl Fn() -> bool) -> B {
        if t.swept != NOT_SWEPT {
            return self.of_swept(t.swept, occ, foes);
        }
        let n = u32::from(t.leaps) + u32::from(t.up) + u32::from(t.down);
        if t.initial {
            return self.of_tree((t.first, n), occ, foes, unmoved);
        }
        let mut at = t.first as usize;
        let mut to = B::ZERO;
        if t.leaps {
            let r = &self.rays[at];
            to = r.empty & !occ | r.foe & foes;
            at += 1;
        }
        let (up, down) = (usize::from(t.up), usize::from(t.down));
        for r in &self.rays[at..at + up] {
            let b = occ & r.cells;
            if b.is_zero() {
                to |= r.empty;
                continue;
            }
            let c = b.lowest();
            to |= r.empty & B::below(c) | r.foe & foes & B::bit(c);
        }
        for r in &self.rays[at + up..at + up + down] {
            let b = occ & r.cells;
            if b.is_zero() {
                to |= r.empty;
                continue;
            }
            let c = b.highest();
            to |= r.empty & !(B::below(c) | B::bit(c)) | r.foe & foes & B::bit(c);
        }
        to
    }

    /// The swept form of the tree `t` ([`Swept`]), if it has one: its index for
    /// [`Reach::of_swept`].
    pub(crate) fn swept_of(&self, t: Tree) -> Option<u32> {
        (t.swept != NOT_SWEPT).then_some(t.swept)
    }

    /// [`Reach::of_planned`] of a tree with the swept form `w` ([`Reach::swept_of`]):
    /// the cells in sight (the leaps, each pair of rays at once) where its moves land.
    #[inline(always)]
    pub(crate) fn of_swept(&self, w: u32, occ: B, foes: B) -> B {
        let s = &self.swept[w as usize];
        let mut sight = s.leaps;
        for &(up, down) in &self.pairs[s.pairs.0 as usize..s.pairs.1 as usize] {
            sight |= B::in_sight(up, down, occ);
        }
        sight & (s.empty & !occ | s.foe & foes)
    }

    /// Every cell a move of the tree `(first, count)` ([`Reach::tree`]) may end on,
    /// whatever the board holds.
    pub(crate) fn landings(&self, (first, count): (u32, u32)) -> B {
        self.rays[first as usize..(first + count) as usize]
            .iter()
            .fold(B::ZERO, |s, r| s | r.empty | r.foe | r.hop)
    }

    /// [`Reach::of`] for the rays `(first, count)` of a tree ([`Reach::tree`], count
    /// above 0), looked up once by the caller.
    #[inline(always)]
    pub(crate) fn of_tree(
        &self,
        (first, count): (u32, u32),
        occ: B,
        foes: B,
        unmoved: impl Fn() -> bool,
    ) -> B {
        let mut to = B::ZERO;
        for ray in &self.rays[first as usize..(first + count) as usize] {
            if ray.initial && !unmoved() {
                continue;
            }
            if ray.leaps {
                to |= ray.empty & !occ | ray.foe & foes;
                continue;
            }
            let b = occ & ray.cells;
            if b.is_zero() {
                to |= ray.empty;
                continue;
            }
            let (blocker, before) = if ray.up {
                let c = b.lowest();
                (c, B::below(c))
            } else {
                let c = b.highest();
                (c, !(B::below(c) | B::bit(c)))
            };
            to |= ray.empty & before | ray.foe & foes & B::bit(blocker);
        }
        to
    }

    /// The cells from which the moves of `piece` of `side` are told by their
    /// destinations alone: it has a reach there, and each landing of its tree that
    /// opens cells to en passant opens exactly one. From those cells its moves are
    /// exactly one per cell of [`Reach::of`], a capture where a foe stands, opening to
    /// en passant the cell [`Reach::ep_cells`] gives for its destination.
    #[inline(always)]
    pub(crate) fn sets(&self, side: Side, piece: PieceId) -> B {
        self.sets[side.index() * self.pieces + piece.index()]
    }

    /// For a piece of [`Reach::sets`]: its en passant landings from `from`, as
    /// (landing cell, the cell a move ending there opens).
    #[inline(always)]
    pub(crate) fn ep_cells(&self, side: Side, piece: PieceId, from: usize) -> &[(u16, u16)] {
        let (first, count) =
            self.ep_trees[(side.index() * self.pieces + piece.index()) * self.cells + from];
        &self.ep_cells[first as usize..(first + count) as usize]
    }

    /// [`Reach::of`] for hurdle lines: the landings before the screen, the screen if
    /// the line takes a foe there, the first piece after it if a foe the line hops to.
    #[inline(never)]
    fn hurdles(&self, side: usize, piece: usize, from: usize, occ: B, foes: B) -> Option<B> {
        let (first, count) = self.hurdle_trees[(side * self.pieces + piece) * self.cells + from];
        if count == 0 {
            return None;
        }
        let mut to = B::ZERO;
        for ray in &self.rays[first as usize..(first + count) as usize] {
            let b = occ & ray.cells;
            if b.is_zero() {
                to |= ray.empty;
                continue;
            }
            let (screen, before) = if ray.up {
                let c = b.lowest();
                (c, B::below(c))
            } else {
                let c = b.highest();
                (c, !(B::below(c) | B::bit(c)))
            };
            to |= ray.empty & before | ray.foe & foes & B::bit(screen);
            let rest = b ^ B::bit(screen);
            if !rest.is_zero() {
                let next = if ray.up {
                    rest.lowest()
                } else {
                    rest.highest()
                };
                to |= ray.hop & foes & B::bit(next);
            }
        }
        Some(to)
    }
}
