//! Lowering of the effect declarations (`explode`, `burn`, `freeze`, `immune`, `relay`).

use super::{angle, ident, int, kinds, piece_list, via_kind};
use crate::ast::*;
use crate::syntax::parse::{Node, R};

/// `explode on capture [, sparing KINDS] [, immune KINDS] [, around DIRS] [, to hand]`
pub(super) fn explode(n: &Node<'_>) -> ExplodeDecl {
    ExplodeDecl {
        sparing: n
            .all(R::sparing)
            .filter_map(|s| s.child(R::decl_kinds).map(kinds))
            .collect(),
        immune: n
            .all(R::blast_immune)
            .filter_map(|s| s.child(R::decl_kinds).map(kinds))
            .collect(),
        around: n.all(R::around).map(around).collect(),
        to_hand: n.all(R::blast_to_hand).map(|t| t.span).collect(),
        span: n.span,
    }
}

/// `petrify PIECES, into WALL`
pub(super) fn petrify(n: &Node<'_>) -> PetrifyDecl {
    PetrifyDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        into: ident(n.child(R::ident), n.span),
        span: n.span,
    }
}

/// `burn|freeze|flip PIECES [, CLASS [KINDS]] [, around DIRS] [, enclosed] [, also arriving]`
pub(super) fn area(n: &Node<'_>) -> AreaDecl {
    AreaDecl {
        effect: if n.has(R::kw_freeze) {
            AreaEffectKind::Freeze
        } else if n.has(R::kw_flip) {
            AreaEffectKind::Flip
        } else {
            AreaEffectKind::Burn
        },
        pieces: piece_list(n.child(R::piece_list), n.span),
        targets: n
            .all(R::area_target)
            .map(|t| {
                let class = t.child(R::via_kind);
                AreaTarget {
                    class: via_kind(class),
                    class_span: class.map_or(t.span, |c| c.span),
                    kinds: t.child(R::decl_kinds).map(kinds),
                    span: t.span,
                }
            })
            .collect(),
        around: n.all(R::around).map(around).collect(),
        enclosed: n.all(R::flip_enclosed).map(|e| e.span).collect(),
        arriving: n.all(R::burn_arriving).map(|e| e.span).collect(),
        span: n.span,
    }
}

/// `immune PIECES [to KINDS]`
pub(super) fn immune(n: &Node<'_>) -> ImmuneDecl {
    ImmuneDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        capturers: n.child(R::decl_kinds).map(kinds),
        span: n.span,
    }
}

/// `lion trading PIECES [, bridge KINDS]`
pub(super) fn lion_trading(n: &Node<'_>) -> LionTradingDecl {
    LionTradingDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        bridge: n
            .child(R::lion_bridge)
            .and_then(|b| b.child(R::decl_kinds))
            .map(kinds),
        span: n.span,
    }
}

/// `relay PIECES [, move only] [, activate KINDS] [, activate foe KINDS] [, onward [KINDS]]
/// [, alternating KINDS] [, momentum] [, diverge at [piece] KINDS]`
pub(super) fn relay(n: &Node<'_>) -> RelayDecl {
    RelayDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        move_only: n.all(R::relay_move_only).map(|m| m.span).collect(),
        momentum: n.all(R::relay_momentum).map(|m| m.span).collect(),
        onward: n
            .all(R::relay_onward)
            .map(|m| (m.span, m.child(R::decl_kinds).map(kinds)))
            .collect(),
        diverge: n
            .all(R::relay_diverge)
            .filter_map(|d| {
                let any_side = d.child(R::kw_piece).is_some();
                d.child(R::decl_kinds).map(|k| (kinds(k), any_side))
            })
            .collect(),
        alternating: n
            .all(R::relay_alternating)
            .filter_map(|a| a.child(R::decl_kinds))
            .map(kinds)
            .collect(),
        activate: n
            .all(R::relay_activate)
            .filter(|a| a.child(R::kw_foe).is_none())
            .filter_map(|a| a.child(R::decl_kinds))
            .map(kinds)
            .collect(),
        activate_foe: n
            .all(R::relay_activate)
            .filter(|a| a.child(R::kw_foe).is_some())
            .filter_map(|a| a.child(R::decl_kinds))
            .map(kinds)
            .collect(),
        span: n.span,
    }
}

/// `teleport through PIECES to PIECES [, not PIECES] [, onward PIECES] [, back PIECES]`
pub(super) fn teleport(n: &Node<'_>) -> TeleportDecl {
    let mut lists = n.all(R::piece_list);
    let through = piece_list(lists.next(), n.span);
    let to = piece_list(lists.next(), n.span);
    TeleportDecl {
        through,
        to,
        not: n
            .all(R::teleport_not)
            .map(|t| (t.span, piece_list(t.child(R::piece_list), t.span)))
            .collect(),
        onward: n
            .all(R::teleport_onward)
            .map(|t| (t.span, piece_list(t.child(R::piece_list), t.span)))
            .collect(),
        back: n
            .all(R::teleport_back)
            .map(|t| (t.span, piece_list(t.child(R::piece_list), t.span)))
            .collect(),
        span: n.span,
    }
}

/// `journey PIECES by PIECES, spiral V [| V] turn ANGLE [inward] [for first|second] ...`
pub(super) fn journey(n: &Node<'_>) -> JourneyDecl {
    let mut lists = n.all(R::piece_list);
    let pieces = piece_list(lists.next(), n.span);
    let by = piece_list(lists.next(), n.span);
    JourneyDecl {
        pieces,
        by,
        spirals: n
            .all(R::journey_spiral)
            .map(|s| SpiralDecl {
                arms: s
                    .all(R::vector)
                    .map(|v| {
                        let mut ints = v.all(R::int);
                        let x = int(ints.next(), v.span);
                        let y = int(ints.next(), v.span);
                        (x, y)
                    })
                    .collect(),
                turn: match s.child(R::angle) {
                    Some(a) => angle(a),
                    None => Angle {
                        degrees: 0,
                        both_signs: false,
                        span: s.span,
                    },
                },
                inward: s.has(R::journey_inward),
                for_side: s.child(R::for_side).map(|f| {
                    let side = if f.has(R::kw_second) {
                        crate::ids::Side::Second
                    } else {
                        crate::ids::Side::First
                    };
                    (side, f.span)
                }),
                span: s.span,
            })
            .collect(),
        blocked: n
            .all(R::journey_blocked)
            .map(|b| (b.span, piece_list(b.child(R::piece_list), b.span)))
            .collect(),
        captures: n
            .all(R::journey_captures)
            .map(|c| {
                let side = if c.has(R::kw_second) {
                    Some(crate::ids::Side::Second)
                } else if c.has(R::kw_first) {
                    Some(crate::ids::Side::First)
                } else {
                    None
                };
                (c.span, side)
            })
            .collect(),
        displaces: n
            .all(R::journey_displaces)
            .map(|d| DisplacesDecl {
                vectors: d
                    .all(R::vector)
                    .map(|v| {
                        let mut ints = v.all(R::int);
                        let x = int(ints.next(), v.span);
                        let y = int(ints.next(), v.span);
                        (x, y)
                    })
                    .collect(),
                rotated: d.has(R::journey_rotated),
                when: if d.has(R::kw_second) {
                    Some(crate::ids::Side::Second)
                } else if d.has(R::kw_first) {
                    Some(crate::ids::Side::First)
                } else {
                    None
                },
                span: d.span,
            })
            .collect(),
        sweeps: n
            .all(R::journey_sweeps)
            .map(|w| {
                let side = |has_second: bool| {
                    if has_second {
                        crate::ids::Side::Second
                    } else {
                        crate::ids::Side::First
                    }
                };
                let of = w.child(R::for_side).map(|f| side(f.has(R::kw_second)));
                let when = (w.has(R::kw_when)).then(|| side(w.has(R::kw_second)));
                (w.span, of, when)
            })
            .collect(),
        span: n.span,
    }
}

/// `activated PIECES by PIECES moves as PIECE`
pub(super) fn moves_as(n: &Node<'_>) -> MovesAsDecl {
    let mut lists = n.all(R::piece_list);
    let pieces = piece_list(lists.next(), n.span);
    let by = piece_list(lists.next(), n.span);
    MovesAsDecl {
        pieces,
        by,
        as_piece: ident(n.child(R::ident), n.span),
        span: n.span,
    }
}

pub(super) fn around(n: &Node<'_>) -> Around {
    Around {
        words: n.all(R::dir_word).map(|w| ident(Some(w), n.span)).collect(),
        span: n.span,
    }
}

/// `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]`
pub(super) fn displace(n: &Node<'_>) -> DisplaceDecl {
    DisplaceDecl {
        kinds: n.child(R::decl_kinds).map(kinds).unwrap_or_else(|| Kinds {
            negated: false,
            names: Vec::new(),
            span: n.span,
        }),
        by: n
            .all(R::displace_by)
            .map(|e| (e.span, piece_list(e.child(R::piece_list), e.span)))
            .collect(),
        around: n.all(R::around).map(around).collect(),
        stepping: n.all(R::displace_stepping).map(around).collect(),
        span: n.span,
    }
}

/// `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]`
pub(super) fn sacrifice(n: &Node<'_>) -> SacrificeDecl {
    let lists = |rule| {
        n.all(rule)
            .map(|e: &Node<'_>| (e.span, piece_list(e.child(R::piece_list), e.span)))
            .collect()
    };
    SacrificeDecl {
        kinds: n.child(R::decl_kinds).map(kinds).unwrap_or_else(|| Kinds {
            negated: false,
            names: Vec::new(),
            span: n.span,
        }),
        by: lists(R::sacrifice_by),
        through: lists(R::sacrifice_through),
        around: n.all(R::around).map(around).collect(),
        span: n.span,
    }
}

/// `alignment PIECES [, entered by PIECES] [, demote KINDS to PIECE] [, resurrect KINDS
/// by PIECES [beside PIECES]]`
pub(super) fn alignment(n: &Node<'_>) -> AlignmentDecl {
    AlignmentDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        entered_by: n
            .all(R::alignment_entered)
            .map(|e| (e.span, piece_list(e.child(R::piece_list), e.span)))
            .collect(),
        demote: n
            .all(R::alignment_demote)
            .filter_map(|d| {
                let k = d.child(R::decl_kinds).map(kinds)?;
                Some((d.span, k, ident(d.child(R::ident), d.span)))
            })
            .collect(),
        resurrect: n
            .all(R::alignment_resurrect)
            .filter_map(|r| {
                Some(ResurrectDecl {
                    kinds: r.child(R::decl_kinds).map(kinds)?,
                    by: piece_list(r.child(R::piece_list), r.span),
                    beside: r
                        .child(R::alignment_beside)
                        .map(|b| (b.span, piece_list(b.child(R::piece_list), b.span))),
                    span: r.span,
                })
            })
            .collect(),
        span: n.span,
    }
}
