//! kernel: move generation for the pieces whose trees the table compiled into rays
//! ([`crate::table::Kernels`]): leapers, riders and lame leapers run as a tight loop
//! over a flat list of cells instead of the interpreter's node walk, reporting the
//! same moves in the same order.
//!
//! Owns running the rays over a position (for the pseudo-legal list and perft's bulk
//! count); the movegen and perft code decide when to use them. A piece whose tree does
//! not fit, or a walk over anything but the position itself (an override board, a
//! watched board), keeps the interpreter.

use super::{GameMove, MoveKind, MAX_EP_CELLS};
use crate::ids::{CellId, PieceId, Side};
use crate::table::{Hurdles, Rays, Step};
use crate::walk::Occupant;
pub(crate) use forward::ForwardCells;
use words::Words;

/// Runs `rays` of a piece of `side` over `cells` (the start cell already counts as
/// empty: no ray enters it; `unmoved`: the piece has not moved, for `initial` rays)
/// and calls `emit(to, captures, ep)` for every place the move may end, in the
/// walk's order; `ep` is the cells a landing marked `en passant` passed over (empty
/// for any other).
#[inline(always)]
pub(crate) fn run<'a>(
    rays: Rays<'a>,
    cells: &[Occupant],
    side: Side,
    unmoved: bool,
    emit: impl FnMut(u16, bool, &'a [Step]),
) {
    // Walls (neutral pieces) are a second copy of the loops, so that the other games'
    // loops carry no test for them.
    if rays.walls != 0 {
        run_walled::<true>(rays, cells, side, unmoved, emit)
    } else {
        run_walled::<false>(rays, cells, side, unmoved, emit)
    }
}

/// [`run`]; `WALLS`: some kinds are walls ([`Rays::walls`](crate::table::Rays::walls)).
#[inline(always)]
fn run_walled<'a, const WALLS: bool>(
    rays: Rays<'a>,
    cells: &[Occupant],
    side: Side,
    unmoved: bool,
    mut emit: impl FnMut(u16, bool, &'a [Step]),
) {
    let walls = rays.walls;
    if rays.special {
        for (ray, special) in rays.iter() {
            if special {
                run_special::<WALLS>(ray, cells, side, unmoved, walls, &mut emit);
            } else {
                run_plain::<WALLS>(ray, cells, side, walls, &mut emit);
            }
        }
        return;
    }
    for (ray, _) in rays.iter() {
        run_plain::<WALLS>(ray, cells, side, walls, &mut emit);
    }
}

/// Whether the piece `o` met by a ray may be taken by a piece of `side`: a foe that is
/// not a wall.
#[inline(always)]
fn takes<const WALLS: bool>(o: Occupant, side: Side, walls: u128) -> bool {
    o.side() != side && (!WALLS || walls & (1u128 << o.kind().0) == 0)
}

/// [`run`] for one ray without an `initial` root or an `en passant` landing.
#[inline(always)]
fn run_plain<'a, const WALLS: bool>(
    ray: &'a [Step],
    cells: &[Occupant],
    side: Side,
    walls: u128,
    emit: &mut impl FnMut(u16, bool, &'a [Step]),
) {
    for s in ray {
        let o = cells[s.cell as usize];
        if o.is_empty() {
            if s.lands_empty() {
                emit(s.cell, false, &[]);
            }
            continue;
        }
        if takes::<WALLS>(o, side, walls) && s.lands_foe() {
            emit(s.cell, true, &[]);
        }
        break;
    }
}

/// [`run`] for one ray with an `initial` root or an `en passant` landing (a pawn's
/// double step), kept out of the common loop.
#[inline]
fn run_special<'a, const WALLS: bool>(
    ray: &'a [Step],
    cells: &[Occupant],
    side: Side,
    unmoved: bool,
    walls: u128,
    emit: &mut impl FnMut(u16, bool, &'a [Step]),
) {
    if ray.first().is_some_and(|s| s.initial()) && !unmoved {
        return;
    }
    for (k, s) in ray.iter().enumerate() {
        if s.passes() {
            // A pass ray's one step: the start cell, a null move.
            emit(s.cell, false, &[]);
            return;
        }
        let ep: &[Step] = if s.en_passant() { &ray[..k] } else { &[] };
        let o = cells[s.cell as usize];
        if o.is_empty() {
            if s.lands_empty() {
                emit(s.cell, false, ep);
            }
            continue;
        }
        if takes::<WALLS>(o, side, walls) && s.lands_foe() {
            emit(s.cell, true, ep);
        }
        break;
    }
}

/// Runs the hurdle lines `lines` of a piece of `side` over `cells` (the start cell is
/// on none of them) and calls `emit(to, captures)` for every place the move may end,
/// in the walk's order: the empty cells of the seek part before the first piece met
/// (the screen), the screen if the step may take it, then past the screen the empty
/// cells the steps hop to and the first piece after it if it is a foe and the step
/// [hops](Step::hops). A piece the line does not admit is a wall, as the screen or
/// past it.
#[inline(always)]
pub(crate) fn run_hurdles(
    lines: Hurdles<'_>,
    cells: &[Occupant],
    side: Side,
    mut emit: impl FnMut(u16, bool),
) {
    for line in lines.iter() {
        let steps = line.steps;
        for (k, s) in steps[..line.seek].iter().enumerate() {
            let o = cells[s.cell as usize];
            if o.is_empty() {
                if s.lands_empty() {
                    emit(s.cell, false);
                }
                continue;
            }
            if !line.admits(o.kind()) {
                break;
            }
            if o.side() != side && s.lands_foe() {
                emit(s.cell, true);
            }
            // Past the screen: empty cells, then the next piece.
            for s in &steps[k + 1..] {
                let o = cells[s.cell as usize];
                if o.is_empty() {
                    if s.hops_empty() {
                        emit(s.cell, false);
                    }
                    continue;
                }
                if o.side() != side && s.hops() && line.admits(o.kind()) {
                    emit(s.cell, true);
                }
                break;
            }
            break;
        }
    }
}

/// The move [`super::movegen`]'s sink builds for a ply of `piece` from `from` to `to`
/// (`ep`: the cells it opens to en passant).
#[inline(always)]
pub(crate) fn ray_move(
    piece: PieceId,
    from: CellId,
    to: u16,
    captures: bool,
    ep: &[Step],
) -> GameMove {
    let mut m = GameMove::simple(MoveKind::Normal, piece, from, CellId(to));
    m.captures_to = captures;
    for s in ep.iter().take(MAX_EP_CELLS) {
        m.ep[m.n_ep as usize] = s.cell;
        m.n_ep += 1;
    }
    m
}

/// The bitboard kernels of a game for one word width: the attack kernel
/// ([`exposure`]) and the pieces' reaches ([`reach`]).
#[derive(Clone, Debug)]
pub(crate) struct Bitboards<B> {
    /// Attacks on (and facing of) the royals.
    pub(crate) exposure: exposure::Exposure<B>,
    /// The destinations of the pieces with rays.
    pub(crate) reach: reach::Reach<B>,
    /// The kinds whose moves are counted for all their pieces at once (pawns).
    pub(crate) shifts: shifts::Shifts<B>,
    /// How the legal count of a simple node counts each (side, kind, cell).
    pub(crate) plans: plan::Plans,
    /// `[side * pieces + piece]`: the cells where a move of that piece may promote.
    pub(crate) promotes: Vec<B>,
    /// `[side * pieces + piece]`: `promotes` is empty (no move of that piece promotes).
    pub(crate) never_promotes: Vec<bool>,
    /// Every cell (a set to point at where a reference to a set is needed).
    pub(crate) all: B,
    /// The attack kernel answers "is this cell attacked" as the attack query does for
    /// a royal (one royal kind, no facing rule): castling's safe cells may ask it.
    pub(crate) castle_safe: bool,
    /// Per castling move of the game: the cells that must be empty.
    pub(crate) castle_empty: Vec<B>,
    /// Per side: the castling rights (bits of the position's `castling`) of its moves.
    pub(crate) castle_rights: [u64; 2],
    /// Some piece kind is answered by walking it forward (not in the attack kernel):
    /// moves touching the cells those walks look at are tested in full
    /// ([`ForwardCells`]), castling and drops always.
    pub(crate) forward: bool,
    /// `[side * pieces + piece]`: the start cells from which the moves of that piece
    /// are listed one by one rather than counted (every cell for a royal piece; the
    /// cells where leaving promotes, for `also leaving` rules).
    pub(crate) listed_from: Vec<B>,
}

/// The bitboard kernels of a game, as wide as its board needs.
#[derive(Clone, Debug)]
pub(crate) enum BitKernel {
    /// No kernel: the board is wider than [`MAX_CELLS`] cells, or the game's attacks or
    /// rules do not fit (see [`BitKernel::build`]).
    None,
    /// Boards of up to 64 cells.
    Word(Box<Bitboards<u64>>),
    /// Boards of up to 128 cells.
    Wide(Box<Bitboards<u128>>),
    /// Boards of up to 256 cells (16×16).
    Words4(Box<Bitboards<Words<4>>>),
    /// Boards of up to 704 cells (26×26).
    Words11(Box<Bitboards<Words<11>>>),
    /// Boards of up to 1,024 cells (32×32).
    Words16(Box<Bitboards<Words<16>>>),
}

/// The most cells a board with a bitboard kernel has.
pub(crate) const MAX_CELLS: usize = 1024;

/// Runs `$body` with `$k` bound to the kernels of `$kernel` (a [`BitKernel`]) at their
/// word width, or evaluates `$none` when the game has none.
macro_rules! with_bits {
    ($kernel:expr, $k:ident => $body:expr, None => $none:expr) => {
        match $kernel {
            $crate::kernel::BitKernel::Word($k) => $body,
            $crate::kernel::BitKernel::Wide($k) => $body,
            $crate::kernel::BitKernel::Words4($k) => $body,
            $crate::kernel::BitKernel::Words11($k) => $body,
            $crate::kernel::BitKernel::Words16($k) => $body,
            $crate::kernel::BitKernel::None => $none,
        }
    };
}
pub(crate) use with_bits;

impl BitKernel {
    /// The kernels of a game: only for games whose legality is the royals' attack
    /// queries (`fits`: no effects, no neutral pieces), with royal pieces and no
    /// pieces answered forward; `facing` when royals may not face (per cell, its file
    /// rays). `promo_to`, `promo_from`: per (side, piece) the cells a move may promote
    /// on, ending or starting there.
    pub(crate) fn build(
        reverse: &crate::table::ReverseTables,
        kernels: &crate::table::Kernels,
        (royal, pieces): (&[bool], usize),
        (promo_to, promo_from, castlings): (&[Vec<bool>], &[Vec<bool>], &[super::CastlingMove]),
        fits: bool,
        facing: Option<&[[Vec<CellId>; 2]]>,
    ) -> BitKernel {
        if !fits || !royal.iter().any(|&r| r) {
            return BitKernel::None;
        }
        let cells = reverse.cell_count();
        // A castling `past` some kinds is judged by the general generator (the kernel
        // tests its cells against the occupancy alone).
        let castle_safe = facing.is_none()
            && royal.iter().filter(|&&r| r).count() == 1
            && !reverse.any_forward()
            && castlings.iter().all(|c| c.past.is_empty());
        let parts = Parts {
            kernels,
            royal,
            pieces,
            cells,
            promo_to,
            promo_from,
            castlings,
            castle_safe,
            reverse_forward: reverse.any_forward(),
        };
        match cells {
            0..=64 => parts.kernel(reverse, facing, BitKernel::Word),
            65..=128 => parts.kernel(reverse, facing, BitKernel::Wide),
            129..=256 => parts.kernel(reverse, facing, BitKernel::Words4),
            257..=704 => parts.kernel(reverse, facing, BitKernel::Words11),
            705..=MAX_CELLS => parts.kernel(reverse, facing, BitKernel::Words16),
            _ => BitKernel::None,
        }
    }
}

/// What [`BitKernel::build`] makes the kernels of one word width from, beside the
/// attack kernel.
struct Parts<'a> {
    kernels: &'a crate::table::Kernels,
    royal: &'a [bool],
    pieces: usize,
    cells: usize,
    promo_to: &'a [Vec<bool>],
    promo_from: &'a [Vec<bool>],
    castlings: &'a [super::CastlingMove],
    castle_safe: bool,
    reverse_forward: bool,
}

impl Parts<'_> {
    /// The kernels of word type `B`, wrapped by `wrap`; [`BitKernel::None`] when the
    /// attack kernel cannot be built (see [`exposure::Exposure::build`]).
    fn kernel<B: bits::Bits>(
        &self,
        reverse: &crate::table::ReverseTables,
        facing: Option<&[[Vec<CellId>; 2]]>,
        wrap: fn(Box<Bitboards<B>>) -> BitKernel,
    ) -> BitKernel {
        exposure::Exposure::<B>::build(reverse, self.royal, facing)
            .map_or(BitKernel::None, |e| wrap(Box::new(self.bitboards(e))))
    }

    /// The kernels of word type `B` around the attack kernel `exposure`.
    fn bitboards<B: bits::Bits>(&self, exposure: exposure::Exposure<B>) -> Bitboards<B> {
        let listed_from = listed_from(self.royal, self.pieces, self.promo_from);
        let reach = reach::Reach::build(self.kernels, self.pieces, self.cells);
        let shifts = shifts::Shifts::build(
            self.kernels,
            (self.pieces, self.cells),
            &listed_from,
            self.promo_to,
        );
        let promotes: Vec<B> = self.promo_to.iter().map(|z| cell_set(z)).collect();
        let plans = plan::Plans::build(
            (&reach, &shifts),
            (self.pieces, self.cells),
            self.royal,
            (&listed_from, &promotes),
        );
        Bitboards {
            exposure,
            reach,
            shifts,
            plans,
            promotes,
            never_promotes: self.promo_to.iter().map(|z| !z.contains(&true)).collect(),
            all: !B::ZERO,
            castle_safe: self.castle_safe,
            forward: self.reverse_forward,
            castle_empty: self.castlings.iter().map(|c| cells_of(&c.empty)).collect(),
            castle_rights: rights_of(self.castlings),
            listed_from,
        }
    }
}

/// [`Bitboards::listed_from`]: every cell for royal kinds, else the cells where
/// leaving promotes (`promo_from`, indexed by side * pieces + piece).
fn listed_from<B: bits::Bits>(royal: &[bool], pieces: usize, promo_from: &[Vec<bool>]) -> Vec<B> {
    (0..2 * pieces)
        .map(|i| {
            if royal.get(i % pieces.max(1)).copied().unwrap_or(false) {
                !B::ZERO
            } else {
                cell_set(promo_from.get(i).map_or(&[][..], |v| v))
            }
        })
        .collect()
}

/// Per side: the bits of its castling moves' rights.
fn rights_of(castlings: &[super::CastlingMove]) -> [u64; 2] {
    let mut rights = [0u64; 2];
    for (i, c) in castlings.iter().enumerate().take(64) {
        rights[c.side.index()] |= 1 << i;
    }
    rights
}

/// The cells `cells` as a set.
fn cells_of<B: bits::Bits>(cells: &[CellId]) -> B {
    cells.iter().fold(B::ZERO, |s, c| s | B::bit(c.index()))
}

/// The cells flagged in `flags` (indexed by cell id) as a set.
fn cell_set<B: bits::Bits>(flags: &[bool]) -> B {
    flags
        .iter()
        .enumerate()
        .filter(|(_, &f)| f)
        .fold(B::ZERO, |s, (c, _)| s | B::bit(c))
}

pub(crate) mod bits;
pub(crate) mod counted;
pub(crate) mod exposure;
pub(crate) mod forward;
mod lines;
pub(crate) mod plan;
pub(crate) mod reach;
pub(crate) mod shifts;
#[cfg(test)]
pub(crate) mod tests;
pub(crate) mod words;
