//! export: a checked piece ([`ir::Piece`](crate::ir::Piece)) written as XBetza, with
//! Fairy-Stockfish's reading of direction modifiers, so that `import` of the result
//! gives back the same moves. Each pattern becomes one or more components; a pattern
//! the notation cannot say (a zone condition, `repeat`, a push, a kind filter, a bent
//! ride) is refused with an [`ExportError`] naming the construct and pointing at it.

use super::error::{ExportError, ExportErrorKind};
use super::moves::images;
use super::parse::Modifier;
use crate::ids::PieceId;
use crate::ir::{BoardKind, KindFilter, LegDirs, Meets, Pattern, RuleSet, Vector, Via};

/// The letters of leaper atoms, by canonical vector `(a, b)`, `a <= b`.
const ATOMS: &[((i8, i8), char)] = &[
    ((0, 1), 'W'),
    ((1, 1), 'F'),
    ((0, 2), 'D'),
    ((1, 2), 'N'),
    ((2, 2), 'A'),
    ((0, 3), 'H'),
    ((1, 3), 'C'),
    ((2, 3), 'Z'),
    ((3, 3), 'G'),
];

/// Direction tokens a modifier string may be built of.
const TOKENS: &[&str] = &[
    "f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb", "fs", "bs", "lv",
    "rv", "fh", "bh", "lh", "rh",
];

fn base(v: Vector) -> (i8, i8) {
    let (x, y) = (v.dx.abs(), v.dy.abs());
    (x.min(y), x.max(y))
}

/// What a modifier string selects among `b`'s images (Fairy-Stockfish's reading).
fn selected(dirs: &str, b: (i8, i8)) -> Vec<Vector> {
    let mods: Vec<Modifier> = dirs
        .char_indices()
        .map(|(at, ch)| Modifier { ch, at })
        .collect();
    super::moves::filter_public(&[b], &mods)
}

/// Direction modifier strings that select exactly `want` among `b`'s images: one
/// string when the tokens can be written together, else one per token (each its own
/// component). `None` if no tokens do.
fn direction_strings(want: &[Vector], b: (i8, i8)) -> Option<Vec<String>> {
    let all = images(b.0, b.1);
    if want.len() == all.len() {
        return Some(vec![String::new()]);
    }
    let mut sets: Vec<(&str, Vec<Vector>)> = TOKENS
        .iter()
        .map(|t| (*t, selected(t, b)))
        .filter(|(_, s)| !s.is_empty() && s.iter().all(|v| want.contains(v)))
        .collect();
    sets.sort_by_key(|(t, s)| (std::cmp::Reverse(s.len()), t.len()));
    let mut left: Vec<Vector> = want.to_vec();
    let mut chosen = Vec::new();
    for (t, s) in &sets {
        if s.iter().any(|v| left.contains(v)) {
            left.retain(|v| !s.contains(v));
            chosen.push(*t);
        }
    }
    if !left.is_empty() {
        return None;
    }
    let joined: String = chosen.concat();
    if selected(&joined, b) == want {
        Some(vec![joined])
    } else {
        Some(chosen.iter().map(|t| t.to_string()).collect())
    }
}

/// One pattern's components, or what the notation cannot say.
struct Unsayable(String);

fn no(what: impl Into<String>) -> Unsayable {
    Unsayable(what.into())
}

/// The atom letter for a base, in rider form if `ride` (`R`, `B`, `NN`).
fn atom(b: (i8, i8), ride: bool) -> Result<String, Unsayable> {
    let letter = ATOMS
        .iter()
        .find(|(v, _)| *v == b)
        .map(|(_, c)| *c)
        .ok_or_else(|| no(format!("a ({},{}) leap (no atom letter)", b.0, b.1)))?;
    Ok(match (ride, letter) {
        (false, c) => c.to_string(),
        (true, 'W') => "R".into(),
        (true, 'F') => "B".into(),
        (true, c) => format!("{c}{c}"),
    })
}

/// Components for `vectors` (any bases) with a prefix and an atom suffix: `K`/`Q`
/// where the orthogonal and diagonal parts read the same.
fn components(
    vectors: &[Vector],
    prefix: &str,
    ride: bool,
    count: &str,
) -> Result<Vec<String>, Unsayable> {
    let mut bases: Vec<(i8, i8)> = vectors.iter().map(|&v| base(v)).collect();
    bases.sort();
    bases.dedup();
    let mut parts: Vec<((i8, i8), Vec<String>)> = Vec::new();
    for b in bases {
        let want: Vec<Vector> = vectors.iter().copied().filter(|&v| base(v) == b).collect();
        let dirs = direction_strings(&want, b)
            .ok_or_else(|| no(format!("these directions of the ({},{}) leap", b.0, b.1)))?;
        parts.push((b, dirs));
    }
    let mut out = Vec::new();
    let w = parts.iter().position(|p| p.0 == (0, 1));
    let f = parts.iter().position(|p| p.0 == (1, 1));
    if let (Some(w), Some(f)) = (w, f) {
        let d = &parts[w].1;
        let same = d == &parts[f].1 && d.len() == 1 && {
            let mods: Vec<Modifier> = d[0]
                .char_indices()
                .map(|(at, ch)| Modifier { ch, at })
                .collect();
            let mut want: Vec<Vector> = vectors
                .iter()
                .copied()
                .filter(|&v| base(v) == (0, 1) || base(v) == (1, 1))
                .collect();
            want.sort();
            super::moves::filter_public(&[(0, 1), (1, 1)], &mods) == want
        };
        if same {
            let k = if ride { "Q" } else { "K" };
            out.push(format!("{prefix}{}{k}{count}", parts[w].1[0]));
            parts.retain(|p| p.0 != (0, 1) && p.0 != (1, 1));
        }
    }
    for (b, dirs) in parts {
        let a = atom(b, ride && count.is_empty())?;
        let a = if ride && !count.is_empty() {
            atom(b, false)?
        } else {
            a
        };
        for d in dirs {
            out.push(format!("{prefix}{d}{a}{count}"));
        }
    }
    Ok(out)
}

/// Whether the pattern's only zone condition is `from` a side-relative zone that is
/// exactly the second rank: what Fairy-Stockfish's `i` means (its double-step region).
fn second_rank_start(rules: &RuleSet, p: &Pattern) -> bool {
    let BoardKind::Square { width, .. } = rules.board.kind else {
        return false;
    };
    let [z] = p.conditions.from.as_slice() else {
        return false;
    };
    let Some(zone) = rules.zones.get(z.zone.index()) else {
        return false;
    };
    z.inside
        && !zone.absolute
        && zone.cells.len() == usize::from(width)
        && zone.cells.iter().all(|c| c.y == 1)
}

fn is_hop_via(via: &Via) -> bool {
    !via.empty && via.friend && via.foe && !via.foe_captured && via.kinds == KindFilter::Any
}

fn is_empty_via(via: &Via) -> bool {
    via.empty && !via.friend && !via.foe && !via.foe_captured
}

/// One pattern as Betza components.
fn pattern(rules: &RuleSet, p: &Pattern, ep: bool) -> Result<Vec<String>, Unsayable> {
    if p.repeat.is_some() {
        return Err(no("`repeat`"));
    }
    let second_rank = second_rank_start(rules, p);
    if !p.conditions.to.is_empty() || (!p.conditions.from.is_empty() && !second_rank) {
        let z = p.conditions.from.iter().chain(&p.conditions.to).next();
        let name = z
            .and_then(|z| rules.zones.get(z.zone.index()))
            .map_or("", |z| &z.name);
        return Err(no(format!("a `from`/`to` zone condition (`{name}`)")));
    }
    if p.conditions.pass {
        return Err(no("`pass`"));
    }
    if p.conditions.side.is_some() {
        return Err(no(
            "a pattern for one side only (`for first`, `for second`)",
        ));
    }
    if p.land.push.is_some() {
        return Err(no("`push`"));
    }
    if p.conditions.actions.is_some() {
        return Err(no(
            "what a pattern does beyond its path (`sets`, `keeps`, `burn`, `explode`)",
        ));
    }
    let no_meets = Meets::default();
    let meets = p.land.meets.as_deref().unwrap_or(&no_meets);
    if meets.swap.is_some() && (p.land.empty || p.land.foe || meets.capture_friend.is_some()) {
        // `u` applies to every capture of a component: the swap is a component of its
        // own (`step any, swap` is `KudK`).
        let mut plain = p.clone();
        if let Some(m) = plain.land.meets.as_mut() {
            m.swap = None;
        }
        let mut swapping = p.clone();
        (swapping.land.empty, swapping.land.foe) = (false, false);
        if let Some(m) = swapping.land.meets.as_mut() {
            m.capture_friend = None;
        }
        let mut out = pattern(rules, &plain, ep)?;
        out.extend(pattern(rules, &swapping, ep)?);
        return Ok(out);
    }
    if p.land.kinds != KindFilter::Any {
        return Err(no("`captures` with a kind of piece"));
    }
    let mut prefix = String::new();
    if (p.conditions.initial || second_rank) && p.land.foe {
        return Err(no(
            "an initial move that may capture (`i` moves never capture in Fairy-Stockfish's reading)",
        ));
    }
    if p.conditions.initial || second_rank {
        prefix.push('i');
    }
    if meets.convert.is_some() {
        return Err(no("`convert`"));
    }
    let swap = meets.swap.as_ref();
    if swap.is_some_and(|s| s.kinds != KindFilter::Any)
        || meets
            .capture_friend
            .as_ref()
            .is_some_and(|k| *k != KindFilter::Any)
    {
        return Err(no("`swap` or `capture friend` with a kind of piece"));
    }
    if meets.any() && (p.legs.len() > 1 || ep) {
        return Err(no(
            "`swap` or `capture friend` in a chain or with en passant",
        ));
    }
    // XBetza's `d` captures a friend; `u` puts what the move captures on its start
    // cell: `ud` swaps with a friend, `uc` with a foe.
    let (foe, friend) = match swap {
        Some(_) if p.land.foe || meets.capture_friend.is_some() => {
            return Err(no(
                "`swap` beside a capture (XBetza's `u` applies to every capture of a move)",
            ))
        }
        Some(s) => (s.foe, s.friend),
        None => (p.land.foe, meets.capture_friend.is_some()),
    };
    match (p.land.empty, foe, friend) {
        (true, true, false) if swap.is_none() => {}
        (false, false, false) => return Err(no("a pattern that may neither move nor capture")),
        (empty, foe, friend) => {
            if swap.is_some() {
                prefix.push('u');
            }
            if empty {
                prefix.push('m');
            }
            if foe {
                prefix.push_str(if ep { "ce" } else { "c" });
            }
            if friend {
                prefix.push('d');
            }
        }
    }
    let first = &p.legs[0];
    let LegDirs::Absolute(vs) = &first.dirs else {
        return Err(no("relative directions on a first leg"));
    };
    match p.legs.len() {
        1 => match (first.min, first.max) {
            (1, Some(1)) => components(vs, &prefix, false, ""),
            (1, None) => components(vs, &prefix, true, ""),
            (1, Some(n)) => components(vs, &prefix, true, &n.to_string()),
            (k, Some(m)) if k == m && vs.iter().all(|v| v.dx.abs() <= 1 && v.dy.abs() <= 1) => {
                if k > 3 {
                    return Err(no(format!("a ride of exactly {k} steps")));
                }
                let k = k as i8;
                let scaled: Vec<Vector> =
                    vs.iter().map(|v| Vector::new(v.dx * k, v.dy * k)).collect();
                components(&scaled, &format!("{prefix}n"), false, "")
            }
            _ => Err(no(format!(
                "a ride of {}..{} steps",
                first.min,
                first.max.map_or(String::new(), |m| m.to_string())
            ))),
        },
        2 => {
            let second = &p.legs[1];
            // Hoppers: ride to a piece, hop it, ride on (p) or land just beyond (g).
            if first.min == 1
                && first.max.is_none()
                && is_hop_via(&first.via)
                && second.dirs == LegDirs::Turn(vec![0])
                && second.min == 1
            {
                let h = match second.max {
                    None => "p",
                    Some(1) => "g",
                    _ => return Err(no("a hop followed by a limited ride")),
                };
                return components(vs, &format!("{prefix}{h}"), true, "");
            }
            // Lame leaps: one orthogonal step, then turn 45° outward for 1 or 2 steps.
            if let LegDirs::Turn(turns) = &second.dirs {
                let ortho = vs
                    .iter()
                    .all(|v| (v.dx == 0) != (v.dy == 0) && v.dx.abs() + v.dy.abs() == 1);
                if ortho
                    && (first.min, first.max) == (1, Some(1))
                    && is_empty_via(&first.via)
                    && turns.iter().all(|t| t.abs() == 45)
                    && second.min == second.max.unwrap_or(0)
                    && (1..=2).contains(&second.min)
                {
                    let k = second.min as i8;
                    let mut finals = Vec::new();
                    for &v in vs {
                        for &t in turns {
                            let d = v.rotate(t).ok_or_else(|| no("this turn"))?;
                            finals.push(Vector::new(v.dx + k * d.dx, v.dy + k * d.dy));
                        }
                    }
                    finals.sort();
                    finals.dedup();
                    return components(&finals, &format!("{prefix}n"), false, "");
                }
            }
            // A straight lame leap written as a step and then `same`.
            if (first.min, first.max) == (1, Some(1))
                && is_empty_via(&first.via)
                && second.dirs == LegDirs::Turn(vec![0])
                && second.max == Some(second.min)
                && second.min <= 2
                && unit(vs)
            {
                let k = second.min as i8 + 1;
                let scaled: Vec<Vector> =
                    vs.iter().map(|v| Vector::new(v.dx * k, v.dy * k)).collect();
                return components(&scaled, &format!("{prefix}n"), false, "");
            }
            chain(p, vs, &prefix)
        }
        _ => chain(p, vs, &prefix),
    }
}

fn unit(vs: &[Vector]) -> bool {
    vs.iter().all(|v| v.dx.abs() <= 1 && v.dy.abs() <= 1)
}

/// The direction letters of a later leg of an `a` chain, from its turns.
fn turn_letters(turns: &[i16], king: bool) -> Option<&'static str> {
    let all = if king { 8 } else { 4 };
    if turns.len() == all {
        return Some("");
    }
    Some(match turns {
        [0] => "f",
        [180] => "b",
        [90] => "l",
        [-90] => "r",
        [0, 180] => "v",
        [-90, 90] => "s",
        [45] if king => "fl",
        [-45] if king => "fr",
        [135] if king => "bl",
        [-135] if king => "br",
        [-45, 45] if king => "fs",
        [-135, 135] if king => "bs",
        [-90, 0, 90] => "fs",
        [-90, 90, 180] => "bs",
        [0, 90] => "fl",
        [-90, 0] => "fr",
        [90, 180] => "bl",
        [-90, 180] => "br",
        [0, 90, 180] => "lv",
        [-90, 0, 180] => "rv",
        _ => return None,
    })
}

/// A multi-leg pattern as an XBetza `a` chain: every leg a king step (or every leg a
/// ride) of one family (W, F or K), later legs turning from the previous one.
fn chain(p: &Pattern, vs: &[Vector], prefix: &str) -> Result<Vec<String>, Unsayable> {
    let shape = |l: &crate::ir::Leg| (l.min, l.max);
    let ride = shape(&p.legs[0]) == (1, None);
    if !unit(vs) || !(ride || shape(&p.legs[0]) == (1, Some(1))) {
        return Err(no(
            "a multi-leg pattern of this shape (legs other than king steps or rides)",
        ));
    }
    if p.legs.iter().any(|l| shape(l) != shape(&p.legs[0])) {
        return Err(no("a multi-leg pattern mixing steps and rides"));
    }
    let ortho = vs.iter().all(|v| v.dx == 0 || v.dy == 0);
    let diag = vs.iter().all(|v| v.dx != 0 && v.dy != 0);
    let king = !ortho && !diag;
    let (w, f) = ((0i8, 1i8), (1i8, 1i8));
    let first = if king {
        let a: Vec<Vector> = vs.iter().copied().filter(|v| base(*v) == w).collect();
        let b: Vec<Vector> = vs.iter().copied().filter(|v| base(*v) == f).collect();
        match (direction_strings(&a, w), direction_strings(&b, f)) {
            (Some(x), Some(y)) if x == y && x.len() == 1 => x[0].clone(),
            _ => return Err(no("these first-leg directions of a multi-leg pattern")),
        }
    } else {
        match direction_strings(vs, if ortho { w } else { f }) {
            Some(x) if x.len() == 1 => x[0].clone(),
            _ => return Err(no("these first-leg directions of a multi-leg pattern")),
        }
    };
    let (init, land) = match prefix.strip_prefix('i') {
        Some(rest) => ("i", rest),
        None => ("", prefix),
    };
    let mut text = init.to_string();
    let mut dirs = first;
    for (i, leg) in p.legs.iter().enumerate() {
        let last = i + 1 == p.legs.len();
        let modes = if last {
            land.to_string()
        } else {
            let v = &leg.via;
            if v.kinds != KindFilter::Any || v.friend != v.foe {
                return Err(no("a junction (`via`) of this kind in an `a` chain"));
            }
            let mut m = String::new();
            if v.empty && (v.foe_captured || v.friend) {
                m.push('m');
            }
            if v.foe_captured {
                m.push('c');
            }
            if v.friend {
                m.push('p');
            }
            m
        };
        text.push_str(&modes);
        text.push_str(&dirs);
        if !last {
            text.push('a');
            let next = &p.legs[i + 1];
            dirs = match &next.dirs {
                LegDirs::Turn(t) => turn_letters(t, king)
                    .ok_or_else(|| no(format!("the turns {t:?} on a later leg")))?
                    .to_string(),
                LegDirs::Absolute(a) if a.len() == if king { 8 } else { 4 } => String::new(),
                LegDirs::Absolute(_) => {
                    return Err(no("absolute directions on a later leg"));
                }
                LegDirs::Alternate => {
                    return Err(no("a leg repeating the leg two back (`alternate`)"));
                }
            };
            if !king && turn_letters(&[90], false).is_some() {
                if let LegDirs::Turn(t) = &next.dirs {
                    if t.iter().any(|a| a % 90 != 0) {
                        return Err(no("a leg turning 45° between orthogonal and diagonal"));
                    }
                }
            }
        }
    }
    let atom = match (ortho, diag, ride) {
        (true, _, false) => 'W',
        (true, _, true) => 'R',
        (_, true, false) => 'F',
        (_, true, true) => 'B',
        (_, _, false) => 'K',
        (_, _, true) => 'Q',
    };
    text.push(atom);
    Ok(vec![text])
}

/// A piece as XBetza: its patterns' components concatenated.
pub fn export_piece(rules: &RuleSet, piece: PieceId) -> Result<String, ExportError> {
    let p = rules.pieces.get(piece.index()).ok_or_else(|| {
        ExportError::new(
            ExportErrorKind::UnknownPiece(format!("#{}", piece.index())),
            "",
            None,
        )
    })?;
    if !matches!(rules.board.kind, BoardKind::Square { .. }) {
        return Err(ExportError::new(
            ExportErrorKind::NotSquare(rules.board.kind.word()),
            &p.name,
            None,
        ));
    }
    let ep = rules.game.en_passant.contains(&piece);
    let single = |pat: &Pattern| match pattern(rules, pat, ep) {
        Ok(parts) if parts.len() == 1 => parts.into_iter().next(),
        _ => None,
    };
    let (bent, taken) = super::repeaters::find(&p.patterns, &single);
    let mut out = String::new();
    for (i, pat) in p.patterns.iter().enumerate() {
        if let Some(c) = &bent[i] {
            out.push_str(c);
            continue;
        }
        if taken[i] {
            continue;
        }
        let parts = pattern(rules, pat, ep).map_err(|Unsayable(what)| {
            ExportError::new(ExportErrorKind::Unsayable(what), &p.name, Some(pat.span))
        })?;
        for part in parts {
            out.push_str(&part);
        }
    }
    Ok(out)
}

/// Every piece of a rules file: its name and its XBetza or why not.
pub fn export_rules(rules: &RuleSet) -> Vec<(String, Result<String, ExportError>)> {
    (0..rules.pieces.len())
        .map(|i| {
            let id = PieceId(i as u8);
            (rules.pieces[i].name.clone(), export_piece(rules, id))
        })
        .collect()
}
