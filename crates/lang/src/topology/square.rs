//! Square boards: W×H cells (up to 26×26), files a.. and ranks 1.., optional holes.
//! A step adds the vector to the coordinate.
//!
//! Cell ids are dense over the non-hole cells, rank-major from a1 (a1, b1, ..., a2, ...),
//! as on every grid topology.

use crate::ir::{Coord, Vector};

/// The coordinate one step of `v` from `c` (may be off the board).
pub fn offset(c: Coord, v: Vector) -> Coord {
    Coord {
        x: c.x + v.dx as i16,
        y: c.y + v.dy as i16,
    }
}

/// A unit square around a centre.
pub fn outline(cx: f64, cy: f64) -> Vec<(f64, f64)> {
    vec![
        (cx - 0.5, cy - 0.5),
        (cx + 0.5, cy - 0.5),
        (cx + 0.5, cy + 0.5),
        (cx - 0.5, cy + 0.5),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use crate::ids::CellId;
    use crate::ir::{Coord, Vector};

    #[test]
    fn ids_are_rank_major_and_skip_holes() {
        let b = Board::square(3, 2, &[Coord { x: 1, y: 0 }]);
        assert_eq!(b.cell_count(), 5);
        assert_eq!(b.parse_cell("a1"), Some(CellId(0)));
        assert_eq!(b.parse_cell("b1"), None);
        assert_eq!(b.parse_cell("c1"), Some(CellId(1)));
        assert_eq!(b.parse_cell("a2"), Some(CellId(2)));
        assert_eq!(b.cell_name(CellId(4)), "c2");
        assert_eq!(b.parse_cell("d1"), None);
        assert_eq!(b.parse_cell("a0"), None);
        assert_eq!(b.parse_cell("a3"), None);
        assert_eq!(b.describe(), "square 3x2, 1 hole");
    }

    #[test]
    fn big_boards_have_two_digit_ranks() {
        let b = Board::square(26, 26, &[]);
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

    /// A 2×2 Sokoban board: four cells, each with two orthogonal neighbours.
    #[test]
    fn two_by_two_has_eight_orthogonal_links() {
        let b = Board::square(2, 2, &[]);
        let orth = [
            Vector::new(1, 0),
            Vector::new(-1, 0),
            Vector::new(0, 1),
            Vector::new(0, -1),
        ];
        let links: usize = b.cells().map(|c| b.neighbours(c, &orth).len()).sum();
        assert_eq!(links, 8);
        let a1 = b.parse_cell("a1").unwrap();
        let names: Vec<String> = b
            .neighbours(a1, &orth)
            .into_iter()
            .map(|(_, n)| b.cell_name(n))
            .collect();
        assert_eq!(names, ["b1", "a2"]);
    }
}
