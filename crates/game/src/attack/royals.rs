//! attack::royals: the questions legality asks about the royal pieces — is one capturable,
//! do two of them face each other on a file with nothing between (`royals may not
//! face`) — plain and in marking form for the quick test.

use super::marks::Marks;
use super::query::{attacked_in, attacked_marking, AttackQuery, AttackScratch, Reads};
use crate::ids::{CellId, Side};
use crate::walk::reverse::ReverseStack;
use crate::{Game, GamePosition};

/// Whether any royal of `royals` is attacked, marking in `marks` every cell the
/// queries inspect (leaf cells too with `mark_leaves`); stops at the first attacked
/// royal (the marks are then incomplete and must not be used).
pub(crate) fn royals_attacked_marking(
    g: &Game,
    pos: &GamePosition,
    royals: Side,
    stack: &mut ReverseStack,
    marks: &mut Marks,
    mark_leaves: bool,
) -> bool {
    (0..pos.cells.len()).any(|i| {
        let o = pos.cells[i];
        !o.is_empty()
            && o.side() == royals
            && g.royal[o.kind().index()]
            && attacked_marking(
                g,
                pos,
                AttackQuery {
                    cell: CellId(i as u16),
                    by: royals.opponent(),
                    victim: o.kind(),
                },
                stack,
                marks,
                mark_leaves,
                None,
            )
    })
}

/// Whether any royal piece of `side` could be captured by the opponent.
pub(crate) fn royal_attacked<'g, R: Reads + ?Sized>(
    g: &'g Game,
    r: &R,
    side: Side,
    scratch: &mut AttackScratch<'g>,
) -> bool {
    let them = side.opponent();
    let pos = r.position();
    match pos.royal_count[side.index()] {
        0 => return false,
        1 => {
            let cell = pos.royal_sum[side.index()] as usize;
            let o = r.at(cell);
            return attacked_in(g, r, CellId(cell as u16), them, o.kind(), scratch);
        }
        _ => {}
    }
    royal_attacked_scan(g, r, side, scratch)
}

/// [`royal_attacked`] finding the royals by a scan of the board (when the royal
/// bookkeeping of the position is not current).
pub(crate) fn royal_attacked_scan<'g, R: Reads + ?Sized>(
    g: &'g Game,
    r: &R,
    side: Side,
    scratch: &mut AttackScratch<'g>,
) -> bool {
    let them = side.opponent();
    (0..r.position().cells.len()).any(|i| {
        let o = r.at(i);
        !o.is_empty()
            && o.side() == side
            && g.royal[o.kind().index()]
            && attacked_in(g, r, CellId(i as u16), them, o.kind(), scratch)
    })
}

/// Whether two royals of opposite sides stand on one file with only empty cells
/// between them.
pub(crate) fn royals_face(g: &Game, pos: &GamePosition) -> bool {
    royals_face_from(g, pos, None)
}

/// [`royals_face`], told where the first side's royal stands when the caller knows
/// (the only one of its side); otherwise the board is scanned for royals.
pub(crate) fn royals_face_from<R: Reads + ?Sized>(
    g: &Game,
    r: &R,
    first_royal: Option<CellId>,
) -> bool {
    let from_cell = |i: usize| {
        g.file_rays[i].iter().any(|ray| {
            for &c in ray {
                let p = r.at(c.index());
                if !p.is_empty() {
                    return p.side() == Side::Second && g.royal[p.kind().index()];
                }
            }
            false
        })
    };
    if let Some(c) = first_royal {
        let o = r.at(c.index());
        if !o.is_empty() && o.side() == Side::First && g.royal[o.kind().index()] {
            return from_cell(c.index());
        }
    }
    (0..r.position().cells.len()).any(|i| {
        let o = r.at(i);
        !o.is_empty() && o.side() == Side::First && g.royal[o.kind().index()] && from_cell(i)
    })
}

/// [`royals_face`] marking every cell it looks at with `stamp`; returns its answer.
pub(crate) fn mark_facing(g: &Game, pos: &GamePosition, marks: &mut [u32], stamp: u32) -> bool {
    let mut facing = false;
    let first = Side::First.index();
    // A lone royal of the first side is known without a scan.
    let (lo, hi) = if pos.royal_count[first] == 1 {
        let c = pos.royal_sum[first] as usize;
        (c, c + 1)
    } else {
        (0, pos.cells.len())
    };
    for i in lo..hi {
        let o = pos.cells[i];
        if o.is_empty() || o.side() != Side::First || !g.royal[o.kind().index()] {
            continue;
        }
        marks[i] = stamp;
        for ray in &g.file_rays[i] {
            for &c in ray {
                marks[c.index()] = stamp;
                let p = pos.cells[c.index()];
                if !p.is_empty() {
                    facing |= p.side() == Side::Second && g.royal[p.kind().index()];
                    break;
                }
            }
        }
    }
    facing
}
