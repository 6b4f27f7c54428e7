//! piecewise-python: the Python package of piecewise (issue 15), `import piecewise`, a
//! consumer of the public surface of the `piecewise` crate like the CLI and the C ABI.
//!
//! Built with maturin (`pyproject.toml`); the type stubs are `piecewise.pyi` beside it.
//! Conventions, for every function the module exposes:
//!
//! - Positions are FEN text as Fairy-Stockfish writes it and moves are UCI text, as in
//!   pyffish: `game.legal_moves(fen, moves)` is `pyffish.legal_moves(variant, fen,
//!   moves)` with the variant being the [`game::Game`] object.
//! - Bad input raises a subclass of `piecewise.Error` (itself a `ValueError`) that says
//!   what and where ([`errors`]); wrong argument types raise `TypeError` (PyO3's
//!   argument extraction). No function panics on any input; a panic would be a bug, and
//!   PyO3 turns it into `pyo3_runtime.PanicException` rather than a crash.
//! - Arguments Python itself would refuse raise what Python raises: a path that
//!   cannot be encoded `UnicodeEncodeError`, a NUL in a path `ValueError`, an
//!   unreadable file `OSError` naming it ([`files`]), text with lone surrogates
//!   `UnicodeEncodeError`, a negative or huge number `OverflowError`.
//! - A long count (`perft`) runs without the GIL, stops at a time limit (60 s by
//!   default, 0 for none, as on the command line) and on Ctrl-C.
//!
//! Modules: [`pyffish`] (the module functions in pyffish's shape), [`game`] (the
//! `Game` class), [`errors`] (exception classes and the
//! `Diagnostic` record), [`files`] (path arguments and reading rules files), [`end`] (how a game ends, in pyffish's values: the one place
//! the game-end rules meet Python), [`data`] (JSON documents as Python data),
//! [`perft`] (counting without the GIL).
#![warn(missing_docs)]

pub mod data;
pub mod end;
pub mod errors;
pub mod files;
pub mod game;
pub mod perft;
pub mod pyffish;

use pyo3::prelude::*;

/// The names of the shipped games, sorted, as pyffish's `variants()` lists its own:
/// each opens with `Game.variant(name)`.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    piecewise::catalogue::variants()
        .iter()
        .map(|v| v.name())
        .collect()
}

/// piecewise: a declarative language for how game pieces move.
///
/// pyffish's functions by the same names take a shipped game's name (or a `Game`):
/// `start_fen`, `legal_moves`, `get_fen`, `gives_check`, `get_san`, `get_san_moves`,
/// `is_capture`, `has_insufficient_material`, `validate_fen`, `game_result`,
/// `is_immediate_game_end`, `is_optional_game_end`; `variants()` lists the names.
///
/// Compile a `.rules` file into a `Game` (`Game.from_file(path)`, `Game(text)`, or a
/// shipped game by name: `Game.variant("chess")`, listed by `variants()`), then ask
/// it what pyffish answers for a Fairy-Stockfish variant, over FEN text and UCI move
/// lists: `legal_moves(fen, moves)`, `get_fen`, `gives_check`, `game_result`,
/// `is_immediate_game_end`, `is_optional_game_end`, `perft(fen, depth)`; and the path
/// tree of a piece (`path_tree(fen, cell)`). Bad input raises a subclass of
/// `piecewise.Error` (a `ValueError`): `RulesError`, `FenError`, `MoveError`,
/// `CellError`, each saying what and where.
#[pymodule]
#[pyo3(name = "piecewise")]
fn piecewise_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("VALUE_MATE", end::VALUE_MATE)?;
    m.add("VALUE_DRAW", end::VALUE_DRAW)?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    pyffish::register(m)?;
    m.add_class::<errors::Diagnostic>()?;
    m.add("Error", py.get_type::<errors::Error>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("CellError", py.get_type::<errors::CellError>())?;
    Ok(())
}
