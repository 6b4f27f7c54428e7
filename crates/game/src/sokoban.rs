//! sokoban: the Sokoban family's puzzle API over a game that declares `sokoban` roles —
//! its pushers and boxes in reading order, the legal moves by pusher (multiban: several
//! pushers, the side to move chooses which one moves), Sokoban+ ids, and what solvers
//! use: the pusher's reachable region, its normalized cell (the region's top-left-most
//! cell) and a Zobrist hash over the boxes and the normalized pushers.
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

/// Per cell, where a lone pusher on an otherwise empty board steps from it: the step
/// graph of the rules' pusher, found once by the move generator (so every
/// tessellation's steps are its own).
pub(crate) fn step_graph(game: &Game) -> &[Vec<CellId>] {
    game.sokoban_steps.get_or_init(|| {
        let n = game.cell_count();
        let Some(roles) = game.sokoban() else {
            return vec![Vec::new(); n];
        };
        let pusher = Occupant::piece(Side::First, roles.pusher);
        let mut gen = crate::movegen::PseudoGen::new(game);
        let mut pos = GamePosition::empty(game.piece_count(), n);
        let mut found = Vec::new();
        let mut graph = Vec::with_capacity(n);
        for c in game.board().cells() {
            pos.cells[c.index()] = pusher;
            pos.rehash(&game.keys);
            found.clear();
            gen.pseudo_moves(&pos, &mut found);
            let mut to: Vec<CellId> = found
                .iter()
                .filter(|m| m.from == c && m.push_to.is_none() && !m.captures_to)
                .map(|m| m.to)
                .collect();
            to.sort_unstable();
            to.dedup();
            graph.push(to);
            pos.cells[c.index()] = Occupant::EMPTY;
        }
        graph
    })
}

/// The cells the pusher on `from` reaches by plain steps (boxes, walls and other
/// pushers block), `from` included.
pub(crate) fn reachable(game: &Game, pos: &GamePosition, from: CellId) -> Vec<bool> {
    let graph = step_graph(game);
    let mut seen = vec![false; game.cell_count()];
    seen[from.index()] = true;
    let mut todo = vec![from];
    while let Some(c) = todo.pop() {
        for &d in &graph[c.index()] {
            if !seen[d.index()] && pos.occupant(d).is_empty() {
                seen[d.index()] = true;
                todo.push(d);
            }
        }
    }
    seen
}

/// The normalized cell of the pusher on `from`: the top-left-most cell of its
/// reachable region (the highest row of the text board, then the first column), the
/// same wherever in the region it stands.
pub(crate) fn normalized_pusher(game: &Game, pos: &GamePosition, from: CellId) -> CellId {
    let seen = reachable(game, pos, from);
    let board = game.board();
    board
        .cells()
        .filter(|c| seen[c.index()])
        .min_by_key(|&c| {
            let p = board.coord(c);
            (std::cmp::Reverse(p.y), p.x)
        })
        .unwrap_or(from)
}

/// The key of a box (with its Sokoban+ id) or a normalized pusher on cell `i`.
fn solver_key(i: usize, what: u64) -> u64 {
    let mut z = ((i as u64) << 34 | what).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A solver's Zobrist hash: the boxes' cells (each with its Sokoban+ id) and the
/// pushers' normalized cells, so that positions that differ only in where a pusher
/// stands within its region hash the same. Pushers' keys are added (not xored), so
/// that two pushers in one region do not cancel. Deterministic: the same position
/// always hashes the same, in any game built from the same rules.
pub(crate) fn solver_hash(game: &Game, pos: &GamePosition) -> u64 {
    let Some(roles) = game.sokoban() else {
        return 0;
    };
    let boxed = Occupant::piece(Side::First, roles.boxes);
    let mut h = 0u64;
    for c in game.board().cells() {
        if pos.occupant(c) == boxed {
            h ^= solver_key(c.index(), 1 + u64::from(pos.box_plus_id(c)));
        }
    }
    let mut sum = 0u64;
    for p in pushers(game, pos) {
        let n = normalized_pusher(game, pos, p);
        sum = sum.wrapping_add(solver_key(n.index(), 0));
    }
    h ^ sum.rotate_left(17)
}
