//! `connect` declarations (N in a row, N on a line, an N by N block, a chain between
//! two zones) resolved into [`ConnectRule`]s, and the drops' landing options
//! (`falling`, `pushed in`).
//!
//! Owns E0997 (a size out of range or longer than the board allows), E0998 (`gaps` on
//! a shape that is not a line), E0999 (`falling` / `pushed in` off a square board,
//! or both on one drop) and E0976 (`connect` on a board whose links lie on no lattice).

use super::Checker;
use crate::ast::{self, ConnectShapeDecl};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{ConnectRule, ConnectShape, DropLanding, Outcome};
use crate::topology::Geometry;

impl Checker {
    /// One `connect` declaration.
    pub(super) fn connect(&mut self, d: &ast::ConnectDecl) -> Option<ConnectRule> {
        let geometry = self.geometry();
        if geometry == Geometry::Graph {
            self.error(
                Diagnostic::error("E0976", "`connect` on a board with no lines", d.span)
                    .label("the links of this graph board lie on no square or hex lattice")
                    .help("use a square, hex or tri board, or a graph board on a lattice"),
            );
            return None;
        }
        let (width, height) = self
            .board
            .as_ref()
            .map_or((0, 0), |b| (u32::from(b.width), u32::from(b.height)));
        let longest = width.max(height);
        let pieces = if d.pieces.is_empty() {
            Some(None)
        } else {
            self.piece_ids(&d.pieces).map(Some)
        };
        let along = match self.at_most_one(&d.along, |a| a.span, "along") {
            Some(a) => {
                let a = a.clone();
                self.around(std::slice::from_ref(&a))
            }
            None => self.around(&[]),
        };
        let gaps = d.gaps.first().copied();
        if let Some(second) = d.gaps.get(1) {
            self.twice("gaps", *second, d.gaps[0]);
            return None;
        }
        let shape = match &d.shape {
            ConnectShapeDecl::Line(n) => {
                self.connect_size(n, longest, "in a row")
                    .map(|count| ConnectShape::Line {
                        count,
                        gaps: gaps.is_some(),
                    })
            }
            ConnectShapeDecl::Square(n) => {
                self.no_gaps(gaps, "an N by N block is solid");
                self.connect_size(n, width.min(height), "by")
                    .map(ConnectShape::Square)
                    .filter(|_| gaps.is_none())
            }
            ConnectShapeDecl::Zones(a, b) => {
                self.no_gaps(gaps, "a chain is made of pieces one step apart");
                let (a, b) = (self.zone(a), self.zone(b));
                match (a, b, gaps) {
                    (Some(a), Some(b), None) => Some(ConnectShape::Zones(a, b)),
                    _ => None,
                }
            }
        };
        Some(ConnectRule {
            shape: shape?,
            pieces: pieces?,
            along: along?,
            outcome: d.outcome.unwrap_or(Outcome::Win),
            for_side: d.for_side,
        })
    }

    /// A line's or block's size: 2 up to what fits on the board (E0997).
    fn connect_size(&mut self, n: &ast::Number, most: u32, what: &str) -> Option<u32> {
        if n.value >= 2 && n.value <= u64::from(most) {
            return u32::try_from(n.value).ok();
        }
        let label = if n.value < 2 {
            "one piece alone is no shape: the size is at least 2".to_string()
        } else {
            format!("the board is at most {most} cells that way")
        };
        self.error(
            Diagnostic::error(
                "E0997",
                format!("`connect` {} {what}: no such shape fits", n.value),
                n.span,
            )
            .label(label)
            .help("`connect 4` is Connect Four's line, `connect square 2` Teeko's block"),
        );
        None
    }

    /// `gaps` written on a shape that is not a line (E0998).
    fn no_gaps(&mut self, gaps: Option<Span>, why: &str) {
        if let Some(span) = gaps {
            self.error(
                Diagnostic::error("E0998", "`gaps` on a shape that is not a line", span)
                    .label(why.to_string())
                    .help("`gaps` goes with `connect N`: N pieces on one line, anywhere on it"),
            );
        }
    }

    /// The landing of a drop: `falling` or `pushed in`, once, on a square board
    /// (E0999).
    pub(super) fn drop_landing(
        &mut self,
        options: &[ast::DropOption],
    ) -> Result<Option<DropLanding>, ()> {
        let mut landing: Option<(DropLanding, Span)> = None;
        let mut ok = true;
        for o in options {
            let this = match o.kind {
                ast::DropOptionKind::Falling => DropLanding::Falling,
                ast::DropOptionKind::AnySide => DropLanding::AnySide,
                _ => continue,
            };
            if let Some((_, first)) = landing {
                ok = false;
                self.error(
                    Diagnostic::error("E0999", "a drop lands in two ways", o.span)
                        .label("given again here")
                        .secondary(first, "first given here")
                        .help("keep one of `falling` and `pushed in`"),
                );
                continue;
            }
            if self.geometry() != Geometry::Square {
                ok = false;
                self.error(
                    Diagnostic::error("E0999", "a landing drop off a square board", o.span)
                        .label("pieces fall along files and are pushed along ranks and files")
                        .help("use a square board, or drop the option"),
                );
            }
            landing = Some((this, o.span));
        }
        if ok {
            Ok(landing.map(|(l, _)| l))
        } else {
            Err(())
        }
    }
}
