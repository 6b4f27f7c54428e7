//! effects: what moves do beyond their own paths — blasts (`explode on capture`),
//! burns, freezing and immunity — as the game layer applies them.
//!
//! Owns the resolved form of [`crate::ir::Effects`] (per-cell neighbourhoods for each
//! side, per-kind lookups) and three questions: which cells a move clears besides its
//! own ([`GameEffects::apply`], called by make after the move's own changes, so that
//! unmake's journal takes them back), which pseudo-legal moves an effect forbids
//! (frozen movers, immune victims: [`GameEffects::allows`]), and whether a move may
//! remove pieces it did not capture ([`GameEffects::may_remove`]). What a given move
//! does beyond its path, as the public API reports it, is `side_effects` (which plays
//! the move: rule modules below make never do). Legality in a game
//! with effects is decided by playing the move and the replies
//! (`legality::general`), since a blast or a burn can take a royal that no attack
//! query sees.

use super::{Game, GameMove, GamePosition, MoveKind};
use crate::ids::{CellId, PieceId, Side};
use crate::ir::{
    AreaKind, Effects, Explode, KindFilter, Neutrals, PatternActions, Vector, MAX_MARKS,
};
use crate::topology::Board;
use crate::walk::Occupant;

mod build;
mod flip;
mod shape;

pub(crate) use flip::Flips;

/// The cells around each cell, per side (the second side's steps are mirrored).
#[derive(Clone, Debug)]
struct Around {
    /// `[side][cell]`: the cells one step away in the declared directions.
    cells: [Vec<Vec<CellId>>; 2],
}

impl Around {
    fn new(board: &Board, steps: &[Vector]) -> Around {
        let geometry = board.geometry();
        let of_side = |mirror: bool| {
            board
                .cells()
                .map(|c| {
                    let mut out: Vec<CellId> = steps
                        .iter()
                        .filter_map(|&v| if mirror { geometry.mirror(v) } else { Some(v) })
                        .flat_map(|v| board.reach(c, v))
                        .collect();
                    out.sort();
                    out.dedup();
                    out
                })
                .collect()
        };
        Around {
            cells: [of_side(false), of_side(true)],
        }
    }

    fn of(&self, side: Side, cell: CellId) -> &[CellId] {
        &self.cells[side.index()][cell.index()]
    }

    /// The other way round: `[side][cell]`, the cells whose cells around (as `side`
    /// sees them) include `cell`.
    fn reversed(&self) -> [Vec<Vec<CellId>>; 2] {
        [0, 1].map(|s| {
            let mut out = vec![Vec::new(); self.cells[s].len()];
            for (from, around) in self.cells[s].iter().enumerate() {
                for &c in around {
                    out[c.index()].push(CellId(from as u16));
                }
            }
            out
        })
    }
}

/// A burn `also arriving` (Tenjiku's passive burning): a piece its area hits that ends
/// its own move around one of the burning pieces is removed after that move.
#[derive(Clone, Debug)]
struct ArrivingBurn {
    /// The burn's index in [`GameEffects::areas`].
    area: usize,
    /// Per kind: it burns (one of the declaration's pieces).
    burners: Vec<bool>,
    /// `[side][cell]`: the cells from which a burner of `side` hits `cell`.
    from: [Vec<Vec<CellId>>; 2],
}

/// A blast or an area effect: who is hit, where.
#[derive(Clone, Debug)]
struct Area {
    friend: bool,
    foe: bool,
    /// Per kind: hit.
    kinds: Vec<bool>,
    /// Per kind: a blast leaves it standing even as the capturer (`immune` of
    /// `explode on capture`; empty for the other areas).
    keeps_capturer: Vec<bool>,
    around: Around,
    /// `to hand` of `explode on capture`: the pieces the blast removes go to the hand
    /// of the side that did not own them (false for the other areas).
    to_hand: bool,
}

impl Area {
    fn hits(&self, by: Side, o: Occupant) -> bool {
        !o.is_empty()
            && (if o.side() == by {
                self.friend
            } else {
                self.foe
            })
            && self.kinds[o.kind().index()]
    }
}

fn admitted(filter: &KindFilter, pieces: usize) -> Vec<bool> {
    (0..pieces)
        .map(|k| filter.admits(PieceId(k as u8)))
        .collect()
}

/// The effects of a game, resolved for its board.
#[derive(Clone, Debug)]
pub(crate) struct GameEffects {
    pieces: usize,
    /// `explode on capture`: who the blast hits around the landing cell (both sides,
    /// the spared kinds left out).
    blast: Option<Area>,
    /// `burn` and `freeze` declarations, in order.
    areas: Vec<Area>,
    /// Per kind: the indices in `areas` of its burns ...
    burns: Vec<Vec<usize>>,
    /// ... and of its freezes.
    freezes: Vec<Vec<usize>>,
    /// The burns `also arriving` (none in most games: then nothing is looked at).
    arriving: Vec<ArrivingBurn>,
    /// `[victim * pieces + capturer]`: the capture is barred (`immune`).
    immune: Vec<bool>,
    /// Some capture is barred by `immune`.
    any_immune: bool,
    /// `no check`: every pseudo-legal move is legal; losing every royal loses.
    pub(crate) no_check: bool,
    /// `no check, except last`: but a side's last royal may not be left capturable.
    pub(crate) no_check_except_last: bool,
    /// `no check, except all`: but a side may not leave all its royals capturable.
    pub(crate) no_check_except_all: bool,
    /// `neutral P, after each move`: the piece each move also moves (the Duck).
    pub(crate) duck: Option<PieceId>,
    /// Where the Duck or wall goes, and whether it is a new one (set by setup, which
    /// knows the zones).
    pub(crate) placement: super::neutral::Placement,
    /// `neutral P, moved by either side`: the neutral kinds the side to move may move.
    pub(crate) neutral_movers: Vec<PieceId>,
    /// `neutral P, captured by ...`: who may capture which neutral kinds.
    pub(crate) neutral_captures: Vec<crate::ir::NeutralCapture>,
    /// Some pattern may `activate`: cascades and `relay` pieces.
    pub(crate) activation: Option<super::activation::Activation>,
    /// `[kind * MAX_MARKS + mark - 1]`: the burn and the blast of a pattern of that
    /// mark (`burn ...`, `explode ...` written on the pattern).
    marked: Vec<MarkedAreas>,
    /// Some pattern captures by its move's shape (`withdraw`, `pincer`, `coordinate`).
    shapes: bool,
    /// Some ply may remove pieces besides its captures (a declared or a pattern's burn,
    /// a blast): only then does make look at a cascade's later plies.
    removes: bool,
    /// `lion trading`: Chu Shogi's rules on trading Lions.
    pub(crate) lion: Option<crate::lion::LionRules>,
    /// The only effect is the game's blast (`explode on capture`): no burn, freeze,
    /// immunity, pattern action, neutral rule, cascade, friend capture or conversion.
    /// Then a reply threatens a royal only by capturing it, which attack queries see
    /// ([`GameEffects::blast_only`]).
    blast_only: bool,
    /// No ply removes a piece it did not capture, or turns one: no blast, burn,
    /// freeze, immunity, shape capture, flip, petrification, Duck, neutral mover or
    /// capture, lion trading, `no check` or `not in check` (activation, relays,
    /// teleports and neutral walls may be there). With no friend capture or conversion
    /// either, a reply takes a royal only by capturing it
    /// ([`crate::legality::replies`]).
    captures_only: bool,
    /// Some piece freezes or is immune: [`GameEffects::allows`] may bar a move.
    bars: bool,
    /// `flip PIECES ...`: the pieces that change sides after a move or drop.
    pub(crate) flips: Option<Flips>,
    /// `petrify PIECES, into WALL`: per kind, whether its captures petrify it, and the
    /// neutral kind it becomes (`None` in most games: then nothing is looked at).
    petrify: Option<(Vec<bool>, PieceId)>,
    /// `[kind * MAX_MARKS + mark - 1]`: the pattern of that mark says `not in check`
    /// (empty when none does: then nothing is looked at).
    barred_in_check: Vec<bool>,
    /// `teleport through ...`: the portals and where pieces emerge (`None` in most
    /// games: then no walk looks for portals).
    pub(crate) teleport: Option<crate::teleport::Teleports>,
}

/// One ply's part in [`GameEffects::apply_ply`]: the cell its piece stands on, the
/// cell its pattern's burn is around, its kind, its pattern's areas, whether it
/// captured.
type PlyEffects<'a> = (CellId, CellId, PieceId, Option<&'a MarkedAreas>, bool);

/// What a marked pattern's move removes besides its captures.
#[derive(Clone, Debug, Default)]
struct MarkedAreas {
    /// `burn ...`: who is hit around the mover's new cell.
    burn: Option<Area>,
    /// `explode ...`: who a capture's blast hits around the landing cell.
    blast: Option<Area>,
    /// `withdraw`, `pincer`, `coordinate`: the captures its moves' shapes make.
    shape: Option<shape::ShapeCaptures>,
}

impl GameEffects {
    /// Some capture petrifies (`petrify ..., into WALL`).
    pub(crate) fn petrifies(&self) -> bool {
        self.petrify.is_some()
    }

    /// Some pattern says `not in check`.
    #[inline]
    pub(crate) fn bars_in_check(&self) -> bool {
        !self.barred_in_check.is_empty()
    }

    /// Whether `m` was made by a pattern that says `not in check`.
    pub(crate) fn barred_in_check(&self, m: &GameMove) -> bool {
        m.mark != 0
            && self
                .barred_in_check
                .get(m.piece.index() * MAX_MARKS + m.mark as usize - 1)
                .copied()
                .unwrap_or(false)
    }

    /// The burn and blast of the pattern that made `m` (none when it has no mark).
    fn marked(&self, m: &GameMove) -> Option<&MarkedAreas> {
        if m.mark == 0 {
            return None;
        }
        self.marked
            .get(m.piece.index() * MAX_MARKS + m.mark as usize - 1)
    }

    /// Whether every capture of the game blasts (`explode on capture`).
    pub(crate) fn blasts_on_capture(&self) -> bool {
        self.blast.is_some()
    }

    /// Whether the game's blast is its only effect (see the field): then
    /// [`GameEffects::blast_spares_own_royal`] with an attack query decides whether a
    /// reply can take a royal.
    pub(crate) fn blast_only(&self) -> bool {
        self.blast_only
    }

    /// Whether no ply removes a piece it did not capture, or turns one (see the
    /// field).
    pub(crate) fn captures_only(&self) -> bool {
        self.captures_only
    }

    /// Whether the game's captures explode (`explode on capture`).
    pub(crate) fn has_blast(&self) -> bool {
        self.blast.is_some()
    }

    /// Whether a capture by `by` on `at` (its capturer removed with the victim, a
    /// game's blast around) leaves every royal of `by` on the board: none stands
    /// where the blast hits. `royal` tells the royal kinds.
    pub(crate) fn blast_spares_own_royal(
        &self,
        pos: &GamePosition,
        by: Side,
        at: CellId,
        royal: &[bool],
    ) -> bool {
        let Some(blast) = &self.blast else {
            return true;
        };
        !blast.around.of(by, at).iter().any(|&c| {
            let o = pos.cells[c.index()];
            !o.is_empty() && o.side() == by && royal[o.kind().index()] && blast.hits(by, o)
        })
    }

    /// The cells the game's blast clears around a capture by `by` whose piece, of
    /// kind `kind` once landed, lands on `at` (the board as it stands before the
    /// capture, the capturer's start `from` emptied by the move): `clear` is called
    /// with every cell around `at` that the blast hits. False, and nothing called, when
    /// the game has no blast or the capturer is kept standing (`immune`), so that the
    /// capture clears more or less than `from`, `at` and those cells.
    pub(crate) fn blast_cleared(
        &self,
        pos: &GamePosition,
        (by, kind): (Side, PieceId),
        (from, at): (CellId, CellId),
        mut clear: impl FnMut(CellId),
    ) -> bool {
        let Some(blast) = &self.blast else {
            return false;
        };
        if blast.keeps_capturer.get(kind.index()).is_some_and(|&k| k) {
            return false;
        }
        for &c in blast.around.of(by, at) {
            if c != from && blast.hits(by, pos.cells[c.index()]) {
                clear(c);
            }
        }
        true
    }

    pub(crate) fn marked_blast(&self, m: &GameMove) -> bool {
        self.marked(m).is_some_and(|a| a.blast.is_some())
    }

    /// Whether the pattern of the last ply of the cascade `m`, about to be played on
    /// `pos`, explodes its capture (`explode` on it); `last_from` is where that ply
    /// starts. The kinds walked are read from `pos`, where each piece still stands on
    /// the cell its ply starts from.
    pub(crate) fn cascade_blast(
        &self,
        pos: &GamePosition,
        m: &GameMove,
        last_from: CellId,
    ) -> bool {
        let (Some(act), cascade) = (self.activation.as_ref(), m.cascade()) else {
            return false;
        };
        let (mut walked, mut activator) = (m.piece, m.piece);
        for (i, (from, _)) in cascade.plies(m.to).enumerate() {
            let o = pos.cells[from.index()];
            if o.is_empty() {
                return false;
            }
            walked = act.walks_as(o.kind(), walked, activator);
            activator = o.kind();
            if from == last_from {
                let mark = cascade.mark(i);
                return mark != 0
                    && self
                        .marked
                        .get(walked.index() * MAX_MARKS + mark as usize - 1)
                        .is_some_and(|a| a.blast.is_some());
            }
        }
        false
    }

    /// Whether `m`, about to be played on `pos`, would burn a piece on a cell for
    /// which `pick` holds.
    #[inline]
    pub(crate) fn burns_any(
        &self,
        pos: &GamePosition,
        m: &GameMove,
        pick: impl Fn(CellId) -> bool,
    ) -> bool {
        // Most moves burn nothing (neither their piece nor their pattern's mark has a
        // burn): answered without the call, which the general legality test makes
        // for every reply.
        if m.mark == 0 && self.burns[m.promotion.unwrap_or(m.piece).index()].is_empty() {
            return false;
        }
        self.burns_any_of(pos, m, pick)
    }

    /// [`GameEffects::burns_any`] for a move that may burn.
    #[inline(never)]
    fn burns_any_of(
        &self,
        pos: &GamePosition,
        m: &GameMove,
        pick: impl Fn(CellId) -> bool,
    ) -> bool {
        if matches!(m.kind, MoveKind::Castling(_)) {
            return false;
        }
        let side = pos.side;
        let hits = |area: &Area, at: CellId| {
            area.around
                .of(side, at)
                .iter()
                .any(|&c| c != m.from && area.hits(side, pos.cells[c.index()]) && pick(c))
        };
        let marked = self.marked(m).and_then(|a| a.burn.as_ref());
        self.burns[m.promotion.unwrap_or(m.piece).index()]
            .iter()
            .any(|&a| hits(&self.areas[a], m.to))
            || marked.is_some_and(|area| hits(area, mover_cell(m)))
    }

    /// Applies the effects of `m`, just played by `side` (its own changes made):
    /// clears the cells blasts and burns hit (castling rights of those cells are
    /// lost). Returns whether anything was removed.
    pub(crate) fn apply<const HASH: bool>(
        &self,
        g: &Game,
        pos: &mut GamePosition,
        m: &GameMove,
        side: Side,
        captured: bool,
    ) -> bool {
        if let (Some(duck), Some(to)) = (self.duck, m.duck) {
            super::neutral::place_duck::<HASH>(g, pos, duck, to, self.placement.added);
        }
        if let Some(flips) = &self.flips {
            flips.apply::<HASH>(g, pos, m, side);
        }
        if matches!(m.kind, MoveKind::Castling(_)) {
            return false;
        }
        let mut removed = false;
        // `to_hand`: the piece goes to the hand of the side that did not own it.
        let mut clear = |pos: &mut GamePosition, cell: CellId, to_hand: bool| {
            if to_hand {
                let o = pos.cells[cell.index()];
                if !o.is_empty() {
                    let kind = super::make::hand_kind(g, pos, cell);
                    pos.add_hand::<HASH>(&g.keys, o.side().opponent(), kind, 1);
                }
            }
            pos.set_cell::<HASH>(&g.keys, cell, Occupant::EMPTY, 0, false);
            pos.castling &= !g.castle_loss[cell.index()];
            removed = true;
        };
        // The first ply (of a cascade, it captures nothing: the last ply does).
        // Its piece may have left `to` since (activated again, or moved on by a side
        // change): then the kind that moved.
        let landed = pos.cells[m.to.index()];
        let kind = if landed.is_empty() {
            m.promotion.unwrap_or(m.piece)
        } else {
            landed.kind()
        };
        let first_captured = captured && !m.has_cascade();
        let first = (m.to, mover_cell(m), kind, self.marked(m), first_captured);
        self.apply_ply(pos, side, first, &mut clear);
        if let Some((kinds, wall)) = &self.petrify {
            // The capturer, judged by the kind that moved (a promotion does not
            // petrify a pawn), becomes a wall where it landed.
            if first_captured && kinds[m.piece.index()] {
                let at = mover_cell(m);
                clear(pos, at, false);
                let wall = super::neutral::neutral_occupant(*wall);
                pos.set_cell::<HASH>(&g.keys, at, wall, 0, true);
            }
        }
        if m.has_cascade() && self.removes {
            // Each later ply, in order, as a first ply would: its piece's declared
            // burns, its pattern's burn, and the blast of the last ply's capture.
            let Some(act) = self.activation.as_ref() else {
                return removed;
            };
            let plies = super::activation::later_plies(act, pos, m);
            for (i, ply) in plies.iter().enumerate().take(m.cascade().len()) {
                let Some((cell, kind, walked, mark)) = *ply else {
                    continue;
                };
                let o = pos.cells[cell.index()];
                if o.is_empty() || o.kind() != kind {
                    continue; // burned or blown up by an earlier ply
                }
                let marked = (mark != 0)
                    .then(|| {
                        self.marked
                            .get(walked.index() * MAX_MARKS + mark as usize - 1)
                    })
                    .flatten();
                let last = i + 1 == m.cascade().len() && m.cascade().captures();
                self.apply_ply(pos, o.side(), (cell, cell, kind, marked, last), &mut clear);
            }
        }
        removed
    }

    /// The effects of one ply of a move made by `side`'s piece of `kind`, standing on
    /// `at` (`mover_at` for its pattern's burn: its start cell in a conversion): its
    /// kind's declared burns, its pattern's burn (`marked`), and the blast of its
    /// capture if it `captured` (the game's, or its pattern's).
    fn apply_ply(
        &self,
        pos: &mut GamePosition,
        side: Side,
        (at, mover_at, kind, marked, captured): PlyEffects<'_>,
        clear: &mut impl FnMut(&mut GamePosition, CellId, bool),
    ) {
        for &a in &self.burns[kind.index()] {
            let area = &self.areas[a];
            for &c in area.around.of(side, at) {
                if area.hits(side, pos.cells[c.index()]) {
                    clear(pos, c, false);
                }
            }
        }
        if let Some(area) = marked.and_then(|a| a.burn.as_ref()) {
            for &c in area.around.of(side, mover_at) {
                if area.hits(side, pos.cells[c.index()]) {
                    clear(pos, c, false);
                }
            }
        }
        if !self.arriving.is_empty() {
            self.burn_arriving(pos, side, at, kind, clear);
        }
        let blast = self
            .blast
            .as_ref()
            .or_else(|| marked.and_then(|a| a.blast.as_ref()));
        if let (Some(blast), true) = (blast, captured) {
            if !blast.keeps_capturer.get(kind.index()).is_some_and(|&k| k) {
                clear(pos, at, blast.to_hand);
            }
            for &c in blast.around.of(side, at) {
                if blast.hits(side, pos.cells[c.index()]) {
                    clear(pos, c, blast.to_hand);
                }
            }
        }
    }

    /// Tenjiku's passive burning: `side`'s piece of `kind` that ended its ply on `at`
    /// is removed if it stands around an enemy burner whose burn `also arriving` hits
    /// it (once its own burns are done: a burner that it burned burns nothing).
    #[inline(never)]
    fn burn_arriving(
        &self,
        pos: &mut GamePosition,
        side: Side,
        at: CellId,
        kind: PieceId,
        clear: &mut impl FnMut(&mut GamePosition, CellId, bool),
    ) {
        let o = pos.cells[at.index()];
        if o.is_empty() || o.side() != side || o.kind() != kind {
            return;
        }
        let them = side.opponent();
        let burnt = self.arriving.iter().any(|b| {
            self.areas[b.area].hits(them, o)
                && b.from[them.index()][at.index()].iter().any(|&c| {
                    let p = pos.cells[c.index()];
                    !p.is_empty() && p.side() == them && b.burners[p.kind().index()]
                })
        });
        if burnt {
            clear(pos, at, false);
        }
    }

    /// Whether some ply may remove pieces besides its captures (a burn or a blast).
    pub(crate) fn removes(&self) -> bool {
        self.removes
    }

    /// Whether some move may burn (a declared `burn` or a pattern's): a cascade's later
    /// plies may then take a royal that [`GameEffects::burns_any`] does not see.
    pub(crate) fn may_burn(&self) -> bool {
        self.removes
            && (!self.burns.iter().all(Vec::is_empty)
                || self.marked.iter().any(|a| a.burn.is_some()))
    }

    /// Whether the pseudo-legal move `m` survives the effects: its piece is not
    /// frozen (`frozen`: [`GameEffects::frozen_cells`] of the position), and it
    /// captures no piece immune to it.
    /// Whether some piece freezes or is immune, so that [`GameEffects::allows`] may
    /// bar a pseudo-legal move.
    pub(crate) fn bars(&self) -> bool {
        self.bars
    }

    pub(crate) fn allows(&self, pos: &GamePosition, m: &GameMove, frozen: &[bool]) -> bool {
        if m.kind == MoveKind::Drop {
            return true;
        }
        let is_frozen = |c: CellId| frozen.get(c.index()).copied().unwrap_or(false);
        // A cascade: every piece that makes a ply must be free to move.
        let cascade_frozen =
            || !frozen.is_empty() && m.cascade().plies(m.to).any(|(from, _)| is_frozen(from));
        !(is_frozen(m.from)
            || (m.has_cascade() && cascade_frozen())
            || self.immune_capture(pos, m)
            || self.lion.as_ref().is_some_and(|l| l.counterstrike(pos, m)))
    }

    /// Whether [`GameEffects::allows`] may drop a move of `pos` (`frozen`: its
    /// [`GameEffects::frozen_cells`]): something is frozen, some capture is barred by
    /// `immune`, or a Lion was just taken by a non-Lion.
    pub(crate) fn may_bar(&self, pos: &GamePosition, frozen: &[bool]) -> bool {
        !frozen.is_empty() || self.any_immune || (self.lion.is_some() && pos.lion_taken)
    }

    /// `lion trading`: whether the move `m` of the side to move captures a Lion with a
    /// piece that is not one (judged before it is made).
    pub(crate) fn lion_taken_by(&self, pos: &GamePosition, m: &GameMove) -> bool {
        self.lion
            .as_ref()
            .is_some_and(|l| l.taken_by_non_lion(pos, m))
    }

    fn immune_capture(&self, pos: &GamePosition, m: &GameMove) -> bool {
        let barred_by = |capturer: usize, cell: CellId| {
            let o = pos.cells[cell.index()];
            !o.is_empty() && self.immune[o.kind().index() * self.pieces + capturer]
        };
        let barred = |cell: CellId| barred_by(m.piece.index(), cell);
        // A cascade's last ply captures with the piece that makes it (on its start
        // cell before the move).
        let last_barred = || {
            let cascade = m.cascade();
            cascade.captures()
                && cascade.plies(m.to).last().is_some_and(|(from, to)| {
                    let o = pos.cells[from.index()];
                    !o.is_empty() && barred_by(o.kind().index(), to)
                })
        };
        (m.captures_to && barred(m.to))
            || m.passing_captures().any(barred)
            || matches!(m.kind, MoveKind::EnPassant { victim } if barred(victim))
            || (m.has_cascade() && last_barred())
    }

    /// Marks in `out` (one entry per cell; left empty when nothing freezes) the cells
    /// whose pieces stand next to a piece that freezes them.
    pub(crate) fn frozen_cells(&self, pos: &GamePosition, out: &mut Vec<bool>) {
        out.clear();
        if !self.freezing() {
            return;
        }
        out.resize(pos.cells.len(), false);
        for (n, f) in pos.cells.iter().enumerate() {
            if f.is_empty() {
                continue;
            }
            for &i in &self.freezes[f.kind().index()] {
                let area = &self.areas[i];
                for &c in area.around.of(f.side(), CellId(n as u16)) {
                    if area.hits(f.side(), pos.cells[c.index()]) {
                        out[c.index()] = true;
                    }
                }
            }
        }
    }

    /// Whether any kind freezes.
    pub(crate) fn freezing(&self) -> bool {
        self.freezes.iter().any(|f| !f.is_empty())
    }
}

/// The cell where the mover of `m` stands after it: its start cell in a conversion.
pub(crate) fn mover_cell(m: &GameMove) -> CellId {
    if m.convert.is_some() {
        m.from
    } else {
        m.to
    }
}

impl Game {
    /// Whether the rules declare effects (`explode`, `burn`, `freeze`, `immune`).
    pub fn has_effects(&self) -> bool {
        self.effects.is_some()
    }

    /// Whether some pattern does something beyond its path (`sets`, `keeps`, `burn`,
    /// `explode`: see [`GameMove::mark`]).
    pub fn has_pattern_actions(&self) -> bool {
        self.marked
    }

    /// Whether the piece on `cell` is frozen (stands next to a piece that freezes it).
    pub fn frozen(&self, pos: &GamePosition, cell: CellId) -> bool {
        let Some(fx) = self.effects.as_deref() else {
            return false;
        };
        let mut cells = Vec::new();
        fx.frozen_cells(pos, &mut cells);
        cells.get(cell.index()).copied().unwrap_or(false)
    }
}

impl Game {
    /// `pos` with `side` to move: the same pieces, hands and rights, en passant rights
    /// dropped when the side changes (they belong to the side that was to move), the
    /// hash kept current.
    pub fn with_side_to_move(&self, pos: &GamePosition, side: Side) -> GamePosition {
        let mut turned = pos.clone();
        if pos.side != side {
            turned.hash ^= self.keys.state(pos);
            turned.side = side;
            turned.ep = Default::default();
            turned.hash ^= self.keys.state(&turned);
        }
        turned
    }
}
