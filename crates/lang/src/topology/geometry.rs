//! Directions per topology: what the direction words mean, the symmetric images of a
//! vector, relative turns, the second side's mirror image and the angle of a vector.
//!
//! A direction is an [`ir::Vector`](crate::ir::Vector) read in the topology's own
//! lattice basis:
//! - square and octo boards, and graph boards on a square lattice: `(dx, dy)` with `dx`
//!   to the right and `dy` forward;
//! - free graph boards (links on no lattice, [`super::graph`]): the eight unit
//!   headings, and `orthogonal`/`diagonal` as wildcards for every link or diagonal of
//!   a node ([`super::graph::bearing`]);
//! - hex boards: `(a, b)` = `a` steps along the first orthogonal direction at or above
//!   0° (30° on hexagon boards with vertical files, 0° on boards of rows) plus `b`
//!   steps along the orthogonal 60° further counter-clockwise; so `(1,0)` and `(0,1)`
//!   are orthogonal steps, `(1,1)` a diagonal one, `(1,2)` a knight's leap, and the
//!   twelve symmetries of the hexagon give every vector its images;
//! - tri boards: the six Trioban step directions, in the basis of hex boards of rows
//!   (`(1,0)` right, `(0,1)` up-right at 60°), and their multiples.
//!
//! Owns no cells: stepping from a cell is the board's business ([`super::Board::step`]).

use crate::ir::Vector;
use std::collections::BTreeSet;

/// How a board's directions behave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Geometry {
    /// Square and octo boards: the eight king lines, any vector, 45° turns.
    Square,
    /// Hex boards; `columns` for hexagon boards (vertical files, flat-topped cells),
    /// else rows of pointy-topped cells.
    Hex {
        /// Hexagon boards: vertical files of flat-topped cells.
        columns: bool,
    },
    /// Triangle boards: six step directions, 60° turns.
    Tri,
    /// Graph boards whose links lie on no square or hex lattice (a lattice graph has
    /// the lattice's geometry): every link, every diagonal, eight unit headings, 45°
    /// turns.
    Graph,
}

/// The twelve hex unit directions in counter-clockwise order from the first
/// orthogonal direction: orthogonal (even index) and diagonal (odd index) alternate.
const HEX_RING: [(i8, i8); 12] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 2),
    (-1, 1),
    (-2, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -2),
    (1, -1),
    (2, -1),
];

/// The square direction words (first side's view).
const SQUARE_WORDS: &[(&str, &[(i8, i8)])] = &[
    ("orthogonal", &[(0, 1), (0, -1), (1, 0), (-1, 0)]),
    ("diagonal", &[(1, 1), (1, -1), (-1, 1), (-1, -1)]),
    (
        "any",
        &[
            (0, 1),
            (0, -1),
            (1, 0),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ],
    ),
    ("forward", &[(0, 1)]),
    ("backward", &[(0, -1)]),
    ("left", &[(-1, 0)]),
    ("right", &[(1, 0)]),
    ("sideways", &[(-1, 0), (1, 0)]),
    ("forward-diagonal", &[(-1, 1), (1, 1)]),
    ("backward-diagonal", &[(-1, -1), (1, -1)]),
    ("forward-left", &[(-1, 1)]),
    ("forward-right", &[(1, 1)]),
    ("backward-left", &[(-1, -1)]),
    ("backward-right", &[(1, -1)]),
];

/// Every absolute direction word, in the order the language reference lists them.
pub const WORDS: [&str; 14] = [
    "orthogonal",
    "diagonal",
    "any",
    "forward",
    "backward",
    "left",
    "right",
    "sideways",
    "forward-diagonal",
    "backward-diagonal",
    "forward-left",
    "forward-right",
    "backward-left",
    "backward-right",
];

impl Geometry {
    /// The board word used in messages: `square`, `hex`, `tri`, `graph`.
    pub fn name(self) -> &'static str {
        match self {
            Geometry::Square => "square",
            Geometry::Hex { .. } => "hex",
            Geometry::Tri => "tri",
            Geometry::Graph => "graph",
        }
    }

    /// The angle of the first basis vector `(1,0)`, in degrees.
    fn base_angle(self) -> i16 {
        match self {
            Geometry::Hex { columns: true } => 30,
            _ => 0,
        }
    }

    /// The smallest relative turn, in degrees.
    pub fn turn_unit(self) -> i16 {
        match self {
            Geometry::Square | Geometry::Graph => 45,
            Geometry::Hex { .. } => 30,
            Geometry::Tri => 60,
        }
    }

    /// Turns by multiples of this angle are defined for every vector; other multiples
    /// of [`Geometry::turn_unit`] only along the unit lines.
    pub fn exact_turn(self) -> i16 {
        match self {
            Geometry::Square => 90,
            Geometry::Graph => 45,
            Geometry::Hex { .. } | Geometry::Tri => 60,
        }
    }

    /// The vectors of a direction word (first side's view). `None` if the word is not
    /// a direction word; `Some(empty)` if the word names no direction on this board
    /// (e.g. `diagonal` on a tri board).
    pub fn word(self, word: &str) -> Option<Vec<Vector>> {
        if !WORDS.contains(&word) {
            return None;
        }
        if self == Geometry::Graph {
            use super::graph::bearing::{vector, DIAGONALS, LINKS};
            match word {
                "orthogonal" => return Some(vec![vector(LINKS)]),
                "diagonal" => return Some(vec![vector(DIAGONALS)]),
                "any" => return Some(vec![vector(LINKS), vector(DIAGONALS)]),
                _ => {}
            }
        }
        match self {
            Geometry::Square | Geometry::Graph => SQUARE_WORDS
                .iter()
                .find(|(n, _)| *n == word)
                .map(|(_, vs)| vs.iter().map(|&(x, y)| Vector::new(x, y)).collect()),
            Geometry::Hex { .. } | Geometry::Tri => {
                let base = self.base_angle();
                let tri = self == Geometry::Tri;
                let out = HEX_RING
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| !(tri && i % 2 == 1))
                    .filter(|&(i, _)| {
                        let a = (base + 30 * i as i16).rem_euclid(360);
                        let orth = i % 2 == 0;
                        match word {
                            "orthogonal" => orth,
                            "diagonal" => !orth,
                            "any" => true,
                            "forward" => a == 90,
                            "backward" => a == 270,
                            "right" => a == 0,
                            "left" => a == 180,
                            "sideways" => a == 0 || a == 180,
                            "forward-diagonal" => !orth && a > 0 && a < 180 && a != 90,
                            "backward-diagonal" => !orth && a > 180 && a != 270,
                            "forward-left" => orth && a > 90 && a < 180,
                            "forward-right" => orth && a > 0 && a < 90,
                            "backward-left" => orth && a > 180 && a < 270,
                            "backward-right" => orth && a > 270,
                            _ => false,
                        }
                    })
                    .map(|(_, &(x, y))| Vector::new(x, y))
                    .collect();
                Some(out)
            }
        }
    }

    /// Whether a vector may be written on this board; `Err` says why not.
    pub fn admits(self, v: Vector) -> Result<(), &'static str> {
        match self {
            Geometry::Square | Geometry::Hex { .. } => Ok(()),
            Geometry::Graph => {
                if v.dx.abs() <= 1 && v.dy.abs() <= 1 {
                    Ok(())
                } else {
                    Err("a graph board whose links lie on no square or hex lattice only steps to neighbours: use orthogonal and diagonal unit steps, and several legs for longer moves")
                }
            }
            Geometry::Tri => {
                if hex_ring_index(v).is_some_and(|(i, _)| i % 2 == 0) {
                    Ok(())
                } else {
                    Err("tri boards only move along their six step directions (multiples of (1,0), (0,1), (-1,1) and their opposites)")
                }
            }
        }
    }

    /// The images of `(a,b)` under the board's symmetries (8 on square boards, 12 on
    /// hex boards, 6 on tri boards).
    pub fn images(self, a: i8, b: i8) -> BTreeSet<Vector> {
        let v = Vector::new(a, b);
        match self {
            Geometry::Square | Geometry::Graph => square_images(a, b),
            Geometry::Hex { .. } | Geometry::Tri => {
                let mut out = BTreeSet::new();
                for start in [Some(v), self.mirror(v)].into_iter().flatten() {
                    let mut r = Some(start);
                    for _ in 0..6 {
                        let Some(cur) = r else { break };
                        out.insert(cur);
                        r = rotate60(cur);
                    }
                }
                out
            }
        }
    }

    /// The second side's view of a first-side vector: mirrored top to bottom.
    pub fn mirror(self, v: Vector) -> Option<Vector> {
        if self == Geometry::Graph {
            use super::graph::bearing;
            if let Some((a, diagonal)) = bearing::split(v) {
                // A bearing (a turned heading): its angle mirrored.
                return Some(bearing::of((3600 - a) % 3600, diagonal));
            }
            if bearing::code(v).is_some() {
                // Every link (or diagonal) of a node: the same for both sides.
                return Some(v);
            }
        }
        match self {
            Geometry::Square | Geometry::Graph => Some(Vector::new(v.dx, v.dy.checked_neg()?)),
            Geometry::Hex { columns: true } => {
                Some(Vector::new(v.dx, v.dx.checked_neg()?.checked_sub(v.dy)?))
            }
            Geometry::Hex { columns: false } | Geometry::Tri => {
                Some(Vector::new(v.dx.checked_add(v.dy)?, v.dy.checked_neg()?))
            }
        }
    }

    /// Turns a vector by `degrees` (counter-clockwise positive). Multiples of
    /// [`Geometry::exact_turn`] turn any vector; other multiples of
    /// [`Geometry::turn_unit`] turn vectors along a unit line (`k` unit steps), giving
    /// `k` turned unit steps. `None` for any other angle or vector, and on overflow.
    pub fn rotate(self, v: Vector, degrees: i16) -> Option<Vector> {
        if self == Geometry::Graph && super::graph::bearing::code(v).is_some() {
            // Each of a node's links, turned: still one heading per link.
            return Some(v);
        }
        match self {
            Geometry::Square | Geometry::Graph => v.rotate(degrees),
            Geometry::Hex { .. } | Geometry::Tri => {
                let d = degrees.rem_euclid(360);
                if d % 60 == 0 {
                    let mut r = v;
                    for _ in 0..d / 60 {
                        r = rotate60(r)?;
                    }
                    return Some(r);
                }
                if self == Geometry::Tri || d % 30 != 0 {
                    return None;
                }
                let (i, k) = hex_ring_index(v)?;
                let (x, y) = HEX_RING[(i + (d / 30) as usize) % 12];
                Some(Vector::new(x.checked_mul(k)?, y.checked_mul(k)?))
            }
        }
    }

    /// Where a vector points on the drawing plane: `(x, y)` with y up, one unit per
    /// cell step.
    pub fn cartesian(self, v: Vector) -> (f64, f64) {
        if self == Geometry::Graph {
            if let Some((a, _)) = super::graph::bearing::split(v) {
                let r = (f64::from(a) / 10.0).to_radians();
                return (r.cos(), r.sin());
            }
            if super::graph::bearing::code(v).is_some() {
                return (0.0, 0.0);
            }
        }
        let (a, b) = (f64::from(v.dx), f64::from(v.dy));
        let s3 = 3f64.sqrt() / 2.0;
        match self {
            Geometry::Square | Geometry::Graph => (a, b),
            Geometry::Hex { columns: true } => (a * s3, a * 0.5 + b),
            Geometry::Hex { columns: false } | Geometry::Tri => (a + b * 0.5, b * s3),
        }
    }

    /// The vector's angle in degrees, in [0, 360).
    pub fn angle(self, v: Vector) -> f64 {
        let (x, y) = self.cartesian(v);
        y.atan2(x).to_degrees().rem_euclid(360.0)
    }
}

/// The eight images of `(a,b)` under the symmetries of the square.
pub fn square_images(a: i8, b: i8) -> BTreeSet<Vector> {
    let mut out = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                out.insert(Vector::new(x * sx, y * sy));
            }
        }
    }
    out
}

/// A 60° counter-clockwise turn in the hex basis.
fn rotate60(v: Vector) -> Option<Vector> {
    Some(Vector::new(v.dy.checked_neg()?, v.dx.checked_add(v.dy)?))
}

/// `(i, k)` such that `v` is `k` (>= 1) times the `i`-th unit of the hex ring.
fn hex_ring_index(v: Vector) -> Option<(usize, i8)> {
    HEX_RING.iter().enumerate().find_map(|(i, &(x, y))| {
        let k = if x != 0 { v.dx / x } else { v.dy / y };
        (k >= 1 && v.dx == x * k && v.dy == y * k).then_some((i, k))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: i8, y: i8) -> Vector {
        Vector::new(x, y)
    }

    #[test]
    fn hex_counts() {
        let h = Geometry::Hex { columns: true };
        assert_eq!(h.images(1, 0).len(), 6);
        assert_eq!(h.images(1, 1).len(), 6);
        assert_eq!(h.images(1, 2).len(), 12);
        assert_eq!(h.word("orthogonal").unwrap().len(), 6);
        assert_eq!(h.word("diagonal").unwrap().len(), 6);
        assert_eq!(h.word("any").unwrap().len(), 12);
        // Vertical files: forward is an orthogonal step straight up.
        assert_eq!(h.word("forward").unwrap(), vec![v(0, 1)]);
        assert_eq!(h.word("forward-right").unwrap(), vec![v(1, 0)]);
        assert_eq!(h.word("forward-left").unwrap(), vec![v(-1, 1)]);
        assert_eq!(h.word("sideways").unwrap().len(), 2);
        // Rows: right is orthogonal, forward is the diagonal straight up.
        let r = Geometry::Hex { columns: false };
        assert_eq!(r.word("right").unwrap(), vec![v(1, 0)]);
        assert_eq!(r.word("forward").unwrap(), vec![v(-1, 2)]);
        let t = Geometry::Tri;
        assert_eq!(t.word("any").unwrap().len(), 6);
        assert!(t.word("diagonal").unwrap().is_empty());
        assert!(t.word("sideways").is_some());
        assert!(t.word("sideway").is_none());
    }

    #[test]
    fn hex_angles_and_turns() {
        for columns in [true, false] {
            let h = Geometry::Hex { columns };
            let base = if columns { 30.0 } else { 0.0 };
            for (i, &(x, y)) in HEX_RING.iter().enumerate() {
                let a = h.angle(v(x, y));
                let want = (base + 30.0 * i as f64).rem_euclid(360.0);
                assert!((a - want).abs() < 1e-9, "{i}: {a} vs {want}");
                // A 30° turn moves one place round the ring.
                let (nx, ny) = HEX_RING[(i + 1) % 12];
                assert_eq!(h.rotate(v(x, y), 30), Some(v(nx, ny)));
            }
            // 60° turns any vector: the knight (1,2) turns to another knight leap.
            let k = h.rotate(v(1, 2), 60).unwrap();
            assert!(h.images(1, 2).contains(&k));
            assert_eq!(h.rotate(v(1, 2), 30), None);
            assert_eq!(h.rotate(v(2, 0), 30), Some(v(2, 2)));
            // The mirror keeps the horizontal component of the drawing.
            for &(x, y) in &HEX_RING {
                let (cx, cy) = h.cartesian(v(x, y));
                let (mx, my) = h.cartesian(h.mirror(v(x, y)).unwrap());
                assert!((cx - mx).abs() < 1e-9 && (cy + my).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn tri_and_graph_admit_only_steps() {
        assert!(Geometry::Tri.admits(v(2, 0)).is_ok());
        assert!(Geometry::Tri.admits(v(-1, 1)).is_ok());
        assert!(Geometry::Tri.admits(v(1, 1)).is_err());
        assert!(Geometry::Graph.admits(v(1, 1)).is_ok());
        assert!(Geometry::Graph.admits(v(1, 2)).is_err());
        assert_eq!(Geometry::Tri.rotate(v(1, 0), 30), None);
        assert_eq!(Geometry::Tri.rotate(v(1, 0), 60), Some(v(0, 1)));
    }
}
