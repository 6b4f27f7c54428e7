//! Boards: the set of cells with dense ids, their coordinates and names, and how a
//! step vector moves from one cell to another.
//!
//! Owns geometry only (no pieces, no occupancy). The linker asks a [`Board`] where a
//! vector leads from a coordinate; the walk never sees coordinates. Square boards
//! (W×H with optional holes) live in [`square`]; other tilings come later behind the
//! same interface.

pub mod square;

use crate::ids::CellId;
use crate::ir::{BoardSpec, Coord, Vector};

pub use square::SquareBoard;

/// The largest board side the square topology accepts (files are the letters a..z).
pub const MAX_SIDE: u8 = 26;

/// A linked board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    Square(SquareBoard),
}

impl Board {
    /// Builds the board a checked rules file declares.
    pub fn from_spec(spec: &BoardSpec) -> Board {
        match spec {
            BoardSpec::Square {
                width,
                height,
                holes,
                ..
            } => Board::Square(SquareBoard::new(*width, *height, holes)),
        }
    }

    pub fn cell_count(&self) -> usize {
        match self {
            Board::Square(b) => b.cell_count(),
        }
    }

    pub fn cells(&self) -> impl Iterator<Item = CellId> {
        (0..self.cell_count() as u16).map(CellId)
    }

    pub fn width(&self) -> u8 {
        match self {
            Board::Square(b) => b.width(),
        }
    }

    pub fn height(&self) -> u8 {
        match self {
            Board::Square(b) => b.height(),
        }
    }

    pub fn coord(&self, cell: CellId) -> Coord {
        match self {
            Board::Square(b) => b.coord(cell),
        }
    }

    /// The cell at a coordinate; `None` off the board or in a hole.
    pub fn cell_at(&self, c: Coord) -> Option<CellId> {
        match self {
            Board::Square(b) => b.cell_at(c),
        }
    }

    /// The coordinate one step of `v` from `c` (may be off the board).
    pub fn offset(&self, c: Coord, v: Vector) -> Coord {
        Coord {
            x: c.x + v.dx as i16,
            y: c.y + v.dy as i16,
        }
    }

    /// `a1`, `j10`, ...
    pub fn cell_name(&self, cell: CellId) -> String {
        match self {
            Board::Square(b) => b.cell_name(cell),
        }
    }

    /// Parses a cell name; `None` if malformed, off the board or a hole.
    pub fn parse_cell(&self, name: &str) -> Option<CellId> {
        match self {
            Board::Square(b) => b.parse_cell(name),
        }
    }

    /// Mirrors a coordinate top to bottom: the second side's view of the first side's
    /// coordinate.
    pub fn mirror(&self, c: Coord) -> Coord {
        Coord {
            x: c.x,
            y: self.height() as i16 - 1 - c.y,
        }
    }

    /// The centre of a cell in drawing units (one unit = one cell width on a square
    /// board), x to the right, y up (the first side's view).
    pub fn center(&self, cell: CellId) -> (f64, f64) {
        match self {
            Board::Square(b) => {
                let c = b.coord(cell);
                (c.x as f64 + 0.5, c.y as f64 + 0.5)
            }
        }
    }

    /// The outline of a cell as a closed polygon (first point not repeated), in the
    /// same units as [`Board::center`], counter-clockwise.
    pub fn outline(&self, cell: CellId) -> Vec<(f64, f64)> {
        match self {
            Board::Square(b) => {
                let c = b.coord(cell);
                let (x, y) = (c.x as f64, c.y as f64);
                vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
            }
        }
    }

    /// Links to draw between cells (graph boards draw their links; tilings draw
    /// nothing here since their cells touch). Each undirected link once.
    pub fn drawn_links(&self) -> Vec<(CellId, CellId)> {
        match self {
            Board::Square(_) => Vec::new(),
        }
    }

    /// A one-line description, e.g. `square 8x8` or `square 9x10, 2 holes`.
    pub fn describe(&self) -> String {
        match self {
            Board::Square(b) => b.describe(),
        }
    }
}

/// Parses `a1`-style coordinates without a board: file letters a..z, rank 1.. .
/// Returns the coordinate even if it is off any particular board.
pub fn parse_coord(name: &str) -> Option<Coord> {
    let bytes = name.as_bytes();
    let (&f, rest) = bytes.split_first()?;
    if !f.is_ascii_lowercase() || rest.is_empty() || rest.len() > 3 {
        return None;
    }
    if !rest.iter().all(u8::is_ascii_digit) || rest[0] == b'0' {
        return None;
    }
    let rank: i16 = std::str::from_utf8(rest).ok()?.parse().ok()?;
    Some(Coord {
        x: (f - b'a') as i16,
        y: rank - 1,
    })
}

/// The name of a coordinate: `a1`, `z26`.
pub fn coord_name(c: Coord) -> String {
    if (0..26).contains(&c.x) && c.y >= 0 {
        format!("{}{}", (b'a' + c.x as u8) as char, c.y + 1)
    } else {
        format!("({},{})", c.x, c.y)
    }
}
