//! `drop` declarations: their options checked against each other, the pieces and the
//! zones, resolved into [`DropRule`]s (E0701 for an option given twice; E0985 `either
//! face`, E0987 `opposite colours`, E0992 `enclosing` without a `flip`).

use super::game::push_new;
use super::Checker;
use crate::ast::{self, DropOptionKind};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{DropRule, GameDecls};

impl Checker {
    pub(super) fn drop_rule(&mut self, d: &ast::DropDecl) -> Option<DropRule> {
        let pieces = self.piece_ids(&d.pieces);
        let mut rule = DropRule {
            pieces: Vec::new(),
            not_in: Vec::new(),
            per_file: 0,
            not_mating: false,
            stuck: false,
            not_checking: false,
            next_to_friend: false,
            enclosing: None,
            opening_in: None,
            either_face: false,
            first: false,
            opposite_colours: false,
            landing: None,
            not_next_to_foe: false,
            side: None,
            span: d.span,
        };
        let mut next_to: Option<Span> = None;
        let mut opening: Option<Span> = None;
        let mut ok = true;
        let mut per_file: Option<Span> = None;
        let mut not_mating: Option<Span> = None;
        let mut stuck: Option<Span> = None;
        let mut not_checking: Option<Span> = None;
        let mut either_face: Option<Span> = None;
        let mut first: Option<Span> = None;
        let mut colours: Option<Span> = None;
        let mut not_next_to_foe: Option<Span> = None;
        for o in &d.options {
            match &o.kind {
                DropOptionKind::ForSide(side) => rule.side = Some(*side),
                DropOptionKind::NotIn(zones) => {
                    for z in zones {
                        match self.zone(z) {
                            Some(id) => push_new(&mut rule.not_in, [id]),
                            None => ok = false,
                        }
                    }
                }
                DropOptionKind::OnePerFile | DropOptionKind::PerFile(_) => {
                    let n = match &o.kind {
                        DropOptionKind::PerFile(n) => *n,
                        _ => ast::Number {
                            value: 1,
                            span: o.span,
                        },
                    };
                    if let Some(first) = per_file {
                        ok = false;
                        self.twice("per file", o.span, first);
                    } else if n.value == 0 || n.value > 255 {
                        ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0913",
                                format!("at most {} per file", n.value),
                                n.span,
                            )
                            .label("the count is 1 to 255")
                            .help("the most pieces of the kind a file may hold before a drop"),
                        );
                    } else {
                        rule.per_file = n.value as u8;
                    }
                    per_file = Some(o.span);
                }
                DropOptionKind::Stuck => match stuck {
                    Some(first) => {
                        ok = false;
                        self.twice("also stuck", o.span, first);
                    }
                    None => stuck = Some(o.span),
                },
                DropOptionKind::NotMating => match not_mating {
                    Some(first) => {
                        ok = false;
                        self.twice("not mating", o.span, first);
                    }
                    None => not_mating = Some(o.span),
                },
                DropOptionKind::NotChecking => match not_checking {
                    Some(first) => {
                        ok = false;
                        self.twice("not checking", o.span, first);
                    }
                    None => not_checking = Some(o.span),
                },
                DropOptionKind::NextToFriend => match next_to {
                    Some(first) => {
                        ok = false;
                        self.twice("next to friend", o.span, first);
                    }
                    None => next_to = Some(o.span),
                },
                DropOptionKind::Enclosing => match rule.enclosing {
                    Some(first) => {
                        ok = false;
                        self.twice("enclosing", o.span, first);
                    }
                    None => rule.enclosing = Some(o.span),
                },
                DropOptionKind::OpeningIn(zone) => match opening {
                    Some(first) => {
                        ok = false;
                        self.twice("opening in", o.span, first);
                    }
                    None => {
                        opening = Some(o.span);
                        match self.zone(zone) {
                            Some(id) => rule.opening_in = Some(id),
                            None => ok = false,
                        }
                    }
                },
                DropOptionKind::EitherFace => match either_face {
                    Some(first) => {
                        ok = false;
                        self.twice("either face", o.span, first);
                    }
                    None => either_face = Some(o.span),
                },
                DropOptionKind::First => match first {
                    Some(at) => {
                        ok = false;
                        self.twice("dropped first", o.span, at);
                    }
                    None => first = Some(o.span),
                },
                DropOptionKind::OppositeColours => match colours {
                    Some(at) => {
                        ok = false;
                        self.twice("opposite colours", o.span, at);
                    }
                    None => {
                        colours = Some(o.span);
                        ok &= self.two_colours(o.span);
                    }
                },
                DropOptionKind::Falling | DropOptionKind::AnySide => {}
                DropOptionKind::NotNextToFoe => match not_next_to_foe {
                    Some(first) => {
                        ok = false;
                        self.twice("not next to foe", o.span, first);
                    }
                    None => not_next_to_foe = Some(o.span),
                },
            }
        }
        rule.next_to_friend = next_to.is_some();
        rule.pieces = pieces?;
        rule.not_mating = not_mating.is_some();
        rule.stuck = stuck.is_some();
        rule.not_checking = not_checking.is_some();
        rule.either_face = either_face.is_some();
        rule.first = first.is_some();
        rule.opposite_colours = colours.is_some();
        rule.not_next_to_foe = not_next_to_foe.is_some();
        match self.drop_landing(&d.options) {
            Ok(landing) => rule.landing = landing,
            Err(()) => ok = false,
        }
        ok.then_some(rule)
    }

    /// `drop ..., enclosing` of a kind without a `flip` (E0992): nothing would ever be
    /// enclosed.
    pub(super) fn enclosing_drops(&mut self, game: &GameDecls) {
        for rule in &game.drops {
            let Some(span) = rule.enclosing else {
                continue;
            };
            let unflipped = rule.pieces.iter().find(|p| {
                !game.effects.areas.iter().any(|a| {
                    matches!(a.kind, crate::ir::AreaKind::Flip { .. }) && a.pieces.contains(p)
                })
            });
            if let Some(p) = unflipped {
                let name = self.piece_names.get(p.index()).cloned().unwrap_or_default();
                self.error(
                    Diagnostic::error(
                        "E0992",
                        format!("`enclosing` drops of `{name}`, which flips nothing"),
                        span,
                    )
                    .label("a drop is enclosing when its `flip` turns a piece")
                    .help(format!(
                        "declare the flip, e.g. `flip {name}, enclosed` (Othello's lines) or `flip {name}` (the neighbours)"
                    )),
                );
            }
        }
    }
}
