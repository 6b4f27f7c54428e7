//! movegen: the moves of a game position — walks of the move table expanded by the
//! declared special rules (promotion, en passant, castling, drops) — the legality
//! filter, make/unmake (with displacements: a push moves the piece met on before the
//! mover takes its cell; `one side` games never pass the move) and UCI text.
//!
//! Generation is pseudo-legal first (every piece of the side to move walked once, plus
//! the special moves); then the legality filter. Once per node, the royal's attack
//! query of [`super::attack`] is run while marking the cells it looks at
//! (`Marks`: cells whose class it inspected, and cells where a path
//! failed that a piece put there could open) and the nodes a piece of the side to
//! move stopped (possible pins) or that need a piece (a hopper's screen). A move that
//! is not the royal's and changes no marked cell is legal without being played; one
//! that leaves a marked cell or fills a `put` cell walks on only from the nodes at its
//! two cells (x-ray walks, done for every such piece in the marking pass itself;
//! `xray_marking` for `put` cells; `moved_attacked` for both ends of one move). Everything else — royal moves, castling,
//! captures in passing and en passant on marked cells, positions in check, drops that
//! may not mate, attackers walked forward — gets the full test: the move's occupants
//! are written into the board, the royals are tested ("is a royal of the mover
//! capturable? do the royals face each other?"), and the occupants are put back; only
//! drops that may not mate are really played (make/unmake), to look for a reply.
//!
//! At perft's last ply ([`Searcher::count_legal`]) the moves of a piece the quick
//! test covers are counted straight from its walk, without building them.
//!
//! One ply above it, the children of a node share work ([`Searcher::prepare_children`],
//! [`Searcher::count_legal_child`]): on the node itself, with the other side to move,
//! the royal's query is made once (a second `QuickState`) and every piece of that
//! side is walked once through a position that notes the cells each walk reads
//! (`Watched`, one of 64 watcher bits per piece), together with the verdicts of its
//! moves that the quick test leaves and the castling moves (attack queries read
//! through `attack::Reads`, so their cells are noted too). A child differs
//! from the node only in the cells its move changes: if none of them was read by the
//! royal's query, the child's count is the node's total minus the pieces whose
//! watched cells the move changed, which are walked again; otherwise the child makes
//! its own query and re-sorts the stored moves of the untouched pieces by it.
//!
//! `tests/game_layer.rs` checks the quick test against the full one on playouts of
//! every shipped game and on random positions of hoppers and other fairy pieces, and
//! every child count of the shared path against a fresh count.

use super::attack::{self, Marks, Override, Reads, Recorded, XRays};
use super::state::{EnPassant, GamePosition, Undo};
use super::{Game, MAX_EP_CELLS, MAX_PASSING};
use crate::ids::{CellId, PieceId, Side};
use std::cell::Cell;
use std::ops::Range;

use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};

/// The landing-node flag of patterns marked `en passant`.
pub(crate) const EN_PASSANT_FLAG: u8 = crate::table::Node::EN_PASSANT;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A walk of the move table (with its captures).
    Normal,
    /// A piece from the hand onto `to` (`from == to`).
    Drop,
    /// Castling number `n` of [`Game::castlings`]; `from`/`to` are the king's.
    Castling(u8),
    /// An en passant capture: the piece on `victim` is taken.
    EnPassant { victim: CellId },
}

/// One move of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameMove {
    pub kind: MoveKind,
    /// The moving (or dropped) piece.
    pub piece: PieceId,
    pub from: CellId,
    pub to: CellId,
    /// The piece it becomes, if it promotes.
    pub promotion: Option<PieceId>,
    /// The destination holds an enemy, which is captured.
    pub captures_to: bool,
    /// A displacement: the piece on `to` (either side's) is pushed to this cell.
    pub push_to: Option<CellId>,
    passing: [u16; MAX_PASSING],
    n_passing: u8,
    /// Cells this move opens to en passant.
    ep: [u16; MAX_EP_CELLS],
    n_ep: u8,
}

impl GameMove {
    fn simple(kind: MoveKind, piece: PieceId, from: CellId, to: CellId) -> GameMove {
        GameMove {
            kind,
            piece,
            from,
            to,
            promotion: None,
            captures_to: false,
            push_to: None,
            passing: [0; MAX_PASSING],
            n_passing: 0,
            ep: [0; MAX_EP_CELLS],
            n_ep: 0,
        }
    }

    /// Cells captured in passing, in path order.
    pub fn passing_captures(&self) -> impl Iterator<Item = CellId> + '_ {
        self.passing[..self.n_passing as usize]
            .iter()
            .map(|&c| CellId(c))
    }

    pub fn is_capture(&self) -> bool {
        self.captures_to || self.n_passing > 0 || matches!(self.kind, MoveKind::EnPassant { .. })
    }
}

/// Collects the plies of one walk as moves.
struct Plies<'a> {
    out: &'a mut Vec<GameMove>,
    /// Only keep captures landing on this cell (en passant walks).
    only_capture_on: Option<CellId>,
}

impl Sink for Plies<'_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        if let Some(c) = self.only_capture_on {
            if ply.to != c || !ply.captures_to {
                return;
            }
        }
        let mut m = GameMove::simple(MoveKind::Normal, ply.piece, ply.from, ply.to);
        m.captures_to = ply.captures_to;
        m.push_to = ply.push_to;
        for c in ply.passing_captures() {
            // The game refuses tables that exceed MAX_PASSING (E0953).
            if (m.n_passing as usize) < MAX_PASSING {
                m.passing[m.n_passing as usize] = c.0;
                m.n_passing += 1;
            }
        }
        if ply.landing_flags() & EN_PASSANT_FLAG != 0 {
            let n = ply.len();
            for c in ply.cells().take(n.saturating_sub(1)) {
                if (m.n_ep as usize) < MAX_EP_CELLS {
                    m.ep[m.n_ep as usize] = c.0;
                    m.n_ep += 1;
                }
            }
        }
        self.out.push(m);
    }
}

/// The verdict of the quick legality test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quick {
    Legal,
    Illegal,
    /// Test it in full.
    Unknown,
}

/// Counts the plies of one walk (a plain piece: not royal, no promotion, not on a
/// facing line) that the quick legality test passes by their destination; the
/// others become moves in `deferred`, tested in full later.
struct LeafCount<'a> {
    marks: &'a Marks,
    /// When the start cell is marked (`use_x`): the x-ray marks of the piece there.
    xrays: &'a XRays,
    from: CellId,
    use_x: bool,
    /// The table has passing captures.
    passing: bool,
    /// Per cell: a promotion rule applies to a move ending there (empty: none does).
    promo_to: &'a [bool],
    count: u64,
    deferred: &'a mut Vec<GameMove>,
}

impl Sink for LeafCount<'_> {
    #[inline]
    fn ply(&mut self, ply: &Ply<'_>) {
        let to = ply.to.index();
        let defer = self.marks.put(to)
            || (self.use_x && self.xrays.put(to, self.from))
            || (self.passing && ply.passing_captures().next().is_some())
            || ply.push_to.is_some()
            || self.promo_to.get(to).copied().unwrap_or(false);
        if defer {
            Plies {
                out: self.deferred,
                only_capture_on: None,
            }
            .ply(ply);
        } else {
            self.count += 1;
        }
    }
}

/// A move generator and perft counter with its own buffers.
pub struct Searcher<'g> {
    pub(crate) game: &'g Game,
    walker: Walker<'g>,
    raw: Vec<GameMove>,
    /// Scratch for attack queries.
    stack: Vec<(u32, u32)>,
    /// Spare move buffers (generation and perft take one and give it back).
    pool: Vec<Vec<GameMove>>,
    /// The quick test's state for the current node ([`Searcher::prepare_quick`]).
    q: Box<QuickState>,
    /// The same for "does a move give check to the opponent" (drops that may not
    /// mate); `enemy_ready` says whether it was computed for the current node.
    enemy_marks: Marks,
    enemy_ready: Option<bool>,
    /// Scratch for the x-ray walks.
    xstack: Vec<(u32, u32)>,
    /// The cell `smarks` / `spec_attacked` were computed for (`u16::MAX`: none): what
    /// the royal's query would look at with a piece of the side to move put there.
    spec_cell: u16,
    spec_attacked: bool,
    /// The attacker `spec` found is certain (see [`attack::xray_marking`]).
    spec_exact: bool,
    smarks: Marks,
    /// The quick test's state for the children of the node given to
    /// [`Searcher::prepare_children`] (`parent_ready`: it was made), and its walks.
    parent: Box<QuickState>,
    parent_ready: bool,
    walks: SiblingWalks,
}

impl<'g> Searcher<'g> {
    pub fn new(game: &'g Game) -> Searcher<'g> {
        Searcher {
            game,
            walker: Walker::new(game.rules.table()),
            raw: Vec::new(),
            stack: Vec::with_capacity(64),
            pool: Vec::new(),
            q: Box::new(QuickState::new(game.cells)),
            enemy_marks: Marks::new(game.cells),
            enemy_ready: None,
            xstack: Vec::with_capacity(64),
            spec_cell: u16::MAX,
            spec_attacked: false,
            spec_exact: false,
            smarks: Marks::new(game.cells),
            parent: Box::new(QuickState::new(game.cells)),
            parent_ready: false,
            walks: SiblingWalks::new(game.cells),
        }
    }

    /// Appends the pseudo-legal moves of the side to move to `out`.
    pub fn pseudo_moves(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        let side = pos.side;
        self.raw.clear();
        let mut sink = Plies {
            out: &mut self.raw,
            only_capture_on: None,
        };
        for i in 0..pos.cells.len() {
            let o = pos.cells[i];
            if o.is_empty() || o.side() != side {
                continue;
            }
            self.walker
                .walk(pos, side, o.kind(), CellId(i as u16), &mut sink);
        }
        self.en_passant_moves(pos);
        // Promotions.
        for m in self.raw.drain(..) {
            expand_promotions(self.game, pos, m, out);
        }
        self.castling_and_drops(pos, out);
    }

    /// Appends the en passant captures to `self.raw`.
    fn en_passant_moves(&mut self, pos: &GamePosition) {
        let g = self.game;
        let side = pos.side;
        // En passant: walk the capturers again with the victim on each open cell.
        if !pos.ep.is_none() {
            let victim = pos.cells[pos.ep.victim as usize];
            if !victim.is_empty() && victim.side() != side {
                for &ec in pos.ep.cells() {
                    let ec = CellId(ec);
                    if !pos.cells[ec.index()].is_empty() {
                        continue;
                    }
                    let board = Override {
                        pos,
                        cell: ec,
                        occ: victim,
                    };
                    let start = self.raw.len();
                    let mut sink = Plies {
                        out: &mut self.raw,
                        only_capture_on: Some(ec),
                    };
                    // Only the capturers that can land a capture on `ec` at all, in
                    // board order.
                    for &(from, kind) in &g.ep_sources[side.index() * g.cells + ec.index()] {
                        if pos.cells[from as usize] == Occupant::piece(side, kind) {
                            self.walker
                                .walk(&board, side, kind, CellId(from), &mut sink);
                        }
                    }
                    for m in &mut self.raw[start..] {
                        m.kind = MoveKind::EnPassant {
                            victim: CellId(pos.ep.victim),
                        };
                        m.captures_to = false;
                    }
                }
            }
        }
    }

    /// Appends the castling moves and drops of the side to move to `out`.
    fn castling_and_drops(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        self.castling_moves(pos, out);
        self.drops(pos, out);
    }

    /// Appends the castling moves of the side to move to `out`.
    fn castling_moves<R: Reads + ?Sized>(&mut self, r: &R, out: &mut Vec<GameMove>) {
        let g = self.game;
        let pos = r.position();
        let side = pos.side;
        for (i, c) in g.castlings.iter().enumerate() {
            if c.side != side || pos.castling & (1 << i) == 0 {
                continue;
            }
            if r.at(c.king_from.index()) != Occupant::piece(side, c.king)
                || r.at(c.partner_from.index()) != Occupant::piece(side, c.partner)
            {
                continue;
            }
            if c.empty.iter().any(|e| !r.at(e.index()).is_empty()) {
                continue;
            }
            let them = side.opponent();
            if c.safe
                .iter()
                .any(|&s| attack::attacked_in(g, r, s, them, c.king, &mut self.stack))
            {
                continue;
            }
            out.push(GameMove::simple(
                MoveKind::Castling(i as u8),
                c.king,
                c.king_from,
                c.king_to,
            ));
        }
    }

    /// Appends the drops of the side to move to `out`.
    fn drops(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        let g = self.game;
        let side = pos.side;
        if g.hand {
            for p in 0..g.pieces {
                if pos.hands[side.index()][p] == 0 {
                    continue;
                }
                let piece = PieceId(p as u8);
                let limits = &g.drop_limits[side.index() * g.pieces + p];
                for cell in 0..pos.cells.len() {
                    let c = CellId(cell as u16);
                    if !pos.cells[cell].is_empty()
                        || limits.forbidden[cell]
                        || g.dead(side, piece, c)
                    {
                        continue;
                    }
                    if limits.one_per_file && file_has(g, pos, c, Occupant::piece(side, piece)) {
                        continue;
                    }
                    out.push(GameMove::simple(MoveKind::Drop, piece, c, c));
                }
            }
        }
    }

    /// Replaces `out` with the legal moves of the side to move.
    pub fn legal_moves(&mut self, pos: &mut GamePosition, out: &mut Vec<GameMove>) {
        out.clear();
        let mut pseudo = self.buffer();
        self.pseudo_moves(pos, &mut pseudo);
        let quick = self.prepare_quick(pos);
        for m in pseudo.iter() {
            let verdict = if quick {
                self.quick(pos, m)
            } else {
                Quick::Unknown
            };
            if verdict == Quick::Legal || (verdict == Quick::Unknown && self.is_legal(pos, m)) {
                out.push(*m);
            }
        }
        self.give_back(pseudo);
    }

    /// Prepares the quick legality test for the current node: marks every cell that
    /// the test "is a royal of the side to move capturable / do the royals face" looks
    /// at. Returns false when the quick test cannot be used here (the side to move is
    /// in check, royals face, or the game has pieces whose attacks are walked
    /// forward); then every move goes through make / test / unmake.
    ///
    /// Why this is exact: the answer of an attack query through the reverse tables
    /// depends only on the cells it inspects ([`attack::attacked_marking`]), and so
    /// does the facing test. Before the move the answer is "not attacked, not
    /// facing". A move that does not move a royal and changes no marked cell (its
    /// start, destination, cells captured in passing or en passant) leaves every
    /// inspected cell as it was, so the answers after it are the same: the move is
    /// legal. This holds for every piece the language can express — a hopper's screen
    /// cell, a lame leaper's blocking cell, an `initial` attacker's start cell are all
    /// inspected cells — so a move that creates a screen on a hopper's line to the
    /// royal touches a marked cell and is tested in full.
    fn prepare_quick(&mut self, pos: &GamePosition) -> bool {
        let g = self.game;
        self.enemy_ready = None;
        self.q.xray_royal = None;
        self.q.blocked.clear();
        self.q.put_nodes.clear();
        self.spec_cell = u16::MAX;
        self.spec_exact = false;
        if attack::forward_attackers(g, pos, pos.side.opponent()) {
            return false;
        }
        self.q.marks.next();
        if self.q.marks.stamp == 1 {
            self.q.fmarks.iter_mut().for_each(|m| *m = 0);
        }
        let side = pos.side;
        let them = side.opponent();
        let stamp = self.q.marks.stamp;
        match pos.royal_count[side.index()] {
            0 => {}
            1 => {
                self.q.xrays.next();
                let cell = CellId(pos.royal_sum[side.index()] as u16);
                let kind = pos.cells[cell.index()].kind();
                if attack::attacked_marking(
                    g,
                    pos,
                    cell,
                    them,
                    kind,
                    &mut self.stack,
                    &mut self.q.marks,
                    false,
                    Some(Recorded {
                        blocked: &mut self.q.blocked,
                        put: &mut self.q.put_nodes,
                        xrays: &mut self.q.xrays,
                        stack: &mut self.xstack,
                    }),
                ) {
                    return false;
                }
                self.q.xray_royal = Some((cell, kind));
            }
            _ => {
                if royals_attacked_marking(g, pos, side, &mut self.stack, &mut self.q.marks, false)
                {
                    return false;
                }
            }
        }
        if g.no_facing && mark_facing(g, pos, &mut self.q.fmarks, stamp) {
            return false;
        }
        true
    }

    /// The quick legality test (after [`Searcher::prepare_quick`] returned true):
    /// legal, illegal, or "test it in full".
    ///
    /// A move that leaves its start cell on a marked cell (a piece that stops some
    /// path of the royal's attack query: a possible pin) is still quick when the rest
    /// of the query with that cell emptied ([`attack::xray_marking`], computed once
    /// per start cell) finds no attacker and the move's other cells are not marked by
    /// it either.
    #[inline]
    fn quick<R: Reads + ?Sized>(&mut self, pos: &R, m: &GameMove) -> Quick {
        let g = self.game;
        // A push also moves the piece met: left to the full test.
        if g.royal[m.piece.index()] || m.push_to.is_some() {
            return Quick::Unknown;
        }
        // The cells the move empties besides its start cell (passing captures, the en
        // passant victim); `m.to` gets a piece of the mover.
        let mut other = [0u16; MAX_PASSING + 1];
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
        let stamp = self.q.marks.stamp;
        if other
            .iter()
            .any(|&c| self.q.marks.seen(c as usize) || self.q.fmarks[c as usize] == stamp)
        {
            return Quick::Unknown;
        }
        if self.q.marks.put(m.to.index()) {
            if vacates && self.q.marks.seen(m.from.index()) {
                // Both ends of the move are on paths of the query: walk on from both.
                if !other.is_empty() || self.q.fmarks[m.from.index()] == stamp {
                    return Quick::Unknown;
                }
                return self.walk_on_from_both_ends(pos, m);
            }
            let safe = self.spec(pos, m.to);
            let from_spec = vacates && self.smarks.seen(m.from.index());
            if !safe {
                // The piece put on `to` opens a path to an attacker; if nothing else
                // the move changes is on that path, the move is illegal.
                return if self.spec_exact && !from_spec && other.is_empty() {
                    Quick::Illegal
                } else {
                    Quick::Unknown
                };
            }
            if from_spec || other.iter().any(|&c| self.smarks.seen(c as usize)) {
                return Quick::Unknown;
            }
        }
        if vacates {
            if self.q.fmarks[m.from.index()] == stamp {
                return Quick::Unknown;
            }
            if self.q.marks.seen(m.from.index())
                && (!self.xray_ok(m.from)
                    || self.q.xrays.put(m.to.index(), m.from)
                    || other.iter().any(|&c| self.q.xrays.seen(c as usize, m.from)))
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
            if limits.not_mating {
                // Legal unless it mates: quick only if it cannot give check at all.
                return if self.cannot_check(pos.position(), m.to, m.piece) {
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
    /// those cells ([`attack::moved_attacked`]), finds no attacker; else unknown.
    fn walk_on_from_both_ends<R: Reads + ?Sized>(&mut self, pos: &R, m: &GameMove) -> Quick {
        let Some((royal, kind)) = self.q.xray_royal else {
            return Quick::Unknown;
        };
        let attacked = attack::moved_attacked(
            self.game,
            pos,
            royal,
            pos.position().side.opponent(),
            kind,
            m.from,
            m.to,
            &self.q.blocked,
            &self.q.put_nodes,
            &mut self.stack,
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
    fn xray_ok(&self, from: CellId) -> bool {
        self.q.xray_royal.is_some() && !self.q.xrays.hit(from)
    }

    /// Computes (once per cell and node) what the royal's attack query would look at
    /// with a piece of the side to move put on `cell` (a marked `put` cell), into
    /// `smarks`; false if that may find an attacker or the refinement does not apply.
    fn spec<R: Reads + ?Sized>(&mut self, pos: &R, cell: CellId) -> bool {
        let Some((royal, kind)) = self.q.xray_royal else {
            self.spec_exact = false;
            return false;
        };
        if self.spec_cell != cell.0 {
            self.spec_cell = cell.0;
            self.smarks.next();
            self.spec_attacked = attack::xray_marking(
                self.game,
                pos,
                royal,
                pos.position().side.opponent(),
                kind,
                cell,
                true,
                &self.q.put_nodes,
                &mut self.stack,
                &mut self.smarks,
                &mut self.spec_exact,
            );
        }
        !self.spec_attacked
    }

    /// The number of legal moves of the side to move (perft's last ply): like
    /// `legal_moves(..).len()`, but the moves that the quick test passes on their
    /// destination alone are counted straight from the walk, without building them.
    pub fn count_legal(&mut self, pos: &mut GamePosition) -> u64 {
        if !self.prepare_quick(pos) {
            let mut moves = self.buffer();
            self.legal_moves(pos, &mut moves);
            let n = moves.len() as u64;
            self.give_back(moves);
            return n;
        }
        self.count_prepared(pos, None, false)
    }

    /// Prepares [`Searcher::count_legal_child`] for the children of `pos` (perft
    /// one ply above its last): the quick test's state for the other side (the side
    /// to move in the children) and every walk of that side's pieces, as if it were
    /// to move in `pos`, each walk noting the cells it reads.
    ///
    /// A child differs from `pos` only in the cells its move changes. The royal's
    /// attack query, its x-ray walks and the facing test read only the cells they
    /// mark (trie nodes, leaves, x-ray cells) and the moved flags of attackers on
    /// leaf cells; a walk reads only the cells it notes, and what its sink does with
    /// a move depends on those marks. So in a child whose move changes no marked
    /// cell, the state is the same, and so are the walks that read none of the
    /// changed cells: they are reused instead of recomputed.
    pub fn prepare_children(&mut self, pos: &mut GamePosition) {
        let g = self.game;
        self.parent_ready = false;
        if g.one_side {
            // The children's side is the node's: nothing to prepare for the other.
            return;
        }
        let mover = pos.side;
        self.walks.parent_cells.clone_from(&pos.cells);
        self.walks.parent_side = Some(mover);
        pos.side = mover.opponent();
        // A single royal only: then the leaves and x-rays are recorded.
        if self.prepare_quick(pos) && self.q.xray_royal.is_some() {
            self.parent_ready = true;
            self.walks.begin();
            let watch = std::mem::take(&mut self.walks.watch);
            self.raw.clear();
            for i in 0..pos.cells.len() {
                let o = pos.cells[i];
                if o.is_empty() || o.side() != pos.side {
                    continue;
                }
                let Some(bit) = self.walks.slot(i, o) else {
                    continue;
                };
                let w = Watch {
                    cells: &watch,
                    stamp: self.walks.stamp,
                    bit,
                };
                // The start cell: the piece itself (and its moved flag).
                w.mark(i);
                // All the moves of the walk, kept for children that need a quick
                // test of their own; then sorted by this node's quick test.
                let mut all = self.buffer();
                let mut sink = Plies {
                    out: &mut all,
                    only_capture_on: None,
                };
                self.walker.walk(
                    &w.over(pos),
                    pos.side,
                    o.kind(),
                    CellId(i as u16),
                    &mut sink,
                );
                self.walks.store_all(i, &all);
                self.raw.clear();
                let n = self.count_listed(pos.side, i, &all);
                self.give_back(all);
                if self.raw.iter().any(|m| promotion_applies(g, pos.side, m)) {
                    // The promotion choices may depend on the counts of pieces.
                    self.walks.store(i, n, &self.raw);
                    continue;
                }
                // The moves the quick test left: their verdicts, noting the cells
                // the tests read under the piece's bit too.
                let deferred = std::mem::take(&mut self.raw);
                let legal = self.count_legal_noting(pos, &deferred, w);
                self.raw = deferred;
                self.walks.store(i, n + legal, &[]);
            }
            // Castling, with its legality, noted under a slot of its own.
            if let Some(bit) = self.walks.castling_slot(g, pos.side) {
                let w = Watch {
                    cells: &watch,
                    stamp: self.walks.stamp,
                    bit,
                };
                let mut moves = self.buffer();
                self.castling_moves(&w.over(pos), &mut moves);
                let legal = self.count_legal_noting(pos, &moves, w);
                self.give_back(moves);
                let rights = pos.castling & self.walks.castling_mask;
                self.walks.castling = Some((bit, legal, rights));
            }
            self.spec_cell = u16::MAX;
            self.raw.clear();
            self.walks.watch = watch;
        }
        pos.side = mover;
        self.swap_parent();
    }

    /// Whether `pos` may be the child `m` leads to from the prepared position: the
    /// other side to move, and every cell `m` does not change as it was.
    fn is_child(&self, pos: &GamePosition, m: &GameMove) -> bool {
        if !self.parent_ready {
            return true;
        }
        let mut changed = Vec::new();
        move_cells(self.game, m, &mut |c| changed.push(c.index()));
        self.walks.parent_side == Some(pos.side.opponent())
            && (0..pos.cells.len())
                .all(|i| changed.contains(&i) || self.walks.parent_cells[i] == pos.cells[i])
    }

    /// How many of `moves` (not drops that may not mate) are legal, by the quick
    /// test or else the light one, noting every cell the tests read in `w`.
    fn count_legal_noting(
        &mut self,
        pos: &mut GamePosition,
        moves: &[GameMove],
        w: Watch<'_>,
    ) -> u64 {
        let mut legal = 0;
        for m in moves {
            // No x-ray computation shared between moves: its reads would be noted
            // under the bit of the move that computed it.
            self.spec_cell = u16::MAX;
            let verdict = self.quick(&w.over(pos), m);
            if verdict == Quick::Legal
                || (verdict == Quick::Unknown && self.is_legal_light_noting(pos, m, Some(w)))
            {
                legal += 1;
            }
        }
        legal
    }

    /// [`Searcher::count_legal`] in the child of the position last given to
    /// [`Searcher::prepare_children`] that `m` leads to (`pos` is that child), with
    /// no other use of this searcher in between. The count relies on that: given
    /// any other position it may be wrong (debug builds check the pieces).
    pub fn count_legal_child(&mut self, pos: &mut GamePosition, m: &GameMove) -> u64 {
        debug_assert!(self.is_child(pos, m), "count_legal_child: not a child");
        let s = pos.side.index();
        if let (true, Some((royal, _))) = (self.parent_ready, self.parent.xray_royal) {
            // The same single royal (a move may have captured one of several), no
            // forward attackers, and nothing marked changed.
            if pos.royal_count[s] == 1
                && pos.royal_sum[s] == royal.0 as u32
                && !attack::forward_attackers(self.game, pos, pos.side.opponent())
            {
                self.swap_parent();
                if !self.touches(m) {
                    self.enemy_ready = None;
                    self.spec_cell = u16::MAX;
                    self.spec_exact = false;
                    let n = self.count_prepared(pos, Some(m), true);
                    self.swap_parent();
                    return n;
                }
                self.swap_parent();
                // A quick test of its own, but the walks the move did not touch
                // are still the parent's.
                if self.prepare_quick(pos) {
                    return self.count_prepared(pos, Some(m), false);
                }
            }
        }
        self.count_legal(pos)
    }

    /// Swaps the quick test's state with the one kept for the children.
    #[inline]
    fn swap_parent(&mut self) {
        std::mem::swap(&mut self.q, &mut self.parent);
    }

    /// The count after [`Searcher::prepare_quick`], or, with `last`, in the child
    /// `last` leads to with the parent's state swapped in (only when
    /// [`Searcher::prepare_children`] made it): then the stored walks are reused
    /// where they can be.
    fn count_prepared(
        &mut self,
        pos: &mut GamePosition,
        last: Option<&GameMove>,
        reuse: bool,
    ) -> u64 {
        let g = self.game;
        let side = pos.side;
        let mut count = 0u64;
        self.raw.clear();
        let mut changed = u64::MAX;
        if let Some(m) = last {
            changed = 0;
            let w = &self.walks;
            move_cells(g, m, &mut |c| changed |= w.watchers(c));
        }
        // Out while they are read.
        let stored = std::mem::take(&mut self.walks.moves);
        let one = |me: &mut Self, i: usize, o: Occupant| -> u64 {
            if changed != u64::MAX {
                if reuse {
                    if let Some((n, moves)) = me.walks.get(i, o, changed) {
                        me.raw.extend_from_slice(&stored[moves]);
                        return n;
                    }
                } else if let Some(all) = me.walks.get_all(i, o, changed) {
                    return me.count_listed(side, i, &stored[all]);
                }
            }
            me.walk_counting(pos, pos, i)
        };
        if reuse && changed != u64::MAX && self.walks.complete {
            // The parent's total, corrected for the pieces whose walk the move
            // touched (captured ones included: a piece's walk reads its own cell):
            // those still there are walked again.
            let listed = self.walks.cells.len();
            let pieces = if listed == 64 {
                u64::MAX
            } else {
                (1u64 << listed) - 1
            };
            let touched = changed & pieces;
            count += self.walks.total;
            let mut bits = touched;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let i = self.walks.cells[slot] as usize;
                count -= self.walks.entries[i].count as u64;
                let o = pos.cells[i];
                if !o.is_empty() && o.side() == side {
                    count += self.walk_counting(pos, pos, i);
                }
            }
            let mut bits = self.walks.deferred & !touched;
            while bits != 0 {
                let slot = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let e = &self.walks.entries[self.walks.cells[slot] as usize];
                let range = e.first as usize..(e.first + e.len) as usize;
                self.raw.extend_from_slice(&stored[range]);
            }
            count += self.pushed_walks(pos, last);
        } else if changed != u64::MAX && self.walks.complete {
            // The parent's pieces of this side where they stood, then any piece of
            // this side on a cell the move changed that held none of them (a push
            // can move one).
            for k in 0..self.walks.cells.len() {
                let i = self.walks.cells[k] as usize;
                let o = pos.cells[i];
                if !o.is_empty() && o.side() == side {
                    count += one(self, i, o);
                }
            }
            count += self.pushed_walks(pos, last);
        } else {
            for i in 0..pos.cells.len() {
                let o = pos.cells[i];
                if !o.is_empty() && o.side() == side {
                    count += one(self, i, o);
                }
            }
        }
        self.walks.moves = stored;
        self.en_passant_moves(pos);
        let mut pending = self.buffer();
        for m in self.raw.drain(..) {
            expand_promotions(g, pos, m, &mut pending);
        }
        match self.walks.castling {
            Some((bit, n, rights))
                if changed != u64::MAX
                    && changed & bit == 0
                    && pos.castling & self.walks.castling_mask == rights =>
            {
                count += n;
                self.drops(pos, &mut pending);
            }
            _ => self.castling_and_drops(pos, &mut pending),
        }
        for m in pending.iter() {
            let verdict = self.quick(pos, m);
            if verdict == Quick::Legal || (verdict == Quick::Unknown && self.is_legal(pos, m)) {
                count += 1;
            }
        }
        self.give_back(pending);
        count
    }

    /// Walks (counting) the pieces of the side to move on the cells `last` changed
    /// that held none of the parent's listed pieces: pieces a push moved there.
    fn pushed_walks(&mut self, pos: &GamePosition, last: Option<&GameMove>) -> u64 {
        let Some(m) = last else {
            return 0;
        };
        let side = pos.side;
        let mut extra = [u16::MAX; MAX_PASSING + 5];
        let mut n = 0;
        move_cells(self.game, m, &mut |c| {
            let o = pos.cells[c.index()];
            if !o.is_empty()
                && o.side() == side
                && !self.walks.listed(c.index())
                && !extra[..n].contains(&c.0)
            {
                extra[n] = c.0;
                n += 1;
            }
        });
        let mut count = 0;
        for &c in &extra[..n] {
            count += self.walk_counting(pos, pos, c as usize);
        }
        count
    }

    /// Walks the piece of the side to move on cell `i` over `board` (the position, or
    /// the position watched): counts its moves that the quick test passes by their
    /// destination alone and appends the others to `self.raw`. Needs
    /// [`Searcher::prepare_quick`]'s state.
    fn walk_counting<O: Occupancy>(&mut self, board: &O, pos: &GamePosition, i: usize) -> u64 {
        let g = self.game;
        let side = pos.side;
        let kind = pos.cells[i].kind();
        let from = CellId(i as u16);
        let promo_to = &g.promo_to[side.index() * g.pieces + kind.index()];
        if !self.plain(side, kind, i) {
            let mut sink = Plies {
                out: &mut self.raw,
                only_capture_on: None,
            };
            self.walker.walk(board, side, kind, from, &mut sink);
            return 0;
        }
        let mut sink = LeafCount {
            marks: &self.q.marks,
            xrays: &self.q.xrays,
            from,
            use_x: self.q.marks.seen(i),
            passing: g.any_passing,
            promo_to,
            count: 0,
            deferred: &mut self.raw,
        };
        self.walker.walk(board, side, kind, from, &mut sink);
        sink.count
    }

    /// Whether the moves of the piece `kind` of `side` on cell `i` may be counted
    /// by destination: not royal, not promoting from there, not on a facing line,
    /// not pinned as far as the x-ray walks tell.
    #[inline]
    fn plain(&self, side: Side, kind: PieceId, i: usize) -> bool {
        let g = self.game;
        let promo = side.index() * g.pieces + kind.index();
        !g.royal[kind.index()]
            && (g.promo_to[promo].is_empty() || !g.promo_from[promo][i])
            && self.q.fmarks[i] != self.q.marks.stamp
            && (!self.q.marks.seen(i) || self.xray_ok(CellId(i as u16)))
    }

    /// [`Searcher::walk_counting`] on the moves of a walk made earlier (all of
    /// them, as [`Plies`] builds them) instead of walking: the same count, the
    /// same moves appended to `self.raw`.
    fn count_listed(&mut self, side: Side, i: usize, moves: &[GameMove]) -> u64 {
        let Some(first) = moves.first() else {
            return 0;
        };
        let g = self.game;
        let kind = first.piece;
        if !self.plain(side, kind, i) {
            self.raw.extend_from_slice(moves);
            return 0;
        }
        let promo_to = &g.promo_to[side.index() * g.pieces + kind.index()];
        let from = CellId(i as u16);
        let use_x = self.q.marks.seen(i);
        let mut n = 0;
        for m in moves {
            let to = m.to.index();
            // As `LeafCount` decides.
            let defer = self.q.marks.put(to)
                || (use_x && self.q.xrays.put(to, from))
                || m.n_passing > 0
                || m.push_to.is_some()
                || promo_to.get(to).copied().unwrap_or(false);
            if defer {
                self.raw.push(*m);
            } else {
                n += 1;
            }
        }
        n
    }

    /// Whether `m` (a move of either side) changes a cell that the current node's
    /// quick-test queries read: marked by the royal's query (nodes or leaves), by an
    /// x-ray walk, or by the facing test.
    fn touches(&self, m: &GameMove) -> bool {
        let stamp = self.q.marks.stamp;
        let hit = |c: CellId| {
            let i = c.index();
            self.q.marks.seen[i] == stamp
                || self.q.marks.leaf[i] == stamp
                || self.q.xrays.any_seen(i)
                || self.q.fmarks[i] == stamp
        };
        let mut any = false;
        move_cells(self.game, m, &mut |c| any |= hit(c));
        any
    }

    /// Whether putting `piece` on `cell` (a drop onto an empty cell) certainly does not
    /// attack an opponent's royal: `cell` is not looked at by any attack query on the
    /// opponent's royals.
    fn cannot_check(&mut self, pos: &GamePosition, cell: CellId, piece: PieceId) -> bool {
        let g = self.game;
        // Attacks of pieces walked forward are not in the marks.
        if g.reverse.forward_only()[piece.index()] || attack::forward_attackers(g, pos, pos.side) {
            return false;
        }
        let ready = match self.enemy_ready {
            Some(r) => r,
            None => {
                self.enemy_marks.next();
                let side = pos.side;
                let them = side.opponent();
                let ok = !royals_attacked_marking(
                    g,
                    pos,
                    them,
                    &mut self.stack,
                    &mut self.enemy_marks,
                    true,
                );
                self.enemy_ready = Some(ok);
                ok
            }
        };
        ready && !self.enemy_marks.seen(cell.index())
    }

    /// An empty move buffer from the pool.
    pub(crate) fn buffer(&mut self) -> Vec<GameMove> {
        let mut b = self.pool.pop().unwrap_or_default();
        b.clear();
        b
    }

    pub(crate) fn give_back(&mut self, b: Vec<GameMove>) {
        self.pool.push(b);
    }

    /// Whether a pseudo-legal move of the side to move is legal.
    pub fn is_legal(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        let g = self.game;
        let side = pos.side;
        if m.kind != MoveKind::Drop
            || !g.drop_limits[side.index() * g.pieces + m.piece.index()].not_mating
        {
            return self.is_legal_light(pos, m);
        }
        let undo = make(g, pos, m);
        let exposed =
            royal_attacked(g, pos, side, &mut self.stack) || (g.no_facing && royals_face(g, pos));
        let mut ok = !exposed;
        if ok && m.kind == MoveKind::Drop {
            let limits = &g.drop_limits[side.index() * g.pieces + m.piece.index()];
            if limits.not_mating
                && royal_attacked(g, pos, pos.side, &mut self.stack)
                && !self.has_legal_move(pos)
            {
                ok = false;
            }
        }
        unmake(g, pos, undo);
        ok
    }

    /// The legality test without make/unmake: the occupants the move changes are
    /// written straight into the board (no hash, journal, counts, hands or rights,
    /// which attack queries never read), the royals are tested, and the occupants
    /// are put back. Not for drops that may not mate (they need the full make).
    ///
    /// Attack queries read the moved flags only of the attacking side's pieces, and
    /// none of those stands on a cell the move changes, so the flags are left alone.
    fn is_legal_light(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        self.is_legal_light_noting(pos, m, None)
    }

    /// [`Searcher::is_legal_light`], noting the cells its queries read in `watch`.
    fn is_legal_light_noting(
        &mut self,
        pos: &mut GamePosition,
        m: &GameMove,
        watch: Option<Watch<'_>>,
    ) -> bool {
        let g = self.game;
        let side = pos.side;
        // (cell, old occupant) in the order written, restored in reverse.
        let mut saved = [(0u16, Occupant::EMPTY); MAX_PASSING + 5];
        let mut n = 0;
        let mut put = |pos: &mut GamePosition, c: CellId, o: Occupant| {
            saved[n] = (c.0, pos.cells[c.index()]);
            n += 1;
            pos.cells[c.index()] = o;
        };
        let mut royal_to = None;
        match m.kind {
            MoveKind::Drop => put(pos, m.to, Occupant::piece(side, m.piece)),
            MoveKind::Castling(i) => {
                let c = &g.castlings[i as usize];
                put(pos, c.king_from, Occupant::EMPTY);
                put(pos, c.partner_from, Occupant::EMPTY);
                put(pos, c.king_to, Occupant::piece(side, c.king));
                put(pos, c.partner_to, Occupant::piece(side, c.partner));
                if g.royal[c.partner.index()] {
                    royal_to = Some(CellId(u16::MAX));
                } else if g.royal[c.king.index()] {
                    royal_to = Some(c.king_to);
                }
            }
            MoveKind::Normal | MoveKind::EnPassant { .. } => {
                for c in m.passing_captures() {
                    put(pos, c, Occupant::EMPTY);
                }
                if let MoveKind::EnPassant { victim } = m.kind {
                    put(pos, victim, Occupant::EMPTY);
                }
                // A push: the piece met moves on (maybe into `from`, empty by then).
                let pushed = m.push_to.map(|d| (d, pos.cells[m.to.index()]));
                put(pos, m.from, Occupant::EMPTY);
                if let Some((dest, occ)) = pushed {
                    put(pos, dest, occ);
                }
                let kind = m.promotion.unwrap_or(m.piece);
                put(pos, m.to, Occupant::piece(side, kind));
                if g.royal[m.piece.index()] || g.royal[kind.index()] {
                    royal_to = Some(m.to);
                }
            }
        }
        let exposed = match watch {
            None => self.exposed(&*pos, m, royal_to),
            Some(w) => self.exposed(&w.over(&*pos), m, royal_to),
        };
        for &(c, o) in saved[..n].iter().rev() {
            pos.cells[c as usize] = o;
        }
        !exposed
    }

    /// Whether the move `m` just written into the board (royals moved to `royal_to`,
    /// `u16::MAX` for "somewhere") leaves a royal of its side capturable, or the
    /// royals facing.
    fn exposed<R: Reads + ?Sized>(
        &mut self,
        r: &R,
        m: &GameMove,
        royal_to: Option<CellId>,
    ) -> bool {
        let g = self.game;
        let pos = r.position();
        let side = pos.side;
        let them = side.opponent();
        (match (royal_to, pos.royal_count[side.index()]) {
            // Royals unchanged: the counts and the sum of cells still hold.
            (None, _) => royal_attacked(g, r, side, &mut self.stack),
            // The only royal moved to `to`.
            (Some(to), 1) if to.0 != u16::MAX && g.royal[m.piece.index()] => {
                let kind = r.at(to.index()).kind();
                g.royal[kind.index()] && attack::attacked_in(g, r, to, them, kind, &mut self.stack)
                    || !g.royal[kind.index()] && royal_attacked_scan(g, r, side, &mut self.stack)
            }
            _ => royal_attacked_scan(g, r, side, &mut self.stack),
        }) || (g.no_facing && {
            let first = if pos.royal_count[Side::First.index()] != 1 {
                None
            } else if side == Side::First && royal_to.is_some() {
                royal_to.filter(|c| c.0 != u16::MAX)
            } else {
                Some(CellId(pos.royal_sum[Side::First.index()] as u16))
            };
            royals_face_from(g, r, first)
        })
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&mut self, pos: &mut GamePosition) -> bool {
        let mut pseudo = self.buffer();
        self.pseudo_moves(pos, &mut pseudo);
        let any = pseudo.iter().any(|m| self.is_legal(pos, m));
        self.give_back(pseudo);
        any
    }
}

/// Calls `f` with every cell `m` changes: start, destination, cells captured in
/// passing or en passant, the cell a pushed piece goes to, castling's four cells.
fn move_cells(g: &Game, m: &GameMove, f: &mut impl FnMut(CellId)) {
    match m.kind {
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            for cell in [c.king_from, c.king_to, c.partner_from, c.partner_to] {
                f(cell);
            }
        }
        MoveKind::Drop => f(m.to),
        MoveKind::EnPassant { victim } => {
            f(m.from);
            f(m.to);
            f(victim);
        }
        MoveKind::Normal => {
            f(m.from);
            f(m.to);
            if let Some(c) = m.push_to {
                f(c);
            }
            for c in m.passing_captures() {
                f(c);
            }
        }
    }
}

/// Where reads are noted: per cell (stamp, watcher bits); a read of cell `c` gives
/// `c` the bit `bit` (one piece's slot) under the current `stamp`.
#[derive(Clone, Copy)]
struct Watch<'a> {
    cells: &'a [Cell<(u32, u64)>],
    stamp: u32,
    bit: u64,
}

impl<'a> Watch<'a> {
    #[inline]
    fn mark(&self, cell: usize) {
        let w = &self.cells[cell];
        let (s, bits) = w.get();
        let bits = if s == self.stamp {
            bits | self.bit
        } else {
            self.bit
        };
        w.set((self.stamp, bits));
    }

    fn over<'p>(self, pos: &'p GamePosition) -> Watched<'p>
    where
        'a: 'p,
    {
        Watched { pos, watch: self }
    }
}

/// The position as a walk or an attack query sees it, noting the cells they read.
struct Watched<'a> {
    pos: &'a GamePosition,
    watch: Watch<'a>,
}

impl Reads for Watched<'_> {
    #[inline]
    fn position(&self) -> &GamePosition {
        self.pos
    }

    #[inline]
    fn at(&self, cell: usize) -> Occupant {
        self.watch.mark(cell);
        self.pos.cells[cell]
    }

    #[inline]
    fn unmoved_at(&self, cell: CellId) -> bool {
        self.watch.mark(cell.index());
        self.pos.unmoved(cell)
    }
}

impl Occupancy for Watched<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.at(cell.index())
    }

    fn unmoved(&self, cell: CellId) -> bool {
        self.unmoved_at(cell)
    }
}

/// The quick test's state for one node, as [`Searcher::prepare_quick`] leaves it;
/// perft keeps a second one for the children of a node while they are counted.
struct QuickState {
    /// The cells the royal's attack query of the current node looks at (see
    /// [`Searcher::prepare_quick`]).
    marks: Marks,
    /// Facing-rule marks (same stamp as `marks`).
    fmarks: Vec<u32>,
    /// Nodes of the royal's attack query stopped by a piece of the side to move.
    blocked: Vec<u32>,
    /// The single royal (cell, kind) when the x-ray refinement applies.
    xray_royal: Option<(CellId, PieceId)>,
    /// The x-ray walks of the current node's pieces that stop a path of the royal's
    /// query.
    xrays: XRays,
    /// Nodes of the royal's attack query that a piece of the side to move put on
    /// their cell might open.
    put_nodes: Vec<u32>,
}

impl QuickState {
    fn new(cells: usize) -> QuickState {
        QuickState {
            marks: Marks::new(cells),
            fmarks: vec![0; cells],
            blocked: Vec::new(),
            xray_royal: None,
            xrays: XRays::new(cells),
            put_nodes: Vec::new(),
        }
    }
}

/// The walks of the pieces of the side to move in a node's children, made on the
/// node itself (count and deferred moves per piece; see
/// [`Searcher::prepare_children`]); each piece's walk gets a slot, one of 64
/// watcher bits, and every cell it read is marked with that bit.
#[derive(Default)]
struct SiblingWalks {
    /// The stamp of the node the walks were made on (one per node; 0: none).
    stamp: u32,
    /// Per cell: (stamp, slots of the walks that read it).
    watch: Vec<Cell<(u32, u64)>>,
    /// Per cell: (stamp, occupant, slot, count, first move, number of moves).
    entries: Vec<WalkEntry>,
    moves: Vec<GameMove>,
    slots: u32,
    /// The cells of the pieces given a slot, in order; `complete`: every piece of
    /// the side got one.
    cells: Vec<u16>,
    complete: bool,
    /// The node's occupants and side to move (for the debug check of
    /// [`Searcher::count_legal_child`]).
    parent_cells: Vec<Occupant>,
    parent_side: Option<Side>,
    /// The sum of the listed pieces' counts, and the slots with moves left to test.
    total: u64,
    deferred: u64,
    /// Castling of the side to move: (watcher bit, legal castlings, castling
    /// rights of that side), and the mask of that side's castling rights.
    castling: Option<(u64, u64, u32)>,
    castling_mask: u32,
}

#[derive(Clone, Copy, Default)]
struct WalkEntry {
    stamp: u32,
    occ: Occupant,
    slot: u8,
    /// Moves counted with the parent's quick test, verdicts included.
    count: u32,
    /// The moves left to test (with the parent's quick test).
    first: u32,
    len: u32,
    /// All the moves of the walk.
    all_first: u32,
    all_len: u32,
}

impl SiblingWalks {
    fn new(cells: usize) -> SiblingWalks {
        SiblingWalks {
            watch: vec![Cell::new((0, 0)); cells],
            entries: vec![WalkEntry::default(); cells],
            ..SiblingWalks::default()
        }
    }

    /// Starts recording the walks of a new node: a new stamp.
    fn begin(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.watch.iter().for_each(|w| w.set((0, 0)));
            self.stamp = 1;
        }
        self.moves.clear();
        self.slots = 0;
        self.castling = None;
        self.cells.clear();
        self.complete = true;
        self.total = 0;
        self.deferred = 0;
    }

    /// The watcher bit for the walk of the piece `occ` on `cell`, if a slot is left.
    fn slot(&mut self, cell: usize, occ: Occupant) -> Option<u64> {
        if self.slots == 64 {
            self.entries[cell].stamp = 0;
            self.complete = false;
            return None;
        }
        self.cells.push(cell as u16);
        let slot = self.slots as u8;
        self.slots += 1;
        self.entries[cell] = WalkEntry {
            stamp: self.stamp,
            occ,
            slot,
            ..WalkEntry::default()
        };
        Some(1u64 << slot)
    }

    /// A watcher bit for the castling moves of `side`, if it has any and a slot is
    /// left; sets the mask of its castling rights.
    fn castling_slot(&mut self, g: &Game, side: Side) -> Option<u64> {
        self.castling_mask = g
            .castlings
            .iter()
            .enumerate()
            .filter(|(_, c)| c.side == side)
            .fold(0, |m, (i, _)| m | 1 << i);
        if self.castling_mask == 0 || self.slots == 64 {
            return None;
        }
        self.slots += 1;
        Some(1u64 << (self.slots - 1))
    }

    /// Stores the result of the walk from `cell` given a slot.
    fn store(&mut self, cell: usize, count: u64, moves: &[GameMove]) {
        let e = &mut self.entries[cell];
        self.total += count;
        if !moves.is_empty() {
            self.deferred |= 1u64 << e.slot;
        }
        e.count = count as u32;
        e.first = self.moves.len() as u32;
        e.len = moves.len() as u32;
        self.moves.extend_from_slice(moves);
    }

    /// Stores all the moves of the walk from `cell` given a slot.
    fn store_all(&mut self, cell: usize, moves: &[GameMove]) {
        let e = &mut self.entries[cell];
        e.all_first = self.moves.len() as u32;
        e.all_len = moves.len() as u32;
        self.moves.extend_from_slice(moves);
    }

    /// Where in `moves` all the moves of the stored walk of the piece `occ` on
    /// `cell` are, unless a cell it read is among the `changed` slots' cells.
    #[inline]
    fn get_all(&self, cell: usize, occ: Occupant, changed: u64) -> Option<Range<usize>> {
        let e = &self.entries[cell];
        if e.stamp != self.stamp || e.occ != occ || changed & (1u64 << e.slot) != 0 {
            return None;
        }
        Some(e.all_first as usize..(e.all_first + e.all_len) as usize)
    }

    /// Whether a piece on `cell` got a slot.
    #[inline]
    fn listed(&self, cell: usize) -> bool {
        self.entries[cell].stamp == self.stamp
    }

    /// The watcher bits of `cell`.
    #[inline]
    fn watchers(&self, cell: CellId) -> u64 {
        let (s, bits) = self.watch[cell.index()].get();
        if s == self.stamp {
            bits
        } else {
            0
        }
    }

    /// The stored count of the piece `occ` on `cell` and where in `moves` its moves
    /// left to test are, unless a cell it read is among the `changed` slots' cells.
    #[inline]
    fn get(&self, cell: usize, occ: Occupant, changed: u64) -> Option<(u64, Range<usize>)> {
        let e = &self.entries[cell];
        if e.stamp != self.stamp || e.occ != occ || changed & (1u64 << e.slot) != 0 {
            return None;
        }
        Some((e.count as u64, e.first as usize..(e.first + e.len) as usize))
    }
}

/// Whether any royal of `royals` is attacked, marking in `marks` every cell the
/// queries inspect (leaf cells too with `mark_leaves`); stops at the first attacked
/// royal (the marks are then incomplete and must not be used).
fn royals_attacked_marking(
    g: &Game,
    pos: &GamePosition,
    royals: Side,
    stack: &mut Vec<(u32, u32)>,
    marks: &mut Marks,
    mark_leaves: bool,
) -> bool {
    (0..pos.cells.len()).any(|i| {
        let o = pos.cells[i];
        !o.is_empty()
            && o.side() == royals
            && g.royal[o.kind().index()]
            && attack::attacked_marking(
                g,
                pos,
                CellId(i as u16),
                royals.opponent(),
                o.kind(),
                stack,
                marks,
                mark_leaves,
                None,
            )
    })
}

/// Whether `cell`'s file holds `occ` elsewhere.
fn file_has(g: &Game, pos: &GamePosition, cell: CellId, occ: Occupant) -> bool {
    let board = g.board();
    let x = board.coord(cell).x;
    (0..board.height() as i16).any(|y| {
        board
            .cell_at(crate::ir::Coord { x, y })
            .is_some_and(|c| pos.cells[c.index()] == occ)
    })
}

/// Pushes `m` as it is and/or with each allowed promotion.
/// Whether a promotion rule of `side` applies to the move `m`.
fn promotion_applies(g: &Game, side: Side, m: &GameMove) -> bool {
    g.promotions[side.index() * g.pieces + m.piece.index()]
        .iter()
        .any(|r| rule_applies(r, m))
}

fn rule_applies(r: &super::PromotionRule, m: &GameMove) -> bool {
    r.zone[m.to.index()] || (r.also_leaving && r.zone[m.from.index()])
}

fn expand_promotions(g: &Game, pos: &GamePosition, m: GameMove, out: &mut Vec<GameMove>) {
    let side = pos.side;
    let rules = &g.promotions[side.index() * g.pieces + m.piece.index()];
    let mut applies = false;
    let mut may_stay = true;
    let before = out.len();
    for r in rules {
        if !rule_applies(r, &m) {
            continue;
        }
        applies = true;
        if !r.optional {
            may_stay = false;
        }
        for &c in &r.choices {
            if r.only_captured
                && pos.counts[side.index()][c.index()] >= g.start_counts[side.index()][c.index()]
            {
                continue;
            }
            if out[before..].iter().any(|x| x.promotion == Some(c)) {
                continue;
            }
            let mut p = m;
            p.promotion = Some(c);
            out.push(p);
        }
    }
    if !applies || (may_stay && !g.dead(side, m.piece, m.to)) {
        out.push(m);
    }
}

/// Plays `m`.
pub(crate) fn make(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    make_with::<true>(g, pos, m)
}

/// [`make`] without updating the hash (left stale until [`unmake`] restores it):
/// for perft, which never reads it.
pub(crate) fn make_unhashed(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    make_with::<false>(g, pos, m)
}

#[inline]
fn make_with<const HASH: bool>(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    let keys = &g.keys;
    let undo = Undo {
        mark: pos.mark(),
        castling: pos.castling,
        ep: pos.ep,
        halfmove: pos.halfmove,
        fullmove: pos.fullmove,
        hash: pos.hash,
    };
    if HASH {
        pos.hash ^= keys.state(pos);
    }
    let side = pos.side;
    let mut capture = false;
    let mut new_ep = EnPassant::default();
    match m.kind {
        MoveKind::Drop => {
            pos.add_hand::<HASH>(keys, side, m.piece, -1);
            pos.set_cell::<HASH>(keys, m.to, Occupant::piece(side, m.piece), 0, true);
        }
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            pos.set_cell::<HASH>(keys, c.king_from, Occupant::EMPTY, 0, false);
            pos.set_cell::<HASH>(keys, c.partner_from, Occupant::EMPTY, 0, false);
            pos.set_cell::<HASH>(keys, c.king_to, Occupant::piece(side, c.king), 0, true);
            pos.set_cell::<HASH>(
                keys,
                c.partner_to,
                Occupant::piece(side, c.partner),
                0,
                true,
            );
        }
        MoveKind::Normal | MoveKind::EnPassant { .. } => {
            for c in m.passing_captures() {
                take::<HASH>(g, pos, c, side);
                capture = true;
            }
            if let MoveKind::EnPassant { victim } = m.kind {
                take::<HASH>(g, pos, victim, side);
                capture = true;
            }
            if m.captures_to {
                take::<HASH>(g, pos, m.to, side);
                capture = true;
            }
            let promo_mark = pos.promoted[m.from.index()];
            let pushed = m
                .push_to
                .map(|dest| (dest, pos.cells[m.to.index()], pos.promoted[m.to.index()]));
            pos.set_cell::<HASH>(keys, m.from, Occupant::EMPTY, 0, false);
            // A displacement: the piece on `to` moves on (possibly into `from`, which
            // is empty by now); the mover then replaces it on `to`.
            if let Some((dest, occ, mark)) = pushed {
                pos.set_cell::<HASH>(keys, dest, occ, mark, true);
            }
            let (kind, mark) = match m.promotion {
                Some(p) => {
                    // A promoted piece without a `+` letter of its own remembers what
                    // it was, so that it returns to a hand as that (FEN `~`).
                    let mark = if g.hand && g.base_of[p.index()].is_none() {
                        m.piece.0 + 1
                    } else {
                        0
                    };
                    (p, mark)
                }
                None => (m.piece, promo_mark),
            };
            pos.set_cell::<HASH>(keys, m.to, Occupant::piece(side, kind), mark, true);
            if m.n_ep > 0 {
                new_ep.cells[..m.n_ep as usize].copy_from_slice(&m.ep[..m.n_ep as usize]);
                new_ep.len = m.n_ep;
                new_ep.victim = m.to.0;
            }
        }
    }
    pos.castling &= !(g.castle_loss[m.from.index()] | g.castle_loss[m.to.index()]);
    if let MoveKind::Castling(i) = m.kind {
        let c = &g.castlings[i as usize];
        pos.castling &=
            !(g.castle_loss[c.king_from.index()] | g.castle_loss[c.partner_from.index()]);
    }
    pos.ep = new_ep;
    if capture || g.ep_capturer[m.piece.index()] {
        pos.halfmove = 0;
    } else {
        pos.halfmove += 1;
    }
    if side == Side::Second || g.one_side {
        pos.fullmove += 1;
    }
    if !g.one_side {
        pos.side = side.opponent();
    }
    if HASH {
        pos.hash ^= keys.state(pos);
    }
    undo
}

/// Removes the piece on `cell`, captured by `captor`; into the captor's hand if the
/// game has hands.
fn take<const HASH: bool>(g: &Game, pos: &mut GamePosition, cell: CellId, captor: Side) {
    let o = pos.cells[cell.index()];
    if o.is_empty() {
        return;
    }
    if g.hand {
        let promo = pos.promoted[cell.index()];
        let kind = if promo != 0 {
            PieceId(promo - 1)
        } else {
            g.base_of[o.kind().index()].unwrap_or(o.kind())
        };
        pos.add_hand::<HASH>(&g.keys, captor, kind, 1);
    }
    pos.set_cell::<HASH>(&g.keys, cell, Occupant::EMPTY, 0, false);
}

/// Takes back the move `undo` was made for.
pub(crate) fn unmake(g: &Game, pos: &mut GamePosition, undo: Undo) {
    pos.rewind(&g.keys, undo.mark);
    pos.castling = undo.castling;
    pos.ep = undo.ep;
    pos.halfmove = undo.halfmove;
    pos.fullmove = undo.fullmove;
    pos.hash = undo.hash;
    if !g.one_side {
        pos.side = pos.side.opponent();
    }
}

/// Whether any royal piece of `side` could be captured by the opponent.
pub(crate) fn royal_attacked<R: Reads + ?Sized>(
    g: &Game,
    r: &R,
    side: Side,
    stack: &mut Vec<(u32, u32)>,
) -> bool {
    let them = side.opponent();
    let pos = r.position();
    match pos.royal_count[side.index()] {
        0 => return false,
        1 => {
            let cell = pos.royal_sum[side.index()] as usize;
            let o = r.at(cell);
            return attack::attacked_in(g, r, CellId(cell as u16), them, o.kind(), stack);
        }
        _ => {}
    }
    royal_attacked_scan(g, r, side, stack)
}

/// [`royal_attacked`] finding the royals by a scan of the board (when the royal
/// bookkeeping of the position is not current).
fn royal_attacked_scan<R: Reads + ?Sized>(
    g: &Game,
    r: &R,
    side: Side,
    stack: &mut Vec<(u32, u32)>,
) -> bool {
    let them = side.opponent();
    (0..r.position().cells.len()).any(|i| {
        let o = r.at(i);
        !o.is_empty()
            && o.side() == side
            && g.royal[o.kind().index()]
            && attack::attacked_in(g, r, CellId(i as u16), them, o.kind(), stack)
    })
}

/// Whether two royals of opposite sides stand on one file with only empty cells
/// between them.
pub(crate) fn royals_face(g: &Game, pos: &GamePosition) -> bool {
    royals_face_from(g, pos, None)
}

/// [`royals_face`], told where the first side's royal stands when the caller knows
/// (the only one of its side); otherwise the board is scanned for royals.
fn royals_face_from<R: Reads + ?Sized>(g: &Game, r: &R, first_royal: Option<CellId>) -> bool {
    let from_cell = |i: usize| {
        g.file_rays[i].iter().any(|ray| {
            for &c in ray {
                let p = r.at(c.index());
                if !p.is_empty() {
                    return p.side() == Side::Second && g.royal[p.kind().index()];
                }
            }
            false
        })
    };
    if let Some(c) = first_royal {
        let o = r.at(c.index());
        if !o.is_empty() && o.side() == Side::First && g.royal[o.kind().index()] {
            return from_cell(c.index());
        }
    }
    (0..r.position().cells.len()).any(|i| {
        let o = r.at(i);
        !o.is_empty() && o.side() == Side::First && g.royal[o.kind().index()] && from_cell(i)
    })
}

/// [`royals_face`] marking every cell it looks at with `stamp`; returns its answer.
fn mark_facing(g: &Game, pos: &GamePosition, marks: &mut [u32], stamp: u32) -> bool {
    let mut facing = false;
    let first = Side::First.index();
    // A lone royal of the first side is known without a scan.
    let (lo, hi) = if pos.royal_count[first] == 1 {
        let c = pos.royal_sum[first] as usize;
        (c, c + 1)
    } else {
        (0, pos.cells.len())
    };
    for i in lo..hi {
        let o = pos.cells[i];
        if o.is_empty() || o.side() != Side::First || !g.royal[o.kind().index()] {
            continue;
        }
        marks[i] = stamp;
        for ray in &g.file_rays[i] {
            for &c in ray {
                marks[c.index()] = stamp;
                let p = pos.cells[c.index()];
                if !p.is_empty() {
                    facing |= p.side() == Side::Second && g.royal[p.kind().index()];
                    break;
                }
            }
        }
    }
    facing
}

/// The UCI texts of a list of moves: each as [`uci`] writes it, and where two moves
/// would print the same, each push among them followed by `^` and the cell the pushed
/// piece goes to (`d4d5^d6`; a capture of the same piece stays `d4d5`).
pub(crate) fn uci_list(g: &Game, moves: &[GameMove]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|m| uci(g, m)).collect();
    let plain = texts.clone();
    for (i, m) in moves.iter().enumerate() {
        let Some(dest) = m.push_to else { continue };
        let clash = moves
            .iter()
            .enumerate()
            .any(|(j, o)| j != i && plain[j] == plain[i] && o.push_to != m.push_to);
        if clash {
            texts[i].push('^');
            texts[i].push_str(&g.board().cell_name(dest));
        }
    }
    texts
}

/// UCI text as Fairy-Stockfish prints it.
pub(crate) fn uci(g: &Game, m: &GameMove) -> String {
    let board = g.board();
    match m.kind {
        MoveKind::Drop => {
            let l = g.letter(Side::First, m.piece);
            format!("{}@{}", l, board.cell_name(m.to))
        }
        _ => {
            let mut s = format!("{}{}", board.cell_name(m.from), board.cell_name(m.to));
            // Captures in passing (no game of Fairy-Stockfish's has them): `x` and the
            // cell, sorted, as `piecewise moves --pseudo` writes them.
            let mut caps: Vec<CellId> = m.passing_captures().collect();
            caps.sort();
            caps.dedup();
            for c in caps {
                s.push('x');
                s.push_str(&board.cell_name(c));
            }
            if let Some(p) = m.promotion {
                if g.is_plus(p) {
                    s.push('+');
                } else {
                    s.push_str(&g.letter(Side::Second, p));
                }
            }
            s
        }
    }
}
