//! tag_rights: the two tag clauses that Fairy-Stockfish's Cambodian chess needs, as
//! general rules of tags.
//!
//! - `tag T (M) for PIECES, as rights in ZONE`: FEN writes the tag in the castling
//!   field, as the file letter of its carrier's cell in ZONE (uppercase for the first
//!   side), the way Fairy-Stockfish writes its gates (`DEde` at Cambodian chess's
//!   start), and reads it back from there; the pieces carry it in a start position only
//!   where that field says ([`TagRights`]).
//! - `tag T (M) for PIECES, lost when aimed at by KINDS`: a carrier loses the tag when an
//!   enemy of KINDS ends a move on a cell from which its moves would reach the carrier
//!   on an otherwise empty board: a Rook that moves onto the file or rank of a King
//!   whose leap is a right ([`Aimed`]).

use crate::diagnostics::Diagnostic;
use crate::file_rights::FileCells;
use crate::ids::{CellId, PieceId, Side};
use crate::topology::Board;
use crate::walk::{Occupant, Ply, Sink, Walker};
use crate::{Game, GameMove, GamePosition};

/// Where the tags written as rights live: one cell per file and side.
#[derive(Clone, Debug)]
pub(crate) struct TagRights(FileCells);

impl TagRights {
    /// The cells of the rights zones of every side (`inside[side][cell]`, the zones of
    /// every such tag together). E0983 when they hold two cells on one file for a
    /// side, E0984 when a cell is on a file past `z`.
    pub(crate) fn new(
        board: &Board,
        inside: [Vec<bool>; 2],
        span: crate::ids::Span,
    ) -> Result<TagRights, Box<Diagnostic>> {
        FileCells::new(board, inside, span, ("E0983", "E0984", "tag right")).map(TagRights)
    }

    /// The cell of `side`'s right on file `file` (a = 0).
    pub(crate) fn cell(&self, side: Side, file: usize) -> Option<CellId> {
        self.0.cell(side, file)
    }

    /// Appends `side`'s rights held in `pos` as file letters (uppercase for the first
    /// side), in file order: a cell of the zone whose piece of `side` carries one of
    /// the `rights` tags.
    pub(crate) fn letters(&self, pos: &GamePosition, side: Side, rights: u8, out: &mut String) {
        for (f, cell) in self.0.cells[side.index()].iter().enumerate() {
            let Some(cell) = cell else { continue };
            let o = pos.cells[cell.index()];
            if o.is_empty() || o.side() != side || pos.tags(*cell) & rights == 0 {
                continue;
            }
            let l = char::from(b'a' + f as u8);
            out.push(if side == Side::First {
                l.to_ascii_uppercase()
            } else {
                l
            });
        }
    }
}

/// `, lost when aimed at by KINDS` of one tag.
#[derive(Clone, Debug)]
pub(crate) struct Aimed {
    /// The tag's bit.
    pub(crate) bit: u8,
    /// Per kind: its aim takes the tag.
    pub(crate) by: Vec<bool>,
    /// `[(side * pieces + kind) * cells + cell]`: the cells `side`'s `kind` reaches
    /// from `cell` on an otherwise empty board (filled for the kinds of `by` only).
    reach: Vec<Vec<CellId>>,
}

/// Collects the destinations of a walk.
struct Ends(Vec<CellId>);

impl Sink for Ends {
    fn ply(&mut self, ply: &Ply<'_>) {
        self.0.push(ply.to);
    }
}

impl Aimed {
    /// The rule for the tag `bit`, aimed by the kinds `by`; its reaches are filled by
    /// [`Aimed::fill`] once the game's table exists.
    pub(crate) fn new(bit: u8, by: &[PieceId], pieces: usize) -> Aimed {
        let mut kinds = vec![false; pieces];
        for k in by {
            kinds[k.index()] = true;
        }
        Aimed {
            bit,
            by: kinds,
            reach: Vec::new(),
        }
    }

    /// Walks every kind of `by` of either side from every cell of `game`'s board, on
    /// an otherwise empty board.
    pub(crate) fn fill(&mut self, game: &Game) {
        let (pieces, cells) = (game.piece_count(), game.cell_count());
        let mut walker = Walker::new(game.rules.table());
        let board = vec![Occupant::EMPTY; cells];
        let mut ends = Ends(Vec::new());
        self.reach = vec![Vec::new(); 2 * pieces * cells];
        for side in Side::BOTH {
            for (k, _) in self.by.iter().enumerate().filter(|(_, &b)| b) {
                for from in game.board().cells() {
                    ends.0.clear();
                    walker.walk(&board[..], side, PieceId(k as u8), from, &mut ends);
                    ends.0.sort_unstable();
                    ends.0.dedup();
                    ends.0.retain(|&c| c != from);
                    self.reach[(side.index() * pieces + k) * cells + from.index()] = ends.0.clone();
                }
            }
        }
    }

    /// The carriers of the tag that the move `m` (made; `side` moved) aims at: the
    /// enemy pieces carrying it on a cell the mover reaches from its new cell on an
    /// empty board.
    pub(crate) fn aimed_at(
        &self,
        game: &Game,
        pos: &GamePosition,
        m: &GameMove,
        side: Side,
        out: &mut Vec<CellId>,
    ) {
        let kind = m.promotion.unwrap_or(m.piece);
        if !self.by.get(kind.index()).copied().unwrap_or(false) {
            return;
        }
        let to = m.to.index();
        if pos.cells[to] != Occupant::piece(side, kind) {
            return;
        }
        let (pieces, cells) = (game.piece_count(), game.cell_count());
        let Some(reach) = self
            .reach
            .get((side.index() * pieces + kind.index()) * cells + to)
        else {
            return;
        };
        let them = side.opponent();
        for &c in reach {
            let o = pos.cells[c.index()];
            if !o.is_empty() && o.side() == them && pos.tags(c) & self.bit != 0 {
                out.push(c);
            }
        }
    }
}
