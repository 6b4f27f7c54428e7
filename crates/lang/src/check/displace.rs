//! displace: `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]` resolved into
//! [`ir::Displacement`].
//!
//! Owns E1005 (a `displace` without `by`: no piece displaces), E1006 (`displace` off a
//! square board: its fields are the square grid's steps) and E1007 (a piece that
//! displaces under two declarations, whose fields would be ambiguous); a part given
//! twice is E0920, a direction word that names nothing E0410 (relative words E0921).
//! How the displacing moves are generated is the game layer's (`game::displace`).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::PieceId;
use crate::ir;

impl Checker {
    /// Resolves a `displace` declaration; `earlier` are the declarations resolved
    /// before it (a mover in two is E1007).
    pub(crate) fn displace_decl(
        &mut self,
        d: &ast::DisplaceDecl,
        earlier: &[ir::Displacement],
    ) -> Option<ir::Displacement> {
        let Some((_, by_names)) = self.at_most_one(&d.by, |e| e.0, "by") else {
            self.error(
                Diagnostic::error("E1005", "a `displace` that no piece does", d.span)
                    .label("no `by` here")
                    .help("name the pieces that displace, e.g. `displace Pawn, by Serpent`"),
            );
            return None;
        };
        if self.geometry() != crate::topology::Geometry::Square || self.on_graph() {
            self.error(
                Diagnostic::error("E1006", "`displace` on a board that is not square", d.span)
                    .label("displacement-fields are steps of the square grid")
                    .help("`displace` moves a piece one square-grid step from its cell"),
            );
            return None;
        }
        let kinds = self.kinds(&d.kinds);
        let by: Option<Vec<PieceId>> = self.piece_ids(by_names);
        let around = match self.at_most_one(&d.around, |a| a.span, "around") {
            Some(a) => self.around(std::slice::from_ref(a)),
            None => Some(Vec::new()),
        };
        let stepping = match self.at_most_one(&d.stepping, |a| a.span, "stepping") {
            Some(a) => self.around(std::slice::from_ref(a)),
            None => Some(Vec::new()),
        };
        let (kinds, by, around, stepping) = (kinds?, by?, around?, stepping?);
        for (&p, name) in by.iter().zip(by_names) {
            if let Some(first) = earlier.iter().find(|e| e.by.contains(&p)) {
                self.error(
                    Diagnostic::error(
                        "E1007",
                        format!("`{}` displaces under two declarations", name.name),
                        name.span,
                    )
                    .label("named again here")
                    .secondary(first.span, "already displacing here")
                    .help("give each displacing piece one `displace` declaration"),
                );
                return None;
            }
        }
        Some(ir::Displacement {
            kinds,
            by,
            around,
            stepping,
            span: d.span,
        })
    }
}
