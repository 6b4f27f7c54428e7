//! sacrifice: `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]` — a move in
//! which one piece (the initiator) activates an own piece (the officiant) one step away,
//! the officiant takes an own piece of KINDS one step from it (an oblation: that piece
//! leaves the board) and stands there, and the initiator, tagged on the officiant's
//! cell, may make one more ply meeting only pieces of KINDS, either side's, each
//! captured or displaced (the Croatian Serpent's Pawn-sacrifice move: book, Tamoanchan
//! Revisited, "Pawn-sacrifice move").
//!
//! Owns the game's rule ([`SacrificeRules`]), the moves it adds ([`add_sacrifices`])
//! and [`Game::sacrifice_plies`], the moves of one initiator with their paths.
//!
//! How the book's move is read (its words summed up): the initiator activates an own
//! officiant on a ritual-starting field (for the Serpent, any King step from it); the
//! officiant is activated with one momentum, so its ply is one step of its own
//! patterns, which must take an own piece of KINDS; the initiator then stands on the
//! officiant's cell with the tag, and may start a new ply from there, with its own
//! patterns (its momentum gathered anew, within its step limit), in which it may pass
//! over empty cells and the pieces its patterns pass over (the Serpent: Waves) and
//! meets pieces of KINDS only, own or the opponent's: each it steps on it captures
//! (and goes on: a capture in passing) or displaces onto one of its displacement-fields
//! under the initiator's `displace` rule (and goes on); it may end on an empty cell, on
//! a cell whose piece it captured or displaced there, or not move at all after the
//! oblation (the tag is then lost).
//!
//! A move is one [`GameMove`] of the initiator from its cell to where its ply ends:
//! the oblation and the captures in passing are its passing captures, the officiant's
//! step its first [`SideChange::Displace`], the displacements the following ones, a
//! capture where the ply ends `captures_to`. A ply that make would not play as it was
//! walked (a piece displaced and then met again) is left out, as is one with more
//! captures or displacements than a move carries, and one ending where the initiator
//! started (not yet: such a ply's move reads as no move). Not yet either: the ply
//! ending by activating an own piece (the book's "Pawn-sacrifice activation") or by a
//! teleport.
//!
//! Sacrifice moves capture pieces of KINDS only; with no royal among them they never
//! attack a King, and a legality test's replies need none.

use crate::displace::Fields;
use crate::ids::{CellId, Side};
use crate::ir::KindFilter;
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, GamePosition, MoveKind, SideChange, MAX_PASSING};

/// One declaration's rule.
#[derive(Clone, Debug)]
struct Rule {
    /// The kinds sacrificed and met.
    kinds: KindFilter,
    /// Per kind: an officiant.
    through: Vec<bool>,
    /// The officiant's cells as (files, ranks) from the initiator's, the first side's
    /// view.
    around: Vec<(i16, i16)>,
}

/// The game's `sacrifice` declarations.
#[derive(Clone, Debug)]
pub(crate) struct SacrificeRules {
    /// Per kind: the index in `rules` of the rule it initiates under.
    by: Vec<Option<u8>>,
    rules: Vec<Rule>,
}

impl SacrificeRules {
    /// The rules of `decls` for a game of `pieces` kinds (`None`: no declaration).
    pub(crate) fn new(decls: &[crate::ir::Sacrifice], pieces: usize) -> Option<Self> {
        if decls.is_empty() {
            return None;
        }
        let mut by = vec![None; pieces];
        let rules = decls
            .iter()
            .enumerate()
            .map(|(i, d)| {
                for p in &d.by {
                    by[p.index()] = Some(i as u8);
                }
                let mut through = vec![false; pieces];
                for p in &d.through {
                    through[p.index()] = true;
                }
                Rule {
                    kinds: d.kinds.clone(),
                    through,
                    around: d
                        .around
                        .iter()
                        .map(|v| (v.dx as i16, v.dy as i16))
                        .collect(),
                }
            })
            .collect();
        Some(SacrificeRules { by, rules })
    }
}

/// One sacrifice move and how it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SacrificePly {
    /// The officiant's cell: where the initiator activates it, and where the
    /// initiator's ply starts.
    pub officiant: CellId,
    /// The cell of the piece sacrificed, where the officiant ends.
    pub oblation: CellId,
    /// The cells the initiator's ply steps on, in order, from the one after
    /// `officiant` to its end (empty: the move ends after the oblation).
    pub path: Vec<CellId>,
    /// The move.
    pub mv: GameMove,
}

/// A board given as a slice of occupants.
struct Cells<'a> {
    pos: &'a GamePosition,
    cells: &'a [Occupant],
}

impl Occupancy for Cells<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells[cell.index()]
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.pos.unmoved(cell)
    }
}

/// The ends of the officiant's one-step captures.
struct OneStep(Vec<CellId>);

impl Sink for OneStep {
    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.captures_to
            && ply.len() == 1
            && !ply.activates
            && ply.push_to.is_none()
            && ply.convert.is_none()
            && !ply.is_en_passant()
            && ply.passing_captures().next().is_none()
            && !self.0.contains(&ply.to)
        {
            self.0.push(ply.to);
        }
    }
}

/// The initiator's plies that may make its tagged ply: every path that ends on a cell
/// the walk sees empty (the pieces of KINDS are taken off for it).
struct Paths {
    /// (to, first index in `cells`, length).
    plies: Vec<(CellId, usize, usize)>,
    cells: Vec<CellId>,
}

impl Sink for Paths {
    const DISTINCT: bool = false;

    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.activates
            || ply.captures_to
            || ply.push_to.is_some()
            || ply.convert.is_some()
            || ply.is_en_passant()
            || ply.passing_captures().next().is_some()
        {
            return;
        }
        let first = self.cells.len();
        self.cells.extend(ply.cells());
        self.plies.push((ply.to, first, self.cells.len() - first));
    }
}

/// What the tagged ply does to a piece it meets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Met {
    /// Captured where it stands.
    Take(CellId),
    /// Displaced from the first cell onto the second.
    Move(CellId, CellId),
}

/// The search along one path of the tagged ply.
struct Follow<'a> {
    g: &'a Game,
    kinds: &'a KindFilter,
    side: Side,
    /// The initiator's displacement-fields and the steps that displace (`displace`;
    /// none: it only captures).
    displace: Option<Fields<'a>>,
    start: CellId,
    path: &'a [CellId],
}

impl Follow<'_> {
    /// The cell `(dx, dy)` (the first side's view) from `c`, on the board.
    fn step(&self, c: CellId, (dx, dy): (i16, i16)) -> Option<CellId> {
        step(self.g, self.side, c, (dx, dy))
    }

    /// The step from `a` to `b` in the first side's view.
    fn delta(&self, a: CellId, b: CellId) -> (i16, i16) {
        let board = self.g.board();
        let (p, q) = (board.coord(a), board.coord(b));
        let dy = q.y - p.y;
        (q.x - p.x, if self.side == Side::Second { -dy } else { dy })
    }

    /// Follows the path from its `i`th cell on `sim` (the board as the ply left it so
    /// far), `met` what it did so far; each way to finish goes to `done` (what it met,
    /// the board then, whether it captured on its last cell).
    fn go(
        &self,
        i: usize,
        sim: &mut [Occupant],
        met: &mut Vec<Met>,
        done: &mut dyn FnMut(&[Met], &[Occupant]),
    ) {
        let Some(&c) = self.path.get(i) else {
            done(met, sim);
            return;
        };
        let o = sim[c.index()];
        if o.is_empty() {
            return self.go(i + 1, sim, met, done);
        }
        if !self.kinds.admits(o.kind()) || self.g.neutral[o.kind().index()] {
            // A piece its patterns pass over; it cannot end there.
            if i + 1 == self.path.len() {
                return;
            }
            return self.go(i + 1, sim, met, done);
        }
        // A piece of KINDS: captured ...
        sim[c.index()] = Occupant::EMPTY;
        met.push(Met::Take(c));
        self.go(i + 1, sim, met, done);
        met.pop();
        sim[c.index()] = o;
        // ... or displaced, by a step that displaces, onto each empty field.
        let Some((around, stepping)) = self.displace else {
            return;
        };
        let prev = if i == 0 { self.start } else { self.path[i - 1] };
        let step = self.delta(prev, c);
        if !stepping.is_empty() && !stepping.contains(&step) {
            return;
        }
        let onward = [step];
        let fields = if around.is_empty() {
            &onward[..]
        } else {
            around
        };
        for &v in fields {
            let Some(f) = self.step(c, v) else { continue };
            if !sim[f.index()].is_empty() {
                continue;
            }
            sim[f.index()] = o;
            sim[c.index()] = Occupant::EMPTY;
            met.push(Met::Move(c, f));
            self.go(i + 1, sim, met, done);
            met.pop();
            sim[c.index()] = o;
            sim[f.index()] = Occupant::EMPTY;
        }
    }
}

/// The cell `(dx, dy)` (the first side's view) from `c`, on the board.
fn step(g: &Game, side: Side, c: CellId, (dx, dy): (i16, i16)) -> Option<CellId> {
    let board = g.board();
    let dy = if side == Side::Second { -dy } else { dy };
    let p = board.coord(c);
    let (x, y) = (p.x + dx, p.y + dy);
    if x < 0 || y < 0 || x >= board.width() as i16 || y >= board.height() as i16 {
        return None;
    }
    board.cell_at(crate::ir::Coord { x, y })
}

/// The board after `m` as make plays it (its passing captures and its capture on `to`,
/// its mover lifted, its displacements in order, its mover landing), or `None` when
/// make could not play it so (a displacement from an empty cell or onto a full one, a
/// landing on a piece).
fn replay(cells: &[Occupant], m: &GameMove, mover: Occupant) -> Option<Vec<Occupant>> {
    let mut b = cells.to_vec();
    for c in m.passing_captures() {
        b[c.index()] = Occupant::EMPTY;
    }
    if m.captures_to {
        b[m.to.index()] = Occupant::EMPTY;
    }
    b[m.from.index()] = Occupant::EMPTY;
    for s in m.side_changes() {
        let SideChange::Displace { from, to } = s else {
            return None;
        };
        let o = b[from.index()];
        if o.is_empty() || !b[to.index()].is_empty() {
            return None;
        }
        b[to.index()] = o;
        b[from.index()] = Occupant::EMPTY;
    }
    if !b[m.to.index()].is_empty() {
        return None;
    }
    b[m.to.index()] = mover;
    Some(b)
}

/// Appends the sacrifice moves of the side to move's initiators.
pub(crate) fn add_sacrifices(
    g: &Game,
    rules: &SacrificeRules,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    out: &mut Vec<GameMove>,
) {
    // One move may come by several paths.
    let mut seen = std::collections::HashSet::new();
    for i in 0..pos.cells.len() {
        let o = pos.cells[i];
        if o.is_empty() || o.side() != pos.side || rules.by[o.kind().index()].is_none() {
            continue;
        }
        moves_of(g, rules, walker, pos, CellId(i as u16), &mut |s| {
            if seen.insert(s.mv) {
                out.push(s.mv);
            }
        });
    }
}

impl Game {
    /// The sacrifice moves (`sacrifice ...`) of the piece on `from` (of the side to
    /// move), pseudo-legal, each with the officiant's cell, the oblation's and the
    /// initiator's path ([`SacrificePly`]); one move may come with several paths.
    /// Empty when that piece starts no sacrifice.
    pub fn sacrifice_plies(&self, pos: &GamePosition, from: CellId) -> Vec<SacrificePly> {
        let mut out = Vec::new();
        let Some(rules) = self.sacrifice.as_deref() else {
            return out;
        };
        let o = pos.cells[from.index()];
        if o.is_empty() || o.side() != pos.side || rules.by[o.kind().index()].is_none() {
            return out;
        }
        let mut walker = Walker::new(self.rules().table());
        moves_of(self, rules, &mut walker, pos, from, &mut |s| out.push(s));
        out
    }
}

/// The sacrifice moves of the initiator on `from`.
fn moves_of(
    g: &Game,
    rules: &SacrificeRules,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    from: CellId,
    emit: &mut dyn FnMut(SacrificePly),
) {
    let side = pos.side;
    let initiator = pos.cells[from.index()];
    let Some(r) = rules.by[initiator.kind().index()] else {
        return;
    };
    let rule = &rules.rules[r as usize];
    let sacrificed = |o: Occupant| {
        !o.is_empty()
            && o.side() == side
            && !g.neutral[o.kind().index()]
            && rule.kinds.admits(o.kind())
    };
    let displace = g
        .displace
        .as_deref()
        .and_then(|d| d.fields_of(initiator.kind()));
    let mut cells = pos.cells.clone();
    cells[from.index()] = Occupant::EMPTY;
    for &v in &rule.around {
        let Some(x) = step(g, side, from, v) else {
            continue;
        };
        let officiant = pos.cells[x.index()];
        if officiant.is_empty()
            || officiant.side() != side
            || !rule.through[officiant.kind().index()]
        {
            continue;
        }
        // The officiant's one step: the own pieces of KINDS stand as foes for its walk.
        let disguised: Vec<Occupant> = cells
            .iter()
            .map(|&o| {
                if sacrificed(o) {
                    Occupant::piece(side.opponent(), o.kind())
                } else {
                    o
                }
            })
            .collect();
        let mut ends = OneStep(Vec::new());
        walker.walk(
            &Cells {
                pos,
                cells: &disguised,
            },
            side,
            officiant.kind(),
            x,
            &mut ends,
        );
        for z in ends
            .0
            .into_iter()
            .filter(|z| sacrificed(pos.cells[z.index()]))
        {
            // The board as the oblation leaves it, the initiator on the officiant's cell.
            let mut sim = cells.clone();
            sim[z.index()] = officiant;
            sim[x.index()] = initiator;
            let mut m = GameMove::simple(MoveKind::Normal, initiator.kind(), from, x);
            m.passing[0] = z.0;
            m.n_passing = 1;
            m.push_side_change(SideChange::Displace { from: x, to: z });
            emit(SacrificePly {
                officiant: x,
                oblation: z,
                path: Vec::new(),
                mv: m,
            });
            tagged_plies(
                g,
                rule,
                walker,
                pos,
                (&sim, initiator, x),
                displace,
                m,
                emit,
            );
        }
    }
}

/// The initiator's tagged plies from `x` on `sim` (the board after the oblation, the
/// initiator standing on `x`), each a move built on `base` (the move ending on `x`).
#[allow(clippy::too_many_arguments)]
fn tagged_plies(
    g: &Game,
    rule: &Rule,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    (sim, initiator, x): (&[Occupant], Occupant, CellId),
    displace: Option<Fields<'_>>,
    base: GameMove,
    emit: &mut dyn FnMut(SacrificePly),
) {
    let met_kind =
        |o: Occupant| !o.is_empty() && !g.neutral[o.kind().index()] && rule.kinds.admits(o.kind());
    // The walk sees the pieces of KINDS taken off: every path over them comes back.
    let hidden: Vec<Occupant> = sim
        .iter()
        .map(|&o| if met_kind(o) { Occupant::EMPTY } else { o })
        .collect();
    let mut paths = Paths {
        plies: Vec::new(),
        cells: Vec::new(),
    };
    walker.walk(
        &Cells {
            pos,
            cells: &hidden,
        },
        pos.side,
        initiator.kind(),
        x,
        &mut paths,
    );
    let mut board = sim.to_vec();
    board[x.index()] = Occupant::EMPTY;
    let mut met = Vec::new();
    for &(to, at, len) in &paths.plies {
        let path = &paths.cells[at..at + len];
        if to == base.from {
            continue;
        }
        let f = Follow {
            g,
            kinds: &rule.kinds,
            side: pos.side,
            displace,
            start: x,
            path,
        };
        f.go(0, &mut board, &mut met, &mut |met, after| {
            let Some(m) = encode(base, to, met) else {
                return;
            };
            // Only a move make plays as the ply went.
            let mut want = after.to_vec();
            want[to.index()] = initiator;
            if replay(&pos.cells, &m, initiator).as_deref() != Some(&want[..]) {
                return;
            }
            emit(SacrificePly {
                officiant: x,
                oblation: CellId(base.passing[0]),
                path: path.to_vec(),
                mv: m,
            });
        });
    }
}

/// The move of a tagged ply ending on `to` that did `met`, built on `base`; `None`
/// past the captures or side changes a move carries.
fn encode(base: GameMove, to: CellId, met: &[Met]) -> Option<GameMove> {
    let mut m = base;
    m.to = to;
    for &e in met {
        match e {
            Met::Take(c) if c == to => m.captures_to = true,
            Met::Take(c) => {
                if m.n_passing as usize == MAX_PASSING {
                    return None;
                }
                m.passing[m.n_passing as usize] = c.0;
                m.n_passing += 1;
            }
            Met::Move(a, b) => {
                if !m.push_side_change(SideChange::Displace { from: a, to: b }) {
                    return None;
                }
            }
        }
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::PieceId;

    #[test]
    fn replay_refuses_a_displacement_onto_a_full_cell() {
        let (a, b) = (CellId(0), CellId(1));
        let pawn = Occupant::piece(Side::First, PieceId(0));
        let mover = Occupant::piece(Side::First, PieceId(1));
        let cells = vec![pawn, pawn, Occupant::EMPTY, mover];
        let mut m = GameMove::simple(MoveKind::Normal, PieceId(1), CellId(3), CellId(2));
        m.push_side_change(SideChange::Displace { from: a, to: b });
        assert_eq!(replay(&cells, &m, mover), None);
        let mut m = GameMove::simple(MoveKind::Normal, PieceId(1), CellId(3), CellId(2));
        m.push_side_change(SideChange::Displace {
            from: b,
            to: CellId(3),
        });
        assert_eq!(
            replay(&cells, &m, mover),
            Some(vec![pawn, Occupant::EMPTY, mover, pawn])
        );
    }
}
