//! legend: the text around the board: the title and the caption (what the moving
//! piece is and how many moves it has) above it, and below it the notes (e.g. the
//! pieces in hand) and a legend with one entry for each kind of mark the picture
//! shows, laid out in as many columns as fit. It also says how much room that text
//! takes, for the frame.

use super::heat::{heat_colour, HEAT_OPACITY, OUT_OF_REACH};
use super::symbols::{
    activate_ring, capture_only_ring, capture_ring, cascade_dot, convert_ring, friend_capture_ring,
    goal_target, line_colour, move_only_ring, passing_cross, piece_disc, push_ring, quiet_dot,
    removal_badge, screen_ring, swap_ring, LINE_FIRST,
};
use super::{escape, num, Svg, PAD};
use crate::ids::Side;
use crate::picture::{CellMarks, LegKind};
use std::fmt::Write as _;

/// Which cells show a legend entry's mark.
type Shows = fn(&CellMarks) -> bool;

/// Legend entries, in the order they are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Quiet,
    MoveOnly,
    Capture,
    CaptureOnly,
    Passing,
    Screen,
    Push,
    Swap,
    FriendCapture,
    Convert,
    Activate,
    Cascade,
    Burned,
    Blast,
    Line(LegKind),
    Leap,
    Goal,
    /// Cells this many moves away (a distance heat map).
    Moves(u16),
    OutOfReach,
}

impl Key {
    fn text(self) -> String {
        let text = match self {
            Key::Quiet => "move or capture",
            Key::MoveOnly => "move only",
            Key::Capture => "capture",
            Key::CaptureOnly => "capture only",
            Key::Passing => "captured in passing",
            Key::Screen => "screen (jumped over)",
            Key::Push => "push (arrow: where it goes)",
            Key::Swap => "swap (arrow: where it goes)",
            Key::FriendCapture => "capture of a friend",
            Key::Convert => "conversion",
            Key::Activate => "activation (it moves next)",
            Key::Cascade => "next ply of a cascade",
            Key::Burned => "burned",
            Key::Blast => "blown up",
            Key::Line(LegKind::First) => "path",
            Key::Line(LegKind::Turn) => "path after a turn",
            Key::Line(LegKind::Hop) => "path beyond a screen",
            Key::Line(LegKind::Locust) => "path after a capture",
            Key::Leap => "leap",
            Key::Goal => "goal",
            Key::Moves(1) => "1 move away",
            Key::Moves(n) => return format!("{n} moves away"),
            Key::OutOfReach => "out of reach",
        };
        text.to_string()
    }
}

impl Svg<'_> {
    pub(super) fn head(&mut self) {
        let mut y = PAD + 16.0;
        let mid = num(self.width / 2.0);
        if let Some(t) = &self.p.title {
            let _ = writeln!(
                self.out,
                "<text x=\"{mid}\" y=\"{}\" text-anchor=\"middle\" font-size=\"16\" \
                 font-weight=\"bold\" fill=\"#212529\">{}</text>",
                num(y),
                escape(t)
            );
            y += 20.0;
        }
        if let Some(c) = &self.p.caption {
            let _ = writeln!(
                self.out,
                "<text x=\"{mid}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\" \
                 fill=\"#343a40\">{}</text>",
                num(y),
                escape(c)
            );
        }
    }

    fn keys(&self) -> Vec<Key> {
        let mut keys = Vec::new();
        if !self.p.goals.is_empty() {
            keys.push(Key::Goal);
        }
        if let Some(heat) = &self.p.heat {
            let farthest = heat.iter().flatten().copied().max().unwrap_or(0);
            keys.extend((1..=farthest).map(Key::Moves));
            if heat.iter().any(Option::is_none) {
                keys.push(Key::OutOfReach);
            }
        }
        let Some(m) = &self.p.marks else {
            return keys;
        };
        // The cell marks, in legend order, and which cells show each.
        let cell_keys: [(Key, Shows); 14] = [
            (Key::Quiet, |c| c.quiet && !c.move_only),
            (Key::MoveOnly, |c| c.move_only),
            (Key::Capture, |c| c.capture),
            (Key::CaptureOnly, |c| c.capture_only),
            (Key::Passing, |c| c.passing_capture),
            (Key::Screen, |c| c.screen),
            (Key::Push, |c| c.push),
            (Key::Swap, |c| c.swap),
            (Key::FriendCapture, |c| c.friend_capture),
            (Key::Convert, |c| c.convert),
            (Key::Activate, |c| c.activate),
            (Key::Cascade, |c| c.cascade),
            (Key::Burned, |c| c.burned),
            (Key::Blast, |c| c.blast),
        ];
        for (key, shows) in cell_keys {
            if m.cells.iter().any(shows) {
                keys.push(key);
            }
        }
        for kind in [LegKind::First, LegKind::Turn, LegKind::Hop, LegKind::Locust] {
            if m.edges.iter().any(|e| e.kind == kind && !e.leap) {
                keys.push(Key::Line(kind));
            }
        }
        if m.edges.iter().any(|e| e.leap) {
            keys.push(Key::Leap);
        }
        keys
    }

    const KEY_H: f64 = 22.0;

    /// The width of a legend column: symbol, text (estimated at 6.5 px a character)
    /// and a gap.
    fn key_width(&self) -> f64 {
        let longest = self
            .keys()
            .iter()
            .map(|k| k.text().chars().count())
            .max()
            .unwrap_or(0);
        36.0 + 6.5 * longest as f64 + 16.0
    }

    fn key_columns(&self) -> usize {
        (((self.width - 2.0 * PAD) / self.key_width()).floor() as usize).max(1)
    }

    pub(super) fn footer_height(&self) -> f64 {
        let notes = 18.0 * self.p.notes.len() as f64;
        let keys = self.keys().len();
        let rows = keys.div_ceil(self.key_columns());
        let legend = if rows > 0 {
            10.0 + Self::KEY_H * rows as f64
        } else {
            0.0
        };
        let gap = if notes + legend > 0.0 { 6.0 } else { 0.0 };
        gap + notes + legend
    }

    pub(super) fn footer(&mut self) {
        let mut y = self.board_bottom + 6.0;
        for n in &self.p.notes {
            y += 15.0;
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#343a40\">{}</text>",
                num(PAD),
                num(y),
                escape(n)
            );
            y += 3.0;
        }
        let keys = self.keys();
        if keys.is_empty() {
            return;
        }
        y += 10.0;
        let cols = self.key_columns();
        let key_w = self.key_width();
        let used = key_w * cols.min(keys.len()) as f64;
        let x0 = ((self.width - used) / 2.0).max(PAD);
        self.out
            .push_str("<g id=\"legend\" font-size=\"12\" fill=\"#343a40\">\n");
        for (n, key) in keys.iter().enumerate() {
            let x = x0 + key_w * (n % cols) as f64;
            let cy = y + Self::KEY_H * (n / cols) as f64 + Self::KEY_H / 2.0;
            let sx = x + 14.0;
            // A mark drawn on a blank piece disc of `side`.
            let on_disc =
                |side: Side, mark: String| format!("{}{mark}", piece_disc(sx, cy, 8.0, side, ""));
            let symbol = match key {
                Key::Quiet => quiet_dot(sx, cy, 6.0),
                Key::MoveOnly => move_only_ring(sx, cy, 6.0),
                Key::Capture => on_disc(Side::Second, capture_ring(sx, cy, 8.0)),
                Key::CaptureOnly => capture_only_ring(sx, cy, 6.0),
                Key::Passing => on_disc(Side::Second, passing_cross(sx, cy, 8.0)),
                Key::Screen => on_disc(Side::First, screen_ring(sx, cy, 8.0)),
                Key::Push => on_disc(Side::First, push_ring(sx, cy, 8.0)),
                Key::Swap => on_disc(Side::First, swap_ring(sx, cy, 8.0)),
                Key::FriendCapture => on_disc(Side::First, friend_capture_ring(sx, cy, 8.0)),
                Key::Convert => on_disc(Side::Second, convert_ring(sx, cy, 8.0)),
                Key::Activate => on_disc(Side::First, activate_ring(sx, cy, 8.0)),
                Key::Cascade => cascade_dot(sx, cy, 5.0),
                Key::Burned => on_disc(Side::Second, removal_badge(sx, cy, 8.0, false)),
                Key::Blast => on_disc(Side::Second, removal_badge(sx, cy, 8.0, true)),
                Key::Line(kind) => format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" \
                     stroke-width=\"3\" stroke-linecap=\"round\"/>",
                    num(x + 2.0),
                    num(cy),
                    num(x + 26.0),
                    num(cy),
                    line_colour(*kind)
                ),
                Key::Leap => format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{LINE_FIRST}\" \
                     stroke-width=\"3\" stroke-linecap=\"round\" stroke-dasharray=\"7 6\"/>",
                    num(x + 2.0),
                    num(cy),
                    num(x + 30.0),
                    num(cy)
                ),
                Key::Goal => goal_target(sx, cy, 8.0),
                Key::Moves(n) => swatch(sx, cy, heat_colour(*n)),
                Key::OutOfReach => swatch(sx, cy, OUT_OF_REACH),
            };
            let _ = writeln!(
                self.out,
                "{symbol}<text x=\"{}\" y=\"{}\">{}</text>",
                num(x + 36.0),
                num(cy + 4.0),
                key.text()
            );
        }
        self.out.push_str("</g>\n");
    }
}

/// A square of colour for the legend of a heat map.
fn swatch(x: f64, y: f64, fill: &str) -> String {
    format!(
        "<rect x=\"{}\" y=\"{}\" width=\"16\" height=\"16\" fill=\"{fill}\" \
         fill-opacity=\"{HEAT_OPACITY}\" stroke=\"#8b6a4c\" stroke-width=\"0.75\"/>",
        num(x - 8.0),
        num(y - 8.0)
    )
}
