//! relative: which shared patterns are linked as **relative** continuations, and how
//! deep their paths go.
//!
//! A relative record holds a direction, not a cell ([`MASK_RELATIVE`]): its cell is one
//! step from the cell before it on the path, found by the walk in the table's step
//! table. So one block serves every cell, and a pattern's blocks grow with its legs
//! and headings, not with the board (H. G. Muller's move tables). Without the cell, a
//! ride's state would lead back to itself; the verifier wants shared blocks free of
//! cycles (its bounds count paths), so a relative state also counts the cells its
//! path holds, up to a bound found from the legs and the board ([`depth_bound`]). A
//! pattern without such a bound, or with `to` zones (its landing rights depend on the
//! cell), stays absolute ([`super::shared`]).
//!
//! [`MASK_RELATIVE`]: super::super::layout::MASK_RELATIVE

use super::expand::PatternView;
use crate::compile::{Dirs, MoveProgram};
use crate::topology::Board;

/// The most cells a path of `v` may hold on `board`, from its legs alone, if the
/// board is a rectangle: a straight run holds at most `max(width, height) - 1` steps;
/// a bounded leg at most its maximum; a bounded `repeat` its count times its legs; a
/// `repeat` until blocked only if its legs go on along the line (`same`), so that the
/// line from where it started holds at most one run, or if they are single steps of
/// `alternate` (two vectors in turn: at most a run of pairs). `None` otherwise.
pub(super) fn depth_bound(program: &MoveProgram, board: &Board, v: &PatternView) -> Option<u16> {
    if !board.is_rectangle() {
        return None;
    }
    let run = u32::from(board.width().max(board.height())).saturating_sub(1);
    let leg = |i: usize| -> u32 {
        match v.legs[i].max {
            0 => run,
            m => u32::from(m).min(run),
        }
    };
    let same = |i: usize| match v.legs[i].dirs {
        Dirs::Turn { start, len } => program.turns[start as usize..start as usize + len as usize]
            .iter()
            .all(|&t| t == 0),
        Dirs::Absolute { .. } | Dirs::Alternate => false,
    };
    let n = v.legs.len();
    let total: u32 = match v.repeat {
        None => (0..n).map(leg).sum(),
        Some((first, last, _, max)) if max != 0 => {
            let outside: u32 = (0..n).filter(|&i| i < first || i > last).map(leg).sum();
            let group: u32 = (first..=last).map(leg).sum();
            outside + u32::from(max) * group
        }
        Some((first, last, _, _))
            if first >= 2
                && (first..=last)
                    .all(|i| v.legs[i].dirs == Dirs::Alternate && v.legs[i].max == 1) =>
        {
            // One step at a time, taking in turn the two vectors before the group:
            // unless the two cancel out (the path comes back where it was, which ends
            // it), each pair advances along some axis, at most `run` pairs.
            let before: u32 = (0..first).map(leg).sum();
            let after: u32 = (last + 1..n).map(leg).sum();
            before + 2 * run + 1 + after
        }
        Some((first, last, _, _)) => {
            if !(first..=last).all(same) {
                return None;
            }
            // The line starts at the last leg before the group that turns freely.
            let start = (0..first).rev().find(|&i| !same(i)).unwrap_or(0);
            let before: u32 = (0..start).map(leg).sum();
            let after: u32 = (last + 1..n).map(leg).sum();
            before + run + after
        }
    };
    u16::try_from(total).ok().filter(|&t| t > 0)
}
