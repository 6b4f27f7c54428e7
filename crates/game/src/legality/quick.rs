//! quick: the quick legality test — most moves judged legal without being played.
//!
//! Once per node, the royal's attack query is run while marking the cells it looks at
//! ([`Marks`]: cells whose class it inspected, and cells where a path failed that a
//! piece put there could open) and the nodes a piece of the side to move stopped
//! (possible pins) or that need a piece (a hopper's screen). A move that is not the
//! royal's and changes no marked cell is legal without being played; one that leaves
//! a marked cell or fills a `put` cell walks on only from the nodes at its two cells
//! (x-ray walks, done for every such piece in the marking pass itself;
//! [`xray_marking`] for `put` cells; [`moved_attacked`] for both ends of one move).
//! Everything else — royal moves, castling, captures in passing and en passant on
//! marked cells, positions in check, drops that may not mate, attackers walked
//! forward — is left to the full test of [`super`].

use crate::attack::forward::{forward_attackers, forward_marking, ForwardMarks};
use crate::attack::marks::{next_stamp, Marks, XRays};
use crate::attack::query::{
    attacked_marking, moved_attacked, xray_marking, AttackQuery, Reads, Recorded,
};
use crate::attack::royals::{mark_facing, royals_attacked_marking};
use crate::ids::{CellId, PieceId, Side};
use crate::table::ReverseNodeId;
use crate::{GameMove, GamePosition, MoveGenerator, MoveKind, MAX_CHAIN};

/// The verdict of the quick legality test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Quick {
    Legal,
    Illegal,
    /// Test it in full.
    Unknown,
}

/// The quick test's state for one node, as [`MoveGenerator::prepare_quick`] leaves it;
/// perft keeps a second one for the children of a node while they are counted.
pub(crate) struct QuickState {
    /// The cells the royal's attack query of the current node looks at (see
    /// [`MoveGenerator::prepare_quick`]).
    pub(crate) marks: Marks,
    /// Facing-rule marks (same stamp as `marks`).
    pub(crate) facing: Vec<u32>,
    /// Nodes of the royal's attack query stopped by a piece of the side to move.
    pub(crate) blocked: Vec<ReverseNodeId>,
    /// The single royal (cell, kind) when the x-ray refinement applies.
    pub(crate) royal: Option<(CellId, PieceId)>,
    /// The x-ray walks of the current node's pieces that stop a path of the royal's
    /// query.
    pub(crate) xrays: XRays,
    /// Nodes of the royal's attack query that a piece of the side to move put on
    /// their cell might open.
    pub(crate) put_nodes: Vec<ReverseNodeId>,
    /// The opponent has pieces answered by walking them forward: `forward` holds
    /// (stamped `forward_stamp`) the cells their walks inspect, and a move touching
    /// one is tested in full.
    pub(crate) forward_on: bool,
    pub(crate) forward: Vec<u32>,
    pub(crate) forward_stamp: u32,
    /// Prepared for a blast game ([`MoveGenerator::prepare_quick_in`]): only a `Legal`
    /// verdict on a move that captures nothing stands, every other move is `Unknown`.
    pub(crate) blast: bool,
    /// In a game with reaches for its count (`Game::counted`, no bitboard kernel),
    /// computed with the single royal's quick state: the occupied cells, those of the
    /// second side, and the other side's pieces by kind; `sets_ready` says whether they
    /// are the current node's (perft's children counter clears it when it lends a
    /// node's state to a child; [`QuickState::sets_for`] checks the position's hash
    /// besides).
    pub(crate) sets_ready: bool,
    pub(crate) sets_hash: u64,
    pub(crate) occ: u128,
    pub(crate) second: u128,
    pub(crate) theirs: super::TheirSets,
}

impl QuickState {
    /// Whether the sets (`occ`, `second`, `theirs`) are those of `pos`.
    #[inline]
    pub(crate) fn sets_for(&self, pos: &GamePosition) -> bool {
        self.sets_ready && self.sets_hash == pos.hash
    }

    /// Whether a forward walk of this node looked at cell `c` (a move touching it is
    /// tested in full).
    #[inline]
    pub(crate) fn forward_marked(&self, c: usize) -> bool {
        self.forward_on && self.forward[c] == self.forward_stamp
    }

    /// An empty state for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> QuickState {
        QuickState {
            marks: Marks::new(cells),
            facing: vec![0; cells],
            blocked: Vec::new(),
            royal: None,
            xrays: XRays::new(cells),
            put_nodes: Vec::new(),
            forward_on: false,
            forward: vec![0; cells],
            forward_stamp: 0,
            blast: false,
            sets_ready: false,
            sets_hash: 0,
            occ: 0,
            second: 0,
            theirs: super::TheirSets::default(),
        }
    }
}

/// What the royal's attack query would look at with a piece of the side to move put
/// on one cell (a marked `put` cell), computed once per cell and node.
pub(crate) struct FilledCell {
    /// The cell it was computed for.
    pub(crate) cell: Option<CellId>,
    /// The query may find an attacker then.
    pub(crate) attacked: bool,
    /// The attacker found is certain (see [`xray_marking`]).
    pub(crate) exact: bool,
    /// The cells it looked at.
    pub(crate) marks: Marks,
}

impl FilledCell {
    /// Nothing computed, for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> FilledCell {
        FilledCell {
            cell: None,
            attacked: false,
            exact: false,
            marks: Marks::new(cells),
        }
    }

    /// Forgets the cell computed for.
    #[inline]
    pub(crate) fn forget(&mut self) {
        self.cell = None;
        self.exact = false;
    }
}

/// The cells the attack queries on the opponent's royals look at, for "can this drop
/// give check at all" (drops that may not mate); `ready` says whether they were
/// computed for the current node (and whether no royal was attacked then).
pub(crate) struct CheckMarks {
    /// The cells looked at.
    pub(crate) marks: Marks,
    /// Computed for the current node: `Some(no royal attacked)`.
    pub(crate) ready: Option<bool>,
}

impl CheckMarks {
    /// Nothing computed, for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> CheckMarks {
        CheckMarks {
            marks: Marks::new(cells),
            ready: None,
        }
    }
}

impl MoveGenerator<'_> {
    /// Prepares the quick legality test for the current node: marks every cell that
    /// the test "is a royal of the side to move capturable / do the royals face" looks
    /// at. Returns false when the quick test cannot be used here (the side to move is
    /// in check, royals face, or the game has pieces whose attacks are walked
    /// forward); then every move goes through make / test / unmake.
    ///
    /// Why this is exact: the answer of an attack query through the reverse tables
    /// depends only on the cells it inspects ([`attacked_marking`]), and so
    /// does the facing test. Before the move the answer is "not attacked, not
    /// facing". A move that does not move a royal and changes no marked cell (its
    /// start, destination, cells captured in passing or en passant) leaves every
    /// inspected cell as it was, so the answers after it are the same: the move is
    /// legal. This holds for every piece the language can express — a hopper's screen
    /// cell, a lame leaper's blocking cell, an `initial` attacker's start cell are all
    /// inspected cells — so a move that creates a screen on a hopper's line to the
    /// royal touches a marked cell and is tested in full.
    pub(crate) fn prepare_quick(&mut self, pos: &GamePosition) -> bool {
        self.prepare_quick_in(pos, false)
    }

    /// [`MoveGenerator::prepare_quick`]; with `blast`, in a blast game too
    /// ([`super::blast::quiet_blast_game`]), where only a `Legal` verdict on a move that
    /// captures nothing ([`super::blast::quiet_move`]) may be taken: the royal's query
    /// here counts every attacker, the enemy king too, and a blast game's rule fewer
    /// (no capture by a royal, none whose blast takes the capturer's royal), so a
    /// position this query finds safe is safe there, the converse not.
    pub(crate) fn prepare_quick_in(&mut self, pos: &GamePosition, blast: bool) -> bool {
        self.prepare_quick_with(pos, blast, false)
    }

    /// [`MoveGenerator::prepare_quick_in`]; with `sets`, for perft's bulk count in a
    /// game with reaches for it (`Game::counted`): the occupancy and the other side's
    /// pieces by kind are built here once ([`QuickState::sets_ready`]), and the
    /// royal's attackers judged by them.
    pub(crate) fn prepare_quick_with(
        &mut self,
        pos: &GamePosition,
        blast: bool,
        sets: bool,
    ) -> bool {
        let g = self.pseudo.game;
        self.quick.blast = blast;
        self.quick.sets_ready = false;
        self.check_marks.ready = None;
        self.quick.royal = None;
        self.quick.blocked.clear();
        self.quick.put_nodes.clear();
        self.filled.forget();
        self.quick.forward_on = false;
        self.quick.marks.next();
        if self.quick.marks.stamp == 1 {
            self.quick.facing.iter_mut().for_each(|m| *m = 0);
        }
        if blast && pos.royal_count[pos.side.index()] == 0 && g.has_royals() {
            // Its royals blown up: the game is over, no move is legal (`general`).
            return false;
        }
        if g.judged_by_playing() && !blast {
            // Effects, `no giving check`, chains with royals: legality by playing
            // (`general`), never the quick test.
            return false;
        }
        if forward_attackers(g, pos, pos.side.opponent()) {
            // Pieces whose attacks are walked forward: their walks' cells are marked
            // apart, and as `put` cells of the royal's query, so that a move touching
            // one (a piece leaving it, or one put there) is tested in full.
            if next_stamp(&mut self.quick.forward_stamp) {
                self.quick.forward.fill(0);
            }
            let marks = ForwardMarks {
                cells: &mut self.quick.forward,
                stamp: self.quick.forward_stamp,
                put: &mut self.quick.marks.put,
                put_stamp: self.quick.marks.stamp,
            };
            if forward_marking(
                g,
                pos,
                pos.side.opponent(),
                &mut self.pseudo.attacks.forward,
                marks,
            ) {
                return false;
            }
            self.quick.forward_on = true;
        }
        let side = pos.side;
        let them = side.opponent();
        let stamp = self.quick.marks.stamp;
        match pos.royal_count[side.index()] {
            0 => {}
            1 => {
                self.quick.xrays.next();
                let cell = CellId(pos.royal_sum[side.index()] as u16);
                let kind = pos.cells[cell.index()].kind();
                let by_sets = g.counted.is_some() && sets && g.reverse.origin_set_kinds() > 0;
                if by_sets {
                    // The sets the count reads, built once: the royal's attackers are
                    // judged by them here too.
                    let (occ, second) = crate::kernel::bits::occupancy::<u128>(&pos.cells);
                    let theirs = if them == Side::First {
                        occ & !second
                    } else {
                        second
                    };
                    self.quick.theirs = super::TheirSets::of_cells(g, pos, theirs);
                    (self.quick.occ, self.quick.second) = (occ, second);
                    self.quick.sets_ready = true;
                    self.quick.sets_hash = pos.hash;
                }
                let out = if by_sets {
                    self.royal_out_of_reach_by_sets(pos, cell, them)
                } else {
                    self.royal_out_of_reach(pos, cell, them)
                };
                if out {
                    self.quick.royal = Some((cell, kind));
                    return !(g.no_facing && mark_facing(g, pos, &mut self.quick.facing, stamp));
                }
                let query = AttackQuery {
                    cell,
                    by: them,
                    victim: kind,
                };
                if attacked_marking(
                    g,
                    pos,
                    query,
                    &mut self.pseudo.attacks.stack,
                    &mut self.quick.marks,
                    false,
                    Some(Recorded {
                        blocked: &mut self.quick.blocked,
                        put: &mut self.quick.put_nodes,
                        xrays: &mut self.quick.xrays,
                        stack: &mut self.xray_stack,
                    }),
                ) {
                    return false;
                }
                self.quick.royal = Some((cell, kind));
            }
            _ => {
                if royals_attacked_marking(
                    g,
                    pos,
                    side,
                    &mut self.pseudo.attacks.stack,
                    &mut self.quick.marks,
                    false,
                ) {
                    return false;
                }
            }
        }
        if g.no_facing && mark_facing(g, pos, &mut self.quick.facing, stamp) {
            return false;
        }
        true
    }

    /// Whether no cell from which `them` could ever capture on the royal's `cell` holds
    /// such an attacker ([`crate::table::ReverseTables::out_of_reach`]): then no move of
    /// the side to move that puts no piece of `them` anywhere exposes the royal, and
    /// the royal's marking query is not run. The cells read are marked as leaves (the
    /// answer depends on them alone), so that perft's children counter sees a move
    /// that touches one; nothing else is marked, so every plain move is quick.
    fn royal_out_of_reach(&mut self, pos: &GamePosition, cell: CellId, them: Side) -> bool {
        let tables = &self.pseudo.game.reverse;
        if !tables.out_of_reach(them, cell, |c| pos.cells[c]) {
            return false;
        }
        self.mark_origins(cell, them);
        true
    }

    /// [`MoveGenerator::royal_out_of_reach`] by the other side's pieces by kind built
    /// for the bulk count ([`QuickState::sets_ready`]): the same answer where
    /// `out_of_reach` reads the origins (the sets would answer past its limit too, but
    /// the cells marked must be those the answer depends on).
    fn royal_out_of_reach_by_sets(&mut self, pos: &GamePosition, cell: CellId, them: Side) -> bool {
        let tables = &self.pseudo.game.reverse;
        let theirs = self.quick.theirs.get();
        if tables.origin_cells(them, cell).is_none()
            || !tables.out_of_reach_among(them, cell, theirs, |c| pos.cells[c])
        {
            return false;
        }
        self.mark_origins(cell, them);
        true
    }

    /// Marks the origins of `them` on the royal's `cell` as leaves, and the cell as
    /// seen (what an out-of-reach answer depends on).
    #[inline(always)]
    fn mark_origins(&mut self, cell: CellId, them: Side) {
        let tables = &self.pseudo.game.reverse;
        let marks = &mut self.quick.marks;
        if let Some(cells) = tables.origin_cells(them, cell) {
            for c in cells {
                marks.leaf[c.index()] = marks.stamp;
            }
        }
        marks.seen[cell.index()] = marks.stamp;
    }

    /// The quick legality test (after [`MoveGenerator::prepare_quick`] returned true):
    /// legal, illegal, or "test it in full".
    ///
    /// A move that leaves its start cell on a marked cell (a piece that stops some
    /// path of the royal's attack query: a possible pin) is still quick when the rest
    /// of the query with that cell emptied ([`xray_marking`], computed once
    /// per start cell) finds no attacker and the move's other cells are not marked by
    /// it either.
    ///
    /// Prepared for a blast game, only its `Legal` on a move that captures nothing
    /// ([`super::blast::quiet_move`]) stands (see [`MoveGenerator::prepare_quick_in`]).
    #[inline]
    pub(crate) fn quick<R: Reads + ?Sized>(&mut self, pos: &R, m: &GameMove) -> Quick {
        if !self.quick.blast {
            return self.quick_plain(pos, m);
        }
        if !super::blast::quiet_move(self.pseudo.game, m) {
            return Quick::Unknown;
        }
        match self.quick_plain(pos, m) {
            Quick::Legal => Quick::Legal,
            _ => Quick::Unknown,
        }
    }

    /// [`MoveGenerator::quick`] of a game judged by attack queries.
    #[inline]
    fn quick_plain<R: Reads + ?Sized>(&mut self, pos: &R, m: &GameMove) -> Quick {
        let g = self.pseudo.game;
        // A push (or a displacement in passing) also moves the piece met: left to the
        // full test.
        if g.royal[m.piece.index()] || m.push_to.is_some() || m.has_side_changes() {
            return Quick::Unknown;
        }
        // The cells the move empties besides its start cell (passing captures, the en
        // passant victim); `m.to` gets a piece of the mover.
        let mut other = [0u16; MAX_CHAIN + 1];
        let mut n = 0;
        let mut push = |c: CellId| {
            other[n] = c.0;
            n += 1;
        };
        let vacates = match m.kind {
            MoveKind::Castling(_) => return Quick::Unknown,
            MoveKind::EnPassant { victim } => {
                push(victim);
                true
            }
            MoveKind::Drop => false,
            MoveKind::Normal => {
                for c in m.passing_captures() {
                    push(c);
                }
                true
            }
        };
        let other = &other[..n];
        if self.quick.forward_on {
            let q = &self.quick;
            if q.forward_marked(m.to.index())
                || vacates && q.forward_marked(m.from.index())
                || other.iter().any(|&c| q.forward_marked(c as usize))
            {
                return Quick::Unknown;
            }
        }
        let stamp = self.quick.marks.stamp;
        if other
            .iter()
            .any(|&c| self.quick.marks.seen(c as usize) || self.quick.facing[c as usize] == stamp)
        {
            return Quick::Unknown;
        }
        if self.quick.marks.put(m.to.index()) {
            if vacates && self.quick.marks.seen(m.from.index()) {
                // Both ends of the move are on paths of the query: walk on from both.
                if !other.is_empty() || self.quick.facing[m.from.index()] == stamp {
                    return Quick::Unknown;
                }
                return self.walk_on_from_both_ends(pos, m);
            }
            let safe = self.filled_safe(pos, m.to);
            let from_spec = vacates && self.filled.marks.seen(m.from.index());
            if !safe {
                // The piece put on `to` opens a path to an attacker; if nothing else
                // the move changes is on that path, the move is illegal.
                return if self.filled.exact && !from_spec && other.is_empty() {
                    Quick::Illegal
                } else {
                    Quick::Unknown
                };
            }
            if from_spec || other.iter().any(|&c| self.filled.marks.seen(c as usize)) {
                return Quick::Unknown;
            }
        }
        if vacates {
            if self.quick.facing[m.from.index()] == stamp {
                return Quick::Unknown;
            }
            if self.quick.marks.seen(m.from.index())
                && (!self.xray_ok(m.from)
                    || self.quick.xrays.put(m.to.index(), m.from)
                    || other
                        .iter()
                        .any(|&c| self.quick.xrays.seen(c as usize, m.from)))
            {
                // A pinned piece, or one whose destination matters once it has left:
                // walk on from both ends of this move.
                return if other.is_empty() {
                    self.walk_on_from_both_ends(pos, m)
                } else {
                    Quick::Unknown
                };
            }
        }
        if m.kind == MoveKind::Drop {
            let limits = &g.drop_limits[pos.position().side.index() * g.pieces + m.piece.index()];
            if limits.judged_after() {
                // Legal unless it mates (or checks): quick only if it cannot give check at all.
                return if self.cannot_check(pos.position(), m.to, m.promotion.unwrap_or(m.piece)) {
                    Quick::Legal
                } else {
                    Quick::Unknown
                };
            }
        }
        Quick::Legal
    }

    /// The verdict for a move that changes only its two cells, both on paths of the
    /// single royal's query: legal when the query, walked on from the nodes at
    /// those cells ([`moved_attacked`]), finds no attacker; else unknown.
    fn walk_on_from_both_ends<R: Reads + ?Sized>(&mut self, pos: &R, m: &GameMove) -> Quick {
        let Some((royal, kind)) = self.quick.royal else {
            return Quick::Unknown;
        };
        let query = AttackQuery {
            cell: royal,
            by: pos.position().side.opponent(),
            victim: kind,
        };
        let attacked = moved_attacked(
            self.pseudo.game,
            pos,
            query,
            (m.from, m.to),
            &self.quick.blocked,
            &self.quick.put_nodes,
            &mut self.pseudo.attacks.stack,
        );
        if attacked {
            Quick::Unknown
        } else {
            Quick::Legal
        }
    }

    /// Whether the x-ray walk of the piece on `from` (a marked cell) found no
    /// attacker, so that its moves may be quick; false also when the refinement does
    /// not apply (several royals).
    #[inline]
    pub(crate) fn xray_ok(&self, from: CellId) -> bool {
        self.quick.royal.is_some() && !self.quick.xrays.hit(from)
    }

    /// Computes (once per cell and node) what the royal's attack query would look at
    /// with a piece of the side to move put on `cell` (a marked `put` cell), into
    /// `smarks`; false if that may find an attacker or the refinement does not apply.
    fn filled_safe<R: Reads + ?Sized>(&mut self, pos: &R, cell: CellId) -> bool {
        let Some((royal, kind)) = self.quick.royal else {
            self.filled.exact = false;
            return false;
        };
        if self.filled.cell != Some(cell) {
            self.filled.cell = Some(cell);
            self.filled.marks.next();
            let query = AttackQuery {
                cell: royal,
                by: pos.position().side.opponent(),
                victim: kind,
            };
            let answer = xray_marking(
                self.pseudo.game,
                pos,
                query,
                cell,
                &self.quick.put_nodes,
                &mut self.pseudo.attacks.stack,
                &mut self.filled.marks,
            );
            self.filled.attacked = answer.attacked;
            self.filled.exact = answer.exact;
        }
        !self.filled.attacked
    }

    /// Whether putting `piece` on `cell` (a drop onto an empty cell) certainly does not
    /// attack an opponent's royal: `cell` is not looked at by any attack query on the
    /// opponent's royals.
    fn cannot_check(&mut self, pos: &GamePosition, cell: CellId, piece: PieceId) -> bool {
        let g = self.pseudo.game;
        // Attacks of pieces walked forward are not in the marks.
        if g.reverse.forward_only()[piece.index()] || forward_attackers(g, pos, pos.side) {
            return false;
        }
        let ready = match self.check_marks.ready {
            Some(r) => r,
            None => {
                self.check_marks.marks.next();
                let side = pos.side;
                let them = side.opponent();
                let ok = !royals_attacked_marking(
                    g,
                    pos,
                    them,
                    &mut self.pseudo.attacks.stack,
                    &mut self.check_marks.marks,
                    true,
                );
                self.check_marks.ready = Some(ok);
                ok
            }
        };
        ready && !self.check_marks.marks.seen(cell.index())
    }
}
