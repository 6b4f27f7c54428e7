//! Step conditions: `DIR if AT CLASS (or CLASS)*` after a direction term of a leg,
//! checked and lowered to [`StepCond`]s.
//!
//! Owns the rules of a condition: the cell looked at is one direction (E1026), a
//! relative one (`same`, `turn A`) only after a leg whose heading it turns (E1027), at
//! most one kinds restriction and none after `empty` or `edge` (E1028), and no direction
//! of a leg under two conditions, or under one and none (E1029). It does not decide
//! what the walk does with a condition (the linker's probe nodes, docs/bytecode.md).

use super::Checker;
use crate::ast::{self, IfKind};
use crate::diagnostics::Diagnostic;
use crate::ir::{KindFilter, LegDirs, StepCond, Vector};
use std::collections::BTreeSet;

impl Checker {
    /// The conditions of `leg` (`prev`: the previous leg and its vectors, as for
    /// [`Checker::leg_dirs`]); `None` after an error (reported). Called once the
    /// leg's own directions resolved, so a term resolves again without new errors.
    pub(crate) fn step_conds(
        &mut self,
        leg: &ast::Leg,
        prev: Option<(&ast::Leg, Option<&BTreeSet<Vector>>)>,
    ) -> Option<Vec<StepCond>> {
        let mut ok = true;
        let mut out = Vec::new();
        for c in &leg.conds {
            let Some(term) = leg.dirs.get(c.term) else {
                continue;
            };
            let alone = |d: &ast::Dir| ast::Leg {
                dirs: vec![d.clone()],
                dirs_span: d.span,
                conds: Vec::new(),
                via: None,
                range: None,
                ..leg.clone()
            };
            let Some(dirs) = self.leg_dirs(&alone(term), prev) else {
                ok = false;
                continue;
            };
            let relative_at = matches!(&c.at.kind, ast::DirKind::Turn(_))
                || matches!(&c.at.kind, ast::DirKind::Word(w)
                    if super::directions::RELATIVE_WORDS.iter().any(|(n, _)| n == w));
            if relative_at && prev.is_none() {
                ok = false;
                self.error(
                    Diagnostic::error(
                        "E1027",
                        "a condition's cell turned from a heading on a first leg",
                        c.at.span,
                    )
                    .label("no leg before this one: there is no heading to turn")
                    .help(
                        "name the cell's direction, e.g. `step forward-diagonal if forward piece`",
                    ),
                );
                continue;
            }
            let Some(at) = self.leg_dirs(&alone(&c.at), prev) else {
                ok = false;
                continue;
            };
            let one = match &at.dirs {
                LegDirs::Absolute(v) => v.len() == 1,
                LegDirs::Turn(t) => t.len() == 1,
                LegDirs::Alternate => false,
            };
            if !one {
                ok = false;
                let named = match &at.dirs {
                    LegDirs::Absolute(v) => format!("{} directions", v.len()),
                    LegDirs::Turn(t) => format!("{} turns", t.len()),
                    LegDirs::Alternate => "the vector of the leg two legs back".to_string(),
                };
                self.error(
                    Diagnostic::error(
                        "E1026",
                        "a condition looks at one cell: this names several",
                        c.at.span,
                    )
                    .label(format!(
                        "{named}: the cell looked at must be one step of one direction"
                    ))
                    .help("name one direction, e.g. `forward`, `left`, `exactly (1,2)` or `same`"),
                );
                continue;
            }
            let mut classes = 0u8;
            let mut kinds = KindFilter::Any;
            let mut kinds_span: Option<ast::Span> = None;
            for item in &c.items {
                classes |= match item.kind {
                    IfKind::Empty => StepCond::EMPTY,
                    IfKind::Friend => StepCond::FRIEND,
                    IfKind::Foe => StepCond::FOE,
                    IfKind::Piece => StepCond::FRIEND | StepCond::FOE | StepCond::OTHER,
                    IfKind::Edge => StepCond::EDGE,
                };
                let Some(k) = &item.kinds else {
                    continue;
                };
                if matches!(item.kind, IfKind::Empty | IfKind::Edge) {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E1028",
                            format!("piece kinds after `{}` in a condition", item.kind.keyword()),
                            k.span,
                        )
                        .label(format!("`{}` holds no piece", item.kind.keyword()))
                        .secondary(item.kind_span, format!("`{}` here", item.kind.keyword())),
                    );
                    continue;
                }
                if let Some(first) = kinds_span {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E1028",
                            "a second piece-kind restriction in one condition",
                            k.span,
                        )
                        .label("second restriction")
                        .secondary(first, "first restriction")
                        .help("a condition has one kind restriction; combine the names, e.g. `if forward piece Pawn|Wave`"),
                    );
                    continue;
                }
                kinds_span = Some(k.span);
                match self.kinds(k) {
                    Some(f) => kinds = f,
                    None => ok = false,
                }
            }
            if kinds != KindFilter::Any {
                // Named kinds: a piece of another kind (a neutral one too) is none of them.
                classes &= !StepCond::OTHER;
            }
            out.push(StepCond {
                dirs: dirs.dirs,
                at: at.dirs,
                classes,
                kinds,
                span: c.span,
            });
        }
        if ok {
            ok = self.conds_disjoint(leg, &out, prev);
        }
        ok.then_some(out)
    }

    /// E1029: a direction of `leg` under two conditions, or under one and also named
    /// by a term without one (which of them would hold?).
    fn conds_disjoint(
        &mut self,
        leg: &ast::Leg,
        conds: &[StepCond],
        prev: Option<(&ast::Leg, Option<&BTreeSet<Vector>>)>,
    ) -> bool {
        if conds.is_empty() {
            return true;
        }
        // Each term's directions, with the span of its condition (if any).
        let mut seen: Vec<(LegDirs, Option<ast::Span>, ast::Span)> = Vec::new();
        for (t, term) in leg.dirs.iter().enumerate() {
            let cond = leg.conds.iter().position(|c| c.term == t);
            let dirs = match cond.and_then(|i| conds.get(i)) {
                Some(c) => c.dirs.clone(),
                None => {
                    let alone = ast::Leg {
                        dirs: vec![term.clone()],
                        dirs_span: term.span,
                        conds: Vec::new(),
                        via: None,
                        range: None,
                        ..leg.clone()
                    };
                    match self.leg_dirs(&alone, prev) {
                        Some(r) => r.dirs,
                        None => return false,
                    }
                }
            };
            seen.push((dirs, cond.map(|i| leg.conds[i].span), term.span));
        }
        for i in 0..seen.len() {
            for j in 0..i {
                let (a, b) = (&seen[i], &seen[j]);
                if a.1.is_none() && b.1.is_none() {
                    continue;
                }
                let overlap = match (&a.0, &b.0) {
                    (LegDirs::Absolute(x), LegDirs::Absolute(y)) => x.iter().any(|v| y.contains(v)),
                    (LegDirs::Turn(x), LegDirs::Turn(y)) => x.iter().any(|v| y.contains(v)),
                    _ => false,
                };
                if overlap {
                    self.error(
                        Diagnostic::error(
                            "E1029",
                            "a direction of this leg is named twice, with a condition",
                            a.2,
                        )
                        .label("this term")
                        .secondary(b.2, "names a direction this one names too")
                        .help("name each direction once, with its one condition: `step forward + forward-diagonal if forward piece`"),
                    );
                    return false;
                }
            }
        }
        true
    }
}
