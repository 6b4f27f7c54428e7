//! The syntax of a piece and its patterns: `piece NAME (L) { ... }`, its patterns and
//! legs, directions, ranges, `via` lists and modifiers.

use super::*;

/// `piece Knight (N) { leap (1,2) }`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDecl {
    pub name: Ident,
    /// The text between the parentheses, as written (the checker wants one ASCII
    /// letter, optionally after `+`).
    pub letter: Ident,
    /// `(N, san H)`: the letter Standard Algebraic Notation writes for the piece, as
    /// written (the checker wants one ASCII letter).
    pub san: Option<Ident>,
    pub patterns: Vec<PatternItem>,
    /// From `{` to `}`.
    pub body_span: Span,
    pub span: Span,
}

/// One entry of a piece body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternItem {
    /// `like Queen [, MODIFIER]*`: include all of Queen's patterns, each with the
    /// modifiers added.
    Like(Ident, Vec<Modifier>, Span),
    /// `step forward, move only`
    Moves(Pattern),
}

/// `LEG (then LEG)* (, MODIFIER)*`, e.g.
/// `ride orthogonal via piece then ride same, capture only`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Never empty. The legs of `repeat` groups are in line, the groups in `repeats`.
    pub legs: Vec<Leg>,
    /// `repeat [RANGE] { ... }` groups, in order, as runs of `legs`.
    pub repeats: Vec<Repeat>,
    pub modifiers: Vec<Modifier>,
    pub span: Span,
}

/// `repeat [RANGE] { LEG (then LEG)* }`: legs `first..first + len` of the pattern,
/// repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The group's first leg (an index into [`Pattern::legs`]).
    pub first: usize,
    /// How many legs the group has (at least one).
    pub len: usize,
    /// How many times; `None`: until blocked.
    pub range: Option<Range>,
    /// The `repeat` keyword.
    pub keyword: Span,
    pub span: Span,
}

/// `MOVER DIRS [RANGE] [via VIA]`, e.g. `ride orthogonal up to 3 via piece`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    pub mover: Mover,
    pub mover_span: Span,
    /// `DIR (+ DIR)*`; never empty.
    pub dirs: Vec<Dir>,
    pub dirs_span: Span,
    pub range: Option<Range>,
    pub via: Option<Via>,
    /// `DIR if AT CLASS ...`: the conditions written after terms of `dirs`.
    pub conds: Vec<StepIf>,
    pub span: Span,
}

/// `if AT CLASS (or CLASS)*` after a direction term: the term's steps are taken only
/// when the cell one step `at` from where the leg starts holds one of `items`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepIf {
    /// The index in [`Leg::dirs`] of the term the condition follows.
    pub term: usize,
    /// The direction of the cell looked at (one vector, or `same` / `turn A`).
    pub at: Dir,
    /// What that cell may hold.
    pub items: Vec<IfItem>,
    pub span: Span,
}

/// `empty`, `friend [KINDS]`, `foe [KINDS]`, `piece [KINDS]`, `edge`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IfItem {
    pub kind: IfKind,
    pub kind_span: Span,
    pub kinds: Option<Kinds>,
    pub span: Span,
}

/// What a condition's cell may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IfKind {
    /// No piece.
    Empty,
    /// A piece of the mover's side.
    Friend,
    /// A piece of the other side.
    Foe,
    /// Any piece (a neutral one too, when no kinds are named).
    Piece,
    /// No cell: off the board (or a hole).
    Edge,
}

impl IfKind {
    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            IfKind::Empty => "empty",
            IfKind::Friend => "friend",
            IfKind::Foe => "foe",
            IfKind::Piece => "piece",
            IfKind::Edge => "edge",
        }
    }
}

/// How a leg moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// `step`: exactly one step.
    Step,
    /// `leap`: a synonym of `step` that reads better for long vectors.
    Leap,
    /// `ride`: repeated steps in the same direction.
    Ride,
}

impl Mover {
    pub fn keyword(self) -> &'static str {
        match self {
            Mover::Step => "step",
            Mover::Leap => "leap",
            Mover::Ride => "ride",
        }
    }
}

/// One term of a leg's directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dir {
    pub kind: DirKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirKind {
    /// `orthogonal`, `forward-left`, `same`, `back`, ... (unchecked).
    Word(String),
    /// `(1,2)`, `forward (1,2)`, `backward (1,2)`, `exactly (1,2)`.
    Vector {
        qualifier: VectorQualifier,
        x: Int,
        y: Int,
    },
    /// `turn 45`, `turn ±90 180`.
    Turn(Vec<Angle>),
}

/// What is taken of a vector's eight symmetric images.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VectorQualifier {
    /// `(a,b)`: all images.
    All,
    /// `forward (a,b)`: the images with dy > 0.
    Forward,
    /// `backward (a,b)`: the images with dy < 0.
    Backward,
    /// `exactly (a,b)`: this one vector.
    Exactly,
}

/// `45`, `-45`, `+45`, `±45`, `+-45`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Angle {
    /// The magnitude with its sign (positive for `±`); saturates at the `i64` bounds.
    pub degrees: i64,
    /// `±` / `+-`: both signs.
    pub both_signs: bool,
    pub span: Span,
}

/// A leg's step count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub kind: RangeKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeKind {
    /// `3`: exactly three steps.
    Exact(Number),
    /// `up to 3`: one to three steps.
    UpTo(Number),
    /// `2..4`
    Between(Number, Number),
    /// `2..`: at least two steps.
    AtLeast(Number),
    /// `up to momentum`: one step up to as many as the path took before the leg.
    Momentum,
}

/// `via ITEM (or ITEM)*`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Via {
    pub items: Vec<ViaItem>,
    pub span: Span,
}

/// `empty`, `friend [KINDS]`, `foe [KINDS] [captured]`, `piece [KINDS]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViaItem {
    pub kind: ViaKind,
    pub kind_span: Span,
    pub kinds: Option<Kinds>,
    /// The span of `captured`, if written.
    pub captured: Option<Span>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViaKind {
    Empty,
    Friend,
    Foe,
    Piece,
}

impl ViaKind {
    pub fn keyword(self) -> &'static str {
        match self {
            ViaKind::Empty => "empty",
            ViaKind::Friend => "friend",
            ViaKind::Foe => "foe",
            ViaKind::Piece => "piece",
        }
    }
}

/// `push [friend | foe | piece | empty] [KINDS]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Push {
    /// `friend`, `foe`, `piece` or `empty`; `None` when not written (any side).
    pub class: Option<(ViaKind, Span)>,
    pub kinds: Option<Kinds>,
}

/// `[not] NAME (| NAME)*`, e.g. `not Cannon`, `Pawn|Knight`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kinds {
    pub negated: bool,
    pub names: Vec<Ident>,
    pub span: Span,
}

/// `, MODIFIER` after a pattern's legs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub kind: ModifierKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModifierKind {
    /// `move only`
    MoveOnly,
    /// `capture only`
    CaptureOnly,
    /// `initial`
    Initial,
    /// `pass`: ending on the start cell having done nothing is a move (a null move).
    Pass,
    /// `chain`: a capture chain.
    Chain,
    /// `from Z` (inside = true), `not from Z` (inside = false)
    From { zone: Ident, inside: bool },
    /// `to Z`, `not to Z`
    To { zone: Ident, inside: bool },
    /// `captures KINDS`
    Captures(Kinds),
    /// `en passant`: the cells this move passes over may be captured en passant.
    EnPassant,
    /// `push [CLASS] [KINDS]`: the move may end on a piece and push it one step onward.
    Push(Push),
    /// `swap [CLASS] [KINDS]`: the move may end on a piece, which goes to the start cell.
    Swap(Push),
    /// `capture friend [KINDS]`: the move may end on a friend, capturing it.
    CaptureFriend(Option<Kinds>),
    /// `convert [CLASS] [KINDS] [into KIND]`: the piece met changes side.
    Convert(Convert),
    /// `for first`, `for second`: only that side's pieces move so.
    ForSide(crate::ids::Side),
    /// `tagged NAME`: only while the piece carries the tag NAME.
    Tagged(Ident),
    /// `not in check`: not a move while the mover's side is in check.
    NotInCheck,
    /// `activate [CLASS] [KINDS]`: the move may end on a piece, which then makes its
    /// own ply from there (a cascade).
    Activate(Push),
    /// `sets NAME`: after the move the mover carries the tag NAME.
    Sets(Ident),
    /// `keeps NAME`: the move does not take the tag NAME from the mover.
    Keeps(Ident),
    /// `burn [CLASS [KINDS]] [around DIRS]`: this pattern's moves burn.
    Burn(PatternBurn),
    /// `explode [sparing KINDS] [around DIRS]`: this pattern's captures explode.
    Explode(PatternExplode),
    /// `withdraw [KINDS]`: a move straight away from an adjacent enemy captures it.
    Withdraw(Option<Kinds>),
    /// `pincer [KINDS] [around DIRS]`: enemies between the mover and a friend are taken.
    Pincer(PatternPincer),
    /// `coordinate [KINDS] with PIECE`: enemies where the mover's file and rank cross
    /// its PIECE's rank and file are taken.
    Coordinate(PatternCoordinate),
    /// `near foe` (`count` None), `near N foe`, `not near foe` (`not`): how many of the
    /// other side's pieces stand around the start cell; the count with its span.
    Near {
        count: Option<(u32, Span)>,
        not: bool,
    },
}

impl PatternItem {
    /// The pattern's span, `like` included.
    pub fn span(&self) -> Span {
        match self {
            PatternItem::Like(_, _, span) => *span,
            PatternItem::Moves(p) => p.span,
        }
    }
}
