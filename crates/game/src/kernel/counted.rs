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
//! Hurdle lines (a cannon's, [`crate::table::Hurdles`]) are sets too ([`Line`]), when
//! every line of the game has the same kind filter: a piece of a kind the filter does
//! not admit is a wall (no screen, nothing taken, nothing past), told by reading the
//! two cells where it matters (the screen, the first piece past it).
//!
//! Only pieces whose kind is not royal and never promotes get a tree here (a
//! promotion's choices are moves of their own), and only games without neutral pieces
//! (a wall the rays may not take is not a foe of the sets).

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
    /// [`Reach::planned`] lays them out, or `None` (no reach, a royal kind, or a kind
    /// that promotes).
    trees: Vec<Option<Tree>>,
    /// As `trees`: the piece's hurdle lines from that cell, (first, count) in `lines`
    /// (count 0: none, or it has a tree of rays).
    hurdles: Vec<(u32, u32)>,
    lines: Vec<Line>,
    /// The kinds the hurdle lines' filter does not admit (bit k: kind k).
    wall_kinds: u128,
}

/// One hurdle line as sets: its cells, its seek part (the cells where the screen may
/// stand, first along the line), where it lands before a screen on an empty cell
/// (`empty`) or a foe (`foe`), and past one on an empty cell (`hop_empty`) or the first
/// piece met, a foe (`hop`). `up`: its cell ids rise (else they fall).
#[derive(Clone, Copy, Debug)]
struct Line {
    cells: u128,
    seek: u128,
    empty: u128,
    foe: u128,
    hop: u128,
    hop_empty: u128,
    up: bool,
}

impl Line {
    /// The line of `steps` (the first `seek` the seek part), or `None` when its cell
    /// ids neither rise nor fall.
    fn of(steps: &[crate::table::Step], seek: usize) -> Option<Line> {
        let up = steps.windows(2).all(|w| w[0].cell < w[1].cell);
        let down = steps.windows(2).all(|w| w[0].cell > w[1].cell);
        if !(up || down) || steps.iter().any(|s| s.cell >= 128) {
            return None;
        }
        let mut l = Line {
            cells: 0,
            seek: 0,
            empty: 0,
            foe: 0,
            hop: 0,
            hop_empty: 0,
            up,
        };
        let flag = |on: bool, bit: u128| if on { bit } else { 0 };
        for (k, s) in steps.iter().enumerate() {
            let bit = 1u128 << s.cell;
            l.cells |= bit;
            if k < seek {
                l.seek |= bit;
                l.empty |= flag(s.lands_empty(), bit);
                l.foe |= flag(s.lands_foe(), bit);
            }
            // Past a screen: any step after the first (the screen is in the seek part).
            if k > 0 {
                l.hop |= flag(s.hops(), bit);
                l.hop_empty |= flag(s.hops_empty(), bit);
            }
        }
        Some(l)
    }

    /// Every cell the line may land on.
    fn lands(&self) -> u128 {
        self.empty | self.foe | self.hop | self.hop_empty
    }

    /// The line's destinations over the occupied cells `occ` and the foes `foes`;
    /// `wall(c)`: the piece on the occupied cell `c` is a wall (as
    /// `kernel::run_hurdles` walks it).
    #[inline(always)]
    fn reach(&self, occ: u128, foes: u128, wall: impl Fn(u32) -> bool) -> u128 {
        let b = occ & self.cells;
        if b & self.seek == 0 {
            return self.empty;
        }
        // The first piece along the line (in the seek part, which comes first): the
        // cells before it, and those past it up to the next piece.
        let screen = if self.up {
            b.trailing_zeros()
        } else {
            127 - b.leading_zeros()
        };
        let (bit, below) = (1u128 << screen, (1u128 << screen) - 1);
        let (before, past) = if self.up {
            (below, !(below | bit))
        } else {
            (!(below | bit), below)
        };
        let to = self.empty & before;
        if wall(screen) {
            return to;
        }
        let to = to | self.foe & foes & bit;
        let rest = b & past;
        if rest == 0 {
            return to | self.hop_empty & past;
        }
        let next = if self.up {
            rest.trailing_zeros()
        } else {
            127 - rest.leading_zeros()
        };
        let (next_bit, next_below) = (1u128 << next, (1u128 << next) - 1);
        let short = if self.up {
            next_below
        } else {
            !(next_below | next_bit)
        };
        let taken = if self.hop & foes & next_bit != 0 && !wall(next) {
            next_bit
        } else {
            0
        };
        to | self.hop_empty & past & short | taken
    }
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
        let wall_kinds = one_filter(kernels, pieces, cells);
        let (mut hurdles, mut lines) = (Vec::with_capacity(2 * pieces * cells), Vec::new());
        for side in Side::BOTH {
            for p in 0..pieces {
                let piece = PieceId(p as u8);
                let at = side.index() * pieces + p;
                let left_out = royal.get(p).copied().unwrap_or(true)
                    || [promo_to, promo_from]
                        .iter()
                        .any(|z| z.get(at).is_some_and(|z| z.contains(&true)));
                for c in 0..cells {
                    let has = !left_out && reach.tree(side, piece, c).1 > 0;
                    let tree = has.then(|| reach.planned(side, piece, c)).flatten();
                    let start = lines.len();
                    if tree.is_none() && !left_out && wall_kinds.is_some() {
                        let from = crate::ids::CellId(c as u16);
                        let mut landed = 0u128;
                        for line in kernels
                            .hurdles(side, piece, from)
                            .into_iter()
                            .flat_map(|h| h.iter())
                        {
                            // A line out of order, or two lines landing on one cell
                            // (counted twice): the tree is walked.
                            match Line::of(line.steps, line.seek) {
                                Some(l) if landed & l.lands() == 0 => {
                                    landed |= l.lands();
                                    lines.push(l);
                                }
                                _ => {
                                    lines.truncate(start);
                                    break;
                                }
                            }
                        }
                    }
                    hurdles.push((start as u32, (lines.len() - start) as u32));
                    trees.push(tree);
                }
            }
        }
        let any = trees.iter().any(Option::is_some) || !lines.is_empty();
        any.then_some(Counted {
            reach,
            pieces,
            cells,
            trees,
            hurdles,
            lines,
            wall_kinds: wall_kinds.unwrap_or(0),
        })
    }

    /// The hurdle lines of `piece` of `side` on cell `from`, as (first, count) for
    /// [`Counted::hurdle_reach`] (count 0: none kept).
    #[inline(always)]
    pub(crate) fn hurdles(&self, side: Side, piece: PieceId, from: usize) -> (u32, u32) {
        self.hurdles[(side.index() * self.pieces + piece.index()) * self.cells + from]
    }

    /// The destinations of the hurdle lines `(first, count)` ([`Counted::hurdles`]) over
    /// the board `cells`, its occupied cells `occ` and the foes `foes`.
    #[inline(always)]
    pub(crate) fn hurdle_reach(
        &self,
        (first, count): (u32, u32),
        cells: &[crate::walk::Occupant],
        occ: u128,
        foes: u128,
    ) -> u128 {
        let walls = self.wall_kinds;
        let wall = |c: u32| {
            let k = u32::from(cells[c as usize].kind().0);
            walls.checked_shr(k).is_some_and(|w| w & 1 != 0)
        };
        self.lines[first as usize..(first + count) as usize]
            .iter()
            .fold(0, |to, l| to | l.reach(occ, foes, wall))
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

/// The kinds that the one kind filter of every hurdle line of the game does not admit
/// (bit k: kind k), or `None` when two lines have different filters (or a kind past
/// 127 is a wall).
fn one_filter(kernels: &Kernels, pieces: usize, cells: usize) -> Option<u128> {
    let mut walls: Option<u128> = None;
    for side in Side::BOTH {
        for p in 0..pieces {
            for c in 0..cells {
                let from = crate::ids::CellId(c as u16);
                let h = kernels.hurdles(side, PieceId(p as u8), from);
                for line in h.into_iter().flat_map(|h| h.iter()) {
                    let mut w = 0u128;
                    for k in 0..pieces {
                        if !line.admits(PieceId(k as u8)) {
                            w |= 1u128.checked_shl(k as u32)?;
                        }
                    }
                    if *walls.get_or_insert(w) != w {
                        return None;
                    }
                }
            }
        }
    }
    Some(walls.unwrap_or(0))
}
