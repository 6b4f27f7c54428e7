//! journey: `journey PIECES by PIECES, spiral ...` resolved into [`ir::Journey`].
//!
//! Owns E1022 (a spiral that does not turn a quarter turn), E1023 (a spiral's first
//! step that is no step: `(0,0)`, or too long), E1024 (two spirals for one side) and
//! E1025 (a kind that journeys when activated by the same kind in two declarations),
//! E1011 (a displacement vector `(0,0)` or longer than 16 cells) and E1012 (a
//! displacement vector given twice, `rotated` included); `blocked by`, `captures`,
//! `displaces` or `sweeps` given twice is E0920.
//! How a journey is played is the game layer's (`game::journey`).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::Side;
use crate::ir::{self, Effects, Vector};

impl Checker {
    /// Adds a `journey` declaration to `fx`.
    pub(crate) fn journey_decl(&mut self, d: &ast::JourneyDecl, fx: &mut Effects) {
        let (Some(pieces), Some(by)) = (self.piece_ids(&d.pieces), self.piece_ids(&d.by)) else {
            return;
        };
        let blocked = match self.at_most_one(&d.blocked, |b| b.0, "blocked by") {
            Some((_, names)) => match self.piece_ids(names) {
                Some(ids) => Some(ids),
                None => return,
            },
            None => None,
        };
        let captures = match self.at_most_one(&d.captures, |c| c.0, "captures") {
            Some((_, None)) => [true, true],
            Some((_, Some(side))) => {
                let mut c = [false, false];
                c[side.index()] = true;
                c
            }
            None => [false, false],
        };
        let (displaces, displaces_when) =
            match self.at_most_one(&d.displaces, |x| x.span, "displaces") {
                Some(x) => match self.displacement_vectors(x) {
                    Some(v) => {
                        let when = match x.when {
                            None => [true, true],
                            Some(side) => {
                                let mut w = [false, false];
                                w[side.index()] = true;
                                w
                            }
                        };
                        (v, when)
                    }
                    None => return,
                },
                None => (Vec::new(), [false, false]),
            };
        // `sweeps`: by the journeying piece's side, then the activator's.
        let sweeps = match self.at_most_one(&d.sweeps, |w| w.0, "sweeps") {
            Some(&(_, of, when)) => {
                let mut w = [[false; 2]; 2];
                for side in [Side::First, Side::Second] {
                    for by in [Side::First, Side::Second] {
                        w[side.index()][by.index()] =
                            of.map_or(true, |o| o == side) && when.map_or(true, |b| b == by);
                    }
                }
                w
            }
            None => [[false; 2]; 2],
        };
        let mut spirals: [Option<ir::Spiral>; 2] = [None, None];
        let mut spans: [Option<ast::Span>; 2] = [None, None];
        for s in &d.spirals {
            let turn = s.turn.degrees;
            if s.turn.both_signs || (turn != 90 && turn != -90) {
                self.error(
                    Diagnostic::error(
                        "E1022",
                        "a spiral turns a quarter turn between its steps",
                        s.turn.span,
                    )
                    .label("not 90 nor -90")
                    .help("write `turn 90` (counter-clockwise) or `turn -90` (clockwise)"),
                );
                return;
            }
            let mut arms = Vec::new();
            for (x, y) in &s.arms {
                let ok = |v: i64| (-8..=8).contains(&v);
                if !ok(x.value) || !ok(y.value) || (x.value, y.value) == (0, 0) {
                    self.error(
                        Diagnostic::error(
                            "E1023",
                            format!("`({}, {})` is no first step of a spiral", x.value, y.value),
                            x.span.to(y.span),
                        )
                        .label("a step of 1 to 8 cells each way, not (0, 0)")
                        .help("an arm's k-th step is k times its first: write the first, `(2,1)`"),
                    );
                    return;
                }
                arms.push(Vector::new(x.value as i8, y.value as i8));
            }
            let sides: &[Side] = match s.for_side {
                Some((side, _)) => &[side][..],
                None => &[Side::First, Side::Second][..],
            };
            for &side in sides {
                if let Some(first) = spans[side.index()] {
                    self.error(
                        Diagnostic::error(
                            "E1024",
                            format!("two spirals for the {} side", side_name(side)),
                            s.span,
                        )
                        .label("a second spiral here")
                        .secondary(first, "the first")
                        .help("list every arm in one `spiral` (`(2,1) | (-2,-1)`), one per side"),
                    );
                    return;
                }
                spans[side.index()] = Some(s.span);
                spirals[side.index()] = Some(ir::Spiral {
                    arms: arms.clone(),
                    turn: if turn > 0 { 1 } else { -1 },
                    inward: s.inward,
                });
            }
        }
        for j in &fx.journeys {
            let clash = pieces.iter().find(|p| j.pieces.contains(p));
            if let Some(&p) = clash.filter(|_| by.iter().any(|b| j.by.contains(b))) {
                let name = self.piece_names.get(p.index()).cloned().unwrap_or_default();
                self.error(
                    Diagnostic::error(
                        "E1025",
                        format!("`{name}` journeys in two `journey` declarations"),
                        d.span,
                    )
                    .label("activated by the same kind as in the first")
                    .secondary(j.span, "first declared here")
                    .help("one declaration says how a piece journeys when a kind activates it"),
                );
                return;
            }
        }
        fx.journeys.push(ir::Journey {
            pieces,
            by,
            spirals,
            blocked,
            captures,
            displaces,
            displaces_when,
            sweeps,
            span: d.span,
        });
    }

    /// The vectors of `displaces onto ...`, in order (`rotated`: the ones written,
    /// then each list turned a quarter turn counter-clockwise, three times): E1011 for
    /// `(0,0)` or a vector longer than 16 cells, E1012 for one given twice.
    fn displacement_vectors(&mut self, d: &ast::DisplacesDecl) -> Option<Vec<Vector>> {
        let mut written = Vec::new();
        for (x, y) in &d.vectors {
            let ok = |v: i64| (-16..=16).contains(&v);
            if !ok(x.value) || !ok(y.value) || (x.value, y.value) == (0, 0) {
                self.error(
                    Diagnostic::error(
                        "E1011",
                        format!("`({}, {})` is no displacement", x.value, y.value),
                        x.span.to(y.span),
                    )
                    .label("a vector of 1 to 16 cells each way, not (0, 0)")
                    .help("a displaced piece goes from its field to the cell this vector away: write e.g. `(3,1)`"),
                );
                return None;
            }
            written.push((Vector::new(x.value as i8, y.value as i8), x.span.to(y.span)));
        }
        let turns = if d.rotated { 4 } else { 1 };
        let mut out: Vec<Vector> = Vec::with_capacity(written.len() * turns);
        for turn in 0..turns {
            for &(v, span) in &written {
                let (mut dx, mut dy) = (v.dx, v.dy);
                for _ in 0..turn {
                    (dx, dy) = (-dy, dx);
                }
                let v = Vector::new(dx, dy);
                if out.contains(&v) {
                    self.error(
                        Diagnostic::error(
                            "E1012",
                            format!("the displacement `({dx}, {dy})` is given twice"),
                            span,
                        )
                        .label(if turn == 0 {
                            "written twice".to_string()
                        } else {
                            format!("this vector turned {turn} quarter turn(s) by `rotated`")
                        })
                        .help("list each displacement once (with `rotated`, one quarter's)"),
                    );
                    return None;
                }
                out.push(v);
            }
        }
        Some(out)
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}
