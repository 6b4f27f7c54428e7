//! game: the game layer — positions with hands, castling rights and en passant, the
//! special rules a rules file declares, legal moves, make/unmake and perft.
//!
//! Owns [`Game`] (a compiled rules file plus its resolved game declarations and the
//! tables legality needs) and re-exports the pieces of the layer:
//! - [`state`]: [`GamePosition`], the journal behind make/unmake, Zobrist keys;
//! - [`fen`]: reading and writing positions as Fairy-Stockfish writes them;
//! - [`attack`]: reverse tables answering "is this cell attacked" without generating
//!   the opponent's moves;
//! - [`movegen`]: [`GameMove`], pseudo-legal generation (walks, promotions, en passant,
//!   castling, drops), the legality filter, make/unmake, UCI text;
//! - [`perft`]: node counting;
//! - [`text_board`]: Sokoban text boards (`#`, `@`, `$`, `.`) read into and written
//!   from positions.
//!
//! Nothing here is specific to one game: every rule comes from the declarations in
//! [`crate::ir::GameDecls`].

pub mod attack;
pub mod fen;
pub mod movegen;
pub mod perft;
pub mod state;
pub mod text_board;

pub use movegen::{GameMove, MoveKind, Searcher};
pub use state::{GamePosition, Undo};
pub use text_board::TextBoardError;

pub(crate) use movegen::{make, make_unhashed, unmake as unmake_pos};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{CellId, PieceId, Side, Span};
use crate::ir::{Coord, RuleSet};
use crate::position::FenError;
use crate::rules::Rules;
use crate::table::Node;
use crate::topology::Board;
use crate::walk::{Count, Occupant, Walker};
use attack::ReverseTables;

/// The most cells a single move may capture in passing (locust captures).
pub const MAX_PASSING: usize = 6;
/// The most cells a single move may open to en passant.
pub const MAX_EP_CELLS: usize = 4;

/// One castling move of one side, resolved to cells.
#[derive(Clone, Debug)]
pub struct CastlingMove {
    pub side: Side,
    pub king: PieceId,
    pub king_from: CellId,
    pub king_to: CellId,
    pub partner: PieceId,
    pub partner_from: CellId,
    pub partner_to: CellId,
    /// Cells that must be empty (but for the two pieces themselves).
    pub empty: Vec<CellId>,
    /// Cells the king stands on, passes or reaches: none may be attacked.
    pub safe: Vec<CellId>,
    /// The FEN letter of this right (`K`, `Q`, `k`, `q`).
    pub letter: char,
}

/// A promotion rule of one side and piece, resolved to cells.
#[derive(Clone, Debug)]
pub struct PromotionRule {
    /// Indexed by cell id.
    pub zone: Vec<bool>,
    pub choices: Vec<PieceId>,
    pub optional: bool,
    pub also_leaving: bool,
    pub only_captured: bool,
}

/// Drop restrictions of one side and piece, resolved to cells.
#[derive(Clone, Debug, Default)]
pub struct DropLimits {
    /// Indexed by cell id: never dropped here.
    pub forbidden: Vec<bool>,
    pub one_per_file: bool,
    pub not_mating: bool,
}

/// Table sizes of a [`Game`] (see [`Game::table_memory`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMemory {
    /// Nodes of the linked move table.
    pub forward_nodes: usize,
    /// Bytes of the move table's nodes and roots.
    pub forward_bytes: usize,
    pub reverse_nodes: usize,
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
    plus: Vec<bool>,
    castlings: Vec<CastlingMove>,
    /// Per cell: the castling rights lost when a move starts or ends there.
    castle_loss: Vec<u32>,
    ep_capturer: Vec<bool>,
    /// `[side * cells + cell]`: the (start cell, kind) of every en passant capturer
    /// whose table lands a capture on `cell` from there, sorted.
    ep_sources: Vec<Vec<(u16, PieceId)>>,
    /// Indexed by `side * pieces + piece`.
    promotions: Vec<Vec<PromotionRule>>,
    /// Indexed by `side * pieces + piece`: per cell, whether a promotion rule of the
    /// piece applies to a move ending there (empty when the piece has no rule) ...
    promo_to: Vec<Vec<bool>>,
    /// ... or starting there (`also leaving` rules).
    promo_from: Vec<Vec<bool>>,
    /// Per piece: the piece it demotes to when captured into a hand.
    base_of: Vec<Option<PieceId>>,
    /// Per piece: promoting to it (from a different piece that does not demote to it
    /// by `base_of`) marks the cell with `~` in hand games.
    hand: bool,
    /// Indexed by `side * pieces + piece`.
    drop_limits: Vec<DropLimits>,
    /// Indexed by `(side * pieces + piece) * cells + cell`: the piece has no move at
    /// all from there on an empty board.
    dead: Vec<bool>,
    no_facing: bool,
    /// `one side`: only the first side moves.
    one_side: bool,
    /// `sokoban ...`: what the characters of a Sokoban text board stand for.
    sokoban: Option<crate::ir::SokobanRoles>,
    /// Per cell, when royals may not face: the cells above and below it on its file,
    /// nearest first (empty otherwise).
    file_rays: Vec<[Vec<CellId>; 2]>,
    /// Some node of the table captures in passing.
    any_passing: bool,
    start: Option<GamePosition>,
    start_fen: Option<String>,
    /// `[side][piece]` counts in the start position (for `only captured`).
    start_counts: [Vec<u8>; 2],
    reverse: ReverseTables,
    keys: state::Keys,
}

impl Game {
    /// Parses, checks and compiles a rules file with its game declarations.
    ///
    /// # Examples
    ///
    /// ```
    /// let game = piecewise::Game::compile(
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
        let (checked, diags) = crate::check::check_source_at(source, base);
        let mut rule_set = match checked {
            Some(r) if !diags.has_errors() => r,
            _ => return Err(diags),
        };
        if let Some((w, h)) = fit {
            fit_board(&mut rule_set, w, h);
        }
        let rules = Rules::from_ruleset(&rule_set, diags.clone()).map_err(|mut errors| {
            errors.extend(diags.clone());
            errors.sort();
            errors
        })?;
        Game::new(&rule_set, rules)
    }

    /// Builds the game layer over compiled rules. Fails (with diagnostics pointing into
    /// the rules file) on a start position that cannot be read and on declarations the
    /// layer cannot honour.
    pub fn new(rs: &RuleSet, rules: Rules) -> Result<Game, Diagnostics> {
        let board = rules.board().clone();
        let pieces = rs.pieces.len();
        let cells = board.cell_count();
        let decls = &rs.game;
        let mut errors = Diagnostics::new();

        let mut royal = vec![false; pieces];
        for p in &decls.royals {
            royal[p.index()] = true;
        }
        let zone_cells = |zone: crate::ids::ZoneId, side: Side| -> Vec<bool> {
            let z = &rs.zones[zone.index()];
            let mut v = vec![false; cells];
            for &c in &z.cells {
                let c = if side == Side::Second && !z.absolute {
                    board.mirror(c)
                } else {
                    c
                };
                if let Some(id) = board.cell_at(c) {
                    v[id.index()] = true;
                }
            }
            v
        };
        let side_cell = |c: Coord, side: Side| -> Option<CellId> {
            let c = if side == Side::Second {
                board.mirror(c)
            } else {
                c
            };
            board.cell_at(c)
        };

        // Castling.
        let mut castlings = Vec::new();
        for side in Side::BOTH {
            for c in &decls.castlings {
                let cells_of = [c.king_from, c.king_to, c.partner_from, c.partner_to];
                let ids: Vec<Option<CellId>> =
                    cells_of.iter().map(|&x| side_cell(x, side)).collect();
                let (Some(kf), Some(kt), Some(pf), Some(pt)) = (ids[0], ids[1], ids[2], ids[3])
                else {
                    if side == Side::First {
                        errors.push(
                            Diagnostic::error(
                                "E0951",
                                "a castling cell is not on the board",
                                c.span,
                            )
                            .help("castling cells are written as the first side sees them"),
                        );
                    }
                    continue;
                };
                let rank = c.king_from.y;
                let (lo, hi) = {
                    let xs = [c.king_from.x, c.king_to.x, c.partner_from.x, c.partner_to.x];
                    (
                        *xs.iter().min().unwrap_or(&0),
                        *xs.iter().max().unwrap_or(&0),
                    )
                };
                let mut empty = Vec::new();
                for x in lo..=hi {
                    if let Some(id) = side_cell(Coord { x, y: rank }, side) {
                        let kx = c.king_from.x.min(c.king_to.x)..=c.king_from.x.max(c.king_to.x);
                        let px = c.partner_from.x.min(c.partner_to.x)
                            ..=c.partner_from.x.max(c.partner_to.x);
                        if (kx.contains(&x) || px.contains(&x)) && id != kf && id != pf {
                            empty.push(id);
                        }
                    }
                }
                let mut safe = Vec::new();
                let (a, b) = (
                    c.king_from.x.min(c.king_to.x),
                    c.king_from.x.max(c.king_to.x),
                );
                for x in a..=b {
                    if let Some(id) = side_cell(Coord { x, y: rank }, side) {
                        safe.push(id);
                    }
                }
                let kingside = c.partner_from.x > c.king_from.x;
                let letter = match (kingside, side) {
                    (true, Side::First) => 'K',
                    (false, Side::First) => 'Q',
                    (true, Side::Second) => 'k',
                    (false, Side::Second) => 'q',
                };
                castlings.push(CastlingMove {
                    side,
                    king: c.king,
                    king_from: kf,
                    king_to: kt,
                    partner: c.partner,
                    partner_from: pf,
                    partner_to: pt,
                    empty,
                    safe,
                    letter,
                });
            }
        }
        if castlings.len() > 32 {
            errors.push(Diagnostic::error(
                "E0952",
                "more than 16 castling moves per side",
                decls.castlings.last().map_or(Span::default(), |c| c.span),
            ));
            castlings.truncate(32);
        }
        let mut castle_loss = vec![0u32; cells];
        for (i, c) in castlings.iter().enumerate() {
            castle_loss[c.king_from.index()] |= 1 << i;
            castle_loss[c.partner_from.index()] |= 1 << i;
        }

        let mut ep_capturer = vec![false; pieces];
        for p in &decls.en_passant {
            ep_capturer[p.index()] = true;
        }

        let mut ep_sources = vec![Vec::new(); 2 * cells];
        {
            let t = rules.table().table();
            let mut stack = Vec::new();
            for side in Side::BOTH {
                for (p, _) in ep_capturer.iter().enumerate().filter(|(_, &c)| c) {
                    for from in board.cells() {
                        let Some(r) = t.roots(side, PieceId(p as u8), from) else {
                            continue;
                        };
                        stack.clear();
                        stack.extend(r.nodes());
                        while let Some(n) = stack.pop() {
                            let node = &t.nodes[n];
                            if node.has(Node::LAND_FOE) {
                                let v: &mut Vec<(u16, PieceId)> =
                                    &mut ep_sources[side.index() * cells + node.target.index()];
                                if !v.contains(&(from.0, PieceId(p as u8))) {
                                    v.push((from.0, PieceId(p as u8)));
                                }
                            }
                            stack.extend(node.children());
                        }
                    }
                }
            }
            ep_sources.iter_mut().for_each(|v| v.sort());
        }

        // Promotions and demotion.
        let mut promotions = vec![Vec::new(); 2 * pieces];
        let mut base_of: Vec<Option<PieceId>> = vec![None; pieces];
        for pr in &decls.promotions {
            for side in Side::BOTH {
                for p in &pr.pieces {
                    promotions[side.index() * pieces + p.index()].push(PromotionRule {
                        zone: zone_cells(pr.zone, side),
                        choices: pr.choices.clone(),
                        optional: pr.optional,
                        also_leaving: pr.also_leaving,
                        only_captured: pr.only_captured,
                    });
                }
            }
            // A `+X` piece demotes to the piece that promotes to it.
            if let [from] = pr.pieces[..] {
                for ch in &pr.choices {
                    if rs.pieces[ch.index()].plus {
                        base_of[ch.index()] = Some(from);
                    }
                }
            }
        }

        let mut promo_to = vec![Vec::new(); 2 * pieces];
        let mut promo_from = vec![Vec::new(); 2 * pieces];
        for (i, rules) in promotions.iter().enumerate() {
            if rules.is_empty() {
                continue;
            }
            let mut to = vec![false; cells];
            let mut from = vec![false; cells];
            for r in rules {
                for c in 0..cells {
                    to[c] |= r.zone[c];
                    from[c] |= r.also_leaving && r.zone[c];
                }
            }
            promo_to[i] = to;
            promo_from[i] = from;
        }

        // Drops.
        let mut drop_limits = vec![
            DropLimits {
                forbidden: vec![false; cells],
                ..DropLimits::default()
            };
            2 * pieces
        ];
        for d in &decls.drops {
            for side in Side::BOTH {
                for p in &d.pieces {
                    let l = &mut drop_limits[side.index() * pieces + p.index()];
                    for z in &d.not_in {
                        for (i, inside) in zone_cells(*z, side).into_iter().enumerate() {
                            l.forbidden[i] |= inside;
                        }
                    }
                    l.one_per_file |= d.one_per_file;
                    l.not_mating |= d.not_mating;
                }
            }
        }

        // Dead cells: no move at all on an empty board.
        let empty_board = vec![Occupant::EMPTY; cells];
        let mut dead = vec![false; 2 * pieces * cells];
        {
            let mut walker = Walker::new(rules.table());
            for side in Side::BOTH {
                for p in 0..pieces {
                    for cell in board.cells() {
                        let mut n = Count(0);
                        walker.walk(&empty_board, side, PieceId(p as u8), cell, &mut n);
                        dead[(side.index() * pieces + p) * cells + cell.index()] = n.0 == 0;
                    }
                }
            }
        }

        // Table limits the layer relies on.
        check_table_limits(&rules, rs, &mut errors);

        let mut file_rays = vec![[Vec::new(), Vec::new()]; cells];
        if decls.royals_may_not_face {
            for cell in board.cells() {
                let c = board.coord(cell);
                for (k, dy) in [1i16, -1].into_iter().enumerate() {
                    let mut y = c.y + dy;
                    while y >= 0 && y < board.height() as i16 {
                        let Some(id) = board.cell_at(Coord { x: c.x, y }) else {
                            break;
                        };
                        file_rays[cell.index()][k].push(id);
                        y += dy;
                    }
                }
            }
        }
        let reverse = ReverseTables::build(&rules);
        let any_passing = rules
            .table()
            .table()
            .nodes
            .iter()
            .any(|n| n.has(Node::CAPTURE_PREV));
        let keys = state::Keys::new(pieces, cells, castlings.len(), royal.clone());

        let mut game = Game {
            rules,
            name: rs.name.clone(),
            pieces,
            cells,
            royal,
            plus: rs.pieces.iter().map(|p| p.plus).collect(),
            castlings,
            castle_loss,
            ep_capturer,
            ep_sources,
            promotions,
            promo_to,
            promo_from,
            base_of,
            hand: decls.hand,
            drop_limits,
            dead,
            no_facing: decls.royals_may_not_face,
            one_side: decls.one_side,
            sokoban: decls.sokoban.clone(),
            file_rays,
            any_passing,
            start: None,
            start_fen: None,
            start_counts: [vec![0; pieces], vec![0; pieces]],
            reverse,
            keys,
        };
        if let Some(start) = &decls.start {
            match game.position(&start.fen) {
                Ok(pos) => {
                    for cell in 0..cells {
                        let o = pos.cells[cell];
                        if !o.is_empty() {
                            game.start_counts[o.side().index()][o.kind().index()] += 1;
                        }
                    }
                    game.start = Some(pos);
                    game.start_fen = Some(start.fen.clone());
                }
                Err(e) => {
                    let at = start.span.start + e.offset.min(start.fen.len()) as u32;
                    errors.push(
                        Diagnostic::error(
                            "E0950",
                            format!("the start position is not a valid FEN: {}", e.message),
                            Span {
                                start: at,
                                end: (at + 1).min(start.span.end.max(at + 1)),
                            },
                        )
                        .label("here"),
                    );
                }
            }
        }
        if errors.has_errors() {
            return Err(errors);
        }
        Ok(game)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    pub fn board(&self) -> &Board {
        self.rules.board()
    }

    pub fn piece_count(&self) -> usize {
        self.pieces
    }

    pub fn cell_count(&self) -> usize {
        self.cells
    }

    pub fn is_royal(&self, piece: PieceId) -> bool {
        self.royal[piece.index()]
    }

    pub fn castlings(&self) -> &[CastlingMove] {
        &self.castlings
    }

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

    /// Reads a position in Fairy-Stockfish's FEN for this game.
    pub fn position(&self, fen: &str) -> Result<GamePosition, FenError> {
        fen::read(self, fen)
    }

    /// Writes a position as Fairy-Stockfish writes FEN for this game.
    pub fn fen(&self, pos: &GamePosition) -> String {
        fen::write(self, pos)
    }

    /// A fresh searcher (move generator with its own buffers) for this game.
    pub fn searcher(&self) -> Searcher<'_> {
        Searcher::new(self)
    }

    /// The legal moves of the side to move. A convenience that builds a searcher; an
    /// engine keeps one [`Searcher`] instead.
    pub fn legal_moves(&self, pos: &GamePosition) -> Vec<GameMove> {
        let mut pos = pos.clone();
        let mut s = self.searcher();
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
        movegen::uci_list(self, moves)
    }

    /// Reads a Sokoban text board (`#` wall, `@` pusher, `$` box, `.` goal, ...) as a
    /// position; the game must declare `sokoban` (see [`text_board`]).
    pub fn read_text_board(&self, text: &str) -> Result<GamePosition, TextBoardError> {
        text_board::read(self, text)
    }

    /// Writes a position as a Sokoban text board; `None` without `sokoban`.
    pub fn text_board(&self, pos: &GamePosition) -> Option<String> {
        text_board::write(self, pos)
    }

    /// Whether every box of a Sokoban puzzle stands on a goal and every goal holds one.
    pub fn solved(&self, pos: &GamePosition) -> bool {
        text_board::solved(self, pos)
    }

    /// `one side`: only the first side ever moves (a puzzle).
    pub fn one_side(&self) -> bool {
        self.one_side
    }

    /// The `sokoban` declaration, if any.
    pub fn sokoban(&self) -> Option<&crate::ir::SokobanRoles> {
        self.sokoban.as_ref()
    }

    /// Perft: the number of leaf nodes of the legal move tree of depth `depth`.
    pub fn perft(&self, pos: &GamePosition, depth: u32) -> u64 {
        let mut pos = pos.clone();
        self.searcher().perft(&mut pos, depth)
    }

    /// A move in UCI as Fairy-Stockfish prints it. A push is the pusher's move; see
    /// [`Game::uci_list`] for telling apart moves that print the same.
    pub fn uci(&self, m: &GameMove) -> String {
        movegen::uci(self, m)
    }

    /// Finds the legal move with this UCI text (as [`Game::uci_list`] writes it).
    pub fn parse_uci(&self, pos: &GamePosition, text: &str) -> Option<GameMove> {
        let moves = self.legal_moves(pos);
        let texts = self.uci_list(&moves);
        moves
            .into_iter()
            .zip(texts)
            .find(|(_, t)| t == text)
            .map(|(m, _)| m)
    }

    /// Plays a move (which must come from this position's move list).
    pub fn make(&self, pos: &mut GamePosition, m: &GameMove) -> Undo {
        movegen::make(self, pos, m)
    }

    pub fn unmake(&self, pos: &mut GamePosition, undo: Undo) {
        movegen::unmake(self, pos, undo)
    }

    /// The sizes of the tables this game walks: the linked move table and the reverse
    /// tables behind attack queries.
    pub fn table_memory(&self) -> TableMemory {
        let t = self.rules.table().table();
        let (reverse_nodes, reverse_leaves) = self.reverse.size();
        TableMemory {
            forward_nodes: t.nodes.len(),
            forward_bytes: t.memory_bytes(),
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

    /// The piece's letter as FEN writes it for `side` (`+p` for a promoted Shogi pawn of
    /// the second side).
    pub fn letter(&self, side: Side, piece: PieceId) -> String {
        let p = &self.rules.table().table().pieces[piece.index()];
        let l = if side == Side::First {
            p.letter
        } else {
            p.letter.to_ascii_lowercase()
        };
        if self.is_plus(piece) {
            format!("+{l}")
        } else {
            l.to_string()
        }
    }

    /// The piece's letter is written `+X`.
    pub fn is_plus(&self, piece: PieceId) -> bool {
        self.plus[piece.index()]
    }

    /// Whether `cell` is attacked by `by`, as if a piece of kind `victim` of the other
    /// side stood there.
    pub fn attacked(&self, pos: &GamePosition, cell: CellId, by: Side, victim: PieceId) -> bool {
        attack::attacked(self, pos, cell, by, victim, &mut Vec::new())
    }

    /// Whether the side to move has a royal piece that the opponent could capture.
    pub fn in_check(&self, pos: &GamePosition) -> bool {
        movegen::royal_attacked(self, pos, pos.side, &mut Vec::new())
    }
}

/// Limits of the game layer the table must respect: passing captures and en passant
/// cells per move.
fn check_table_limits(rules: &Rules, rs: &RuleSet, errors: &mut Diagnostics) {
    let t = rules.table().table();
    // Depth-first over the forest with the count of passing captures on the path.
    let mut worst_pass = 0usize;
    let mut worst_ep = 0usize;
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for r in &t.roots {
        for n in r.nodes() {
            stack.push((n, 0));
        }
    }
    while let Some((n, pass)) = stack.pop() {
        let node = &t.nodes[n];
        let pass = pass + node.has(Node::CAPTURE_PREV) as usize;
        worst_pass = worst_pass.max(pass);
        if node.flags & movegen::EN_PASSANT_FLAG != 0 {
            worst_ep = worst_ep.max(node.depth as usize);
        }
        for c in node.children() {
            stack.push((c, pass));
        }
    }
    let span = rs.pieces.first().map_or(Span::default(), |p| p.span);
    if worst_pass > MAX_PASSING {
        errors.push(
            Diagnostic::error(
                "E0953",
                format!(
                    "a move may capture {worst_pass} pieces in passing; the game layer supports at most {MAX_PASSING}"
                ),
                span,
            )
            .help("split the pattern or capture fewer pieces on the way"),
        );
    }
    if worst_ep > MAX_EP_CELLS {
        errors.push(Diagnostic::error(
            "E0954",
            format!(
                "an `en passant` move passes {worst_ep} cells; the game layer supports at most {MAX_EP_CELLS}"
            ),
            span,
        ));
    }
}

/// Cuts a grid board down to `w` × `h` cells from its top-left corner (see
/// [`Game::compile_fitted`]); zones and holes keep their cells inside the cut. Only
/// rules that declare `sokoban` roles are cut.
fn fit_board(rs: &mut RuleSet, w: usize, h: usize) {
    use crate::ir::BoardKind;
    let (width, height) = match &mut rs.board.kind {
        BoardKind::Square { width, height }
        | BoardKind::HexRows { width, height }
        | BoardKind::Tri { width, height }
        | BoardKind::Octo { width, height } => (width, height),
        _ => return,
    };
    if rs.game.sokoban.is_none() || w == 0 || h == 0 || w > *width as usize || h > *height as usize
    {
        return;
    }
    // Rows are cut off the bottom: rank r of the new board is rank r + cut.
    let cut = *height as i16 - h as i16;
    let keep = |c: &mut Coord| -> bool {
        c.y -= cut;
        c.y >= 0 && (c.x as usize) < w
    };
    *width = w as u8;
    *height = h as u8;
    rs.board.holes.retain_mut(keep);
    for z in &mut rs.zones {
        z.cells.retain_mut(keep);
    }
}

#[cfg(test)]
mod make_unmake_tests;
