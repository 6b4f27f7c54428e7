//! position: positions of a game ([`PwPosition`]) from FEN and back, legal moves as
//! plain structs ([`PwMove`]) and as UCI text, make/unmake, result and check (perft is
//! in `perft`).

use std::ffi::c_char;

use piecewise::game::{EndReason, GameMove, GamePosition, GameResult, MoveKind, MoveList, Undo};
use piecewise::ids::Side;

use crate::compile::PwGame;
use crate::handle::{self, new_handle, Handle, Kind};
use crate::{arg, arg_mut, fail, guard, text, write_text};
use crate::{Failure, Outcome};
use crate::{
    PwErrFen, PwErrIllegalMove, PwErrInternal, PwErrInvalidArgument, PwErrNoStartPosition,
    PwErrNothingToUnmake, PwStatus,
};

/// A position of one game (opaque), with the moves made on it since it was created
/// (for `pw_unmake`) and the last move list of each ply (for `pw_make_move`). Made by
/// `pw_position_from_fen` or `pw_start_position`, freed by `pw_position_free`; use it
/// only with the game it was made from (checked: `PW_ERR_INVALID_ARGUMENT`). Not
/// thread-safe: one thread at a time.
pub struct PwPosition {
    pub(crate) pos: GamePosition,
    /// The handle of the game it was made from (unique: a freed game's handle is never
    /// given again).
    game_id: usize,
    pub(crate) undos: Vec<Undo>,
    /// The position as it was made, and the moves made on it since (with `undos`):
    /// the line that repetition and the move limit are judged on.
    start: GamePosition,
    pub(crate) played: Vec<Played>,
    /// `lists[ply]`: the moves `pw_legal_moves` last listed at that ply.
    lists: Vec<Vec<GameMove>>,
    /// `compact[ply]`: the moves `pw_legal_compact` last listed at that ply.
    pub(crate) compact: Vec<MoveList>,
}

/// A move made on a position: as a move, or as a compact move of the list
/// `pw_legal_compact` made at its ply (decoded only when the line is judged, so that
/// the compact path stays cheap; that list stays until the ply is listed again, which
/// only happens once the move is taken back).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Played {
    Move(GameMove),
    Compact(piecewise::game::CompactMove),
}

impl Handle for PwPosition {
    const KIND: Kind = Kind::Position;
}

impl PwPosition {
    /// Forgets the lists of the ply a move just made reached (they were listed for
    /// another position at that ply).
    pub(crate) fn forget_next_ply(&mut self) {
        let ply = self.undos.len();
        if let Some(next) = self.lists.get_mut(ply) {
            next.clear();
        }
        if let Some(next) = self.compact.get_mut(ply) {
            next.clear();
        }
    }
}

/// What kind of move a [`PwMove`] is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PwMoveKind {
    /// A walk of the move table (with its captures).
    PwMoveNormal = 0,
    /// A piece from the hand onto `to` (`from == to`).
    PwMoveDrop = 1,
    /// Castling; `from` and `to` are the king's.
    PwMoveCastling = 2,
    /// An en passant capture.
    PwMoveEnPassant = 3,
}

/// The longest UCI text of a move, with its NUL.
pub const PW_UCI_MAX: usize = 24;

/// One legal move as a plain struct, filled by `pw_legal_moves`. Cells are cell ids
/// (`0..pw_game_cell_count`), pieces piece ids (declaration order).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PwMove {
    /// The move's index in the position's move list at this ply (`pw_make_move` plays
    /// it from there).
    pub index: u32,
    /// What kind of move it is.
    pub kind: PwMoveKind,
    /// The moving (or dropped) piece.
    pub piece: u32,
    /// The start cell (a drop's is its destination).
    pub from: u32,
    /// The destination.
    pub to: u32,
    /// The piece it promotes to, or -1.
    pub promotion: i32,
    /// 1 if it takes a piece (on `to`, in passing or en passant), else 0.
    pub capture: u8,
    /// The move in UCI as Fairy-Stockfish prints it, NUL-terminated.
    pub uci: [c_char; PW_UCI_MAX],
}

/// How a game stands, filled by `pw_result`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PwResult {
    /// The game goes on (or a `one side` puzzle: no result).
    PwOngoing = 0,
    /// The first side (white) won.
    PwFirstWins = 1,
    /// The second side (black) won.
    PwSecondWins = 2,
    /// A draw.
    PwDraw = 3,
}

/// Why a game ended, filled by `pw_result`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PwEndReason {
    /// The game goes on.
    PwNotOver = 0,
    /// No legal move, in check.
    PwCheckmate = 1,
    /// No legal move, not in check.
    PwStalemate = 2,
    /// A side left with royal pieces only (`bare royal`).
    PwBareRoyal = 3,
    /// A side left with no piece (`no pieces`).
    PwNoPieces = 4,
    /// The side to move's royals are gone (blown up or burnt: games with effects).
    PwRoyalLost = 5,
    /// Another end (counting, perpetual check; or one added later).
    PwOther = 6,
    /// The same position stood for the declared number of times (`repetition N`):
    /// `pw_game_claimable_end`.
    PwRepetition = 7,
    /// The move limit passed without a capture or a pawn move (`move limit N`):
    /// `pw_game_claimable_end`.
    PwMoveLimit = 8,
    /// Neither side has the material to mate (`pw_result`; each side's verdict:
    /// `pw_game_insufficient_material`).
    PwInsufficientMaterial = 9,
}

/// The game and the position, checked to belong together.
pub(crate) fn game_and_position<'a>(
    game: *const PwGame,
    position: *mut PwPosition,
) -> Result<(&'a piecewise::Game, &'a mut PwPosition), Failure> {
    let (pw, p) = handles(game, position)?;
    Ok((&pw.game, p))
}

/// [`game_and_position`] with the game's handle (for its move generators).
#[inline(always)]
pub(crate) fn handles<'a>(
    game: *const PwGame,
    position: *mut PwPosition,
) -> Result<(&'a PwGame, &'a mut PwPosition), Failure> {
    let pw = handle::get(game, "game")?;
    let p = handle::get_mut(position, "position")?;
    if p.game_id != game as usize {
        return fail(
            PwErrInvalidArgument,
            "the position was made from another game",
        );
    }
    Ok((pw, p))
}

fn new_position(game: *const PwGame, pos: GamePosition, out: *mut *mut PwPosition) -> Outcome {
    *arg_mut(out, "out")? = new_handle(PwPosition {
        start: pos.clone(),
        played: Vec::new(),
        pos,
        game_id: game as usize,
        undos: Vec::new(),
        lists: Vec::new(),
        compact: Vec::new(),
    })?;
    Ok(())
}

/// Reads a position in Fairy-Stockfish's FEN for this game (NUL-terminated UTF-8).
/// `*out` receives a new position the caller owns (free with `pw_position_free`).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_UTF8`, `PW_ERR_FEN` (the message
/// names the character it goes wrong at).
#[no_mangle]
pub extern "C" fn pw_position_from_fen(
    game: *const PwGame,
    fen: *const c_char,
    out: *mut *mut PwPosition,
) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &handle::get(game, "game")?.game;
        let fen = text(fen, "fen")?;
        arg_mut(out, "out")?;
        let pos = g
            .position(fen)
            .or_else(|e| fail(PwErrFen, format!("invalid FEN: {e}")))?;
        new_position(game, pos, out)
    })
}

/// The start position the rules declare. `*out` as `pw_position_from_fen`.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_NO_START_POSITION`.
#[no_mangle]
pub extern "C" fn pw_start_position(game: *const PwGame, out: *mut *mut PwPosition) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &handle::get(game, "game")?.game;
        arg_mut(out, "out")?;
        let Some(pos) = g.start_position() else {
            return fail(PwErrNoStartPosition, "the rules declare no start position");
        };
        new_position(game, pos, out)
    })
}

/// Frees a position (null is ignored: `PW_OK`).
///
/// Errors: `PW_ERR_STALE_HANDLE` (freed already, or not a position): nothing is freed.
#[no_mangle]
pub extern "C" fn pw_position_free(position: *mut PwPosition) -> PwStatus {
    guard(|| handle::free(position, "position"))
}

/// Writes the position as Fairy-Stockfish's FEN into the caller's buffer (`buf`,
/// `cap` bytes; `*len` = the length without the NUL, also on
/// `PW_ERR_BUFFER_TOO_SMALL`).
#[no_mangle]
pub extern "C" fn pw_position_fen(
    game: *const PwGame,
    position: *mut PwPosition,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        write_text(&g.fen(&p.pos), buf, cap, len)
    })
}

/// The side to move: 0 the first side (white), 1 the second.
#[no_mangle]
pub extern "C" fn pw_side_to_move(
    game: *const PwGame,
    position: *mut PwPosition,
    out: *mut u32,
) -> PwStatus {
    guard(|| {
        let (_, p) = game_and_position(game, position)?;
        *arg_mut(out, "out")? = p.pos.side_to_move().index() as u32;
        Ok(())
    })
}

pub(crate) fn plain(index: usize, m: &GameMove, uci: &str) -> PwMove {
    let mut text = [0 as c_char; PW_UCI_MAX];
    for (t, &b) in text
        .iter_mut()
        .zip(uci.as_bytes().iter().take(PW_UCI_MAX - 1))
    {
        *t = b as c_char;
    }
    PwMove {
        index: index as u32,
        kind: match m.kind {
            MoveKind::Normal => PwMoveKind::PwMoveNormal,
            MoveKind::Drop => PwMoveKind::PwMoveDrop,
            MoveKind::Castling(_) => PwMoveKind::PwMoveCastling,
            MoveKind::EnPassant { .. } => PwMoveKind::PwMoveEnPassant,
        },
        piece: m.piece.0 as u32,
        from: m.from.0 as u32,
        to: m.to.0 as u32,
        promotion: m.promotion.map_or(-1, |p| p.0 as i32),
        capture: m.is_capture() as u8,
        uci: text,
    }
}

/// The legal moves of the side to move, in generation order, as plain structs.
///
/// Writes up to `cap` moves into the caller's array `out` and their number into
/// `*count`; when there are more than `cap`, returns `PW_ERR_BUFFER_TOO_SMALL` with
/// `*count` the number needed (`out` may be null with `cap` 0 to ask). The list is
/// also kept in the position for `pw_make_move` until a move is made or taken back
/// past this ply.
#[no_mangle]
pub extern "C" fn pw_legal_moves(
    game: *const PwGame,
    position: *mut PwPosition,
    out: *mut PwMove,
    cap: usize,
    count: *mut usize,
) -> PwStatus {
    guard(|| {
        let (pw, p) = handles(game, position)?;
        let g: &piecewise::Game = &pw.game;
        let count = arg_mut(count, "count")?;
        let ply = p.undos.len();
        if p.lists.len() <= ply {
            p.lists.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut p.lists[ply]);
        pw.with_generator(|generator| generator.legal_moves(&mut p.pos, &mut list));
        let texts = g.uci_list(&list);
        *count = list.len();
        let result = if list.len() > cap {
            fail(
                crate::PwErrBufferTooSmall,
                format!("{} moves do not fit in {cap}", list.len()),
            )
        } else if list.is_empty() {
            Ok(())
        } else if out.is_null() {
            fail(crate::PwErrNullPointer, "out is null")
        } else {
            // SAFETY: non-null, room for `cap` >= len moves (documented).
            let dst = unsafe { std::slice::from_raw_parts_mut(out, list.len()) };
            for (i, (m, t)) in list.iter().zip(&texts).enumerate() {
                dst[i] = plain(i, m, t);
            }
            Ok(())
        };
        p.lists[ply] = list;
        result
    })
}

/// The legal moves of the side to move in UCI, sorted, separated by spaces, into the
/// caller's buffer (`buf`, `cap`, `*len` as `pw_position_fen`).
#[no_mangle]
pub extern "C" fn pw_legal_uci(
    game: *const PwGame,
    position: *mut PwPosition,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        write_text(&g.legal_uci(&p.pos).join(" "), buf, cap, len)
    })
}

fn play(g: &piecewise::Game, p: &mut PwPosition, m: &GameMove) {
    let undo = g.make(&mut p.pos, m);
    p.undos.push(undo);
    p.played.push(Played::Move(*m));
    p.forget_next_ply();
}

/// Plays a move that `pw_legal_moves` listed for this position at this ply (matched
/// by `move->index`, checked against its cells and piece). `move` is only read.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_ILLEGAL_MOVE` (not in the current list).
#[no_mangle]
pub extern "C" fn pw_make_move(
    game: *const PwGame,
    position: *mut PwPosition,
    r#move: *const PwMove,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        let pm = arg(r#move, "move")?;
        let ply = p.undos.len();
        let found = p
            .lists
            .get(ply)
            .and_then(|l| l.get(pm.index as usize))
            .filter(|m| {
                m.from.0 as u32 == pm.from && m.to.0 as u32 == pm.to && m.piece.0 as u32 == pm.piece
            })
            .copied();
        let Some(m) = found else {
            return fail(
                PwErrIllegalMove,
                "the move is not in this position's current move list (call pw_legal_moves)",
            );
        };
        play(g, p, &m);
        Ok(())
    })
}

/// Plays a legal move given in UCI (NUL-terminated UTF-8, as `pw_legal_uci` writes it).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_UTF8`, `PW_ERR_ILLEGAL_MOVE`.
#[no_mangle]
pub extern "C" fn pw_make_uci(
    game: *const PwGame,
    position: *mut PwPosition,
    uci: *const c_char,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        let uci = text(uci, "uci")?;
        let Some(m) = g.parse_uci(&p.pos, uci) else {
            return fail(
                PwErrIllegalMove,
                format!("{uci:?} is not a legal move here"),
            );
        };
        play(g, p, &m);
        Ok(())
    })
}

/// Takes back the last move made on this position.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_NOTHING_TO_UNMAKE`.
#[no_mangle]
pub extern "C" fn pw_unmake(game: *const PwGame, position: *mut PwPosition) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        let Some(undo) = p.undos.pop() else {
            return fail(PwErrNothingToUnmake, "no move was made on this position");
        };
        g.unmake(&mut p.pos, undo);
        p.played.pop();
        Ok(())
    })
}

/// Whether the game is over: `*result` and `*reason` (either may be null).
#[no_mangle]
pub extern "C" fn pw_result(
    game: *const PwGame,
    position: *mut PwPosition,
    result: *mut PwResult,
    reason: *mut PwEndReason,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        write_end(g.result(&p.pos), result, reason);
        Ok(())
    })
}

/// Writes an end (or none) to the out-parameters of `pw_result` and
/// `pw_game_claimable_end`, either of which may be null.
fn write_end(end: Option<GameResult>, result: *mut PwResult, reason: *mut PwEndReason) {
    let (r, why) = match end {
        None => (PwResult::PwOngoing, PwEndReason::PwNotOver),
        Some(end) => (
            match end.winner {
                Some(Side::First) => PwResult::PwFirstWins,
                Some(Side::Second) => PwResult::PwSecondWins,
                None => PwResult::PwDraw,
            },
            match end.reason {
                EndReason::Checkmate => PwEndReason::PwCheckmate,
                EndReason::Stalemate => PwEndReason::PwStalemate,
                EndReason::BareRoyal => PwEndReason::PwBareRoyal,
                EndReason::NoPieces => PwEndReason::PwNoPieces,
                EndReason::RoyalLost => PwEndReason::PwRoyalLost,
                EndReason::Repetition => PwEndReason::PwRepetition,
                EndReason::MoveLimit => PwEndReason::PwMoveLimit,
                EndReason::InsufficientMaterial => PwEndReason::PwInsufficientMaterial,
                _ => PwEndReason::PwOther,
            },
        ),
    };
    // SAFETY: null or valid out-parameters (documented).
    if let Some(out) = unsafe { result.as_mut() } {
        *out = r;
    }
    if let Some(out) = unsafe { reason.as_mut() } {
        *out = why;
    }
}

/// Whether a player may claim the end of the game here (the game goes on unless one
/// does): a repetition (with perpetual checks, as the rules declare them), the move
/// limit (also from the FEN's halfmove clock), or Makruk's count run out; judged on the
/// moves made on this position since it was made (`pw_make_move`, `pw_make_uci`,
/// `pw_make_compact`, less those taken back). `*result` and `*reason` (either may be
/// null) as `pw_result` writes them; `PW_ONGOING` and `PW_NOT_OVER` when there is
/// nothing to claim. pyffish's `is_optional_game_end`.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_STALE_HANDLE`, `PW_ERR_INVALID_ARGUMENT` (a
/// position of another game).
#[no_mangle]
pub extern "C" fn pw_game_claimable_end(
    game: *const PwGame,
    position: *mut PwPosition,
    result: *mut PwResult,
    reason: *mut PwEndReason,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        let mut line = g.line(p.start.clone());
        for (ply, played) in p.played.iter().enumerate() {
            let m = match *played {
                Played::Move(m) => m,
                Played::Compact(c) => match p.compact.get(ply) {
                    Some(list) => list.decode(c),
                    None => return fail(PwErrInternal, "a compact move without its list"),
                },
            };
            g.play(&mut line, &m);
        }
        write_end(g.optional_end(&line), result, reason);
        Ok(())
    })
}

/// Whether each side lacks the material to mate, as Fairy-Stockfish's
/// `has_insufficient_material` (pyffish's) decides it: `*first` and `*second` (either
/// may be null) are 1 when that side can no longer mate (K v K, K+B v K, K+N v K in
/// chess; never in a game with hands), else 0. When both are 1, `pw_result` answers a
/// draw (`PW_INSUFFICIENT_MATERIAL`).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_STALE_HANDLE`, `PW_ERR_INVALID_ARGUMENT` (a
/// position of another game).
#[no_mangle]
pub extern "C" fn pw_game_insufficient_material(
    game: *const PwGame,
    position: *mut PwPosition,
    first: *mut u8,
    second: *mut u8,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        let [a, b] = g.insufficient_material(&p.pos);
        // SAFETY: null or valid out-parameters (documented).
        if let Some(out) = unsafe { first.as_mut() } {
            *out = a as u8;
        }
        if let Some(out) = unsafe { second.as_mut() } {
            *out = b as u8;
        }
        Ok(())
    })
}

/// Whether the side to move has a royal piece the opponent could capture: 1 or 0.
#[no_mangle]
pub extern "C" fn pw_in_check(
    game: *const PwGame,
    position: *mut PwPosition,
    out: *mut u8,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        *arg_mut(out, "out")? = g.in_check(&p.pos) as u8;
        Ok(())
    })
}

/// The number of legal moves of the side to move (perft 1), counted the way perft
/// counts its last ply: most moves are counted straight from the walk, without being
/// built (no list is kept for `pw_make_move`).
#[no_mangle]
pub extern "C" fn pw_legal_move_count(
    game: *const PwGame,
    position: *mut PwPosition,
    out: *mut u64,
) -> PwStatus {
    guard(|| {
        let (pw, p) = handles(game, position)?;
        let out = arg_mut(out, "out")?;
        *out = pw.with_generator(|generator| generator.count_legal(&mut p.pos));
        Ok(())
    })
}
