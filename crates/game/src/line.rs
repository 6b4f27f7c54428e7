//! line: a game as played — a start position and the moves played from it, with what
//! the end rules need of the past (a repetition key, whether the side to move was in
//! check, and Makruk's count for every position of the line). Owns [`Line`], its
//! errors ([`LineError`], [`MoveError`]) and Makruk's count it records (`Count`,
//! `Game::next_count`); the ends decided over a line are in `history.rs`.
//!
//! A [`GamePosition`] alone cannot tell a repetition: that needs the line. Playing a
//! move into a line costs one make and, only for the games that need it, a check test
//! (`perpetual check loses`) and a legal-move test (a position with an en passant cell);
//! perft and make/unmake never see a line.
//!
//! # Examples
//!
//! ```
//! use piecewise_game::{EndReason, GameResult};
//! use piecewise_game::Game;
//!
//! let chess = Game::compile(include_str!("../../../rules/chess.rules")).unwrap();
//! let start = chess.start_fen().unwrap().to_string();
//! // Knights out and back twice: the start position stands for the third time.
//! let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
//! let moves: Vec<&str> = shuffle.iter().chain(&shuffle).copied().collect();
//! let line = chess.line_from_uci(&start, &moves).unwrap();
//! assert_eq!(chess.immediate_end(&line), None);
//! assert_eq!(
//!     chess.optional_end(&line),
//!     Some(GameResult { winner: None, reason: EndReason::Repetition })
//! );
//! assert_eq!(chess.line_result(&line), None); // the game goes on unless claimed
//!
//! // A bad move is an error that names it.
//! let err = chess.line_from_uci(&start, &["e2e4", "e2e4"]).unwrap_err();
//! assert_eq!(err.to_string(), "move 2 `e2e4` is not legal in \
//!     rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! ```

use super::{Game, GameMove, GamePosition, MoveKind};
use crate::ids::Side;
use piecewise_table::position::FenError;
use std::fmt;

/// Makruk's count at a position: the limit (0: not counting) and the plies counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Count {
    /// The count that ends the game when exceeded, in plies; 0 while nothing is counted.
    pub limit: u16,
    /// The plies counted so far.
    pub ply: u16,
}

/// What the end rules keep of one position of a [`Line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The position's hash for repetitions: the Zobrist hash, without its en passant
    /// cell unless an en passant capture is legal there.
    pub key: u64,
    /// The side to move was in check (kept only for `perpetual check loses`, `move
    /// repetition loses` and `checkmate ..., after check by`).
    pub check: bool,
    /// The side to move was in check by a piece of the kinds `checkmate ..., after
    /// check by KINDS` names (kept only for that rule).
    pub series_kind: bool,
    /// The move into this position restarted the halfmove clock (a capture or a pawn
    /// move): no earlier position can be the same.
    pub reset: bool,
    /// Makruk's count after the move into this position (`counting makruk`).
    pub count: Count,
}

/// A game as played: a start position, the moves played from it, and what the end
/// rules need to know of every position on the way. Made by [`Game::line`] or
/// [`Game::line_from_uci`], extended by [`Game::play`] and [`Game::play_uci`], judged by
/// [`Game::line_result`], [`Game::immediate_end`] and [`Game::optional_end`].
#[derive(Clone, Debug)]
pub struct Line {
    start: GamePosition,
    pos: GamePosition,
    moves: Vec<GameMove>,
    /// One per position of the line, the start's first.
    pub(crate) marks: Vec<Mark>,
}

impl Line {
    /// The position the line starts from.
    pub fn start(&self) -> &GamePosition {
        &self.start
    }

    /// The position at the end of the line (after every move played).
    pub fn position(&self) -> &GamePosition {
        &self.pos
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[GameMove] {
        &self.moves
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Why a line could not be built from a FEN and UCI moves ([`Game::line_from_uci`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineError {
    /// The FEN could not be read.
    Fen(FenError),
    /// A move could not be played.
    Move(MoveError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Fen(e) => write!(f, "bad FEN: {e}"),
            LineError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LineError::Fen(e) => Some(e),
            LineError::Move(e) => Some(e),
        }
    }
}

impl From<FenError> for LineError {
    fn from(e: FenError) -> LineError {
        LineError::Fen(e)
    }
}

impl From<MoveError> for LineError {
    fn from(e: MoveError) -> LineError {
        LineError::Move(e)
    }
}

/// A move that could not be played: which one, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// Its index in the list of moves given (0 for the first). [`Game::play_uci`]
    /// gives the number of moves already in the line.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it could not be played.
    pub kind: MoveErrorKind,
    /// The FEN of the position it was to be played in.
    pub fen: String,
}

/// Why a move could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// Not a move in UCI notation on this board (`e2e4`, `e7e8q`, `P@e4`).
    Malformed,
    /// A well-formed move that is not legal in the position.
    Illegal,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            MoveErrorKind::Malformed => "is not a UCI move on this board",
            MoveErrorKind::Illegal => "is not legal",
        };
        write!(
            f,
            "move {} `{}` {what} in {}",
            self.index + 1,
            self.text,
            self.fen
        )
    }
}

impl std::error::Error for MoveError {}

impl Game {
    /// A line that starts at `start`, with no move played yet.
    pub fn line(&self, start: GamePosition) -> Line {
        let mark = self.mark(&start, true, Count::default());
        let mark = Mark {
            count: self.start_count(&start),
            ..mark
        };
        Line {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            marks: vec![mark],
        }
    }

    /// A line from a FEN and moves in UCI, as pyffish takes them (`fen`, `moves`): the
    /// error says whether the FEN or which move is at fault, and why.
    pub fn line_from_uci<S: AsRef<str>>(&self, fen: &str, moves: &[S]) -> Result<Line, LineError> {
        let mut line = self.line(self.position(fen)?);
        for (i, text) in moves.iter().enumerate() {
            self.play_uci(&mut line, text.as_ref())
                .map_err(|e| MoveError { index: i, ..e })?;
        }
        Ok(line)
    }

    /// Plays `m`, a legal move of the line's last position, at the end of the line.
    pub fn play(&self, line: &mut Line, m: &GameMove) {
        let pieces_before = self.pieces_on_board(&line.pos);
        // The side that may lose a piece: the one not moving.
        let victim = line.pos.side_to_move().opponent();
        let pawns_before = self.counted_pawns(&line.pos, victim);
        self.play_move(&mut line.pos, m);
        line.moves.push(*m);
        let previous = line.marks.last().map(|m| m.count).unwrap_or_default();
        let reset = line.pos.halfmove_clock() == 0;
        let capture = self.pieces_on_board(&line.pos) < pieces_before;
        let moved = Moved {
            capture,
            pawn_taken: self.counted_pawns(&line.pos, victim) < pawns_before,
            promotion: m.promotion.is_some(),
        };
        let count = self.next_count(&line.pos, previous, moved);
        let mark = self.mark(&line.pos, reset, count);
        line.marks.push(mark);
    }

    /// Makes `m` (a legal move of `pos`) for good, keeping what the position itself
    /// counts beyond make/unmake: the checks each side has given, in a game with
    /// `checks N`. For replaying a game move by move without a [`Line`]; a search that
    /// unmakes uses [`Game::make`].
    pub fn play_move(&self, pos: &mut GamePosition, m: &GameMove) {
        let mover = pos.side_to_move();
        self.make(pos, m);
        if self.ends.checks.is_some() && self.in_check(pos) {
            let given = &mut pos.checks[mover.index()];
            *given = given.saturating_add(1);
        }
    }

    /// Plays the move written `text` in UCI (or SAN: [`Game::parse_move`]) at the end
    /// of the line, and returns it; an error (the line unchanged) if it is not a legal
    /// move there.
    pub fn play_uci(&self, line: &mut Line, text: &str) -> Result<GameMove, MoveError> {
        match self.parse_move(&line.pos, text) {
            Some(m) => {
                self.play(line, &m);
                Ok(m)
            }
            None => Err(MoveError {
                index: line.moves.len(),
                text: text.to_string(),
                kind: if self.names_cells(text) {
                    MoveErrorKind::Illegal
                } else {
                    MoveErrorKind::Malformed
                },
                fen: self.fen(&line.pos),
            }),
        }
    }

    /// The pieces on the board, both sides'.
    fn pieces_on_board(&self, pos: &GamePosition) -> u32 {
        pos.cells().iter().filter(|o| !o.is_empty()).count() as u32
    }

    /// What the end rules keep of `pos`.
    fn mark(&self, pos: &GamePosition, reset: bool, count: Count) -> Mark {
        let mut key = pos.hash();
        if let Some(&cell) = pos.en_passant().cells().first() {
            let ep_legal = self
                .legal_moves(pos)
                .iter()
                .any(|m| matches!(m.kind, MoveKind::EnPassant { .. }));
            if !ep_legal {
                key ^= self.keys.ep_key(cell as usize);
            }
        }
        if let Some(t) = self.tags.as_deref().filter(|t| t.rights != 0) {
            // Tags written as rights in the castling field do not tell positions apart
            // for repetitions, as Fairy-Stockfish's gates are not in its hash.
            for (i, &tags) in pos.tags.iter().enumerate() {
                if tags & t.rights != 0 {
                    key ^= crate::position::tag_hash(&t.keys, i, tags & t.rights);
                }
            }
        }
        if self.ends.checks.is_some() {
            // The checks given tell positions apart (a repetition needs the same counts).
            key ^= u64::from(pos.checks[0]).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ u64::from(pos.checks[1]).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        }
        Mark {
            key,
            check: (self.ends.perpetual_check_loses
                || self.ends.move_repetition.is_some()
                || self.ends.checkmate_after.is_some())
                && self.in_check(pos),
            series_kind: self.checked_by_series_kind(pos),
            reset,
            count,
        }
    }

    /// Whether `text` has the shape of a UCI move whose cells are on this board: a drop
    /// `X@cell` or `+X@cell`, or `cell cell` and an optional suffix.
    fn names_cells(&self, text: &str) -> bool {
        let board = self.board();
        if let Some((piece, cell)) = text.split_once('@') {
            let piece = piece.strip_prefix('+').unwrap_or(piece);
            return piece.len() == 1
                && piece.chars().all(|c| c.is_ascii_alphabetic())
                && board.parse_cell(cell).is_some();
        }
        // Two cells: letters then digits, twice.
        let cell_end = |s: &str| {
            let letters = s.find(|c: char| !c.is_ascii_lowercase())?;
            let digits = s[letters..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(s.len(), |d| letters + d);
            (letters > 0 && digits > letters).then_some(digits)
        };
        let Some(a) = cell_end(text) else {
            return false;
        };
        let Some(b) = cell_end(&text[a..]).map(|b| a + b) else {
            return false;
        };
        // A promotion suffix: a piece letter, `+` or `-`.
        let suffix = &text[b..];
        suffix.len() <= 2
            && suffix
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '+' || c == '-')
            && board.parse_cell(&text[..a]).is_some()
            && board.parse_cell(&text[a..b]).is_some()
    }
}

/// The pieces of `side` of the kinds `pieces` (a counting role) on the board.
fn role_count(pos: &GamePosition, side: Side, pieces: &[crate::ids::PieceId]) -> u32 {
    pieces
        .iter()
        .map(|&p| u32::from(pos.on_board(side, p)))
        .sum()
}

/// The pieces' honour's limit against `strong`'s pieces, from `limits` (in plies): two
/// rooks, one rook, two bishops, two knights, one bishop, anything else.
fn pieces_honour(
    pos: &GamePosition,
    roles: &piecewise_lang::ir::CountingRoles,
    strong: Side,
    limits: [u16; 6],
) -> u16 {
    let rooks = role_count(pos, strong, &roles.rooks);
    let bishops = role_count(pos, strong, &roles.bishops);
    let knights = role_count(pos, strong, &roles.knights);
    match () {
        _ if rooks > 1 => limits[0],
        _ if rooks == 1 => limits[1],
        _ if bishops > 1 => limits[2],
        _ if knights > 1 => limits[3],
        _ if bishops == 1 => limits[4],
        _ => limits[5],
    }
}

/// What a move did, as the counts ask it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Moved {
    /// It took a piece.
    pub capture: bool,
    /// It took a piece of the counting's pawn role.
    pub pawn_taken: bool,
    /// It promoted.
    pub promotion: bool,
}

impl Game {
    /// The pieces of `side` of the counting's pawn role on the board (0 in games
    /// without `counting`).
    fn counted_pawns(&self, pos: &GamePosition, side: Side) -> u32 {
        self.ends
            .counting
            .as_ref()
            .map_or(0, |roles| role_count(pos, side, &roles.pawns))
    }

    /// Cambodian counting after a move into `pos`, as Fairy-Stockfish counts it (in
    /// plies): a running count goes on by one; a count starts for a side whose king took
    /// the last pawn alone (its pieces' honour, from twice the pieces less one); and a
    /// count starts for the side to move when none runs, or when a capture or promotion
    /// left it bare: the board's honour (126 plies, from 0) for a side of two or three
    /// pieces, the pieces' honour for a bare king while no pawn is on the board (14
    /// plies against two rooks, 30 a rook, 42 two bishops, 62 two knights, 86 a bishop,
    /// else 126; from twice the pieces on the board).
    fn cambodian_count(
        &self,
        pos: &GamePosition,
        roles: &piecewise_lang::ir::CountingRoles,
        before: Count,
        moved: Moved,
    ) -> Count {
        let on_board = |side, pieces: &[crate::ids::PieceId]| role_count(pos, side, pieces);
        let pawns = Side::BOTH.iter().any(|&s| on_board(s, &roles.pawns) > 0);
        let pieces = |side| self.pieces_of(pos, side).0;
        let limit_of = |side: Side| -> u16 {
            let strong = side.opponent();
            let (us, them) = (pieces(side), pieces(strong));
            if us > 3 || them == 1 {
                return 0;
            }
            if us > 1 {
                return 126;
            }
            if pawns {
                return 0;
            }
            pieces_honour(pos, roles, strong, [14, 30, 42, 62, 86, 126])
        };
        let stm = pos.side_to_move();
        let mover = stm.opponent();
        let all = (pieces(stm) + pieces(mover)) as u16;
        let mut count = before;
        if count.limit != 0 {
            count.ply = count.ply.saturating_add(1);
        }
        if moved.pawn_taken && pieces(mover) == 1 && !pawns && limit_of(mover) != 0 {
            count = Count {
                limit: limit_of(mover),
                ply: (2 * all).saturating_sub(1),
            };
        }
        let bare_now = (moved.capture || moved.promotion) && pieces(stm) == 1;
        if (count.limit == 0 || bare_now) && limit_of(stm) != 0 {
            count = Count {
                limit: limit_of(stm),
                ply: if pieces(stm) > 1 { 0 } else { 2 * all },
            };
        }
        count
    }

    /// Makruk's count at the start of a line: none yet. (Fairy-Stockfish writes a
    /// running count into the FEN's clock fields; those are not read: a count starts with
    /// the moves of the line.)
    pub(crate) fn start_count(&self, _pos: &GamePosition) -> Count {
        Count::default()
    }

    /// Makruk's count after a move into `pos`, from the count before it; `capture`: the
    /// move took a piece. As Fairy-Stockfish counts (in plies):
    /// - while a pawn is on the board, nothing is counted;
    /// - when nothing is counted yet and one side has its king alone while the other has
    ///   more, the pieces' honour starts: a limit by the stronger side's pieces (two rooks
    ///   16, a rook 32, two bishops 44, two knights 32, a bishop 88, else 128), counted
    ///   from twice the pieces on the board (one less when the stronger side is to move);
    ///   when both have more than the king, the board's honour starts: 128, from 0;
    /// - a count runs on by one each ply, and starts again (pieces' honour) when a capture
    ///   leaves the side to move with its king alone.
    pub(crate) fn next_count(&self, pos: &GamePosition, before: Count, moved: Moved) -> Count {
        let Some(roles) = &self.ends.counting else {
            return Count::default();
        };
        let capture = moved.capture;
        if roles.style == piecewise_lang::ir::CountingStyle::Cambodian {
            return self.cambodian_count(pos, roles, before, moved);
        }
        let on_board = |side, pieces: &[crate::ids::PieceId]| role_count(pos, side, pieces);
        let pawns = Side::BOTH.iter().any(|&s| on_board(s, &roles.pawns) > 0);
        let stm = pos.side_to_move();
        if roles.style == piecewise_lang::ir::CountingStyle::Asean {
            // ASEAN: only the side to move counts, when its king is alone and no pawn is
            // on the board: 32 plies against a rook, 88 a bishop, 128 a knight, from 0.
            // The count starts when none runs, and again when a capture leaves the side
            // to move bare; otherwise a running count goes on by one each ply.
            let strong = stm.opponent();
            let limit = match () {
                _ if pawns || self.pieces_of(pos, stm).0 > 1 => 0,
                _ if on_board(strong, &roles.rooks) > 0 => 32,
                _ if on_board(strong, &roles.bishops) > 0 => 88,
                _ if on_board(strong, &roles.knights) > 0 => 128,
                _ => 0,
            };
            return match before.limit {
                _ if limit > 0 && (before.limit == 0 || capture) => Count { limit, ply: 0 },
                0 => Count::default(),
                _ => Count {
                    limit: before.limit,
                    ply: before.ply.saturating_add(1),
                },
            };
        }
        if pawns {
            return Count::default();
        }
        let [us, them] = [stm, stm.opponent()].map(|side| self.pieces_of(pos, side).0);
        let weak = match (us, them) {
            (1, 2..) => Some(stm),
            (2.., 1) => Some(stm.opponent()),
            _ => None,
        };
        let honour =
            |weak: Side| pieces_honour(pos, roles, weak.opponent(), [16, 32, 44, 32, 88, 128]);
        let twice = 2 * (us + them) as u16;
        match (before.limit, weak) {
            (0, Some(w)) => Count {
                limit: honour(w),
                ply: if w == stm { twice } else { twice - 1 },
            },
            (0, None) if us > 1 && them > 1 => Count { limit: 128, ply: 0 },
            (0, None) => Count::default(),
            (_, Some(w)) if capture && w == stm => Count {
                limit: honour(w),
                ply: twice,
            },
            _ => Count {
                limit: before.limit,
                ply: before.ply.saturating_add(1),
            },
        }
    }
}
