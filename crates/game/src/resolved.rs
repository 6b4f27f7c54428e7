//! The game's rules resolved to cells, as `Game` holds them: castling moves, promotion
//! rules and drop limits, per side and piece.

use crate::ids::{CellId, PieceId, Side};
use crate::{GameMove, GamePosition, MoveKind};

/// One castling move of one side, resolved to cells.
#[derive(Clone, Debug)]
pub struct CastlingMove {
    /// The side that castles.
    pub side: Side,
    /// The royal piece that castles.
    pub king: PieceId,
    /// Where the king starts.
    pub king_from: CellId,
    /// Where the king ends.
    pub king_to: CellId,
    /// The piece the king castles with (the rook in chess).
    pub partner: PieceId,
    /// Where the partner starts.
    pub partner_from: CellId,
    /// Where the partner ends.
    pub partner_to: CellId,
    /// Cells that must be empty (but for the two pieces themselves).
    pub empty: Vec<CellId>,
    /// `, past KINDS`: cells the two pieces cross (not their destinations) that may be
    /// empty or hold a piece of one of `past_kinds`.
    pub past: Vec<CellId>,
    /// `, past KINDS`: the kinds the two pieces may pass over.
    pub past_kinds: Vec<PieceId>,
    /// Cells the king stands on, passes or reaches: none may be attacked.
    pub safe: Vec<CellId>,
    /// The FEN letter of this right (`K`, `Q`, `k`, `q`).
    pub letter: char,
    /// `tagged T`: the bit of the tag both pieces must carry (0: none). Such a
    /// castling's right is the tag (FEN marks), never a letter: its bit in
    /// [`GamePosition`]'s rights is always set.
    pub tag: u8,
    /// `king takes rook`: UCI writes the move as the king's to the partner's start
    /// cell (`e1h1`), as Chess960's UCI does.
    pub king_takes_rook: bool,
    /// `, when dropped`: a drop that leaves both pieces on their start cells gives the
    /// right.
    pub when_dropped: bool,
}

impl CastlingMove {
    /// The move of this castling, number `i` of the game's: the king's, from its start
    /// cell to its destination.
    #[inline]
    pub(crate) fn game_move(&self, i: usize) -> GameMove {
        GameMove::simple(
            MoveKind::Castling(i as u8),
            self.king,
            self.king_from,
            self.king_to,
        )
    }

    /// Whether the pieces on the castling's two start cells carry its tag (always, for a
    /// castling without one).
    #[inline]
    pub(crate) fn tags_hold(&self, pos: &GamePosition) -> bool {
        self.tag == 0 || pos.tags(self.king_from) & pos.tags(self.partner_from) & self.tag != 0
    }
}

/// A promotion rule of one side and piece, resolved to cells.
#[derive(Clone, Debug)]
pub struct PromotionRule {
    /// Indexed by cell id: a move ending here promotes (and, with `also_leaving`, a
    /// move starting here).
    pub zone: Vec<bool>,
    /// What the piece may promote to, in declaration order.
    pub choices: Vec<PieceId>,
    /// `optional`: the piece may also stay as it is.
    pub optional: bool,
    /// `also leaving`: a move starting in the zone promotes too (Shogi).
    pub also_leaving: bool,
    /// `on entry or capture`: a move starting in the zone promotes only if it
    /// captures (Chu Shogi).
    pub entry_or_capture: bool,
    /// `never forced`: staying unpromoted is allowed even on a dead cell.
    pub never_forced: bool,
    /// `on capture`: only a move that captures promotes (Micro shogi).
    pub on_capture: bool,
    /// `only captured`: a choice is allowed only while the side has fewer of it on the
    /// board than in the start position.
    pub only_captured: bool,
    /// `tagged T`: the bit of the tag `T` (0: none) that a piece reaching the zone
    /// without promoting (a later ply of a cascade; every move with `delayed`) carries;
    /// a piece carrying it on a zone cell promotes as a move of its own.
    pub tag: u8,
    /// `delayed`: no move promotes at once.
    pub delayed: bool,
    /// `heading`: the rule's one choice for a move is the one whose direction is
    /// nearest the way the piece moved (`HeadingRule::pick`); a move that ends where
    /// it started keeps the piece as it is.
    pub heading: Option<std::sync::Arc<HeadingRule>>,
    /// `not en passant`: an en passant capture does not promote.
    pub not_en_passant: bool,
    /// `at most N`: a choice only while the side has fewer than N of it on the board.
    pub at_most: Option<u8>,
}

impl PromotionRule {
    /// Whether `side` may promote to `choice` by this rule in `pos`: `only captured`
    /// (fewer than at the start) and `at most N` (fewer than N) count the choice's
    /// pieces on the board.
    #[inline]
    pub(crate) fn choice_open(
        &self,
        g: &crate::Game,
        pos: &crate::GamePosition,
        side: crate::ids::Side,
        choice: PieceId,
    ) -> bool {
        let have = pos.counts[side.index()][choice.index()];
        !(self.only_captured && have >= g.start_counts[side.index()][choice.index()])
            && self.at_most.map_or(true, |n| have < u16::from(n))
    }
}

/// A `heading` declaration resolved for one side: the choices' directions and the
/// cells' centres that give a move's direction.
#[derive(Clone, Debug)]
pub struct HeadingRule {
    /// Per choice (as [`PromotionRule::choices`]): its direction in radians, from this
    /// side's view.
    pub angles: Vec<f64>,
    /// Per cell: its centre (x right, y up from the first side's view).
    pub centers: Vec<(f64, f64)>,
    /// The second side's rule: directions are seen from its side (y down).
    pub mirrored: bool,
    /// On a free graph, per choice: the choice's kind turned to each bearing a piece
    /// can arrive with (tenths of a degree, this side's view), sorted by bearing
    /// ([`piecewise_lang::ir::Heading::bearings`]); empty elsewhere.
    pub bearings: Vec<Vec<(u16, PieceId)>>,
}

impl HeadingRule {
    /// The index of the choice nearest the direction from `from` to `to` (the first of
    /// a tie); `None` when they are one cell.
    pub fn pick(&self, from: usize, to: usize) -> Option<usize> {
        let (a, b) = (self.centers.get(from)?, self.centers.get(to)?);
        let (dx, mut dy) = (b.0 - a.0, b.1 - a.1);
        if dx.abs() < 1e-9 && dy.abs() < 1e-9 {
            return None;
        }
        if self.mirrored {
            dy = -dy;
        }
        let moved = dy.atan2(dx);
        let gap = |angle: f64| {
            let d = (moved - angle).rem_euclid(std::f64::consts::TAU);
            d.min(std::f64::consts::TAU - d)
        };
        let mut best: Option<(usize, f64)> = None;
        for (i, &angle) in self.angles.iter().enumerate() {
            let g = gap(angle);
            if best.map_or(true, |(_, b)| g < b - 1e-9) {
                best = Some((i, g));
            }
        }
        best.map(|(i, _)| i)
    }

    /// The kind a move from `from` to `to` makes of choice `i`'s kind `kind`: on a free
    /// graph, that kind turned to the bearing nearest the way the piece moved (its
    /// forward is then straight on along the link it arrived by); `kind` elsewhere.
    pub fn turned(&self, i: usize, kind: PieceId, from: usize, to: usize) -> PieceId {
        let Some(list) = self.bearings.get(i).filter(|l| !l.is_empty()) else {
            return kind;
        };
        let (Some(a), Some(b)) = (self.centers.get(from), self.centers.get(to)) else {
            return kind;
        };
        let dy = if self.mirrored { a.1 - b.1 } else { b.1 - a.1 };
        let moved = (dy.atan2(b.0 - a.0).to_degrees() * 10.0).rem_euclid(3600.0);
        let gap = |t: u16| {
            let d = (moved - f64::from(t)).abs();
            d.min(3600.0 - d)
        };
        list.iter()
            .min_by(|x, y| gap(x.0).total_cmp(&gap(y.0)))
            .map_or(kind, |&(_, k)| k)
    }
}

/// Drop restrictions of one side and piece, resolved to cells.
#[derive(Clone, Debug, Default)]
pub struct DropLimits {
    /// Indexed by cell id: never dropped here.
    pub forbidden: Vec<bool>,
    /// `at most N per file` (`one per file`: 1): not on a file that already holds N own
    /// pieces of the same kind; 0: no limit.
    pub per_file: u8,
    /// `not mating`: a drop that checkmates at once is illegal.
    pub not_mating: bool,
    /// `also stuck`: also dropped where the piece could never move again.
    pub stuck: bool,
    /// `not checking`: a drop that gives check is illegal.
    pub not_checking: bool,
    /// `next to friend`: only on a cell next to a piece of the dropping side.
    pub next_to_friend: bool,
    /// `enclosing`: only where the kind's `flip` turns a piece.
    pub enclosing: bool,
    /// `opening in ZONE`: the zone's cells (empty: no such option); while one of them
    /// is empty, drops go only there, without `enclosing`'s condition.
    pub opening: Vec<CellId>,
    /// `either face`: the piece's promoted face (the kind written `+X`), which it may
    /// also be dropped as (Kyoto shogi's `+P@a1`).
    pub face: Option<PieceId>,
    /// `dropped first`: while the side holds such a piece and may drop one, it must.
    pub first: bool,
    /// `not next to foe`: never one orthogonal step from a piece of the other side.
    pub not_next_to_foe: bool,
    /// `falling` / `pushed in`: where a drop lands (`None`: on any empty cell).
    pub landing: Option<crate::ir::DropLanding>,
}

impl DropLimits {
    /// Whether the drop's legality depends on what it does to the opponent's royals
    /// (`not mating`, `not checking`): the full test plays it.
    pub fn judged_after(&self) -> bool {
        self.not_mating || self.not_checking
    }
}
