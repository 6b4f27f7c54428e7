//! Octo boards (Octoban): octagons and squares alternating on a W×H grid. A cell is an
//! octagon when `(column + row % 2) % 2 == 0`, rows counted from the top (row 0 is the
//! first line of a text board); squares fill the gaps. Every cell has its orthogonal
//! neighbours; only octagons have diagonal ones (the next octagons along the
//! diagonals). A leap that is not a diagonal line is a plain offset from any cell.

use super::Board;
use crate::ids::CellId;
use crate::ir::{Coord, Vector};

/// Whether the cell at `c` is an octagon.
pub fn is_octagon(board: &Board, c: Coord) -> bool {
    (c.x + board.row_from_top(c).rem_euclid(2)).rem_euclid(2) == 0
}

pub fn step(board: &Board, c: Coord, v: Vector) -> Option<CellId> {
    let diagonal = v.dx != 0 && v.dx.abs() == v.dy.abs();
    if diagonal && !is_octagon(board, c) {
        return None;
    }
    board.cell_at(super::square::offset(c, v))
}

/// Octagons with an edge towards each neighbour, squares in the gaps between four
/// octagons (one unit between neighbouring centres).
pub fn outline(board: &Board, c: Coord, cx: f64, cy: f64) -> Vec<(f64, f64)> {
    let apothem_oct = std::f64::consts::FRAC_1_SQRT_2;
    if is_octagon(board, c) {
        let r = apothem_oct / (std::f64::consts::PI / 8.0).cos();
        (0..8)
            .map(|k| {
                let a = (22.5 + 45.0 * k as f64).to_radians();
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect()
    } else {
        let h = 1.0 - apothem_oct;
        vec![
            (cx - h, cy - h),
            (cx + h, cy - h),
            (cx + h, cy + h),
            (cx - h, cy + h),
        ]
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{BoardKind, Vector};
    use crate::topology::Board;

    fn board(w: u8, h: u8) -> Board {
        Board::of_kind(BoardKind::Octo {
            width: w,
            height: h,
        })
        .unwrap()
    }

    const ANY: [Vector; 8] = Vector::RING;

    #[test]
    fn only_octagons_step_diagonally() {
        // 2×2: the top-left cell (a2: column 0, row 0 from the top) is an octagon, so
        // is b1; a1 and b2 are squares.
        let b = board(2, 2);
        let count = |n: &str| b.neighbours(b.parse_cell(n).unwrap(), &ANY).len();
        assert_eq!(count("a2"), 3); // b2, a1 and diagonally b1
        assert_eq!(count("b1"), 3);
        assert_eq!(count("a1"), 2);
        assert_eq!(count("b2"), 2);
        let total: usize = b.cells().map(|c| b.neighbours(c, &ANY).len()).sum();
        assert_eq!(total, 10);
    }

    #[test]
    fn interior_cells() {
        let b = board(5, 5);
        // c3: column 2, row 2 from the top → octagon with 8 neighbours.
        let c3 = b.parse_cell("c3").unwrap();
        assert_eq!(b.neighbours(c3, &ANY).len(), 8);
        let d3 = b.parse_cell("d3").unwrap();
        assert_eq!(b.neighbours(d3, &ANY).len(), 4);
        // A diagonal ride from an octagon stays on octagons.
        let a1 = b.parse_cell("a1").unwrap();
        let mut at = a1;
        let mut seen = vec![];
        while let Some(n) = b.step(at, Vector::new(1, 1)) {
            seen.push(b.cell_name(n));
            at = n;
        }
        assert_eq!(seen, ["b2", "c3", "d4", "e5"]);
    }
}
