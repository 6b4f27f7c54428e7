//! The checked, resolved form of a rules file: what `check` produces and `compile` eats.
//!
//! Everything here is resolved: names are ids, direction words are vector sets (from the
//! first side's point of view; the second side's are mirrored top to bottom at link
//! time), symmetries are expanded, `like Other` inclusions are inlined, defaults are
//! filled in. It holds no pest types and no diagnostics. Spans are kept so that later
//! stages (link) can still point at the pattern a problem came from.

use crate::ids::{PieceId, Span, ZoneId};

/// A whole checked rules file.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSet {
    /// `game "Name"`, if given.
    pub name: Option<String>,
    pub board: BoardSpec,
    /// In declaration order; `ZoneId` indexes this.
    pub zones: Vec<Zone>,
    /// In declaration order; `PieceId` indexes this.
    pub pieces: Vec<Piece>,
    /// The game declarations (start position, royals, special rules). All empty for a
    /// file that only describes movement.
    pub game: GameDecls,
}

/// The game layer's declarations, checked and resolved. Cells are in the first side's
/// view; the second side's are mirrored like zones.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameDecls {
    /// `start "FEN"`: the start position. Validated against the board and pieces when
    /// the game is built (the span points into the string).
    pub start: Option<StartPosition>,
    /// `royal King`: pieces that may not be left capturable.
    pub royals: Vec<PieceId>,
    /// `castling King e1 to g1 with Rook h1 to f1`, in declaration order.
    pub castlings: Vec<Castling>,
    /// `en passant Pawn`: pieces that may capture en passant (on cells passed over by a
    /// move of a pattern marked `en passant`).
    pub en_passant: Vec<PieceId>,
    /// `promotion ...`, in declaration order.
    pub promotions: Vec<Promotion>,
    /// `hand`: captured pieces go to the captor's hand (demoted) and may be dropped.
    pub hand: bool,
    /// `drop ...` restrictions, in declaration order.
    pub drops: Vec<DropRule>,
    /// `confine Pieces to Zone`; already applied to the pieces' patterns as `to Zone`
    /// conditions, kept for reference.
    pub confinements: Vec<Confinement>,
    /// `royals may not face`: two royals of opposite sides on one file with only empty
    /// cells between them is an illegal position (Xiangqi's flying general).
    pub royals_may_not_face: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StartPosition {
    pub fen: String,
    /// The span of the FEN text inside the quotes.
    pub span: Span,
}

/// One castling move: the royal piece and its partner both move, on one rank.
#[derive(Clone, Debug, PartialEq)]
pub struct Castling {
    pub king: PieceId,
    pub king_from: Coord,
    pub king_to: Coord,
    pub partner: PieceId,
    pub partner_from: Coord,
    pub partner_to: Coord,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Promotion {
    /// The pieces that promote.
    pub pieces: Vec<PieceId>,
    /// What they may promote to (declaration order).
    pub choices: Vec<PieceId>,
    /// A move ending in this zone promotes.
    pub zone: ZoneId,
    /// `optional`: the piece may also stay as it is (still forced where it could
    /// never move again).
    pub optional: bool,
    /// `also leaving`: a move starting in the zone promotes too (Shogi).
    pub also_leaving: bool,
    /// `only captured`: a choice is allowed only while the side has fewer of it on the
    /// board than in the start position (Grand chess).
    pub only_captured: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DropRule {
    pub pieces: Vec<PieceId>,
    /// `not in Zone`: never dropped on these zones' cells.
    pub not_in: Vec<ZoneId>,
    /// `one per file`: not on a file that already holds an own piece of the same kind.
    pub one_per_file: bool,
    /// `not mating`: a drop that checkmates at once is illegal.
    pub not_mating: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Confinement {
    pub pieces: Vec<PieceId>,
    pub zone: ZoneId,
    pub span: Span,
}

/// Board coordinates: `x` is the file index (a = 0), `y` the rank index (rank 1 = 0).
/// Off-board coordinates are allowed (virtual cells) and simply have no cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    pub x: i16,
    pub y: i16,
}

/// A step vector from the first side's point of view: `dx` towards higher files,
/// `dy` forward (towards higher ranks for the first side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vector {
    pub dx: i8,
    pub dy: i8,
}

impl Vector {
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

    /// Turns this vector by `degrees` (counter-clockwise positive).
    ///
    /// Multiples of 90° turn any vector exactly. Odd multiples of 45° are defined for
    /// vectors along the eight king lines, `k` times a king step, and give `k` times the
    /// turned king step (so a turn of 45° takes (2,0) to (2,2) and (1,1) to (0,1)).
    /// Returns `None` for any other angle or vector, and on overflow.
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
            return None; // not along a king line, e.g. (1,2)
        }
        let i = Vector::RING.iter().position(|&u| u == unit)?;
        let r = Vector::RING[(i + (d / 45) as usize) % 8];
        Some(Vector::new(r.dx * k, r.dy * k))
    }
}

/// The board a file declares: its topology and size, and the holes cut from it.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpec {
    pub kind: BoardKind,
    /// Sorted, deduplicated grid coordinates without a cell.
    pub holes: Vec<Coord>,
    pub span: Span,
}

/// A board's topology and size (see `topology` for the geometry of each).
#[derive(Clone, Debug, PartialEq)]
pub enum BoardKind {
    /// `board square WxH`.
    Square { width: u8, height: u8 },
    /// `board hex radius N`: a hexagon of hexagons, every cell within `N` steps of the
    /// centre (Gliński's board is radius 5); flat-topped cells in vertical files.
    Hex { radius: u8 },
    /// `board hex WxH`: W cells per row, H rows of pointy-topped cells, odd rows
    /// (counted from the top, 0 first) shifted right by half a cell (Hexoban).
    HexRows { width: u8, height: u8 },
    /// `board tri WxH`: triangles alternating up and down (Trioban).
    Tri { width: u8, height: u8 },
    /// `board octo WxH`: octagons and squares alternating (Octoban).
    Octo { width: u8, height: u8 },
    /// `board graph "FILE.json"`: nodes and links loaded from a file.
    Graph(std::sync::Arc<GraphSpec>),
}

impl BoardKind {
    /// The word that selects this topology in a `board` line.
    pub fn word(&self) -> &'static str {
        match self {
            BoardKind::Square { .. } => "square",
            BoardKind::Hex { .. } | BoardKind::HexRows { .. } => "hex",
            BoardKind::Tri { .. } => "tri",
            BoardKind::Octo { .. } => "octo",
            BoardKind::Graph(_) => "graph",
        }
    }
}

/// A graph board as read from its file (the nchess map format): nodes with positions,
/// directed links between them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GraphSpec {
    /// The file name as the rules file wrote it.
    pub source: String,
    pub nodes: Vec<GraphNode>,
    /// Directed links as node indices `(from, to)`, deduplicated.
    pub links: Vec<(u16, u16)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GraphNode {
    /// The node's name: what FEN-free tools (`--from`, cell lists) call it.
    pub id: String,
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    pub name: String,
    /// The zone's cells as the first side sees them; sorted, deduplicated, on the board.
    pub cells: Vec<Coord>,
    /// `true` for `zone absolute NAME = ...`: the same cells for both sides. Otherwise
    /// the second side's zone is the mirror image (rank r ↔ rank H+1-r).
    pub absolute: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    pub name: String,
    /// The FEN letter in uppercase (the first side's letter).
    pub letter: char,
    /// The letter is written `+X` (a promoted piece, as in Shogi).
    pub plus: bool,
    /// With `like Other` already inlined (the inlined patterns keep their own spans).
    pub patterns: Vec<Pattern>,
    pub span: Span,
}

/// One move pattern: one or more legs, how the last leg may land, and conditions.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    /// Never empty.
    pub legs: Vec<Leg>,
    pub land: Landing,
    pub conditions: Conditions,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    pub dirs: LegDirs,
    /// Steps along the direction: at least `min` (>= 1) ...
    pub min: u16,
    /// ... and at most `max`; `None` = unlimited (a rider).
    pub max: Option<u16>,
    /// What the cell where this leg hands over to the next leg may hold. Meaningful for
    /// every leg but the last (the checker rejects `via` on a last leg).
    pub via: Via,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LegDirs {
    /// An absolute set of step vectors (first side's view), sorted and deduplicated.
    Absolute(Vec<Vector>),
    /// Turns relative to the direction the previous leg moved in, in degrees,
    /// counter-clockwise positive (first side's view), normalised to (-180, 180];
    /// `same` = 0, `back` = 180. Sorted, deduplicated. Never on the first leg.
    Turn(Vec<i16>),
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
}

impl Default for Landing {
    fn default() -> Landing {
        Landing {
            empty: true,
            foe: true,
            kinds: KindFilter::Any,
        }
    }
}

/// A restriction on the kind of a piece met.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum KindFilter {
    #[default]
    Any,
    /// Only these kinds pass (sorted, deduplicated).
    Only(Vec<PieceId>),
    /// Every kind but these passes (sorted, deduplicated).
    Except(Vec<PieceId>),
}

impl KindFilter {
    pub fn admits(&self, kind: PieceId) -> bool {
        match self {
            KindFilter::Any => true,
            KindFilter::Only(k) => k.contains(&kind),
            KindFilter::Except(k) => !k.contains(&kind),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Conditions {
    /// `initial`: only while the piece has not moved yet.
    pub initial: bool,
    /// `from Z` (inside = true) / `not from Z` (inside = false); all must hold.
    pub from: Vec<ZoneCondition>,
    /// `to Z` / `not to Z`, on the cell where the move ends; all must hold.
    pub to: Vec<ZoneCondition>,
    /// `en passant`: a move by this pattern opens the cells it passed over to en
    /// passant capture for one ply.
    pub en_passant: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneCondition {
    pub zone: ZoneId,
    pub inside: bool,
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
        assert_eq!(v(1, 2).rotate(45), None);
        assert_eq!(v(1, 0).rotate(30), None);
        assert_eq!(v(3, 0).rotate(135), Some(v(-3, 3)));
    }
}
