//! teleport: `teleport through PIECES to PIECES [, not PIECES]` played — a ply that
//! would end on a portal (a neutral piece of a `through` kind: the Croatian Stars and
//! Monolith) ends instead on an empty cell next to a piece of the rule's `to` kinds
//! (next to the portal it entered for the kinds after `back`: the Croatian Starchild).
//!
//! Owns the game's teleport rules ([`Teleports`]), the moves they add to a side's
//! pseudo-legal moves ([`PseudoGen::teleport_moves`]), the paths `tree` and the
//! tests show ([`Game::teleports`], [`TeleportPath`]) and the portal-fields around the
//! portals ([`Game::portal_fields`]).
//!
//! The walk itself knows nothing of portals (a neutral piece is a wall to it): each
//! piece that may teleport is walked twice more, over the board with every portal
//! opened, once as an empty cell (the plies that land there without capturing: a
//! Pawn's step) and once as a foe of the mover's own kind (the plies that capture
//! there: a Pawn's diagonal). A ply ending on a portal, its path crossing no other
//! portal, with nothing pushed, converted or activated, is an entry. The move it makes
//! is a move from the start cell to the cell where the piece emerges, with the ply's
//! captures in passing (a Shaman's chain of captures may end in a Star): one move per
//! cell and captures, whatever portal or path led there; a move the piece can make
//! without teleporting is not repeated. Games without `teleport` never get here.
//!
//! An `onward` relay's own teleport (`teleport ..., onward KINDS`: the Croatian Wave
//! goes on from the other portal of the kind it entered) is its lines',
//! [`Game::onward_portal_lines`]: straight or alternating, through portals, stopped by
//! `opaque` ones, and its oblation where no line out lands.
//!
//! Where no cell is free to emerge on, the piece is removed (the book's oblation): its
//! move ends in the portal, the portal put back on its cell ([`SideChange::Put`]).
//!
//! A piece activated in a cascade teleports too ([`Game::cascade_teleports`],
//! [`PseudoGen::cascade_teleport_plies`]): walked on the board as the cascade leaves
//! it with the portals opened, its plies into a portal end where it emerges (as the
//! kind whose patterns a relay walks: the Wave a Starchild activates comes back out
//! as a Starchild), or in the portal, removing it.
//!
//! Not yet: a Pawn's promotion tag gained by emerging on the opponent's half.

use crate::ids::{CellId, PieceId, Side};
use crate::ir::{Teleport, Vector};
use crate::movegen::{Activated, PseudoGen};
use crate::onward::LineSteps;
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, GamePosition, MoveKind, SideChange, MAX_PASSING};

/// The game's teleport rules, per kind.
#[derive(Clone, Debug)]
pub(crate) struct Teleports {
    /// Per kind: the index in `rules` of the rule that a piece of this kind is a portal
    /// of (`None`: no portal).
    portal: Vec<Option<u8>>,
    /// The rules, as declared.
    rules: Vec<Rule>,
    /// Per kind: no rule lets it teleport (in every rule's `not`).
    never: Vec<bool>,
    /// Per kind: an `onward` relay some rule lists after `onward` (its lines go on from
    /// the other portals of the kinds it meets, [`Game::onward_portal_lines`]).
    goes_on: Vec<bool>,
}

/// One `teleport` declaration, per kind.
#[derive(Clone, Debug)]
struct Rule {
    /// Per kind: a piece emerges next to pieces of this kind.
    to: Vec<bool>,
    /// Per kind: pieces of this kind never teleport through this rule's portals.
    not: Vec<bool>,
    /// Per kind: an `onward` relay whose line goes on from the other portals.
    onward: Vec<bool>,
    /// Per kind: it comes back out next to the portal it entered (`back`), not next to
    /// a piece of the `to` kinds.
    back: Vec<bool>,
}

impl Teleports {
    /// The rules of `teleports` for a game of `pieces` kinds; `None` when there are none.
    pub(crate) fn new(teleports: &[Teleport], pieces: usize) -> Option<Teleports> {
        if teleports.is_empty() {
            return None;
        }
        let mut portal = vec![None; pieces];
        let mut rules = Vec::new();
        for (i, t) in teleports.iter().enumerate() {
            for p in &t.through {
                portal[p.index()] = Some(i as u8);
            }
            let mut to = vec![false; pieces];
            for p in &t.to {
                to[p.index()] = true;
            }
            let mut not = vec![false; pieces];
            for p in &t.not {
                not[p.index()] = true;
            }
            let mut onward = vec![false; pieces];
            for p in &t.onward {
                onward[p.index()] = true;
            }
            let mut back = vec![false; pieces];
            for p in &t.back {
                back[p.index()] = true;
            }
            rules.push(Rule {
                to,
                not,
                onward,
                back,
            });
        }
        let never = (0..pieces)
            .map(|k| rules.iter().all(|r| r.not[k]))
            .collect();
        let goes_on = (0..pieces)
            .map(|k| rules.iter().any(|r| r.onward[k]))
            .collect();
        Some(Teleports {
            portal,
            rules,
            never,
            goes_on,
        })
    }
}

/// One way a piece enters a portal, for `tree` and the tests: the cells of its path
/// (ending on the portal) and the cells where it may emerge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeleportPath {
    /// The cells the path visits after the start cell, ending on the portal's cell.
    pub path: Vec<CellId>,
    /// The portal's cell.
    pub portal: CellId,
    /// The empty cells where the piece may emerge (none: it cannot teleport there, or
    /// it is removed: `oblation`).
    pub to: Vec<CellId>,
    /// The piece may enter the portal but has no empty cell to emerge on: its ply
    /// ends in the portal and removes it (the book's oblation, Nineteen, "Teleportation
    /// blocked": "teleported piece is blocked from emerging, and is oblationed").
    pub oblation: bool,
    /// The cells the path captures in passing, in path order.
    pub captures: Vec<CellId>,
}

/// The board of a teleport walk: every portal cell holds `open` (empty, or a foe), the
/// others what `inner` holds (the position, or the board as a cascade leaves it).
struct Opened<'a, O> {
    inner: &'a O,
    portals: &'a [bool],
    open: Occupant,
}

impl<O: Occupancy> Occupancy for Opened<'_, O> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        if self.portals[cell.index()] {
            self.open
        } else {
            self.inner.occupant(cell)
        }
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.inner.unmoved(cell)
    }
}

/// One way into a portal: the path's cells (ending on the portal; empty unless asked
/// for), the portal, the cells captured in passing on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    path: Vec<CellId>,
    portal: CellId,
    captures: Vec<CellId>,
}

/// Collects the entries of one teleport walk: the plies that end on a portal.
struct Entries<'a> {
    portals: &'a [bool],
    /// Keep the plies that capture there (the walk with foes on the portals), else
    /// those that do not.
    capturing: bool,
    out: &'a mut Vec<Entry>,
    /// Whether to keep the paths (for `tree`), or only the portals.
    paths: bool,
}

impl Sink for Entries<'_> {
    // Every path: `tree` shows each way in.
    const DISTINCT: bool = false;

    fn ply(&mut self, ply: &Ply<'_>) {
        if !self.portals[ply.to.index()]
            || ply.captures_to != self.capturing
            || ply.push_to.is_some()
            || ply.convert.is_some()
            || ply.activates
        {
            return;
        }
        let n = ply.len();
        if ply.cells().take(n - 1).any(|c| self.portals[c.index()]) {
            return;
        }
        let entry = Entry {
            path: if self.paths {
                ply.cells().collect()
            } else {
                Vec::new()
            },
            portal: ply.to,
            captures: ply.passing_captures().collect(),
        };
        if !self.out.contains(&entry) {
            self.out.push(entry);
        }
    }
}

impl Game {
    /// The teleport rules, when the game declares `teleport`.
    fn teleport_rules(&self) -> Option<&Teleports> {
        self.effects.as_deref().and_then(|fx| fx.teleport.as_ref())
    }

    /// Per cell: a portal stands there (`None` when the game has no teleport or no
    /// portal is on the board).
    fn portal_cells(&self, tp: &Teleports, cells: &[Occupant]) -> Option<Vec<bool>> {
        let mut any = false;
        let cells: Vec<bool> = cells
            .iter()
            .map(|o| {
                let p = !o.is_empty() && tp.portal[o.kind().index()].is_some();
                any |= p;
                p
            })
            .collect();
        any.then_some(cells)
    }

    /// The entries of the piece `kind` of `side` on `from` into the portals of
    /// `portals`, the paths kept when `paths`.
    fn entries<O: Occupancy>(
        &self,
        walker: &mut Walker<'_>,
        pos: &O,
        portals: &[bool],
        (side, kind, from): (Side, PieceId, CellId),
        paths: bool,
    ) -> Vec<Entry> {
        let mut out = Vec::new();
        for capturing in [false, true] {
            let open = if capturing {
                Occupant::piece(side.opponent(), kind)
            } else {
                Occupant::EMPTY
            };
            let board = Opened {
                inner: pos,
                portals,
                open,
            };
            let mut sink = Entries {
                portals,
                capturing,
                out: &mut out,
                paths,
            };
            walker.walk(&board, side, kind, from, &mut sink);
        }
        out
    }

    /// The empty cells where a piece of `kind` from `from` emerges after entering the
    /// portal on `portal` (`None` when its kind may not use it; empty when it may but
    /// no cell is free: its oblation): next to the pieces of the rule's `to` kinds but
    /// the portal, or, for a kind the rule brings `back`, next to the portal itself.
    fn emerging(
        &self,
        tp: &Teleports,
        cells: &[Occupant],
        kind: PieceId,
        from: Option<CellId>,
        portal: CellId,
    ) -> Option<Vec<CellId>> {
        let entered = cells[portal.index()];
        let r = tp.portal[entered.kind().index()]?;
        let rule = &tp.rules[r as usize];
        if rule.not[kind.index()] {
            return None;
        }
        let mut out = Vec::new();
        if rule.back[kind.index()] {
            // `back`: out next to the portal it entered.
            self.around(cells, from, portal, &mut out);
        } else {
            self.next_to_targets(rule, cells, portal, from, &mut out);
        }
        out.sort_unstable();
        Some(out)
    }

    /// Appends to `out` the empty cells next to the pieces of `rule`'s `to` kinds but
    /// the one on `portal`, but `from` (the mover's start, left empty by its move):
    /// where a piece entering `portal` emerges.
    fn next_to_targets(
        &self,
        rule: &Rule,
        cells: &[Occupant],
        portal: CellId,
        from: Option<CellId>,
        out: &mut Vec<CellId>,
    ) {
        for (i, o) in cells.iter().enumerate() {
            if o.is_empty() || !rule.to[o.kind().index()] || i == portal.index() {
                continue;
            }
            self.around(cells, from, CellId(i as u16), out);
        }
    }

    /// The portal-fields a piece entering the portal on `portal` in `pos` may emerge
    /// on (the empty cells next to the pieces of its `teleport` rule's `to` kinds: the
    /// book's portal-fields of the other Stars, Nineteen, "Star"), whatever piece
    /// enters; empty when `portal` holds no portal. A query for the book's diagrams;
    /// the moves are [`Game::teleports`]'.
    pub fn portal_fields(&self, pos: &GamePosition, portal: CellId) -> Vec<CellId> {
        let Some(tp) = self.teleport_rules() else {
            return Vec::new();
        };
        let entered = pos.cells[portal.index()];
        if entered.is_empty() {
            return Vec::new();
        }
        let Some(r) = tp.portal[entered.kind().index()] else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.next_to_targets(&tp.rules[r as usize], &pos.cells, portal, None, &mut out);
        out.sort_unstable();
        out
    }

    /// Appends to `out` the empty cells one king's step from `at` (not `from`, the
    /// cell the piece leaves, nor a cell already in `out`).
    fn around(&self, cells: &[Occupant], from: Option<CellId>, at: CellId, out: &mut Vec<CellId>) {
        let board = self.board();
        for dx in -1..=1 {
            for dy in -1..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let Some(c) = board.step(at, Vector::new(dx, dy)) else {
                    continue;
                };
                if Some(c) != from && cells[c.index()].is_empty() && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }

    /// The ways the piece on `from` may teleport in `pos` (its own side's ply): each
    /// path into a portal with the cells where it may emerge. Empty when the game has
    /// no `teleport`, the piece may not teleport or no portal is in reach.
    pub fn teleports(&self, pos: &GamePosition, from: CellId) -> Vec<TeleportPath> {
        let Some(tp) = self.teleport_rules() else {
            return Vec::new();
        };
        let o = pos.cells[from.index()];
        if o.is_empty() || self.neutral[o.kind().index()] || tp.never[o.kind().index()] {
            return Vec::new();
        }
        let Some(portals) = self.portal_cells(tp, &pos.cells) else {
            return Vec::new();
        };
        let mut walker = Walker::new(self.rules.table());
        let entries = self.entries(&mut walker, pos, &portals, (o.side(), o.kind(), from), true);
        entries
            .into_iter()
            .map(|e| {
                let to = self.emerging(tp, &pos.cells, o.kind(), Some(from), e.portal);
                TeleportPath {
                    oblation: to.as_ref().is_some_and(Vec::is_empty),
                    to: to.unwrap_or_default(),
                    path: e.path,
                    portal: e.portal,
                    captures: e.captures,
                }
            })
            .collect()
    }
}

impl Game {
    /// Whether the lines of the `onward` relay `kind` go on through portals (a
    /// `teleport ..., onward KIND`): then its lines are [`Game::onward_portal_lines`],
    /// else `onward::line`. False in games without `teleport`.
    #[inline]
    /// Whether the onward line of relay `relay` goes on from other portals where it
    /// meets a piece of `portal` (`teleport ..., onward`).
    pub(crate) fn portal_goes_on(&self, relay: PieceId, portal: PieceId) -> bool {
        self.teleport_rules().is_some_and(|tp| {
            tp.portal
                .get(portal.index())
                .copied()
                .flatten()
                .is_some_and(|r| tp.rules[r as usize].onward[relay.index()])
        })
    }

    pub(crate) fn onward_through_portals(&self, kind: PieceId) -> bool {
        self.teleport_rules()
            .is_some_and(|tp| tp.goes_on[kind.index()])
    }

    /// The lines of the `onward` relay `kind` from `at` in `steps` (one vector again
    /// and again, or two alternated: `onward::line`) on `cells`, into `out` (cleared
    /// first): the line as `onward::line` has it (passing over every piece, portals
    /// too, holes left out; an alternating one may step off the board and back on),
    /// and, where it meets a portal whose rule lists `kind` after `onward`, one more
    /// line for each other portal of the same kind: the line up to the portal, then
    /// that portal's cell and on from it in the same steps. An alternating line goes on
    /// with the step its alternation gives the emerging cell's colour (the book's
    /// Nineteen: "continue alternating between 2 initially chosen steps, according to
    /// a color of a current field"): the step it would have taken next when the two
    /// portals stand on cells of one colour, the other one when not (Discovery: "only
    /// steps are reversed"). A portal the line has already passed gives no branch
    /// again. The portals entered whose lines out hold no cell where the relay may
    /// end (`lands`) go into `ends`: the relay may end its ply there, removed from
    /// the board (the book's oblation, Nineteen: "If teleported Wave has all of its
    /// step-fields blocked ... it is removed from chessboard"; no other portal of the
    /// kind on the board: no way out at all).
    pub(crate) fn onward_portal_lines(
        &self,
        cells: &[Occupant],
        (kind, at, steps): (PieceId, CellId, LineSteps),
        lands: &dyn Fn(CellId) -> bool,
        out: &mut Vec<Vec<CellId>>,
        ends: &mut Vec<CellId>,
    ) {
        out.clear();
        ends.clear();
        let Some(tp) = self.teleport_rules() else {
            return;
        };
        if steps[0] == (0, 0) {
            return;
        }
        let ctx = PortalLines {
            game: self,
            tp,
            cells,
            kind,
            steps,
            act: self
                .effects
                .as_deref()
                .and_then(|fx| fx.activation.as_ref()),
            lands,
        };
        ctx.go(Vec::new(), at, 0, out, ends);
    }
}

/// What one relay's portal lines share: the game, its teleport rules, the board as the
/// cascade leaves it, the relay's kind and the line's steps.
struct PortalLines<'a> {
    game: &'a Game,
    tp: &'a Teleports,
    cells: &'a [Occupant],
    kind: PieceId,
    steps: LineSteps,
    /// The game's activation rules (which pieces stop the line: `opaque`).
    act: Option<&'a crate::activation::Activation>,
    /// Whether the relay may end its ply on a cell (empty, or a piece it activates).
    lands: &'a dyn Fn(CellId) -> bool,
}

impl Teleports {
    /// Whether a piece of `kind` is a portal (of some rule).
    pub(crate) fn is_portal(&self, kind: PieceId) -> bool {
        self.portal.get(kind.index()).is_some_and(Option::is_some)
    }
}

impl PortalLines<'_> {
    /// Extends `line` from `from` (excluded), taking `steps[k % 2]` first, to where the
    /// line ends (`onward::line`), and on from the other portals it meets, pushing
    /// each complete line into `out`, and the portals without a way out into `ends`.
    fn go(
        &self,
        mut line: Vec<CellId>,
        from: CellId,
        mut k: usize,
        out: &mut Vec<Vec<CellId>>,
        ends: &mut Vec<CellId>,
    ) {
        let board = self.game.board();
        let (width, height) = (i16::from(board.width()), i16::from(board.height()));
        let steps = self.steps;
        let straight = steps[0] == steps[1];
        // As `onward::line`: a pair of steps that comes back goes nowhere after the
        // first; an alternating line ends once it cannot come back on the board.
        let back = (steps[0].0 + steps[1].0, steps[0].1 + steps[1].1) == (0, 0);
        let limit = if back {
            1
        } else {
            2 * (width + height) as usize
        };
        let mut p = board.coord(from);
        let mut taken = 0usize;
        loop {
            if !straight && taken >= limit {
                break;
            }
            let (dx, dy) = steps[k % 2];
            p.x += dx;
            p.y += dy;
            k += 1;
            taken += 1;
            if !(0..width).contains(&p.x) || !(0..height).contains(&p.y) {
                if straight {
                    break;
                }
                continue;
            }
            let Some(cell) = board.cell_at(p) else {
                continue;
            };
            line.push(cell);
            let o = self.cells[cell.index()];
            if o.is_empty() || line[..line.len() - 1].contains(&cell) {
                continue;
            }
            // An opaque piece (`neutral ..., opaque`: the Monolith) ends the line
            // here, once it has branched if it is a portal.
            let opaque = self.act.is_some_and(|a| a.stops_onward(o));
            let goes_on = self.tp.portal[o.kind().index()]
                .is_some_and(|r| self.tp.rules[r as usize].onward[self.kind.index()]);
            if !goes_on {
                if opaque {
                    break;
                }
                continue;
            }
            // Into the portal: on from each other one of its kind not on the line yet
            // (a branch each); and on past it, as past any piece (the book's One:
            // "teleportation for a Wave reaching a Star is optional"), unless it is
            // opaque (Discovery: "teleportation is mandatory for Wave when it reaches
            // Monolith").
            let colour = board.colour(p);
            let (first, after) = (out.len(), line.len());
            for (i, other) in self.cells.iter().enumerate() {
                let next = CellId(i as u16);
                if next == cell
                    || other.is_empty()
                    || other.kind() != o.kind()
                    || line.contains(&next)
                {
                    continue;
                }
                let mut branch = line.clone();
                branch.push(next);
                let same = board.colour(board.coord(next)) == colour;
                self.go(branch, next, if same { k } else { k + 1 }, out, ends);
            }
            let way_out = out[first..]
                .iter()
                .any(|l| l[after..].iter().any(|&c| (self.lands)(c)));
            if !way_out && !ends.contains(&cell) {
                ends.push(cell);
            }
            if opaque {
                break;
            }
        }
        out.push(line);
    }
}

impl PseudoGen<'_> {
    /// Appends the teleports of the side to move's pieces to `out` (whose moves from
    /// `first` on are this side's: a teleport that lands where a move already does is
    /// not added again).
    pub(crate) fn teleport_moves(
        &mut self,
        pos: &GamePosition,
        tp: &Teleports,
        out: &mut Vec<GameMove>,
        first: usize,
    ) {
        let g = self.game;
        let Some(portals) = g.portal_cells(tp, &pos.cells) else {
            return;
        };
        let side = pos.side;
        for i in 0..pos.cells.len() {
            let o = pos.cells[i];
            if o.is_empty() || o.side() != side {
                continue;
            }
            let kind = o.kind();
            if g.neutral[kind.index()] || tp.never[kind.index()] {
                continue;
            }
            let from = CellId(i as u16);
            let entries = g.entries(&mut self.walker, pos, &portals, (side, kind, from), false);
            if entries.is_empty() {
                continue;
            }
            for e in entries {
                let with_captures = |to: CellId| {
                    let mut m = GameMove::simple(MoveKind::Normal, kind, from, to);
                    for &c in &e.captures {
                        // The game refuses tables that exceed MAX_PASSING (E0953).
                        if (m.n_passing as usize) < MAX_PASSING {
                            m.passing[m.n_passing as usize] = c.0;
                            m.n_passing += 1;
                        }
                    }
                    m
                };
                let Some(cells) = g.emerging(tp, &pos.cells, kind, Some(from), e.portal) else {
                    continue;
                };
                if cells.is_empty() {
                    // No cell to emerge on: the oblation, a move into the portal that
                    // removes the piece (the portal put back where the mover landed).
                    let mut m = with_captures(e.portal);
                    let portal = pos.cells[e.portal.index()];
                    m.push_side_change(SideChange::Put {
                        cell: e.portal,
                        piece: Some((portal.side(), portal.kind())),
                    });
                    if !out[first..].contains(&m) {
                        out.push(m);
                    }
                    continue;
                }
                for to in cells {
                    let m = with_captures(to);
                    if out[first..].contains(&m) {
                        continue;
                    }
                    crate::movegen::expand_promotions(g, pos, m, out);
                }
            }
        }
    }
}

impl Game {
    /// The ways a piece activated in a cascade teleports (a later ply into a portal):
    /// `a` walked with its patterns on `cells` (the board as the cascade leaves it, its
    /// activator on its cell), each path into a portal with the cells where it emerges
    /// as a piece of `a.teleports_as` (none and `oblation` when no cell is free). Empty
    /// when the game has no `teleport`, that kind never teleports or no portal stands
    /// on `cells`. The paths are kept when `paths`.
    pub(crate) fn cascade_teleports(
        &self,
        walker: &mut Walker<'_>,
        pos: &GamePosition,
        cells: &[Occupant],
        a: Activated,
        paths: bool,
    ) -> Vec<TeleportPath> {
        let Some(tp) = self.teleport_rules() else {
            return Vec::new();
        };
        if tp.never[a.teleports_as.index()] {
            return Vec::new();
        }
        let Some(portals) = self.portal_cells(tp, cells) else {
            return Vec::new();
        };
        let board = crate::activation::Staged {
            pos,
            cells,
            relay_at: (a.walk_as != a.piece.kind()).then_some(a.at),
        };
        let side = a.piece.side();
        let mut out = Vec::new();
        for e in self.entries(walker, &board, &portals, (side, a.walk_as, a.at), paths) {
            let Some(to) = self.emerging(tp, cells, a.teleports_as, None, e.portal) else {
                continue;
            };
            out.push(TeleportPath {
                oblation: to.is_empty(),
                to,
                path: e.path,
                portal: e.portal,
                captures: e.captures,
            });
        }
        out
    }
}

impl PseudoGen<'_> {
    /// Appends to `plies` the teleports of the piece activated in a cascade (`a`, on
    /// `cells`; [`Game::cascade_teleports`]) as its plies: one onto each cell where it
    /// emerges that no plain ply of `plies[first..]` reaches, and, where no cell is
    /// free, one into the portal (make removes the piece: the book's oblation). A way in
    /// that captures in passing is no cascade's ply (none is).
    pub(crate) fn cascade_teleport_plies(
        &mut self,
        pos: &GamePosition,
        cells: &[Occupant],
        a: Activated,
        plies: &mut Vec<GameMove>,
        first: usize,
    ) {
        let g = self.game;
        for t in g.cascade_teleports(&mut self.walker, pos, cells, a, false) {
            if !t.captures.is_empty() {
                continue;
            }
            let ends = if t.oblation { vec![t.portal] } else { t.to };
            for to in ends {
                let m = GameMove::simple(MoveKind::Normal, a.walk_as, a.at, to);
                if !plies[first..].contains(&m) {
                    plies.push(m);
                }
            }
        }
    }
}
