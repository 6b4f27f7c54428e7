//! teleport: `teleport through PIECES to PIECES [, not PIECES] [, onward PIECES]
//! [, back PIECES]` resolved into [`ir::Teleport`].
//!
//! Owns E0995 (a kind entered that is not `neutral`), E0996 (a kind entered by two
//! `teleport` declarations), E0945 (a kind after `onward` that is no `onward` relay)
//! and E1060 (a kind after `back` that the same declaration lists after `not`); `not`,
//! `onward` or `back` given twice is E0920. How a teleport is played is the game
//! layer's (`game::teleport`, `game::onward`).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::PieceId;
use crate::ir::{self, Effects};

impl Checker {
    /// Adds a `teleport` declaration to `fx`; `neutral` are the game's neutral kinds.
    pub(crate) fn teleport_decl(
        &mut self,
        d: &ast::TeleportDecl,
        neutral: &[PieceId],
        fx: &mut Effects,
    ) {
        let not = match self.at_most_one(&d.not, |n| n.0, "not") {
            Some((_, names)) => match self.piece_ids(names) {
                Some(ids) => ids,
                None => return,
            },
            None => Vec::new(),
        };
        let (onward, onward_span) = match self.at_most_one(&d.onward, |n| n.0, "onward") {
            Some((span, names)) => match self.piece_ids(names) {
                Some(ids) => (ids, Some(*span)),
                None => return,
            },
            None => (Vec::new(), None),
        };
        let back = match self.at_most_one(&d.back, |n| n.0, "back") {
            Some((_, names)) => match self.piece_ids(names) {
                Some(ids) => {
                    for (p, name) in ids.iter().zip(names) {
                        if not.contains(p) {
                            self.error(
                                Diagnostic::error(
                                    "E1060",
                                    format!(
                                        "`teleport ..., back {}`: `{}` is also after `not`",
                                        name.name, name.name
                                    ),
                                    name.span,
                                )
                                .label("a kind that never enters these portals cannot come back out of one")
                                .help(format!(
                                    "leave `{}` out of `not` (it enters and comes back out) or out of `back` (it never enters)",
                                    name.name
                                )),
                            );
                            return;
                        }
                    }
                    ids
                }
                None => return,
            },
            None => Vec::new(),
        };
        let (Some(through), Some(to)) = (self.piece_ids(&d.through), self.piece_ids(&d.to)) else {
            return;
        };
        for (&p, name) in through.iter().zip(&d.through) {
            if !neutral.contains(&p) {
                self.error(
                    Diagnostic::error(
                        "E0995",
                        format!(
                            "`teleport through {}`: `{}` is not neutral",
                            name.name, name.name
                        ),
                        name.span,
                    )
                    .label("a piece of a side is a piece to capture or pass, not a portal")
                    .help(format!(
                        "declare it `neutral {}` (a piece of no side)",
                        name.name
                    )),
                );
                return;
            }
            if let Some(first) = fx.teleports.iter().find(|t| t.through.contains(&p)) {
                self.error(
                    Diagnostic::error(
                        "E0996",
                        format!("`{}` is entered by two `teleport` declarations", name.name),
                        name.span,
                    )
                    .label("entered again here")
                    .secondary(first.span, "first declared here")
                    .help("list every kind a piece may emerge next to in one declaration"),
                );
                return;
            }
        }
        fx.teleports.push(ir::Teleport {
            through,
            to,
            not,
            onward,
            onward_span,
            back,
            span: d.span,
        });
    }

    /// E0945: a kind after a `teleport`'s `onward` that no `relay ..., onward` declares
    /// (only an onward relay's line goes on from another portal); checked once every
    /// declaration is read, whatever their order.
    pub(crate) fn teleport_onward_relays(&mut self, fx: &Effects) {
        for t in &fx.teleports {
            for &p in &t.onward {
                let onward = fx
                    .relays
                    .iter()
                    .any(|r| r.onward.is_some() && r.pieces.contains(&p));
                if onward {
                    continue;
                }
                let name = self.piece_names.get(p.index()).cloned().unwrap_or_default();
                self.error(
                    Diagnostic::error(
                        "E0945",
                        format!("`teleport ..., onward {name}`: `{name}` is not an `onward` relay"),
                        t.onward_span.unwrap_or(t.span),
                    )
                    .label("only an onward relay's line goes on from another portal")
                    .help(format!(
                        "declare `relay {name}, onward`, or leave `{name}` out of `onward`"
                    )),
                );
            }
        }
    }
}
