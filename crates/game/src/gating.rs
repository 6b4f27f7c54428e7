//! gating: pieces in hand that enter on the cell a first move leaves (`gating PIECES
//! in ZONE`: Seirawan chess, S-House; Fairy-Stockfish's `gating`, `seirawanGating`).
//!
//! Owns the rule resolved for the board ([`Gating`]: which cells carry rights, one per
//! file and side), the gating moves added to a move list, what a move does to the
//! rights, and their hash keys. The rights live in [`GamePosition::gates`] (bit `f`:
//! the cell of the zone on file `f`); FEN writes them in the castling field
//! (`notation::fen`), UCI writes a gating move with the gated piece's letter
//! (`notation::uci`).

use crate::diagnostics::Diagnostic;
use crate::ids::{CellId, PieceId, Side};
use crate::topology::Board;
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveKind};

/// The most files a rule may give rights on (a FEN writes a right as a file letter).
const MAX_FILES: usize = 26;

pub(crate) use crate::moves::GATE_AT_PARTNER as AT_PARTNER;

/// `gating PIECES in ZONE [, no drops]`, resolved for the board.
#[derive(Clone, Debug)]
pub(crate) struct Gating {
    /// Per kind: may enter by gating.
    pieces: Vec<bool>,
    /// The zone's cells, one per file and side.
    map: crate::file_rights::FileCells,
    /// `hand, captures not kept`: a side's rights are dropped once its hand holds no
    /// piece that may enter, as the hand can never fill again (Fairy-Stockfish's
    /// Seirawan chess writes none then).
    drop_when_empty: bool,
}

impl Gating {
    /// The rule on `board` for `pieces` kinds, with the zone's cells of each side
    /// (`inside[side][cell]`). E0981 when the zone has two cells on one file for a
    /// side, E0982 when it has a cell on a file past `z`.
    pub(crate) fn new(
        rule: &crate::ir::Gating,
        board: &Board,
        pieces: usize,
        inside: [Vec<bool>; 2],
        captures_not_kept: bool,
    ) -> Result<Gating, Box<Diagnostic>> {
        let map = crate::file_rights::FileCells::new(
            board,
            inside,
            rule.span,
            ("E0981", "E0982", "gating right"),
        )?;
        let mut kinds = vec![false; pieces];
        for p in &rule.pieces {
            kinds[p.index()] = true;
        }
        Ok(Gating {
            pieces: kinds,
            map,
            drop_when_empty: captures_not_kept,
        })
    }

    /// The bit of `side`'s right on `cell` (0: the cell carries none).
    #[inline]
    pub(crate) fn bit(&self, side: Side, cell: CellId) -> u32 {
        match self.map.files[cell.index()][side.index()] {
            0 => 0,
            f => 1 << (f - 1),
        }
    }

    /// The cell of `side`'s right on file `file`.
    pub(crate) fn cell(&self, side: Side, file: usize) -> Option<CellId> {
        self.map.cell(side, file)
    }

    /// Drops the rights of a side whose hand holds no piece that may enter, when it
    /// can never fill again (`drop_when_empty`): what [`Gating::apply`] keeps after
    /// each move, for a position read from a FEN.
    pub(crate) fn settle(&self, pos: &mut GamePosition) {
        if self.drop_when_empty {
            for side in Side::BOTH {
                if !self.hand_has_gater(pos, side) {
                    pos.gates[side.index()] = 0;
                }
            }
        }
    }

    /// Whether the side to move may gate at `pos`: it holds a right and a piece that
    /// may enter. Only then do its legal moves differ from those of the game without
    /// gating, so counts that build no list ask this first.
    #[inline]
    pub(crate) fn live(&self, pos: &GamePosition) -> bool {
        pos.gates[pos.side.index()] != 0 && self.hand_has_gater(pos, pos.side)
    }

    /// Whether `side`'s hand holds a piece that may enter.
    fn hand_has_gater(&self, pos: &GamePosition, side: Side) -> bool {
        pos.hands[side.index()]
            .iter()
            .zip(&self.pieces)
            .any(|(&n, &gates)| gates && n > 0)
    }

    /// Replaces nothing, adds after `out[first..]` each of those moves with every piece
    /// of the hand that may enter on a cell with a right the move leaves: a walk's
    /// start cell (when the move leaves it empty), a castling's king's and partner's
    /// start cells.
    pub(crate) fn add_moves(
        &self,
        g: &Game,
        pos: &GamePosition,
        out: &mut Vec<GameMove>,
        first: usize,
    ) {
        let side = pos.side;
        let rights = pos.gates[side.index()];
        if rights == 0 || !self.hand_has_gater(pos, side) {
            return;
        }
        let end = out.len();
        for i in first..end {
            let m = out[i];
            let (a, b) = left_cells(g, &m);
            for (cell, flag) in [(a, 0), (b, AT_PARTNER)] {
                let Some(cell) = cell else { continue };
                if rights & self.bit(side, cell) == 0 {
                    continue;
                }
                for p in 0..g.pieces {
                    if !self.enters(g, pos, side, p, cell) {
                        continue;
                    }
                    let mut gm = m;
                    gm.gate = (p as u8 + 1) | flag;
                    out.push(gm);
                }
            }
        }
    }

    /// Whether a piece of kind `p` of `side`'s hand may enter on `cell` (a cell with a
    /// right): it may gate, the hand holds one, and the cell is open to it.
    #[inline]
    fn enters(&self, g: &Game, pos: &GamePosition, side: Side, p: usize, cell: CellId) -> bool {
        if !self.pieces[p] || pos.hands[side.index()][p] == 0 {
            return false;
        }
        let limits = &g.drop_limits[side.index() * g.pieces + p];
        !(limits.forbidden[cell.index()] || (!limits.stuck && g.dead(side, PieceId(p as u8), cell)))
    }

    /// What the gating moves of the side to move add to a count of its legal moves
    /// ([`Entering`]): the moves [`Gating::add_moves`] would add, counted without a list.
    pub(crate) fn entering(&self, g: &Game, pos: &GamePosition) -> Entering<'_> {
        let side = pos.side;
        let rights = pos.gates[side.index()];
        let mut per_file = [0u8; MAX_FILES];
        for (f, n) in per_file.iter_mut().enumerate() {
            if rights & (1 << f) == 0 {
                continue;
            }
            if let Some(cell) = self.cell(side, f) {
                *n = (0..g.pieces)
                    .filter(|&p| self.enters(g, pos, side, p, cell))
                    .count() as u8;
            }
        }
        Entering {
            per_file,
            files: &self.map.files,
            side: side.index(),
        }
    }

    /// After `m` (made by `side`, its board changes done): the gated piece enters, and
    /// the rights of the cells the move changed are lost (both sides'); with
    /// `drop_when_empty`, the mover's all once its hand holds no piece that may enter.
    pub(crate) fn apply<const HASH: bool>(
        &self,
        g: &Game,
        pos: &mut GamePosition,
        m: &GameMove,
        side: Side,
    ) {
        if let Some((piece, cell)) = g.gate_of(m) {
            pos.set_cell::<HASH>(&g.keys, cell, Occupant::piece(side, piece), 0, true);
            pos.add_hand::<HASH>(&g.keys, side, piece, -1);
        }
        let mut lost = [0u32; 2];
        crate::moves::move_cells(g, m, &mut |c| {
            lost[0] |= self.bit(Side::First, c);
            lost[1] |= self.bit(Side::Second, c);
        });
        for s in Side::BOTH {
            let mut rights = pos.gates[s.index()] & !lost[s.index()];
            if s == side && self.drop_when_empty && !self.hand_has_gater(pos, s) {
                rights = 0;
            }
            pos.set_gates::<HASH>(s, rights);
        }
    }
}

/// The cells with a possible right that `m` leaves for a piece to enter on: a walk's
/// start cell (when the move leaves it empty: not a conversion, nor a swap), a
/// castling's king's and partner's start cells (unless one of them ends there).
fn left_cells(g: &Game, m: &GameMove) -> (Option<CellId>, Option<CellId>) {
    match m.kind {
        MoveKind::Normal if m.convert.is_none() && m.push_to != Some(m.from) => {
            (Some(m.from), None)
        }
        MoveKind::EnPassant { .. } => (Some(m.from), None),
        MoveKind::Castling(c) => {
            let c = &g.castlings[c as usize];
            let free = |cell: CellId| cell != c.king_to && cell != c.partner_to;
            (
                Some(c.king_from).filter(|&x| free(x)),
                Some(c.partner_from).filter(|&x| free(x)),
            )
        }
        _ => (None, None),
    }
}

/// Per cell, how many gating moves of the side to move stand beside each legal move
/// leaving it: the kinds of its hand that may enter there, where it holds the right
/// ([`Gating::entering`]; 0 elsewhere).
pub(crate) struct Entering<'a> {
    /// Per file: the kinds that may enter on the cell of the right there.
    per_file: [u8; MAX_FILES],
    /// [`Gating`]'s files per cell and side.
    files: &'a [[u8; 2]],
    side: usize,
}

impl Entering<'_> {
    /// The gating moves beside each legal move of a piece that leaves `cell`.
    #[inline]
    pub(crate) fn at(&self, cell: usize) -> u64 {
        match self.files[cell][self.side] {
            0 => 0,
            f => u64::from(self.per_file[f as usize - 1]),
        }
    }

    /// The gating moves beside the legal move `m`, as [`Gating::add_moves`] adds them.
    pub(crate) fn beside(&self, g: &Game, m: &GameMove) -> u64 {
        let (a, b) = left_cells(g, m);
        a.map_or(0, |c| self.at(c.index())) + b.map_or(0, |c| self.at(c.index()))
    }
}
