//! Lowering: parse-tree [`Node`]s to [`ast`] nodes.
//!
//! Owns the mapping from grammar rules to AST shapes and the conversion of number
//! tokens (which saturate instead of overflowing). The grammar guarantees the shape of
//! the tree; where a child is unexpectedly missing, lowering falls back to an empty
//! value rather than panicking.

use super::parse::{Node, R};
use crate::ast::*;
use crate::ids::Span;
use crate::topology::CellColour;

mod effects;
mod ends;
mod modifiers;
mod patterns;

use patterns::{angle, piece, sokoban_role, via_kind};

use modifiers::modifier;

pub(crate) fn lower_file(node: &Node<'_>) -> File {
    let items = node
        .children
        .iter()
        .filter_map(|c| match c.rule {
            R::game_decl => Some(Item::Game(game(c))),
            R::board_decl => Some(Item::Board(board(c))),
            R::zone_decl => Some(Item::Zone(zone(c))),
            R::piece_decl => Some(Item::Piece(piece(c))),
            R::start_decl => Some(Item::Start(start(c))),
            R::royal_decl => Some(Item::Royal(RoyalDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                span: c.span,
            })),
            R::royals_face_decl => Some(Item::RoyalsMayNotFace(c.span)),
            R::royals_check_decl => Some(Item::RoyalsInCheckCaptureOnly(c.span)),
            R::castling_decl => Some(Item::Castling(castling(c))),
            R::en_passant_decl => Some(Item::EnPassant(EnPassantDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                span: c.span,
            })),
            R::promotion_decl => Some(Item::Promotion(promotion(c))),
            R::hand_decl => Some(Item::Hand(
                c.span,
                if c.has(R::hand_not_kept) {
                    HandCaptures::NotKept
                } else if c.has(R::hand_kept_promoted) {
                    HandCaptures::KeptPromoted
                } else if c.has(R::hand_unlimited) {
                    HandCaptures::Unlimited
                } else {
                    HandCaptures::Demoted
                },
            )),
            R::drop_decl => Some(Item::Drop(drop_decl(c))),
            R::one_side_decl => Some(Item::OneSide(c.span)),
            R::must_capture_decl => Some(Item::MustCapture(MustCaptureDecl {
                most: c.has(R::kw_most),
                weights: c
                    .all(R::capture_weight)
                    .map(|w| CaptureWeight {
                        piece: ident(w.child(R::ident), w.span),
                        weight: number(w.child(R::number), w.span),
                        span: w.span,
                    })
                    .collect(),
                prefer: c
                    .all(R::capture_prefer)
                    .map(|p| CapturePrefer {
                        rule: if p.has(R::kw_with) {
                            PreferRule::With
                        } else if p.has(R::kw_most) {
                            PreferRule::Most
                        } else {
                            PreferRule::Earliest
                        },
                        pieces: piece_list(p.child(R::piece_list), p.span),
                        span: p.span,
                    })
                    .collect(),
                span: c.span,
            })),
            R::repetition_decl
            | R::perpetual_decl
            | R::move_limit_decl
            | R::bare_royal_decl
            | R::no_pieces_decl
            | R::counting_decl
            | R::reach_decl
            | R::extinction_decl
            | R::endgame_decl
            | R::checks_decl
            | R::no_giving_check_decl
            | R::draw_odds_decl
            | R::double_pass_decl
            | R::move_repetition_decl
            | R::royals_facing_decl
            | R::points_decl
            | R::draw_count_decl
            | R::pass_decl
            | R::full_board_decl
            | R::connect_decl
            | R::checkmate_decl => Some(ends::end_decl(c)),
            R::neutral_decl => Some(Item::Neutral(NeutralDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                after_each_move: c.all(R::after_each_move).map(|a| a.span).collect(),
                placed_after_each_move: c.all(R::placed_after).map(|a| a.span).collect(),
                placed_in: c
                    .all(R::placed_in)
                    .map(|p| ident(p.child(R::ident), p.span))
                    .collect(),
                placed_site: c
                    .all(R::placed_site)
                    .map(|p| {
                        let site = if p.has(R::placed_left) {
                            crate::ast::PlacedSite::Left
                        } else {
                            crate::ast::PlacedSite::Reach
                        };
                        (site, p.span)
                    })
                    .collect(),
                moved_by_either: c.all(R::moved_by_either).map(|a| a.span).collect(),
                opaque: c.all(R::opaque_flag).map(|a| a.span).collect(),
                captured_by: c
                    .all(R::captured_by)
                    .map(|b| crate::ast::CapturedBy {
                        side: b.child(R::capture_side).and_then(|s| {
                            if s.has(R::kw_first) {
                                Some(crate::ids::Side::First)
                            } else if s.has(R::kw_second) {
                                Some(crate::ids::Side::Second)
                            } else {
                                None
                            }
                        }),
                        kinds: match b.child(R::piece_list) {
                            Some(l) => piece_list(Some(l), b.span),
                            None => Vec::new(),
                        },
                        span: b.span,
                    })
                    .collect(),
                span: c.span,
            })),
            R::no_check_decl => Some(Item::NoCheck(
                c.span,
                c.child(R::no_check_last)
                    .map(|l| NoCheckExcept {
                        all: false,
                        span: l.span,
                    })
                    .or_else(|| {
                        c.child(R::no_check_all).map(|l| NoCheckExcept {
                            all: true,
                            span: l.span,
                        })
                    }),
            )),
            R::tag_decl => Some(Item::Tag(TagDecl {
                name: ident(c.child(R::ident), c.span),
                mark: c.child(R::tag_mark).map_or("", |m| m.text).to_string(),
                mark_span: c.child(R::tag_mark).map_or(c.span, |m| m.span),
                pieces: piece_list(c.child(R::piece_list), c.span),
                rights: c
                    .child(R::tag_rights)
                    .map(|r| (ident(r.child(R::ident), r.span), r.span)),
                aimed_by: c
                    .child(R::tag_aimed)
                    .map(|a| (piece_list(a.child(R::piece_list), a.span), a.span)),
                span: c.span,
            })),
            R::relay_decl => Some(Item::Relay(effects::relay(c))),
            R::teleport_decl => Some(Item::Teleport(effects::teleport(c))),
            R::alignment_decl => Some(Item::Alignment(effects::alignment(c))),
            R::journey_decl => Some(Item::Journey(effects::journey(c))),
            R::moves_as_decl => Some(Item::MovesAs(effects::moves_as(c))),
            R::displace_decl => Some(Item::Displace(effects::displace(c))),
            R::sacrifice_decl => Some(Item::Sacrifice(effects::sacrifice(c))),
            R::chain_decl => Some(Item::Chain(ChainDecl {
                rule: if c.has(R::chain_no_reversal) {
                    ChainRule::NoReversal
                } else if c.has(R::chain_removal) {
                    ChainRule::RemovalAtOnce(
                        c.child(R::chain_removal).is_some_and(|r| r.has(R::kw_once)),
                    )
                } else {
                    ChainRule::PromotionContinues(
                        c.child(R::chain_promotion)
                            .is_some_and(|r| r.has(R::kw_continues)),
                    )
                },
                span: c.span,
            })),
            R::passive_decl => Some(Item::Passive(PassiveDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                span: c.span,
            })),
            R::touch_decl => {
                let mut lists = c.all(R::piece_list);
                let pieces = piece_list(lists.next(), c.span);
                let promote = piece_list(lists.next(), c.span);
                Some(Item::Touch(TouchDecl {
                    pieces,
                    promote,
                    zone: ident(c.child(R::ident), c.span),
                    span: c.span,
                }))
            }
            R::stalemate_decl => Some(Item::Stalemate(StalemateDecl {
                outcome: outcome(c.child(R::outcome)),
                by_count: c.has(R::stalemate_by_count),
                span: c.span,
            })),
            R::explode_decl => Some(Item::Explode(effects::explode(c))),
            R::petrify_decl => Some(Item::Petrify(effects::petrify(c))),
            R::area_decl => Some(Item::Area(effects::area(c))),
            R::immune_decl => Some(Item::Immune(effects::immune(c))),
            R::lion_trading_decl => Some(Item::LionTrading(effects::lion_trading(c))),
            R::sokoban_decl => Some(Item::Sokoban(SokobanDecl {
                roles: c.all(R::sokoban_role).map(sokoban_role).collect(),
                reverse: c.has(R::kw_reverse),
                span: c.span,
            })),
            R::gating_decl => Some(Item::Gating(GatingDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                zone: ident(c.child(R::ident), c.span),
                no_drops: c.child(R::gating_no_drops).map(|n| n.span),
                span: c.span,
            })),
            R::heading_decl => Some(Item::Heading(HeadingDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                choices: c
                    .all(R::heading_choice)
                    .map(|h| {
                        (
                            ident(h.child(R::dir_word), h.span),
                            ident(h.child(R::ident), h.span),
                        )
                    })
                    .collect(),
                span: c.span,
            })),
            R::confine_decl => Some(Item::Confine(ConfineDecl {
                pieces: piece_list(c.child(R::piece_list), c.span),
                zone: ident(c.child(R::ident), c.span),
                side: ends::for_side(c),
                span: c.span,
            })),
            _ => None,
        })
        .collect();
    File {
        items,
        span: node.span,
    }
}

fn ident(node: Option<&Node<'_>>, fallback: Span) -> Ident {
    match node {
        Some(n) => Ident {
            name: n.text.to_string(),
            span: n.span,
        },
        None => Ident {
            name: String::new(),
            span: fallback,
        },
    }
}

fn number(node: Option<&Node<'_>>, fallback: Span) -> Number {
    match node {
        Some(n) => Number {
            value: n.text.parse().unwrap_or(u64::MAX),
            span: n.span,
        },
        None => Number {
            value: 0,
            span: fallback,
        },
    }
}

pub(super) fn int(node: Option<&Node<'_>>, fallback: Span) -> Int {
    match node {
        Some(n) => {
            let negative = n.text.starts_with('-');
            let value = n
                .text
                .parse()
                .unwrap_or(if negative { i64::MIN } else { i64::MAX });
            Int {
                value,
                span: n.span,
            }
        }
        None => Int {
            value: 0,
            span: fallback,
        },
    }
}

fn game(n: &Node<'_>) -> GameDecl {
    let name = n
        .child(R::string)
        .and_then(|s| s.child(R::string_text))
        .map_or(String::new(), |t| t.text.to_string());
    GameDecl { name, span: n.span }
}

fn start(n: &Node<'_>) -> StartDecl {
    let string = n.child(R::fen_string);
    let text = string.and_then(|s| s.child(R::string_text));
    // Without text (`start ""`), the empty span right after the opening quote.
    let fen_span = match (text, string.and_then(|s| s.child(R::fen_quote))) {
        (Some(t), _) => t.span,
        (None, Some(q)) => Span::new(q.span.end as usize, q.span.end as usize),
        (None, None) => n.span,
    };
    StartDecl {
        fen: text.map_or(String::new(), |t| t.text.to_string()),
        fen_span,
        span: n.span,
    }
}

/// The names of a `piece_list` (or any node whose `ident` children are the list).
fn piece_list(n: Option<&Node<'_>>, fallback: Span) -> Vec<Ident> {
    n.into_iter()
        .flat_map(|l| l.all(R::ident))
        .map(|i| ident(Some(i), fallback))
        .collect()
}

fn castling_move(n: Option<&Node<'_>>, fallback: Span) -> CastlingMove {
    let span = n.map_or(fallback, |m| m.span);
    let mut cells = n.into_iter().flat_map(|m| m.all(R::cell)).map(cell_name);
    let mut next_cell = || {
        cells.next().unwrap_or(CellName {
            text: String::new(),
            span,
        })
    };
    let from = next_cell();
    let to = next_cell();
    CastlingMove {
        piece: ident(n.and_then(|m| m.child(R::ident)), span),
        from,
        to,
        span,
    }
}

fn castling(n: &Node<'_>) -> CastlingDecl {
    let mut moves = n.all(R::castling_move);
    let king = castling_move(moves.next(), n.span);
    let partner = castling_move(moves.next(), n.span);
    let tag = n
        .child(R::castling_tagged)
        .map(|t| ident(t.child(R::ident), t.span));
    CastlingDecl {
        king,
        partner,
        tag,
        past: n
            .child(R::castling_past)
            .map(|p| piece_list(p.child(R::piece_list), p.span))
            .unwrap_or_default(),
        through_check: n.has(R::castling_through),
        king_takes_rook: n.has(R::castling_takes),
        when_dropped: n.has(R::castling_dropped),
        span: n.span,
    }
}

fn promotion(n: &Node<'_>) -> PromotionDecl {
    let choices_node = n.child(R::choice_list);
    let to = n.child(R::kw_to).map_or(n.span, |t| t.span);
    let choices_span = choices_node.map_or(to, |c| to.to(c.span));
    let options = n
        .all(R::promotion_option)
        .filter_map(|o| {
            let kind = match o.children.first()?.rule {
                R::opt_optional => PromotionOptionKind::Optional,
                R::opt_also_leaving => PromotionOptionKind::AlsoLeaving,
                R::opt_promo_tagged => PromotionOptionKind::Tagged,
                R::opt_delayed => PromotionOptionKind::Delayed,
                R::opt_entry_or_capture => PromotionOptionKind::EntryOrCapture,
                R::opt_never_forced => PromotionOptionKind::NeverForced,
                R::opt_on_capture => PromotionOptionKind::OnCapture,
                R::opt_not_en_passant => PromotionOptionKind::NotEnPassant,
                R::opt_at_most => PromotionOptionKind::AtMost,
                _ => PromotionOptionKind::OnlyCaptured,
            };
            Some(PromotionOption { kind, span: o.span })
        })
        .collect();
    PromotionDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        choices: piece_list(choices_node, n.span),
        choices_span,
        zone: ident(n.child(R::ident), n.span),
        options,
        tag: n
            .all(R::promotion_option)
            .filter_map(|o| o.children.first())
            .find(|o| o.rule == R::opt_promo_tagged)
            .map(|o| ident(o.child(R::ident), o.span)),
        at_most: n
            .all(R::promotion_option)
            .filter_map(|o| o.children.first())
            .find(|o| o.rule == R::opt_at_most)
            .map(|o| number(o.child(R::number), o.span)),
        for_side: n.child(R::for_side).map(|f| {
            let side = if f.has(R::kw_second) {
                crate::ids::Side::Second
            } else {
                crate::ids::Side::First
            };
            (side, f.span)
        }),
        span: n.span,
    }
}

fn drop_option(n: &Node<'_>) -> Option<DropOption> {
    let kind = match n.rule {
        R::drop_not_in => DropOptionKind::NotIn(piece_list(Some(n), n.span)),
        R::drop_one_per_file => DropOptionKind::OnePerFile,
        R::drop_per_file => DropOptionKind::PerFile(number(n.child(R::number), n.span)),
        R::drop_not_mating => DropOptionKind::NotMating,
        R::drop_stuck => DropOptionKind::Stuck,
        R::drop_not_checking => DropOptionKind::NotChecking,
        R::drop_next_to => DropOptionKind::NextToFriend,
        R::drop_enclosing => DropOptionKind::Enclosing,
        R::drop_opening => DropOptionKind::OpeningIn(ident(n.child(R::ident), n.span)),
        R::drop_either_face => DropOptionKind::EitherFace,
        R::drop_first => DropOptionKind::First,
        R::drop_colours => DropOptionKind::OppositeColours,
        R::drop_falling => DropOptionKind::Falling,
        R::drop_any_side => DropOptionKind::AnySide,
        R::drop_not_next_to => DropOptionKind::NotNextToFoe,
        R::for_side => DropOptionKind::ForSide(if n.has(R::kw_second) {
            crate::ids::Side::Second
        } else {
            crate::ids::Side::First
        }),
        R::drop_option => return drop_option(n.children.first()?),
        _ => return None,
    };
    Some(DropOption { kind, span: n.span })
}

fn drop_decl(n: &Node<'_>) -> DropDecl {
    DropDecl {
        pieces: piece_list(n.child(R::piece_list), n.span),
        options: n.children.iter().filter_map(drop_option).collect(),
        span: n.span,
    }
}

fn board(n: &Node<'_>) -> BoardDecl {
    let (shape, shape_span) = if let Some(size) = n.child(R::size) {
        let mut nums = size.all(R::number);
        let width = number(nums.next(), size.span);
        let height = number(nums.next(), size.span);
        (BoardShape::Size { width, height }, size.span)
    } else if let Some(r) = n.child(R::board_radius) {
        (
            BoardShape::Radius(number(r.child(R::number), r.span)),
            r.span,
        )
    } else if let Some(f) = n.child(R::board_file) {
        let text = f
            .child(R::string)
            .and_then(|s| s.child(R::string_text))
            .map_or(String::new(), |t| t.text.to_string());
        (BoardShape::File(text), f.span)
    } else {
        let empty = Number {
            value: 0,
            span: n.span,
        };
        (
            BoardShape::Size {
                width: empty,
                height: empty,
            },
            n.span,
        )
    };
    BoardDecl {
        kind: ident(n.child(R::board_kind), n.span),
        shape,
        shape_span,
        tolerance: n
            .child(R::board_tolerance)
            .map(|t| number(t.child(R::number), t.span)),
        holes: n.child(R::cell_set).map(cell_set),
        span: n.span,
    }
}

fn zone(n: &Node<'_>) -> ZoneDecl {
    ZoneDecl {
        absolute: n.has(R::kw_absolute),
        name: ident(n.child(R::ident), n.span),
        cells: n.child(R::cell_set).map_or(
            CellSet {
                items: Vec::new(),
                span: n.span,
            },
            cell_set,
        ),
        span: n.span,
    }
}

fn cell_name(n: &Node<'_>) -> CellName {
    CellName {
        text: n.text.to_string(),
        span: n.span,
    }
}

fn cell_set(n: &Node<'_>) -> CellSet {
    let items = n
        .children
        .iter()
        .filter_map(|c| match c.rule {
            R::cell => Some(CellItem::Cell(cell_name(c))),
            R::cell_rect => {
                let mut cells = c.all(R::cell).map(cell_name);
                let a = cells.next()?;
                let b = cells.next()?;
                Some(CellItem::Rect(a, b, c.span))
            }
            R::colour_item => {
                let colour = if c.has(R::kw_dark) {
                    CellColour::Dark
                } else if c.has(R::kw_medium) {
                    CellColour::Medium
                } else {
                    CellColour::Light
                };
                Some(CellItem::Colour(colour, c.span))
            }
            R::ranks_item => {
                let mut nums = c.all(R::number);
                let a = number(nums.next(), c.span);
                let b = nums.next().map(|x| number(Some(x), c.span));
                Some(CellItem::Ranks(a, b, c.span))
            }
            R::files_item => {
                let mut names = c.all(R::file_name);
                let a = ident(names.next(), c.span);
                let b = names.next().map(|x| ident(Some(x), c.span));
                Some(CellItem::Files(a, b, c.span))
            }
            _ => None,
        })
        .collect();
    CellSet {
        items,
        span: n.span,
    }
}

fn kinds(n: &Node<'_>) -> Kinds {
    Kinds {
        negated: n.has(R::kw_not),
        names: n.all(R::ident).map(|i| ident(Some(i), n.span)).collect(),
        span: n.span,
    }
}

/// `draw`, `loss` or `win`.
fn outcome(n: Option<&Node<'_>>) -> crate::ir::Outcome {
    match n {
        Some(n) if n.has(R::kw_loss) => crate::ir::Outcome::Loss,
        Some(n) if n.has(R::kw_win) => crate::ir::Outcome::Win,
        _ => crate::ir::Outcome::Draw,
    }
}
