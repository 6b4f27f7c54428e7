//! moves: the move of a game ([`GameMove`], [`MoveKind`]) and the cells it changes.
//!
//! Owns the move type every part of the game layer passes around; not how moves are
//! found (`movegen`), tested (`legality`), played (`position`) or written
//! (`notation`).

use super::{Cascade, Game, MAX_EP_CELLS, MAX_PASSING};
use crate::ids::{CellId, PieceId};

/// What kind of move a [`GameMove`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A walk of the move table (with its captures).
    Normal,
    /// A piece from the hand onto `to` (`from == to`).
    Drop,
    /// Castling number `n` of [`Game::castlings`]; `from`/`to` are the king's.
    Castling(u8),
    /// An en passant capture: the piece on `victim` is taken.
    EnPassant {
        /// The cell of the piece taken.
        victim: CellId,
    },
}

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameMove {
    /// What kind of move it is.
    pub kind: MoveKind,
    /// The moving (or dropped) piece.
    pub piece: PieceId,
    /// The start cell (a drop's is its destination).
    pub from: CellId,
    /// The destination.
    pub to: CellId,
    /// The piece it becomes, if it promotes.
    pub promotion: Option<PieceId>,
    /// The piece on the destination is captured: an enemy, or a friend (`capture
    /// friend`).
    pub captures_to: bool,
    /// A displacement: the piece on `to` (either side's) is pushed to this cell; a
    /// **swap** when it is `from`.
    pub push_to: Option<CellId>,
    /// In a game with `neutral P, after each move` (the Duck): the cell that piece goes
    /// to once the move is made.
    pub duck: Option<CellId>,
    /// A conversion: the piece on `to` changes side and becomes this kind; the mover
    /// stays on `from`.
    pub convert: Option<PieceId>,
    /// An activation: the mover ends on `to` and the piece there makes its own ply,
    /// which may activate the next (see [`Cascade`]); empty for other moves.
    pub cascade: Cascade,
    pub(crate) passing: [u16; MAX_PASSING],
    pub(crate) n_passing: u8,
    /// Cells this move opens to en passant.
    pub(crate) ep: [u16; MAX_EP_CELLS],
    pub(crate) n_ep: u8,
}

impl GameMove {
    /// A move with no promotion, capture on `to`, push or passing captures.
    pub(crate) fn simple(kind: MoveKind, piece: PieceId, from: CellId, to: CellId) -> GameMove {
        GameMove {
            kind,
            piece,
            from,
            to,
            promotion: None,
            captures_to: false,
            push_to: None,
            duck: None,
            convert: None,
            cascade: Cascade::NONE,
            passing: [0; MAX_PASSING],
            n_passing: 0,
            ep: [0; MAX_EP_CELLS],
            n_ep: 0,
        }
    }

    /// Cells captured in passing, in path order.
    pub fn passing_captures(&self) -> impl Iterator<Item = CellId> + '_ {
        self.passing[..self.n_passing as usize]
            .iter()
            .map(|&c| CellId(c))
    }

    /// Whether the move takes a piece (on `to`, in passing, en passant, or at the end
    /// of a cascade).
    pub fn is_capture(&self) -> bool {
        self.captures_to
            || self.n_passing > 0
            || matches!(self.kind, MoveKind::EnPassant { .. })
            || self.cascade.captures()
    }
}

/// Calls `f` with every cell `m` changes: start, destination, cells captured in
/// passing or en passant, the cell a pushed piece goes to, castling's four cells, the
/// cell the Duck goes to (not the one it leaves: see `neutral::duck_cell`).
pub(crate) fn move_cells(g: &Game, m: &GameMove, f: &mut impl FnMut(CellId)) {
    if let Some(c) = m.duck {
        f(c);
    }
    match m.kind {
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            for cell in [c.king_from, c.king_to, c.partner_from, c.partner_to] {
                f(cell);
            }
        }
        MoveKind::Drop => f(m.to),
        MoveKind::EnPassant { victim } => {
            f(m.from);
            f(m.to);
            f(victim);
        }
        MoveKind::Normal => {
            f(m.from);
            f(m.to);
            if let Some(c) = m.push_to {
                f(c);
            }
            for c in m.passing_captures() {
                f(c);
            }
            for (_, to) in m.cascade.plies(m.to) {
                f(to);
            }
        }
    }
}
