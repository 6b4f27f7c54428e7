//! perft: counting the legal move tree from Python without holding the GIL, stopped by
//! a time limit or by Ctrl-C (a `KeyboardInterrupt` between two checks, at most
//! [`POLL`] apart).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use piecewise::game::{GamePosition, Perft, PerftStopped};
use piecewise::Game;
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError};
use pyo3::prelude::*;

/// The default time limit of `Game.perft`, in milliseconds: 60 s, the command line's
/// for every long command (`piecewise perft --max-ms`); 0 means no limit, as there.
pub const DEFAULT_MAX_MS: u64 = piecewise::game::DEFAULT_MAX_MS;

/// The deepest perft counted (as in the C ABI and the command line): a deeper one
/// never ends, and its walk would run out of stack.
pub const MAX_DEPTH: u32 = piecewise::game::MAX_PERFT_DEPTH;

/// How often a running count lets Python look at its signals.
pub const POLL: Duration = Duration::from_millis(50);

/// Depths up to this one are counted on the calling thread: they take microseconds to
/// milliseconds, less than a thread's start-up.
const INLINE_DEPTH: u32 = 2;

/// Perft of `pos` to `depth`: the count, `TimeoutError` after `limit`, the signal
/// handler's exception (`KeyboardInterrupt`) when one is raised while it runs.
pub fn perft(
    py: Python<'_>,
    game: &Game,
    mut pos: GamePosition,
    depth: u32,
    limit: Option<Duration>,
) -> PyResult<u64> {
    if depth <= INLINE_DEPTH {
        return match Perft::new(game).perft_within(&mut pos, depth, limit.unwrap_or(Duration::MAX))
        {
            Ok(n) => Ok(n),
            Err(stopped) => Err(PyTimeoutError::new_err(stopped.to_string())),
        };
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let limit = limit.unwrap_or(Duration::MAX);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Result<u64, PerftStopped>>();
        let flag = Arc::clone(&cancel);
        let worker = scope.spawn(move || {
            let mut counter = Perft::new(game);
            counter.cancel_with(flag);
            let counted = counter
                .divide_within(&mut pos, depth, limit, |_, _| {})
                .map(|roots| roots.iter().map(|(_, n)| n).sum());
            let _ = tx.send(counted);
        });
        let mut rx = rx;
        loop {
            // The receiver is moved in and out: it may be sent to another thread, not
            // shared with one.
            let (answer, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
            rx = back;
            match answer {
                Ok(Ok(n)) => return Ok(n),
                Ok(Err(stopped)) if stopped.cancelled => {
                    return Err(PyRuntimeError::new_err(stopped.to_string()))
                }
                Ok(Err(stopped)) => return Err(PyTimeoutError::new_err(stopped.to_string())),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        let _ = worker.join();
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The worker ended without an answer: it panicked (a bug).
                    let why = match worker.join() {
                        Err(payload) => payload
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_default(),
                        Ok(()) => String::new(),
                    };
                    return Err(PyRuntimeError::new_err(format!(
                        "internal error in perft (a bug in piecewise): {why}"
                    )));
                }
            }
        }
    })
}
