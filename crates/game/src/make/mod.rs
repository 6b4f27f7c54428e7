//! make: playing a move on a position and taking it back — the layer above the
//! position's data and the rule modules it calls as a move is played (tags and
//! delayed promotions, the effects of `burn`/`explode`, the compact list's decoding).
//! Owns [`make`], `make_compact`, [`make_unhashed`], [`unmake`] and `unmake_outlined`.
//!
//! [`make`] changes the position through the journaled setters (so [`unmake`] only
//! rewinds the journal and restores the saved state) and updates the Zobrist hash; a
//! quiet move (one piece onto an empty cell, in a game without effects or tags) skips
//! the journal: its undo record keeps the two cells' marks ([`make_quiet`]), and so
//! does a plain compact capture in a game without hands (what it took in the record);
//! [`make_unhashed`] skips the hash for perft, which never reads it. A push moves the
//! piece met on before the mover takes its cell (a swap: into the start cell); a
//! conversion turns the piece met and leaves the mover where it stands; a move's side
//! changes ([`crate::SideChange`]) are made through the same journaled setters, in
//! order: displacements before the mover lands (it may end where a piece it displaced
//! stood), pieces put in place after the mover's own change; `one side`
//! games never pass the move.

use crate::ids::{CellId, PieceId, Side};
use crate::position::{EnPassant, GamePosition, Undo};
use crate::walk::Occupant;
use crate::{CompactMove, Game, GameMove, MoveKind, MoveList};

/// Plays `m`.
pub(crate) fn make(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    if is_quiet(g, pos, m) {
        return make_quiet(g, pos, m);
    }
    make_other(g, pos, m)
}

/// What `pos` holds outside the board and hands, and the journal's mark: the undo
/// record of a move about to be made (without a quiet move yet).
#[inline(always)]
fn undo_record(pos: &GamePosition) -> Undo {
    Undo {
        mark: pos.mark() as u32,
        castling: pos.castling,
        ep: pos.ep,
        halfmove: pos.halfmove,
        fullmove: pos.fullmove,
        hash: pos.hash,
        quiet: None,
        lion_taken: pos.lion_taken,
    }
}

/// [`make`] of any move but a quiet one, out of line so that the quiet path stays lean.
#[inline(never)]
fn make_other(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    make_with::<true>(g, pos, m)
}

/// Whether `m` is a quiet move of one piece onto an empty cell (no capture, push,
/// promotion, conversion or cascade) in a game without effects or tags: the case
/// [`make_quiet`] plays.
#[inline(always)]
fn is_quiet(g: &Game, pos: &GamePosition, m: &GameMove) -> bool {
    m.kind == MoveKind::Normal
        && !m.captures_to
        && m.n_passing == 0
        && m.push_to.is_none()
        && m.promotion.is_none()
        && m.convert.is_none()
        && !m.has_cascade()
        && !m.has_side_changes()
        && g.plain
        && pos.cells[m.to.index()].is_empty()
        && pos.cells[m.from.index()] == Occupant::piece(pos.side, m.piece)
}

/// [`make`] of a quiet move ([`is_quiet`]): the piece moved outside the journal (the
/// undo record keeps what the two cells were), then castling rights, en passant,
/// clocks and the side to move, the hash updated by what changed. The same position
/// and hash as [`make_with`].
#[inline(always)]
fn make_quiet(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    make_quiet_parts::<false>(g, pos, m.from, m.to, m.piece, &m.ep[..m.n_ep as usize])
}

/// Plays the compact move `m` of `list`: a quiet one ([`CompactMove::is_quiet`]) as
/// [`make_quiet`] does, without decoding it; any other decoded and made in full.
pub(crate) fn make_compact(
    g: &Game,
    pos: &mut GamePosition,
    list: &MoveList,
    m: CompactMove,
) -> Undo {
    if m.is_quiet() && g.plain {
        let (from, to, piece) = (m.from(), m.to(), m.piece());
        let mover = Occupant::piece(pos.side, piece);
        if pos.cells.get(to.index()).is_some_and(|o| o.is_empty())
            && pos.cells.get(from.index()) == Some(&mover)
        {
            let ep = m.opened_ep();
            let cells = [ep.unwrap_or(0)];
            let ep = &cells[..usize::from(ep.is_some())];
            return make_quiet_parts::<false>(g, pos, from, to, piece, ep);
        }
    }
    make_compact_other(g, pos, list, m)
}

/// [`make_compact`] of a move that is not quiet, out of line: a plain capture (in a
/// game without hands, effects or tags) without decoding it, any other decoded.
#[inline(never)]
fn make_compact_other(g: &Game, pos: &mut GamePosition, list: &MoveList, m: CompactMove) -> Undo {
    if m.is_plain_capture() && g.plain && !g.hand {
        let (from, to, piece) = (m.from(), m.to(), m.piece());
        let mover = Occupant::piece(pos.side, piece);
        if pos.cells.get(to.index()).is_some_and(|o| !o.is_empty())
            && pos.cells.get(from.index()) == Some(&mover)
        {
            let ep = m.opened_ep();
            let cells = [ep.unwrap_or(0)];
            let ep = &cells[..usize::from(ep.is_some())];
            return make_quiet_parts::<true>(g, pos, from, to, piece, ep);
        }
    }
    make_with::<true>(g, pos, &list.decode(m))
}

/// [`make_quiet`] of the move of `piece` from `from` to `to` opening the cells `ep`
/// to en passant; with `CAPTURE`, the piece on `to` taken (in a game without hands:
/// off the board, outside the journal like the mover, its occupant in the undo
/// record; the same position and hash as [`make_with`]).
#[inline(always)]
fn make_quiet_parts<const CAPTURE: bool>(
    g: &Game,
    pos: &mut GamePosition,
    from: CellId,
    to: CellId,
    piece: PieceId,
    ep: &[u16],
) -> Undo {
    let keys = &g.keys;
    let mut undo = undo_record(pos);
    let side = pos.side;
    let (f, t) = (from.index(), to.index());
    let promo_mark = pos.promoted(f);
    undo.quiet = Some(pos.move_quiet::<true, CAPTURE>(keys, from, to, promo_mark));
    let mut h = pos.hash;
    let lost = pos.castling & (g.castle_loss[f] | g.castle_loss[t]);
    if lost != 0 {
        pos.castling ^= lost;
        h ^= keys.castling_keys(lost);
    }
    // The old en passant cell read from the position, not from the undo record: the
    // record's copy then stays one 16-byte load and store, which unmake's 16-byte
    // load is forwarded from (a record written field by field stalls it).
    if pos.ep.len != 0 {
        h ^= keys.ep_key(pos.ep.cells[0] as usize);
    }
    let mut new_ep = EnPassant::default();
    if let Some(&first) = ep.first() {
        new_ep.cells[..ep.len()].copy_from_slice(ep);
        new_ep.len = ep.len() as u8;
        new_ep.victim = to.0;
        h ^= keys.ep_key(first as usize);
    }
    pos.ep = new_ep;
    pos.halfmove = if CAPTURE || g.clock_reset[piece.index()] {
        0
    } else {
        // Saturating: a FEN may give any clock, up to the type's maximum.
        pos.halfmove.saturating_add(1)
    };
    if side == Side::Second || g.one_side {
        pos.fullmove = pos.fullmove.saturating_add(1);
    }
    if !g.one_side {
        pos.side = side.opponent();
        h ^= keys.side;
    }
    pos.hash = h;
    undo
}

/// [`make`] without updating the hash (left stale until [`unmake`] restores it):
/// for perft, which never reads it.
pub(crate) fn make_unhashed(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    make_with::<false>(g, pos, m)
}

#[inline]
fn make_with<const HASH: bool>(g: &Game, pos: &mut GamePosition, m: &GameMove) -> Undo {
    let keys = &g.keys;
    let undo = undo_record(pos);
    let side = pos.side;
    let mut capture = false;
    let mut new_ep = EnPassant::default();
    // `lion trading`: judged before the move changes the board.
    let lion_taken = g
        .effects
        .as_deref()
        .is_some_and(|fx| fx.lion_taken_by(pos, m));
    match m.kind {
        MoveKind::Drop => {
            if !g.hand_unlimited {
                pos.add_hand::<HASH>(keys, side, m.piece, -1);
            }
            // `either face`: dropped as its promoted face (`+P@a1`).
            let kind = m.promotion.unwrap_or(m.piece);
            pos.set_cell::<HASH>(keys, m.to, Occupant::piece(side, kind), 0, true);
        }
        MoveKind::Castling(i) => {
            let c = &g.castlings[i as usize];
            pos.set_cell::<HASH>(keys, c.king_from, Occupant::EMPTY, 0, false);
            pos.set_cell::<HASH>(keys, c.partner_from, Occupant::EMPTY, 0, false);
            pos.set_cell::<HASH>(keys, c.king_to, Occupant::piece(side, c.king), 0, true);
            pos.set_cell::<HASH>(
                keys,
                c.partner_to,
                Occupant::piece(side, c.partner),
                0,
                true,
            );
        }
        MoveKind::Normal if m.convert.is_some() => {
            // A conversion: the piece met changes side (and kind); the mover stays.
            for c in m.passing_captures() {
                take::<HASH>(g, pos, c, side);
            }
            let kind = m.convert.unwrap_or(m.piece);
            pos.set_cell::<HASH>(keys, m.to, Occupant::piece(side, kind), 0, true);
            capture = true;
        }
        MoveKind::Normal | MoveKind::EnPassant { .. } => {
            let mut denied = false;
            for c in m.passing_captures() {
                take::<HASH>(g, pos, c, side);
                capture = true;
            }
            if let MoveKind::EnPassant { victim } = m.kind {
                take::<HASH>(g, pos, victim, side);
                capture = true;
            }
            if m.captures_to {
                take::<HASH>(g, pos, m.to, side);
                capture = true;
            }
            let promo_mark = pos.promoted(m.from.index());
            if m.has_side_changes() && !m.has_cascade() {
                // Displacements in passing: the mover leaves its cell, the pieces it
                // met move in the order met, then it lands (maybe where one stood). A
                // cascade's (a journey's) are made after its plies (`side_changes`).
                displace_first::<HASH>(g, pos, m);
            }
            if m.push_to.is_none()
                && m.promotion.is_none()
                && pos.cells[m.to.index()].is_empty()
                && pos.cells[m.from.index()] == Occupant::piece(side, m.piece)
            {
                // The common case: one piece to an empty cell (after any captures).
                pos.move_piece::<HASH>(keys, m.from, m.to, promo_mark);
            } else if m.has_cascade() {
                // An activation (it ends on a piece: never the common case), which
                // captures nothing in passing nor on `to`; only its first ply opens en
                // passant, unless a later ply activates the mover again and moves it
                // away (the book's "En passant denied").
                let (took, mover_left) = play_cascade::<HASH>(g, pos, m);
                capture |= took;
                if mover_left {
                    denied = true;
                }
            } else {
                place::<HASH>(g, pos, m, side, promo_mark);
            }
            if m.n_ep > 0 && !denied {
                new_ep.cells[..m.n_ep as usize].copy_from_slice(&m.ep[..m.n_ep as usize]);
                new_ep.len = m.n_ep;
                new_ep.victim = m.to.0;
            }
        }
    }
    if m.has_side_changes() {
        side_changes::<HASH>(g, pos, m);
    }
    finish::<HASH>(g, pos, m, side, capture, new_ep);
    if m.kind == MoveKind::Drop && g.castles_when_dropped {
        gain_castling(g, pos, m, side);
    }
    if lion_taken != pos.lion_taken {
        pos.lion_taken = lion_taken;
        if HASH {
            pos.hash ^= crate::position::LION_TAKEN_KEY;
        }
    }
    if HASH {
        // Only the keys of the state that changed (side, rights, en passant).
        pos.hash ^= keys.state_change((side, undo.castling, &undo.ep), pos);
    }
    if let Some(tags) = g.tags.as_deref() {
        pos.lose_tags_written::<HASH>(undo.mark as usize, &tags.keys);
        if m.mark != 0 {
            tags.after_marked_move::<HASH>(pos, m, side, undo.mark as usize);
        }
        if m.has_cascade() {
            tags.after_cascade::<HASH>(g, pos, m, undo.mark as usize);
        }
        if tags.promotes_later {
            crate::delayed::tag_arrivals::<HASH>(g, tags, pos, m, side);
        }
        if !tags.aimed.is_empty() {
            tags.after_aiming::<HASH>(g, pos, m, side);
        }
    }
    undo
}

/// `castling ..., when dropped`: a drop that leaves a castling's two pieces on their
/// start cells, the dropped piece one of them, gives the side that castling's right.
#[cold]
fn gain_castling(g: &Game, pos: &mut GamePosition, m: &GameMove, side: Side) {
    let placed = m.promotion.unwrap_or(m.piece);
    for (i, c) in g.castlings.iter().enumerate() {
        if c.side != side || !c.when_dropped {
            continue;
        }
        let stands = |cell: CellId, kind| pos.cells[cell.index()] == Occupant::piece(side, kind);
        if (placed == c.king && m.to == c.king_from && stands(c.partner_from, c.partner))
            || (placed == c.partner && m.to == c.partner_from && stands(c.king_from, c.king))
        {
            pos.castling |= 1 << i;
        }
    }
}

/// Moves the piece of a normal or en passant move (its captures made) from its start
/// cell to its destination, pushing the piece met on and promoting as the move says.
fn place<const HASH: bool>(
    g: &Game,
    pos: &mut GamePosition,
    m: &GameMove,
    side: Side,
    promo_mark: u8,
) {
    let keys = &g.keys;
    let pushed = m
        .push_to
        .map(|dest| (dest, pos.cells[m.to.index()], pos.promoted(m.to.index())));
    pos.set_cell::<HASH>(keys, m.from, Occupant::EMPTY, 0, false);
    // A displacement: the piece on `to` moves on (possibly into `from`, which
    // is empty by now); the mover then replaces it on `to`.
    if let Some((dest, occ, mark)) = pushed {
        pos.set_cell::<HASH>(keys, dest, occ, mark, true);
    }
    if !pos.pulled && crate::sokoban_reverse::is_pull(g, m) {
        pos.set_pulled();
    }
    if pos.plus.is_some() {
        // Sokoban+: a box's id goes where the box goes (a swap exchanges them once).
        match m.push_to {
            Some(dest) if dest == m.from => pos.swap_plus(m.to, m.from),
            Some(dest) => {
                pos.swap_plus(m.to, dest);
                pos.swap_plus(m.from, m.to);
            }
            None => pos.swap_plus(m.from, m.to),
        }
    }
    let (kind, mark) = match m.promotion {
        Some(p) => (p, promotion_mark(g, m.piece, p)),
        None => (m.piece, promo_mark),
    };
    // A neutral piece (`moved by either side`) stays no side's, whoever moves it.
    let owner = if g.neutral[kind.index()] {
        Side::First
    } else {
        side
    };
    pos.set_cell::<HASH>(keys, m.to, Occupant::piece(owner, kind), mark, true);
}

/// The promotion mark of a `piece` promoted to `p`: a promoted piece without a `+`
/// letter of its own remembers what it was, so that it returns to a hand as that (FEN
/// `~`).
fn promotion_mark(g: &Game, piece: PieceId, p: PieceId) -> u8 {
    // A `+X` piece turning back into X (Kyoto shogi's demotion) is X again, unmarked.
    if g.hand_demotes && g.base_of[p.index()].is_none() && g.base_of[piece.index()] != Some(p) {
        piece.0 + 1
    } else {
        0
    }
}

/// Plays a cascade (`game::activation`) ply by ply: the mover onto the piece it
/// activated, which takes off ("in the air") and makes the next ply from there, and so
/// on, each ply on the board as the plies before it left it — so a piece that moved
/// earlier in the cascade may be activated again where it stands (the book's
/// reactivation); the first mover's promotion, and the last ply's capture. Every cell
/// of the chain loses its castling rights. Returns whether a piece was captured, and
/// whether the first mover was activated again and left `m.to`.
#[cold]
#[inline(never)]
fn play_cascade<const HASH: bool>(g: &Game, pos: &mut GamePosition, m: &GameMove) -> (bool, bool) {
    let keys = &g.keys;
    let cascade = m.cascade();
    // The piece in the air, with its promotion mark, and the cell it took off from.
    let mut air = (pos.cells[m.from.index()], pos.promoted(m.from.index()));
    if let Some(p) = m.promotion {
        // The first mover promotes on the cell where it activates (its own ply's
        // promotion; the activated pieces' plies never promote).
        air = (
            Occupant::piece(air.0.side(), p),
            promotion_mark(g, m.piece, p),
        );
    }
    let mut from = m.from;
    pos.castling &= !g.castle_loss[from.index()];
    pos.set_cell::<HASH>(keys, from, Occupant::EMPTY, 0, false);
    let last = cascade.last().unwrap_or(m.to);
    let activated = std::iter::once(m.to).chain(cascade.plies(m.to).map(|(_, to)| to));
    let mut mover_left = false;
    for (i, to) in activated.take(cascade.len()).enumerate() {
        // The mover stands on `m.to` until a ply activates the piece there again.
        mover_left |= i > 0 && to == m.to;
        // An activation: the piece on `to` takes off, the one in the air lands.
        pos.castling &= !g.castle_loss[to.index()];
        let next = (pos.cells[to.index()], pos.promoted(to.index()));
        pos.set_cell::<HASH>(keys, to, air.0, air.1, true);
        (air, from) = (next, to);
    }
    pos.castling &= !g.castle_loss[last.index()];
    let mut capture = false;
    if cascade.captures() {
        // Captured by the side of the piece that makes the last ply.
        take::<HASH>(g, pos, last, air.0.side());
        capture = true;
    }
    if cascade.en_passant() {
        // An activated piece's en passant capture: the position's victim, by the side
        // of the piece that makes the last ply (its destination is empty).
        take::<HASH>(g, pos, CellId(pos.ep.victim), air.0.side());
        capture = true;
    }
    // A ply that ends on a neutral piece (a portal with no way out: `teleport ...,
    // onward`) or on the cell it leaves (a `journey` whose every field is blocked)
    // removes the piece that makes it (the book's oblation); that cell holds its
    // activator already. A touch (`touch ...`) removes it too: the piece touched
    // stays, promoted.
    let onto = pos.cells[last.index()];
    let last_stays =
        last != from && !cascade.touches() && (onto.is_empty() || !g.neutral[onto.kind().index()]);
    if let Some(p) = cascade.touch_promotes() {
        let mark = promotion_mark(g, onto.kind(), p);
        pos.set_cell::<HASH>(keys, last, Occupant::piece(onto.side(), p), mark, true);
    }
    if last_stays {
        pos.set_cell::<HASH>(keys, last, air.0, air.1, true);
    } else if g.graveyard && !cascade.touches() {
        // The piece oblationed goes to its side's graveyard (`resurrect`).
        let occ = air.0;
        if !occ.is_empty() && !g.neutral[occ.kind().index()] {
            pos.add_hand::<HASH>(keys, occ.side(), occ.kind(), 1);
        }
    }
    (capture, mover_left)
}

/// Makes the side changes of `m` ([`crate::SideChange`]), in order: a displacement
/// (a cascade's: a plain move's are made by `displace_first`) moves the piece on its
/// start (with its promotion mark) to its destination, a put
/// writes its cell, a resurrection takes its piece from the graveyard (the piece it
/// replaces going there); every cell written loses its castling rights. A displacement from
/// an empty cell changes nothing.
#[cold]
#[inline(never)]
fn side_changes<const HASH: bool>(g: &Game, pos: &mut GamePosition, m: &GameMove) {
    let keys = &g.keys;
    for s in m.side_changes() {
        match s {
            // A plain move's are made before the mover lands (`displace_first`).
            crate::SideChange::Displace { .. } if !m.has_cascade() => {}
            crate::SideChange::Displace { from, to } => {
                let occ = pos.cells[from.index()];
                if !occ.is_empty() {
                    let mark = pos.promoted(from.index());
                    pos.set_cell::<HASH>(keys, from, Occupant::EMPTY, 0, false);
                    pos.set_cell::<HASH>(keys, to, occ, mark, true);
                }
            }
            crate::SideChange::Put { cell, piece } => {
                let occ = piece.map_or(Occupant::EMPTY, |(side, kind)| Occupant::piece(side, kind));
                pos.set_cell::<HASH>(keys, cell, occ, 0, piece.is_some());
            }
            crate::SideChange::Revive { cell, side, kind } => {
                // The piece standing there leaves for its graveyard (an oblation).
                bury::<HASH>(g, pos, cell);
                pos.add_hand::<HASH>(keys, side, kind, -1);
                pos.set_cell::<HASH>(keys, cell, Occupant::piece(side, kind), 0, true);
            }
        }
        for c in s.cells() {
            pos.castling &= !g.castle_loss[c.index()];
        }
    }
}

/// The displacements of a normal move `m` with side changes, made before its mover
/// lands: the mover taken off its start cell (when any), then each piece displaced, in
/// order, from where it stands onto its field (empty by then); an empty cell changes
/// nothing.
#[cold]
#[inline(never)]
fn displace_first<const HASH: bool>(g: &Game, pos: &mut GamePosition, m: &GameMove) {
    let keys = &g.keys;
    let mut lifted = false;
    for s in m.side_changes() {
        if let crate::SideChange::Displace { from, to } = s {
            if !lifted {
                pos.set_cell::<HASH>(keys, m.from, Occupant::EMPTY, 0, false);
                lifted = true;
            }
            let occ = pos.cells[from.index()];
            if occ.is_empty() {
                continue;
            }
            let mark = pos.promoted(from.index());
            pos.set_cell::<HASH>(keys, from, Occupant::EMPTY, 0, false);
            pos.set_cell::<HASH>(keys, to, occ, mark, true);
        }
    }
}

/// The rest of a move after its board changes: effects, castling rights, en passant,
/// clocks and the side to move (make then updates the state part of the hash).
#[inline]
fn finish<const HASH: bool>(
    g: &Game,
    pos: &mut GamePosition,
    m: &GameMove,
    side: Side,
    mut capture: bool,
    new_ep: EnPassant,
) {
    // One test in a plain game (neither gating, effects nor tags) for the two rules.
    if !g.plain {
        if let Some(gt) = g.gating.as_deref() {
            gt.apply::<HASH>(g, pos, m, side);
        }
        if let Some(fx) = g.effects.as_deref() {
            capture |= fx.apply::<HASH>(g, pos, m, side, capture);
        }
    }
    // A converting piece stays where it is and keeps its rights.
    let from_loss = if m.convert.is_some() {
        0
    } else {
        g.castle_loss[m.from.index()]
    };
    pos.castling &= !(from_loss | g.castle_loss[m.to.index()]);
    if let MoveKind::Castling(i) = m.kind {
        let c = &g.castlings[i as usize];
        pos.castling &=
            !(g.castle_loss[c.king_from.index()] | g.castle_loss[c.partner_from.index()]);
    }
    pos.ep = new_ep;
    // A drop restarts the clock too, as in Fairy-Stockfish.
    if capture || g.clock_reset[m.piece.index()] || matches!(m.kind, MoveKind::Drop) {
        pos.halfmove = 0;
    } else {
        pos.halfmove = pos.halfmove.saturating_add(1);
    }
    if side == Side::Second || g.one_side {
        pos.fullmove = pos.fullmove.saturating_add(1);
    }
    if !g.one_side {
        pos.side = side.opponent();
    }
}

/// Removes the piece on `cell`, captured by `captor`; into the captor's hand if the
/// game's captures go to the hand, into its own side's graveyard in a game that keeps
/// one (`resurrect`).
fn take<const HASH: bool>(g: &Game, pos: &mut GamePosition, cell: CellId, captor: Side) {
    let o = pos.cells[cell.index()];
    if o.is_empty() {
        return;
    }
    if g.captures_to_hand {
        let kind = hand_kind(g, pos, cell);
        pos.add_hand::<HASH>(&g.keys, captor, kind, 1);
    } else if g.graveyard {
        bury::<HASH>(g, pos, cell);
        return;
    }
    pos.set_cell::<HASH>(&g.keys, cell, Occupant::EMPTY, 0, false);
}

/// Removes the piece on `cell` (if any) into its own side's graveyard (`resurrect`:
/// the hands' store keeps each side's captured pieces, by kind); a neutral
/// piece, which no side keeps, only leaves the board.
#[cold]
pub(crate) fn bury<const HASH: bool>(g: &Game, pos: &mut GamePosition, cell: CellId) {
    let o = pos.cells[cell.index()];
    if o.is_empty() {
        return;
    }
    if !g.neutral[o.kind().index()] {
        pos.add_hand::<HASH>(&g.keys, o.side(), o.kind(), 1);
    }
    pos.set_cell::<HASH>(&g.keys, cell, Occupant::EMPTY, 0, false);
}

/// The kind the piece on `cell` (not empty) goes to a hand as: its kind before
/// promotion where the hand demotes, else its base kind.
pub(crate) fn hand_kind(g: &Game, pos: &GamePosition, cell: CellId) -> PieceId {
    let o = pos.cells[cell.index()];
    let promo = pos.promoted(cell.index());
    if promo != 0 && g.hand_demotes {
        PieceId(promo - 1)
    } else {
        g.base_of[o.kind().index()].unwrap_or(o.kind())
    }
}

/// Takes back the move `undo` was made for: inline, a quiet move's in place, any
/// other's journal rewound out of line.
#[inline(always)]
pub(crate) fn unmake(g: &Game, pos: &mut GamePosition, undo: Undo) {
    unmake_by(g, pos, undo, rewind)
}

/// [`unmake`] out of line with the journal rewound inline, for perft (whose loops
/// rewind the journal at every interior node and keep their registers better
/// without unmake inline).
#[inline(never)]
pub(crate) fn unmake_outlined(g: &Game, pos: &mut GamePosition, undo: Undo) {
    unmake_by(g, pos, undo, |g, pos, mark| pos.rewind(&g.keys, mark))
}

/// [`unmake`] with `rewind` taking the journal back to a mark.
#[inline(always)]
fn unmake_by(
    g: &Game,
    pos: &mut GamePosition,
    undo: Undo,
    rewind: impl FnOnce(&Game, &mut GamePosition, usize),
) {
    match undo.quiet {
        Some(q) => pos.unmove_quiet(&g.keys, q),
        None => rewind(g, pos, undo.mark as usize),
    }
    pos.castling = undo.castling;
    pos.ep = undo.ep;
    pos.halfmove = undo.halfmove;
    pos.fullmove = undo.fullmove;
    pos.hash = undo.hash;
    pos.lion_taken = undo.lion_taken;
    if !g.one_side {
        pos.side = pos.side.opponent();
    }
}

/// [`unmake`]'s journal rewound (a move that was not quiet).
#[inline(never)]
fn rewind(g: &Game, pos: &mut GamePosition, mark: usize) {
    pos.rewind(&g.keys, mark)
}

#[cfg(test)]
pub(crate) mod tests;
