//! Lints over a piece's final (inlined) patterns: patterns that repeat another one, and
//! single-leg patterns whose moves another single-leg pattern already produces.
//!
//! Owns only warnings; it never rejects a file.

use super::pieces::Placed;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::ZoneId;
use crate::ir::{self, Landing, LegDirs, Via};

/// A pattern with spans removed and the last leg's (meaningless) `via` cleared, so that
/// two patterns producing the same moves compare equal.
#[derive(PartialEq, Debug)]
struct Normal {
    legs: Vec<(LegDirs, u16, Option<u16>, Via)>,
    land: Landing,
    initial: bool,
    /// The `near` condition's code.
    near: u8,
    /// The `repeat` group (its legs, its counts).
    repeat: Option<ir::Repeat>,
    side: Option<crate::ids::Side>,
    en_passant: bool,
    from: Vec<(ZoneId, bool)>,
    to: Vec<(ZoneId, bool)>,
}

fn normal(p: &ir::Pattern) -> Normal {
    let count = p.legs.len();
    let legs = p
        .legs
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let via = if i + 1 == count {
                Via::default()
            } else {
                l.via.clone()
            };
            (l.dirs.clone(), l.min, l.max, via)
        })
        .collect();
    let conds = |v: &[ir::ZoneCondition]| {
        let mut out: Vec<(ZoneId, bool)> = v.iter().map(|c| (c.zone, c.inside)).collect();
        out.sort();
        out.dedup();
        out
    };
    Normal {
        legs,
        land: p.land.clone(),
        initial: p.conditions.initial,
        near: p.conditions.near,
        repeat: p.repeat,
        side: p.conditions.side,
        en_passant: p.conditions.en_passant,
        from: conds(&p.conditions.from),
        to: conds(&p.conditions.to),
    }
}

/// Whether single-leg `a` produces a subset of single-leg `b`'s moves.
fn covered(a: &Normal, b: &Normal) -> bool {
    if a.legs.len() != 1
        || b.legs.len() != 1
        || a.land != b.land
        || a.initial != b.initial
        || a.near != b.near
        || a.repeat != b.repeat
        || (b.side.is_some() && a.side != b.side)
        || a.en_passant != b.en_passant
        || a.from != b.from
        || a.to != b.to
    {
        return false;
    }
    let (da, mina, maxa, _) = &a.legs[0];
    let (db, minb, maxb, _) = &b.legs[0];
    if mina != minb || maxa != maxb {
        return false;
    }
    match (da, db) {
        (LegDirs::Absolute(va), LegDirs::Absolute(vb)) => va.iter().all(|v| vb.contains(v)),
        _ => false,
    }
}

/// Pieces with more patterns than this get only the exact-duplicate half of W0003, found
/// in linear time: comparing every pair for "adds no moves" grows with the square.
const PAIRWISE_LINT_LIMIT: usize = 256;

/// Warns (W0003) about patterns of one piece that add no moves.
pub(crate) fn redundant_patterns(diags: &mut Diagnostics, piece: &str, patterns: &[Placed]) {
    let normals: Vec<Normal> = patterns.iter().map(|p| normal(&p.pattern)).collect();
    if patterns.len() > PAIRWISE_LINT_LIMIT {
        return exact_duplicates(diags, piece, patterns, &normals);
    }
    let mut reported = vec![false; patterns.len()];
    for j in 0..patterns.len() {
        for i in 0..patterns.len() {
            if i == j || reported[j] || reported[i] {
                continue;
            }
            if same_like(&patterns[i], &patterns[j]) {
                continue;
            }
            let same = normals[i] == normals[j];
            if same && i > j {
                continue; // reported as (i, j) with the later one as the duplicate
            }
            if !same && !covered(&normals[j], &normals[i]) {
                continue;
            }
            reported[j] = true;
            diags.push(redundant(piece, &patterns[j], &patterns[i], same));
        }
    }
}

/// Both came in through the same `like`: the other piece gets the warning.
fn same_like(a: &Placed, b: &Placed) -> bool {
    a.inlined && b.inlined && a.site == b.site
}

/// W0003 for exact repeats only, each against the first earlier pattern it repeats.
fn exact_duplicates(diags: &mut Diagnostics, piece: &str, patterns: &[Placed], normals: &[Normal]) {
    let mut seen: std::collections::HashMap<String, Vec<usize>> = Default::default();
    for (j, n) in normals.iter().enumerate() {
        let earlier = seen.entry(format!("{n:?}")).or_default();
        if let Some(&i) = earlier
            .iter()
            .find(|&&i| !same_like(&patterns[i], &patterns[j]))
        {
            diags.push(redundant(piece, &patterns[j], &patterns[i], true));
        } else {
            earlier.push(j);
        }
    }
}

/// The W0003 warning for `dup`, which `other` repeats (`same`) or covers.
fn redundant(piece: &str, dup: &Placed, other: &Placed, same: bool) -> Diagnostic {
    let what = if dup.inlined {
        "a pattern this `like` brings in"
    } else {
        "this pattern"
    };
    let (msg, label, other_label) = if same {
        (
            format!("a pattern of `{piece}` is given twice"),
            format!("{what} repeats another one"),
            "the same pattern is given here",
        )
    } else {
        (
            format!("a pattern of `{piece}` adds no moves"),
            format!("{what} only moves where another pattern already does"),
            "this pattern covers it",
        )
    };
    Diagnostic::warning("W0003", msg, dup.site)
        .label(label)
        .secondary(other.site, other_label)
        .help("remove the redundant pattern")
}
