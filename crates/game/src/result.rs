//! result: whether a position ends the game, and how. Owns [`GameResult`] and
//! [`EndReason`], and the ends a position alone decides:
//! - checkmate (the side to move has no legal move and a royal of it could be captured:
//!   it loses) and stalemate (no legal move, not in check: the rules' `stalemate`
//!   declaration says who wins, a draw by default);
//! - `no pieces OUTCOME` and `bare royal OUTCOME [, bare back]`, which end the game at
//!   once whatever the moves.
//!
//! `one side` puzzles end when solved instead, and have no result here. The ends that
//! need the moves played (repetition, perpetual check, the move limit, Makruk's
//! counting) are decided over a [`super::Line`] (`line.rs`, `history.rs`).

pub(crate) mod connect;

use super::{Game, GamePosition};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::Outcome;
use crate::line::Line;

/// Why a game ended (or may end, when a player claims it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// No legal move, in check.
    Checkmate,
    /// No legal move, not in check.
    Stalemate,
    /// The side to move has lost its royal pieces (to a blast or a burn: games with
    /// effects, such as Atomic chess).
    RoyalLost,
    /// The same position stood for the declared number of times (`repetition N`).
    Repetition,
    /// A repetition in which one side gave check with every move (`perpetual check
    /// loses`): that side loses (a draw if both did).
    PerpetualCheck,
    /// The move limit passed without a capture or a pawn move (`move limit N`).
    MoveLimit,
    /// A side was left with royal pieces only (`bare royal`).
    BareRoyal,
    /// A side was left with no piece at all (`no pieces`).
    NoPieces,
    /// Makruk's counting ran out (`counting makruk`).
    Counting,
    /// A side's pieces reached their zone (`reach`).
    Reach,
    /// A side has too few pieces of a kind left (`extinction`).
    Extinction,
    /// A side gave the declared number of checks (`checks N`).
    Checks,
    /// Neither side has the material to mate ([`Game::insufficient_material`]).
    InsufficientMaterial,
    /// Two passes in a row (`double pass`).
    DoublePass,
    /// A pass while the royals faced each other (`royals facing`: Janggi's bikjang).
    RoyalsFacing,
    /// No cell is empty (`full board`).
    FullBoard,
    /// A piece moved back and forth four times running (`move repetition loses`).
    MoveRepetition,
    /// The side that just moved made a shape of `connect` (N in a row, a block, a
    /// chain between two zones).
    Connect,
}

impl EndReason {
    /// The reason in words, as [`GameResult`]'s `Display` writes it: `checkmate`,
    /// `stalemate`, `repetition`, `perpetual check`, `move limit`, `bare royal`, `no
    /// pieces`, `counting`, `loss of the royal piece`, `reaching the zone`,
    /// `extinction`, `checks`, `insufficient material`, `two passes`, `royals facing`,
    /// `full board`, `move repetition`, `connection`.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::MoveLimit => "move limit",
            EndReason::BareRoyal => "bare royal",
            EndReason::NoPieces => "no pieces",
            EndReason::Counting => "counting",
            EndReason::RoyalLost => "loss of the royal piece",
            EndReason::Reach => "reaching the zone",
            EndReason::Extinction => "extinction",
            EndReason::Checks => "checks",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::DoublePass => "two passes",
            EndReason::RoyalsFacing => "royals facing",
            EndReason::FullBoard => "full board",
            EndReason::MoveRepetition => "move repetition",
            EndReason::Connect => "connection",
        }
    }
}

/// How a game ended: the winner (`None`: a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl GameResult {
    /// The result in which `side` gets `outcome`.
    pub fn for_side(side: Side, outcome: Outcome, reason: EndReason) -> GameResult {
        let winner = match outcome {
            Outcome::Draw => None,
            Outcome::Loss => Some(side.opponent()),
            Outcome::Win => Some(side),
        };
        GameResult { winner, reason }
    }

    /// What the result means for `side`: a win, a loss or a draw. (pyffish's scores are
    /// this for the side to move: `32000`, `-32000`, `0`.)
    pub fn outcome_for(&self, side: Side) -> Outcome {
        match self.winner {
            None => Outcome::Draw,
            Some(w) if w == side => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reason = self.reason.as_str();
        match self.winner {
            Some(Side::First) => write!(f, "1-0 (white wins by {reason})"),
            Some(Side::Second) => write!(f, "0-1 (black wins by {reason})"),
            None => write!(f, "1/2-1/2 (draw by {reason})"),
        }
    }
}

impl Game {
    /// The result if `pos` ends the game, `None` while the game goes on: an end the
    /// position decides at once ([`Game::material_end`]), else the result of having no
    /// legal move ([`Game::no_move_result`]), else a draw when neither side can mate
    /// ([`Game::material_draw`]). Repetition, the move limit and counting need the
    /// moves played: see [`Game::line_result`].
    pub fn result(&self, pos: &GamePosition) -> Option<GameResult> {
        self.material_end(pos)
            .or_else(|| self.no_move_result(pos))
            .or_else(|| self.material_draw(pos))
    }

    /// The result if the side to move has no legal move (checkmate, or stalemate as the
    /// rules' `stalemate` declares it), `None` if it has one.
    pub fn no_move_result(&self, pos: &GamePosition) -> Option<GameResult> {
        self.no_move_result_in(pos, None)
    }

    /// [`Game::no_move_result`] at `pos`, the end of `line` when one is given (a mate's
    /// outcome may depend on the checks before it).
    pub(crate) fn no_move_result_in(
        &self,
        pos: &GamePosition,
        line: Option<&Line>,
    ) -> Option<GameResult> {
        self.no_move_end(pos, line).map(|r| self.with_odds(pos, r))
    }

    /// [`Game::no_move_result_in`] before `draw odds`.
    fn no_move_end(&self, pos: &GamePosition, line: Option<&Line>) -> Option<GameResult> {
        if self.one_side || self.move_generator().has_legal_move(&mut pos.clone()) {
            return None;
        }
        let side = pos.side_to_move();
        if let Some(lost) = self.royal_lost(pos) {
            return Some(lost);
        }
        if self.in_check(pos) {
            let outcome = self.mate_outcome(pos, line);
            return Some(GameResult::for_side(side, outcome, EndReason::Checkmate));
        }
        Some(GameResult::for_side(
            side,
            self.stalemate_outcome(pos),
            EndReason::Stalemate,
        ))
    }

    /// What a stalemate means for the side to move: the rules' `stalemate`, or with
    /// `by piece count` that outcome with fewer pieces on the board than the other side,
    /// its opposite with more and a draw with as many.
    fn stalemate_outcome(&self, pos: &GamePosition) -> Outcome {
        if !self.stalemate_by_count {
            return self.stalemate;
        }
        let side = pos.side_to_move();
        let count = |s: Side| self.board_count(pos, s);
        match count(side).cmp(&count(side.opponent())) {
            std::cmp::Ordering::Less => self.stalemate,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Greater => match self.stalemate {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            },
        }
    }

    /// In a game with effects, a side whose royals are all gone (blown up, burnt) has
    /// lost, at once: the side that just moved first (with `no check`, a king may blow
    /// itself up by capturing, or both kings go in one blast: the mover loses, as in
    /// Fairy-Stockfish's nocheckatomic), then the side to move.
    fn royal_lost(&self, pos: &GamePosition) -> Option<GameResult> {
        if self.effects.is_none() || !self.has_royals() {
            return None;
        }
        let stm = pos.side_to_move();
        [stm.opponent(), stm]
            .into_iter()
            .find(|side| pos.royal_count[side.index()] == 0)
            .map(|side| GameResult {
                winner: Some(side.opponent()),
                reason: EndReason::RoyalLost,
            })
    }

    /// The end `no pieces` or `bare royal` declares (or, in a game with effects, the
    /// loss of every royal), if `pos` meets it; it ends the game at once, legal moves or
    /// not.
    ///
    /// `no pieces OUTCOME`: a side with no piece on the board or in hand gets OUTCOME
    /// (the side that just moved is looked at first). `bare royal OUTCOME`: a side with
    /// royal pieces and nothing else gets OUTCOME, unless both sides are bare. With `bare
    /// back` (Fairy-Stockfish's shatranj), a bare side to move is judged only when the
    /// other side has more than one other piece (no move can bare it in turn); else it
    /// has its move, and is judged when the other side is to move and still not bare.
    pub fn material_end(&self, pos: &GamePosition) -> Option<GameResult> {
        let end = self.material_end_drawn(pos);
        if self.ends.draw_odds.is_none() && self.ends.points.is_none() && !self.ends.draw_by_count {
            return end;
        }
        end.map(|r| self.with_odds(pos, r))
    }

    /// `draw odds for SIDE`: a draw is that side's win (Armageddon: every draw, by
    /// stalemate, repetition, the move limit or material, is a win for Black). `draws
    /// by points`: a draw is the win of the side with more points at `pos`
    /// ([`Game::points`]), still a draw with as many; `draw by piece count`: a draw is
    /// the win of the side with more pieces on the board of `pos` (still a draw with as
    /// many).
    pub(crate) fn with_odds(&self, pos: &GamePosition, r: GameResult) -> GameResult {
        if r.winner.is_some() {
            return r;
        }
        if let Some(side) = self.ends.draw_odds {
            return GameResult {
                winner: Some(side),
                reason: r.reason,
            };
        }
        let counts = if self.ends.points.is_some() {
            self.points(pos)
        } else if self.ends.draw_by_count {
            Side::BOTH.map(|s| u64::from(self.board_count(pos, s)))
        } else {
            return r;
        };
        GameResult {
            winner: match counts[0].cmp(&counts[1]) {
                std::cmp::Ordering::Greater => Some(Side::First),
                std::cmp::Ordering::Less => Some(Side::Second),
                std::cmp::Ordering::Equal => None,
            },
            reason: r.reason,
        }
    }

    /// The pieces of `side` on the board of `pos` (neutral pieces are no side's).
    fn board_count(&self, pos: &GamePosition, side: Side) -> u32 {
        (0..self.piece_count())
            .filter(|&p| !self.neutral[p])
            .map(|p| u32::from(pos.on_board(side, PieceId(p as u8))))
            .sum()
    }

    /// Each side's points by `draws by points`, in tenths: the values of its pieces on
    /// the board and its bonus (none without the declaration). Janggi's start: 72 and
    /// 73.5 points, `[720, 735]`.
    pub fn points(&self, pos: &GamePosition) -> [u64; 2] {
        let Some(rule) = &self.ends.points else {
            return [0, 0];
        };
        Side::BOTH.map(|side| {
            rule.values
                .iter()
                .map(|&(kind, tenths)| tenths * u64::from(pos.on_board(side, kind)))
                .sum::<u64>()
                + rule.bonus[side.index()]
        })
    }

    /// [`Game::material_end`] before `draw odds`.
    fn material_end_drawn(&self, pos: &GamePosition) -> Option<GameResult> {
        if self.one_side {
            return None;
        }
        if let Some(lost) = self.royal_lost(pos) {
            return Some(lost);
        }
        let ends = &self.ends;
        let stm = pos.side_to_move();
        if let Some(end) = self.extinct(pos) {
            return Some(end);
        }
        if let Some(end) = self.reached(pos) {
            return Some(end);
        }
        if let Some(n) = ends.checks {
            if pos.checks_given(stm.opponent()) >= n {
                return Some(GameResult {
                    winner: Some(stm.opponent()),
                    reason: EndReason::Checks,
                });
            }
        }
        if !self.connects.is_empty() {
            if let Some(end) = connect::connected(&self.connects, pos) {
                return Some(end);
            }
        }
        if let Some(outcome) = ends.full_board {
            if pos.cells.iter().all(|o| !o.is_empty()) {
                return Some(GameResult::for_side(stm, outcome, EndReason::FullBoard));
            }
        }
        if let Some(outcome) = ends.no_pieces {
            for side in [stm.opponent(), stm] {
                if self.pieces_of(pos, side).0 == 0 {
                    return Some(GameResult::for_side(side, outcome, EndReason::NoPieces));
                }
            }
        }
        // Neither side bare (the common case, asked at every node): no full count.
        let bare_possible =
            || self.others_upto(pos, stm, 1) == 0 || self.others_upto(pos, stm.opponent(), 1) == 0;
        if let Some(rule) = ends.bare_royal.filter(|_| bare_possible()) {
            let [us, them] = [stm, stm.opponent()].map(|side| self.pieces_of(pos, side));
            let bare = |(all, royal): (u32, u32)| royal > 0 && all == royal;
            let judged = match (bare(us), bare(them)) {
                (true, true) | (false, false) => None,
                (false, true) => Some(stm.opponent()),
                // The bare side to move: with `bare back`, it loses at once only when
                // no move can bare the other side (more than one piece to take).
                (true, false) if !rule.bare_back || them.0 - them.1 > 1 => Some(stm),
                (true, false) => None,
            };
            if let Some(side) = judged {
                return Some(GameResult::for_side(
                    side,
                    rule.outcome,
                    EndReason::BareRoyal,
                ));
            }
        }
        None
    }

    /// `extinction`: the side that just moved, then the side to move, with fewer than
    /// the rule's count of one kind (or of all its pieces) gets the rule's outcome.
    fn extinct(&self, pos: &GamePosition) -> Option<GameResult> {
        let rule = self.ends.extinction.as_ref()?;
        let stm = pos.side_to_move();
        for side in [stm.opponent(), stm] {
            let out = match &rule.pieces {
                // `extinction all` (a side with no piece left), asked at every node:
                // stops at the first kind the side has.
                None if rule.below == 1 => !self.has_piece(pos, side),
                None => self.pieces_of(pos, side).0 < rule.below,
                Some(kinds) => kinds.iter().any(|&k| {
                    u32::from(pos.on_board(side, k)) + u32::from(pos.in_hand(side, k)) < rule.below
                }),
            };
            if out {
                return Some(GameResult::for_side(
                    side,
                    rule.outcome,
                    EndReason::Extinction,
                ));
            }
        }
        None
    }

    /// `reach`: the side that just moved has its pieces in its zone (the side to move
    /// gets the other outcome); with `reply`, the second side answers the first; with
    /// `safe`, the side to move is judged first (its pieces stood the other side's
    /// move), and both sides there safely is a draw; with `safe` and `held`, the side
    /// to move wins with its pieces still there, the side that just moved if it
    /// arrived safely.
    fn reached(&self, pos: &GamePosition) -> Option<GameResult> {
        let stm = pos.side_to_move();
        let mover = stm.opponent();
        for (i, rule) in self.ends.reach.iter().enumerate() {
            let counts = |side: Side| rule.for_side.map_or(true, |s| s == side);
            if rule.safe && rule.held {
                if counts(stm) && self.arrived(pos, i, stm) {
                    return Some(GameResult::for_side(stm, rule.outcome, EndReason::Reach));
                }
                if counts(mover) && self.arrived_safe(pos, i, mover) {
                    return Some(GameResult::for_side(mover, rule.outcome, EndReason::Reach));
                }
                continue;
            }
            if rule.safe {
                let safe = |side: Side| counts(side) && self.arrived_safe(pos, i, side);
                if safe(stm) {
                    return Some(if safe(mover) {
                        GameResult {
                            winner: None,
                            reason: EndReason::Reach,
                        }
                    } else {
                        GameResult::for_side(stm, rule.outcome, EndReason::Reach)
                    });
                }
                if safe(mover) {
                    return Some(GameResult::for_side(mover, rule.outcome, EndReason::Reach));
                }
                continue;
            }
            if rule.reply {
                // The first side arrived and the second has had its reply: a draw if it
                // arrived too, else the first side's outcome.
                if stm == Side::First && self.arrived(pos, i, Side::First) {
                    let both = self.arrived(pos, i, Side::Second);
                    return Some(if both {
                        GameResult {
                            winner: None,
                            reason: EndReason::Reach,
                        }
                    } else {
                        GameResult::for_side(Side::First, rule.outcome, EndReason::Reach)
                    });
                }
                // The second side arrived (with the first not there): at once. The
                // first side arrived: the game goes on while the second can arrive.
                if mover == Side::Second && self.arrived(pos, i, mover) {
                    return Some(GameResult::for_side(mover, rule.outcome, EndReason::Reach));
                }
                if mover == Side::First && self.arrived(pos, i, mover) && !self.can_arrive(pos, i) {
                    return Some(GameResult::for_side(mover, rule.outcome, EndReason::Reach));
                }
                continue;
            }
            if rule.held {
                // The arriving side is to move again, its pieces still there.
                if counts(stm) && self.arrived(pos, i, stm) {
                    return Some(GameResult::for_side(stm, rule.outcome, EndReason::Reach));
                }
                continue;
            }
            if counts(mover) && self.arrived(pos, i, mover) {
                return Some(GameResult::for_side(mover, rule.outcome, EndReason::Reach));
            }
        }
        None
    }

    /// Whether `side` has at least the count of the `i`th reach rule's pieces in its zone
    /// (with `full`, or one of them in its zone with no empty cell).
    fn arrived(&self, pos: &GamePosition, i: usize, side: Side) -> bool {
        let rule = &self.ends.reach[i];
        let zone = &self.reach_zones[i][side.index()];
        let mut n = 0;
        for &cell in zone {
            let occ = pos.cells[cell as usize];
            if !occ.is_empty() && occ.side() == side && rule.pieces.contains(&occ.kind()) {
                n += 1;
            }
        }
        n >= rule.count || (n > 0 && self.zone_full(pos, i, side))
    }

    /// `reach ..., full`: whether the `i`th reach rule's zone, as `side` sees it, has no
    /// empty cell (false without `full`).
    fn zone_full(&self, pos: &GamePosition, i: usize, side: Side) -> bool {
        self.ends.reach[i].full
            && self.reach_zones[i][side.index()]
                .iter()
                .all(|&c| !pos.cells[c as usize].is_empty())
    }

    /// `reach ..., safe`: whether `side` has the count of the `i`th reach rule's pieces
    /// in its zone and, when it has exactly that many there, the other side could
    /// capture none of them (Fairy-Stockfish's `flagPieceSafe`).
    fn arrived_safe(&self, pos: &GamePosition, i: usize, side: Side) -> bool {
        let rule = &self.ends.reach[i];
        let zone = &self.reach_zones[i][side.index()];
        let there = || {
            zone.iter()
                .map(|&c| (c as usize, pos.cells[c as usize]))
                .filter(|(_, occ)| {
                    !occ.is_empty() && occ.side() == side && rule.pieces.contains(&occ.kind())
                })
        };
        let n = there().count() as u32;
        if n != rule.count {
            return n > rule.count || (n > 0 && self.zone_full(pos, i, side));
        }
        there().all(|(cell, occ)| {
            !self.attacked(pos, CellId(cell as u16), side.opponent(), occ.kind())
        })
    }

    /// Whether the side to move has a legal move after which it has arrived (the reply
    /// of `reach ..., reply`).
    fn can_arrive(&self, pos: &GamePosition, i: usize) -> bool {
        let side = pos.side_to_move();
        let mut work = pos.clone();
        let mut gen = self.move_generator();
        let mut moves = Vec::new();
        // Pseudo-legal moves tested one by one: the legal-move list itself asks whether
        // the game is over, which asks this.
        gen.pseudo_moves(pos, &mut moves);
        moves.iter().any(|m| {
            if !gen.is_legal(&mut work, m) {
                return false;
            }
            let undo = self.make(&mut work, m);
            let there = self.arrived(&work, i, side);
            self.unmake(&mut work, undo);
            there
        })
    }

    /// `side`'s pieces on the board and in hand that are neither royal nor neutral,
    /// counted up to `cap` (the count stops there).
    fn others_upto(&self, pos: &GamePosition, side: Side, cap: u32) -> u32 {
        let (board, hand) = (&pos.counts[side.index()], &pos.hands[side.index()]);
        let mut n = 0;
        for p in 0..self.pieces {
            if self.royal[p] || self.neutral[p] {
                continue;
            }
            n += u32::from(board[p]) + u32::from(hand[p]);
            if n >= cap {
                break;
            }
        }
        n
    }

    /// Whether `side` has a piece on the board or in hand (neutral kinds are no side's):
    /// `pieces_of(pos, side).0 > 0`, without counting them all.
    fn has_piece(&self, pos: &GamePosition, side: Side) -> bool {
        let (on, held) = (&pos.counts[side.index()], &pos.hands[side.index()]);
        on.iter()
            .zip(held)
            .zip(&self.neutral)
            .any(|((&on, &held), &neutral)| !neutral && (on | held) != 0)
    }

    /// `side`'s pieces on the board and in hand: (all, royal).
    pub(crate) fn pieces_of(&self, pos: &GamePosition, side: Side) -> (u32, u32) {
        // Asked at every node of a game with an extinction or no-pieces end: the kinds'
        // counts read side by side, without an index per kind.
        let (mut all, mut royal) = (0, 0);
        let (on, held) = (&pos.counts[side.index()], &pos.hands[side.index()]);
        let kinds = on
            .iter()
            .zip(held)
            .zip(self.neutral.iter().zip(&self.royal));
        for ((&on, &held), (&neutral, &is_royal)) in kinds {
            let n = if neutral {
                0
            } else {
                u32::from(on) + u32::from(held)
            };
            all += n;
            royal += if is_royal { n } else { 0 };
        }
        (all, royal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(source: &str) -> Game {
        Game::compile(source).expect("compiles")
    }

    /// The positions and outcomes checked against Fairy-Stockfish's `game_result`
    /// (pyffish 0.0.90): chess stalemate 0 (draw), xiangqi stalemate -32000 (a loss
    /// for the side to move).
    #[test]
    fn checkmate_and_stalemate_as_fairy_stockfish_scores_them() {
        let chess = game(include_str!("../../../rules/chess.rules"));
        let start = chess.start_position().expect("start");
        assert_eq!(chess.result(&start), None);
        let stalemate = chess
            .position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
            .expect("FEN");
        assert_eq!(
            chess.result(&stalemate),
            Some(GameResult {
                winner: None,
                reason: EndReason::Stalemate
            })
        );
        let mate = chess
            .position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
            .expect("FEN");
        assert_eq!(
            chess.result(&mate),
            Some(GameResult {
                winner: Some(Side::Second),
                reason: EndReason::Checkmate
            })
        );
        assert_eq!(
            chess.result(&mate).expect("over").to_string(),
            "0-1 (black wins by checkmate)"
        );
        let xiangqi = game(include_str!("../../../rules/xiangqi.rules"));
        let stalemate = xiangqi
            .position("4k4/9/4P4/9/9/9/9/9/9/3RKR3 b - - 0 1")
            .expect("FEN");
        assert_eq!(
            xiangqi.result(&stalemate),
            Some(GameResult {
                winner: Some(Side::First),
                reason: EndReason::Stalemate
            })
        );
        // Shogi and shatranj: a stalemated player loses too (pyffish: -32000).
        for (rules, fen) in [
            (
                include_str!("../../../rules/shogi.rules"),
                "k8/2G6/1G7/9/9/9/9/9/8K[-] b - 0 1",
            ),
            (
                include_str!("../../../rules/shatranj.rules"),
                "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
            ),
        ] {
            let g = game(rules);
            let pos = g.position(fen).expect(fen);
            assert_eq!(
                g.result(&pos).map(|r| (r.winner, r.reason)),
                Some((Some(Side::First), EndReason::Stalemate)),
                "{fen}"
            );
        }
    }
}
