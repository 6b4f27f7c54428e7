//! The scenes that are diagrams, not moves (see the parent module's doc): their marks
//! are a set of fields the book's text defines around a piece, read from
//! `tests/data/croatian/scenes-diagrams.txt` (scene, kind of diagram, why: the book's
//! words, chapter cited) and checked against what the compiled rules define, through
//! the game's own queries. Every mark of the kind's colours must be one of the fields
//! and every field on the board must be marked: the fields are never listed here, so
//! a change of the rules fails the diagram.
//!
//! The kinds:
//! - `near`: the eight fields around the one piece drawn (Grenadier-fields,
//!   Scout-fields, miracle-fields, uplifting-fields): the area a `near` condition counts
//!   ([`Game::near_area`]);
//! - `portal-fields`: the fields around the Stars, each colour the fields a piece
//!   entering the Stars of one kind emerges on ([`Game::portal_fields`]);
//! - `journey`: a trance-journey's spiral drawn from the one Shaman, each colour one
//!   arm of the spiral the rules' `journey` gives its side ([`Game::journey_fields`]):
//!   each numbered field the arm's field of that number in the order travelled (off
//!   the board too: a number past the arm's last field on the board, none), each field
//!   of the arm on the board numbered so, each coloured arrow's end one of its fields
//!   or corners (or the end of a leg from its last field on the board that runs off
//!   it), each field and corner on the board an arrow's end;
//! - `displacement-fields`: the fields a trance-journey may displace a piece onto
//!   (Conquest of Tlalocan, "Displacement-fields": "Displacement is a movement of a
//!   piece ... from Shaman's step-field directly onto any enumerated field"), each
//!   colour one piece's ([`Game::journey_displacement_fields`]): its field markers and
//!   numbered texts exactly the fields on the board around one centre, each number
//!   the field of that number in the rules' order; the centre the one piece drawn, or
//!   (the book's end of a journey, the pieces displaced) a field the grey arrows of the
//!   journey drawn end on, one of whose fields then holds a piece (the one displaced);
//!   no coloured arrow;
//! - `wave-jumps`: a lone Wave's step-fields when a Unicorn activates it: a Unicorn of
//!   the Wave's side placed where it may activate the Wave, the first cells of the
//!   Wave's plies in that cascade ([`Game::cascade_trees`]).
//! - `fields`: the step-fields (Legal marks) and capture-fields (Action marks) of the
//!   pieces drawn (Conquest of Tlalocan, Shaman, "Movement": "Shaman has its step-fields
//!   (here, green) separated from capture-fields (blue)"): a piece's step-fields are the
//!   first cells of its plies with nothing else on the board (their path trees), its
//!   capture-fields the cells where a first step captures an enemy (Rooks put on the
//!   other cells, 200 at a time);
//!   every mark is a field of its colour of a piece drawn, and a piece with any field
//!   marked has every field marked in its colour (a piece drawn with none shows the
//!   colour of the piece, not its fields).

use super::*;
use std::sync::OnceLock;

/// The listed diagrams: scene -> (kind, why).
pub(super) fn diagrams() -> &'static BTreeMap<String, (String, String)> {
    static LIST: OnceLock<BTreeMap<String, (String, String)>> = OnceLock::new();
    LIST.get_or_init(|| {
        let text = common::read("tests/data/croatian/scenes-diagrams.txt");
        let mut out = BTreeMap::new();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.splitn(3, ' ');
            let name = parts.next().unwrap().to_string();
            let kind = parts.next().unwrap_or("").to_string();
            let why = parts.next().unwrap_or("").trim().to_string();
            assert!(!why.is_empty(), "scenes-diagrams.txt: {name} without why");
            assert!(
                out.insert(name.clone(), (kind, why)).is_none(),
                "scenes-diagrams.txt: {name} twice"
            );
        }
        out
    })
}

/// Checks a diagram of `kind`: `Ok` when its marks are the fields the rules define.
pub(super) fn check_diagram(scene: &Scene, kind: &str, v: &Variant) -> Result<(), String> {
    match kind {
        "near" => near(scene, v),
        "portal-fields" => portal_fields(scene, v),
        "journey" => journey(scene, v),
        "wave-jumps" => wave_jumps(scene, v),
        "displacement-fields" => displacement_fields(scene, v),
        "fields" => fields(scene, v),
        _ => Err(format!("no diagram kind `{kind}`")),
    }
}

/// The cells of the scene's Legal and Action marks (field markers, numbered texts,
/// arrow ends).
fn coloured(scene: &Scene) -> BTreeSet<String> {
    let ends = scene
        .arrows
        .iter()
        .filter_map(|(_, e, k)| e.as_ref().zip(Some(k)));
    let fields = scene
        .marks
        .iter()
        .filter_map(|(c, k)| c.as_ref().zip(Some(k)));
    ends.chain(fields)
        .filter(|(_, k)| *k == "legal" || *k == "action")
        .map(|(c, _)| c.clone())
        .collect()
}

/// The marked cells against the fields: every one marked, no other marked.
fn same(marked: &BTreeSet<String>, fields: &BTreeSet<String>) -> Result<(), String> {
    if let Some(c) = marked.difference(fields).next() {
        return Err(format!("marked {c} is no field"));
    }
    if let Some(c) = fields.difference(marked).next() {
        return Err(format!("field {c} not marked"));
    }
    Ok(())
}

/// The one piece a diagram draws (but the Stars): its cell and letter.
fn one_piece<'a>(scene: &'a Scene, v: &Variant) -> Result<(&'a str, char), String> {
    let movers: Vec<&(String, char)> = scene
        .pieces
        .iter()
        .filter(|(_, l)| !v.stands_still(*l))
        .collect();
    match movers[..] {
        [(c, l)] => Ok((c.as_str(), *l)),
        _ => Err(format!("{} pieces, not one", movers.len())),
    }
}

/// The eight fields around the piece: the `near` area.
fn near(scene: &Scene, v: &Variant) -> Result<(), String> {
    let g = &v.game;
    if !scene.arrows.is_empty() {
        return Err("arrows in a diagram of fields".to_string());
    }
    let (at, _) = one_piece(scene, v)?;
    let cell = g.rules().cell(at).ok_or("no such cell")?;
    let fields = g
        .near_area(cell)
        .into_iter()
        .map(|c| g.rules().cell_name(c))
        .collect();
    same(&coloured(scene), &fields)
}

/// The portal-fields: the cells marked in one colour are those where a piece entering
/// the portals of one kind emerges, each colour another kind's.
fn portal_fields(scene: &Scene, v: &Variant) -> Result<(), String> {
    let g = &v.game;
    let fen = v.fen(scene.size, &scene.pieces, Side::First);
    let pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
    // Per portal kind: the fields of its portals.
    let mut by_kind: BTreeMap<char, BTreeSet<String>> = BTreeMap::new();
    for (c, l) in &scene.pieces {
        if !v.stands_still(*l) {
            continue;
        }
        let cell = g.rules().cell(c).ok_or("no such cell")?;
        let fields = g.portal_fields(&pos, cell);
        if fields.is_empty() {
            return Err(format!("no portal-fields for the portal on {c}"));
        }
        by_kind
            .entry(*l)
            .or_default()
            .extend(fields.into_iter().map(|f| g.rules().cell_name(f)));
    }
    let mut colours: Vec<BTreeSet<String>> = Vec::new();
    for colour in ["legal", "action"] {
        let ends = scene
            .arrows
            .iter()
            .filter_map(|(_, e, k)| e.as_ref().zip(Some(k)));
        let fields = scene
            .marks
            .iter()
            .filter_map(|(c, k)| c.as_ref().zip(Some(k)));
        let cells: BTreeSet<String> = ends
            .chain(fields)
            .filter(|(_, k)| *k == colour)
            .map(|(c, _)| c.clone())
            .collect();
        if !cells.is_empty() {
            colours.push(cells);
        }
    }
    if colours.is_empty() {
        return Err("no marks".to_string());
    }
    if colours.len() != by_kind.len() {
        return Err(format!(
            "{} colours of marks, {} kinds of portals",
            colours.len(),
            by_kind.len()
        ));
    }
    for cells in &colours {
        if !by_kind.values().any(|f| f == cells) {
            let mut errs = by_kind.values().map(|f| same(cells, f).unwrap_err());
            return Err(format!("portal-fields: {}", errs.next().unwrap()));
        }
    }
    Ok(())
}

/// A trance-journey's spiral: each colour one arm of the rules' spiral from the piece.
fn journey(scene: &Scene, v: &Variant) -> Result<(), String> {
    let g = &v.game;
    let (at, letter) = one_piece(scene, v)?;
    let side = side_of(letter);
    let cell = g.rules().cell(at).ok_or("no such cell")?;
    let kind = g
        .rules()
        .piece(&letter.to_ascii_uppercase().to_string())
        .ok_or("no such piece")?;
    // The kind whose activation starts its journey: its own first (a Shaman entranced
    // by a Shaman), else any.
    let (arms, inward) = std::iter::once(kind)
        .chain((0..g.piece_count() as u8).map(piecewise::ids::PieceId))
        .find_map(|by| g.journey_fields(kind, side, by, cell))
        .ok_or("no journey for this piece")?;
    let name = |c: Option<CellId>| c.map(|c| g.rules().cell_name(c));
    let mut used = BTreeSet::new();
    for colour in ["legal", "action"] {
        // Numbered fields: (number, cell; None off the board).
        let numbered: Vec<(usize, Option<&str>)> = scene
            .numbers
            .iter()
            .filter(|(_, _, k)| k == colour)
            .map(|(c, n, _)| (*n, c.as_deref()))
            .collect();
        let ends: BTreeSet<&str> = scene
            .arrows
            .iter()
            .filter(|(_, _, k)| k == colour)
            .filter_map(|(_, e, _)| e.as_deref())
            .collect();
        if numbered.is_empty() && ends.is_empty() {
            continue;
        }
        let all_ends: BTreeSet<&str> = scene
            .arrows
            .iter()
            .filter_map(|(_, e, _)| e.as_deref())
            .collect();
        let mut why = Vec::new();
        let found = arms.iter().enumerate().find(|(i, arm)| {
            if used.contains(i) {
                return false;
            }
            // The field numbered `n` (from 1, in the order travelled: outward from the
            // piece, or inward from the arm's last field on the board); past the arm's
            // end, off the board.
            let field = |n: usize| {
                let k = if inward {
                    arm.len().checked_sub(n)
                } else {
                    n.checked_sub(1)
                };
                k.and_then(|k| arm.get(k)).and_then(|(f, _)| name(*f))
            };
            for &(n, c) in &numbered {
                if field(n).as_deref() != c {
                    why.push(format!("field {n}: {c:?} drawn, {:?} in the arm", field(n)));
                    return false;
                }
            }
            // Every field of the arm on the board numbered so (in any colour).
            for n in 1..=arm.len() {
                let Some(f) = field(n) else { continue };
                let drawn = scene
                    .numbers
                    .iter()
                    .any(|(c, k, _)| *k == n && c.as_deref() == Some(f.as_str()));
                if !drawn {
                    why.push(format!("the arm's field {n} ({f}) not numbered"));
                    return false;
                }
            }
            let cells: BTreeSet<String> = arm
                .iter()
                .flat_map(|(f, k)| [name(*f), name(*k)])
                .flatten()
                .collect();
            // The arm's leg from its last field on the board that runs off it (the
            // journey passes the fields off the board, the arm stops at its last on it).
            let last = arm.last().and_then(|(f, _)| name(*f));
            let off = |e: &str| {
                let arrow = |f: Option<&str>, t: Option<&str>| {
                    scene
                        .arrows
                        .iter()
                        .any(|(af, at, k)| k == colour && af.as_deref() == f && at.as_deref() == t)
                };
                arrow(last.as_deref(), Some(e)) && arrow(Some(e), None)
            };
            if let Some(e) = ends.iter().find(|e| !cells.contains(**e) && !off(e)) {
                why.push(format!("arrow's end {e} off the arm"));
                return false;
            }
            if let Some(c) = cells.iter().find(|c| !all_ends.contains(c.as_str())) {
                why.push(format!("the arm's {c} not drawn"));
                return false;
            }
            true
        });
        match found {
            Some((i, _)) => {
                used.insert(i);
            }
            None => return Err(format!("{colour} marks: no arm of the spiral: {why:?}")),
        }
    }
    if used.is_empty() {
        return Err("no marks".to_string());
    }
    Ok(())
}

/// The displacement-fields of a journey: each colour's marks those around one centre
/// (see the module's doc).
fn displacement_fields(scene: &Scene, v: &Variant) -> Result<(), String> {
    let g = &v.game;
    if scene.arrows.iter().any(|(_, _, k)| k != "blocked") {
        return Err("coloured arrows in a diagram of fields".to_string());
    }
    // The journey that displaces: a kind and side activated by a kind and side.
    let kinds = || (0..g.piece_count() as u8).map(piecewise::ids::PieceId);
    let sides = [Side::First, Side::Second];
    let probe = CellId((g.cell_count() / 2) as u16);
    let journey = kinds()
        .flat_map(|k| sides.map(|s| (k, s)))
        .flat_map(|piece| kinds().flat_map(move |b| sides.map(|s| (piece, (b, s)))))
        .find(|&(piece, by)| !g.journey_displacement_fields(piece, by, probe).is_empty())
        .ok_or("no journey displaces")?;
    let fields = |c: CellId| g.journey_displacement_fields(journey.0, journey.1, c);
    let drawn: BTreeSet<&str> = scene
        .pieces
        .iter()
        .filter(|(_, l)| !v.stands_still(*l))
        .map(|(c, _)| c.as_str())
        .collect();
    let ends: BTreeSet<&str> = scene
        .arrows
        .iter()
        .filter_map(|(_, e, _)| e.as_deref())
        .collect();
    let mut colours = 0;
    for colour in ["legal", "action"] {
        let marked: BTreeSet<String> = scene
            .marks
            .iter()
            .filter(|(_, k)| k == colour)
            .filter_map(|(c, _)| c.clone())
            .collect();
        if marked.is_empty() {
            continue;
        }
        colours += 1;
        let numbered: Vec<(usize, &str)> = scene
            .numbers
            .iter()
            .filter(|(_, _, k)| k == colour)
            .filter_map(|(c, n, _)| c.as_deref().map(|c| (*n, c)))
            .collect();
        let mut why = Vec::new();
        let centre = (0..g.cell_count()).map(|i| CellId(i as u16)).find(|&c| {
            let name = g.rules().cell_name(c);
            let around: Vec<Option<String>> = fields(c)
                .into_iter()
                .map(|f| f.map(|f| g.rules().cell_name(f)))
                .collect();
            let on: BTreeSet<String> = around.iter().flatten().cloned().collect();
            if on != marked {
                return false;
            }
            if let Some((n, c)) = numbered.iter().find(|(n, c)| {
                let field = n.checked_sub(1).and_then(|i| around.get(i));
                field.and_then(|f| f.as_deref()) != Some(*c)
            }) {
                why.push(format!("{name}: field {n} drawn on {c}"));
                return false;
            }
            if drawn.contains(name.as_str()) {
                return true;
            }
            // The end of a journey: a field it reached, its piece now on one of these.
            let displaced = on.iter().any(|f| drawn.contains(f.as_str()));
            if !ends.contains(name.as_str()) || !displaced {
                why.push(format!(
                    "{name}: no piece drawn there nor displaced from there"
                ));
                return false;
            }
            true
        });
        if centre.is_none() {
            return Err(format!(
                "{colour} marks: no cell's displacement-fields {why:?}"
            ));
        }
    }
    if colours == 0 {
        return Err("no marks".to_string());
    }
    Ok(())
}

/// A lone Wave's step-fields when a Unicorn of its side activates it: the first cells
/// of its plies in that cascade.
fn wave_jumps(scene: &Scene, v: &Variant) -> Result<(), String> {
    let g = &v.game;
    let (at, letter) = one_piece(scene, v)?;
    let side = side_of(letter);
    let target = g.rules().cell(at).ok_or("no such cell")?;
    let unicorn = g.rules().piece("Unicorn").ok_or("no Unicorn")?;
    let mut u = g.letter(side, unicorn).chars().next().ok_or("no letter")?;
    if side == Side::Second {
        u = u.to_ascii_lowercase();
    }
    let marked = coloured(scene);
    // The cells where a Unicorn may activate the Wave, the nearest first (the lowest
    // name of them): the Wave's step-fields from each must be the same.
    let mut seen = None;
    for i in 0..g.cell_count() {
        let from = CellId(i as u16);
        let name = g.rules().cell_name(from);
        if scene.pieces.iter().any(|(c, _)| *c == name) {
            continue;
        }
        let mut pieces = scene.pieces.clone();
        pieces.push((name.clone(), u));
        let Ok(pos) = g.position(&v.fen(scene.size, &pieces, side)) else {
            continue;
        };
        let trees = g.cascade_trees(&pos, from);
        let Some(t) = trees.iter().find(|t| t.at == target) else {
            continue;
        };
        let fields: BTreeSet<String> = t
            .tree
            .plies
            .iter()
            .map(|p| g.rules().cell_name(*p.path.first().unwrap_or(&p.to)))
            .collect();
        same(&marked, &fields).map_err(|e| format!("the Unicorn on {name}: {e}"))?;
        seen = Some(name);
    }
    seen.map(|_| ())
        .ok_or_else(|| "no Unicorn may activate the Wave".to_string())
}

/// The cells of the scene's field markers and numbered texts of mark type `kind`.
fn marked_as(scene: &Scene, kind: &str) -> BTreeSet<String> {
    scene
        .marks
        .iter()
        .filter(|(_, k)| k == kind)
        .filter_map(|(c, _)| c.clone())
        .collect()
}

/// The step-fields and capture-fields of the piece `letter` on `at`, alone on the
/// board but for what a capture-field needs (see the module's doc).
fn step_and_capture_fields(
    scene: &Scene,
    v: &Variant,
    (at, letter): (&str, char),
) -> Result<(BTreeSet<String>, BTreeSet<String>), String> {
    let g = &v.game;
    let side = side_of(letter);
    let from = g.rules().cell(at).ok_or("no such cell")?;
    let tree_with = |pieces: &[(String, char)]| -> Result<PathTree, String> {
        let fen = v.fen(scene.size, pieces, side);
        let pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
        let occ = pos.occupant(from);
        let mut walker = Walker::new(g.rules().table());
        let mut b = PathTreeBuilder::new();
        walker.walk(&pos, side, occ.kind(), from, &mut b);
        Ok(b.finish(side, occ.kind(), from))
    };
    let alone = [(at.to_string(), letter)];
    let steps: BTreeSet<String> = tree_with(&alone)?
        .plies
        .iter()
        .filter(|p| p.captures.is_empty())
        .filter_map(|p| p.path.first())
        .map(|&c| g.rules().cell_name(c))
        .collect();
    // Enemy Rooks on every other cell: a first step that captures one there reaches a
    // capture-field (a Rook: a piece every variant has, on any rank).
    let rook = g.rules().piece("Rook").ok_or("no Rook")?;
    let mut foe = g
        .letter(side.opponent(), rook)
        .chars()
        .next()
        .ok_or("no letter")?;
    foe = if side == Side::First {
        foe.to_ascii_lowercase()
    } else {
        foe.to_ascii_uppercase()
    };
    // (In groups: a position holds at most 255 pieces of one kind.)
    let others: Vec<String> = (0..g.cell_count())
        .map(|i| g.rules().cell_name(CellId(i as u16)))
        .filter(|c| c != at)
        .collect();
    let mut captures = BTreeSet::new();
    for group in others.chunks(200) {
        let mut crowd = alone.to_vec();
        crowd.extend(group.iter().map(|c| (c.clone(), foe)));
        captures.extend(
            tree_with(&crowd)?
                .plies
                .iter()
                .filter(|p| p.path.len() == 1 && p.captures == p.path)
                .map(|p| g.rules().cell_name(p.to)),
        );
    }
    Ok((steps, captures))
}

/// The step-fields (Legal) and capture-fields (Action) of the pieces drawn.
fn fields(scene: &Scene, v: &Variant) -> Result<(), String> {
    if !scene.arrows.is_empty() {
        return Err("arrows in a diagram of fields".to_string());
    }
    let (legal, action) = (marked_as(scene, "legal"), marked_as(scene, "action"));
    if legal.is_empty() && action.is_empty() {
        return Err("no marks".to_string());
    }
    let (mut steps_drawn, mut captures_drawn) = (BTreeSet::new(), BTreeSet::new());
    for (at, letter) in scene.pieces.iter().filter(|(_, l)| !v.stands_still(*l)) {
        let (steps, captures) = step_and_capture_fields(scene, v, (at, *letter))?;
        let any = |f: &BTreeSet<String>| f.iter().any(|c| legal.contains(c) || action.contains(c));
        if !any(&steps) && !any(&captures) {
            continue;
        }
        if let Some(c) = steps.iter().find(|c| !legal.contains(*c)) {
            return Err(format!("{at}'s step-field {c} not marked Legal"));
        }
        if let Some(c) = captures.iter().find(|c| !action.contains(*c)) {
            return Err(format!("{at}'s capture-field {c} not marked Action"));
        }
        steps_drawn.extend(steps);
        captures_drawn.extend(captures);
    }
    if let Some(c) = legal.difference(&steps_drawn).next() {
        return Err(format!("Legal mark on {c}: no step-field of a piece drawn"));
    }
    if let Some(c) = action.difference(&captures_drawn).next() {
        return Err(format!(
            "Action mark on {c}: no capture-field of a piece drawn"
        ));
    }
    Ok(())
}
