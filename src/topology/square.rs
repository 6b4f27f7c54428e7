//! Square boards: W×H cells (up to 26×26), files a.. and ranks 1.., optional holes.
//!
//! Cell ids are dense over the non-hole cells, rank-major from a1 (a1, b1, ..., a2, ...).

use super::{coord_name, parse_coord, MAX_SIDE};
use crate::ids::CellId;
use crate::ir::Coord;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareBoard {
    width: u8,
    height: u8,
    /// `y * width + x` → cell id, `None` for holes.
    grid: Vec<Option<CellId>>,
    /// cell id → coordinate.
    coords: Vec<Coord>,
}

impl SquareBoard {
    /// `width` and `height` are clamped to 1..=26; holes off the board are ignored.
    pub fn new(width: u8, height: u8, holes: &[Coord]) -> SquareBoard {
        let width = width.clamp(1, MAX_SIDE);
        let height = height.clamp(1, MAX_SIDE);
        let mut grid = Vec::with_capacity(width as usize * height as usize);
        let mut coords = Vec::new();
        for y in 0..height as i16 {
            for x in 0..width as i16 {
                let c = Coord { x, y };
                if holes.contains(&c) {
                    grid.push(None);
                } else {
                    grid.push(Some(CellId(coords.len() as u16)));
                    coords.push(c);
                }
            }
        }
        SquareBoard {
            width,
            height,
            grid,
            coords,
        }
    }

    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    pub fn cell_count(&self) -> usize {
        self.coords.len()
    }

    pub fn hole_count(&self) -> usize {
        self.grid.len() - self.coords.len()
    }

    pub fn coord(&self, cell: CellId) -> Coord {
        self.coords[cell.index()]
    }

    pub fn cell_at(&self, c: Coord) -> Option<CellId> {
        if c.x < 0 || c.y < 0 || c.x >= self.width as i16 || c.y >= self.height as i16 {
            return None;
        }
        self.grid[c.y as usize * self.width as usize + c.x as usize]
    }

    pub fn cell_name(&self, cell: CellId) -> String {
        match self.coords.get(cell.index()) {
            Some(&c) => coord_name(c),
            None => format!("#{}", cell.0),
        }
    }

    pub fn parse_cell(&self, name: &str) -> Option<CellId> {
        self.cell_at(parse_coord(name)?)
    }

    pub fn describe(&self) -> String {
        match self.hole_count() {
            0 => format!("square {}x{}", self.width, self.height),
            1 => format!("square {}x{}, 1 hole", self.width, self.height),
            n => format!("square {}x{}, {n} holes", self.width, self.height),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_rank_major_and_skip_holes() {
        let b = SquareBoard::new(3, 2, &[Coord { x: 1, y: 0 }]);
        assert_eq!(b.cell_count(), 5);
        assert_eq!(b.parse_cell("a1"), Some(CellId(0)));
        assert_eq!(b.parse_cell("b1"), None);
        assert_eq!(b.parse_cell("c1"), Some(CellId(1)));
        assert_eq!(b.parse_cell("a2"), Some(CellId(2)));
        assert_eq!(b.cell_name(CellId(4)), "c2");
        assert_eq!(b.parse_cell("d1"), None);
        assert_eq!(b.parse_cell("a0"), None);
        assert_eq!(b.parse_cell("a3"), None);
    }

    #[test]
    fn big_boards_have_two_digit_ranks() {
        let b = SquareBoard::new(26, 26, &[]);
        assert_eq!(b.cell_count(), 676);
        let z26 = b.parse_cell("z26").unwrap();
        assert_eq!(b.cell_name(z26), "z26");
        assert_eq!(
            b.parse_cell("a10").map(|c| b.coord(c)),
            Some(Coord { x: 0, y: 9 })
        );
        assert_eq!(b.parse_cell("a01"), None);
        assert_eq!(b.parse_cell("A1"), None);
    }
}
