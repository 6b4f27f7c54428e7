//! piecewise-game: the game layer — positions with hands, castling rights and en
//! passant, the special rules a rules file declares, legal moves, make/unmake, perft,
//! distance maps and how games end.
//!
//! It plays the move tables of `piecewise-table` and reads them only through their
//! public view (the verified table, the walk, the reverse tables and their walk, the
//! kernels and the table's facts). Nothing here is specific to one game: every rule
//! comes from the declarations in [`crate::ir::GameDecls`]. An engine depends on this
//! crate (or on the `piecewise` facade) and gets no server, command line or async
//! runtime with it.
//!
//! ```
//! use piecewise_game::{EndReason, Game, Perft};
//!
//! let game = Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
//! let mut pos = game.start_position().unwrap();
//! assert_eq!(game.legal_moves(&pos).len(), 20);
//! assert_eq!(Perft::new(&game).perft(&mut pos, 3), Ok(8_902));
//!
//! // Make and unmake, with UCI text in and FEN out as Fairy-Stockfish writes them.
//! let start = game.fen(&pos);
//! let e4 = game.parse_uci(&pos, "e2e4").unwrap();
//! let undo = game.make(&mut pos, &e4);
//! assert_eq!(game.fen(&pos), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! game.unmake(&mut pos, undo);
//! assert_eq!(game.fen(&pos), start);
//!
//! // The fool's mate: the game ends, and the rules say how.
//! for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     let m = game.parse_uci(&pos, uci).unwrap();
//!     game.make(&mut pos, &m);
//! }
//! assert!(game.legal_moves(&pos).is_empty());
//! assert_eq!(game.result(&pos).unwrap().reason, EndReason::Checkmate);
//! ```
//!
//! The modules, each one job:
//! - `position`: [`GamePosition`], the journal behind make/unmake, Zobrist keys;
//! - `moves`: [`GameMove`] and [`MoveKind`];
//! - [`fen`]: reading and writing positions as Fairy-Stockfish writes them;
//! - `notation`: UCI text of moves;
//! - `movegen`: [`MoveGenerator`], pseudo-legal generation (walks, promotions, en passant,
//!   castling, drops) and legal moves;
//! - `delayed`: promotions that wait in a tag (`promotion ..., tagged T`): the tagging
//!   of arrivals and the promotion in place;
//! - `legality`: the legality test — attack queries over the reverse tables, the quick
//!   test, the full test;
//! - `perft`: node counting ([`Perft`]);
//! - [`distance`]: distance maps, how many moves each piece needs to reach every cell,
//!   kept up to date through make/unmake ([`DistanceMaps`]);
//! - `setup` (private): the declarations resolved into the tables the layer plays by
//!   ([`Game::new`]);
//! - `edit`: positions set up by hand ([`Game::empty_position`], [`Game::with_piece`]);
//! - [`text_board`]: Sokoban text boards (`#`, `@`, `$`, `.`) read into and written
//!   from positions.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod activation;
mod alignment;
mod attack;
mod cascade_tree;
mod compact;
mod delayed;
mod displace;
pub mod distance;
mod edit;
pub(crate) mod effects;
mod file_rights;
mod game_sokoban;
mod gating;
mod history;
mod journey;
pub(crate) mod kernel;
#[cfg(test)]
mod layer_tests;
mod legality;
mod line;
mod lion;
mod make;
mod mate;
mod material;
mod movegen;
mod moves;
mod neutral;
pub mod notation;
mod onward;
mod perft;
mod position;
mod resolved;
mod result;
mod sacrifice;
mod setup;
mod side_effects;
mod sokoban;
mod sokoban_reverse;
mod stop;
mod tag_rights;
mod tags;
mod teleport;
mod touch;
pub use journey::JourneyArm;
mod warnings;

pub use alignment::Alignment;
pub use cascade_tree::CascadeTree;
pub use compact::{CompactMove, MoveList};
pub use distance::{DistanceMap, DistanceMaps, SideSummary, UpdateStats};
pub use legality::MoveGenerator;
pub use line::{Line, LineError, MoveError, MoveErrorKind};
pub use moves::{Cascade, GameMove, MoveKind, SideChange, MAX_SIDE_CHANGES};
use notation::fen;
pub use notation::pgn::{PgnError, PgnGame};
pub use notation::text_board;
pub use notation::{TextBoardError, TextBoardErrorKind};
pub use perft::{
    divide_parallel, ParallelOutcome, Perft, PerftStopped, ThreadPoolError, DEFAULT_MAX_MS,
    MAX_DEPTH as MAX_PERFT_DEPTH,
};
pub use position::{EnPassant, GamePosition, Keys, Undo};
pub use result::{EndReason, GameResult};
pub use sacrifice::SacrificePly;
pub use side_effects::SideEffects;
pub use sokoban::SokobanPlusError;
pub use sokoban_reverse::ReverseLevelError;
pub use teleport::TeleportPath;
pub use warnings::PositionWarning;

// The lower layers' modules, under the names this layer uses for them.
use piecewise_lang::{diagnostics, ids, ir, topology};
use piecewise_table::{path_tree, pipeline, table, walk};

use crate::diagnostics::Diagnostics;
use crate::ids::{CellId, PieceId, Side};
use crate::table::{Kernels, ReverseTables, TableSize};
use crate::topology::Board;
use piecewise_table::position::FenError;
use piecewise_table::Rules;

pub use piecewise_lang::limits::{MAX_CASCADE, MAX_CHAIN, MAX_EP_CELLS, MAX_PASSING};

pub use resolved::{CastlingMove, DropLimits, PromotionRule};

/// Table sizes of a [`Game`] (see [`Game::table_memory`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMemory {
    /// Nodes of the linked move table.
    pub forward_nodes: usize,
    /// Bytes of the move table's nodes and roots.
    pub forward_bytes: usize,
    /// Nodes of the reverse tables.
    pub reverse_nodes: usize,
    /// Leaves of the reverse tables (the start cells of attacks).
    pub reverse_leaves: usize,
    /// Bytes of the reverse tables (nodes, leaves, roots).
    pub reverse_bytes: usize,
    /// Piece kinds whose attacks are found by walking them forward (no reverse paths).
    pub forward_walked: usize,
}

/// A compiled game: movement rules, resolved declarations, reverse tables, keys.
pub struct Game {
    rules: Rules,
    name: Option<String>,
    pieces: usize,
    cells: usize,
    royal: Vec<bool>,
    /// Per kind: `neutral` (no side's; written `*` in FEN).
    neutral: Vec<bool>,
    plus: Vec<bool>,
    /// Per piece: how SAN writes it where its declaration says (`(N, san H)`,
    /// `(P, san pawn)`); `None`: the FEN letter, or none for a clock-restarting piece.
    san_names: Vec<Option<crate::ir::SanName>>,
    /// With more than one royal kind (`royal King | Queen`): the first named, the only
    /// one whose attack SAN marks as check (Fairy-Stockfish's king; the others are
    /// pieces whose loss ends the game, and attacks on them are no check there).
    san_king: Option<PieceId>,
    castlings: Vec<CastlingMove>,
    /// Per cell: the castling rights lost when a move starts or ends there.
    castle_loss: Vec<u64>,
    /// Per piece: its moves restart the halfmove clock (en passant capturers and the
    /// `move limit`'s `pawn` pieces).
    clock_reset: Vec<bool>,
    /// `[side * cells + cell]`: the (start cell, kind) of every en passant capturer
    /// whose table lands a capture on `cell` from there, sorted.
    ep_sources: Vec<Vec<(u16, PieceId)>>,
    /// Indexed by `side * pieces + piece`.
    promotions: Vec<Vec<PromotionRule>>,
    /// `touch ...`: the plies that end on an own piece and promote it (`None`: none).
    touches: Option<Box<touch::Touches>>,
    /// Indexed by `side * pieces + piece`: per cell, whether a promotion rule of the
    /// piece applies to a move ending there (empty when the piece has no rule) ...
    promo_to: Vec<Vec<bool>>,
    /// ... or starting there (`also leaving` rules).
    promo_from: Vec<Vec<bool>>,
    /// Per piece: the piece it demotes to when captured into a hand.
    base_of: Vec<Option<PieceId>>,
    /// `hand`: captured pieces go to the captor's hand and may be dropped.
    hand: bool,
    /// `hand` without `captures not kept`: a capture fills the captor's hand.
    captures_to_hand: bool,
    /// `hand, unlimited`: every kind in each hand without limit; FEN writes no hand.
    pub(crate) hand_unlimited: bool,
    /// Per cell, when a drop must be `next to friend`: its neighbours (else empty).
    neighbours: Vec<Vec<CellId>>,
    /// A capture puts a promoted piece into the hand as the piece it promoted from
    /// (`hand` without `captures kept promoted`), so a promoted piece remembers that (FEN
    /// `~`).
    hand_demotes: bool,
    /// Indexed by `side * pieces + piece`.
    drop_limits: Vec<DropLimits>,
    /// `dropped first`, `opposite colours`: a setup phase's drop rules.
    drop_phase: Option<Box<movegen::placement::DropPhase>>,
    /// Some castling is `when dropped`.
    castles_when_dropped: bool,
    /// Pieces in hand may be dropped (`hand` without `gating ..., no drops`).
    drops: bool,
    /// Indexed by `(side * pieces + piece) * cells + cell`: the piece has no move at
    /// all from there on an empty board.
    dead: Vec<bool>,
    /// `royals may not face`: royals on one file with only empty cells between them
    /// is an illegal position.
    no_facing: bool,
    /// `royals in check capture only`: a royal in check moves only to capture the one
    /// piece giving check.
    evasion_captures: bool,
    /// `one side`: only the first side moves.
    one_side: bool,
    /// The outcome of a stalemate for the side to move.
    stalemate: crate::ir::Outcome,
    /// `stalemate ..., by piece count`: the outcome goes by the pieces on the board.
    stalemate_by_count: bool,
    /// The game ends beyond checkmate and stalemate.
    ends: crate::ir::EndRules,
    /// Per `reach` rule of `ends`, per side: the cells of its zone as that side sees it,
    /// listed (asked at every node: King of the Hill's test reads its four cells, not
    /// the board).
    reach_zones: Vec<[Vec<u16>; 2]>,
    /// The `connect` rules of `ends`, resolved to cells (empty: none declared).
    connects: Vec<result::connect::Connect>,
    /// By `side * pieces + piece`: the cells `confine` keeps the piece in (`None`: not
    /// confined).
    confined: Vec<Option<Vec<bool>>>,
    /// What each piece kind can do towards a mate, found when first asked
    /// ([`Game::insufficient_material`]).
    material: material::TraitsCell,
    /// `no giving check`: a move may not leave the other side in check (legality by
    /// playing the move, as with effects).
    pub(crate) no_giving_check: bool,
    /// Some end rule can end the game at once by the position alone (`no pieces`,
    /// `bare royal`, `reach`, `extinction`, `checks`): such a position has no legal
    /// move ([`Game::ended_at_once`]).
    ends_at_once: bool,
    /// `must capture [most]`.
    pub(crate) must_capture: Option<crate::ir::MustCapture>,
    /// Per piece kind: what a piece taken counts for `must capture most` (1 unless
    /// weighed).
    pub(crate) capture_weights: Vec<u32>,
    /// `must capture ..., with K, most K, earliest K`: the quality rules in order, each
    /// with its kinds as a mask over piece kinds.
    pub(crate) capture_prefer: Vec<(crate::ir::PreferRule, Vec<bool>)>,
    /// The capture chains (patterns marked `chain`; `None`: none).
    pub(crate) chains: Option<Box<movegen::chain::Chains>>,
    /// `explode`, `burn`, `freeze`, `immune` (`None`: none declared).
    pub(crate) effects: Option<Box<effects::GameEffects>>,
    /// `alignment ...` (`None`: none declared): lines of pieces, and what entering one
    /// allows ([`Game::alignments`]).
    pub(crate) alignment: Option<Box<alignment::AlignmentRule>>,
    /// `alignment ..., resurrect`: each side's captured (and oblationed) pieces are
    /// kept, in the hands' store (a game with one has no `hand`), for a resurrection
    /// to bring back; FEN writes them as a hand.
    pub(crate) graveyard: bool,
    /// `displace ...` (`None`: none declared): the pieces that displace others in
    /// passing, and how ([`displace::add_displacements`]).
    pub(crate) displace: Option<Box<displace::DisplaceRules>>,
    /// `sacrifice ...` (`None`: none declared): the pieces that start a sacrifice
    /// move, and how ([`sacrifice::add_sacrifices`]).
    pub(crate) sacrifice: Option<Box<sacrifice::SacrificeRules>>,
    /// `gating ...` (`None`: none declared): beside castling, not an effect, so a
    /// gating game keeps the attack kernel's legality (a gating move is legal when
    /// the same move without the piece entering is).
    pub(crate) gating: Option<Box<gating::Gating>>,
    /// `tag ...` (`None`: none declared).
    pub(crate) tags: Option<Box<tags::GameTags>>,
    /// A blast game whose legal moves are counted from whole lists only for its
    /// blast (`explode on capture` alone, no passing captures, facing rule, `no giving
    /// check`, compulsory capture, first drops, capture-only evasions, pattern marks or
    /// chains): perft's last ply counts it without building the quiet moves
    /// (`perft::bulk`), its captures tested in full.
    pub(crate) blast_counts: bool,
    /// A game whose replies take a royal only by capturing it (activation, relays,
    /// teleports, neutral walls; no effect that removes or turns pieces): what a reply
    /// may take beyond the attack queries, per kind (`legality::replies`).
    pub(crate) reply_takers: Option<Box<legality::replies::ReplyTakers>>,
    /// Per kind (bit k: kind k; none in games of more than 128 kinds): no pattern of
    /// the kind captures, pushes, activates or meets a piece in any way, so its own
    /// moves take nothing and start no cascade (`legality::reply_cache` skips them).
    pub(crate) reply_inert: u128,
    /// Neither effects, gating nor tags: make plays a quiet move, or a plain compact capture,
    /// from its cells alone (one test a make instead of two).
    pub(crate) plain: bool,
    /// `sokoban ...`: what the characters of a Sokoban text board stand for.
    sokoban: Option<crate::ir::SokobanRoles>,
    /// Per cell: where a lone pusher on an otherwise empty board steps from it (built
    /// on first use by the Sokoban solver API, `sokoban::step_graph`).
    sokoban_steps: std::sync::OnceLock<Vec<Vec<CellId>>>,
    /// The steps of onward relays' lines, read on first use ([`onward::line_steps`]).
    onward_lines: onward::LineCache,
    /// Per cell, when royals may not face: the cells above and below it on its file,
    /// nearest first (empty otherwise).
    file_rays: Vec<[Vec<CellId>; 2]>,
    /// Some node of the table captures in passing.
    any_passing: bool,
    /// A move may leave a piece of the side to move in the child on a cell it changed
    /// (a push, swap, conversion or activation moves or turns the piece met; a neutral
    /// piece is the first side's whoever moves it; effects): perft's children counter
    /// looks for such pieces (`Perft::pushed_walks`) only then.
    pub(crate) moves_met: bool,
    /// Some pattern has a mark (`sets`, `keeps`, `burn`, `explode`): two patterns of a
    /// piece may make the same move, and the walks' moves are deduplicated.
    pub(crate) marked: bool,
    /// [`Game::counts_lists`], decided once.
    lists: bool,
    start: Option<GamePosition>,
    start_fen: Option<String>,
    /// `[side][piece]` counts in the start position (for `only captured`).
    start_counts: [Vec<u16>; 2],
    reverse: ReverseTables,
    /// The trees compiled into rays (leapers, riders), run without the interpreter.
    kernels: Kernels,
    /// The bitboard attack kernel for the legality test ([`kernel::exposure`]).
    bits: kernel::BitKernel,
    /// Without a bitboard kernel (`bits` none), on a board of up to 128 cells: the
    /// reaches perft's bulk count reads where the quick test lets it
    /// ([`kernel::counted`]).
    counted: Option<Box<kernel::counted::Counted>>,
    keys: Keys,
}

impl Game {
    /// Parses, checks and compiles a rules file with its game declarations.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = piecewise_game::Game::compile(
    ///     "board square 3x3\n\
    ///      start \"2k/3/K2 w - - 0 1\"\n\
    ///      royal King\n\
    ///      piece King (K) { step any }",
    /// )
    /// .unwrap();
    /// let pos = game.start_position().unwrap();
    /// // a1 may go to a2 or b1; b2 touches the black king on c3, so it is illegal.
    /// assert_eq!(game.legal_uci(&pos), ["a1a2", "a1b1"]);
    /// // Black's king then has one safe cell each time (c2 after a1a2, b3 after a1b1).
    /// assert_eq!(game.perft(&pos, 2), 2);
    /// ```
    pub fn compile(source: &str) -> Result<Game, Diagnostics> {
        Game::compile_at(source, None)
    }

    /// [`Game::compile`] for a rules file read from directory `base` (where its graph
    /// board file is looked up).
    pub fn compile_at(source: &str, base: Option<&std::path::Path>) -> Result<Game, Diagnostics> {
        Game::compile_fitted(source, base, None)
    }

    /// [`Game::compile_at`] with the board cut down to `fit` = (files, ranks) when
    /// the rules declare a larger grid board (square, hex rows, tri or octo): a Sokoban
    /// level is played on a board of its own size, cut from the top-left corner of
    /// the declared one (text boards start at the top row, so the rows' parity, which
    /// Hexoban, Trioban and Octoban count from the top, is the same). Rules without
    /// `sokoban` roles, other boards, and `fit` larger than the declared board leave
    /// it as declared.
    pub fn compile_fitted(
        source: &str,
        base: Option<&std::path::Path>,
        fit: Option<(usize, usize)>,
    ) -> Result<Game, Diagnostics> {
        Game::compile_limited(source, base, fit, &crate::pipeline::Limits::default())
    }

    /// [`Game::compile_fitted`] under `limits` instead of the default ones (table
    /// size, path length, captures in passing, linking time...).
    pub fn compile_limited(
        source: &str,
        base: Option<&std::path::Path>,
        fit: Option<(usize, usize)>,
        limits: &crate::pipeline::Limits,
    ) -> Result<Game, Diagnostics> {
        let compiled = crate::pipeline::compile_with(source, base, limits, |rule_set| {
            if let Some((files, ranks)) = fit {
                setup::fit_board(rule_set, files, ranks);
            }
        })?;
        let mut game = Game::new(&compiled.rule_set, compiled.rules)?;
        if let Some(act) = game
            .effects
            .as_deref_mut()
            .and_then(|fx| fx.activation.as_mut())
        {
            act.plies = limits
                .cascade_plies
                .clamp(1, crate::pipeline::Limits::MAX_CASCADE_PLIES);
        }
        Ok(game)
    }

    /// Compiles a rules file as [`Game::compile_limited`] does, with every diagnostic
    /// it gives (the rules' and the game declarations'), but builds only the movement
    /// rules, not what play needs (reverse tables, rays, bit kernels): what `check`
    /// and `compile` want, in a fraction of the time on big boards.
    pub fn check_limited(
        source: &str,
        base: Option<&std::path::Path>,
        limits: &crate::pipeline::Limits,
    ) -> Result<Rules, Diagnostics> {
        let compiled = crate::pipeline::compile_with(source, base, limits, |_| {})?;
        Game::declarations(&compiled.rule_set, compiled.rules)
    }

    /// The compiled movement rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The `game` name, if the file declares one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The board the game is played on.
    pub fn board(&self) -> &Board {
        self.rules.board()
    }

    /// The cells a `near` condition counts around `cell` (the eight next to it, fewer
    /// at an edge; [`walk::near_area`]): the area the walk looks at for a pattern's
    /// `near foe`, shown for the book's diagrams of the fields around a piece
    /// (Hemera's Dawn, "Grenadier-fields").
    pub fn near_area(&self, cell: CellId) -> Vec<CellId> {
        walk::near_area(self.board(), cell).collect()
    }

    /// The number of piece kinds.
    pub fn piece_count(&self) -> usize {
        self.pieces
    }

    /// The number of cells of the board.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// Whether the piece is declared `royal`.
    pub fn is_royal(&self, piece: PieceId) -> bool {
        self.royal[piece.index()]
    }

    /// Every castling move of both sides; castling right `i` is bit `i`.
    pub fn castlings(&self) -> &[CastlingMove] {
        &self.castlings
    }

    /// `hand`: captured pieces go to the captor's hand and may be dropped.
    pub fn has_hand(&self) -> bool {
        self.hand
    }

    /// The start position, if the file declares one.
    pub fn start_position(&self) -> Option<GamePosition> {
        self.start.clone()
    }

    /// The start position as written in the file.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// Reads a position in Fairy-Stockfish's FEN for this game; in a game with capture
    /// chains on a square board (the draughts family), also a draughts FEN
    /// (`W:W31-50:B1-20`, `K` before a king's square; see [`Game::draughts_fen`]).
    pub fn position(&self, fen: &str) -> Result<GamePosition, FenError> {
        if notation::draughts::is_draughts_fen(fen) && notation::draughts::squares(self).is_some() {
            return notation::draughts::read(self, fen);
        }
        fen::read(self, fen)
    }

    /// Writes a position as Fairy-Stockfish writes FEN for this game.
    pub fn fen(&self, pos: &GamePosition) -> String {
        fen::write(self, pos)
    }

    /// A fresh move generator (with its own buffers) for this game.
    pub fn move_generator(&self) -> MoveGenerator<'_> {
        MoveGenerator::new(self)
    }

    /// The legal moves of the side to move. A convenience that builds a move generator; an
    /// engine keeps one [`MoveGenerator`] instead.
    pub fn legal_moves(&self, pos: &GamePosition) -> Vec<GameMove> {
        let mut pos = pos.clone();
        let mut s = self.move_generator();
        let mut out = Vec::new();
        s.legal_moves(&mut pos, &mut out);
        out
    }

    /// The legal moves of the side to move in UCI, sorted.
    pub fn legal_uci(&self, pos: &GamePosition) -> Vec<String> {
        let mut v = self.uci_list(&self.legal_moves(pos));
        v.sort();
        v
    }

    /// The UCI texts of a move list, in its order: [`Game::uci`], except that a push
    /// that would print the same as another move of the list gets `^` and the cell the
    /// pushed piece goes to (`d4d5^d6`).
    pub fn uci_list(&self, moves: &[GameMove]) -> Vec<String> {
        notation::uci::uci_list(self, moves)
    }

    /// Perft: the number of leaf nodes of the legal move tree of depth `depth`, with
    /// no time limit and nothing to cancel it ([`Game::perft_within`] has both).
    pub fn perft(&self, pos: &GamePosition, depth: u32) -> u64 {
        match self.perft_within(pos, depth, std::time::Duration::MAX, None) {
            Ok(n) => n,
            // Neither a deadline nor a flag: nothing stops the count.
            Err(stopped) => unreachable!("{stopped}"),
        }
    }

    /// [`Game::perft`] that stops once `limit` has passed or once `cancel` (if any) is
    /// set, saying how far it got ([`PerftStopped`]); in any game, Sokoban's reverse
    /// mode included.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// use std::time::Duration;
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/chess.rules").unwrap()).unwrap();
    /// let pos = game.start_position().unwrap();
    /// assert_eq!(game.perft_within(&pos, 3, Duration::from_secs(60), None), Ok(8_902));
    /// let set = Arc::new(AtomicBool::new(true));
    /// assert!(game.perft_within(&pos, 9, Duration::MAX, Some(&set)).unwrap_err().cancelled);
    /// ```
    pub fn perft_within(
        &self,
        pos: &GamePosition,
        depth: u32,
        limit: std::time::Duration,
        cancel: Option<&std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) -> Result<u64, PerftStopped> {
        let mut pos = pos.clone();
        if !self.sokoban_reverse() {
            let mut counter = Perft::new(self);
            if let Some(flag) = cancel {
                counter.cancel_with(std::sync::Arc::clone(flag));
            }
            return counter.perft_within(&mut pos, depth, limit);
        }
        if depth == 0 {
            return Ok(1);
        }
        let start = std::time::Instant::now();
        let mut stop = stop::Stop::new();
        if let Some(flag) = cancel {
            stop.cancel_with(std::sync::Arc::clone(flag));
        }
        stop.arm(start.checked_add(limit));
        let (counts, roots) = sokoban_reverse::divide(self, &mut pos, depth, &mut stop);
        let (stopped, cancelled) = stop.disarm();
        if stopped {
            return Err(PerftStopped::after(start, limit, &counts, roots, cancelled));
        }
        Ok(counts.iter().sum())
    }

    /// Plays a move (which must come from this position's move list).
    pub fn make(&self, pos: &mut GamePosition, m: &GameMove) -> Undo {
        make::make(self, pos, m)
    }

    /// Plays the compact move `m` of `list` (a list
    /// [`MoveGenerator::legal_list`] filled for this position): the same position and
    /// hash as [`Game::make`] of `list.decode(m)`, a quiet move played without
    /// decoding it. Taken back with [`Game::unmake`].
    pub fn make_compact(&self, pos: &mut GamePosition, list: &MoveList, m: CompactMove) -> Undo {
        make::make_compact(self, pos, list, m)
    }

    /// Takes back the move that `undo` came from (the last one made).
    pub fn unmake(&self, pos: &mut GamePosition, undo: Undo) {
        make::unmake(self, pos, undo)
    }

    /// The sizes of the tables this game walks: the linked move table and the reverse
    /// tables behind attack queries.
    pub fn table_memory(&self) -> TableMemory {
        let forward = TableSize::of(self.rules.table());
        let (reverse_nodes, reverse_leaves) = self.reverse.size();
        TableMemory {
            forward_nodes: forward.nodes,
            forward_bytes: forward.bytes,
            reverse_nodes,
            reverse_leaves,
            reverse_bytes: self.reverse.memory_bytes(),
            forward_walked: self.reverse.forward_only().iter().filter(|&&f| f).count(),
        }
    }

    #[inline]
    fn dead(&self, side: Side, piece: PieceId, cell: CellId) -> bool {
        self.dead[(side.index() * self.pieces + piece.index()) * self.cells + cell.index()]
    }

    /// Whether an end rule has ended the game at `pos` (`no pieces`, `bare royal`, a
    /// side's last royal lost by its own move under `no check`,
    /// `reach`, `extinction`, `checks`): then no move is legal there, as in
    /// Fairy-Stockfish (and perft counts nothing below it).
    #[inline]
    pub(crate) fn ended_at_once(&self, pos: &GamePosition) -> bool {
        self.ends_at_once && self.material_end(pos).is_some()
    }

    /// The piece a gating move brings from the hand and the cell it enters on (the
    /// cell the move leaves; a castling's king's or partner's start cell), if `m` is one.
    pub fn gate_of(&self, m: &GameMove) -> Option<(PieceId, CellId)> {
        let piece = m.gated_piece()?;
        let cell = match m.kind {
            MoveKind::Castling(i) if m.gate & moves::GATE_AT_PARTNER != 0 => {
                self.castlings[i as usize].partner_from
            }
            MoveKind::Castling(i) => self.castlings[i as usize].king_from,
            _ => m.from,
        };
        Some((piece, cell))
    }

    /// `gating ...`, resolved for the board.
    pub(crate) fn gating(&self) -> Option<&gating::Gating> {
        self.gating.as_deref()
    }

    /// Whether the side to move at `pos` may gate ([`gating::Gating::live`]): its
    /// legal moves are then counted from a list (the kernels' counts know no gating).
    #[inline]
    pub(crate) fn gating_live(&self, pos: &GamePosition) -> bool {
        self.gating.as_deref().is_some_and(|gt| gt.live(pos))
    }

    /// Whether a pass may end the game at once (`royals facing`, `double pass`): ends
    /// that read the line (the move before), which perft follows along the line it
    /// counts, and which a search that keeps its line asks with [`Game::pass_ended`].
    pub fn pass_ends(&self) -> bool {
        self.ends.royals_facing.is_some() || self.ends.double_pass.is_some()
    }

    /// Whether `m`, just played (`pos` is the position after it), is a pass that ended
    /// the game at once: one made while the royals face each other (they still do
    /// after it: `royals facing`), or one answering a pass (`after_pass`: `double
    /// pass`), as [`Game::immediate_end`] judges a line's last move. The position
    /// after it then has no legal move in the game, though [`Game::legal_moves`],
    /// which sees the position alone, lists its moves.
    ///
    /// ```
    /// let game = piecewise_game::Game::compile(&std::fs::read_to_string("rules/janggi.rules").unwrap()).unwrap();
    /// let mut pos = game.start_position().unwrap();
    /// let pass = game.parse_uci(&pos, "e2e2").unwrap();
    /// game.make(&mut pos, &pass);
    /// assert!(!game.pass_ended(&pos, &pass, false));
    /// let answer = game.parse_uci(&pos, "e9e9").unwrap();
    /// game.make(&mut pos, &answer);
    /// assert!(game.pass_ended(&pos, &answer, true));
    /// ```
    pub fn pass_ended(&self, pos: &GamePosition, m: &GameMove, after_pass: bool) -> bool {
        m.is_pass()
            && ((self.ends.royals_facing.is_some() && attack::royals::royals_face(self, pos))
                || (after_pass && self.ends.double_pass.is_some()))
    }

    /// Whether some piece is royal.
    pub(crate) fn has_royals(&self) -> bool {
        self.royal.iter().any(|&r| r)
    }

    /// Whether legality is decided by playing each move and the replies
    /// (`legality::general`): effects, `no giving check`, and capture chains in a game
    /// with royal pieces (a chain's captures are no attack the reverse tables see).
    pub(crate) fn judged_by_playing(&self) -> bool {
        self.effects.is_some() || self.no_giving_check || self.chain_royals()
    }

    /// Capture chains in a game with royal pieces: a royal may be taken by a chain.
    pub(crate) fn chain_royals(&self) -> bool {
        self.chains.is_some() && self.has_royals()
    }

    /// Whether a move's legality needs more than the royals' attack queries, so that
    /// moves are counted from whole lists (compulsory captures, effects; and pattern
    /// marks, whose walks may report one move twice). An end at once
    /// ([`Game::ended_at_once`]) is not among them: it empties a node's list whole,
    /// and every count asks it of its node first.
    pub(crate) fn counts_lists(&self) -> bool {
        self.lists
    }

    /// Whether `cell` is attacked by `by`, as if a piece of kind `victim` of the other
    /// side stood there.
    pub fn attacked(&self, pos: &GamePosition, cell: CellId, by: Side, victim: PieceId) -> bool {
        let mut scratch = attack::AttackScratch::new();
        attack::attacked_in(self, pos, cell, by, victim, &mut scratch)
    }

    /// Whether the side to move has a royal piece that the opponent could capture.
    pub fn in_check(&self, pos: &GamePosition) -> bool {
        if self.effects.is_some() || self.chain_royals() {
            return self.move_generator().in_check_general(pos);
        }
        let mut scratch = attack::AttackScratch::new();
        attack::royals::royal_attacked(self, pos, pos.side, &mut scratch)
    }
}
