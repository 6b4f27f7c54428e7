//! text_board: Sokoban text boards — reading a puzzle position from the usual level
//! text and writing a position back as one.
//!
//! Owns the character set and the placement of the text on the rules' board, nothing
//! about moves. The characters: `#` wall, `@` pusher, `+` pusher on a goal, `$` box,
//! `*` box on a goal, `.` goal, and space, `-` or `_` floor (and sokoenginepy's
//! alternatives `p`/`m`, `P`/`M`, `b`, `B`, `o`); lines starting with `;` are comments.
//! A line holding a digit, `(`, `)` or `|` is run-length text ([`super::rle`]), and is
//! read as the rows it decodes to. A board may hold several pushers (multiban: the side
//! to move chooses which one moves; a move names it by its cell). Which pieces stand for the pusher, the boxes and the walls is the
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

use super::rle::{self, RleProblem};
use crate::diagnostics::plural;
use crate::ids::{CellId, Side};
use crate::ir::Coord;
use crate::walk::Occupant;
use crate::Game;
use crate::GamePosition;
use crate::SokobanPlusError;
use std::fmt;

/// A text board that could not be read: what is wrong ([`TextBoardError::kind`]) and
/// where ([`TextBoardError::place`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextBoardError {
    kind: TextBoardErrorKind,
    /// On a run-length line: the row of the decoded text the problem is on (from 1);
    /// the kind's column then counts in that row.
    rle_row: Option<usize>,
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
    /// A malformed run-length line (`3(#-`: a group never closed, ...).
    Rle {
        /// Its line.
        line: usize,
        /// Its column on the line as written.
        column: usize,
        /// What is wrong.
        problem: RleProblem,
    },
    /// Sokoban+ ids (`boxorder:`, `goalorder:` lines) that do not fit the board.
    SokobanPlus {
        /// The line of the order at fault (for ids that differ, `goalorder`'s).
        line: usize,
        /// What is wrong.
        error: SokobanPlusError,
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
            BlankLineInside { line } | SokobanPlus { line, .. } => Some((line, 1)),
            UnknownCharacter { line, column, .. }
            | Rle { line, column, .. }
            | OutsideBoard { line, column, .. }
            | OnHole { line, column, .. }
            | WallWithoutPiece { line, column, .. } => Some((line, column)),
        }
    }

    /// What is wrong, without the place (`Display` puts `line:column: ` before it).
    pub fn message(&self) -> String {
        Message(&self.kind).to_string()
    }

    /// On a run-length line, the row of its decoded text the problem is on (from 1):
    /// [`TextBoardError::place`]'s column then counts in that row.
    pub fn rle_row(&self) -> Option<usize> {
        self.rle_row
    }

    fn new(kind: TextBoardErrorKind) -> TextBoardError {
        TextBoardError {
            kind,
            rle_row: None,
        }
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
            Rle { problem, .. } => write!(f, "{problem}"),
            SokobanPlus { error, .. } => write!(f, "{error}"),
            UnknownCharacter { found, .. } => write!(
                f,
                "unknown character {found:?} (a Sokoban board uses `#` wall, `@` pusher, `+` pusher on a goal, `$` box, `*` box on a goal, `.` goal, and space, `-` or `_` floor; digits, `(`, `)` and `|` for run-length text)"
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
            NoPusher => f.write_str("the board has no pusher (`@`, or `+` on a goal)"),
        }
    }
}

impl fmt::Display for TextBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.place(), self.rle_row) {
            (None, _) => write!(f, "{}", Message(&self.kind)),
            (Some((line, column)), None) => {
                write!(f, "{line}:{column}: {}", Message(&self.kind))
            }
            (Some((line, column)), Some(row)) => write!(
                f,
                "{line}: row {row}, column {column} of the decoded run-length text: {}",
                Message(&self.kind)
            ),
        }
    }
}

impl std::error::Error for TextBoardError {}

/// Builds the error of a kind (the kinds carry their places).
fn fail<T>(kind: TextBoardErrorKind) -> Result<T, TextBoardError> {
    Err(TextBoardError::new(kind))
}

/// One row of a level: the line it comes from (from 1), and on a run-length line its
/// row in the decoded text (from 1).
struct Row {
    line: usize,
    rle_row: Option<usize>,
    text: String,
}

impl Row {
    /// The error of `kind` on this row (a run-length row says which row it is).
    fn fail<T>(&self, kind: TextBoardErrorKind) -> Result<T, TextBoardError> {
        Err(TextBoardError {
            kind,
            rle_row: self.rle_row,
        })
    }
}

/// Whether a character stands for something on a Sokoban board: the usual ones and
/// sokoenginepy's alternatives (`p`, `m` pusher, `P`, `M` pusher on a goal, `b` box, `B`
/// box on a goal, `o` goal).
fn is_board_char(c: char) -> bool {
    "#@+$*. -_pmPMbBo".contains(c)
}

/// The level's rows: comment lines dropped, run-length lines (those holding a digit,
/// `(`, `)` or `|`) decoded into their rows, and blank rows before and after the level
/// dropped. A blank line inside is an error; a blank row of run-length text (`||`) is
/// a row of floor.
fn level_rows(text: &str) -> Result<Vec<Row>, TextBoardError> {
    Ok(level(text)?.rows)
}

/// A level's rows and its Sokoban+ orders.
struct Level {
    rows: Vec<Row>,
    /// `boxorder:` and `goalorder:`, each with its line.
    orders: [Option<(usize, String)>; 2],
}

/// `boxorder: IDS` or `goalorder: IDS` (either case, `:` or `=`): which (0 or 1) and
/// the ids.
fn order_line(l: &str) -> Option<(usize, &str)> {
    let t = l.trim_start();
    let lower = t.get(..9).unwrap_or(t).to_ascii_lowercase();
    let (which, rest) = if lower.starts_with("boxorder") {
        (0, &t[8..])
    } else if lower.starts_with("goalorder") {
        (1, &t[9..])
    } else {
        return None;
    };
    let rest = rest.trim_start();
    let ids = rest.strip_prefix(':').or_else(|| rest.strip_prefix('='))?;
    Some((which, ids.trim()))
}

/// The level's rows ([`level_rows`]) and its `boxorder:` and `goalorder:` lines, which
/// may stand anywhere in the file.
fn level(text: &str) -> Result<Level, TextBoardError> {
    let mut rows: Vec<Row> = Vec::new();
    let mut orders: [Option<(usize, String)>; 2] = [None, None];
    for (i, l) in text.lines().enumerate() {
        let (line, l) = (i + 1, l.trim_end_matches('\r'));
        if l.starts_with(';') {
            continue;
        }
        if let Some((which, ids)) = order_line(l) {
            orders[which] = Some((line, ids.to_string()));
            // Keeps the place of the line, blank, so that the level around it stays
            // one piece only if it was.
            rows.push(Row {
                line,
                rle_row: None,
                text: String::new(),
            });
            continue;
        }
        if !l.chars().any(rle::is_rle_char) {
            rows.push(Row {
                line,
                rle_row: None,
                text: l.to_string(),
            });
            continue;
        }
        // Run-length text: every other character must be a board's (so that an
        // unknown one is reported where it is written).
        if let Some((col, found)) = l
            .chars()
            .enumerate()
            .find(|&(_, c)| !rle::is_rle_char(c) && !is_board_char(c))
        {
            return fail(TextBoardErrorKind::UnknownCharacter {
                line,
                column: col + 1,
                found,
            });
        }
        let decoded = rle::decode(l).map_err(|e| {
            TextBoardError::new(TextBoardErrorKind::Rle {
                line,
                column: e.column,
                problem: e.problem,
            })
        })?;
        rows.extend(decoded.into_iter().enumerate().map(|(r, text)| Row {
            line,
            rle_row: Some(r + 1),
            text,
        }));
    }
    let blank = |r: &Row| r.text.trim().is_empty();
    let first = rows.iter().position(blank_not(blank));
    let last = rows.iter().rposition(blank_not(blank));
    let (Some(first), Some(last)) = (first, last) else {
        return fail(TextBoardErrorKind::Empty);
    };
    rows.truncate(last + 1);
    rows.drain(..first);
    if let Some(r) = rows.iter().find(|r| r.rle_row.is_none() && blank(r)) {
        return fail(TextBoardErrorKind::BlankLineInside { line: r.line });
    }
    Ok(Level { rows, orders })
}

fn blank_not(blank: impl Fn(&Row) -> bool) -> impl Fn(&Row) -> bool {
    move |r| !blank(r)
}

/// The size of the level in a text board: (columns, lines), the longest line's length
/// and the number of lines between the first and the last non-blank one.
pub fn level_size(text: &str) -> Result<(usize, usize), TextBoardError> {
    let rows = level_rows(text)?;
    let width = rows
        .iter()
        .map(|r| r.text.trim_end().chars().count())
        .max()
        .unwrap_or(0);
    Ok((width, rows.len()))
}

/// Whether a character is floor (space, `-`, `_`).
fn is_floor(c: char) -> bool {
    matches!(c, ' ' | '-' | '_')
}

/// sokoenginepy's Hexoban text layout, two text columns per hexagon: the rows' cells
/// stand on every other column, each odd row's (from the top, 0 first) half a hexagon
/// (one column) right of the even rows', and the columns between them are floor; an
/// odd row always starts with a floor column (a level whose odd row starts with
/// something else gets one in front of every row). The parity comes from the first
/// non-floor character. The rows cut to their cells (one character each, as the rest
/// of this module reads them), or `None` if the text is not in that layout: two
/// non-floor characters side by side, or one off its row's columns.
fn hexoban_layout(rows: &[Row]) -> Option<Vec<Row>> {
    let chars: Vec<Vec<char>> = rows.iter().map(|r| r.text.chars().collect()).collect();
    let side_by_side = chars
        .iter()
        .any(|l| l.windows(2).any(|w| !is_floor(w[0]) && !is_floor(w[1])));
    if side_by_side {
        return None;
    }
    let shift = chars
        .iter()
        .enumerate()
        .any(|(y, l)| y % 2 == 1 && l.first().is_some_and(|&c| !is_floor(c)));
    let chars: Vec<Vec<char>> = if shift {
        chars
            .into_iter()
            .map(|l| std::iter::once('-').chain(l).collect())
            .collect()
    } else {
        chars
    };
    let (y0, x0) = chars
        .iter()
        .enumerate()
        .find_map(|(y, l)| l.iter().position(|&c| !is_floor(c)).map(|x| (y, x)))?;
    let even = if y0 % 2 == 0 { x0 % 2 } else { (x0 + 1) % 2 };
    let mut out = Vec::with_capacity(rows.len());
    for (y, (row, line)) in rows.iter().zip(&chars).enumerate() {
        let parity = if y % 2 == 0 { even } else { 1 - even };
        let mut text = String::new();
        for (x, &c) in line.iter().enumerate() {
            let cell = x % 2 == parity && !(y % 2 == 1 && x == 0);
            if cell {
                text.push(c);
            } else if !is_floor(c) {
                return None;
            }
        }
        out.push(Row {
            line: row.line,
            rle_row: row.rle_row,
            text,
        });
    }
    Some(out)
}

/// Writes a Hexoban position in sokoenginepy's text layout, two text columns per
/// hexagon (see `hexoban_layout`): each cell after a floor column, each odd row after
/// one more. `None` if the game has no `sokoban` declaration or its board is not
/// `board hex WxH`.
pub fn write_hexoban_layout(game: &Game, pos: &GamePosition) -> Option<String> {
    if !matches!(game.board().kind(), crate::ir::BoardKind::HexRows { .. }) {
        return None;
    }
    let text = write(game, pos)?;
    let mut out = String::new();
    for (y, line) in text.lines().enumerate() {
        if order_line(line).is_some() {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut row = String::new();
        if y % 2 == 1 {
            row.push(' ');
        }
        for c in line.chars() {
            row.push(' ');
            row.push(if c == '-' { ' ' } else { c });
        }
        let row = row.trim_end();
        out.push_str(if row.is_empty() { "-" } else { row });
        out.push('\n');
    }
    Some(out)
}

/// Reads a Sokoban text board into a position of `game`, which must declare
/// `sokoban`. The first side is to move.
pub fn read(game: &Game, text: &str) -> Result<GamePosition, TextBoardError> {
    let Some(roles) = game.sokoban() else {
        return fail(TextBoardErrorKind::NoSokobanRoles);
    };
    let board = game.board();
    let (width, height) = (board.width() as usize, board.height() as usize);
    let Level { rows, orders } = level(text)?;
    let rows = match board.kind() {
        crate::ir::BoardKind::HexRows { .. } => hexoban_layout(&rows).unwrap_or(rows),
        _ => rows,
    };
    let mut pos = GamePosition::empty(game.piece_count(), game.cell_count());
    let mut pushers = 0;
    for (row, r) in rows.iter().enumerate() {
        let line = r.line;
        for (col, ch) in r.text.chars().enumerate() {
            let column = col + 1;
            let (piece, goal) = match ch {
                ' ' | '-' | '_' => continue,
                '#' => (roles.wall.map(Err), false),
                '@' | 'p' | 'm' => (Some(Ok(roles.pusher)), false),
                '+' | 'P' | 'M' => (Some(Ok(roles.pusher)), true),
                '$' | 'b' => (Some(Ok(roles.boxes)), false),
                '*' | 'B' => (Some(Ok(roles.boxes)), true),
                '.' | 'o' => (None, true),
                found => {
                    return r.fail(TextBoardErrorKind::UnknownCharacter {
                        line,
                        column,
                        found,
                    })
                }
            };
            if col >= width || row >= height {
                return r.fail(TextBoardErrorKind::OutsideBoard {
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
                return r.fail(TextBoardErrorKind::OnHole {
                    line,
                    column,
                    found: ch,
                });
            };
            if ch == '#' && roles.wall.is_none() {
                return r.fail(TextBoardErrorKind::WallWithoutPiece {
                    line,
                    column,
                    cell: board.cell_name(cell),
                });
            }
            pushers += usize::from(piece == Some(Ok(roles.pusher)));
            if let Some(Ok(kind) | Err(kind)) = piece {
                // `Err` marks the wall: both are pieces of the first side.
                pos.cells[cell.index()] = Occupant::piece(Side::First, kind);
            }
            pos.goals[cell.index()] = goal;
        }
    }
    if pushers == 0 {
        return fail(TextBoardErrorKind::NoPusher);
    }
    pos.rehash(&game.keys);
    if orders.iter().any(Option::is_some) {
        let text = |i: usize| orders[i].as_ref().map_or("", |(_, t)| t.as_str());
        if let Err(error) = game.set_sokoban_plus(&mut pos, text(0), text(1)) {
            let at = |i: usize| orders[i].as_ref().map(|(l, _)| *l);
            let line = match &error {
                SokobanPlusError::NotAnId { order, .. }
                | SokobanPlusError::TooManyIds { order, .. } => {
                    at(usize::from(*order == "goalorder"))
                }
                _ => at(1).or(at(0)),
            };
            return fail(TextBoardErrorKind::SokobanPlus {
                line: line.unwrap_or(1),
                error,
            });
        }
    }
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
    out.push_str(&orders_text(game, pos));
    Some(out)
}

/// The `boxorder:` and `goalorder:` lines of a Sokoban+ position (empty without).
fn orders_text(game: &Game, pos: &GamePosition) -> String {
    match game.sokoban_plus_orders(pos) {
        Some((b, g)) => format!("boxorder: {b}\ngoalorder: {g}\n"),
        None => String::new(),
    }
}

/// Writes a position as one line of run-length text (sokoenginepy's and the `.sok`
/// format's): the rows of [`write()`] with floor as `-`, each run of two or more equal
/// characters as its count and the character, the rows joined by `|`
/// (`5#|#@$.#|5#`). [`read`] reads it back. `None` if the game has no `sokoban`
/// declaration.
pub fn write_rle(game: &Game, pos: &GamePosition) -> Option<String> {
    let text = write(game, pos)?;
    let rows: Vec<String> = text
        .lines()
        .filter(|l| order_line(l).is_none())
        .map(|r| r.replace(' ', "-"))
        .collect();
    let mut out = rle::encode(rows.iter().map(String::as_str));
    out.push('\n');
    out.push_str(&orders_text(game, pos));
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

/// Whether every box stands on a goal and every goal holds a box (a solved puzzle);
/// with Sokoban+ ids, every goal a box of its id.
pub fn solved(game: &Game, pos: &GamePosition) -> bool {
    let Some(roles) = game.sokoban() else {
        return false;
    };
    let boxed = Occupant::piece(Side::First, roles.boxes);
    let placed = (0..game.cell_count()).all(|i| (pos.cells[i] == boxed) == pos.goals[i]);
    placed
        && pos.plus.as_ref().map_or(true, |p| {
            (0..game.cell_count()).all(|i| !pos.goals[i] || p.boxes[i] == p.goals[i])
        })
}
