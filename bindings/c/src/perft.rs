//! perft: counting the legal move tree on the calling thread, stopped by a time limit
//! (`pw_perft_limited`'s `max_ms`, 0 for none; `pw_perft`'s default
//! [`PW_PERFT_DEFAULT_MS`]) or by a [`PwCancel`] set from another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use piecewise::game::Perft;

use crate::compile::PwGame;
use crate::handle::{self, new_handle, Handle, Kind};
use crate::position::{game_and_position, PwPosition};
use crate::{arg_mut, fail, guard, Outcome, PwStatus};
use crate::{PwErrCancelled, PwErrInvalidArgument, PwErrTimeLimit};

/// The time limit of `pw_perft`, in milliseconds: 60 s, the command line's default
/// for every long command (`piecewise perft --max-ms`).
pub const PW_PERFT_DEFAULT_MS: u64 = 60_000;

/// The deepest count accepted (a deeper one could never finish, and its walk would
/// exhaust the stack).
pub const PW_PERFT_MAX_DEPTH: u32 = 64;

// The header needs the figures written out; they are the game layer's.
const _: () = assert!(PW_PERFT_MAX_DEPTH == piecewise::game::MAX_PERFT_DEPTH);
const _: () = assert!(PW_PERFT_DEFAULT_MS == piecewise::game::DEFAULT_MAX_MS);

/// A cancel flag (opaque) for `pw_perft_limited`: made by `pw_cancel_new`, set by
/// `pw_cancel_set` from any thread (a count using it stops soon after), cleared by
/// `pw_cancel_reset`, freed by `pw_cancel_free`. Thread-safe; a count in progress keeps
/// what it needs, so freeing the flag during a count is safe (the count then runs to
/// its end or its limit).
pub struct PwCancel {
    flag: Arc<AtomicBool>,
}

impl Handle for PwCancel {
    const KIND: Kind = Kind::Cancel;
}

/// A new cancel flag, not set. `*out` receives it; the caller owns it (free with
/// `pw_cancel_free`).
///
/// Errors: `PW_ERR_NULL_POINTER`.
#[no_mangle]
pub extern "C" fn pw_cancel_new(out: *mut *mut PwCancel) -> PwStatus {
    guard(|| {
        let out = arg_mut(out, "out")?;
        *out = new_handle(PwCancel {
            flag: Arc::new(AtomicBool::new(false)),
        })?;
        Ok(())
    })
}

/// Sets the flag: every count using it stops (`PW_ERR_CANCELLED`), and counts started
/// with it stop at once, until `pw_cancel_reset`. Safe from any thread.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn pw_cancel_set(cancel: *const PwCancel) -> PwStatus {
    store_flag(cancel, true)
}

/// Clears the flag (for the next count).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_STALE_HANDLE`.
#[no_mangle]
pub extern "C" fn pw_cancel_reset(cancel: *const PwCancel) -> PwStatus {
    store_flag(cancel, false)
}

/// Sets or clears a cancel flag through its handle.
fn store_flag(cancel: *const PwCancel, value: bool) -> PwStatus {
    guard(|| {
        handle::get(cancel, "cancel")?
            .flag
            .store(value, Ordering::Relaxed);
        Ok(())
    })
}

/// Frees a cancel flag (null is ignored: `PW_OK`).
///
/// Errors: `PW_ERR_STALE_HANDLE` (freed already, or not a cancel flag).
#[no_mangle]
pub extern "C" fn pw_cancel_free(cancel: *mut PwCancel) -> PwStatus {
    guard(|| handle::free(cancel, "cancel"))
}

fn count(
    game: *const PwGame,
    position: *mut PwPosition,
    depth: u32,
    max_ms: u64,
    cancel: *const PwCancel,
    out: *mut u64,
) -> Outcome {
    let (g, p) = game_and_position(game, position)?;
    let flag = if cancel.is_null() {
        None
    } else {
        Some(Arc::clone(&handle::get(cancel, "cancel")?.flag))
    };
    let out = arg_mut(out, "out")?;
    if depth > PW_PERFT_MAX_DEPTH {
        return fail(
            PwErrInvalidArgument,
            format!("depth {depth} is over {PW_PERFT_MAX_DEPTH}"),
        );
    }
    if flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
        return fail(PwErrCancelled, "perft cancelled before it started");
    }
    if depth == 0 {
        *out = 1;
        return Ok(());
    }
    let limit = match max_ms {
        0 => Duration::MAX,
        ms => Duration::from_millis(ms),
    };
    let mut counter = Perft::new(g);
    if let Some(flag) = flag {
        counter.cancel_with(flag);
    }
    match counter.divide_within(&mut p.pos, depth, limit, |_, _| {}) {
        Ok(roots) => {
            *out = roots.iter().map(|(_, n)| n).sum();
            Ok(())
        }
        Err(stopped) if stopped.cancelled => fail(PwErrCancelled, stopped.to_string()),
        Err(stopped) => fail(
            PwErrTimeLimit,
            format!("{stopped} (pass a larger max_ms, 0 for none)"),
        ),
    }
}

/// Perft: the number of leaf nodes of the legal move tree of `depth` plies (1 at
/// depth 0), counted on the calling thread, stopped after `PW_PERFT_DEFAULT_MS`
/// (60 s): `pw_perft_limited(game, position, depth, PW_PERFT_DEFAULT_MS, NULL, out)`.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_STALE_HANDLE`, `PW_ERR_INVALID_ARGUMENT`
/// (a depth over `PW_PERFT_MAX_DEPTH`, 64; a position of another game),
/// `PW_ERR_TIME_LIMIT`.
#[no_mangle]
pub extern "C" fn pw_perft(
    game: *const PwGame,
    position: *mut PwPosition,
    depth: u32,
    out: *mut u64,
) -> PwStatus {
    guard(|| {
        count(
            game,
            position,
            depth,
            PW_PERFT_DEFAULT_MS,
            std::ptr::null(),
            out,
        )
    })
}

/// Perft with a time limit and a cancel flag: `pw_perft` that stops after `max_ms`
/// milliseconds (0: no limit) with `PW_ERR_TIME_LIMIT`, or once `cancel` (may be
/// null) is set from another thread (`pw_cancel_set`) with `PW_ERR_CANCELLED`; a
/// `cancel` set before the call stops it at once. A stopped count leaves `*out`
/// untouched and the position as it was; the message says how far it got (root moves
/// and nodes counted). The limit and the flag are looked at before every subtree two
/// plies deep, so a count stops soon after (milliseconds on the shipped games).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_STALE_HANDLE`, `PW_ERR_INVALID_ARGUMENT`,
/// `PW_ERR_TIME_LIMIT`, `PW_ERR_CANCELLED`.
#[no_mangle]
pub extern "C" fn pw_perft_limited(
    game: *const PwGame,
    position: *mut PwPosition,
    depth: u32,
    max_ms: u64,
    cancel: *const PwCancel,
    out: *mut u64,
) -> PwStatus {
    guard(|| count(game, position, depth, max_ms, cancel, out))
}
