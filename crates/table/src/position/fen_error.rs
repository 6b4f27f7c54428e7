//! The FEN readers' error: [`FenError`] wraps a [`FenErrorKind`] that says what is
//! wrong with a FEN and at which byte.
//!
//! Owns the error type, its text and its rendering with a caret; both FEN readers
//! (the board part here in `position`, the full game FEN in `game::notation::fen`)
//! build it through the `pub(crate)` constructors.

use piecewise_lang::diagnostics::plural;
use std::fmt;

/// A FEN that could not be read: what is wrong ([`FenError::kind`]) and at which byte
/// ([`FenError::offset`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    kind: FenErrorKind,
}

/// What is wrong with a FEN. Every kind carries `offset`, the byte offset into the FEN
/// text where the problem was found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The FEN has no field at all.
    Empty {
        /// Always 0.
        offset: usize,
    },
    /// More fields than the reader accepts.
    TooManyFields {
        /// The first field too many.
        offset: usize,
        /// The most fields this reader accepts, when that is a fixed number (the board
        /// reader's 6); `None` for the game reader, whose limit depends on which
        /// optional fields are present.
        limit: Option<usize>,
    },
    /// The board part has a different number of ranks than the board.
    RankCount {
        /// The end of the board part.
        offset: usize,
        /// Ranks in the FEN.
        found: usize,
        /// Ranks of the board.
        expected: usize,
    },
    /// A count of empty cells starts with `0`.
    ZeroCount {
        /// The count.
        offset: usize,
    },
    /// A rank lists more cells than the board's rank has.
    RankTooLong {
        /// The cell or count that goes past the end.
        offset: usize,
        /// The rank, counted from 1 at the bottom.
        rank: usize,
        /// The rank's width in cells.
        width: usize,
    },
    /// A rank lists fewer cells than the board's rank has.
    RankTooShort {
        /// The end of the rank.
        offset: usize,
        /// The rank, counted from 1 at the bottom.
        rank: usize,
        /// The cells the FEN gives.
        found: usize,
        /// The rank's width in cells.
        width: usize,
    },
    /// A `*` (hole mark) on a point of the board that is a cell.
    HoleMarkOnCell {
        /// The `*`.
        offset: usize,
        /// The cell's name.
        cell: String,
    },
    /// A neutral piece written by its letter (it is written `*`, or `*` and its letter
    /// when the game has several neutral kinds), or a `*` on a cell that names no
    /// neutral kind.
    NeutralPiece {
        /// The letter or the `*`.
        offset: usize,
        /// What was written.
        written: String,
        /// How the game's neutral pieces are written (`*`, or `*M *S`).
        expected: Vec<String>,
    },
    /// A piece letter the rules do not declare.
    UnknownLetter {
        /// The letter (or its `+`).
        offset: usize,
        /// The letter as written (`x`, `+Q`).
        letter: String,
        /// The letters the rules declare, as the first side's.
        declared: Vec<String>,
    },
    /// A piece on a point of the board that is a hole.
    PieceOnHole {
        /// The piece letter.
        offset: usize,
        /// The point's name.
        point: String,
    },
    /// A character that has no meaning in the board part.
    UnexpectedInBoard {
        /// The character.
        offset: usize,
        /// The character.
        found: char,
    },
    /// A `~` after a piece that no single piece promotes to.
    PromotionMarkAmbiguous {
        /// The `~`.
        offset: usize,
        /// The piece's letter, as the first side's.
        piece: String,
    },
    /// The side-to-move field is not `w` or `b`.
    SideToMove {
        /// The field.
        offset: usize,
        /// The field's text.
        found: String,
    },
    /// A one-side game's FEN gives the second side the move.
    OneSide {
        /// The side field.
        offset: usize,
    },
    /// A hand `[...]` without its closing `]`.
    HandNotClosed {
        /// The end of the board field.
        offset: usize,
    },
    /// More than one piece of the kind moved after each move (`neutral Duck, after
    /// each move`): it stands on one cell at most.
    SecondDuck {
        /// The start of the board part.
        offset: usize,
        /// How many there are.
        found: usize,
        /// The piece's name (`Duck`).
        name: String,
    },
    /// A tag mark after a piece whose kind does not carry that tag.
    TagNotCarried {
        /// The mark.
        offset: usize,
        /// The mark as written.
        mark: char,
        /// The tag's name.
        tag: String,
        /// The piece's name.
        piece: String,
    },
    /// The same tag mark twice after one piece.
    TagTwice {
        /// The second mark.
        offset: usize,
        /// The mark.
        mark: char,
    },
    /// A hand in a game without hands.
    NoHands {
        /// The `[`.
        offset: usize,
    },
    /// More pieces in the hands than a position can count: the hands together hold
    /// at most `limit` (65,535 less the board's cells, so that captures in play keep
    /// every hand's count within 16 bits).
    HandTooLarge {
        /// The letter that went over the limit.
        offset: usize,
        /// The letter.
        letter: char,
        /// The limit.
        limit: usize,
    },
    /// A character in the hand that is not a letter.
    UnexpectedInHand {
        /// The character.
        offset: usize,
        /// The character.
        found: char,
    },
    /// A castling right the game does not declare.
    UnknownCastling {
        /// The letter.
        offset: usize,
        /// The letter.
        right: char,
        /// The rights the game declares, in order.
        declared: Vec<char>,
    },
    /// The en passant field names no cell of the board.
    NotACell {
        /// The field.
        offset: usize,
        /// The field's text.
        found: String,
    },
    /// The en passant cell has no piece of the side that just moved beyond it.
    EnPassantWithoutVictim {
        /// The field.
        offset: usize,
        /// The cell's name.
        cell: String,
    },
    /// A multi-cell en passant field (`h5g6`: the landing cell and the cells passed, as
    /// Fairy-Stockfish writes it after some double steps) that is not exactly one cell
    /// holding a piece of the side that just moved and, beside it, empty cells.
    EnPassantCells {
        /// The field.
        offset: usize,
        /// The field's text.
        field: String,
    },
    /// A clock or counting field that is not a number.
    NotANumber {
        /// The field.
        offset: usize,
        /// The field's text.
        found: String,
    },
    /// A check-count field (`3+3`: the checks each side has left) that is malformed or
    /// counts more checks than the game's `checks N`.
    CheckCounts {
        /// The field.
        offset: usize,
        /// The field's text.
        found: String,
        /// The game's N.
        limit: u32,
    },
    /// A draughts FEN (`W:W31,32:B1,K2`) that does not read: what was expected where.
    Draughts {
        /// Where the problem is.
        offset: usize,
        /// What is wrong (`` `61` is not a square of this board (1 to 50) ``).
        problem: String,
    },
}

impl FenError {
    /// What is wrong, and where.
    pub fn kind(&self) -> &FenErrorKind {
        &self.kind
    }

    /// The byte offset into the FEN text where the problem was found.
    pub fn offset(&self) -> usize {
        use FenErrorKind::*;
        match self.kind {
            Empty { offset }
            | TooManyFields { offset, .. }
            | RankCount { offset, .. }
            | ZeroCount { offset }
            | RankTooLong { offset, .. }
            | RankTooShort { offset, .. }
            | HoleMarkOnCell { offset, .. }
            | UnknownLetter { offset, .. }
            | NeutralPiece { offset, .. }
            | PieceOnHole { offset, .. }
            | UnexpectedInBoard { offset, .. }
            | PromotionMarkAmbiguous { offset, .. }
            | SideToMove { offset, .. }
            | OneSide { offset }
            | HandNotClosed { offset }
            | NoHands { offset }
            | SecondDuck { offset, .. }
            | TagNotCarried { offset, .. }
            | TagTwice { offset, .. }
            | HandTooLarge { offset, .. }
            | UnexpectedInHand { offset, .. }
            | UnknownCastling { offset, .. }
            | NotACell { offset, .. }
            | EnPassantWithoutVictim { offset, .. }
            | EnPassantCells { offset, .. }
            | NotANumber { offset, .. }
            | CheckCounts { offset, .. }
            | Draughts { offset, .. } => offset,
        }
    }

    /// What is wrong, without the place (`Display` adds ` (at character N)`).
    pub fn message(&self) -> String {
        Message(&self.kind).to_string()
    }

    /// The error with the FEN quoted and a caret under the offending character.
    pub fn render(&self, fen: &str) -> String {
        let column = fen[..self.offset().min(fen.len())].chars().count();
        format!(
            "error: invalid FEN: {}\n  | {}\n  | {}^\n",
            Message(&self.kind),
            fen,
            " ".repeat(column)
        )
    }

    fn new(kind: FenErrorKind) -> FenError {
        FenError { kind }
    }

    /// A [`FenErrorKind::Empty`] error (for readers of FEN beside this module).
    pub fn empty() -> FenError {
        FenError::new(FenErrorKind::Empty { offset: 0 })
    }

    /// A [`FenErrorKind::TooManyFields`] error (for readers of FEN beside this module).
    pub fn too_many_fields(offset: usize, limit: Option<usize>) -> FenError {
        FenError::new(FenErrorKind::TooManyFields { offset, limit })
    }

    pub(crate) fn rank_count(offset: usize, found: usize, expected: usize) -> FenError {
        FenError::new(FenErrorKind::RankCount {
            offset,
            found,
            expected,
        })
    }

    pub(crate) fn zero_count(offset: usize) -> FenError {
        FenError::new(FenErrorKind::ZeroCount { offset })
    }

    pub(crate) fn rank_too_long(offset: usize, rank: usize, width: usize) -> FenError {
        FenError::new(FenErrorKind::RankTooLong {
            offset,
            rank,
            width,
        })
    }

    pub(crate) fn rank_too_short(offset: usize, rank: usize, found: usize, width: usize) -> Self {
        FenError::new(FenErrorKind::RankTooShort {
            offset,
            rank,
            found,
            width,
        })
    }

    pub(crate) fn hole_mark_on_cell(offset: usize, cell: String) -> FenError {
        FenError::new(FenErrorKind::HoleMarkOnCell { offset, cell })
    }

    pub(crate) fn neutral_piece(offset: usize, written: String, expected: Vec<String>) -> Self {
        FenError::new(FenErrorKind::NeutralPiece {
            offset,
            written,
            expected,
        })
    }

    /// A [`FenErrorKind::UnknownLetter`] error (for readers of FEN beside this module).
    pub fn unknown_letter(offset: usize, letter: String, declared: Vec<String>) -> Self {
        FenError::new(FenErrorKind::UnknownLetter {
            offset,
            letter,
            declared,
        })
    }

    pub(crate) fn piece_on_hole(offset: usize, point: String) -> FenError {
        FenError::new(FenErrorKind::PieceOnHole { offset, point })
    }

    pub(crate) fn unexpected_in_board(offset: usize, found: char) -> FenError {
        FenError::new(FenErrorKind::UnexpectedInBoard { offset, found })
    }

    /// A [`FenErrorKind::PromotionMarkAmbiguous`] error (for readers of FEN beside this module).
    pub fn promotion_mark_ambiguous(offset: usize, piece: String) -> FenError {
        FenError::new(FenErrorKind::PromotionMarkAmbiguous { offset, piece })
    }

    pub(crate) fn side_to_move(offset: usize, found: &str) -> FenError {
        FenError::new(FenErrorKind::SideToMove {
            offset,
            found: found.to_string(),
        })
    }

    /// A [`FenErrorKind::OneSide`] error (for readers of FEN beside this module).
    pub fn one_side(offset: usize) -> FenError {
        FenError::new(FenErrorKind::OneSide { offset })
    }

    pub(crate) fn hand_not_closed(offset: usize) -> FenError {
        FenError::new(FenErrorKind::HandNotClosed { offset })
    }

    /// A [`FenErrorKind::NoHands`] error (for readers of FEN beside this module).
    pub fn no_hands(offset: usize) -> FenError {
        FenError::new(FenErrorKind::NoHands { offset })
    }

    /// A [`FenErrorKind::SecondDuck`] error (for readers of FEN beside this module).
    pub fn second_duck(offset: usize, found: usize, name: String) -> FenError {
        FenError::new(FenErrorKind::SecondDuck {
            offset,
            found,
            name,
        })
    }

    /// A [`FenErrorKind::TagNotCarried`] error (for readers of FEN beside this module).
    pub fn tag_not_carried(offset: usize, mark: char, tag: String, piece: String) -> FenError {
        FenError::new(FenErrorKind::TagNotCarried {
            offset,
            mark,
            tag,
            piece,
        })
    }

    pub(crate) fn tag_twice(offset: usize, mark: char) -> FenError {
        FenError::new(FenErrorKind::TagTwice { offset, mark })
    }

    /// A [`FenErrorKind::HandTooLarge`] error (for readers of FEN beside this module).
    pub fn hand_too_large(offset: usize, letter: char, limit: usize) -> FenError {
        FenError::new(FenErrorKind::HandTooLarge {
            offset,
            letter,
            limit,
        })
    }

    /// A [`FenErrorKind::UnexpectedInHand`] error (for readers of FEN beside this module).
    pub fn unexpected_in_hand(offset: usize, found: char) -> FenError {
        FenError::new(FenErrorKind::UnexpectedInHand { offset, found })
    }

    /// A [`FenErrorKind::UnknownCastling`] error (for readers of FEN beside this module).
    pub fn unknown_castling(offset: usize, right: char, declared: Vec<char>) -> FenError {
        FenError::new(FenErrorKind::UnknownCastling {
            offset,
            right,
            declared,
        })
    }

    /// A [`FenErrorKind::NotACell`] error (for readers of FEN beside this module).
    pub fn not_a_cell(offset: usize, found: &str) -> FenError {
        FenError::new(FenErrorKind::NotACell {
            offset,
            found: found.to_string(),
        })
    }

    /// A [`FenErrorKind::EnPassantWithoutVictim`] error (for readers of FEN beside this module).
    pub fn en_passant_without_victim(offset: usize, cell: &str) -> FenError {
        FenError::new(FenErrorKind::EnPassantWithoutVictim {
            offset,
            cell: cell.to_string(),
        })
    }

    /// A [`FenErrorKind::EnPassantCells`] error (for readers of FEN beside this module).
    pub fn en_passant_cells(offset: usize, field: &str) -> FenError {
        FenError::new(FenErrorKind::EnPassantCells {
            offset,
            field: field.to_string(),
        })
    }

    /// A [`FenErrorKind::CheckCounts`] error (for readers of FEN beside this module).
    pub fn check_counts(offset: usize, found: &str, limit: u32) -> FenError {
        FenError::new(FenErrorKind::CheckCounts {
            offset,
            found: found.to_string(),
            limit,
        })
    }

    /// A [`FenErrorKind::Draughts`] error (for the draughts FEN reader).
    pub fn draughts(offset: usize, problem: impl Into<String>) -> FenError {
        FenError::new(FenErrorKind::Draughts {
            offset,
            problem: problem.into(),
        })
    }

    /// A [`FenErrorKind::NotANumber`] error (for readers of FEN beside this module).
    pub fn not_a_number(offset: usize, found: &str) -> FenError {
        FenError::new(FenErrorKind::NotANumber {
            offset,
            found: found.to_string(),
        })
    }
}

/// The text of a kind, without its place.
struct Message<'a>(&'a FenErrorKind);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FenErrorKind::*;
        match self.0 {
            Empty { .. } => f.write_str("the FEN is empty"),
            TooManyFields {
                limit: Some(limit), ..
            } => write!(f, "too many fields (a FEN has at most {limit})"),
            TooManyFields { limit: None, .. } => f.write_str("too many fields"),
            RankCount {
                found, expected, ..
            } => write!(
                f,
                "the board part has {} but the board has {expected}",
                plural(*found, "rank")
            ),
            ZeroCount { .. } => f.write_str("a count of empty cells must start with 1-9"),
            RankTooLong { rank, width, .. } => {
                write!(f, "rank {rank} has more than {}", plural(*width, "cell"))
            }
            RankTooShort {
                rank, found, width, ..
            } => write!(
                f,
                "rank {rank} has {} but the board is {width} wide",
                plural(*found, "cell")
            ),
            HoleMarkOnCell { cell, .. } => write!(f, "`*` marks a hole but {cell} is a cell"),
            NeutralPiece {
                written, expected, ..
            } => write!(
                f,
                "`{written}` is no neutral piece of this game; neutral pieces belong to no side and are written {}",
                expected.join(" ")
            ),
            UnknownLetter {
                letter, declared, ..
            } => write!(
                f,
                "no piece has the letter `{letter}`; the rules declare {}",
                declared.join(" ")
            ),
            PieceOnHole { point, .. } => {
                write!(f, "{point} is a hole; no piece can stand there")
            }
            UnexpectedInBoard { found, .. } => {
                let hint = match found {
                    '+' => " (`+` comes right before a piece letter, as in `+P`)",
                    '[' => " (hands are read by the game layer)",
                    _ => "",
                };
                write!(f, "unexpected `{found}` in the board part{hint}")
            }
            PromotionMarkAmbiguous { piece, .. } => write!(
                f,
                "`~` marks a promoted piece, but no single piece promotes to `{piece}`"
            ),
            SideToMove { found, .. } => write!(
                f,
                "the side to move is `{found}`; expected `w` or `b`"
            ),
            OneSide { .. } => f.write_str(
                "only the first side moves in this game (`one side`): the side to move is `w`",
            ),
            HandNotClosed { .. } => f.write_str("the hand `[...]` is not closed with `]`"),
            NoHands { .. } => f.write_str("this game has no hands; remove the `[...]` part"),
            SecondDuck { found, name, .. } => write!(
                f,
                "{found} `{name}` pieces on the board; the piece moved after each move stands on one cell at most"
            ),
            TagNotCarried {
                mark, tag, piece, ..
            } => write!(
                f,
                "`{mark}` marks tag `{tag}`, which a `{piece}` never carries"
            ),
            TagTwice { mark, .. } => write!(f, "tag mark `{mark}` given twice to one piece"),
            HandTooLarge { letter, limit, .. } => write!(
                f,
                "the hands hold more than {limit} pieces (at `{letter}`): on this board they \
                 hold at most {limit} together"
            ),
            UnexpectedInHand { found, .. } => write!(f, "unexpected `{found}` in the hand"),
            UnknownCastling {
                right, declared, ..
            } => {
                write!(f, "`{right}` is not a castling right of this game (it declares ")?;
                if declared.is_empty() {
                    f.write_str("no castling letters")?;
                } else {
                    for c in declared {
                        write!(f, "{c}")?;
                    }
                }
                f.write_str(")")
            }
            NotACell { found, .. } => write!(f, "`{found}` is not a cell of this board"),
            EnPassantWithoutVictim { cell, .. } => write!(
                f,
                "en passant cell {cell}: no piece of the side that just moved stands beyond it"
            ),
            EnPassantCells { field, .. } => write!(
                f,
                "en passant field {field}: expected one cell holding a piece of the side that \
                 just moved and the empty cells it passed"
            ),
            NotANumber { found, .. } => write!(f, "expected a number, found `{found}`"),
            CheckCounts { found, limit, .. } => write!(
                f,
                "check counts `{found}`: expected the checks each side has left, \
                 `W+B` with each at most {limit}"
            ),
            Draughts { problem, .. } => write!(f, "{problem}"),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at character {})",
            Message(&self.kind),
            self.offset() + 1
        )
    }
}

impl std::error::Error for FenError {}
