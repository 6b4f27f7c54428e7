//! compact: the engine's path through the C ABI — legal moves as 8-byte compact moves
//! (`pw_legal_compact`), made by index (`pw_make_compact`) and taken back with
//! `pw_unmake`, without a `PwMove` struct or UCI text per move; `pw_compact_move`
//! describes one on demand (for printing or move ordering by piece and cells).
//!
//! A compact move is the library's [`piecewise::game::CompactMove`] as a `uint64_t`:
//! opaque to C (its bits may change between versions), valid at the ply it was listed
//! for until the list of that ply is replaced or a move is taken back past it. The
//! position keeps each ply's list, as it does for `pw_legal_moves`: a move the compact
//! encoding cannot hold (cascades, pushes, the Duck, conversions, captures in passing)
//! lives in that list's side table, and the compact move refers to it.

use piecewise::game::{CompactMove, MoveList};

use crate::position::{handles, plain, PwMove, PwPosition};
use crate::{arg_mut, fail, guard, PwErrBufferTooSmall, PwErrIllegalMove, PwStatus};

/// The legal moves of the side to move as compact moves (`uint64_t`, opaque): the
/// moves of `pw_legal_moves`, each once, in an order of their own (an engine orders
/// moves itself; `pw_compact_move` describes one).
///
/// Writes up to `cap` moves into `out` and their number into `*count`; when there are
/// more than `cap`, returns `PW_ERR_BUFFER_TOO_SMALL` with `*count` the number needed
/// (`out` may be null with `cap` 0 to ask). The list is kept in the position for
/// `pw_make_compact` and `pw_compact_move` until a move is made or taken back past
/// this ply. This is the fast path for engines: nothing is built per move but the
/// 8-byte move.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_ARGUMENT` (a position of another
/// game), `PW_ERR_BUFFER_TOO_SMALL`.
#[no_mangle]
pub extern "C" fn pw_legal_compact(
    game: *const crate::compile::PwGame,
    position: *mut PwPosition,
    out: *mut u64,
    cap: usize,
    count: *mut usize,
) -> PwStatus {
    guard(|| {
        let (pw, p) = handles(game, position)?;
        let count = arg_mut(count, "count")?;
        let ply = p.undos.len();
        if p.compact.len() <= ply {
            p.compact.resize_with(ply + 1, MoveList::new);
        }
        let list = &mut p.compact[ply];
        pw.with_generator(|generator| generator.legal_list(&mut p.pos, list));
        let moves = list.moves();
        *count = moves.len();
        if moves.len() > cap {
            return fail(
                PwErrBufferTooSmall,
                format!("{} moves do not fit in {cap}", moves.len()),
            );
        }
        if moves.is_empty() {
            return Ok(());
        }
        if out.is_null() {
            return fail(crate::PwErrNullPointer, "out is null");
        }
        // SAFETY: non-null, room for `cap` >= len moves (documented).
        let dst = unsafe { std::slice::from_raw_parts_mut(out, moves.len()) };
        for (d, m) in dst.iter_mut().zip(moves) {
            *d = m.to_bits();
        }
        Ok(())
    })
}

/// The compact move `index` of this ply's list, checked to be `mv`.
fn listed(p: &PwPosition, index: usize, mv: u64) -> Result<CompactMove, crate::Failure> {
    let ply = p.undos.len();
    match p.compact.get(ply).and_then(|l| l.moves().get(index)) {
        Some(&m) if m.to_bits() == mv => Ok(m),
        _ => fail(
            PwErrIllegalMove,
            format!(
                "move {mv:#x} is not number {index} of this position's current compact list \
                 (call pw_legal_compact)"
            ),
        ),
    }
}

/// Plays the compact move `mv`, number `index` (from 0) of the list `pw_legal_compact`
/// last gave for this position at this ply; `pw_unmake` takes it back. Both the index
/// and the move are checked (one comparison), so a stale or foreign move is refused
/// rather than played.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_ARGUMENT` (a position of another
/// game), `PW_ERR_ILLEGAL_MOVE` (not that entry of the current list).
#[no_mangle]
pub extern "C" fn pw_make_compact(
    game: *const crate::compile::PwGame,
    position: *mut PwPosition,
    index: usize,
    mv: u64,
) -> PwStatus {
    guard(|| {
        let (pw, p) = handles(game, position)?;
        let m = listed(p, index, mv)?;
        let ply = p.undos.len();
        let undo = pw.game.make_compact(&mut p.pos, &p.compact[ply], m);
        p.undos.push(undo);
        p.played.push(crate::position::Played::Compact(m));
        p.forget_next_ply();
        Ok(())
    })
}

/// Describes the compact move `mv`, number `index` of the current compact list, as a
/// `PwMove` (kind, piece, cells, promotion, capture, UCI text; its `index` is the
/// compact list's). For display and move ordering; the fast path never needs it.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_ARGUMENT`, `PW_ERR_ILLEGAL_MOVE` (not
/// that entry of the current list).
#[no_mangle]
pub extern "C" fn pw_compact_move(
    game: *const crate::compile::PwGame,
    position: *mut PwPosition,
    index: usize,
    mv: u64,
    out: *mut PwMove,
) -> PwStatus {
    guard(|| {
        let (pw, p) = handles(game, position)?;
        let out = arg_mut(out, "out")?;
        let m = listed(p, index, mv)?;
        let list = &p.compact[p.undos.len()];
        // The UCI text as `pw_legal_moves` writes it: of the whole list, so that moves
        // printing alike are told apart the same way.
        let all: Vec<_> = list.game_moves().collect();
        let texts = pw.game.uci_list(&all);
        *out = plain(index, &list.decode(m), &texts[index]);
        Ok(())
    })
}
