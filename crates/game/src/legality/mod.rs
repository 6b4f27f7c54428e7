//! legality: which pseudo-legal moves are legal — a royal piece may not be left
//! capturable, and royals declared `may not face` may not face each other.
//!
//! Owns the [`MoveGenerator`]: the legal moves ([`MoveGenerator::legal_moves`]), the
//! legality test and its per-node state, over a [`PseudoGen`] (`movegen`) that finds
//! the pseudo-legal moves.
//!
//! The full test ([`MoveGenerator::is_legal`]) writes the occupants the move changes
//! into the board, asks the royals' attack queries ([`crate::attack`], over the
//! reverse tables) and puts the occupants back; only drops that may not mate are
//! really played (make/unmake), to look for a reply. Most moves never get there: the
//! quick test ([`quick`]) judges them from what the royal's query of the node looked
//! at ([`crate::attack::marks`]). `tests/suite/game_layer.rs` checks the quick test against
//! the full one on playouts of every shipped game and on random positions of hoppers
//! and other fairy pieces.

pub(crate) mod blast;
pub(crate) mod facing;
pub(crate) mod general;
pub(crate) mod judged;
pub(crate) mod quick;
pub(crate) mod replies;
pub(crate) mod reply_cache;
pub(crate) mod safety;

use quick::{CheckMarks, FilledCell, Quick, QuickState};

use crate::attack::royals::{royal_attacked, royal_attacked_scan, royals_face, royals_face_from};
use crate::attack::{attacked_in, Reads};
use crate::ids::{CellId, Side};
use crate::kernel;
use crate::make::{make, unmake};
use crate::movegen::PseudoGen;
use crate::stop::Stop;
use crate::walk::reverse::ReverseStack;
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveKind, MAX_CHAIN};

/// Where the royals of the side that moved are after a move written into the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoyalsAfter {
    /// No royal moved: the position's royal counts and cell sums still hold.
    Unchanged,
    /// The royal that moved stands on this cell.
    MovedTo(CellId),
    /// Royals moved in ways the position's bookkeeping does not say (a royal castling
    /// partner): find them by a scan.
    Moved,
}

/// The move generator of a game: pseudo-legal and legal moves, the legality test,
/// and perft's last-ply count, with the buffers they reuse from node to node (so a
/// search allocates nothing once they have grown). The pseudo-legal generation and
/// its buffers are the `PseudoGen` it owns (`movegen`); the rest is the legality
/// test's state for the current node.
pub struct MoveGenerator<'g> {
    /// The pseudo-legal generator (and the game, the walker, the attack scratch).
    pub(crate) pseudo: PseudoGen<'g>,
    /// The quick test's state for the current node
    /// ([`MoveGenerator::prepare_quick`]).
    pub(crate) quick: Box<QuickState>,
    /// The cells the forward walks looked at, for the bitboard kernel's verdicts.
    pub(crate) kernel_forward: kernel::ForwardCells,
    /// "Does a move give check to the opponent" (drops that may not mate).
    pub(crate) check_marks: CheckMarks,
    /// Scratch for the x-ray walks.
    pub(crate) xray_stack: ReverseStack,
    /// What the royal's query would look at with a piece put on one cell.
    pub(crate) filled: FilledCell,
    /// `[side * pieces + piece]`: a promotion rule of that piece may make it royal.
    pub(crate) royal_promotion: Vec<bool>,
    /// When a count must stop (perft's deadline and cancel flag), polled per node and
    /// per move the general test plays.
    pub(crate) stop: Stop,
    /// The replies kept per piece, for games whose legality plays every reply
    /// ([`reply_cache`]).
    pub(crate) reply_cache: reply_cache::ReplyCache,
    /// Whether the game's replies may be answered from `reply_cache`.
    pub(crate) reply_cache_on: bool,
}

/// Per piece kind, the cells holding a piece of that kind of the side not to move
/// ([`crate::table::ReverseTables::out_of_reach_among`]), built for one node.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TheirSets {
    pub(crate) sets: [u128; crate::table::MAX_KINDS_BY_SET],
    /// How many kinds `sets` holds; 0: none (not computed, or the tables keep no
    /// origin sets).
    pub(crate) kinds: usize,
}

impl TheirSets {
    /// The sets of `pos` (none when the tables keep no origin sets).
    pub(crate) fn of(g: &Game, pos: &GamePosition) -> TheirSets {
        let mut t = TheirSets {
            kinds: g.reverse.origin_set_kinds(),
            ..TheirSets::default()
        };
        if t.kinds > 0 {
            for c in kernel::bits::pieces_of(&pos.cells, pos.side.opponent()) {
                t.sets[pos.cells[c].kind().index()] |= 1u128 << c;
            }
        }
        t
    }

    /// [`TheirSets::of`] from the cells of the other side's pieces, `theirs` (bit c:
    /// cell c).
    pub(crate) fn of_cells(g: &Game, pos: &GamePosition, theirs: u128) -> TheirSets {
        let mut t = TheirSets {
            kinds: g.reverse.origin_set_kinds(),
            ..TheirSets::default()
        };
        if t.kinds > 0 {
            let mut rest = theirs;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                t.sets[pos.cells[c].kind().index()] |= 1u128 << c;
            }
        }
        t
    }

    /// The sets, empty when none were computed.
    #[inline]
    pub(crate) fn get(&self) -> &[u128] {
        &self.sets[..self.kinds]
    }
}

impl MoveGenerator<'_> {
    /// Whether a royal's plain move may be judged by [`MoveGenerator::royal_move_out_of_reach`]:
    /// a single royal, its safety decided by attack queries alone (no effects, no
    /// facing rule, no evasion rule, no piece answered forward).
    pub(crate) fn royal_moves_by_reach(&self, pos: &GamePosition) -> bool {
        let g = self.pseudo.game;
        pos.royal_count[pos.side.index()] == 1
            && !g.evasion_captures
            && !g.no_facing
            && !g.judged_by_playing()
            && !self.quick.forward_on
            && !self.quick.blast
    }

    /// Whether `m` is a move of the royal that changes only its two cells and lands
    /// where no attacker of the other side could reach ([`crate::table::ReverseTables::out_of_reach`],
    /// read on the board before the move: the cells the move changes end up empty or
    /// holding the royal, neither of them an attacker): then it is legal.
    /// `theirs`: the other side's cells by kind ([`TheirSets`]).
    #[inline]
    pub(crate) fn royal_move_out_of_reach(
        &self,
        pos: &GamePosition,
        m: &GameMove,
        theirs: &[u128],
    ) -> bool {
        let g = self.pseudo.game;
        g.royal[m.piece.index()]
            && m.kind == MoveKind::Normal
            && m.promotion.is_none()
            && m.push_to.is_none()
            && m.n_passing == 0
            && g.reverse
                .out_of_reach_among(pos.side.opponent(), m.to, theirs, |c| pos.cells[c])
    }
}

impl<'g> MoveGenerator<'g> {
    /// A generator for `game`, its buffers empty.
    pub fn new(game: &'g Game) -> MoveGenerator<'g> {
        if let Some(t) = game.reply_takers.as_deref() {
            t.prepare(game);
        }
        MoveGenerator {
            pseudo: PseudoGen::new(game),
            quick: Box::new(QuickState::new(game.cells)),
            kernel_forward: kernel::ForwardCells::default(),
            check_marks: CheckMarks::new(game.cells),
            xray_stack: ReverseStack::new(),
            filled: FilledCell::new(game.cells),
            royal_promotion: game
                .promotions
                .iter()
                .map(|rules| {
                    rules
                        .iter()
                        .any(|r| r.choices.iter().any(|c| game.royal[c.index()]))
                })
                .collect(),
            stop: Stop::new(),
            reply_cache: reply_cache::ReplyCache::default(),
            reply_cache_on: reply_cache::applies(game),
        }
    }

    /// Appends the pseudo-legal moves of the side to move to `out`.
    #[inline]
    pub fn pseudo_moves(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        self.pseudo.pseudo_moves(pos, out);
    }

    /// Replaces `out` with the legal moves of the side to move.
    pub fn legal_moves(&mut self, pos: &mut GamePosition, out: &mut Vec<GameMove>) {
        if self.pseudo.game.sokoban_reverse() {
            crate::sokoban_reverse::moves(&mut self.pseudo, pos, out);
            return;
        }
        if self.pseudo.game.ended_at_once(pos) {
            out.clear();
            return;
        }
        if self.facing_now(pos) {
            self.facing_moves(pos, out);
            return;
        }
        if !self.pseudo.game.evasion_captures && self.legal_moves_bits(pos, out) {
            if let Some(gt) = self.pseudo.game.gating.as_deref() {
                // A gating move is legal when the same move without the piece
                // entering is, as Fairy-Stockfish judges it: one more per legal move
                // that leaves a cell with a right, per piece that may enter.
                gt.add_moves(self.pseudo.game, pos, out, 0);
            }
            if let Some(rule) = self.pseudo.game.must_capture {
                keep_compulsory_captures(self.pseudo.game, pos, rule, out);
            }
            self.keep_first_drops(pos, out);
            return;
        }
        out.clear();
        let mut pseudo = self.pseudo.buffer();
        self.pseudo.pseudo_moves(pos, &mut pseudo);
        if self.all_pseudo_legal(pos) {
            // `no check` (Chu Shogi): every pseudo-legal move is legal but a Lion's
            // capture of a protected Lion (`lion trading`).
            let g = self.pseudo.game;
            // The pseudo-legal list becomes the legal one (no copy).
            std::mem::swap(out, &mut pseudo);
            self.pseudo.give_back(pseudo);
            if let Some(lion) = g.effects.as_deref().and_then(|fx| fx.lion.as_ref()) {
                out.retain(|m| !(lion.may_take_lion(m) && self.takes_protected_lion(lion, pos, m)));
            }
            if let Some(rule) = g.must_capture {
                keep_compulsory_captures(g, pos, rule, out);
            }
            self.keep_first_drops(pos, out);
            return;
        }
        // `royals in check capture only`: each move by the full test, which knows it.
        // A blast game (Atomic): the quick test's `Legal` on a move that captures
        // nothing, every other move by the full test (`blast`).
        let g = self.pseudo.game;
        // A blast game with a kernel (Atomic): what the kernel finds safe, the rest by
        // the full test.
        if g.blast_counts && self.blast_legal_by_kernel(pos, &pseudo, out) {
            self.pseudo.give_back(pseudo);
            return;
        }
        let blast = blast::quiet_blast_game(g);
        let quick = !g.evasion_captures && self.prepare_quick_in(pos, blast);
        // A royal's plain move judged by where attackers could stand, as perft's
        // count judges it; the other side's pieces by kind built at the first such move.
        let by_reach = quick && self.royal_moves_by_reach(pos);
        let mut sets: Option<TheirSets> = None;
        for m in pseudo.iter() {
            let verdict = if quick {
                self.quick(pos, m)
            } else {
                Quick::Unknown
            };
            let legal = match verdict {
                Quick::Legal => true,
                Quick::Illegal => false,
                Quick::Unknown => {
                    (by_reach
                        && g.royal[m.piece.index()]
                        && self.royal_move_out_of_reach(
                            pos,
                            m,
                            sets.get_or_insert_with(|| TheirSets::of(g, pos)).get(),
                        ))
                        || self.is_legal(pos, m)
                }
            };
            if legal {
                out.push(*m);
            }
        }
        self.pseudo.give_back(pseudo);
        if let Some(rule) = self.pseudo.game.must_capture {
            keep_compulsory_captures(self.pseudo.game, pos, rule, out);
        }
        self.keep_first_drops(pos, out);
    }

    /// `dropped first`: only the drops of such pieces while the side holds one.
    #[inline]
    fn keep_first_drops(&self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        let g = self.pseudo.game;
        if g.drop_phase.as_ref().is_some_and(|ph| ph.first) {
            crate::movegen::placement::keep_first_drops(g, pos, out);
        }
    }
}

impl MoveGenerator<'_> {
    /// Whether every pseudo-legal move of the side to move is legal by
    /// [`MoveGenerator::is_legal_general`] but for `lion trading`: `no check` (without
    /// `except last`) and the side still has a royal; or a game without royals whose
    /// legality is not judged by playing (Antichess, draughts): no move can expose
    /// anything, as [`MoveGenerator::is_legal`] would find move by move.
    pub(crate) fn all_pseudo_legal(&self, pos: &GamePosition) -> bool {
        let g = self.pseudo.game;
        if !g.has_royals() && !g.judged_by_playing() {
            return true;
        }
        g.effects
            .as_deref()
            .is_some_and(|fx| fx.no_check && !fx.no_check_except_last && !fx.no_check_except_all)
            && !g.no_giving_check
            && (pos.royal_count[pos.side.index()] > 0 || !g.has_royals())
    }

    /// Whether a pseudo-legal move of the side to move is legal.
    pub fn is_legal(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        // The full test asks attack queries, or (games with effects) plays the move
        // and generates every reply: a count under way polls its stop here too, since
        // one node of a large game holds hundreds of these tests. A stopped count
        // discards what it counted, so the verdict no longer matters; outside a count
        // the poll never stops.
        if self.stop.poll() {
            return false;
        }
        if self.facing_now(pos) {
            return self.facing_legal(pos, m);
        }
        self.is_legal_plain(pos, m)
    }

    /// [`MoveGenerator::is_legal`] but for `royals facing` (and the stop's poll).
    pub(crate) fn is_legal_plain(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        let g = self.pseudo.game;
        let side = pos.side;
        if g.evasion_captures && g.royal[m.piece.index()] && !self.evasion_allowed(pos, m) {
            return false;
        }
        if g.judged_by_playing() {
            return self.is_legal_general(pos, m);
        }
        if m.kind != MoveKind::Drop
            || !g.drop_limits[side.index() * g.pieces + m.piece.index()].judged_after()
        {
            return self.is_legal_light(pos, m);
        }
        let undo = make(g, pos, m);
        let exposed = royal_attacked(g, pos, side, &mut self.pseudo.attacks)
            || (g.no_facing && royals_face(g, pos));
        let mut ok = !exposed;
        if ok && m.kind == MoveKind::Drop {
            let limits = &g.drop_limits[side.index() * g.pieces + m.piece.index()];
            // `not checking`: no check at all; `not mating`: no check without a reply.
            if limits.judged_after()
                && royal_attacked(g, pos, pos.side, &mut self.pseudo.attacks)
                && (limits.not_checking || !self.has_legal_move(pos))
            {
                ok = false;
            }
        }
        unmake(g, pos, undo);
        ok
    }

    /// `royals in check capture only`: whether the royal's move `m` may be made, as
    /// Fairy-Stockfish's `makpongRule` decides it: always when the royal is not
    /// attacked; else only a capture of the one piece attacking it (with the piece
    /// taken replaced by a friend, which blocks every line through its cell, nothing
    /// attacks the royal's cell any more).
    fn evasion_allowed(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        let g = self.pseudo.game;
        let them = pos.side.opponent();
        if m.kind == MoveKind::Drop
            || !attacked_in(g, pos, m.from, them, m.piece, &mut self.pseudo.attacks)
        {
            return true;
        }
        if m.kind != MoveKind::Normal || !m.captures_to || m.passing_captures().next().is_some() {
            return false;
        }
        let taken = pos.write_raw(m.to, Occupant::piece(pos.side, m.piece));
        let still = attacked_in(g, pos, m.from, them, m.piece, &mut self.pseudo.attacks);
        pos.write_raw(m.to, taken);
        !still
    }

    /// The legality test without make/unmake: the occupants the move changes are
    /// written straight into the board (no hash, journal, counts, hands or rights,
    /// which attack queries never read), the royals are tested, and the occupants
    /// are put back. Not for drops that may not mate (they need the full make).
    ///
    /// Attack queries read the moved flags only of the attacking side's pieces, and
    /// none of those stands on a cell the move changes, so the flags are left alone.
    fn is_legal_light(&mut self, pos: &mut GamePosition, m: &GameMove) -> bool {
        self.is_legal_light_with(pos, m, |s, pos, royals| s.exposed(pos, m, royals))
    }

    /// [`MoveGenerator::is_legal_light`] with the royals tested by `exposed` (given the
    /// board with the move written in; perft's children counter reads it through a
    /// wrapper that notes the cells read).
    pub(crate) fn is_legal_light_with<F>(
        &mut self,
        pos: &mut GamePosition,
        m: &GameMove,
        exposed: F,
    ) -> bool
    where
        F: FnOnce(&mut Self, &GamePosition, RoyalsAfter) -> bool,
    {
        let g = self.pseudo.game;
        let side = pos.side;
        // (cell, old occupant) in the order written, restored in reverse.
        let mut saved = [(0u16, Occupant::EMPTY); MAX_CHAIN + 5];
        let mut n = 0;
        let mut put = |pos: &mut GamePosition, c: CellId, o: Occupant| {
            saved[n] = (c.0, pos.write_raw(c, o));
            n += 1;
        };
        let mut royals = RoyalsAfter::Unchanged;
        match m.kind {
            MoveKind::Drop => {
                let kind = m.promotion.unwrap_or(m.piece);
                put(pos, m.to, Occupant::piece(side, kind));
                // A royal dropped (Placement chess's king) is not in the counts yet.
                if g.royal[kind.index()] {
                    royals = RoyalsAfter::Moved;
                }
            }
            MoveKind::Castling(i) => {
                let c = &g.castlings[i as usize];
                put(pos, c.king_from, Occupant::EMPTY);
                put(pos, c.partner_from, Occupant::EMPTY);
                put(pos, c.king_to, Occupant::piece(side, c.king));
                put(pos, c.partner_to, Occupant::piece(side, c.partner));
                if g.royal[c.partner.index()] {
                    royals = RoyalsAfter::Moved;
                } else if g.royal[c.king.index()] {
                    royals = RoyalsAfter::MovedTo(c.king_to);
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
                    royals = RoyalsAfter::MovedTo(m.to);
                }
                // A pushed (or swapped) royal moved too: find the royals by a scan.
                if pushed.is_some_and(|(_, o)| !o.is_empty() && g.royal[o.kind().index()]) {
                    royals = RoyalsAfter::Moved;
                }
            }
        }
        let exposed = exposed(self, pos, royals);
        for &(c, o) in saved[..n].iter().rev() {
            pos.write_raw(CellId(c), o);
        }
        !exposed
    }

    /// Whether the move `m` just written into the board (the royals as `royals` says)
    /// leaves a royal of its side capturable, or the royals facing.
    pub(crate) fn exposed<R: Reads + ?Sized>(
        &mut self,
        r: &R,
        m: &GameMove,
        royals: RoyalsAfter,
    ) -> bool {
        let g = self.pseudo.game;
        let pos = r.position();
        let side = pos.side;
        let them = side.opponent();
        (match (royals, pos.royal_count[side.index()]) {
            // Royals unchanged: the counts and the sum of cells still hold.
            (RoyalsAfter::Unchanged, _) => royal_attacked(g, r, side, &mut self.pseudo.attacks),
            // The only royal moved to `to`.
            (RoyalsAfter::MovedTo(to), 1) if g.royal[m.piece.index()] => {
                let kind = r.at(to.index()).kind();
                g.royal[kind.index()] && attacked_in(g, r, to, them, kind, &mut self.pseudo.attacks)
                    || !g.royal[kind.index()]
                        && royal_attacked_scan(g, r, side, &mut self.pseudo.attacks)
            }
            _ => royal_attacked_scan(g, r, side, &mut self.pseudo.attacks),
        }) || (g.no_facing && {
            let first = if pos.royal_count[Side::First.index()] != 1 {
                None
            } else if side == Side::First && royals != RoyalsAfter::Unchanged {
                match royals {
                    RoyalsAfter::MovedTo(c) => Some(c),
                    _ => None,
                }
            } else {
                Some(CellId(pos.royal_sum[Side::First.index()] as u16))
            };
            royals_face_from(g, r, first)
        })
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&mut self, pos: &mut GamePosition) -> bool {
        if self.pseudo.game.ended_at_once(pos) {
            return false;
        }
        let mut pseudo = self.pseudo.buffer();
        self.pseudo.pseudo_moves(pos, &mut pseudo);
        let any = pseudo.iter().any(|m| self.is_legal(pos, m));
        self.pseudo.give_back(pseudo);
        any
    }
}

/// `must capture [most]`: if some legal move captures, drops the moves that do not (and,
/// for `most`, those that take fewer pieces than the most any move takes, each piece
/// counting its kind's weight: `must capture most, weight King 101`).
pub(crate) fn keep_compulsory_captures(
    g: &Game,
    pos: &GamePosition,
    rule: crate::ir::MustCapture,
    moves: &mut Vec<super::GameMove>,
) {
    let weight = |c: CellId| {
        let o = pos.cells[c.index()];
        if o.is_empty() {
            1
        } else {
            g.capture_weights[o.kind().index()] as usize
        }
    };
    let taken = |m: &super::GameMove| {
        let mut n = m.passing_captures().map(weight).sum::<usize>();
        if m.captures_to {
            n += weight(m.to);
        }
        if let super::MoveKind::EnPassant { victim } = m.kind {
            n += weight(victim);
        }
        n
    };
    let most = moves.iter().map(taken).max().unwrap_or(0);
    if most == 0 {
        return;
    }
    match rule {
        crate::ir::MustCapture::Any => moves.retain(|m| taken(m) > 0),
        crate::ir::MustCapture::Most => moves.retain(|m| taken(m) == most),
    }
    for (rule, kinds) in &g.capture_prefer {
        if moves.len() < 2 {
            return;
        }
        let of = |c: CellId| {
            let o = pos.cells[c.index()];
            !o.is_empty() && kinds[o.kind().index()]
        };
        // The higher the better.
        let score = |m: &super::GameMove| -> i64 {
            match rule {
                crate::ir::PreferRule::With => i64::from(kinds[m.piece.index()]),
                crate::ir::PreferRule::Most => {
                    let mut n = m.passing_captures().filter(|&c| of(c)).count();
                    if m.captures_to && of(m.to) {
                        n += 1;
                    }
                    n as i64
                }
                crate::ir::PreferRule::Earliest => {
                    let orders = crate::movegen::chain::capture_orders(g, pos, m);
                    let first = if orders.is_empty() {
                        // No chain: its captures in passing in order, then the landing.
                        let mut cells: Vec<CellId> = m.passing_captures().collect();
                        if m.captures_to {
                            cells.push(m.to);
                        }
                        cells.iter().position(|&c| of(c))
                    } else {
                        orders
                            .iter()
                            .filter_map(|order| order.iter().position(|&c| of(c)))
                            .min()
                    };
                    first.map_or(i64::MIN, |i| -(i as i64))
                }
            }
        };
        let scores: Vec<i64> = moves.iter().map(score).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            scores[i - 1] == best
        });
    }
}
