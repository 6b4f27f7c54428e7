//! The in-memory layout of a linked move table.
//!
//! A table is a forest: for every (side, piece, start cell) a [`RootRange`] names a run
//! of root [`Node`]s. Each node is one cell a trajectory reaches: its target cell, which
//! occupancy classes of that cell let the move end there, and a run of children. A
//! child's `mask` says for which occupancy classes of its parent's target it applies,
//! so one node can branch differently on empty / friend / foe, and several children may
//! share a class (several continuations). Children are stored contiguously, after their
//! parent (so offsets only point forward and the trees have no cycles). A displacement
//! (`push`) is a `PUSH` node whose children name the cells the pushed piece may go to.
//! Patterns linked as shared continuations hang blocks of **shared** nodes
//! ([`MASK_SHARED`]) under their roots: one block per (leg, cell, heading) state, reached
//! from every path that gets there.
//! The same `PUSH` nodes carry the other ways a move may end on a piece: a swap (the
//! push target is the start cell), a friend capture ([`MEET_CAPTURE`]) and a
//! conversion ([`MEET_CONVERT`]) and an activation ([`MEET_ACTIVATE`]).

use crate::ids::{CellId, PieceId, Side};
use crate::ir::Vector;
use crate::topology::Board;

/// Occupancy class bit as used in [`Node::mask`]: the cell is empty.
pub const CLASS_EMPTY: u8 = 1;
/// Occupancy class bit: the cell holds a piece of the moving side.
pub const CLASS_FRIEND: u8 = 2;
/// Occupancy class bit: the cell holds a piece of the other side.
pub const CLASS_FOE: u8 = 4;
/// Not a class: a bit of [`Node::mask`] marking a **shared** node, one record of a
/// continuation block that several paths reach (a pattern linked as shared
/// continuations; see docs/bytecode.md). A shared node has no depth of its own (its
/// `depth` field is 0; the walk counts the path), may be reached from many nodes, and
/// its children are shared nodes anywhere in the table, cycles allowed: the walk applies
/// the whole-path rules to it (a cell already on the path is not entered; the start cell
/// only ends a path that captured in passing) and stops a path at [`MAX_DEPTH`] cells.
/// A shared `PUSH` node's `PUSH_TARGET` children carry it too.
pub const MASK_SHARED: u8 = 8;
/// Not a class: a bit of [`Node::mask`], only with [`MASK_SHARED`], marking a
/// **relative** node: its `target` is not a cell but an index into
/// [`MoveTable::directions`], and its cell is one step of that direction from the
/// cell of the node before it on the path (for a `PUSH_TARGET`, from its `PUSH`
/// node's cell). A step that leaves the board ends the path there. Relative blocks hold
/// no cell, so one block serves every cell (H. G. Muller's move tables). The same bit
/// of a node that is not shared is part of its pattern's mark ([`MASK_MARK`]: marked
/// patterns are never shared): see [`Node::is_relative`].
pub const MASK_RELATIVE: u8 = 64;
/// Not a class: a bit of [`Node::mask`], only with [`MASK_SHARED`] on a `NEW_LEG`
/// node that is no `PUSH_TARGET`, marking the first step of an `up to momentum` leg:
/// from it on the path takes at most twice the steps it took before it (its
/// momentum, spent by every step after; a second such leg spends what is left), and
/// may cross the cells it took before it, its start cell among them (docs/bytecode.md,
/// "Momentum"). The same bit of a node that is not shared is part of its pattern's
/// mark ([`MASK_MARK`]); unshared momentum legs are bounded where they are expanded.
pub const MASK_MOMENTUM: u8 = 128;
/// Not a class: a bit of a `PUSH_TARGET` node's mask (see [`Node::PUSH_TARGET`]): the
/// piece met is **captured** instead of pushed, whichever side it belongs to (a friend
/// capture, XBetza's `d`); the mover takes its cell. The node's target is its parent's.
pub const MEET_CAPTURE: u8 = 16;
/// Not a class: a bit of a `PUSH_TARGET` node's mask: the piece met is **converted**
/// instead of pushed: it changes side, and kind if the node's filter names one kind
/// (a [`FilterCode::MODE_ONLY`] filter with one bit; filter 0 keeps its kind). The
/// mover stays on its start cell. The node's target is its parent's.
pub const MEET_CONVERT: u8 = 32;
/// Not a class: both action bits of a `PUSH_TARGET` mask (format 7): the piece met is
/// **activated** — the mover takes its cell and the piece makes its own ply from there
/// (a cascade, played by the game layer). The node's target is its parent's.
pub const MEET_ACTIVATE: u8 = MEET_CAPTURE | MEET_CONVERT;
/// The action bits of a `PUSH_TARGET` mask; none of them: a displacement.
pub const MEET_ACTIONS: u8 = MEET_CAPTURE | MEET_CONVERT;
/// Mask bits 6-7 of every node a marked pattern adds (none on `PUSH_TARGET` nodes, nor
/// on shared nodes, where bit 6 is [`MASK_RELATIVE`]):
/// the pattern's mark (1-3, `crate::ir::PatternActions` of its piece), which the walk
/// passes on with the ply ([`crate::walk::Ply::mark`]) and otherwise ignores. Nodes
/// of different marks never merge.
pub const MASK_MARK: u8 = 0xC0;
/// Not a class: on a root that is not shared (which no parent's class enables), the
/// pattern's `near` condition ([`piecewise_lang::ir::Near`] code: bits 0-2 its low
/// bits, bits 4-5 its high ones; 0 none), which the walk tests on the board before it
/// enters the tree. Such roots never fit a kernel (their mask is not 0) and their kind
/// is answered forward by attack queries (`ReverseTables`).
pub const MASK_NEAR: u8 = 0x37;

/// The [`MASK_NEAR`] bits of a `near` code.
#[inline]
pub const fn near_mask(code: u8) -> u8 {
    (code & 7) | ((code >> 3) & 3) << 4
}

/// The `near` code of a root's mask ([`MASK_NEAR`]).
#[inline]
pub const fn near_code(mask: u8) -> u8 {
    (mask & 7) | ((mask >> 4) & 3) << 3
}

/// Not a class of a cell stepped on: a bit of the mask of a [`Node::PROBE`]'s child, on
/// which the child follows when the probe's cell holds a piece its kind filter refuses
/// (with filter 0 in a game with `neutral` pieces: a neutral piece). Never on other
/// nodes.
pub const CLASS_OTHER: u8 = 16;

/// The shift of [`MASK_MARK`]'s value.
pub const MARK_SHIFT: u8 = 6;

/// Paths are at most this many cells long (a node's depth is one byte; the limit
/// rules texts are held to is `Limits::MAX_PATH_CELLS`, the same figure).
pub const MAX_DEPTH: usize = piecewise_lang::limits::Limits::MAX_PATH_CELLS;

/// Size of one node in the byte format and in memory.
pub const NODE_SIZE: usize = 12;

/// The index of a node in [`MoveTable::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

/// One cell of a trajectory tree (12 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The cell this step reaches.
    pub target: CellId,
    /// Steps from the start cell, minus one (roots are depth 0).
    pub depth: u8,
    /// `LAND_*`, `INITIAL`, `NEW_LEG`, `CAPTURE_PREV`, `EN_PASSANT`, `PUSH`,
    /// `PUSH_TARGET` bits.
    pub flags: u8,
    /// Which classes of the parent's target enable this node (`CLASS_*`); 0 on roots.
    pub mask: u8,
    /// Index into [`MoveTable::filters`]: kinds of piece that count as themselves here;
    /// any other piece met here is a wall (no landing, no continuation). 0 = any.
    pub filter: u8,
    /// How many children the node has (0 for a leaf).
    pub child_count: u16,
    /// The index of the first child; the children are `child_count` consecutive nodes
    /// (see [`Node::children`]). Meaningless when `child_count` is 0.
    pub first_child: u32,
}

impl Node {
    /// The move may end here if the target is empty (a quiet move).
    pub const LAND_EMPTY: u8 = 1;
    /// The move may end here if the target holds an enemy (a capture).
    pub const LAND_FOE: u8 = 2;
    /// Root only: the pattern applies only while the piece has not moved.
    pub const INITIAL: u8 = 4;
    /// This node starts a new leg (a turn, a hop, a deflection).
    pub const NEW_LEG: u8 = 8;
    /// Reaching this node captures the enemy on the parent's target (locust capture).
    pub const CAPTURE_PREV: u8 = 16;
    /// Landing nodes only: a move ending here was made by a pattern marked
    /// `en passant`, so the cells it passed over may be captured en passant for one
    /// ply. Merged nodes carry it if any of their patterns does.
    pub const EN_PASSANT: u8 = 32;
    /// A displacement: the move may end here on a piece (one the node's filter admits),
    /// pushing it to the target of one of this node's children, which are all
    /// `PUSH_TARGET` nodes and are never walked as steps. Never with `LAND_*`: the same
    /// cell's quiet move or capture is a sibling node.
    pub const PUSH: u8 = 64;
    /// Child of a `PUSH` node: the cell the pushed piece moves to, which must be empty
    /// (the mover's start cell counts as empty: a push there is a **swap**). Its mask
    /// says which classes of the parent's target (friend, foe) may be pushed, and with
    /// [`MEET_CAPTURE`] or [`MEET_CONVERT`] that the piece met is captured or converted
    /// instead (the target is then the parent's). No children, no other flags.
    pub const PUSH_TARGET: u8 = 128;
    /// Every flag bit with a meaning.
    pub const ALL_FLAGS: u8 = 255;
    /// `PUSH` with `EN_PASSANT` (which a push never carries): a **probe**, a step
    /// condition (`DIR if AT CLASS`). It looks at its target, which is not on the
    /// path: no landing, no visit; its children, at its own depth, step from the cell
    /// before it, each where its mask holds the probe's cell's class ([`CLASS_OTHER`]:
    /// a piece its filter refuses). Never shared; with `INITIAL` on a root.
    pub const PROBE: u8 = Node::PUSH | Node::EN_PASSANT;

    /// Whether the node is a probe ([`Node::PROBE`]).
    #[inline]
    pub fn is_probe(&self) -> bool {
        self.flags & Node::PROBE == Node::PROBE
    }

    /// Whether the node has any of the bits of `flag`.
    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// Whether the node is relative: shared, with [`MASK_RELATIVE`] (its target is a
    /// direction of [`MoveTable::directions`], not a cell).
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.mask & (MASK_SHARED | MASK_RELATIVE) == MASK_SHARED | MASK_RELATIVE
    }

    /// The indices of the node's children in [`MoveTable::nodes`].
    pub fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + self.child_count as usize
    }
}

/// The roots of one (side, piece, start cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RootRange {
    /// The index of the first root node.
    pub first: u32,
    /// How many root nodes follow from `first` (0: the piece has no move from there).
    pub count: u16,
    /// [`RootRange::MAY_REPEAT`] or 0.
    pub flags: u16,
}

impl RootRange {
    /// Two landing nodes of this tree can produce the same move (same destination and
    /// the same cells captured), so the walk removes duplicates for sinks that want
    /// distinct moves.
    pub const MAY_REPEAT: u16 = 1;
    /// Every flag bit with a meaning.
    pub const ALL_FLAGS: u16 = 1;

    /// The indices of the root nodes in [`MoveTable::nodes`].
    pub fn nodes(&self) -> std::ops::Range<usize> {
        self.first as usize..self.first as usize + self.count as usize
    }
}

/// A kind filter in linked form: `mode` 0 = any kind, 1 = only the kinds in `mask`,
/// 2 = every kind except those in `mask` (bit k = piece k).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FilterCode {
    /// [`FilterCode::MODE_ANY`], [`FilterCode::MODE_ONLY`] or [`FilterCode::MODE_EXCEPT`].
    pub mode: u8,
    /// The kinds the mode names: bit k is piece k.
    pub mask: u128,
}

impl FilterCode {
    /// Mode: every kind counts as itself (the mask is ignored).
    pub const MODE_ANY: u8 = 0;
    /// Mode: only the kinds in the mask.
    pub const MODE_ONLY: u8 = 1;
    /// Mode: every kind except those in the mask.
    pub const MODE_EXCEPT: u8 = 2;
    /// The filter that admits every kind (filter 0 of every table).
    pub const ANY: FilterCode = FilterCode {
        mode: FilterCode::MODE_ANY,
        mask: 0,
    };

    /// Whether a piece of kind `kind` counts as itself under this filter.
    #[inline]
    pub fn admits(&self, kind: u8) -> bool {
        let bit = 1u128.checked_shl(kind as u32).unwrap_or(0) & self.mask != 0;
        match self.mode {
            FilterCode::MODE_ONLY => bit,
            FilterCode::MODE_EXCEPT => !bit,
            _ => true,
        }
    }
}

/// A piece as the table knows it: its name and FEN letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePiece {
    /// The name the rules give it.
    pub name: String,
    /// Uppercase FEN letter.
    pub letter: char,
    /// The letter is written `+X` in FEN (a promoted piece, as in Shogi): `+P` and `P`
    /// are different pieces.
    pub plus: bool,
    /// The mark after the letter in FEN (0 none, 1 `X'`, 2 `X!`): the letters beyond
    /// the 26 HaChu and XBoard write for games of more kinds; `N'` and `N` are
    /// different pieces.
    pub prime: u8,
}

impl TablePiece {
    /// The letter as FEN writes it for `side`: `N`, `n`, `+P`, `+p`, `N'`, `n'`.
    pub fn fen_letter(&self, side: Side) -> String {
        let l = match side {
            Side::First => self.letter,
            Side::Second => self.letter.to_ascii_lowercase(),
        };
        format!(
            "{}{l}{}",
            if self.plus { "+" } else { "" },
            crate::ir::prime_mark(self.prime)
        )
    }
}

/// A move table linked to one board. Not yet trusted: see [`super::verify`].
#[derive(Clone, Debug, PartialEq)]
pub struct MoveTable {
    /// The board the table is linked to.
    pub board: Board,
    /// The pieces, indexed by [`PieceId`].
    pub pieces: Vec<TablePiece>,
    /// The kind filters nodes name; filter 0 is [`FilterCode::ANY`].
    pub filters: Vec<FilterCode>,
    /// Indexed by [`MoveTable::root_index`].
    pub roots: Vec<RootRange>,
    /// Every node of every tree; each tree's children follow their parent.
    pub nodes: Vec<Node>,
    /// The directions relative nodes ([`MASK_RELATIVE`]) step along, indexed by their
    /// `target`; `(0, 0)` stays on the cell. Empty in a table without relative nodes.
    pub directions: Vec<Vector>,
}

impl MoveTable {
    /// Whether kind `kind` is `neutral` (no side's): the kind filter 0, every other
    /// table's "any kind", refuses it (see `compile::wall_off`).
    pub fn is_neutral(&self, kind: PieceId) -> bool {
        self.filters.first().is_some_and(|f| !f.admits(kind.0))
    }

    /// The index in [`MoveTable::roots`] of a piece of `side` on `cell`: sides, then
    /// pieces, then cells.
    #[inline]
    pub fn root_index(&self, side: Side, piece: PieceId, cell: CellId) -> usize {
        (side.index() * self.pieces.len() + piece.index()) * self.board.cell_count() + cell.index()
    }

    /// The roots of a piece on a cell; `None` if the piece or cell is out of range.
    pub fn roots(&self, side: Side, piece: PieceId, cell: CellId) -> Option<RootRange> {
        if piece.index() >= self.pieces.len() || cell.index() >= self.board.cell_count() {
            return None;
        }
        self.roots.get(self.root_index(side, piece, cell)).copied()
    }

    /// Bytes of node and root storage.
    pub fn memory_bytes(&self) -> usize {
        self.nodes.len() * NODE_SIZE + self.roots.len() * 8
    }

    /// The piece with this plain letter (either case); never a `+X` or `X'` piece.
    pub fn piece_by_letter(&self, letter: char) -> Option<PieceId> {
        self.piece_by_fen_letter(false, letter)
    }

    /// The piece with this letter (either case), written with `+` before it or not;
    /// never a primed (`X'`, `X!`) piece: see [`MoveTable::piece_by_letter_text`].
    pub fn piece_by_fen_letter(&self, plus: bool, letter: char) -> Option<PieceId> {
        self.piece_by_letter_parts(plus, letter, 0)
    }

    /// The piece with this letter (either case), `+` before it or not, and the mark
    /// after it (`prime` as [`TablePiece::prime`]).
    pub fn piece_by_letter_parts(&self, plus: bool, letter: char, prime: u8) -> Option<PieceId> {
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up && p.plus == plus && p.prime == prime)
            .map(|i| PieceId(i as u8))
    }

    /// The piece a letter as FEN writes it names: `N`, `n`, `+P`, `N'`, `+n'`, `L!`.
    pub fn piece_by_letter_text(&self, text: &str) -> Option<PieceId> {
        let (plus, rest) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (prime, rest) = match rest.chars().last().and_then(crate::ir::prime_of) {
            Some(prime) => (prime, &rest[..rest.len() - 1]),
            None => (0, rest),
        };
        let mut chars = rest.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                self.piece_by_letter_parts(plus, c, prime)
            }
            _ => None,
        }
    }
}
