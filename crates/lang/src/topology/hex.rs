//! Hex boards, two shapes:
//!
//! - **Hexagon boards** (`hex radius N`, Gliński's board is radius 5): flat-topped
//!   cells in 2N+1 vertical files named a.. without `j` (a b c d e f g h i k l on
//!   Gliński's board); file `x` has 2N+1-|x-N| cells, rank 1 at its bottom. The
//!   bottom edge runs down from a1 to the centre file's rank 1 and up again.
//! - **Boards of rows** (`hex WxH`, Hexoban): pointy-topped cells in H rows of W;
//!   rows counted from the top (row 0 is the first line of a text board), odd rows
//!   shifted right by half a cell. Cells are named a1.. like a square board (a1 at the
//!   bottom left).
//!
//! Steps use doubled coordinates, where the hex lattice is a plain integer lattice:
//! for files (X, Y2) = (file, 2·rank + |file-N|) and a direction (a, b) adds
//! (a, a + 2b); for rows (X2, Y) = (2·column + shift, rank) and (a, b) adds
//! (2a + b, b). See [`super::geometry`] for the direction basis.

use super::Board;
use crate::ir::{Coord, Vector};

/// File letters of hexagon boards: the alphabet without `j`.
const FILES: &[u8] = b"abcdefghiklmnopqrstuvwxyz";

/// Whether a grid coordinate is a cell of the hexagon of radius `r`.
pub fn hexagon_has(r: u8, c: Coord) -> bool {
    let r = r as i16;
    c.x >= 0 && c.x <= 2 * r && c.y >= 0 && c.y < 2 * r + 1 - (c.x - r).abs()
}

pub fn file_name(x: i16) -> Option<&'static str> {
    let i = usize::try_from(x).ok()?;
    FILES
        .get(i)
        .map(|b| std::str::from_utf8(std::slice::from_ref(b)).unwrap_or("?"))
}

/// `f6` → file 5, rank index 5 (files skip `j`).
pub fn parse_name(name: &str) -> Option<Coord> {
    let bytes = name.as_bytes();
    let (&f, rest) = bytes.split_first()?;
    let x = FILES.iter().position(|&b| b == f)? as i16;
    let mut c = super::parse_coord(&format!("a{}", std::str::from_utf8(rest).ok()?))?;
    c.x = x;
    Some(c)
}

/// The doubled vertical coordinate of a hexagon-board cell.
fn doubled_y(r: u8, c: Coord) -> i16 {
    2 * c.y + (c.x - r as i16).abs()
}

/// The coordinate one step of `v` from `c` on the hexagon of radius `r`.
pub fn hexagon_offset(r: u8, c: Coord, v: Vector) -> Option<Coord> {
    let x = c.x + v.dx as i16;
    let y2 = doubled_y(r, c) + v.dx as i16 + 2 * v.dy as i16;
    let twice = y2 - (x - r as i16).abs();
    (twice % 2 == 0).then_some(Coord { x, y: twice / 2 })
}

/// The second side's view: the same file, ranks counted from its top.
pub fn hexagon_mirror(r: u8, c: Coord) -> Coord {
    let len = 2 * r as i16 + 1 - (c.x - r as i16).abs();
    Coord {
        x: c.x,
        y: len - 1 - c.y,
    }
}

const S3: f64 = 0.866_025_403_784_438_6; // √3 / 2

/// Flat-topped cells one unit high, files √3/2 apart.
pub fn hexagon_center(r: u8, c: Coord) -> (f64, f64) {
    (c.x as f64 * S3 + 0.6, doubled_y(r, c) as f64 * 0.5 + 0.5)
}

/// Whether the row of `c` is shifted right (odd rows from the top).
fn shifted(board: &Board, c: Coord) -> i16 {
    board.row_from_top(c).rem_euclid(2)
}

pub fn rows_offset(board: &Board, c: Coord, v: Vector) -> Option<Coord> {
    let x2 = 2 * c.x + shifted(board, c) + 2 * v.dx as i16 + v.dy as i16;
    let to = Coord {
        x: 0,
        y: c.y + v.dy as i16,
    };
    let twice = x2 - shifted(board, to);
    (twice % 2 == 0).then_some(Coord {
        x: twice.div_euclid(2),
        y: to.y,
    })
}

/// The colour of a hexagon-board cell: three colours, no two neighbours alike, the
/// centre medium and the colours going light, dark, medium up a file (Gliński's board:
/// f6 medium, f1 light, f11 dark; 30 light, 30 dark, 31 medium). On the doubled
/// lattice a step up a file adds 2 to Y2 and a step to a neighbouring file 1, so
/// 2·(Y2 − Y2 of the centre) mod 3 is a proper colouring.
pub fn hexagon_colour(r: u8, c: Coord) -> super::CellColour {
    let k = (2 * (doubled_y(r, c) - 2 * r as i16)).rem_euclid(3);
    [
        super::CellColour::Medium,
        super::CellColour::Light,
        super::CellColour::Dark,
    ][k as usize]
}

/// The colour of a cell of a board of rows: three colours, no two neighbours alike,
/// a1 dark (as on a chessboard), light and medium following to its right. On the
/// doubled lattice a step right adds 2 to X2 and a step to the row above or below ±1,
/// so X2 mod 3 is a proper colouring.
pub fn rows_colour(board: &Board, c: Coord) -> super::CellColour {
    let x2 = |c: Coord| 2 * c.x + shifted(board, c);
    let k = (x2(c) - x2(Coord { x: 0, y: 0 })).rem_euclid(3);
    [
        super::CellColour::Dark,
        super::CellColour::Medium,
        super::CellColour::Light,
    ][k as usize]
}

/// Pointy-topped cells one unit wide, rows √3/2 apart.
pub fn rows_center(board: &Board, c: Coord) -> (f64, f64) {
    (
        c.x as f64 + 0.5 * shifted(board, c) as f64 + 0.5,
        c.y as f64 * S3 + 0.6,
    )
}

/// A regular hexagon around a centre: flat-topped (files) or pointy-topped (rows).
pub fn outline(flat: bool, cx: f64, cy: f64) -> Vec<(f64, f64)> {
    let radius = 1.0 / 3f64.sqrt();
    let start = if flat { 0.0 } else { 30.0 };
    (0..6)
        .map(|k| {
            let a = (start + 60.0 * k as f64).to_radians();
            (cx + radius * a.cos(), cy + radius * a.sin())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::ir::{BoardKind, Vector};
    use crate::topology::{Board, Geometry};

    fn board(kind: BoardKind) -> Board {
        Board::of_kind(kind).unwrap()
    }

    fn names(b: &Board, from: &str, dirs: &[Vector]) -> Vec<String> {
        let c = b.parse_cell(from).unwrap();
        let mut v: Vec<String> = b
            .neighbours(c, dirs)
            .into_iter()
            .map(|(_, n)| b.cell_name(n))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn glinski_board() {
        let b = board(BoardKind::Hex { radius: 5 });
        assert_eq!(b.cell_count(), 91);
        assert!(b.parse_cell("j1").is_none());
        assert!(b.parse_cell("a6").is_some() && b.parse_cell("a7").is_none());
        assert!(b.parse_cell("f11").is_some() && b.parse_cell("l6").is_some());
        assert_eq!(b.cell_name(b.parse_cell("k3").unwrap()), "k3");
        let g = Geometry::Hex { columns: true };
        let orth = g.word("orthogonal").unwrap();
        let diag = g.word("diagonal").unwrap();
        // The centre's six neighbours across edges and six across corners.
        assert_eq!(names(&b, "f6", &orth), ["e5", "e6", "f5", "f7", "g5", "g6"]);
        assert_eq!(names(&b, "f6", &diag), ["d5", "e4", "e7", "g4", "g7", "h5"]);
        // Corners: a1 has three edge neighbours (a2, b1, b2) and two across corners.
        assert_eq!(names(&b, "a1", &orth), ["a2", "b1", "b2"]);
        assert_eq!(names(&b, "a1", &diag), ["b3", "c2"]);
        // Bottom of the centre file: f1 touches e1, g1 and f2.
        assert_eq!(names(&b, "f1", &orth), ["e1", "f2", "g1"]);
        let links: usize = b.cells().map(|c| b.neighbours(c, &orth).len()).sum();
        assert_eq!(links, 2 * hex_edges(5));
    }

    /// Undirected edges of a hexagon of hexagons of radius r: each of the
    /// 3r(r+1)+1 cells has six edge slots, the rim's 6r cells leave 2·6r - 6 of them
    /// unused... simpler: three edges per cell, less those crossing the rim, 6r+3:
    /// 3(3r²+3r+1) - (6r+3) = 9r² + 3r (r = 1: 12 edges among 7 cells).
    fn hex_edges(r: usize) -> usize {
        9 * r * r + 3 * r
    }

    #[test]
    fn hexoban_rows() {
        // 3×3, rows from the top: row 0 (rank 3) unshifted, row 1 (rank 2) shifted
        // right, row 2 (rank 1) unshifted.
        let b = board(BoardKind::HexRows {
            width: 3,
            height: 3,
        });
        let orth = Geometry::Hex { columns: false }.word("orthogonal").unwrap();
        // b2 (shifted row) touches a2, c2, and b3, c3 above, b1, c1 below.
        assert_eq!(names(&b, "b2", &orth), ["a2", "b1", "b3", "c1", "c2", "c3"]);
        // a3 (unshifted top row) touches b3 and a2 (below right); its below-left is
        // off the board.
        assert_eq!(names(&b, "a3", &orth), ["a2", "b3"]);
        // 2×2: a2 (row 0) touches b2 and a1; b2 touches a2, a1 and b1; a1 (row 1,
        // shifted) touches b1, a2, b2; b1 touches a1, b2: 10 directed links.
        let b = board(BoardKind::HexRows {
            width: 2,
            height: 2,
        });
        let links: usize = b.cells().map(|c| b.neighbours(c, &orth).len()).sum();
        assert_eq!(links, 10);
    }
}
