//! shifts: the moves of every piece of one kind counted at once — a pawn's pushes and
//! captures as shifts of the pawn set — for the kinds whose rays
//! ([`crate::table::Kernels`]) are short and the same from every cell up to a
//! translation of the cell ids.
//!
//! A ray from cell `c` whose steps are `c + d1, c + d2, ...` with landing bits `l1,
//! l2, ...` is *keyed* by `((d1, l1), (d2, l2), ...)`; per key, the cells whose tree
//! holds a ray of that key are its *sources*. A kind is counted this way from the cells
//! every ray of which is keyed (no `initial` root, at most [`MAX_STEPS`] steps, no
//! landing where a move may promote), when it has at most [`MAX_KEYS`] keys. For a set
//! `P` of pieces of the kind on such cells, a key's moves are then, step by step:
//! `P & sources` moved by `d1` (a shift: each source cell's destination is a cell of
//! the board by construction, so nothing wraps), landing where the step lands (empty
//! cells, foes), going on over the empty cells by `d2 - d1`, and so on — exactly what
//! running the ray from each cell of `P` reports ([`super::run`]), counted per key, so a
//! cell two keys land on counts twice, as the rays would.

use super::bits::Bits;
use crate::ids::{CellId, PieceId, Side};
use crate::table::{Kernels, Step};

/// The most steps a counted ray has.
const MAX_STEPS: usize = 2;

/// The most keys a kind counted at once has (beyond that, its pieces one by one cost
/// less: a knight has eight).
const MAX_KEYS: usize = 6;

/// A kind is given up once this many more of its cells were refused than taken.
const GIVE_UP: usize = 2;

/// The most kinds per side counted at once.
pub(crate) const MAX_KINDS: usize = 4;

/// Not counted at once ([`Shifts::slot`]).
pub(crate) const NONE: u8 = u8::MAX;

/// One step of a key: the shift from the step before (from the source for the first),
/// and the cells it lands on as masks to select (every cell or none).
#[derive(Clone, Copy, Debug)]
struct ShiftStep<B> {
    up: u32,
    down: u32,
    /// Every cell when the step lands on an empty cell, else none.
    empty: B,
    /// Every cell when the step lands on a foe, else none.
    foe: B,
}

/// One key (see the module docs): its source cells and steps.
#[derive(Clone, Debug)]
struct Key<B> {
    sources: B,
    steps: [ShiftStep<B>; MAX_STEPS],
    len: usize,
}

/// The kinds counted at once, per side (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Shifts<B> {
    pieces: usize,
    /// `[side * pieces + piece]`: its slot (below [`MAX_KINDS`]) among its side's kinds
    /// counted at once, or [`NONE`].
    slot: Vec<u8>,
    /// `[side * pieces + piece]`: the cells from which its moves are counted at once.
    from: Vec<B>,
    /// `[side * pieces + piece]`: its keys, (first, count) in `keys`.
    ranges: Vec<(u32, u32)>,
    keys: Vec<Key<B>>,
    /// Per side: the kinds counted at once, by slot, and how many there are.
    kinds: [[PieceId; MAX_KINDS]; 2],
    slots: [usize; 2],
}

impl<B: Bits> Shifts<B> {
    /// The kinds of `kernels` counted at once, on a board of `cells` cells; `skip_from`
    /// (`[side * pieces + piece]`): cells whose moves are listed, never counted at once;
    /// `promo_to` (the same index, per cell): where a move may promote. None on boards
    /// of more than two words.
    pub(crate) fn build(
        kernels: &Kernels,
        (pieces, cells): (usize, usize),
        skip_from: &[B],
        promo_to: &[Vec<bool>],
    ) -> Shifts<B> {
        let mut s = Shifts {
            pieces,
            slot: vec![NONE; 2 * pieces],
            from: vec![B::ZERO; 2 * pieces],
            ranges: vec![(0, 0); 2 * pieces],
            keys: Vec::new(),
            kinds: [[PieceId(0); MAX_KINDS]; 2],
            slots: [0; 2],
        };
        if B::WORDS > 2 || cells > B::CELLS {
            return s;
        }
        let mut found = Vec::new();
        for side in Side::BOTH {
            let mut slots = 0;
            for p in 0..pieces {
                let at = side.index() * pieces + p;
                let promo = promo_to.get(at).map_or(&[][..], |v| &v[..]);
                let mut keys: Vec<(RayKey, B)> = Vec::new();
                let mut from = B::ZERO;
                let (mut taken, mut refused) = (0, 0);
                for c in 0..cells {
                    if skip_from.get(at).is_some_and(|m| m.has(c)) {
                        continue;
                    }
                    let Some(rays) = kernels.rays(side, PieceId(p as u8), CellId(c as u16)) else {
                        continue;
                    };
                    if !keyed(rays.iter().map(|(r, _)| r), c, promo, &mut found) {
                        // A kind refused from most cells (a rider's rays are long) is
                        // given up early: building every game's kernel asks this.
                        refused += 1;
                        if refused > taken + GIVE_UP {
                            from = B::ZERO;
                            break;
                        }
                        continue;
                    }
                    taken += 1;
                    for &key in &found {
                        match keys.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, src)) => src.set(c),
                            None => keys.push((key, B::bit(c))),
                        }
                    }
                    from.set(c);
                    if keys.len() > MAX_KEYS {
                        break;
                    }
                }
                if from.is_zero() || keys.len() > MAX_KEYS || slots == MAX_KINDS {
                    continue;
                }
                let first = s.keys.len() as u32;
                for ((steps, len), sources) in keys {
                    s.keys.push(Key::new(&steps[..len], sources));
                }
                s.ranges[at] = (first, s.keys.len() as u32 - first);
                s.from[at] = from;
                s.slot[at] = slots as u8;
                s.kinds[side.index()][slots] = PieceId(p as u8);
                slots += 1;
            }
            s.slots[side.index()] = slots;
        }
        s
    }

    /// The slot of `piece` of `side` among the kinds counted at once, or [`NONE`].
    #[inline(always)]
    pub(crate) fn slot(&self, side: Side, piece: PieceId) -> u8 {
        self.slot[side.index() * self.pieces + piece.index()]
    }

    /// The cells from which the moves of `piece` of `side` are counted at once.
    #[inline(always)]
    pub(crate) fn from(&self, side: Side, piece: PieceId) -> B {
        self.from[side.index() * self.pieces + piece.index()]
    }

    /// The kinds of `side` counted at once, by slot.
    #[inline(always)]
    pub(crate) fn kinds(&self, side: Side) -> &[PieceId] {
        &self.kinds[side.index()][..self.slots[side.index()]]
    }

    /// The moves of the pieces of `piece` of `side` on `set` (a subset of
    /// [`Shifts::from`]) that end within `allow` (`occ`: every occupied cell, `foes`:
    /// the other side's).
    #[inline(always)]
    pub(crate) fn count(
        &self,
        (side, piece): (Side, PieceId),
        set: B,
        occ: B,
        foes: B,
        allow: B,
    ) -> u64 {
        let (first, n) = self.ranges[side.index() * self.pieces + piece.index()];
        let empty = !occ;
        let mut count = 0u64;
        for key in &self.keys[first as usize..(first + n) as usize] {
            let mut cur = set & key.sources;
            for st in &key.steps[..key.len] {
                cur = cur.shifted(st.up, st.down);
                let lands = (empty & st.empty) | (foes & st.foe);
                count += (cur & lands & allow).count() as u64;
                cur &= empty;
            }
        }
        count
    }
}

impl<B: Bits> Key<B> {
    /// The key of steps `(offset from the source, landing bits)`.
    fn new(key: &[(i32, u8)], sources: B) -> Key<B> {
        let none = ShiftStep {
            up: 0,
            down: 0,
            empty: B::ZERO,
            foe: B::ZERO,
        };
        let mut steps = [none; MAX_STEPS];
        let mut before = 0i32;
        for (st, &(d, land)) in steps.iter_mut().zip(key) {
            let delta = d - before;
            before = d;
            let all = |bit: u8| if land & bit != 0 { !B::ZERO } else { B::ZERO };
            *st = ShiftStep {
                up: delta.max(0) as u32,
                down: (-delta).max(0) as u32,
                empty: all(EMPTY),
                foe: all(FOE),
            };
        }
        Key {
            sources,
            steps,
            len: key.len(),
        }
    }
}

/// A ray's key: its steps as (offset from the source, landing bits), and how many.
type RayKey = ([(i32, u8); MAX_STEPS], usize);

/// Writes to `out` the keys of the rays of a tree from cell `c`; false if some ray is
/// not keyed: `initial`, longer than [`MAX_STEPS`], or landing where `promo` (per
/// cell) says a move may promote. (No allocation per cell: building the game's kernel
/// asks it of every cell of every kind.)
fn keyed<'a>(
    rays: impl Iterator<Item = &'a [Step]>,
    c: usize,
    promo: &[bool],
    out: &mut Vec<RayKey>,
) -> bool {
    out.clear();
    for ray in rays {
        if ray.is_empty() || ray.len() > MAX_STEPS || ray[0].initial() {
            return false;
        }
        let mut key: RayKey = ([(0, 0); MAX_STEPS], ray.len());
        for (k, s) in key.0.iter_mut().zip(ray) {
            let lands = s.lands_empty() || s.lands_foe();
            if s.hops() || (lands && promo.get(s.cell as usize).copied().unwrap_or(false)) {
                return false;
            }
            let land = (u8::from(s.lands_empty()) * EMPTY) | (u8::from(s.lands_foe()) * FOE);
            *k = (s.cell as i32 - c as i32, land);
        }
        out.push(key);
    }
    true
}

/// A key's landing bits (not `en passant`: it opens cells to en passant but does not
/// change the count): lands on an empty cell, on a foe.
const EMPTY: u8 = 1;
const FOE: u8 = 2;

#[cfg(test)]
mod tests {
    use crate::ids::{PieceId, Side};
    use crate::kernel::bits::Bits;
    use crate::Game;

    /// Chess: the pawns of both sides are counted at once (from every cell but the
    /// rank before the last), the knights (eight keys) and the royal king are
    /// not; and the counts of a position with pawns on every rank agree with the
    /// legal list (the count goes through `shifts`).
    #[test]
    fn chess_pawns_are_counted_at_once() {
        let game = Game::compile(include_str!("../../../../rules/chess.rules")).expect("chess");
        let id = |letter: &str| PieceId(game.rules().piece(letter).expect(letter).0);
        let (pawn, knight, king) = (id("P"), id("N"), id("K"));
        with_bits!(&game.bits, k => {
            let shifts = &k.shifts;
            for side in Side::BOTH {
                assert!(shifts.kinds(side).contains(&pawn));
                assert!(!shifts.kinds(side).contains(&knight));
                assert!(!shifts.kinds(side).contains(&king));
                // Every cell but the rank a push or capture promotes from.
                assert_eq!(shifts.from(side, pawn).count(), 56);
            }
        }, None => panic!("chess has a kernel"));
        let mut generator = game.move_generator();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/1P4p1/8/2pP4/1P6/p6P/P1p3P1/4K3 w - c6 0 1",
            "4k3/1P4p1/8/2pP4/1P6/p6P/P1p3P1/4K3 b - - 0 1",
            "4k3/8/8/8/8/8/3p4/4K2R w K - 0 1",
            "8/8/3k4/8/4b3/3P4/2K5/8 w - - 0 1",
        ] {
            let mut pos = game.position(fen).expect(fen);
            let mut moves = Vec::new();
            generator.legal_moves(&mut pos, &mut moves);
            assert_eq!(generator.count_legal(&mut pos), moves.len() as u64, "{fen}");
        }
    }
}
