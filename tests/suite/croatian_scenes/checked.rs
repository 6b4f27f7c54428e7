//! One scene checked (see the parent module's doc): its moving pieces found, their
//! paths and cascades walked in the scene's position ([`check`], [`check_movers`]),
//! and its marks judged against the cells those paths visit and their legal
//! destinations ([`judge`]); the scenes' list, the listed failures and the counts are
//! the parent's.

use super::*;

/// The cells the paths of `tree` visit and its destinations, into `visited` and `to`;
/// `next` are the trees of the pieces it may activate: a ply that activates is a
/// destination only when the piece activated has a ply of its own (a piece that cannot
/// move cannot be activated; past the game's limit of plies there is no tree).
pub(super) fn cells_of(
    tree: &PathTree,
    next: &[piecewise::game::CascadeTree],
    visited: &mut BTreeSet<CellId>,
    to: &mut BTreeSet<CellId>,
) {
    for ply in &tree.plies {
        visited.extend(ply.path.iter().copied());
        visited.insert(ply.to);
        visited.extend(ply.captures.iter().copied());
        if !ply.activates
            || next
                .iter()
                .any(|t| t.at == ply.to && !(t.tree.plies.is_empty() && t.teleports.is_empty()))
        {
            to.insert(ply.to);
        }
    }
}

/// [`cells_of`] down a cascade's trees.
pub(super) fn cascade_cells(
    trees: &[piecewise::game::CascadeTree],
    visited: &mut BTreeSet<CellId>,
    to: &mut BTreeSet<CellId>,
) {
    for t in trees {
        cells_of(&t.tree, &t.next, visited, to);
        // Its teleports: the path into the portal, the cells where it emerges.
        for tp in &t.teleports {
            visited.extend(tp.path.iter().copied());
            visited.extend(tp.to.iter().copied());
            to.extend(tp.to.iter().copied());
        }
        cascade_cells(&t.next, visited, to);
    }
}

/// Checks one scene: `Ok` when every mark holds, else why not.
/// `earlier` are the scenes before it of the same variant, the nearest first.
pub(super) fn check(scene: &Scene, earlier: &[&Scene], v: &Variant) -> Result<(), String> {
    // A syzygy's lines and the markers on their pieces (see `syzygy`'s doc); the rest
    // is read as moves.
    let rest;
    let scene = match syzygy::check_syzygies(scene, earlier.first().copied(), v) {
        None => scene,
        Some(Err(e)) => return Err(e),
        Some(Ok(r)) if r.arrows.is_empty() && r.marks.is_empty() => return Ok(()),
        Some(Ok(r)) => {
            // A resurrection drawn made (see `syzygy`'s doc).
            if let Some(result) = syzygy::resurrected(&r, earlier, v) {
                return result;
            }
            rest = r;
            &rest
        }
    };
    // A displacement drawn in flight: the marks are the fields of the piece met.
    if let Some(result) = displaced_in_flight(scene, earlier.first().copied(), v) {
        return result;
    }
    // A sacrifice drawn made (see [`sacrifice`]).
    if let Some(result) = sacrifice::made(scene, earlier, v) {
        return result;
    }
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let mut movers: Vec<&str> = Vec::new();
    for (from, _, _) in &scene.arrows {
        if let Some(f) = from {
            if at.contains_key(f.as_str()) && !movers.contains(&f.as_str()) {
                movers.push(f.as_str());
            }
        }
    }
    let half = castling::half_made(scene, v);
    if scene.arrows.is_empty() {
        // A castling drawn made: the marks are the King's from its start (see
        // [`castling`]).
        if let Some(h) = &half {
            if let Some(pieces) = castling::taken_back(scene, v, h) {
                let back = Scene {
                    pieces,
                    labels: Vec::new(),
                    ..scene.clone()
                };
                return check_movers(&back, &[], v, &[h.from.as_str()], &[]);
            }
        }
        // The marks are one piece's: the scene holds if they hold for one of them.
        let mut first = None;
        for (c, l) in &scene.pieces {
            if v.stands_still(*l) {
                continue;
            }
            match check_movers(scene, &[], v, &[c.as_str()], &[]) {
                Ok(()) => return Ok(()),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        return Err(first.unwrap_or_else(|| "no piece that moves".to_string()));
    }
    // A teleported Wave's ply after the portal: the book draws it from the portal it
    // emerges from, which stands still (Nineteen, "Teleporting Wave":
    // `scn_n_05_teleport_end` after `scn_n_04_teleport_move_3`, "Teleported Wave
    // emerges from the other Star in the same color as the starting one"); its piece
    // is the one activated in the scene before, where the activator now stands.
    let from_portal = scene.arrows.iter().any(|(f, _, _)| {
        f.as_deref()
            .and_then(|f| at.get(f))
            .is_some_and(|l| v.stands_still(*l))
    });
    if let (true, Some(p)) = (from_portal, earlier.first()) {
        for (c, _) in &scene.pieces {
            let acted = p
                .arrows
                .iter()
                .any(|(_, e, k)| e.as_deref() == Some(c.as_str()) && k == "action");
            if acted && !movers.contains(&c.as_str()) && continued(scene, p, v, c).is_some() {
                movers.push(c.as_str());
            }
        }
    }
    // Castling drawn in two plies (see [`castling`]): the King's ply drawn from the
    // cell beside it, through pieces it passes over; the Rook's ply after the King's,
    // which has moved.
    if let Some((king, chain)) = castling::king_ply(scene, v) {
        movers.retain(|m| !chain.contains(*m));
        if !movers.contains(&king) {
            movers.push(king);
        }
    }
    if let Some(h) = &half {
        movers.retain(|m| *m != h.to);
    }
    if movers.is_empty() {
        // A piece's own ply drawn in flight (see [`flying`]), or a move drawn in
        // progress (see [`in_progress`]).
        let drawn = earlier
            .first()
            .and_then(|p| flying(scene, p, v))
            .or_else(|| in_progress(scene, v));
        if let Some((m, cells, to)) = drawn {
            return judge(
                scene,
                earlier.first().copied(),
                v,
                &[m],
                &cells,
                &to,
                &BTreeSet::new(),
            );
        }
        // A move drawn made, all grey: its path must be a ply of its piece.
        if let Some(result) = made(scene, v) {
            return result;
        }
        // A displacing move drawn made: its numbers where the pieces it displaced stood.
        if let Some(result) = made_displacing(scene, v) {
            return result;
        }
        // The move is drawn made (its piece already on its destination): no path to
        // check, and the red marks alone would hold by default.
        return Err("no arrow starts on a piece (the move is drawn made)".to_string());
    }
    // A cascade drawn as one chain of arrows: the pieces it activates are no first
    // movers (see [`relayed`]).
    let relayed = relayed(scene, v, &movers);
    check_movers(scene, earlier, v, &movers, &relayed)
}

/// The cells on one rank from `from` (not included) to `to` (included): a castling
/// King's crossing.
pub(super) fn crossed(g: &Game, from: CellId, to: CellId) -> Vec<CellId> {
    let (f, t) = (g.rules().cell_name(from), g.rules().cell_name(to));
    let file = |n: &str| n.as_bytes()[0];
    let rank = &f[1..];
    let (a, b) = (file(&f), file(&t));
    let step: i16 = if b > a { 1 } else { -1 };
    let mut out = Vec::new();
    let mut x = a as i16;
    while x != b as i16 {
        x += step;
        let name = format!("{}{rank}", x as u8 as char);
        out.extend(g.rules().cell(&name));
    }
    out
}

/// Checks the marks of `scene` against the paths of the pieces on `movers`; `earlier`
/// are the scenes before it of the same variant, the nearest first. The pieces on
/// `relayed` (of `movers`) are activated down a drawn cascade ([`relayed`]): the cells
/// their paths visit count, their destinations as first movers are no legal ones.
pub(super) fn check_movers(
    scene: &Scene,
    earlier: &[&Scene],
    v: &Variant,
    movers: &[&str],
    relayed: &[&str],
) -> Result<(), String> {
    let prev = earlier.first().copied();
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let mut visited = BTreeSet::new();
    let mut kept: BTreeSet<String> = BTreeSet::new();
    let king_ply = castling::king_ply(scene, v);
    let half = castling::half_made(scene, v);
    // The ends of red arrows from a drawn path's cells that no ply takes from there.
    let mut turned_down: BTreeSet<String> = BTreeSet::new();

    // A cascade's later ply drawn in flight, from where its piece now stands.
    if let Some((cells, to)) = prev.and_then(|p| in_flight(scene, p, v)) {
        visited.extend(cells);
        kept.extend(to);
    }
    for &m in movers {
        let mut scratch = BTreeSet::new();
        let legal_to: &mut BTreeSet<String> = if relayed.contains(&m) {
            &mut scratch
        } else {
            &mut kept
        };
        let letter = at[m];
        // A teleported relay's ply drawn from the portal it emerges from.
        if let Some((cells, to)) = prev.and_then(|p| emerged(scene, p, v, m)) {
            visited.extend(cells);
            legal_to.extend(to);
        }
        if v.stands_still(letter) {
            continue;
        }
        // The book splits a cascade's later ply over two scenes of one position
        // (Conquest of Tlalocan, "Activating Wave on step-field": "End example for
        // this activation is split into two over next two pages"): a scene drawing
        // the same pieces as the one before continues what that one continues.
        let split = || {
            let same = prev.is_some_and(|p| pieces_but(p, &[]) == pieces_but(scene, &[]));
            earlier
                .get(1)
                .filter(|_| same)
                .and_then(|p| continued(scene, p, v, m))
        };
        let diverged_here = || {
            prev.and_then(|p| diverged(scene, p, v, m))
                .map(|(cells, to)| (cells, to, Vec::new()))
        };
        // A sacrifice's tagged ply, drawn from the officiant's cell (see [`sacrifice`]).
        let tagged =
            || sacrifice::tagged(scene, earlier, v, m).map(|(cells, to)| (cells, to, Vec::new()));
        if let Some((cells, to, turned)) = prev
            .and_then(|p| continued(scene, p, v, m))
            .or_else(diverged_here)
            .or_else(split)
            .or_else(tagged)
        {
            visited.extend(cells);
            legal_to.extend(to);
            turned_down.extend(turned);
            continue;
        }
        let side = side_of(letter);
        let fen = v.fen_untagged(scene.size, &scene.pieces, side, &converted(scene, prev));
        let pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
        let pos = rushed(scene, earlier, v, side, pos)?;
        let from = g.rules().cell(m).unwrap();
        let occ = pos.occupant(from);
        let mut walker = Walker::new(g.rules().table());
        let mut b = PathTreeBuilder::new();
        walker.walk(&pos, side, occ.kind(), from, &mut b);
        let tree = b.finish(side, occ.kind(), from);
        turned_down.extend(steps_not_taken(scene, v, m, &tree));
        let mut to = BTreeSet::new();
        let next = g.cascade_trees(&pos, from);
        cells_of(&tree, &next, &mut visited, &mut to);
        cascade_cells(&next, &mut visited, &mut to);
        // A journey's pattern drawn on past the board (see [`trance`]).
        visited.extend(trance::pattern_past_board(scene, g, &next));
        if !pos.en_passant().is_none() {
            // The en passant captures the tree does not hold (the game adds them).
            let mut pseudo = Vec::new();
            g.move_generator().pseudo_moves(&pos, &mut pseudo);
            for mv in pseudo.iter().filter(|mv| mv.from == from) {
                if let MoveKind::EnPassant { .. } = mv.kind {
                    visited.insert(mv.to);
                    to.insert(mv.to);
                }
            }
        }
        // The castlings the tree does not hold (the game adds them): the King's
        // destination and the cells it crosses to reach it.
        let mut pseudo = Vec::new();
        g.move_generator().pseudo_moves(&pos, &mut pseudo);
        for mv in pseudo.iter().filter(|mv| mv.from == from) {
            if let MoveKind::Castling(_) = mv.kind {
                visited.extend(crossed(g, mv.from, mv.to));
                to.insert(mv.to);
            }
        }
        // Where its moves displace the pieces met (see [`trance`]).
        visited.extend(trance::displaced_onto(
            pseudo.iter().filter(|mv| mv.from == from),
        ));
        // Castling drawn in two plies (see [`castling`]).
        let untagged = converted(scene, prev);
        if king_ply.as_ref().is_some_and(|(k, _)| *k == m) {
            castling::king_plies(scene, v, &untagged, m, &mut visited, legal_to)?;
        }
        if let Some(h) = &half {
            castling::partner_plies(scene, v, &untagged, h, m, &mut visited, legal_to)?;
        }
        for t in g.teleports(&pos, from) {
            visited.extend(t.path.iter().copied());
            visited.extend(t.to.iter().copied());
            to.extend(t.to.iter().copied());
        }
        // Its sacrifices (see [`sacrifice`]): the officiant's cell, the oblation's, the
        // ply after it.
        for p in g.sacrifice_plies(&pos, from) {
            visited.extend([p.officiant, p.oblation]);
            visited.extend(p.path.iter().copied());
            to.insert(p.mv.to);
        }
        // The legal moves: with no royal of the mover's side on the board, every
        // path's move is one, but a capture of the opponent's King (the book's King is
        // checked, never captured: scn_cot_024, scn_tr_28).
        let royal = scene
            .pieces
            .iter()
            .any(|(_, l)| side_of(*l) == side && l.eq_ignore_ascii_case(&'K'));
        if !royal {
            let kings = foe_kings(scene, side);
            legal_to.extend(
                to.iter()
                    .map(|&c| g.rules().cell_name(c))
                    .filter(|c| !kings.contains(c)),
            );
            continue;
        }
        // The mover's pseudo-legal moves, each judged (the whole legal list would
        // judge every piece's moves, thousands on the larger boards).
        let mut gen = g.move_generator();
        let mut pseudo = Vec::new();
        gen.pseudo_moves(&pos, &mut pseudo);
        let mut pos = pos;
        for mv in pseudo.iter().filter(|mv| mv.from == from) {
            if !gen.is_legal(&mut pos, mv) {
                continue;
            }
            let uci = g.uci(mv);
            if let Some(rest) = uci.strip_prefix(m) {
                if rest.starts_with(|c: char| c.is_ascii_digit()) {
                    continue;
                }
                legal_to.extend(cell_names(rest));
            }
        }
    }
    judge(scene, prev, v, movers, &visited, &kept, &turned_down)
}

/// Checks the marks of `scene` against the cells the paths of its moving pieces
/// (`movers`) visit and their legal destinations (`legal_to`).
pub(super) fn judge(
    scene: &Scene,
    prev: Option<&Scene>,
    v: &Variant,
    movers: &[&str],
    visited: &BTreeSet<CellId>,
    legal_to: &BTreeSet<String>,
    turned_down: &BTreeSet<String>,
) -> Result<(), String> {
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let visited: BTreeSet<String> = visited.iter().map(|&c| g.rules().cell_name(c)).collect();
    // (cell, mark type, a field's mark rather than an arrow's end)
    let mut marks: Vec<(&str, &str, bool)> = Vec::new();
    for (_, end, kind) in &scene.arrows {
        if let Some(e) = end {
            marks.push((e.as_str(), kind.as_str(), false));
        }
    }
    for (c, kind) in &scene.marks {
        if let Some(c) = c {
            marks.push((c.as_str(), kind.as_str(), true));
        }
    }
    // An Action marker on a moving piece's own cell shows its tag (book, Classical
    // Chess, "Tags": "Markers are also used to convey the existence of a tag").
    let converted = converted(scene, prev);
    let mut tagged: BTreeSet<&str> = movers
        .iter()
        .copied()
        .filter(|m| scene.action_markers.contains(*m) && carries_tag(v, m, at[m], &converted))
        .collect();
    // A tag the scene before's move gave the piece (one standing still, or one that
    // moves next: the Pawn a Pyramid tagged, `scn_aoa_04`).
    tagged.extend(tags_earned(scene, prev, v, &[]));
    // The marks the book's text reads otherwise are checked its way (see
    // [`corrections`]), after the others.
    let corrected = |c: &str, k: &str| scene.corrections.iter().any(|x| x.covers(c, k));
    marks.retain(|(c, k, _)| !corrected(c, k));
    let reached: BTreeSet<&str> = marks
        .iter()
        .filter(|(_, k, _)| *k == "legal" || *k == "action")
        .map(|(c, _, _)| *c)
        .collect();
    // Red arrows from a moving piece to the opponent's King draw its line of attack
    // (see the file's doc): the cells they pass are on its path, not illegal ends.
    let line = check_lines(scene, movers);
    for &(c, kind, field) in &marks {
        match kind {
            // A Pawn's en passant tag, not a destination (see [`rushed`]).
            "legal" if field && scene.rushed.contains(c) => {}
            "legal" if field && !legal_to.contains(c) => {
                return Err(format!("legal field {c} is no legal destination"));
            }
            "legal" if field => {}
            "action" if field && tagged.contains(c) => {}
            "legal" | "action" if !visited.contains(c) => {
                return Err(format!("{kind} mark on {c} not reached"));
            }
            "illegal" if !field && line.contains(c) && !visited.contains(c) => {
                return Err(format!("check line's cell {c} not reached"));
            }
            "illegal" if !field && line.contains(c) => {}
            // A step the drawn path does not take from where its arrow starts.
            "illegal" if !field && turned_down.contains(c) => {}
            "illegal" if !reached.contains(c) && legal_to.contains(c) => {
                return Err(format!("{kind} mark on {c} is a legal destination"));
            }
            _ => {} // held; blocked: not asserted (see the file's doc)
        }
    }
    corrections::check_corrected(scene, prev, v, movers, &visited, legal_to)
}
