//! labels: where the coordinate labels of a board go: each file name under the
//! lowest cell of its file and each rank name left of the leftmost cell of its rank,
//! lined up along the board's edge where nothing is in the way and moved off any cell
//! they would overlap. Only for `a1`-style names; other boards label each cell (the
//! SVG writer does that).

use super::{dist, Layout, EPS};

/// Where a coordinate label goes: its text, anchor point in board units, and whether
/// it sits below the board (a file) or to the left (a rank).
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeLabel {
    /// The file or rank name.
    pub text: String,
    /// The anchor point: the label's top middle (a file) or right middle (a rank).
    pub at: (f64, f64),
    /// Whether it is a file label, below the board.
    pub below: bool,
}

impl Layout {
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
