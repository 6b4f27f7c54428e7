//! Moves the book draws made or in progress, without an arrow from a piece (see the
//! parent module's doc): `made`, its path all grey; `in_progress`, a Monolith's steps so
//! far from its labelled start.

use super::*;

/// A move drawn made (its piece already on its destination, its path drawn grey from
/// where it started: Tamoanchan Revisited, "Finished move with 8 steps performed",
/// `scn_tr_05`; Age of Aquarius, the dark Unicorn's reply drawn made, `scn_aoa_07`):
/// when every mark of the scene is grey and its arrows are one chain from a cell where no
/// piece stands to a piece, the scene holds when that chain is the path of one of the
/// piece's plies from the chain's start (the piece set back there). `None` when the
/// scene draws anything else.
pub(super) fn made(scene: &Scene, v: &Variant) -> Option<Result<(), String>> {
    if scene.arrows.iter().any(|(_, _, k)| k != "blocked")
        || scene.marks.iter().any(|(_, k)| k != "blocked")
    {
        return None;
    }
    let mut arrows: Vec<(&str, &str)> = Vec::new();
    for (f, e, _) in &scene.arrows {
        arrows.push((f.as_deref()?, e.as_deref()?));
    }
    // The chain's start: the one arrow start that no arrow ends on.
    let starts: Vec<&str> = arrows
        .iter()
        .map(|(f, _)| *f)
        .filter(|f| !arrows.iter().any(|(_, e)| e == f))
        .collect();
    let [start] = starts[..] else {
        return None;
    };
    let mut chain = vec![start];
    while let Some((_, e)) = arrows.iter().find(|(f, _)| *f == *chain.last().unwrap()) {
        if chain.contains(e) {
            return None;
        }
        chain.push(e);
    }
    if chain.len() != arrows.len() + 1 {
        return None;
    }
    let end = *chain.last().unwrap();
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let &letter = at.get(end)?;
    if at.contains_key(start) || v.stands_still(letter) {
        return None;
    }
    let g = &v.game;
    let pieces: Vec<(String, char)> = scene
        .pieces
        .iter()
        .map(|(c, l)| {
            (
                if c == end {
                    start.to_string()
                } else {
                    c.clone()
                },
                *l,
            )
        })
        .collect();
    let side = side_of(letter);
    let fen = v.fen(scene.size, &pieces, side);
    let pos = match g.position(&fen) {
        Ok(p) => p,
        Err(e) => return Some(Err(format!("FEN {fen}: {e:?}"))),
    };
    let from = g.rules().cell(start)?;
    let mut walker = Walker::new(g.rules().table());
    let mut b = PathTreeBuilder::new();
    walker.walk(&pos, side, pos.occupant(from).kind(), from, &mut b);
    let tree = b.finish(side, pos.occupant(from).kind(), from);
    let want: Vec<CellId> = chain[1..]
        .iter()
        .filter_map(|c| g.rules().cell(c))
        .collect();
    if tree.plies.iter().any(|p| p.path == want) {
        Some(Ok(()))
    } else {
        Some(Err(format!(
            "the move drawn made, {}, is no ply of its piece from {start}",
            chain.join("-")
        )))
    }
}

/// A displacing move drawn made (Tamoanchan Revisited, "Displacement end",
/// `scn_tr_22`: "dark and light Pawns has been displaced in a single ply from their
/// initial positions 1 and 2, respectively; arrows show complete Serpent's path in a
/// single ply"): the arrows are grey and one chain from a cell where no piece stands
/// to a piece, as in [`made`], and the scene's only other marks are numbers 1 to k on
/// cells of the chain, whatever their colour: they label where the pieces the ply
/// displaced stood, in the order it met them. The scene holds when, for some k of
/// the other pieces set back on the numbered cells (each the piece numbered so, and the
/// mover on the chain's start), the piece has a displacing ply (`Game::displacing_plies`)
/// whose path is the chain and which displaces the piece on cell 1, then the one on
/// cell 2, ..., each onto the cell the scene draws it on. `None` when the scene draws
/// anything else.
pub(super) fn made_displacing(scene: &Scene, v: &Variant) -> Option<Result<(), String>> {
    if scene.arrows.iter().any(|(_, _, k)| k != "blocked") || scene.numbers.is_empty() {
        return None;
    }
    let mut arrows: Vec<(&str, &str)> = Vec::new();
    for (f, e, _) in &scene.arrows {
        arrows.push((f.as_deref()?, e.as_deref()?));
    }
    let starts: Vec<&str> = arrows
        .iter()
        .map(|(f, _)| *f)
        .filter(|f| !arrows.iter().any(|(_, e)| e == f))
        .collect();
    let [start] = starts[..] else {
        return None;
    };
    let mut chain = vec![start];
    while let Some((_, e)) = arrows.iter().find(|(f, _)| *f == *chain.last().unwrap()) {
        if chain.contains(e) {
            return None;
        }
        chain.push(e);
    }
    if chain.len() != arrows.len() + 1 {
        return None;
    }
    // The marks are the numbers, 1 to k, on the chain's inner cells.
    let mut numbered: Vec<(usize, &str)> = Vec::new();
    for (c, n, _) in &scene.numbers {
        let c = c.as_deref()?;
        if !chain[1..chain.len() - 1].contains(&c) {
            return None;
        }
        numbered.push((*n, c));
    }
    numbered.sort();
    if scene.marks.len() != numbered.len()
        || numbered.iter().enumerate().any(|(i, (n, _))| *n != i + 1)
    {
        return None;
    }
    let end = *chain.last().unwrap();
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let &letter = at.get(end)?;
    if at.contains_key(start) || v.stands_still(letter) {
        return None;
    }
    let g = &v.game;
    let side = side_of(letter);
    let others: Vec<&(String, char)> = scene.pieces.iter().filter(|(c, _)| c != end).collect();
    let cell = |c: &str| g.rules().cell(c).unwrap();
    let want_path: Vec<CellId> = chain[1..].iter().map(|c| cell(c)).collect();
    // Every choice, in order, of k distinct other pieces for the numbered cells.
    let k = numbered.len();
    let mut choice: Vec<usize> = Vec::new();
    let mut stack = vec![0usize];
    while let Some(&next) = stack.last() {
        if choice.len() == k {
            let mut pieces: Vec<(String, char)> = others
                .iter()
                .enumerate()
                .map(|(i, (c, l))| match choice.iter().position(|&j| j == i) {
                    Some(n) => (numbered[n].1.to_string(), *l),
                    None => (c.clone(), *l),
                })
                .collect();
            pieces.push((start.to_string(), letter));
            if let Ok(pos) = g.position(&v.fen(scene.size, &pieces, side)) {
                let want: Vec<(CellId, CellId)> = choice
                    .iter()
                    .enumerate()
                    .map(|(n, &i)| (cell(numbered[n].1), cell(&others[i].0)))
                    .collect();
                let found = g.displacing_plies(&pos, cell(start)).iter().any(|(p, m)| {
                    let d: Vec<(CellId, CellId)> = m
                        .side_changes()
                        .filter_map(|c| match c {
                            piecewise::game::SideChange::Displace { from, to } => Some((from, to)),
                            _ => None,
                        })
                        .collect();
                    *p == want_path && m.to == cell(end) && d == want
                });
                if found {
                    return Some(Ok(()));
                }
            }
            choice.pop();
            stack.pop();
            continue;
        }
        if next >= others.len() {
            stack.pop();
            if choice.pop().is_none() {
                break;
            }
            continue;
        }
        *stack.last_mut().unwrap() += 1;
        if !choice.contains(&next) {
            choice.push(next);
            stack.push(0);
        }
    }
    Some(Err(format!(
        "the displacing move drawn made, {}, is no displacing ply of its piece from {start}",
        chain.join("-")
    )))
}

/// A displacement drawn in flight (Tamoanchan Revisited, "Displacement step",
/// `scn_tr_21` after `scn_tr_20`: "Here, dark Pawn has been displaced onto field shared
/// with light Pawn (now "in the air"), which cannot be displaced onto up-field, as it's
/// not empty any more"): the scene before (`prev`) draws a displacing piece on `x` and
/// another piece on `y`; this scene draws the displacing piece on `y` (the piece met
/// there "in the air", not drawn), one Action arrow `x`-`y`, every other arrow from
/// `y`, and every piece of `prev` but those two where `prev` draws it (it may add pieces
/// the ply displaced before, as the dark Pawn here). The marks are the displacement-fields
/// of the piece met on `y`: with the displacing piece set back on `x` and that piece on
/// `y`, the fields its displacing plies from `x` that step first onto `y` displace it to
/// (`Game::displacing_plies`) must hold every Legal mark and no Illegal one. `None` when
/// the scenes draw anything else.
pub(super) fn displaced_in_flight(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
) -> Option<Result<(), String>> {
    let prev = prev?;
    let actions: Vec<(&str, &str)> = scene
        .arrows
        .iter()
        .filter(|(_, _, k)| k == "action")
        .filter_map(|(f, e, _)| Some((f.as_deref()?, e.as_deref()?)))
        .collect();
    let [(x, y)] = actions[..] else {
        return None;
    };
    if scene
        .arrows
        .iter()
        .any(|(f, _, k)| k != "action" && f.as_deref() != Some(y))
    {
        return None;
    }
    let letter = scene.pieces.iter().find(|(c, _)| c == y)?.1;
    let was = prev.pieces.iter().find(|(c, _)| c == x)?.1;
    let met = prev.pieces.iter().find(|(c, _)| c == y)?.1;
    if was != letter || scene.pieces.iter().any(|(c, _)| c == x) {
        return None;
    }
    if !prev
        .pieces
        .iter()
        .filter(|(c, _)| c != x && c != y)
        .all(|p| scene.pieces.contains(p))
    {
        return None;
    }
    let g = &v.game;
    let side = side_of(letter);
    let mut pieces: Vec<(String, char)> = scene
        .pieces
        .iter()
        .filter(|(c, _)| c != y)
        .cloned()
        .collect();
    pieces.push((x.to_string(), letter));
    pieces.push((y.to_string(), met));
    let pos = g.position(&v.fen(scene.size, &pieces, side)).ok()?;
    let (from, first) = (g.rules().cell(x)?, g.rules().cell(y)?);
    let plies = g.displacing_plies(&pos, from);
    if plies.is_empty() {
        return None;
    }
    let fields: BTreeSet<String> = plies
        .iter()
        .filter(|(p, _)| p.first() == Some(&first))
        .filter_map(|(_, m)| match m.side_changes().next() {
            Some(piecewise::game::SideChange::Displace { from, to }) if from == first => {
                Some(g.rules().cell_name(to))
            }
            _ => None,
        })
        .collect();
    if fields.is_empty() {
        return Some(Err(format!(
            "action mark on {y} not reached: no displacement there"
        )));
    }
    let marks = scene
        .arrows
        .iter()
        .filter(|(_, _, k)| k != "action")
        .filter_map(|(_, e, k)| Some((e.as_deref()?, k.as_str())))
        .chain(
            scene
                .marks
                .iter()
                .filter_map(|(c, k)| Some((c.as_deref()?, k.as_str()))),
        );
    for (c, k) in marks {
        match k {
            "legal" if !fields.contains(c) => {
                return Some(Err(format!("legal mark on {c}: no displacement-field")));
            }
            "illegal" if fields.contains(c) => {
                return Some(Err(format!("illegal mark on {c}: a displacement-field")));
            }
            _ => {}
        }
    }
    Some(Ok(()))
}

/// A move drawn in progress (Discovery, "Monolith's second step": "grey arrows show
/// path covered by Monolith in previous steps, from its starting field M"): the
/// scene's arrows are one chain of Blocked arrows from a cell labelled with the letter
/// of the piece its last arrow ends on (an Action text, the book's `M`), the piece
/// standing there. The piece is walked from the chain's start (moved back there), and
/// its paths are the plies that take the drawn steps first and then one more: the
/// cells of that step are visited, its ends the destinations (no royal of its side on
/// the board in these scenes; with one, no reading). Returns (the piece's cell, the
/// cells visited, the destinations).
pub(super) fn in_progress<'a>(
    scene: &'a Scene,
    v: &Variant,
) -> Option<(&'a str, BTreeSet<CellId>, BTreeSet<String>)> {
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let mut chain: Vec<&str> = Vec::new();
    for (f, e, k) in &scene.arrows {
        let (Some(f), Some(e)) = (f.as_deref(), e.as_deref()) else {
            return None;
        };
        if k != "blocked" || chain.last().is_some_and(|&l| l != f) {
            return None;
        }
        if chain.is_empty() {
            chain.push(f);
        }
        chain.push(e);
    }
    let (&start, &end) = (chain.first()?, chain.last()?);
    let letter = *at.get(end)?;
    let labelled = scene.labels.iter().any(|(c, t, k)| {
        c == start && k == "action" && t.chars().eq([letter.to_ascii_uppercase()])
    });
    let side = side_of(letter);
    let royal = scene
        .pieces
        .iter()
        .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
    if !labelled || at.contains_key(start) || royal {
        return None;
    }
    let mut pieces: Vec<(String, char)> = scene
        .pieces
        .iter()
        .filter(|(c, _)| c != end)
        .cloned()
        .collect();
    pieces.push((start.to_string(), letter));
    let pos = g.position(&v.fen(scene.size, &pieces, side)).ok()?;
    let from = g.rules().cell(start)?;
    let drawn: Vec<CellId> = chain[1..]
        .iter()
        .map(|c| g.rules().cell(c).unwrap())
        .collect();
    let occ = pos.occupant(from);
    let mut walker = Walker::new(g.rules().table());
    let mut b = PathTreeBuilder::new();
    walker.walk(&pos, side, occ.kind(), from, &mut b);
    let tree = b.finish(side, occ.kind(), from);
    let (mut visited, mut to) = (BTreeSet::new(), BTreeSet::new());
    for ply in &tree.plies {
        if ply.path.len() == drawn.len() + 1 && ply.path.starts_with(&drawn) {
            visited.insert(ply.to);
            to.insert(g.rules().cell_name(ply.to));
        }
    }
    Some((end, visited, to))
}

/// A piece's own ply drawn in flight (Hemera's Dawn, "Centaur second step",
/// `scn_hd_04` after `scn_hd_03`: "Here, after first step, light Centaur is located on
/// a dark field ... Since upper-left step-field (blue) was chosen for a first step, next
/// step has to be one of upper-right, lower-left fields"): the scene before (`prev`)
/// draws no arrow (its marks are one piece's) and a piece on `x`; this scene draws the
/// same piece on `y` instead, one arrow from `x` to `y`, the other pieces the same. The
/// moving piece is the one on `x`, in `prev`'s position: its paths are its plies whose
/// path starts on `y` (the cells from `y` on), their ends the destinations; it is
/// named by its cell here, `y`. `None` when the scenes draw anything else.
pub(super) fn flying<'a>(
    scene: &'a Scene,
    prev: &Scene,
    v: &Variant,
) -> Option<(&'a str, BTreeSet<CellId>, BTreeSet<String>)> {
    let g = &v.game;
    if !prev.arrows.is_empty() {
        return None;
    }
    let [(Some(x), Some(y), _)] = &scene.arrows[..] else {
        return None;
    };
    let was = prev.pieces.iter().find(|(c, _)| c == x)?.1;
    let (at, now) = scene.pieces.iter().find(|(c, _)| c == y)?;
    let same =
        pieces_but(scene, std::slice::from_ref(y)) == pieces_but(prev, std::slice::from_ref(x));
    let free =
        !scene.pieces.iter().any(|(c, _)| c == x) && !prev.pieces.iter().any(|(c, _)| c == y);
    if was != *now || !same || !free || v.stands_still(was) {
        return None;
    }
    let side = side_of(was);
    let pos: GamePosition = g.position(&v.fen(prev.size, &prev.pieces, side)).ok()?;
    let (from, first) = (g.rules().cell(x)?, g.rules().cell(y)?);
    let occ = pos.occupant(from);
    let mut walker = Walker::new(g.rules().table());
    let mut b = PathTreeBuilder::new();
    walker.walk(&pos, side, occ.kind(), from, &mut b);
    let tree = b.finish(side, occ.kind(), from);
    let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
    for ply in tree.plies.iter().filter(|p| p.path.first() == Some(&first)) {
        cells.extend(ply.path.iter().copied());
        cells.insert(ply.to);
        to.insert(ply.to);
    }
    if cells.is_empty() {
        return None;
    }
    let kings = foe_kings(prev, side);
    let to = to.iter().map(|&c| g.rules().cell_name(c));
    Some((
        at.as_str(),
        cells,
        to.filter(|c| !kings.contains(c)).collect(),
    ))
}
