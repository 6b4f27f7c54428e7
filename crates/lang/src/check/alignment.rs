//! alignment: `alignment PIECES, entered by PIECES [, demote KINDS to PIECE]` resolved
//! into [`ir::Alignment`].
//!
//! Owns E1030 (an alignment no move enters: `entered by` missing), E1031 (a kind that
//! enters but is not among those that line up) and E1032 (demoting to a neutral kind);
//! a part given twice is E0920, the declaration twice E0909. How alignments are found
//! and what entering one allows is the game layer's (`game::alignment`).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::PieceId;
use crate::ir;

impl Checker {
    /// Resolves an `alignment` declaration; `neutral` are the game's neutral kinds.
    pub(crate) fn alignment_decl(
        &mut self,
        d: &ast::AlignmentDecl,
        neutral: &[PieceId],
    ) -> Option<ir::Alignment> {
        let pieces = self.piece_ids(&d.pieces)?;
        let Some((_, by_names)) = self.at_most_one(&d.entered_by, |e| e.0, "entered by") else {
            self.error(
                Diagnostic::error("E1030", "an `alignment` that no move enters", d.span)
                    .label("no `entered by` here")
                    .help(
                        "name the pieces whose move into line counts, e.g. `, entered by Monolith`",
                    ),
            );
            return None;
        };
        let entered_by = self.piece_ids(by_names)?;
        for (&p, name) in entered_by.iter().zip(by_names) {
            if !pieces.contains(&p) {
                self.error(
                    Diagnostic::error(
                        "E1031",
                        format!("`{}` enters an alignment it is no part of", name.name),
                        name.span,
                    )
                    .label("not among the pieces that line up")
                    .help(format!(
                        "add `{}` to the kinds after `alignment`",
                        name.name
                    )),
                );
                return None;
            }
        }
        let demote = match self.at_most_one(&d.demote, |e| e.0, "demote") {
            None => None,
            Some((_, kinds, to)) => {
                let filter = self.kinds(kinds)?;
                let to_id = self.piece(to)?;
                if neutral.contains(&to_id) {
                    self.error(
                        Diagnostic::error(
                            "E1032",
                            format!("`demote ... to {}`: `{}` is neutral", to.name, to.name),
                            to.span,
                        )
                        .label("a demoted piece stays its side's")
                        .help("demote to a piece of a side (the Croatian syzygy: `to Pawn`)"),
                    );
                    return None;
                }
                Some((filter, to_id))
            }
        };
        Some(ir::Alignment {
            pieces,
            entered_by,
            demote,
            span: d.span,
        })
    }
}
