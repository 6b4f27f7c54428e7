//! teleport: `teleport through PIECES to PIECES [, not PIECES]` resolved into
//! [`ir::Teleport`].
//!
//! Owns E0995 (a kind entered that is not `neutral`) and E0996 (a kind entered by two
//! `teleport` declarations); `not` given twice is E0920. How a teleport is played is the
//! game layer's (`game::movegen::teleport`).

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
            span: d.span,
        });
    }
}
