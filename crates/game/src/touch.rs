//! touch: plies that end on an own piece and change it (`touch PIECES, promote KINDS in
//! ZONE`). A touching piece's ply may end on an own piece of the kinds named standing on
//! a cell of the zone (its side's), where it would capture that piece were it a foe:
//! the toucher leaves the board and the piece touched promotes where it stands — to
//! each choice of its first promotion rule, or, when a rule of it is `tagged T`, it is
//! tagged for promotion instead (a touch is a cascade's later ply, and an activated
//! piece's arrival is tagged, never promoted at once, where the promotion waits in a
//! tag). The Croatian Pyramid (Mayan Ascendancy, "Promotion": the activated Pyramid
//! "marks Pawn for promotion by touching either Pawn or field at which it stands.
//! Pyramid then leaves board as if captured by the opponent, and Pawn is replaced by
//! desired piece"; Age of Aquarius, "Promotion": Pawn 2 tagged "using Pyramid activated
//! by Bishop").
//!
//! Owns the rules resolved for the board ([`Touches`]) and the disguise the walks use
//! to find the touches (the pieces that may be touched turned to the other side for
//! the walk, so that a ply that would capture them is found). The touch's move is a
//! cascade whose last ply touches (`moves::Cascade::touch`), generated in
//! `movegen::cascade`, played in `make` (the toucher removed, the piece promoted) and
//! tagged in `delayed`; `cascade_tree` draws it as a capture. Not yet: a first ply's
//! touch (the checker asks for `passive` touchers, E1004) and the Pyramid's conversion
//! of an enemy piece, the same touch on a foe.

use crate::ids::{CellId, PieceId, Side};
use crate::walk::Occupant;
use crate::Game;

/// One `touch` declaration resolved for the board.
#[derive(Clone, Debug)]
struct TouchRule {
    /// Per kind: it touches.
    by: Vec<bool>,
    /// Per kind: a touch promotes it.
    kinds: Vec<bool>,
    /// Per side: the cells where a piece of that side may be touched.
    zone: [Vec<bool>; 2],
}

/// The game's `touch` rules.
#[derive(Clone, Debug)]
pub(crate) struct Touches {
    rules: Vec<TouchRule>,
    /// Per kind: some rule lets it touch.
    touchers: Vec<bool>,
}

/// What a touch does to the piece touched, as a move keeps it (0: no touch).
pub(crate) const TOUCH_TAGS: u16 = 1;

impl Touches {
    /// The rules of `touches` (none: `None`), with each zone's cells per side from
    /// `zone_cells`.
    pub(crate) fn new(
        touches: &[crate::ir::Touch],
        pieces: usize,
        zone_cells: impl Fn(crate::ids::ZoneId, Side) -> Vec<bool>,
    ) -> Option<Touches> {
        if touches.is_empty() {
            return None;
        }
        let mask = |ks: &[PieceId]| {
            let mut m = vec![false; pieces];
            for k in ks {
                m[k.index()] = true;
            }
            m
        };
        let rules: Vec<TouchRule> = touches
            .iter()
            .map(|t| TouchRule {
                by: mask(&t.pieces),
                kinds: mask(&t.promote),
                zone: Side::BOTH.map(|side| zone_cells(t.zone, side)),
            })
            .collect();
        let touchers = (0..pieces).map(|k| rules.iter().any(|r| r.by[k])).collect();
        Some(Touches { rules, touchers })
    }

    /// Whether pieces of `kind` touch.
    #[inline]
    pub(crate) fn touches_by(&self, kind: PieceId) -> bool {
        self.touchers[kind.index()]
    }

    /// Whether `toucher` may touch `met` on `cell`: a piece of its side, of a kind
    /// its rule promotes, on a cell of that rule's zone.
    pub(crate) fn may_touch(&self, toucher: Occupant, met: Occupant, cell: CellId) -> bool {
        !met.is_empty()
            && !toucher.is_empty()
            && met.side() == toucher.side()
            && self.rules.iter().any(|r| {
                r.by[toucher.kind().index()]
                    && r.kinds[met.kind().index()]
                    && r.zone[toucher.side().index()][cell.index()]
            })
    }

    /// Turns to the other side, on `cells`, every piece `toucher` may touch but those
    /// on `moved` (pieces that have moved in the cascade), so that a walk of it finds
    /// them as captures; returns their cells, for [`Touches::undisguise`].
    pub(crate) fn disguise(
        &self,
        cells: &mut [Occupant],
        toucher: Occupant,
        moved: &[u16],
    ) -> Vec<u16> {
        let mut flipped = Vec::new();
        for (i, o) in cells.iter_mut().enumerate() {
            let (met, cell) = (*o, CellId(i as u16));
            if !moved.contains(&cell.0) && self.may_touch(toucher, met, cell) {
                *o = Occupant::piece(met.side().opponent(), met.kind());
                flipped.push(cell.0);
            }
        }
        flipped
    }

    /// Turns back the pieces [`Touches::disguise`] turned.
    pub(crate) fn undisguise(cells: &mut [Occupant], flipped: &[u16]) {
        for &c in flipped {
            let o = cells[c as usize];
            cells[c as usize] = Occupant::piece(o.side().opponent(), o.kind());
        }
    }
}

impl Game {
    /// What a touch does to `side`'s piece of `kind` (see [`Touches`]): each code a
    /// move keeps — [`TOUCH_TAGS`] when a promotion rule of the piece is `tagged T`
    /// (it is tagged), otherwise the kind + 2 of each choice of its first rule open to
    /// `side` in `pos` (it promotes to it).
    pub(crate) fn touch_codes(
        &self,
        pos: &crate::GamePosition,
        side: Side,
        kind: PieceId,
    ) -> Vec<u16> {
        let rules = &self.promotions[side.index() * self.pieces + kind.index()];
        if rules.iter().any(|r| r.tag != 0) {
            return vec![TOUCH_TAGS];
        }
        let Some(r) = rules.first() else {
            return Vec::new();
        };
        r.choices
            .iter()
            .filter(|&&c| r.choice_open(self, pos, side, c))
            .map(|c| u16::from(c.0) + 2)
            .collect()
    }

    /// The promotion tag a touch gives `side`'s piece of `kind`: that of its first
    /// promotion rule with a tag (0: none).
    pub(crate) fn touch_tag(&self, side: Side, kind: PieceId) -> u8 {
        self.promotions[side.index() * self.pieces + kind.index()]
            .iter()
            .find(|r| r.tag != 0)
            .map_or(0, |r| r.tag)
    }
}

impl Game {
    /// Whether `side`'s piece of `kind` on `cell` may be touched there (a touch's tag
    /// for promotion is then good where it stands, outside its promotion zone too).
    pub(crate) fn touch_zone(&self, side: Side, kind: PieceId, cell: CellId) -> bool {
        self.touches.as_deref().is_some_and(|t| {
            t.rules
                .iter()
                .any(|r| r.kinds[kind.index()] && r.zone[side.index()][cell.index()])
        })
    }
}
