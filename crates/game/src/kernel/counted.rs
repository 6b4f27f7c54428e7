//! counted: destination sets for perft's bulk count in a game that has no bitboard
//! kernel ([`super::BitKernel::None`]: its attacks do not fit one — Janggi's cannons,
//! whose screens may not be cannons) on a board of up to 128 cells.
//!
//! Such a game counts its last ply with the quick legality test
//! (`MoveGenerator::count_prepared`), walking each piece's rays cell by cell and
//! asking per destination whether the quick test marked it. In a node where the
//! royal's attackers are out of reach (no piece of the other side stands where one
//! could ever capture on the royal's cell), the quick test marks nothing a move of a
//! plain piece could change: every such move is legal, so the piece's moves are
//! counted as the cells of its reach ([`super::reach::Reach`], word operations on the
//! occupancy) instead. Elsewhere the same holds for a piece that stands on no cell the
//! royal's query looked at (no possible pin) and whose reach holds none of the cells
//! where a piece put could open a path to the royal ([`crate::attack::marks::Marks::put_set`]).
//!
//! Only pieces whose kind is not royal and never promotes get a tree here (a promotion's choices are
//! moves of their own), and only games without neutral pieces (a wall the rays may not
//! take is not a foe of the sets).

use super::bits::Bits;
use super::reach::{Reach, Tree};
use crate::ids::{PieceId, Side};
use crate::table::Kernels;

/// The reaches of a game without a bitboard kernel, laid out per (side, piece, cell)
/// for the count (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Counted {
    reach: Reach<u128>,
    pieces: usize,
    cells: usize,
    /// `[(side * pieces + piece) * cells + cell]`: the piece's rays from that cell as
    /// [`Reach::planned`] lays them out, or `None` (no reach, or a kind that promotes).
    trees: Vec<Option<Tree>>,
}

impl Counted {
    /// The sets of the pieces whose rays have a reach, for a board of `cells` cells
    /// (`None` past 128 cells, or when no tree has a reach). `royal`: per piece, a
    /// royal kind (none of its trees is kept); `promo_to`, `promo_from`: per (side,
    /// piece), the cells where a move of it may promote, ending or starting there
    /// (a kind that may promote keeps none).
    pub(crate) fn build(
        kernels: &Kernels,
        (royal, pieces, cells): (&[bool], usize, usize),
        (promo_to, promo_from): (&[Vec<bool>], &[Vec<bool>]),
    ) -> Option<Counted> {
        if cells > u128::CELLS {
            return None;
        }
        let reach = Reach::<u128>::build(kernels, pieces, cells);
        let mut trees = Vec::with_capacity(2 * pieces * cells);
        for side in Side::BOTH {
            for p in 0..pieces {
                let piece = PieceId(p as u8);
                let at = side.index() * pieces + p;
                let promotes = [promo_to, promo_from]
                    .iter()
                    .any(|z| z.get(at).is_some_and(|z| z.contains(&true)));
                let promotes = promotes || royal.get(p).copied().unwrap_or(true);
                for c in 0..cells {
                    let has = !promotes && reach.tree(side, piece, c).1 > 0;
                    trees.push(has.then(|| reach.planned(side, piece, c)).flatten());
                }
            }
        }
        trees.iter().any(Option::is_some).then_some(Counted {
            reach,
            pieces,
            cells,
            trees,
        })
    }

    /// The tree of `piece` of `side` on cell `from`, if its moves may be counted here.
    #[inline(always)]
    pub(crate) fn tree(&self, side: Side, piece: PieceId, from: usize) -> Option<Tree> {
        self.trees[(side.index() * self.pieces + piece.index()) * self.cells + from]
    }

    /// The destinations of the tree `t` ([`Counted::tree`]) over the occupied cells
    /// `occ`, the other side's `foes` (`unmoved`: the piece has not moved, asked for an
    /// `initial` ray).
    #[inline(always)]
    pub(crate) fn reach(&self, t: Tree, occ: u128, foes: u128, unmoved: impl Fn() -> bool) -> u128 {
        self.reach.of_planned(t, occ, foes, unmoved)
    }
}

/// The number of cells of `set`, one step per cell: a piece's destinations are a few
/// cells, and without the `popcnt` target feature (the build does not enable it)
/// `count_ones` is a sequence of some 30 instructions per word.
#[inline(always)]
pub(crate) fn count(set: u128) -> u64 {
    let mut n = 0;
    for mut w in [set as u64, (set >> 64) as u64] {
        while w != 0 {
            w &= w - 1;
            n += 1;
        }
    }
    n
}
