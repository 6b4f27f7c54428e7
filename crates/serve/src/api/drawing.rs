//! drawing: the pictures the playground shows — a position drawn by
//! [`GameDiagram`] (with a piece's moves and paths when a cell is given, as
//! `piecewise show --from` draws them), where each cell lies in the SVG's pixels (so
//! the page can tell which cell a click hit) with the piece on it, and the palette of pieces a board can be
//! set up with.

use super::super::error::ApiError;
use crate::game::GamePosition;
use crate::ids::{CellId, PieceId, Side};
use crate::picture::{DiagramError, GameDiagram};
use crate::Game;
use serde_json::{json, Map, Value};

/// `svg` and `cells` of the position, with the moves of the piece on `from`.
pub(crate) fn draw(
    game: &Game,
    pos: &GamePosition,
    from: Option<CellId>,
) -> Result<Map<String, Value>, ApiError> {
    let mut diagram = GameDiagram::new(game).position(pos);
    if let Some(cell) = from {
        diagram = diagram.moves_from(cell);
    }
    let picture = diagram.draw().map_err(|e| match e {
        DiagramError::EmptyCell { .. } => ApiError::bad("empty_cell", e.to_string()),
        e => ApiError::bad("board", e.to_string()),
    })?;
    let cells: Vec<Value> = picture
        .cell_pixels()
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let occ = pos.occupant(CellId(i as u16));
            let piece = (!occ.is_empty()).then(|| game.letter(occ.side(), occ.kind()));
            json!({
                "name": c.name,
                "piece": piece,
                "center": [c.center.0, c.center.1],
                "points": c.outline.iter().map(|p| [p.0, p.1]).collect::<Vec<_>>(),
                "r": c.radius,
            })
        })
        .collect();
    let mut m = Map::new();
    m.insert("svg".into(), picture.to_svg().into());
    m.insert("cells".into(), cells.into());
    Ok(m)
}

/// Every piece kind with its name and its letter for each side.
pub(crate) fn palette(game: &Game) -> Value {
    (0..game.piece_count())
        .map(|i| {
            let id = PieceId(i as u8);
            json!({
                "name": game.rules().piece_name(id),
                "white": game.letter(Side::First, id),
                "black": game.letter(Side::Second, id),
            })
        })
        .collect()
}
