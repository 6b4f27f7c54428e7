//! The game's text forms of moves and pieces as methods of [`Game`]: UCI, SAN, the
//! draughts family's FEN and PDN, piece letters (the readers and writers themselves are
//! this module's siblings).

use crate::ids::{PieceId, Side};
use crate::{notation, Game, GameMove, GamePosition};

impl Game {
    /// The position as a draughts FEN (`W:W31,32:BK1,2`: the side to move, then each
    /// side's squares, kings after `K`), for a game with capture chains on a square
    /// board; `None` for other games. Squares are the dark cells (a1 dark) numbered
    /// from the top rank down, each rank from the left (10×10: 1 is b10, 46 is a1).
    pub fn draughts_fen(&self, pos: &GamePosition) -> Option<String> {
        notation::draughts::write(self, pos)
    }

    /// A legal move of `pos` in PDN (`32-28`, a capture with its landings `28x19x10`)
    /// for a game with draughts squares ([`Game::draughts_fen`]); `None` otherwise.
    pub fn pdn(&self, pos: &GamePosition, m: &GameMove) -> Option<String> {
        notation::draughts::pdn(self, pos, m)
    }

    /// A move in UCI as Fairy-Stockfish prints it. A push is the pusher's move; see
    /// [`Game::uci_list`] for telling apart moves that print the same.
    pub fn uci(&self, m: &GameMove) -> String {
        notation::uci::uci(self, m)
    }

    /// Finds the legal move with this UCI text (as [`Game::uci_list`] writes it); in a
    /// game with draughts squares also PDN (`32-28`; a capture `28x10` or with every
    /// landing, `28x19x10`, when only one legal move reads so).
    pub fn parse_uci(&self, pos: &GamePosition, text: &str) -> Option<GameMove> {
        let moves = self.legal_moves(pos);
        let texts = self.uci_list(&moves);
        moves
            .into_iter()
            .zip(texts)
            .find(|(_, t)| t == text)
            .map(|(m, _)| m)
            .or_else(|| notation::draughts::parse(self, pos, text))
            .or_else(|| notation::uci::parse_legs(self, pos, text))
    }

    /// The SAN of each of `moves`, the legal moves of `pos` (they decide what is
    /// disambiguated), in order, as Fairy-Stockfish writes SAN: `Nbd7`, `exd5`,
    /// `e8=Q+`, `O-O`, `P@e4`, `Qh4#` (see `notation::san` for what differs).
    pub fn san_list(&self, pos: &GamePosition, moves: &[GameMove]) -> Vec<String> {
        notation::san::san_list(self, pos, moves)
    }

    /// The SAN of one legal move of `pos`, as [`Game::san_list`] of the legal moves
    /// writes it (without finding every other move's check mark); a move that is not
    /// legal there is written in UCI.
    pub fn san(&self, pos: &GamePosition, m: &GameMove) -> String {
        let moves = self.legal_moves(pos);
        if moves.contains(m) {
            notation::san::san_one(self, pos, &moves, m)
        } else {
            self.uci(m)
        }
    }

    /// Finds the legal move written `text`: in UCI ([`Game::parse_uci`]), or else in
    /// SAN ([`Game::parse_san`]).
    pub fn parse_move(&self, pos: &GamePosition, text: &str) -> Option<GameMove> {
        self.parse_uci(pos, text)
            .or_else(|| self.parse_san(pos, text))
    }

    /// Finds the legal move whose SAN is `text` (check marks and `!`/`?` optional,
    /// `0-0` read as `O-O`); `None` if none, or more than one, reads so.
    pub fn parse_san(&self, pos: &GamePosition, text: &str) -> Option<GameMove> {
        notation::san::parse_san(self, pos, text)
    }

    /// Whether SAN writes the piece without its letter, as a pawn: its declaration
    /// says so (`(P, san pawn)`), or, where it gives no SAN letter, its moves restart
    /// the halfmove clock (the `move limit`'s `pawn` pieces, `en passant` capturers).
    pub(crate) fn is_san_pawn(&self, piece: PieceId) -> bool {
        match self.san_names[piece.index()] {
            Some(crate::ir::SanName::Pawn) => true,
            Some(crate::ir::SanName::Letter(_)) => false,
            None => self.clock_reset[piece.index()],
        }
    }

    /// The piece's letter as FEN writes it for `side` (`+p` for a promoted Shogi pawn of
    /// the second side, `n'` for a primed letter).
    pub fn letter(&self, side: Side, piece: PieceId) -> String {
        let p = &self.rules.table().pieces()[piece.index()];
        if self.neutral[piece.index()] {
            return self.neutral_letter(piece);
        }
        let l = if side == Side::First {
            p.letter
        } else {
            p.letter.to_ascii_lowercase()
        };
        format!(
            "{}{l}{}",
            if self.is_plus(piece) { "+" } else { "" },
            crate::ir::prime_mark(p.prime)
        )
    }

    /// The piece's letter is written `+X`.
    pub fn is_plus(&self, piece: PieceId) -> bool {
        self.plus[piece.index()]
    }

    /// Whether `piece`, written `+X`, becoming `p` turns it back into X, the piece it
    /// promoted from (Kyoto shogi's demotion, written `-` in UCI: `a1a2-`).
    pub fn demotes_to(&self, piece: PieceId, p: PieceId) -> bool {
        self.plus[piece.index()] && self.base_of[piece.index()] == Some(p)
    }

    /// The letter Standard Algebraic Notation writes for `piece`, uppercase: the one its
    /// declaration gives (`piece Horse (N, san H)`), else its FEN letter (with `+` for a
    /// promoted piece's, `+P`).
    pub fn san_letter(&self, piece: PieceId) -> String {
        match self.san_names[piece.index()] {
            Some(crate::ir::SanName::Letter(l)) => l.to_string(),
            _ => self.letter(Side::First, piece),
        }
    }
}
