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
use crate::ids::PieceId;
use crate::ir::{Heading, LegDirs, Piece, Vector};
use crate::limits::MAX_KINDS;
use crate::topology::graph::bearing;
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
            bearings: Vec::new(),
            span: h.span,
        })
    }
}

impl Checker {
    /// On a free graph (links on no lattice), the kinds of each heading turned to every
    /// bearing a piece can arrive with ([`Heading::bearings`]): a link's direction or
    /// its mirror image (the second side's view). E0965 when they would pass the kinds'
    /// limit.
    pub(crate) fn heading_bearings(&mut self, pieces: &mut Vec<Piece>, headings: &mut [Heading]) {
        if self.geometry() != Geometry::Graph || headings.is_empty() {
            return;
        }
        let Some(board) = self.board.as_ref() else {
            return;
        };
        let mut bearings = board.topology.link_bearings();
        let mirrored: Vec<u16> = bearings.iter().map(|&a| (3600 - a) % 3600).collect();
        bearings.extend(mirrored);
        bearings.sort_unstable();
        bearings.dedup();
        let choices: usize = headings.iter().map(|h| h.choices.len()).sum();
        let kinds = pieces.len() + choices * bearings.len();
        if kinds > MAX_KINDS {
            self.error(
                Diagnostic::error(
                    "E0965",
                    format!(
                        "the headings need {} kinds on this graph, more than {MAX_KINDS}",
                        kinds
                    ),
                    headings[0].span,
                )
                .label(format!(
                    "{choices} heading kind(s), each turned to the graph's {} link directions",
                    bearings.len()
                ))
                .help("list fewer kinds: on a graph whose links lie on no lattice one kind, written facing `forward`, follows every link (`heading Pawn, forward PawnOn`)"),
            );
            return;
        }
        for h in headings.iter_mut() {
            for (i, &(degrees, kind)) in h.choices.iter().enumerate() {
                for &b in &bearings {
                    let turn = i32::from(b) - i32::from(degrees) * 10;
                    let mut turned = pieces[kind.index()].clone();
                    turned.name = format!("{}@{}", turned.name, f64::from(b) / 10.0);
                    turned.prime = crate::ir::TURNED;
                    for leg in turned.patterns.iter_mut().flat_map(|p| p.legs.iter_mut()) {
                        if let LegDirs::Absolute(vs) = &mut leg.dirs {
                            for v in vs.iter_mut() {
                                *v = turned_heading(*v, turn);
                            }
                            vs.sort();
                            vs.dedup();
                        }
                    }
                    h.bearings.push((i, b, PieceId(pieces.len() as u8)));
                    pieces.push(turned);
                }
            }
        }
    }
}

/// A free graph's heading `v` turned by `turn` tenths of a degree: a unit vector or a
/// bearing becomes the bearing of its angle plus `turn` (a diagonal stays one); every
/// link or diagonal (`orthogonal`, `diagonal`) stays itself.
fn turned_heading(v: Vector, turn: i32) -> Vector {
    if let Some((a, diagonal)) = bearing::split(v) {
        return bearing::of((i32::from(a) + turn).rem_euclid(3600) as u16, diagonal);
    }
    if bearing::code(v).is_some() {
        return v;
    }
    let a = (f64::from(v.dy).atan2(f64::from(v.dx)).to_degrees() * 10.0).round() as i32;
    bearing::of((a + turn).rem_euclid(3600) as u16, v.dx != 0 && v.dy != 0)
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
