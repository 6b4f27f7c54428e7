//! alignment: `alignment PIECES, entered by PIECES [, demote KINDS to PIECE] [,
//! resurrect KINDS by PIECES [beside PIECES]]` resolved into [`ir::Alignment`].
//!
//! Owns E1030 (an alignment no move enters: `entered by` missing), E1031 (a kind that
//! enters but is not among those that line up), E1032 (demoting to a neutral kind),
//! E1033 (a kind that resurrects but is not among those that line up), E1034 (a
//! `beside` kind that does not come back), E1035 (a neutral kind that would come back:
//! it has no side's graveyard) and E1036 (`resurrect` in a game with `hand`, whose
//! captures go to the captor's hand); a part given twice is E0920, the declaration
//! twice E0909. How alignments are found
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
        hand: bool,
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
        let resurrect = match self.at_most_one(&d.resurrect, |r| r.span, "resurrect") {
            None => None,
            Some(r) => Some(self.resurrection(r, &pieces, neutral, hand)?),
        };
        Some(ir::Alignment {
            pieces,
            entered_by,
            demote,
            resurrect,
            span: d.span,
        })
    }

    /// Resolves `resurrect KINDS by PIECES [beside PIECES]`; `pieces` are the kinds
    /// that line up.
    fn resurrection(
        &mut self,
        r: &ast::ResurrectDecl,
        pieces: &[PieceId],
        neutral: &[PieceId],
        hand: bool,
    ) -> Option<ir::Resurrection> {
        if hand {
            self.error(
                Diagnostic::error("E1036", "`resurrect` in a game with `hand`", r.span)
                    .label("captured pieces go to the captor's hand here")
                    .help(
                        "a resurrection brings back a piece from its own side's captured \
                         pieces; drop `hand`, or let drops bring pieces back",
                    ),
            );
            return None;
        }
        let kinds = self.kinds(&r.kinds)?;
        if let Some(&n) = neutral.iter().find(|&&n| kinds.admits(n)) {
            let name = self.piece_names[n.index()].clone();
            self.error(
                Diagnostic::error(
                    "E1035",
                    format!("`resurrect`: the neutral `{name}` would come back"),
                    r.kinds.span,
                )
                .label("these kinds admit a neutral piece")
                .help(format!(
                    "a neutral piece is never captured into a side's graveyard; leave it \
                     out (`not ... | {name}`)"
                )),
            );
            return None;
        }
        let by = self.piece_ids(&r.by)?;
        for (&p, name) in by.iter().zip(&r.by) {
            if !pieces.contains(&p) {
                self.error(
                    Diagnostic::error(
                        "E1033",
                        format!(
                            "`{}` resurrects by entering an alignment it is no part of",
                            name.name
                        ),
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
        let mut beside = Vec::new();
        if let Some((_, names)) = &r.beside {
            beside = self.piece_ids(names)?;
            for (&p, name) in beside.iter().zip(names) {
                if !kinds.admits(p) {
                    self.error(
                        Diagnostic::error(
                            "E1034",
                            format!("`beside {}`: `{}` never comes back", name.name, name.name),
                            name.span,
                        )
                        .label("not among the kinds `resurrect` brings back")
                        .help(format!(
                            "let `resurrect` bring back `{}`, or leave it out of `beside`",
                            name.name
                        )),
                    );
                    return None;
                }
            }
        }
        Some(ir::Resurrection { kinds, by, beside })
    }
}
