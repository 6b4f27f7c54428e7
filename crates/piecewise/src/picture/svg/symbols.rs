//! symbols: one SVG fragment per kind of mark, at a centre and a size in pixels:
//! the move dot and rings, capture and screen rings, the passing-capture badge, push
//! and swap rings and arrows, friend-capture, conversion and activation rings, cascade
//! arrows and dots, burn and blast badges, goal targets and piece discs, with their colours and the colour
//! of each kind of path line. The board and the legend draw the same symbols, so a
//! legend entry looks like the mark it explains.

use super::{escape, num};
use crate::ids::Side;
use crate::picture::LegKind;
use std::fmt::Write as _;

const QUIET: &str = "#2f9e44";
const GOAL: &str = "#d6336c";
const CAPTURE: &str = "#e03131";
const SCREEN: &str = "#1971c2";
pub(super) const LINE_FIRST: &str = "#495057";
const LINE_TURN: &str = "#e8590c";
const LINE_HOP: &str = "#1971c2";
const LINE_LOCUST: &str = "#c2255c";
const PUSH: &str = "#f08c00";
const SWAP: &str = "#7048e8";
const CONVERT: &str = "#ae3ec9";
const ACTIVATE: &str = "#0c8599";
const BURN: &str = "#fd7e14";
const BLAST: &str = "#212529";

pub(super) fn line_colour(k: LegKind) -> &'static str {
    match k {
        LegKind::First => LINE_FIRST,
        LegKind::Turn => LINE_TURN,
        LegKind::Hop => LINE_HOP,
        LegKind::Locust => LINE_LOCUST,
    }
}

/// A goal: two concentric rings, like the target printed on a Sokoban storage cell.
pub(super) fn goal_target(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r1}\" fill=\"none\" stroke=\"{GOAL}\" stroke-width=\"2.5\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{r2}\" fill=\"{GOAL}\"/>",
        x = num(x),
        y = num(y),
        r1 = num(r),
        r2 = num(r * 0.4)
    )
}

pub(super) fn quiet_dot(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{QUIET}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
        num(x),
        num(y),
        num(r)
    )
}

pub(super) fn move_only_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#ffffff\" fill-opacity=\"0.6\" \
         stroke=\"{QUIET}\" stroke-width=\"3.5\"/>",
        num(x),
        num(y),
        num(r)
    )
}

pub(super) fn capture_only_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{CAPTURE}\" stroke-width=\"3\"/>",
        num(x),
        num(y),
        num(r)
    )
}

pub(super) fn capture_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{CAPTURE}\" stroke-width=\"3.5\"/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

pub(super) fn push_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{PUSH}\" stroke-width=\"3.5\"/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

/// An arrow from a pushed piece at `a` to the cell `b` it goes to, its head ending
/// `back` pixels before the centre of `b`.
pub(super) fn push_arrow(a: (f64, f64), b: (f64, f64), back: f64) -> String {
    arrow(a, b, back, PUSH, "")
}

/// A swap: an arrow from the piece met at `a` to the mover's start cell `b`.
pub(super) fn swap_arrow(a: (f64, f64), b: (f64, f64), back: f64) -> String {
    arrow(a, b, back, SWAP, "")
}

/// A link between the plies of a cascade: a dashed arrow from where a ply starts (the
/// activated piece) to where it ends.
pub(super) fn cascade_arrow(a: (f64, f64), b: (f64, f64), back: f64) -> String {
    arrow(a, b, back, ACTIVATE, " stroke-dasharray=\"6 4\"")
}

/// A ring around a piece of colour `colour`, `r + 3` wide, with `extra` attributes.
fn ring(x: f64, y: f64, r: f64, colour: &str, extra: &str) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3.5\"{extra}/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

/// A swap with the piece here (the arrow shows where it goes).
pub(super) fn swap_ring(x: f64, y: f64, r: f64) -> String {
    ring(x, y, r, SWAP, "")
}

/// A friendly piece the move may capture (`capture friend`).
pub(super) fn friend_capture_ring(x: f64, y: f64, r: f64) -> String {
    ring(x, y, r, CAPTURE, " stroke-dasharray=\"4 3\"")
}

/// A piece the move may convert.
pub(super) fn convert_ring(x: f64, y: f64, r: f64) -> String {
    ring(x, y, r, CONVERT, " stroke-dasharray=\"9 3 2 3\"")
}

/// A piece the move may activate (it makes the next ply).
pub(super) fn activate_ring(x: f64, y: f64, r: f64) -> String {
    ring(x, y, r, ACTIVATE, "")
}

/// Where a later ply of a cascade may end: a teal dot.
pub(super) fn cascade_dot(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{ACTIVATE}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
        num(x),
        num(y),
        num(r)
    )
}

/// A badge at the lower left of a piece disc of radius `r`: burned (an orange flame,
/// a drop shape) or blown up (a dark eight-pointed star).
pub(super) fn removal_badge(x: f64, y: f64, r: f64, blast: bool) -> String {
    let (bx, by, br) = (x - 0.72 * r, y + 0.72 * r, (0.42 * r).max(5.0));
    if blast {
        let mut d = String::new();
        for k in 0..16 {
            let a = std::f64::consts::PI * f64::from(k) / 8.0;
            let rr = if k % 2 == 0 { br } else { 0.45 * br };
            let _ = write!(
                d,
                "{}{} {}",
                if k == 0 { "M" } else { "L" },
                num(bx + rr * a.sin()),
                num(by - rr * a.cos())
            );
        }
        format!("<path d=\"{d}Z\" fill=\"{BLAST}\" stroke=\"#ffd43b\" stroke-width=\"1.5\"/>")
    } else {
        format!(
            "<path d=\"M{} {}Q{} {} {} {}A{} {} 0 1 1 {} {}Q{} {} {} {}Z\" fill=\"{BURN}\" \
             stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
            num(bx),
            num(by - br),
            num(bx + 0.6 * br),
            num(by - 0.2 * br),
            num(bx + 0.6 * br),
            num(by + 0.3 * br),
            num(0.6 * br),
            num(0.6 * br),
            num(bx - 0.6 * br),
            num(by + 0.3 * br),
            num(bx - 0.6 * br),
            num(by - 0.2 * br),
            num(bx),
            num(by - br)
        )
    }
}

/// An arrow from `a` to `b` in `colour`, its head ending `back` pixels before the
/// centre of `b`; `dash` adds attributes to its line.
fn arrow(a: (f64, f64), b: (f64, f64), back: f64, colour: &str, dash: &str) -> String {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let tip = (b.0 - ux * back, b.1 - uy * back);
    let head = 11.0_f64.min(len / 2.0);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (nx, ny) = (-uy * head * 0.55, ux * head * 0.55);
    format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"3.5\" \
         stroke-linecap=\"round\"{dash}/><path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{colour}\"/>",
        num(a.0),
        num(a.1),
        num(base.0),
        num(base.1),
        num(tip.0),
        num(tip.1),
        num(base.0 + nx),
        num(base.1 + ny),
        num(base.0 - nx),
        num(base.1 - ny)
    )
}

pub(super) fn screen_ring(x: f64, y: f64, r: f64) -> String {
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{SCREEN}\" stroke-width=\"3\" \
         stroke-dasharray=\"5 3\"/>",
        num(x),
        num(y),
        num(r + 3.0)
    )
}

/// A red badge with a white cross at the upper right of a piece disc of radius `r`.
pub(super) fn passing_cross(x: f64, y: f64, r: f64) -> String {
    let (bx, by, br) = (x + 0.72 * r, y - 0.72 * r, (0.42 * r).max(5.0));
    let d = 0.45 * br;
    format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{CAPTURE}\" stroke=\"#ffffff\" \
         stroke-width=\"1.5\"/><path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#ffffff\" \
         stroke-width=\"2\" stroke-linecap=\"round\"/>",
        num(bx),
        num(by),
        num(br),
        num(bx - d),
        num(by - d),
        num(bx + d),
        num(by + d),
        num(bx - d),
        num(by + d),
        num(bx + d),
        num(by - d)
    )
}

pub(super) fn piece_disc(x: f64, y: f64, r: f64, side: Side, label: &str) -> String {
    // A label `*X` is a neutral piece (no side's): its letter on yellow.
    let (label, neutral) = match label.strip_prefix('*') {
        Some(rest) if !rest.is_empty() => (rest, true),
        _ => (label, false),
    };
    let (fill, stroke, ink) = match side {
        _ if neutral => ("#f2c94c", "#6b5300", "#3d2f00"),
        Side::First => ("#fdfdfd", "#212529", "#212529"),
        Side::Second => ("#2b2f33", "#000000", "#ffffff"),
    };
    let mut s = format!(
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
        num(x),
        num(y),
        num(r)
    );
    if !label.is_empty() {
        let len = label.chars().count().max(1) as f64;
        let size = (1.15 * r).min(1.5 * r / (0.72 * len));
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" fill=\"{ink}\">{}</text>",
            num(x),
            num(y + 0.36 * size),
            num(size),
            escape(label)
        );
    }
    s
}
