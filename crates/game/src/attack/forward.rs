//! attack::forward: attack questions about the pieces answered by walking them forward
//! (shared patterns, locusts: [`crate::table::ReverseTables::forward_only`]) — which of
//! them a side has (from the position's tracked lists, [`GamePosition::tracked`]),
//! whether one captures on a cell, and the cells their walks look at, which the quick
//! legality test marks ([`forward_marking`]) to leave the moves touching them to the
//! full test. Owns the scratch of those walks ([`ForwardScratch`]). The bit kernel's
//! per-node marks of the same walks, and its verdict, are `legality::safety`'s.
//!
//! The reverse-table queries are in [`super::query`]; it calls [`attacked_forward`]
//! after its reverse walk.

use crate::ids::{CellId, Side};
use crate::position::Override;
use crate::walk::{Occupant, Ply, Sink, Walker};
use crate::{Game, GamePosition};

/// The scratch of forward walks, kept by the caller (in [`super::AttackScratch`]) so
/// that they allocate nothing: a walker made the first time a piece answered forward
/// is asked about, and the cells of such pieces when the position does not list them.
pub(crate) struct ForwardScratch<'g> {
    /// The walker of pieces answered forward.
    pub(crate) walker: Option<Walker<'g>>,
    /// The cells of pieces walked forward, when the position does not list them.
    pub(crate) cells: Vec<u16>,
}

impl ForwardScratch<'_> {
    /// Empty scratch space.
    pub(crate) fn new() -> Self {
        ForwardScratch {
            walker: None,
            cells: Vec::new(),
        }
    }
}

/// Whether `by` has a piece on the board whose attacks are found by walking it
/// forward.
pub(crate) fn forward_attackers(game: &Game, pos: &GamePosition, by: Side) -> bool {
    let tables = &game.reverse;
    if !tables.any_forward() {
        return false;
    }
    if pos.tracking == game.keys.tracked && !game.keys.untracked {
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
pub(crate) fn forward_cells<'a>(
    game: &Game,
    pos: &'a GamePosition,
    by: Side,
    buffer: &'a mut Vec<u16>,
) -> &'a [u16] {
    buffer.clear();
    if pos.tracking == game.keys.tracked && !game.keys.untracked {
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
    scratch: &mut ForwardScratch<'g>,
) -> bool {
    let board = Override {
        pos,
        cell,
        occ: victim,
    };
    let walker = scratch
        .walker
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

/// [`attacked_forward`] walking only the pieces `from` lists — (cell, kind): a piece of
/// `by` of that kind standing there (the cells from which such a piece's table could
/// capture on `cell` whatever stands between, `legality::replies`) — that stand there.
pub(crate) fn attacked_forward_from<'g>(
    game: &'g Game,
    pos: &GamePosition,
    cell: CellId,
    by: Side,
    victim: Occupant,
    from: &[(u16, crate::ids::PieceId)],
    scratch: &mut ForwardScratch<'g>,
) -> bool {
    let board = Override {
        pos,
        cell,
        occ: victim,
    };
    let mut hit = Hits { cell, found: false };
    for &(at, kind) in from {
        let o = pos.cells[at as usize];
        if o.is_empty() || o.side() != by || o.kind() != kind || at == cell.0 {
            continue;
        }
        let walker = scratch
            .walker
            .get_or_insert_with(|| Walker::new(game.rules.table()));
        walker.walk(&board, by, kind, CellId(at), &mut hit);
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
    scratch: &mut ForwardScratch<'g>,
    marks: ForwardMarks<'_>,
) -> bool {
    let walker = scratch
        .walker
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

/// Whether `ply` captures a royal of `victims` (what stands on `cells`).
#[inline]
pub(crate) fn takes_royal(
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
