//! Tri boards (Trioban): triangles alternating up and down on a W×H grid. A cell
//! points down when `(column + row % 2) % 2 == 0`, rows counted from the top (row 0
//! is the first line of a text board), so the top-left triangle points down.
//!
//! Six step directions, as Trioban's pusher moves: right and left go to the next
//! triangle in the row; up-right and up-left cross the top edge of a down-pointing
//! triangle (to the cell above) and the slanted edges of an up-pointing one (to the
//! right or left neighbour); down-right and down-left cross the slanted edges of a
//! down-pointing triangle (right or left) and the bottom edge of an up-pointing one
//! (to the cell below). Two directions may thus lead to the same neighbour (the
//! board is a multigraph, as in Trioban). A direction `k` times a unit takes `k`
//! steps, each onto a cell.

use super::Board;
use crate::ids::CellId;
use crate::ir::{Coord, Vector};

/// Whether the cell at `c` points down.
pub fn points_down(board: &Board, c: Coord) -> bool {
    (c.x + board.row_from_top(c).rem_euclid(2)).rem_euclid(2) == 0
}

/// One unit step (in the hex-rows basis: (1,0) right, (0,1) up-right, (-1,1)
/// up-left, and their opposites).
fn unit_step(board: &Board, c: Coord, u: (i8, i8)) -> Option<Coord> {
    let down = points_down(board, c);
    let (dx, dy) = match (u, down) {
        ((1, 0), _) => (1, 0),
        ((-1, 0), _) => (-1, 0),
        ((0, 1), true) | ((-1, 1), true) => (0, 1),
        ((0, 1), false) => (1, 0),
        ((-1, 1), false) => (-1, 0),
        ((1, -1), true) => (1, 0),
        ((0, -1), true) => (-1, 0),
        ((1, -1), false) | ((0, -1), false) => (0, -1),
        _ => return None,
    };
    Some(Coord {
        x: c.x + dx,
        y: c.y + dy,
    })
}

pub fn step(board: &Board, c: Coord, v: Vector) -> Option<CellId> {
    let k = v.dx.unsigned_abs().max(v.dy.unsigned_abs()) as i8;
    if k == 0 || v.dx % k != 0 || v.dy % k != 0 {
        return None;
    }
    let u = (v.dx / k, v.dy / k);
    let mut at = c;
    let mut cell = None;
    for _ in 0..k {
        at = unit_step(board, at, u)?;
        cell = Some(board.cell_at(at)?);
    }
    cell
}

const S3: f64 = 0.866_025_403_784_438_6; // √3 / 2

/// Triangles with unit sides: cell `x` of a row spans x/2 .. x/2 + 1; the centre is
/// the centroid.
pub fn center(board: &Board, c: Coord) -> (f64, f64) {
    let cx = c.x as f64 * 0.5 + 0.5;
    let base = c.y as f64 * S3;
    let cy = if points_down(board, c) {
        base + S3 * 2.0 / 3.0
    } else {
        base + S3 / 3.0
    };
    (cx, cy)
}

pub fn outline(board: &Board, c: Coord, cx: f64) -> Vec<(f64, f64)> {
    let base = c.y as f64 * S3;
    if points_down(board, c) {
        vec![(cx, base), (cx + 0.5, base + S3), (cx - 0.5, base + S3)]
    } else {
        vec![(cx - 0.5, base), (cx + 0.5, base), (cx, base + S3)]
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::BoardKind;
    use crate::topology::{Board, Geometry};

    fn board(w: u8, h: u8) -> Board {
        Board::of_kind(BoardKind::Tri {
            width: w,
            height: h,
        })
        .unwrap()
    }

    #[test]
    fn two_by_two_has_twelve_links() {
        // Top row (rank 2): a2 points down, b2 up; bottom row: a1 up, b1 down.
        let b = board(2, 2);
        let dirs = Geometry::Tri.word("any").unwrap();
        let count = |n: &str| b.neighbours(b.parse_cell(n).unwrap(), &dirs).len();
        // a2 (down): right → b2, down-right → b2.
        assert_eq!(count("a2"), 2);
        // b2 (up): left → a2, up-left → a2, down-left and down-right → b1.
        assert_eq!(count("b2"), 4);
        // a1 (up): right → b1, up-right → b1.
        assert_eq!(count("a1"), 2);
        // b1 (down): left → a1, down-left → a1, up-left and up-right → b2.
        assert_eq!(count("b1"), 4);
        let total: usize = b.cells().map(|c| b.neighbours(c, &dirs).len()).sum();
        assert_eq!(total, 12);
    }

    #[test]
    fn rides_zigzag_along_a_line() {
        let b = board(6, 4);
        let up_right = crate::ir::Vector::new(0, 1);
        // a1: column 0, row 3 from the top → points up; up-right goes b1 (down), then
        // above to b2 (up), then c2, c3, d3, d4, e4.
        let mut at = b.parse_cell("a1").unwrap();
        let mut seen = vec![];
        while let Some(n) = b.step(at, up_right) {
            seen.push(b.cell_name(n));
            at = n;
        }
        assert_eq!(seen, ["b1", "b2", "c2", "c3", "d3", "d4", "e4"]);
        // Two unit steps at once land where two single steps do.
        let a1 = b.parse_cell("a1").unwrap();
        assert_eq!(
            b.step(a1, crate::ir::Vector::new(0, 2))
                .map(|c| b.cell_name(c)),
            Some("b2".to_string())
        );
    }
}
