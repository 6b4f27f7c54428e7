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

mod fen_error;

pub use fen_error::{FenError, FenErrorKind};

/// Pieces on cells and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Indexed by cell id.
    pub cells: Vec<Occupant>,
    /// The side to move.
    pub side_to_move: Side,
}

impl Occupancy for Position {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells.as_slice().occupant(cell)
    }
}

impl Position {
    /// An empty board with the first side to move.
    pub fn empty(board: &Board) -> Position {
        Position {
            cells: vec![Occupant::EMPTY; board.cell_count()],
            side_to_move: Side::First,
        }
    }

    /// Reads `BOARD[HAND] [SIDE [CASTLING [EP [HALFMOVE [FULLMOVE]]]]]`, any FEN the game
    /// layer reads or writes: ranks are listed from the top (the highest rank) down,
    /// separated by `/`; a number counts empty cells (holes included); `*` marks a hole
    /// explicitly; `+P` is the piece declared with the letter `+P` (and `+p` the second
    /// side's); a `~` after a piece (promoted, in games with hands) and the hand `[...]`
    /// are read and left out, since they do not change how pieces move. The side is `w`
    /// (first) or `b` (second); without it the first side moves.
    pub fn from_fen(fen: &str, board: &Board, pieces: &[TablePiece]) -> Result<Position, FenError> {
        Position::from_fen_neutral(fen, board, pieces, &[])
    }

    /// [`Position::from_fen`] for a game with `neutral` pieces (these kinds): each is
    /// written `*` on its cell (`*` and its letter when there are several kinds), and is
    /// stored as the first side's piece of its kind (no walk sees it as anyone's: the
    /// table treats it as a wall).
    pub fn from_fen_neutral(
        fen: &str,
        board: &Board,
        pieces: &[TablePiece],
        neutral: &[PieceId],
    ) -> Result<Position, FenError> {
        let mut pos = Position::empty(board);
        let fields = fen_fields(fen);
        let Some(&(board_at, board_field)) = fields.first() else {
            return Err(FenError::empty());
        };
        if fields.len() > 6 {
            return Err(FenError::too_many_fields(fields[6].0, Some(6)));
        }
        let (board_text, _hand) = split_hand(board_field, board_at)?;
        let (cells, _, _) = read_board(
            board_text,
            board_at,
            board,
            pieces,
            neutral,
            &|_, _| Ok(0),
            &|_, _, _| Ok(None),
        )?;
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
/// piece (called with the piece and the `~`'s byte offset, where it reports its error).
/// `neutral`: the kinds that belong to no side, written `*` on a cell (`*` and the
/// letter when there are several) and never by their letters. Shared by
/// [`Position::from_fen`] and the game layer's FEN reader.
pub fn read_board(
    board_text: &str,
    board_at: usize,
    board: &Board,
    pieces: &[TablePiece],
    neutral: &[PieceId],
    tilde: &dyn Fn(PieceId, usize) -> Result<u8, FenError>,
    tag: &TagMark<'_>,
) -> Result<BoardCells, FenError> {
    let neutral_forms = || -> Vec<String> {
        if neutral.len() == 1 {
            return vec!["*".into()];
        }
        neutral
            .iter()
            .map(|k| format!("*{}", pieces[k.index()].letter))
            .collect()
    };
    // The marks after a letter this game's letters use (`'`, `!`), by prime.
    let primes: Vec<u8> = (1..=2u8)
        .filter(|&k| pieces.iter().any(|p| p.prime == k))
        .collect();
    let mut cells = vec![Occupant::EMPTY; board.cell_count()];
    let mut promoted = vec![0u8; board.cell_count()];
    let mut tags = vec![0u8; board.cell_count()];
    let height = board.height() as i16;
    let ranks: Vec<&str> = board_text.split('/').collect();
    if ranks.len() != height as usize {
        return Err(FenError::rank_count(
            board_at + board_text.len(),
            ranks.len(),
            height as usize,
        ));
    }
    let mut at = board_at;
    for (row, rank_text) in ranks.iter().enumerate() {
        let y = height - 1 - row as i16;
        let layout = board.fen_row(y);
        let width = layout.len() as i16;
        // The rank's number in messages, counted from 1 at the bottom.
        let rank = y as usize + 1;
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
                    return Err(FenError::zero_count(here));
                }
                x = x.saturating_add(n);
                if x > width {
                    return Err(FenError::rank_too_long(here, rank, width as usize));
                }
                i = j;
                continue;
            }
            if x >= width {
                return Err(FenError::rank_too_long(here, rank, width as usize));
            }
            let coord = layout[x as usize];
            let cell = board.cell_at(coord);
            if ch == b'*' {
                if let Some(cell) = cell {
                    if neutral.is_empty() {
                        return Err(FenError::hole_mark_on_cell(
                            here,
                            crate::topology::coord_name(coord),
                        ));
                    }
                    // A neutral piece: `*`, or `*X` when the game has several kinds.
                    let kind = if neutral.len() == 1 {
                        neutral[0]
                    } else {
                        let letter = bytes.get(i + 1).map_or(' ', |&b| b as char);
                        let found = neutral
                            .iter()
                            .find(|k| pieces[k.index()].letter == letter.to_ascii_uppercase());
                        let Some(&kind) = found else {
                            return Err(FenError::neutral_piece(here, "*".into(), neutral_forms()));
                        };
                        i += 1;
                        kind
                    };
                    cells[cell.index()] = Occupant::piece(Side::First, kind);
                }
            } else if ch.is_ascii_alphabetic()
                || (ch == b'+' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
            {
                // `+X`: a promoted piece's letter, one cell; `X'`, `X!`: a primed letter
                // (in games that declare one, so that tag marks `'` and `!` still read
                // elsewhere).
                let plus = ch == b'+';
                if plus {
                    i += 1;
                }
                let letter = bytes[i];
                let prime = bytes
                    .get(i + 1)
                    .and_then(|&b| crate::ir::prime_of(b as char))
                    .filter(|k| primes.contains(k))
                    .unwrap_or(0);
                if prime != 0 {
                    i += 1;
                }
                let written = format!(
                    "{}{}{}",
                    if plus { "+" } else { "" },
                    letter as char,
                    crate::ir::prime_mark(prime)
                );
                let Some(kind) = pieces.iter().position(|p| {
                    p.plus == plus
                        && p.prime == prime
                        && p.letter == letter.to_ascii_uppercase() as char
                }) else {
                    let declared = pieces.iter().map(|p| p.fen_letter(Side::First)).collect();
                    return Err(FenError::unknown_letter(here, written, declared));
                };
                if neutral.contains(&PieceId(kind as u8)) {
                    return Err(FenError::neutral_piece(here, written, neutral_forms()));
                }
                let Some(cell) = cell else {
                    return Err(FenError::piece_on_hole(
                        here,
                        crate::topology::coord_name(coord),
                    ));
                };
                let side = if letter.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                cells[cell.index()] = Occupant::piece(side, PieceId(kind as u8));
                if bytes.get(i + 1) == Some(&b'~') {
                    i += 1;
                    promoted[cell.index()] = tilde(PieceId(kind as u8), at + i)?;
                }
                // Tag marks after the letter (and `~`), in games that declare tags.
                while let Some(&mark) = bytes.get(i + 1) {
                    let Some(bit) = tag(PieceId(kind as u8), mark, at + i + 1)? else {
                        break;
                    };
                    i += 1;
                    if tags[cell.index()] & bit != 0 {
                        return Err(FenError::tag_twice(at + i, mark as char));
                    }
                    tags[cell.index()] |= bit;
                }
            } else {
                let found = rank_text[i..].chars().next().unwrap_or('?');
                return Err(FenError::unexpected_in_board(here, found));
            }
            x += 1;
            i += 1;
        }
        if x != width {
            return Err(FenError::rank_too_short(
                at + rank_text.len(),
                rank,
                x as usize,
                width as usize,
            ));
        }
        at += rank_text.len() + 1;
    }
    Ok((cells, promoted, tags))
}

/// What [`read_board`] reads: occupants, promotion marks (`~`) and tags, per cell.
pub(crate) type BoardCells = (Vec<Occupant>, Vec<u8>, Vec<u8>);

/// Reads a tag mark: given the piece's kind, the byte after it and that byte's offset,
/// the tag's bit if the byte is a tag mark the kind may carry, `None` if it is not a
/// tag mark, an error if it is one the kind may not carry.
pub(crate) type TagMark<'a> = dyn Fn(PieceId, u8, usize) -> Result<Option<u8>, FenError> + 'a;

/// The space-separated fields of a FEN with the byte offset each starts at.
/// The hand of a FEN's board field: the offset of its text and the text inside `[...]`.
pub type HandField<'a> = Option<(usize, &'a str)>;

/// Splits a FEN's board field into the board and the hand: `(board, Some((offset of
/// the hand's text, hand text)))` for `BOARD[HAND]`, `(board, None)` without a hand.
pub fn split_hand(board_field: &str, board_at: usize) -> Result<(&str, HandField<'_>), FenError> {
    match board_field.find('[') {
        Some(i) => {
            if !board_field.ends_with(']') {
                return Err(FenError::hand_not_closed(board_at + board_field.len()));
            }
            Ok((
                &board_field[..i],
                Some((board_at + i + 1, &board_field[i + 1..board_field.len() - 1])),
            ))
        }
        None => Ok((board_field, None)),
    }
}

/// The space-separated fields of a FEN, each with its byte offset (empty fields
/// dropped).
pub fn fen_fields(fen: &str) -> Vec<(usize, &str)> {
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
pub fn read_side(at: usize, text: &str) -> Result<Side, FenError> {
    match text {
        "w" => Ok(Side::First),
        "b" => Ok(Side::Second),
        _ => Err(FenError::side_to_move(at, text)),
    }
}
