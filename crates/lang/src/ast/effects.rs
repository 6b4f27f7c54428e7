//! The syntax of the effect declarations: what a move does beyond its own path
//! (`explode`, `burn`, `freeze`, `immune`, `relay`).

use super::{Ident, Kinds, Span, ViaKind};

/// `around DIR (+ DIR)*`: the cells next to a cell, in these directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Around {
    /// The direction words, as written.
    pub words: Vec<Ident>,
    pub span: Span,
}

/// `explode on capture [, sparing KINDS] [, immune KINDS] [, around DIRS]`: every
/// capture removes the capturer and the pieces around the cell where it lands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplodeDecl {
    /// `sparing Pawn`: kinds the blast leaves standing around the capture.
    pub sparing: Vec<Kinds>,
    /// `immune King`: kinds the blast never removes, around the capture or as the
    /// capturer (Atomar's kings).
    pub immune: Vec<Kinds>,
    /// `around orthogonal`: the cells the blast reaches (default `any`).
    pub around: Vec<Around>,
    /// `to hand`: each piece the blast removes goes to the hand of the side that did
    /// not own it (the spans of each `to hand` written).
    pub to_hand: Vec<Span>,
    pub span: Span,
}

/// `petrify PIECES, into WALL`: a capture by one of these pieces leaves a piece of the
/// neutral kind WALL on the capturer's landing cell instead of the capturer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PetrifyDecl {
    /// The pieces whose captures petrify them.
    pub pieces: Vec<Ident>,
    /// The neutral kind they become.
    pub into: Ident,
    pub span: Span,
}

/// Which area effect an [`AreaDecl`] declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaEffectKind {
    /// `burn`: after the piece moves, the pieces around its new cell are removed.
    Burn,
    /// `freeze`: the pieces around the piece cannot move.
    Freeze,
    /// `flip`: after the piece moves or is dropped, the foes around its new cell (with
    /// `enclosed`: the lines of foes it closes with a friend) change sides.
    Flip,
}

/// `burn PIECES [, CLASS [KINDS]] [, around DIRS]` or `freeze ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaDecl {
    /// Burn or freeze.
    pub effect: AreaEffectKind,
    /// The pieces that burn or freeze.
    pub pieces: Vec<Ident>,
    /// `foe Pawn`, `piece not King`: which pieces are hit (default: foes of any kind).
    pub targets: Vec<AreaTarget>,
    /// `around orthogonal`: the cells hit (default `any`).
    pub around: Vec<Around>,
    /// `enclosed` (of `flip`), each place it is written.
    pub enclosed: Vec<Span>,
    /// `also arriving` (of `burn`), each place it is written.
    pub arriving: Vec<Span>,
    pub span: Span,
}

/// `CLASS [KINDS]` in an [`AreaDecl`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaTarget {
    /// `friend`, `foe`, `piece` (or `empty`, which the checker rejects).
    pub class: ViaKind,
    pub class_span: Span,
    /// Which kinds.
    pub kinds: Option<Kinds>,
    pub span: Span,
}

/// `lion trading PIECES [, bridge KINDS]`: Chu Shogi's rules on trading Lions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LionTradingDecl {
    /// The pieces that are Lions (the Lion and what promotes to one).
    pub pieces: Vec<Ident>,
    /// `bridge KINDS`: a move that also captures one of these in passing may take a
    /// protected Lion two cells away.
    pub bridge: Option<Kinds>,
    pub span: Span,
}

/// `immune PIECES [to KINDS]`: these pieces may not be captured (by these kinds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImmuneDecl {
    /// The pieces that are immune.
    pub pieces: Vec<Ident>,
    /// `to Pawn | Knight`: only captures by these kinds are barred (default: all).
    pub capturers: Option<Kinds>,
    pub span: Span,
}

/// `convert [CLASS] [KINDS] [into KIND]`: the last leg may end on such a piece (a foe
/// when no class is written), which changes side (and kind, with `into`); the mover
/// stays on its start cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Convert {
    /// `friend`, `foe`, `piece` or `empty` (rejected); `None`: foes.
    pub class: Option<(ViaKind, Span)>,
    /// Which kinds may be converted.
    pub kinds: Option<Kinds>,
    /// `into KIND`: the kind the converted piece becomes.
    pub into: Option<Ident>,
}

/// `relay PIECES [, move only] [, activate [foe] KINDS] [, onward [KINDS]]`: an activated piece of these kinds
/// moves as the piece that activated it (the Croatian Wave), not with its own patterns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelayDecl {
    /// The relaying pieces.
    pub pieces: Vec<Ident>,
    /// Where `move only` was written (the relay never captures; twice is an error).
    pub move_only: Vec<Span>,
    /// Where `momentum` was written (the game's cascades carry momentum, which the
    /// relay does not spend; twice is an error).
    pub momentum: Vec<Span>,
    /// Where `onward [KINDS]` was written, with its kinds (the relay activated by
    /// them goes on in its activator's first step to the board's edge; twice is an
    /// error).
    pub onward: Vec<(Span, Option<Kinds>)>,
    /// `alternating KINDS`: activated by these kinds, an `onward` relay alternates its
    /// first step with a second one taken where the first ends (twice is an error).
    pub alternating: Vec<Kinds>,
    /// `diverge at [piece] KINDS`: an `onward` relay's straight line may turn at an own
    /// piece of these kinds (any side's with `piece`, the bool) into any first step of
    /// its activator (twice is an error).
    pub diverge: Vec<(Kinds, bool)>,
    /// `activate KINDS`: the only kinds it activates, of those its activator's patterns
    /// may (twice is an error).
    pub activate: Vec<Kinds>,
    /// `activate foe KINDS`: the other side's kinds it also activates, as an `onward`
    /// relay (twice is an error).
    pub activate_foe: Vec<Kinds>,
    pub span: Span,
}

/// `teleport through PIECES to PIECES [, not PIECES]`: a ply that would end on a
/// (neutral) piece of the first kinds ends instead on an empty cell next to a piece of
/// the second kinds (the Croatian Stars and Monolith).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeleportDecl {
    /// The kinds a piece enters (`through`).
    pub through: Vec<Ident>,
    /// The kinds next to which it emerges (`to`).
    pub to: Vec<Ident>,
    /// Each `not PIECES` written: the kinds that never teleport (twice is an error).
    pub not: Vec<(Span, Vec<Ident>)>,
    /// Each `onward PIECES` written: the `onward` relays whose lines go on from the
    /// other portals of the kind they meet (twice is an error).
    pub onward: Vec<(Span, Vec<Ident>)>,
    /// Each `back PIECES` written: the kinds that come back out next to the portal
    /// they entered (twice is an error).
    pub back: Vec<(Span, Vec<Ident>)>,
    pub span: Span,
}

/// `alignment PIECES [, entered by PIECES] [, demote KINDS to PIECE] [, resurrect KINDS
/// by PIECES [beside PIECES]]`: three or more pieces of the first kinds on one line of
/// equal steps (the Croatian syzygy), entered by a move of a piece of the `entered by`
/// kinds, which may demote one of the mover's own pieces of `KINDS` on the line to
/// `PIECE`; a piece of the `resurrect ... by` kinds entering may bring back a captured
/// piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlignmentDecl {
    /// The kinds that line up.
    pub pieces: Vec<Ident>,
    /// Each `entered by PIECES` written (twice is an error).
    pub entered_by: Vec<(Span, Vec<Ident>)>,
    /// Each `demote KINDS to PIECE` written (twice is an error).
    pub demote: Vec<(Span, Kinds, Ident)>,
    /// Each `resurrect KINDS by PIECES [beside PIECES]` written (twice is an error).
    pub resurrect: Vec<ResurrectDecl>,
    pub span: Span,
}

/// `resurrect KINDS by PIECES [beside PIECES]` in an `alignment`: a piece of the `by`
/// kinds entering an alignment may bring back one captured piece of `KINDS` (either
/// side's) in its place, the pieces of the `beside` kinds onto an empty cell next to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResurrectDecl {
    /// The kinds that may come back.
    pub kinds: Kinds,
    /// The kinds whose entering brings one back.
    pub by: Vec<Ident>,
    /// The kinds that come back next to the entering piece (`beside`), if written.
    pub beside: Option<(Span, Vec<Ident>)>,
    pub span: Span,
}

/// `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]`: a piece of the `by`
/// kinds (the initiator) activates an own piece of the `through` kinds (the officiant)
/// one step away in an `around` direction, which takes an own piece of KINDS one step
/// from it; the initiator may then make a ply from the officiant's cell meeting only
/// pieces of KINDS (the Croatian Serpent's Pawn-sacrifice move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SacrificeDecl {
    /// The kinds sacrificed, and the only kinds the initiator's ply then meets.
    pub kinds: Kinds,
    /// Each `by PIECES` written (missing or twice is an error).
    pub by: Vec<(Span, Vec<Ident>)>,
    /// Each `through PIECES` written (missing or twice is an error).
    pub through: Vec<(Span, Vec<Ident>)>,
    /// Each `around DIRS` written: the officiant's cells (twice is an error).
    pub around: Vec<Around>,
    pub span: Span,
}

/// `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]`: a piece of the `by`
/// kinds whose ply steps onto a piece of `KINDS` (in a `stepping` direction) moves it
/// onto one of its displacement-fields and goes on (the Croatian Serpent's Pawns, a
/// Sokoban pusher's boxes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplaceDecl {
    /// The kinds displaced.
    pub kinds: Kinds,
    /// Each `by PIECES` written (missing or twice is an error).
    pub by: Vec<(Span, Vec<Ident>)>,
    /// Each `around DIRS` written: the displacement-fields (twice is an error).
    pub around: Vec<Around>,
    /// Each `stepping DIRS` written: the steps that meet (twice is an error).
    pub stepping: Vec<Around>,
    pub span: Span,
}

/// `journey PIECES by PIECES, spiral ... [, spiral ...]`: a piece of the first kinds
/// activated by a piece of the second moves along one arm of its side's spiral instead
/// of with its own patterns (the Croatian Shaman's trance-journey).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JourneyDecl {
    /// The kinds that journey when activated.
    pub pieces: Vec<Ident>,
    /// The kinds whose activation starts the journey (`by`).
    pub by: Vec<Ident>,
    /// The spirals, as written (one per side, or one for both).
    pub spirals: Vec<SpiralDecl>,
    /// Each `blocked by PIECES` written (twice is an error).
    pub blocked: Vec<(Span, Vec<Ident>)>,
    /// Each `captures [when activated by first|second]` written (twice is an error),
    /// with the activator's side it names.
    pub captures: Vec<(Span, Option<crate::ids::Side>)>,
    /// Each `displaces onto V [| V] [rotated] [when activated by first|second]` written
    /// (twice is an error).
    pub displaces: Vec<DisplacesDecl>,
    /// Each `sweeps [for first|second] [when activated by first|second]` written (twice
    /// is an error): the journeying piece's side and the activator's it names.
    pub sweeps: Vec<(Span, Option<crate::ids::Side>, Option<crate::ids::Side>)>,
    pub span: Span,
}

/// `displaces onto V [| V] [rotated] [when activated by first|second]`: where a journey
/// may move the pieces on the fields it reaches (the Croatian displacement-fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplacesDecl {
    /// The vectors as written, `(dx, dy)` on the board from the displaced piece's cell.
    pub vectors: Vec<(super::Int, super::Int)>,
    /// `rotated`: each vector and its three quarter turns counter-clockwise.
    pub rotated: bool,
    /// The activator's side it names (both without).
    pub when: Option<crate::ids::Side>,
    pub span: Span,
}

/// `activated PIECES by PIECES moves as PIECE`: a piece of the first kinds activated by
/// a piece of the second walks with the patterns of the last instead of its own (the
/// Croatian uplifting Starchild).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesAsDecl {
    /// The kinds that move so when activated.
    pub pieces: Vec<Ident>,
    /// The kinds whose activation makes them move so (`by`).
    pub by: Vec<Ident>,
    /// The kind whose patterns they walk with.
    pub as_piece: Ident,
    pub span: Span,
}

/// `spiral V [| V] turn ANGLE [inward] [for first|second]`: the arms of a journey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpiralDecl {
    /// The first step of each arm, `(dx, dy)` on the board (not side-relative).
    pub arms: Vec<(super::Int, super::Int)>,
    /// The turn between two steps (counter-clockwise positive).
    pub turn: super::Angle,
    /// `inward`: the arm is travelled from its outermost cell on the board back.
    pub inward: bool,
    /// `for first|second`: the side whose pieces journey so (both without).
    pub for_side: Option<(crate::ids::Side, Span)>,
    pub span: Span,
}

/// `passive PIECES`: these pieces never start a move of their own; they move only when
/// activated (the Croatian Pyramid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassiveDecl {
    /// The passive pieces.
    pub pieces: Vec<Ident>,
    pub span: Span,
}

/// `touch PIECES, promote KINDS in ZONE`: a ply of a piece of `pieces` may end on an
/// own piece of `promote` standing on a cell of `zone` (the toucher's side's), where it
/// would capture it were it a foe; the toucher leaves the board and the piece touched
/// promotes (the Croatian Pyramid: "Pyramid then leaves board as if captured by the
/// opponent, and Pawn is replaced by desired piece").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TouchDecl {
    /// The touching pieces.
    pub pieces: Vec<Ident>,
    /// The kinds a touch promotes.
    pub promote: Vec<Ident>,
    /// Where the piece touched must stand.
    pub zone: Ident,
    pub span: Span,
}

/// `burn [CLASS [KINDS]] [around DIRS]` written on a pattern: a move by that pattern
/// removes the pieces hit around the cell where the mover ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternBurn {
    /// Which pieces are hit (default: foes of any kind).
    pub target: Option<AreaTarget>,
    /// The cells hit (default `around any`).
    pub around: Option<Around>,
}

/// `explode [sparing KINDS] [around DIRS]` written on a pattern: a capture by that
/// pattern removes the capturer and the pieces around its landing cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternExplode {
    /// Kinds the blast leaves standing around the capture.
    pub sparing: Option<Kinds>,
    /// The cells the blast reaches (default `around any`).
    pub around: Option<Around>,
}

/// `pincer [KINDS] [around DIRS]` written on a pattern: a move by that pattern captures
/// each enemy (of these kinds) one step from the mover's new cell (in `DIRS`, default
/// `orthogonal`) with a friend one step further on (custodian capture).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternPincer {
    /// The enemies that may be taken (default: every kind).
    pub kinds: Option<Kinds>,
    /// The directions (default `around orthogonal`).
    pub around: Option<Around>,
}

/// `coordinate [KINDS] with PIECE` written on a pattern: a move by that pattern captures
/// the enemies (of these kinds) on the cells at the mover's new file and the rank of a
/// friendly `PIECE`, and at that piece's file and the mover's new rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternCoordinate {
    /// The enemies that may be taken (default: every kind).
    pub kinds: Option<Kinds>,
    /// The friendly piece whose file and rank the mover's cross.
    pub with: Ident,
}
