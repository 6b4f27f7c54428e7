//! Patterns: legs (mover, directions, range, `via`), checked and lowered to
//! [`ir::Pattern`]s with their modifiers (checked in `modifiers`).
//!
//! Owns the rules about ranges (only on `ride`, 1..=255, min ≤ max), `via` junctions
//! (only before `then`, `captured` only on foes, one kind restriction per leg), plus the
//! "this pattern can never move" warnings that are visible from one pattern alone.

use super::Checker;
use crate::ast::{self, Mover, RangeKind, ViaKind};
use crate::diagnostics::Diagnostic;
use crate::ids::{PieceId, Span};
use crate::ir::{self, Conditions, KindFilter, Landing, Leg, Via};

/// The largest step count a range may give.
pub const MAX_RANGE: u64 = 255;

impl Checker {
    /// The [`crate::ir::Near`] code of `near [N] foe` / `not near foe`: E1040 for a
    /// count with `not`, E1041 for a count past 8, E1042 off a square board (the eight
    /// cells around are the square grid's).
    pub(super) fn near(&mut self, count: Option<(u32, Span)>, not: bool, span: Span) -> Option<u8> {
        use crate::ir::Near;
        if let (true, Some((_, at))) = (not, count) {
            self.diags.push(
                Diagnostic::error("E1040", "`not near` with a count", at)
                    .label("`not near foe` already says none")
                    .help("write `not near foe`, or `near N foe` for exactly N"),
            );
            return None;
        }
        if let Some((n, at)) = count {
            if n > Near::MOST {
                self.diags.push(
                    Diagnostic::error(
                        "E1041",
                        format!("`near {n} foe`: a cell has 8 cells around it"),
                        at,
                    )
                    .label("more than the cells around the start cell")
                    .help("write a count from 0 to 8 (`near foe`: at least one)"),
                );
                return None;
            }
        }
        if self.geometry() != crate::topology::Geometry::Square || self.on_graph() {
            self.diags.push(
                Diagnostic::error("E1042", "`near` on a board that is not square", span)
                    .label("the cells around a start cell are the square grid's eight")
                    .help(
                        "`near` counts the pieces on the eight neighbours of a square board's cell",
                    ),
            );
            return None;
        }
        Some(match (not, count) {
            (true, _) => Near::EXACT,
            (false, None) => Near::ANY,
            (false, Some((n, _))) => Near::EXACT + n as u8,
        })
    }
}

impl Checker {
    /// Checks and lowers one pattern; `None` if it has an error (all reported).
    pub(crate) fn pattern(&mut self, p: &ast::Pattern) -> Option<ir::Pattern> {
        let mut ok = true;
        let mut legs = Vec::new();
        let mut prev: Option<(&ast::Leg, Option<std::collections::BTreeSet<ir::Vector>>)> = None;
        let count = p.legs.len();
        let mut dead_leg: Option<(Span, u16)> = None;
        let repeat = self.repeat(p);
        let group = repeat.as_ref().and_then(|r| r.as_ref());
        // The vectors each leg so far can move in (`None` where unknown).
        let mut leg_moves: Vec<Option<std::collections::BTreeSet<ir::Vector>>> = Vec::new();
        for (i, leg) in p.legs.iter().enumerate() {
            // The group's last leg hands over to its next repetition: never last.
            let last = i + 1 == count && group.map_or(true, |g| g.last() != i);
            let prev_ref = prev.as_ref().map(|(l, m)| (*l, m.as_ref()));
            let mut dirs = self.leg_dirs(leg, prev_ref);
            if let Some(d) = dirs.as_mut().filter(|d| d.dirs == ir::LegDirs::Alternate) {
                if i < 2 {
                    self.error(
                        Diagnostic::error(
                            "E1065",
                            "`alternate` needs two legs before it",
                            leg.dirs_span,
                        )
                        .label(format!(
                            "leg {} of the pattern: there is no leg two legs back to repeat",
                            i + 1
                        ))
                        .help("choose the two steps first, e.g. `leap (1,2) then leap (1,-4) then repeat { leap alternate }`"),
                    );
                    dirs = None;
                } else {
                    // Two legs back: on a group's later repetitions, any of its legs
                    // or the leg before it.
                    let in_group = group.filter(|g| (g.first..=g.last()).contains(&i));
                    let mut from: Vec<usize> = vec![i - 2];
                    if let Some(g) = in_group {
                        from.push(i - 1);
                        from.extend(g.first..i);
                    }
                    d.moves =
                        from.iter()
                            .try_fold(std::collections::BTreeSet::new(), |mut all, &k| {
                                all.extend(leg_moves[k].as_ref()?);
                                Some(all)
                            });
                }
            }
            let conds = if dirs.is_some() && !leg.conds.is_empty() {
                self.step_conds(leg, prev_ref)
            } else {
                Some(Vec::new())
            };
            ok &= conds.is_some();
            leg_moves.push(dirs.as_ref().and_then(|d| d.moves.clone()));
            let range = self.range(leg);
            let momentum = leg.range.is_some_and(|r| r.kind == RangeKind::Momentum);
            if momentum && i == 0 {
                ok = false;
                self.error(
                    Diagnostic::error(
                        "E1000",
                        "`up to momentum` on a pattern's first leg",
                        leg.range.map_or(leg.span, |r| r.span),
                    )
                    .label("no step is taken before the first leg: its momentum would be 0")
                    .help("momentum counts the steps of the legs before this one: write it on a leg after `then`, e.g. `ride any via friend Shaman then ride any up to momentum`"),
                );
            }
            let via = self.via(leg, last);
            match (dirs, range, via) {
                (Some(d), Some((min, max)), Some(via)) => {
                    if dead_leg.is_none() {
                        let square = self.geometry() == crate::topology::Geometry::Square
                            && !self.on_graph();
                        if let (Some(moves), Some(board), true) = (&d.moves, &self.board, square) {
                            let (w, h) = (i64::from(board.width), i64::from(board.height));
                            let fits = moves.iter().any(|v| {
                                i64::from(min) * i64::from(v.dx).abs() < w
                                    && i64::from(min) * i64::from(v.dy).abs() < h
                            });
                            if !fits && !moves.is_empty() {
                                dead_leg = Some((leg.span, min));
                            }
                        }
                    }
                    prev = Some((leg, d.moves));
                    legs.push(Leg {
                        dirs: d.dirs,
                        min,
                        max,
                        momentum,
                        via,
                        conds: conds.unwrap_or_default(),
                        span: leg.span,
                    });
                }
                _ => {
                    ok = false;
                    prev = Some((leg, None));
                }
            }
        }
        let (land, conditions, mods_ok) = self.modifiers(&p.modifiers);
        let repeat = repeat?;
        if !ok || !mods_ok {
            return None;
        }
        if let Some(group) = &repeat {
            if !self.repeat_turns(group, &legs) {
                return None;
            }
        }
        let mut land = land;
        if conditions.chain && !self.chain_pattern(p, &legs, &repeat, &mut land, &conditions) {
            return None;
        }
        if let (Some((span, min)), Some(board)) = (dead_leg, &self.board) {
            let (w, h) = (board.width, board.height);
            let steps = if min == 1 {
                "this step".to_string()
            } else {
                format!("{min} steps")
            };
            self.diags.push(
                Diagnostic::warning("W0002", "this pattern can never move", span)
                    .label(format!("{steps} cannot fit on the board"))
                    .note(format!("the board is {w}x{h}")),
            );
        }
        Some(ir::Pattern {
            legs,
            repeat,
            land,
            conditions,
            span: p.span,
        })
    }

    /// Checks a pattern marked `chain` (one capture of a capture chain: legs that take a
    /// piece in passing and land on an empty cell) and makes it land only on empty cells;
    /// false after an error (reported): E0720 on a graph board, E0721 with a `repeat`
    /// group, E0722 without a capture in passing, E0723 with a modifier a link of a
    /// chain cannot have.
    fn chain_pattern(
        &mut self,
        p: &ast::Pattern,
        legs: &[Leg],
        repeat: &Option<ir::Repeat>,
        land: &mut Landing,
        cond: &Conditions,
    ) -> bool {
        let chain_span = p
            .modifiers
            .iter()
            .find(|m| m.kind == ast::ModifierKind::Chain)
            .map_or(p.span, |m| m.span);
        if self.on_graph() {
            self.error(
                Diagnostic::error("E0720", "a capture chain on a graph board", chain_span)
                    .label("`chain` needs a board of files and ranks")
                    .note("a chain goes on in the direction its jumps keep; a graph board's headings can reach one node by two directions, so the same jump could be taken twice")
                    .help("use a `square`, `hex`, `tri` or `octo` board, or write the jumps with `repeat`"),
            );
            return false;
        }
        if let Some(group) = repeat {
            self.error(
                Diagnostic::error("E0721", "a `chain` pattern with a `repeat` group", group.span)
                    .label("the chain already repeats the pattern")
                    .secondary(chain_span, "a chain here")
                    .help("write one capture of the chain, e.g. `step diagonal via foe captured then step same, chain`"),
            );
            return false;
        }
        if !legs.iter().any(|l| l.via.foe_captured) {
            self.error(
                Diagnostic::error("E0722", "a `chain` pattern that captures nothing in passing", chain_span)
                    .label(format!(
                        "none of its {} legs ends `via foe captured`",
                        legs.len()
                    ))
                    .help("a link of a chain jumps a piece: `step diagonal via foe captured then step same, chain`"),
            );
            return false;
        }
        let refused = [
            (land.push.is_some(), "push"),
            (
                land.meets.is_some(),
                "swap`, `capture friend`, `convert` or `activate",
            ),
            (cond.pass, "pass"),
            (cond.en_passant, "en passant"),
            (!land.empty, "capture only"),
            (
                cond.actions.is_some(),
                "sets`, `keeps`, `burn`, `explode`, `withdraw`, `pincer` or `coordinate",
            ),
        ];
        if let Some((_, word)) = refused.iter().find(|(on, _)| *on) {
            self.error(
                Diagnostic::error("E0723", format!("`chain` with `{word}`"), chain_span)
                    .label("every link of a chain lands on an empty cell, having jumped a piece")
                    .help(format!("remove `{word}` from this pattern")),
            );
            return false;
        }
        // Each link of a chain lands on an empty cell; the pieces are taken in passing.
        land.foe = false;
        true
    }

    /// The pattern's `repeat` group: `Some(None)` without one, `None` after an error
    /// (reported). At most one group per pattern (E0605).
    fn repeat(&mut self, p: &ast::Pattern) -> Option<Option<ir::Repeat>> {
        let Some(group) = p.repeats.first() else {
            return Some(None);
        };
        if let Some(second) = p.repeats.get(1) {
            self.error(
                Diagnostic::error("E0605", "a second `repeat` group in one pattern", second.keyword)
                    .label("second group")
                    .secondary(group.keyword, "first group")
                    .help("a pattern repeats one run of legs; put the legs of both in one group, or write two patterns"),
            );
            return None;
        }
        let (min, max) = match &group.range {
            None => (1, None),
            Some(r) => self.range_values(r, "repeat")?,
        };
        Some(Some(ir::Repeat {
            first: group.first,
            len: group.len,
            min,
            max,
            span: group.span,
        }))
    }

    /// Checks that the turns of the group's legs apply on every repetition, not only the
    /// first (which [`Checker::leg_dirs`] checked): the directions its first leg turns
    /// from are then those of its last leg, which the group itself keeps turning. A
    /// fixpoint over the sets of directions each leg can move in (E0406).
    fn repeat_turns(&mut self, group: &ir::Repeat, legs: &[Leg]) -> bool {
        use std::collections::BTreeSet;
        let geometry = self.geometry();
        // The directions the group's first leg may turn from, grown to a fixpoint.
        let mut entry: BTreeSet<ir::Vector> = BTreeSet::new();
        let mut from_last: BTreeSet<ir::Vector> = BTreeSet::new();
        // What `alternate` may repeat: any direction of the legs before and in the group.
        let mut seen: BTreeSet<ir::Vector> = BTreeSet::new();
        if group.first > 0 {
            // Seeded by one pass from the legs before; those were checked already.
            let mut prev: BTreeSet<ir::Vector> = BTreeSet::new();
            for leg in &legs[..group.first] {
                prev = moves_of(&leg.dirs, &prev, &seen, geometry);
                seen.extend(prev.iter().copied());
            }
            entry = prev;
        }
        for _ in 0..64 {
            let mut prev: BTreeSet<ir::Vector> = entry.union(&from_last).copied().collect();
            for leg in &legs[group.first..=group.last()] {
                if let ir::LegDirs::Turn(angles) = &leg.dirs {
                    for &v in &prev {
                        for &a in angles {
                            if geometry.rotate(v, a).is_none() {
                                self.error(
                                    Diagnostic::error(
                                        "E0406",
                                        format!("a turn of {a}° cannot turn ({},{}) on a later repetition", v.dx, v.dy),
                                        leg.span,
                                    )
                                    .label("turns the direction the previous repetition ended in")
                                    .secondary(group.span, "repeated here")
                                    .help("odd multiples of 45° only turn directions on a king line or the 8 images of a leap such as (1,2)"),
                                );
                                return false;
                            }
                        }
                    }
                }
                prev = moves_of(&leg.dirs, &prev, &seen, geometry);
                seen.extend(prev.iter().copied());
            }
            if prev.is_subset(&from_last) {
                return true;
            }
            from_last.extend(prev);
        }
        true
    }

    fn range(&mut self, leg: &ast::Leg) -> Option<(u16, Option<u16>)> {
        // `up to momentum` bounds the rest of the path, not the leg's own count: a
        // `step` or `leap` keeps its one step (`Leg::momentum`).
        let Some(r) = leg.range.filter(|r| r.kind != RangeKind::Momentum) else {
            return Some(match leg.mover {
                Mover::Ride => (1, None),
                Mover::Step | Mover::Leap => (1, Some(1)),
            });
        };
        let r = &r;
        if leg.mover != Mover::Ride {
            let kw = leg.mover.keyword();
            self.error(
                Diagnostic::error("E0501", format!("a step count after `{kw}`"), r.span)
                    .label(format!("`{kw}` always moves exactly one step"))
                    .secondary(leg.mover_span, format!("`{kw}` here"))
                    .help("use `ride` to move several steps in a line, e.g. `ride orthogonal 2`"),
            );
            return None;
        }
        self.range_values(r, "step")
    }

    /// A range's (min, max), counts 1..=255 with min <= max (E0502, E0503, E0504);
    /// `what` counts: "step" (a ride's) or "repeat" (a group's).
    fn range_values(&mut self, r: &ast::Range, what: &str) -> Option<(u16, Option<u16>)> {
        let nums: Vec<ast::Number> = match r.kind {
            RangeKind::Exact(n) | RangeKind::UpTo(n) | RangeKind::AtLeast(n) => vec![n],
            RangeKind::Between(a, b) => vec![a, b],
            RangeKind::Momentum if what == "repeat" => {
                self.error(
                    Diagnostic::error("E1001", "`up to momentum` on a `repeat` group", r.span)
                        .label("momentum limits a leg's steps, not a group's repetitions")
                        .help("write it on a leg: `... then ride any up to momentum`"),
                );
                return None;
            }
            // A leg's steps: 1.., bounded where the leg is expanded by the steps the
            // path took before it (`Leg::momentum`).
            RangeKind::Momentum => return Some((1, None)),
        };
        let mut ok = true;
        for n in &nums {
            if n.value > MAX_RANGE {
                ok = false;
                self.error(
                    Diagnostic::error("E0504", format!("{what} count is too large"), n.span)
                        .label(format!("at most {MAX_RANGE}")),
                );
            } else if n.value == 0 {
                ok = false;
                self.error(
                    Diagnostic::error("E0502", format!("a {what} count of 0"), n.span)
                        .label(if what == "repeat" {
                            "a group is walked at least once"
                        } else {
                            "a leg moves at least one step"
                        })
                        .help("counts start at 1"),
                );
            }
        }
        if !ok {
            return None;
        }
        let v = |n: ast::Number| n.value as u16;
        Some(match r.kind {
            RangeKind::Exact(n) => (v(n), Some(v(n))),
            RangeKind::UpTo(n) => (1, Some(v(n))),
            RangeKind::AtLeast(n) => (v(n), None),
            RangeKind::Momentum => (1, None),
            RangeKind::Between(a, b) => {
                if a.value > b.value {
                    self.error(
                        Diagnostic::error("E0503", format!("empty {what} range"), r.span)
                            .label(format!("{} is more than {}", a.value, b.value))
                            .help(format!(
                                "write the smaller number first: `{}..{}`",
                                b.value, a.value
                            )),
                    );
                    return None;
                }
                (v(a), Some(v(b)))
            }
        })
    }

    fn via(&mut self, leg: &ast::Leg, last: bool) -> Option<Via> {
        let Some(via) = &leg.via else {
            return Some(Via {
                empty: true,
                ..Via::default()
            });
        };
        if last {
            self.error(
                Diagnostic::error("E0601", "`via` on the last leg", via.span)
                    .label("no leg follows this one")
                    .help("`via` says where the next leg may start: add `then ...` after it, or remove it (to restrict captures use `, captures ...`)"),
            );
            return None;
        }
        let mut ok = true;
        let mut out = Via::default();
        let mut kinds_span: Option<Span> = None;
        for item in &via.items {
            if let Some(c) = item.captured {
                if item.kind != ViaKind::Foe {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E0602",
                            format!("`captured` after `{}`", item.kind.keyword()),
                            c,
                        )
                        .label("only foes can be captured in passing")
                        .secondary(item.kind_span, format!("`{}` here", item.kind.keyword()))
                        .help("write `foe captured` for a capture in passing"),
                    );
                }
            }
            match item.kind {
                ViaKind::Empty => out.empty = true,
                ViaKind::Friend => out.friend = true,
                ViaKind::Foe if item.captured.is_some() => out.foe_captured = true,
                ViaKind::Foe => out.foe = true,
                ViaKind::Piece => {
                    out.friend = true;
                    out.foe = true;
                }
            }
            if let Some(k) = &item.kinds {
                if item.kind == ViaKind::Empty {
                    ok = false;
                    self.error(
                        Diagnostic::error("E0604", "piece kinds after `empty`", k.span)
                            .label("an empty cell holds no piece")
                            .secondary(item.kind_span, "`empty` here"),
                    );
                    continue;
                }
                if let Some(first) = kinds_span {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E0603",
                            "a second piece-kind restriction in one leg",
                            k.span,
                        )
                        .label("second restriction")
                        .secondary(first, "first restriction")
                        .help("a junction has one kind restriction; combine the names, e.g. `via piece Pawn|Knight`"),
                    );
                    continue;
                }
                kinds_span = Some(k.span);
                match self.kinds(k) {
                    Some(f) => {
                        if let KindFilter::Only(ids) = &f {
                            self.pushed.extend(ids.iter().copied());
                        }
                        out.kinds = f
                    }
                    None => ok = false,
                }
            }
        }
        ok.then_some(out)
    }

    /// Resolves `[not] A|B|...` to a filter; `None` if a name is unknown.
    pub(crate) fn kinds(&mut self, k: &ast::Kinds) -> Option<KindFilter> {
        let mut ids: Vec<PieceId> = Vec::new();
        let mut ok = true;
        for name in &k.names {
            match self.piece(name) {
                Some(id) => ids.push(id),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        ids.sort();
        ids.dedup();
        Some(if k.negated {
            KindFilter::Except(ids)
        } else {
            KindFilter::Only(ids)
        })
    }

    /// `push [friend | foe | piece] [Kinds]`. Without a class, pieces of either side may
    /// be pushed; `push empty` is E0702.
    pub(super) fn push(&mut self, p: &ast::Push, span: Span) -> Option<ir::Push> {
        let (friend, foe) = match p.class {
            None | Some((ViaKind::Piece, _)) => (true, true),
            Some((ViaKind::Friend, _)) => (true, false),
            Some((ViaKind::Foe, _)) => (false, true),
            Some((ViaKind::Empty, at)) => {
                self.error(
                    Diagnostic::error("E0702", "`push empty`: nothing to push", at)
                        .label("an empty cell holds no piece")
                        .secondary(span, "in this `push`")
                        .help("name what may be pushed: `push Box`, `push friend`, `push foe Pawn`, `push piece`"),
                );
                return None;
            }
        };
        let kinds = match &p.kinds {
            Some(k) => {
                let f = self.kinds(k)?;
                if let KindFilter::Only(ids) = &f {
                    self.pushed.extend(ids.iter().copied());
                }
                f
            }
            None => KindFilter::Any,
        };
        Some(ir::Push { friend, foe, kinds })
    }
}

/// The directions a leg can move in, given those the previous leg could move in and
/// those the legs before could (`earlier`, what `alternate` may repeat).
fn moves_of(
    dirs: &ir::LegDirs,
    prev: &std::collections::BTreeSet<ir::Vector>,
    earlier: &std::collections::BTreeSet<ir::Vector>,
    geometry: crate::topology::Geometry,
) -> std::collections::BTreeSet<ir::Vector> {
    match dirs {
        ir::LegDirs::Absolute(vs) => vs.iter().copied().collect(),
        ir::LegDirs::Alternate => earlier.clone(),
        ir::LegDirs::Turn(angles) => prev
            .iter()
            .flat_map(|&v| angles.iter().filter_map(move |&a| geometry.rotate(v, a)))
            .collect(),
    }
}
