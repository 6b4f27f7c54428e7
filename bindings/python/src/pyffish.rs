//! pyffish: module functions in pyffish's shape — `piecewise.legal_moves("chess", fen,
//! moves)` where pyffish has `pyffish.legal_moves("chess", fen, moves)` — beside the
//! `Game` class they call.
//!
//! The `variant` argument is a shipped game's name (`variants()` lists them; each is
//! compiled once and kept) or a `Game` (a rules file of one's own). The arguments,
//! return values and their order are pyffish's (`validate_fen(fen, variant)` takes the
//! FEN first, as pyffish does); errors are raised, as the `Game` methods raise them,
//! where pyffish returns garbage or crashes, and their text starts with the variant's
//! name (`chess: move 1 of the list: ...`), which the `variant` attribute holds too.

use std::sync::Mutex;

use pyo3::prelude::*;

use crate::errors;
use crate::game::Game;

/// The shipped games compiled so far, by name.
static COMPILED: Mutex<Vec<(String, Py<Game>)>> = Mutex::new(Vec::new());

/// The game `variant` names: a `Game`, or a shipped game's name (compiled on first
/// use); its name for error texts.
fn resolve(py: Python<'_>, variant: &Bound<'_, PyAny>) -> PyResult<(Py<Game>, String)> {
    if let Ok(game) = variant.cast::<Game>() {
        let name = game.get().name_or_file();
        return Ok((game.clone().unbind(), name));
    }
    let name: String = variant.extract()?;
    {
        let compiled = COMPILED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, g)) = compiled.iter().find(|(n, _)| *n == name) {
            return Ok((g.clone_ref(py), name));
        }
    }
    let game = Py::new(py, Game::shipped(py, &name)?)?;
    let mut compiled = COMPILED.lock().unwrap_or_else(|e| e.into_inner());
    compiled.push((name.clone(), game.clone_ref(py)));
    Ok((game, name))
}

/// Runs `f` on the game `variant` names; a `piecewise.Error` it raises gets the
/// variant's name in front of its text and as its `variant` attribute.
fn with_game<T>(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    f: impl FnOnce(&Game) -> PyResult<T>,
) -> PyResult<T> {
    let (game, name) = resolve(py, variant)?;
    f(game.get()).inspect_err(|e| {
        if e.is_instance_of::<errors::Error>(py) {
            let value = e.value(py);
            let text = format!("{name}: {value}");
            let renamed = value.setattr("args", (text,)).is_ok();
            let named = value.setattr("variant", &name).is_ok();
            debug_assert!(renamed && named);
        }
    })
}

/// The FEN of the variant's start position (pyffish's `start_fen`).
#[pyfunction]
pub fn start_fen(py: Python<'_>, variant: &Bound<'_, PyAny>) -> PyResult<String> {
    with_game(py, variant, |g| g.start_fen())
}

/// The legal moves in UCI after `moves` from `fen`, sorted (pyffish's `legal_moves`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn legal_moves(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<Vec<String>> {
    with_game(py, variant, |g| g.legal_moves(py, fen, moves))
}

/// The FEN after `moves` from `fen` (pyffish's `get_fen`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn get_fen(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<String> {
    with_game(py, variant, |g| g.get_fen(py, fen, moves))
}

/// Whether the side to move is in check after `moves` (pyffish's `gives_check`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn gives_check(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<bool> {
    with_game(py, variant, |g| g.gives_check(py, fen, moves))
}

/// The SAN of `move` in `fen` (pyffish's `get_san`; notations 0 and 1).
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = 0))]
pub fn get_san(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    r#move: &str,
    chess960: bool,
    notation: i32,
) -> PyResult<String> {
    with_game(py, variant, |g| {
        g.get_san(py, fen, r#move, chess960, notation)
    })
}

/// The SAN of each of `moves` played in turn from `fen` (pyffish's `get_san_moves`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = 0))]
pub fn get_san_moves(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    with_game(py, variant, |g| {
        g.get_san_moves(py, fen, moves, chess960, notation)
    })
}

/// Whether `move`, after `moves` from `fen`, captures (pyffish's `is_capture`).
#[pyfunction]
pub fn is_capture(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
) -> PyResult<bool> {
    with_game(py, variant, |g| g.is_capture(py, fen, moves, r#move))
}

/// `(white, black)`: whether each side lacks the material to mate after `moves`
/// (pyffish's `has_insufficient_material`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn has_insufficient_material(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<(bool, bool)> {
    with_game(py, variant, |g| g.has_insufficient_material(py, fen, moves))
}

/// `1` if `fen` is a position of the variant, else Fairy-Stockfish's negative code
/// for the fault (pyffish's `validate_fen`, FEN first). An unknown variant raises.
#[pyfunction]
pub fn validate_fen(py: Python<'_>, fen: &str, variant: &Bound<'_, PyAny>) -> PyResult<i32> {
    with_game(py, variant, |g| Ok(g.validate_fen(fen)))
}

/// The game's value for the side to move when it is over, else 0 (pyffish's
/// `game_result`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn game_result(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<i32> {
    with_game(py, variant, |g| g.game_result(py, fen, moves))
}

/// `(ended, value)` for an end the rules impose at once (pyffish's
/// `is_immediate_game_end`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn is_immediate_game_end(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<(bool, i32)> {
    with_game(py, variant, |g| g.is_immediate_game_end(py, fen, moves))
}

/// `(claimable, value)` for an end a player may claim (pyffish's
/// `is_optional_game_end`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves = Vec::new()))]
pub fn is_optional_game_end(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    fen: &str,
    moves: Vec<String>,
) -> PyResult<(bool, i32)> {
    with_game(py, variant, |g| g.is_optional_game_end(py, fen, moves))
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    Ok(())
}
