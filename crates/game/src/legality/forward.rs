//! forward: attack questions about the pieces answered by walking them forward (shared
//! patterns, locusts: [`crate::table::ReverseTables::forward_only`]) — which of them a
//! side has (from the position's tracked lists, [`GamePosition::tracked`]), whether one
//! captures on a cell, and the cells their walks look at, which the quick legality
//! test marks ([`forward_marking`]) and the bit kernel marks per node
//! ([`MoveGenerator::mark_forward`]) to leave the moves touching them to the full test.
//!
//! The reverse-table queries are in [`super::attack`]; it calls [`attacked_forward`]
//! after its reverse walk.

use super::attack::{AttackScratch, Override};
use super::quick::Quick;
use super::safety::Safety;
use crate::ids::{CellId, Side};
use crate::kernel::bits::Bits;
use crate::kernel::forward::Walk;
use crate::kernel::Bitboards;
use crate::walk::{Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, GamePosition, MoveGenerator, MoveKind};

/// Whether `by` has a piece on the board whose attacks are found by walking it
/// forward.
pub(crate) fn forward_attackers(game: &Game, pos: &GamePosition, by: Side) -> bool {
    let tables = &game.reverse;
    if !tables.any_forward() {
        return false;
    }
    if pos.tracking == game.keys.tracked {
        return !pos.tracked(by).is_empty();
    }
    tables
        .forward_only()
        .iter()
        .zip(&pos.counts[by.index()])
        .any(|(&f, &n)| f && n > 0)
}

/// The cells of `by`'s pieces answered forward: the position's list when it keeps
/// the game's (a position read for this game), else found by a scan into `buffer`.
fn forward_cells<'a>(
    game: &Game,
    pos: &'a GamePosition,
    by: Side,
    buffer: &'a mut Vec<u16>,
) -> &'a [u16] {
    buffer.clear();
    if pos.tracking == game.keys.tracked {
        let list = pos.tracked(by);
        // Debug builds (the tests) check the list against a scan of the board.
        debug_assert!({
            let mut scan: Vec<u16> = scan_forward(game, pos, by).collect();
            let mut kept = list.to_vec();
            scan.sort_unstable();
            kept.sort_unstable();
            scan == kept
        });
        return list;
    }
    buffer.extend(scan_forward(game, pos, by));
    buffer
}

/// The cells of `by`'s pieces answered forward, found by looking at every cell.
fn scan_forward<'a>(
    game: &'a Game,
    pos: &'a GamePosition,
    by: Side,
) -> impl Iterator<Item = u16> + 'a {
    let forward = game.reverse.forward_only();
    pos.cells
        .iter()
        .enumerate()
        .filter(move |(_, o)| !o.is_empty() && o.side() == by && forward[o.kind().index()])
        .map(|(i, _)| i as u16)
}

/// The fallback: walks every piece of `by` whose kind is answered forward and sees
/// whether any of its moves captures on `cell` (with `victim` standing there).
pub(crate) fn attacked_forward<'g>(
    game: &'g Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim: Occupant,
    scratch: &mut AttackScratch<'g>,
) -> bool {
    let board = Override {
        pos,
        cell,
        occ: victim,
    };
    let walker = scratch
        .forward
        .get_or_insert_with(|| Walker::new(game.rules.table()));
    let mut hit = Hits { cell, found: false };
    for &at in forward_cells(game, pos, by, &mut scratch.cells) {
        let o = pos.cells[at as usize];
        if at == cell.0 {
            continue;
        }
        walker.walk(&board, by, o.kind(), CellId(at), &mut hit);
        if hit.found {
            return true;
        }
    }
    false
}

/// Walks every piece of `by` answered forward (the position's tracked pieces) and
/// stamps, in `marks`, every cell such a walk inspects — the cells it reached, the
/// cells a push needs empty, and the piece's own cell (whether it moved decides
/// `initial` patterns) — so that a move changing none of them leaves these walks as
/// they were. Returns whether a walk captures a royal of the other side (then the
/// marks are incomplete: the walk stopped at the first such capture).
pub(crate) fn forward_marking<'g>(
    game: &'g Game,
    pos: &GamePosition,
    by: Side,
    scratch: &mut AttackScratch<'g>,
    marks: ForwardMarks<'_>,
) -> bool {
    let walker = scratch
        .forward
        .get_or_insert_with(|| Walker::new(game.rules.table()));
    let mut sink = ForwardSink {
        cells: &pos.cells,
        royal: &game.royal,
        victims: by.opponent(),
        marks,
        hit: false,
    };
    for &at in forward_cells(game, pos, by, &mut scratch.cells) {
        let o = pos.cells[at as usize];
        sink.marks.mark(at as usize);
        walker.walk(pos, by, o.kind(), CellId(at), &mut sink);
        if sink.hit {
            return true;
        }
    }
    false
}

/// Where [`forward_marking`] marks the cells it looked at: `cells[c] = stamp` and, so
/// that the quick test's `put` checks defer a move ending there, `put[c] = put_stamp`.
pub(crate) struct ForwardMarks<'a> {
    pub cells: &'a mut [u32],
    pub stamp: u32,
    pub put: &'a mut [u32],
    pub put_stamp: u32,
}

impl ForwardMarks<'_> {
    #[inline]
    fn mark(&mut self, c: usize) {
        self.cells[c] = self.stamp;
        self.put[c] = self.put_stamp;
    }
}

/// The sink of [`forward_marking`].
struct ForwardSink<'a> {
    cells: &'a [crate::walk::Occupant],
    royal: &'a [bool],
    victims: Side,
    marks: ForwardMarks<'a>,
    hit: bool,
}

impl Sink for ForwardSink<'_> {
    const VISITS: bool = true;
    const DISTINCT: bool = false;

    #[inline]
    fn visit(&mut self, visit: &crate::walk::Visit) {
        self.marks.mark(visit.cell.index());
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some((_, dest)) = ply.push() {
            self.marks.mark(dest.index());
        }
        if takes_royal(ply, self.cells, self.royal, self.victims) {
            self.hit = true;
        }
    }

    fn done(&self) -> bool {
        self.hit
    }
}

/// The sink of [`MoveGenerator::mark_forward`]'s walks: [`ForwardSink`] marking
/// into one cached walk.
struct WalkSink<'a> {
    cells: &'a [crate::walk::Occupant],
    royal: &'a [bool],
    victims: Side,
    walk: &'a mut Walk,
}

impl Sink for WalkSink<'_> {
    const VISITS: bool = true;
    const DISTINCT: bool = false;

    #[inline]
    fn visit(&mut self, visit: &crate::walk::Visit) {
        self.walk.mark(visit.cell.index());
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some((_, dest)) = ply.push() {
            self.walk.mark(dest.index());
        }
        if takes_royal(ply, self.cells, self.royal, self.victims) {
            self.walk.hit = true;
        }
    }

    fn done(&self) -> bool {
        self.walk.hit
    }
}

/// Whether `ply` captures a royal of `victims` (what stands on `cells`).
#[inline]
fn takes_royal(
    ply: &Ply<'_>,
    cells: &[crate::walk::Occupant],
    royal: &[bool],
    victims: Side,
) -> bool {
    ply.captures().any(|c| {
        let o = cells[c.index()];
        !o.is_empty() && o.side() == victims && royal[o.kind().index()]
    })
}

/// A sink that looks for a capture on one cell.
struct Hits {
    cell: CellId,
    found: bool,
}

impl Sink for Hits {
    const DISTINCT: bool = false;
    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.captures().any(|c| c == self.cell) {
            self.found = true;
        }
    }

    /// The first capture on the cell answers the query: the walk stops there.
    fn done(&self) -> bool {
        self.found
    }
}

/// The bit kernel's view of a game with pieces answered forward: their walks' cells
/// marked per node, and the kernel's verdict made unknown where a move touches them.
impl MoveGenerator<'_> {
    /// With pieces of the opponent answered forward on the board (a game with
    /// [`Bitboards::forward`]): marks the cells their walks look at
    /// ([`kernel::ForwardCells`]); false when one of them takes the royal of the side
    /// to move (the node is left to the paths without the kernel). `occ`: every
    /// occupied cell of `pos`. A piece's walk is reused from an earlier node when
    /// the cells it looked at hold what they held then
    /// ([`crate::kernel::forward::Walk::holds`]); else it is walked again.
    pub(crate) fn mark_forward<B: Bits>(
        &mut self,
        bb: &Bitboards<B>,
        pos: &GamePosition,
        occ: B,
    ) -> bool {
        let g = self.game;
        let fw = &mut self.kernel_forward;
        fw.on = false;
        let by = pos.side.opponent();
        if !bb.forward || !forward_attackers(g, pos, by) {
            return true;
        }
        let words = g.cells.div_ceil(64);
        fw.words.clear();
        fw.words.resize(words, 0);
        let walker = self
            .attacks
            .forward
            .get_or_insert_with(|| Walker::new(g.rules.table()));
        let word = |i: usize| occ.word(i);
        for &at in forward_cells(g, pos, by, &mut self.attacks.cells) {
            let (walk, key, same) = fw.cache.slot(at, by);
            if !same || !walk.holds(word, &pos.cells, &pos.marks) {
                walk.reset(key, words);
                walk.mark(at as usize);
                let mut sink = WalkSink {
                    cells: &pos.cells,
                    royal: &g.royal,
                    victims: pos.side,
                    walk,
                };
                let o = pos.cells[at as usize];
                walker.walk(pos, by, o.kind(), CellId(at), &mut sink);
                walk.record(word, &pos.cells, &pos.marks);
            }
            if walk.hit {
                return false;
            }
            for (w, m) in fw.words.iter_mut().zip(&walk.marks) {
                *w |= m;
            }
        }
        fw.on = true;
        true
    }

    /// The kernel's verdict on a pseudo-legal move `m` ([`Safety::verdict`]), after
    /// [`MoveGenerator::mark_forward`]: unknown for a move touching a cell a forward
    /// walk looked at, and, in a game with pieces answered forward, for castling and
    /// drops (their safe cells and checks may be those pieces' business).
    #[inline]
    pub(crate) fn kernel_verdict<B: Bits>(
        &self,
        bb: &Bitboards<B>,
        s: &Safety<B>,
        pos: &GamePosition,
        m: &GameMove,
    ) -> Quick {
        if bb.forward {
            let fw = &self.kernel_forward;
            let touches = match m.kind {
                MoveKind::Castling(_) | MoveKind::Drop => true,
                _ => fw.marked(m.to.index()) || fw.marked(m.from.index()),
            };
            if touches {
                return Quick::Unknown;
            }
        }
        s.verdict(self.game, &bb.exposure, pos, m)
    }
}
