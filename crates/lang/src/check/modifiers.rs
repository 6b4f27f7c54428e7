//! Modifiers: a pattern's landing rules and conditions (`move only`, `capture only`,
//! zones, `initial`, marks, ...), checked and lowered to [`Landing`] and [`Conditions`];
//! none twice.

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{Conditions, Landing, ZoneCondition};

impl Checker {
    pub(crate) fn modifiers(&mut self, mods: &[ast::Modifier]) -> (Landing, Conditions, bool) {
        let mut land = Landing::default();
        let mut cond = Conditions::default();
        let mut ok = true;
        let mut seen: Vec<(String, Span)> = Vec::new();
        let mut move_only: Option<Span> = None;
        let mut capture_only: Option<Span> = None;
        let mut for_side: Option<(crate::ids::Side, Span)> = None;
        // (zone, inside, is_from, span) of resolved zone conditions.
        let mut zone_mods: Vec<(crate::ids::ZoneId, bool, bool, Span)> = Vec::new();
        for m in mods {
            let key = match &m.kind {
                ast::ModifierKind::MoveOnly => "move only".to_string(),
                ast::ModifierKind::CaptureOnly => "capture only".to_string(),
                ast::ModifierKind::Initial => "initial".to_string(),
                ast::ModifierKind::Pass => "pass".to_string(),
                ast::ModifierKind::Chain => "chain".to_string(),
                ast::ModifierKind::Tagged(_) => "tagged".to_string(),
                ast::ModifierKind::NotInCheck => "not in check".to_string(),
                ast::ModifierKind::Captures(_) => "captures".to_string(),
                ast::ModifierKind::EnPassant => "en passant".to_string(),
                ast::ModifierKind::Push(_) => "push".to_string(),
                ast::ModifierKind::Swap(_) => "swap".to_string(),
                ast::ModifierKind::CaptureFriend(_) => "capture friend".to_string(),
                ast::ModifierKind::Convert(_) => "convert".to_string(),
                ast::ModifierKind::ForSide(side) => format!("for {}", side_word(*side)),
                ast::ModifierKind::Activate(_) => "activate".to_string(),
                ast::ModifierKind::Sets(t) => format!("sets {}", t.name),
                ast::ModifierKind::Keeps(t) => format!("keeps {}", t.name),
                ast::ModifierKind::Burn(_) => "burn".to_string(),
                ast::ModifierKind::Explode(_) => "explode".to_string(),
                ast::ModifierKind::Withdraw(_) => "withdraw".to_string(),
                ast::ModifierKind::Pincer(_) => "pincer".to_string(),
                ast::ModifierKind::Coordinate(_) => "coordinate".to_string(),
                ast::ModifierKind::Near { .. } => "near".to_string(),
                ast::ModifierKind::From { zone, inside } => {
                    format!("{}from {}", if *inside { "" } else { "not " }, zone.name)
                }
                ast::ModifierKind::To { zone, inside } => {
                    format!("{}to {}", if *inside { "" } else { "not " }, zone.name)
                }
            };
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                ok = false;
                self.error(
                    Diagnostic::error("E0701", format!("`{key}` is given twice"), m.span)
                        .label("given again here")
                        .secondary(*first, "first given here")
                        .help("remove one of them"),
                );
                continue;
            }
            seen.push((key, m.span));
            match &m.kind {
                ast::ModifierKind::MoveOnly => {
                    land.foe = false;
                    move_only = Some(m.span);
                }
                ast::ModifierKind::CaptureOnly => {
                    land.empty = false;
                    capture_only = Some(m.span);
                }
                ast::ModifierKind::Initial => cond.initial = true,
                ast::ModifierKind::Pass => cond.pass = true,
                ast::ModifierKind::Chain => cond.chain = true,
                ast::ModifierKind::ForSide(side) => {
                    if let Some((other, _)) = for_side {
                        if other != *side {
                            self.diags.push(
                                Diagnostic::warning("W0002", "this pattern can never move", m.span)
                                    .label("no piece is of both sides")
                                    .secondary(
                                        for_side.map_or(m.span, |(_, s)| s),
                                        "together with this",
                                    ),
                            );
                        }
                    }
                    for_side = Some((*side, m.span));
                    cond.side = Some(*side);
                }
                ast::ModifierKind::Tagged(name) => match self.tag(name) {
                    Some(t) => cond.tag = Some((t, m.span)),
                    None => ok = false,
                },
                ast::ModifierKind::EnPassant => {
                    cond.en_passant = true;
                    self.en_passant_marks.push(m.span);
                }
                ast::ModifierKind::Captures(k) => match self.kinds(k) {
                    Some(f) => land.kinds = f,
                    None => ok = false,
                },
                ast::ModifierKind::Push(push) => match self.push(push, m.span) {
                    Some(p) => land.push = Some(p),
                    None => ok = false,
                },
                ast::ModifierKind::Swap(_)
                | ast::ModifierKind::CaptureFriend(_)
                | ast::ModifierKind::Convert(_)
                | ast::ModifierKind::Activate(_) => {
                    let meets = land.meets.get_or_insert_with(Box::default);
                    ok &= self.meet_modifier(m, meets);
                }
                ast::ModifierKind::Sets(_)
                | ast::ModifierKind::Keeps(_)
                | ast::ModifierKind::NotInCheck
                | ast::ModifierKind::Burn(_)
                | ast::ModifierKind::Explode(_)
                | ast::ModifierKind::Withdraw(_)
                | ast::ModifierKind::Pincer(_)
                | ast::ModifierKind::Coordinate(_) => ok &= self.action_modifier(m, &mut cond),
                ast::ModifierKind::Near { count, not } => match self.near(*count, *not, m.span) {
                    Some(code) => cond.near = code,
                    None => ok = false,
                },
                ast::ModifierKind::From { zone, inside }
                | ast::ModifierKind::To { zone, inside } => {
                    let is_from = matches!(m.kind, ast::ModifierKind::From { .. });
                    match self.zone(zone) {
                        Some(id) => {
                            let c = ZoneCondition {
                                zone: id,
                                inside: *inside,
                                span: m.span,
                            };
                            if is_from {
                                cond.from.push(c);
                            } else {
                                cond.to.push(c);
                            }
                            zone_mods.push((id, *inside, is_from, m.span));
                        }
                        None => ok = false,
                    }
                }
            }
        }
        if !ok {
            return (land, cond, false);
        }
        if let (Some((_, at)), true) = (cond.tag, cond.initial) {
            let initial = mods
                .iter()
                .find(|m| matches!(m.kind, ast::ModifierKind::Initial))
                .map_or(at, |m| m.span);
            self.error(
                Diagnostic::error("E0929", "this pattern requires two different states", at)
                    .label("this requires a tag")
                    .secondary(initial, "and this requires that the piece has not moved")
                    .note("a piece's patterns may require one state: `initial` or one tag")
                    .help("declare a tag that the piece loses when it moves, and require only it"),
            );
            return (land, cond, false);
        }
        // `tagged` stands on the table's `initial` root flag (see `Conditions::tag`).
        cond.initial |= cond.tag.is_some();
        self.action_warnings(mods, &land, &cond);
        // Patterns that can never produce a move (with `push`, both only leave pushes).
        let meets = land.push.is_some() || land.meets.is_some();
        if let (Some(a), Some(b), false) = (move_only, capture_only, meets) {
            let (first, second) = if a.start < b.start { (a, b) } else { (b, a) };
            self.diags.push(
                Diagnostic::warning("W0002", "this pattern can never move", second)
                    .label("this excludes every landing")
                    .secondary(first, "together with this")
                    .note("`move only` forbids captures and `capture only` forbids quiet moves"),
            );
        }
        for (i, &(zone, inside, is_from, span)) in zone_mods.iter().enumerate() {
            let name = self.zones[zone.index()].name.clone();
            if inside
                && self.zones[zone.index()].cells.is_empty()
                && !self.zones[zone.index()].broken
            {
                self.diags.push(
                    Diagnostic::warning("W0002", "this pattern can never move", span)
                        .label(format!("zone `{name}` has no cells"))
                        .secondary(self.zones[zone.index()].name_span, "declared here"),
                );
            }
            if let Some(&(_, _, _, other)) = zone_mods[..i]
                .iter()
                .find(|&&(z, ins, f, _)| z == zone && f == is_from && ins != inside)
            {
                let word = if is_from { "start" } else { "end" };
                self.diags.push(
                    Diagnostic::warning("W0002", "this pattern can never move", span)
                        .label(format!("contradicts the earlier condition on `{name}`"))
                        .secondary(other, "this condition")
                        .note(format!(
                            "a move cannot {word} both inside and outside one zone"
                        )),
                );
            }
        }
        (land, cond, true)
    }
}

/// `first` or `second`, as `for first` writes it.
pub fn side_word(side: crate::ids::Side) -> &'static str {
    match side {
        crate::ids::Side::First => "first",
        crate::ids::Side::Second => "second",
    }
}
