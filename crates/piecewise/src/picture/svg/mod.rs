//! svg: the SVG writer. [`Svg`] holds one rendering of a [`Picture`]: the pixel
//! frame (scale, origin, page size, worked out from the layout, the labels, the text
//! above and the legend below) and the output text, and writes the layers in order:
//! head, board, distance tints, goals, coordinates, paths, marks under the pieces,
//! pieces, marks over them, distance numbers, footer. The layers live in [`board`],
//! [`heat`], [`marks`] and [`legend`]; the drawn
//! symbols they share in [`symbols`]. Numbers are rounded by [`num`] and text escaped
//! by [`escape`], so the output is deterministic. Nothing here decides what is
//! marked: that comes from the picture's [`Marks`](super::Marks).

mod board;
mod heat;
mod legend;
mod marks;
mod symbols;

use super::{CellPixels, Picture};
use std::fmt::Write as _;

/// Pixels per drawing unit (the distance between neighbouring cell centres).
const CELL_PX: f64 = 54.0;
/// Space around everything.
const PAD: f64 = 12.0;
const LABEL_FONT: f64 = 13.0;
const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A number for SVG: rounded to two decimals, no `-0`.
fn num(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    if r == 0.0 {
        "0".to_string()
    } else {
        format!("{r}")
    }
}

fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            _ => o.push(c),
        }
    }
    o
}

/// One rendering: the pixel frame and the output text.
pub(super) struct Svg<'p> {
    p: &'p Picture,
    /// Pixels per board unit.
    k: f64,
    /// Board-unit origin (left, top) and pixel offset.
    min_x: f64,
    max_y: f64,
    ox: f64,
    oy: f64,
    width: f64,
    height: f64,
    board_bottom: f64,
    out: String,
}

impl<'p> Svg<'p> {
    pub(super) fn new(p: &'p Picture) -> Svg<'p> {
        let l = &p.layout;
        let k = CELL_PX / l.unit.max(1e-9);
        let b = l.bounds();
        let board_w = (b.max_x - b.min_x) * k;
        let board_h = (b.max_y - b.min_y) * k;
        // The label boxes, in pixels relative to the board's top-left corner.
        let (mut left, mut right, mut top, mut bottom) = (0.0f64, board_w, 0.0f64, board_h);
        if let Some(labels) = l.edge_labels(0.62 * LABEL_FONT / k, LABEL_FONT / k) {
            for e in labels {
                let x = (e.at.0 - b.min_x) * k;
                let y = (b.max_y - e.at.1) * k;
                let w = 0.62 * LABEL_FONT * e.text.chars().count() as f64;
                if e.below {
                    left = left.min(x - w / 2.0);
                    right = right.max(x + w / 2.0);
                    bottom = bottom.max(y + LABEL_FONT);
                } else {
                    left = left.min(x - w);
                    top = top.min(y - LABEL_FONT / 2.0);
                    bottom = bottom.max(y + LABEL_FONT / 2.0);
                }
            }
        }
        let head = if p.title.is_some() || p.caption.is_some() {
            let lines = p.title.is_some() as u8 + p.caption.is_some() as u8;
            8.0 + 20.0 * lines as f64
        } else {
            0.0
        };
        let content_w = right - left;
        let width = (content_w + 2.0 * PAD).max(if p.marks.is_some() { 380.0 } else { 0.0 });
        let ox = (width - content_w) / 2.0 - left;
        let oy = PAD + head - top;
        let board_bottom = oy + bottom;
        let mut s = Svg {
            p,
            k,
            min_x: b.min_x,
            max_y: b.max_y,
            ox,
            oy,
            width,
            height: 0.0,
            board_bottom,
            out: String::new(),
        };
        s.height = s.board_bottom + s.footer_height() + PAD;
        s
    }

    fn x(&self, x: f64) -> f64 {
        self.ox + (x - self.min_x) * self.k
    }

    fn y(&self, y: f64) -> f64 {
        self.oy + (self.max_y - y) * self.k
    }

    fn pt(&self, cell: usize) -> (f64, f64) {
        let c = self.p.layout.shapes[cell].center;
        (self.x(c.0), self.y(c.1))
    }

    /// The size of marks on cell `i`, in pixels.
    fn mark_r(&self, i: usize) -> f64 {
        self.p.layout.disc_radius(i) * self.k
    }

    fn polygon(&self, cell: usize) -> String {
        self.p.layout.shapes[cell]
            .outline
            .iter()
            .map(|&(x, y)| format!("{},{}", num(self.x(x)), num(self.y(y))))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Where [`Svg::render`] draws each cell.
    pub(super) fn cell_pixels(&self) -> Vec<CellPixels> {
        let round = |v: f64| {
            let r = (v * 100.0).round() / 100.0;
            if r == 0.0 {
                0.0
            } else {
                r
            }
        };
        let l = &self.p.layout;
        l.shapes
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (x, y) = self.pt(i);
                CellPixels {
                    name: s.name.clone(),
                    center: (round(x), round(y)),
                    outline: s
                        .outline
                        .iter()
                        .map(|&(ox, oy)| (round(self.x(ox)), round(self.y(oy))))
                        .collect(),
                    radius: if s.outline.is_empty() {
                        round(l.node_radius() * self.k)
                    } else {
                        0.0
                    },
                }
            })
            .collect()
    }

    pub(super) fn render(mut self) -> String {
        let _ = writeln!(
            self.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"{FONT}\">",
            w = num(self.width),
            h = num(self.height)
        );
        let _ = writeln!(
            self.out,
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
        );
        self.head();
        self.board();
        self.heat();
        self.goals();
        self.labels();
        self.paths();
        self.under_marks();
        self.pieces();
        self.over_marks();
        self.heat_numbers();
        self.footer();
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_rounded_and_never_negative_zero() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(12.345_678), "12.35");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-3.5), "-3.5");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
