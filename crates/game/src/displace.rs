//! displace: `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]` — a mover
//! that, stepping onto a piece of the displaced kinds, moves it onto one of its
//! displacement-fields and goes on with its ply (the Croatian Serpent's Pawns: book,
//! Tamoanchan Revisited, "Displacing Pawns"; a Sokoban pusher's boxes, `around` left
//! out: one step on).
//!
//! Owns the game's rule ([`DisplaceRules`]) and the moves it adds
//! ([`add_displacements`]): each a [`GameMove`] carrying one
//! [`SideChange::Displace`] per piece met, in the order met (at most
//! [`crate::MAX_SIDE_CHANGES`]; a ply meeting more is no move).
//!
//! How: the mover is walked by the table over the board with the pieces it might
//! displace taken off (the walk cannot change the board as it goes), with
//! `Sink::DISTINCT` off so that every path comes back; each path meeting such a piece
//! is then followed on a scratch board, cell by cell: a piece to displace met by a
//! step in the `stepping` directions goes to each empty displacement-field in turn
//! (each choice a move), by any other step it blocks the path; a piece displaced
//! earlier stands where it went, and the mover's start cell is empty. A path that
//! displaces nothing is the walk's own move, and is left out. A ply that activates, or
//! captures in passing, is left out (not yet: displacement inside a cascade).
//!
//! Pieces that can never be displaced this ply are left on the board for the walk:
//! one is displaceable only when one of its fields is empty, is the mover's start
//! cell, or holds a displaceable piece (which the mover might move away first).
//! Displacing moves capture only on their last cell, so they never attack: a King is
//! in check only along paths that displace nothing (book, "Checking opponent's King":
//! the Serpent does not check a King while it still has Pawns to displace).

use crate::ids::{CellId, PieceId, Side};
use crate::ir::KindFilter;
use crate::walk::{Occupancy, Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, GamePosition, MoveKind, SideChange};

/// One declaration's rule.
#[derive(Clone, Debug)]
struct Rule {
    /// The kinds displaced.
    kinds: KindFilter,
    /// The displacement-fields as (files, ranks) from the piece's cell, the first
    /// side's view (empty: one step on).
    around: Vec<(i16, i16)>,
    /// The steps onto a piece that displace it, the first side's view (empty: all).
    stepping: Vec<(i16, i16)>,
}

/// The game's `displace` declarations.
#[derive(Clone, Debug)]
pub(crate) struct DisplaceRules {
    /// Per kind: the index in `rules` of the rule it displaces under.
    by: Vec<Option<u8>>,
    rules: Vec<Rule>,
}

impl DisplaceRules {
    /// The rules of `decls` for a game of `pieces` kinds (`None`: no declaration).
    pub(crate) fn new(decls: &[crate::ir::Displacement], pieces: usize) -> Option<Self> {
        if decls.is_empty() {
            return None;
        }
        let mut by = vec![None; pieces];
        let vecs = |v: &[crate::ir::Vector]| -> Vec<(i16, i16)> {
            v.iter().map(|v| (v.dx as i16, v.dy as i16)).collect()
        };
        let rules = decls
            .iter()
            .enumerate()
            .map(|(i, d)| {
                for p in &d.by {
                    by[p.index()] = Some(i as u8);
                }
                Rule {
                    kinds: d.kinds.clone(),
                    around: vecs(&d.around),
                    stepping: vecs(&d.stepping),
                }
            })
            .collect();
        Some(DisplaceRules { by, rules })
    }
}

/// A displacing piece's displacement-fields and displacing steps, the first side's
/// view ([`DisplaceRules::fields_of`]).
pub(crate) type Fields<'a> = (&'a [(i16, i16)], &'a [(i16, i16)]);

impl DisplaceRules {
    /// The displacement-fields and the displacing steps (the first side's view; the
    /// fields empty: one step on, the steps empty: every step) of the pieces of `kind`,
    /// when it displaces.
    pub(crate) fn fields_of(&self, kind: PieceId) -> Option<Fields<'_>> {
        let r = &self.rules[self.by.get(kind.index()).copied().flatten()? as usize];
        Some((&r.around, &r.stepping))
    }
}

/// The board a displacing walk sees: the position with some cells emptied.
struct Without<'a> {
    pos: &'a GamePosition,
    cells: &'a [Occupant],
}

impl Occupancy for Without<'_> {
    #[inline]
    fn occupant(&self, cell: CellId) -> Occupant {
        self.cells[cell.index()]
    }

    #[inline]
    fn unmoved(&self, cell: CellId) -> bool {
        self.pos.unmoved(cell)
    }
}

/// Collects every ply's path (the plies a displacement may make).
struct Paths<'a> {
    /// Per cell: a piece the walk does not see stands there.
    hidden: &'a [bool],
    /// The plies kept: (to, captures_to, first index in `cells`, length).
    plies: Vec<(CellId, bool, usize, usize)>,
    cells: Vec<CellId>,
}

impl Sink for Paths<'_> {
    const DISTINCT: bool = false;

    fn ply(&mut self, ply: &Ply<'_>) {
        if ply.activates
            || ply.push_to.is_some()
            || ply.convert.is_some()
            || ply.is_en_passant()
            || ply.passing_captures().next().is_some()
            || !ply.cells().any(|c| self.hidden[c.index()])
        {
            return;
        }
        let first = self.cells.len();
        self.cells.extend(ply.cells());
        self.plies
            .push((ply.to, ply.captures_to, first, self.cells.len() - first));
    }
}

/// The search along one path: its fixed parts.
struct Follow<'a> {
    g: &'a Game,
    rule: &'a Rule,
    side: Side,
    from: CellId,
    piece: PieceId,
    to: CellId,
    captures_to: bool,
    path: &'a [CellId],
}

impl<'a> Follow<'a> {
    /// The cell one step `(dx, dy)` (the first side's view) from `c`.
    fn step(&self, c: CellId, (dx, dy): (i16, i16)) -> Option<CellId> {
        let board = self.g.board();
        let dy = if self.side == Side::Second { -dy } else { dy };
        let p = board.coord(c);
        let (x, y) = (p.x + dx, p.y + dy);
        if x < 0 || y < 0 || x >= board.width() as i16 || y >= board.height() as i16 {
            return None;
        }
        board.cell_at(crate::ir::Coord { x, y })
    }

    /// The step from `a` to `b` in the first side's view.
    fn delta(&self, a: CellId, b: CellId) -> (i16, i16) {
        let board = self.g.board();
        let (p, q) = (board.coord(a), board.coord(b));
        let dy = q.y - p.y;
        (q.x - p.x, if self.side == Side::Second { -dy } else { dy })
    }

    /// Follows the path from its `i`th cell on `sim` (the board as the ply left it so
    /// far), with `changes` the displacements made; each way to finish is pushed to
    /// `out`.
    fn go(
        &self,
        i: usize,
        sim: &mut [Occupant],
        changes: &mut Vec<(CellId, CellId)>,
        out: &mut Vec<(&'a [CellId], GameMove)>,
    ) {
        let Some(&c) = self.path.get(i) else {
            if changes.is_empty() {
                return;
            }
            let mut m = GameMove::simple(MoveKind::Normal, self.piece, self.from, self.to);
            m.captures_to = self.captures_to;
            for &(a, b) in changes.iter() {
                if !m.push_side_change(SideChange::Displace { from: a, to: b }) {
                    return;
                }
            }
            out.push((self.path, m));
            return;
        };
        let o = sim[c.index()];
        let last = i + 1 == self.path.len();
        if last && self.captures_to && self.g.royal[o.kind().index()] {
            // A royal is attacked only along paths that displace nothing.
            return;
        }
        if o.is_empty() || (last && self.captures_to) {
            return self.go(i + 1, sim, changes, out);
        }
        if !self.rule.kinds.admits(o.kind()) || self.g.neutral[o.kind().index()] {
            // A piece the walk passed over (never moved: not one to displace); a ply
            // ending on one (a teleport) is no displacing move.
            if last {
                return;
            }
            return self.go(i + 1, sim, changes, out);
        }
        let prev = if i == 0 { self.from } else { self.path[i - 1] };
        let step = self.delta(prev, c);
        if !self.rule.stepping.is_empty() && !self.rule.stepping.contains(&step) {
            return;
        }
        let onward = [step];
        let fields: &[(i16, i16)] = if self.rule.around.is_empty() {
            &onward
        } else {
            &self.rule.around
        };
        for &v in fields {
            let Some(f) = self.step(c, v) else { continue };
            if !sim[f.index()].is_empty() {
                continue;
            }
            sim[f.index()] = o;
            sim[c.index()] = Occupant::EMPTY;
            changes.push((c, f));
            self.go(i + 1, sim, changes, out);
            changes.pop();
            sim[c.index()] = o;
            sim[f.index()] = Occupant::EMPTY;
        }
    }
}

/// Appends the displacing moves of the side to move's pieces that displace.
pub(crate) fn add_displacements(
    g: &Game,
    rules: &DisplaceRules,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    out: &mut Vec<GameMove>,
) {
    let side = pos.side;
    for i in 0..pos.cells.len() {
        let o = pos.cells[i];
        if o.is_empty() || o.side() != side || g.neutral[o.kind().index()] {
            continue;
        }
        let Some(r) = rules.by[o.kind().index()] else {
            continue;
        };
        let rule = &rules.rules[r as usize];
        moves_of(g, rule, walker, pos, o.kind(), CellId(i as u16), |_, m| {
            if !out.contains(&m) {
                out.push(m);
            }
        });
    }
}

impl Game {
    /// The displacing moves of the piece on `from` (of the side to move; `displace`),
    /// pseudo-legal, each with its path (the cells it steps on, in order, from the one
    /// after `from` to its destination); one move may come with several paths. Empty
    /// when that piece does not displace.
    pub fn displacing_plies(
        &self,
        pos: &GamePosition,
        from: CellId,
    ) -> Vec<(Vec<CellId>, GameMove)> {
        let mut out = Vec::new();
        let Some(rules) = self.displace.as_deref() else {
            return out;
        };
        let o = pos.cells[from.index()];
        if o.is_empty() || o.side() != pos.side {
            return out;
        }
        let Some(r) = rules.by[o.kind().index()] else {
            return out;
        };
        let mut walker = Walker::new(self.rules().table());
        let rule = &rules.rules[r as usize];
        moves_of(self, rule, &mut walker, pos, o.kind(), from, |p, m| {
            out.push((p.to_vec(), m))
        });
        out
    }
}

/// The displacing moves of the piece `piece` on `from`.
fn moves_of(
    g: &Game,
    rule: &Rule,
    walker: &mut Walker<'_>,
    pos: &GamePosition,
    piece: PieceId,
    from: CellId,
    mut emit: impl FnMut(&[CellId], GameMove),
) {
    let n = pos.cells.len();
    let side = pos.side;
    let probe = Follow {
        g,
        rule,
        side,
        from,
        piece,
        to: from,
        captures_to: false,
        path: &[],
    };
    // The pieces that might be displaced: a field empty (or the mover's start cell),
    // or holding such a piece, to a fixed point.
    let candidate = |c: usize| {
        let o = pos.cells[c];
        !o.is_empty()
            && c != from.index()
            && !g.neutral[o.kind().index()]
            && rule.kinds.admits(o.kind())
    };
    let mut hidden = vec![false; n];
    let fields_of = |c: CellId| -> Vec<CellId> {
        if rule.around.is_empty() {
            // One step on: any direction the mover may come from.
            [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ]
            .iter()
            .filter_map(|&v| probe.step(c, v))
            .collect()
        } else {
            rule.around
                .iter()
                .filter_map(|&v| probe.step(c, v))
                .collect()
        }
    };
    let mut changed = true;
    while changed {
        changed = false;
        for c in 0..n {
            if hidden[c] || !candidate(c) {
                continue;
            }
            let free = fields_of(CellId(c as u16))
                .into_iter()
                .any(|f| f == from || pos.cells[f.index()].is_empty() || hidden[f.index()]);
            if free {
                hidden[c] = true;
                changed = true;
            }
        }
    }
    if !hidden.iter().any(|&h| h) {
        return;
    }
    let cells: Vec<Occupant> = (0..n)
        .map(|c| {
            if hidden[c] {
                Occupant::EMPTY
            } else {
                pos.cells[c]
            }
        })
        .collect();
    let mut sink = Paths {
        hidden: &hidden,
        plies: Vec::new(),
        cells: Vec::new(),
    };
    walker.walk(
        &Without { pos, cells: &cells },
        side,
        piece,
        from,
        &mut sink,
    );
    if sink.plies.is_empty() {
        return;
    }
    let mut sim: Vec<Occupant> = pos.cells.to_vec();
    sim[from.index()] = Occupant::EMPTY;
    let mut changes = Vec::new();
    let mut found = Vec::new();
    for &(to, captures_to, at, len) in &sink.plies {
        let f = Follow {
            path: &sink.cells[at..at + len],
            to,
            captures_to,
            ..probe
        };
        f.go(0, &mut sim, &mut changes, &mut found);
    }
    for (p, m) in found {
        emit(p, m);
    }
}
