//! delayed: promotions that wait in a tag (`promotion ..., tagged T [, delayed]`).
//!
//! A promoting piece that reaches its promotion zone in a way that does not promote at
//! once — on a later ply of a cascade (an activated piece's ply), on any move when
//! the promotion is `delayed`, or on a move that declines an `optional` one — carries the tag `T` instead (libcrochess's "tagged for promotion"). A piece carrying `T` on a
//! cell of the zone may then promote, as a whole move of its side, in place: the
//! **static promotion**, written as a move from its cell to its cell with the choice's
//! letter (`e8e8q`). The tag is lost, as every tag is, when the piece moves or is moved
//! or taken.
//!
//! Owns the tagging after a move is made ([`tag_arrivals`], called by make after the
//! move's tags are lost) and the static promotions ([`static_promotions`], called by
//! the move generator). Games with such a promotion take the paths of games with
//! effects (legality by playing the move, perft counting whole lists); games without
//! pay nothing. Not here: the promotions that happen at once (`movegen`).

use super::tags::GameTags;
use super::{Game, GameMove, GamePosition, MoveKind};
use crate::ids::{CellId, Side};

/// Whether some promotion of `rule_set` waits in a tag.
pub(crate) fn delayed_promotions(rule_set: &crate::ir::RuleSet) -> bool {
    rule_set.game.promotions.iter().any(|p| p.tag.is_some())
}

impl Game {
    /// The bit of the tag a piece of `side` and `kind` reaching `cell` without promoting
    /// carries (0: none): that of its first promotion rule with a tag whose zone holds
    /// `cell`; with `first_mover`, only a rule that let the move decline the promotion
    /// (`delayed`, or `optional` and the move did not promote).
    fn promotion_tag(
        &self,
        side: Side,
        kind: crate::ids::PieceId,
        cell: CellId,
        first_mover: bool,
    ) -> u8 {
        self.promotions[side.index() * self.pieces + kind.index()]
            .iter()
            .find(|r| {
                r.tag != 0 && r.zone[cell.index()] && (r.delayed || r.optional || !first_mover)
            })
            .map_or(0, |r| r.tag)
    }
}

/// After the move `m` by `side` (made, its tags lost): tags for promotion the pieces it
/// brought into their promotion zones without promoting — the first mover when its
/// promotion is `delayed` or `optional` (it declined it: a promoting move returns
/// before), and every activated piece on the cell its ply ends on — and the piece a
/// cascade's last ply touches to tag it (`touch ...`), where it stands.
#[cold]
#[inline(never)]
pub(crate) fn tag_arrivals<const HASH: bool>(
    g: &Game,
    tags: &GameTags,
    pos: &mut GamePosition,
    m: &GameMove,
    side: Side,
) {
    let cascade = m.cascade();
    if let (true, None, Some(last)) = (cascade.touches(), cascade.touch_promotes(), cascade.last())
    {
        // A touch that tags (`touch ...`): the piece touched, where it stands.
        let o = pos.cells[last.index()];
        let bit = g.touch_tag(o.side(), o.kind());
        if !o.is_empty() && bit != 0 {
            tags.add_tags::<HASH>(pos, last, bit);
        }
    }
    if !matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant { .. })
        || m.convert.is_some()
        || m.promotion.is_some()
    {
        return;
    }
    let first = pos.cells[m.to.index()];
    if !first.is_empty() && first.side() == side && first.kind() == m.piece {
        let bit = g.promotion_tag(side, m.piece, m.to, true);
        if bit != 0 {
            tags.add_tags::<HASH>(pos, m.to, bit);
        }
    }
    for (_, to) in m.cascade().plies(m.to) {
        let o = pos.cells[to.index()];
        if o.is_empty() {
            continue;
        }
        let bit = g.promotion_tag(o.side(), o.kind(), to, false);
        if bit != 0 {
            tags.add_tags::<HASH>(pos, to, bit);
        }
    }
}

/// Appends the static promotions of the side to move: each of its pieces that carries
/// a promotion's tag on a cell of that promotion's zone may promote there to each
/// choice (`only captured` as for a promotion at once).
pub(crate) fn static_promotions(g: &Game, pos: &GamePosition, out: &mut Vec<GameMove>) {
    let side = pos.side;
    for (i, &o) in pos.cells.iter().enumerate() {
        let tags = pos.tags.get(i).copied().unwrap_or(0);
        if tags == 0 || o.is_empty() || o.side() != side {
            continue;
        }
        let (kind, cell) = (o.kind(), CellId(i as u16));
        let before = out.len();
        for r in &g.promotions[side.index() * g.pieces + kind.index()] {
            if r.tag & tags == 0 || !(r.zone[i] || g.touch_zone(side, kind, cell)) {
                continue;
            }
            for &c in &r.choices {
                if !r.choice_open(g, pos, side, c) {
                    continue;
                }
                if out[before..].iter().any(|x| x.promotion == Some(c)) {
                    continue;
                }
                let mut m = GameMove::simple(MoveKind::Normal, kind, cell, cell);
                m.promotion = Some(c);
                out.push(m);
            }
        }
    }
}
