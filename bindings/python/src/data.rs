//! data: what the module hands to Python as plain data — JSON documents (the path tree
//! of docs/json.md) as dicts and lists, and the game's pieces and board.

use piecewise::ids::{PieceId, Side};
use piecewise::Game;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use serde_json::Value;

/// A JSON value as Python data: objects as `dict`, arrays as `list`, numbers as `int`
/// (or `float`), `null` as `None`.
pub fn json_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, json_to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// The pieces in declaration order (piece ids), each a dict: `name`, `letter` (the
/// first side's FEN letter, `+P` for a promoted piece, `*` for a neutral piece),
/// `royal`, `neutral` (no side's: `neutral` in the rules).
pub fn pieces<'py>(py: Python<'py>, game: &Game) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for id in (0..game.piece_count()).filter_map(|i| u8::try_from(i).ok().map(PieceId)) {
        let d = PyDict::new(py);
        d.set_item("name", game.rules().piece_name(id))?;
        d.set_item("letter", game.letter(Side::First, id))?;
        d.set_item("royal", game.is_royal(id))?;
        d.set_item("neutral", game.is_neutral(id))?;
        list.append(d)?;
    }
    Ok(list)
}

/// The board: `kind` (`"square"`, `"hex"`, ...), `width` and `height` of its grid,
/// `cells` (their number) and `description` (as `piecewise check` prints it).
pub fn board<'py>(py: Python<'py>, game: &Game) -> PyResult<Bound<'py, PyDict>> {
    let b = game.board();
    let d = PyDict::new(py);
    d.set_item("kind", b.kind().word())?;
    d.set_item("width", b.width())?;
    d.set_item("height", b.height())?;
    d.set_item("cells", b.cell_count())?;
    d.set_item("description", b.describe())?;
    Ok(d)
}
