//! Game declarations: `start`, `royal`, `royals may not face`, `castling`, `en passant`,
//! `promotion`, `hand`, `drop` (its options: `drops.rs`) and `confine`, resolved into
//! [`GameDecls`].
//!
//! Owns the rules that tie these declarations to each other and to the pieces and zones
//! (the E09xx errors and W09xx warnings), and the application of `confine`: every
//! pattern of a confined piece gets a `to ZONE` condition. Cells (in `castling`) are
//! written and kept in the first side's view. The FEN of `start` is not read here: the
//! game layer validates it against the board and the pieces.

use super::Checker;
use crate::ast::{self, PromotionOptionKind};
use crate::diagnostics::Diagnostic;
use crate::ids::{PieceId, Span};
use crate::ir::{
    Confinement, GameDecls, Piece, Promotion, SokobanRoles, StartPosition, ZoneCondition,
};

impl Checker {
    /// Checks every game declaration of the file. Call after the pieces and zones are
    /// known (names resolve globally, whatever the order of declarations).
    pub(crate) fn game_decls(&mut self, file: &ast::File) -> GameDecls {
        let mut game = GameDecls::default();
        let mut start_decl: Option<&ast::StartDecl> = None;
        let mut hand_decl: Option<Span> = None;
        let mut face_decl: Option<Span> = None;
        let mut one_side_decl: Option<Span> = None;
        let mut sokoban_decl: Option<Span> = None;
        let mut alignment_decl: Option<Span> = None;
        let mut stalemate_decl: Option<Span> = None;
        let mut must_capture_decl: Option<Span> = None;
        let mut chain_removal_decl: Option<Span> = None;
        let mut chain_promotion_decl: Option<Span> = None;
        let mut chain_reversal_decl: Option<Span> = None;
        let mut explode_decl: Option<Span> = None;
        let mut royal_ok = true;
        let mut any_royal = false;
        let mut check_decl: Option<Span> = None;

        // Pass 1: the declarations others depend on (start, royals, hand).
        for item in &file.items {
            match item {
                ast::Item::Start(s) => match start_decl {
                    None => start_decl = Some(s),
                    Some(first) => self.error(
                        Diagnostic::error("E0901", "the start position is given twice", s.span)
                            .label("second `start` declaration")
                            .secondary(first.span, "first given here")
                            .help("a game has one start position; remove one `start` line"),
                    ),
                },
                ast::Item::Royal(r) => {
                    any_royal = true;
                    match self.piece_ids(&r.pieces) {
                        Some(ids) => push_new(&mut game.royals, ids),
                        None => royal_ok = false,
                    }
                }
                ast::Item::Hand(span, captures) => {
                    self.flag_twice("hand", *span, &mut hand_decl);
                    if hand_decl == Some(*span) {
                        game.captures_not_kept = *captures == ast::HandCaptures::NotKept;
                        game.captures_kept_promoted = *captures == ast::HandCaptures::KeptPromoted;
                        game.hand_unlimited = *captures == ast::HandCaptures::Unlimited;
                    }
                }
                ast::Item::RoyalsMayNotFace(span) => {
                    self.flag_twice("royals may not face", *span, &mut face_decl);
                }
                ast::Item::RoyalsInCheckCaptureOnly(span) => {
                    self.flag_twice("royals in check capture only", *span, &mut check_decl);
                }
                ast::Item::OneSide(span) => {
                    self.flag_twice("one side", *span, &mut one_side_decl);
                }
                ast::Item::Stalemate(d) => {
                    self.flag_twice("stalemate", d.span, &mut stalemate_decl);
                    if stalemate_decl == Some(d.span) {
                        game.stalemate = d.outcome;
                        game.stalemate_by_count = d.by_count;
                        if d.by_count && d.outcome == crate::ir::Outcome::Draw {
                            self.error(
                                Diagnostic::warning(
                                    "W0970",
                                    "`by piece count` with a `draw`",
                                    d.span,
                                )
                                .label("a draw for fewer pieces, more or as many")
                                .help("write `stalemate win, by piece count` (suicide chess) or `stalemate loss, by piece count`"),
                            );
                        }
                    }
                }
                ast::Item::MustCapture(d) => {
                    self.flag_twice("must capture", d.span, &mut must_capture_decl);
                    if must_capture_decl == Some(d.span) {
                        game.must_capture = Some(if d.most {
                            crate::ir::MustCapture::Most
                        } else {
                            crate::ir::MustCapture::Any
                        });
                        self.capture_weights(d, &mut game);
                        self.capture_prefer(d, &mut game);
                    }
                }
                ast::Item::Chain(d) => match d.rule {
                    ast::ChainRule::RemovalAtOnce(v) => {
                        self.flag_twice("chain removal", d.span, &mut chain_removal_decl);
                        game.chain.removal_at_once = v;
                    }
                    ast::ChainRule::NoReversal => {
                        self.flag_twice("chain no reversal", d.span, &mut chain_reversal_decl);
                        game.chain.no_reversal = true;
                    }
                    ast::ChainRule::PromotionContinues(v) => {
                        self.flag_twice("chain promotion", d.span, &mut chain_promotion_decl);
                        game.chain.promotion_continues = v;
                    }
                },
                _ => {}
            }
        }
        game.one_side = one_side_decl.is_some();
        game.neutral = self.neutrals(file, &game.royals);
        game.tags = self.tags(file, &game.neutral);
        game.ends = self.end_rules(file, any_royal);
        game.start = start_decl.map(|s| StartPosition {
            fen: s.fen.clone(),
            span: s.fen_span,
        });
        game.hand = hand_decl.is_some();
        game.royals_may_not_face = face_decl.is_some();
        game.royals_in_check_capture_only = check_decl.is_some();
        for (decl, what) in [
            (face_decl, "royals may not face"),
            (check_decl, "royals in check capture only"),
        ] {
            if let (Some(span), false) = (decl, any_royal) {
                self.error(
                    Diagnostic::error("E0902", format!("`{what}` without royal pieces"), span)
                        .label("no piece is declared `royal`")
                        .help("declare the royal pieces, e.g. `royal King`"),
                );
            }
        }

        // Pass 2: everything else, in source order.
        let mut gating_decl: Option<Span> = None;
        // `activated ... moves as`, checked once the relays and journeys are known.
        let mut moves_as = Vec::new();
        for item in &file.items {
            match item {
                ast::Item::Petrify(d) => {
                    self.petrify_decl(d, &mut game.effects, &game.neutral.kinds);
                }
                ast::Item::Explode(_)
                | ast::Item::Area(_)
                | ast::Item::Immune(_)
                | ast::Item::LionTrading(_) => {
                    self.effect_decl(item, &mut game.effects, &mut explode_decl);
                }
                ast::Item::Relay(d) => self.relay_decl(d, &mut game.effects),
                ast::Item::Alignment(d) => {
                    self.flag_twice("alignment", d.span, &mut alignment_decl);
                    if game.alignment.is_none() {
                        game.alignment = self.alignment_decl(d, &game.neutral.kinds, game.hand);
                    }
                }
                ast::Item::Teleport(d) => {
                    self.teleport_decl(d, &game.neutral.kinds, &mut game.effects);
                }
                ast::Item::Journey(d) => self.journey_decl(d, &mut game.effects),
                ast::Item::Touch(d) => self.touch_decl(d, &mut game.effects),
                ast::Item::MovesAs(d) => moves_as.push(d),
                ast::Item::Displace(d) => {
                    if let Some(rule) = self.displace_decl(d, &game.displace) {
                        game.displace.push(rule);
                    }
                }
                ast::Item::Sacrifice(d) => {
                    if let Some(rule) = self.sacrifice_decl(d, &game.sacrifice) {
                        game.sacrifice.push(rule);
                    }
                }
                ast::Item::Passive(d) => {
                    if let Some(ids) = self.piece_ids(&d.pieces) {
                        push_new(&mut game.effects.passive, ids);
                    }
                }
                ast::Item::Castling(c) => {
                    if let Some(castling) = self.castling(c, &game.royals, royal_ok, &game.tags) {
                        game.castlings.push(castling);
                    }
                }
                ast::Item::EnPassant(e) => {
                    if let Some(ids) = self.piece_ids(&e.pieces) {
                        push_new(&mut game.en_passant, ids);
                    }
                    if self.en_passant_marks.is_empty() {
                        self.diags.push(
                            Diagnostic::warning(
                                "W0902",
                                "en passant is declared but no move allows it",
                                e.span,
                            )
                            .label("no pattern is marked `en passant`")
                            .help("mark the move that can be captured en passant, e.g. `ride forward 2, move only, from pawn_start, en passant`"),
                        );
                    }
                }
                ast::Item::Promotion(p) => {
                    if let (Some((crate::ids::Side::Second, at)), Some(one)) =
                        (p.for_side, one_side_decl)
                    {
                        self.error(
                            Diagnostic::error(
                                "E0937",
                                "a promotion `for second` in a game where only the first side moves",
                                at,
                            )
                            .label("the second side's pieces never move, so never promote")
                            .secondary(one, "`one side` declared here")
                            .help("remove the promotion, or write it `for first`"),
                        );
                        continue;
                    }
                    if let Some(promotion) = self.promotion(p, start_decl.is_some()) {
                        game.promotions.push(promotion);
                    }
                }
                ast::Item::Drop(d) => {
                    if hand_decl.is_none() {
                        self.error(
                            Diagnostic::error("E0908", "`drop` without `hand`", d.span)
                                .label("there is no hand to drop pieces from")
                                .help("add a line `hand`: captured pieces then go to the captor's hand and may be dropped"),
                        );
                    }
                    if let Some(rule) = self.drop_rule(d) {
                        game.drops.push(rule);
                    }
                }
                ast::Item::Sokoban(d) => {
                    let first = sokoban_decl;
                    self.flag_twice("sokoban", d.span, &mut sokoban_decl);
                    if first.is_none() {
                        game.sokoban = self.sokoban(d);
                        if game.sokoban.is_some() && one_side_decl.is_none() {
                            self.diags.push(
                                Diagnostic::warning(
                                    "W0904",
                                    "a Sokoban board in a game for two sides",
                                    d.span,
                                )
                                .label("the second side is to move after every move")
                                .help("add a line `one side`: only the first side moves"),
                            );
                        }
                    }
                }
                ast::Item::Gating(d) => {
                    let first = gating_decl;
                    self.flag_twice("gating", d.span, &mut gating_decl);
                    if hand_decl.is_none() {
                        self.error(
                            Diagnostic::error("E0980", "`gating` without `hand`", d.span)
                                .label("there is no hand to bring pieces from")
                                .help("add a line `hand, captures not kept` (Seirawan chess) or `hand` (S-House)"),
                        );
                    }
                    let pieces = self.piece_ids(&d.pieces);
                    let zone = self.zone(&d.zone);
                    if let (None, Some(pieces), Some(zone)) = (first, pieces, zone) {
                        game.gating = Some(crate::ir::Gating {
                            pieces,
                            zone,
                            no_drops: d.no_drops.is_some(),
                            span: d.span,
                        });
                    }
                }
                ast::Item::Heading(h) => {
                    if let Some(heading) = self.heading(h) {
                        game.headings.push(heading);
                    }
                }
                ast::Item::Confine(c) => {
                    let pieces = self.piece_ids(&c.pieces);
                    let zone = self.zone(&c.zone);
                    if let (Some(pieces), Some(zone)) = (pieces, zone) {
                        game.confinements.push(Confinement {
                            pieces,
                            zone,
                            side: c.side,
                            span: c.span,
                        });
                    }
                }
                _ => {}
            }
        }
        for d in moves_as {
            self.moves_as_decl(d, &mut game.effects);
        }

        self.enclosing_drops(&game);
        self.touch_rules(file, &game.effects, &game.promotions);
        self.teleport_onward_relays(&game.effects);
        self.blast_to_hand(file, &game, hand_decl.is_some());
        if game.en_passant.is_empty() && !file.items.iter().any(is_en_passant_decl) {
            for span in self.en_passant_marks.clone() {
                self.diags.push(
                    Diagnostic::warning(
                        "W0903",
                        "a move allows en passant but no piece may capture en passant",
                        span,
                    )
                    .label("this move opens en passant")
                    .help("declare the pieces that may capture en passant, e.g. `en passant Pawn`"),
                );
            }
        }
        game
    }

    /// `sokoban pusher P, box B [, wall W]`: each role at most once (E0701), a pusher
    /// and a box (E0911), three different pieces (E0912).
    fn sokoban(&mut self, d: &ast::SokobanDecl) -> Option<SokobanRoles> {
        let mut ok = true;
        let mut roles: [Option<(PieceId, Span)>; 3] = [None; 3];
        let mut given: [Option<Span>; 3] = [None; 3];
        for r in &d.roles {
            let slot = match r.kind {
                ast::SokobanRoleKind::Pusher => 0,
                ast::SokobanRoleKind::Box => 1,
                ast::SokobanRoleKind::Wall => 2,
            };
            if let Some(first) = given[slot] {
                self.twice(r.kind.keyword(), r.span, first);
                ok = false;
                continue;
            }
            given[slot] = Some(r.span);
            match self.piece(&r.piece) {
                Some(id) => {
                    if let Some((_, other)) = roles.iter().flatten().find(|(p, _)| *p == id) {
                        ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0912",
                                format!("`{}` has two roles on a Sokoban board", r.piece.name),
                                r.span,
                            )
                            .label("second role")
                            .secondary(*other, "first role")
                            .help("the pusher, the boxes and the walls are three different pieces"),
                        );
                        continue;
                    }
                    roles[slot] = Some((id, r.span));
                }
                None => ok = false,
            }
        }
        for (slot, word, example) in [(0, "pusher", "Pusher"), (1, "box", "Box")] {
            if given[slot].is_none() {
                ok = false;
                self.error(
                    Diagnostic::error(
                        "E0911",
                        format!("a `sokoban` declaration without a {word}"),
                        d.span,
                    )
                    .label(format!("no `{word}` piece named"))
                    .help(format!(
                        "name the piece `@` stands for and the piece `$` stands for, e.g. `sokoban pusher Pusher, box Box`; add `{word} {example}`"
                    )),
                );
            }
        }
        if !ok {
            return None;
        }
        Some(SokobanRoles {
            pusher: roles[0]?.0,
            boxes: roles[1]?.0,
            wall: roles[2].map(|r| r.0),
            reverse: d.reverse,
            span: d.span,
        })
    }

    /// Records a declaration that may appear once (`hand`, `royals may not face`);
    /// reports a repeat (E0909).
    /// `must capture most, weight KIND N, ...`: weights only with `most` (E0918), each
    /// 1..=65535 (E0919), a kind once (E0701).
    fn capture_weights(&mut self, d: &ast::MustCaptureDecl, game: &mut GameDecls) {
        for w in &d.weights {
            if !d.most {
                self.error(
                    Diagnostic::error("E0918", "a capture weight without `most`", w.span)
                        .label("weights decide which captures take the most")
                        .help("write `must capture most, weight ...`, or remove the weight"),
                );
                continue;
            }
            let Some(id) = self.piece(&w.piece) else {
                continue;
            };
            if w.weight.value == 0 || w.weight.value > 65_535 {
                self.error(
                    Diagnostic::error(
                        "E0919",
                        format!("a capture weight of {}", w.weight.value),
                        w.weight.span,
                    )
                    .label("weights are 1 to 65535")
                    .help("a piece taken counts this much toward the most"),
                );
                continue;
            }
            if game.capture_weights.iter().any(|&(p, _)| p == id) {
                self.error(
                    Diagnostic::error(
                        "E0701",
                        format!("`weight {}` is given twice", w.piece.name),
                        w.span,
                    )
                    .label("given again here")
                    .help("remove one of them"),
                );
                continue;
            }
            game.capture_weights.push((id, w.weight.value as u32));
        }
    }

    /// `must capture ..., with KINDS, most KINDS, earliest KINDS`: the quality rules in
    /// order; one given twice is E0946.
    fn capture_prefer(&mut self, d: &ast::MustCaptureDecl, game: &mut GameDecls) {
        let mut seen: Vec<(crate::ir::PreferRule, Vec<PieceId>, Span)> = Vec::new();
        for p in &d.prefer {
            let rule = match p.rule {
                ast::PreferRule::With => crate::ir::PreferRule::With,
                ast::PreferRule::Most => crate::ir::PreferRule::Most,
                ast::PreferRule::Earliest => crate::ir::PreferRule::Earliest,
            };
            let mut pieces: Vec<PieceId> = Vec::new();
            let mut ok = true;
            for name in &p.pieces {
                match self.piece(name) {
                    Some(id) if !pieces.contains(&id) => pieces.push(id),
                    Some(_) => {}
                    None => ok = false,
                }
            }
            if !ok {
                continue;
            }
            let mut key = pieces.clone();
            key.sort_unstable();
            if let Some((_, _, first)) = seen.iter().find(|(r, k, _)| *r == rule && *k == key) {
                self.error(
                    Diagnostic::error("E0946", "a capture rule is given twice", p.span)
                        .label("the same rule again")
                        .secondary(*first, "first given here")
                        .help("a rule given again keeps nothing more; remove one"),
                );
                continue;
            }
            seen.push((rule, key, p.span));
            game.capture_prefer
                .push(crate::ir::CapturePrefer { rule, pieces });
        }
    }

    /// `earliest KINDS` compares the order a chain takes its pieces in: without a
    /// pattern marked `chain` there is none (E0947).
    pub(crate) fn earliest_needs_chains(&mut self, file: &ast::File, pieces: &[Piece]) {
        if pieces
            .iter()
            .any(|p| p.patterns.iter().any(|pat| pat.conditions.chain))
        {
            return;
        }
        for item in &file.items {
            let ast::Item::MustCapture(d) = item else {
                continue;
            };
            for p in d
                .prefer
                .iter()
                .filter(|p| p.rule == ast::PreferRule::Earliest)
            {
                self.error(
                    Diagnostic::error(
                        "E0947",
                        "`earliest` without capture chains",
                        p.span,
                    )
                    .label("no pattern is marked `chain`")
                    .help(
                        "`earliest` compares when a chain takes a piece; mark the capturing patterns `chain`",
                    ),
                );
            }
        }
    }

    pub(crate) fn flag_twice(&mut self, what: &str, span: Span, first: &mut Option<Span>) {
        match first {
            None => *first = Some(span),
            Some(f) => self.error(
                Diagnostic::error("E0909", format!("`{what}` is declared twice"), span)
                    .label("declared again here")
                    .secondary(*f, "first declared here")
                    .help("remove one of them"),
            ),
        }
    }

    /// Resolves a list of piece names (E0304 for unknown ones), without repeats, in
    /// order. `None` if a name is unknown.
    pub(crate) fn piece_ids(&mut self, names: &[ast::Ident]) -> Option<Vec<PieceId>> {
        let mut ids = Vec::new();
        let mut ok = true;
        for name in names {
            match self.piece(name) {
                Some(id) => push_new(&mut ids, [id]),
                None => ok = false,
            }
        }
        ok.then_some(ids)
    }

    fn promotion(&mut self, p: &ast::PromotionDecl, has_start: bool) -> Option<Promotion> {
        let pieces = self.piece_ids(&p.pieces);
        let mut choices_ok = true;
        let mut choices = Vec::new();
        for name in &p.choices {
            match self.piece(name) {
                Some(id) => {
                    if let Some(k) = pieces
                        .as_ref()
                        .and_then(|ps| ps.iter().position(|&q| q == id))
                    {
                        choices_ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0905",
                                format!("`{}` promotes to itself", name.name),
                                name.span,
                            )
                            .label("a choice that is also a promoting piece")
                            .secondary(p.pieces[k].span, "promotes here")
                            .help("to let a piece stay as it is, add `, optional`"),
                        );
                    }
                    push_new(&mut choices, [id]);
                }
                None => choices_ok = false,
            }
        }
        if p.choices.is_empty() {
            choices_ok = false;
            self.error(
                Diagnostic::error("E0906", "a promotion with nothing to promote to", p.choices_span)
                    .label("no piece names after `to`")
                    .help("list the choices, e.g. `promotion Pawn to Queen | Rook | Bishop | Knight in last_rank`"),
            );
        }
        let zone = self.zone(&p.zone);
        let mut optional = false;
        let mut also_leaving = false;
        let mut only_captured = false;
        let mut delayed = None;
        let mut tagged = None;
        let mut entry_or_capture = false;
        let mut never_forced = false;
        let mut on_capture = false;
        let mut not_en_passant = false;
        let mut at_most = None;
        let mut seen: Vec<(PromotionOptionKind, Span)> = Vec::new();
        let mut ok = true;
        for o in &p.options {
            if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == o.kind) {
                ok = false;
                self.twice(o.kind.text(), o.span, first);
                continue;
            }
            seen.push((o.kind, o.span));
            match o.kind {
                PromotionOptionKind::Optional => optional = true,
                PromotionOptionKind::AlsoLeaving => also_leaving = true,
                PromotionOptionKind::Delayed => delayed = Some(o.span),
                PromotionOptionKind::Tagged => tagged = Some(o.span),
                PromotionOptionKind::EntryOrCapture => entry_or_capture = true,
                PromotionOptionKind::NeverForced => never_forced = true,
                PromotionOptionKind::OnCapture => on_capture = true,
                PromotionOptionKind::NotEnPassant => not_en_passant = true,
                PromotionOptionKind::AtMost => {
                    let n = p.at_most.map_or(0, |n| n.value);
                    if n == 0 || n > 255 {
                        ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0938",
                                format!("`at most {n}`: the count must be 1 to 255"),
                                o.span,
                            )
                            .label("no choice could ever be promoted to, or more than a side can hold")
                            .help("write the most pieces of a choice the side may have, e.g. `, at most 1`"),
                        );
                    } else {
                        at_most = Some((n as u8, o.span));
                    }
                }
                PromotionOptionKind::OnlyCaptured => {
                    only_captured = true;
                    if !has_start {
                        ok = false;
                        self.error(
                            Diagnostic::error(
                                "E0907",
                                "`only captured` without a start position",
                                o.span,
                            )
                            .label("counts pieces against the start position")
                            .help("declare the start position, e.g. `start \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"`"),
                        );
                    }
                }
            }
        }
        let tag = match (tagged, &p.tag) {
            (Some(_), Some(name)) => match self.tag(name) {
                Some(t) => Some(t),
                None => {
                    ok = false;
                    None
                }
            },
            _ => None,
        };
        if let (Some(at), None) = (delayed, tag) {
            if tagged.is_none() {
                ok = false;
                self.error(
                    Diagnostic::error("E0961", "`delayed` promotion without a tag", at)
                        .label("a delayed promotion waits in a tag")
                        .help("name the tag the waiting piece carries: `, tagged promote, delayed` with `tag promote (=) for Pawn`"),
                );
            }
        }
        if never_forced && !optional {
            if let Some(&(_, at)) = seen
                .iter()
                .find(|(k, _)| *k == PromotionOptionKind::NeverForced)
            {
                ok = false;
                self.error(
                    Diagnostic::error("E0962", "`never forced` on a promotion that is not `optional`", at)
                        .label("the piece may never stay as it is, here or anywhere")
                        .help("add `optional`: `promotion Pawn to Tokin in last_rank, optional, never forced`"),
                );
            }
        }
        if on_capture && entry_or_capture {
            ok = false;
            self.both_capture_options(&seen);
        }
        if let (true, Some((_, at))) = (only_captured, at_most) {
            ok = false;
            self.error(
                Diagnostic::error("E0939", "`at most N` with `only captured`", at)
                    .label("both limit the choices by their count on the board")
                    .help("keep one: `only captured` is `at most` the start position's count"),
            );
        }
        let (Some(pieces), Some(zone), true, true) = (pieces, zone, choices_ok, ok) else {
            return None;
        };
        Some(Promotion {
            pieces,
            choices,
            zone,
            optional,
            also_leaving,
            only_captured,
            entry_or_capture,
            never_forced,
            on_capture,
            tag,
            delayed: delayed.is_some(),
            side: p.for_side.map(|(side, _)| side),
            not_en_passant,
            at_most: at_most.map(|(n, _)| n),
            span: p.span,
        })
    }

    /// E0701 for an option given twice in one declaration.
    pub(super) fn twice(&mut self, what: &str, span: Span, first: Span) {
        self.error(
            Diagnostic::error("E0701", format!("`{what}` is given twice"), span)
                .label("given again here")
                .secondary(first, "first given here")
                .help("remove one of them"),
        );
    }
}

/// Applies `confine`: every pattern of a confined piece must end in the zone, as if it
/// had `, to ZONE` (not added again where the pattern already has it). With `for
/// first|second`, a pattern of both sides becomes two: the confined side's, with
/// `to ZONE`, and the other side's as it was.
pub(crate) fn apply_confinements(pieces: &mut [Piece], confinements: &[Confinement]) {
    for c in confinements {
        for id in &c.pieces {
            let Some(piece) = pieces.get_mut(id.index()) else {
                continue;
            };
            let mut others = Vec::new();
            for p in &mut piece.patterns {
                match (c.side, p.conditions.side) {
                    (Some(s), Some(ps)) if s != ps => continue,
                    (Some(s), None) => {
                        let mut other = p.clone();
                        other.conditions.side = Some(s.opponent());
                        others.push(other);
                        p.conditions.side = Some(s);
                    }
                    _ => {}
                }
                let present = p.conditions.to.iter().any(|t| t.zone == c.zone && t.inside);
                if !present {
                    p.conditions.to.push(ZoneCondition {
                        zone: c.zone,
                        inside: true,
                        span: c.span,
                    });
                }
            }
            piece.patterns.extend(others);
        }
    }
}

fn is_en_passant_decl(item: &ast::Item) -> bool {
    matches!(item, ast::Item::EnPassant(_))
}

/// Appends the items not already in `list`, keeping the order.
pub(super) fn push_new<T: PartialEq + Copy>(list: &mut Vec<T>, items: impl IntoIterator<Item = T>) {
    for x in items {
        if !list.contains(&x) {
            list.push(x);
        }
    }
}
