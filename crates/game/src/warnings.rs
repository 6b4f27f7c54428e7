//! warnings: what is odd about a position read from a FEN — things a game played from
//! the rules' start cannot reach, but that studies and puzzles set up on purpose. The
//! game layer plays such positions anyway; the command line prints these as warnings.

use super::{Game, GamePosition};
use crate::ids::Side;

/// Something about a position that no game played by the rules can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionWarning {
    /// The game declares royal pieces and this side has none.
    NoRoyal {
        /// The side without a royal.
        side: Side,
    },
    /// This side has more royal pieces than the start position gives it.
    ExtraRoyals {
        /// The side.
        side: Side,
        /// How many it has.
        count: usize,
        /// How many the start position has.
        start: usize,
    },
    /// The side not to move could have a royal captured: it is in check with the
    /// other side to move.
    OpponentInCheck {
        /// The side in check.
        side: Side,
    },
}

impl std::fmt::Display for PositionWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |s: &Side| if *s == Side::First { "white" } else { "black" };
        match self {
            PositionWarning::NoRoyal { side } => write!(f, "{} has no royal piece", name(side)),
            PositionWarning::ExtraRoyals { side, count, start } => write!(
                f,
                "{} has {count} royal pieces; the start position has {start}",
                name(side)
            ),
            PositionWarning::OpponentInCheck { side } => write!(
                f,
                "{} is in check but it is not its move: its royal could be taken",
                name(side)
            ),
        }
    }
}

impl Game {
    /// What about `pos` no game played by these rules can reach (see
    /// [`PositionWarning`]); empty for every position reached from the start.
    pub fn position_warnings(&self, pos: &GamePosition) -> Vec<PositionWarning> {
        let mut out = Vec::new();
        if self.royal.iter().any(|&r| r) {
            // Royals in hand count too (Placement chess: the kings start in hand).
            let in_hand = |p: &GamePosition, side: Side| -> usize {
                p.hands[side.index()]
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| self.royal[k])
                    .map(|(_, &n)| n as usize)
                    .sum()
            };
            for side in Side::BOTH {
                let count = pos.royal_count[side.index()] as usize + in_hand(pos, side);
                let start: usize = self.start_counts[side.index()]
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| self.royal[k])
                    .map(|(_, &n)| n as usize)
                    .sum::<usize>()
                    + self.start.as_ref().map_or(0, |p| in_hand(p, side));
                if count == 0 {
                    out.push(PositionWarning::NoRoyal { side });
                } else if self.start_fen().is_some() && count > start {
                    out.push(PositionWarning::ExtraRoyals { side, count, start });
                }
            }
        }
        if !self.one_side {
            let waiting = pos.side_to_move().opponent();
            // Under `no check` a royal may be left capturable, so a position with the
            // waiting side's royal attacked is reached in play — except, under
            // `no check, except last`, when that royal is its side's last one.
            let may_be_left = self.effects.as_deref().is_some_and(|fx| {
                fx.no_check && !(fx.no_check_except_last && pos.royal_count[waiting.index()] == 1)
            });
            if may_be_left {
                return out;
            }
            let mut scratch = super::attack::AttackScratch::new();
            if super::attack::royals::royal_attacked(self, pos, waiting, &mut scratch) {
                out.push(PositionWarning::OpponentInCheck { side: waiting });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Game {
        Game::compile(include_str!("../../../rules/chess.rules")).expect("chess compiles")
    }

    #[test]
    fn a_royal_left_attacked_is_no_warning_where_check_is_off() {
        // Chu Shogi plays `no check` (royals may be left attacked): Black's king on
        // the rook's file with White to move is reached in play, no warning. The same
        // picture in chess is.
        let game = Game::compile(include_str!("../../../rules/chushogi.rules")).expect("chu");
        let attacked = game
            .position("5k6/12/12/12/12/12/12/12/12/12/5R6/6K5 w - - 0 1")
            .expect("fen");
        assert!(game.position_warnings(&attacked).is_empty());
        let chess = chess();
        let pos = chess
            .position("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")
            .expect("fen");
        assert!(matches!(
            chess.position_warnings(&pos)[..],
            [PositionWarning::OpponentInCheck { side: Side::Second }]
        ));
    }

    #[test]
    fn positions_from_a_game_give_no_warning() {
        let game = chess();
        let mut pos = game.start_position().expect("start");
        assert!(game.position_warnings(&pos).is_empty());
        for uci in ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"] {
            let m = game.parse_uci(&pos, uci).expect(uci);
            game.make(&mut pos, &m);
            assert!(game.position_warnings(&pos).is_empty(), "after {uci}");
        }
    }

    #[test]
    fn each_warning_is_found() {
        let game = chess();
        let at = |fen: &str| game.position_warnings(&game.position(fen).expect(fen));
        assert_eq!(
            at("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"),
            vec![PositionWarning::OpponentInCheck { side: Side::Second }]
        );
        assert_eq!(
            at("8/8/8/8/8/8/8/KK6 w - - 0 1"),
            vec![
                PositionWarning::ExtraRoyals {
                    side: Side::First,
                    count: 2,
                    start: 1
                },
                PositionWarning::NoRoyal { side: Side::Second }
            ]
        );
    }
}
