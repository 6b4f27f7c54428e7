//! meets: the modifiers that say what else a move may do to the piece it ends on —
//! `swap`, `capture friend`, `convert`, `activate` — resolved into [`ir::Meets`].
//!
//! Owns their defaults (a swap, a friend capture and an activation meet friends, a
//! conversion meets foes) and their diagnostics (E0703: such a modifier naming
//! `empty`); not how they are linked (`table::link`) nor played (`game`).

use super::Checker;
use crate::ast::{self, ViaKind};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{self, KindFilter};

impl Checker {
    /// Resolves one of the four modifiers into `meets`; false after an error.
    pub(crate) fn meet_modifier(&mut self, m: &ast::Modifier, meets: &mut ir::Meets) -> bool {
        match &m.kind {
            ast::ModifierKind::Swap(p) => {
                let Some((friend, foe)) = self.meet_class(p.class, (true, false), "swap", m.span)
                else {
                    return false;
                };
                let Some(kinds) = self.meet_kinds(p.kinds.as_ref()) else {
                    return false;
                };
                meets.swap = Some(ir::Push { friend, foe, kinds });
            }
            ast::ModifierKind::Activate(p) => {
                let Some((friend, foe)) =
                    self.meet_class(p.class, (true, false), "activate", m.span)
                else {
                    return false;
                };
                let Some(kinds) = self.meet_kinds(p.kinds.as_ref()) else {
                    return false;
                };
                meets.activate = Some(ir::Push { friend, foe, kinds });
            }
            ast::ModifierKind::CaptureFriend(k) => {
                let Some(kinds) = self.meet_kinds(k.as_ref()) else {
                    return false;
                };
                meets.capture_friend = Some(kinds);
            }
            ast::ModifierKind::Convert(c) => {
                let class = self.meet_class(c.class, (false, true), "convert", m.span);
                let kinds = self.meet_kinds(c.kinds.as_ref());
                let into = match &c.into {
                    Some(name) => self.piece(name).map(Some),
                    None => Some(None),
                };
                let (Some((friend, foe)), Some(kinds), Some(into)) = (class, kinds, into) else {
                    return false;
                };
                meets.convert = Some(ir::Convert {
                    friend,
                    foe,
                    kinds,
                    into,
                });
            }
            _ => {}
        }
        true
    }

    /// The sides a `swap` or `convert` meets: `default` when no class is written.
    fn meet_class(
        &mut self,
        class: Option<(ViaKind, Span)>,
        default: (bool, bool),
        word: &str,
        span: Span,
    ) -> Option<(bool, bool)> {
        match class {
            None => Some(default),
            Some((ViaKind::Piece, _)) => Some((true, true)),
            Some((ViaKind::Friend, _)) => Some((true, false)),
            Some((ViaKind::Foe, _)) => Some((false, true)),
            Some((ViaKind::Empty, at)) => {
                self.error(
                    Diagnostic::error("E0703", format!("`{word} empty`: no piece to meet"), at)
                        .label("an empty cell holds no piece")
                        .secondary(span, format!("in this `{word}`"))
                        .help(format!(
                            "name the pieces met: `{word} friend`, `{word} foe Pawn`, `{word} piece`"
                        )),
                );
                None
            }
        }
    }

    fn meet_kinds(&mut self, kinds: Option<&ast::Kinds>) -> Option<KindFilter> {
        match kinds {
            Some(k) => self.kinds(k),
            None => Some(KindFilter::Any),
        }
    }
}
