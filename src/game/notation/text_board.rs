//! text_board: Sokoban text boards — reading a puzzle position from the usual level
//! text and writing a position back as one.
//!
//! Owns the character set and the placement of the text on the rules' board, nothing
//! about moves. The characters: `#` wall, `@` pusher, `+` pusher on a goal, `$` box,
//! `*` box on a goal, `.` goal, and space, `-` or `_` floor; lines starting with `;`
//! are comments. Which pieces stand for the pusher, the boxes and the walls is the
//! rules file's `sokoban` declaration ([`crate::ir::SokobanRoles`]); all three belong
//! to the first side.
//!
//! Placement: the first line of the level is the board's top row and the first column
//! its first file, so text row `r`, column `c` is the grid point `(c, height - 1 - r)`.
//! That keeps the Sokoban-family parity rules (counted from the top line) the
//! topology's own on hex, tri and octo boards. Lines may be ragged; every cell the text
//! does not reach (right of a short line, below the last line) is floor, and so is
//! the floor outside the level's walls. A `#` where the board has no cell (a hole) is
//! fine and places nothing; without a `wall` piece every `#` must fall on a hole.

use super::state::GamePosition;
use super::Game;
use crate::ids::{CellId, Side};
use crate::ir::Coord;
use crate::walk::Occupant;
use std::fmt;

/// A text board that could not be read: what is wrong and where (1-based line and
/// column; `line == 0` for a problem of the whole board, such as a missing pusher).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextBoardError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for TextBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "{}:{}: {}", self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for TextBoardError {}

fn fail<T>(line: usize, column: usize, message: String) -> Result<T, TextBoardError> {
    Err(TextBoardError {
        line,
        column,
        message,
    })
}

/// The level's lines with their 1-based line numbers in the file: comment lines and
/// blank lines before and after the level dropped. A blank line inside is an error.
fn level_lines(text: &str) -> Result<Vec<(usize, &str)>, TextBoardError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.starts_with(';'))
        .collect();
    let blank = |l: &str| l.trim().is_empty();
    let first = lines.iter().position(|(_, l)| !blank(l));
    let last = lines.iter().rposition(|(_, l)| !blank(l));
    let (Some(first), Some(last)) = (first, last) else {
        return fail(0, 0, "the board is empty".to_string());
    };
    let level = lines[first..=last].to_vec();
    if let Some((n, _)) = level.iter().find(|(_, l)| blank(l)) {
        return fail(
            *n,
            1,
            "a blank line inside the level (a file holds one level)".to_string(),
        );
    }
    Ok(level)
}

/// The size of the level in a text board: (columns, lines), the longest line's length
/// and the number of lines between the first and the last non-blank one.
pub fn level_size(text: &str) -> Result<(usize, usize), TextBoardError> {
    let lines = level_lines(text)?;
    let width = lines
        .iter()
        .map(|(_, l)| l.trim_end().chars().count())
        .max()
        .unwrap_or(0);
    Ok((width, lines.len()))
}

/// Reads a Sokoban text board into a position of `game`, which must declare
/// `sokoban`. The first side is to move.
pub fn read(game: &Game, text: &str) -> Result<GamePosition, TextBoardError> {
    let Some(roles) = game.sokoban() else {
        return fail(
            0,
            0,
            "the rules declare no `sokoban` roles (e.g. `sokoban pusher Pusher, box Box, wall Wall`), so a text board means nothing to them".to_string(),
        );
    };
    let board = game.board();
    let (w, h) = (board.width() as usize, board.height() as usize);
    let lines = level_lines(text)?;
    let mut pos = GamePosition::empty(game.piece_count(), game.cell_count());
    let mut pusher_at: Option<(usize, usize)> = None;
    for (row, &(line_no, line)) in lines.iter().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            let column = col + 1;
            let (piece, goal) = match ch {
                ' ' | '-' | '_' => continue,
                '#' => (roles.wall.map(Err), false),
                '@' => (Some(Ok(roles.pusher)), false),
                '+' => (Some(Ok(roles.pusher)), true),
                '$' => (Some(Ok(roles.boxes)), false),
                '*' => (Some(Ok(roles.boxes)), true),
                '.' => (None, true),
                other => {
                    return fail(
                        line_no,
                        column,
                        format!(
                            "unknown character {other:?} (a Sokoban board uses `#` wall, `@` pusher, `+` pusher on a goal, `$` box, `*` box on a goal, `.` goal, and space, `-` or `_` floor)"
                        ),
                    )
                }
            };
            if col >= w || row >= h {
                return fail(
                    line_no,
                    column,
                    format!(
                        "{ch:?} lies outside the {} board of the rules ({w} columns, {h} lines)",
                        board.describe()
                    ),
                );
            }
            let coord = Coord {
                x: col as i16,
                y: (h - 1 - row) as i16,
            };
            let Some(cell) = board.cell_at(coord) else {
                if ch == '#' {
                    continue; // a wall on a hole
                }
                return fail(
                    line_no,
                    column,
                    format!("{ch:?} falls on a hole of the board (only `#` may)"),
                );
            };
            if ch == '#' && roles.wall.is_none() {
                return fail(
                    line_no,
                    column,
                    format!(
                        "`#` on the cell {}: the rules name no wall piece (`sokoban ..., wall Wall`) and the board has no hole there",
                        board.cell_name(cell)
                    ),
                );
            }
            if ch == '@' || ch == '+' {
                if let Some((l, c)) = pusher_at {
                    return fail(
                        line_no,
                        column,
                        format!(
                            "a second pusher (the first is at {l}:{c}); a Sokoban board has one"
                        ),
                    );
                }
                pusher_at = Some((line_no, column));
            }
            if let Some(Ok(kind) | Err(kind)) = piece {
                // `Err` marks the wall: both are pieces of the first side.
                pos.cells[cell.index()] = Occupant::piece(Side::First, kind);
            }
            pos.goals[cell.index()] = goal;
        }
    }
    if pusher_at.is_none() {
        return fail(
            0,
            0,
            "the board has no pusher (`@`, or `+` on a goal)".to_string(),
        );
    }
    pos.rehash(&game.keys);
    Ok(pos)
}

/// Writes a position as a Sokoban text board: the rows from the top, each up to its
/// last wall, piece or goal, without the empty rows at the bottom; a row of floor
/// only above them is written `-`. Holes are written `#`; a piece with no `sokoban`
/// role is written `?`. `None` if the game has no
/// `sokoban` declaration.
pub fn write(game: &Game, pos: &GamePosition) -> Option<String> {
    let roles = game.sokoban()?;
    let board = game.board();
    let (w, h) = (board.width() as i16, board.height() as i16);
    let mut rows: Vec<String> = Vec::new();
    for y in (0..h).rev() {
        let mut row = String::new();
        for x in 0..w {
            let ch = match board.cell_at(Coord { x, y }) {
                None => '#',
                Some(cell) => cell_char(roles, pos, cell),
            };
            row.push(ch);
        }
        rows.push(row.trim_end().to_string());
    }
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    // A row of floor only, above the last row with something on it, is written `-` so
    // that it is not a blank line (which would end the level or be skipped).
    for r in rows.iter_mut().filter(|r| r.is_empty()) {
        r.push('-');
    }
    let mut out = rows.join("\n");
    out.push('\n');
    Some(out)
}

fn cell_char(roles: &crate::ir::SokobanRoles, pos: &GamePosition, cell: CellId) -> char {
    let occ = pos.occupant(cell);
    let goal = pos.is_goal(cell);
    if occ.is_empty() {
        return if goal { '.' } else { ' ' };
    }
    let kind = occ.kind();
    if occ.side() == Side::First && kind == roles.pusher {
        if goal {
            '+'
        } else {
            '@'
        }
    } else if occ.side() == Side::First && kind == roles.boxes {
        if goal {
            '*'
        } else {
            '$'
        }
    } else if occ.side() == Side::First && Some(kind) == roles.wall {
        '#'
    } else {
        '?'
    }
}

/// Whether every box stands on a goal and every goal holds a box (a solved puzzle).
pub fn solved(game: &Game, pos: &GamePosition) -> bool {
    let Some(roles) = game.sokoban() else {
        return false;
    };
    let boxed = Occupant::piece(Side::First, roles.boxes);
    (0..game.cell_count()).all(|i| (pos.cells[i] == boxed) == pos.goals[i])
}
