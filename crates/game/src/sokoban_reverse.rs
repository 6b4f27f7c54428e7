//! sokoban_reverse: Sokoban's reverse mode (`sokoban ..., reverse`, or
//! [`crate::Game::set_sokoban_reverse`]) for the whole family — the pusher pulls boxes
//! instead of pushing them, and before its first pull it may jump to any empty cell of
//! the level; [`reverse_level`] turns a forward level into its reverse start (boxes
//! and goals exchanged), as sokoenginepy's reverse mover does.
//!
//! Nothing here knows a tessellation: a pull is exactly a forward push taken back, so
//! the pulls are found by asking the forward rules. The pusher on `p` may pull the box
//! on `b` into `p` while it steps back to `a` when, with the pusher on `a` and the box
//! on `p`, the forward rules push that box from `p` on to `b` by the step `a` to `p`.
//! So Hexoban, Trioban and Octoban pull along their own lines with no code of their
//! own.
//!
//! A pull is the [`GameMove`] of the box: from `b` to `p`, displacing the pusher on
//! `p` to `a` (`push_to`), which make plays as any displacement, and which UCI writes
//! as the box's move (`e4d4`). A jump is the pusher's plain move to a far cell. Whether
//! a pull has been made is [`GamePosition::pulled`].

use crate::ids::{CellId, Side};
use crate::movegen::PseudoGen;
use crate::stop::Stop;
use crate::walk::Occupant;
use crate::{Game, GameMove, GamePosition, MoveKind};

/// Replaces `out` with the reverse-mode moves of `pos`: the pushers' plain steps,
/// their pulls, and (before the first pull) their jumps.
pub(crate) fn moves(gen: &mut PseudoGen<'_>, pos: &GamePosition, out: &mut Vec<GameMove>) {
    let g = gen.game;
    out.clear();
    let Some(roles) = g.sokoban() else {
        return;
    };
    let (pusher, boxed) = (
        Occupant::piece(Side::First, roles.pusher),
        Occupant::piece(Side::First, roles.boxes),
    );
    let mut forward = Vec::new();
    gen.pseudo_moves(pos, &mut forward);
    // The plain steps (no push, no capture) of the pushers.
    let steps: Vec<GameMove> = forward
        .into_iter()
        .filter(|m| {
            m.piece == roles.pusher
                && m.kind == MoveKind::Normal
                && m.push_to.is_none()
                && !m.captures_to
                && m.n_passing == 0
                && pos.occupant(m.to).is_empty()
        })
        .collect();
    let boxes: Vec<CellId> = g
        .board()
        .cells()
        .filter(|&c| pos.occupant(c) == boxed)
        .collect();
    let mut pulls = Vec::new();
    let mut q = pos.clone();
    let mut found = Vec::new();
    for step in &steps {
        let (p, a) = (step.from, step.to);
        for &b in &boxes {
            // The pusher back on `a`, the box on `p`: does the forward step a -> p push
            // it to `b`?
            set(&mut q, a, pusher);
            set(&mut q, p, boxed);
            set(&mut q, b, Occupant::EMPTY);
            q.rehash(&g.keys);
            found.clear();
            gen.pseudo_moves(&q, &mut found);
            if found
                .iter()
                .any(|m| m.from == a && m.to == p && m.push_to == Some(b))
            {
                let mut pull = GameMove::simple(MoveKind::Normal, roles.boxes, b, p);
                pull.push_to = Some(a);
                pulls.push(pull);
            }
            set(&mut q, a, Occupant::EMPTY);
            set(&mut q, p, pusher);
            set(&mut q, b, boxed);
        }
    }
    let jumps = if pos.pulled() {
        Vec::new()
    } else {
        jumps(gen, pos, &steps)
    };
    out.extend(steps);
    out.extend(pulls);
    out.extend(jumps);
}

fn set(q: &mut GamePosition, c: CellId, occ: Occupant) {
    q.cells[c.index()] = occ;
}

/// The jumps: each pusher to every empty cell of the level it does not reach by a
/// step. The level is the cells connected to a pusher through the forward steps of a
/// lone pusher (boxes and other pushers lifted off; walls and holes bound it).
fn jumps(gen: &mut PseudoGen<'_>, pos: &GamePosition, steps: &[GameMove]) -> Vec<GameMove> {
    let g = gen.game;
    let Some(roles) = g.sokoban() else {
        return Vec::new();
    };
    let pusher = Occupant::piece(Side::First, roles.pusher);
    let boxed = Occupant::piece(Side::First, roles.boxes);
    let pushers: Vec<CellId> = g
        .board()
        .cells()
        .filter(|&c| pos.occupant(c) == pusher)
        .collect();
    // The board with only its walls (and whatever else is neither box nor pusher).
    let mut bare = pos.clone();
    for c in g.board().cells() {
        let o = pos.occupant(c);
        if o == pusher || o == boxed {
            set(&mut bare, c, Occupant::EMPTY);
        }
    }
    let n = g.cell_count();
    let mut seen = vec![false; n];
    let mut todo: Vec<CellId> = pushers.clone();
    for &p in &pushers {
        seen[p.index()] = true;
    }
    let mut found = Vec::new();
    while let Some(c) = todo.pop() {
        set(&mut bare, c, pusher);
        bare.rehash(&g.keys);
        found.clear();
        gen.pseudo_moves(&bare, &mut found);
        set(&mut bare, c, Occupant::EMPTY);
        for m in &found {
            if m.from == c && m.piece == roles.pusher && !seen[m.to.index()] {
                seen[m.to.index()] = true;
                todo.push(m.to);
            }
        }
    }
    let mut out = Vec::new();
    for &p in &pushers {
        for c in g.board().cells() {
            if seen[c.index()]
                && c != p
                && pos.occupant(c).is_empty()
                && !steps.iter().any(|s| s.from == p && s.to == c)
            {
                out.push(GameMove::simple(MoveKind::Normal, roles.pusher, p, c));
            }
        }
    }
    out
}

/// Whether `m` is a pull of a reverse-mode game (a box's move displacing a pusher).
pub(crate) fn is_pull(g: &Game, m: &GameMove) -> bool {
    g.sokoban()
        .is_some_and(|r| r.reverse && m.piece == r.boxes && m.push_to.is_some())
}

/// Why a forward level has no reverse start.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReverseLevelError {
    /// A pusher stands on a goal, which becomes a box's cell (sokoenginepy then makes
    /// its first move a jump; a cell here holds one piece).
    PusherOnGoal {
        /// The cell's name.
        cell: String,
    },
    /// The game declares no `sokoban` roles.
    NoSokobanRoles,
}

impl std::fmt::Display for ReverseLevelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReverseLevelError::PusherOnGoal { cell } => write!(
                f,
                "the pusher on the goal {cell} would stand on a box in reverse mode; move it off the goal first"
            ),
            ReverseLevelError::NoSokobanRoles => f.write_str(
                "the rules declare no `sokoban` roles, so there is no reverse level",
            ),
        }
    }
}

impl std::error::Error for ReverseLevelError {}

/// The reverse start of a forward level: every box where a goal is and every goal
/// where a box was (Sokoban+ ids go along: a box takes the id of the goal it stands on,
/// a goal the id of the box that stood there), no pull made yet.
pub(crate) fn reverse_level(
    g: &Game,
    pos: &GamePosition,
) -> Result<GamePosition, ReverseLevelError> {
    let roles = g.sokoban().ok_or(ReverseLevelError::NoSokobanRoles)?;
    let pusher = Occupant::piece(Side::First, roles.pusher);
    let boxed = Occupant::piece(Side::First, roles.boxes);
    let mut out = pos.clone();
    for c in g.board().cells() {
        let (o, goal) = (pos.occupant(c), pos.is_goal(c));
        if o == pusher && goal {
            return Err(ReverseLevelError::PusherOnGoal {
                cell: g.board().cell_name(c),
            });
        }
        if o == boxed && !goal {
            set(&mut out, c, Occupant::EMPTY);
        } else if goal && o.is_empty() {
            set(&mut out, c, boxed);
        }
        out.goals[c.index()] = o == boxed;
    }
    if let (Some(p), Some(o)) = (pos.plus.as_deref(), out.plus.as_deref_mut()) {
        o.boxes = p.goals.clone();
        o.goals = p.boxes.clone();
    }
    out.pulled = false;
    out.rehash(&g.keys);
    Ok(out)
}

/// Perft of a reverse-mode game: every move of [`moves`] made and taken back, each
/// root move's count in generation order; stops (a partial list, `stop.stopped()`)
/// once `stop` says so, polled per node.
pub(crate) fn divide(
    g: &Game,
    pos: &mut GamePosition,
    depth: u32,
    stop: &mut Stop,
) -> (Vec<u64>, usize) {
    let list = g.legal_moves(pos);
    let mut out = Vec::with_capacity(list.len());
    if stop.poll() {
        return (out, list.len());
    }
    for m in &list {
        let undo = g.make(pos, m);
        let n = perft(g, pos, depth.saturating_sub(1), stop);
        g.unmake(pos, undo);
        if stop.stopped() {
            break;
        }
        out.push(n);
    }
    (out, list.len())
}

/// The leaves below `pos` (a partial sum once `stop` has stopped the count).
fn perft(g: &Game, pos: &mut GamePosition, depth: u32, stop: &mut Stop) -> u64 {
    if depth == 0 {
        return 1;
    }
    if stop.poll() {
        return 0;
    }
    let list = g.legal_moves(pos);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for m in &list {
        let undo = g.make(pos, m);
        n += perft(g, pos, depth - 1, stop);
        g.unmake(pos, undo);
    }
    n
}
