//! estimate: how many nodes a pattern's expansion makes, counted without building it.
//!
//! A leg's continuation from a cell depends only on (leg, cell, heading), not on the
//! path that reached it, so the count is a sum over legs with one memoised entry per
//! (leg, cell, heading): milliseconds even for a pattern whose expansion would take
//! minutes and gigabytes. The linker asks for it before expanding a pattern and refuses
//! a pattern whose count alone passes the node limit (E0801), with the figure.
//!
//! The count is the size of the unrolled tree before prefix merging and before the
//! whole-path rules (no cell twice) prune it, so it is an upper bound of what the
//! pattern adds to the table. On square, hex and octo boards two different vectors
//! never reach the same cell, so nothing in one pattern's tree merges and the count is
//! exact but for the pruning; tri and graph boards can reach one neighbour by two
//! directions, and there the linker only uses the count to report, not to refuse.

use rustc_hash::FxHashMap;
use std::time::Instant;

use super::expand::PatternView;
use super::vectors::VectorCache;
use super::ZoneMaps;
use crate::compile::{Dirs, MoveProgram, ViaBits};
use crate::ids::{CellId, Side};
use crate::ir::Vector;
use crate::topology::Board;

/// A continuation counted: leg, repetition, start cell and the two headings it
/// depends on.
type MemoKey = (usize, u16, CellId, Option<Vector>, Option<Vector>);

/// Counts the nodes of one pattern's expansion for one side, memoising continuations.
pub(super) struct Estimator<'a> {
    pub(super) program: &'a MoveProgram,
    pub(super) board: &'a Board,
    pub(super) zones: &'a ZoneMaps,
    pub(super) side: Side,
    /// (leg, repetition, cell it starts from, heading if the leg turns or the pattern
    /// alternates, the heading before it if the pattern alternates) → nodes;
    /// `None` while being counted (a `repeat` until blocked can come back to a state:
    /// then the count is not an upper bound and [`Estimator::pattern`] gives `None`).
    memo: FxHashMap<MemoKey, Option<u64>>,
    /// A state was met again while being counted.
    cyclic: bool,
    /// Steps counted so far for this pattern. Each is a node of the unrolled tree, and
    /// no continuation is counted twice, so more steps than the figure asked about
    /// prove the count past it ([`Estimate::Over`]): a count's time and memory are
    /// bounded by the figure, even when one start cell's count alone would take
    /// seconds.
    work: u64,
    /// The figure the count is asked about.
    enough: u64,
    /// Steps every count of this linking may still take together (the caller's
    /// allowance, handed from estimator to estimator): once spent, counting stops
    /// ([`Estimate::Unknown`]).
    allowance: u64,
    /// When counting must stop ([`Estimate::Late`]): linking's deadline.
    deadline: Option<Instant>,
    /// Why the count stopped early, if it did.
    stop: Option<Estimate>,
    vectors: VectorCache,
}

/// How a count ended ([`Estimator::pattern`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Estimate {
    /// The nodes of the expansion (saturating), or a figure past `enough`.
    Nodes(u64),
    /// Not an upper bound: a `repeat` until blocked whose states form a cycle.
    Cyclic,
    /// Counting stopped once it proved the count past this figure.
    Over(u64),
    /// Counting stopped at linking's deadline.
    Late,
    /// Counting stopped when the allowance of every count was spent.
    Unknown,
}

impl<'a> Estimator<'a> {
    /// An estimator for `side` on `board`.
    pub(super) fn new(
        program: &'a MoveProgram,
        board: &'a Board,
        zones: &'a ZoneMaps,
        side: Side,
    ) -> Estimator<'a> {
        Estimator {
            program,
            board,
            zones,
            side,
            memo: FxHashMap::default(),
            cyclic: false,
            work: 0,
            enough: u64::MAX,
            allowance: u64::MAX,
            deadline: None,
            stop: None,
            vectors: VectorCache::default(),
        }
    }

    /// Counting stops at `deadline`, and once `allowance` steps are counted.
    pub(super) fn with_stops(mut self, deadline: Option<Instant>, allowance: u64) -> Estimator<'a> {
        self.deadline = deadline;
        self.allowance = allowance;
        self
    }

    /// The steps its counts may still take.
    pub(super) fn allowance(&self) -> u64 {
        self.allowance
    }

    /// The nodes `pattern` adds from every start cell (saturating), its memo cleared
    /// first: a new pattern has new continuations. [`Estimate::Cyclic`] if the count is
    /// not an upper bound (a `repeat` until blocked whose states form a cycle, which
    /// only the whole-path rules end).
    ///
    /// Counting stops once the total passes `enough` (the answer is then some figure
    /// past it): the linker only needs to know that a pattern shares. It also stops
    /// once it has counted more steps than `enough` ([`Estimate::Over`]), at the
    /// deadline ([`Estimate::Late`]) and when the allowance is spent
    /// ([`Estimate::Unknown`]).
    pub(super) fn pattern(&mut self, pattern: &PatternView, enough: u64) -> Estimate {
        self.memo.clear();
        self.cyclic = false;
        self.stop = None;
        self.work = 0;
        self.enough = enough;
        let mut total = 0u64;
        for cell in self.board.cells() {
            if pattern.applies_from(self.zones, self.side, cell) {
                total = total.saturating_add(self.leg(pattern, 0, 0, cell, (None, None)));
            }
            if let Some(stop) = self.stop {
                return stop;
            }
            if self.cyclic {
                return Estimate::Cyclic;
            }
            if total > enough {
                break;
            }
        }
        Estimate::Nodes(total)
    }

    /// The nodes of leg `i` (in repetition `rep`) and everything after it, from
    /// `start` with `heading` (and the heading `before` it, for `alternate`).
    fn leg(
        &mut self,
        pattern: &PatternView,
        i: usize,
        rep: u16,
        start: CellId,
        (heading, before): (Option<Vector>, Option<Vector>),
    ) -> u64 {
        let leg = pattern.legs[i];
        // A later `alternate` leg repeats this one's heading: it matters whatever
        // this leg's directions.
        let alternates = pattern.alternates();
        let turns = alternates || matches!(leg.dirs, Dirs::Turn { .. });
        // Past its minimum, a repeat until blocked goes on alike whatever its count: one
        // entry (a cycle of such entries, a repeat going round, makes the count
        // unknown).
        let rep_key = match pattern.repeat {
            Some((first, last, min, 0)) if (first..=last).contains(&i) => rep.min(min),
            _ => rep,
        };
        let key = (
            i,
            rep_key,
            start,
            if turns { heading } else { None },
            if alternates { before } else { None },
        );
        match self.memo.get(&key) {
            Some(Some(n)) => return *n,
            Some(None) => {
                self.cyclic = true;
                return 0;
            }
            None => {}
        }
        if self.cyclic || self.stop.is_some() {
            return 0;
        }
        self.memo.insert(key, None);
        let last = pattern.lands_after(i, rep);
        let next = pattern.next(i, rep);
        let branches =
            u64::from(leg.hop_classes() != 0) + u64::from(leg.via.has(ViaBits::FOE_CAPTURED));
        let mut total = 0u64;
        // No path passes a cell twice, so no leg takes more steps than there are cells
        // (a ride around a graph board's ring would otherwise never end).
        let most = self.board.cell_count();
        let mut vectors = self.vectors.get(
            self.program,
            self.board,
            self.side,
            leg.dirs,
            super::vectors::heading_for(leg.dirs, heading, before),
        );
        if self.board.follows_links() {
            vectors = super::expand::at_node(self.board, start, &vectors);
        }
        for mut v in vectors {
            let mut pos = start;
            let mut steps: u16 = 0;
            while (leg.max == 0 || steps < leg.max) && (steps as usize) < most {
                steps += 1;
                let Some((cell, on)) = self.board.advance(pos, v) else {
                    break;
                };
                pos = cell;
                v = on;
                total = total.saturating_add(1);
                if !self.count_step() {
                    break;
                }
                let reached = steps >= leg.min;
                if last && reached && pattern.pushes() {
                    // Two nodes per push, swap, friend capture or conversion.
                    let meets = pattern.meets.len() + usize::from(pattern.push.is_some());
                    total = total.saturating_add(2 * meets as u64);
                }
                if last && reached && !next.is_empty() {
                    // Perhaps a landing node of its own (the expander's `split`).
                    total = total.saturating_add(1);
                }
                if reached && branches != 0 {
                    for &(j, r) in &next {
                        if self.stop.is_some() {
                            break;
                        }
                        let rest = self.leg(pattern, j, r, cell, (Some(v), heading));
                        total = total.saturating_add(branches.saturating_mul(rest));
                    }
                }
            }
        }
        self.memo.insert(key, Some(total));
        total
    }

    /// Counts one step against the figure, the allowance and the deadline; false if
    /// counting must stop ([`Estimator::stop`] says why).
    fn count_step(&mut self) -> bool {
        if self.stop.is_some() {
            return false;
        }
        self.work += 1;
        self.allowance = self.allowance.saturating_sub(1);
        if self.work > self.enough {
            self.stop = Some(Estimate::Over(self.enough));
        } else if self.allowance == 0 {
            self.stop = Some(Estimate::Unknown);
        } else if self.work % 4096 == 0 && self.deadline.is_some_and(|d| Instant::now() > d) {
            self.stop = Some(Estimate::Late);
        }
        self.stop.is_none()
    }
}
