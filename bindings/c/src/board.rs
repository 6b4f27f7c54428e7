//! board: the interpreter over the caller's own board — a plain occupancy array or a
//! callback, walked through `piecewise::walk::Occupancy`, so a C engine keeps its
//! board — plus cell names and a piece's path tree as JSON.

use std::cell::Cell;
use std::ffi::{c_char, c_void};

use piecewise::ids::CellId;
use piecewise::walk::{Occupancy, Occupant};

use crate::compile::PwGame;
use crate::position::{game_and_position, PwPosition};
use crate::{arg, arg_mut, fail, guard, text, write_text, Failure, Outcome, PwStatus};
use crate::{PwErrBadCell, PwErrBufferTooSmall, PwErrInvalidArgument, PwErrNullPointer};

/// One pseudo-legal move of one piece (the movement rules alone: no checks,
/// castling, promotion or drops), filled by `pw_piece_moves`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PwPieceMove {
    /// The start cell.
    pub from: u32,
    /// The cell where the move ends.
    pub to: u32,
    /// 1 if the piece on the destination is captured (an enemy, or a friend for a
    /// pattern that may `capture friend`), else 0.
    pub captures_to: u8,
    /// The number of cells captured in passing on the way (locusts), 0 mostly.
    pub passing_captures: u32,
    /// A displacement: the cell the piece on `to` is pushed to (a swap: `from`), or -1.
    pub push_to: i32,
    /// A conversion: the piece id the piece on `to` becomes as it changes side (the
    /// mover stays on `from`), or -1.
    pub convert: i32,
    /// 1 if the move activates the piece on `to` (`activate`): the mover ends there and
    /// that piece makes the next ply of the move (a cascade; `pw_legal_moves` lists
    /// whole cascades, written `a1b1>b5`), else 0.
    pub activates: u8,
}

/// The caller's board as a callback: what stands on `cell`, in the occupancy code of
/// `pw_piece_moves` (0 empty; else bit 7 the side, bits 0..6 the piece id plus one).
/// `ctx` is the caller's pointer, passed through untouched.
pub type PwOccupantFn = Option<extern "C" fn(ctx: *mut c_void, cell: u32) -> u8>;

/// An occupancy array, checked.
struct Bytes<'a>(&'a [u8]);

impl Occupancy for Bytes<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        Occupant(self.0.get(cell.index()).copied().unwrap_or(0))
    }
}

/// A callback board; codes naming no piece are read as empty and remembered.
struct Callback {
    f: extern "C" fn(*mut c_void, u32) -> u8,
    ctx: *mut c_void,
    pieces: usize,
    bad: Cell<Option<(u32, u8)>>,
}

impl Occupancy for Callback {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        let code = (self.f)(self.ctx, cell.0 as u32);
        if code & 0x7f != 0 && (code & 0x7f) as usize > self.pieces {
            self.bad.set(Some((cell.0 as u32, code)));
            return Occupant::EMPTY;
        }
        Occupant(code)
    }
}

fn check_cell(g: &piecewise::Game, cell: u32) -> Result<CellId, Failure> {
    if (cell as usize) < g.cell_count() {
        Ok(CellId(cell as u16))
    } else {
        fail(
            PwErrBadCell,
            format!("cell {cell} is not on the board ({} cells)", g.cell_count()),
        )
    }
}

fn walk_into<O: Occupancy>(
    g: &piecewise::Game,
    board: &O,
    from: CellId,
    out: *mut PwPieceMove,
    cap: usize,
    count: *mut usize,
) -> Outcome {
    let count = arg_mut(count, "count")?;
    let list = g.rules().moves_from(board, from);
    *count = list.len();
    if list.len() > cap {
        return fail(
            PwErrBufferTooSmall,
            format!("{} moves do not fit in {cap}", list.len()),
        );
    }
    if list.is_empty() {
        return Ok(());
    }
    if out.is_null() {
        return fail(PwErrNullPointer, "out is null");
    }
    // SAFETY: non-null, room for `cap` >= len moves (documented).
    let dst = unsafe { std::slice::from_raw_parts_mut(out, list.len()) };
    for (d, m) in dst.iter_mut().zip(list.iter()) {
        *d = PwPieceMove {
            from: m.from.0 as u32,
            to: m.to.0 as u32,
            captures_to: m.captures_to as u8,
            passing_captures: list.passing_captures(m).len() as u32,
            push_to: m.push_to.map_or(-1, |c| c.0 as i32),
            convert: m.convert.map_or(-1, |k| k.0 as i32),
            activates: m.activates as u8,
        };
    }
    Ok(())
}

/// The pseudo-legal moves of the piece on `cell` of the caller's board, walked by the
/// interpreter over the game's move table (an empty cell has none).
///
/// `occupancy`: `cells` bytes (exactly `pw_game_cell_count`), one per cell id: 0
/// empty; otherwise bit 7 is the side (set for the second side) and bits 0..6 the
/// piece id plus one (a white piece 0 is 1, a black piece 0 is 0x81). A `neutral`
/// piece (no side's, such as the Duck) may carry either side bit: every walk treats it
/// as a wall. Only read, during the call. `out`, `cap`, `*count` as `pw_legal_moves`.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_BAD_CELL`, `PW_ERR_INVALID_ARGUMENT` (wrong
/// `cells`, a code naming no piece), `PW_ERR_BUFFER_TOO_SMALL`.
#[no_mangle]
pub extern "C" fn pw_piece_moves(
    game: *const PwGame,
    occupancy: *const u8,
    cells: usize,
    cell: u32,
    out: *mut PwPieceMove,
    cap: usize,
    count: *mut usize,
) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &crate::handle::get(game, "game")?.game;
        arg(occupancy, "occupancy")?;
        if cells != g.cell_count() {
            return fail(
                PwErrInvalidArgument,
                format!(
                    "occupancy has {cells} cells; the board has {}",
                    g.cell_count()
                ),
            );
        }
        // SAFETY: non-null, `cells` bytes (documented).
        let bytes = unsafe { std::slice::from_raw_parts(occupancy, cells) };
        if let Some(i) = bytes
            .iter()
            .position(|&b| (b & 0x7f) as usize > g.piece_count())
        {
            return fail(
                PwErrInvalidArgument,
                format!("occupancy[{i}] = {:#04x} names no piece", bytes[i]),
            );
        }
        let from = check_cell(g, cell)?;
        walk_into(g, &Bytes(bytes), from, out, cap, count)
    })
}

/// `pw_piece_moves` over a board the caller answers through `occupant(ctx, cell)`
/// (called during this call only, any number of times, for cell ids of the board).
/// A code naming no piece fails the call with `PW_ERR_INVALID_ARGUMENT`.
#[no_mangle]
pub extern "C" fn pw_piece_moves_cb(
    game: *const PwGame,
    occupant: PwOccupantFn,
    ctx: *mut c_void,
    cell: u32,
    out: *mut PwPieceMove,
    cap: usize,
    count: *mut usize,
) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &crate::handle::get(game, "game")?.game;
        let Some(f) = occupant else {
            return fail(PwErrNullPointer, "occupant is null");
        };
        let from = check_cell(g, cell)?;
        let board = Callback {
            f,
            ctx,
            pieces: g.piece_count(),
            bad: Cell::new(None),
        };
        let result = walk_into(g, &board, from, out, cap, count);
        if let Some((cell, code)) = board.bad.get() {
            return fail(
                PwErrInvalidArgument,
                format!("occupant(ctx, {cell}) = {code:#04x} names no piece"),
            );
        }
        result
    })
}

/// Copies the position's board into the caller's occupancy array (`cap` bytes, at
/// least `pw_game_cell_count`), in the code `pw_piece_moves` reads.
#[no_mangle]
pub extern "C" fn pw_position_occupancy(
    game: *const PwGame,
    position: *mut PwPosition,
    out: *mut u8,
    cap: usize,
) -> PwStatus {
    guard(|| {
        let (_, p) = game_and_position(game, position)?;
        let cells = p.pos.cells();
        if cap < cells.len() {
            return fail(
                PwErrBufferTooSmall,
                format!("{} cells do not fit in {cap}", cells.len()),
            );
        }
        let out = arg_mut(out, "out")?;
        // SAFETY: non-null, `cap` >= cells bytes (documented).
        let dst = unsafe { std::slice::from_raw_parts_mut(out as *mut u8, cells.len()) };
        for (d, o) in dst.iter_mut().zip(cells) {
            *d = o.0;
        }
        Ok(())
    })
}

/// The id of the cell named `name` (`"e4"`).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_UTF8`, `PW_ERR_BAD_CELL`.
#[no_mangle]
pub extern "C" fn pw_cell_id(game: *const PwGame, name: *const c_char, out: *mut u32) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &crate::handle::get(game, "game")?.game;
        let name = text(name, "name")?;
        let out = arg_mut(out, "out")?;
        match g.rules().cell(name) {
            Some(c) => {
                *out = c.0 as u32;
                Ok(())
            }
            None => fail(PwErrBadCell, format!("{name:?} is not a cell of the board")),
        }
    })
}

/// The name of a cell (`"e4"`) into the caller's buffer (`buf`, `cap`, `*len` as
/// `pw_position_fen`).
#[no_mangle]
pub extern "C" fn pw_cell_name(
    game: *const PwGame,
    cell: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &crate::handle::get(game, "game")?.game;
        let c = check_cell(g, cell)?;
        write_text(&g.rules().cell_name(c), buf, cap, len)
    })
}

/// The path tree of the piece on `cell` of the position (every way it can travel and
/// what it meets), as the JSON document of docs/json.md, into the caller's buffer
/// (`buf`, `cap`, `*len` as `pw_position_fen`).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_BAD_CELL` (off the board or empty).
#[no_mangle]
pub extern "C" fn pw_path_tree_json(
    game: *const PwGame,
    position: *mut PwPosition,
    cell: u32,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> PwStatus {
    guard(|| {
        let (g, p) = game_and_position(game, position)?;
        let from = check_cell(g, cell)?;
        let Some(tree) = g.rules().path_tree(&p.pos, from) else {
            return fail(PwErrBadCell, format!("cell {cell} is empty"));
        };
        let json = tree.to_json(g.rules().table().table()).to_string();
        write_text(&json, buf, cap, len)
    })
}
