//! layout: the drawing geometry of a board, taken only from the topology API
//! ([`Board::center`], [`Board::outline`], [`Board::drawn_links`],
//! [`Board::cell_name`]), and what the picture derives from it: the drawing unit,
//! a colouring of the tiling, the size of a piece disc in each cell, where the edge
//! labels go, and whether a path step is a step or a leap.
//!
//! Nothing here knows squares: a cell is a polygon (any number of corners) or, if its
//! outline is empty, a node drawn as a circle (graph boards). Unit tests feed
//! hand-made polygons (in `tests.rs`). Where the coordinate labels go is in
//! `labels.rs`.

mod labels;

pub use labels::EdgeLabel;

use crate::topology::Board;
use std::collections::HashMap;

/// One cell as the picture sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The cell's name (`e4`), shown as a label or a tooltip.
    pub name: String,
    /// The cell's centre (y up), where its piece and marks go.
    pub center: (f64, f64),
    /// Polygon corners (y up); empty for a node.
    pub outline: Vec<(f64, f64)>,
}

/// A board's cells and drawn links, with derived drawing facts.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The cells, indexed by cell id.
    pub shapes: Vec<Shape>,
    /// Pairs of cell indices joined by a drawn line (graph boards).
    pub links: Vec<(usize, usize)>,
    /// The typical distance between neighbouring cell centres (the median over
    /// cells of the distance to the nearest other centre); 1 on a square board.
    pub unit: f64,
    /// Per cell: the distance from its centre to the nearest other centre.
    nearest: Vec<f64>,
}

/// An axis-aligned box in board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// The left edge.
    pub min_x: f64,
    /// The bottom edge (y up).
    pub min_y: f64,
    /// The right edge.
    pub max_x: f64,
    /// The top edge.
    pub max_y: f64,
}

/// Rounding grid for comparing corners of neighbouring polygons.
const EPS: f64 = 1e-6;

/// A corner rounded to the [`EPS`] grid.
type Corner = (i64, i64);

fn key(p: (f64, f64)) -> Corner {
    ((p.0 / EPS).round() as i64, (p.1 / EPS).round() as i64)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

impl Layout {
    /// The cells and drawn links of `board`, as its topology draws them.
    pub fn from_board(board: &Board) -> Layout {
        let shapes = board
            .cells()
            .map(|c| Shape {
                name: board.cell_name(c),
                center: board.center(c),
                outline: board.outline(c),
            })
            .collect();
        let links = board
            .drawn_links()
            .into_iter()
            .map(|(a, b)| (a.index(), b.index()))
            .collect();
        Layout::new(shapes, links)
    }

    /// A layout of hand-made cells; links that name a cell out of range, or join a
    /// cell to itself, are dropped.
    pub fn new(shapes: Vec<Shape>, links: Vec<(usize, usize)>) -> Layout {
        let n = shapes.len();
        let mut nearest = vec![f64::INFINITY; n];
        for i in 0..n {
            for j in (i + 1)..n {
                let d = dist(shapes[i].center, shapes[j].center);
                if d > EPS {
                    nearest[i] = nearest[i].min(d);
                    nearest[j] = nearest[j].min(d);
                }
            }
        }
        let mut finite: Vec<f64> = nearest.iter().copied().filter(|d| d.is_finite()).collect();
        finite.sort_by(f64::total_cmp);
        let unit = finite.get(finite.len() / 2).copied().unwrap_or(1.0);
        for d in &mut nearest {
            if !d.is_finite() {
                *d = unit;
            }
        }
        Layout {
            shapes,
            links: links
                .into_iter()
                .filter(|&(a, b)| a < n && b < n && a != b)
                .collect(),
            unit,
            nearest,
        }
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Whether there are no cells.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// The radius of the circle a node (a cell without outline) is drawn as.
    pub fn node_radius(&self) -> f64 {
        0.3 * self.unit
    }

    /// The box around every outline and node circle.
    pub fn bounds(&self) -> Bounds {
        let mut b = Bounds {
            min_x: f64::INFINITY,
            min_y: f64::INFINITY,
            max_x: f64::NEG_INFINITY,
            max_y: f64::NEG_INFINITY,
        };
        let r = self.node_radius();
        for s in &self.shapes {
            let pts: Vec<(f64, f64)> = if s.outline.is_empty() {
                let (x, y) = s.center;
                vec![(x - r, y - r), (x + r, y + r)]
            } else {
                s.outline.clone()
            };
            for (x, y) in pts {
                b.min_x = b.min_x.min(x);
                b.min_y = b.min_y.min(y);
                b.max_x = b.max_x.max(x);
                b.max_y = b.max_y.max(y);
            }
        }
        if !b.min_x.is_finite() {
            b = Bounds {
                min_x: 0.0,
                min_y: 0.0,
                max_x: 1.0,
                max_y: 1.0,
            };
        }
        b
    }

    /// The radius of the largest circle about the cell's centre that stays inside
    /// its outline (for a node: its circle).
    pub fn inner_radius(&self, i: usize) -> f64 {
        let s = &self.shapes[i];
        if s.outline.len() < 3 {
            return self.node_radius();
        }
        let (px, py) = s.center;
        let mut best = f64::INFINITY;
        for k in 0..s.outline.len() {
            let a = s.outline[k];
            let b = s.outline[(k + 1) % s.outline.len()];
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len2 = dx * dx + dy * dy;
            let t = if len2 > 0.0 {
                (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            best = best.min(dist((px, py), (a.0 + t * dx, a.1 + t * dy)));
        }
        best
    }

    /// The radius of a piece disc drawn on cell `i`.
    /// At least 0.3 units, so a piece on a small cell (an octagon board's square)
    /// stays readable, and at most 0.4, so discs on neighbouring cells never touch.
    pub fn disc_radius(&self, i: usize) -> f64 {
        (0.8 * self.inner_radius(i))
            .max(0.3 * self.unit)
            .min(0.4 * self.unit)
    }

    /// Pairs of cells drawn next to each other: polygons sharing an edge, or nodes
    /// joined by a drawn link.
    pub fn neighbours(&self) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); self.len()];
        let mut edges: HashMap<(Corner, Corner), usize> = HashMap::new();
        for (i, s) in self.shapes.iter().enumerate() {
            let n = s.outline.len();
            for k in 0..n {
                let a = key(s.outline[k]);
                let b = key(s.outline[(k + 1) % n]);
                if a == b {
                    continue;
                }
                let e = if a < b { (a, b) } else { (b, a) };
                match edges.get(&e) {
                    Some(&j) if j != i => {
                        adj[i].push(j);
                        adj[j].push(i);
                    }
                    Some(_) => {}
                    None => {
                        edges.insert(e, i);
                    }
                }
            }
        }
        for &(a, b) in &self.links {
            adj[a].push(b);
            adj[b].push(a);
        }
        for l in &mut adj {
            l.sort_unstable();
            l.dedup();
        }
        adj
    }

    /// A colouring of the cells such that cells drawn next to each other differ, found
    /// by DSatur (always colour next the cell whose neighbours already use the most
    /// colours; ties to the lower id), starting from the first cell. It finds the
    /// checkerboard on square boards, two colours on triangles and the three-colouring
    /// of hexagons. Colour 0 goes to the first cell.
    pub fn colours(&self) -> Vec<usize> {
        let adj = self.neighbours();
        let n = self.len();
        let mut colour = vec![usize::MAX; n];
        // Per cell: the colours its coloured neighbours use (a bit set; colours past 63
        // are not tracked, which only weakens the ordering).
        let mut seen = vec![0u64; n];
        for _ in 0..n {
            let next = (0..n)
                .filter(|&i| colour[i] == usize::MAX)
                .max_by_key(|&i| (seen[i].count_ones(), std::cmp::Reverse(i)));
            let Some(i) = next else { break };
            let mut c = 0;
            while adj[i].iter().any(|&j| colour[j] == c) {
                c += 1;
            }
            colour[i] = c;
            for &j in &adj[i] {
                if c < 64 {
                    seen[j] |= 1 << c;
                }
            }
        }
        colour
    }

    /// Whether going straight from cell `a` to cell `b` is a step to a neighbour
    /// (drawn as a solid line) rather than a leap over other cells.
    pub fn is_step(&self, a: usize, b: usize) -> bool {
        let d = dist(self.shapes[a].center, self.shapes[b].center);
        d <= 1.8 * self.nearest[a].max(self.nearest[b]) + EPS
    }
}

#[cfg(test)]
mod tests;
