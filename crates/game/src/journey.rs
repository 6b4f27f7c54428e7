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
use crate::ir::{Coord, Journey, Spiral, Vector};
use crate::walk::Occupant;
use crate::{Game, SideChange, MAX_SIDE_CHANGES};

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

    /// The displacement-fields of a piece on `from` met by a journey of a piece of
    /// `kind` and `side` that a piece of `by` and `by_side` activated, as the rules'
    /// `journey ..., displaces onto ...` declares them, in their order (`None`: off the
    /// board, where no piece goes); empty when that journey displaces nothing. A query
    /// of the rules' geometry (the book's diagrams of the displacement-fields, Conquest
    /// of Tlalocan, "Displacement-fields"), no position.
    pub fn journey_displacement_fields(
        &self,
        (kind, side): (PieceId, Side),
        (by, by_side): (PieceId, Side),
        from: CellId,
    ) -> Vec<Option<CellId>> {
        let Some(act) = self
            .effects
            .as_deref()
            .and_then(|fx| fx.activation.as_ref())
        else {
            return Vec::new();
        };
        let Some((rule, _)) = act.journeys.spiral(kind, side, by) else {
            return Vec::new();
        };
        let board = self.board();
        let at = board.coord(from);
        rule.displaces_when(by_side)
            .iter()
            .map(|v| displaced(self, at, *v))
            .collect()
    }

    /// Every way to travel `arm` (see [`JourneyArm`]) for a journey that `meets` the
    /// pieces on its fields so, over `cells` (the position as the journey starts, its
    /// start cell holding the activator; changed on the way and restored): `visit`
    /// gets each field it may end on, whether it ends there capturing the piece on it,
    /// and the changes made to the pieces reached before, in the order made (a piece
    /// displaced, [`SideChange::Displace`], or captured where it stands,
    /// [`SideChange::Put`] of nothing). A piece of the kinds that block is passed
    /// untouched; any other piece is left, or, as the journey `meets` them, captured
    /// (and the journey may end there, taking it) or displaced onto each of its empty
    /// displacement-fields (and the journey may end on the field it left), each choice
    /// made as the journey reaches it, so that a piece displaced onto a field further
    /// on is met again there (the book's forward displacement) and one displaced onto a
    /// field passed is not (backward). At most [`MAX_SIDE_CHANGES`] changes, of them at
    /// most [`MOST_DISPLACED`] displacements: the ways that would make more are not
    /// travelled.
    pub(crate) fn journey_ways(
        &self,
        cells: &mut [Occupant],
        meets: &Meets<'_>,
        arm: &JourneyArm,
        visit: &mut dyn FnMut(CellId, bool, &[SideChange]),
    ) {
        let mut changes = Vec::with_capacity(MAX_SIDE_CHANGES);
        self.ways_from(cells, meets, arm, 0, &mut changes, visit);
    }

    fn ways_from(
        &self,
        cells: &mut [Occupant],
        meets: &Meets<'_>,
        arm: &JourneyArm,
        first: usize,
        changes: &mut Vec<SideChange>,
        visit: &mut dyn FnMut(CellId, bool, &[SideChange]),
    ) {
        let board = self.board();
        for (i, &(field, _)) in arm.iter().enumerate().skip(first) {
            let Some(cell) = field else { continue };
            let met = cells[cell.index()];
            if met.is_empty() {
                visit(cell, false, changes);
                continue;
            }
            if meets.rule.blocks(met.kind()) {
                continue;
            }
            let room = changes.len() < MAX_SIDE_CHANGES;
            if meets.captures {
                visit(cell, true, changes);
                if room {
                    cells[cell.index()] = Occupant::EMPTY;
                    changes.push(SideChange::Put { cell, piece: None });
                    self.ways_from(cells, meets, arm, i + 1, changes, visit);
                    changes.pop();
                    cells[cell.index()] = met;
                }
            }
            let displaced_so_far = changes
                .iter()
                .filter(|c| matches!(c, SideChange::Displace { .. }))
                .count();
            if room && !meets.displaces.is_empty() && displaced_so_far < MOST_DISPLACED {
                let at = board.coord(cell);
                for &v in meets.displaces {
                    let Some(to) = displaced(self, at, v) else {
                        continue;
                    };
                    if !cells[to.index()].is_empty() {
                        continue;
                    }
                    cells[cell.index()] = Occupant::EMPTY;
                    cells[to.index()] = met;
                    changes.push(SideChange::Displace { from: cell, to });
                    visit(cell, false, changes);
                    self.ways_from(cells, meets, arm, i + 1, changes, visit);
                    changes.pop();
                    cells[to.index()] = Occupant::EMPTY;
                    cells[cell.index()] = met;
                }
            }
            // Left where it stands: the journey passes it.
        }
    }
}

/// The most displacements one journey makes ([`Game::journey_ways`]): each piece
/// displaced multiplies the journey's moves by its empty displacement-fields (the
/// book's 44), so that a journey meeting many pieces would have more moves than any
/// list holds; the ways that displace more are not travelled.
pub const MOST_DISPLACED: usize = 2;

/// The cell `v` away from `at`, if on the board.
fn displaced(g: &Game, at: Coord, v: Vector) -> Option<CellId> {
    g.board().cell_at(Coord {
        x: at.x + i16::from(v.dx),
        y: at.y + i16::from(v.dy),
    })
}

/// What a journey does to the pieces on the fields it reaches, for its activator's
/// side ([`Game::journey_ways`]).
pub(crate) struct Meets<'a> {
    /// The journey's rule (which kinds block a field).
    pub(crate) rule: &'a Journey,
    /// `captures`: it may take them, where they stand or by ending on their field.
    pub(crate) captures: bool,
    /// `displaces onto ...`: their displacement-fields (empty: none).
    pub(crate) displaces: &'a [Vector],
    /// `sweeps`: the piece may instead take every piece on its arms and leave.
    pub(crate) sweeps: bool,
}

impl<'a> Meets<'a> {
    /// What a journey of `rule` of a piece of `side` started by an activator of `by`
    /// does.
    pub(crate) fn new(rule: &'a Journey, side: Side, by: Side) -> Meets<'a> {
        Meets {
            rule,
            captures: rule.captures_when(by),
            displaces: rule.displaces_when(by),
            sweeps: rule.sweeps(side, by),
        }
    }

    /// Whether it changes any piece it passes (else it only passes them, ending on
    /// empty fields).
    pub(crate) fn changes_pieces(&self) -> bool {
        self.captures || !self.displaces.is_empty()
    }
}

/// The side changes of a journey's move that ends on `end` having made `made` (in the
/// order made, [`Game::journey_ways`]), as make plays them: after the journeying piece
/// stands on `end` (whatever stood there then gone) and the activator on its start.
/// Their net effect: each piece captured emptied where it stood, then each piece moved
/// from where it stood to where it ends, one onto a cell emptied before it ([`SideChange::Displace`]);
/// a piece that stood on `end` (covered by the journeying piece in make) and one of a
/// ring of pieces each onto another's cell are put where they end instead
/// ([`SideChange::Put`], last). `None` when more than [`MAX_SIDE_CHANGES`] are needed.
/// `before` is the position the journey started from.
pub(crate) fn journey_changes(
    before: &[Occupant],
    end: CellId,
    made: &[SideChange],
) -> Option<Vec<SideChange>> {
    // Each piece changed: where it stood, where it is (None: captured), what it is.
    let mut pieces: Vec<(CellId, Option<CellId>, Occupant)> = Vec::new();
    for c in made {
        match *c {
            SideChange::Displace { from, to } => {
                match pieces.iter_mut().find(|p| p.1 == Some(from)) {
                    Some(p) => p.1 = Some(to),
                    None => pieces.push((from, Some(to), before[from.index()])),
                }
            }
            SideChange::Put { cell, .. } => match pieces.iter_mut().find(|p| p.1 == Some(cell)) {
                Some(p) => p.1 = None,
                None => pieces.push((cell, None, before[cell.index()])),
            },
            // A journey brings no piece back.
            SideChange::Revive { .. } => {}
        }
    }
    pieces.retain(|p| p.1 != Some(p.0));
    let mut out = Vec::with_capacity(pieces.len());
    let mut put_last = Vec::new();
    for p in &pieces {
        if p.1.is_none() && p.0 != end {
            out.push(SideChange::Put {
                cell: p.0,
                piece: None,
            });
        }
    }
    // Cells emptied by the changes so far (besides those empty before the move).
    let mut emptied: Vec<CellId> = pieces
        .iter()
        .filter(|p| p.1.is_none())
        .map(|p| p.0)
        .collect();
    let mut moving: Vec<(CellId, CellId, Occupant)> = Vec::new();
    for &(from, to, occ) in &pieces {
        let Some(to) = to else { continue };
        if from == end {
            put_last.push((to, occ));
        } else {
            moving.push((from, to, occ));
        }
    }
    while !moving.is_empty() {
        let free =
            |c: CellId, emptied: &[CellId]| before[c.index()].is_empty() || emptied.contains(&c);
        match moving.iter().position(|&(_, to, _)| free(to, &emptied)) {
            Some(i) => {
                let (from, to, _) = moving.remove(i);
                out.push(SideChange::Displace { from, to });
                emptied.push(from);
                emptied.retain(|&c| c != to);
            }
            None => {
                // A ring: one of it leaves the board for now, put back last.
                let (from, to, occ) = moving.remove(0);
                out.push(SideChange::Put {
                    cell: from,
                    piece: None,
                });
                emptied.push(from);
                put_last.push((to, occ));
            }
        }
    }
    for (cell, occ) in put_last {
        out.push(SideChange::Put {
            cell,
            piece: Some((occ.side(), occ.kind())),
        });
    }
    (out.len() <= MAX_SIDE_CHANGES).then_some(out)
}

impl Game {
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
