//! compile: rules text or files compiled into a [`PwGame`], and their diagnostics
//! ([`PwDiagnostics`]) as rendered text and as structured records.

use std::ffi::{c_char, CString};
use std::sync::Mutex;

use piecewise::diagnostics::{line_column, Diagnostics, Severity};
use piecewise::game::MoveGenerator;
use piecewise::Game;

use crate::handle::{self, new_handle, Handle, Kind};
use crate::{arg_mut, fail, guard, text, Failure, PwStatus};
use crate::{PwErrCompile, PwErrInvalidArgument, PwErrIo};

/// A compiled game (opaque). Made by `pw_compile` or `pw_compile_file`, freed by
/// `pw_game_free`. It is immutable: one game may be used from several threads.
pub struct PwGame {
    /// Move generators kept for reuse (a fresh one allocates its buffers), borrowing
    /// `game`. Declared first, so dropped before it.
    generators: Mutex<Vec<MoveGenerator<'static>>>,
    /// Boxed: its address never changes while generators borrow it.
    pub(crate) game: Box<Game>,
}

impl PwGame {
    fn new(game: Game) -> PwGame {
        PwGame {
            generators: Mutex::new(Vec::new()),
            game: Box::new(game),
        }
    }

    /// Runs `f` with a move generator of this game, taken from the pool (or made) and
    /// given back after.
    pub(crate) fn with_generator<R>(&self, f: impl FnOnce(&mut MoveGenerator<'_>) -> R) -> R {
        let pooled = self
            .generators
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .pop();
        let mut generator = pooled.unwrap_or_else(|| {
            let fresh: MoveGenerator<'_> = self.game.move_generator();
            // SAFETY: the generator borrows the boxed `game`, whose address is stable
            // and which outlives the pool (`generators` is dropped first); a generator
            // never leaves this struct but for the call of `f`, which cannot keep it.
            unsafe { std::mem::transmute::<MoveGenerator<'_>, MoveGenerator<'static>>(fresh) }
        });
        let result = f(&mut generator);
        self.generators
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(generator);
        result
    }
}

impl Handle for PwGame {
    const KIND: Kind = Kind::Game;
}

impl Handle for PwDiagnostics {
    const KIND: Kind = Kind::Diagnostics;
}

/// The errors and warnings of one compilation (opaque). Made by `pw_compile` and
/// `pw_compile_file`, freed by `pw_diagnostics_free`.
pub struct PwDiagnostics {
    items: Vec<Item>,
    rendered: CString,
}

struct Item {
    code: CString,
    message: CString,
    severity: PwSeverity,
    line: u32,
    column: u32,
}

/// How bad a diagnostic is.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PwSeverity {
    /// The rules still compile.
    PwWarning = 0,
    /// The rules cannot be compiled.
    PwError = 1,
}

/// One diagnostic, as `pw_diagnostics_get` fills it.
///
/// Ownership: `code` and `message` are borrowed from the `PwDiagnostics` they came
/// from and live until it is freed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PwDiagnostic {
    /// A stable code such as `"E0201"` (errors) or `"W0001"` (warnings).
    pub code: *const c_char,
    /// Error or warning.
    pub severity: PwSeverity,
    /// The line of the primary span, from 1.
    pub line: u32,
    /// The column of the primary span in characters, from 1.
    pub column: u32,
    /// The headline: what is wrong.
    pub message: *const c_char,
}

fn cstring(s: &str) -> CString {
    CString::new(s.replace('\0', "\\0")).unwrap_or_default()
}

fn diagnostics(d: &Diagnostics, file_name: &str, source: &str) -> PwDiagnostics {
    let items = d
        .iter()
        .map(|d| {
            let (line, column) = line_column(source, d.primary.span.start as usize);
            Item {
                code: cstring(d.code),
                message: cstring(&d.message),
                severity: match d.severity {
                    Severity::Warning => PwSeverity::PwWarning,
                    Severity::Error => PwSeverity::PwError,
                },
                line,
                column,
            }
        })
        .collect();
    PwDiagnostics {
        items,
        rendered: cstring(&d.render(file_name, source, false)),
    }
}

fn compile_into(
    source: &str,
    file_name: &str,
    base: Option<&std::path::Path>,
    out_game: *mut *mut PwGame,
    out_diagnostics: *mut *mut PwDiagnostics,
) -> Result<(), Failure> {
    let out_game = arg_mut(out_game, "out_game")?;
    let result = Game::compile_at(source, base);
    let (diags, summary) = match &result {
        Ok(game) => (game.rules().warnings().clone(), None),
        Err(d) => (d.clone(), Some(d.to_string())),
    };
    // SAFETY: null or a valid out-parameter (documented).
    if let Some(out) = unsafe { out_diagnostics.as_mut() } {
        *out = new_handle(diagnostics(&diags, file_name, source))?;
    }
    match (result, summary) {
        (Ok(game), _) => {
            *out_game = new_handle(PwGame::new(game))?;
            Ok(())
        }
        (Err(_), summary) => fail(
            PwErrCompile,
            format!("the rules do not compile: {}", summary.unwrap_or_default()),
        ),
    }
}

/// Compiles rules text (NUL-terminated UTF-8) into a game.
///
/// - `source`: the rules text; `file_name`: the name shown in rendered diagnostics
///   (may be null: `"<rules>"`).
/// - `*out_game`: on success, a new game the caller owns (free with `pw_game_free`).
/// - `out_diagnostics`: may be null; otherwise `*out_diagnostics` receives a new
///   `PwDiagnostics` the caller owns (free with `pw_diagnostics_free`), on success (the
///   warnings) and on `PW_ERR_COMPILE` (the errors and warnings) alike.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_UTF8`, `PW_ERR_COMPILE`.
#[no_mangle]
pub extern "C" fn pw_compile(
    source: *const c_char,
    file_name: *const c_char,
    out_game: *mut *mut PwGame,
    out_diagnostics: *mut *mut PwDiagnostics,
) -> PwStatus {
    guard(|| {
        let source = text(source, "source")?;
        let name = if file_name.is_null() {
            "<rules>"
        } else {
            text(file_name, "file_name")?
        };
        compile_into(source, name, None, out_game, out_diagnostics)
    })
}

/// The most bytes `pw_compile_file` reads from a file: 64 MiB (the command line's
/// limit for files that are not regular), far past the 1 MiB of rules text the
/// compiler takes; so a device such as `/dev/zero` is `PW_ERR_IO`, not gigabytes.
pub const PW_MAX_FILE_BYTES: u64 = 64 << 20;

fn read_limited(path: &str) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(PW_MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .or_else(|e| fail(PwErrIo, format!("{path}: {e}")))?;
    if bytes.len() as u64 > PW_MAX_FILE_BYTES {
        return fail(
            PwErrIo,
            format!("{path}: more than {PW_MAX_FILE_BYTES} bytes, the most read from a rules file"),
        );
    }
    Ok(bytes)
}

/// Reads and compiles a rules file (`path`: NUL-terminated UTF-8); graph board files
/// it names are looked up beside it. At most `PW_MAX_FILE_BYTES` (64 MiB) are read.
/// Outputs and ownership as `pw_compile`.
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_UTF8` (the path or the file),
/// `PW_ERR_IO` (unreadable, or over `PW_MAX_FILE_BYTES`), `PW_ERR_COMPILE`.
#[no_mangle]
pub extern "C" fn pw_compile_file(
    path: *const c_char,
    out_game: *mut *mut PwGame,
    out_diagnostics: *mut *mut PwDiagnostics,
) -> PwStatus {
    guard(|| {
        let path = text(path, "path")?;
        let bytes = read_limited(path)?;
        let source = String::from_utf8(bytes).or_else(|e| {
            fail(
                crate::PwErrInvalidUtf8,
                format!(
                    "{path} is not valid UTF-8 (at byte {})",
                    e.utf8_error().valid_up_to()
                ),
            )
        })?;
        let base = std::path::Path::new(path).parent();
        compile_into(&source, path, base, out_game, out_diagnostics)
    })
}

/// Frees a game (null is ignored: `PW_OK`). Positions made from it must be freed
/// first or not used again (they are refused with `PW_ERR_STALE_HANDLE` once it is
/// gone). Not while another thread uses the game.
///
/// Errors: `PW_ERR_STALE_HANDLE` (freed already, or not a game): nothing is freed.
#[no_mangle]
pub extern "C" fn pw_game_free(game: *mut PwGame) -> PwStatus {
    guard(|| handle::free(game, "game"))
}

/// The number of cells of the game's board (cell ids are `0..count`).
#[no_mangle]
pub extern "C" fn pw_game_cell_count(game: *const PwGame, out: *mut u32) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &handle::get(game, "game")?.game;
        *arg_mut(out, "out")? = g.cell_count() as u32;
        Ok(())
    })
}

/// The number of piece kinds (piece ids are `0..count`, in declaration order).
#[no_mangle]
pub extern "C" fn pw_game_piece_count(game: *const PwGame, out: *mut u32) -> PwStatus {
    guard(|| {
        let g: &piecewise::Game = &handle::get(game, "game")?.game;
        *arg_mut(out, "out")? = g.piece_count() as u32;
        Ok(())
    })
}

/// The number of diagnostics (errors and warnings).
#[no_mangle]
pub extern "C" fn pw_diagnostics_count(
    diagnostics: *const PwDiagnostics,
    out: *mut usize,
) -> PwStatus {
    guard(|| {
        *arg_mut(out, "out")? = handle::get(diagnostics, "diagnostics")?.items.len();
        Ok(())
    })
}

/// Diagnostic number `index` (`0..count`), in source order. The strings in `*out`
/// are borrowed from `diagnostics` (valid until it is freed).
///
/// Errors: `PW_ERR_NULL_POINTER`, `PW_ERR_INVALID_ARGUMENT` (index out of range).
#[no_mangle]
pub extern "C" fn pw_diagnostics_get(
    diagnostics: *const PwDiagnostics,
    index: usize,
    out: *mut PwDiagnostic,
) -> PwStatus {
    guard(|| {
        let d = handle::get(diagnostics, "diagnostics")?;
        let out = arg_mut(out, "out")?;
        let Some(item) = d.items.get(index) else {
            return fail(
                PwErrInvalidArgument,
                format!("index {index} is out of range (count {})", d.items.len()),
            );
        };
        *out = PwDiagnostic {
            code: item.code.as_ptr(),
            severity: item.severity,
            line: item.line,
            column: item.column,
            message: item.message.as_ptr(),
        };
        Ok(())
    })
}

/// The diagnostics rendered as rustc renders errors (file:line:col, the source line,
/// labels, help), without colour. `*out` is borrowed from `diagnostics` (valid until it
/// is freed); "" when there are none.
#[no_mangle]
pub extern "C" fn pw_diagnostics_text(
    diagnostics: *const PwDiagnostics,
    out: *mut *const c_char,
) -> PwStatus {
    guard(|| {
        let d = handle::get(diagnostics, "diagnostics")?;
        *arg_mut(out, "out")? = d.rendered.as_ptr();
        Ok(())
    })
}

/// Frees diagnostics (null is ignored: `PW_OK`).
///
/// Errors: `PW_ERR_STALE_HANDLE` (freed already, or not diagnostics): nothing is freed.
#[no_mangle]
pub extern "C" fn pw_diagnostics_free(diagnostics: *mut PwDiagnostics) -> PwStatus {
    guard(|| handle::free(diagnostics, "diagnostics"))
}

#[cfg(test)]
mod tests {
    /// The header promises that one game may be used from several threads.
    #[test]
    fn a_game_may_be_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<super::PwGame>();
    }
}
