//! shape: captures by a move's shape, not by its path — `withdraw` (the enemy the
//! mover moves straight away from), `pincer` (custodian capture: an enemy between the
//! mover's new cell and a friend) and `coordinate` (the enemies where the mover's new
//! file and rank cross those of a friendly piece), Ultima's captures.
//!
//! They are added to each move of a marked pattern when the move is generated, as
//! captures in passing ([`GameMove::passing_captures`]), so that make, unmake, the
//! hash, notation (`e2e5xe6`) and legality (a royal taken so is taken) see them as any
//! capture. They are automatic: a move of such a pattern takes every piece its shape
//! takes. A piece immune to the mover (`immune`) is not taken.

use super::{admitted, GameEffects};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{Coord, PatternActions, Vector};
use crate::topology::Board;
use crate::{Game, GameMove, GamePosition, MoveKind, MAX_CHAIN};

/// The shape captures of one marked pattern, resolved.
#[derive(Clone, Debug, Default)]
pub(super) struct ShapeCaptures {
    /// `withdraw`: per kind, taken.
    withdraw: Option<Vec<bool>>,
    /// `pincer`: per kind, taken; the steps from the mover's new cell (first side's
    /// view).
    pincer: Option<(Vec<bool>, Vec<Vector>)>,
    /// `coordinate`: per kind, taken; the partner kind.
    coordinate: Option<(Vec<bool>, PieceId)>,
}

impl ShapeCaptures {
    /// The shape captures of `a` (`None` when it has none).
    pub(super) fn new(a: &PatternActions, pieces: usize) -> Option<ShapeCaptures> {
        a.shape_captures().then(|| ShapeCaptures {
            withdraw: a.withdraw.as_ref().map(|k| admitted(k, pieces)),
            pincer: a
                .pincer
                .as_ref()
                .map(|p| (admitted(&p.kinds, pieces), p.around.clone())),
            coordinate: a
                .coordinate
                .as_ref()
                .map(|c| (admitted(&c.kinds, pieces), c.with)),
        })
    }
}

/// The cell `c` plus `k` times `(dx, dy)`, if on the board.
fn offset(board: &Board, c: Coord, dx: i16, dy: i16, k: i16) -> Option<CellId> {
    board.cell_at(Coord {
        x: c.x + k * dx,
        y: c.y + k * dy,
    })
}

impl GameEffects {
    /// Whether some pattern captures by its move's shape.
    pub(crate) fn shapes(&self) -> bool {
        self.shapes
    }

    /// The cells the pseudo-legal move `m` of the side to move in `pos` takes by its
    /// shape, in cell order.
    pub(crate) fn shape_taken(&self, g: &Game, pos: &GamePosition, m: &GameMove) -> Vec<CellId> {
        let mut bare = *m;
        bare.n_passing = 0;
        self.add_shape_captures(g, pos, &mut bare);
        let mut out: Vec<CellId> = bare.passing_captures().collect();
        out.sort_unstable();
        out
    }

    /// Adds to `m`, a pseudo-legal move of the side to move in `pos`, the captures its
    /// pattern makes by the move's shape (as captures in passing).
    pub(crate) fn add_shape_captures(&self, g: &Game, pos: &GamePosition, m: &mut GameMove) {
        if m.kind != MoveKind::Normal || m.convert.is_some() || m.has_cascade() {
            return;
        }
        let Some(shape) = self.marked(m).and_then(|a| a.shape.as_ref()) else {
            return;
        };
        let side = pos.side;
        let board = g.board();
        let (from, to) = (board.coord(m.from), board.coord(m.to));
        let (mover, start, dest) = (m.piece, m.from, m.to);
        // Whether the piece on `c` is an enemy that `kinds` admits and may be taken.
        let takes = |c: CellId, kinds: &[bool]| {
            let o = pos.cells[c.index()];
            c != start
                && !o.is_empty()
                && o.side() != side
                && !g.is_neutral(o.kind())
                && kinds[o.kind().index()]
                && !self.immune[o.kind().index() * self.pieces + mover.index()]
        };
        // The cells taken, before they join the move's captures in passing.
        let mut found = [CellId(0); MAX_CHAIN];
        let mut n_found = 0;
        let mut add = |c: CellId| {
            if n_found < MAX_CHAIN {
                found[n_found] = c;
                n_found += 1;
            }
        };
        if let Some(kinds) = &shape.withdraw {
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            if (dx, dy) != (0, 0) && (dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                let behind = offset(board, from, -dx.signum(), -dy.signum(), 1);
                if let Some(c) = behind.filter(|&c| takes(c, kinds)) {
                    add(c);
                }
            }
        }
        if let Some((kinds, around)) = &shape.pincer {
            for v in around {
                let dy = if side == Side::Second { -v.dy } else { v.dy };
                let (dx, dy) = (i16::from(v.dx), i16::from(dy));
                let (Some(near), Some(far)) =
                    (offset(board, to, dx, dy, 1), offset(board, to, dx, dy, 2))
                else {
                    continue;
                };
                let partner = pos.cells[far.index()];
                let friend = far != start
                    && !partner.is_empty()
                    && partner.side() == side
                    && !g.is_neutral(partner.kind());
                if friend && takes(near, kinds) {
                    add(near);
                }
            }
        }
        if let Some((kinds, with)) = &shape.coordinate {
            let mut partner_at = |k: Coord| {
                for c in [Coord { x: to.x, y: k.y }, Coord { x: k.x, y: to.y }] {
                    if let Some(c) = board.cell_at(c).filter(|&c| takes(c, kinds)) {
                        add(c);
                    }
                }
            };
            if mover == *with {
                partner_at(to);
            }
            for (i, &o) in pos.cells.iter().enumerate() {
                let c = CellId(i as u16);
                if c != start && !o.is_empty() && o.side() == side && o.kind() == *with {
                    partner_at(board.coord(c));
                }
            }
        }
        for &c in &found[..n_found] {
            let n = m.n_passing as usize;
            if n < MAX_CHAIN && !m.passing[..n].contains(&c.0) && !(m.captures_to && c == dest) {
                m.passing[n] = c.0;
                m.n_passing += 1;
            }
        }
    }
}
