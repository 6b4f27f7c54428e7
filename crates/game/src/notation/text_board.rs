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

use crate::diagnostics::plural;
use crate::ids::{CellId, Side};
use crate::ir::Coord;
use crate::walk::Occupant;
use crate::Game;
use crate::GamePosition;
use std::fmt;

/// A text board that could not be read: what is wrong ([`TextBoardError::kind`]) and
/// where ([`TextBoardError::place`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextBoardError {
    kind: TextBoardErrorKind,
}

/// What is wrong with a text board. Lines and columns count from 1 (columns in
/// characters); kinds without them are problems of the whole board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextBoardErrorKind {
    /// The rules declare no `sokoban` roles, so a text board means nothing to them.
    NoSokobanRoles,
    /// The text holds no level (only blank or comment lines).
    Empty,
    /// A blank line between two lines of the level.
    BlankLineInside {
        /// The blank line.
        line: usize,
    },
    /// A character a Sokoban board does not use.
    UnknownCharacter {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A wall, piece or goal beyond the rules' board.
    OutsideBoard {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
        /// The character.
        found: char,
        /// The board as the rules describe it.
        board: String,
        /// The board's columns.
        columns: usize,
        /// The board's lines.
        lines: usize,
    },
    /// A piece or goal on a hole of the board (only `#` may stand for a hole).
    OnHole {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
        /// The character.
        found: char,
    },
    /// A `#` on a cell when the rules name no wall piece.
    WallWithoutPiece {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
        /// The cell's name.
        cell: String,
    },
    /// A second pusher.
    SecondPusher {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
        /// The first pusher's (line, column).
        first: (usize, usize),
    },
    /// No pusher on the board.
    NoPusher,
}

impl TextBoardError {
    /// What is wrong, and where.
    pub fn kind(&self) -> &TextBoardErrorKind {
        &self.kind
    }

    /// The (line, column) of the problem, both from 1; `None` for a problem of the whole
    /// board (no level, no pusher, no `sokoban` roles).
    pub fn place(&self) -> Option<(usize, usize)> {
        use TextBoardErrorKind::*;
        match self.kind {
            NoSokobanRoles | Empty | NoPusher => None,
            BlankLineInside { line } => Some((line, 1)),
            UnknownCharacter { line, column, .. }
            | OutsideBoard { line, column, .. }
            | OnHole { line, column, .. }
            | WallWithoutPiece { line, column, .. }
            | SecondPusher { line, column, .. } => Some((line, column)),
        }
    }

    /// What is wrong, without the place (`Display` puts `line:column: ` before it).
    pub fn message(&self) -> String {
        Message(&self.kind).to_string()
    }

    fn new(kind: TextBoardErrorKind) -> TextBoardError {
        TextBoardError { kind }
    }
}

/// The text of a kind, without its place.
struct Message<'a>(&'a TextBoardErrorKind);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TextBoardErrorKind::*;
        match self.0 {
            NoSokobanRoles => f.write_str(
                "the rules declare no `sokoban` roles (e.g. `sokoban pusher Pusher, box Box, wall Wall`), so a text board means nothing to them",
            ),
            Empty => f.write_str("the board is empty"),
            BlankLineInside { .. } => {
                f.write_str("a blank line inside the level (a file holds one level)")
            }
            UnknownCharacter { found, .. } => write!(
                f,
                "unknown character {found:?} (a Sokoban board uses `#` wall, `@` pusher, `+` pusher on a goal, `$` box, `*` box on a goal, `.` goal, and space, `-` or `_` floor)"
            ),
            OutsideBoard {
                found,
                board,
                columns,
                lines,
                ..
            } => write!(
                f,
                "{found:?} lies outside the {board} board of the rules ({}, {})",
                plural(*columns, "column"),
                plural(*lines, "line")
            ),
            OnHole { found, .. } => {
                write!(f, "{found:?} falls on a hole of the board (only `#` may)")
            }
            WallWithoutPiece { cell, .. } => write!(
                f,
                "`#` on the cell {cell}: the rules name no wall piece (`sokoban ..., wall Wall`) and the board has no hole there"
            ),
            SecondPusher {
                first: (line, column),
                ..
            } => write!(
                f,
                "a second pusher (the first is at {line}:{column}); a Sokoban board has one"
            ),
            NoPusher => f.write_str("the board has no pusher (`@`, or `+` on a goal)"),
        }
    }
}

impl fmt::Display for TextBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place() {
            None => write!(f, "{}", Message(&self.kind)),
            Some((line, column)) => write!(f, "{line}:{column}: {}", Message(&self.kind)),
        }
    }
}

impl std::error::Error for TextBoardError {}

/// Builds the error of a kind (the kinds carry their places).
fn fail<T>(kind: TextBoardErrorKind) -> Result<T, TextBoardError> {
    Err(TextBoardError::new(kind))
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
        return fail(TextBoardErrorKind::Empty);
    };
    let level = lines[first..=last].to_vec();
    if let Some(&(line, _)) = level.iter().find(|(_, l)| blank(l)) {
        return fail(TextBoardErrorKind::BlankLineInside { line });
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
        return fail(TextBoardErrorKind::NoSokobanRoles);
    };
    let board = game.board();
    let (width, height) = (board.width() as usize, board.height() as usize);
    let lines = level_lines(text)?;
    let mut pos = GamePosition::empty(game.piece_count(), game.cell_count());
    let mut pusher_at: Option<(usize, usize)> = None;
    for (row, &(line, line_text)) in lines.iter().enumerate() {
        for (col, ch) in line_text.chars().enumerate() {
            let column = col + 1;
            let (piece, goal) = match ch {
                ' ' | '-' | '_' => continue,
                '#' => (roles.wall.map(Err), false),
                '@' => (Some(Ok(roles.pusher)), false),
                '+' => (Some(Ok(roles.pusher)), true),
                '$' => (Some(Ok(roles.boxes)), false),
                '*' => (Some(Ok(roles.boxes)), true),
                '.' => (None, true),
                found => {
                    return fail(TextBoardErrorKind::UnknownCharacter {
                        line,
                        column,
                        found,
                    })
                }
            };
            if col >= width || row >= height {
                return fail(TextBoardErrorKind::OutsideBoard {
                    line,
                    column,
                    found: ch,
                    board: board.describe(),
                    columns: width,
                    lines: height,
                });
            }
            let coord = Coord {
                x: col as i16,
                y: (height - 1 - row) as i16,
            };
            let Some(cell) = board.cell_at(coord) else {
                if ch == '#' {
                    continue; // a wall on a hole
                }
                return fail(TextBoardErrorKind::OnHole {
                    line,
                    column,
                    found: ch,
                });
            };
            if ch == '#' && roles.wall.is_none() {
                return fail(TextBoardErrorKind::WallWithoutPiece {
                    line,
                    column,
                    cell: board.cell_name(cell),
                });
            }
            if ch == '@' || ch == '+' {
                if let Some(first) = pusher_at {
                    return fail(TextBoardErrorKind::SecondPusher {
                        line,
                        column,
                        first,
                    });
                }
                pusher_at = Some((line, column));
            }
            if let Some(Ok(kind) | Err(kind)) = piece {
                // `Err` marks the wall: both are pieces of the first side.
                pos.cells[cell.index()] = Occupant::piece(Side::First, kind);
            }
            pos.goals[cell.index()] = goal;
        }
    }
    if pusher_at.is_none() {
        return fail(TextBoardErrorKind::NoPusher);
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
    let (width, height) = (board.width() as i16, board.height() as i16);
    let mut rows: Vec<String> = Vec::new();
    for y in (0..height).rev() {
        let mut row = String::new();
        for x in 0..width {
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
