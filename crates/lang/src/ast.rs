//! The syntax tree of a `.rules` file, as written, with a byte [`Span`] on every node.
//!
//! Owns the shape of the source only: nothing here is resolved or validated beyond what
//! the grammar enforces (names are strings, numbers are saturated `u64`s, direction
//! words are unchecked). [`crate::syntax`] builds it; [`crate::check`] turns it into the
//! [`crate::ir`]. Each node's doc comment shows the syntax it comes from.

pub use crate::ids::Span;

mod effects;
mod ends;
mod neutral;
mod pattern;
mod sokoban;
mod tags;
pub use effects::*;
pub use ends::*;
pub use neutral::*;
pub use pattern::*;
pub use sokoban::*;
pub use tags::*;

/// A whole file: a sequence of declarations, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub items: Vec<Item>,
    pub span: Span,
}

/// What `hand` does with a captured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HandCaptures {
    /// `hand`: to the captor's hand as the piece it promoted from.
    #[default]
    Demoted,
    /// `hand, captures not kept`: out of the game.
    NotKept,
    /// `hand, captures kept promoted`: to the captor's hand as what it is.
    KeptPromoted,
    /// `hand, unlimited`: every kind in each side's hand without limit (no captures
    /// kept: the supply never runs out).
    Unlimited,
}

/// The exception of `no check`: `except last` or `except all`, and where it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoCheckExcept {
    /// `except all` (else `except last`).
    pub all: bool,
    pub span: Span,
}

/// One top-level declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `game "Name"`
    Game(GameDecl),
    /// `board square 8x8 [holes CELLS]`
    Board(BoardDecl),
    /// `zone [absolute] NAME = CELLS`
    Zone(ZoneDecl),
    /// `piece NAME (L) { PATTERNS }`
    Piece(PieceDecl),
    /// `start "FEN"`
    Start(StartDecl),
    /// `royal King | Prince`
    Royal(RoyalDecl),
    /// `royals may not face`
    RoyalsMayNotFace(Span),
    /// `royals in check capture only`
    RoyalsInCheckCaptureOnly(Span),
    /// `stalemate draw|loss|win`
    Stalemate(StalemateDecl),
    /// `must capture [most]`
    MustCapture(MustCaptureDecl),
    /// `chain removal at end|at once`, `chain promotion at end|continues`
    Chain(ChainDecl),
    /// `explode on capture, sparing Pawn`
    Explode(ExplodeDecl),
    /// `petrify Queen | Rook, into Wall`
    Petrify(PetrifyDecl),
    /// `burn FireDemon, foe` / `freeze Immobilizer, foe`
    Area(AreaDecl),
    /// `immune Wall` / `immune King to Pawn`
    Immune(ImmuneDecl),
    /// `repetition N [OUTCOME [for first|second]] [, claim|immediate]`
    Repetition(RepetitionDecl),
    /// `perpetual check loses`
    PerpetualCheck(Span),
    /// `move limit N [moves|plies] [, claim|immediate]`
    MoveLimit(MoveLimitDecl),
    /// `bare royal OUTCOME [, bare back]`
    BareRoyal(BareRoyalDecl),
    /// `no pieces OUTCOME`
    NoPieces(NoPiecesDecl),
    /// `counting makruk pawn P, rook R, bishop B, knight N`
    Counting(CountingDecl),
    /// `reach ZONE with PIECES [OUTCOME] [for first|second] [, count N] [, reply]`
    Reach(ReachDecl),
    /// `extinction all|PIECES [OUTCOME] [, below N]`
    Extinction(ExtinctionDecl),
    /// `endgame N moves, MATERIAL against MATERIAL`
    Endgame(EndgameDecl),
    /// `checks N`
    Checks(ChecksDecl),
    /// `checkmate OUTCOME`
    Checkmate(CheckmateDecl),
    /// `no giving check`
    NoGivingCheck(Span),
    /// `draw odds for first|second`: the side every draw is a win for.
    DrawOdds(crate::ids::Side, Span),
    /// `move repetition loses [, not PIECES]`: the pieces excepted.
    MoveRepetition(Vec<Ident>, Span),
    /// `double pass OUTCOME`: two passes in a row end the game.
    DoublePass(StalemateDecl),
    /// `royals facing OUTCOME`: royals facing must be parted, or a pass ends the game.
    RoyalsFacing(StalemateDecl),
    /// `draws by points KIND N, ... [, first|second N]`
    Points(PointsDecl),
    /// `draw by piece count`: every draw goes to the side with more pieces on the board.
    DrawByCount(Span),
    /// `pass when stuck`: a side with no move but a piece on the board passes.
    PassWhenStuck(Span),
    /// `full board OUTCOME`: the game ends when no cell is empty (the outcome for the
    /// side to move; `by_count` unused).
    FullBoard(StalemateDecl),
    /// `connect N|square N|A to B [with PIECES] [OUTCOME] ...`
    Connect(ConnectDecl),
    /// `castling King e1 to g1 with Rook h1 to f1`
    Castling(CastlingDecl),
    /// `en passant Pawn`
    EnPassant(EnPassantDecl),
    /// `promotion Pawn to Queen | Rook in last_rank, optional`
    Promotion(PromotionDecl),
    /// `hand [, captures not kept | , captures kept promoted]`
    Hand(Span, HandCaptures),
    /// `drop Pawn not in back_ranks, one per file, not mating`
    Drop(DropDecl),
    /// `confine King | Advisor to palace`
    Confine(ConfineDecl),
    Heading(HeadingDecl),
    /// `one side`: only the first side moves (a puzzle).
    OneSide(Span),
    /// `sokoban pusher Pusher, box Box, wall Wall`
    Sokoban(SokobanDecl),
    /// `neutral Duck, after each move`
    Neutral(NeutralDecl),
    /// `no check [, except last | , except all]`: royals may be left capturable (but,
    /// with `except last`, not a side's last one; with `except all`, not all of a side's
    /// at once); a side that loses them all loses. The exception, when written.
    NoCheck(Span, Option<NoCheckExcept>),
    /// `tag rush (^) for Pawn`
    Tag(TagDecl),
    /// `relay Wave, move only`
    Relay(RelayDecl),
    /// `passive Pyramid`: pieces that move only when activated.
    Passive(PassiveDecl),
    /// `touch Pyramid, promote Pawn in their_half`: a ply that ends on an own piece
    /// and promotes it, the toucher leaving the board.
    Touch(TouchDecl),
    /// `teleport through Star to DimStar | Monolith, not King`
    Teleport(TeleportDecl),
    /// `alignment Star | Monolith, entered by Monolith, demote not King | Pawn to Pawn`
    Alignment(AlignmentDecl),
    /// `journey Shaman by Shaman, spiral (2,1) | (-2,-1) turn 90`
    Journey(JourneyDecl),
    /// `activated Starchild by Starchild | Shaman moves as Uplifter`
    MovesAs(MovesAsDecl),
    /// `displace Pawn, by Serpent, around orthogonal, stepping diagonal`
    Displace(DisplaceDecl),
    /// `sacrifice Pawn, by Serpent, through Pyramid`
    Sacrifice(SacrificeDecl),
    /// `lion trading Lion | PromotedKirin, bridge not Pawn | GoBetween`
    LionTrading(LionTradingDecl),
    /// `gating Hawk | Elephant in back_rank [, no drops]`
    Gating(GatingDecl),
}

/// A name: `Knight`, `pawn_start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// An unsigned decimal number: `8`, `255`. Values too large for `u64` saturate to
/// `u64::MAX` (the checker reports them as out of range).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    pub value: u64,
    pub span: Span,
}

/// A possibly negative decimal number: `-2`, `1`. Saturates at the `i64` bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int {
    pub value: i64,
    pub span: Span,
}

/// `game "Fairy"`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDecl {
    /// The text between the quotes.
    pub name: String,
    pub span: Span,
}

/// `start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartDecl {
    /// The text between the quotes (not validated here).
    pub fen: String,
    /// The span of that text, inside the quotes.
    pub fen_span: Span,
    pub span: Span,
}

/// `must capture [most]`: a side that can capture must; with `most`, it must take the
/// most pieces any of its moves takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MustCaptureDecl {
    /// `most`: the most pieces.
    pub most: bool,
    /// `, weight King 101`: what a piece of a kind counts for `most`.
    pub weights: Vec<CaptureWeight>,
    /// `, with King`, `, most King`, `, earliest King`: the tie-breaks, in order.
    pub prefer: Vec<CapturePrefer>,
    pub span: Span,
}

/// A quality rule of `must capture`: `with KINDS`, `most KINDS` or `earliest KINDS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePrefer {
    /// Which rule.
    pub rule: PreferRule,
    /// The kinds it names.
    pub pieces: Vec<Ident>,
    pub span: Span,
}

/// Which quality rule a [`CapturePrefer`] states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreferRule {
    /// `with KINDS`: the captures made by a piece of these kinds.
    With,
    /// `most KINDS`: the captures taking the most pieces of these kinds.
    Most,
    /// `earliest KINDS`: the captures taking a piece of these kinds earliest.
    Earliest,
}

/// `weight KIND N` in `must capture most`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaptureWeight {
    pub piece: Ident,
    pub weight: Number,
    pub span: Span,
}

/// `chain removal ...` or `chain promotion ...`: how capture chains end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainDecl {
    /// Which rule, and its value.
    pub rule: ChainRule,
    pub span: Span,
}

/// The rule a [`ChainDecl`] sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainRule {
    /// `chain removal at once` (true) or `at end` (false).
    RemovalAtOnce(bool),
    /// `chain promotion continues` (true) or `at end` (false).
    PromotionContinues(bool),
    /// `chain no reversal`.
    NoReversal,
}

/// `draws by points KIND N, ... [, first|second N]`: the material count that decides a
/// drawn end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointsDecl {
    /// `KIND N`: the points of a piece of the kind, in the order written.
    pub kinds: Vec<(Ident, Decimal)>,
    /// `first N` / `second N`: a side's bonus.
    pub bonus: Vec<(crate::ids::Side, Decimal)>,
    pub span: Span,
}

/// A number with at most one decimal: `13`, `1.5`, in tenths (`None` if it has more
/// decimals or does not fit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    pub tenths: Option<u64>,
    pub span: Span,
}

/// `stalemate draw|loss|win`: what it means for the side to move to have no legal move
/// while not in check; also the other declarations of one outcome (`checkmate`,
/// `double pass`, `royals facing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StalemateDecl {
    /// The outcome for the side to move.
    pub outcome: crate::ir::Outcome,
    /// `, by piece count`: the outcome goes to the side with fewer pieces on the board.
    pub by_count: bool,
    pub span: Span,
}

/// `royal King | Prince`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoyalDecl {
    /// Never empty.
    pub pieces: Vec<Ident>,
    pub span: Span,
}

/// One piece's part of a castling move: `King e1 to g1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingMove {
    pub piece: Ident,
    pub from: CellName,
    pub to: CellName,
    pub span: Span,
}

/// `castling King e1 to g1 with Rook h1 to f1 [, tagged T]`: the royal piece's move,
/// then its partner's, and the tag both must carry (their castling right), if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingDecl {
    pub king: CastlingMove,
    pub partner: CastlingMove,
    pub tag: Option<Ident>,
    /// `, past KINDS`: the kinds the two pieces may pass over (empty: none).
    pub past: Vec<Ident>,
    /// `, through check`: the king may castle out of and through attack.
    pub through_check: bool,
    /// `, king takes rook`: written in UCI as the king's move to its partner's cell.
    pub king_takes_rook: bool,
    /// `, when dropped`: a drop may give the right.
    pub when_dropped: bool,
    pub span: Span,
}

/// `en passant Pawn | Soldier`: the pieces that may capture en passant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnPassantDecl {
    /// Never empty.
    pub pieces: Vec<Ident>,
    pub span: Span,
}

/// `promotion Pawn to Queen | Rook in last_rank [, optional] [, also leaving]
/// [, only captured]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionDecl {
    /// The pieces that promote; never empty.
    pub pieces: Vec<Ident>,
    /// What they promote to, as written; may be empty (`to in last_rank`, which the
    /// checker rejects).
    pub choices: Vec<Ident>,
    /// The `to` keyword and the choices after it.
    pub choices_span: Span,
    pub zone: Ident,
    pub options: Vec<PromotionOption>,
    /// `, tagged NAME`: the tag of a piece whose promotion waits (also an option).
    pub tag: Option<Ident>,
    /// `for first` / `for second` after the zone: only that side's pieces promote so,
    /// with where it was written.
    pub for_side: Option<(crate::ids::Side, Span)>,
    /// `, at most N`: the N (also an option).
    pub at_most: Option<Number>,
    pub span: Span,
}

/// `, optional` / `, also leaving` / `, only captured` after a promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PromotionOption {
    pub kind: PromotionOptionKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionOptionKind {
    /// `optional`: the piece may also stay as it is.
    Optional,
    /// `also leaving`: a move starting in the zone promotes too.
    AlsoLeaving,
    /// `only captured`: a choice only while the side has fewer of it than at the start.
    OnlyCaptured,
    /// `tagged NAME`: a piece that reaches the zone without promoting carries the tag
    /// and promotes later (the name is [`PromotionDecl::tag`]).
    Tagged,
    /// `delayed`: no move promotes at once; every arrival is tagged.
    Delayed,
    /// `on entry or capture`: a move starting in the zone promotes only if it captures.
    EntryOrCapture,
    /// `never forced`: the piece may stay as it is even where it could never move again.
    NeverForced,
    /// `on capture`: only a move that captures promotes.
    OnCapture,
    /// `not en passant`: an en passant capture does not promote.
    NotEnPassant,
    /// `at most N`: a choice only while the side has fewer than N of it on the board
    /// (N is [`PromotionDecl::at_most`]).
    AtMost,
}

impl PromotionOptionKind {
    pub fn text(self) -> &'static str {
        match self {
            PromotionOptionKind::Optional => "optional",
            PromotionOptionKind::AlsoLeaving => "also leaving",
            PromotionOptionKind::OnlyCaptured => "only captured",
            PromotionOptionKind::Tagged => "tagged",
            PromotionOptionKind::Delayed => "delayed",
            PromotionOptionKind::EntryOrCapture => "on entry or capture",
            PromotionOptionKind::NeverForced => "never forced",
            PromotionOptionKind::OnCapture => "on capture",
            PromotionOptionKind::NotEnPassant => "not en passant",
            PromotionOptionKind::AtMost => "at most",
        }
    }
}

/// `drop Pawn | Lance not in back_ranks, one per file, not mating` (the `not in` may also
/// follow a comma).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropDecl {
    /// Never empty.
    pub pieces: Vec<Ident>,
    /// In source order.
    pub options: Vec<DropOption>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropOption {
    pub kind: DropOptionKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DropOptionKind {
    /// `not in Z1 | Z2`: never dropped on these zones' cells.
    NotIn(Vec<Ident>),
    /// `one per file`
    OnePerFile,
    /// `at most N per file`
    PerFile(Number),
    /// `not mating`
    NotMating,
    /// `also stuck`
    Stuck,
    /// `not checking`
    NotChecking,
    /// `next to friend`: only next to a piece of the dropping side.
    NextToFriend,
    /// `enclosing`: only where the kind's `flip` turns a piece.
    Enclosing,
    /// `opening in ZONE`: while a cell of the zone is empty, only there.
    OpeningIn(Ident),
    /// `either face`: also dropped as its promoted face.
    EitherFace,
    /// `dropped first`: dropped before any other move.
    First,
    /// `opposite colours`: half on light, half on dark cells.
    OppositeColours,
    /// `falling`: on the lowest empty cell of its file.
    Falling,
    /// `pushed in`: pushed in from an edge along a rank or file.
    AnySide,
    /// `not next to foe`: never one orthogonal step from a piece of the other side.
    NotNextToFoe,
    /// `for first` / `for second`: the line restricts only that side's drops.
    ForSide(crate::ids::Side),
}

/// `gating Hawk | Elephant in back_rank [, no drops]`: a piece in hand may enter on a
/// cell of the zone that a first move leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatingDecl {
    /// The pieces that may enter from the hand. Never empty.
    pub pieces: Vec<Ident>,
    /// The zone whose cells carry the rights.
    pub zone: Ident,
    /// `, no drops`: the span of the option, when written.
    pub no_drops: Option<Span>,
    pub span: Span,
}

/// `heading Pawn, forward PawnN, right PawnE, backward PawnS, left PawnW`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadingDecl {
    /// The pieces that take a heading; never empty.
    pub pieces: Vec<Ident>,
    /// Each choice: its direction word and the kind the piece becomes; never empty.
    pub choices: Vec<(Ident, Ident)>,
    pub span: Span,
}

/// `confine King | Advisor to palace [for first|second]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfineDecl {
    /// Never empty.
    pub pieces: Vec<Ident>,
    pub zone: Ident,
    /// `for first` / `for second`: only that side's pieces are confined.
    pub side: Option<crate::ids::Side>,
    pub span: Span,
}

/// `board square 9x9 holes a1 i9`, `board hex radius 5`, `board graph "map.json"`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardDecl {
    /// `square`, `hex`, `tri`, `octo`, `graph` (others are rejected by the checker).
    pub kind: Ident,
    pub shape: BoardShape,
    /// The shape's span (`9x9`, `radius 5`, `"map.json"`).
    pub shape_span: Span,
    /// `tolerance 45` (graph boards): how far a link may point from a heading, in
    /// degrees; overrides the file's `"tolerance"`.
    pub tolerance: Option<Number>,
    pub holes: Option<CellSet>,
    pub span: Span,
}

/// What follows the board kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardShape {
    /// `9x9`
    Size { width: Number, height: Number },
    /// `radius 5`
    Radius(Number),
    /// `"boards/square8.json"` (the text between the quotes)
    File(String),
}

/// `zone pawn_start = rank 2`, `zone absolute centre = d4 e4, d5 e5`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneDecl {
    /// `absolute`: the same cells for both sides instead of mirrored ones.
    pub absolute: bool,
    pub name: Ident,
    pub cells: CellSet,
    pub span: Span,
}

/// `a1 d4-e5, rank 2 files a-c`: the union of its items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellSet {
    pub items: Vec<CellItem>,
    pub span: Span,
}

/// One item of a [`CellSet`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellItem {
    /// `a1`
    Cell(CellName),
    /// `d4-e5`: the rectangle with these two corners, in any order.
    Rect(CellName, CellName, Span),
    /// `rank 2`, `ranks 1-3` (`rank` and `ranks` are interchangeable).
    Ranks(Number, Option<Number>, Span),
    /// `file a`, `files a-c` (`file` and `files` are interchangeable).
    Files(Ident, Option<Ident>, Span),
    /// `light`, `medium` or `dark`: every cell of that colour.
    Colour(crate::topology::CellColour, Span),
}

/// A cell name as written, e.g. `a1` (not yet validated: `A1` and `a0` parse too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellName {
    pub text: String,
    pub span: Span,
}

impl Item {
    /// The whole declaration's span.
    pub fn span(&self) -> Span {
        match self {
            Item::Game(d) => d.span,
            Item::Board(d) => d.span,
            Item::Zone(d) => d.span,
            Item::Piece(d) => d.span,
            Item::Start(d) => d.span,
            Item::Royal(d) => d.span,
            Item::RoyalsMayNotFace(span)
            | Item::RoyalsInCheckCaptureOnly(span)
            | Item::PerpetualCheck(span)
            | Item::Hand(span, _)
            | Item::OneSide(span)
            | Item::NoCheck(span, _)
            | Item::NoGivingCheck(span)
            | Item::DrawOdds(_, span)
            | Item::DrawByCount(span)
            | Item::PassWhenStuck(span)
            | Item::MoveRepetition(_, span) => *span,
            Item::FullBoard(d) => d.span,
            Item::Connect(d) => d.span,
            Item::Chain(d) => d.span,
            Item::Reach(d) => d.span,
            Item::Extinction(d) => d.span,
            Item::Endgame(d) => d.span,
            Item::Checks(d) => d.span,
            Item::DoublePass(d) | Item::RoyalsFacing(d) => d.span,
            Item::Checkmate(d) => d.span,
            Item::Points(d) => d.span,
            Item::Stalemate(d) => d.span,
            Item::MustCapture(d) => d.span,
            Item::Explode(d) => d.span,
            Item::Petrify(d) => d.span,
            Item::Area(d) => d.span,
            Item::Immune(d) => d.span,
            Item::LionTrading(d) => d.span,
            Item::Gating(d) => d.span,
            Item::Repetition(d) => d.span,
            Item::MoveLimit(d) => d.span,
            Item::BareRoyal(d) => d.span,
            Item::NoPieces(d) => d.span,
            Item::Counting(d) => d.span,
            Item::Castling(d) => d.span,
            Item::EnPassant(d) => d.span,
            Item::Promotion(d) => d.span,
            Item::Drop(d) => d.span,
            Item::Confine(d) => d.span,
            Item::Heading(d) => d.span,
            Item::Sokoban(d) => d.span,
            Item::Neutral(d) => d.span,
            Item::Tag(d) => d.span,
            Item::Relay(d) => d.span,
            Item::Passive(d) => d.span,
            Item::Touch(d) => d.span,
            Item::Teleport(d) => d.span,
            Item::Alignment(d) => d.span,
            Item::Journey(d) => d.span,
            Item::MovesAs(d) => d.span,
            Item::Displace(d) => d.span,
            Item::Sacrifice(d) => d.span,
        }
    }
}
