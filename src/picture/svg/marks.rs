//! marks: the layers of a movement diagram drawn on the board: path lines coloured
//! by leg (dashed for leaps), the move and capture-only marks under the pieces, the
//! piece discs, and the capture, screen, passing-capture and push marks over them
//! (with push arrows). What each cell shows comes from the picture's
//! [`Marks`](crate::picture::Marks); how a mark looks, from [`symbols`](super::symbols).

use super::symbols::{
    capture_only_ring, capture_ring, line_colour, move_only_ring, passing_cross, piece_disc,
    push_arrow, push_ring, quiet_dot, screen_ring,
};
use super::{num, Svg};
use std::fmt::Write as _;

impl Svg<'_> {
    pub(super) fn paths(&mut self) {
        let Some(m) = &self.p.marks else { return };
        self.out.push_str(
            "<g id=\"paths\" fill=\"none\" stroke-width=\"3\" stroke-linecap=\"round\" \
             stroke-opacity=\"0.8\">\n",
        );
        for e in &m.edges {
            let (a, b) = (self.pt(e.from), self.pt(e.to));
            let dash = if e.leap {
                " stroke-dasharray=\"7 6\""
            } else {
                ""
            };
            let _ = writeln!(
                self.out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\"{dash}/>",
                num(a.0),
                num(a.1),
                num(b.0),
                num(b.1),
                line_colour(e.kind)
            );
        }
        self.out.push_str("</g>\n");
    }

    pub(super) fn under_marks(&mut self) {
        let Some(m) = &self.p.marks else { return };
        self.out.push_str("<g id=\"moves\">\n");
        for (i, c) in m.cells.iter().enumerate() {
            let (x, y) = self.pt(i);
            let r = self.mark_r(i);
            if c.move_only {
                let _ = writeln!(self.out, "{}", move_only_ring(x, y, 0.42 * r));
            } else if c.quiet {
                let _ = writeln!(self.out, "{}", quiet_dot(x, y, 0.42 * r));
            }
            if c.capture_only {
                let _ = writeln!(self.out, "{}", capture_only_ring(x, y, 0.42 * r));
            }
        }
        self.out.push_str("</g>\n");
    }

    pub(super) fn pieces(&mut self) {
        self.out
            .push_str("<g id=\"pieces\" font-weight=\"bold\">\n");
        for pc in &self.p.pieces {
            let (x, y) = self.pt(pc.cell);
            let r = self.mark_r(pc.cell);
            let _ = writeln!(self.out, "{}", piece_disc(x, y, r, pc.side, &pc.label));
        }
        self.out.push_str("</g>\n");
    }

    pub(super) fn over_marks(&mut self) {
        let Some(m) = &self.p.marks else { return };
        self.out.push_str("<g id=\"captures\" fill=\"none\">\n");
        for (i, c) in m.cells.iter().enumerate() {
            let (x, y) = self.pt(i);
            let r = self.mark_r(i);
            if c.capture {
                let _ = writeln!(self.out, "{}", capture_ring(x, y, r));
            }
            if c.screen {
                let outside = if c.capture { 5.0 } else { 0.0 };
                let _ = writeln!(self.out, "{}", screen_ring(x, y, r + outside));
            }
            if c.passing_capture {
                let _ = writeln!(self.out, "{}", passing_cross(x, y, r));
            }
            if c.push {
                let outside = if c.capture { 5.0 } else { 0.0 };
                let _ = writeln!(self.out, "{}", push_ring(x, y, r + outside));
            }
        }
        for &(a, b) in &m.pushes {
            let (p, q) = (self.pt(a), self.pt(b));
            let _ = writeln!(self.out, "{}", push_arrow(p, q, 0.45 * self.mark_r(b)));
        }
        self.out.push_str("</g>\n");
    }
}
