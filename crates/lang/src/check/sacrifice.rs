//! sacrifice: `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]` resolved
//! into [`ir::Sacrifice`].
//!
//! Owns E1013 (a `sacrifice` without `by` or without `through`: nobody starts it or
//! nobody takes the piece sacrificed), E1014 (`sacrifice` off a square board: its
//! cells are the square grid's steps), E1015 (a piece both initiator and officiant:
//! it would activate itself) and E1016 (an initiator under two declarations, whose
//! kinds met would be ambiguous); a part given twice is E0920, a direction word that
//! names nothing E0410. How the sacrifice moves are generated is the game layer's
//! (`game::sacrifice`).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::PieceId;
use crate::ir;

impl Checker {
    /// Resolves a `sacrifice` declaration; `earlier` are the declarations resolved
    /// before it (an initiator in two is E1016).
    pub(crate) fn sacrifice_decl(
        &mut self,
        d: &ast::SacrificeDecl,
        earlier: &[ir::Sacrifice],
    ) -> Option<ir::Sacrifice> {
        let by = self.at_most_one(&d.by, |e| e.0, "by");
        let through = self.at_most_one(&d.through, |e| e.0, "through");
        let (Some((_, by_names)), Some((_, through_names))) = (by, through) else {
            let missing = if by.is_none() { "by" } else { "through" };
            self.error(
                Diagnostic::error(
                    "E1013",
                    format!("a `sacrifice` without `{missing}`"),
                    d.span,
                )
                .label(format!("no `{missing}` here"))
                .help(
                    "name who starts it and who takes the piece sacrificed, e.g. \
                     `sacrifice Pawn, by Serpent, through Pyramid`",
                ),
            );
            return None;
        };
        if self.geometry() != crate::topology::Geometry::Square || self.on_graph() {
            self.error(
                Diagnostic::error("E1014", "`sacrifice` on a board that is not square", d.span)
                    .label("its cells are steps of the square grid")
                    .help("`sacrifice` finds the officiant one square-grid step away"),
            );
            return None;
        }
        let kinds = self.kinds(&d.kinds);
        let by: Option<Vec<PieceId>> = self.piece_ids(by_names);
        let through: Option<Vec<PieceId>> = self.piece_ids(through_names);
        let around = self.around(&d.around);
        let (kinds, by, through, around) = (kinds?, by?, through?, around?);
        for (p, name) in through.iter().zip(through_names) {
            if by.contains(p) {
                self.error(
                    Diagnostic::error(
                        "E1015",
                        format!(
                            "`{}` both starts the sacrifice and takes part in it",
                            name.name
                        ),
                        name.span,
                    )
                    .label("also named after `by`")
                    .help("the piece after `through` is another piece, which the first activates"),
                );
                return None;
            }
        }
        for (&p, name) in by.iter().zip(by_names) {
            if let Some(first) = earlier.iter().find(|e| e.by.contains(&p)) {
                self.error(
                    Diagnostic::error(
                        "E1016",
                        format!("`{}` sacrifices under two declarations", name.name),
                        name.span,
                    )
                    .label("named again here")
                    .secondary(first.span, "already sacrificing here")
                    .help("give each initiator one `sacrifice` declaration"),
                );
                return None;
            }
        }
        Some(ir::Sacrifice {
            kinds,
            by,
            through,
            around,
            span: d.span,
        })
    }
}
