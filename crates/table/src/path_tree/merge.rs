//! merge: one trunk per shared prefix. The walk visits each pattern (and each way a
//! pattern may go on) from the start cell again, so two patterns that both pass d4, e5
//! and f6 report those steps twice; the seed's tree has them once, with the
//! continuations that differ branching from the last shared node. Merging joins sibling
//! steps that are the same step — the same cell, reached the same way (capturing the
//! previous piece met or not), meeting the same piece in the same relation — into one,
//! whose landings, side effects and children are the union of theirs, then merges their
//! children in turn. The merged step starts a new leg (is a `fork`) only if it does in
//! every pattern that reaches it: `ride diagonal` and `step diagonal then step same`
//! share one trunk, shown as the ride's. A pattern that stops at a piece (a kind
//! it does not admit: `Blocked`) beside one that meets the same piece and does
//! something with it adds nothing and is dropped. Every place a move may end stays in
//! the tree once (`PathTree::leaf_paths`).

use super::{PathTreeBuilder, RawStep};
use crate::ids::CellId;
use crate::walk::{Class, Occupant};
use std::collections::HashMap;

/// What makes two sibling steps the same step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    cell: CellId,
    occupant: Occupant,
    class: Class,
    captured_prev: bool,
}

impl Key {
    fn of(step: &RawStep) -> Key {
        Key {
            cell: step.cell,
            occupant: step.occupant,
            class: step.class,
            captured_prev: step.captured_prev,
        }
    }
}

impl RawStep {
    /// A stop at a piece that nothing goes past, lands on or acts on.
    fn is_bare_stop(&self) -> bool {
        self.class == Class::Blocked
            && self.children.is_empty()
            && !self.lands
            && self.pushes.is_empty()
            && !self.friend_capture
            && !self.swap
            && self.convert.is_none()
            && !self.activate
    }

    /// Takes `other`'s landings, side effects and children (`other` is the same step).
    fn absorb(&mut self, other: RawStep) {
        self.new_leg &= other.new_leg;
        self.lands |= other.lands;
        for c in other.pushes {
            if !self.pushes.contains(&c) {
                self.pushes.push(c);
            }
        }
        self.friend_capture |= other.friend_capture;
        self.swap |= other.swap;
        self.convert = self.convert.or(other.convert);
        self.activate |= other.activate;
        self.children.extend(other.children);
    }
}

impl PathTreeBuilder {
    /// Merges the sibling steps `list` (and, below them, their children) into one step
    /// per [`Key`], in the order each key was first visited; returns the steps kept.
    /// Steps merged away stay in the builder's arena, unreferenced.
    pub(super) fn merge(&mut self, list: Vec<usize>) -> Vec<usize> {
        // An explicit stack of sibling lists to merge: paths may be long.
        let kept = self.merge_siblings(list);
        let mut work: Vec<usize> = kept.clone();
        while let Some(step) = work.pop() {
            let children = std::mem::take(&mut self.steps[step].children);
            let merged = self.merge_siblings(children);
            work.extend(merged.iter().copied());
            self.steps[step].children = merged;
        }
        kept
    }

    /// One level of [`merge`](Self::merge): the siblings joined, their children not yet.
    fn merge_siblings(&mut self, list: Vec<usize>) -> Vec<usize> {
        if list.len() < 2 {
            return list;
        }
        let mut first: HashMap<Key, usize> = HashMap::with_capacity(list.len());
        let mut kept = Vec::with_capacity(list.len());
        for s in list {
            match first.get(&Key::of(&self.steps[s])) {
                Some(&k) => {
                    let other = self.take(s);
                    self.steps[k].absorb(other);
                }
                None => {
                    first.insert(Key::of(&self.steps[s]), s);
                    kept.push(s);
                }
            }
        }
        // A bare stop at a piece another sibling meets (as friend or foe) says nothing
        // more: drop it.
        kept.retain(|&k| {
            let step = &self.steps[k];
            !(step.is_bare_stop()
                && [Class::Friend, Class::Foe].into_iter().any(|class| {
                    first.contains_key(&Key {
                        class,
                        ..Key::of(step)
                    })
                }))
        });
        kept
    }

    /// The step `s`, left empty in the arena (it was merged into another).
    fn take(&mut self, s: usize) -> RawStep {
        let step = &mut self.steps[s];
        RawStep {
            cell: step.cell,
            class: step.class,
            occupant: step.occupant,
            new_leg: step.new_leg,
            captured_prev: step.captured_prev,
            lands: step.lands,
            pushes: std::mem::take(&mut step.pushes),
            friend_capture: step.friend_capture,
            swap: step.swap,
            convert: step.convert,
            activate: step.activate,
            children: std::mem::take(&mut step.children),
        }
    }
}
