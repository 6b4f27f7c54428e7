//! alignment: `alignment PIECES, entered by PIECES [, demote KINDS to PIECE] [,
//! resurrect KINDS by PIECES [beside PIECES]]` — lines of equal steps holding three or
//! more pieces of the aligned kinds (the Croatian syzygy: Stars, Monoliths and
//! Starchilds), and what a move entering one allows.
//!
//! Owns the game's rule ([`AlignmentRule`]), the alignments of a position
//! ([`Game::alignments`], [`Alignment`]), the pieces a move entering one may demote
//! ([`Game::demotions`]) and the captured pieces it may bring back
//! ([`Game::resurrections`]). Three pieces are aligned when one step, repeated, joins their
//! cells; the shortest such step is the line's (the book's syzygy-step: Discovery,
//! "Two-Monoliths syzygy"), and every cell of the board it reaches from them, both
//! ways, is a field of the line (the book's syzygy-fields: "For horizontal and
//! vertical syzygy, syzygy-fields are the same as Rook step-fields").
//!
//! The demotion is played: the move generator offers, beside each move entering, that
//! move with each demotion it allows as a side change ([`add_demotions`]: the piece
//! put back on its cell as the demoted kind, `crate::SideChange::Put`); perft counts
//! them. So is the resurrection: a game with `resurrect` keeps each side's captured
//! pieces (its graveyard, in the position's hands, filled by `make`), and a move of a
//! `by` kind entering brings one back, either side's, as a side change
//! (`crate::SideChange::Revive`: a drop from the graveyard onto the entering piece's
//! cell, which it leaves for its own graveyard, or for a `beside` kind onto an empty
//! cell next to it). Not yet: a demoted Pawn on the opponent's figure row tagged for
//! promotion; a piece a side change's put removes kept in the graveyard.

use crate::ids::{CellId, PieceId, Side};
use crate::ir::{Coord, KindFilter};
use crate::{Game, GameMove, GamePosition, MoveKind, SideChange};

/// The game's `alignment` rule, per kind.
#[derive(Clone, Debug)]
pub(crate) struct AlignmentRule {
    /// Per kind: it lines up.
    lines_up: Vec<bool>,
    /// Per kind: its move into line enters an alignment.
    enters: Vec<bool>,
    /// The kinds a move entering may demote, and what they become.
    demote: Option<(KindFilter, PieceId)>,
    /// Per kind: its move into line may resurrect (`resurrect ... by`).
    resurrects: Vec<bool>,
    /// The kinds that may come back, and per kind: it comes back beside the entering
    /// piece (`beside`).
    revive: Option<(KindFilter, Vec<bool>)>,
}

impl AlignmentRule {
    /// The rule of `a` for a game of `pieces` kinds.
    pub(crate) fn new(a: &crate::ir::Alignment, pieces: usize) -> AlignmentRule {
        let mask = |kinds: &[PieceId]| {
            let mut m = vec![false; pieces];
            for k in kinds {
                m[k.index()] = true;
            }
            m
        };
        let r = a.resurrect.as_ref();
        AlignmentRule {
            lines_up: mask(&a.pieces),
            enters: mask(&a.entered_by),
            demote: a.demote.clone(),
            resurrects: mask(r.map_or(&[][..], |r| &r.by)),
            revive: r.map(|r| (r.kinds.clone(), mask(&r.beside))),
        }
    }
}

/// One alignment of a position: three or more pieces of the aligned kinds on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alignment {
    /// The line's step (the shortest joining its pieces), as (files, ranks), the first
    /// non-zero coordinate positive.
    pub step: (i16, i16),
    /// The cells of its pieces, in order along the step.
    pub members: Vec<CellId>,
    /// Every cell of the board on the line (the members' too), in order along the step.
    pub fields: Vec<CellId>,
}

fn gcd(a: i16, b: i16) -> i16 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Game {
    fn alignment_rule(&self) -> Option<&AlignmentRule> {
        self.alignment.as_deref()
    }

    /// The alignments among the pieces on `cells` (each a piece of an aligned kind).
    fn lines_of(&self, cells: &[CellId]) -> Vec<Alignment> {
        let board = self.board();
        let xy = |c: CellId| {
            let p = board.coord(c);
            (p.x, p.y)
        };
        // Each line once: its step and the cross product that tells its parallels apart.
        let mut lines: Vec<((i16, i16), i32)> = Vec::new();
        for (i, &a) in cells.iter().enumerate() {
            for &b in &cells[i + 1..] {
                let ((ax, ay), (bx, by)) = (xy(a), xy(b));
                let (dx, dy) = (bx - ax, by - ay);
                let g = gcd(dx, dy).max(1);
                let (mut sx, mut sy) = (dx / g, dy / g);
                if sx < 0 || (sx == 0 && sy < 0) {
                    (sx, sy) = (-sx, -sy);
                }
                let key = ((sx, sy), sx as i32 * ay as i32 - sy as i32 * ax as i32);
                if !lines.contains(&key) {
                    lines.push(key);
                }
            }
        }
        let mut out = Vec::new();
        for ((sx, sy), cross) in lines {
            // On the line: the step is primitive, so a cell whose offset from a member
            // is parallel to it is a whole number of steps away.
            let on = |c: CellId| {
                let (x, y) = xy(c);
                sx as i32 * y as i32 - sy as i32 * x as i32 == cross
            };
            let mut members: Vec<CellId> = cells.iter().copied().filter(|&c| on(c)).collect();
            if members.len() < 3 {
                continue;
            }
            let along = |c: CellId| {
                let (x, y) = xy(c);
                x as i32 * sx as i32 + y as i32 * sy as i32
            };
            members.sort_by_key(|&c| along(c));
            // The fields: from the first member back to the edge, then on to the other.
            let (x0, y0) = xy(members[0]);
            let mut k = 0i16;
            while in_grid(board, x0 - (k + 1) * sx, y0 - (k + 1) * sy) {
                k += 1;
            }
            let mut fields = Vec::new();
            let (mut x, mut y) = (x0 - k * sx, y0 - k * sy);
            while in_grid(board, x, y) {
                if let Some(c) = board.cell_at(Coord { x, y }) {
                    fields.push(c);
                }
                (x, y) = (x + sx, y + sy);
            }
            out.push(Alignment {
                step: (sx, sy),
                members,
                fields,
            });
        }
        out
    }

    /// The cells of the pieces of aligned kinds on `pos`.
    fn aligned_pieces(&self, rule: &AlignmentRule, pos: &GamePosition) -> Vec<CellId> {
        (0..pos.cells.len())
            .filter(|&i| {
                let o = pos.cells[i];
                !o.is_empty() && rule.lines_up[o.kind().index()]
            })
            .map(|i| CellId(i as u16))
            .collect()
    }

    /// The alignments of `pos` (`alignment ...`): every line of equal steps holding
    /// three or more pieces of the aligned kinds. Empty in games without `alignment`.
    pub fn alignments(&self, pos: &GamePosition) -> Vec<Alignment> {
        match self.alignment_rule() {
            Some(rule) => self.lines_of(&self.aligned_pieces(rule, pos)),
            None => Vec::new(),
        }
    }

    /// The cells of the pieces that the piece on `from`, moving to the empty cell `to`
    /// for `side`, may demote (`alignment ..., demote KINDS to PIECE`): when it is of a
    /// kind that enters, stands in no alignment on `from` and stands in one on `to`
    /// (the book's "Monolith must move from an ordinary, non-syzygy field into
    /// syzygy"), the pieces of `side` of the demoted kinds on the fields of the
    /// alignments it enters; else none. Empty in games without `alignment` or without
    /// `demote`.
    pub fn demotions(
        &self,
        pos: &GamePosition,
        side: Side,
        from: CellId,
        to: CellId,
    ) -> Vec<CellId> {
        let Some(rule) = self.alignment_rule() else {
            return Vec::new();
        };
        let Some((filter, into)) = &rule.demote else {
            return Vec::new();
        };
        let o = pos.cells[from.index()];
        if o.is_empty() || !rule.enters[o.kind().index()] {
            return Vec::new();
        }
        let mut out = Vec::new();
        for a in &self.entered(rule, pos, from, to) {
            for &c in &a.fields {
                let p = pos.cells[c.index()];
                if c != from
                    && !p.is_empty()
                    && !self.neutral[p.kind().index()]
                    && p.side() == side
                    && p.kind() != *into
                    && !self.is_royal(p.kind())
                    && filter.admits(p.kind())
                    && !out.contains(&c)
                {
                    out.push(c);
                }
            }
        }
        out.sort();
        out
    }

    /// The alignments a piece moving from `from` onto the empty cell `to` enters: none
    /// when it stands in one on `from` (the book: "Starchild has to move from a
    /// normal, non-syzygy field into syzygy"), else those it stands in on `to`.
    fn entered(
        &self,
        rule: &AlignmentRule,
        pos: &GamePosition,
        from: CellId,
        to: CellId,
    ) -> Vec<Alignment> {
        if !pos.cells[to.index()].is_empty() {
            return Vec::new();
        }
        let before = self.aligned_pieces(rule, pos);
        if self
            .lines_of(&before)
            .iter()
            .any(|a| a.members.contains(&from))
        {
            return Vec::new();
        }
        let after: Vec<CellId> = before
            .iter()
            .copied()
            .filter(|&c| c != from)
            .chain(std::iter::once(to))
            .collect();
        self.lines_of(&after)
            .into_iter()
            .filter(|a| a.members.contains(&to))
            .collect()
    }

    /// The resurrections the piece on `from`, moving to the empty cell `to`, may make
    /// (`alignment ..., resurrect KINDS by PIECES [beside PIECES]`): when it is of a
    /// `by` kind and enters an alignment (as for [`Game::demotions`]), one per piece
    /// it may bring back and cell: each kind `KINDS` admits (not royal) with a piece
    /// in either side's graveyard (a side's captured pieces: the position's hands in
    /// such a game), onto `to` (the entering piece then goes to its own graveyard:
    /// the book's "A piece is resurrected by replacing initiating Starchild"), or,
    /// for a `beside` kind, onto each cell next to `to` empty once the move is made
    /// (onto `to` only when there is none). Empty in games without `resurrect`.
    pub fn resurrections(&self, pos: &GamePosition, from: CellId, to: CellId) -> Vec<SideChange> {
        let Some(rule) = self.alignment_rule() else {
            return Vec::new();
        };
        let Some((filter, beside)) = &rule.revive else {
            return Vec::new();
        };
        let o = pos.cells[from.index()];
        if o.is_empty() || !rule.resurrects[o.kind().index()] {
            return Vec::new();
        }
        // The graveyard first: most positions have nothing to bring back.
        let mut dead = Vec::new();
        for side in Side::BOTH {
            for (k, &n) in pos.hands[side.index()].iter().enumerate() {
                let kind = PieceId(k as u8);
                if n > 0 && filter.admits(kind) && !self.neutral[k] && !self.is_royal(kind) {
                    dead.push((side, kind));
                }
            }
        }
        if dead.is_empty() || self.entered(rule, pos, from, to).is_empty() {
            return Vec::new();
        }
        let board = self.board();
        let at = board.coord(to);
        let mut around = Vec::new();
        for dy in -1..=1i16 {
            for dx in -1..=1i16 {
                let (x, y) = (at.x + dx, at.y + dy);
                if (dx, dy) == (0, 0) || !in_grid(board, x, y) {
                    continue;
                }
                if let Some(c) = board.cell_at(Coord { x, y }) {
                    if c == from || pos.cells[c.index()].is_empty() {
                        around.push(c);
                    }
                }
            }
        }
        around.sort();
        let mut out = Vec::new();
        for (side, kind) in dead {
            if beside[kind.index()] && !around.is_empty() {
                for &cell in &around {
                    out.push(SideChange::Revive { cell, side, kind });
                }
            } else {
                out.push(SideChange::Revive {
                    cell: to,
                    side,
                    kind,
                });
            }
        }
        out
    }
}

/// Adds to `out` after each of the moves `out[first..]` that enters an alignment
/// ([`Game::demotions`]: a walk of a piece of a kind that enters, from a cell in no
/// alignment onto an empty cell in one, without a cascade) the same move demoting
/// each piece it may demote, one a move (the book's "optionally can demote one own
/// figure": the move without a demotion stays), and the same move with each
/// resurrection it may make ([`Game::resurrections`]; "Since it's always optional,
/// resurrection does not have to be performed at all"). Nothing in games without
/// `demote` or `resurrect`.
pub(crate) fn add_demotions(g: &Game, pos: &GamePosition, out: &mut Vec<GameMove>, first: usize) {
    let Some(rule) = g.alignment_rule() else {
        return;
    };
    if rule.demote.is_none() && rule.revive.is_none() {
        return;
    }
    let side = pos.side;
    let board = g.board();
    let xy = |c: CellId| {
        let p = board.coord(c);
        (p.x as i32, p.y as i32)
    };
    // The aligned pieces, once: a move enters only when its destination is on a line
    // with two of them but the mover (a cheap test before the full one).
    let aligned: Vec<(CellId, (i32, i32))> = g
        .aligned_pieces(rule, pos)
        .into_iter()
        .map(|c| (c, xy(c)))
        .collect();
    let on_a_line = |from: CellId, to: CellId| {
        let (tx, ty) = xy(to);
        let others: Vec<(i32, i32)> = aligned
            .iter()
            .filter(|&&(c, _)| c != from && c != to)
            .map(|&(_, p)| p)
            .collect();
        others.iter().enumerate().any(|(i, &(ax, ay))| {
            others[i + 1..]
                .iter()
                .any(|&(bx, by)| (bx - ax) * (ty - ay) == (by - ay) * (tx - ax))
        })
    };
    let mut i = first;
    while i < out.len() {
        let m = out[i];
        i += 1;
        let (demotes, resurrects) = (
            rule.demote.is_some() && rule.enters[m.piece.index()],
            rule.revive.is_some() && rule.resurrects[m.piece.index()],
        );
        if m.kind != MoveKind::Normal
            || !(demotes || resurrects)
            || m.has_cascade()
            || m.captures_to
            || m.push_to.is_some()
            || m.convert.is_some()
            || m.has_side_changes()
            || !on_a_line(m.from, m.to)
        {
            continue;
        }
        let demoted = match rule.demote {
            Some((_, into)) if demotes => g
                .demotions(pos, side, m.from, m.to)
                .into_iter()
                .map(|cell| SideChange::Put {
                    cell,
                    piece: Some((side, into)),
                })
                .collect(),
            _ => Vec::new(),
        };
        let revived = if resurrects {
            g.resurrections(pos, m.from, m.to)
        } else {
            Vec::new()
        };
        for c in demoted.into_iter().chain(revived) {
            let mut d = m;
            if d.push_side_change(c) {
                out.insert(i, d);
                i += 1;
            }
        }
    }
}

/// Whether (x, y) is on the board's grid (a hole too).
fn in_grid(board: &crate::topology::Board, x: i16, y: i16) -> bool {
    x >= 0 && y >= 0 && x < board.width() as i16 && y < board.height() as i16
}
