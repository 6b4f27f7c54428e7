//! pattern: the checked form of a piece and its movement — coordinates and vectors,
//! zones, the piece with its patterns, legs, conditions, landings and kind filters.
//! Re-exported by [`super`] (`crate::ir::Piece`, `crate::ir::Pattern`, ...).

use super::*;
use crate::ids::{PieceId, Span, ZoneId};

/// Board coordinates: `x` is the file index (a = 0), `y` the rank index (rank 1 = 0).
/// Off-board coordinates are allowed (virtual cells) and simply have no cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    /// The file index (a = 0).
    pub x: i16,
    /// The rank index (rank 1 = 0).
    pub y: i16,
}

/// A step vector from the first side's point of view: `dx` towards higher files,
/// `dy` forward (towards higher ranks for the first side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vector {
    /// Towards higher files.
    pub dx: i8,
    /// Forward, from the first side's view.
    pub dy: i8,
}

impl Vector {
    /// The vector `(dx, dy)`.
    pub const fn new(dx: i8, dy: i8) -> Vector {
        Vector { dx, dy }
    }

    /// The eight king directions in counter-clockwise order from forward.
    pub const RING: [Vector; 8] = [
        Vector::new(0, 1),
        Vector::new(-1, 1),
        Vector::new(-1, 0),
        Vector::new(-1, -1),
        Vector::new(0, -1),
        Vector::new(1, -1),
        Vector::new(1, 0),
        Vector::new(1, 1),
    ];

    /// An oblique vector (such as (1,2): both components non-zero and of different
    /// sizes) turned by `eighths` × 45°: its images under the 8 symmetries of the square
    /// lie round a circle, one in each 45° sector, and an eighth of a turn takes it to
    /// the next one (the image nearest to the exact rotation). This is how the Rose's
    /// knight leaps go round.
    fn rotate_oblique(self, eighths: i16) -> Option<Vector> {
        let (a, b) = (self.dx.unsigned_abs(), self.dy.unsigned_abs());
        if a == 0 || b == 0 || a == b {
            return None;
        }
        // The eight images counter-clockwise from the one just above the x axis: with
        // p > q > 0, (p, q) at angle t < 45°, then (q, p) at 90° - t, and so on round.
        let (p, q) = (a.max(b) as i8, a.min(b) as i8);
        let images = [
            (p, q),
            (q, p),
            (-q, p),
            (-p, q),
            (-p, -q),
            (-q, -p),
            (q, -p),
            (p, -q),
        ];
        let i = images
            .iter()
            .position(|&(x, y)| x == self.dx && y == self.dy)?;
        let (x, y) = images[(i + eighths.rem_euclid(8) as usize) % 8];
        Some(Vector::new(x, y))
    }

    /// Turns this vector by `degrees` (counter-clockwise positive).
    ///
    /// Multiples of 90° turn any vector exactly. Odd multiples of 45° are defined for
    /// vectors along the eight king lines, `k` times a king step, and give `k` times the
    /// turned king step (so a turn of 45° takes (2,0) to (2,2) and (1,1) to (0,1)), and
    /// for oblique vectors such as (1,2), which go to the next of their 8 images round
    /// the circle ((1,2) to (-1,2); the Rose). Returns `None` for any other angle or
    /// vector, and on overflow.
    pub fn rotate(self, degrees: i16) -> Option<Vector> {
        let d = degrees.rem_euclid(360);
        if d % 90 == 0 {
            let (dx, dy) = (self.dx, self.dy);
            let (x, y) = match d {
                0 => (dx, dy),
                90 => (dy.checked_neg()?, dx),
                180 => (dx.checked_neg()?, dy.checked_neg()?),
                _ => (dy, dx.checked_neg()?),
            };
            return Some(Vector::new(x, y));
        }
        if d % 45 != 0 {
            return None;
        }
        let k = self.dx.unsigned_abs().max(self.dy.unsigned_abs()) as i8;
        if k == 0 {
            return None;
        }
        let unit = Vector::new(self.dx / k, self.dy / k);
        if unit.dx * k != self.dx || unit.dy * k != self.dy {
            return self.rotate_oblique(d / 45);
        }
        let i = Vector::RING.iter().position(|&u| u == unit)?;
        let r = Vector::RING[(i + (d / 45) as usize) % 8];
        Some(Vector::new(r.dx * k, r.dy * k))
    }
}

/// `zone NAME = CELLS`: named cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    /// The zone's name.
    pub name: String,
    /// The zone's cells as the first side sees them; sorted, deduplicated, on the board.
    pub cells: Vec<Coord>,
    /// `true` for `zone absolute NAME = ...`: the same cells for both sides. Otherwise
    /// the second side's zone is the mirror image (rank r ↔ rank H+1-r).
    pub absolute: bool,
    /// Where the zone was declared.
    pub span: Span,
}

/// `piece NAME (L) { PATTERN... }`: a kind of piece and how it moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// The piece's name.
    pub name: String,
    /// The FEN letter in uppercase (the first side's letter).
    pub letter: char,
    /// The letter is written `+X` (a promoted piece, as in Shogi).
    pub plus: bool,
    /// The mark after the letter: 0 none, 1 a prime `X'`, 2 `X!`: the 26 and 26 further
    /// letters HaChu and XBoard write for games of more kinds than letters (Dai and
    /// Tenjiku Shogi). `N`, `N'`, `N!`, `+N` and `+N'` are different letters. See
    /// [`prime_mark`].
    pub prime: u8,
    /// `(N, san H)`: how Standard Algebraic Notation writes the piece: another letter
    /// (Xiangqi's Horse `H` whose FEN letter is `N`; Shogi's promoted pieces by the kind
    /// they move as, a Tokin `G`), or `(P, san pawn)` as a pawn. `None`: SAN writes the
    /// FEN letter, or no letter for a piece whose moves restart the halfmove clock.
    pub san: Option<SanName>,
    /// With `like Other` already inlined (the inlined patterns keep their own spans).
    pub patterns: Vec<Pattern>,
    /// Where the piece was declared.
    pub span: Span,
}

/// The marks a letter may carry after it, by [`Piece::prime`]: none, `'`, `!` (HaChu's
/// and XBoard's letters beyond the 26: `N'` is letter 26 + 13, `N!` letter 52 + 13).
pub const PRIME_MARKS: [&str; 3] = ["", "'", "!"];

/// The [`Piece::prime`] of a heading's kind turned to a bearing on a free graph
/// ([`Heading::bearings`]): it shares its base kind's letter, writes no mark (a FEN
/// gives it as its base) and is never read.
pub const TURNED: u8 = 3;

/// The text written after a letter of prime `prime` ([`Piece::prime`]): `""`, `"'"` or
/// `"!"` (an out-of-range value writes nothing).
pub fn prime_mark(prime: u8) -> &'static str {
    PRIME_MARKS.get(prime as usize).copied().unwrap_or("")
}

/// The prime a mark character after a letter gives (`'` 1, `!` 2), if it is one.
pub fn prime_of(mark: char) -> Option<u8> {
    match mark {
        '\'' => Some(1),
        '!' => Some(2),
        _ => None,
    }
}

/// How Standard Algebraic Notation writes a piece whose declaration says (`san ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanName {
    /// `san H`: this uppercase letter in place of the FEN letter.
    Letter(char),
    /// `san pawn`: as a pawn, with no letter (`d5`, `cxd6=A`), as Fairy-Stockfish
    /// writes its pawns (Makruk's Bia, whose moves restart no clock).
    Pawn,
}

/// One move pattern: one or more legs, how the last leg may land, and conditions.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// Never empty.
    pub legs: Vec<Leg>,
    /// `repeat [RANGE] { ... }`: a run of `legs` walked again and again.
    pub repeat: Option<Repeat>,
    /// How the last leg may end.
    pub land: Landing,
    /// Conditions on the start and end of the move.
    pub conditions: Conditions,
    /// Where the pattern was written.
    pub span: Span,
}

/// `repeat [RANGE] { LEG (then LEG)* }`: legs `first..first + len` walked `min..=max`
/// times in a row (`max` `None`: until the path is blocked, which the whole-path rules
/// bound: a path never passes a cell twice). Turns of the group's first leg apply to
/// the direction the previous repetition's last leg moved in; the `via` of the group's
/// last leg is the junction between repetitions and to what follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The group's first leg.
    pub first: usize,
    /// Its number of legs (at least one).
    pub len: usize,
    /// Repetitions at least (>= 1) ...
    pub min: u16,
    /// ... and at most; `None`: until blocked.
    pub max: Option<u16>,
    /// Where the group was written.
    pub span: Span,
}

impl Repeat {
    /// The group's last leg.
    pub fn last(&self) -> usize {
        self.first + self.len - 1
    }

    /// Whether leg `i` is in the group.
    pub fn contains(&self, i: usize) -> bool {
        (self.first..self.first + self.len).contains(&i)
    }
}

/// One leg of a pattern: `step`, `leap` or `ride` in some directions.
#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    /// The directions (first leg) or turns (later legs).
    pub dirs: LegDirs,
    /// Steps along the direction: at least `min` (>= 1) ...
    pub min: u16,
    /// ... and at most `max`; `None` = unlimited (a rider).
    pub max: Option<u16>,
    /// `up to momentum`: this leg and the legs after it take at most as many steps in
    /// all as the path took before this leg (its momentum: the Croatian divergence,
    /// "limited by momentum it had when own Shaman was encountered"), and may cross
    /// the cells the path took before it; `max` is the leg's own bound (`None` on a
    /// ride), the momentum's being the path's.
    pub momentum: bool,
    /// What the cell where this leg hands over to the next leg may hold. Meaningful for
    /// every leg but the last (the checker rejects `via` on a last leg).
    pub via: Via,
    /// `DIR if AT CLASS`: directions of the leg taken only when another cell holds
    /// something (empty unless written; at most one condition per direction).
    pub conds: Vec<StepCond>,
    /// Where the leg was written.
    pub span: Span,
}

/// `DIR if AT CLASS (or CLASS)*`: the leg's steps in `dirs` are taken only when the
/// cell one step `at` from where the leg starts holds one of `classes` (the Croatian
/// Scout's forking step around what stands straight ahead: `forward-diagonal if
/// forward piece`). The cell is looked at, never entered: it is not on the path.
#[derive(Clone, Debug, PartialEq)]
pub struct StepCond {
    /// The directions the condition applies to: the term's, absolute vectors or turns
    /// as the leg's own.
    pub dirs: LegDirs,
    /// The direction of the cell looked at: one vector, or one turn of the previous
    /// leg's heading.
    pub at: LegDirs,
    /// What the cell may hold: [`StepCond::EMPTY`], [`StepCond::FRIEND`],
    /// [`StepCond::FOE`], [`StepCond::OTHER`], [`StepCond::EDGE`] bits.
    pub classes: u8,
    /// The kinds a piece there must be to count as `friend`, `foe` or `piece`.
    pub kinds: KindFilter,
    /// Where the condition was written.
    pub span: Span,
}

impl StepCond {
    /// The cell is empty.
    pub const EMPTY: u8 = 1;
    /// It holds a piece of the mover's side.
    pub const FRIEND: u8 = 2;
    /// It holds a piece of the other side.
    pub const FOE: u8 = 4;
    /// It holds a piece of no side (a `neutral` piece): `piece` without kinds.
    pub const OTHER: u8 = 8;
    /// There is no cell: off the board, or a hole.
    pub const EDGE: u8 = 16;
}

/// The directions of a leg.
#[derive(Clone, Debug, PartialEq)]
pub enum LegDirs {
    /// An absolute set of step vectors (first side's view), sorted and deduplicated.
    Absolute(Vec<Vector>),
    /// Turns relative to the direction the previous leg moved in, in degrees,
    /// counter-clockwise positive (first side's view), normalised to (-180, 180];
    /// `same` = 0, `back` = 180. Sorted, deduplicated. Never on the first leg.
    Turn(Vec<i16>),
    /// `alternate`: the vector the leg before the previous one moved in (two legs
    /// back on the path, in a `repeat` group counted across repetitions), so that
    /// `leap A then leap B then repeat { leap alternate }` takes A, B, A, B, ...
    /// (the Croatian Centaur: "Centaur has to keep alternating between the two
    /// initially chosen steps"). Never on the first two legs.
    Alternate,
}

/// The junction between a leg and the next: which occupants of the cell where the leg
/// ends allow the next leg to start there, and what happens to them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Via {
    /// `via empty` (the default when no `via` is written).
    pub empty: bool,
    /// `via friend` / `via piece`: hop over a friendly piece, which stays.
    pub friend: bool,
    /// `via foe` / `via piece`: hop over an enemy piece, which stays.
    pub foe: bool,
    /// `via foe captured`: capture the enemy piece in passing (locust capture).
    pub foe_captured: bool,
    /// Restricts the kind of the piece met at the junction (e.g. `via piece not Cannon`).
    pub kinds: KindFilter,
}

/// How the last leg may end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// May end on an empty cell (a quiet move). `false` with `capture only`.
    pub empty: bool,
    /// May end on an enemy piece, capturing it. `false` with `move only`.
    pub foe: bool,
    /// Restricts which enemy pieces may be captured there (`captures not Cannon`).
    pub kinds: KindFilter,
    /// `push ...`: the move may also end on a piece that it pushes one step onward.
    pub push: Option<Push>,
    /// `swap`, `capture friend`, `convert`: other ways to end on a piece (`None`:
    /// none of them; boxed, as most patterns have none).
    pub meets: Option<Box<Meets>>,
}

impl Default for Landing {
    fn default() -> Landing {
        Landing {
            empty: true,
            foe: true,
            kinds: KindFilter::Any,
            push: None,
            meets: None,
        }
    }
}

/// `push [friend | foe | piece] [Kinds]`: a displacement. The move may end on a cell
/// holding one of these pieces; that piece moves one step further in the direction of
/// the last step (the cell there must be on the board and empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Push {
    /// Friendly pieces may be pushed.
    pub friend: bool,
    /// Enemy pieces may be pushed.
    pub foe: bool,
    /// Which kinds may be pushed.
    pub kinds: KindFilter,
}

/// A restriction on the kind of a piece met.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum KindFilter {
    /// Every kind.
    #[default]
    Any,
    /// Only these kinds pass (sorted, deduplicated).
    Only(Vec<PieceId>),
    /// Every kind but these passes (sorted, deduplicated).
    Except(Vec<PieceId>),
}

impl KindFilter {
    /// Whether a piece of kind `kind` passes.
    pub fn admits(&self, kind: PieceId) -> bool {
        match self {
            KindFilter::Any => true,
            KindFilter::Only(k) => k.contains(&kind),
            KindFilter::Except(k) => !k.contains(&kind),
        }
    }
}

/// The codes of a pattern's `near` condition ([`Conditions::near`]): how many of the
/// other side's pieces must stand on the eight cells around the start cell (the
/// Croatian Grenadier's close quarters: "Grenadier is in close quarters if there is at
/// least one opponent's piece present on its grenadier-fields").
pub struct Near;

impl Near {
    /// No condition.
    pub const NONE: u8 = 0;
    /// `near foe`: at least one.
    pub const ANY: u8 = 1;
    /// `near N foe`: exactly N (0..=8; `not near foe` is 0), as `EXACT + N`.
    pub const EXACT: u8 = 2;
    /// The most pieces around a cell.
    pub const MOST: u32 = 8;

    /// Whether `foes` pieces around the start cell meet the condition `code`.
    #[inline]
    pub fn holds(code: u8, foes: u32) -> bool {
        match code {
            Near::NONE => true,
            Near::ANY => foes > 0,
            c => foes == u32::from(c - Near::EXACT),
        }
    }
}

/// The conditions of a pattern.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Conditions {
    /// `initial`: only while the piece has not moved yet; also set by `tagged`.
    pub initial: bool,
    /// `tagged NAME`: only while the piece carries this tag (an index into
    /// [`Tags::tags`]), and where it was written. Sets `initial` too: the table's
    /// `initial` root flag stands for the one state a piece's patterns may require.
    pub tag: Option<(u8, Span)>,
    /// `pass`: a path back to the start cell that captured nothing on the way is a
    /// move (a null move); without it such a landing is dropped.
    pub pass: bool,
    /// `near [N] foe`, `not near foe`: the other side's pieces around the start cell
    /// the pattern needs, as a [`Near`] code (0: no condition).
    pub near: u8,
    /// `chain`: one capture of a capture chain. The game layer walks such patterns as
    /// a loop (from each landing again, while one captures); the move table built from
    /// the other patterns leaves them out.
    pub chain: bool,
    /// `from Z` (inside = true) / `not from Z` (inside = false); all must hold.
    pub from: Vec<ZoneCondition>,
    /// `to Z` / `not to Z`, on the cell where the move ends; all must hold.
    pub to: Vec<ZoneCondition>,
    /// `en passant`: a move by this pattern opens the cells it passed over to en
    /// passant capture for one ply.
    pub en_passant: bool,
    /// `for first` / `for second`: only that side's pieces move so (`None`: both).
    pub side: Option<crate::ids::Side>,
    /// `sets T`, `keeps T`, `burn ...`, `explode ...`: what a move by this pattern does
    /// besides its path (`None`: nothing; boxed, as most patterns have none).
    pub actions: Option<Box<PatternActions>>,
    /// The pattern's mark in the table (1 to [`MAX_MARKS`]; 0 without `actions`): the
    /// index + 1 of its actions among its piece's distinct ones.
    pub mark: u8,
}

/// `from Z`, `not from Z`, `to Z` or `not to Z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneCondition {
    /// The zone.
    pub zone: ZoneId,
    /// Inside (`from`/`to`) or outside (`not from`/`not to`).
    pub inside: bool,
    /// Where the condition was written.
    pub span: Span,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations() {
        let v = |x, y| Vector::new(x, y);
        assert_eq!(v(0, 1).rotate(45), Some(v(-1, 1)));
        assert_eq!(v(0, 1).rotate(-45), Some(v(1, 1)));
        assert_eq!(v(1, 1).rotate(45), Some(v(0, 1)));
        assert_eq!(v(2, 0).rotate(45), Some(v(2, 2)));
        assert_eq!(v(1, 2).rotate(90), Some(v(-2, 1)));
        assert_eq!(v(1, 2).rotate(180), Some(v(-1, -2)));
        assert_eq!(v(1, 2).rotate(-90), Some(v(2, -1)));
        // Oblique vectors go round their 8 images: (1,2) at 63°, (-1,2) at 117°.
        assert_eq!(v(1, 2).rotate(45), Some(v(-1, 2)));
        assert_eq!(v(1, 2).rotate(-45), Some(v(2, 1)));
        assert_eq!(v(2, 1).rotate(-45), Some(v(2, -1)));
        assert_eq!(v(1, 2).rotate(135), Some(v(-2, -1)));
        assert_eq!(v(1, 0).rotate(30), None);
        assert_eq!(v(3, 0).rotate(135), Some(v(-3, 3)));
    }

    #[test]
    fn an_oblique_turn_of_45_degrees_is_the_next_image_by_angle() {
        // Against the angles themselves: every oblique vector's image under +45° is the
        // image of it (same |dx|, |dy| pair) with the least greater angle, mod 360°.
        let angle = |v: Vector| {
            let a = f64::from(v.dy).atan2(f64::from(v.dx)).to_degrees();
            if a < 0.0 {
                a + 360.0
            } else {
                a
            }
        };
        for a in 1i8..=4 {
            for b in 1i8..=4 {
                if a == b {
                    continue;
                }
                let images: Vec<Vector> = [(a, b), (b, a)]
                    .iter()
                    .flat_map(|&(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)])
                    .map(|(x, y)| Vector::new(x, y))
                    .collect();
                for &u in &images {
                    let ahead = |w: Vector| (angle(w) - angle(u)).rem_euclid(360.0);
                    let next = images
                        .iter()
                        .copied()
                        .filter(|&w| w != u)
                        .min_by(|&p, &q| ahead(p).total_cmp(&ahead(q)))
                        .unwrap();
                    assert_eq!(u.rotate(45), Some(next), "{u:?}");
                    assert_eq!(next.rotate(-45), Some(u), "{next:?}");
                }
            }
        }
    }
}
