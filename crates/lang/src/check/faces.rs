//! faces: two-faced pieces (Kyoto and Micro shogi). A piece's promoted face is the kind
//! written `+X`, X being the piece's own letter, that a `promotion` of the piece leads
//! to; `drop ..., either face` drops a piece from the hand as either face (E0985 when it
//! has none), and `on capture` and `on entry or capture` on one promotion are E0986.
//! Also the drop options of a setup phase: `opposite colours` needs a square board
//! (E0987).

use super::Checker;
use crate::ast::{self, DropOptionKind, PromotionOptionKind};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{promoted_face, BoardKind, GameDecls, Piece};

impl Checker {
    /// E0985: `either face` on a piece that has no promoted face.
    pub(crate) fn drop_faces(&mut self, file: &ast::File, pieces: &[Piece], game: &GameDecls) {
        for item in &file.items {
            let ast::Item::Drop(d) = item else {
                continue;
            };
            let Some(at) = d
                .options
                .iter()
                .find(|o| o.kind == DropOptionKind::EitherFace)
                .map(|o| o.span)
            else {
                continue;
            };
            for name in &d.pieces {
                let Some(&id) = self.piece_index.get(&name.name) else {
                    continue;
                };
                if promoted_face(pieces, game, id).is_some() {
                    continue;
                }
                let own = &pieces[id.index()];
                let letter = format!("{}{}", own.letter, crate::ir::prime_mark(own.prime));
                self.error(
                    Diagnostic::error(
                        "E0985",
                        format!("`either face` for {}, which has no promoted face", name.name),
                        name.span,
                    )
                    .label(format!("no promotion of {} leads to a piece written `+{letter}`", name.name))
                    .secondary(at, "drops it as either face")
                    .help(format!(
                        "declare its face and how it turns, e.g. `piece Promoted{0} (+{letter}) {{ ... }}` and `promotion {0} to Promoted{0} in ZONE`",
                        name.name
                    )),
                );
            }
        }
    }

    /// E0987: `opposite colours` on a board that is not a square one (light and dark
    /// cells). Whether the board has them.
    pub(super) fn two_colours(&mut self, at: Span) -> bool {
        let Some(board) = self.board.as_ref() else {
            return true;
        };
        if matches!(board.topology.kind(), BoardKind::Square { .. }) {
            return true;
        }
        self.error(
            Diagnostic::error(
                "E0987",
                "`opposite colours` on a board without light and dark cells",
                at,
            )
            .label("only square boards have two colours")
            .help("drop on named zones instead: `drop Bishop not in ZONE`"),
        );
        false
    }

    /// E0986: `on capture` and `on entry or capture` on one promotion.
    pub(super) fn both_capture_options(&mut self, seen: &[(PromotionOptionKind, Span)]) {
        let find = |k| seen.iter().find(|(o, _)| *o == k).map(|&(_, s)| s);
        let (Some(at), Some(other)) = (
            find(PromotionOptionKind::OnCapture),
            find(PromotionOptionKind::EntryOrCapture),
        ) else {
            return;
        };
        self.error(
            Diagnostic::error("E0986", "`on capture` with `on entry or capture`", at)
                .label("only a capture promotes")
                .secondary(other, "here a move entering the zone promotes too")
                .help("keep one of them: `on capture` (Micro shogi) or `on entry or capture` (Chu shogi)"),
        );
    }
}
