//! The Wave's lines in the independent generator: the first steps it takes from its
//! activator, and the ends of its lines on to the edge (alternating, teleported,
//! diverging as the files say).

use super::*;

/// The first steps a Wave activated on `at` inherits from a piece of `kind` of side
/// `w` (book, "Wave inherits step- and capture-fields from activating piece"): the
/// cells that piece's moves start with, whatever stands there.
pub(super) fn first_steps(b: &Board, kind: char, w: bool, at: usize) -> Vec<(i32, i32)> {
    let f = if w { 1 } else { -1 };
    let orth = vec![(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
    match kind {
        'K' | 'Q' => orth.into_iter().chain(diag).collect(),
        'R' | 'A' => orth,
        'B' => diag,
        'N' | 'E' => images(1, 2),
        'P' => {
            let mut v = vec![(0, f), (1, f), (-1, f)];
            if b.v.sideways {
                v.extend([(1, 0), (-1, 0)]);
            }
            v
        }
        // The Shaman's step and capture leaps, the one for either colour.
        'H' => images(1, 2).into_iter().chain(long_leaps()).collect(),
        // The Serpent's diagonal step-fields (its orthogonal colour change starts no
        // line of an activated Wave: "any diagonal field for its first step").
        'S' => diag,
        'U' | 'C' if light(b, at) == w => images(1, 2),
        'U' | 'C' => long_leaps(),
        _ => vec![],
    }
}

/// An activated Wave's ends (book, "Wave": "Once initial step is made, Wave cannot
/// change its direction. Activated Wave can continue moving in the initially chosen
/// direction until the end of a chessboard is reached"; "Wave can move past (step
/// over) any piece"): along each first step of `walk.0` for the side `walk.1`, on to the
/// edge, every empty cell, every own piece (side `w`) but a King, a Pyramid or a Star,
/// and every opponent's Wave ("Own Wave can activate opponent's Wave, and vice versa"),
/// activated.
pub(super) fn wave_ends(b: &Board, walk: (char, bool), w: bool, at: usize) -> Vec<(usize, End)> {
    let mut out = Vec::new();
    let n = b.v.n as i32;
    // Activated by a Unicorn, the Wave alternates its first step with a second, a
    // Unicorn's jump from where the first ends (by that cell's colour, on the board or
    // off it); activated by a Serpent, a diagonal step and one on the other diagonal;
    // either may step off the board and back, its first two steps too (book, Miranda's
    // Veil, "Activated by Unicorn", "Out of board steps"; Tamoanchan Revisited, "Wave
    // activated by Serpent can step outside of a board, as long as its ply ends on a
    // board").
    let mut lines = Vec::new();
    let (x0, y0) = ((at % b.v.n) as i32, (at / b.v.n) as i32);
    for v1 in first_steps(b, walk.0, walk.1, at) {
        match walk.0 {
            'U' => {
                let lit = (x0 + v1.0 + y0 + v1.1).rem_euclid(2) == 1;
                let jumps = if lit == walk.1 {
                    images(1, 2)
                } else {
                    long_leaps()
                };
                lines.extend(jumps.into_iter().map(|v2| (v1, v2)));
            }
            'S' => lines.extend([(v1, (-v1.1, v1.0)), (v1, (v1.1, -v1.0))]),
            // A Centaur's second jump: the other kind of leap, in the other pair of
            // quadrants (Hemera's Dawn, "Activating Wave").
            'C' => {
                let jumps = if light(b, at) == walk.1 {
                    long_leaps()
                } else {
                    images(1, 2)
                };
                lines.extend(
                    jumps
                        .into_iter()
                        .filter(|v2| (v1.0 * v1.1 > 0) != (v2.0 * v2.1 > 0))
                        .map(|v2| (v1, v2)),
                );
            }
            _ => lines.push((v1, v1)),
        }
    }
    for (v1, v2) in lines {
        let (mut x, mut y) = ((at % b.v.n) as i32, (at / b.v.n) as i32);
        let back = (v1.0 + v2.0, v1.1 + v2.1) == (0, 0);
        for k in 0..4 * n {
            if back && k == 1 {
                break;
            }
            let (dx, dy) = if k % 2 == 0 { v1 } else { v2 };
            x += dx;
            y += dy;
            if !((0..n).contains(&x) && (0..n).contains(&y)) {
                if v1 == v2 {
                    break;
                }
                continue;
            }
            let t = (y * n + x) as usize;
            let end = line_end(b, w, t);
            if let Some(end) = end.filter(|&e| !out.contains(&(t, e))) {
                out.push((t, end));
            }
        }
    }
    // Divergence (Conquest of Tlalocan, "Diverging Wave": "After divergence, Wave can
    // choose any direction its activator can"; "Wave cannot diverge, if activated by
    // Unicorn"): a straight line passing over an own Shaman may turn there into any
    // other first step of its activator, on to the edge; each Shaman turns a line
    // once, three turns at most. An alternating line (a Unicorn's, a Centaur's or a
    // Serpent's) never turns ("... illegal, if activated by Centaur").
    if matches!(walk.0, 'U' | 'S' | 'C') {
        return out;
    }
    let mut todo: Vec<(usize, (i32, i32), Vec<usize>)> = first_steps(b, walk.0, walk.1, at)
        .into_iter()
        .map(|v| (at, v, Vec::new()))
        .collect();
    while let Some((from, v, used)) = todo.pop() {
        let mut c = from;
        while let Some(t) = b.offset(c, v.0, v.1) {
            let end = line_end(b, w, t);
            if let Some(end) = end.filter(|&e| !out.contains(&(t, e))) {
                out.push((t, end));
            }
            let shaman = b.cells[t].is_some_and(|q| friend(q, w) && kind(q) == 'H');
            if shaman && t != at && !used.contains(&t) && used.len() < 3 {
                for v2 in first_steps(b, walk.0, walk.1, t) {
                    if v2 != v {
                        let mut u = used.clone();
                        u.push(t);
                        todo.push((t, v2, u));
                    }
                }
            }
            c = t;
        }
    }
    out
}

/// How a Wave's line of side `w` may end on cell `t`: quietly on an empty cell, activating
/// an own piece but a King, a Pyramid or a Star, or an opponent's Wave; `None` on any other
/// piece (passed over).
fn line_end(b: &Board, w: bool, t: usize) -> Option<End> {
    match b.cells[t] {
        None => Some(End::Quiet),
        Some(q) if friend(q, w) && !matches!(kind(q), 'K' | 'A' | 'T') => Some(End::Activate),
        Some(q) if !friend(q, w) && kind(q) == 'W' => Some(End::Activate),
        Some(_) => None,
    }
}
