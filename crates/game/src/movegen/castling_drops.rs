//! movegen::castling_drops: the pseudo-legal moves that are not walks of the move
//! table — castling (the royal's move and its partner's, from the castling rules and
//! rights) and drops (pieces in hand onto the cells the drop rules allow, with their
//! limits and placement phases).

use super::*;

impl PseudoGen<'_> {
    /// Appends the castling moves and drops of the side to move to `out`.
    pub(crate) fn castling_and_drops(&mut self, pos: &GamePosition, out: &mut Vec<GameMove>) {
        self.castling_moves(pos, out);
        self.drops(pos, out);
    }

    /// Appends the castling moves of the side to move to `out`.
    pub(crate) fn castling_moves<R: Reads + ?Sized, O: MoveOut>(&mut self, r: &R, out: &mut O) {
        let g = self.game;
        let pos = r.position();
        let side = pos.side;
        for (i, c) in g.castlings.iter().enumerate() {
            if c.side != side || pos.castling & (1 << i) == 0 || !c.tags_hold(pos) {
                continue;
            }
            if r.at(c.king_from.index()) != Occupant::piece(side, c.king)
                || r.at(c.partner_from.index()) != Occupant::piece(side, c.partner)
            {
                continue;
            }
            if c.empty.iter().any(|e| !r.at(e.index()).is_empty()) {
                continue;
            }
            // `, past KINDS`: a crossed cell holds nothing or one of those kinds.
            if c.past.iter().any(|e| {
                let o = r.at(e.index());
                !o.is_empty() && !c.past_kinds.contains(&o.kind())
            }) {
                continue;
            }
            let them = side.opponent();
            if c.safe
                .iter()
                .any(|&s| attacked_in(g, r, s, them, c.king, &mut self.attacks))
            {
                continue;
            }
            out.push(c.game_move(i));
        }
    }

    /// Appends the drops of the side to move to `out` (the test inline: most games
    /// have none, and a count asks at every node).
    #[inline(always)]
    pub(crate) fn drops<O: MoveOut>(&mut self, pos: &GamePosition, out: &mut O) {
        if self.game.drops {
            self.drops_in(pos, out);
        }
    }

    /// [`PseudoGen::drops`] in a game with drops.
    #[inline(never)]
    fn drops_in<O: MoveOut>(&mut self, pos: &GamePosition, out: &mut O) {
        let g = self.game;
        let side = pos.side;
        for p in 0..g.pieces {
            if pos.hands[side.index()][p] == 0 && (!g.hand_unlimited || g.neutral[p]) {
                continue;
            }
            let piece = PieceId(p as u8);
            let limits = &g.drop_limits[side.index() * g.pieces + p];
            if limits.next_to_friend
                || limits.enclosing
                || !limits.opening.is_empty()
                || limits.landing.is_some()
                || limits.not_next_to_foe
            {
                self.placed_drops(pos, piece, limits, out);
                continue;
            }
            for cell in 0..pos.cells.len() {
                let c = CellId(cell as u16);
                if !drop_cell_open(g, pos, side, piece, limits, c) {
                    continue;
                }
                if limits.per_file != 0
                    && file_count(g, pos, c, Occupant::piece(side, piece), limits.per_file)
                {
                    continue;
                }
                if let Some(ph) = g.drop_phase.as_deref() {
                    if !ph.colours.is_empty() && !ph.colours_allow(g, pos, side, piece, c) {
                        continue;
                    }
                }
                out.push(GameMove::simple(MoveKind::Drop, piece, c, c));
                if let Some(face) = limits.face {
                    // `either face`: the promoted face too (`+P@a1`).
                    if limits.stuck || !g.dead(side, face, c) {
                        let mut m = GameMove::simple(MoveKind::Drop, piece, c, c);
                        m.promotion = Some(face);
                        out.push(m);
                    }
                }
            }
        }
    }

    /// The drops of `piece` by the side to move under `next to friend`, `enclosing`,
    /// `opening in` (Ataxx, Othello), `falling` or `pushed in` (Connect Four), out of
    /// the plain drops' loop.
    #[cold]
    #[inline(never)]
    fn placed_drops<O: MoveOut>(
        &self,
        pos: &GamePosition,
        piece: PieceId,
        limits: &crate::DropLimits,
        out: &mut O,
    ) {
        let g = self.game;
        let side = pos.side;
        let opening = limits
            .opening
            .iter()
            .any(|c| pos.cells[c.index()].is_empty());
        let flips = g.effects.as_deref().and_then(|fx| fx.flips.as_ref());
        let landing = limits.landing.map(|l| landing::cells(g.board(), pos, l));
        let foe = |c: CellId| {
            let o = pos.cells[c.index()];
            !o.is_empty() && o.side() != side && !g.neutral[o.kind().index()]
        };
        let friend = |c: CellId| {
            let o = pos.cells[c.index()];
            !o.is_empty() && o.side() == side && !g.neutral[o.kind().index()]
        };
        for cell in 0..pos.cells.len() {
            let c = CellId(cell as u16);
            if !drop_cell_open(g, pos, side, piece, limits, c) {
                continue;
            }
            if landing.as_ref().is_some_and(|l| !l[cell]) {
                continue;
            }
            if limits.not_next_to_foe && landing::next_to_foe(g.board(), c, foe) {
                continue;
            }
            if opening {
                if !limits.opening.contains(&c) {
                    continue;
                }
            } else if limits.enclosing
                && !flips.is_some_and(|f| f.turns_any(g.board(), pos, side, piece, c))
            {
                continue;
            }
            if limits.next_to_friend && !g.neighbours[cell].iter().any(|&n| friend(n)) {
                continue;
            }
            if limits.per_file != 0
                && file_count(g, pos, c, Occupant::piece(side, piece), limits.per_file)
            {
                continue;
            }
            out.push(GameMove::simple(MoveKind::Drop, piece, c, c));
        }
    }
}
