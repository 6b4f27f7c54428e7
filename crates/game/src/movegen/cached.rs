//! cached: the moves of the pieces walked by the interpreter (those without a ray or
//! hurdle kernel answered forward — on a big board, shared multi-leg patterns such
//! as a hook mover's — and, in games whose plies activate (the Croatian files), every
//! piece without a kernel), kept per piece and reused in a later node
//! while everything the walk read holds what it held.
//!
//! Such a piece has no kernel: every node walks its relative graph through the
//! interpreter, a few hundred instructions even when its own pieces box it in. A
//! walk's moves depend only on what it reads through [`Occupancy`] — the occupants of
//! the cells it looks at and the moved flag of its start cell — so the walk reads
//! through [`Watching`], which marks each cell read; the cache keeps the moves with
//! those cells' occupants and moved flags (the start cell's among them), and a later
//! node whose cells match them gets the same moves without the walk. This is the same
//! reasoning as the forward marks' cache ([`crate::kernel::forward`]), here for
//! the moves of the side to move.

use super::Plies;
use crate::ids::{CellId, PieceId, Side};
use crate::position::MOVED;
use crate::walk::{Occupancy, Occupant, Walker};
use crate::{GameMove, GamePosition};
use std::cell::Cell;

/// One piece's walk: its moves and what it read.
#[derive(Clone, Debug, Default)]
struct CachedWalk {
    /// `cell * 2 + side + 1` of the piece walked; 0 for an empty slot.
    key: u32,
    /// Every cell the walk read, with its occupant and moved flag then.
    reads: Vec<(u16, Occupant, bool)>,
    /// The walk's moves, before promotions are expanded.
    moves: Vec<GameMove>,
}

impl CachedWalk {
    /// Whether every cell the walk read still holds what it held.
    #[inline]
    fn holds(&self, pos: &GamePosition) -> bool {
        self.reads.iter().all(|&(c, o, moved)| {
            pos.cells[c as usize] == o && (pos.marks[c as usize] & MOVED != 0) == moved
        })
    }
}

/// The board a cached walk reads: the position, with every cell read marked (one bit
/// per cell, `c % 64` of word `c / 64`).
struct Watching<'a> {
    pos: &'a GamePosition,
    marks: &'a [Cell<u64>],
}

impl Watching<'_> {
    #[inline(always)]
    fn mark(&self, c: usize) {
        let w = &self.marks[c >> 6];
        w.set(w.get() | 1 << (c & 63));
    }
}

impl Occupancy for Watching<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.mark(cell.index());
        self.pos.cells[cell.index()]
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.mark(cell.index());
        !self.pos.moved(cell.index())
    }
}

/// The walks of pieces answered forward, one per cell and side (see the module docs):
/// a Croatian side has 24 (Mayan) to 86 (Tlalocan) pieces, which a table of 64
/// slots keyed by cell evicted from one another at every node.
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveCache {
    slots: Vec<CachedWalk>,
    /// Scratch: the cells the current walk read.
    marks: Vec<u64>,
    /// How many calls were answered from the cache.
    pub(crate) hits: u64,
}

impl MoveCache {
    /// The moves the interpreter's walk gives the piece of `side` and kind `kind` on
    /// `from` in `pos` (as [`Plies`] writes them, promotions not expanded): the cached
    /// walk's when everything it read holds, else walked with `walker` and kept.
    pub(crate) fn moves(
        &mut self,
        walker: &mut Walker<'_>,
        pos: &GamePosition,
        side: Side,
        kind: PieceId,
        from: CellId,
    ) -> &[GameMove] {
        let key = u32::from(from.0) * 2 + side.index() as u32 + 1;
        if self.slots.len() < key as usize {
            // Empty slots own no memory: a slot allocates when first used.
            self.slots.resize(
                2 * pos.cells.len().max(from.index() + 1),
                CachedWalk::default(),
            );
        }
        let slot = &mut self.slots[key as usize - 1];
        if slot.key == key && slot.holds(pos) {
            self.hits += 1;
            return &slot.moves;
        }
        slot.key = key;
        slot.moves.clear();
        self.marks.clear();
        self.marks.resize(pos.cells.len().div_ceil(64), 0);
        let watching = Watching {
            pos,
            marks: Cell::from_mut(self.marks.as_mut_slice()).as_slice_of_cells(),
        };
        // The start cell: which piece stands there and whether it has moved.
        watching.mark(from.index());
        let mut sink = Plies {
            out: &mut slot.moves,
            only_capture_on: None,
        };
        walker.walk(&watching, side, kind, from, &mut sink);
        slot.reads.clear();
        for (i, &w) in self.marks.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let c = 64 * i + w.trailing_zeros() as usize;
                w &= w - 1;
                slot.reads.push((c as u16, pos.cells[c], pos.moved(c)));
            }
        }
        &slot.moves
    }

    /// The cells the walk kept for the piece of `side` on `from` read (its last
    /// [`MoveCache::moves`]), if there is one.
    pub(crate) fn reads(
        &self,
        side: Side,
        from: CellId,
    ) -> Option<impl Iterator<Item = usize> + '_> {
        let key = u32::from(from.0) * 2 + side.index() as u32 + 1;
        let slot = self.slots.get(key as usize - 1).filter(|s| s.key == key)?;
        Some(slot.reads.iter().map(|&(c, _, _)| c as usize))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, GameMove, GamePosition, MoveGenerator};

    /// The legal moves (sorted) and the legal count of `pos`.
    fn moves_and_count(g: &mut MoveGenerator<'_>, pos: &mut GamePosition) -> (Vec<String>, u64) {
        let mut moves = Vec::new();
        g.legal_moves(pos, &mut moves);
        let mut v: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        v.sort();
        (v, g.count_legal(pos))
    }

    /// On a 26×26 board a hook mover's two-leg rides are shared patterns, walked by the
    /// interpreter and cached. Walking a seeded random game, every child of every node
    /// made and unmade (siblings reuse the walks), one long-lived generator's legal
    /// moves and count equal a fresh generator's (no cache) at every node, and the
    /// cache answered some of them.
    #[test]
    fn cached_walks_give_what_a_fresh_walk_gives() {
        let src = "board square 26x26\nroyal King\n\
            piece King (K) { step any }\npiece Queen (Q) { ride any }\n\
            piece Rook (R) { ride orthogonal }\npiece Knight (N) { leap (1,2) }\n\
            piece Pawn (P) { step forward, move only\n step forward-diagonal, capture only }\n\
            piece HookMover (W) { ride orthogonal\n ride orthogonal then ride turn ±90 }\n";
        let game = Game::compile(src).expect("compiles");
        assert!(game.reverse.forward_only().iter().any(|&f| f));
        let fen = format!(
            "9rnqkwwnr9/9pppppppp9/{}9PPPPPPPP9/9RNQKWWNR9 w - - 0 1",
            "26/".repeat(22)
        );
        let mut long = game.move_generator();
        let mut pos = game.position(&fen).expect("FEN");
        let mut seed = 0x000c_ac4e_u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut checked = 0;
        for _ in 0..24 {
            let mut moves: Vec<GameMove> = Vec::new();
            long.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            for m in moves.iter().step_by(3) {
                let undo = game.make(&mut pos, m);
                let fresh = moves_and_count(&mut game.move_generator(), &mut pos);
                assert_eq!(
                    moves_and_count(&mut long, &mut pos),
                    fresh,
                    "{}",
                    game.fen(&pos)
                );
                checked += 1;
                game.unmake(&mut pos, undo);
            }
            let m = moves[next(moves.len())];
            game.make(&mut pos, &m);
        }
        assert!(checked > 300, "only {checked} nodes checked");
        assert!(
            long.pseudo.own_walks.hits > 100,
            "only {} hits",
            long.pseudo.own_walks.hits
        );
    }
}
