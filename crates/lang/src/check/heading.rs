//! heading: `heading PIECES, DIR KIND, ...` — pieces that choose a heading by the way
//! they move and keep it, as the kind of that direction (the nchess pawn, a
//! direction-locked piece). Checks the directions (E0972, E0974) and that no direction
//! is given twice (E0973), and gives each direction its angle on the board: the eight
//! king directions of a square board (and of a graph on a square lattice or none), or
//! where the word points on a hex board (and a graph on a hex lattice): `forward-right`
//! is 60° on a board of rows, 30° on a hexagon board.

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ir::Heading;
use crate::topology::Geometry;

/// The direction words a heading may name, with their angles on a square board
/// (degrees, counter-clockwise from `right`, from the first side's view): one direction
/// each, as on a square board and as the fixed headings of a graph board. A hex board
/// gives each word the angle of its one vector there ([`word_angle`]).
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
        if geometry == Geometry::Tri {
            self.error(
                Diagnostic::error(
                    "E0974",
                    format!(
                        "`heading` needs a square, hex or graph board, not a {} board",
                        geometry.name()
                    ),
                    h.span,
                )
                .label("a tri board's lines zigzag: no direction keeps one heading")
                .note("square, octo and hex boards, and graph boards, have headings"),
            );
            return None;
        }
        let pieces = self.piece_ids(&h.pieces);
        let kinds: Vec<Option<crate::ids::PieceId>> =
            h.choices.iter().map(|(_, k)| self.piece(k)).collect();
        let mut choices: Vec<(u16, crate::ids::PieceId)> = Vec::new();
        let mut ok = pieces.is_some() && kinds.iter().all(Option::is_some);
        for (i, (word, _)) in h.choices.iter().enumerate() {
            let Some(angle) = word_angle(geometry, &word.name) else {
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

/// The angle (degrees, from the first side's view) of the heading word `word` on a
/// board of `geometry`: the square board's on square, octo and free graph boards, the
/// angle of the word's one vector on hex boards (`None`: not a heading word).
fn word_angle(geometry: Geometry, word: &str) -> Option<u16> {
    let &(_, square) = HEADING_WORDS.iter().find(|(w, _)| *w == word)?;
    match geometry {
        Geometry::Hex { .. } => match geometry.word(word)?.as_slice() {
            [v] => Some(geometry.angle(*v).round() as u16 % 360),
            _ => None,
        },
        _ => Some(square),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_boards_give_each_word_its_angle() {
        let rows = Geometry::Hex { columns: false };
        let files = Geometry::Hex { columns: true };
        let angles = |g: Geometry| -> Vec<u16> {
            HEADING_WORDS
                .iter()
                .map(|(w, _)| word_angle(g, w).expect("a heading word"))
                .collect()
        };
        // right, forward-right, forward, forward-left, left, backward-left, backward,
        // backward-right.
        assert_eq!(
            angles(Geometry::Square),
            [0, 45, 90, 135, 180, 225, 270, 315]
        );
        assert_eq!(angles(rows), [0, 60, 90, 120, 180, 240, 270, 300]);
        assert_eq!(angles(files), [0, 30, 90, 150, 180, 210, 270, 330]);
        assert_eq!(word_angle(rows, "orthogonal"), None);
    }
}
