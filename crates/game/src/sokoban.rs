//! sokoban: the Sokoban family's puzzle API over a game that declares `sokoban` roles —
//! its pushers in reading order and the legal moves by pusher (multiban: several
//! pushers, the side to move chooses which one moves).
//!
//! Reading order is sokoenginepy's piece numbering: the text board's rows from the top,
//! each from its first column (the grid's highest `y` first, then lowest `x`), so the
//! `n`-th pusher here is its pusher id `n`.

use crate::ids::{CellId, Side};
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition};

/// The cells holding a piece of `kind` (the first side's), in reading order.
pub(crate) fn cells_of(game: &Game, pos: &GamePosition, kind: crate::ids::PieceId) -> Vec<CellId> {
    let piece = Occupant::piece(Side::First, kind);
    let board = game.board();
    let mut cells: Vec<CellId> = board
        .cells()
        .filter(|c| pos.occupant(*c) == piece)
        .collect();
    cells.sort_by_key(|&c| {
        let p = board.coord(c);
        (std::cmp::Reverse(p.y), p.x)
    });
    cells
}

/// The pushers' cells in reading order; empty without `sokoban` roles.
pub(crate) fn pushers(game: &Game, pos: &GamePosition) -> Vec<CellId> {
    match game.sokoban() {
        Some(roles) => cells_of(game, pos, roles.pusher),
        None => Vec::new(),
    }
}

/// The legal moves grouped by the pusher that makes them, the pushers in reading
/// order (a pusher without moves is listed with none).
pub(crate) fn legal_by_pusher(game: &Game, pos: &GamePosition) -> Vec<(CellId, Vec<GameMove>)> {
    let moves = game.legal_moves(pos);
    pushers(game, pos)
        .into_iter()
        .map(|cell| {
            let own = moves.iter().filter(|m| m.from == cell).cloned().collect();
            (cell, own)
        })
        .collect()
}

/// Why Sokoban+ ids (`boxorder`, `goalorder`) cannot be given to a position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SokobanPlusError {
    /// Something other than a whole number in an order.
    NotAnId {
        /// `boxorder` or `goalorder`.
        order: &'static str,
        /// The word.
        found: String,
    },
    /// More ids than the position has boxes (or goals).
    TooManyIds {
        /// `boxorder` or `goalorder`.
        order: &'static str,
        /// How many ids it gives.
        ids: usize,
        /// How many boxes (or goals) there are.
        pieces: usize,
    },
    /// The ids the boxes use (other than the default 0) are not those the goals use.
    IdsDiffer {
        /// The boxes' ids, sorted, without repeats.
        boxes: Vec<u32>,
        /// The goals' ids, sorted, without repeats.
        goals: Vec<u32>,
    },
    /// The game declares no `sokoban` roles.
    NoSokobanRoles,
}

impl std::fmt::Display for SokobanPlusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SokobanPlusError::NotAnId { order, found } => write!(
                f,
                "{order}: {found:?} is not a Sokoban+ id (a whole number, 0 for none)"
            ),
            SokobanPlusError::TooManyIds { order, ids, pieces } => {
                let what = match (*order == "boxorder", *pieces == 1) {
                    (true, true) => "box",
                    (true, false) => "boxes",
                    (false, true) => "goal",
                    (false, false) => "goals",
                };
                write!(f, "{order} gives {ids} ids for {pieces} {what}")
            }
            SokobanPlusError::IdsDiffer { boxes, goals } => {
                let list = |ids: &[u32]| {
                    let words: Vec<String> = ids.iter().map(u32::to_string).collect();
                    if words.is_empty() {
                        "none".to_string()
                    } else {
                        words.join(" ")
                    }
                };
                write!(
                    f,
                    "the Sokoban+ ids of the boxes ({}) are not those of the goals ({}): every id a box has needs a goal of that id",
                    list(boxes),
                    list(goals)
                )
            }
            SokobanPlusError::NoSokobanRoles => f.write_str(
                "the rules declare no `sokoban` roles, so Sokoban+ ids mean nothing to them",
            ),
        }
    }
}

impl std::error::Error for SokobanPlusError {}

/// sokoenginepy's old default id, read as the default (0) while there are fewer than
/// 99 pieces.
const LEGACY_DEFAULT: u32 = 99;

/// Reads one order: its ids, the missing ones (after the last given) the default 0.
fn parse_order(
    order: &'static str,
    text: &str,
    pieces: usize,
) -> Result<Vec<u32>, SokobanPlusError> {
    let mut ids = Vec::new();
    for word in text.split_whitespace() {
        let id: u32 = word.parse().map_err(|_| SokobanPlusError::NotAnId {
            order,
            found: word.to_string(),
        })?;
        ids.push(if id == LEGACY_DEFAULT && pieces < 99 {
            0
        } else {
            id
        });
    }
    while ids.last() == Some(&0) {
        ids.pop();
    }
    if ids.len() > pieces {
        return Err(SokobanPlusError::TooManyIds {
            order,
            ids: ids.len(),
            pieces,
        });
    }
    ids.resize(pieces, 0);
    Ok(ids)
}

/// Gives the boxes and goals of `pos` the Sokoban+ ids of `boxorder` and `goalorder`
/// (space-separated whole numbers, the `n`-th for the `n`-th box or goal in reading
/// order; missing ones, and 99 on a board with fewer than 99 boxes, are the default
/// 0, which any box or goal of the default matches). Both empty: plain Sokoban.
pub(crate) fn set_sokoban_plus(
    game: &Game,
    pos: &mut GamePosition,
    boxorder: &str,
    goalorder: &str,
) -> Result<(), SokobanPlusError> {
    let roles = game.sokoban().ok_or(SokobanPlusError::NoSokobanRoles)?;
    if boxorder.trim().is_empty() && goalorder.trim().is_empty() {
        pos.set_plus(None);
        return Ok(());
    }
    let boxes = cells_of(game, pos, roles.boxes);
    let goals = goal_cells(game, pos);
    let box_ids = parse_order("boxorder", boxorder, boxes.len())?;
    let goal_ids = parse_order("goalorder", goalorder, goals.len())?;
    let used = |ids: &[u32]| {
        let mut u: Vec<u32> = ids.iter().copied().filter(|&i| i != 0).collect();
        u.sort_unstable();
        u.dedup();
        u
    };
    let (ub, ug) = (used(&box_ids), used(&goal_ids));
    if ub != ug {
        return Err(SokobanPlusError::IdsDiffer {
            boxes: ub,
            goals: ug,
        });
    }
    let n = game.cell_count();
    let mut plus = crate::position::PlusIds {
        boxes: vec![0; n],
        goals: vec![0; n],
    };
    for (c, id) in boxes.iter().zip(&box_ids) {
        plus.boxes[c.index()] = *id;
    }
    for (c, id) in goals.iter().zip(&goal_ids) {
        plus.goals[c.index()] = *id;
    }
    pos.set_plus(Some(plus));
    Ok(())
}

/// The goal cells in reading order.
pub(crate) fn goal_cells(game: &Game, pos: &GamePosition) -> Vec<CellId> {
    let board = game.board();
    let mut cells: Vec<CellId> = board.cells().filter(|c| pos.is_goal(*c)).collect();
    cells.sort_by_key(|&c| {
        let p = board.coord(c);
        (std::cmp::Reverse(p.y), p.x)
    });
    cells
}

/// The `boxorder` and `goalorder` of a Sokoban+ position (its ids in reading order,
/// trailing defaults left out), or `None` for plain Sokoban.
pub(crate) fn sokoban_plus_orders(game: &Game, pos: &GamePosition) -> Option<(String, String)> {
    let roles = game.sokoban()?;
    pos.plus.as_ref()?;
    let words = |ids: Vec<u32>| {
        let mut ids = ids;
        while ids.last() == Some(&0) {
            ids.pop();
        }
        ids.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
    };
    let boxes = cells_of(game, pos, roles.boxes)
        .into_iter()
        .map(|c| pos.box_plus_id(c))
        .collect();
    let goals = goal_cells(game, pos)
        .into_iter()
        .map(|c| pos.goal_plus_id(c))
        .collect();
    Some((words(boxes), words(goals)))
}
