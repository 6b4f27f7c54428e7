//! Neutral pieces: `neutral PIECES [, after each move]` and `no check`, resolved into
//! [`Neutrals`].
//!
//! Owns their errors (E0923-E0925): a neutral piece may not be royal, `after each move`
//! names one piece and is given once, `no check` needs royal pieces; and W0005, the
//! patterns of a neutral piece (no side moves it by them). What neutral pieces
//! do is the compiler's (they are walls to every walk) and the game layer's (FEN, the
//! Duck's move).

use super::Checker;
use crate::ast;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{PieceId, Span};
use crate::ir::Neutrals;

impl Checker {
    /// Checks the `neutral` and `no check` declarations; `royals` are the pieces
    /// declared `royal`.
    pub(crate) fn neutrals(&mut self, file: &ast::File, royals: &[PieceId]) -> Neutrals {
        let mut out = Neutrals::default();
        let mut after: Option<Span> = None;
        let mut no_check: Option<Span> = None;
        for item in &file.items {
            match item {
                ast::Item::Neutral(d) => {
                    self.neutral(d, royals, &mut out, &mut after);
                    unused_patterns(file, d, &mut self.diags);
                }
                ast::Item::NoCheck(span) => {
                    self.flag_twice("no check", *span, &mut no_check);
                    out.no_check = true;
                }
                _ => {}
            }
        }
        if let (Some(span), true) = (no_check, royals.is_empty()) {
            self.error(
                Diagnostic::error("E0925", "`no check` without royal pieces", span)
                    .label("no piece is declared `royal`, so there is no check to leave out")
                    .help("declare the pieces whose capture loses, e.g. `royal King`"),
            );
        }
        out
    }

    fn neutral(
        &mut self,
        d: &ast::NeutralDecl,
        royals: &[PieceId],
        out: &mut Neutrals,
        after: &mut Option<Span>,
    ) {
        let Some(ids) = self.piece_ids(&d.pieces) else {
            return;
        };
        for (id, name) in ids.iter().zip(&d.pieces) {
            if royals.contains(id) {
                self.error(
                    Diagnostic::error(
                        "E0923",
                        format!("neutral piece `{}` is also royal", name.name),
                        name.span,
                    )
                    .label("a piece of no side cannot be a side's royal")
                    .help("remove it from the `royal` or the `neutral` declaration"),
                );
            }
            if !out.kinds.contains(id) {
                out.kinds.push(*id);
            }
        }
        for &span in &d.after_each_move {
            if let Some(first) = *after {
                self.error(
                    Diagnostic::error("E0924", "`after each move` is given twice", span)
                        .label("given again here")
                        .secondary(first, "first given here")
                        .help("one neutral piece is moved after each move; remove one"),
                );
                continue;
            }
            *after = Some(span);
            if ids.len() != 1 {
                self.error(
                    Diagnostic::error(
                        "E0924",
                        "`after each move` names more than one piece",
                        d.span,
                    )
                    .label("which of these is moved after each move?")
                    .help("declare the moved piece on a line of its own: `neutral Duck, after each move`"),
                );
            } else {
                out.after_each_move = Some(ids[0]);
            }
        }
    }
}

/// W0005: a neutral piece declared with patterns (no side walks a neutral piece; the
/// Duck goes to any empty cell).
fn unused_patterns(file: &ast::File, d: &ast::NeutralDecl, diags: &mut Diagnostics) {
    for name in &d.pieces {
        let decl = file.items.iter().find_map(|i| match i {
            ast::Item::Piece(p) if p.name.name == name.name && !p.patterns.is_empty() => Some(p),
            _ => None,
        });
        if let Some(p) = decl {
            diags.push(
                Diagnostic::warning(
                    "W0005",
                    format!(
                        "the patterns of neutral piece `{}` are never used",
                        name.name
                    ),
                    p.body_span,
                )
                .label("no side moves a neutral piece by its patterns")
                .secondary(name.span, "declared neutral here")
                .help("leave its body empty: `piece Duck (D) { }`"),
            );
        }
    }
}
