//! board: the layers that draw the board itself: the cells (polygons, or node
//! circles joined by drawn links) coloured by the layout's colouring, the moving
//! piece's cell highlighted, Sokoban goals, and the coordinate labels (at the edges
//! for `a1`-style names, else under each cell). Pieces and marks go on top, elsewhere.

use super::symbols::goal_target;
use super::{escape, num, Svg, LABEL_FONT};
use std::fmt::Write as _;

/// Cell colours by colour class; class 0 (the first cell, `a1` on a square board) is
/// the dark one.
const TILE: [&str; 4] = ["#b58863", "#f0d9b5", "#d6ae86", "#e4c7a0"];
const TILE_EDGE: &str = "#8b6a4c";
const FROM_FILL: &str = "#f7d94c";

impl Svg<'_> {
    pub(super) fn board(&mut self) {
        let l = &self.p.layout;
        let colours = l.colours();
        self.out.push_str("<g id=\"board\">\n");
        for &(a, b) in &l.links {
            let (pa, pb) = (self.pt(a), self.pt(b));
            let _ = writeln!(
                self.out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#868e96\" \
                 stroke-width=\"2\"/>",
                num(pa.0),
                num(pa.1),
                num(pb.0),
                num(pb.1)
            );
        }
        for (i, s) in l.shapes.iter().enumerate() {
            let fill = TILE[colours[i] % TILE.len()];
            let title = escape(&s.name);
            if s.outline.is_empty() {
                let (x, y) = self.pt(i);
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{TILE_EDGE}\" \
                     stroke-width=\"1.5\"><title>{title}</title></circle>",
                    num(x),
                    num(y),
                    num(l.node_radius() * self.k)
                );
            } else {
                let _ = writeln!(
                    self.out,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{TILE_EDGE}\" \
                     stroke-width=\"0.75\" stroke-linejoin=\"round\"><title>{title}</title></polygon>",
                    self.polygon(i)
                );
            }
        }
        if let Some(f) = self.p.from {
            if l.shapes[f].outline.is_empty() {
                let (x, y) = self.pt(f);
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{FROM_FILL}\" stroke=\"{TILE_EDGE}\" \
                     stroke-width=\"1.5\"/>",
                    num(x),
                    num(y),
                    num(l.node_radius() * self.k + 6.0)
                );
            } else {
                let _ = writeln!(
                    self.out,
                    "<polygon points=\"{}\" fill=\"{FROM_FILL}\" fill-opacity=\"0.85\" \
                     stroke=\"{TILE_EDGE}\" stroke-width=\"0.75\"/>",
                    self.polygon(f)
                );
            }
        }
        self.out.push_str("</g>\n");
    }

    /// Goal targets, under everything but the board (a piece on a goal hides the
    /// centre; the ring shows around it).
    pub(super) fn goals(&mut self) {
        if self.p.goals.is_empty() {
            return;
        }
        self.out.push_str("<g id=\"goals\">\n");
        for &g in &self.p.goals {
            let (x, y) = self.pt(g);
            let r = (self.p.layout.inner_radius(g) * self.k * 0.9).max(4.0);
            let _ = writeln!(self.out, "{}", goal_target(x, y, r));
        }
        self.out.push_str("</g>\n");
    }

    pub(super) fn labels(&mut self) {
        let l = &self.p.layout;
        self.out.push_str(&format!(
            "<g id=\"coordinates\" font-size=\"{LABEL_FONT}\" fill=\"#495057\">\n"
        ));
        match l.edge_labels(0.62 * LABEL_FONT / self.k, LABEL_FONT / self.k) {
            Some(labels) => {
                for e in labels {
                    let (x, y) = (self.x(e.at.0), self.y(e.at.1));
                    let (y, anchor) = if e.below {
                        (y + 0.8 * LABEL_FONT, "middle")
                    } else {
                        (y + 0.35 * LABEL_FONT, "end")
                    };
                    let _ = writeln!(
                        self.out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
                        num(x),
                        num(y),
                        escape(&e.text)
                    );
                }
            }
            None => {
                // Names of another form: each cell carries its own, small, at its foot.
                for (i, s) in l.shapes.iter().enumerate() {
                    let (x, y) = self.pt(i);
                    let dy = if s.outline.is_empty() {
                        l.node_radius() * self.k + 10.0
                    } else {
                        l.inner_radius(i) * self.k * 0.9
                    };
                    let _ = writeln!(
                        self.out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{}</text>",
                        num(x),
                        num(y + dy),
                        escape(&s.name)
                    );
                }
            }
        }
        self.out.push_str("</g>\n");
    }
}
