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

use super::{Game, GameMove, GamePosition, MoveKind};
use crate::ids::{CellId, PieceId, Side};
use crate::walk::Occupant;

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

/// Moves the Duck to `to` (placing it, if it is not on the board yet), through the
/// journaled setter so that unmake and the hash follow.
pub(crate) fn place_duck<const HASH: bool>(
    g: &Game,
    pos: &mut GamePosition,
    duck: PieceId,
    to: CellId,
) {
    if let Some(from) = duck_cell(pos, duck) {
        pos.set_cell::<HASH>(&g.keys, from, Occupant::EMPTY, 0, false);
    }
    pos.set_cell::<HASH>(&g.keys, to, neutral_occupant(duck), 0, true);
}

/// Replaces the moves `out[first..]` by each of them followed by every Duck move: to
/// each cell that is empty once the move is made (the Duck's own cell is not empty, so
/// it must move). Fairy-Stockfish's `duck` variant (`wallingRule = duck`).
pub(crate) fn add_duck_moves(g: &Game, pos: &GamePosition, out: &mut Vec<GameMove>, first: usize) {
    let base: Vec<GameMove> = out.drain(first..).collect();
    for m in &base {
        let (vacated, filled) = changed_cells(g, m);
        for (i, occ) in pos.cells.iter().enumerate() {
            let c = CellId(i as u16);
            let empty = if filled.contains(&c) {
                false
            } else {
                occ.is_empty() || vacated.contains(&c)
            };
            if empty {
                let mut d = *m;
                d.duck = Some(c);
                out.push(d);
            }
        }
    }
}

/// The cells a move empties and the cells it fills (its own changes, before effects).
fn changed_cells(g: &Game, m: &GameMove) -> (Vec<CellId>, Vec<CellId>) {
    match m.kind {
        MoveKind::Drop => (Vec::new(), vec![m.to]),
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            (
                vec![c.king_from, c.partner_from],
                vec![c.king_to, c.partner_to],
            )
        }
        MoveKind::EnPassant { victim } => (vec![m.from, victim], vec![m.to]),
        MoveKind::Normal => {
            let mut vacated = vec![m.from];
            vacated.extend(m.passing_captures());
            let mut filled = vec![m.to];
            filled.extend(m.push_to);
            (vacated, filled)
        }
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

    /// The piece moved after each move (`neutral Duck, after each move`), if any.
    pub fn duck(&self) -> Option<PieceId> {
        self.effects.as_deref().and_then(|fx| fx.duck)
    }
}
