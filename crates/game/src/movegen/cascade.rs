//! movegen::cascade: the generation of cascades. A walk's activating ply
//! (`GameMove::is_pending_activation`) is replaced by every complete cascade it starts:
//! the activated piece is walked on the board as the cascade leaves it
//! ([`Staged`]), and each of its plies ends the move or activates again.
//!
//! Owns [`PseudoGen::expand_cascades`]; the rules it follows (relays, `passive`,
//! journeys, the game's limit of plies) are `activation`'s (`journey`'s arms), an
//! activated piece's teleports `teleport`'s, the move's encoding of the plies is
//! `moves::Cascade`.

use super::first_mover::Seen;
use super::{Plies, PseudoGen};
use crate::activation::{Activation, Staged};
use crate::ids::{CellId, PieceId, Side};
use crate::journey::journey_changes;
use crate::moves::MoveKind;
use crate::onward;
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};
use crate::{Cascade, GameMove, GamePosition, SideChange, MAX_CASCADE};

/// What one step of a cascade walks: the move so far, the patterns walked by the ply
/// that activated, the cells of the pieces moved so far.
#[derive(Clone, Copy)]
struct Step {
    m: GameMove,
    /// The plies after the first so far.
    cascade: Cascade,
    /// The kind whose patterns the activating ply used.
    walked_as: PieceId,
    /// The side those patterns were walked for (a relay's activated by a foe is its
    /// activator's: it moves the same way).
    walked_side: Side,
    /// The piece that activated (it now stands on the activated cell).
    activator: Occupant,
    /// Cells where moved pieces stand (the activated cells so far).
    moved: [u16; MAX_CASCADE + 1],
    n_moved: usize,
    /// The momentum the piece activated receives (`relay ..., momentum`; unused
    /// without it).
    momentum: u16,
}

/// The plies of an activated piece's walk, each with its steps kept
/// ([`GameMove::set_steps`]): a cascade with momentum spends them.
struct Stepped<'a>(Plies<'a>);

impl Sink for Stepped<'_> {
    fn ply(&mut self, ply: &Ply<'_>) {
        let before = self.0.out.len();
        self.0.ply(ply);
        if let Some(m) = self.0.out.get_mut(before) {
            m.set_steps(ply.len());
        }
    }
}

/// Walks the piece of `side` activated on `at` with the patterns of `kind` over `board`
/// into `sink`, each ply with its steps kept when the game has momentum ([`Stepped`]).
fn walk_ply<B: Occupancy>(
    walker: &mut Walker<'_>,
    board: &B,
    (side, kind, at): (Side, PieceId, CellId),
    momentum: bool,
    sink: Plies<'_>,
) {
    if momentum {
        walker.walk(board, side, kind, at, &mut Stepped(sink));
    } else {
        let mut sink = sink;
        walker.walk(board, side, kind, at, &mut sink);
    }
}

impl PseudoGen<'_> {
    /// Replaces every pending activation among `out[first..]` by the complete
    /// cascades it starts (none when the activated piece cannot move).
    pub(crate) fn expand_cascades(
        &mut self,
        pos: &GamePosition,
        out: &mut Vec<GameMove>,
        first: usize,
    ) {
        let Some(act) = self
            .game
            .effects
            .as_deref()
            .and_then(|fx| fx.activation.as_ref())
        else {
            return;
        };
        if act.has_passive() {
            // Passive pieces move only when activated.
            let mut i = 0;
            out.retain(|m| {
                i += 1;
                i <= first || !act.is_passive(m.piece)
            });
        }
        if !out[first..].iter().any(GameMove::is_pending_activation) {
            return;
        }
        let mut pending = self.buffer();
        let mut i = first;
        out.retain(|m| {
            i += 1;
            if i > first && m.is_pending_activation() {
                pending.push(*m);
                false
            } else {
                true
            }
        });
        let mut cells = pos.cells.clone();
        for m in &pending {
            let mut m = *m;
            m.n_cascade = 0;
            let momentum = m.take_steps();
            cells[m.from.index()] = Occupant::EMPTY;
            // What it captured in passing is gone before the piece it activates moves
            // (the Croatian Shaman's capture-ply that ends activating an own Wave).
            for c in m.passing_captures() {
                cells[c.index()] = Occupant::EMPTY;
            }
            let step = Step {
                m,
                cascade: Cascade::NONE,
                walked_as: m.piece,
                walked_side: pos.cells[m.from.index()].side(),
                activator: pos.cells[m.from.index()],
                moved: [m.to.0; MAX_CASCADE + 1],
                n_moved: 1,
                momentum,
            };
            self.cascade_step(pos, &mut cells, act, step, out);
            cells.copy_from_slice(&pos.cells);
        }
        self.give_back(pending);
    }

    /// Walks the piece activated on `step.m`'s last cell and appends the moves it
    /// completes.
    fn cascade_step(
        &mut self,
        pos: &GamePosition,
        cells: &mut [Occupant],
        act: &Activation,
        step: Step,
        out: &mut Vec<GameMove>,
    ) {
        let at = step.cascade.last().unwrap_or(step.m.to);
        // The piece activated is read here, not by a walk (`first_mover`).
        self.recording.mark_if_on(at.index());
        let piece = cells[at.index()];
        if piece.is_empty() {
            return;
        }
        let moves_as = act.moves_as(piece.kind(), step.activator.kind());
        let relay = moves_as.is_none() && act.is_relay(piece.kind());
        let walk_as = match moves_as {
            Some(k) => k,
            None if relay => step.walked_as,
            None => piece.kind(),
        };
        let walk_side = if relay {
            step.walked_side
        } else {
            piece.side()
        };
        let move_only = relay && act.never_captures(piece.kind());
        // A legality test's replies need only the cascades that may take a royal: those
        // whose last ply captures (or, where a later ply may burn or the first captured
        // in passing, every one).
        let takers_only = self.replying
            && step.m.n_passing == 0
            && !self.game.effects.as_deref().is_some_and(|fx| fx.may_burn());
        // Every cascade walked (teleports, touches) reads cells the replies' cache does
        // not mark (`first_mover`): such a piece's replies are not kept.
        self.recording.volatile |= self.recording.on && !takers_only;
        // The activator now stands on the cell; the walk sees its start cell empty.
        cells[at.index()] = step.activator;
        let mut plies = self.buffer();
        let journey = if act.journeys.is_empty() {
            None
        } else {
            act.journeys
                .spiral(piece.kind(), piece.side(), step.activator.kind())
        };
        if let Some((rule, spiral)) = journey {
            // A journey that captures nothing takes no royal: no reply's cascade.
            let meets = crate::journey::Meets::new(rule, piece.side(), step.activator.side());
            if !takers_only || meets.captures {
                self.journey_plies(cells, (&meets, spiral), piece, at, &mut plies);
            }
        } else if relay && act.is_onward(piece.kind(), walk_as) {
            self.onward_plies(
                cells,
                act,
                piece,
                (walk_as, walk_side),
                at,
                takers_only,
                &mut plies,
            );
        } else {
            // `touch ...`: the pieces it may touch stand as foes for its walk, which
            // finds a touch where it would capture them.
            let touches = self
                .game
                .touches
                .as_deref()
                .filter(|t| !takers_only && t.touches_by(piece.kind()));
            let disguised = touches.map(|t| t.disguise(cells, piece, &step.moved[..step.n_moved]));
            let board = Staged {
                pos,
                cells,
                relay_at: (walk_as != piece.kind()).then_some(at),
            };
            let sink = Plies {
                out: &mut plies,
                only_capture_on: None,
            };
            let (side, momentum) = (piece.side(), act.momentum());
            if self.recording.on {
                // The replies' cache keeps what this walk read (`first_mover`).
                let board = Seen {
                    inner: &board,
                    rec: &self.recording,
                };
                walk_ply(
                    &mut self.walker,
                    &board,
                    (side, walk_as, at),
                    momentum,
                    sink,
                );
            } else {
                walk_ply(
                    &mut self.walker,
                    &board,
                    (side, walk_as, at),
                    momentum,
                    sink,
                );
            }
            if let Some(flipped) = disguised {
                crate::touch::Touches::undisguise(cells, &flipped);
            }
            if walk_as == piece.kind() && !pos.ep.is_none() {
                self.cascade_en_passant(pos, cells, piece, at, &step, &mut plies);
            }
            // `teleport ...`: its plies into a portal, out where it emerges (a relay
            // teleports as the kind it moves as, any other piece as itself); none take
            // anything, so a legality test's replies need none.
            if !takers_only {
                let a = super::Activated {
                    piece,
                    walk_as,
                    teleports_as: if relay { walk_as } else { piece.kind() },
                    at,
                };
                self.cascade_teleport_plies(pos, cells, a, &mut plies, 0);
            }
        }
        // With momentum, a piece that spends it makes plies of at most as many steps
        // as it received and hands on the rest; a relay that keeps it hands on all.
        let spends = act.momentum() && !act.keeps(piece.kind());
        let plies_so_far = 1 + step.cascade.len();
        for (i, p) in plies.iter().enumerate() {
            let steps = p.steps();
            if spends && steps > step.momentum {
                continue;
            }
            // Two patterns that make the same ply: the one written first decides what
            // it does (as for a first ply). (A journey's plies are one each, unmarked.)
            let unmarked = |q: &GameMove| {
                let mut q = GameMove { mark: 0, ..*q };
                q.take_steps();
                q
            };
            if self.game.marked
                && journey.is_none()
                && plies[..i].iter().any(|q| unmarked(q) == unmarked(p))
            {
                continue;
            }
            let onto = cells[p.to.index()];
            let friend_met = !onto.is_empty() && onto.side() == piece.side();
            // `touch ...`: a capture of an own piece it may touch (found disguised).
            let touch = p.captures_to
                && friend_met
                && self
                    .game
                    .touches
                    .as_deref()
                    .is_some_and(|t| t.may_touch(piece, onto, p.to));
            if p.push_to.is_some()
                || p.convert.is_some()
                || p.n_passing > 0
                // (A capturing journey takes own pieces too.)
                || (p.captures_to && !touch && ((friend_met && journey.is_none()) || move_only))
                // (A journey's oblation ends on the cell it leaves, the activator's; with
                // momentum a piece that moved and spends it may be activated again, but
                // not by a ply back onto the cell it leaves: "Wave ... cannot stay and
                // re-activate piece that has activated it".)
                || (step.moved[..step.n_moved].contains(&p.to.0)
                    && !(journey.is_some() && p.to == at)
                    && !(p.is_pending_activation()
                        && p.to != at
                        && act.reactivates(onto.kind())))
                || (p.is_pending_activation() && !act.may_activate_met(piece, onto))
            {
                continue;
            }
            let en_passant = matches!(p.kind, MoveKind::EnPassant { .. });
            let mut cascade = step.cascade;
            if plies_so_far + 1 > act.plies || !cascade.push(p.to, p.mark) {
                continue;
            }
            if p.is_pending_activation() {
                let mut next = step;
                next.cascade = cascade;
                next.walked_as = walk_as;
                next.walked_side = walk_side;
                next.activator = piece;
                next.moved[next.n_moved] = p.to.0;
                next.n_moved += 1;
                if spends {
                    next.momentum = step.momentum - steps;
                }
                self.cascade_step(pos, cells, act, next, out);
            } else if touch {
                // The toucher leaves the board; the piece touched promotes to each
                // choice, or is tagged (`touch`).
                for code in self.game.touch_codes(pos, onto.side(), onto.kind()) {
                    let mut c = cascade;
                    c.set_touch(code);
                    let mut m = step.m;
                    if m.set_cascade(&c) {
                        out.push(m);
                    }
                }
            } else if !takers_only || p.captures_to || en_passant {
                cascade.set_captures(p.captures_to);
                cascade.set_en_passant(en_passant);
                let mut m = step.m;
                // A journey's changes to the pieces it reaches.
                if !m.set_cascade(&cascade)
                    || (p.has_side_changes() && !p.side_changes().all(|c| m.push_side_change(c)))
                {
                    continue;
                }
                out.push(m);
            }
        }
        self.give_back(plies);
        cells[at.index()] = piece;
    }

    /// Appends to `out` the en passant captures of `piece`, activated on `at` and
    /// walking with its own patterns, on the board as the cascade leaves it (`cells`):
    /// as a first mover's (`PseudoGen::en_passant_moves`), onto each cell the position
    /// opens that is empty, its victim still standing, each a ply of kind
    /// [`MoveKind::EnPassant`] that captures nothing on its destination. Only on the
    /// piece's first ply of the move: not when it has moved earlier in the cascade
    /// (the book's Miranda's Veil, "En passant illegal": "Pawn cannot capture en
    /// passant if it was reactivated, i.e. if it has already moved in the same
    /// cascade").
    fn cascade_en_passant(
        &mut self,
        pos: &GamePosition,
        cells: &mut [Occupant],
        piece: Occupant,
        at: CellId,
        step: &Step,
        out: &mut Vec<GameMove>,
    ) {
        let g = self.game;
        let victim_at = CellId(pos.ep.victim);
        let victim = pos.cells[victim_at.index()];
        // (`at` is the last activated cell: a piece activated again stands on one
        // activated before.)
        let moved_before = step.moved[..step.n_moved - 1].contains(&at.0);
        if moved_before
            || victim.is_empty()
            || victim.side() == piece.side()
            || cells[victim_at.index()] != victim
        {
            return;
        }
        let side = piece.side();
        for &ec in pos.ep.cells() {
            let ec = CellId(ec);
            let sources = &g.ep_sources[side.index() * g.cells + ec.index()];
            if !cells[ec.index()].is_empty()
                || sources.binary_search(&(at.0, piece.kind())).is_err()
            {
                continue;
            }
            // The victim stands on the open cell for the walk, as for a first mover.
            cells[ec.index()] = victim;
            let start = out.len();
            let board = Staged {
                pos,
                cells,
                relay_at: None,
            };
            let sink = Plies {
                out: &mut *out,
                only_capture_on: Some(ec),
            };
            let mut sink = Stepped(sink);
            self.walker.walk(&board, side, piece.kind(), at, &mut sink);
            cells[ec.index()] = Occupant::EMPTY;
            for m in &mut out[start..] {
                m.kind = MoveKind::EnPassant { victim: victim_at };
                m.captures_to = false;
            }
        }
    }

    /// The plies of a journey (`piece`, activated on `at`, along `spiral`, meeting the
    /// pieces on its fields as `meets` says): one to each empty field of each arm on
    /// the board, over whatever the arm passes; where it captures or displaces the
    /// pieces it reaches, one for each way to travel the arm ([`Game::journey_ways`]),
    /// with what it does to them as the ply's side changes ([`journey_changes`]:
    /// their net effect, so that two ways leaving the same position are one ply); when
    /// every field is blocked, the oblation, a ply back onto `at` (make removes the
    /// piece); where it `sweeps`, that ply taking every piece on its arms' fields that
    /// does not block (none when they are more than a move's side changes).
    fn journey_plies(
        &mut self,
        cells: &[Occupant],
        (meets, spiral): (&crate::journey::Meets<'_>, &crate::ir::Spiral),
        piece: Occupant,
        at: CellId,
        out: &mut Vec<GameMove>,
    ) {
        let start = out.len();
        let (mut fields, mut blocked) = (0, 0);
        let arms = self.game.journey_arms(spiral, at);
        if self.recording.on {
            // What a journey reads: its arms' fields and the corners it passes.
            for &(field, corner) in arms.iter().flatten() {
                field
                    .into_iter()
                    .chain(corner)
                    .for_each(|c| self.recording.mark(c.index()));
            }
        }
        for arm in &arms {
            for cell in arm.iter().filter_map(|&(field, _)| field) {
                fields += 1;
                let onto = cells[cell.index()];
                if !onto.is_empty() && meets.rule.blocks(onto.kind()) {
                    blocked += 1;
                } else if onto.is_empty()
                    && !meets.changes_pieces()
                    && !out[start..].iter().any(|m| m.to == cell)
                {
                    out.push(GameMove::simple(MoveKind::Normal, piece.kind(), at, cell));
                }
            }
        }
        if fields > 0 && blocked == fields {
            out.push(GameMove::simple(MoveKind::Normal, piece.kind(), at, at));
            return;
        }
        if meets.sweeps {
            // `sweeps`: every piece on the arms' fields that does not block taken where
            // it stands, the piece removed (a ply onto the cell it leaves).
            let mut m = GameMove::simple(MoveKind::Normal, piece.kind(), at, at);
            let mut all = true;
            for cell in arms.iter().flatten().filter_map(|&(field, _)| field) {
                let onto = cells[cell.index()];
                if !onto.is_empty() && !meets.rule.blocks(onto.kind()) {
                    all &= m.push_side_change(SideChange::Put { cell, piece: None });
                }
            }
            if all {
                out.push(m);
            }
        }
        if !meets.changes_pieces() {
            return;
        }
        let mut scratch = cells.to_vec();
        let mut seen = std::collections::HashSet::new();
        for arm in &arms {
            self.game
                .journey_ways(&mut scratch, meets, arm, &mut |end, takes, made| {
                    let Some(changes) = journey_changes(cells, end, made) else {
                        return;
                    };
                    let mut m = GameMove::simple(MoveKind::Normal, piece.kind(), at, end);
                    m.captures_to = takes;
                    for c in changes {
                        m.push_side_change(c);
                    }
                    if seen.insert(m) {
                        out.push(m);
                    }
                });
        }
    }

    /// The plies of an `onward` relay (`piece`, activated on `at`, walking with the
    /// patterns of `walk_as` for `walk_side`): its first steps are the first cells of
    /// every path of those patterns from `at`, whatever stands there (the patterns are
    /// walked over a board all empty, then all foes of each kind in turn); it goes on
    /// in each to the board's edge, passing over every piece (holes too), with a plain
    /// ply on each empty cell and an activating ply on each piece it may activate (an
    /// own one of its `activate KINDS`, a foe of its `activate foe KINDS`; never a
    /// `neutral` one). With `activating_only`, the plain plies are left out (a
    /// legality test's replies: they take nothing).
    #[allow(clippy::too_many_arguments)]
    fn onward_plies(
        &mut self,
        cells: &[Occupant],
        act: &Activation,
        piece: Occupant,
        (walk_as, walk_side): (PieceId, Side),
        at: CellId,
        activating_only: bool,
        out: &mut Vec<GameMove>,
    ) {
        let side = piece.side();
        let start = out.len();
        let portals = self.game.onward_through_portals(piece.kind());
        let alternating = act.alternates(piece.kind(), walk_as);
        let steps_of_lines = onward::line_steps(
            self.game,
            &mut self.walker,
            walk_side,
            walk_as,
            at,
            alternating,
        );
        let (mut lines, mut ends) = (Vec::new(), Vec::new());
        let mut turned: Vec<Vec<CellId>> = Vec::new();
        let lands = |cell: CellId| {
            let onto = cells[cell.index()];
            onto.is_empty()
                || (!self.game.neutral[onto.kind().index()]
                    && act.onward_activates(piece.kind(), side, onto))
        };
        for &steps in steps_of_lines {
            if self.recording.on {
                // The line read up to its first opaque piece: noted whole.
                for c in onward::line(self.game, at, steps) {
                    self.recording.note_line(c.index(), piece, activating_only);
                }
            }
            if portals {
                // `teleport ..., onward`: a line goes on from other portals.
                self.game.onward_portal_lines(
                    cells,
                    (piece.kind(), at, steps),
                    &lands,
                    &mut lines,
                    &mut ends,
                );
            }
            if act.diverges(piece.kind()) {
                // `relay ..., diverge at KINDS`: the lines and their turns.
                if !portals {
                    turned.clear();
                    turned.push(
                        onward::up_to_opaque(onward::line(self.game, at, steps), cells, act)
                            .collect(),
                    );
                }
                let target = if portals { &mut lines } else { &mut turned };
                onward::add_turns(
                    self.game,
                    &mut self.walker,
                    cells,
                    act,
                    piece,
                    (walk_as, walk_side),
                    at,
                    steps,
                    target,
                );
            }
            if self.recording.on {
                // Lines through portals and their turns read the cells they hold (and
                // where the portals stand, which the replies' cache keeps apart).
                let rec = &mut self.recording;
                lines
                    .iter()
                    .chain(&turned)
                    .flatten()
                    .chain(&ends)
                    .for_each(|c| rec.note_line(c.index(), piece, activating_only));
            }
            let mut ply_on = |cell: CellId| {
                let onto = cells[cell.index()];
                let mut m = GameMove::simple(MoveKind::Normal, walk_as, at, cell);
                if onto.is_empty() {
                    if !activating_only {
                        out.push(m);
                    }
                } else if !self.game.neutral[onto.kind().index()]
                    && act.onward_activates(piece.kind(), side, onto)
                {
                    m.set_pending_activation();
                    out.push(m);
                }
            };
            if portals {
                lines.iter().flatten().for_each(|&c| ply_on(c));
                // A portal with no way out: the ply ends there, the relay removed
                // (make plays a cascade's ply onto a neutral piece so).
                for &c in &ends {
                    out.push(GameMove::simple(MoveKind::Normal, walk_as, at, c));
                }
            } else if act.diverges(piece.kind()) {
                turned.iter().flatten().for_each(|&c| ply_on(c));
            } else {
                onward::up_to_opaque(onward::line(self.game, at, steps), cells, act)
                    .for_each(ply_on);
            }
        }
        // Two first steps along one line (a leap of 1 and of 2) reach its cells twice.
        let mut seen = std::collections::HashSet::new();
        let mut i = start;
        out.retain(|m| {
            i += 1;
            i <= start || seen.insert((m.to, m.is_pending_activation()))
        });
    }
}
