//! Castling declarations: `castling King FROM to TO with Partner FROM to TO [, tagged
//! T]` resolved to coordinates, with their diagnostics (cells off the board or off one
//! rank, both pieces on one cell, a king that is not royal, a castling tag the pieces
//! do not carry).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::PieceId;
use crate::ir::{Castling, Coord, Tags};
use crate::topology::coord_name;

impl Checker {
    /// A castling cell: well-formed (E0201), on the board and not a hole (E0903).
    fn castling_cell(&mut self, c: &ast::CellName) -> Option<Coord> {
        let p = self.cell_coord(c)?;
        let board = self.board.as_ref()?;
        let (w, h) = (board.width, board.height);
        if p.x >= i16::from(w) || p.y >= i16::from(h) {
            let last = coord_name(Coord {
                x: i16::from(w) - 1,
                y: i16::from(h) - 1,
            });
            self.error(
                Diagnostic::error(
                    "E0903",
                    format!("castling cell `{}` is off the board", c.text),
                    c.span,
                )
                .label(format!("the board is {w}x{h}, from a1 to {last}"))
                .help("castling cells are written as the first side sees them, e.g. `e1`"),
            );
            return None;
        }
        if board.holes.contains(&p) {
            self.error(
                Diagnostic::error(
                    "E0903",
                    format!("castling cell `{}` is a hole", c.text),
                    c.span,
                )
                .label("no piece can stand on a hole"),
            );
            return None;
        }
        Some(p)
    }

    pub(super) fn castling(
        &mut self,
        c: &ast::CastlingDecl,
        royals: &[PieceId],
        royals_known: bool,
        tags: &Tags,
    ) -> Option<Castling> {
        let king = self.piece(&c.king.piece);
        let partner = self.piece(&c.partner.piece);
        let cells = [&c.king.from, &c.king.to, &c.partner.from, &c.partner.to];
        let coords: Vec<Option<Coord>> = cells.iter().map(|n| self.castling_cell(n)).collect();
        let (Some(king), Some(partner), Some(kf), Some(kt), Some(pf), Some(pt)) =
            (king, partner, coords[0], coords[1], coords[2], coords[3])
        else {
            return None;
        };
        let mut ok = true;
        let rank = kf.y;
        if let Some(i) = [kf, kt, pf, pt].iter().position(|p| p.y != rank) {
            ok = false;
            self.error(
                Diagnostic::error("E0904", "a castling move leaves its rank", cells[i].span)
                    .label(format!("on rank {}", [kf, kt, pf, pt][i].y + 1))
                    .secondary(
                        c.king.from.span,
                        format!("`{}` starts on rank {}", c.king.piece.name, rank + 1),
                    )
                    .help("both pieces start and end on one rank, e.g. `castling King e1 to g1 with Rook h1 to f1`"),
            );
        }
        for (a, b, when) in [(kf, pf, "start"), (kt, pt, "end")] {
            if a == b {
                ok = false;
                let (first, second) = if when == "start" {
                    (&c.king.from, &c.partner.from)
                } else {
                    (&c.king.to, &c.partner.to)
                };
                self.error(
                    Diagnostic::error(
                        "E0910",
                        format!("both castling pieces {when} on `{}`", second.text),
                        second.span,
                    )
                    .label(format!("`{}` {when}s here", c.partner.piece.name))
                    .secondary(
                        first.span,
                        format!("`{}` {when}s here too", c.king.piece.name),
                    )
                    .help("the two pieces of a castling move need different cells"),
                );
            }
        }
        // A game with no royal piece at all (the giveaway and extinction families)
        // castles an ordinary king on purpose.
        if royals_known && !royals.is_empty() && !royals.contains(&king) {
            self.diags.push(
                Diagnostic::warning(
                    "W0901",
                    format!("`{}` castles but is not royal", c.king.piece.name),
                    c.king.piece.span,
                )
                .label("not declared `royal`")
                .help(format!(
                    "castling moves a royal piece through cells that may not be attacked; declare it with `royal {}`",
                    c.king.piece.name
                )),
            );
        }
        let tag = match &c.tag {
            Some(name) => {
                let bit = self.tag(name);
                for (piece, kind) in [(&c.king.piece, king), (&c.partner.piece, partner)] {
                    let Some(t) = bit else { break };
                    if tags.carried_by(kind) & (1 << t) == 0 {
                        ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0955",
                                format!(
                                    "`{}` does not carry the castling tag `{}`",
                                    piece.name, name.name
                                ),
                                piece.span,
                            )
                            .secondary(name.span, "both castling pieces must carry this tag")
                            .help(format!(
                                "list it in the tag's declaration: `tag {} (&) for {} | {}`",
                                name.name, c.king.piece.name, c.partner.piece.name
                            )),
                        );
                    }
                }
                ok &= bit.is_some();
                bit
            }
            None => None,
        };
        let mut past = Vec::new();
        for name in &c.past {
            let Some(kind) = self.piece(name) else {
                ok = false;
                continue;
            };
            if kind == king || kind == partner {
                ok = false;
                self.error(
                    Diagnostic::error(
                        "E1020",
                        format!("a castling passes over its own piece `{}`", name.name),
                        name.span,
                    )
                    .secondary(c.span, "this castling moves that kind")
                    .help("`past` lists the kinds the two castling pieces may cross, other than theirs"),
                );
            } else if past.contains(&kind) {
                self.error(
                    Diagnostic::error(
                        "E1021",
                        format!("`{}` listed twice after `past`", name.name),
                        name.span,
                    )
                    .label("already listed"),
                );
                ok = false;
            } else {
                past.push(kind);
            }
        }
        ok.then_some(Castling {
            king,
            king_from: kf,
            king_to: kt,
            partner,
            partner_from: pf,
            partner_to: pt,
            tag,
            past,
            through_check: c.through_check,
            king_takes_rook: c.king_takes_rook,
            when_dropped: c.when_dropped,
            span: c.span,
        })
    }
}
