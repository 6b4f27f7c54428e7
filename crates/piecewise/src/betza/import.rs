//! import: [`Move`]s into `.rules` text. Each move becomes one pattern, written in the
//! shortest words the language has (`step any`, `ride forward 2`, `leap (1,2)`), and
//! moves that differ only in their directions are merged into one pattern. The text is
//! real language: the caller compiles it, so the checker vouches for it.

use super::moves::{images, Move, Shape};
use crate::ir::Vector;
use crate::topology::Geometry;
use std::fmt::Write;

/// The direction words tried for a set of king steps, largest first (their vectors are
/// the square board's, [`Geometry::word`]).
const WORDS: &[&str] = &[
    "any",
    "orthogonal",
    "diagonal",
    "forward-diagonal",
    "backward-diagonal",
    "sideways",
    "forward",
    "backward",
    "left",
    "right",
    "forward-left",
    "forward-right",
    "backward-left",
    "backward-right",
];

/// Whether every vector is a king step.
fn unit(vs: &[Vector]) -> bool {
    vs.iter().all(|v| v.dx.abs() <= 1 && v.dy.abs() <= 1)
}

/// The vectors scaled down to king steps (for straight vectors).
fn units(vs: &[Vector]) -> Vec<Vector> {
    let mut out: Vec<Vector> = vs
        .iter()
        .map(|v| Vector::new(v.dx.signum(), v.dy.signum()))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Direction words for a set of king steps, joined by `+` (greedy, largest first).
pub fn words(vs: &[Vector]) -> String {
    let mut left: Vec<Vector> = vs.to_vec();
    let mut parts = Vec::new();
    for &word in WORDS {
        let set = Geometry::Square.word(word).unwrap_or_default();
        if set.iter().all(|v| vs.contains(v)) && set.iter().any(|v| left.contains(v)) {
            left.retain(|v| !set.contains(v));
            parts.push(word);
        }
    }
    parts.join(" + ")
}

/// Vector terms for a set of vectors: `(a,b)`, `forward (a,b)`, `backward (a,b)`,
/// `exactly (x,y)`, one base at a time.
pub fn terms(vs: &[Vector]) -> String {
    let mut bases: Vec<(i8, i8)> = vs
        .iter()
        .map(|v| {
            let (x, y) = (v.dx.abs(), v.dy.abs());
            (x.min(y), x.max(y))
        })
        .collect();
    bases.sort();
    bases.dedup();
    let mut parts = Vec::new();
    for (a, b) in bases {
        let all = images(a, b);
        let mine: Vec<Vector> = all.iter().copied().filter(|v| vs.contains(v)).collect();
        // Straight vectors read (k,0) and (k,k); oblique ones (1,2).
        let shown = if a == 0 { (b, 0) } else { (a, b) };
        if mine.len() == all.len() {
            parts.push(format!("({},{})", shown.0, shown.1));
            continue;
        }
        let mut left = mine.clone();
        for (word, keep) in [("forward", 1i8), ("backward", -1)] {
            let half: Vec<Vector> = all
                .iter()
                .copied()
                .filter(|v| v.dy.signum() == keep)
                .collect();
            if half.len() > 1 && half.iter().all(|v| mine.contains(v)) {
                parts.push(format!("{word} ({},{})", shown.0, shown.1));
                left.retain(|v| !half.contains(v));
            }
        }
        for v in left {
            parts.push(format!("exactly ({},{})", v.dx, v.dy));
        }
    }
    parts.join(" + ")
}

/// The directions of a leg: words for king steps, vector terms otherwise.
fn dirs(vs: &[Vector]) -> String {
    if unit(vs) {
        words(vs)
    } else {
        terms(vs)
    }
}

/// A turn list: `45`, `-45`, `±45`, `90 180`.
fn turn_text(turns: &[i16]) -> String {
    let mut parts = Vec::new();
    let mut done = Vec::new();
    // 0 first, then by size: `0 ±90`, `±45 180`.
    let mut turns = turns.to_vec();
    turns.sort_by_key(|t| (t.abs(), *t));
    for &t in &turns {
        if done.contains(&t) {
            continue;
        }
        if t != 0 && t != 180 && turns.contains(&-t) {
            parts.push(format!("±{}", t.abs()));
            done.push(-t);
        } else {
            parts.push(t.to_string());
        }
        done.push(t);
    }
    parts.join(" ")
}

/// The legs of one move (without modifiers).
fn legs(m: &Move) -> Vec<String> {
    let v = &m.vectors;
    match &m.shape {
        Shape::Leap if unit(v) => vec![format!("step {}", words(v))],
        Shape::Leap => vec![format!("leap {}", terms(v))],
        Shape::Ride { max } => {
            let range = max.map_or(String::new(), |n| format!(" up to {n}"));
            vec![format!("ride {}{range}", dirs(v))]
        }
        Shape::Hop => vec![format!("ride {} via piece then ride same", dirs(v))],
        // The hurdle h cells away, the landing at most `n` from the start.
        Shape::HopRange(n) => (1..*n)
            .map(|h| {
                let rest = n - h;
                let range = if rest == 1 {
                    "1".to_string()
                } else {
                    format!("up to {rest}")
                };
                format!("ride {} {h} via piece then ride same {range}", dirs(v))
            })
            .collect(),
        Shape::Grasshop => vec![format!("ride {} via piece then step same", dirs(v))],
        Shape::Lame => lame(v),
        Shape::Circular { turn, max } => {
            let mover = if unit(v) { "step" } else { "leap" };
            let first = format!("{mover} {}", dirs(v));
            let mut out = vec![first.clone()];
            if *max > 1 {
                let range = if *max == 2 {
                    "1".to_string()
                } else {
                    format!("up to {}", max - 1)
                };
                for t in [*turn, -turn] {
                    out.push(format!(
                        "{first} then repeat {range} {{ {mover} turn {t} }}"
                    ));
                }
            }
            out
        }
        Shape::Crooked => {
            let mover = if unit(v) { "step" } else { "leap" };
            let first = format!("{mover} {}", dirs(v));
            let mut out = vec![first.clone(), format!("{first} then {mover} turn ±90")];
            for (a, b) in [(90, -90), (-90, 90)] {
                out.push(format!(
                    "{first} then repeat {{ {mover} turn {a} then {mover} turn {b} }}"
                ));
                out.push(format!(
                    "{first} then {mover} turn {a} then repeat {{ {mover} turn {b} then {mover} turn {a} }}"
                ));
            }
            out
        }
        Shape::Chain { ride, legs } => {
            let mover = if *ride { "ride" } else { "step" };
            let mut text = format!("{mover} {}", words(v));
            for leg in legs {
                let mut via = Vec::new();
                if leg.via.0 {
                    via.push("empty");
                }
                if leg.via.1 {
                    via.push("foe captured");
                }
                if leg.via.2 {
                    via.push("piece");
                }
                if via != ["empty"] {
                    let _ = write!(text, " via {}", via.join(" or "));
                }
                let turned = match leg.turns.as_slice() {
                    [0] => "same".to_string(),
                    [180] => "back".to_string(),
                    t if t.len() == 8 => "any".to_string(),
                    t if t.len() == 4 && v.iter().all(|v| v.dx == 0 || v.dy == 0) => {
                        "orthogonal".to_string()
                    }
                    t if t.len() == 4 => "diagonal".to_string(),
                    t => format!("turn {}", turn_text(t)),
                };
                let _ = write!(text, " then {mover} {turned}");
            }
            vec![text]
        }
    }
}

/// Lame leaps: straight ones ride their king steps; (1,2) and (2,3) go one orthogonal
/// step, then turn 45° outward for the rest.
fn lame(vs: &[Vector]) -> Vec<String> {
    let mut straight = Vec::new();
    let mut bent: Vec<(Vector, i16, u8)> = Vec::new();
    for &v in vs {
        let (x, y) = (v.dx, v.dy);
        if x == 0 || y == 0 || x.abs() == y.abs() {
            straight.push(v);
            continue;
        }
        // The orthogonal first step is along the longer component.
        let (first, rest) = if y.abs() > x.abs() {
            (Vector::new(0, y.signum()), Vector::new(x, y - y.signum()))
        } else {
            (Vector::new(x.signum(), 0), Vector::new(x - x.signum(), y))
        };
        let turn = if first.rotate(45) == Some(Vector::new(rest.dx.signum(), rest.dy.signum())) {
            45
        } else {
            -45
        };
        bent.push((first, turn, rest.dx.unsigned_abs()));
    }
    let mut out = Vec::new();
    // Straight lame leaps of one length ride that many king steps.
    let mut lens: Vec<i8> = straight
        .iter()
        .map(|v| v.dx.abs().max(v.dy.abs()))
        .collect();
    lens.sort();
    lens.dedup();
    for k in lens {
        let these: Vec<Vector> = straight
            .iter()
            .copied()
            .filter(|v| v.dx.abs().max(v.dy.abs()) == k)
            .collect();
        out.push(format!("ride {} {k}", words(&units(&these))));
    }
    // Bent ones: one pattern per set of turns, with every first step that has it.
    let mut groups: Vec<(Vec<i16>, u8, Vec<Vector>)> = Vec::new();
    let mut firsts: Vec<(Vector, u8)> = bent.iter().map(|b| (b.0, b.2)).collect();
    firsts.sort();
    firsts.dedup();
    for (first, len) in firsts {
        let mut ts: Vec<i16> = bent
            .iter()
            .filter(|b| b.0 == first && b.2 == len)
            .map(|b| b.1)
            .collect();
        ts.sort();
        match groups.iter_mut().find(|g| g.0 == ts && g.1 == len) {
            Some(g) => g.2.push(first),
            None => groups.push((ts, len, vec![first])),
        }
    }
    for (ts, len, fs) in groups {
        let second = if len == 1 {
            format!("step turn {}", turn_text(&ts))
        } else {
            format!("ride turn {} {len}", turn_text(&ts))
        };
        out.push(format!("step {} then {second}", words(&fs)));
    }
    out
}

/// Merges moves that differ only in their vectors (and are of one kind: king steps, or
/// one leaper's vectors), keeping the first one's place.
fn merge(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    for m in moves {
        let key = |x: &Move| {
            (
                x.shape.clone(),
                x.quiet,
                x.capture,
                x.friend,
                x.unload,
                x.initial,
                x.en_passant,
                unit(&x.vectors),
                matches!(x.shape, Shape::Chain { .. }),
            )
        };
        let same_base = |a: &Move| {
            unit(&a.vectors)
                || a.vectors.iter().chain(&m.vectors).all(|v| {
                    let b = a.vectors[0];
                    let base = |v: &Vector| {
                        let (x, y) = (v.dx.abs(), v.dy.abs());
                        (x.min(y), x.max(y))
                    };
                    base(v) == base(&b)
                })
        };
        if !matches!(m.shape, Shape::Chain { .. }) {
            if let Some(o) = out.iter_mut().find(|o| key(o) == key(m) && same_base(o)) {
                o.vectors.extend_from_slice(&m.vectors);
                o.vectors.sort();
                o.vectors.dedup();
                continue;
            }
        }
        out.push(m.clone());
    }
    out
}

/// The patterns of a piece, one line each, with their modifiers.
pub fn patterns(moves: &[Move]) -> Vec<String> {
    let any_ep = moves.iter().any(|m| m.en_passant);
    let mut out = Vec::new();
    for m in merge(moves) {
        let mut mods = Vec::new();
        // `u`: what the move would capture it swaps with instead.
        let capture = m.capture && !m.unload;
        match (m.quiet, capture) {
            (true, false) => mods.push("move only"),
            (false, true) => mods.push("capture only"),
            (false, false) => mods.extend(["move only", "capture only"]),
            _ => {}
        }
        match (m.unload, m.capture, m.friend) {
            (false, _, true) => mods.push("capture friend"),
            (true, true, true) => mods.push("swap piece"),
            (true, true, false) => mods.push("swap foe"),
            (true, false, true) => mods.push("swap friend"),
            _ => {}
        }
        if m.initial {
            mods.push("initial");
        }
        // A piece that captures en passant opens the cells of its initial quiet
        // straight moves of more than one step (the pawn's double step).
        if any_ep
            && m.initial
            && !m.capture
            && matches!(m.shape, Shape::Lame | Shape::Ride { .. })
            && m.vectors
                .iter()
                .all(|v| v.dx == 0 || v.dx.abs() == v.dy.abs())
        {
            mods.push("en passant");
        }
        for leg in legs(&m) {
            let mut line = leg;
            for md in &mods {
                let _ = write!(line, ", {md}");
            }
            out.push(line);
        }
    }
    out
}
