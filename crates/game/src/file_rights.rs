//! file_rights: rights written in FEN's castling field as file letters (Fairy-Stockfish's
//! gates): the cells of a zone, one per file and side, resolved for the board. Shared by
//! `gating` (its rights per cell) and the tags written `as rights in ZONE`.

use crate::diagnostics::Diagnostic;
use crate::ids::{CellId, Side, Span};
use crate::topology::Board;

/// The most files a right is written on (a FEN writes it as a file letter).
const MAX_FILES: usize = 26;

/// The cells that carry rights: one per file and side.
#[derive(Clone, Debug)]
pub(crate) struct FileCells {
    /// Per side, per file (a = 0): the cell of the zone on that file.
    pub(crate) cells: [Vec<Option<CellId>>; 2],
    /// Per cell, per side: the file + 1 of the right the cell carries (0: none).
    pub(crate) files: Vec<[u8; 2]>,
}

/// How a rule's errors name it: (code for two cells on one file, code for a cell past
/// file `z`, the rights' name in the messages).
pub(crate) type RightsErrors = (&'static str, &'static str, &'static str);

impl FileCells {
    /// The zone's cells of each side (`inside[side][cell]`); the first error code when
    /// it holds two cells on one file for a side, the second when a cell is on a file
    /// past `z` (both at `span`).
    pub(crate) fn new(
        board: &Board,
        inside: [Vec<bool>; 2],
        span: Span,
        (two, past, what): RightsErrors,
    ) -> Result<FileCells, Box<Diagnostic>> {
        let mut cells = [vec![None; MAX_FILES], vec![None; MAX_FILES]];
        let mut files = vec![[0u8; 2]; board.cell_count()];
        for side in Side::BOTH {
            for (i, &is_in) in inside[side.index()].iter().enumerate() {
                if !is_in {
                    continue;
                }
                let cell = CellId(i as u16);
                let x = board.coord(cell).x;
                if !(0..MAX_FILES as i16).contains(&x) {
                    return Err(Box::new(
                        Diagnostic::error(
                            past,
                            format!("a {what} on `{}`, past file `z`", board.cell_name(cell)),
                            span,
                        )
                        .label(format!("FEN writes a {what} as its file's letter"))
                        .help("give rights only on files `a` to `z`"),
                    ));
                }
                let slot = &mut cells[side.index()][x as usize];
                if let Some(other) = *slot {
                    return Err(Box::new(
                        Diagnostic::error(
                            two,
                            format!(
                                "two {what}s on one file: `{}` and `{}`",
                                board.cell_name(other),
                                board.cell_name(cell)
                            ),
                            span,
                        )
                        .label(format!("FEN writes a {what} as its file's letter"))
                        .help("give the rights on one cell per file, e.g. the back rank"),
                    ));
                }
                *slot = Some(cell);
                files[i][side.index()] = x as u8 + 1;
            }
        }
        Ok(FileCells { cells, files })
    }

    /// The cell of `side`'s right on file `file` (a = 0).
    pub(crate) fn cell(&self, side: Side, file: usize) -> Option<CellId> {
        self.cells[side.index()].get(file).copied().flatten()
    }
}
