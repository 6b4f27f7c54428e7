//! position: a board's occupancy read from FEN — the board part and the side to move.
//!
//! Owns [`Position`] (what the movement commands walk over) and FEN reading with
//! errors that say what is wrong and where. Castling rights, en passant and move
//! clocks (FEN fields 3 to 6) are accepted and ignored here; the game layer reads
//! them. Piece letters are the ones the rules declare; uppercase is the first side; a
//! promoted piece declared as `+X` is written `+X` / `+x` (one cell). The `~` mark of
//! promoted pieces and `[...]` hands are not read here.

use crate::ids::{CellId, PieceId, Side};
use crate::table::TablePiece;
use crate::topology::Board;
use crate::walk::{Occupancy, Occupant};
use std::fmt;

/// Pieces on cells and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Indexed by cell id.
    pub cells: Vec<Occupant>,
    pub side_to_move: Side,
}

impl Occupancy for Position {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells.as_slice().occupant(cell)
    }
}

/// A FEN that could not be read: what is wrong and at which character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Byte offset into the FEN text.
    pub offset: usize,
    pub message: String,
}

impl FenError {
    /// The error with the FEN quoted and a caret under the offending character.
    pub fn render(&self, fen: &str) -> String {
        let col = fen[..self.offset.min(fen.len())].chars().count();
        format!(
            "error: invalid FEN: {}\n  | {}\n  | {}^\n",
            self.message,
            fen,
            " ".repeat(col)
        )
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at character {})", self.message, self.offset + 1)
    }
}

impl std::error::Error for FenError {}

fn fail<T>(offset: usize, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        offset,
        message: message.into(),
    })
}

impl Position {
    /// An empty board with the first side to move.
    pub fn empty(board: &Board) -> Position {
        Position {
            cells: vec![Occupant::EMPTY; board.cell_count()],
            side_to_move: Side::First,
        }
    }

    /// Reads `BOARD [SIDE [CASTLING [EP [HALFMOVE [FULLMOVE]]]]]`. Ranks are listed from
    /// the top (the highest rank) down, separated by `/`; a number counts empty cells
    /// (holes included); `*` marks a hole explicitly; `+P` is the piece declared with
    /// the letter `+P` (and `+p` the second side's). The side is `w` (first) or `b`
    /// (second); without it the first side moves.
    pub fn from_fen(fen: &str, board: &Board, pieces: &[TablePiece]) -> Result<Position, FenError> {
        let mut pos = Position::empty(board);
        let fields = fen_fields(fen);
        let Some(&(board_at, board_text)) = fields.first() else {
            return fail(0, "the FEN is empty");
        };
        if fields.len() > 6 {
            return fail(fields[6].0, "too many fields (a FEN has at most 6)");
        }
        let (cells, _) = read_board(board_text, board_at, board, pieces, &|_| {
            Err("promoted-piece marks `~` are read by the game layer (`piecewise moves` without --pseudo)".into())
        })?;
        pos.cells = cells;
        if let Some(&(side_at, side)) = fields.get(1) {
            pos.side_to_move = read_side(side_at, side)?;
        }
        Ok(pos)
    }

    /// The board part and side in FEN.
    pub fn to_fen(&self, board: &Board, pieces: &[TablePiece]) -> String {
        let mut s = String::new();
        for y in (0..board.height() as i16).rev() {
            let mut empty = 0;
            for at in board.fen_row(y) {
                let cell = board.cell_at(at);
                let occ = cell
                    .map(|c| self.cells[c.index()])
                    .unwrap_or(Occupant::EMPTY);
                if occ.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                match pieces.get(occ.kind().index()) {
                    Some(p) => s.push_str(&p.fen_letter(occ.side())),
                    None => s.push('?'),
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if y > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(if self.side_to_move == Side::First {
            'w'
        } else {
            'b'
        });
        s
    }
}

/// Reads the board part of a FEN (`text`, starting at byte `at` of the whole FEN):
/// the occupants and, per cell, the promotion mark `tilde` gives for a `~` after a
/// piece (its error is reported at the `~`). Shared by [`Position::from_fen`] and the
/// game layer's FEN reader.
pub(crate) fn read_board(
    board_text: &str,
    board_at: usize,
    board: &Board,
    pieces: &[TablePiece],
    tilde: &dyn Fn(PieceId) -> Result<u8, String>,
) -> Result<(Vec<Occupant>, Vec<u8>), FenError> {
    let mut cells = vec![Occupant::EMPTY; board.cell_count()];
    let mut promoted = vec![0u8; board.cell_count()];
    let height = board.height() as i16;
    let ranks: Vec<&str> = board_text.split('/').collect();
    if ranks.len() != height as usize {
        return fail(
            board_at + board_text.len(),
            format!(
                "the board part has {} ranks but the board has {height}",
                ranks.len()
            ),
        );
    }
    let mut at = board_at;
    for (row, rank_text) in ranks.iter().enumerate() {
        let y = height - 1 - row as i16;
        let layout = board.fen_row(y);
        let width = layout.len() as i16;
        let mut x: i16 = 0;
        let bytes = rank_text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let here = at + i;
            let ch = bytes[i];
            if ch.is_ascii_digit() {
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_digit() {
                    j += 1;
                }
                let n: i16 = rank_text[i..j].parse().unwrap_or(i16::MAX);
                if n == 0 || rank_text[i..].starts_with('0') {
                    return fail(here, "a count of empty cells must start with 1-9");
                }
                x = x.saturating_add(n);
                if x > width {
                    return fail(here, format!("rank {} has more than {width} cells", y + 1));
                }
                i = j;
                continue;
            }
            if x >= width {
                return fail(here, format!("rank {} has more than {width} cells", y + 1));
            }
            let coord = layout[x as usize];
            let cell = board.cell_at(coord);
            if ch == b'*' {
                if cell.is_some() {
                    return fail(
                        here,
                        format!(
                            "`*` marks a hole but {} is a cell",
                            crate::topology::coord_name(coord)
                        ),
                    );
                }
            } else if ch.is_ascii_alphabetic()
                || (ch == b'+' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
            {
                // `+X`: a promoted piece's letter, one cell.
                let plus = ch == b'+';
                if plus {
                    i += 1;
                }
                let letter = bytes[i];
                let Some(kind) = pieces.iter().position(|p| {
                    p.plus == plus && p.letter == letter.to_ascii_uppercase() as char
                }) else {
                    let known: Vec<String> =
                        pieces.iter().map(|p| p.fen_letter(Side::First)).collect();
                    return fail(
                        here,
                        format!(
                            "no piece has the letter `{}{}`; the rules declare {}",
                            if plus { "+" } else { "" },
                            letter as char,
                            known.join(" ")
                        ),
                    );
                };
                let Some(cell) = cell else {
                    return fail(
                        here,
                        format!(
                            "{} is a hole; no piece can stand there",
                            crate::topology::coord_name(coord)
                        ),
                    );
                };
                let side = if letter.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                cells[cell.index()] = Occupant::piece(side, PieceId(kind as u8));
                if bytes.get(i + 1) == Some(&b'~') {
                    i += 1;
                    match tilde(PieceId(kind as u8)) {
                        Ok(mark) => promoted[cell.index()] = mark,
                        Err(message) => return fail(at + i, message),
                    }
                }
            } else {
                let c = rank_text[i..].chars().next().unwrap_or('?');
                let hint = match c {
                    '+' => " (`+` comes right before a piece letter, as in `+P`)",
                    '[' => " (hands are read by the game layer)",
                    _ => "",
                };
                return fail(here, format!("unexpected `{c}` in the board part{hint}"));
            }
            x += 1;
            i += 1;
        }
        if x != width {
            return fail(
                at + rank_text.len(),
                format!("rank {} has {x} cells but the board is {width} wide", y + 1),
            );
        }
        at += rank_text.len() + 1;
    }
    Ok((cells, promoted))
}

/// The space-separated fields of a FEN with the byte offset each starts at.
pub(crate) fn fen_fields(fen: &str) -> Vec<(usize, &str)> {
    fen.split(' ')
        .scan(0usize, |at, f| {
            let start = *at;
            *at += f.len() + 1;
            Some((start, f))
        })
        .filter(|(_, f)| !f.is_empty())
        .collect()
}

/// Reads the side-to-move field (`w` or `b`) found at byte `at`.
pub(crate) fn read_side(at: usize, text: &str) -> Result<Side, FenError> {
    match text {
        "w" => Ok(Side::First),
        "b" => Ok(Side::Second),
        _ => fail(
            at,
            format!("the side to move is `{text}`; expected `w` or `b`"),
        ),
    }
}
