//! Lowering of the game-end declarations (`repetition`, `perpetual check loses`,
//! `move limit`, `bare royal`, `no pieces`, `counting makruk`).

use super::{ident, number, outcome, piece_list};
use crate::ast::*;
use crate::syntax::parse::{Node, R};

/// One game-end declaration (`c` is its node; the caller matched its rule).
pub(super) fn end_decl(c: &Node<'_>) -> Item {
    match c.rule {
        R::repetition_decl => Item::Repetition(RepetitionDecl {
            count: number(c.child(R::number), c.span),
            outcome: c.child(R::outcome).map(|o| outcome(Some(o))),
            for_side: for_side(c),
            kind: end_kind(c),
            span: c.span,
        }),
        R::perpetual_decl => Item::PerpetualCheck(c.span),
        R::move_limit_decl => Item::MoveLimit(MoveLimitDecl {
            count: number(c.child(R::number), c.span),
            plies: c.has(R::kw_plies),
            pawns: c
                .child(R::limit_pawns)
                .map(|p| piece_list(p.child(R::piece_list), p.span))
                .unwrap_or_default(),
            kind: end_kind(c),
            span: c.span,
        }),
        R::bare_royal_decl => Item::BareRoyal(BareRoyalDecl {
            outcome: outcome(c.child(R::outcome)),
            bare_back: c.has(R::kw_back),
            span: c.span,
        }),
        R::no_pieces_decl => Item::NoPieces(NoPiecesDecl {
            outcome: outcome(c.child(R::outcome)),
            span: c.span,
        }),
        R::reach_decl => Item::Reach(ReachDecl {
            zone: ident(c.child(R::ident), c.span),
            pieces: piece_list(c.child(R::piece_list), c.span),
            outcome: c.child(R::outcome).map(|o| outcome(Some(o))),
            for_side: for_side(c),
            count: c
                .child(R::reach_count)
                .map(|n| number(n.child(R::number), n.span)),
            reply: c.has(R::kw_reply),
            safe: c.has(R::kw_safe),
            held: c.has(R::kw_held),
            full: c.has(R::kw_full),
            span: c.span,
        }),
        R::connect_decl => Item::Connect(connect(c)),
        R::extinction_decl => Item::Extinction(ExtinctionDecl {
            pieces: piece_list(c.child(R::piece_list), c.span),
            all: c.has(R::kw_all),
            outcome: c.child(R::outcome).map(|o| outcome(Some(o))),
            below: c
                .child(R::extinction_below)
                .map(|n| number(n.child(R::number), n.span)),
            span: c.span,
        }),
        R::endgame_decl => {
            let mut lists = c.all(R::material_list).map(|l| {
                l.all(R::material)
                    .map(|m| {
                        let numbers = m.all(R::number);
                        let names = m.all(R::ident);
                        Material {
                            counts: numbers
                                .zip(names)
                                .map(|(n, i)| (number(Some(n), m.span), ident(Some(i), m.span)))
                                .collect(),
                            span: m.span,
                        }
                    })
                    .collect::<Vec<_>>()
            });
            Item::Endgame(EndgameDecl {
                moves: number(c.child(R::number), c.span),
                stronger: lists.next().unwrap_or_default(),
                weaker: lists.next().unwrap_or_default(),
                span: c.span,
            })
        }
        R::checks_decl => Item::Checks(ChecksDecl {
            count: number(c.child(R::number), c.span),
            span: c.span,
        }),
        R::no_giving_check_decl => Item::NoGivingCheck(c.span),
        R::draw_odds_decl => {
            Item::DrawOdds(for_side(c).unwrap_or(crate::ids::Side::Second), c.span)
        }
        R::move_repetition_decl => Item::MoveRepetition(
            c.child(R::piece_list)
                .map(|p| piece_list(Some(p), p.span))
                .unwrap_or_default(),
            c.span,
        ),
        R::double_pass_decl => Item::DoublePass(StalemateDecl {
            outcome: outcome(c.child(R::outcome)),
            by_count: false,
            span: c.span,
        }),
        R::draw_count_decl => Item::DrawByCount(c.span),
        R::pass_decl => Item::PassWhenStuck(c.span),
        R::full_board_decl => Item::FullBoard(StalemateDecl {
            outcome: outcome(c.child(R::outcome)),
            by_count: false,
            span: c.span,
        }),
        R::royals_facing_decl => Item::RoyalsFacing(StalemateDecl {
            outcome: outcome(c.child(R::outcome)),
            by_count: false,
            span: c.span,
        }),
        R::points_decl => Item::Points(PointsDecl {
            kinds: c
                .all(R::points_kind)
                .map(|k| (ident(k.child(R::ident), k.span), decimal(k)))
                .collect(),
            bonus: c
                .all(R::points_bonus)
                .map(|b| {
                    let side = if b.has(R::kw_second) {
                        crate::ids::Side::Second
                    } else {
                        crate::ids::Side::First
                    };
                    (side, decimal(b))
                })
                .collect(),
            span: c.span,
        }),
        R::checkmate_decl => {
            let part = |rule| {
                c.child(rule).map(|p| {
                    let list = p.child(R::piece_list);
                    (
                        list.map(|l| piece_list(Some(l), l.span))
                            .unwrap_or_default(),
                        outcome(p.child(R::outcome)),
                    )
                })
            };
            Item::Checkmate(CheckmateDecl {
                outcome: outcome(c.child(R::outcome)),
                only: part(R::checkmate_only),
                after: part(R::checkmate_after),
                span: c.span,
            })
        }
        // `counting_decl`, the only rule left.
        _ => Item::Counting(CountingDecl {
            style: if c.has(R::kw_cambodian) {
                crate::ir::CountingStyle::Cambodian
            } else if c.has(R::kw_asean) {
                crate::ir::CountingStyle::Asean
            } else {
                crate::ir::CountingStyle::Makruk
            },
            roles: c.all(R::counting_role).map(counting_role).collect(),
            span: c.span,
        }),
    }
}

/// The `decimal` child of `n`, in tenths: `1.5` is 15; `None` with two or more decimals
/// or past `u64`.
fn decimal(n: &Node<'_>) -> Decimal {
    let Some(d) = n.child(R::decimal) else {
        return Decimal {
            tenths: None,
            span: n.span,
        };
    };
    let (whole, frac) = d.text.split_once('.').unwrap_or((d.text, "0"));
    let tenths = match (whole.parse::<u64>(), frac.len()) {
        (Ok(w), 1) => w
            .checked_mul(10)
            .and_then(|w| w.checked_add(u64::from(frac.as_bytes()[0] - b'0'))),
        _ => None,
    };
    Decimal {
        tenths,
        span: d.span,
    }
}

/// `connect N|square N|A to B [with PIECES] [OUTCOME] [for first|second] [, along DIRS]
/// [, gaps]`.
fn connect(c: &Node<'_>) -> ConnectDecl {
    let shape = if let Some(sq) = c.child(R::connect_square) {
        ConnectShapeDecl::Square(number(sq.child(R::number), sq.span))
    } else if let Some(z) = c.child(R::connect_zones) {
        let mut names = z.all(R::ident);
        let a = ident(names.next(), z.span);
        let b = ident(names.next(), z.span);
        ConnectShapeDecl::Zones(a, b)
    } else {
        let n = c.child(R::connect_count);
        ConnectShapeDecl::Line(number(n.and_then(|n| n.child(R::number)), c.span))
    };
    ConnectDecl {
        shape,
        pieces: c
            .child(R::piece_list)
            .map(|p| piece_list(Some(p), p.span))
            .unwrap_or_default(),
        outcome: c.child(R::outcome).map(|o| outcome(Some(o))),
        for_side: for_side(c),
        along: c
            .all(R::connect_along)
            .map(|a| Around {
                words: a.all(R::dir_word).map(|w| ident(Some(w), a.span)).collect(),
                span: a.span,
            })
            .collect(),
        gaps: c.all(R::connect_gaps).map(|g| g.span).collect(),
        span: c.span,
    }
}

/// `for first` / `for second` after a game end.
pub(super) fn for_side(n: &Node<'_>) -> Option<crate::ids::Side> {
    n.child(R::for_side).map(|f| {
        if f.has(R::kw_second) {
            crate::ids::Side::Second
        } else {
            crate::ids::Side::First
        }
    })
}

/// `, claim` or `, immediate` after a game end.
fn end_kind(n: &Node<'_>) -> Option<EndKindWord> {
    let k = n.child(R::end_kind)?;
    Some(if k.has(R::kw_immediate) {
        EndKindWord::Immediate
    } else {
        EndKindWord::Claim
    })
}

/// `pawn Pawn`, `rook Rook`, `bishop Khon`, `knight Knight`.
fn counting_role(n: &Node<'_>) -> (CountingRoleWord, Ident) {
    let role = if n.has(R::kw_pawn) {
        CountingRoleWord::Pawn
    } else if n.has(R::kw_rook) {
        CountingRoleWord::Rook
    } else if n.has(R::kw_bishop) {
        CountingRoleWord::Bishop
    } else {
        CountingRoleWord::Knight
    };
    (role, ident(n.child(R::ident), n.span))
}
