//! edit: positions set up by hand, as a diagram editor or a playground does — an
//! empty board, and a position with one cell changed. Each result is written as FEN
//! and read back, so every derived field (piece counts, royals, the hash) is the FEN
//! reader's and an edited position is exactly what its FEN says (but an en passant
//! state set by hand, [`Game::with_en_passant`], which FEN may not say). Castling rights whose
//! king or partner no longer stands on its start cell are dropped, and so is the en
//! passant cell. Nothing here checks that the position could arise in a game (see
//! [`Game::position_warnings`]).

use super::{Game, GamePosition, MAX_EP_CELLS};
use crate::ids::{CellId, PieceId, Side};
use crate::walk::Occupant;
use piecewise_table::position::FenError;

impl Game {
    /// The board with no pieces on it, the first side to move.
    ///
    /// ```
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
    /// let empty = game.empty_position().unwrap();
    /// assert_eq!(game.fen(&empty), "8/8/8/8/8/8/8/8 w - - 0 1");
    /// ```
    pub fn empty_position(&self) -> Result<GamePosition, FenError> {
        let pos = GamePosition::empty(self.pieces, self.cells);
        self.position(&self.fen(&pos))
    }

    /// `pos` with `cell` holding `piece` of its side, or emptied (`None`). The piece
    /// placed has not moved and carries every tag its kind may carry; castling rights that lost their king or partner and the
    /// en passant cell are dropped.
    ///
    /// ```
    /// use piecewise_lang::ids::Side;
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
    /// let start = game.start_position().unwrap();
    /// let knight = game.rules().piece("N").unwrap();
    /// let e4 = game.rules().cell("e4").unwrap();
    /// let pos = game.with_piece(&start, e4, Some((Side::First, knight))).unwrap();
    /// assert_eq!(game.fen(&pos), "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// let h1 = game.rules().cell("h1").unwrap();
    /// let pos = game.with_piece(&pos, h1, None).unwrap();
    /// assert_eq!(game.fen(&pos), "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
    /// ```
    pub fn with_piece(
        &self,
        pos: &GamePosition,
        cell: CellId,
        piece: Option<(Side, PieceId)>,
    ) -> Result<GamePosition, FenError> {
        let mut edited = pos.clone();
        let i = cell.index();
        if i >= self.cells {
            return Err(FenError::not_a_cell(0, &cell.index().to_string()));
        }
        edited.cells[i] = match piece {
            Some((side, kind)) if kind.index() < self.pieces => Occupant::piece(side, kind),
            _ => Occupant::EMPTY,
        };
        edited.marks[i] = 0;
        if let (Some(t), Some(tags)) = (self.tags.as_deref(), edited.tags.get_mut(i)) {
            *tags = piece.map_or(0, |(_, kind)| {
                t.start.get(kind.index()).copied().unwrap_or(0)
            });
        }
        edited.ep = Default::default();
        for (bit, c) in self.castlings.iter().enumerate() {
            let stands = |at: CellId, kind: PieceId| {
                edited.cells[at.index()] == Occupant::piece(c.side, kind)
            };
            if !(stands(c.king_from, c.king) && stands(c.partner_from, c.partner)) {
                edited.castling &= !(1u64 << bit);
            }
        }
        self.position(&self.fen(&edited))
    }

    /// `pos` with `opened` open to en passant capture and the piece on `victim` the one
    /// such a capture takes, as after a move of the side not to move that passed those
    /// cells (a rush whose passed cells a later ply of its cascade filled keeps them
    /// open: Croatian Chess, Miranda's Veil, "En passant not blocked"). `None` when the
    /// victim is not a piece of the side not to move, or `opened` is empty, holds more
    /// than [`MAX_EP_CELLS`] cells, a cell twice, a cell off the board or the victim's.
    ///
    /// ```
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
    /// let pos = game.position("4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1").unwrap();
    /// let cell = |n| game.rules().cell(n).unwrap();
    /// let open = game.with_en_passant(&pos, cell("d4"), &[cell("d3")]).unwrap();
    /// assert_eq!(game.fen(&open), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
    /// assert!(game.with_en_passant(&pos, cell("e4"), &[cell("e3")]).is_none());
    /// ```
    pub fn with_en_passant(
        &self,
        pos: &GamePosition,
        victim: CellId,
        opened: &[CellId],
    ) -> Option<GamePosition> {
        let at = |c: CellId| pos.cells.get(c.index()).copied();
        let v = at(victim)?;
        if v.is_empty() || v.side() == pos.side || opened.is_empty() || opened.len() > MAX_EP_CELLS
        {
            return None;
        }
        let mut edited = pos.clone();
        edited.ep = Default::default();
        for (i, &c) in opened.iter().enumerate() {
            if at(c).is_none() || c == victim || opened[..i].contains(&c) {
                return None;
            }
            edited.ep.cells[i] = c.0;
        }
        edited.ep.len = opened.len() as u8;
        edited.ep.victim = victim.0;
        edited.rehash(&self.keys);
        Some(edited)
    }
}
