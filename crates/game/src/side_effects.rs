//! side_effects: what a given move does beyond its own path, for the public API —
//! the cells a blast or a burn clears, the cells it takes by its shape and the tags
//! the mover carries after it
//! ([`SideEffects`], [`Game::side_effects`]) — found by playing the move on a copy.
//!
//! Owns that inspection only; the effect rules themselves (what make applies, what
//! generation and legality ask) are `effects`, the tag rules `tags`. It sits above
//! `make`, which it calls: the rule modules below make never play a move.

use crate::effects::mover_cell;
use crate::ids::CellId;
use crate::ir::MAX_MARKS;
use crate::make::make;
use crate::neutral::duck_cell;
use crate::{Game, GameMove, GamePosition, MoveKind};

/// What a move does beyond its own path ([`Game::side_effects`]): the cells a blast or
/// a burn clears. Cells the move captures on its path are not listed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideEffects {
    /// Cells the blast of a capture clears (`explode on capture`), in cell order.
    pub blast: Vec<CellId>,
    /// The capturer itself is blown up (on the cell where it landed).
    pub capturer_removed: bool,
    /// Cells the mover burns (`burn`), in cell order.
    pub burned: Vec<CellId>,
    /// Cells the move takes by its shape (`withdraw`, `pincer`, `coordinate`), in cell
    /// order; the move carries them as captures in passing.
    pub taken: Vec<CellId>,
    /// When the move's pattern sets or keeps tags (`sets T`, `keeps T`): the tags the
    /// mover carries after it (bit `i`: the game's tag `i`; see [`Game::tag_marks`]).
    pub mover_tags: Option<u8>,
}

impl SideEffects {
    /// Whether the move has no side effect.
    pub fn is_empty(&self) -> bool {
        self.blast.is_empty()
            && self.burned.is_empty()
            && self.taken.is_empty()
            && !self.capturer_removed
            && self.mover_tags.is_none()
    }
}

impl Game {
    /// What the pseudo-legal move `m` of the side to move of `pos` does beyond its
    /// path: found by playing it on a copy and comparing.
    pub fn side_effects(&self, pos: &GamePosition, m: &GameMove) -> SideEffects {
        let mut out = SideEffects {
            mover_tags: self.mover_tags(pos, m),
            ..SideEffects::default()
        };
        let Some(fx) = self.effects.as_deref() else {
            return out;
        };
        out.taken = fx.shape_taken(self, pos, m);
        let mut after = pos.clone();
        make(self, &mut after, m);
        let own: Vec<CellId> = {
            let mut v = vec![m.from, m.to];
            // The Duck's move is the move's own too.
            v.extend(m.duck);
            let moved_duck = fx.duck.filter(|_| !fx.placement.added);
            if let Some(cell) = moved_duck.and_then(|d| duck_cell(pos, d)) {
                v.push(cell);
            }
            v.extend(m.passing_captures());
            v.extend(m.cascade().plies(m.to).map(|(_, to)| to));
            if let MoveKind::EnPassant { victim } = m.kind {
                v.push(victim);
            }
            v
        };
        // A cascade captures on its last ply, with that ply's pattern.
        let (blasts, capture_at) = match m.cascade().plies(m.to).last() {
            Some((from, to)) => (fx.cascade_blast(pos, m, from), to),
            None => (fx.marked_blast(m), m.to),
        };
        let blast = (fx.blasts_on_capture() || blasts) && m.is_capture();
        out.capturer_removed = blast && after.cells[capture_at.index()].is_empty();
        for c in (0..pos.cells.len()).map(|i| CellId(i as u16)) {
            if own.contains(&c) || pos.cells[c.index()].is_empty() {
                continue;
            }
            if after.cells[c.index()].is_empty() {
                if blast {
                    out.blast.push(c);
                } else {
                    out.burned.push(c);
                }
            }
        }
        out
    }

    /// The tags the mover of `m` carries after it, when its pattern sets or keeps some.
    fn mover_tags(&self, pos: &GamePosition, m: &GameMove) -> Option<u8> {
        let t = self.tags.as_deref()?;
        let &(sets, keeps) = t
            .marks
            .get((m.piece.index() * MAX_MARKS + m.mark as usize).checked_sub(1)?)
            .filter(|_| m.mark != 0)?;
        if sets | keeps == 0 {
            return None;
        }
        let mut after = pos.clone();
        make(self, &mut after, m);
        Some(after.tags(mover_cell(m)))
    }
}
