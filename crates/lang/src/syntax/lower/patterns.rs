//! lower/patterns: the pieces and their patterns — legs, directions and their
//! conditions, ranges, `via` items — from the syntax tree into the AST.

use super::*;

pub(super) fn piece(n: &Node<'_>) -> PieceDecl {
    let body = n.child(R::body);
    let body_span = match (n.child(R::lbrace), n.child(R::rbrace)) {
        (Some(l), Some(r)) => l.span.to(r.span),
        _ => n.span,
    };
    let patterns = body
        .into_iter()
        .flat_map(|b| b.children.iter())
        .filter_map(|c| match c.rule {
            R::like_pattern => Some(PatternItem::Like(
                ident(c.child(R::ident), c.span),
                c.all(R::modifier).filter_map(modifier).collect(),
                c.span,
            )),
            R::move_pattern => Some(PatternItem::Moves(pattern(c))),
            _ => None,
        })
        .collect();
    PieceDecl {
        name: ident(n.child(R::ident), n.span),
        letter: ident(n.child(R::letter), n.span),
        san: n
            .child(R::piece_san)
            .map(|s| ident(s.child(R::letter), s.span)),
        patterns,
        body_span,
        span: n.span,
    }
}

pub(super) fn pattern(n: &Node<'_>) -> Pattern {
    let mut legs = Vec::new();
    let mut repeats = Vec::new();
    for part in &n.children {
        match part.rule {
            R::leg => legs.push(leg(part)),
            R::repeat_group => {
                let first = legs.len();
                legs.extend(part.all(R::leg).map(leg));
                repeats.push(Repeat {
                    first,
                    len: legs.len() - first,
                    range: part.child(R::range).and_then(range),
                    keyword: part.child(R::kw_repeat).map_or(part.span, |k| k.span),
                    span: part.span,
                });
            }
            _ => {}
        }
    }
    Pattern {
        legs,
        repeats,
        modifiers: n.all(R::modifier).filter_map(modifier).collect(),
        span: n.span,
    }
}

pub(super) fn leg(n: &Node<'_>) -> Leg {
    let mover_node = n.child(R::mover);
    let mover = match mover_node.and_then(|m| m.children.first()).map(|k| k.rule) {
        Some(R::kw_leap) => Mover::Leap,
        Some(R::kw_ride) => Mover::Ride,
        _ => Mover::Step,
    };
    let dirs_node = n.child(R::dirs);
    let mut dirs = Vec::new();
    let mut conds = Vec::new();
    for c in dirs_node.into_iter().flat_map(|d| d.children.iter()) {
        match c.rule {
            R::dir => dirs.extend(dir(c)),
            R::step_if if !dirs.is_empty() => {
                if let Some(at) = c.child(R::dir).and_then(dir) {
                    conds.push(StepIf {
                        term: dirs.len() - 1,
                        at,
                        items: c.all(R::if_item).map(if_item).collect(),
                        span: c.span,
                    });
                }
            }
            _ => {}
        }
    }
    Leg {
        mover,
        mover_span: mover_node.map_or(n.span, |m| m.span),
        dirs,
        dirs_span: dirs_node.map_or(n.span, |d| d.span),
        range: n.child(R::range).and_then(range),
        via: n.child(R::via).map(via),
        conds,
        span: n.span,
    }
}

/// One class of a step's condition (`piece Wave`, `edge`).
pub(super) fn if_item(n: &Node<'_>) -> IfItem {
    let kind_node = n.child(R::if_kind);
    let kind = match kind_node.and_then(|k| k.children.first()).map(|k| k.rule) {
        Some(R::kw_friend) => IfKind::Friend,
        Some(R::kw_foe) => IfKind::Foe,
        Some(R::kw_piece) => IfKind::Piece,
        Some(R::kw_edge) => IfKind::Edge,
        _ => IfKind::Empty,
    };
    IfItem {
        kind,
        kind_span: kind_node.map_or(n.span, |k| k.span),
        kinds: n.child(R::kinds).map(kinds),
        span: n.span,
    }
}

pub(super) fn dir(n: &Node<'_>) -> Option<Dir> {
    let inner = n.children.first()?;
    let kind = match inner.rule {
        R::dir_word => DirKind::Word(inner.text.to_string()),
        R::vector_dir => {
            let qualifier = match inner
                .child(R::vector_qual)
                .and_then(|q| q.children.first())
                .map(|k| k.rule)
            {
                Some(R::kw_forward) => VectorQualifier::Forward,
                Some(R::kw_backward) => VectorQualifier::Backward,
                Some(R::kw_exactly) => VectorQualifier::Exactly,
                _ => VectorQualifier::All,
            };
            let v = inner.child(R::vector)?;
            let mut ints = v.all(R::int);
            let x = int(ints.next(), v.span);
            let y = int(ints.next(), v.span);
            DirKind::Vector { qualifier, x, y }
        }
        R::turn_dir => DirKind::Turn(
            inner
                .children
                .iter()
                .filter(|c| matches!(c.rule, R::angle | R::more_angle))
                .map(angle)
                .collect(),
        ),
        _ => return None,
    };
    Some(Dir { kind, span: n.span })
}

pub(super) fn angle(n: &Node<'_>) -> Angle {
    let text = n.text;
    let (sign, digits) = if let Some(rest) = text.strip_prefix('±') {
        (0, rest)
    } else if let Some(rest) = text.strip_prefix("+-") {
        (0, rest)
    } else if let Some(rest) = text.strip_prefix('-') {
        (-1, rest)
    } else if let Some(rest) = text.strip_prefix('+') {
        (1, rest)
    } else {
        (1, text)
    };
    let magnitude: i64 = digits.parse().unwrap_or(i64::MAX);
    Angle {
        degrees: if sign < 0 { -magnitude } else { magnitude },
        both_signs: sign == 0,
        span: n.span,
    }
}

pub(super) fn range(n: &Node<'_>) -> Option<Range> {
    let inner = n.children.first()?;
    if inner.rule == R::range_momentum {
        return Some(Range {
            kind: RangeKind::Momentum,
            span: n.span,
        });
    }
    let mut nums = inner.all(R::number);
    let a = number(nums.next(), inner.span);
    let kind = match inner.rule {
        R::range_up_to => RangeKind::UpTo(a),
        R::range_between => RangeKind::Between(a, number(nums.next(), inner.span)),
        R::range_at_least => RangeKind::AtLeast(a),
        _ => RangeKind::Exact(a),
    };
    Some(Range { kind, span: n.span })
}

pub(super) fn via(n: &Node<'_>) -> Via {
    Via {
        items: n.all(R::via_item).map(via_item).collect(),
        span: n.span,
    }
}

pub(super) fn sokoban_role(n: &Node<'_>) -> SokobanRole {
    let kind = match n.children.first().map(|k| k.rule) {
        Some(R::kw_box) => SokobanRoleKind::Box,
        Some(R::kw_wall) => SokobanRoleKind::Wall,
        _ => SokobanRoleKind::Pusher,
    };
    SokobanRole {
        kind,
        piece: ident(n.child(R::ident), n.span),
        span: n.span,
    }
}

pub(super) fn via_kind(kind_node: Option<&Node<'_>>) -> ViaKind {
    match kind_node.and_then(|k| k.children.first()).map(|k| k.rule) {
        Some(R::kw_friend) => ViaKind::Friend,
        Some(R::kw_foe) => ViaKind::Foe,
        Some(R::kw_piece) => ViaKind::Piece,
        _ => ViaKind::Empty,
    }
}

pub(super) fn via_item(n: &Node<'_>) -> ViaItem {
    let kind_node = n.child(R::via_kind);
    let kind = via_kind(kind_node);
    ViaItem {
        kind,
        kind_span: kind_node.map_or(n.span, |k| k.span),
        kinds: n.child(R::kinds).map(kinds),
        captured: n.child(R::kw_captured).map(|c| c.span),
        span: n.span,
    }
}
