//! moves_as: `activated PIECES by PIECES moves as PIECE` resolved into
//! [`ir::MovesAs`].
//!
//! Owns E1049 (a kind that would move as itself), E1050 (a kind that moves as another
//! and journeys when activated by the same kind), E1051 (a kind that moves as two kinds
//! when activated by the same kind) and E1052 (a `relay`, which already walks with its
//! activator's patterns). How such a ply is walked is the game layer's
//! (`game::activation`).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::PieceId;
use crate::ir::{self, Effects};

impl Checker {
    /// Adds an `activated ... moves as` declaration to `fx` (after the relays and the
    /// journeys, which it is checked against).
    pub(crate) fn moves_as_decl(&mut self, d: &ast::MovesAsDecl, fx: &mut Effects) {
        let (Some(pieces), Some(by), Some(as_piece)) = (
            self.piece_ids(&d.pieces),
            self.piece_ids(&d.by),
            self.piece(&d.as_piece),
        ) else {
            return;
        };
        let name =
            |c: &Checker, p: PieceId| c.piece_names.get(p.index()).cloned().unwrap_or_default();
        if let Some(&p) = pieces.iter().find(|&&p| p == as_piece) {
            let n = name(self, p);
            self.error(
                Diagnostic::error("E1049", format!("`{n}` moves as itself"), d.as_piece.span)
                    .label("the kind activated")
                    .help(
                        "name the kind whose patterns it walks with when activated, another piece",
                    ),
            );
            return;
        }
        for r in &fx.relays {
            if let Some(&p) = pieces.iter().find(|p| r.pieces.contains(p)) {
                let n = name(self, p);
                self.error(
                    Diagnostic::error("E1052", format!("`{n}` is a `relay`"), d.span)
                        .label("it already walks with its activator's patterns")
                        .secondary(r.span, "declared a relay here")
                        .help("a piece is either a relay or moves as one kind when activated"),
                );
                return;
            }
        }
        let clash = |other_pieces: &[PieceId], other_by: &[PieceId]| {
            pieces
                .iter()
                .find(|p| other_pieces.contains(p))
                .filter(|_| by.iter().any(|b| other_by.contains(b)))
                .copied()
        };
        for j in &fx.journeys {
            if let Some(p) = clash(&j.pieces, &j.by) {
                let n = name(self, p);
                self.error(
                    Diagnostic::error(
                        "E1050",
                        format!("`{n}` both journeys and moves as another kind"),
                        d.span,
                    )
                    .label("activated by a kind its `journey` names")
                    .secondary(j.span, "the journey")
                    .help(
                        "activated by one kind, a piece either journeys or moves as another kind",
                    ),
                );
                return;
            }
        }
        for m in &fx.moves_as {
            if let Some(p) = clash(&m.pieces, &m.by) {
                let n = name(self, p);
                self.error(
                    Diagnostic::error(
                        "E1051",
                        format!("`{n}` moves as two kinds when activated by the same kind"),
                        d.span,
                    )
                    .label("a second `activated ... moves as` for it")
                    .secondary(m.span, "first declared here")
                    .help("one declaration says how a piece moves when a kind activates it"),
                );
                return;
            }
        }
        fx.moves_as.push(ir::MovesAs {
            pieces,
            by,
            as_piece,
            span: d.span,
        });
    }
}
