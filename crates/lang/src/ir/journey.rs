//! The checked `journey` declarations ([`Journey`]) and the geometry of their spirals
//! ([`Spiral::arm`]): which cells an arm visits, in order, from a cell of a board.

use super::{Coord, Vector};
use crate::ids::{PieceId, Side, Span};

/// `journey PIECES by PIECES, spiral ...`: a piece of `pieces` activated by a piece of
/// `by` makes its ply along one arm of its side's spiral instead of with its own
/// patterns (the Croatian Shaman's trance-journey, Conquest of Tlalocan).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Journey {
    /// The kinds that journey when activated.
    pub pieces: Vec<PieceId>,
    /// The kinds whose activation starts a journey.
    pub by: Vec<PieceId>,
    /// The spiral of the first side's pieces, then the second's (`None`: that side's
    /// pieces do not journey).
    pub spirals: [Option<Spiral>; 2],
    /// `blocked by KINDS`: the kinds that block a field (`None`: any piece). A piece
    /// whose every field on the board is blocked is removed (the book's oblation).
    pub blocked: Option<Vec<PieceId>>,
    /// `captures [when activated by first|second]`: by the activator's side, whether
    /// the journey may end on a field held by a piece that does not block it,
    /// capturing that piece (own or not).
    pub captures: [bool; 2],
    /// `displaces onto V ...`: the displacement-fields, vectors on the board from the
    /// cell of a piece the journey reaches, in the order written (`rotated` expanded);
    /// empty without.
    pub displaces: Vec<Vector>,
    /// By the activator's side, whether the journey may displace the pieces it reaches
    /// onto [`Journey::displaces`] (`when activated by first|second`).
    pub displaces_when: [bool; 2],
    /// `sweeps [for first|second] [when activated by first|second]`: by the journeying
    /// piece's side, then its activator's, whether it may instead capture every piece
    /// on the fields of all its arms on the board that does not block, and then leave
    /// the board (the Croatian double trance-journey).
    pub sweeps: [[bool; 2]; 2],
    /// Where it was declared.
    pub span: Span,
}

impl Journey {
    /// The spiral the pieces of `side` journey along.
    pub fn spiral(&self, side: Side) -> Option<&Spiral> {
        self.spirals[side.index()].as_ref()
    }

    /// Whether a journey started by an activator of `side` may end on a field held by
    /// a piece that does not block it, capturing it.
    pub fn captures_when(&self, side: Side) -> bool {
        self.captures[side.index()]
    }

    /// The displacement-fields of a journey started by an activator of `side` (empty:
    /// it displaces nothing).
    pub fn displaces_when(&self, side: Side) -> &[Vector] {
        if self.displaces_when[side.index()] {
            &self.displaces
        } else {
            &[]
        }
    }

    /// Whether a piece of `side` activated by a piece of `by` may sweep its arms.
    pub fn sweeps(&self, side: Side, by: Side) -> bool {
        self.sweeps[side.index()][by.index()]
    }

    /// Whether a piece of `kind` blocks a field of the journey.
    pub fn blocks(&self, kind: PieceId) -> bool {
        self.blocked.as_ref().map_or(true, |b| b.contains(&kind))
    }
}

/// The arms of a journey: arm `a` (one per first step) takes steps `1, 2, 3, ...`, the
/// `k`-th `k` times its first step turned `k - 1` times by `turn` quarter turns
/// (counter-clockwise positive). Vectors are the board's, not side-relative: a spiral
/// turning one way is the same for both sides (a mirror would turn it the other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spiral {
    /// Each arm's first step.
    pub arms: Vec<Vector>,
    /// Quarter turns between two steps: `1` (90°, counter-clockwise) or `-1`.
    pub turn: i8,
    /// `inward`: an arm is travelled from its outermost field on the board back towards
    /// the start (the start itself never a destination); else outward from the start.
    pub inward: bool,
}

/// One field of an arm ([`Spiral::arm`]): where a step ends, and the corner of its two
/// legs (the orthogonal leg first, then the diagonal one, as the book draws them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArmField {
    /// The step's number along the arm, from 1 (outward order).
    pub step: u16,
    /// Where the step ends (maybe off the board).
    pub at: Coord,
    /// Where its orthogonal leg ends, `at` for a step with no diagonal part.
    pub corner: Coord,
}

impl Spiral {
    /// The fields of arm `first` from `from` on a board of `width` × `height`, in
    /// outward order, up to the last step that ends on the board's rectangle (the
    /// later ones never come back: a step grows by one first step each time, so a
    /// spiral leaves for good once a step is longer than the board is wide and high).
    pub fn arm(&self, from: Coord, first: Vector, width: i16, height: i16) -> Vec<ArmField> {
        let mut out = Vec::new();
        let (mut dx, mut dy) = (i16::from(first.dx), i16::from(first.dy));
        if (dx, dy) == (0, 0) {
            return out;
        }
        let on = |c: Coord| (0..width).contains(&c.x) && (0..height).contains(&c.y);
        let limit = 2 * (width + height);
        let mut at = from;
        let mut last_on = 0;
        for k in 1..=limit {
            // The orthogonal leg: the larger component's unit, k times.
            let (ox, oy) = if dx.abs() >= dy.abs() {
                (dx.signum(), 0)
            } else {
                (0, dy.signum())
            };
            let corner = Coord {
                x: at.x + k * ox,
                y: at.y + k * oy,
            };
            at = Coord {
                x: at.x + k * dx,
                y: at.y + k * dy,
            };
            out.push(ArmField {
                step: k as u16,
                at,
                corner,
            });
            if on(at) {
                last_on = out.len();
            }
            (dx, dy) = if self.turn > 0 { (-dy, dx) } else { (dy, -dx) };
        }
        out.truncate(last_on);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Coord {
        let b = name.as_bytes();
        Coord {
            x: i16::from(b[0] - b'a'),
            y: name[1..].parse::<i16>().unwrap() - 1,
        }
    }

    fn on_board(arm: &[ArmField]) -> Vec<(u16, Coord)> {
        arm.iter()
            .filter(|f| (0..24).contains(&f.at.x) && (0..24).contains(&f.at.y))
            .map(|f| (f.step, f.at))
            .collect()
    }

    /// The book's light Shaman on f12 (Conquest of Tlalocan, "Light Shaman
    /// trance-journey", scn_cot_082): the right-hand arm's numbered fields on the board.
    #[test]
    fn light_arm_is_the_books() {
        let s = Spiral {
            arms: vec![Vector::new(2, 1), Vector::new(-2, -1)],
            turn: 1,
            inward: false,
        };
        let right = s.arm(c("f12"), Vector::new(2, 1), 24, 24);
        assert_eq!(
            on_board(&right),
            vec![
                (1, c("h13")),
                (2, c("f17")),
                (4, c("d6")),
                (5, c("n11")),
                (6, c("h23")),
                (9, c("t9")),
            ]
        );
        assert_eq!(right[0].corner, c("g12"));
        assert_eq!(right[1].corner, c("h15"));
        let left = s.arm(c("f12"), Vector::new(-2, -1), 24, 24);
        assert_eq!(
            on_board(&left)[..4],
            [(1, c("d11")), (2, c("f7")), (3, c("l10")), (4, c("h18"))]
        );
    }

    /// The dark Shaman on f12 (scn_cot_084): the up-hand arm turns clockwise; its
    /// outermost field on the board is w16, numbered 1 by the book (10 fields).
    #[test]
    fn dark_arm_is_the_books() {
        let s = Spiral {
            arms: vec![Vector::new(1, 2), Vector::new(-1, -2)],
            turn: -1,
            inward: true,
        };
        let up = s.arm(c("f12"), Vector::new(1, 2), 24, 24);
        assert_eq!(
            on_board(&up),
            vec![
                (1, c("g14")),
                (2, c("k12")),
                (3, c("h6")),
                (5, c("e20")),
                (6, c("q14")),
                (10, c("w16")),
            ]
        );
        let down = s.arm(c("f12"), Vector::new(-1, -2), 24, 24);
        assert_eq!(on_board(&down).last().map(|f| f.1), Some(c("x18")));
        assert_eq!(on_board(&down)[0].1, c("e10"));
    }

    #[test]
    fn a_null_step_has_no_field() {
        let s = Spiral {
            arms: vec![Vector::new(0, 0)],
            turn: 1,
            inward: false,
        };
        assert!(s.arm(c("a1"), Vector::new(0, 0), 8, 8).is_empty());
    }
}
