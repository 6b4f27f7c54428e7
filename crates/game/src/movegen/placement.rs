//! placement: the drop rules of a setup phase (Placement chess, Sittuyin): pieces
//! `dropped first` (while the side holds one and may drop one, its move is such a
//! drop) and kinds dropped on `opposite colours` (Placement's bishops: half on light,
//! half on dark cells).

use crate::ids::{CellId, PieceId, Side};
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveKind};

/// A game's setup-phase drop rules, resolved; `None` in a game without them.
#[derive(Clone, Debug)]
pub(crate) struct DropPhase {
    /// Some kind is `dropped first`.
    pub first: bool,
    /// The kinds dropped on `opposite colours`.
    pub colours: Vec<PieceId>,
    /// Indexed by cell id: the cell is dark (a1 is dark), on a game with `colours`.
    pub dark: Vec<bool>,
}

impl DropPhase {
    /// Whether dropping a piece of kind `placed` on `to` leaves the `opposite colours`
    /// kinds of `side` room to be split evenly between light and dark cells: a drop of
    /// such a kind may not put more than half of the side's pieces of it (rounded up,
    /// those in hand counted) on one colour; a drop of any other kind must leave at
    /// least half of them (rounded down) cells of each colour, counting the cells they
    /// stand on and the free cells where they may be dropped.
    pub(crate) fn colours_allow(
        &self,
        g: &Game,
        pos: &GamePosition,
        side: Side,
        placed: PieceId,
        to: CellId,
    ) -> bool {
        let s = side.index();
        self.colours.iter().all(|&b| {
            let n = usize::from(pos.counts[s][b.index()]) + usize::from(pos.hands[s][b.index()]);
            let own = Occupant::piece(side, b);
            if placed == b {
                let dark = self.dark[to.index()];
                let same = (0..pos.cells.len())
                    .filter(|&c| pos.cells[c] == own && self.dark[c] == dark)
                    .count();
                return same < n.div_ceil(2);
            }
            let forbidden = &g.drop_limits[s * g.pieces + b.index()].forbidden;
            let mut room = [0usize; 2];
            for c in 0..pos.cells.len() {
                let o = pos.cells[c];
                if o == own || (o.is_empty() && !forbidden[c] && c != to.index()) {
                    room[usize::from(self.dark[c])] += 1;
                }
            }
            room[0] >= n / 2 && room[1] >= n / 2
        })
    }
}

/// `dropped first`: when the side to move holds a piece dropped first and some legal
/// move drops one, keeps only those drops.
pub(crate) fn keep_first_drops(g: &Game, pos: &GamePosition, moves: &mut Vec<GameMove>) {
    let s = pos.side.index();
    let first = |p: PieceId| g.drop_limits[s * g.pieces + p.index()].first;
    let holds = (0..g.pieces).any(|p| pos.hands[s][p] > 0 && first(PieceId(p as u8)));
    if !holds {
        return;
    }
    let is_first_drop = |m: &GameMove| m.kind == MoveKind::Drop && first(m.piece);
    if moves.iter().any(is_first_drop) {
        moves.retain(is_first_drop);
    }
}
