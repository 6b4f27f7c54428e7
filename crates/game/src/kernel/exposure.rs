//! exposure: bitboard attack kernels — "is this cell attacked (or, with `royals may
//! not face`, faced) by that side" as word operations over occupancy sets, derived at
//! game build time from the reverse tables ([`crate::table::ReverseTables`]) with no
//! per-game code, for boards of up to 1,024 cells (see [`super::MAX_CELLS`]).
//!
//! Every reversed capturing path into a target cell is one *entry*: the cells it needs
//! empty, at most one screen cell it needs occupied (a cannon's hurdle), and the leaf
//! cell where an attacker of some kinds stands. Entries are grouped into *lines*:
//! ordered cells `c1..cn` leading away from the target, with per position the kinds
//! that attack from there over empty cells (`kinds`) and over exactly one screen
//! (`hurdle_kinds`). A line answers from its blockers in order: the first occupied
//! cell attacks if its piece is of the attacking side and of a kind of its position;
//! the second if it is of a hurdle kind. Riders' rays, lame leapers (leg, then the
//! leaper) and cannons' rays are lines; lines of one cell without hurdles are *leaps*,
//! tested against the attacker's occupancy first. The lines list cells in the order
//! the paths pass them, so a line whose ids rise (or fall) finds its blockers by a bit
//! scan; others are scanned cell by cell.
//!
//! A table that needs more (kind filters on screens, `initial` attacks, paths with
//! cells of other classes, several screens) has no kernel: the game keeps the reverse
//! walks. Pieces answered by walking them forward have no reverse paths and are not in
//! the kernel: the legality test marks the cells their walks look at
//! ([`super::ForwardCells`]). The kernel is exact by construction: each entry is placed at one position of
//! one line, and a line position stands for exactly the entries placed there
//! (`tests` compares it with the reverse walk on random boards of every shipped game).
//!
//! Node-level use (checkers, pins, cells where a put piece would make a screen) is in
//! [`crate::legality::safety`].

use super::bits::Bits;
use super::lines::{SeqTrie, TargetLine};
use crate::ids::{CellId, Side};
use crate::table::ReverseTables;
use crate::walk::Occupant;

/// How a line's blockers are found in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Cell ids rise along the line: the lowest blocker comes first.
    Up,
    /// Cell ids fall along the line: the highest blocker comes first.
    Down,
    /// Neither: the cells are scanned in order.
    Listed,
}

/// A line of one target: its cells are `cells[start..start + len]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line<B> {
    /// The line's cells.
    pub(crate) mask: B,
    order: Order,
    start: u32,
    len: u32,
    /// Some position has hurdle kinds.
    pub(crate) hurdle: bool,
    /// Rising or falling ids, and every position after the first attacked by the same
    /// kinds (over empty cells and over one screen): a blocker's kinds are those of
    /// position 0 or 1, told by comparing its cell with `head`, without counting.
    uniform: bool,
    /// The line's first cell.
    head: u16,
}

/// The leaps and lines into one (attacking side, target cell).
#[derive(Clone, Copy, Debug, Default)]
struct Target<B> {
    /// The cells of its leaps.
    leap_cells: B,
    /// Every cell of its leaps and lines.
    zone: B,
    leaps: (u32, u32),
    lines: (u32, u32),
}

/// The bitboard attack kernel of a game (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Exposure<B> {
    cells: usize,
    targets: Vec<Target<B>>,
    lines: Vec<Line<B>>,
    /// Per line position: its cell, the kinds attacking from it over empty cells, the
    /// kinds attacking from it over one screen.
    cell_at: Vec<u16>,
    kinds: Vec<u64>,
    hurdle_kinds: Vec<u64>,
    /// (cell, kinds) of the leaps.
    leaps: Vec<(u16, u64)>,
}

/// A blocker found on a line: its position on the line (on a uniform line, 0 or 1:
/// the first cell or any after it, which carry the same kinds) and its cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocker {
    pub(crate) at: usize,
    pub(crate) cell: usize,
}

/// The kind bit of a piece.
#[inline(always)]
pub(crate) fn kind_bit(o: Occupant) -> u64 {
    1u64 << o.kind().0
}

impl<B: Bits> Exposure<B> {
    /// Builds the kernel from the reverse tables, for attacks on pieces of the `royal`
    /// kinds (the filter at the target cell is resolved for them), with `facing`
    /// (per cell, the rays of its file, nearest first) when royals may not face.
    /// `None` when the board is too wide for `B` or some path does not fit.
    pub(crate) fn build(
        rev: &ReverseTables,
        royal: &[bool],
        facing: Option<&[[Vec<CellId>; 2]]>,
    ) -> Option<Exposure<B>> {
        let cells = rev.cell_count();
        if cells > B::CELLS || royal.len() > 64 {
            return None;
        }
        let royal_mask = royal
            .iter()
            .enumerate()
            .filter(|(_, &r)| r)
            .fold(0u64, |m, (k, _)| m | 1 << k);
        let mut out = Exposure {
            cells,
            targets: Vec::with_capacity(2 * cells),
            lines: Vec::new(),
            cell_at: Vec::new(),
            kinds: Vec::new(),
            hurdle_kinds: Vec::new(),
            leaps: Vec::new(),
        };
        let mut trie = SeqTrie::default();
        for by in [Side::First, Side::Second] {
            for t in 0..cells {
                let rays = facing.map(|f| &f[t]);
                let lines = trie.build(rev, (by, t), royal_mask, rays)?;
                out.add_target(lines);
            }
        }
        Some(out)
    }

    /// Lays out the lines and leaps of the next target.
    fn add_target(&mut self, lines: Vec<TargetLine>) {
        let mut target = Target {
            leap_cells: B::ZERO,
            zone: B::ZERO,
            leaps: (self.leaps.len() as u32, 0),
            lines: (self.lines.len() as u32, 0),
        };
        for TargetLine {
            cells,
            kinds,
            hurdle_kinds,
        } in lines
        {
            let hurdle = hurdle_kinds.iter().any(|&k| k != 0);
            target.zone |= cells.iter().fold(B::ZERO, |m, &c| m | B::bit(c as usize));
            if cells.len() == 1 && !hurdle {
                if kinds[0] != 0 {
                    target.leap_cells |= B::bit(cells[0] as usize);
                    self.leaps.push((cells[0], kinds[0]));
                }
                continue;
            }
            let order = if cells.windows(2).all(|w| w[0] < w[1]) {
                Order::Up
            } else if cells.windows(2).all(|w| w[0] > w[1]) {
                Order::Down
            } else {
                Order::Listed
            };
            let same_after_head = |k: &[u64]| k[1..].iter().all(|&x| x == k[1]);
            self.lines.push(Line {
                mask: cells.iter().fold(B::ZERO, |m, &c| m | B::bit(c as usize)),
                order,
                start: self.cell_at.len() as u32,
                len: cells.len() as u32,
                hurdle,
                uniform: order != Order::Listed
                    && same_after_head(&kinds)
                    && same_after_head(&hurdle_kinds),
                head: cells[0],
            });
            self.cell_at.extend_from_slice(&cells);
            self.kinds.extend_from_slice(&kinds);
            self.hurdle_kinds.extend_from_slice(&hurdle_kinds);
        }
        target.leaps.1 = self.leaps.len() as u32;
        target.lines.1 = self.lines.len() as u32;
        self.targets.push(target);
    }

    /// The board size the kernel was built for.
    #[cfg(test)]
    pub(crate) fn cells(&self) -> usize {
        self.cells
    }

    #[inline(always)]
    fn target(&self, by: Side, t: usize) -> &Target<B> {
        &self.targets[by.index() * self.cells + t]
    }

    /// The leaps into `t` of `by`: their cells as a set, and (cell, kinds) each.
    #[inline(always)]
    pub(crate) fn leaps(&self, by: Side, t: usize) -> (B, &[(u16, u64)]) {
        let tg = self.target(by, t);
        (
            tg.leap_cells,
            &self.leaps[tg.leaps.0 as usize..tg.leaps.1 as usize],
        )
    }

    /// Every cell whose contents the answer for (`by`, `t`) reads: a piece put
    /// anywhere else neither attacks `t` nor opens or closes a path to it.
    #[inline(always)]
    pub(crate) fn zone(&self, by: Side, t: usize) -> B {
        self.target(by, t).zone
    }

    /// The lines into `t` of `by`.
    #[inline(always)]
    pub(crate) fn lines(&self, by: Side, t: usize) -> &[Line<B>] {
        let tg = self.target(by, t);
        &self.lines[tg.lines.0 as usize..tg.lines.1 as usize]
    }

    /// The kinds attacking from position `at` of `line` over empty cells.
    #[inline(always)]
    pub(crate) fn kinds(&self, line: &Line<B>, at: usize) -> u64 {
        self.kinds[line.start as usize + at]
    }

    /// The kinds attacking from position `at` of `line` over one screen.
    #[inline(always)]
    pub(crate) fn hurdle_kinds(&self, line: &Line<B>, at: usize) -> u64 {
        self.hurdle_kinds[line.start as usize + at]
    }

    /// The first cell of `blockers` (a non-empty subset of the line's cells) in the
    /// line's order, with its position (on a uniform line, 1 stands for every position
    /// after the first: they carry the same kinds).
    #[inline(always)]
    pub(crate) fn first(&self, line: &Line<B>, blockers: B) -> Blocker {
        match line.order {
            Order::Up => {
                let cell = blockers.lowest();
                let at = if line.uniform {
                    usize::from(cell != line.head as usize)
                } else {
                    (line.mask & B::below(cell)).count()
                };
                Blocker { at, cell }
            }
            Order::Down => {
                let cell = blockers.highest();
                let at = if line.uniform {
                    usize::from(cell != line.head as usize)
                } else {
                    (line.mask & !(B::below(cell) | B::bit(cell))).count()
                };
                Blocker { at, cell }
            }
            Order::Listed => {
                let cells = &self.cell_at[line.start as usize..(line.start + line.len) as usize];
                let at = cells
                    .iter()
                    .position(|&c| blockers.has(c as usize))
                    .unwrap_or(0);
                Blocker {
                    at,
                    cell: cells[at] as usize,
                }
            }
        }
    }

    /// The cells of `line` before the blocker `b`.
    #[inline(always)]
    pub(crate) fn before(&self, line: &Line<B>, b: Blocker) -> B {
        match line.order {
            Order::Up => line.mask & B::below(b.cell),
            Order::Down => line.mask & !(B::below(b.cell) | B::bit(b.cell)),
            Order::Listed => self.cell_at[line.start as usize..line.start as usize + b.at]
                .iter()
                .fold(B::ZERO, |m, &c| m | B::bit(c as usize)),
        }
    }

    /// Whether `by` attacks (or faces) cell `t`: `occ` is every occupied cell, `by_occ`
    /// those of `by`'s pieces, whose kinds are read from `cells`.
    #[inline]
    pub(crate) fn attacked(
        &self,
        by: Side,
        t: usize,
        occ: B,
        by_occ: B,
        cells: &[Occupant],
    ) -> bool {
        let (leap_cells, leaps) = self.leaps(by, t);
        if !(leap_cells & by_occ).is_zero()
            && leaps
                .iter()
                .any(|&(c, k)| by_occ.has(c as usize) && k & kind_bit(cells[c as usize]) != 0)
        {
            return true;
        }
        for line in self.lines(by, t) {
            let mut b = occ & line.mask;
            // No piece of `by` on the line: nothing attacks along it.
            if (b & by_occ).is_zero() {
                continue;
            }
            let first = self.first(line, b);
            let attacker = by_occ.has(first.cell);
            let kind = if attacker {
                kind_bit(cells[first.cell])
            } else {
                0
            };
            if self.kinds(line, first.at) & kind != 0 {
                return true;
            }
            if line.hurdle {
                b = b ^ B::bit(first.cell);
                if !b.is_zero() {
                    let second = self.first(line, b);
                    if by_occ.has(second.cell)
                        && self.hurdle_kinds(line, second.at) & kind_bit(cells[second.cell]) != 0
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}
