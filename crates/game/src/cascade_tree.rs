//! cascade_tree: the path trees of a cascade — for a piece on a cell, the tree of each
//! piece its plies may activate, walked on the board as the cascade leaves it (the
//! activator standing on the activated piece's cell, every earlier mover's start cell
//! empty), and so on down the cascade. `piecewise tree` prints them after the piece's
//! own tree and `--json` nests them (docs/json.md, `activations`).
//!
//! Follows the rules of `game::activation`: a piece that has moved in the cascade is not
//! activated again (but with momentum, where it stands then, when it spends momentum:
//! the book's reactivation),
//! and no tree is built past the game's ply limit. A touching piece's
//! tree (`touch ...`) draws its touches as captures of the pieces touched. Captures in passing
//! of an activating ply are not shown as made (the tree is per activated cell, whatever
//! path reached it). With momentum (`relay ..., momentum`), an activated piece's tree is
//! cut at the momentum it received, as `movegen::cascade` cuts its plies: the first
//! mover hands on the steps of its longest ply to the activated cell, a piece that
//! spends momentum what is left after its shortest ply there, a relay that keeps it
//! all it received; a piece that would spend momentum and received none has no tree
//! (it cannot be activated). An activated piece's teleports (`teleport ...`) are kept
//! beside its tree ([`CascadeTree::teleports`]); the trees do not go on from them (a
//! teleport ends the cascade).

use super::activation::{Activation, Staged};
use super::onward;
use super::{Game, GamePosition};
use crate::ids::{CellId, PieceId, Side};
use crate::path_tree::{LineCell, PathTree, PathTreeBuilder};
use crate::walk::{Class, Occupant, Ply, Sink, Visit, Walker};

/// The path tree of one activated piece and those of the pieces it may activate.
#[derive(Clone, Debug)]
pub struct CascadeTree {
    /// The cell of the activated piece, where the activating ply ends.
    pub at: CellId,
    /// The side of the activated piece.
    pub side: Side,
    /// The activated piece's kind (the tree's `piece`).
    pub piece: PieceId,
    /// The kind whose patterns it moves with: its own, or its activator's when it is a
    /// `relay`.
    pub moves_as: PieceId,
    /// A `move only` relay: its plies that would capture are not moves.
    pub never_captures: bool,
    /// The number of the ply it makes in the move (2 for a piece the mover activates).
    pub ply: usize,
    /// Its path tree from `at`.
    pub tree: PathTree,
    /// Its ways into portals (`teleport ...`): each path into one and the cells where
    /// it emerges, or its oblation there ([`crate::TeleportPath`]).
    pub teleports: Vec<crate::TeleportPath>,
    /// The trees of the pieces its plies may activate, by cell.
    pub next: Vec<CascadeTree>,
}

impl Game {
    /// The trees of the pieces the piece on `from` may activate in `pos` (empty when it
    /// activates none, or the game has no `activate`), each with the trees of the
    /// pieces it may activate in turn.
    pub fn cascade_trees(&self, pos: &GamePosition, from: CellId) -> Vec<CascadeTree> {
        let Some(act) = self
            .effects
            .as_deref()
            .and_then(|fx| fx.activation.as_ref())
        else {
            return Vec::new();
        };
        let mover = pos.cells[from.index()];
        if mover.is_empty() {
            return Vec::new();
        }
        let mut walker = Walker::new(self.rules.table());
        let mut builder = PathTreeBuilder::new();
        walker.walk(pos, mover.side(), mover.kind(), from, &mut builder);
        let tree = builder.finish(mover.side(), mover.kind(), from);
        let mut cells = pos.cells.clone();
        cells[from.index()] = Occupant::EMPTY;
        let mut moved = vec![from];
        let mut ctx = Ctx {
            game: self,
            pos,
            act,
            walker: &mut walker,
        };
        let walked = (mover.kind(), mover.side());
        // The first mover gathers momentum: one per step of its ply.
        let received = act.momentum().then_some(Received::Gathered);
        ctx.activated(&tree, &mut cells, mover, walked, &mut moved, (1, received))
    }
}

/// The momentum a tree's plies hand on (`relay ..., momentum`).
#[derive(Clone, Copy)]
enum Received {
    /// The first mover's: it hands on the steps of its ply.
    Gathered,
    /// An activated piece's: it received this much, and hands on what its ply leaves
    /// (a relay that keeps momentum: all of it).
    Left(usize, bool),
}

impl Received {
    /// The most momentum a ply of `steps` steps hands on, better than `best`.
    fn handed_on(self, steps: usize, best: Option<usize>) -> Option<usize> {
        let now = match self {
            Received::Gathered => steps,
            Received::Left(m, true) => m,
            Received::Left(m, false) => m.saturating_sub(steps),
        };
        Some(best.map_or(now, |b| b.max(now)))
    }
}

/// A path tree builder that records only the steps and plies within a momentum: no
/// visit past `most` steps from the start, no ply of more steps.
struct Bounded<'b> {
    inner: &'b mut PathTreeBuilder,
    most: usize,
}

impl Sink for Bounded<'_> {
    const VISITS: bool = true;
    const DISTINCT: bool = false;

    fn visit(&mut self, visit: &Visit) {
        if visit.depth < self.most {
            self.inner.visit(visit);
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.len() <= self.most {
            self.inner.ply(ply);
        }
    }
}

struct Ctx<'g, 'w> {
    game: &'g Game,
    pos: &'g GamePosition,
    act: &'g Activation,
    walker: &'w mut Walker<'g>,
}

impl Ctx<'_, '_> {
    /// The trees of the pieces `tree`'s plies (ply number `ply`, made by `activator`
    /// with the patterns of `walked_as` for `walked_side`, with the momentum it
    /// `received`: `None` without momentum) may activate.
    fn activated(
        &mut self,
        tree: &PathTree,
        cells: &mut [Occupant],
        activator: Occupant,
        (walked_as, walked_side): (PieceId, Side),
        moved: &mut Vec<CellId>,
        (ply, received): (usize, Option<Received>),
    ) -> Vec<CascadeTree> {
        let mut out: Vec<CascadeTree> = Vec::new();
        if ply >= self.act.plies {
            return out;
        }
        for p in tree.plies.iter().filter(|p| p.activates) {
            let at = p.to;
            let piece = cells[at.index()];
            // Never back onto the cell the ply leaves (the book: a Wave "cannot stay
            // and re-activate piece that has activated it").
            let again = !piece.is_empty() && at != tree.from && self.act.reactivates(piece.kind());
            if (moved.contains(&at) && !again) || out.iter().any(|t| t.at == at) {
                continue;
            }
            if piece.is_empty() || !self.act.may_activate_met(activator, piece) {
                continue;
            }
            // The momentum the piece receives: the most any ply to `at` hands on.
            let momentum = received.and_then(|r| {
                tree.plies
                    .iter()
                    .filter(|q| q.activates && q.to == at)
                    .fold(None, |best, q| r.handed_on(q.path.len(), best))
            });
            let keeps = self.act.keeps(piece.kind());
            let as_kind = self.act.moves_as(piece.kind(), activator.kind());
            let relay = as_kind.is_none() && self.act.is_relay(piece.kind());
            let (moves_as, moves_for) = match as_kind {
                Some(k) => (k, piece.side()),
                None if relay => (walked_as, walked_side),
                None => (piece.kind(), piece.side()),
            };
            cells[at.index()] = activator;
            let mut builder = PathTreeBuilder::new();
            let mut teleports = Vec::new();
            let journey = self
                .act
                .journeys
                .spiral(piece.kind(), piece.side(), activator.kind());
            let (moves_as, moves_for) = if journey.is_some() {
                (piece.kind(), piece.side())
            } else {
                (moves_as, moves_for)
            };
            if let Some((rule, spiral)) = journey {
                let meets = crate::journey::Meets::new(rule, piece.side(), activator.side());
                self.journey_lines(cells, piece, (&meets, spiral), at, &mut builder);
            } else if relay && self.act.is_onward(piece.kind(), moves_as) {
                self.onward_lines(cells, piece, (moves_as, moves_for), at, moved, &mut builder);
            } else {
                // `touch ...`: the pieces it may touch drawn as captures (the walk
                // sees them as foes, as `movegen::cascade` walks them).
                let flipped = self.game.touches.as_deref().and_then(|t| {
                    let moved: Vec<u16> = moved.iter().map(|c| c.0).collect();
                    t.touches_by(piece.kind())
                        .then(|| t.disguise(cells, piece, &moved))
                });
                let board = Staged {
                    pos: self.pos,
                    cells,
                    relay_at: (moves_as != piece.kind()).then_some(at),
                };
                match momentum.filter(|_| !keeps) {
                    // Cut at the momentum it received.
                    Some(most) => {
                        let mut bounded = Bounded {
                            inner: &mut builder,
                            most,
                        };
                        self.walker
                            .walk(&board, piece.side(), moves_as, at, &mut bounded);
                    }
                    None => {
                        self.walker
                            .walk(&board, piece.side(), moves_as, at, &mut builder);
                    }
                }
                if let Some(flipped) = flipped {
                    crate::touch::Touches::undisguise(cells, &flipped);
                }
                // Its teleports, as `movegen::cascade` plays them.
                let a = crate::movegen::Activated {
                    piece,
                    walk_as: moves_as,
                    teleports_as: if relay { moves_as } else { piece.kind() },
                    at,
                };
                teleports = self
                    .game
                    .cascade_teleports(self.walker, self.pos, cells, a, true);
            }
            let never_captures = relay && self.act.never_captures(piece.kind());
            let mut sub = builder.finish(piece.side(), piece.kind(), at);
            if never_captures {
                sub = sub.without_captures();
            }
            if momentum == Some(0) && !keeps && sub.plies.is_empty() {
                // It spends momentum and received none: it has no ply, so it cannot be
                // activated.
                cells[at.index()] = piece;
                continue;
            }
            moved.push(at);
            let next_received = momentum.map(|m| Received::Left(m, keeps));
            let next = self.activated(
                &sub,
                cells,
                piece,
                (moves_as, moves_for),
                moved,
                (ply + 1, next_received),
            );
            moved.pop();
            cells[at.index()] = piece;
            out.push(CascadeTree {
                at,
                side: piece.side(),
                piece: piece.kind(),
                moves_as,
                never_captures,
                ply: ply + 1,
                tree: sub,
                teleports,
                next,
            });
        }
        out
    }

    /// Records in `builder` the arms of a journey (`piece`, activated on `at`, along
    /// `spiral`, meeting the pieces on its fields as `meets` says), as
    /// `movegen::cascade` generates its plies: each arm passes over every piece, its
    /// corners and its fields on the board drawn, and may end on each empty field, on
    /// each field whose piece some way to travel it displaces ([`Game::journey_ways`]),
    /// and, when it `captures`, on each field held by a piece that does not block it,
    /// capturing that piece.
    fn journey_lines(
        &self,
        cells: &[Occupant],
        piece: Occupant,
        (meets, spiral): (&crate::journey::Meets<'_>, &crate::ir::Spiral),
        at: CellId,
        builder: &mut PathTreeBuilder,
    ) {
        let side = piece.side();
        let mut line: Vec<LineCell> = Vec::new();
        let mut scratch = cells.to_vec();
        for arm in self.game.journey_arms(spiral, at) {
            // The fields whose piece it may displace and then end there.
            let mut emptied: Vec<CellId> = Vec::new();
            if !meets.displaces.is_empty() {
                self.game
                    .journey_ways(&mut scratch, meets, &arm, &mut |end, _, _| {
                        if !cells[end.index()].is_empty() && !emptied.contains(&end) {
                            emptied.push(end);
                        }
                    });
            }
            line.clear();
            for &(field, corner) in &arm {
                for (cell, may_end) in [(corner, false), (field, true)] {
                    let Some(cell) = cell else { continue };
                    let occupant = cells[cell.index()];
                    let class = if occupant.is_empty() {
                        Class::Empty
                    } else if occupant.side() == side {
                        Class::Friend
                    } else {
                        Class::Foe
                    };
                    let takes = may_end
                        && meets.captures
                        && !occupant.is_empty()
                        && !meets.rule.blocks(occupant.kind());
                    let displaces = may_end && emptied.contains(&cell);
                    line.push(LineCell {
                        cell,
                        occupant,
                        class,
                        lands: may_end && (occupant.is_empty() || takes || displaces),
                        captures: takes,
                    });
                }
            }
            builder.line(&line);
        }
    }

    /// Records in `builder` the lines of an `onward` relay (`piece`, activated on `at`,
    /// walking with the patterns of `walk_as` for `walk_side`), as `movegen::cascade`
    /// generates its plies: each line from one first step to the board's edge passes
    /// over every piece, and may end on each empty cell and activate each piece it may
    /// activate (never a `neutral` one, nor one that has moved in the cascade).
    fn onward_lines(
        &mut self,
        cells: &[Occupant],
        piece: Occupant,
        (walk_as, walk_side): (PieceId, Side),
        at: CellId,
        moved: &[CellId],
        builder: &mut PathTreeBuilder,
    ) {
        let side = piece.side();
        let mut line: Vec<LineCell> = Vec::new();
        let portals = self.game.onward_through_portals(piece.kind());
        let alternating = self.act.alternates(piece.kind(), walk_as);
        let mut lines: Vec<Vec<CellId>> = Vec::new();
        let steps_of_lines =
            onward::line_steps(self.game, self.walker, walk_side, walk_as, at, alternating);
        let mut ends = Vec::new();
        // Where the relay may end, as `movegen::cascade` asks it of a portal's way out.
        let act = self.act;
        let may_end = |cell: CellId| {
            let onto = cells[cell.index()];
            onto.is_empty()
                || (!self.game.neutral[onto.kind().index()]
                    && act.onward_activates(piece.kind(), side, onto))
        };
        for &steps in steps_of_lines {
            if portals {
                // `teleport ..., onward`: a line goes on from other portals.
                self.game.onward_portal_lines(
                    cells,
                    (piece.kind(), at, steps),
                    &may_end,
                    &mut lines,
                    &mut ends,
                );
            } else {
                ends.clear();
                lines.clear();
                lines.push(
                    onward::up_to_opaque(onward::line(self.game, at, steps), cells, self.act)
                        .collect(),
                );
            }
            // `relay ..., diverge at KINDS`: the turns of each line, drawn from the
            // relay's cell through the divergent piece.
            onward::add_turns(
                self.game,
                self.walker,
                cells,
                self.act,
                piece,
                (walk_as, walk_side),
                at,
                steps,
                &mut lines,
            );
            for cells_of_line in &lines {
                line.clear();
                for &cell in cells_of_line {
                    let occupant = cells[cell.index()];
                    let (class, lands) = if occupant.is_empty() {
                        (Class::Empty, true)
                    } else if ends.contains(&cell) {
                        // A portal with no way out: the ply may end in it, the relay
                        // removed (oblation), drawn as a cell where it may end.
                        (Class::Empty, true)
                    } else {
                        let lands = !self.game.neutral[occupant.kind().index()]
                            && (!moved.contains(&cell)
                                || (cell != at && self.act.reactivates(occupant.kind())))
                            && self.act.onward_activates(piece.kind(), side, occupant);
                        let class = if occupant.side() == side {
                            Class::Friend
                        } else {
                            Class::Foe
                        };
                        (class, lands)
                    };
                    line.push(LineCell {
                        cell,
                        occupant,
                        class,
                        lands,
                        captures: false,
                    });
                }
                builder.line(&line);
            }
        }
    }
}
