//! How the test reads what a scene draws beyond its marks (see the parent module's doc):
//! converted pieces and tags, en passant tags, a cascade's later ply (`continued`), a ply
//! after a divergence (`diverged`), the cells a numbered text names.

use super::*;

/// The cells where the scene before (`prev`) shows a piece of the same kind as this
/// scene's but of the other side: a piece converted there, which carries none of the
/// start position's tags however it stands (book, Mayan Ascendancy, "Converting
/// Rooks": "Dark Rook has been converted at light Rook's initial position, and hasn't
/// been moved; still, light King can't castle with converted Rook"; "Converting
/// Pawns": a converted Pawn on its start cell "cannot rush"), as the game plays a
/// conversion (the piece converted carries no tags).
pub(super) fn converted<'a>(scene: &'a Scene, prev: Option<&Scene>) -> BTreeSet<&'a str> {
    let Some(prev) = prev else {
        return BTreeSet::new();
    };
    scene
        .pieces
        .iter()
        .filter(|(c, l)| {
            prev.pieces
                .iter()
                .any(|(pc, pl)| pc == c && *pl != *l && pl.eq_ignore_ascii_case(l))
        })
        .map(|(c, _)| c.as_str())
        .collect()
}

/// Whether the piece `letter` on `cell` carries a tag in the position the test sets up:
/// the start position has the same piece there, carrying a tag when the file writes
/// tags for its kind (where it writes none, chess's Pawns, Kings and Rooks, One's Pawns
/// that rush while unmoved, `initial`, on their start cells hold the book's rush and
/// castling tags), and it was not converted there.
pub(super) fn carries_tag(
    v: &Variant,
    cell: &str,
    letter: char,
    converted: &BTreeSet<&str>,
) -> bool {
    let kind_tagged = v.start_tags.values().any(|(l, _)| *l == letter);
    v.start_pieces.get(cell) == Some(&letter)
        && !converted.contains(cell)
        && (!kind_tagged || v.start_tags.get(cell).is_some_and(|(l, _)| *l == letter))
}

/// The cells of this scene's Action field markers on pieces (but those of `but`) whose
/// tag the scene before (`prev`) shows them earning: `prev` draws the move that ends on
/// the marker's cell (the book's plan for the next move: Age of Aquarius, "Pawn 1 about
/// to get promotion", then "Light Pawn 1 is now tagged for promotion, and is to be
/// promoted later", `scn_aoa_05`, `scn_aoa_06`; or a cascade whose last ply reaches the
/// piece: "light player is about to tag Pawn 2 for promotion, using Pyramid activated
/// by Bishop", then "Pawn 2 tagged for promotion", `scn_aoa_03`, `scn_aoa_04`), and
/// that move, played by the game from `prev`'s position (among its pseudo-legal moves,
/// as the book's scenes hold no royals), leaves the piece carrying a tag. The move
/// drawn is one of the side of the piece whose start, destination and cascade's
/// destinations are all on `prev`'s arrows, the last of them the marker's cell.
pub(super) fn tags_earned<'a>(
    scene: &'a Scene,
    prev: Option<&Scene>,
    v: &Variant,
    but: &[&str],
) -> BTreeSet<&'a str> {
    let mut out = BTreeSet::new();
    let Some(prev) = prev else {
        return out;
    };
    let g = &v.game;
    for cell in &scene.action_markers {
        let Some(&(_, letter)) = scene.pieces.iter().find(|(c, _)| c == cell) else {
            continue;
        };
        if but.contains(&cell.as_str()) {
            continue;
        }
        if !prev
            .arrows
            .iter()
            .any(|(_, to, kind)| to.as_ref() == Some(cell) && (kind == "legal" || kind == "action"))
        {
            continue;
        }
        let drawn: BTreeSet<&str> = prev
            .arrows
            .iter()
            .flat_map(|(a, b, _)| [a, b])
            .filter_map(|c| c.as_deref())
            .collect();
        let side = side_of(letter);
        let fen = v.fen_untagged(prev.size, &prev.pieces, side, &converted(prev, None));
        let Ok(pos) = g.position(&fen) else {
            continue;
        };
        // The moves among the pseudo-legal ones (a scene without royals has no legal
        // moves: the game is over).
        let mut pseudo = Vec::new();
        g.move_generator().pseudo_moves(&pos, &mut pseudo);
        let at = g.rules().cell(cell).unwrap();
        for mv in &pseudo {
            let cascade = mv.cascade();
            let cells: Vec<_> = std::iter::once(mv.from)
                .chain(std::iter::once(mv.to))
                .chain(cascade.plies(mv.to).map(|(_, t)| t))
                .collect();
            if cells.last() != Some(&at)
                || !prev
                    .pieces
                    .iter()
                    .any(|(c, _)| g.rules().cell(c) == Some(mv.from))
                || !cells
                    .iter()
                    .all(|&c| drawn.contains(g.rules().cell_name(c).as_str()))
            {
                continue;
            }
            let mut pos = pos.clone();
            g.make(&mut pos, mv);
            let o = pos.occupant(at);
            if !o.is_empty()
                && g.letter(o.side(), o.kind()).starts_with(letter)
                && pos.tags(at) != 0
            {
                out.insert(cell.as_str());
            }
        }
    }
    out
}

/// `pos` with the en passant state the scene shows for `side` to capture: a Legal
/// (green) field marker on a Pawn of the other side is its en passant tag (book,
/// Miranda's Veil, "En passant not blocked": the Pawn that rushed "has been tagged as
/// en passant opportunity (green marker)"), which opens the cells its rush passed over
/// (kept open when a later ply of the cascade filled one: "regardless of light Pyramid
/// in-between its capture-field E and light Pawn"). The rush is the line of arrows along
/// the Pawn's file that ends on it, in the scene or the two before it (drawn grey once
/// made, `scn_mv_093`; drawn as the move in the scene before, `scn_o_63`, or in the
/// start of a story two scenes back, `scn_o_66` for its alternative end `scn_o_68`), else the
/// move from its side's start cell nearest behind it on its file (`scn_mv_100`). A
/// position opens one Pawn's rush: the first tagged. A tag whose rush cannot be set
/// up (no start behind it, more cells than a position keeps open) fails the scene.
pub(super) fn rushed(
    scene: &Scene,
    earlier: &[&Scene],
    v: &Variant,
    side: Side,
    pos: GamePosition,
) -> Result<GamePosition, String> {
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    for cell in &scene.rushed {
        let letter = at[cell.as_str()];
        if side_of(letter) == side {
            continue;
        }
        let (file, rank) = coords(cell);
        let on_file = |c: &str| coords(c).0 == file;
        // The line of arrows along the file ending on the Pawn.
        let drawn = std::iter::once(scene)
            .chain(earlier.iter().copied())
            .find_map(|s| {
                let mut cur = cell.clone();
                let mut steps = 0;
                while let Some(f) = s.arrows.iter().find_map(|(f, e, _)| {
                    f.as_ref()
                        .filter(|f| e.as_deref() == Some(cur.as_str()) && on_file(f))
                }) {
                    cur = f.clone();
                    steps += 1;
                    if steps > scene.size {
                        return None;
                    }
                }
                (steps >= 2).then_some(coords(&cur).1)
            });
        let behind = |r: usize| {
            if side_of(letter) == Side::First {
                r < rank
            } else {
                r > rank
            }
        };
        let start = drawn.or_else(|| {
            v.start_pieces
                .iter()
                .filter(|(c, l)| **l == letter && on_file(c) && behind(coords(c).1))
                .map(|(c, _)| coords(c).1)
                .min_by_key(|r| r.abs_diff(rank))
        });
        let Some(start) = start else {
            return Err(format!("en passant tag on {cell}: no rush to it"));
        };
        let opened: Vec<CellId> = (start.min(rank) + 1..start.max(rank))
            .filter_map(|r| {
                g.rules()
                    .cell(&format!("{}{}", (b'a' + file as u8) as char, r + 1))
            })
            .collect();
        let victim = g.rules().cell(cell).unwrap();
        return g
            .with_en_passant(&pos, victim, &opened)
            .ok_or_else(|| format!("en passant tag on {cell}: {} cells opened", opened.len()));
    }
    Ok(pos)
}

/// Whether a letter is the first side's.
pub(super) fn side_of(letter: char) -> Side {
    if letter.is_ascii_uppercase() {
        Side::First
    } else {
        Side::Second
    }
}

/// The cells its pieces stand on in a scene, but `but`.
pub(super) fn pieces_but<'a>(scene: &'a Scene, but: &[String]) -> BTreeSet<(&'a str, char)> {
    scene
        .pieces
        .iter()
        .filter(|(c, _)| !but.contains(c))
        .map(|(c, l)| (c.as_str(), *l))
        .collect()
}

/// A scene that continues the one before it: the book draws a cascade's later ply with
/// the activator standing on the cell of the piece it activated, that piece not drawn
/// (`scn_mv_021_knight_activating_wave`: a Knight d7 activates the Wave on f8;
/// `scn_mv_022_wave_activated_by_knight`: the Knight on f8 and the Wave's paths from
/// there). When the scene before (`prev`) marks an action on the mover's cell `x`
/// where another piece stands (of either side: a Wave activates the opponent's), one of `prev`'s moving pieces may
/// activate that piece (down its cascade, [`Game::cascade_trees`]), and the two scenes
/// hold the same pieces but on the cells of that cascade, the moving piece is the one
/// activated: the cells its tree (and those it activates) visit and, as destinations,
/// the cells `prev`'s legal moves through `x` reach after it (the tree's, without a
/// royal of its side).
pub(super) fn continued(
    scene: &Scene,
    prev: &Scene,
    v: &Variant,
    x: &str,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>, Vec<String>)> {
    let g = &v.game;
    let now = scene.pieces.iter().find(|(c, _)| c == x)?.1;
    let was = prev.pieces.iter().find(|(c, _)| c == x)?.1;
    let action = prev
        .arrows
        .iter()
        .any(|(_, e, k)| e.as_deref() == Some(x) && k == "action")
        || prev
            .marks
            .iter()
            .any(|(c, k)| c.as_deref() == Some(x) && k == "action");
    if !action || now == was {
        return None;
    }
    let target = g.rules().cell(x)?;
    // The pieces the scene adds for its ply to meet (the book's Miranda's Veil, "Wave
    // activated by Bishop": the scene after the activation places a dark Knight and a
    // light Pawn on the Wave's lines), on cells where `prev` draws none, stand in the
    // position too.
    let added: Vec<(String, char)> = scene
        .pieces
        .iter()
        .filter(|(c, _)| c != x && !prev.pieces.iter().any(|(pc, _)| pc == c))
        .cloned()
        .collect();
    let mut pieces = prev.pieces.clone();
    pieces.extend(added.iter().cloned());
    let added: Vec<String> = added.into_iter().map(|(c, _)| c).collect();
    for (y, letter) in &prev.pieces {
        if !prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(y)) {
            continue;
        }
        let side = side_of(*letter);
        let pos: GamePosition = g.position(&v.fen(prev.size, &pieces, side)).ok()?;
        let from = g.rules().cell(y)?;
        // The cascade down to `x`: the cells activated on the way, and x's tree.
        let mut chain = Vec::new();
        let trees = g.cascade_trees(&pos, from);
        let Some(found) = find_in(&trees, target, &mut chain) else {
            continue;
        };
        let mut moved: Vec<String> = vec![y.clone()];
        moved.extend(chain.iter().map(|&c| g.rules().cell_name(c)));
        let mut but = moved.clone();
        but.extend(added.iter().cloned());
        if pieces_but(scene, &but) != pieces_but(prev, &moved) {
            // Two examples drawn side by side (Miranda's Veil, "Activating Pawn":
            // "Image above and the next one both have two examples presented in
            // parallel"): the other example's cascade has moved too.
            // The chain drawn to `x` must lead back to `y`: which example's cascade
            // reached `x` is the arrows', not the pieces' (either cascade could).
            let moves = |c: &str| {
                prev.pieces.iter().any(|(p, _)| p == c)
                    && prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(c))
            };
            // ... through the activations drawn: each cell of the chain ends an action
            // arrow.
            let drawn = chain.iter().all(|&c| {
                let name = g.rules().cell_name(c);
                prev.arrows
                    .iter()
                    .any(|(_, e, k)| e.as_deref() == Some(name.as_str()) && k == "action")
            });
            if !drawn || drawn_root(prev, x, moves) != Some(y.as_str()) {
                continue;
            }
            let others = parallel_cells(prev, v, &pieces, y);
            let (mut but, mut moved) = (but, moved.clone());
            but.extend(others.iter().cloned());
            moved.extend(others);
            if pieces_but(scene, &but) != pieces_but(prev, &moved) {
                continue;
            }
        }
        let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
        cells_of(&found.tree, &found.next, &mut cells, &mut to);
        cascade_cells(&found.next, &mut cells, &mut to);
        let turned = super::red::steps_not_taken_down(scene, v, x, found);
        let royal = prev
            .pieces
            .iter()
            .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
        if !royal {
            let kings = foe_kings(prev, side);
            let to = to.iter().map(|&c| g.rules().cell_name(c));
            return Some((cells, to.filter(|c| !kings.contains(c)).collect(), turned));
        }
        // `prev`'s legal moves from `y` whose cascade goes through the same cells to
        // `x`: the cells after it.
        let mut legal = BTreeSet::new();
        let mut gen = g.move_generator();
        let mut pseudo = Vec::new();
        gen.pseudo_moves(&pos, &mut pseudo);
        let mut pos = pos;
        for mv in pseudo.iter().filter(|mv| mv.from == from) {
            if !gen.is_legal(&mut pos, mv) {
                continue;
            }
            let uci = g.uci(mv);
            let Some(rest) = uci.strip_prefix(y.as_str()) else {
                continue;
            };
            let names = cell_names(rest);
            if names.len() > chain.len() && names[..chain.len()] == moved[1..] {
                legal.extend(names[chain.len()..].iter().cloned());
            }
        }
        return Some((cells, legal, turned));
    }
    None
}

/// A teleported relay's ply drawn from the portal `p` it emerges from, the relay not
/// drawn: the book draws the board after the teleport anew, the portal and the pieces
/// the ply meets there (Nineteen, "Teleporting Wave": `scn_n_07_teleport_wave_init`,
/// its Wave's line into the light Star r18, then `scn_n_08_teleport_wave_end`, its
/// arrows from the light Star a1; Tamoanchan Revisited, `scn_tr_50` then `scn_tr_51`:
/// "Since Wave dived into a Star from B direction, next step after teleporting has to
/// be in A direction"; Discovery, `scn_d_19` then `scn_d_20`, through a Monolith).
/// When an arrow of this scene starts on a neutral piece (a portal) on `p` and the
/// scene before (`prev`) ends an arrow on one, `prev`'s moving pieces are walked in
/// `prev`'s position with this scene's pieces added on the cells where `prev` draws
/// none, and the plies down their cascades that pass over `p`: the cells those plies
/// visit after `p` and, as destinations, their ends (but a King's cell). A piece that
/// entered `p` by a teleport is drawn where it came out (One, "Starchild cannot
/// teleport": `scn_o_07`, the Starchild moving into a Monolith, then `scn_o_08`: "In
/// previous example Starchild moved into a Monolith; here, it emerges on empty
/// portal-field of that same Monolith"): when this scene draws a moving piece of
/// `prev` on a cell where its teleport into `p` comes out ([`Game::teleports`], in
/// `prev`'s position as it draws it), and no longer on its start, the cells where
/// that teleport comes out are visited and destinations too; so for a piece activated
/// down a cascade of `prev`'s (`CascadeTree::teleports`: One, `scn_o_20`, the Wave a
/// Starchild activates leaping into the Star c3, then `scn_o_21`, the Wave out on b3).
/// `None` when no ply passes
/// over `p` and no teleport comes out of it.
pub(super) fn emerged(
    scene: &Scene,
    prev: &Scene,
    v: &Variant,
    p: &str,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>)> {
    let g = &v.game;
    let portal = g.rules().cell(p)?;
    let portal_at = |s: &Scene, cell: &str| {
        s.pieces
            .iter()
            .any(|(c, l)| c == cell && v.neutral.contains(&l.to_ascii_uppercase()))
    };
    let into = prev
        .arrows
        .iter()
        .any(|(_, e, _)| e.as_deref().is_some_and(|e| portal_at(prev, e)));
    if !portal_at(scene, p) || !into {
        return None;
    }
    // `prev`'s pieces stand where it draws them (this scene may draw the activator on
    // the cell of the piece it activated, as a cascade's later ply is drawn).
    let mut pieces = prev.pieces.clone();
    for (c, l) in &scene.pieces {
        if !prev.pieces.iter().any(|(pc, _)| pc == c) {
            pieces.push((c.clone(), *l));
        }
    }
    let kings: BTreeSet<&str> = pieces
        .iter()
        .filter(|(_, l)| l.eq_ignore_ascii_case(&'K'))
        .map(|(c, _)| c.as_str())
        .collect();
    let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
    for (y, letter) in &prev.pieces {
        if v.stands_still(*letter) || !prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(y)) {
            continue;
        }
        let side = side_of(*letter);
        let pos: GamePosition = g.position(&v.fen(prev.size, &pieces, side)).ok()?;
        let from = g.rules().cell(y)?;
        // Drawn where it came out: this scene has it on such a cell, not on `y`.
        let here = |c: CellId| {
            scene
                .pieces
                .iter()
                .any(|(sc, l)| l == letter && g.rules().cell(sc) == Some(c))
        };
        let stays = scene.pieces.iter().any(|(sc, l)| sc == y && l == letter);
        let drawn: GamePosition = g.position(&v.fen(prev.size, &prev.pieces, side)).ok()?;
        for t in g
            .teleports(&drawn, from)
            .iter()
            .filter(|t| t.portal == portal)
        {
            if !stays && t.to.iter().any(|&c| here(c)) {
                cells.extend(t.to.iter().copied());
                to.extend(t.to.iter().copied());
            }
        }
        // A piece activated down the cascade that entered `p` by a teleport, drawn
        // where it came out (One, "Moving out of a Star": `scn_o_20`, the Wave a
        // Starchild activates leaping into the Star c3, then `scn_o_21`: "Instead of
        // teleporting, Wave emerges on empty portal-field around ... a Star through
        // which it tried to teleport"), in `prev`'s position as it draws it.
        let drawn_trees = g.cascade_trees(&drawn, from);
        let mut todo: Vec<&piecewise::game::CascadeTree> = drawn_trees.iter().collect();
        while let Some(t) = todo.pop() {
            todo.extend(t.next.iter());
            let at_name = g.rules().cell_name(t.at);
            let Some(&(_, l)) = prev.pieces.iter().find(|(c, _)| *c == at_name) else {
                continue;
            };
            let out_here = |c: CellId| {
                scene
                    .pieces
                    .iter()
                    .any(|(sc, sl)| *sl == l && g.rules().cell(sc) == Some(c))
            };
            let gone = !scene
                .pieces
                .iter()
                .any(|(sc, sl)| *sc == at_name && *sl == l);
            for tp in t.teleports.iter().filter(|tp| tp.portal == portal) {
                if gone && tp.to.iter().any(|&c| out_here(c)) {
                    cells.extend(tp.to.iter().copied());
                    to.extend(tp.to.iter().copied());
                }
            }
        }
        let mut todo: Vec<&piecewise::game::CascadeTree> = Vec::new();
        let trees = g.cascade_trees(&pos, from);
        todo.extend(trees.iter());
        while let Some(t) = todo.pop() {
            todo.extend(t.next.iter());
            for ply in &t.tree.plies {
                let Some(k) = ply.path.iter().position(|&c| c == portal) else {
                    continue;
                };
                if k + 1 == ply.path.len() {
                    continue; // ends there: no way out drawn
                }
                cells.extend(ply.path[k + 1..].iter().copied());
                to.insert(ply.to);
            }
        }
    }
    if cells.is_empty() {
        return None;
    }
    let to = to.iter().map(|&c| g.rules().cell_name(c));
    Some((cells, to.filter(|c| !kings.contains(c.as_str())).collect()))
}

/// A cascade's later ply drawn in flight: the scene before (`prev`) marks an action on
/// `x`, where a piece stands that this scene draws on `y` instead, an arrow from `x` to
/// `y` drawn, the other pieces the same (Miranda's Veil, "Activated by Unicorn":
/// `scn_mv_031`, the Unicorn c5 activating the Wave g4, then `scn_mv_032`, the Wave
/// drawn on f6 after its first jump: "after first step, light Wave is located on
/// opposite-color (dark) field, so all available step-fields are long jumps"). The
/// moving piece is the one activated on `x` down the cascade of a moving piece of
/// `prev`, in `prev`'s position: the cells its plies whose path starts on `y` visit
/// (`y` and after) and, as destinations, their ends (but a King's cell).
pub(super) fn in_flight(
    scene: &Scene,
    prev: &Scene,
    v: &Variant,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>)> {
    let g = &v.game;
    let (x, y) = scene.arrows.iter().find_map(|(f, e, _)| {
        let (f, e) = (f.as_deref()?, e.as_deref()?);
        let was = prev.pieces.iter().find(|(c, _)| c == f)?.1;
        let now = scene.pieces.iter().find(|(c, _)| c == e)?.1;
        let acted = prev
            .arrows
            .iter()
            .any(|(_, pe, k)| pe.as_deref() == Some(f) && k == "action");
        let same = pieces_but(scene, &[e.to_string()]) == pieces_but(prev, &[f.to_string()]);
        let free =
            !scene.pieces.iter().any(|(c, _)| c == f) && !prev.pieces.iter().any(|(c, _)| c == e);
        (acted && was == now && same && free).then(|| (f.to_string(), e.to_string()))
    })?;
    let (target, first) = (g.rules().cell(&x)?, g.rules().cell(&y)?);
    let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
    for (z, letter) in &prev.pieces {
        if v.stands_still(*letter) || !prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(z)) {
            continue;
        }
        let side = side_of(*letter);
        let pos: GamePosition = g.position(&v.fen(prev.size, &prev.pieces, side)).ok()?;
        let from = g.rules().cell(z)?;
        let trees = g.cascade_trees(&pos, from);
        let Some(found) = find_in(&trees, target, &mut Vec::new()) else {
            continue;
        };
        for ply in &found.tree.plies {
            if ply.path.first() == Some(&first) {
                cells.extend(ply.path.iter().copied());
                to.insert(ply.to);
            }
        }
    }
    if cells.is_empty() {
        return None;
    }
    let kings = foe_kings(prev, side_of(scene.pieces.iter().find(|(c, _)| *c == y)?.1));
    let to = to.iter().map(|&c| g.rules().cell_name(c));
    Some((cells, to.filter(|c| !kings.contains(c)).collect()))
}

/// A scene that continues the one before it past a divergence (see the file's doc): the
/// scene before (`prev`) marks an action on `x`, where the same piece stands in both
/// scenes, and a moving piece of `prev` (or one down its cascade) has plies passing
/// over `x`, that piece (and the cells of its cascade) missing from this scene, which
/// holds `prev`'s other pieces: the cells those plies visit after `x` and, as
/// destinations, their ends (but an opponent's King's cell). `None` when the side
/// of that piece has a royal in `prev` (its moves would need judging).
///
/// The book draws several such examples in parallel in one pair of scenes (Conquest
/// of Tlalocan, "Diverging Pawn": "Image above and the next one have four examples
/// presented in parallel; each with its own, labeled Pawn", `scn_cot_034`, then
/// `scn_cot_035`): the other moving pieces of this scene that are in the air the same
/// way are left out of the comparison with their own cascades' cells.
pub(super) fn diverged(
    scene: &Scene,
    prev: &Scene,
    v: &Variant,
    x: &str,
) -> Option<(BTreeSet<CellId>, BTreeSet<String>)> {
    let candidates = in_the_air(scene, prev, v, x)?;
    // The cells whose piece differs between the two scenes.
    let before: BTreeMap<&str, char> = prev.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let after: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let differ: BTreeSet<&str> = before
        .keys()
        .chain(after.keys())
        .copied()
        .filter(|c| before.get(c) != after.get(c))
        .collect();
    // The other examples drawn in parallel: for each other moving piece in the air, the
    // reading whose moved cells all changed and explain most of the change.
    let mut parallel: Vec<String> = Vec::new();
    for (c, _) in &scene.pieces {
        let moves = scene
            .arrows
            .iter()
            .any(|(f, _, _)| f.as_deref() == Some(c.as_str()));
        if c == x || !moves {
            continue;
        }
        let best = in_the_air(scene, prev, v, c).and_then(|o| {
            o.into_iter()
                .filter(|r| r.moved.iter().all(|m| differ.contains(m.as_str())))
                .max_by_key(|r| r.moved.len())
        });
        if let Some(best) = best {
            parallel.extend(best.moved);
        }
    }
    for alone in [true, false] {
        for c in &candidates {
            let mut moved = c.moved.clone();
            if !alone {
                if parallel.is_empty() {
                    return None;
                }
                moved.extend(parallel.iter().filter(|p| *p != x).cloned());
            }
            if pieces_but(scene, &moved) != pieces_but(prev, &moved) {
                continue;
            }
            if c.royal {
                return None;
            }
            let kings = foe_kings(prev, c.side);
            let to = c.to.iter().map(|&t| v.game.rules().cell_name(t));
            return Some((c.cells.clone(), to.filter(|t| !kings.contains(t)).collect()));
        }
    }
    None
}

/// One reading of a piece "in the air" on `x` (see [`diverged`]).
struct InTheAir {
    /// The cells of the piece that moved and of the pieces its cascade activated.
    moved: Vec<String>,
    /// The cells its plies visit after `x`, and their ends.
    cells: BTreeSet<CellId>,
    to: BTreeSet<CellId>,
    /// The side of the piece diverging, and whether that side has a royal in `prev`.
    side: Side,
    royal: bool,
}

/// The pieces of `prev` (and down their cascades) whose plies pass over `x`, where
/// `prev` marks an action and the same piece stands in both scenes; `None` when there
/// is no such mark.
fn in_the_air(scene: &Scene, prev: &Scene, v: &Variant, x: &str) -> Option<Vec<InTheAir>> {
    let g = &v.game;
    let now = scene.pieces.iter().find(|(c, _)| c == x)?.1;
    let was = prev.pieces.iter().find(|(c, _)| c == x)?.1;
    let action = prev
        .arrows
        .iter()
        .any(|(_, e, k)| e.as_deref() == Some(x) && k == "action")
        || prev
            .marks
            .iter()
            .any(|(c, k)| c.as_deref() == Some(x) && k == "action");
    if !action || now != was {
        return None;
    }
    let target = g.rules().cell(x)?;
    let mut out = Vec::new();
    for (y, letter) in &prev.pieces {
        if y == x || !prev.arrows.iter().any(|(f, _, _)| f.as_deref() == Some(y)) {
            continue;
        }
        let side = side_of(*letter);
        let royal = prev
            .pieces
            .iter()
            .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
        let pos: GamePosition = g.position(&v.fen(prev.size, &prev.pieces, side)).ok()?;
        let from = g.rules().cell(y)?;
        let occ = pos.occupant(from);
        let mut walker = Walker::new(g.rules().table());
        let mut b = PathTreeBuilder::new();
        walker.walk(&pos, side, occ.kind(), from, &mut b);
        let own = b.finish(side, occ.kind(), from);
        // The mover's tree, then those down its cascade, each with the cells
        // activated on the way to it.
        let cascade = g.cascade_trees(&pos, from);
        let mut trees: Vec<(Vec<CellId>, &PathTree, Side)> = vec![(Vec::new(), &own, side)];
        let mut todo: Vec<(Vec<CellId>, &piecewise::game::CascadeTree)> =
            cascade.iter().map(|t| (vec![t.at], t)).collect();
        while let Some((chain, t)) = todo.pop() {
            todo.extend(t.next.iter().map(|n| {
                let mut c = chain.clone();
                c.push(n.at);
                (c, n)
            }));
            trees.push((chain, &t.tree, t.side));
        }
        for (chain, tree, tree_side) in trees {
            let mut moved: Vec<String> = vec![y.clone()];
            moved.extend(chain.iter().map(|&c| g.rules().cell_name(c)));
            if moved.iter().any(|c| c == x) {
                continue;
            }
            let (mut cells, mut to) = (BTreeSet::new(), BTreeSet::new());
            for ply in &tree.plies {
                let Some(k) = ply.path.iter().position(|&c| c == target) else {
                    continue;
                };
                if k + 1 == ply.path.len() {
                    continue; // ends there: no divergence
                }
                let after = &ply.path[k + 1..];
                cells.extend(after.iter().copied());
                to.insert(ply.to);
            }
            if cells.is_empty() {
                continue;
            }
            out.push(InTheAir {
                moved,
                cells,
                to,
                side: tree_side,
                royal,
            });
        }
    }
    Some(out)
}

/// The tree of the piece activated on `at` down `trees`, with the cells activated on
/// the way to it (`at` the last) in `chain`.
pub(super) fn find_in<'a>(
    trees: &'a [piecewise::game::CascadeTree],
    at: CellId,
    chain: &mut Vec<CellId>,
) -> Option<&'a piecewise::game::CascadeTree> {
    for t in trees {
        chain.push(t.at);
        if t.at == at {
            return Some(t);
        }
        if let Some(found) = find_in(&t.next, at, chain) {
            return Some(found);
        }
        chain.pop();
    }
    None
}

/// The cell names in the rest of a UCI move after its start (`d4>e5`, `e11xd7`).
pub(super) fn cell_names(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = rest.as_bytes();
    let mut k = 0;
    while k < b.len() {
        if b[k].is_ascii_lowercase() {
            let s = k;
            while k < b.len() && b[k].is_ascii_lowercase() {
                k += 1;
            }
            let d = k;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if k > d {
                out.push(rest[s..k].to_string());
            }
        } else {
            k += 1;
        }
    }
    out
}

/// The cells of the Kings of the side other than `side` in `scene`.
pub(super) fn foe_kings(scene: &Scene, side: Side) -> BTreeSet<String> {
    scene
        .pieces
        .iter()
        .filter(|(_, l)| side_of(*l) != side && l.eq_ignore_ascii_case(&'K'))
        .map(|(c, _)| c.clone())
        .collect()
}
