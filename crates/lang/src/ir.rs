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
mod journey;
pub use journey::{ArmField, Journey, Spiral};
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
mod pattern;
pub use pattern::*;

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
    /// `alignment PIECES, entered by PIECES [, demote KINDS to PIECE]`: pieces lined up
    /// (the Croatian syzygy).
    pub alignment: Option<Alignment>,
    /// `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]`: displacement in
    /// passing (the Croatian Serpent's Pawns), one per declaration.
    pub displace: Vec<Displacement>,
    /// `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]`: the sacrifice
    /// moves (the Croatian Pawn-sacrifice), one per declaration.
    pub sacrifice: Vec<Sacrifice>,
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
    /// `, past KINDS`: the kinds of pieces (of either side) that may stand on the
    /// cells the two pieces cross, though not on their destinations (empty: none).
    pub past: Vec<PieceId>,
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
