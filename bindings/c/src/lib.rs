//! piecewise-capi: the C ABI of piecewise (issue 15), a consumer of the public surface
//! of the `piecewise` crate like the CLI.
//!
//! The header `include/piecewise.h` is generated from this crate by cbindgen
//! (`cbindgen.toml`); `tests/header.rs` regenerates it and fails if the committed file
//! differs. Conventions, for every `pw_*` function:
//!
//! - It returns a [`PwStatus`] (`PW_OK` = 0, an error code otherwise) and writes its
//!   results through out-parameters, which it leaves untouched on error.
//! - On error, [`pw_last_error`] gives a message (thread-local, valid until the next
//!   `pw_*` call on the same thread).
//! - No panic crosses the boundary: every body runs under `catch_unwind`
//!   (`guard`); a panic becomes `PW_ERR_INTERNAL`.
//! - Null pointers and invalid UTF-8 are checked and reported, never dereferenced.
//! - Handles (`PwGame`, `PwPosition`, `PwDiagnostics`, `PwCancel`) are opaque, created
//!   by a `pw_*` function and owned by the caller, who frees each with its `pw_*_free`
//!   function. They are checked at every call (module `handle`: a slot number and a
//!   generation tag, not an address): a handle freed already, of another type, or never
//!   made is `PW_ERR_STALE_HANDLE`, never a crash.
//!   Text comes back in caller-owned buffers (`buf`, `cap`, `*len` = the length needed
//!   without the NUL; `PW_ERR_BUFFER_TOO_SMALL` when it does not fit); strings
//!   borrowed from a handle say so and live as long as the handle.
//!
//! Modules: [`compile`] (games and diagnostics), [`position`] (FEN, legal moves,
//! make/unmake, result), [`perft`] (counts with a time limit and a cancel flag),
//! [`compact`] (the engine's path: 8-byte moves made by
//! index), [`board`] (the interpreter over the caller's own board,
//! path trees as JSON).
// The `pw_*` functions are C entry points: their contract on pointers (valid or null,
// buffers of the stated size) is in the header's documentation, and Rust code uses the
// `piecewise` crate itself. Null is checked everywhere; the rest is the C caller's part.
#![allow(clippy::missing_safety_doc, clippy::not_unsafe_ptr_arg_deref)]
#![warn(missing_docs)]

pub mod board;
pub mod compact;
pub mod compile;
mod handle;
pub mod perft;
pub mod position;

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The status every `pw_*` function returns.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PwStatus {
    /// Success.
    PwOk = 0,
    /// A required pointer argument was null.
    PwErrNullPointer = 1,
    /// A text argument is not valid UTF-8.
    PwErrInvalidUtf8 = 2,
    /// The rules do not compile; the diagnostics say why.
    PwErrCompile = 3,
    /// The FEN is malformed.
    PwErrFen = 4,
    /// A move is not legal here (or not from this position's last move list).
    PwErrIllegalMove = 5,
    /// A cell name or id is not on the board.
    PwErrBadCell = 6,
    /// Another argument is out of range (an index, a piece code, a depth...).
    PwErrInvalidArgument = 7,
    /// The caller's buffer is too small; the length needed was written.
    PwErrBufferTooSmall = 8,
    /// A file could not be read.
    PwErrIo = 9,
    /// Nothing to take back (unmake without a move made).
    PwErrNothingToUnmake = 10,
    /// The game declares no start position.
    PwErrNoStartPosition = 11,
    /// A handle argument is not a live handle of its type: freed already (a second
    /// `pw_*_free`, or a use after free), another type's handle, or a value piecewise
    /// never made. Nothing was done.
    PwErrStaleHandle = 12,
    /// A count stopped at its time limit (`pw_perft_limited`'s `max_ms`, `pw_perft`'s
    /// default `PW_PERFT_DEFAULT_MS`); the message says how far it got.
    PwErrTimeLimit = 13,
    /// A count stopped because its `PwCancel` was set (`pw_cancel_set`).
    PwErrCancelled = 14,
    /// A bug in piecewise (a caught panic); the message says where.
    PwErrInternal = 99,
}

pub use PwStatus::*;

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
    /// Whether `LAST_ERROR` holds a message (read first, so that a success after a
    /// success touches nothing else).
    static HAS_ERROR: Cell<bool> = const { Cell::new(false) };
}

/// An error inside the crate: a status and its message.
pub(crate) struct Failure(pub PwStatus, pub String);

pub(crate) type Outcome = Result<(), Failure>;

pub(crate) fn fail<T>(status: PwStatus, message: impl Into<String>) -> Result<T, Failure> {
    Err(Failure(status, message.into()))
}

/// Empties the last error message (without allocating when it is empty already: the
/// engine's path calls through here at every move).
#[inline]
fn clear_error() {
    if HAS_ERROR.get() {
        HAS_ERROR.set(false);
        LAST_ERROR.with(|e| *e.borrow_mut() = CString::default());
    }
}

fn set_error(message: &str) {
    let text = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    HAS_ERROR.set(!text.as_bytes().is_empty());
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// Runs `body`, catching panics, recording the message of an error, and turning the
/// outcome into a status. Every exported function goes through here.
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> PwStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => {
            clear_error();
            PwOk
        }
        Ok(Err(Failure(status, message))) => {
            set_error(&message);
            status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            set_error(&format!("internal error (a bug in piecewise): {what}"));
            PwErrInternal
        }
    }
}

/// A reference from a pointer argument, or `PW_ERR_NULL_POINTER` naming it.
pub(crate) fn arg<'a, T>(p: *const T, name: &str) -> Result<&'a T, Failure> {
    // SAFETY: the caller passes a valid pointer or null (documented on each function).
    match unsafe { p.as_ref() } {
        Some(r) => Ok(r),
        None => fail(PwErrNullPointer, format!("{name} is null")),
    }
}

/// A mutable reference from a pointer argument, or `PW_ERR_NULL_POINTER`.
pub(crate) fn arg_mut<'a, T>(p: *mut T, name: &str) -> Result<&'a mut T, Failure> {
    // SAFETY: as for `arg`; the caller does not alias it during the call.
    match unsafe { p.as_mut() } {
        Some(r) => Ok(r),
        None => fail(PwErrNullPointer, format!("{name} is null")),
    }
}

/// A `&str` from a NUL-terminated C string argument.
pub(crate) fn text<'a>(p: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return fail(PwErrNullPointer, format!("{name} is null"));
    }
    // SAFETY: non-null and NUL-terminated (documented).
    let bytes = unsafe { CStr::from_ptr(p) }.to_bytes();
    std::str::from_utf8(bytes).or_else(|e| {
        fail(
            PwErrInvalidUtf8,
            format!("{name} is not valid UTF-8 (at byte {})", e.valid_up_to()),
        )
    })
}

/// Writes `s` and a NUL into the caller's buffer `buf` of `cap` bytes, and the length
/// of `s` into `*len` (also when it does not fit, so the caller can retry). `buf` may
/// be null when `cap` is 0 (a query of the length).
pub(crate) fn write_text(s: &str, buf: *mut c_char, cap: usize, len: *mut usize) -> Outcome {
    let len = arg_mut(len, "len")?;
    *len = s.len();
    if cap < s.len() + 1 {
        return fail(
            PwErrBufferTooSmall,
            format!("the buffer holds {cap} bytes; {} are needed", s.len() + 1),
        );
    }
    if buf.is_null() {
        return fail(PwErrNullPointer, "buf is null");
    }
    // SAFETY: `buf` is non-null and holds `cap` >= len + 1 bytes (documented).
    let out = unsafe { std::slice::from_raw_parts_mut(buf as *mut u8, cap) };
    out[..s.len()].copy_from_slice(s.as_bytes());
    out[s.len()] = 0;
    Ok(())
}

/// The message of the last error on this thread ("" after a success).
///
/// Ownership: the string belongs to the library; it stays valid until the next
/// `pw_*` call on the same thread. Never null.
#[no_mangle]
pub extern "C" fn pw_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// The name of a status code (`"PW_ERR_FEN"`), a static string. Never null.
#[no_mangle]
pub extern "C" fn pw_status_name(status: i32) -> *const c_char {
    let name: &'static [u8] = match status {
        0 => b"PW_OK\0",
        1 => b"PW_ERR_NULL_POINTER\0",
        2 => b"PW_ERR_INVALID_UTF8\0",
        3 => b"PW_ERR_COMPILE\0",
        4 => b"PW_ERR_FEN\0",
        5 => b"PW_ERR_ILLEGAL_MOVE\0",
        6 => b"PW_ERR_BAD_CELL\0",
        7 => b"PW_ERR_INVALID_ARGUMENT\0",
        8 => b"PW_ERR_BUFFER_TOO_SMALL\0",
        9 => b"PW_ERR_IO\0",
        10 => b"PW_ERR_NOTHING_TO_UNMAKE\0",
        11 => b"PW_ERR_NO_START_POSITION\0",
        12 => b"PW_ERR_STALE_HANDLE\0",
        13 => b"PW_ERR_TIME_LIMIT\0",
        14 => b"PW_ERR_CANCELLED\0",
        99 => b"PW_ERR_INTERNAL\0",
        _ => b"PW_ERR_UNKNOWN\0",
    };
    name.as_ptr() as *const c_char
}
