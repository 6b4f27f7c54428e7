//! Conquest of Tlalocan's pieces for the brute force (`rules/croatian-tlalocan.rules`):
//! the Centaur (which activates an own Wave or Pyramid on any jump), the Serpent (which
//! activates an own Pyramid on its step-fields), the
//! Shaman (which activates own Waves and Pyramids, and entrances any Shaman next to it,
//! which then journeys: [`journey`]), the Scout and the Grenadier (which
//! activate nothing), and counts the tests use to show that their random positions
//! meet divergences and Shaman chains.

use super::*;

/// Where a piece of Tlalocan's that activates nothing may land on `t`: an empty cell,
/// or an enemy (captured).
fn plain(b: &Board, w: bool, t: usize, out: &mut Vec<(usize, End)>) {
    match b.cells[t] {
        None => out.push((t, End::Quiet)),
        Some(q) if foe(q, w) => out.push((t, End::Capture)),
        Some(_) => {}
    }
}

/// Where a piece of Tlalocan's that activates may land on `t`: an empty cell, an enemy
/// (captured), or an own Wave or Pyramid (activated).
fn activating(b: &Board, w: bool, t: usize, out: &mut Vec<(usize, End)>) {
    match b.cells[t] {
        Some(q) if friend(q, w) && matches!(kind(q), 'W' | 'A') => out.push((t, End::Activate)),
        _ => plain(b, w, t, out),
    }
}

/// The Centaur: from a cell of its side's colour a Knight's leap, from the other a
/// long leap; or two jumps, the second in the other pair of quadrants than the first
/// (a Knight's leap then a long one from its colour, a long one then a Knight's from
/// the other), over an empty cell between, and then the two in turn while each lands
/// on an empty cell (book, Hemera's Dawn: "Centaur has to keep alternating between the
/// two initially chosen steps"); each jump may end on an own Wave or Pyramid,
/// activating it (Conquest of Tlalocan, "Wave cannot diverge, if activated by
/// Centaur": the Centaur activates a Wave, which alternates its two jumps).
pub(super) fn centaur(b: &Board, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    let own = light(b, from) == w;
    let (first, second) = if own {
        (images(1, 2), long_leaps())
    } else {
        (long_leaps(), images(1, 2))
    };
    for &(dx, dy) in &first {
        let Some(t) = b.offset(from, dx, dy) else {
            continue;
        };
        activating(b, w, t, out);
        if b.cells[t].is_some() {
            continue;
        }
        // Up-right/down-left quadrants (dx·dy > 0) turn into the other pair.
        for &(ex, ey) in &second {
            if (dx * dy > 0) == (ex * ey > 0) {
                continue;
            }
            let legs = [(dx, dy), (ex, ey)];
            let (mut at, mut k) = (t, 1);
            while let Some(v) = b.offset(at, legs[k % 2].0, legs[k % 2].1) {
                activating(b, w, v, out);
                if b.cells[v].is_some() {
                    break;
                }
                (at, k) = (v, k + 1);
            }
        }
    }
}

/// The Serpent: 1 to 15 diagonal steps, each after the first on the other diagonal than
/// the one before (either way), through empty cells and Waves, never on a cell twice
/// nor back home, ending on an empty cell, capturing, or on an own Wave or Pyramid,
/// activating it (book, Tamoanchan Revisited, "Serpent": all its step-fields are
/// capture-fields, where it may activate a Pyramid; "Serpent can activate Wave on its
/// step-fields only"); or one orthogonal step to an empty cell (where it
/// activates nothing).
pub(super) fn serpent(b: &Board, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    fn go(
        b: &Board,
        w: bool,
        at: usize,
        dir: (i32, i32),
        steps: usize,
        path: &mut Vec<usize>,
        out: &mut Vec<(usize, End)>,
    ) {
        let Some(t) = b.offset(at, dir.0, dir.1) else {
            return;
        };
        if path.contains(&t) {
            return;
        }
        match b.cells[t] {
            Some(q) if friend(q, w) && matches!(kind(q), 'A' | 'W') => out.push((t, End::Activate)),
            _ => plain(b, w, t, out),
        }
        if steps == 15 || b.cells[t].is_some_and(|q| kind(q) != 'W') {
            return;
        }
        path.push(t);
        for turn in [(-dir.1, dir.0), (dir.1, -dir.0)] {
            go(b, w, t, turn, steps + 1, path, out);
        }
        path.pop();
    }
    for d in DIAG {
        go(b, w, from, d, 1, &mut vec![from], out);
    }
    for (dx, dy) in ORTHO {
        if let Some(t) = b.offset(from, dx, dy) {
            if b.cells[t].is_none() {
                out.push((t, End::Quiet));
            }
        }
    }
}

/// The Shaman (White's light: Knight's step leaps, long capture leaps; Black's dark:
/// the other way round): a ride of step leaps in one line over empty cells and Waves,
/// landing on the empty ones and activating the own Waves; or 1 to 6 capture leaps in
/// one line, each onto an enemy, ending on the last, or on an own Wave
/// or Pyramid one leap further, activating it (book, Conquest of Tlalocan, "Checking opponent's
/// King": "Shaman can capture dark Wave, and then activate light Wave"); or a first
/// capture leap onto an own Wave or Pyramid, activating it (its divergences:
/// [`shaman_divergences`]).
pub(super) fn shaman(b: &Board, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    // Its trance-fields (a King's steps): a step onto a Shaman of either side only
    // entrances it, which then journeys ([`journey`]).
    for dx in -1..=1 {
        for dy in -1..=1 {
            let Some(t) = b.offset(from, dx, dy) else {
                continue;
            };
            if (dx, dy) != (0, 0) && b.cells[t].is_some_and(|q| kind(q) == 'H') {
                out.push((t, End::Activate));
            }
        }
    }
    let (steps, captures) = if w {
        (images(1, 2), long_leaps())
    } else {
        (long_leaps(), images(1, 2))
    };
    for &(dx, dy) in &steps {
        let mut c = from;
        while let Some(t) = b.offset(c, dx, dy) {
            match b.cells[t] {
                None => out.push((t, End::Quiet)),
                Some(q) if kind(q) == 'W' && friend(q, w) => out.push((t, End::Activate)),
                Some(q) if kind(q) == 'W' => {}
                Some(_) => break,
            }
            c = t;
        }
    }
    for &(dx, dy) in &captures {
        let Some(first) = b.offset(from, dx, dy) else {
            continue;
        };
        if b.cells[first].is_some_and(|q| friend(q, w) && matches!(kind(q), 'W' | 'A')) {
            out.push((first, End::Activate));
        }
        let mut c = from;
        for m in 1..=7 {
            let Some(t) = b.offset(c, dx, dy) else { break };
            if m > 1 && b.cells[t].is_some_and(|q| friend(q, w) && matches!(kind(q), 'W' | 'A')) {
                out.push((t, End::ChainActivate(dx, dy, m - 1)));
            }
            // Six captures at most (the rules file's bound), then only an activation.
            if m == 7 || !b.cells[t].is_some_and(|q| foe(q, w)) {
                break;
            }
            out.push((
                t,
                if m == 1 {
                    End::Capture
                } else {
                    End::Chain(dx, dy, m)
                },
            ));
            c = t;
        }
    }
}

/// The trance-journey of the Shaman (light if `w`) entranced on `at` (book, Conquest of
/// Tlalocan, "Trance-journey", "Movement"): two hands, each a chain of steps whose
/// two legs, an orthogonal and a diagonal one, grow by a cell at each step. The light
/// Shaman's right hand starts right and up-right, then up and up-left, left and
/// down-left, down and down-right, and so on; its left hand is that turned half round;
/// both are travelled outward. The dark Shaman's up hand starts up and up-right, then
/// right and down-right, down and down-left, left and up-left; its down hand is that
/// turned half round; both are travelled inward, from their last field on the board.
/// Every piece is passed; the Shaman ends on an empty field on the board, or, entranced
/// by a dark Shaman (`captures`), on a field held by any piece but a King or a Star,
/// capturing it ("Interactions": "If entrancing Shaman is dark, all pieces, own or
/// opponent's, found on affected step-fields can optionally be captured"). Returns
/// those fields, and whether every field on the board holds a King or a Star (then the
/// Shaman is removed: One, "Failed trance-journey").
pub(super) fn journey(b: &Board, w: bool, at: usize, captures: bool) -> (Vec<usize>, bool) {
    let legs: [((i32, i32), (i32, i32)); 4] = if w {
        [
            ((1, 0), (1, 1)),
            ((0, 1), (-1, 1)),
            ((-1, 0), (-1, -1)),
            ((0, -1), (1, -1)),
        ]
    } else {
        [
            ((0, 1), (1, 1)),
            ((1, 0), (1, -1)),
            ((0, -1), (-1, -1)),
            ((-1, 0), (-1, 1)),
        ]
    };
    let n = b.v.n as i32;
    let (x0, y0) = ((at % b.v.n) as i32, (at / b.v.n) as i32);
    let (mut ends, mut fields, mut blocked) = (Vec::new(), 0, 0);
    for hand in [1, -1] {
        // (x, y) of each step's field, on the board or not.
        let (mut x, mut y) = (x0, y0);
        let mut steps = Vec::new();
        for k in 1..=4 * n {
            let ((ox, oy), (dx, dy)) = legs[(k as usize - 1) % 4];
            x += hand * k * (ox + dx);
            y += hand * k * (oy + dy);
            steps.push((x, y));
        }
        let on = |&(x, y): &(i32, i32)| (0..n).contains(&x) && (0..n).contains(&y);
        let last = steps.iter().rposition(on).map_or(0, |i| i + 1);
        steps.truncate(last);
        for (x, y) in steps.into_iter().filter(on) {
            let c = (y * n + x) as usize;
            fields += 1;
            match b.cells[c] {
                None => ends.push(c),
                Some(q) if matches!(kind(q), 'K' | '*') => blocked += 1,
                Some(_) if captures => ends.push(c),
                Some(_) => {}
            }
        }
    }
    ends.sort();
    ends.dedup();
    (ends, fields > 0 && blocked == fields)
}

/// The Scout (O: up to 6 cells forward or sideways to empty cells, a capture one step
/// diagonally back) and the Grenadier (G: up to 4 cells sideways or 3 forward or back
/// to empty cells, a capture on each diagonal neighbour).
pub(super) fn trooper(b: &Board, kind: char, w: bool, from: usize, out: &mut Vec<(usize, End)>) {
    let dy = if w { 1 } else { -1 };
    type Lines = Vec<((i32, i32), usize)>;
    let (lines, captures): (Lines, Vec<(i32, i32)>) = if kind == 'O' {
        (
            vec![((0, dy), 6), ((1, 0), 6), ((-1, 0), 6)],
            vec![(1, -dy), (-1, -dy)],
        )
    } else {
        (
            vec![((1, 0), 4), ((-1, 0), 4), ((0, 1), 3), ((0, -1), 3)],
            DIAG.to_vec(),
        )
    };
    for ((dx, dy), max) in lines {
        let mut c = from;
        for _ in 0..max {
            let Some(t) = b.offset(c, dx, dy) else { break };
            if b.cells[t].is_some() {
                break;
            }
            out.push((t, End::Quiet));
            c = t;
        }
    }
    for (dx, dy) in captures {
        if let Some(t) = b.offset(from, dx, dy) {
            if b.cells[t].is_some_and(|q| foe(q, w)) {
                out.push((t, End::Capture));
            }
        }
    }
}

/// Whether the side to move in `fen` could take the other side's King (a position the
/// tests leave out).
pub fn takes_king(v: Variant, fen: &str) -> bool {
    let (b, w) = parse(v, fen);
    let Some(k) = king(&b, !w) else { return true };
    moves(&b, w)
        .iter()
        .any(|(chain, _, taken)| chain.last() == Some(&k) || taken.contains(&k))
}

/// How many legal moves of `fen` are a Shaman's chain of two captures or more.
pub fn chains(v: Variant, fen: &str) -> usize {
    let (b, w) = parse(v, fen);
    legal_moves(&b, w)
        .iter()
        .filter(|(_, _, taken)| !taken.is_empty())
        .count()
}

/// How many pieces of the side to move in `fen` stand where a divergence may start: a
/// Queen, Rook, Bishop or Pegasus with an own Shaman on one of its lines, empty between
/// (counted per line), or a Shaman with a Shaman on its first capture leap.
pub fn divergences(v: Variant, fen: &str) -> usize {
    let (b, w) = parse(v, fen);
    let mut count = 0;
    for from in 0..b.cells.len() {
        let Some(p) = b.cells[from].filter(|&p| friend(p, w)) else {
            continue;
        };
        let lines = match kind(p) {
            'Q' => ORTHO.iter().chain(&DIAG).copied().collect(),
            'R' => ORTHO.to_vec(),
            'B' => DIAG.to_vec(),
            'E' => images(1, 2),
            'H' if w => long_leaps(),
            'H' => images(1, 2),
            _ => continue,
        };
        let shaman = |t: usize, own: bool| {
            b.cells[t].is_some_and(|q| kind(q) == 'H' && (!own || friend(q, w)))
        };
        for (dx, dy) in lines {
            if kind(p) == 'H' {
                count += usize::from(b.offset(from, dx, dy).is_some_and(|t| shaman(t, false)));
                continue;
            }
            let mut c = from;
            while let Some(t) = b.offset(c, dx, dy) {
                if b.cells[t].is_some() {
                    count += usize::from(shaman(t, true));
                    break;
                }
                c = t;
            }
        }
    }
    count
}

/// The Shaman's divergences: from any Shaman (own or not, which stays) reached by a
/// step-ply over empty cells, by a first capture leap, or after 1 to 5 captures in one
/// line, with the momentum it had there (the leaps taken), it moves on from that
/// Shaman's cell: a step-ply of at most that many leaps over empty cells (its start
/// cell empty), or a capture leap onto an enemy; after a step-ply a chain of up to 6
/// such captures in one line, after one capture up to 2, within the momentum; never
/// onto a cell whose piece it took in passing. After a divergence, the step-ply or the
/// first capture leap may end on an own Wave, activating it ("Diverging Shaman from
/// opponent's Shaman": "diverging Shaman can e.g activate light Wave"), with the cells
/// taken before the divergence (`activated`: the Wave's cell and those cells).
pub(super) fn shaman_divergences(
    b: &Board,
    w: bool,
    from: usize,
    out: &mut Vec<Move>,
    activated: &mut Vec<(usize, Vec<usize>)>,
) {
    let (steps, captures) = if w {
        (images(1, 2), long_leaps())
    } else {
        (long_leaps(), images(1, 2))
    };
    let shaman = |t: usize| b.cells[t].is_some_and(|q| kind(q) == 'H');
    let enemy = |t: usize| t != from && b.cells[t].is_some_and(|q| foe(q, w));
    // (the Shaman's cell, the momentum, the cells taken on the way, the most captures
    // a chain after it may take)
    let mut entries: Vec<(usize, usize, Vec<usize>, usize)> = Vec::new();
    for &(dx, dy) in &steps {
        let mut c = from;
        let mut k = 0;
        while let Some(t) = b.offset(c, dx, dy) {
            k += 1;
            if shaman(t) {
                entries.push((t, k, vec![], 6));
            }
            if b.cells[t].is_some() {
                break;
            }
            c = t;
        }
    }
    for &(dx, dy) in &captures {
        let mut c = from;
        let mut taken = Vec::new();
        for m in 0..=5 {
            let Some(t) = b.offset(c, dx, dy) else { break };
            if shaman(t) {
                let most = match m {
                    1 => 2,
                    _ => 1,
                };
                entries.push((t, m + 1, taken.clone(), most));
            }
            if !enemy(t) {
                break;
            }
            taken.push(t);
            c = t;
        }
    }
    let wave = |v: usize| b.cells[v].is_some_and(|q| friend(q, w) && kind(q) == 'W');
    for (at, momentum, taken, most) in entries {
        for &(dx, dy) in &steps {
            let mut u = at;
            for _ in 0..momentum {
                let Some(v) = b.offset(u, dx, dy) else { break };
                if v != from && b.cells[v].is_some() {
                    if wave(v) {
                        activated.push((v, taken.clone()));
                    }
                    break;
                }
                out.push((vec![from, v], None, taken.clone()));
                u = v;
            }
        }
        for &(dx, dy) in &captures {
            let mut u = at;
            let mut passed = taken.clone();
            for k in 0..most.min(momentum) {
                let Some(v) = b.offset(u, dx, dy) else { break };
                if k == 0 && wave(v) {
                    activated.push((v, taken.clone()));
                }
                if !enemy(v) || taken.contains(&v) {
                    break;
                }
                out.push((vec![from, v], None, passed.clone()));
                passed.push(v);
                u = v;
            }
        }
    }
}
