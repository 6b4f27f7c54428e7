//! One ply in the independent generator: where a piece of each kind may end a ply from
//! its cell (quiet, capturing, activating, a Shaman's capture chain), its riders'
//! passes over Waves and divergences from own Shamans, and the Pawn's steps, rushes
//! and captures ([`ends`], [`pawn`]); the moves, cascades and perft built from them
//! are `mod.rs`'s.

use super::*;

pub(super) const ORTHO: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
pub(super) const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// The 8 images of `(a, b)` under the square's symmetries.
pub(super) fn images(a: i32, b: i32) -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !v.contains(&(x * sx, y * sy)) {
                v.push((x * sx, y * sy));
            }
        }
    }
    v
}

pub(super) fn long_leaps() -> Vec<(i32, i32)> {
    images(1, 4).into_iter().chain(images(2, 3)).collect()
}

/// Where a piece lands on a cell, into the ends of its ply.
pub(super) type Lands<'a> = &'a dyn Fn(usize, &mut Vec<(usize, End)>);

/// A rider diverging from own Shamans (see [`ends`]).
pub(super) struct Diverging<'a> {
    b: &'a Board,
    w: bool,
    from: usize,
    lines: &'a [(i32, i32)],
    land: Lands<'a>,
}

impl Diverging<'_> {
    /// From the own Shaman on `at` with `left` momentum, `times` divergences at most:
    /// rides in every line, at most `left` steps, over empty cells and the cells it
    /// came by (its start cell empty), landing or capturing (never activating); an own
    /// Shaman met with momentum left diverges again with what is left.
    fn diverge(&self, at: usize, left: usize, times: usize, out: &mut Vec<(usize, End)>) {
        let b = self.b;
        for &(ex, ey) in self.lines {
            let mut u = at;
            for used in 1..=left {
                let Some(v) = b.offset(u, ex, ey) else { break };
                if v == self.from {
                    out.push((v, End::Quiet));
                    u = v;
                    continue;
                }
                (self.land)(v, out);
                if times > 1
                    && used < left
                    && b.cells[v].is_some_and(|q| friend(q, self.w) && kind(q) == 'H')
                {
                    self.diverge(v, left - used, times - 1, out);
                }
                if b.cells[v].is_some() {
                    break;
                }
                u = v;
            }
        }
    }
}

/// Whether `c` is a light cell (a1 is dark).
pub(super) fn light(b: &Board, c: usize) -> bool {
    (c % b.v.n + c / b.v.n) % 2 == 1
}

/// The ends of one ply walked with the moves of `kind` by a piece of side `w` on
/// `from` (an activated Wave walks with its activator's kind and its own side, never
/// capturing: `move_only`):
/// - every piece may end on an own Wave or Pyramid, activating it, and captures an
///   enemy where it lands (a Pyramid never takes a King); a Pawn activates Waves on its
///   step cells and Waves and Pyramids on its capture cells, and captures only
///   diagonally; nobody lands on a Star or passes it;
/// - riders (Queen, Rook, Bishop, Pegasus, Pyramid) may also pass over any Waves in a
///   straight line, then land on an empty cell or capture an enemy (a Wave too) behind
///   them, without activating there;
/// - a Queen, Rook, Bishop or Pegasus whose line of empty cells reaches an own Shaman
///   may diverge there: one more ride in any of its lines from the Shaman's cell, of at
///   most as many steps as it took to reach the Shaman (its momentum), over empty
///   cells and the cells it came by (its start cell among them, then empty), landing or
///   capturing (never activating), stopped by any piece; an own Shaman met there with
///   momentum left diverges once more with what is left;
/// - a Pawn rushes 2 cells or more (see [`Variant`]) over empty cells and Waves, ending
///   on an empty cell or activating an own Wave; in Nineteen on it also steps sideways;
/// - the Unicorn leaps as a Knight from a cell of its side's colour (light for White,
///   dark for Black; a1 is dark), (1,4) or (2,3) from the other;
/// - of Tlalocan's pieces, the Shaman activates an own Wave on its step leaps and an
///   own Wave or Pyramid on its first capture leap or one leap past its capture chain,
///   the Serpent an own Wave or Pyramid
///   on its diagonal step-fields, the Centaur an own Wave or Pyramid on any jump; the
///   Scout and the Grenadier activate nothing (see their functions).
pub(super) fn ends(
    b: &Board,
    kind: char,
    w: bool,
    from: usize,
    move_only: bool,
) -> Vec<(usize, End)> {
    let mut out = Vec::new();
    let land = |t: usize, acts: &[char], out: &mut Vec<(usize, End)>| match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if foe(q, w) => {
            if !move_only && may_take(kind, q) {
                out.push((t, End::Capture));
            }
        }
        Some(q) if friend(q, w) && acts.contains(&self::kind(q)) => out.push((t, End::Activate)),
        Some(_) => {}
    };
    let both = ['W', 'A'];
    let diverges = matches!(kind, 'Q' | 'R' | 'B' | 'E');
    let lines: Vec<(i32, i32)> = match kind {
        'R' | 'A' => ORTHO.to_vec(),
        'B' => DIAG.to_vec(),
        'E' => images(1, 2),
        _ => ORTHO.iter().chain(&DIAG).copied().collect(),
    };
    let land_plain = |t: usize, out: &mut Vec<(usize, End)>| land(t, &[], out);
    let rider = Diverging {
        b,
        w,
        from,
        lines: &lines,
        land: &land_plain,
    };
    let diverge = |at: usize, left: usize, times: usize, out: &mut Vec<(usize, End)>| {
        rider.diverge(at, left, times, out)
    };
    let ride = |dirs: &[(i32, i32)], max: usize, out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in dirs {
            let mut c = from;
            let mut path = vec![from];
            for _ in 0..max {
                let Some(t) = b.offset(c, dx, dy) else { break };
                land(t, &both, out);
                if diverges && b.cells[t].is_some_and(|q| friend(q, w) && self::kind(q) == 'H') {
                    // The momentum it had there: the steps taken, spent by every step
                    // after; a second own Shaman met with some left diverges again.
                    let momentum = path.len();
                    diverge(t, momentum, 2, out);
                }
                if b.cells[t].is_some() {
                    break;
                }
                path.push(t);
                c = t;
            }
            if max == 1 {
                continue;
            }
            // Transparent: past the first Wave met, then on over empty cells and Waves.
            let mut c = from;
            let mut passed = false;
            while let Some(t) = b.offset(c, dx, dy) {
                c = t;
                match b.cells[t] {
                    None if passed => out.push((t, End::Quiet)),
                    None => {}
                    Some(q) if self::kind(q) == 'W' => {
                        if passed && foe(q, w) && !move_only {
                            out.push((t, End::Capture));
                        }
                        passed = true;
                    }
                    Some(q) => {
                        if passed && foe(q, w) && !move_only && may_take(kind, q) {
                            out.push((t, End::Capture));
                        }
                        break;
                    }
                }
            }
        }
    };
    // A Knight or Unicorn leaping onto an own Shaman leaps once more from there (its
    // one momentum), landing, capturing or activating an own Wave; its start cell
    // is empty then.
    let leap_diverge = |first: &[(i32, i32)], then: &[(i32, i32)], out: &mut Vec<(usize, End)>| {
        for &(dx, dy) in first {
            let Some(t) = b.offset(from, dx, dy) else {
                continue;
            };
            if !b.cells[t].is_some_and(|q| friend(q, w) && self::kind(q) == 'H') {
                continue;
            }
            for &(ex, ey) in then {
                match b.offset(t, ex, ey) {
                    Some(v) if v == from => out.push((v, End::Quiet)),
                    Some(v) => land(v, &['W'], out),
                    None => {}
                }
            }
        }
    };
    let all: Vec<(i32, i32)> = ORTHO.iter().chain(&DIAG).copied().collect();
    match kind {
        'K' => ride(&all, 1, &mut out),
        'Q' => ride(&all, 99, &mut out),
        'R' | 'A' => ride(&ORTHO, 99, &mut out),
        'B' => ride(&DIAG, 99, &mut out),
        'N' => {
            ride(&images(1, 2), 1, &mut out);
            leap_diverge(&images(1, 2), &images(1, 2), &mut out);
        }
        'E' => ride(&images(1, 2), 99, &mut out),
        'U' => {
            // Every leap changes the colour of its cell: a divergence leaps the other way.
            if light(b, from) == w {
                ride(&images(1, 2), 1, &mut out);
                leap_diverge(&images(1, 2), &long_leaps(), &mut out);
            } else {
                ride(&long_leaps(), 1, &mut out);
                leap_diverge(&long_leaps(), &images(1, 2), &mut out);
            }
        }
        'P' => pawn(b, w, from, move_only, &mut out),
        'C' => centaur(b, w, from, &mut out),
        'S' => serpent(b, w, from, &mut out),
        'H' => shaman(b, w, from, &mut out),
        'O' | 'G' => trooper(b, kind, w, from, &mut out),
        _ => {}
    }
    out
}

pub(super) fn pawn(b: &Board, w: bool, from: usize, move_only: bool, out: &mut Vec<(usize, End)>) {
    let dy = if w { 1 } else { -1 };
    let step = |t: usize, out: &mut Vec<(usize, End)>| match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if friend(q, w) && kind(q) == 'W' => out.push((t, End::Activate)),
        _ => {}
    };
    let mut steps = vec![(0, dy)];
    if b.v.sideways {
        steps.extend([(-1, 0), (1, 0)]);
    }
    for (dx, dy) in steps {
        if let Some(t) = b.offset(from, dx, dy) {
            step(t, out);
        }
    }
    for dx in [-1, 1] {
        if let Some(t) = b.offset(from, dx, dy) {
            match b.cells[t] {
                Some(q) if foe(q, w) && !move_only => out.push((t, End::Capture)),
                Some(q) if friend(q, w) && matches!(kind(q), 'W' | 'A') => {
                    out.push((t, End::Activate))
                }
                _ => {}
            }
        }
    }
    let rank = b.rel_rank(from, w);
    let longest = match rank {
        1 if b.tags[from] => b.v.tag_rush[0],
        2 if b.tags[from] => b.v.tag_rush[1],
        _ => 0,
    };
    // Divergence (Tlalocan, the only variant with Shamans): a step forward, sideways
    // or diagonally forward onto an own Shaman, or a rush of 2 cells or more over
    // empty cells onto one, then one step more from it: forward or sideways onto an
    // empty cell (its start cell is empty then) or an own Wave (activated), or
    // diagonally forward capturing or activating an own Wave (also a Pyramid after a
    // rush: momentum is left).
    let shaman = |t: usize| b.cells[t].is_some_and(|q| friend(q, w) && kind(q) == 'H');
    let diverge = |at: usize, rushed: bool, out: &mut Vec<(usize, End)>| {
        for (dx, ddy) in [(0, dy), (-1, 0), (1, 0)] {
            match b.offset(at, dx, ddy) {
                Some(v) if v == from => out.push((v, End::Quiet)),
                Some(v) => step(v, out),
                None => {}
            }
        }
        for dx in [-1, 1] {
            let Some(v) = b.offset(at, dx, dy) else {
                continue;
            };
            match b.cells[v] {
                Some(q) if v != from && foe(q, w) && !move_only => out.push((v, End::Capture)),
                Some(q) if v != from && friend(q, w) && kind(q) == 'W' => {
                    out.push((v, End::Activate))
                }
                Some(q) if v != from && rushed && friend(q, w) && kind(q) == 'A' => {
                    out.push((v, End::Activate))
                }
                _ => {}
            }
        }
    };
    if b.v.sideways {
        for (dx, ddy) in [(0, dy), (-1, 0), (1, 0), (-1, dy), (1, dy)] {
            if let Some(t) = b.offset(from, dx, ddy).filter(|&t| shaman(t)) {
                diverge(t, false, out);
            }
        }
        let mut c = from;
        for k in 1..=longest {
            let Some(t) = b.offset(c, 0, dy) else { break };
            c = t;
            if k >= 2 && shaman(t) {
                diverge(t, true, out);
            }
            if b.cells[t].is_some() {
                break;
            }
        }
    }
    let mut c = from;
    for k in 1..=longest {
        let Some(t) = b.offset(c, 0, dy) else { break };
        c = t;
        if k >= 2 {
            step(t, out);
        }
        if b.cells[t].is_some_and(|q| kind(q) != 'W') {
            break;
        }
    }
}
