//! The game ends of the Janggi family, resolved into [`EndRules`]: `double pass`,
//! `royals facing` (bikjang), `draws by points` (the material count that decides a
//! drawn end) and `move repetition loses`.
//!
//! Owns their errors E0975 (a points value), E0977 (`royals facing` with `royals may
//! not face`) and E0979 (`draws by points` with `draw odds`); a second declaration is
//! E0909, `royals facing` without royals E0934, as for the other ends.

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::{PieceId, Span};
use crate::ir::{EndRules, PointsRule};

/// The most points a piece or a bonus may be worth (a count stays far from overflow).
const MAX_POINTS: u64 = 10_000;

impl Checker {
    /// The declarations of this family in `file`, into `ends`. `royals`: whether any
    /// piece is declared royal.
    pub(crate) fn family_ends(&mut self, file: &ast::File, royals: bool, ends: &mut EndRules) {
        let mut seen: [Option<Span>; 4] = [None; 4];
        let may_not_face = file.items.iter().find_map(|i| match i {
            ast::Item::RoyalsMayNotFace(span) => Some(*span),
            _ => None,
        });
        let odds = file.items.iter().find_map(|i| match i {
            ast::Item::DrawOdds(_, span) => Some(*span),
            _ => None,
        });
        for item in &file.items {
            match item {
                ast::Item::MoveRepetition(pieces, span) => {
                    self.flag_twice("move repetition loses", *span, &mut seen[3]);
                    if seen[3] == Some(*span) {
                        ends.move_repetition = self.piece_ids(pieces);
                    }
                }
                ast::Item::DoublePass(d) => {
                    self.flag_twice("double pass", d.span, &mut seen[0]);
                    if seen[0] == Some(d.span) {
                        ends.double_pass = Some(d.outcome);
                    }
                }
                ast::Item::RoyalsFacing(d) => {
                    self.flag_twice("royals facing", d.span, &mut seen[1]);
                    if seen[1] != Some(d.span) {
                        continue;
                    }
                    if !royals {
                        self.error(
                            Diagnostic::error(
                                "E0934",
                                "`royals facing` without royal pieces",
                                d.span,
                            )
                            .label("no piece is declared `royal`, so no royals ever face")
                            .help("declare the royal pieces, e.g. `royal King`"),
                        );
                    } else if let Some(face) = may_not_face {
                        self.error(
                            Diagnostic::error(
                                "E0977",
                                "`royals facing` with `royals may not face`",
                                d.span,
                            )
                            .label("this ends the game when the royals face and a pass follows")
                            .secondary(face, "but here the royals may never face")
                            .help("keep one of them: `royals may not face` is Xiangqi's rule, `royals facing` Janggi's bikjang"),
                        );
                    } else {
                        ends.royals_facing = Some(d.outcome);
                    }
                }
                ast::Item::Points(d) => {
                    self.flag_twice("draws by points", d.span, &mut seen[2]);
                    if seen[2] != Some(d.span) {
                        continue;
                    }
                    if let Some(odds) = odds {
                        self.error(
                            Diagnostic::error(
                                "E0979",
                                "`draws by points` with `draw odds`",
                                d.span,
                            )
                            .label("this decides every draw by the count")
                            .secondary(odds, "and this gives every draw to one side")
                            .help("keep one of them; a bonus (`second 1.5`) gives a side the ties of the count"),
                        );
                        continue;
                    }
                    ends.points = self.points(d);
                }
                _ => {}
            }
        }
    }

    /// `draws by points ...`: known kinds, each once (E0701), a side's bonus once
    /// (E0701), values with at most one decimal and at most [`MAX_POINTS`] (E0975).
    fn points(&mut self, d: &ast::PointsDecl) -> Option<PointsRule> {
        let mut rule = PointsRule::default();
        let mut ok = true;
        let mut given: Vec<(PieceId, Span)> = Vec::new();
        for (name, value) in &d.kinds {
            let value = self.points_value(value);
            let Some(id) = self.piece(name) else {
                ok = false;
                continue;
            };
            if let Some(&(_, first)) = given.iter().find(|(k, _)| *k == id) {
                self.twice(&name.name, name.span, first);
                ok = false;
                continue;
            }
            given.push((id, name.span));
            match value {
                Some(v) => rule.values.push((id, v)),
                None => ok = false,
            }
        }
        let mut bonus_seen: [Option<Span>; 2] = [None; 2];
        for (side, value) in &d.bonus {
            let word = if *side == crate::ids::Side::First {
                "first"
            } else {
                "second"
            };
            if let Some(first) = bonus_seen[side.index()] {
                self.twice(word, value.span, first);
                ok = false;
                continue;
            }
            bonus_seen[side.index()] = Some(value.span);
            match self.points_value(value) {
                Some(v) => rule.bonus[side.index()] = v,
                None => ok = false,
            }
        }
        ok.then_some(rule)
    }

    /// A value in tenths, or E0975.
    fn points_value(&mut self, value: &ast::Decimal) -> Option<u64> {
        match value.tenths {
            Some(t) if t <= MAX_POINTS * 10 => Some(t),
            _ => {
                self.error(
                    Diagnostic::error("E0975", "a points value out of range", value.span)
                        .label(format!(
                            "must be a number from 0 to {MAX_POINTS} with at most one decimal"
                        ))
                        .help("`Rook 13`, `second 1.5`"),
                );
                None
            }
        }
    }
}
