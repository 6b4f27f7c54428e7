//! plan: how the legal count of a simple node (no check by a cannon, at most one
//! check, no gating, no blast, no pieces answered forward) counts the moves of a piece
//! of one kind on one cell — decided once at game build time from the other kernels,
//! so that the count's loop looks up one entry per piece instead of asking the pawn
//! shifts, the listed cells, the reach and the promotion zones in turn.
//!
//! A [`Plan`] is exactly what `count_legal`'s general path would do there in such a
//! node: a piece of a kind counted at once ([`super::shifts`]) from that cell is
//! gathered (when not pinned); the royal with a reach none of whose landings promotes
//! is counted by asking the attack kernel about each destination; any other piece with
//! a reach of rays, not listed from that cell and with no landing where it may
//! promote, is counted as its reach within its allowed cells. Everything else is
//! [`Plan::Other`], the general path. A landing that may promote makes the general
//! path test the moves one by one only when the reach of the node holds it; the plan
//! refuses such a tree from every node, so the general path stays the one that
//! decides for it.

use super::bits::Bits;
use super::reach::{Reach, Tree};
use super::shifts::{self, Shifts};
use crate::ids::{PieceId, Side};

/// What the legal count of a simple node does with a piece of one kind on one cell.
/// Eight bytes: a tree is named by its index ([`Plans::tree`], or a swept form's
/// index in [`Reach`]), so that a lookup loads little.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// The general path of the count.
    Other,
    /// Counted at once with its kind's other pieces (a pawn), in this slot of
    /// [`Shifts::kinds`], unless pinned (then the general path).
    Gather(u8),
    /// The royal: its reach ([`Reach::of_planned`] of [`Plans::tree`] of this
    /// index), each destination asked of the attack kernel.
    Royal(u32),
    /// Its reach ([`Reach::of_planned`] of [`Plans::tree`] of this index) within the
    /// cells it may end on.
    Reach(u32),
    /// [`Plan::Royal`] for a tree with a swept form ([`Reach::of_swept`] of this
    /// index).
    SweptRoyal(u32),
    /// [`Plan::Reach`] for a tree with a swept form ([`Reach::of_swept`] of this
    /// index).
    SweptReach(u32),
}

/// The plans of every (side, kind, cell), a side's laid out cell by cell with a
/// power of two of entries per cell, so that a lookup is a shift and an or.
#[derive(Clone, Debug)]
pub(crate) struct Plans {
    /// The board's cells (0 when no plans are kept).
    cells: usize,
    /// log2 of the entries per cell (at least the number of kinds).
    shift: u32,
    /// `[((side * cells + cell) << shift) | piece]`.
    plans: Vec<Plan>,
    /// The trees the plans without a swept form name.
    trees: Vec<Tree>,
}

/// The plans of one side ([`Plans::side`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SidePlans<'a> {
    shift: u32,
    plans: &'a [Plan],
}

impl SidePlans<'_> {
    /// The plan of `piece` on `cell`.
    #[inline(always)]
    pub(crate) fn of(&self, piece: PieceId, cell: usize) -> Plan {
        self.plans[cell.wrapping_shl(self.shift) | piece.index()]
    }
}

impl Plans {
    /// The plans from the other kernels: `royal` per kind, `listed_from` and
    /// `promotes` per `side * pieces + piece` (see [`super::Bitboards`]).
    pub(crate) fn build<B: Bits>(
        (reach, shifts): (&Reach<B>, &Shifts<B>),
        (pieces, cells): (usize, usize),
        royal: &[bool],
        (listed_from, promotes): (&[B], &[B]),
    ) -> Plans {
        let shift = pieces.max(1).next_power_of_two().trailing_zeros();
        if !Reach::<B>::BUILT {
            // No reaches at this width: the count never asks (none kept).
            return Plans {
                cells: 0,
                shift,
                plans: Vec::new(),
                trees: Vec::new(),
            };
        }
        let mut plans = vec![Plan::Other; (2 * cells) << shift];
        let mut trees = Vec::new();
        for side in Side::BOTH {
            for p in 0..pieces {
                let piece = PieceId(p as u8);
                let at = side.index() * pieces + p;
                let slot = shifts.slot(side, piece);
                let from = shifts.from(side, piece);
                let is_royal = royal.get(p).copied().unwrap_or(false);
                let (listed, promotes) = (listed_from[at], promotes[at]);
                for c in 0..cells {
                    let plan = if slot != shifts::NONE && from.has(c) {
                        Plan::Gather(slot)
                    } else if !is_royal && listed.has(c) {
                        continue;
                    } else if let Some(t) = reach.planned(side, piece, c) {
                        if !promotes.is_zero()
                            && !(reach.landings(reach.tree(side, piece, c)) & promotes).is_zero()
                        {
                            continue;
                        }
                        match (reach.swept_of(t), is_royal) {
                            (Some(w), true) => Plan::SweptRoyal(w),
                            (Some(w), false) => Plan::SweptReach(w),
                            (None, royal) => {
                                trees.push(t);
                                let at = (trees.len() - 1) as u32;
                                if royal {
                                    Plan::Royal(at)
                                } else {
                                    Plan::Reach(at)
                                }
                            }
                        }
                    } else {
                        continue;
                    };
                    plans[((side.index() * cells + c) << shift) | p] = plan;
                }
            }
        }
        Plans {
            cells,
            shift,
            plans,
            trees,
        }
    }

    /// The tree a [`Plan::Royal`] or [`Plan::Reach`] names.
    #[inline(always)]
    pub(crate) fn tree(&self, at: u32) -> Tree {
        self.trees[at as usize]
    }

    /// The plans of `side` (none on a board too wide for reaches).
    #[inline(always)]
    pub(crate) fn side(&self, side: Side) -> SidePlans<'_> {
        let n = self.cells << self.shift;
        SidePlans {
            shift: self.shift,
            plans: &self.plans[side.index() * n..side.index() * n + n],
        }
    }

    /// The plan of `piece` of `side` on `cell`.
    #[cfg(test)]
    pub(crate) fn of(&self, side: Side, piece: PieceId, cell: usize) -> Plan {
        self.side(side).of(piece, cell)
    }
}

#[cfg(test)]
mod tests {
    use super::Plan;
    use crate::ids::{PieceId, Side};
    use crate::Game;

    /// Chess: pawns are gathered (but from the rank they promote from), the king is
    /// planned as the royal, knights and riders by their reach (but a bishop in a
    /// corner); on the rank a pawn promotes from, its moves take the general path. The counts of positions that
    /// take every plan (a pinned pawn, a check, a promotion) agree with the legal list.
    #[test]
    fn chess_plans_cover_every_piece_but_promoting_pawns() {
        let game = Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess");
        let id = |letter: &str| PieceId(game.rules().piece(letter).expect(letter).0);
        with_bits!(&game.bits, k => {
            for side in Side::BOTH {
                let planned = |p: &str| {
                    (0..64)
                        .filter(|&c| match k.plans.of(side, id(p), c) {
                            Plan::Royal(..) | Plan::SweptRoyal(..) => p == "K",
                            Plan::Reach(..) | Plan::SweptReach(..) => p != "K",
                            _ => false,
                        })
                        .count()
                };
                // Every cell, but a bishop in a corner: a tree of one ray keeps its
                // ray (`reach`), so it has no reach to plan.
                for (p, n) in [("K", 64), ("N", 64), ("B", 60), ("R", 64), ("Q", 64)] {
                    assert_eq!(planned(p), n, "{p}");
                }
                // A pawn is gathered from the cells it is counted at once from (every
                // cell but the rank it promotes from), else the general path.
                let pawns: Vec<Plan> = (0..64).map(|c| k.plans.of(side, id("P"), c)).collect();
                let gathered = pawns.iter().filter(|p| matches!(p, Plan::Gather(_))).count();
                assert_eq!(gathered, 56);
                assert_eq!(pawns.iter().filter(|&&p| p == Plan::Other).count(), 8);
            }
        }, None => panic!("chess has a kernel"));
        let mut generator = game.move_generator();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/1P4p1/8/2pP4/1P6/p6P/P1p3P1/4K3 w - c6 0 1",
            "8/8/3k4/8/4b3/3P4/2K5/8 w - - 0 1",
            "4k3/8/8/1b6/8/3P4/4K3/8 w - - 0 1",
            "4k3/4r3/8/8/8/8/3PNB2/2Q1K3 w - - 0 1",
        ] {
            let mut pos = game.position(fen).expect(fen);
            let mut moves = Vec::new();
            generator.legal_moves(&mut pos, &mut moves);
            assert_eq!(generator.count_legal(&mut pos), moves.len() as u64, "{fen}");
        }
    }
}
