//! heading: `heading PIECES, DIR KIND, ...` — pieces that choose a heading by the way
//! they move and keep it, as the kind of that direction (the nchess pawn, a
//! direction-locked piece). Checks the directions (E0972, E0974) and that no direction
//! is given twice (E0973).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ir::Heading;
use crate::topology::Geometry;

/// The direction words a heading may name, with their angles (degrees, counter-clockwise
/// from `right`, from the first side's view): one direction each, as on a square board
/// and as the fixed headings of a graph board.
const HEADING_WORDS: &[(&str, u16)] = &[
    ("right", 0),
    ("forward-right", 45),
    ("forward", 90),
    ("forward-left", 135),
    ("left", 180),
    ("backward-left", 225),
    ("backward", 270),
    ("backward-right", 315),
];

impl Checker {
    /// The checked `heading` declaration `h`, or `None` after its errors.
    pub(crate) fn heading(&mut self, h: &ast::HeadingDecl) -> Option<Heading> {
        let geometry = self.geometry();
        if !matches!(geometry, Geometry::Square | Geometry::Graph) {
            self.error(
                Diagnostic::error(
                    "E0974",
                    format!("`heading` needs a square or graph board, not a {} board", geometry.name()),
                    h.span,
                )
                .label("headings are the eight king directions")
                .note("square and octo boards, and graph boards on a square lattice or none, have them"),
            );
            return None;
        }
        let pieces = self.piece_ids(&h.pieces);
        let kinds: Vec<Option<crate::ids::PieceId>> =
            h.choices.iter().map(|(_, k)| self.piece(k)).collect();
        let mut choices: Vec<(u16, crate::ids::PieceId)> = Vec::new();
        let mut ok = pieces.is_some() && kinds.iter().all(Option::is_some);
        for (i, (word, _)) in h.choices.iter().enumerate() {
            let Some(&(_, angle)) = HEADING_WORDS.iter().find(|(w, _)| *w == word.name) else {
                ok = false;
                let words: Vec<&str> = HEADING_WORDS.iter().map(|(w, _)| *w).collect();
                self.error(
                    Diagnostic::error(
                        "E0972",
                        format!("`{}` is not one direction", word.name),
                        word.span,
                    )
                    .label("a heading names one direction")
                    .help(format!("use one of {}", words.join(", "))),
                );
                continue;
            };
            if let Some((w, _)) = h.choices[..i].iter().find(|(w, _)| w.name == word.name) {
                ok = false;
                self.error(
                    Diagnostic::error(
                        "E0973",
                        format!("the direction `{}` is given twice", word.name),
                        word.span,
                    )
                    .label("given again here")
                    .secondary(w.span, "first given here")
                    .help(
                        "each direction leads to one kind (one kind may have several directions)",
                    ),
                );
                continue;
            }
            if let Some(kind) = kinds[i] {
                choices.push((angle, kind));
            }
        }
        if !ok {
            return None;
        }
        Some(Heading {
            pieces: pieces?,
            choices,
            span: h.span,
        })
    }
}
