//! promotions: the promotion rules resolved for the board — by side and piece, with
//! their zones as cells, `heading`'s rules, and what a promoted piece demotes to.

use super::*;

/// Promotion rules by `side * pieces + piece`, and per piece the piece it demotes to
/// when captured into a hand: a `+X` piece demotes to the one piece that promotes to it.
pub(super) fn promotions(
    rule_set: &RuleSet,
    board: &Board,
) -> (Vec<Vec<PromotionRule>>, Vec<Option<PieceId>>) {
    let pieces = rule_set.pieces.len();
    let mut promotions = vec![Vec::new(); 2 * pieces];
    let mut base_of: Vec<Option<PieceId>> = vec![None; pieces];
    for promotion in &rule_set.game.promotions {
        for side in Side::BOTH {
            if promotion.side.is_some_and(|s| s != side) {
                continue;
            }
            for p in &promotion.pieces {
                promotions[side.index() * pieces + p.index()].push(PromotionRule {
                    zone: zone_cells(rule_set, board, promotion.zone, side),
                    choices: promotion.choices.clone(),
                    optional: promotion.optional,
                    also_leaving: promotion.also_leaving,
                    entry_or_capture: promotion.entry_or_capture,
                    never_forced: promotion.never_forced,
                    on_capture: promotion.on_capture,
                    only_captured: promotion.only_captured,
                    tag: promotion.tag.map_or(0, |t| 1 << t),
                    delayed: promotion.delayed,
                    heading: None,
                    not_en_passant: promotion.not_en_passant,
                    at_most: promotion.at_most,
                });
            }
        }
        if let [from] = promotion.pieces[..] {
            for choice in &promotion.choices {
                if rule_set.pieces[choice.index()].plus {
                    base_of[choice.index()] = Some(from);
                }
            }
        }
    }
    let centers: Vec<(f64, f64)> = board.cells().map(|c| board.center(c)).collect();
    let heading_rule =
        |side: Side, choices: &[(u16, PieceId)], bearings: Vec<Vec<(u16, PieceId)>>| {
            let rule = std::sync::Arc::new(crate::resolved::HeadingRule {
                angles: choices
                    .iter()
                    .map(|&(deg, _)| f64::from(deg).to_radians())
                    .collect(),
                centers: centers.clone(),
                mirrored: side == Side::Second,
                bearings,
            });
            PromotionRule {
                zone: vec![true; board.cell_count()],
                choices: choices.iter().map(|&(_, k)| k).collect(),
                optional: false,
                also_leaving: true,
                entry_or_capture: false,
                never_forced: false,
                on_capture: false,
                only_captured: false,
                tag: 0,
                delayed: false,
                heading: Some(rule),
                not_en_passant: false,
                at_most: None,
            }
        };
    for heading in &rule_set.game.headings {
        // Free graphs: per choice, its kind turned to each bearing. The bearing is the
        // side's view of the move, and the second side's kinds are linked mirrored, so
        // both sides look the same list up.
        let turned = |i: usize| -> Vec<(u16, PieceId)> {
            let mut list: Vec<(u16, PieceId)> = heading
                .bearings
                .iter()
                .filter(|&&(c, ..)| c == i)
                .map(|&(_, b, k)| (b, k))
                .collect();
            list.sort_unstable();
            list
        };
        for side in Side::BOTH {
            let all: Vec<Vec<(u16, PieceId)>> = (0..heading.choices.len()).map(turned).collect();
            for p in &heading.pieces {
                promotions[side.index() * pieces + p.index()].push(heading_rule(
                    side,
                    &heading.choices,
                    all.clone(),
                ));
            }
            // A turned kind keeps its base's promotions, and takes a new bearing at
            // each move: among every choice if its base is among the pieces, else as
            // its base (which, read from a FEN, takes one the same way).
            let before = promotions.clone();
            for (i, &(deg, base)) in heading.choices.iter().enumerate() {
                if all[i].is_empty() {
                    continue;
                }
                let own = before[side.index() * pieces + base.index()].clone();
                let free = heading.pieces.contains(&base);
                let locked = heading_rule(side, &[(deg, base)], vec![all[i].clone()]);
                if !free {
                    promotions[side.index() * pieces + base.index()].push(locked.clone());
                }
                for &(_, kind) in &all[i] {
                    let list = &mut promotions[side.index() * pieces + kind.index()];
                    *list = own.clone();
                    if !free {
                        list.push(locked.clone());
                    }
                }
            }
        }
    }
    (promotions, base_of)
}

/// By `side * pieces + piece`, per cell: whether a promotion rule applies to a move
/// ending there, and to a move starting there (`also leaving`); both empty for a piece
/// without rules.
pub(super) fn promotion_cells(
    promotions: &[Vec<PromotionRule>],
    cells: usize,
) -> (Vec<Vec<bool>>, Vec<Vec<bool>>) {
    let mut ending = vec![Vec::new(); promotions.len()];
    let mut starting = vec![Vec::new(); promotions.len()];
    for (i, rules) in promotions.iter().enumerate() {
        if rules.is_empty() {
            continue;
        }
        let mut to = vec![false; cells];
        let mut from = vec![false; cells];
        for rule in rules {
            for cell in 0..cells {
                to[cell] |= rule.zone[cell];
                from[cell] |= rule.also_leaving && rule.zone[cell];
            }
        }
        ending[i] = to;
        starting[i] = from;
    }
    (ending, starting)
}
