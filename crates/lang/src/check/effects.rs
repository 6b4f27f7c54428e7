//! Effect declarations: `explode on capture`, `burn`, `freeze` and `immune`, resolved
//! into [`Effects`]. Owns their diagnostics (E0920-E0922) and the default neighbourhood
//! (`around any`: every cell one step away in the board's `any` directions).

use std::collections::BTreeSet;

use super::directions::{no_such_direction, RELATIVE_WORDS};
use super::Checker;
use crate::ast::{self, ViaKind};
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{AreaEffect, AreaKind, Effects, Explode, Immunity, KindFilter, Vector};

impl Checker {
    /// `petrify PIECES, into WALL`: E0963 when WALL is not declared `neutral`, E0964
    /// when a petrifying piece is itself neutral (a piece of no side captures nothing
    /// of its own), E0909 when declared twice.
    pub(crate) fn petrify_decl(
        &mut self,
        d: &ast::PetrifyDecl,
        fx: &mut Effects,
        neutral: &[crate::ids::PieceId],
    ) {
        if fx.petrify.is_some() {
            self.error(
                Diagnostic::error("E0909", "`petrify` is declared twice", d.span)
                    .label("declared again here")
                    .help(
                        "declare it once, listing every piece: `petrify Queen | Rook, into Wall`",
                    ),
            );
            return;
        }
        let ids = self.piece_ids(&d.pieces);
        let into = self.piece(&d.into);
        let mut ok = true;
        if let Some(w) = into {
            if !neutral.contains(&w) {
                ok = false;
                self.error(
                    Diagnostic::error(
                        "E0963",
                        format!("`{}` is not declared neutral", d.into.name),
                        d.into.span,
                    )
                    .label("a petrified piece becomes a piece of no side")
                    .help(format!("declare it: `neutral {}`", d.into.name)),
                );
            }
        }
        if let Some(ids) = &ids {
            for (id, name) in ids.iter().zip(&d.pieces) {
                if neutral.contains(id) {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E0964",
                            format!("neutral piece `{}` cannot petrify", name.name),
                            name.span,
                        )
                        .label("a piece of no side is not a capturer that petrifies")
                        .help("list the pieces of the sides whose captures petrify them"),
                    );
                }
            }
        }
        if let (Some(pieces), Some(into), true) = (ids, into, ok) {
            fx.petrify = Some(crate::ir::Petrify { pieces, into });
        }
    }

    /// Adds one effect declaration to `fx`; `explode_decl` remembers the first
    /// `explode` (a second one is E0909).
    pub(crate) fn effect_decl(
        &mut self,
        item: &ast::Item,
        fx: &mut Effects,
        explode_decl: &mut Option<Span>,
    ) {
        match item {
            ast::Item::Explode(d) => {
                self.flag_twice("explode on capture", d.span, explode_decl);
                let spared = match self.at_most_one(&d.sparing, |k| k.span, "sparing") {
                    Some(k) => self.kinds(k),
                    None => Some(KindFilter::Only(Vec::new())),
                };
                let immune = match self.at_most_one(&d.immune, |k| k.span, "immune") {
                    Some(k) => self.kinds(k),
                    None => Some(KindFilter::Only(Vec::new())),
                };
                let around = self.around(&d.around);
                let to_hand = self.at_most_one(&d.to_hand, |s| *s, "to hand").is_some();
                if let (Some(spared), Some(immune), Some(around), true) =
                    (spared, immune, around, *explode_decl == Some(d.span))
                {
                    fx.explode = Some(Explode {
                        spared,
                        immune,
                        around,
                        to_hand,
                    });
                }
            }
            ast::Item::Area(d) => {
                let ids = self.piece_ids(&d.pieces);
                let target = match self.at_most_one(&d.targets, |t| t.span, "what is hit") {
                    None => Some((false, true, KindFilter::Any)),
                    Some(t) => self.area_target(t),
                };
                let around = self.around(&d.around);
                let enclosed = self.at_most_one(&d.enclosed, |s| *s, "enclosed").copied();
                let flip_ok = self.flip_parts(d, target.as_ref(), enclosed, fx, ids.as_deref());
                let arriving = self
                    .at_most_one(&d.arriving, |s| *s, "also arriving")
                    .copied();
                let arriving_ok = match arriving {
                    Some(span) if d.effect != ast::AreaEffectKind::Burn => {
                        self.error(
                            Diagnostic::error("E0976", "`also arriving` belongs to `burn`", span)
                                .label("only a burn removes a piece that arrives next to it")
                                .help("remove `also arriving`, or write `burn PIECES, also arriving` for Tenjiku's Fire Demon"),
                        );
                        false
                    }
                    _ => true,
                };
                if let (Some(pieces), Some((friend, foe, kinds)), Some(around), true, true) =
                    (ids, target, around, flip_ok, arriving_ok)
                {
                    fx.areas.push(AreaEffect {
                        kind: match d.effect {
                            ast::AreaEffectKind::Burn => AreaKind::Burn,
                            ast::AreaEffectKind::Freeze => AreaKind::Freeze,
                            ast::AreaEffectKind::Flip => AreaKind::Flip {
                                enclosed: enclosed.is_some(),
                            },
                        },
                        pieces,
                        friend,
                        foe,
                        kinds,
                        around,
                        arriving: arriving.is_some(),
                        span: d.span,
                    });
                }
            }
            ast::Item::LionTrading(d) => {
                if let Some(first) = &fx.lion_trading {
                    self.error(
                        Diagnostic::error("E0909", "`lion trading` is declared twice", d.span)
                            .label("declared again here")
                            .secondary(first.span, "first declared here")
                            .help("declare it once, listing every Lion: `lion trading Lion | PromotedKirin`"),
                    );
                    return;
                }
                let ids = self.piece_ids(&d.pieces);
                let bridge = match &d.bridge {
                    Some(k) => self.kinds(k).map(Some),
                    None => Some(None),
                };
                if let (Some(lions), Some(bridge)) = (ids, bridge) {
                    fx.lion_trading = Some(crate::ir::LionTrading {
                        lions,
                        bridge,
                        span: d.span,
                    });
                }
            }
            ast::Item::Immune(d) => {
                let ids = self.piece_ids(&d.pieces);
                let capturers = match &d.capturers {
                    Some(k) => self.kinds(k),
                    None => Some(KindFilter::Any),
                };
                if let (Some(pieces), Some(capturers)) = (ids, capturers) {
                    fx.immunities.push(Immunity { pieces, capturers });
                }
            }
            _ => {}
        }
    }

    /// The parts of a `flip` (or `enclosed` on a `burn`/`freeze`): `enclosed` only on a
    /// flip (E0990), a flip turns foes only (E0990), each kind flipped by one `flip`
    /// (E0991). Whether the declaration may be kept.
    fn flip_parts(
        &mut self,
        d: &ast::AreaDecl,
        target: Option<&(bool, bool, KindFilter)>,
        enclosed: Option<Span>,
        fx: &Effects,
        ids: Option<&[crate::ids::PieceId]>,
    ) -> bool {
        if d.effect != ast::AreaEffectKind::Flip {
            if let Some(span) = enclosed {
                self.error(
                    Diagnostic::error("E0990", "`enclosed` belongs to `flip`", span)
                        .label("a burn or a freeze hits the cells around the piece")
                        .help("remove `enclosed`, or write `flip PIECES, enclosed` for Othello's flips"),
                );
                return false;
            }
            return true;
        }
        let mut ok = true;
        if let Some((true, _, _)) = target {
            let span = d.targets.first().map_or(d.span, |t| t.class_span);
            self.error(
                Diagnostic::error("E0990", "a `flip` turns foes only", span)
                    .label("a friend is already the mover's")
                    .help("write `foe` (the default) or leave the class out: `flip Stone`"),
            );
            ok = false;
        }
        for &p in ids.unwrap_or_default() {
            let earlier = fx
                .areas
                .iter()
                .find(|a| matches!(a.kind, AreaKind::Flip { .. }) && a.pieces.contains(&p));
            if let Some(first) = earlier {
                self.error(
                    Diagnostic::error("E0991", "a piece flips twice", d.span)
                        .label("a second `flip` of a piece")
                        .secondary(first.span, "first flip declared here")
                        .help("one `flip` per piece: give its `around` directions and `enclosed` there"),
                );
                ok = false;
                break;
            }
        }
        ok
    }

    /// The single element of `parts`, E0920 for a second one.
    pub(super) fn at_most_one<'a, T>(
        &mut self,
        parts: &'a [T],
        span: impl Fn(&T) -> Span,
        what: &str,
    ) -> Option<&'a T> {
        if let [first, second, ..] = parts {
            self.error(
                Diagnostic::error("E0920", format!("`{what}` is given twice"), span(second))
                    .label("given again here")
                    .secondary(span(first), "first given here")
                    .help("give it once, listing everything in it (e.g. `sparing Pawn | Wall`)"),
            );
        }
        parts.first()
    }

    /// `CLASS [KINDS]` of `burn`/`freeze`: (friends, foes, kinds); `empty` is E0922.
    pub(super) fn area_target(&mut self, t: &ast::AreaTarget) -> Option<(bool, bool, KindFilter)> {
        let (friend, foe) = match t.class {
            ViaKind::Friend => (true, false),
            ViaKind::Foe => (false, true),
            ViaKind::Piece => (true, true),
            ViaKind::Empty => {
                self.error(
                    Diagnostic::error("E0922", "an area effect cannot hit empty cells", t.class_span)
                        .label("`empty` holds no piece to burn or freeze")
                        .help("say which pieces are hit: `friend`, `foe` or `piece` (both), then kinds, e.g. `foe not King`"),
                );
                return None;
            }
        };
        let kinds = match &t.kinds {
            Some(k) => self.kinds(k)?,
            None => KindFilter::Any,
        };
        Some((friend, foe, kinds))
    }

    /// The steps of `around DIRS` (default: `any`), sorted. Unknown words are E0401,
    /// words naming no direction on the board E0410, relative words E0921.
    pub(super) fn around(&mut self, around: &[ast::Around]) -> Option<Vec<Vector>> {
        let geometry = self.geometry();
        let Some(a) = self.at_most_one(around, |a| a.span, "around") else {
            return Some(
                geometry
                    .word("any")
                    .unwrap_or_default()
                    .into_iter()
                    .collect(),
            );
        };
        let mut out = BTreeSet::new();
        let mut ok = true;
        for w in &a.words {
            match geometry.word(&w.name) {
                Some(vs) if !vs.is_empty() => out.extend(vs),
                Some(_) => {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E0410",
                            format!(
                                "there is no `{}` direction on a {} board",
                                w.name,
                                geometry.name()
                            ),
                            w.span,
                        )
                        .label("names no direction here")
                        .note(no_such_direction(geometry)),
                    );
                }
                None if RELATIVE_WORDS.iter().any(|(n, _)| *n == w.name) => {
                    ok = false;
                    self.error(
                        Diagnostic::error(
                            "E0921",
                            format!(
                                "`{}` is relative to a move; `around` needs directions from a cell",
                                w.name
                            ),
                            w.span,
                        )
                        .label("relative to nothing here")
                        .help("name the directions, e.g. `around orthogonal` or `around any`"),
                    );
                }
                None => {
                    ok = false;
                    self.unknown_direction(&w.name, w.span);
                }
            }
        }
        ok.then(|| out.into_iter().collect())
    }

    /// `explode on capture, ..., to hand` needs a hand that keeps captures (E0948).
    pub(crate) fn blast_to_hand(
        &mut self,
        file: &ast::File,
        game: &crate::ir::GameDecls,
        hand: bool,
    ) {
        let keeps = hand && !game.captures_not_kept && !game.hand_unlimited;
        if keeps {
            return;
        }
        for item in &file.items {
            if let ast::Item::Explode(d) = item {
                if let Some(&span) = d.to_hand.first() {
                    self.error(
                        Diagnostic::error(
                            "E0948",
                            "`to hand` on a blast without a hand that keeps captures",
                            span,
                        )
                        .label(
                            "the pieces a blast removes go to a hand only where captured pieces do",
                        )
                        .help("add a line `hand` (captures kept), or remove `to hand`"),
                    );
                }
            }
        }
    }
}
