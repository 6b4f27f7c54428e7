//! Castling drawn in two plies (see the parent module's doc). The book plays a castling
//! as two plies, the King's and then its Rook's (Miranda's Veil, "Wave and castling":
//! "King initiated castling by moving onto a field past Wave, Rook can now finish
//! castling onto empty field between the two, so the whole castling move is legal"; and
//! "If ... King initiated castling by moving onto a field just past Wave, Rook cannot
//! castle onto field occupied by Wave, so the whole castling move is illegal"), and draws
//! them apart:
//!
//! - **the King's ply** ([`king_ply`]: `scn_mv_013`, `scn_o_60`): arrows along the
//!   King's rank from the cell beside it, the first it crosses, numbered at the cells
//!   it may reach, through the pieces it passes over (a Wave, a Starchild), which do not
//!   move. Its destinations are the King's ply alone: a cell the King may castle to
//!   whether or not its Rook may then finish (the book numbers green, in
//!   `scn_mv_013`, e1, "a field just past Wave" whose castling the next scenes call
//!   illegal as a whole move, as `scn_o_60` numbers h1 and `scn_o_62` blocks it). The
//!   test reads a King's ply as its castling played with the piece on its partner's
//!   destination (one the two may pass over) lifted: the King's crossing and its
//!   landing, judged as any castling, the Rook's landing left to its own ply;
//! - **the Rook's ply** ([`half_made`]: `scn_mv_014`, `scn_mv_015`, `scn_o_61`,
//!   `scn_o_62`): the King already on its destination, its start labelled `K`, the
//!   arrows the Rook's. The King made its ply and does not move; the Rook's ply
//!   finishes the castling from `K` to the King's cell when that castling is a legal
//!   move (the King set back on `K`): the Rook crosses to its destination;
//! - **the castling made** (`scn_n_36`, "New castling end"): no arrows, the King on its
//!   destination and its Rook on the Rook's, the King's start labelled `K`: the marks
//!   are the King's moves from `K`, the two set back on their starts (the scene before,
//!   `scn_n_35`, draws the same marks there).

use super::*;

/// A King's castling ply drawn from the cell beside it: the King's cell, and the cells
/// of the arrows' chain (pieces standing there are passed over, not moving pieces).
pub(super) fn king_ply<'a>(scene: &'a Scene, v: &Variant) -> Option<(&'a str, BTreeSet<String>)> {
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    for (k, l) in &scene.pieces {
        if !l.eq_ignore_ascii_case(&'K') {
            continue;
        }
        let Some(from) = v.game.rules().cell(k) else {
            continue;
        };
        let side = side_of(*l);
        // Drawn from beside it: no arrow starts on the King.
        if scene
            .arrows
            .iter()
            .any(|(f, _, _)| f.as_deref() == Some(k.as_str()))
        {
            continue;
        }
        if !v
            .game
            .castlings()
            .iter()
            .any(|c| c.side == side && c.king_from == from)
        {
            continue;
        }
        for step in [-1i64, 1] {
            // The first cell it crosses, empty, with an arrow onward along the rank.
            let next = |cell: &str| -> Option<String> {
                let (f, r) = coords(cell);
                let f = f as i64 + step;
                (f >= 0 && (f as usize) < scene.size)
                    .then(|| format!("{}{}", (b'a' + f as u8) as char, r + 1))
            };
            let Some(first) = next(k) else { continue };
            if at.contains_key(first.as_str()) {
                continue;
            }
            let mut chain = BTreeSet::new();
            let mut cur = first.clone();
            while let Some(to) = next(&cur).filter(|to| {
                scene
                    .arrows
                    .iter()
                    .any(|(f, e, _)| f.as_deref() == Some(&cur) && e.as_deref() == Some(to))
            }) {
                chain.insert(cur.clone());
                cur = to;
            }
            if chain.is_empty() {
                continue;
            }
            chain.insert(cur);
            return Some((k.as_str(), chain));
        }
    }
    None
}

/// A castling half made or made: a King of the scene on `to` whose start `from` (on its
/// rank, empty) is labelled `K`, a castling of its side going from one to the other.
pub(super) struct HalfMade {
    pub(super) from: String,
    pub(super) to: String,
    pub(super) side: Side,
}

/// The castling the scene draws half made (or made), if it draws one.
pub(super) fn half_made(scene: &Scene, v: &Variant) -> Option<HalfMade> {
    let g = &v.game;
    for (kf, label, _) in &scene.labels {
        if label != "K" || scene.pieces.iter().any(|(c, _)| c == kf) {
            continue;
        }
        for (kt, l) in &scene.pieces {
            if !l.eq_ignore_ascii_case(&'K') || coords(kt).1 != coords(kf).1 {
                continue;
            }
            let side = side_of(*l);
            let (Some(f), Some(t)) = (g.rules().cell(kf), g.rules().cell(kt)) else {
                continue;
            };
            if g.castlings()
                .iter()
                .any(|c| c.side == side && c.king_from == f && c.king_to == t)
            {
                return Some(HalfMade {
                    from: kf.clone(),
                    to: kt.clone(),
                    side,
                });
            }
        }
    }
    None
}

/// The scene's pieces with the castling `h` taken back (the King on its start and its
/// partner on the partner's start), when a castling from `h.from` to `h.to` has its
/// partner on its destination. `None` when the partner is not there (the castling is
/// half made).
pub(super) fn taken_back(scene: &Scene, v: &Variant, h: &HalfMade) -> Option<Vec<(String, char)>> {
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let (f, t) = (g.rules().cell(&h.from)?, g.rules().cell(&h.to)?);
    for c in g.castlings() {
        if c.side != h.side || c.king_from != f || c.king_to != t {
            continue;
        }
        let (pf, pt) = (
            g.rules().cell_name(c.partner_from),
            g.rules().cell_name(c.partner_to),
        );
        let Some(&letter) = at.get(pt.as_str()) else {
            continue;
        };
        if side_of(letter) != h.side || at.contains_key(pf.as_str()) {
            continue;
        }
        let mut pieces: Vec<(String, char)> = Vec::new();
        for (cell, l) in &scene.pieces {
            let cell = if *cell == h.to {
                h.from.clone()
            } else if *cell == pt {
                pf.clone()
            } else {
                cell.clone()
            };
            pieces.push((cell, *l));
        }
        return Some(pieces);
    }
    None
}

/// The castlings of `castlings` (indices into the game's) that are legal moves in the
/// position of `pieces` with `side` to move, those on `untagged` carrying no start tags
/// (converted pieces).
fn legal_castlings(
    scene: &Scene,
    v: &Variant,
    pieces: &[(String, char)],
    untagged: &BTreeSet<&str>,
    side: Side,
    wanted: impl Fn(usize) -> bool,
) -> Result<Vec<usize>, String> {
    let g = &v.game;
    let fen = v.fen_untagged(scene.size, pieces, side, untagged);
    let mut pos: GamePosition = g.position(&fen).map_err(|e| format!("FEN {fen}: {e:?}"))?;
    let mut gen = g.move_generator();
    let mut pseudo = Vec::new();
    gen.pseudo_moves(&pos, &mut pseudo);
    let mut out = Vec::new();
    for mv in &pseudo {
        if let MoveKind::Castling(i) = mv.kind {
            if wanted(i as usize) && gen.is_legal(&mut pos, mv) {
                out.push(i as usize);
            }
        }
    }
    Ok(out)
}

/// The King's castling plies from `king` (see [`king_ply`]): the cells it crosses, into
/// `visited`, and its destinations, into `to`. A castling whose partner's destination
/// holds a piece the two may pass over is judged with that piece lifted (the Rook's ply
/// is not the King's); the others as the game plays them.
pub(super) fn king_plies(
    scene: &Scene,
    v: &Variant,
    untagged: &BTreeSet<&str>,
    king: &str,
    visited: &mut BTreeSet<CellId>,
    to: &mut BTreeSet<String>,
) -> Result<(), String> {
    let g = &v.game;
    let at: BTreeMap<&str, char> = scene.pieces.iter().map(|(c, l)| (c.as_str(), *l)).collect();
    let side = side_of(at[king]);
    let from = g.rules().cell(king).unwrap();
    for (i, c) in g.castlings().iter().enumerate() {
        if c.side != side || c.king_from != from {
            continue;
        }
        let pt = g.rules().cell_name(c.partner_to);
        let lifted = at
            .get(pt.as_str())
            .and_then(|l| g.rules().piece(&l.to_ascii_uppercase().to_string()))
            .is_some_and(|k| c.past_kinds.contains(&k));
        let pieces: Vec<(String, char)> = scene
            .pieces
            .iter()
            .filter(|(cell, _)| !lifted || *cell != pt)
            .cloned()
            .collect();
        if !legal_castlings(scene, v, &pieces, untagged, side, |j| j == i)?.is_empty() {
            visited.extend(crossed(g, c.king_from, c.king_to));
            to.insert(g.rules().cell_name(c.king_to));
        }
    }
    Ok(())
}

/// The partner's ply finishing the castling `h` (see [`half_made`]) from `partner`: the
/// cells it crosses, into `visited`, and its destination, into `to`, when the castling
/// is a legal move with the King set back on its start.
pub(super) fn partner_plies(
    scene: &Scene,
    v: &Variant,
    untagged: &BTreeSet<&str>,
    h: &HalfMade,
    partner: &str,
    visited: &mut BTreeSet<CellId>,
    to: &mut BTreeSet<String>,
) -> Result<(), String> {
    let g = &v.game;
    let (Some(kf), Some(kt), Some(pf)) = (
        g.rules().cell(&h.from),
        g.rules().cell(&h.to),
        g.rules().cell(partner),
    ) else {
        return Ok(());
    };
    let pieces: Vec<(String, char)> = scene
        .pieces
        .iter()
        .map(|(cell, l)| {
            let cell = if *cell == h.to {
                h.from.clone()
            } else {
                cell.clone()
            };
            (cell, *l)
        })
        .collect();
    let all = g.castlings();
    let wanted = |i: usize| {
        let c = &all[i];
        c.side == h.side && c.king_from == kf && c.king_to == kt && c.partner_from == pf
    };
    for i in legal_castlings(scene, v, &pieces, untagged, h.side, wanted)? {
        let c = &all[i];
        visited.extend(crossed(g, c.partner_from, c.partner_to));
        to.insert(g.rules().cell_name(c.partner_to));
    }
    Ok(())
}
