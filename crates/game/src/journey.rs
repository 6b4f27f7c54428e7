//! journey: `journey PIECES by PIECES, spiral ...` played — a piece of the journeying
//! kinds activated by a piece of the `by` kinds makes its ply along one arm of its
//! side's spiral ([`crate::ir::Spiral`]) instead of with its own patterns: the Croatian
//! Shaman entranced by another Shaman's step onto it (Conquest of Tlalocan,
//! "Trance-journey").
//!
//! Owns the game's journey rules ([`Journeys`]) and the fields a journey may end on
//! ([`Game::journey_arms`]; [`Game::journey_fields`] shows them without a position); the cascade generation (`movegen::cascade`) and the path
//! trees (`cascade_tree`) ask them. An arm is a fixed path: the journeying piece passes
//! over every piece on it (fields off the board are passed too, as the book's virtual
//! fields) and may end on each empty field of it on the board; an `inward` arm starts
//! from its outermost field on the board and comes back towards the start, which is
//! never a destination. A journey is a ply like another: it activates nothing, and
//! captures nothing unless its rule `captures` for its activator's side: then it may
//! also end on a field held by a piece that does not block it, capturing that piece,
//! own or not (the trance-journey entranced by a dark Shaman). A piece whose every
//! field on the board is blocked (holds a piece of the `blocked by` kinds; any piece
//! without) is removed instead: its ply ends on the cell it leaves, which make reads
//! as the piece's removal (the book's oblation, "Failed trance-journey"); a field held
//! by a piece that does not block is no destination either without `captures` (the
//! displacements are not played yet), but no oblation.
//!
//! Not yet: the rest of the interactions the book gives a trance-journey (the pieces
//! on the fields passed displaced when the entrancing Shaman is light, captured when
//! it is dark, the double journey of a dark Shaman entranced by a dark one). The
//! Starchild's sense-journey (One) is a journey of the piece an uplifting Starchild
//! activates (`activated ... moves as`).

use crate::ids::{CellId, PieceId, Side};
use crate::ir::{Coord, Journey, Spiral};
use crate::Game;

/// The game's journey rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct Journeys {
    rules: Vec<Journey>,
}

impl Journeys {
    pub(crate) fn new(rules: &[Journey]) -> Journeys {
        Journeys {
            rules: rules.to_vec(),
        }
    }

    /// The journey a piece of `kind` and `side`, activated by a piece of `by`, makes,
    /// with its side's spiral (`None`: it moves with its patterns, as any activated
    /// piece).
    pub(crate) fn spiral(
        &self,
        kind: PieceId,
        side: Side,
        by: PieceId,
    ) -> Option<(&Journey, &Spiral)> {
        self.rules
            .iter()
            .find(|j| j.pieces.contains(&kind) && j.by.contains(&by))
            .and_then(|j| j.spiral(side).map(|s| (j, s)))
    }

    /// Whether no journey is declared.
    pub(crate) fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

/// One arm of a journey on the board, in the order it is travelled: each field's
/// cell on the board (`None`: off the board, passed) with the corner passed just
/// before it (the two legs' meeting point of the step that reaches it, drawn on the
/// path; `None` off the board).
pub type JourneyArm = Vec<(Option<CellId>, Option<CellId>)>;

impl Game {
    /// The arms of the spiral a piece of `kind` and `side` journeys along from `at`
    /// when a piece of `by` activates it, as the rules' `journey` declares it: each
    /// arm outward from `at` ([`JourneyArm`]: its fields on the board or off it, each
    /// with the corner passed on the way to it from the field before, the first from
    /// `at`), up to its last field on the board; and whether the arms are travelled
    /// inward (from that last field back). `None` when no journey is declared for them.
    /// A query of the rules' geometry (the book's diagrams of the trance-journey's
    /// patterns, Conquest of Tlalocan, "Trance-journey"), no position: which fields a
    /// journey may end on in a position is the cascade's ([`Game::cascade_trees`]).
    pub fn journey_fields(
        &self,
        kind: PieceId,
        side: Side,
        by: PieceId,
        at: CellId,
    ) -> Option<(Vec<JourneyArm>, bool)> {
        let act = self.effects.as_deref()?.activation.as_ref()?;
        let (_, spiral) = act.journeys.spiral(kind, side, by)?;
        let outward = Spiral {
            inward: false,
            ..spiral.clone()
        };
        Some((self.journey_arms(&outward, at), spiral.inward))
    }

    /// The arms of `spiral` from `at`, each in the order it is travelled: outward from
    /// `at`, or, for an `inward` spiral, from its outermost field on the board back
    /// (the start then not among them).
    pub(crate) fn journey_arms(&self, spiral: &Spiral, at: CellId) -> Vec<JourneyArm> {
        let board = self.board();
        let (width, height) = (i16::from(board.width()), i16::from(board.height()));
        let from = board.coord(at);
        let cell = |c: Coord| board.cell_at(c);
        spiral
            .arms
            .iter()
            .map(|&first| {
                let fields = spiral.arm(from, first, width, height);
                // A step with no diagonal part has no corner apart from its field.
                let corner =
                    |f: &crate::ir::ArmField| (f.corner != f.at).then(|| cell(f.corner)).flatten();
                let mut arm: JourneyArm = fields.iter().map(|f| (cell(f.at), corner(f))).collect();
                if spiral.inward {
                    // Back from the outermost field: each step's corner lies between
                    // its field and the one before it, passed after the field.
                    let mut back = Vec::with_capacity(arm.len());
                    for (i, f) in fields.iter().enumerate().rev() {
                        let corner = fields.get(i + 1).and_then(corner);
                        back.push((cell(f.at), corner));
                    }
                    arm = back;
                }
                arm
            })
            .collect()
    }
}
