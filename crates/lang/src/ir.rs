//! The checked, resolved form of a rules file: what `check` produces and `compile` eats.
//!
//! Everything here is resolved: names are ids, direction words are vector sets (from the
//! first side's point of view; the second side's are mirrored top to bottom at link
//! time), symmetries are expanded, `like Other` inclusions are inlined, defaults are
//! filled in. It holds no pest types and no diagnostics. Spans are kept so that later
//! stages (link) can still point at the pattern a problem came from.

use crate::ids::{PieceId, Span, ZoneId};

mod board;
pub use board::*;
mod effects;
pub use effects::*;
mod connect;
pub use connect::{ConnectRule, ConnectShape};
mod ends;
mod neutral;
pub use ends::{
    BareRoyalRule, CountingRoles, CountingStyle, EndRules, EndgameRule, ExtinctionRule, MateKinds,
    MoveLimitRule, Outcome, PointsRule, ReachRule, RepetitionRule,
};
pub use neutral::{NeutralCapture, Neutrals, Placement, Site};
mod tags;
pub use tags::{TagDef, Tags, MAX_TAGS};

/// A whole checked rules file.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSet {
    /// `game "Name"`, if given.
    pub name: Option<String>,
    /// The board the rules are written for.
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
    /// `hand, captures not kept`: captured pieces leave the game (the hands hold what
    /// the start position puts there).
    pub captures_not_kept: bool,
    /// `hand, captures kept promoted`: a captured promoted piece goes to the hand as
    /// what it is, not as the piece it promoted from (Loop chess).
    pub captures_kept_promoted: bool,
    /// `drop ...` restrictions, in declaration order.
    pub drops: Vec<DropRule>,
    /// `hand, unlimited`: every kind is in each side's hand without limit, and FEN
    /// writes no hand (Fairy-Stockfish's `freeDrops`).
    pub hand_unlimited: bool,
    /// `confine Pieces to Zone`; already applied to the pieces' patterns as `to Zone`
    /// conditions, kept for reference.
    pub confinements: Vec<Confinement>,
    /// `heading Pieces, DIR Kind, ...`: pieces that become the kind of the direction
    /// nearest the way they moved (a heading chosen and kept).
    pub headings: Vec<Heading>,
    /// `royals may not face`: two royals of opposite sides on one file with only empty
    /// cells between them is an illegal position (Xiangqi's flying general).
    pub royals_may_not_face: bool,
    /// `royals in check capture only`: a royal of a side in check may move only to
    /// capture the piece giving check, and not at all when two give check (Makpong).
    pub royals_in_check_capture_only: bool,
    /// `one side`: only the first side ever moves (a puzzle such as Sokoban).
    pub one_side: bool,
    /// `stalemate ...`: the outcome for a side to move that has no legal move and is
    /// not in check (a draw unless declared).
    pub stalemate: Outcome,
    /// `stalemate ..., by piece count`: the stalemated side gets `stalemate` with fewer
    /// pieces on the board than the other side, its opposite with more, a draw with as
    /// many (Fairy-Stockfish's `stalematePieceCount`).
    pub stalemate_by_count: bool,
    /// `must capture [most]`: when a capture is legal, only captures are (with `most`,
    /// only those taking the most pieces).
    pub must_capture: Option<MustCapture>,
    /// `must capture most, weight King 101, ...`: what a piece of each kind listed
    /// counts when the most is weighed (every other kind counts 1).
    pub capture_weights: Vec<(PieceId, u32)>,
    /// `must capture ..., with King, most King, earliest King`: the quality rules, each
    /// a tie-break among the captures the rules before it kept, in the order written.
    pub capture_prefer: Vec<CapturePrefer>,
    /// `chain removal ...`, `chain promotion ...`: how capture chains end.
    pub chain: ChainRules,
    /// `sokoban ...`: the pieces the characters of a Sokoban text board stand for.
    pub sokoban: Option<SokobanRoles>,
    /// `explode`, `burn`, `freeze`, `immune`: effects beyond the path.
    pub effects: Effects,
    /// The game ends beyond checkmate and stalemate (`repetition`, `move limit`, ...).
    pub ends: EndRules,
    /// `neutral ...` and `no check`.
    pub neutral: Neutrals,
    /// `tag NAME (MARK) for PIECES`.
    pub tags: Tags,
    /// `gating PIECES in ZONE [, no drops]`: pieces in hand enter on the cells first
    /// moves leave (Seirawan chess).
    pub gating: Option<Gating>,
}

/// How the capture chains of patterns marked `chain` take pieces and crown movers
/// (`chain removal at end|at once`, `chain promotion at end|continues`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ChainRules {
    /// `chain removal at once` (Turkish draughts): a piece jumped leaves the board at
    /// once, so its cell is empty for the rest of the chain. By default (`at end`) the
    /// pieces jumped stay on the board until the chain ends and may not be jumped again.
    pub removal_at_once: bool,
    /// `chain promotion continues` (Russian draughts): a mover that lands in its
    /// promotion zone during a chain is crowned there and goes on as the piece it
    /// becomes. By default (`at end`) only where the chain ends counts.
    pub promotion_continues: bool,
    /// `chain no reversal` (Turkish draughts): a link may not go back the way the one
    /// before it came (a turn of 180° between two captures).
    pub no_reversal: bool,
}

/// A quality rule of `must capture` (Italian, Czech and Frisian draughts): among the
/// captures left, keep those that do best by it (all of them when none does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePrefer {
    /// What is compared.
    pub rule: PreferRule,
    /// The kinds it looks at.
    pub pieces: Vec<PieceId>,
}

/// What a [`CapturePrefer`] compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreferRule {
    /// `with KINDS`: captures made by a piece of these kinds come first (Czech draughts:
    /// a king that can capture must).
    With,
    /// `most KINDS`: the captures taking the most pieces of these kinds.
    Most,
    /// `earliest KINDS`: the captures whose chain takes a piece of these kinds soonest
    /// (Italian draughts: the king met first). A move taken by several routes counts
    /// its best route.
    Earliest,
}

/// `must capture`: captures are compulsory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MustCapture {
    /// Any capture may be chosen.
    Any,
    /// A capture taking the most pieces must be chosen (international draughts).
    Most,
}

/// `sokoban pusher P, box B [, wall W] [, reverse]`: `@`/`+` is the first side's `pusher`, `$`/`*`
/// its `box`, `#` its `wall` (without a wall piece, `#` must fall on a hole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SokobanRoles {
    /// The piece `@` and `+` stand for (the first side's).
    pub pusher: PieceId,
    /// The piece `$` and `*` stand for.
    pub boxes: PieceId,
    /// The piece `#` stands for, if any (else `#` must be a hole).
    pub wall: Option<PieceId>,
    /// `, reverse`: reverse mode — the pusher pulls boxes instead of pushing them, and
    /// before its first pull may jump to any empty cell of the level.
    pub reverse: bool,
    /// Where the declaration was written.
    pub span: Span,
}

/// `start "FEN"`: the start position as written.
#[derive(Clone, Debug, PartialEq)]
pub struct StartPosition {
    /// The FEN text.
    pub fen: String,
    /// The span of the FEN text inside the quotes.
    pub span: Span,
}

/// One castling move: the royal piece and its partner both move, on one rank.
#[derive(Clone, Debug, PartialEq)]
pub struct Castling {
    /// The royal piece that castles.
    pub king: PieceId,
    /// Where it starts (first side's view).
    pub king_from: Coord,
    /// Where it ends.
    pub king_to: Coord,
    /// The partner that moves with it (a rook).
    pub partner: PieceId,
    /// Where the partner starts.
    pub partner_from: Coord,
    /// Where the partner ends.
    pub partner_to: Coord,
    /// `tagged T`: the tag (its index) both pieces must carry; the castling right is
    /// the tag, not a FEN letter.
    pub tag: Option<u8>,
    /// `, through check`: only the king's destination must be safe (it may castle out
    /// of and through attack).
    pub through_check: bool,
    /// `, king takes rook`: UCI writes the move as the king's to the partner's cell.
    pub king_takes_rook: bool,
    /// `, when dropped`: a drop that leaves both pieces on their start cells (the
    /// dropped piece one of them) gives the side the right (Placement chess).
    pub when_dropped: bool,
    /// Where the declaration was written.
    pub span: Span,
}

/// `promotion Pieces to Choices in Zone [, options]`.
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
    /// `on entry or capture`: a move that starts in the zone promotes only if it
    /// captures (Chu Shogi).
    pub entry_or_capture: bool,
    /// `never forced`: the piece may stay as it is even where it could never move
    /// again (Chu Shogi's Pawn on the last rank).
    pub never_forced: bool,
    /// `on capture`: only a move that captures (on its destination or in passing)
    /// promotes (Micro shogi).
    pub on_capture: bool,
    /// `tagged T`: the index of the tag `T` a promoting piece carries when it reaches
    /// the zone without promoting (on a later ply of a cascade, or every time with
    /// `delayed`); it then promotes later, as a move of its own.
    pub tag: Option<u8>,
    /// `delayed`: no move promotes at once; every arrival in the zone is tagged.
    pub delayed: bool,
    /// `for first` / `for second`: only that side's pieces promote so (None: both).
    pub side: Option<crate::ids::Side>,
    /// `not en passant`: an en passant capture does not promote.
    pub not_en_passant: bool,
    /// `at most N`: a choice is allowed only while the side has fewer than N of it on
    /// the board.
    pub at_most: Option<u8>,
    /// Where the declaration was written.
    pub span: Span,
}

/// The promoted face of `piece` (Kyoto shogi's two-faced pieces): the kind written `+X` (X its own letter and mark) among
/// the choices of a promotion of `piece`, if any.
pub fn promoted_face(pieces: &[Piece], game: &GameDecls, piece: PieceId) -> Option<PieceId> {
    let own = &pieces[piece.index()];
    game.promotions
        .iter()
        .filter(|p| p.pieces.contains(&piece))
        .flat_map(|p| p.choices.iter().copied())
        .find(|c| {
            let face = &pieces[c.index()];
            face.plus && !own.plus && face.letter == own.letter && face.prime == own.prime
        })
}

/// `drop Pieces [not in Zones] [, one per file | at most N per file] [, not mating] [, also stuck]`.
#[derive(Clone, Debug, PartialEq)]
pub struct DropRule {
    /// The pieces it restricts.
    pub pieces: Vec<PieceId>,
    /// `not in Zone`: never dropped on these zones' cells.
    pub not_in: Vec<ZoneId>,
    /// `at most N per file` (`one per file` is 1): not on a file that already holds N
    /// own pieces of the same kind; 0 when not given.
    pub per_file: u8,
    /// `not mating`: a drop that checkmates at once is illegal.
    pub not_mating: bool,
    /// `also stuck`: also dropped where the piece could never move again.
    pub stuck: bool,
    /// `not checking`: a drop that gives check is illegal.
    pub not_checking: bool,
    /// `next to friend`: only on a cell next to a piece of the dropping side (one step
    /// in the board's `any` directions).
    pub next_to_friend: bool,
    /// `enclosing`: only where the kind's `flip` turns a piece (where it was written).
    pub enclosing: Option<Span>,
    /// `opening in ZONE`: while a cell of the zone is empty, only on its cells (and
    /// then without `enclosing`'s condition).
    pub opening_in: Option<ZoneId>,
    /// `either face`: also dropped as its promoted face, the kind written `+X` that the
    /// piece promotes to (Kyoto shogi's `+P@a1`).
    pub either_face: bool,
    /// `dropped first`: while the side holds one of these pieces and may drop one, its
    /// move is such a drop (Placement, Sittuyin).
    pub first: bool,
    /// `opposite colours`: the side's pieces of the kind go half on light, half on dark
    /// cells: a drop may not leave too few free cells of a colour for those in hand
    /// (Placement's bishops).
    pub opposite_colours: bool,
    /// `not next to foe`: never on a cell one orthogonal step from a piece of the other
    /// side (Snort; Fairy-Stockfish's `enclosingDrop = snort`).
    pub not_next_to_foe: bool,
    /// `falling` / `pushed in`: where a drop lands (`None`: where it is put).
    pub landing: Option<DropLanding>,
    /// `for first` / `for second`: only that side's drops are restricted (`None`: both
    /// sides').
    pub side: Option<crate::ids::Side>,
    /// Where the declaration was written.
    pub span: Span,
}

/// Where a drop lands when it is not simply put on an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DropLanding {
    /// `falling`: on the lowest empty cell of its file, the cell above a piece or on
    /// the first rank (Connect Four; Fairy-Stockfish's `enclosingDrop = top`).
    Falling,
    /// `pushed in`: pushed in from an edge of the board along a rank or a file
    /// (Fairy-Stockfish's `enclosingDrop = anyside`).
    AnySide,
}

/// `gating PIECES in ZONE [, no drops]`: each cell of the zone (as each side sees it)
/// carries its side's right while the piece that stood there at the start has neither
/// moved nor been taken; a move leaving such a cell (a castling: the king's or the
/// partner's start cell) may bring one of PIECES from the hand onto it. The rights are
/// written in the FEN's castling field as file letters.
#[derive(Clone, Debug, PartialEq)]
pub struct Gating {
    /// The pieces that may enter from the hand.
    pub pieces: Vec<PieceId>,
    /// The cells that carry the rights.
    pub zone: ZoneId,
    /// `, no drops`: the hand's pieces enter only by gating.
    pub no_drops: bool,
    /// Where the declaration was written.
    pub span: Span,
}

/// `heading Pieces, DIR Kind, ...`: after a move that leaves its cell, a piece of
/// `pieces` becomes the choice whose direction is nearest (by angle, from its own
/// side's view) the line from its start cell to its landing cell (cell centres; the
/// first choice of a tie). A forced promotion everywhere.
#[derive(Clone, Debug, PartialEq)]
pub struct Heading {
    /// The pieces that take a heading.
    pub pieces: Vec<PieceId>,
    /// Each choice's direction, in degrees counter-clockwise from `right` (`forward`
    /// is 90), and the kind the piece becomes.
    pub choices: Vec<(u16, PieceId)>,
    /// On a free graph (links on no lattice): per bearing a piece can arrive with (a
    /// link's direction, tenths of a degree, from the first side's view), each
    /// choice's kind turned to it — `(choice, bearing, kind)`, the kinds added after
    /// the declared ones, with the choice kind's letter and its patterns turned by the
    /// bearing less the choice's direction, so that its `forward` is straight on along
    /// the link it arrived by. Empty on other boards.
    pub bearings: Vec<(usize, u16, PieceId)>,
    /// Where the declaration was written.
    pub span: Span,
}

/// `confine Pieces to Zone`.
#[derive(Clone, Debug, PartialEq)]
pub struct Confinement {
    /// The pieces confined.
    pub pieces: Vec<PieceId>,
    /// The zone they may not leave.
    pub zone: ZoneId,
    /// `for first` / `for second`: only that side's pieces (`None`: both sides').
    pub side: Option<crate::ids::Side>,
    /// Where the declaration was written.
    pub span: Span,
}

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
    /// What the cell where this leg hands over to the next leg may hold. Meaningful for
    /// every leg but the last (the checker rejects `via` on a last leg).
    pub via: Via,
    /// Where the leg was written.
    pub span: Span,
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
