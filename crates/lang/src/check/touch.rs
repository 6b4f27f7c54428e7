//! `touch PIECES, promote KINDS in ZONE`: the pieces whose ply may end on an own piece
//! and promote it, resolved into [`ir::Touch`](crate::ir::Touch).
//!
//! Owns E1003 (a kind touched that no `promotion` rule promotes: there is nothing to
//! promote it to) and E1004 (a toucher that is not `passive`: only an activated
//! piece's ply touches, the first ply of a move does not yet).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ir::{Effects, Promotion, Touch};

impl Checker {
    /// Resolves `d` into `effects.touches`.
    pub(super) fn touch_decl(&mut self, d: &ast::TouchDecl, effects: &mut Effects) {
        let pieces = self.piece_ids(&d.pieces);
        let promote = self.piece_ids(&d.promote);
        let zone = self.zone(&d.zone);
        if let (Some(pieces), Some(promote), Some(zone)) = (pieces, promote, zone) {
            effects.touches.push(Touch {
                pieces,
                promote,
                zone,
                span: d.span,
            });
        }
    }

    /// The rules between `touch` and the other declarations, once all are read: each
    /// kind touched has a promotion rule (E1003), each toucher is `passive` (E1004).
    pub(super) fn touch_rules(
        &mut self,
        file: &ast::File,
        effects: &Effects,
        promotions: &[Promotion],
    ) {
        for t in &effects.touches {
            // The declaration it was resolved from (the same span).
            let Some(d) = file.items.iter().find_map(|i| match i {
                ast::Item::Touch(d) if d.span == t.span => Some(d),
                _ => None,
            }) else {
                continue;
            };
            for (name, &k) in d.promote.iter().zip(&t.promote) {
                if !promotions.iter().any(|p| p.pieces.contains(&k)) {
                    self.error(
                        Diagnostic::error(
                            "E1003",
                            format!("`touch` promotes `{}`, which no `promotion` rule promotes", name.name),
                            name.span,
                        )
                        .label("a touch promotes by the piece's promotion rule, and it has none")
                        .help(format!(
                            "declare what it promotes to, e.g. `promotion {} to Queen in last_rank`",
                            name.name
                        )),
                    );
                }
            }
            for (name, &k) in d.pieces.iter().zip(&t.pieces) {
                if !effects.passive.contains(&k) {
                    self.error(
                        Diagnostic::error(
                            "E1004",
                            format!("`touch` by `{}`, which is not `passive`", name.name),
                            name.span,
                        )
                        .label("only an activated piece's ply may touch")
                        .help(format!(
                            "declare `passive {}` (a touch by a move's first ply is not built yet)",
                            name.name
                        )),
                    );
                }
            }
        }
    }
}
