//! flip: pieces that change sides after a move or a drop — `flip PIECES [, around
//! DIRS] [, enclosed]` (Ataxx: the foes next to the cell where the piece lands;
//! Othello: with `enclosed`, each line of foes from that cell that a piece of the
//! mover's side closes).
//!
//! Applied by make after the move's own changes (through the journaled setters, so
//! unmake, FEN and the hash follow); a flip is no capture (the halfmove clock runs on).
//! `drop ..., enclosing` asks [`Flips::turns_any`] before the drop: a drop is enclosing
//! when its flip would turn a piece. Neutral pieces (walls) are neither turned nor
//! close a line.

use super::Around;
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{AreaEffect, AreaKind, Vector};
use crate::position::GamePosition;
use crate::topology::Board;
use crate::walk::Occupant;
use crate::{Game, GameMove, MoveKind};

/// One `flip` declaration, resolved for the board.
#[derive(Clone, Debug)]
struct FlipRule {
    /// Per kind: a foe of this kind is turned.
    turned: Vec<bool>,
    /// Per kind: neutral (never turned, never closes a line).
    neutral: Vec<bool>,
    /// Without `enclosed`: the cells around each cell, per side.
    around: Option<Around>,
    /// With `enclosed`: the directions of the lines, per side (the second side's
    /// mirrored), walked on the board when asked (a line is at most as long as the
    /// board has cells, and a graph board's line may come round: it stops there).
    lines: [Vec<Vector>; 2],
}

/// The flips of a game: per kind, the rule its moves and drops apply.
#[derive(Clone, Debug)]
pub(crate) struct Flips {
    rules: Vec<FlipRule>,
    /// Per kind: the index in `rules` of its flip.
    of_kind: Vec<Option<usize>>,
}

impl Flips {
    /// The flips among `areas` (`None` when there is none).
    pub(super) fn new(
        areas: &[AreaEffect],
        board: &Board,
        pieces: usize,
        neutral: &[PieceId],
    ) -> Option<Flips> {
        let mut of_kind = vec![None; pieces];
        let mut rules = Vec::new();
        for a in areas {
            let AreaKind::Flip { enclosed } = a.kind else {
                continue;
            };
            let is_neutral: Vec<bool> = (0..pieces)
                .map(|k| neutral.contains(&PieceId(k as u8)))
                .collect();
            let turned = (0..pieces)
                .map(|k| a.foe && !is_neutral[k] && a.kinds.admits(PieceId(k as u8)))
                .collect();
            let lines = if enclosed {
                let geometry = board.geometry();
                [
                    a.around.clone(),
                    a.around
                        .iter()
                        .filter_map(|&v| geometry.mirror(v))
                        .collect(),
                ]
            } else {
                [Vec::new(), Vec::new()]
            };
            for p in &a.pieces {
                of_kind[p.index()].get_or_insert(rules.len());
            }
            rules.push(FlipRule {
                turned,
                neutral: is_neutral,
                around: (!enclosed).then(|| Around::new(board, &a.around)),
                lines,
            });
        }
        (!rules.is_empty()).then_some(Flips { rules, of_kind })
    }

    /// Whether a piece of `kind` flips.
    pub(crate) fn flips(&self, kind: PieceId) -> bool {
        self.of_kind.get(kind.index()).is_some_and(Option::is_some)
    }

    /// Calls `turn` with each cell whose piece a piece of `kind` of `side` standing on
    /// `at` turns (the board as it is: `at` itself is not read); stops at the first
    /// when `turn` returns false.
    fn each_turned(
        &self,
        board: &Board,
        pos: &GamePosition,
        side: Side,
        kind: PieceId,
        at: CellId,
        mut turn: impl FnMut(CellId) -> bool,
    ) {
        let Some(rule) = self.of_kind.get(kind.index()).copied().flatten() else {
            return;
        };
        let rule = &self.rules[rule];
        let foe = |c: CellId| {
            let o = pos.cells[c.index()];
            !o.is_empty() && o.side() != side && rule.turned[o.kind().index()]
        };
        if let Some(around) = &rule.around {
            for &c in around.of(side, at) {
                if foe(c) && !turn(c) {
                    return;
                }
            }
            return;
        }
        let friend = |c: CellId| {
            let o = pos.cells[c.index()];
            !o.is_empty() && o.side() == side && !rule.neutral[o.kind().index()]
        };
        let most = pos.cells.len();
        for &v in &rule.lines[side.index()] {
            // The run of foes from `at`, and whether a friend closes it.
            let mut run = 0;
            let mut c = at;
            let closed = loop {
                match board.step(c, v) {
                    Some(next) if next != at && run < most && foe(next) => {
                        run += 1;
                        c = next;
                    }
                    Some(next) => break run > 0 && next != at && friend(next),
                    None => break false,
                }
            };
            if !closed {
                continue;
            }
            let mut c = at;
            for _ in 0..run {
                let Some(next) = board.step(c, v) else { break };
                if !turn(next) {
                    return;
                }
                c = next;
            }
        }
    }

    /// Whether a piece of `kind` put on the empty cell `at` by `side` would turn a
    /// piece (`drop ..., enclosing`).
    pub(crate) fn turns_any(
        &self,
        board: &Board,
        pos: &GamePosition,
        side: Side,
        kind: PieceId,
        at: CellId,
    ) -> bool {
        let mut any = false;
        self.each_turned(board, pos, side, kind, at, |_| {
            any = true;
            false
        });
        any
    }

    /// Turns the pieces the move `m` of `side`, just made, flips (nothing for a pass:
    /// a null move lands nowhere new).
    pub(super) fn apply<const HASH: bool>(
        &self,
        g: &Game,
        pos: &mut GamePosition,
        m: &GameMove,
        side: Side,
    ) {
        if m.kind == MoveKind::Normal && m.from == m.to {
            return;
        }
        let o = pos.cells[m.to.index()];
        if o.is_empty() || o.side() != side || !self.flips(o.kind()) {
            return;
        }
        // Lines from one cell never share a cell, and a neighbour's verdict does not
        // depend on another's: each piece is turned as it is found.
        let mut turned: Vec<(CellId, PieceId)> = Vec::new();
        self.each_turned(g.board(), pos, side, o.kind(), m.to, |c| {
            turned.push((c, pos.cells[c.index()].kind()));
            true
        });
        for (c, kind) in turned {
            let (promoted, moved) = (pos.promoted(c.index()), pos.moved(c.index()));
            pos.set_cell::<HASH>(&g.keys, c, Occupant::piece(side, kind), promoted, moved);
        }
    }
}
