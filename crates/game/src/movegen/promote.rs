//! promote: a move written out with its promotions — every promotion rule of the
//! moving piece that applies where the move starts or ends, each kind it may become
//! once (and the move as it is where staying unpromoted is allowed).

use super::Keep;
use crate::compact::MoveOut;
use crate::ids::Side;
use crate::{Game, GameMove, GamePosition};

/// Whether a promotion rule of `side` applies to the move `m`.
pub(crate) fn promotion_applies(g: &Game, side: Side, m: &GameMove) -> bool {
    g.promotions[side.index() * g.pieces + m.piece.index()]
        .iter()
        .any(|r| rule_applies(r, m))
}

/// Whether the promotion rule `r` applies to the move `m`.
fn rule_applies(r: &crate::PromotionRule, m: &GameMove) -> bool {
    let captures = || m.captures_to || m.passing_captures().next().is_some();
    (r.zone[m.to.index()] || (r.also_leaving && r.zone[m.from.index()]))
        && (!r.entry_or_capture || !r.zone[m.from.index()] || captures())
        && (!r.on_capture || captures())
        // A `heading` move that ends where it started keeps the piece as it is.
        && r.heading.as_ref().map_or(true, |h| h.pick(m.from.index(), m.to.index()).is_some())
        && !(r.not_en_passant && matches!(m.kind, crate::MoveKind::EnPassant { .. }))
}

/// A kernel's move that [`super::Destinations::keep`] neither drops nor keeps as it is:
/// with its promotions into `out` ([`Keep::Expanded`]) or into `deferred`
/// ([`Keep::Defer`]). Out of line, so that the kernels' loops keep the common cases
/// inline.
#[cold]
#[inline(never)]
pub(crate) fn expand_or_defer<O: MoveOut>(
    g: &Game,
    pos: &GamePosition,
    m: GameMove,
    keep: Keep,
    out: &mut O,
    deferred: &mut Vec<GameMove>,
) {
    match keep {
        Keep::Defer => expand_promotions(g, pos, m, deferred),
        _ => expand_promotions(g, pos, m, out),
    }
}

/// Pushes `m` as it is and/or with each allowed promotion.
#[inline(always)]
pub(crate) fn expand_promotions<O: MoveOut>(
    g: &Game,
    pos: &GamePosition,
    m: GameMove,
    out: &mut O,
) {
    // Most pieces never promote, and most moves of those that do end and start
    // outside every zone: no call, no loop.
    let i = pos.side.index() * g.pieces + m.piece.index();
    let zone_to = &g.promo_to[i];
    if zone_to.is_empty() || !(zone_to[m.to.index()] || g.promo_from[i][m.from.index()]) {
        out.push(m);
        return;
    }
    expand_promoting(g, pos, m, out);
}

/// [`expand_promotions`] for a piece with promotion rules.
#[inline(never)]
fn expand_promoting<O: MoveOut>(g: &Game, pos: &GamePosition, m: GameMove, out: &mut O) {
    let side = pos.side;
    let rules = &g.promotions[side.index() * g.pieces + m.piece.index()];
    let mut applies = false;
    let mut may_stay = true;
    let mut never_forced = false;
    // The kinds already pushed as this move's promotions (a piece id is a byte).
    let mut pushed = [0u64; 4];
    for r in rules {
        // A `delayed` promotion is made later: make tags the piece.
        if !rule_applies(r, &m) || r.delayed {
            continue;
        }
        applies = true;
        if !r.optional {
            may_stay = false;
        }
        never_forced |= r.never_forced;
        // `heading`: the one choice nearest the way it moved.
        let picked = r
            .heading
            .as_ref()
            .and_then(|h| h.pick(m.from.index(), m.to.index()));
        for (i, &c) in r.choices.iter().enumerate() {
            if picked.is_some_and(|p| p != i) {
                continue;
            }
            if !r.choice_open(g, pos, side, c) {
                continue;
            }
            // On a free graph, the kind turned to the link it arrived by.
            let c = match (&r.heading, picked) {
                (Some(h), Some(p)) => h.turned(p, c, m.from.index(), m.to.index()),
                _ => c,
            };
            let (word, bit) = (c.index() / 64, 1u64 << (c.index() % 64));
            if pushed[word] & bit != 0 {
                continue;
            }
            pushed[word] |= bit;
            let mut p = m;
            p.promotion = Some(c);
            out.push(p);
        }
    }
    if !applies || (may_stay && (never_forced || !g.dead(side, m.piece, m.to))) {
        out.push(m);
    }
}
