//! distance: distance maps — for every piece on the board, how many of its own moves
//! it needs to reach every cell in the current position — kept up to date through
//! make/unmake by redoing only the work a move invalidates (the idea of TideEval's
//! distance updates: seed 003).
//!
//! # What "reach" means
//!
//! The map of a piece of kind `K` and side `S` on cell `o` is a breadth-first search
//! over cells: the cells one move from `x` are where the table walk of `K` for `S`
//! from `x` lands, on the board as it stands with `o` emptied (the piece has left it)
//! and every other piece where it is. So:
//!
//! - friends block and are never landed on; a foe may be landed on (captured), and a
//!   cell holding a foe counts as reached;
//! - the other pieces stay put: a foe captured on the way still stands there for
//!   later moves (it still blocks a rider that would pass it, still serves as a
//!   hurdle), and nothing else moves meanwhile;
//! - a move whose rights depend on what it meets follows the board as it is: a
//!   cannon reaches what it can jump to over the screens standing now, a move-only
//!   pattern (a pawn's push) lands only on empty cells, a capture-only one (a pawn's
//!   diagonal) only on cells holding a foe now;
//! - `initial` patterns (a rush) count only from the piece's own cell, and only if it
//!   has not moved; zones (`from`/`to` conditions) apply as in the table;
//! - a displacement (a Sokoban push) counts as reaching the pushed piece's cell; the
//!   pushed piece is not moved for later steps; a capture in passing removes nothing;
//! - not modelled: promotion (the piece keeps its kind all the way; a pawn's map ends
//!   on the last rank), castling, en passant, drops (pieces in hand have no map),
//!   legality (checks, pins, facing royals, `must capture`) and whose turn it is.
//!
//! # Incremental updates
//!
//! A [`DistanceMaps`] keeps one map per occupied cell and, per map, one cached walk
//! per cell reached: its landings and the cells it read (recorded through the
//! occupancy view the walk sees). A walk's result depends only on the cells it read,
//! so after a move changes the cells `Z`:
//! - maps of pieces that left a cell in `Z` are dropped, or moved with their piece to
//!   the cell it arrived on (same side and kind): their cached walks stay, but for the
//!   walks from the old and the new cell;
//! - in every map, only the walks that read a cell of `Z` are done again; if every one
//!   of them lands where it did, the map is unchanged and nothing else is done;
//!   otherwise (or after a relocation) the search runs again over the cached walks,
//!   walking only cells it reaches for the first time.
//!
//! Unmake is the same update in reverse. The result is always equal to a map built
//! from scratch ([`DistanceMap::compute`]); tests check this after every move of
//! random playouts of every shipped game. Nothing of this runs inside
//! [`Game::make`]: the maps are a separate consumer, updated through
//! [`DistanceMaps::make`]/[`DistanceMaps::unmake`] or [`DistanceMaps::update`].

mod map;

pub use map::DistanceMap;

use map::{BoardView, PieceMap};

use super::position::MOVED;
use super::{Game, GameMove, GamePosition, Undo};
use crate::ids::{CellId, Side};
use crate::walk::{Occupant, Walker};

impl DistanceMap {
    /// The map of the piece on `cell` in `pos`, computed from scratch; `None` if the
    /// cell is empty or not on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use piecewise_game::{DistanceMap, Game};
    /// let game = Game::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
    /// let pos = game.position("8/8/8/8/8/8/8/N7 w - - 0 1").unwrap();
    /// let cell = |n| game.board().parse_cell(n).unwrap();
    /// let map = DistanceMap::compute(&game, &pos, cell("a1")).unwrap();
    /// assert_eq!(map.get(cell("b3")), Some(1));
    /// assert_eq!(map.get(cell("b2")), Some(4)); // the knight's diagonal neighbour
    /// assert_eq!(map.get(cell("h8")), Some(6)); // the far corner
    /// assert_eq!(map.reachable(), 64);
    /// ```
    pub fn compute(game: &Game, pos: &GamePosition, cell: CellId) -> Option<DistanceMap> {
        let occ = *pos.cells.get(cell.index())?;
        if occ.is_empty() {
            return None;
        }
        let mut walker = Walker::new(game.rules().table());
        let mut map = PieceMap::new(game.cell_count());
        map.reset(occ.side(), occ.kind(), cell);
        let board = BoardView {
            cells: &pos.cells,
            marks: &pos.marks,
        };
        map.refresh(&mut walker, &board, &[], &mut Vec::new());
        Some(map.view)
    }
}

impl DistanceMap {
    /// One line about the map: `white Rook (R) on a1: 13 cells in reach, the farthest
    /// 2 moves away`.
    pub fn describe(&self, game: &Game) -> String {
        let n = self.reachable() - 1;
        let far = self.farthest();
        format!(
            "{} {} ({}) on {}: {n} cell{} in reach, the farthest {far} move{} away",
            self.side(),
            game.rules().piece_name(self.piece()),
            game.letter(self.side(), self.piece()),
            game.board().cell_name(self.origin()),
            if n == 1 { "" } else { "s" },
            if far == 1 { "" } else { "s" },
        )
    }
}

/// What the updates of a [`DistanceMaps`] have cost so far: the measure of how much
/// less an incremental update does than a recomputation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UpdateStats {
    /// Updates that found at least one changed cell.
    pub updates: u64,
    /// Table walks made (a recomputation walks once per reached cell of every map).
    pub walks: u64,
    /// Breadth-first searches run over cached walks.
    pub searches: u64,
}

/// What one side's distance maps add up to (see [`DistanceMaps::summary`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideSummary {
    /// The side's pieces on the board.
    pub pieces: usize,
    /// Cells one move away, summed over the pieces (pseudo-legal mobility as the table
    /// walk sees it: no castling, en passant, drops or legality).
    pub mobility: usize,
    /// Distinct cells some piece of the side reaches in 1 to `moves` moves.
    pub reach: usize,
    /// Cells reached in 1 to `moves` moves, summed over the pieces.
    pub coverage: usize,
}

/// The distance maps of every piece on the board, kept up to date incrementally.
///
/// # Examples
///
/// ```
/// use piecewise_game::{DistanceMap, DistanceMaps, Game};
/// let game = Game::compile(&std::fs::read_to_string("../../rules/chess.rules").unwrap()).unwrap();
/// let mut pos = game.start_position().unwrap();
/// let cell = |n| game.board().parse_cell(n).unwrap();
/// let mut maps = DistanceMaps::new(&game, &pos);
/// // The rook on a1 is shut in by its own pieces; the knight on b1 is not.
/// assert_eq!(maps.distance(cell("a1"), cell("a4")), None);
/// assert_eq!(maps.distance(cell("b1"), cell("b5")), Some(2)); // c3, b5
/// let m = game.parse_uci(&pos, "a2a4").unwrap();
/// let undo = maps.make(&mut pos, &m);
/// assert_eq!(maps.distance(cell("a1"), cell("a3")), Some(1));
/// assert_eq!(maps.map(cell("a1")), DistanceMap::compute(&game, &pos, cell("a1")).as_ref());
/// maps.unmake(&mut pos, undo);
/// assert_eq!(maps.distance(cell("a1"), cell("a3")), None);
/// ```
pub struct DistanceMaps<'g> {
    game: &'g Game,
    walker: Walker<'g>,
    /// The board the maps are current for.
    cells: Vec<Occupant>,
    /// Per cell: the position's [`MOVED`] bit (the moved flag) as the maps last saw it.
    marks: Vec<u8>,
    /// Per cell: the map of the piece standing there.
    maps: Vec<Option<PieceMap>>,
    /// Maps no longer in use, kept for their buffers.
    pool: Vec<PieceMap>,
    /// The cells each [`DistanceMaps::make`] changed, for its unmake: `frames` holds
    /// where each make's cells start in `written`.
    written: Vec<u16>,
    frames: Vec<usize>,
    /// Scratch.
    changed: Vec<u16>,
    candidates: Vec<u16>,
    departed: Vec<PieceMap>,
    affected: Vec<u64>,
    stats: UpdateStats,
}

impl<'g> DistanceMaps<'g> {
    /// The maps of every piece on the board of `pos`, computed from scratch.
    pub fn new(game: &'g Game, pos: &GamePosition) -> DistanceMaps<'g> {
        let cells = game.cell_count();
        let mut maps = DistanceMaps {
            game,
            walker: Walker::new(game.rules().table()),
            cells: vec![Occupant::EMPTY; cells],
            marks: vec![0; cells],
            maps: (0..cells).map(|_| None).collect(),
            pool: Vec::new(),
            written: Vec::new(),
            frames: Vec::new(),
            changed: Vec::new(),
            candidates: Vec::new(),
            departed: Vec::new(),
            affected: Vec::new(),
            stats: UpdateStats::default(),
        };
        maps.candidates.extend(0..cells as u16);
        maps.apply(pos);
        maps
    }

    /// The game the maps are for.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// Plays `m` on `pos` (as [`Game::make`]) and brings the maps up to date, looking
    /// only at the cells the move wrote.
    pub fn make(&mut self, pos: &mut GamePosition, m: &GameMove) -> Undo {
        let undo = self.game.make(pos, m);
        self.frames.push(self.written.len());
        let written = &mut self.written;
        pos.cells_written(&undo, |c| written.push(c.0));
        let start = self.frames[self.frames.len() - 1];
        self.candidates.clear();
        self.candidates.extend_from_slice(&self.written[start..]);
        self.apply(pos);
        undo
    }

    /// Takes back the last move played with [`DistanceMaps::make`] (as
    /// [`Game::unmake`]) and brings the maps back to where they were.
    pub fn unmake(&mut self, pos: &mut GamePosition, undo: Undo) {
        self.game.unmake(pos, undo);
        self.candidates.clear();
        match self.frames.pop() {
            Some(start) => {
                self.candidates.extend_from_slice(&self.written[start..]);
                self.written.truncate(start);
            }
            None => self.candidates.extend(0..self.cells.len() as u16),
        }
        self.apply(pos);
    }

    /// Brings the maps up to date with `pos`, whatever changed since they were last
    /// updated (every cell is compared). Use it after moves played some other way;
    /// it forgets what [`DistanceMaps::unmake`] would have taken back.
    pub fn update(&mut self, pos: &GamePosition) {
        self.written.clear();
        self.frames.clear();
        self.candidates.clear();
        self.candidates.extend(0..self.cells.len() as u16);
        self.apply(pos);
    }

    /// Updates the maps for the cells in `candidates` that differ from `pos`.
    fn apply(&mut self, pos: &GamePosition) {
        self.candidates.sort_unstable();
        self.candidates.dedup();
        self.changed.clear();
        for &c in &self.candidates {
            let i = c as usize;
            let (Some(&occ), Some(&mark)) = (pos.cells.get(i), pos.marks.get(i)) else {
                continue;
            };
            // Only the moved flag: a walk does not read promotion marks.
            let moved = mark & MOVED;
            if occ != self.cells[i] || moved != self.marks[i] {
                self.cells[i] = occ;
                self.marks[i] = moved;
                self.changed.push(c);
            }
        }
        if self.changed.is_empty() {
            return;
        }
        self.stats.updates += 1;
        // Maps of pieces that left a changed cell go with them where they arrived.
        for &c in &self.changed {
            if let Some(map) = self.maps[c as usize].take() {
                self.departed.push(map);
            }
        }
        let cells = self.cells.len();
        for &c in &self.changed {
            let occ = self.cells[c as usize];
            if occ.is_empty() {
                continue;
            }
            let (side, kind) = (occ.side(), occ.kind());
            let same = self
                .departed
                .iter()
                .position(|m| m.view.side() == side && m.view.piece() == kind);
            let map = match same {
                Some(i) => {
                    let mut map = self.departed.swap_remove(i);
                    map.relocate(CellId(c));
                    map
                }
                None => {
                    let mut map = self.pool.pop().unwrap_or_else(|| PieceMap::new(cells));
                    map.reset(side, kind, CellId(c));
                    map
                }
            };
            self.maps[c as usize] = Some(map);
        }
        self.pool.append(&mut self.departed);
        let board = BoardView {
            cells: &self.cells,
            marks: &self.marks,
        };
        for map in self.maps.iter_mut().flatten() {
            let work = map.refresh(&mut self.walker, &board, &self.changed, &mut self.affected);
            self.stats.walks += work.walks;
            self.stats.searches += work.searches;
        }
    }

    /// The map of the piece on `cell`, if one stands there.
    pub fn map(&self, cell: CellId) -> Option<&DistanceMap> {
        self.maps.get(cell.index())?.as_ref().map(|m| &m.view)
    }

    /// Every map, by the cell of its piece.
    pub fn maps(&self) -> impl Iterator<Item = &DistanceMap> + '_ {
        self.maps.iter().flatten().map(|m| &m.view)
    }

    /// The moves the piece on `from` needs to reach `to`; `None` if no piece stands
    /// on `from` or it cannot reach `to`.
    pub fn distance(&self, from: CellId, to: CellId) -> Option<u16> {
        self.map(from)?.get(to)
    }

    /// The fewest moves any piece of `side` needs to reach `cell` (0 if one stands
    /// there); `None` if none can. For king safety: how soon an attacker gets near.
    pub fn nearest(&self, side: Side, cell: CellId) -> Option<u16> {
        self.maps()
            .filter(|m| m.side() == side)
            .filter_map(|m| m.get(cell))
            .min()
    }

    /// What `side`'s maps add up to, counting cells reached in 1 to `moves` moves.
    pub fn summary(&self, side: Side, moves: u16) -> SideSummary {
        let mut s = SideSummary::default();
        let mut reached = vec![false; self.cells.len()];
        for m in self.maps().filter(|m| m.side() == side) {
            s.pieces += 1;
            for (i, &d) in m.raw().iter().enumerate() {
                if d == 1 {
                    s.mobility += 1;
                }
                if d >= 1 && d <= moves {
                    s.coverage += 1;
                    reached[i] = true;
                }
            }
        }
        s.reach = reached.iter().filter(|&&r| r).count();
        s
    }

    /// The work done since the maps were built (the build included: its walks are
    /// what a recomputation costs) or the counters were last reset.
    pub fn stats(&self) -> UpdateStats {
        self.stats
    }

    /// Sets the work counters back to zero.
    pub fn reset_stats(&mut self) {
        self.stats = UpdateStats::default();
    }
}
