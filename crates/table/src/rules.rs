//! rules: the public facade over the pipeline — compiled rules with their linked,
//! verified table, and convenience queries for the CLI and for engines.
//!
//! Owns no stage: [`crate::pipeline`] runs check, compile, link and verify in order,
//! and [`Rules`] keeps the results together. It does not know about the game layer
//! (positions with hands, castling, legality: the crate `piecewise-game`).

use crate::compile::MoveProgram;
use crate::diagnostics::Diagnostics;
use crate::ids::{CellId, PieceId, Side};
use crate::ir::RuleSet;
use crate::path_tree::{PathTree, PathTreeBuilder};
use crate::position::{FenError, Position};
use crate::table::{MoveTable, VerifiedTable};
use crate::topology::Board;
use crate::walk::{Move, MoveList, Occupancy, Walker};

/// A compiled rules file: its program and its table linked to its board.
#[derive(Clone, Debug)]
pub struct Rules {
    program: MoveProgram,
    table: VerifiedTable,
    warnings: Diagnostics,
}

impl Rules {
    /// Compiles, links and verifies a checked rule set. `warnings` are kept with the
    /// result (link adds its own). The same as [`crate::pipeline::build`].
    pub fn from_ruleset(rule_set: &RuleSet, warnings: Diagnostics) -> Result<Rules, Diagnostics> {
        crate::pipeline::build(rule_set, warnings)
    }

    /// Puts the stages' results together (for [`crate::pipeline::build`]).
    pub(crate) fn from_parts(
        program: MoveProgram,
        table: VerifiedTable,
        warnings: Diagnostics,
    ) -> Rules {
        Rules {
            program,
            table,
            warnings,
        }
    }

    /// The topology-independent program the table was linked from.
    pub fn program(&self) -> &MoveProgram {
        &self.program
    }

    /// The linked, verified move table.
    pub fn table(&self) -> &VerifiedTable {
        &self.table
    }

    /// The file's warnings (the checker's and link's), sorted by position.
    pub fn warnings(&self) -> &Diagnostics {
        &self.warnings
    }

    /// The board the table is linked to.
    pub fn board(&self) -> &Board {
        &self.table.table().board
    }

    fn linked(&self) -> &MoveTable {
        self.table.table()
    }

    /// A piece by name (`Knight`) or FEN letter (`N` or `n`, `+P` or `+p`, `N'`).
    pub fn piece(&self, name_or_letter: &str) -> Option<PieceId> {
        let t = self.linked();
        if let Some(i) = t.pieces.iter().position(|p| p.name == name_or_letter) {
            return Some(PieceId(i as u8));
        }
        t.piece_by_letter_text(name_or_letter)
    }

    /// The declared name of a piece kind.
    pub fn piece_name(&self, piece: PieceId) -> &str {
        &self.linked().pieces[piece.index()].name
    }

    /// A cell by name (`e4`); `None` if the board has no such cell.
    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.board().parse_cell(name)
    }

    /// The name of a cell (`e4`).
    pub fn cell_name(&self, cell: CellId) -> String {
        self.board().cell_name(cell)
    }

    /// Reads a FEN (board part and side to move) with this file's piece letters.
    pub fn position(&self, fen: &str) -> Result<Position, FenError> {
        let neutral: Vec<PieceId> = (self.program.pieces.iter().enumerate())
            .filter(|(_, p)| p.neutral)
            .map(|(i, _)| PieceId(i as u8))
            .collect();
        Position::from_fen_neutral(fen, self.board(), &self.linked().pieces, &neutral)
    }

    /// A fresh walker over this table (it owns its buffers; keep one for many walks).
    pub fn walker(&self) -> Walker<'_> {
        Walker::new(&self.table)
    }

    /// The distinct pseudo-legal moves of the piece on `from` (none if it is empty).
    /// A convenience: it builds a fresh [`Walker`] and list each call; a caller walking
    /// many pieces keeps one [`Rules::walker`] and one [`MoveList`] instead.
    pub fn moves_from<O: Occupancy + ?Sized>(&self, board: &O, from: CellId) -> MoveList {
        let mut list = MoveList::new();
        let occ = board.occupant(from);
        if !occ.is_empty() {
            self.walker()
                .walk(board, occ.side(), occ.kind(), from, &mut list);
        }
        list
    }

    /// The path tree of the piece on `from`; `None` if the cell is empty.
    pub fn path_tree<O: Occupancy + ?Sized>(&self, board: &O, from: CellId) -> Option<PathTree> {
        let occ = board.occupant(from);
        if occ.is_empty() {
            return None;
        }
        let mut b = PathTreeBuilder::new();
        self.walker()
            .walk(board, occ.side(), occ.kind(), from, &mut b);
        Some(b.finish(occ.side(), occ.kind(), from))
    }

    /// A move in UCI coordinates (`d4e6`), followed by `x` and each cell captured in
    /// passing, sorted (`d4f6xe5`), so that moves with the same ends but different
    /// victims stay apart. A push is the pusher's move (`d4d5`); only where another
    /// move of `list` would print the same is `^` and the cell the pushed piece goes to
    /// added (`d4d5^d6`). A conversion ends in `~` and the letter of the kind the piece
    /// becomes (`d4d6~n`).
    pub fn move_text(&self, list: &MoveList, m: &Move) -> String {
        let mut s = self.plain_text(list, m);
        if let Some(p) = m.push_to {
            if list
                .iter()
                .any(|o| o.push_to != m.push_to && self.plain_text(list, o) == s)
            {
                s.push('^');
                s.push_str(&self.cell_name(p));
            }
        }
        s
    }

    fn plain_text(&self, list: &MoveList, m: &Move) -> String {
        let mut s = format!("{}{}", self.cell_name(m.from), self.cell_name(m.to));
        let mut caps: Vec<CellId> = list.passing_captures(m).to_vec();
        caps.sort();
        caps.dedup();
        for c in caps {
            s.push('x');
            s.push_str(&self.cell_name(c));
        }
        if let Some(k) = m.convert {
            s.push('~');
            if let Some(p) = self.linked().pieces.get(k.index()) {
                s.push_str(&p.fen_letter(Side::Second));
            }
        }
        s
    }

    /// The side a piece letter in FEN stands for.
    pub fn side_of_letter(letter: char) -> Side {
        if letter.is_ascii_uppercase() {
            Side::First
        } else {
            Side::Second
        }
    }
}
