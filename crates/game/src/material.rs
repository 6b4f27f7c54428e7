//! material: whether a side still has the material to mate — Fairy-Stockfish's
//! `has_insufficient_material`, derived from the rules instead of from a list of named
//! piece types — and the draw when neither side has ([`Game::material_draw`]).
//!
//! What each piece kind can do is found once per game and kind, when first asked, by
//! walking its moves ([`Traits`]):
//! - **mating**: from some cell it attacks two cells that share an edge (a rook, a
//!   queen, a gold or silver general, a commoner, an archbishop do; a knight, a bishop,
//!   a fers, a wazir, a pawn, a lance never do), or it attacks nothing around it on an
//!   empty board (a hopper such as the grasshopper, which needs a screen: counted as
//!   mating, the careful answer), or it attacks more than a knight's eight cells
//!   within four files and ranks and is not colour-bound (a knight-wazir, a
//!   nightrider: the careful answer again). With its king's help such a piece can mate a lone
//!   king; the others cannot alone. The king is the first royal kind declared: other
//!   royals (Coregal's queens) help to mate.
//! - **colour-bound**: every move keeps it on cells of one colour (a bishop, a fers, an
//!   alfil).
//! - **confined**: the zone a `confine` declaration keeps it in (Xiangqi's advisors
//!   and elephants: they never reach the other general's palace, so they cannot help
//!   to mate it).
//!
//! A side (Fairy-Stockfish's rules, with these traits for its named piece types) has
//! insufficient material unless: the game has hands, or it has pieces in hand, or
//! neutral pieces other than plain walls (which count as nothing); an end
//! rule other than mate can win it the game (`extinction`, `reach` with its pieces on
//! the board, `bare royal`, `no pieces`, a checkmate that does not lose); it has a
//! mating piece that can reach the other royal's zone, or a piece that promotes to a
//! mating piece; it has a colour-bound piece and there are colour-bound pieces on both
//! colours, or other pieces, or stalemate or a check does not draw; it has another
//! piece and there are two or more pieces besides the royals and confined pieces, or
//! stalemate or a check does not draw. Boards without two colours (hex, graph) count
//! every piece but a royal as mating. Where the names differ, the derivation is the
//! careful one: an amazon or a dragon horse is mating here, a piece Fairy-Stockfish
//! does not name too.

use std::sync::OnceLock;

use super::result::{EndReason, GameResult};
use super::{Game, GamePosition};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::Outcome;
use crate::ir::{BoardKind, Coord};
use crate::walk::{Occupant, Ply, Sink, Walker};

/// What one piece kind of one side can do towards a mate.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Traits {
    /// From some cell it attacks two cells sharing an edge.
    mating: bool,
    /// Every move keeps it on one colour.
    colour_bound: bool,
    /// It steps to exactly the (up to eight) cells around it, from every cell.
    king_like: bool,
}

/// The [`Traits`] of each piece kind, by `side * pieces + piece`, each found when
/// first asked (a big game asks for a few kinds only).
pub(crate) type TraitsCell = Vec<OnceLock<Traits>>;

/// How far from a piece (in files and in ranks) its attacks are tried.
const PROBE: i16 = 4;

/// A sink that keeps every ply's destination and whether it captures there.
#[derive(Default)]
struct Plies(Vec<(CellId, bool)>);

impl Sink for Plies {
    fn ply(&mut self, ply: &Ply<'_>) {
        self.0.push((ply.to, ply.captures_to));
    }
}

impl Game {
    /// Per side (indexed by [`Side::index`]): whether that side lacks the material to
    /// mate in `pos`, as Fairy-Stockfish's `has_insufficient_material` decides it (see
    /// the module's description for how the piece types are derived from the rules).
    ///
    /// ```
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
    /// let kb_k = game.position("8/8/8/8/8/8/8/KB5k w - - 0 1").unwrap();
    /// assert_eq!(game.insufficient_material(&kb_k), [true, true]);
    /// let kr_k = game.position("8/8/8/8/8/8/8/KR5k w - - 0 1").unwrap();
    /// assert_eq!(game.insufficient_material(&kr_k), [false, true]);
    /// ```
    pub fn insufficient_material(&self, pos: &GamePosition) -> [bool; 2] {
        Side::BOTH.map(|side| self.side_insufficient(pos, side))
    }

    /// A draw by insufficient material when neither side has the material to mate
    /// ([`Game::insufficient_material`]); `None` otherwise.
    pub fn material_draw(&self, pos: &GamePosition) -> Option<GameResult> {
        let both =
            self.side_insufficient(pos, Side::First) && self.side_insufficient(pos, Side::Second);
        both.then(|| {
            self.with_odds(
                pos,
                GameResult {
                    winner: None,
                    reason: EndReason::InsufficientMaterial,
                },
            )
        })
    }

    /// Whether `side` cannot mate any more (see [`Game::insufficient_material`]).
    fn side_insufficient(&self, pos: &GamePosition, side: Side) -> bool {
        let ends = &self.ends;
        let pieces = self.pieces;
        let kinds = || (0..pieces).map(|p| PieceId(p as u8));
        // A plain wall (a neutral kind nobody moves or captures: `*` in FEN, Gustav
        // III's corners) is no piece to Fairy-Stockfish; other neutral pieces (the
        // Duck) and the walls of a game whose captures petrify (its royals are
        // Fairy-Stockfish's pseudo-royal commoners) stop the judgement.
        let wall = |k: PieceId| {
            self.neutral[k.index()]
                && self.effects.as_ref().map_or(true, |e| {
                    !e.petrifies()
                        && e.duck != Some(k)
                        && !e.neutral_movers.contains(&k)
                        && !e.neutral_captures.iter().any(|c| c.kinds.contains(&k))
                })
        };
        // Other ways to win, or no mate to speak of.
        let other_wins = self.hand
            || self.one_side
            || !self.has_royals()
            || kinds().any(|k| self.neutral[k.index()] && !wall(k))
            || kinds().any(|k| pos.in_hand(side, k) > 0)
            || ends.extinction.is_some()
            || ends.bare_royal.is_some()
            || ends.no_pieces.is_some()
            || ends.checkmate.is_some_and(|o| o != Outcome::Loss)
            || ends.reach.iter().any(|r| {
                r.for_side.map_or(true, |s| s == side)
                    && r.pieces.iter().any(|&k| pos.on_board(side, k) > 0)
            });
        if other_wins {
            return false;
        }
        let at = |s: Side, k: PieceId| s.index() * pieces + k.index();
        let traits = |s: Side, k: PieceId| self.traits(s, k);
        let them = side.opponent();
        let royal_zone = |s: Side| -> Vec<bool> {
            let mut zone = vec![false; self.cells];
            for k in kinds().filter(|k| self.royal[k.index()]).take(1) {
                match &self.confined[at(s, k)] {
                    Some(cells) => zone.iter_mut().zip(cells).for_each(|(z, &c)| *z |= c),
                    None => zone.fill(true),
                }
            }
            zone
        };
        let their_royals = royal_zone(them);
        // The king: the first royal kind (Coregal's royal queens still mate).
        let king = kinds().find(|k| self.royal[k.index()]);
        // A piece of `side` that cannot help: its king, or one confined away from the
        // other royals' zone. The other side's king cannot help either, but where
        // every capture explodes (Atomic), as Fairy-Stockfish counts it; other effects
        // (a `not in check` pattern, burns, freezes) leave it restricted.
        let blasts = self.effects.as_ref().is_some_and(|e| e.blasts_on_capture());
        let restricted = |s: Side, k: PieceId| {
            if Some(k) == king {
                return s == side || !blasts;
            }
            s == side
                && self.confined[at(s, k)]
                    .as_ref()
                    .is_some_and(|cells| !cells.iter().zip(&their_royals).any(|(&a, &b)| a && b))
        };
        for k in kinds().filter(|&k| !wall(k) && pos.on_board(side, k) > 0) {
            if traits(side, k).mating && !restricted(side, k) {
                return false;
            }
            let promotes_to_mating = self.promotions[at(side, k)]
                .iter()
                .any(|rule| rule.choices.iter().any(|&c| traits(side, c).mating));
            if promotes_to_mating {
                return false;
            }
        }
        let square = matches!(self.board().kind(), BoardKind::Square { .. });
        let (mut bound_colours, mut bound, mut ours_bound) = ([false; 2], 0u32, false);
        let (mut unbound, mut ours_unbound) = (0u32, false);
        for (cell, occ) in pos.cells().iter().enumerate() {
            if occ.is_empty() || wall(occ.kind()) || restricted(occ.side(), occ.kind()) {
                continue;
            }
            if square && traits(occ.side(), occ.kind()).colour_bound {
                let c = self.board().coord(CellId(cell as u16));
                bound_colours[((c.x + c.y).rem_euclid(2)) as usize] = true;
                bound += 1;
                ours_bound |= occ.side() == side;
            } else {
                unbound += 1;
                ours_unbound |= occ.side() == side;
            }
        }
        let harsh = self.stalemate != Outcome::Draw || ends.checks.is_some();
        if ours_bound && (bound_colours == [true, true] || unbound > 0 || harsh) {
            return false;
        }
        // Unbound pieces need a helper of either side: two pieces that can help.
        if ours_unbound && (bound + unbound >= 2 || harsh) {
            return false;
        }
        // A lone royal that does not move as a king, where stalemate does not draw,
        // may still win by stalemating the other royal if it can reach it.
        if self.stalemate != Outcome::Draw {
            let ours = royal_zone(side);
            let meets = ours.iter().zip(&their_royals).any(|(&a, &b)| a && b);
            let odd_royal = kinds().any(|k| {
                self.royal[k.index()] && pos.on_board(side, k) > 0 && !traits(side, k).king_like
            });
            if meets && odd_royal {
                return false;
            }
        }
        true
    }

    /// The [`Traits`] of `side`'s `kind`, found on the first call.
    fn traits(&self, side: Side, kind: PieceId) -> Traits {
        *self.material[side.index() * self.pieces + kind.index()]
            .get_or_init(|| self.find_traits(side, kind))
    }

    /// Walks `side`'s `kind` from every cell: on the empty board (its moves:
    /// colour-bound, king-like) and with an enemy on each cell up to [`PROBE`] files
    /// and ranks away (its attacks: mating).
    fn find_traits(&self, side: Side, kind: PieceId) -> Traits {
        let board = self.board();
        if !matches!(board.kind(), BoardKind::Square { .. }) {
            return Traits {
                mating: !self.royal[kind.index()],
                colour_bound: false,
                king_like: true,
            };
        }
        let mut traits = Traits {
            mating: false,
            colour_bound: true,
            king_like: true,
        };
        let mut walker = Walker::new(self.rules.table());
        let mut occupancy = vec![Occupant::EMPTY; self.cells];
        let mut plies = Plies::default();
        // The enemy the attacks are tried on: a royal if the game has one.
        let target = (0..self.pieces)
            .find(|&p| self.royal[p])
            .map_or(PieceId(0), |p| PieceId(p as u8));
        let enemy = Occupant::piece(side.opponent(), target);
        let (mut moved, mut any_capture, mut most_attacked) = (false, false, 0);
        for from in board.cells() {
            let c = board.coord(from);
            let parity = (c.x + c.y).rem_euclid(2);
            plies.0.clear();
            walker.walk(&occupancy[..], side, kind, from, &mut plies);
            moved |= !plies.0.is_empty();
            let mut around = 0;
            for &(to, _) in &plies.0 {
                let t = board.coord(to);
                traits.colour_bound &= (t.x + t.y).rem_euclid(2) == parity;
                let near = (t.x - c.x).abs().max((t.y - c.y).abs()) == 1;
                traits.king_like &= near;
                around += usize::from(near);
            }
            let cells_around = (-1i16..=1)
                .flat_map(|dx| (-1i16..=1).map(move |dy| (dx, dy)))
                .filter(|&(dx, dy)| {
                    (dx, dy) != (0, 0)
                        && board
                            .cell_at(Coord {
                                x: c.x + dx,
                                y: c.y + dy,
                            })
                            .is_some()
                })
                .count();
            traits.king_like &= around == cells_around;
            if traits.mating {
                continue;
            }
            let mut attacked = Vec::new();
            for dx in -PROBE..=PROBE {
                for dy in -PROBE..=PROBE {
                    let t = Coord {
                        x: c.x + dx,
                        y: c.y + dy,
                    };
                    let Some(to) = board.cell_at(t).filter(|&to| to != from) else {
                        continue;
                    };
                    occupancy[to.index()] = enemy;
                    plies.0.clear();
                    walker.walk(&occupancy[..], side, kind, from, &mut plies);
                    occupancy[to.index()] = Occupant::EMPTY;
                    if plies.0.iter().any(|&(at, takes)| takes && at == to) {
                        moved = true;
                        traits.colour_bound &= (t.x + t.y).rem_euclid(2) == parity;
                        attacked.push(t);
                    }
                }
            }
            any_capture |= !attacked.is_empty();
            most_attacked = most_attacked.max(attacked.len());
            traits.mating = attacked.iter().any(|a| {
                attacked
                    .iter()
                    .any(|b| (a.x - b.x).abs() + (a.y - b.y).abs() == 1)
            });
        }
        // A piece that captures nothing next to it on an empty board (a hopper, which
        // needs a screen; a piece that never captures) may still mate with help: it
        // counts as mating, as Fairy-Stockfish counts the pieces it does not name.
        traits.mating |= !any_capture && !self.royal[kind.index()];
        // More attacks than a knight's eight (a knight-wazir, a nightrider), not bound
        // to one colour: counted as mating too, the careful answer.
        traits.mating |= most_attacked > 8 && !traits.colour_bound;
        // A piece that never moves binds nothing.
        traits.colour_bound &= moved;
        traits.king_like &= moved;
        traits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(source: &str) -> Game {
        Game::compile(source).expect("compiles")
    }

    /// Each position and its answer as pyffish 0.0.90's `has_insufficient_material`
    /// gives it (white, black).
    #[test]
    fn agrees_with_fairy_stockfish_on_the_classic_endings() {
        let cases: [(&str, &str, [bool; 2]); 22] = [
            ("chess", "8/8/8/8/8/8/8/K6k w - - 0 1", [true, true]),
            ("chess", "8/8/8/8/8/8/8/KB5k w - - 0 1", [true, true]),
            ("chess", "8/8/8/8/8/8/8/KN5k w - - 0 1", [true, true]),
            ("chess", "8/8/8/8/8/8/8/KNn4k w - - 0 1", [false, false]),
            ("chess", "8/8/8/8/8/8/8/KB4bk w - - 0 1", [false, false]),
            ("chess", "8/8/8/8/8/8/8/KB3b1k w - - 0 1", [true, true]),
            ("chess", "8/8/8/8/8/8/P7/K6k w - - 0 1", [false, true]),
            ("chess", "8/8/8/8/8/8/8/KR5k w - - 0 1", [false, true]),
            ("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", [true, true]),
            (
                "xiangqi",
                "4k4/9/9/9/9/9/9/9/4A4/2BAK4 w - - 0 1",
                [true, true],
            ),
            (
                "xiangqi",
                "4k4/9/9/9/9/9/9/9/4A4/2NAK4 w - - 0 1",
                [false, true],
            ),
            (
                "xiangqi",
                "4k4/9/9/9/9/9/9/9/4A4/2PAK4 w - - 0 1",
                [false, true],
            ),
            (
                "crazyhouse",
                "8/8/8/8/8/8/8/K6k[] w - - 0 1",
                [false, false],
            ),
            ("shatranj", "8/8/8/8/8/8/8/K6k w - - 0 1", [false, false]),
            ("makruk", "8/8/8/8/8/8/8/KS5k w - - 0 1", [false, true]),
            ("makruk", "8/8/8/8/8/8/8/KM5k w - - 0 1", [true, true]),
            ("makruk", "8/8/8/8/8/8/8/KMM4k w - - 0 1", [false, true]),
            // Cambodian's King has a `not in check` leap (an effect, not a blast):
            // the other King still cannot help to mate.
            ("cambodian", "8/8/8/8/8/8/8/KM5k w - - 0 1", [true, true]),
            ("cambodian", "8/8/8/8/8/8/8/KM1M3k w - - 0 1", [true, true]),
            ("cambodian", "8/8/8/8/8/8/8/KMM4k w - - 0 1", [false, true]),
            // Gustav III's walls (`*`) are no pieces.
            (
                "gustav3",
                "*8*/*8*/*8*/*8*/*8*/*8*/*8*/*K6k* w - - 0 1",
                [true, true],
            ),
            (
                "gustav3",
                "a8*/*8*/*8*/*8*/*8*/*8*/*8*/*K6k* w - - 0 1",
                [true, false],
            ),
        ];
        for (name, fen, want) in cases {
            let path = format!("{}/../../rules/{name}.rules", env!("CARGO_MANIFEST_DIR"));
            let g = game(&std::fs::read_to_string(&path).expect("rules file"));
            let pos = g.position(fen).expect(fen);
            assert_eq!(g.insufficient_material(&pos), want, "{name} {fen}");
        }
    }

    #[test]
    fn piece_traits_are_derived_from_the_moves() {
        let chess = game(include_str!("../../../rules/chess.rules"));
        let t = |letter: &str| {
            let kind = chess.rules().piece(letter).expect(letter);
            chess.traits(Side::First, kind)
        };
        for (letter, mating, bound) in [
            ("P", false, false),
            ("N", false, false),
            ("B", false, true),
            ("R", true, false),
            ("Q", true, false),
        ] {
            assert_eq!(t(letter).mating, mating, "{letter} mating");
            assert_eq!(t(letter).colour_bound, bound, "{letter} bound");
        }
        assert!(t("K").king_like && !t("Q").king_like);
    }

    #[test]
    fn a_dead_position_is_a_draw_and_a_live_one_goes_on() {
        let chess = game(include_str!("../../../rules/chess.rules"));
        let kk = chess.position("8/8/8/4k3/8/8/8/K7 w - - 0 1").expect("FEN");
        let draw = chess.result(&kk).expect("over");
        assert_eq!(
            (draw.winner, draw.reason),
            (None, EndReason::InsufficientMaterial)
        );
        assert_eq!(draw.to_string(), "1/2-1/2 (draw by insufficient material)");
        let line = chess.line(kk);
        assert_eq!(chess.line_result(&line), Some(draw));
        // pyffish's immediate and claimable ends do not include it.
        assert_eq!(chess.immediate_end(&line), None);
        assert_eq!(chess.optional_end(&line), None);
        let krk = chess
            .position("8/8/8/4k3/8/8/8/KR6 w - - 0 1")
            .expect("FEN");
        assert_eq!(chess.result(&krk), None);
    }
}
