//! meets: the bytecode of `swap`, `capture friend`, `convert` and `activate` — one [`MeetOp`] per
//! modifier, after the pattern's `LAND`.

use super::{filter_id, FilterId, MoveProgram, Op};
use crate::ir::{KindFilter, Meets};

/// What the last leg does to a piece it ends on, besides capturing an enemy or pushing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeetAction {
    /// The piece goes to the mover's start cell.
    Swap,
    /// The piece (a friend) is captured.
    Capture,
    /// The piece changes side; the mover stays on its start cell.
    Convert,
    /// The mover takes the piece's cell and the piece makes its own ply from there.
    Activate,
}

/// One way the last leg may end on a piece: which pieces (sides, kinds) and what
/// happens to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MeetOp {
    /// What happens.
    pub action: MeetAction,
    /// Friends of the mover may be met.
    pub friend: bool,
    /// Enemies may be met.
    pub foe: bool,
    /// The kinds that may be met.
    pub filter: FilterId,
    /// A conversion's new kind: a filter admitting exactly that kind; 0 keeps the kind.
    pub into: FilterId,
}

/// Appends the meet ops of `meets`.
pub(super) fn emit(p: &mut MoveProgram, meets: &Meets) {
    if let Some(s) = &meets.swap {
        let filter = filter_id(p, &s.kinds);
        let op = meet(MeetAction::Swap, s.friend, s.foe, filter, FilterId(0));
        p.ops.push(Op::Meet(op));
    }
    if let Some(k) = &meets.capture_friend {
        let filter = filter_id(p, k);
        let op = meet(MeetAction::Capture, true, false, filter, FilterId(0));
        p.ops.push(Op::Meet(op));
    }
    if let Some(a) = &meets.activate {
        let filter = filter_id(p, &a.kinds);
        let op = meet(MeetAction::Activate, a.friend, a.foe, filter, FilterId(0));
        p.ops.push(Op::Meet(op));
    }
    if let Some(c) = &meets.convert {
        let filter = filter_id(p, &c.kinds);
        let into = match c.into {
            Some(k) => filter_id(p, &KindFilter::Only(vec![k])),
            None => FilterId(0),
        };
        p.ops.push(Op::Meet(meet(
            MeetAction::Convert,
            c.friend,
            c.foe,
            filter,
            into,
        )));
    }
}

fn meet(action: MeetAction, friend: bool, foe: bool, filter: FilterId, into: FilterId) -> MeetOp {
    MeetOp {
        action,
        friend,
        foe,
        filter,
        into,
    }
}

/// The disassembly of a meet op.
pub(super) fn text(m: &MeetOp) -> String {
    let word = match m.action {
        MeetAction::Swap => "swap",
        MeetAction::Capture => "capture",
        MeetAction::Convert => "convert",
        MeetAction::Activate => "activate",
    };
    let who = match (m.friend, m.foe) {
        (true, true) => "piece",
        (true, false) => "friend",
        _ => "foe",
    };
    let mut s = format!("MEET    {word} {who}");
    if m.filter.0 != 0 {
        s.push_str(&format!(" filter {}", m.filter.0));
    }
    if m.into.0 != 0 {
        s.push_str(&format!(" into filter {}", m.into.0));
    }
    s
}
