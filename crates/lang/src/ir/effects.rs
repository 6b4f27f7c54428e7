//! The checked effect declarations: what moves do beyond their own paths.

use super::{KindFilter, Vector};
use crate::ids::{PieceId, Span};

/// Every effect declaration of a game (all empty when none is declared).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Effects {
    /// `explode on capture ...`.
    pub explode: Option<Explode>,
    /// `burn ...` and `freeze ...`, in declaration order.
    pub areas: Vec<AreaEffect>,
    /// `immune ...`, in declaration order.
    pub immunities: Vec<Immunity>,
    /// `relay ...`, in declaration order.
    pub relays: Vec<Relay>,
    /// `passive ...`: pieces that move only when activated.
    pub passive: Vec<PieceId>,
    /// `lion trading ...`: Chu Shogi's rules on trading Lions.
    pub lion_trading: Option<LionTrading>,
    /// `petrify PIECES, into WALL`: captures that turn their capturer into a wall.
    pub petrify: Option<Petrify>,
    /// `teleport through ...`, in declaration order.
    pub teleports: Vec<Teleport>,
    /// `journey ...`, in declaration order.
    pub journeys: Vec<super::Journey>,
    /// `touch ...`, in declaration order.
    pub touches: Vec<Touch>,
    /// `activated ... moves as ...`, in declaration order.
    pub moves_as: Vec<MovesAs>,
}

/// `touch PIECES, promote KINDS in ZONE`: a ply of a piece of `pieces` may end on an
/// own piece of `promote` standing on a cell of `zone` (the toucher's side's), where it
/// would capture it were it a foe: the toucher leaves the board and the piece touched
/// promotes by its promotion rule (tagged for promotion instead when that rule is
/// `tagged T`: a touch is a cascade's later ply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Touch {
    /// The touching kinds.
    pub pieces: Vec<PieceId>,
    /// The kinds a touch promotes.
    pub promote: Vec<PieceId>,
    /// Where the piece touched stands.
    pub zone: crate::ids::ZoneId,
    /// Where it was declared.
    pub span: Span,
}

/// `activated PIECES by PIECES moves as PIECE`: a piece of `pieces` activated by a piece
/// of `by` makes its ply with the patterns of `as_piece`, not its own (the Croatian
/// Starchild, which uplifts a piece next to it when another Starchild or a Shaman
/// activates it: One, "Sense-journey").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovesAs {
    /// The kinds that move so when activated.
    pub pieces: Vec<PieceId>,
    /// The kinds whose activation makes them move so.
    pub by: Vec<PieceId>,
    /// The kind whose patterns they walk with.
    pub as_piece: PieceId,
    /// Where it was declared.
    pub span: Span,
}

/// `sacrifice KINDS, by PIECES, through PIECES [, around DIRS]`: a piece of `by` (the
/// initiator) activates an own piece of `through` (the officiant) standing one step
/// away in an `around` direction; the officiant, with one step of its own patterns,
/// takes an own piece of `kinds` (an oblation: it leaves the board) and stands there;
/// the initiator, now on the officiant's cell, may make one more ply with its own
/// patterns in which it meets only pieces of `kinds`, either side's, capturing each
/// (in passing, or where it ends) or displacing it under its `displace` rule, and
/// passes over empty cells and the pieces its patterns pass over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sacrifice {
    /// The kinds sacrificed and met.
    pub kinds: KindFilter,
    /// The initiators.
    pub by: Vec<PieceId>,
    /// The officiants.
    pub through: Vec<PieceId>,
    /// The officiant's cells, as steps from the initiator's (the first side's view).
    pub around: Vec<Vector>,
    /// Where it was declared.
    pub span: Span,
}

/// `displace KINDS, by PIECES [, around DIRS] [, stepping DIRS]`: a ply of a piece of
/// `by` that steps onto a piece of `kinds` (either side's; by a step in `stepping`, when
/// given) moves that piece onto one of its displacement-fields, each empty then, and
/// goes on with its ply: each choice of field a move of its own. The fields are one
/// step from the piece's cell in each `around` direction; with `around` empty, one step
/// on in the direction of the mover's step (a push).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Displacement {
    /// The kinds displaced.
    pub kinds: KindFilter,
    /// The kinds that displace.
    pub by: Vec<PieceId>,
    /// The displacement-fields, as steps from the displaced piece's cell (empty: one
    /// step on).
    pub around: Vec<Vector>,
    /// The steps onto a piece that displace it (empty: every step).
    pub stepping: Vec<Vector>,
    /// Where it was declared.
    pub span: Span,
}

/// `alignment PIECES, entered by PIECES [, demote KINDS to PIECE]`: three or more pieces
/// of `pieces` (of any side, neutral or not) on one line of equal steps, the shortest
/// step joining them (the Croatian syzygy: Stars, Monoliths, Starchilds). The line's
/// cells, every cell of the board that step repeated reaches from them both ways, are
/// its fields. A move of a piece of `entered_by` from a cell on no such line onto one
/// enters it: its mover may demote one own piece of `demote`'s kinds standing on a field
/// of a line it entered to `demote`'s piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alignment {
    /// The kinds that line up.
    pub pieces: Vec<PieceId>,
    /// The kinds whose move enters an alignment.
    pub entered_by: Vec<PieceId>,
    /// The kinds a move entering may demote, and the kind they become.
    pub demote: Option<(KindFilter, PieceId)>,
    /// What a move entering may bring back (`resurrect`).
    pub resurrect: Option<Resurrection>,
    /// Where it was declared.
    pub span: Span,
}

/// `resurrect KINDS by PIECES [beside PIECES]` in an `alignment`: a move of a piece of
/// `by` entering an alignment (as `entered by` defines it: from a cell in none onto an
/// empty cell in one, without a cascade) may bring back one captured piece, of either
/// side, of a kind `kinds` admits: onto the entering piece's cell, which it leaves for
/// the captured ones (the Croatian One: "A piece is resurrected by replacing initiating
/// Starchild, Starchild itself is then oblationed"), or, for a kind of `beside`, onto an
/// empty cell next to it, which stays (its place only when every such cell is taken).
/// A game with one keeps each side's captured pieces (its graveyard, in the hands'
/// store: a game with `hand` has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resurrection {
    /// The kinds that may come back.
    pub kinds: KindFilter,
    /// The kinds whose entering brings one back.
    pub by: Vec<PieceId>,
    /// The kinds that come back next to the entering piece.
    pub beside: Vec<PieceId>,
}

/// `teleport through PIECES to PIECES [, not PIECES]`: a ply of a piece (of the side to
/// move, of a kind not in `not`) that would end on a piece of a `through` kind (neutral
/// kinds: walls to every walk), as on an empty cell or capturing a foe, ends instead on
/// an empty cell one king's step from a piece of a `to` kind, never the one it entered
/// (the Croatian Stars and Monolith).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teleport {
    /// The kinds a piece enters.
    pub through: Vec<PieceId>,
    /// The kinds next to which it emerges.
    pub to: Vec<PieceId>,
    /// The kinds that never teleport.
    pub not: Vec<PieceId>,
    /// `onward PIECES`: the `onward` relays whose line, meeting a portal of a `through`
    /// kind, goes on from each other portal of that kind with the same vector (the
    /// Croatian Wave: from the other Star of the same colour, the other Monolith).
    pub onward: Vec<PieceId>,
    /// Where `onward` was written (for E0945).
    pub onward_span: Option<Span>,
    /// `back PIECES`: the kinds that come back out of the portal they entered, on an
    /// empty cell next to it, instead of next to a piece of the `to` kinds (the
    /// Croatian Starchild, which "cannot teleport": One, "Starchild cannot teleport").
    pub back: Vec<PieceId>,
    /// Where it was declared.
    pub span: Span,
}

/// `petrify PIECES, into WALL`: a capture by a piece of one of these kinds leaves a
/// piece of the neutral kind `into` on the capturer's landing cell instead of the
/// capturer (Petrified chess; a royal among them may therefore never capture).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Petrify {
    /// The kinds whose captures petrify them (the kind that moved, before promotion).
    pub pieces: Vec<PieceId>,
    /// The neutral kind they become.
    pub into: PieceId,
}

/// `lion trading PIECES [, bridge KINDS]`: Chu Shogi's rules on trading Lions.
///
/// - A Lion may not capture an enemy Lion that is not next to its start cell if the
///   capturing Lion could then be captured (the Lion taken was protected), unless the
///   same move also captured in passing a piece the `bridge` admits.
/// - After a Lion was captured by a piece that is not a Lion, a piece that is not a
///   Lion may not capture a Lion on the next move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LionTrading {
    /// The kinds that are Lions.
    pub lions: Vec<PieceId>,
    /// The kinds whose capture in passing lets a Lion take a protected Lion two cells
    /// away (`None`: no such exception).
    pub bridge: Option<KindFilter>,
    /// Where it was declared.
    pub span: Span,
}

impl Effects {
    /// Whether any effect is declared.
    pub fn any(&self) -> bool {
        self.explode.is_some()
            || !self.areas.is_empty()
            || !self.immunities.is_empty()
            || !self.relays.is_empty()
            || !self.passive.is_empty()
            || self.lion_trading.is_some()
            || self.petrify.is_some()
            || !self.teleports.is_empty()
            || !self.journeys.is_empty()
            || !self.touches.is_empty()
            || !self.moves_as.is_empty()
    }
}

/// `relay PIECES [, move only]`: an activated piece of these kinds makes its ply with
/// the patterns of the piece that activated it, not its own (the Croatian Wave).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relay {
    /// The relaying pieces.
    pub pieces: Vec<PieceId>,
    /// `move only`: the relay's ply never captures.
    pub move_only: bool,
    /// `momentum`: the game's cascades carry momentum (the book's Croatian Chess: the
    /// first mover gathers one per step of its ply; an activated piece that is not a
    /// relay declared so moves at most as many steps as it received and hands on the
    /// rest; such a relay spends none and hands on all it received).
    pub momentum: bool,
    /// `onward [KINDS]`: activated by a piece of these kinds (`Some(Any)` without
    /// them; `None`: not onward), the relay takes one first step of its activator's
    /// patterns (any of them, whatever stands there) and goes on in it to the board's
    /// edge, passing over every piece; it may end on any empty cell on the way or
    /// activate an own piece of `activates` there (the Croatian Wave).
    pub onward: Option<KindFilter>,
    /// `alternating KINDS`: activated by a piece of these kinds, an `onward` relay
    /// alternates its first step with a second one, the next step of one of its
    /// activator's paths through the first (or, for one-step paths, the first step of
    /// one of its paths from where the first ended), to the edge; it may step off the
    /// board and back (the Croatian Wave activated by a Unicorn or a Centaur). `None`:
    /// it never alternates.
    pub alternating: Option<KindFilter>,
    /// `diverge at [piece] KINDS`: an `onward` relay's straight line (never an
    /// alternating one) that passes over an own piece of these kinds (of either side
    /// with `piece`: the bool) may turn there into any first step of its activator's
    /// patterns from that cell, going on in it to the edge (the Croatian Wave diverging
    /// at its own Shaman). `None`: it never diverges.
    pub diverge: Option<(KindFilter, bool)>,
    /// `activate KINDS`: of the pieces its activator's patterns may activate, the kinds
    /// it activates (`Any` without the option).
    pub activates: KindFilter,
    /// `activate foe KINDS`: the other side's kinds an `onward` relay also activates
    /// on its lines (`None`: none; the Croatian Wave activates the opponent's Waves).
    pub activates_foe: Option<KindFilter>,
    /// Where it was declared.
    pub span: Span,
}

/// `explode on capture [, sparing KINDS] [, immune KINDS] [, around DIRS]`: a capture
/// removes the capturer (on the cell where it lands), the pieces it captured, and every
/// piece on the cells around its landing cell whose kind is not spared, of either side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explode {
    /// Kinds a blast leaves standing around the capture (`Only(empty)`: none).
    pub spared: KindFilter,
    /// Kinds a blast never removes: spared around the capture and, capturing, left on
    /// their landing cell (`Only(empty)`: none; a pattern's `explode` has none).
    pub immune: KindFilter,
    /// The steps from the landing cell to the cells the blast reaches (first side's
    /// view, mirrored for the second side).
    pub around: Vec<Vector>,
    /// `to hand`: each piece the blast removes (the capturer too) goes to the hand of
    /// the side that did not own it (Fairy-Stockfish's `blastOnCapture` with
    /// `capturesToHand`); false for a pattern's `explode`.
    pub to_hand: bool,
}

/// Which area effect an [`AreaEffect`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaKind {
    /// After a move of the piece, the pieces hit around its new cell are removed.
    Burn,
    /// A piece hit that stands around the piece cannot move.
    Freeze,
    /// After a move or drop of the piece, the foes hit around its new cell change
    /// sides; with `enclosed`, the foes of each line from that cell (in the `around`
    /// directions) that a friend closes.
    Flip {
        /// `enclosed`: lines closed by a friend (Othello), not the neighbours (Ataxx).
        enclosed: bool,
    },
}

/// `burn PIECES ...` / `freeze PIECES ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AreaEffect {
    /// Burn or freeze.
    pub kind: AreaKind,
    /// The pieces that burn or freeze.
    pub pieces: Vec<PieceId>,
    /// Friends of the piece are hit.
    pub friend: bool,
    /// Foes of the piece are hit.
    pub foe: bool,
    /// Which kinds are hit.
    pub kinds: KindFilter,
    /// The steps from the piece's cell to the cells hit (first side's view).
    pub around: Vec<Vector>,
    /// `also arriving` (a burn only): a piece hit that ends its own move on one of
    /// those cells is removed after that move (Tenjiku's passive burning).
    pub arriving: bool,
    /// Where it was declared.
    pub span: Span,
}

impl AreaEffect {
    /// Whether a piece of `kind`, a friend of the effect's piece or not, is hit.
    pub fn hits(&self, friend: bool, kind: PieceId) -> bool {
        (if friend { self.friend } else { self.foe }) && self.kinds.admits(kind)
    }
}

/// `immune PIECES [to KINDS]`: these pieces may not be captured by the kinds the
/// filter admits (by any kind without `to`). Blasts and burns are not captures: they
/// spare by their own filters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Immunity {
    /// The immune pieces.
    pub pieces: Vec<PieceId>,
    /// The capturers they are immune to.
    pub capturers: KindFilter,
}

/// What a pattern's last leg may do to a piece it ends on besides capturing an enemy
/// and pushing it: swap with it, capture a friend, convert it, activate it (`swap`,
/// `capture friend`, `convert`, `activate`). `Meets::default()` does none of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meets {
    /// `swap [CLASS] [KINDS]`: the piece met goes to the mover's start cell (friends
    /// only unless a class says otherwise).
    pub swap: Option<super::Push>,
    /// `capture friend [KINDS]`: these friendly pieces may be captured.
    pub capture_friend: Option<KindFilter>,
    /// `convert ...`: the piece met changes side (and kind); the mover stays.
    pub convert: Option<Convert>,
    /// `activate [CLASS] [KINDS]`: the mover ends on the piece met, which then makes
    /// its own ply from that cell (friends only unless a class says otherwise).
    pub activate: Option<super::Push>,
}

impl Meets {
    /// Whether the pattern does any of them.
    pub fn any(&self) -> bool {
        self.swap.is_some()
            || self.capture_friend.is_some()
            || self.convert.is_some()
            || self.activate.is_some()
    }
}

/// `convert [CLASS] [KINDS] [into KIND]`, resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Convert {
    /// Friendly pieces may be converted (they then join the other side).
    pub friend: bool,
    /// Enemy pieces may be converted (the default).
    pub foe: bool,
    /// Which kinds may be converted.
    pub kinds: KindFilter,
    /// The kind the piece becomes; `None`: its own.
    pub into: Option<PieceId>,
}

/// The most distinct [`PatternActions`] one piece's patterns may have (the table marks
/// each landing with 2 bits).
pub const MAX_MARKS: usize = 3;

/// What a move by one pattern does besides its path (pattern modifiers `sets T`,
/// `keeps T`, `burn ...`, `explode ...`). The default does nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatternActions {
    /// `sets T`: the tags (bit `i`: tag `i`) the mover carries after the move.
    pub sets: u8,
    /// `keeps T`: the tags the mover does not lose by moving (every other is lost).
    pub keeps: u8,
    /// `burn [CLASS [KINDS]] [around DIRS]`: after the move, the pieces hit around the
    /// mover's new cell are removed (`pieces` is the pattern's piece).
    pub burn: Option<AreaEffect>,
    /// `explode [sparing KINDS] [around DIRS]`: a capture by this pattern removes the
    /// capturer and the pieces around its landing cell, as `explode on capture` does.
    pub explode: Option<Explode>,
    /// `withdraw [KINDS]`: the enemy of these kinds on the cell next to the mover's
    /// start cell, straight behind the way it moved, is captured.
    pub withdraw: Option<KindFilter>,
    /// `pincer [KINDS] [around DIRS]`: custodian capture around the mover's new cell.
    pub pincer: Option<Pincer>,
    /// `coordinate [KINDS] with PIECE`: capture where the mover's lines cross PIECE's.
    pub coordinate: Option<Coordinate>,
    /// `not in check`: the pattern's moves are not moves while the mover's side is in
    /// check.
    pub not_in_check: bool,
}

impl PatternActions {
    /// Whether the actions touch pieces other than the mover (a burn, a blast, or a
    /// capture by the move's shape: `withdraw`, `pincer`, `coordinate`).
    pub fn removes(&self) -> bool {
        self.burn.is_some() || self.explode.is_some() || self.shape_captures()
    }

    /// Whether the actions capture by the move's shape (`withdraw`, `pincer`,
    /// `coordinate`): captures the game layer adds to each move of the pattern.
    pub fn shape_captures(&self) -> bool {
        self.withdraw.is_some() || self.pincer.is_some() || self.coordinate.is_some()
    }
}

/// `pincer [KINDS] [around DIRS]`, resolved: after the move, each enemy of `kinds`
/// one step `v` from the mover's new cell, with a friendly piece one step `v` further
/// on, is captured (custodian capture).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pincer {
    /// The enemies that may be taken.
    pub kinds: KindFilter,
    /// The steps `v` (first side's view, mirrored for the second side).
    pub around: Vec<Vector>,
}

/// `coordinate [KINDS] with PIECE`, resolved: after the move, the enemies of `kinds` on
/// the cells at (the mover's new file, the rank of a friendly `with` piece) and (that
/// piece's file, the mover's new rank) are captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coordinate {
    /// The enemies that may be taken.
    pub kinds: KindFilter,
    /// The friendly piece kind whose file and rank the mover's cross.
    pub with: PieceId,
}

/// A piece's distinct pattern actions in mark order: entry `i` is what a move by a
/// pattern of mark `i + 1` does.
pub fn marked_actions(patterns: &[super::Pattern]) -> Vec<PatternActions> {
    let mut out: Vec<PatternActions> = Vec::new();
    for p in patterns {
        let (mark, Some(a)) = (p.conditions.mark as usize, p.conditions.actions.as_deref()) else {
            continue;
        };
        if mark == 0 {
            continue;
        }
        if out.len() < mark {
            out.resize(mark, PatternActions::default());
        }
        out[mark - 1] = a.clone();
    }
    out
}
