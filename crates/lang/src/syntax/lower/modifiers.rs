//! Lowering of a pattern's modifiers (`move only`, `from Z`, `push`, `swap`, `for first`,
//! `tagged T`, ...) to [`Modifier`]s.

use super::effects::around;
use super::{ident, kinds, via_kind};
use crate::ast::*;
use crate::syntax::parse::{Node, R};

/// One modifier node; `None` if it has no inner rule (a parse it does not know).
pub(super) fn modifier(n: &Node<'_>) -> Option<Modifier> {
    let inner = n.children.first()?;
    let kind = match inner.rule {
        R::mod_move_only => ModifierKind::MoveOnly,
        R::mod_capture_only => ModifierKind::CaptureOnly,
        R::mod_initial => ModifierKind::Initial,
        R::mod_from => ModifierKind::From {
            zone: ident(inner.child(R::ident), inner.span),
            inside: !inner.has(R::kw_not),
        },
        R::mod_to => ModifierKind::To {
            zone: ident(inner.child(R::ident), inner.span),
            inside: !inner.has(R::kw_not),
        },
        R::mod_captures => ModifierKind::Captures(kinds(inner.child(R::kinds)?)),
        R::mod_en_passant => ModifierKind::EnPassant,
        R::mod_pass => ModifierKind::Pass,
        R::mod_chain => ModifierKind::Chain,
        R::mod_for => ModifierKind::ForSide(
            if inner
                .child(R::for_side)
                .is_some_and(|f| f.has(R::kw_second))
            {
                crate::ids::Side::Second
            } else {
                crate::ids::Side::First
            },
        ),
        R::mod_tagged => ModifierKind::Tagged(ident(inner.child(R::ident), inner.span)),
        R::mod_not_in_check => ModifierKind::NotInCheck,
        R::mod_sets => ModifierKind::Sets(ident(inner.child(R::ident), inner.span)),
        R::mod_keeps => ModifierKind::Keeps(ident(inner.child(R::ident), inner.span)),
        R::mod_burn => ModifierKind::Burn(PatternBurn {
            target: inner.child(R::via_kind).map(|c| AreaTarget {
                class: via_kind(Some(c)),
                class_span: c.span,
                kinds: inner.child(R::kinds).map(kinds),
                span: match inner.child(R::kinds) {
                    Some(k) => c.span.to(k.span),
                    None => c.span,
                },
            }),
            around: inner.child(R::around).map(around),
        }),
        R::mod_withdraw => ModifierKind::Withdraw(inner.child(R::kinds).map(kinds)),
        R::mod_pincer => ModifierKind::Pincer(PatternPincer {
            kinds: inner.child(R::kinds).map(kinds),
            around: inner.child(R::around).map(around),
        }),
        R::mod_near => ModifierKind::Near {
            count: inner
                .child(R::number)
                .map(|c| (c.text.parse().unwrap_or(u32::MAX), c.span)),
            not: inner.has(R::kw_not),
        },
        R::mod_coordinate => ModifierKind::Coordinate(PatternCoordinate {
            kinds: inner.child(R::kinds).map(kinds),
            with: ident(inner.child(R::ident), inner.span),
        }),
        R::mod_explode => ModifierKind::Explode(PatternExplode {
            sparing: inner.child(R::kinds).map(kinds),
            around: inner.child(R::around).map(around),
        }),
        R::mod_push => {
            let class = inner.child(R::via_kind);
            ModifierKind::Push(Push {
                class: class.map(|c| (via_kind(Some(c)), c.span)),
                kinds: inner.child(R::kinds).map(kinds),
            })
        }
        R::mod_swap => {
            let class = inner.child(R::via_kind);
            ModifierKind::Swap(Push {
                class: class.map(|c| (via_kind(Some(c)), c.span)),
                kinds: inner.child(R::kinds).map(kinds),
            })
        }
        R::mod_activate => {
            let class = inner.child(R::via_kind);
            ModifierKind::Activate(Push {
                class: class.map(|c| (via_kind(Some(c)), c.span)),
                kinds: inner.child(R::kinds).map(kinds),
            })
        }
        R::mod_capture_friend => ModifierKind::CaptureFriend(inner.child(R::kinds).map(kinds)),
        R::mod_convert => {
            let class = inner.child(R::via_kind);
            ModifierKind::Convert(crate::ast::Convert {
                class: class.map(|c| (via_kind(Some(c)), c.span)),
                kinds: inner.child(R::kinds).map(kinds),
                into: inner.child(R::ident).map(|i| ident(Some(i), inner.span)),
            })
        }
        _ => return None,
    };
    Some(Modifier { kind, span: n.span })
}
