//! probe: the probe nodes of a shared graph — a step condition (`DIR if AT CLASS`)
//! before a leg's first step, laid out as a `PROBE` node that looks at its cell (or, in
//! a relative graph, its direction) for the condition's classes and kind filter, with
//! the step as its one child.

use super::super::super::layout::MASK_SHARED;
use super::super::super::layout::{
    Node, CLASS_EMPTY, CLASS_FOE, CLASS_FRIEND, CLASS_OTHER, MASK_MOMENTUM, MASK_RELATIVE,
};
use super::{Part, SharedGraph, State, StateKey, NO_HEADING};
use crate::ids::CellId;
use crate::ir::{StepCond, Vector};

impl SharedGraph<'_> {
    /// The step condition on the first step `w` of leg `leg` from `start` (after
    /// `heading`): `None` without one; `Some(None)` when it fails whatever the board
    /// holds (its cell off the board); else the probe's (target, filter, classes).
    pub(super) fn probe_of(
        &mut self,
        leg: usize,
        start: CellId,
        w: Vector,
        heading: Vector,
    ) -> Option<Option<(CellId, u8, u8)>> {
        let conds = self.pattern.legs[leg].conds;
        let range = conds.start as usize..conds.start as usize + conds.len as usize;
        let heading = Some(heading).filter(|&h| h != NO_HEADING);
        for c in &self.program.conds[range] {
            let dirs = self
                .vectors
                .get(self.program, self.board, self.side, c.dirs, heading);
            if !dirs.contains(&w) {
                continue;
            }
            let at = self
                .vectors
                .get(self.program, self.board, self.side, c.at, heading);
            let a = *at.first()?;
            let mut classes = c.classes & (CLASS_EMPTY | CLASS_FRIEND | CLASS_FOE);
            if c.classes & StepCond::OTHER != 0 {
                classes |= CLASS_OTHER;
            }
            if classes == 0 {
                return Some(None);
            }
            let target = if self.relative.is_some() {
                self.heading_id(a)
            } else {
                match self.board.step(start, a) {
                    Some(cell) => cell,
                    None => return Some(None),
                }
            };
            return Some(Some((target, c.filter.0, classes)));
        }
        None
    }

    /// The probe state before the step state of `key` (a leg's first step from
    /// `start` after `heading`), entered by a capture in passing or not (`captured`),
    /// looking at `probe` (target, filter, classes); its one child is that step,
    /// entered as `entry` (mask, flags) on the probe's classes.
    pub(super) fn probe(
        &mut self,
        key: StateKey,
        start: CellId,
        heading: Vector,
        captured: bool,
        probe: (CellId, u8, u8),
        entry: (u8, u8),
    ) -> usize {
        let pkey = StateKey {
            cell: start,
            before: heading,
            steps: 0,
            part: Part::probe(captured),
            ..key
        };
        if let Some(&i) = self.index.get(&pkey) {
            return i;
        }
        let (target, filter, classes) = probe;
        let relative = if self.relative.is_some() {
            MASK_RELATIVE
        } else {
            0
        };
        let mut out = Vec::new();
        let momentum = entry.0 & MASK_MOMENTUM;
        self.push_with_split(key, (classes | momentum, entry.1), &mut out);
        let i = self.states.len();
        self.index.insert(pkey, i);
        self.states.push(State {
            node: Node {
                target,
                depth: 0,
                flags: Node::PROBE,
                mask: MASK_SHARED | relative,
                filter,
                child_count: 0,
                first_child: 0,
            },
            first: self.edges.len() as u32,
            count: out.len() as u32,
        });
        self.edges.extend_from_slice(&out);
        i
    }
}
