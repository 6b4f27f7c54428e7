//! compile: checked IR → [`MoveProgram`], the topology-independent move bytecode.
//!
//! Owns the flat program format: every pattern becomes a short run of [`Op`]s
//! (conditions, legs, landing), every piece a range of patterns. The program names no
//! cells: directions are vectors or turns, zones are cell sets from the first side's
//! view. Linking it to a concrete board is [`crate::table::link`]'s job.

mod disasm;
mod meets;
pub use disasm::disasm;
pub use meets::{MeetAction, MeetOp};

use crate::ids::{PieceId, Side, Span, ZoneId};
use crate::ir::{self, BoardSpec, Coord, KindFilter, LegDirs, RuleSet, Vector};
use std::ops::Range;

/// Index into [`MoveProgram::filters`]; 0 is always "any kind".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FilterId(pub u8);

/// Which occupants of a leg's junction cell let the next leg start there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ViaBits(pub u8);

impl ViaBits {
    /// The junction may be empty (`via empty`, the default).
    pub const EMPTY: u8 = 1;
    /// The junction may hold a friend of the mover (hopped over).
    pub const FRIEND: u8 = 2;
    /// The junction may hold an enemy (hopped over).
    pub const FOE: u8 = 4;
    /// The enemy on the junction is captured in passing (`via foe captured`).
    pub const FOE_CAPTURED: u8 = 8;

    /// Whether `bit` (one of the constants above) is set.
    pub fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// One instruction of a pattern. A pattern is
/// `Initial? Near? Pass? ForSide? Repeat? FromZone* Leg+ Land Meet* Mark? ToZone* End`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Only while the piece has not moved.
    Initial,
    /// Only for this side's pieces (`for first`, `for second`).
    ForSide(Side),
    /// `near [N] foe`, `not near foe`: only while the other side's pieces around the
    /// start cell meet the [`piecewise_lang::ir::Near`] code.
    Near(u8),
    /// The pattern is declared `pass`: a landing back on the start cell that captured
    /// nothing in passing is still a move.
    Pass,
    /// `repeat`: the pattern's legs `first..first + len` (counted among its `Leg` ops)
    /// are walked `min..=max` times in a row (`max` 0: until blocked).
    Repeat {
        /// The group's first leg.
        first: u16,
        /// Its number of legs.
        len: u16,
        /// Repetitions at least.
        min: u16,
        /// Repetitions at most; 0 for no bound.
        max: u16,
    },
    /// The start cell must (inside) or must not (!inside) lie in the zone.
    FromZone {
        /// The zone.
        zone: ZoneId,
        /// Inside (`from ZONE`) or outside (`not from ZONE`).
        inside: bool,
    },
    /// A leg: `dirs` indexes [`MoveProgram::vectors`] (absolute) or
    /// [`MoveProgram::turns`] (relative); steps `min..=max` (`max == 0`: unlimited);
    /// `via`/`filter` say what the junction to the next leg may hold.
    Leg {
        /// The directions (or turns) of the leg.
        dirs: Dirs,
        /// The fewest steps.
        min: u16,
        /// The most steps; 0 for a rider without limit.
        max: u16,
        /// `up to momentum`: this leg and those after it take at most as many steps
        /// as the path took before it (`max` is then 0).
        momentum: bool,
        /// What the junction with the next leg may hold.
        via: ViaBits,
        /// The kinds a piece on the junction may be (others are walls).
        filter: FilterId,
        /// Its step conditions: [`MoveProgram::conds`] `start..start + len`.
        conds: CondRange,
    },
    /// The last leg lands on empty cells (`empty`) and/or enemies (`foe`, victims
    /// restricted by `filter`). `en_passant`: a move by this pattern opens the cells
    /// it passed over to en passant capture for one ply (the `en passant` modifier).
    Land {
        /// A quiet move may end on an empty cell.
        empty: bool,
        /// A capture may end on an enemy.
        foe: bool,
        /// The kinds of enemy that may be captured there.
        filter: FilterId,
        /// The `en passant` modifier.
        en_passant: bool,
        /// `push ...`: the move may also end on a piece it pushes one step onward.
        push: Option<PushOp>,
    },
    /// The landing cell must (inside) or must not lie in the zone.
    ToZone {
        /// The zone.
        zone: ZoneId,
        /// Inside (`to ZONE`) or outside (`not to ZONE`).
        inside: bool,
    },
    /// After `Land`: the last leg may also end on a piece and swap with it, capture
    /// it (a friend) or convert it.
    Meet(MeetOp),
    /// The pattern's mark (1 to [`crate::ir::MAX_MARKS`]): its moves do what its
    /// piece's actions of that number say (`sets`, `keeps`, `burn`, `explode`).
    Mark(u8),
    /// The end of the pattern.
    End,
}

/// A displacement: which pieces the last leg may push one step further (friendly ones,
/// enemy ones, and of which kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushOp {
    /// Friends of the mover may be pushed.
    pub friend: bool,
    /// Enemies may be pushed.
    pub foe: bool,
    /// The kinds that may be pushed.
    pub filter: FilterId,
}

/// A leg's directions: a range of the vector pool or of the turn pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dirs {
    /// Vectors `start..start + len` of [`MoveProgram::vectors`] (a first leg).
    Absolute {
        /// The first vector.
        start: u32,
        /// How many.
        len: u16,
    },
    /// Turns `start..start + len` of [`MoveProgram::turns`], relative to the previous
    /// leg's heading.
    Turn {
        /// The first turn.
        start: u32,
        /// How many.
        len: u16,
    },
    /// The vector the leg before the previous one moved in (`alternate`): linking
    /// keeps the two last headings.
    Alternate,
}

/// A leg's step conditions: a range of [`MoveProgram::conds`] (`len` 0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CondRange {
    /// The first condition.
    pub start: u32,
    /// How many.
    pub len: u16,
}

/// `DIR if AT CLASS`: the leg's steps in `dirs` are taken only when the cell one step
/// `at` from where the leg starts holds one of `classes`
/// ([`piecewise_lang::ir::StepCond`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProgramCond {
    /// The directions it applies to (the same kind of range as its leg's).
    pub dirs: Dirs,
    /// The direction of the cell looked at: one vector or one turn.
    pub at: Dirs,
    /// [`piecewise_lang::ir::StepCond`] class bits.
    pub classes: u8,
    /// The kinds a piece there must be to count.
    pub filter: FilterId,
}

/// A zone of the program: named cells as the first side sees them.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramZone {
    /// The zone's name in the rules file.
    pub name: String,
    /// Its cells, from the first side's view.
    pub cells: Vec<Coord>,
    /// The same cells for both sides (`zone absolute`); otherwise mirrored for the
    /// second side.
    pub absolute: bool,
}

/// A piece of the program.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramPiece {
    /// The piece's name in the rules file.
    pub name: String,
    /// Uppercase FEN letter.
    pub letter: char,
    /// The letter is written `+X` (a promoted piece).
    pub plus: bool,
    /// The mark after the letter, as [`ir::Piece::prime`]: `X'`, `X!` (HaChu's and
    /// XBoard's letters beyond the 26).
    pub prime: u8,
    /// Range of [`MoveProgram::patterns`].
    pub patterns: Range<u32>,
    /// Declared `neutral`: no side's (a wall to every walk; no patterns compiled unless
    /// it is `moved by either side`).
    pub neutral: bool,
}

/// One pattern of the program.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramPattern {
    /// The piece it belongs to.
    pub piece: PieceId,
    /// Range of [`MoveProgram::ops`].
    pub ops: Range<u32>,
    /// Where the pattern was written.
    pub span: Span,
}

/// The compiled, topology-independent form of a rules file.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveProgram {
    /// The game's name (`game "..."`), if declared.
    pub name: Option<String>,
    /// The board the program is meant for.
    pub board: BoardSpec,
    /// The zones, indexed by [`ZoneId`].
    pub zones: Vec<ProgramZone>,
    /// The pieces, indexed by [`PieceId`].
    pub pieces: Vec<ProgramPiece>,
    /// Every pattern of every piece, each piece's contiguous.
    pub patterns: Vec<ProgramPattern>,
    /// The instructions of every pattern.
    pub ops: Vec<Op>,
    /// The vector pool that [`Dirs::Absolute`] ranges index.
    pub vectors: Vec<Vector>,
    /// The turn pool (in the board's turn units) that [`Dirs::Turn`] ranges index.
    pub turns: Vec<i16>,
    /// The step conditions of every leg ([`CondRange`]).
    pub conds: Vec<ProgramCond>,
    /// Kind filters; entry 0 is [`KindFilter::Any`] (in a game with `neutral` pieces,
    /// every filter, entry 0 too, leaves those out).
    pub filters: Vec<KindFilter>,
    /// The first pattern (an index of [`MoveProgram::patterns`]) that needed a kind
    /// filter past the [`MAX_FILTERS`] a table can name (a node names its filter in
    /// one byte): the linker refuses such a program (E0806), pointing at it.
    pub filters_past_limit: Option<u32>,
}

/// The most distinct kind filters a program may have: a table node names its filter
/// in one byte.
pub const MAX_FILTERS: usize = 256;

impl MoveProgram {
    /// The instructions of pattern number `pattern`.
    pub fn pattern_ops(&self, pattern: usize) -> &[Op] {
        let r = &self.patterns[pattern].ops;
        &self.ops[r.start as usize..r.end as usize]
    }

    /// The vectors of a [`Dirs::Absolute`] range.
    pub fn vectors_of(&self, start: u32, len: u16) -> &[Vector] {
        &self.vectors[start as usize..start as usize + len as usize]
    }

    /// The turns of a [`Dirs::Turn`] range.
    pub fn turns_of(&self, start: u32, len: u16) -> &[i16] {
        &self.turns[start as usize..start as usize + len as usize]
    }
}

/// Lowers a checked rule set to a program. Cannot fail: the checker has already
/// rejected everything the program could not represent (at most 127 pieces; ranges
/// within `u16`), except more distinct kind filters than [`MAX_FILTERS`], which the
/// program records ([`MoveProgram::filters_past_limit`]) for the linker to report.
pub fn compile(rules: &RuleSet) -> MoveProgram {
    let mut p = MoveProgram {
        name: rules.name.clone(),
        board: rules.board.clone(),
        zones: rules
            .zones
            .iter()
            .map(|z| ProgramZone {
                name: z.name.clone(),
                cells: z.cells.clone(),
                absolute: z.absolute,
            })
            .collect(),
        pieces: Vec::with_capacity(rules.pieces.len()),
        patterns: Vec::new(),
        ops: Vec::new(),
        vectors: Vec::new(),
        turns: Vec::new(),
        conds: Vec::new(),
        filters: vec![KindFilter::Any],
        filters_past_limit: None,
    };
    for (pi, piece) in rules.pieces.iter().enumerate() {
        let first = p.patterns.len() as u32;
        // A neutral piece belongs to no side: no side walks it (its patterns, if any,
        // are checked but not compiled; W0005 says so), unless either side may move it
        // (`moved by either side`): then both sides' trees are compiled.
        let neutral = rules.game.neutral.is_neutral(PieceId(pi as u8));
        let movable = rules.game.neutral.movable.contains(&PieceId(pi as u8));
        // Patterns marked `chain` are the game layer's: it links them in a table of their
        // own and walks them as a loop (`piecewise_game`'s capture chains).
        for pat in piece
            .patterns
            .iter()
            .filter(|pat| (!neutral || movable) && !pat.conditions.chain)
        {
            let start = p.ops.len() as u32;
            lower_pattern(&mut p, pat);
            if p.filters.len() > MAX_FILTERS && p.filters_past_limit.is_none() {
                p.filters_past_limit = Some(p.patterns.len() as u32);
            }
            p.patterns.push(ProgramPattern {
                piece: PieceId(pi as u8),
                ops: start..p.ops.len() as u32,
                span: pat.span,
            });
        }
        p.pieces.push(ProgramPiece {
            name: piece.name.clone(),
            letter: piece.letter,
            plus: piece.plus,
            prime: piece.prime,
            patterns: first..p.patterns.len() as u32,
            neutral,
        });
    }
    wall_off(&mut p.filters, &rules.game.neutral.kinds);
    p
}

/// Makes every kind filter refuse the `neutral` kinds, so that every walk (forward and
/// reverse) sees a neutral piece as a wall ([`crate::walk::Class::Blocked`]): nothing
/// lands on it, no path goes on past it. Games without neutral pieces keep their
/// filters (filter 0 stays "any kind", the walk's cheapest test).
fn wall_off(filters: &mut [KindFilter], neutral: &[PieceId]) {
    if neutral.is_empty() {
        return;
    }
    for f in filters {
        *f = match std::mem::replace(f, KindFilter::Any) {
            KindFilter::Any => KindFilter::Except(neutral.to_vec()),
            KindFilter::Only(mut kinds) => {
                kinds.retain(|k| !neutral.contains(k));
                KindFilter::Only(kinds)
            }
            KindFilter::Except(mut kinds) => {
                kinds.extend(
                    neutral
                        .iter()
                        .filter(|k| !kinds.contains(k))
                        .copied()
                        .collect::<Vec<_>>(),
                );
                KindFilter::Except(kinds)
            }
        };
    }
}

fn lower_pattern(p: &mut MoveProgram, pat: &ir::Pattern) {
    if pat.conditions.initial {
        p.ops.push(Op::Initial);
    }
    if pat.conditions.near != 0 {
        p.ops.push(Op::Near(pat.conditions.near));
    }
    if pat.conditions.pass {
        p.ops.push(Op::Pass);
    }
    p.ops.extend(pat.conditions.side.map(Op::ForSide));
    if let Some(r) = &pat.repeat {
        p.ops.push(Op::Repeat {
            first: r.first as u16,
            len: r.len as u16,
            min: r.min,
            max: r.max.unwrap_or(0),
        });
    }
    for c in &pat.conditions.from {
        p.ops.push(Op::FromZone {
            zone: c.zone,
            inside: c.inside,
        });
    }
    for leg in &pat.legs {
        let dirs = match &leg.dirs {
            LegDirs::Absolute(v) => Dirs::Absolute {
                start: pool(&mut p.vectors, v),
                len: v.len() as u16,
            },
            LegDirs::Turn(t) => Dirs::Turn {
                start: pool(&mut p.turns, t),
                len: t.len() as u16,
            },
            LegDirs::Alternate => Dirs::Alternate,
        };
        let mut via = 0;
        for (on, bit) in [
            (leg.via.empty, ViaBits::EMPTY),
            (leg.via.friend, ViaBits::FRIEND),
            (leg.via.foe, ViaBits::FOE),
            (leg.via.foe_captured, ViaBits::FOE_CAPTURED),
        ] {
            if on {
                via |= bit;
            }
        }
        let filter = filter_id(p, &leg.via.kinds);
        let conds = CondRange {
            start: p.conds.len() as u32,
            len: leg.conds.len() as u16,
        };
        for c in &leg.conds {
            let cond = ProgramCond {
                dirs: dirs_of(p, &c.dirs),
                at: dirs_of(p, &c.at),
                classes: c.classes,
                filter: filter_id(p, &c.kinds),
            };
            p.conds.push(cond);
        }
        p.ops.push(Op::Leg {
            dirs,
            min: leg.min,
            max: leg.max.unwrap_or(0),
            momentum: leg.momentum,
            via: ViaBits(via),
            filter,
            conds,
        });
    }
    let filter = filter_id(p, &pat.land.kinds);
    let push = pat.land.push.as_ref().map(|push| PushOp {
        friend: push.friend,
        foe: push.foe,
        filter: filter_id(p, &push.kinds),
    });
    p.ops.push(Op::Land {
        empty: pat.land.empty,
        foe: pat.land.foe,
        filter,
        en_passant: pat.conditions.en_passant,
        push,
    });
    if let Some(meets) = &pat.land.meets {
        meets::emit(p, meets);
    }
    if pat.conditions.mark != 0 {
        p.ops.push(Op::Mark(pat.conditions.mark));
    }
    for c in &pat.conditions.to {
        p.ops.push(Op::ToZone {
            zone: c.zone,
            inside: c.inside,
        });
    }
    p.ops.push(Op::End);
}

/// A direction set as a range of the program's pools.
fn dirs_of(p: &mut MoveProgram, dirs: &LegDirs) -> Dirs {
    match dirs {
        LegDirs::Absolute(v) => Dirs::Absolute {
            start: pool(&mut p.vectors, v),
            len: v.len() as u16,
        },
        LegDirs::Turn(t) => Dirs::Turn {
            start: pool(&mut p.turns, t),
            len: t.len() as u16,
        },
        LegDirs::Alternate => Dirs::Alternate,
    }
}

/// Interns a run of values in a pool, reusing an identical earlier run.
fn pool<T: PartialEq + Copy>(pool: &mut Vec<T>, items: &[T]) -> u32 {
    if !items.is_empty() {
        if let Some(i) = pool.windows(items.len()).position(|w| w == items) {
            return i as u32;
        }
    }
    let start = pool.len() as u32;
    pool.extend_from_slice(items);
    start
}

/// The id of filter `f`, added if new. Past [`MAX_FILTERS`] the ids saturate: the
/// program is refused before it is linked (E0806).
fn filter_id(p: &mut MoveProgram, f: &KindFilter) -> FilterId {
    let id = |i: usize| FilterId(u8::try_from(i).unwrap_or(u8::MAX));
    if let Some(i) = p.filters.iter().position(|g| g == f) {
        return id(i);
    }
    p.filters.push(f.clone());
    id(p.filters.len() - 1)
}
