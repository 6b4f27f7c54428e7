//! neutral: pieces that belong to no side, as the game layer plays them — the Duck's
//! move after every move (`neutral Duck, after each move`), its place in make, and the
//! FEN form of neutral pieces (`*`).
//!
//! A neutral piece stands on the board as a piece of kind `k` with the first side's
//! bit; no walk ever sees it as the first side's, because the compiler makes every
//! kind filter refuse neutral kinds (a wall to every piece) and gives them no
//! patterns — except the kinds `moved by either side`, whose patterns (quiet moves
//! only) are walked for the first side by its own loop and for the second side by
//! `MoveGenerator::neutral_moves`; make keeps them no side's. Owns nothing of the walk or of legality: `no check` and the Duck are
//! carried by [`super::effects::GameEffects`], so such games take the paths of games
//! with effects (legality by playing, perft counting whole lists).

use super::{Game, GameMove, GamePosition, MoveKind, MAX_CHAIN};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::Site;
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};

/// The occupant a neutral piece of kind `kind` is stored as.
#[inline]
pub(crate) fn neutral_occupant(kind: PieceId) -> Occupant {
    Occupant::piece(Side::First, kind)
}

/// The cell the Duck (kind `duck`) stands on, if it is on the board.
pub(crate) fn duck_cell(pos: &GamePosition, duck: PieceId) -> Option<CellId> {
    if pos.counts[Side::First.index()][duck.index()] == 0 {
        return None;
    }
    let occ = neutral_occupant(duck);
    pos.cells
        .iter()
        .position(|&o| o == occ)
        .map(|i| CellId(i as u16))
}

/// Where the piece of every move's second action goes (`neutral P, after each move`,
/// `neutral P, placed after each move`, with `in ZONE`, `where the mover was`, `as the
/// mover moves`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Placement {
    /// A new piece is placed each move (walls); otherwise the one piece moves (the Duck).
    pub(crate) added: bool,
    /// `in ZONE`: per side, per cell, whether the piece may go there.
    pub(crate) region: Option<[Vec<bool>; 2]>,
    /// Which cells the move itself leaves it.
    pub(crate) site: Site,
}

/// Moves the Duck to `to` (placing it, if it is not on the board yet), or with
/// `added` places a new piece of its kind there (a wall), through the journaled setter
/// so that unmake and the hash follow.
pub(crate) fn place_duck<const HASH: bool>(
    g: &Game,
    pos: &mut GamePosition,
    duck: PieceId,
    to: CellId,
    added: bool,
) {
    if !added {
        if let Some(from) = duck_cell(pos, duck) {
            pos.set_cell::<HASH>(&g.keys, from, Occupant::EMPTY, 0, false);
        }
    }
    pos.set_cell::<HASH>(&g.keys, to, neutral_occupant(duck), 0, true);
}

/// Replaces the moves `out[first..]` by each of them followed by every move of the
/// second action: the Duck's move or a wall's placement, to each cell that is empty
/// once the move is made (the Duck's own cell is not empty, so it must move) and that
/// `placement` allows: in its zone, the cell the mover left (`where the mover was`),
/// a cell the moved piece could move to from its landing cell (`as the mover moves`).
/// Fairy-Stockfish's `wallingRule` (`duck`, `static` with a `wallingRegion`, `past`,
/// `arrow`). A move that leaves no such cell is no move.
pub(crate) fn add_duck_moves(
    g: &Game,
    placement: &Placement,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    out: &mut Vec<GameMove>,
    first: usize,
) {
    let base: Vec<GameMove> = out.drain(first..).collect();
    let region = placement.region.as_ref().map(|r| &r[pos.side.index()]);
    let mut reach = Vec::new();
    for m in &base {
        let changed = Changed::of(g, m);
        if placement.site == Site::Reach {
            reach_cells(g, walker, pos, m, &mut reach);
        }
        for (i, occ) in pos.cells.iter().enumerate() {
            let c = CellId(i as u16);
            let allowed = region.map_or(true, |r| r[i])
                && match placement.site {
                    Site::Anywhere => true,
                    Site::Left => m.kind != MoveKind::Drop && c == mover_path(g, m).0,
                    Site::Reach => reach[i],
                };
            if allowed && changed.empty_after(c, occ.is_empty()) {
                let mut d = *m;
                d.duck = Some(c);
                out.push(d);
            }
        }
    }
}

/// The number of moves [`add_duck_moves`] makes of the moves `base`, without making
/// them: per move, the cells empty once it is made that `placement` allows. Anywhere
/// (in a zone or not), the side's empty cells, corrected on the few cells the move
/// changes; where the mover was, that one cell; as the mover moves, its walk.
pub(crate) fn count_placements(
    g: &Game,
    placement: &Placement,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    base: &[GameMove],
) -> u64 {
    let region = placement.region.as_ref().map(|r| &r[pos.side.index()]);
    let allowed = |c: CellId| region.map_or(true, |r| r[c.index()]);
    let mut count = 0u64;
    match placement.site {
        Site::Anywhere => {
            let empty = pos
                .cells
                .iter()
                .enumerate()
                .filter(|&(i, o)| o.is_empty() && region.map_or(true, |r| r[i]))
                .count() as u64;
            for m in base {
                if m.kind == MoveKind::Normal
                    && m.n_passing == 0
                    && m.push_to.is_none()
                    && m.from != m.to
                    && region.is_none()
                {
                    // Most moves: the piece's cell is emptied, its landing cell filled.
                    count += empty + 1 - u64::from(pos.cells[m.to.index()].is_empty());
                    continue;
                }
                let changed = Changed::of(g, m);
                // Cells the move does not change are empty after it as before.
                let mut n = empty;
                for (k, &c) in changed.cells().iter().enumerate() {
                    if changed.cells()[..k].contains(&c) || !allowed(c) {
                        continue;
                    }
                    let before = pos.cells[c.index()].is_empty();
                    n = n + u64::from(changed.empty_after(c, before)) - u64::from(before);
                }
                count += n;
            }
        }
        Site::Left => {
            for m in base {
                let c = mover_path(g, m).0;
                let empty = Changed::of(g, m).empty_after(c, pos.cells[c.index()].is_empty());
                count += u64::from(m.kind != MoveKind::Drop && allowed(c) && empty);
            }
        }
        Site::Reach => {
            let mut reach = Vec::new();
            for m in base {
                let changed = Changed::of(g, m);
                reach_cells(g, walker, pos, m, &mut reach);
                for (i, occ) in pos.cells.iter().enumerate() {
                    let c = CellId(i as u16);
                    count +=
                        u64::from(reach[i] && allowed(c) && changed.empty_after(c, occ.is_empty()));
                }
            }
        }
    }
    count
}

/// The cell the moving piece leaves and the one it lands on (a castling's king's; a
/// drop leaves its landing cell).
fn mover_path(g: &Game, m: &GameMove) -> (CellId, CellId) {
    match m.kind {
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            (c.king_from, c.king_to)
        }
        MoveKind::Drop => (m.to, m.to),
        _ => (m.from, m.to),
    }
}

/// The board as a move leaves it for its piece's next walk: the cell the piece left
/// empty, the piece on its landing cell.
struct AfterMove<'a> {
    pos: &'a GamePosition,
    from: CellId,
    to: CellId,
    occ: Occupant,
}

impl Occupancy for AfterMove<'_> {
    fn occupant(&self, cell: CellId) -> Occupant {
        if cell == self.to {
            self.occ
        } else if cell == self.from {
            Occupant::EMPTY
        } else {
            self.pos.cells[cell.index()]
        }
    }

    fn unmoved(&self, cell: CellId) -> bool {
        cell != self.to && self.pos.unmoved(cell)
    }
}

/// The cells the moved piece could move to from its landing cell, without capturing
/// (`as the mover moves`: Amazons' arrow): `reach[cell]`.
fn reach_cells(
    g: &Game,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    m: &GameMove,
    reach: &mut Vec<bool>,
) {
    reach.clear();
    reach.resize(pos.cells.len(), false);
    let (from, to) = mover_path(g, m);
    let kind = m.promotion.unwrap_or(m.piece);
    let view = AfterMove {
        pos,
        from,
        to,
        occ: Occupant::piece(pos.side, kind),
    };
    let mut sink = Quiet { view: &view, reach };
    walker.walk(&view, pos.side, kind, to, &mut sink);
}

/// Marks the landing cells of the plies that capture nothing.
struct Quiet<'a, 'b> {
    view: &'a AfterMove<'b>,
    reach: &'a mut Vec<bool>,
}

impl Sink for Quiet<'_, '_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        if !ply.captures_to && self.view.occupant(ply.to).is_empty() {
            self.reach[ply.to.index()] = true;
        }
    }
}

/// The cells a move empties and the cells it fills (its own changes, before effects),
/// without allocating: the emptied first.
struct Changed {
    cells: [CellId; MAX_CHAIN + 2],
    /// `cells[..vacated]` are emptied, `cells[vacated..len]` filled.
    vacated: usize,
    len: usize,
}

impl Changed {
    fn of(g: &Game, m: &GameMove) -> Changed {
        let mut ch = Changed {
            cells: [CellId(0); MAX_CHAIN + 2],
            vacated: 0,
            len: 0,
        };
        match m.kind {
            MoveKind::Drop => ch.fill(&[], &[m.to]),
            MoveKind::Castling(i) => {
                let c = &g.castlings[i as usize];
                ch.fill(&[c.king_from, c.partner_from], &[c.king_to, c.partner_to]);
            }
            MoveKind::EnPassant { victim } => ch.fill(&[m.from, victim], &[m.to]),
            MoveKind::Normal => {
                ch.cells[0] = m.from;
                ch.len = 1;
                for c in m.passing_captures() {
                    ch.cells[ch.len] = c;
                    ch.len += 1;
                }
                ch.vacated = ch.len;
                ch.cells[ch.len] = m.to;
                ch.len += 1;
                if let Some(p) = m.push_to {
                    ch.cells[ch.len] = p;
                    ch.len += 1;
                }
            }
        }
        ch
    }

    fn fill(&mut self, vacated: &[CellId], filled: &[CellId]) {
        self.cells[..vacated.len()].copy_from_slice(vacated);
        self.vacated = vacated.len();
        self.cells[vacated.len()..vacated.len() + filled.len()].copy_from_slice(filled);
        self.len = vacated.len() + filled.len();
    }

    /// Every cell the move changes (a cell may come twice).
    fn cells(&self) -> &[CellId] {
        &self.cells[..self.len]
    }

    /// Whether `c`, empty before the move or not (`before`), is empty after it: not
    /// filled, and empty before or emptied.
    #[inline]
    fn empty_after(&self, c: CellId, before: bool) -> bool {
        !self.cells[self.vacated..self.len].contains(&c)
            && (before || self.cells[..self.vacated].contains(&c))
    }
}

impl Game {
    /// The FEN text of neutral kind `kind`: `*` when the game has one neutral kind (as
    /// Fairy-Stockfish writes the Duck), else `*` and its letter (`*M`).
    pub(crate) fn neutral_letter(&self, kind: PieceId) -> String {
        if self.neutral.iter().filter(|&&n| n).count() <= 1 {
            return "*".into();
        }
        let p = &self.rules.table().pieces()[kind.index()];
        format!("*{}", p.letter)
    }

    /// The neutral kinds, in declaration order.
    pub(crate) fn neutral_kinds(&self) -> Vec<PieceId> {
        (0..self.pieces)
            .filter(|&k| self.neutral[k])
            .map(|k| PieceId(k as u8))
            .collect()
    }

    /// Whether kind `kind` belongs to no side (`neutral`).
    pub fn is_neutral(&self, kind: PieceId) -> bool {
        self.neutral.get(kind.index()).copied().unwrap_or(false)
    }

    /// The piece moved after each move (`neutral Duck, after each move`) or placed
    /// after each move (`neutral Wall, placed after each move`), if any.
    pub fn duck(&self) -> Option<PieceId> {
        self.effects.as_deref().and_then(|fx| fx.duck)
    }

    /// Whether each move places a new piece of [`Game::duck`]'s kind (walls) rather
    /// than moving the one piece (the Duck).
    pub fn duck_added(&self) -> bool {
        self.effects
            .as_deref()
            .is_some_and(|fx| fx.duck.is_some() && fx.placement.added)
    }
}
