//! layout: the drawing geometry of a board, taken only from the topology API
//! ([`Board::center`], [`Board::outline`], [`Board::drawn_links`],
//! [`Board::cell_name`]), and what the picture derives from it: the drawing unit,
//! a colouring of the tiling, the size of a piece disc in each cell, where the edge
//! labels go, and whether a path step is a step or a leap.
//!
//! Nothing here knows squares: a cell is a polygon (any number of corners) or, if its
//! outline is empty, a node drawn as a circle (graph boards). Unit tests feed
//! hand-made polygons.

use crate::topology::Board;
use std::collections::HashMap;

/// One cell as the picture sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub name: String,
    pub center: (f64, f64),
    /// Polygon corners (y up); empty for a node.
    pub outline: Vec<(f64, f64)>,
}

/// A board's cells and drawn links, with derived drawing facts.
#[derive(Clone, Debug)]
pub struct Layout {
    pub shapes: Vec<Shape>,
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
    pub min_x: f64,
    pub min_y: f64,
    pub max_x: f64,
    pub max_y: f64,
}

/// Where a coordinate label goes: its text, anchor point in board units, and whether
/// it sits below the board (a file) or to the left (a rank).
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeLabel {
    pub text: String,
    pub at: (f64, f64),
    pub below: bool,
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

    pub fn len(&self) -> usize {
        self.shapes.len()
    }

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

    /// The lowest and highest y of a cell's drawing, and the lowest x.
    fn extent(&self, i: usize) -> (f64, f64, f64) {
        let s = &self.shapes[i];
        if s.outline.is_empty() {
            let r = self.node_radius();
            return (s.center.1 - r, s.center.1 + r, s.center.0 - r);
        }
        let mut lo = f64::INFINITY;
        let mut hi = f64::NEG_INFINITY;
        let mut left = f64::INFINITY;
        for &(x, y) in &s.outline {
            lo = lo.min(y);
            hi = hi.max(y);
            left = left.min(x);
        }
        (lo, hi, left)
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

    /// Whether a point lies on a cell's drawing (inside its polygon or node circle).
    fn covers(&self, p: (f64, f64)) -> bool {
        let r = self.node_radius();
        self.shapes.iter().any(|s| {
            if s.outline.len() < 3 {
                return dist(s.center, p) < r;
            }
            // Even-odd rule.
            let mut inside = false;
            let n = s.outline.len();
            for k in 0..n {
                let (a, b) = (s.outline[k], s.outline[(k + 1) % n]);
                if (a.1 > p.1) != (b.1 > p.1) && p.0 < a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0)
                {
                    inside = !inside;
                }
            }
            inside
        })
    }

    /// Whether a label box (centre, half width, half height) touches any cell.
    fn box_hits_cells(&self, c: (f64, f64), hw: f64, hh: f64) -> bool {
        let xs = [c.0 - hw, c.0, c.0 + hw];
        let ys = [c.1 - hh, c.1, c.1 + hh];
        xs.iter().any(|&x| ys.iter().any(|&y| self.covers((x, y))))
    }

    /// Coordinate labels at the board's edges, if every cell name is letters then
    /// digits (`a1`, `f11`): each file under its lowest cell, each rank left of its
    /// leftmost cell. `None` if names have another form (then each cell is labelled).
    /// `char_w` and `text_h` are the size of a label character in board units: a rank
    /// label that would sit on a cell (beside a slanted edge) moves away from the
    /// board's middle until it does not.
    pub fn edge_labels(&self, char_w: f64, text_h: f64) -> Option<Vec<EdgeLabel>> {
        let gap = 0.12 * self.unit;
        let mut files: Vec<(String, usize)> = Vec::new();
        let mut ranks: Vec<(String, usize)> = Vec::new();
        for (i, s) in self.shapes.iter().enumerate() {
            let split = s.name.find(|c: char| c.is_ascii_digit())?;
            let (file, rank) = s.name.split_at(split);
            let well_formed = !file.is_empty()
                && file.chars().all(|c| c.is_ascii_alphabetic())
                && rank.chars().all(|c| c.is_ascii_digit());
            if !well_formed {
                return None;
            }
            let (lo, _, left) = self.extent(i);
            match files.iter_mut().find(|f| f.0 == file) {
                Some(f) => {
                    if lo < self.extent(f.1).0 - EPS {
                        f.1 = i;
                    }
                }
                None => files.push((file.to_string(), i)),
            }
            match ranks.iter_mut().find(|r| r.0 == rank) {
                Some(r) => {
                    if left < self.extent(r.1).2 - EPS {
                        r.1 = i;
                    }
                }
                None => ranks.push((rank.to_string(), i)),
            }
        }
        let mut out = Vec::new();
        let b = self.bounds();
        // A label up to one cell in from the board's edge (beside a hole, or a row
        // shifted by half a cell) lines up with the others if nothing is in the way.
        let clear = |from: (f64, f64), to: (f64, f64)| {
            (0..=8).all(|k| {
                let t = k as f64 / 8.0;
                !self.covers((from.0 + t * (to.0 - from.0), from.1 + t * (to.1 - from.1)))
            })
        };
        // Labels line up along the board's bounding edge when every one of them is at
        // most a cell in from it with nothing in the way (a hole in a corner, rows
        // shifted by half a cell); otherwise each follows its own cell (a hexagon's
        // slanted edges).
        let near = self.unit + EPS;
        let file_line = files.iter().all(|(_, i)| {
            let (lo, _, _) = self.extent(*i);
            let x = self.shapes[*i].center.0;
            lo - b.min_y <= near && clear((x, lo - gap), (x, b.min_y - gap))
        });
        let rank_line = ranks.iter().all(|(_, i)| {
            let (_, _, left) = self.extent(*i);
            let y = self.shapes[*i].center.1;
            left - b.min_x <= near && clear((left - gap, y), (b.min_x - gap, y))
        });
        for (text, i) in files {
            let (lo, _, _) = self.extent(i);
            let x = self.shapes[i].center.0;
            let y = if file_line { b.min_y } else { lo } - gap;
            out.push(EdgeLabel {
                text,
                at: (x, y),
                below: true,
            });
        }
        let middle = (b.min_y + b.max_y) / 2.0;
        for (text, i) in ranks {
            let (_, _, left) = self.extent(i);
            let hw = char_w * text.chars().count() as f64 / 2.0;
            let y = self.shapes[i].center.1;
            let left = if rank_line { b.min_x } else { left };
            let mut at = (left - gap, y);
            let step = if at.1 >= middle { 0.05 } else { -0.05 } * self.unit;
            for _ in 0..20 {
                if !self.box_hits_cells((at.0 - hw, at.1), hw, text_h / 2.0) {
                    break;
                }
                at.1 += step;
            }
            out.push(EdgeLabel {
                text,
                at,
                below: false,
            });
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, name: &str) -> Shape {
        Shape {
            name: name.to_string(),
            center: (x + 0.5, y + 0.5),
            outline: vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)],
        }
    }

    /// A pointy-top hexagon of circumradius 1 about (cx, cy).
    fn hexagon(cx: f64, cy: f64, name: &str) -> Shape {
        let outline = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 180.0 * (30.0 + 60.0 * k as f64);
                (cx + a.cos(), cy + a.sin())
            })
            .collect();
        Shape {
            name: name.to_string(),
            center: (cx, cy),
            outline,
        }
    }

    #[test]
    fn squares_colour_as_a_checkerboard_and_label_files_and_ranks() {
        let mut shapes = Vec::new();
        for y in 0..3 {
            for x in 0..3 {
                let name = format!("{}{}", (b'a' + x as u8) as char, y + 1);
                shapes.push(square(x as f64, y as f64, &name));
            }
        }
        let l = Layout::new(shapes, Vec::new());
        assert_eq!(l.unit, 1.0);
        assert_eq!(l.colours(), vec![0, 1, 0, 1, 0, 1, 0, 1, 0]);
        assert!((l.inner_radius(4) - 0.5).abs() < 1e-9);
        assert!(l.is_step(0, 4), "a diagonal neighbour is a step");
        assert!(!l.is_step(0, 5), "a knight's jump is a leap");
        assert!(!l.is_step(0, 2), "two cells straight is a leap");
        let labels = l.edge_labels(0.2, 0.25).expect("a1-style names");
        let a = labels.iter().find(|e| e.text == "a").expect("file a");
        assert!(a.below && (a.at.0 - 0.5).abs() < 1e-9 && a.at.1 < 0.0);
        let r3 = labels.iter().find(|e| e.text == "3").expect("rank 3");
        assert!(!r3.below && r3.at.0 < 0.0 && (r3.at.1 - 2.5).abs() < 1e-9);
        assert_eq!(labels.len(), 6);
        // Without a1 (a hole), file a's label still lines up with b's and c's, and
        // rank 1's with ranks 2 and 3.
        let holed = Layout::new(l.shapes[1..].to_vec(), Vec::new());
        let labels = holed.edge_labels(0.2, 0.25).expect("names");
        let at = |t: &str| labels.iter().find(|e| e.text == t).expect("label").at;
        assert_eq!(at("a").1, at("b").1);
        assert_eq!(at("1").0, at("2").0);
    }

    #[test]
    fn hexagons_take_three_colours_and_their_diagonals_are_steps() {
        // Seven hexagons: a centre and its ring, pointy-top, neighbours √3 apart.
        let s3 = 3f64.sqrt();
        let mut shapes = vec![hexagon(0.0, 0.0, "c")];
        for k in 0..6 {
            let a = std::f64::consts::PI / 3.0 * k as f64;
            shapes.push(hexagon(s3 * a.cos(), s3 * a.sin(), &format!("r{k}")));
        }
        let l = Layout::new(shapes, Vec::new());
        assert!((l.unit - s3).abs() < 1e-9);
        let adj = l.neighbours();
        assert_eq!(adj[0], vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(adj[1], vec![0, 2, 6]);
        let c = l.colours();
        assert_eq!(c.iter().max(), Some(&2), "three colours: {c:?}");
        for (i, n) in adj.iter().enumerate() {
            assert!(n.iter().all(|&j| c[j] != c[i]));
        }
        // r0 and r2 are hex-diagonal neighbours (3 apart, under 1.8·√3 ≈ 3.12).
        assert!(l.is_step(1, 3));
        assert!(!l.is_step(1, 4), "opposite ring cells are two steps apart");
        // Names are not a1-style: every cell gets its own label.
        assert!(l.edge_labels(0.2, 0.25).is_none());
    }

    #[test]
    fn a_hexagon_of_hexagons_takes_exactly_three_colours() {
        // Radius 4 (61 cells), axial coordinates, listed file by file as a board would.
        let s3 = 3f64.sqrt();
        let mut shapes = Vec::new();
        for q in -4i32..=4 {
            for r in (-4i32).max(-q - 4)..=4.min(-q + 4) {
                let (x, y) = (s3 * (q as f64 + r as f64 / 2.0), 1.5 * r as f64);
                shapes.push(hexagon(x, y, &format!("h{q}_{r}")));
            }
        }
        let l = Layout::new(shapes, Vec::new());
        assert_eq!(l.len(), 61);
        let adj = l.neighbours();
        assert_eq!(adj.iter().map(Vec::len).max(), Some(6));
        let c = l.colours();
        assert_eq!(c.iter().max(), Some(&2), "three colours");
        for (i, n) in adj.iter().enumerate() {
            assert!(n.iter().all(|&j| c[j] != c[i]));
        }
        assert_eq!(c[0], 0);
    }

    #[test]
    fn triangles_take_two_colours_and_nodes_use_links() {
        let h = 3f64.sqrt() / 2.0;
        let up = |x: f64, name: &str| Shape {
            name: name.to_string(),
            center: (x + 0.5, h / 3.0),
            outline: vec![(x, 0.0), (x + 1.0, 0.0), (x + 0.5, h)],
        };
        let down = |x: f64, name: &str| Shape {
            name: name.to_string(),
            center: (x + 1.0, 2.0 * h / 3.0),
            outline: vec![(x + 0.5, h), (x + 1.0, 0.0), (x + 1.5, h)],
        };
        let l = Layout::new(
            vec![
                up(0.0, "a1"),
                down(0.0, "b1"),
                up(1.0, "c1"),
                down(1.0, "d1"),
            ],
            Vec::new(),
        );
        assert_eq!(l.colours(), vec![0, 1, 0, 1]);
        assert!(l.disc_radius(0) < l.inner_radius(0));
        let nodes: Vec<Shape> = (0..3)
            .map(|i| Shape {
                name: format!("n{i}"),
                center: (2.0 * i as f64, 0.0),
                outline: Vec::new(),
            })
            .collect();
        let g = Layout::new(nodes, vec![(0, 1), (1, 2), (2, 2), (0, 9)]);
        assert_eq!(g.links, vec![(0, 1), (1, 2)], "bad links are dropped");
        assert_eq!(g.unit, 2.0);
        assert_eq!(g.colours(), vec![0, 1, 0]);
        assert_eq!(g.inner_radius(1), g.node_radius());
        let b = g.bounds();
        assert!(b.min_x < 0.0 && b.max_x > 4.0);
    }
}
