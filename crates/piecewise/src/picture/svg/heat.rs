//! heat: the layers of a distance heat map (`piecewise show --distance`): every cell the
//! piece reaches tinted by how many moves it needs (a sequential scale, near = bright),
//! cells out of its reach greyed, under the pieces; and the number of moves written
//! on each reached cell, over them (on a badge at the corner of a piece, in the middle
//! of an empty cell). The distances come from the picture; nothing here computes them.

use super::{num, Svg};
use std::fmt::Write as _;

/// Tints for 1, 2, 3, ... moves (viridis from green to purple: its yellow end would
/// look like the piece's own highlighted cell); farther cells take the last.
const HEAT: [&str; 6] = [
    "#7ad151", "#22a884", "#2a788e", "#414487", "#482173", "#440154",
];
/// The grey over cells out of reach.
pub(super) const OUT_OF_REACH: &str = "#ced4da";
/// The opacity of the tints and of the grey.
pub(super) const HEAT_OPACITY: &str = "0.85";

/// The tint of cells `moves` moves away (`moves` ≥ 1).
pub(super) fn heat_colour(moves: u16) -> &'static str {
    HEAT[(moves.max(1) as usize - 1).min(HEAT.len() - 1)]
}

/// Dark text on the bright tint, white on the dark ones.
fn text_colour(moves: u16) -> &'static str {
    if moves <= 1 {
        "#212529"
    } else {
        "#ffffff"
    }
}

impl Svg<'_> {
    /// The tints, drawn over the tiles and under everything else.
    pub(super) fn heat(&mut self) {
        let Some(heat) = &self.p.heat else { return };
        self.out.push_str("<g id=\"distances\">\n");
        for (i, d) in heat.iter().enumerate() {
            let fill = match *d {
                Some(0) => continue,
                Some(d) => heat_colour(d),
                None => OUT_OF_REACH,
            };
            let opacity = HEAT_OPACITY;
            if self.p.layout.shapes[i].outline.is_empty() {
                let (x, y) = self.pt(i);
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>",
                    num(x),
                    num(y),
                    num(self.p.layout.node_radius() * self.k)
                );
            } else {
                let _ = writeln!(
                    self.out,
                    "<polygon points=\"{}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>",
                    self.polygon(i)
                );
            }
        }
        self.out.push_str("</g>\n");
    }

    /// The numbers of moves, over the pieces.
    pub(super) fn heat_numbers(&mut self) {
        let Some(heat) = &self.p.heat else { return };
        self.out
            .push_str("<g id=\"distance-numbers\" text-anchor=\"middle\" font-weight=\"bold\">\n");
        for (i, d) in heat.iter().enumerate() {
            let Some(d) = *d else { continue };
            if d == 0 {
                continue;
            }
            let (x, y) = self.pt(i);
            let r = self.mark_r(i);
            let occupied = self.p.pieces.iter().any(|p| p.cell == i);
            let (x, y, size) = if occupied {
                // A badge in the tint on the disc's upper right.
                let (bx, by, br) = (x + 0.8 * r, y - 0.8 * r, (0.42 * r).max(6.0));
                let _ = writeln!(
                    self.out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" \
                     stroke-width=\"1\"/>",
                    num(bx),
                    num(by),
                    num(br),
                    heat_colour(d)
                );
                (bx, by + 0.4 * br, 1.1 * br)
            } else {
                (x, y + 0.3 * r, (0.8 * r).max(7.0))
            };
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\">{d}</text>",
                num(x),
                num(y),
                num(size),
                text_colour(d)
            );
        }
        self.out.push_str("</g>\n");
    }
}
