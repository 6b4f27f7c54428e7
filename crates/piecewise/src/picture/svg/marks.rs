//! marks: the layers of a movement diagram drawn on the board: path lines coloured
//! by leg (dashed for leaps), the move and capture-only marks under the pieces, the
//! piece discs, and the capture, screen, passing-capture, push, swap, friend-capture,
//! conversion, activation, burn and blast marks over them (with push and swap arrows,
//! and the dashed arrows linking the plies of cascades). What each cell shows comes from the picture's
//! [`Marks`](crate::picture::Marks); how a mark looks, from [`symbols`](super::symbols).

use super::symbols::{
    activate_ring, capture_only_ring, capture_ring, cascade_arrow, cascade_dot, convert_ring,
    friend_capture_ring, line_colour, move_only_ring, passing_cross, piece_disc, push_arrow,
    push_ring, quiet_dot, removal_badge, screen_ring, swap_arrow, swap_ring,
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
            if c.cascade && !c.quiet {
                let _ = writeln!(self.out, "{}", cascade_dot(x, y, 0.3 * r));
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
            // What a move does to the piece it ends on, each ring a little further out.
            let mut outside = if c.capture || c.push { 5.0 } else { 0.0 };
            for (on, ring) in [
                (c.swap, swap_ring as fn(f64, f64, f64) -> String),
                (c.friend_capture, friend_capture_ring),
                (c.convert, convert_ring),
                (c.activate, activate_ring),
            ] {
                if on {
                    let _ = writeln!(self.out, "{}", ring(x, y, r + outside));
                    outside += 5.0;
                }
            }
            if c.burned || c.blast {
                let _ = writeln!(self.out, "{}", removal_badge(x, y, r, c.blast));
            }
        }
        for &(a, b) in &m.pushes {
            let (p, q) = (self.pt(a), self.pt(b));
            let _ = writeln!(self.out, "{}", push_arrow(p, q, 0.45 * self.mark_r(b)));
        }
        for &(a, b) in &m.swaps {
            let (p, q) = (self.pt(a), self.pt(b));
            let _ = writeln!(self.out, "{}", swap_arrow(p, q, 0.45 * self.mark_r(b)));
        }
        for &(a, b) in &m.cascades {
            let (p, q) = (self.pt(a), self.pt(b));
            let _ = writeln!(self.out, "{}", cascade_arrow(p, q, 0.45 * self.mark_r(b)));
        }
        self.out.push_str("</g>\n");
    }
}
