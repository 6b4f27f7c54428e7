//! How the test reads a scene that draws an alignment, the book's syzygy (Discovery
//! and One, "Syzygy"; the game's `alignment`, [`Game::alignments`]).
//!
//! - **a syzygy's line**: three or more arrows of one mark and one step on one line
//!   whose cells, together, are the whole line from the board's edge to its edge (a
//!   gap where a move's arrow is drawn instead, `scn_o_55`), over at least two pieces
//!   of the aligned kinds, draws the syzygy-fields, no path (book,
//!   Discovery, "Syzygy": "Syzygy-fields are all fields where Monolith would be in
//!   syzygy"; the colours tell syzygies apart: `scn_d_21_syzygy_explain` draws three
//!   in green, red and grey). It holds when its cells are the fields of an alignment
//!   of the position drawn, or of the position after a drawn move (a piece on an
//!   arrow's start moved to a cell its arrows lead to); its arrows are no moves;
//! - **a marker on a piece on such a line** tells whether the move entering the
//!   syzygy may demote that piece (Discovery, "2-Stars syzygy steps": "If Monolith
//!   was moved into syzygy by light player, light Wave or Bishop could be demoted
//!   (blue); if moved by dark player only dark Rook could be demoted (green)"): an
//!   Action (blue) one, when the first side moves; a Legal (green) one, when the
//!   second does; an Illegal (red) one, by neither ([`Game::demotions`]). The move
//!   entering is the scene's own Action arrow from a piece of a kind that enters, or
//!   the scene before's, drawn made here (`scn_d_23` after `scn_d_22`: the Monolith
//!   stands where the scene before's arrow ends).
//! - **a resurrection drawn made** (One, "Resurrection syzygy": "Chosen piece can emerge
//!   on any empty miracle-field around initiating Starchild in syzygy (here, enumerated
//!   fields). Here, light Wave has been resurrected on a field 8", `scn_o_53`): when
//!   the marks left are numbered Action texts around a piece of a kind that
//!   resurrects (`resurrect ... by`), one of them on a piece, and an earlier scene
//!   draws that piece's move there (an arrow from its cell, the other pieces the same
//!   but the one on the numbered field), the numbered fields must be exactly the cells
//!   where that move, played with the piece on the numbered field captured (in its
//!   side's graveyard), may bring it back ([`Game::resurrections`]).

use super::*;

/// A cell as (file, rank) from 0.
type Xy = (i64, i64);
/// A scene's pieces: (cell, letter).
type Pieces = Vec<(String, char)>;

/// The syzygy lines a scene draws: the indices of their arrows, and each line's cells.
pub(super) fn syzygy_lines(scene: &Scene, v: &Variant) -> (BTreeSet<usize>, Vec<Vec<String>>) {
    let mut used = BTreeSet::new();
    let mut lines = Vec::new();
    if v.aligned.is_empty() {
        return (used, lines);
    }
    let size = scene.size as i64;
    let xy = |c: &str| {
        let (f, r) = coords(c);
        (f as i64, r as i64)
    };
    let name = |(x, y): (i64, i64)| -> Option<String> {
        ((0..size).contains(&x) && (0..size).contains(&y))
            .then(|| format!("{}{}", (b'a' + x as u8) as char, y + 1))
    };
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let arrows: Vec<(usize, Xy, Xy, &str)> = scene
        .arrows
        .iter()
        .enumerate()
        .filter_map(|(i, (f, e, k))| Some((i, xy(f.as_deref()?), xy(e.as_deref()?), k.as_str())))
        .collect();
    // The arrows of one mark and one step on one line, together.
    let mut groups: BTreeMap<(&str, Xy, i64), Vec<usize>> = BTreeMap::new();
    for (n, &(_, a, b, k)) in arrows.iter().enumerate() {
        let d = (b.0 - a.0, b.1 - a.1);
        groups
            .entry((k, d, d.0 * a.1 - d.1 * a.0))
            .or_default()
            .push(n);
    }
    for ((_, d, _), members) in groups {
        if members.len() < 3 {
            continue;
        }
        let cells: BTreeSet<Xy> = members
            .iter()
            .flat_map(|&n| [arrows[n].1, arrows[n].2])
            .collect();
        // The whole line through them, from edge to edge.
        let mut c = *cells.iter().next().unwrap();
        while name((c.0 - d.0, c.1 - d.1)).is_some() {
            c = (c.0 - d.0, c.1 - d.1);
        }
        let mut line = Vec::new();
        while name(c).is_some() {
            line.push(c);
            c = (c.0 + d.0, c.1 + d.1);
        }
        if line.len() != cells.len() || !line.iter().all(|c| cells.contains(c)) {
            continue;
        }
        let names: Vec<String> = line.iter().filter_map(|&c| name(c)).collect();
        let aligned = names
            .iter()
            .filter(|c| {
                at.get(c.as_str())
                    .is_some_and(|l| v.aligned.contains(&l.to_ascii_uppercase()))
            })
            .count();
        if aligned >= 2 {
            used.extend(members.iter().map(|&n| arrows[n].0));
            lines.push(names);
        }
    }
    (used, lines)
}

/// The positions a scene's line may be an alignment of: the position drawn, and each
/// piece on a drawn arrow's start (not on a line) moved to each cell its arrows lead to.
fn positions(scene: &Scene, v: &Variant, used: &BTreeSet<usize>) -> Vec<Pieces> {
    let mut out = vec![scene.pieces.clone()];
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let arrows: Vec<(&str, &str)> = scene
        .arrows
        .iter()
        .enumerate()
        .filter(|(i, _)| !used.contains(i))
        .filter_map(|(_, (f, e, _))| Some((f.as_deref()?, e.as_deref()?)))
        .collect();
    for &(from, _) in &arrows {
        let Some(&letter) = at.get(from) else {
            continue;
        };
        if v.stands_still(letter) {
            continue;
        }
        // The cells its arrows lead to, in turn.
        let mut reached: Vec<&str> = vec![from];
        let mut i = 0;
        while i < reached.len() {
            for &(f, e) in &arrows {
                if f == reached[i] && !reached.contains(&e) {
                    reached.push(e);
                }
            }
            i += 1;
        }
        for &to in &reached[1..] {
            let mut pieces: Vec<(String, char)> = scene
                .pieces
                .iter()
                .filter(|(c, _)| c != from && c != to)
                .cloned()
                .collect();
            pieces.push((to.to_string(), letter));
            out.push(pieces);
        }
    }
    out
}

/// The move a scene shows entering a syzygy: (the pieces before it, from, to).
fn entering(scene: &Scene, prev: Option<&Scene>, v: &Variant) -> Option<(Pieces, String, String)> {
    let enters = |l: char| v.enters.contains(&l.to_ascii_uppercase());
    // The scene's own: an Action arrow from a piece that enters, along its arrows.
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    for (f, e, k) in &scene.arrows {
        let (Some(f), Some(mut e)) = (f.as_deref(), e.as_deref()) else {
            continue;
        };
        if k != "action" || !at.get(f).is_some_and(|&l| enters(l)) {
            continue;
        }
        // Its later steps (a Monolith's are drawn one arrow each).
        while let Some((_, Some(n), _)) = scene
            .arrows
            .iter()
            .find(|(a, n, k2)| a.as_deref() == Some(e) && k2 == "action" && n.is_some())
        {
            if n == f {
                break;
            }
            e = n.as_str();
        }
        return Some((scene.pieces.clone(), f.to_string(), e.to_string()));
    }
    // The scene before's, drawn made here.
    let prev = prev?;
    let before: BTreeMap<&str, char> = prev.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    for (f, e, k) in &prev.arrows {
        let (Some(f), Some(e)) = (f.as_deref(), e.as_deref()) else {
            continue;
        };
        let Some(&l) = before.get(f) else { continue };
        if k == "action"
            && enters(l)
            && at.get(e) == Some(&l)
            && !before.contains_key(e)
            && !at.contains_key(f)
        {
            return Some((prev.pieces.clone(), f.to_string(), e.to_string()));
        }
    }
    None
}

/// Checks the syzygies a scene draws (see the module's doc): `Ok` with the scene left
/// to read as moves (its lines' arrows and the markers on their pieces taken out), or
/// why not. `None` when the scene draws no syzygy.
pub(super) fn check_syzygies(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
) -> Option<Result<Scene, String>> {
    let (used, lines) = syzygy_lines(scene, v);
    if lines.is_empty() {
        return None;
    }
    Some(check_lines(scene, prev, v, &used, &lines))
}

fn check_lines(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
    used: &BTreeSet<usize>,
    lines: &[Vec<String>],
) -> Result<Scene, String> {
    let g = &v.game;
    let field_sets: Vec<BTreeSet<String>> = positions(scene, v, used)
        .iter()
        .flat_map(|pieces| {
            let fen = v.fen(scene.size, pieces, Side::First);
            let pos = g.position(&fen).expect("a scene's position");
            g.alignments(&pos)
                .into_iter()
                .map(|a| {
                    a.fields
                        .iter()
                        .map(|&c| g.rules().cell_name(c))
                        .collect::<BTreeSet<_>>()
                })
                .collect::<Vec<_>>()
        })
        .collect();
    for line in lines {
        let cells: BTreeSet<String> = line.iter().cloned().collect();
        if !field_sets.contains(&cells) {
            return Err(format!(
                "the line {}-{} drawn is no syzygy's fields",
                line[0],
                line[line.len() - 1]
            ));
        }
    }
    // The markers on pieces on the lines: what the move entering may demote.
    let on_line: BTreeSet<&str> = lines.iter().flatten().map(String::as_str).collect();
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let demoting: Vec<(&str, &str)> = scene
        .marks
        .iter()
        .filter_map(|(c, k)| Some((c.as_deref()?, k.as_str())))
        .filter(|(c, k)| on_line.contains(c) && at.contains_key(c) && *k != "blocked")
        .collect();
    if !demoting.is_empty() {
        let Some((pieces, from, to)) = entering(scene, prev, v) else {
            return Err("markers on a syzygy's pieces, and no move entering it".to_string());
        };
        let fen = v.fen(scene.size, &pieces, Side::First);
        let pos = g.position(&fen).expect("a scene's position");
        let (f, t) = (g.rules().cell(&from).unwrap(), g.rules().cell(&to).unwrap());
        let by = |side| -> BTreeSet<String> {
            g.demotions(&pos, side, f, t)
                .iter()
                .map(|&c| g.rules().cell_name(c))
                .collect()
        };
        let (first, second) = (by(Side::First), by(Side::Second));
        for &(c, k) in &demoting {
            let ok = match k {
                "action" => first.contains(c),
                "legal" => second.contains(c),
                _ => !first.contains(c) && !second.contains(c),
            };
            if !ok {
                return Err(format!(
                    "{k} marker on {c}: not what the move {from}-{to} into the syzygy may demote"
                ));
            }
        }
    }
    let mut rest = scene.clone();
    rest.arrows = scene
        .arrows
        .iter()
        .enumerate()
        .filter(|(i, _)| !used.contains(i))
        .map(|(_, a)| a.clone())
        .collect();
    rest.marks.retain(|(c, _)| {
        !c.as_deref()
            .is_some_and(|c| on_line.contains(c) && at.contains_key(c))
    });
    Ok(rest)
}

/// Checks a resurrection drawn made (see the module's doc): `None` when `scene` (its
/// syzygies' marks taken out) draws none, else whether it holds. `earlier` are the
/// scenes before it of the same variant, the nearest first.
pub(super) fn resurrected(
    scene: &Scene,
    earlier: &[&Scene],
    v: &Variant,
) -> Option<Result<(), String>> {
    let g = &v.game;
    let numbered: BTreeSet<&str> = scene
        .numbers
        .iter()
        .filter(|(_, _, k)| k == "action")
        .filter_map(|(c, _, _)| c.as_deref())
        .collect();
    if numbered.is_empty()
        || !scene.arrows.is_empty()
        || scene
            .marks
            .iter()
            .any(|(c, _)| !c.as_deref().is_some_and(|c| numbered.contains(c)))
    {
        return None;
    }
    let xy = |c: &str| {
        let (f, r) = coords(c);
        (f as i64, r as i64)
    };
    let beside = |a: &str, b: &str| {
        let ((ax, ay), (bx, by)) = (xy(a), xy(b));
        a != b && (ax - bx).abs() <= 1 && (ay - by).abs() <= 1
    };
    // The entering piece: of a kind that resurrects, every numbered field beside it.
    let (at, letter) = scene.pieces.iter().find(|(c, l)| {
        v.resurrects.contains(&l.to_ascii_uppercase()) && numbered.iter().all(|n| beside(c, n))
    })?;
    // The piece brought back: on a numbered field.
    let (back_at, back) = scene
        .pieces
        .iter()
        .find(|(c, _)| numbered.contains(c.as_str()))?;
    let now: BTreeSet<(&str, char)> = scene
        .pieces
        .iter()
        .filter(|(c, _)| c != back_at && c != at)
        .map(|(c, l)| (c.as_str(), *l))
        .collect();
    for prev in earlier.iter().take(3) {
        for (f, e, _) in &prev.arrows {
            let (Some(f), Some(e)) = (f.as_deref(), e.as_deref()) else {
                continue;
            };
            let then: BTreeSet<(&str, char)> = prev
                .pieces
                .iter()
                .filter(|(c, _)| c != f)
                .map(|(c, l)| (c.as_str(), *l))
                .collect();
            let moved = prev.pieces.iter().any(|(c, l)| c == f && l == letter);
            if e != at || !moved || then != now {
                continue;
            }
            let side = if letter.is_ascii_uppercase() {
                Side::First
            } else {
                Side::Second
            };
            let fen = v.fen(scene.size, &prev.pieces, side);
            let (board, rest) = fen.split_once(' ').unwrap();
            let fen = format!("{board}[{back}] {rest}");
            let pos = g
                .position(&fen)
                .expect("a scene's position with a graveyard");
            let (from, to) = (g.rules().cell(f).unwrap(), g.rules().cell(at).unwrap());
            let kind = g.rules().piece(&back.to_ascii_uppercase().to_string());
            let cells: BTreeSet<String> = g
                .resurrections(&pos, from, to)
                .into_iter()
                .filter_map(|c| match c {
                    piecewise::game::SideChange::Revive { cell, kind: k, .. }
                        if Some(k) == kind =>
                    {
                        Some(g.rules().cell_name(cell))
                    }
                    _ => None,
                })
                .collect();
            let drawn: BTreeSet<String> = numbered.iter().map(|c| c.to_string()).collect();
            return Some(if cells == drawn {
                Ok(())
            } else {
                Err(format!(
                    "the numbered fields around {at} are not where the move {f}-{at} may bring back {back}: {cells:?}"
                ))
            });
        }
    }
    None
}
