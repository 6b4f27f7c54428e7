//! map: the distance map of one piece ([`DistanceMap`], the read-only view) and what
//! keeps it current ([`PieceMap`]): one cached walk per cell the piece can stand on,
//! the cells each walk read, and the breadth-first search over the cached walks.
//!
//! A walk from cell `x` is the forward walk of the table for the piece's kind and side
//! from `x`, over the board as it is with the piece's own cell emptied (the piece has
//! left it). The walk's landings are the cells one move from `x`; the cells it read
//! are recorded through the occupancy view, so a change on a cell no walk read cannot
//! change the map. Does not own which maps exist or when they are refreshed
//! (`super::DistanceMaps`).

use std::cell::RefCell;

use crate::ids::{CellId, PieceId, Side};
use crate::position::MOVED;
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};

/// The distance of a cell the piece cannot reach.
pub(super) const UNREACHED: u16 = u16::MAX;

/// How many moves one piece needs to reach every cell, in one position.
///
/// See the [module docs](super) for what "reach" means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceMap {
    side: Side,
    piece: PieceId,
    origin: CellId,
    /// Per cell: the distance, or [`UNREACHED`].
    dist: Vec<u16>,
}

impl DistanceMap {
    /// The side of the piece.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The kind of the piece.
    pub fn piece(&self) -> PieceId {
        self.piece
    }

    /// The cell the piece stands on (distance 0).
    pub fn origin(&self) -> CellId {
        self.origin
    }

    /// The number of moves the piece needs to reach `cell`; `None` if it never can in
    /// this position (or the cell is not on the board).
    pub fn get(&self, cell: CellId) -> Option<u16> {
        match self.dist.get(cell.index()) {
            Some(&d) if d != UNREACHED => Some(d),
            _ => None,
        }
    }

    /// Every cell's distance, indexed by cell id: `None` where unreachable.
    pub fn distances(&self) -> impl Iterator<Item = Option<u16>> + '_ {
        self.dist.iter().map(|&d| (d != UNREACHED).then_some(d))
    }

    /// The cells reached in at most `moves` moves (the origin included), by cell id.
    pub fn within(&self, moves: u16) -> impl Iterator<Item = CellId> + '_ {
        self.dist
            .iter()
            .enumerate()
            .filter(move |&(_, &d)| d <= moves)
            .map(|(i, _)| CellId(i as u16))
    }

    /// The number of cells reached in exactly `moves` moves (`1`: the piece's
    /// mobility, as far as its table walk goes).
    pub fn count_at(&self, moves: u16) -> usize {
        self.dist.iter().filter(|&&d| d == moves).count()
    }

    /// The number of cells the piece can reach at all (the origin included).
    pub fn reachable(&self) -> usize {
        self.dist.iter().filter(|&&d| d != UNREACHED).count()
    }

    /// The largest finite distance (0 for a piece that cannot move).
    pub fn farthest(&self) -> u16 {
        self.dist
            .iter()
            .copied()
            .filter(|&d| d != UNREACHED)
            .max()
            .unwrap_or(0)
    }

    pub(super) fn raw(&self) -> &[u16] {
        &self.dist
    }
}

/// The board a cached walk sees: the real board with the piece's own cell empty, and
/// a record of every cell the walk read.
struct Recording<'a> {
    board: &'a [Occupant],
    origin: CellId,
    /// Whether the piece at the origin has not moved yet (`initial` patterns apply
    /// only there: anywhere else it has moved to get there).
    origin_unmoved: bool,
    reads: RefCell<Reads<'a>>,
}

/// The cells a walk read, each once: a walk through a large tree (a Monolith's four
/// leaps) reads the same cells thousands of times.
struct Reads<'a> {
    list: &'a mut Vec<u16>,
    /// Per cell: the stamp of the walk that last read it.
    marks: &'a mut [u32],
    stamp: u32,
}

impl Occupancy for Recording<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        let mut reads = self.reads.borrow_mut();
        let stamp = reads.stamp;
        if let Some(mark) = reads.marks.get_mut(cell.index()) {
            if *mark != stamp {
                *mark = stamp;
                reads.list.push(cell.0);
            }
        }
        drop(reads);
        if cell == self.origin {
            Occupant::EMPTY
        } else {
            self.board.occupant(cell)
        }
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        cell == self.origin && self.origin_unmoved
    }
}

/// Collects the cells where a walk lands.
struct Landings<'a>(&'a mut Vec<u16>);

impl Sink for Landings<'_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        self.0.push(ply.to.0);
    }
}

/// What one refresh of one map cost (added into [`super::UpdateStats`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Work {
    pub walks: u64,
    pub searches: u64,
}

/// The board state a walk runs on.
pub(super) struct BoardView<'a> {
    pub cells: &'a [Occupant],
    /// Per cell: the position's marks byte (only its [`MOVED`] bit is read).
    pub marks: &'a [u8],
}

/// A distance map with its cached walks.
pub(super) struct PieceMap {
    pub(super) view: DistanceMap,
    /// 64-bit words per cell set.
    words: usize,
    /// Bit `x`: `edges[x]` and `reads[x]` are current.
    walked: Vec<u64>,
    /// Per cell `x`: the cells one move from `x`, sorted, distinct.
    edges: Vec<Vec<u16>>,
    /// Per cell `x`: the cells the walk from `x` read, each once.
    reads: Vec<Vec<u16>>,
    /// `[z * words ..][..words]`: bit `x` set if the walk from `x` read cell `z` (may
    /// keep stale bits of walks no longer current: they only cost a needless check).
    readers: Vec<u64>,
    /// The distances must be searched again (new origin or fresh map).
    stale: bool,
    queue: Vec<u16>,
    /// Scratch: the landings of a walk before it was walked again.
    before: Vec<u16>,
    /// Scratch of [`Reads`]: per cell, the stamp of the last walk that read it.
    marks: Vec<u32>,
    stamp: u32,
}

impl PieceMap {
    /// An empty map for a board of `cells` cells; [`PieceMap::reset`] gives it a piece.
    pub(super) fn new(cells: usize) -> PieceMap {
        let words = cells.div_ceil(64);
        PieceMap {
            view: DistanceMap {
                side: Side::First,
                piece: PieceId(0),
                origin: CellId(0),
                dist: vec![UNREACHED; cells],
            },
            words,
            walked: vec![0; words],
            edges: vec![Vec::new(); cells],
            reads: vec![Vec::new(); cells],
            readers: vec![0; words * cells],
            stale: true,
            queue: Vec::with_capacity(cells),
            before: Vec::new(),
            marks: vec![0; cells],
            stamp: 0,
        }
    }

    /// Forgets every cached walk and gives the map a new piece.
    pub(super) fn reset(&mut self, side: Side, piece: PieceId, origin: CellId) {
        self.view.side = side;
        self.view.piece = piece;
        self.view.origin = origin;
        self.walked.fill(0);
        self.readers.fill(0);
        for r in &mut self.reads {
            r.clear();
        }
        self.stale = true;
    }

    /// The same piece now stands on `origin`: walks that read a changed cell are
    /// dropped by [`PieceMap::refresh`]; the walks from the old and the new origin are
    /// dropped here (whether the piece is unmoved there has changed).
    pub(super) fn relocate(&mut self, origin: CellId) {
        let old = self.view.origin;
        self.unwalk(old.index());
        self.unwalk(origin.index());
        self.view.origin = origin;
        self.stale = true;
    }

    fn unwalk(&mut self, x: usize) {
        self.walked[x / 64] &= !(1 << (x % 64));
    }

    fn is_walked(&self, x: usize) -> bool {
        self.walked[x / 64] >> (x % 64) & 1 != 0
    }

    /// Brings the map up to date after the cells in `changed` (sorted, distinct)
    /// changed on `board`. `affected` is scratch space of `words` words.
    pub(super) fn refresh(
        &mut self,
        walker: &mut Walker<'_>,
        board: &BoardView<'_>,
        changed: &[u16],
        affected: &mut Vec<u64>,
    ) -> Work {
        let mut work = Work::default();
        affected.clear();
        affected.extend_from_slice(&self.walked);
        let mut any = 0;
        for (w, bits) in affected.iter_mut().enumerate() {
            let mut hit = 0;
            for &z in changed {
                hit |= self.readers[z as usize * self.words + w];
            }
            *bits &= hit;
            any |= *bits;
        }
        if any == 0 && !self.stale {
            return work;
        }
        let mut search = self.stale;
        for (w, &bits) in affected.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let x = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if search || self.view.dist[x] == UNREACHED {
                    // Walked again when (if) the search reaches it.
                    self.unwalk(x);
                    continue;
                }
                self.before.clear();
                self.before.extend_from_slice(&self.edges[x]);
                self.walk(walker, board, x);
                work.walks += 1;
                if self.edges[x] != self.before {
                    search = true;
                }
            }
        }
        if search {
            work.walks += self.search(walker, board);
            work.searches += 1;
        }
        work
    }

    /// Breadth-first search from the origin over the cached walks, walking the cells
    /// reached that have none. Returns the walks made.
    fn search(&mut self, walker: &mut Walker<'_>, board: &BoardView<'_>) -> u64 {
        let mut walks = 0;
        self.stale = false;
        let dist = &mut self.view.dist;
        dist.fill(UNREACHED);
        let origin = self.view.origin.index();
        dist[origin] = 0;
        self.queue.clear();
        self.queue.push(origin as u16);
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head] as usize;
            head += 1;
            if !self.is_walked(x) {
                self.walk(walker, board, x);
                walks += 1;
            }
            let next = self.view.dist[x] + 1;
            for &y in &self.edges[x] {
                let d = &mut self.view.dist[y as usize];
                if *d == UNREACHED {
                    *d = next;
                    self.queue.push(y);
                }
            }
        }
        walks
    }

    /// Walks the piece from `x`, replacing the cached landings and reads of `x`.
    fn walk(&mut self, walker: &mut Walker<'_>, board: &BoardView<'_>, x: usize) {
        let words = self.words;
        let (xw, xb) = (x / 64, 1u64 << (x % 64));
        for &z in &self.reads[x] {
            self.readers[z as usize * words + xw] &= !xb;
        }
        let mut reads = std::mem::take(&mut self.reads[x]);
        let mut edges = std::mem::take(&mut self.edges[x]);
        reads.clear();
        edges.clear();
        let origin = self.view.origin;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        {
            let view = Recording {
                board: board.cells,
                origin,
                origin_unmoved: board.marks[origin.index()] & MOVED == 0,
                reads: RefCell::new(Reads {
                    list: &mut reads,
                    marks: &mut self.marks,
                    stamp: self.stamp,
                }),
            };
            let cell = CellId(x as u16);
            walker.walk(
                &view,
                self.view.side,
                self.view.piece,
                cell,
                &mut Landings(&mut edges),
            );
        }
        edges.sort_unstable();
        edges.dedup();
        for &z in &reads {
            self.readers[z as usize * words + xw] |= xb;
        }
        self.reads[x] = reads;
        self.edges[x] = edges;
        self.walked[xw] |= xb;
    }
}
