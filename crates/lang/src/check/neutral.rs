//! Neutral pieces: `neutral PIECES [, after each move]` and `no check`, resolved into
//! [`Neutrals`].
//!
//! Owns their errors (E0923-E0925, E0932, E1010): a neutral piece may not be royal, `after
//! each move` names one piece and is given once, `no check` needs royal pieces, the
//! pieces either side moves (`moved by either side`) only move, `opaque` is given once;
//! and W0005, the patterns
//! of a neutral piece no side moves. What neutral pieces
//! do is the compiler's (they are walls to every walk) and the game layer's (FEN, the
//! Duck's move).

use super::Checker;
use crate::ast;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::{PieceId, Span};
use crate::ir::{self, Neutrals};

impl Checker {
    /// Checks the `neutral` and `no check` declarations; `royals` are the pieces
    /// declared `royal`.
    pub(crate) fn neutrals(&mut self, file: &ast::File, royals: &[PieceId]) -> Neutrals {
        let mut out = Neutrals::default();
        let mut after: Option<Span> = None;
        let mut no_check: Option<Span> = None;
        for item in &file.items {
            match item {
                ast::Item::Neutral(d) => {
                    self.neutral(d, royals, &mut out, &mut after);
                    if d.moved_by_either.is_empty() {
                        unused_patterns(file, d, &mut self.diags);
                    }
                }
                ast::Item::NoCheck(span, last) => {
                    self.flag_twice("no check", *span, &mut no_check);
                    if no_check == Some(*span) {
                        out.no_check = true;
                        out.no_check_except_last = last.is_some_and(|e| !e.all);
                        out.no_check_except_all = last.is_some_and(|e| e.all);
                    }
                }
                _ => {}
            }
        }
        if let (Some(span), true) = (no_check, royals.is_empty()) {
            self.error(
                Diagnostic::error("E0925", "`no check` without royal pieces", span)
                    .label("no piece is declared `royal`, so there is no check to leave out")
                    .help("declare the pieces whose capture loses, e.g. `royal King`"),
            );
        }
        out
    }

    fn neutral(
        &mut self,
        d: &ast::NeutralDecl,
        royals: &[PieceId],
        out: &mut Neutrals,
        after: &mut Option<Span>,
    ) {
        let Some(ids) = self.piece_ids(&d.pieces) else {
            return;
        };
        for (id, name) in ids.iter().zip(&d.pieces) {
            if royals.contains(id) {
                self.error(
                    Diagnostic::error(
                        "E0923",
                        format!("neutral piece `{}` is also royal", name.name),
                        name.span,
                    )
                    .label("a piece of no side cannot be a side's royal")
                    .help("remove it from the `royal` or the `neutral` declaration"),
                );
            }
            if !out.kinds.contains(id) {
                out.kinds.push(*id);
            }
        }
        let placed = d.placed_after_each_move.iter().map(|&s| (s, true));
        let mut seconds: Vec<(Span, bool)> =
            d.after_each_move.iter().map(|&s| (s, false)).collect();
        seconds.extend(placed);
        seconds.sort_by_key(|&(s, _)| s.start);
        for &(span, added) in &seconds {
            if let Some(first) = *after {
                self.error(
                    Diagnostic::error("E0924", "`after each move` is given twice", span)
                        .label("given again here")
                        .secondary(first, "first given here")
                        .help("one neutral piece is moved after each move; remove one"),
                );
                continue;
            }
            *after = Some(span);
            if ids.len() != 1 {
                self.error(
                    Diagnostic::error(
                        "E0924",
                        "`after each move` names more than one piece",
                        d.span,
                    )
                    .label("which of these is moved after each move?")
                    .help("declare the moved piece on a line of its own: `neutral Duck, after each move`"),
                );
            } else {
                out.after_each_move = Some(ids[0]);
                out.placement.added = added;
            }
        }
        self.placement(d, seconds.first().map(|&(s, _)| s), out);
        if let Some(&span) = d.moved_by_either.first() {
            if let Some(&again) = d.moved_by_either.get(1) {
                self.error(
                    Diagnostic::error("E0701", "`moved by either side` is given twice", again)
                        .label("given again here")
                        .secondary(span, "first given here")
                        .help("remove one of them"),
                );
            }
            if let Some(&duck) = d
                .after_each_move
                .first()
                .or(d.placed_after_each_move.first())
            {
                self.error(
                    Diagnostic::error(
                        "E0932",
                        "`moved by either side` with `after each move`",
                        span,
                    )
                    .label("either side moves these by their patterns ...")
                    .secondary(
                        duck,
                        "... and this moves one to any empty cell after each move",
                    )
                    .help(
                        "declare the Duck and the pieces either side moves on lines of their own",
                    ),
                );
            }
            for &id in &ids {
                if !out.movable.contains(&id) {
                    out.movable.push(id);
                }
            }
        }
        if let Some(&span) = d.opaque.first() {
            if let Some(&again) = d.opaque.get(1) {
                self.error(
                    Diagnostic::error("E1010", "`opaque` is given twice", again)
                        .label("given again here")
                        .secondary(span, "first given here")
                        .help("remove one of them"),
                );
            }
            for &id in &ids {
                if !out.opaque.contains(&id) {
                    out.opaque.push(id);
                }
            }
        }
        self.neutral_captures(d, &ids, out);
    }

    /// `in ZONE`, `where the mover was`, `as the mover moves`: where the piece moved or
    /// placed after each move may go. E0970 without `after each move` on the same
    /// declaration; E0701 for one of them given twice.
    fn placement(&mut self, d: &ast::NeutralDecl, second: Option<Span>, out: &mut Neutrals) {
        let parts = d
            .placed_in
            .iter()
            .map(|z| z.span)
            .chain(d.placed_site.iter().map(|&(_, s)| s));
        if second.is_none() {
            for span in parts {
                self.error(
                    Diagnostic::error(
                        "E0970",
                        "where a piece goes after each move, but no piece goes anywhere",
                        span,
                    )
                    .label("this narrows the cells of a piece moved or placed after each move")
                    .help("add `placed after each move` (a new piece each move) or `after each move` (the one piece moves)"),
                );
            }
            return;
        }
        if let Some(again) = d.placed_in.get(1) {
            self.error(
                Diagnostic::error("E0701", "`in ZONE` is given twice", again.span)
                    .label("given again here")
                    .secondary(d.placed_in[0].span, "first given here")
                    .help("name one zone holding every cell the piece may go to"),
            );
        }
        if let Some(&(_, again)) = d.placed_site.get(1) {
            self.error(
                Diagnostic::error("E0701", "where the piece goes is given twice", again)
                    .label("given again here")
                    .secondary(d.placed_site[0].1, "first given here")
                    .help("keep one of `where the mover was` and `as the mover moves`"),
            );
        }
        if let Some(zone) = d.placed_in.first() {
            out.placement.zone = self.zone(zone);
        }
        if let Some(&(site, _)) = d.placed_site.first() {
            out.placement.site = match site {
                ast::PlacedSite::Left => ir::Site::Left,
                ast::PlacedSite::Reach => ir::Site::Reach,
            };
        }
    }

    /// `captured by [first | second | either side] [PIECES]`: E0701 when given twice on
    /// one declaration, E0956 for a capturer that is itself neutral.
    fn neutral_captures(&mut self, d: &ast::NeutralDecl, ids: &[PieceId], out: &mut Neutrals) {
        let Some(by) = d.captured_by.first() else {
            return;
        };
        if let Some(again) = d.captured_by.get(1) {
            self.error(
                Diagnostic::error("E0701", "`captured by` is given twice", again.span)
                    .label("given again here")
                    .secondary(by.span, "first given here")
                    .help("name every capturer in one `captured by`: `captured by Rook | Knight`"),
            );
        }
        let Some(capturers) = self.piece_ids(&by.kinds) else {
            return;
        };
        for (id, name) in capturers.iter().zip(&by.kinds) {
            if out.kinds.contains(id) || ids.contains(id) {
                self.error(
                    Diagnostic::error(
                        "E0956",
                        format!(
                            "neutral piece `{}` named as a capturer of neutral pieces",
                            name.name
                        ),
                        name.span,
                    )
                    .label("a piece of no side captures nothing")
                    .help("name pieces of the sides: `captured by Rook | Knight`"),
                );
                return;
            }
        }
        out.captures.push(ir::NeutralCapture {
            kinds: ids.to_vec(),
            side: by.side,
            capturers,
        });
    }

    /// The patterns of the neutral pieces either side moves land only on empty cells
    /// (`move only` is their default and only choice); E0932 for a pattern that
    /// captures in passing, pushes, swaps, converts or may only capture.
    pub(crate) fn quiet_neutral_patterns(&mut self, pieces: &mut [ir::Piece], neutral: &Neutrals) {
        for &kind in &neutral.movable {
            let Some(piece) = pieces.get_mut(kind.index()) else {
                continue;
            };
            for p in &mut piece.patterns {
                let captures = p.legs.iter().any(|l| l.via.foe_captured)
                    || p.land.push.is_some()
                    || p.land.meets.is_some()
                    || !p.land.empty;
                if captures {
                    self.error(
                        Diagnostic::error(
                            "E0932",
                            format!(
                                "a pattern of neutral piece `{}` that does more than move",
                                piece.name
                            ),
                            p.span,
                        )
                        .label("a piece of no side moves only to empty cells")
                        .note("captures, pushes, swaps and conversions need a side"),
                    );
                }
                p.land.foe = false;
            }
        }
    }
}

/// W0005: a neutral piece declared with patterns (no side walks a neutral piece; the
/// Duck goes to any empty cell).
fn unused_patterns(file: &ast::File, d: &ast::NeutralDecl, diags: &mut Diagnostics) {
    for name in &d.pieces {
        let decl = file.items.iter().find_map(|i| match i {
            ast::Item::Piece(p) if p.name.name == name.name && !p.patterns.is_empty() => Some(p),
            _ => None,
        });
        if let Some(p) = decl {
            diags.push(
                Diagnostic::warning(
                    "W0005",
                    format!(
                        "the patterns of neutral piece `{}` are never used",
                        name.name
                    ),
                    p.body_span,
                )
                .label("no side moves a neutral piece by its patterns")
                .secondary(name.span, "declared neutral here")
                .help("leave its body empty: `piece Duck (D) { }`"),
            );
        }
    }
}
