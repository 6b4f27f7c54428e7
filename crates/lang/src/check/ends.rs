//! Game-end declarations: `repetition`, `perpetual check loses`, `move limit`, `bare
//! royal`, `no pieces`, `counting makruk`, `reach`, `extinction`, `checks` and `no
//! giving check`, resolved into [`EndRules`].
//!
//! Owns their errors (E0913-E0917, E0934, E0935) and warnings (W0905); `stalemate` stays with the
//! other game declarations (`game.rs`). What each end means is decided by the game
//! layer (`game::end`).

use super::Checker;
use crate::ast::{self, CountingRoleWord, EndKindWord};
use crate::diagnostics::Diagnostic;
use crate::ids::{PieceId, Span};
use crate::ir::{
    BareRoyalRule, CountingRoles, EndRules, EndgameRule, ExtinctionRule, MateKinds, MoveLimitRule,
    Outcome, ReachRule, RepetitionRule,
};

/// The largest repetition count or move limit accepted (a larger one never ends a game
/// anyone plays, and the counters stay small).
const MAX_COUNT: u64 = 100_000;

impl Checker {
    /// Checks the game-end declarations of the file. `royals`: whether any piece is
    /// declared royal (checks and bare royals need one).
    pub(crate) fn end_rules(&mut self, file: &ast::File, royals: bool) -> EndRules {
        let mut ends = EndRules::default();
        let mut seen: [Option<Span>; 14] = [None; 14];
        let mut perpetual: Option<Span> = None;
        for item in &file.items {
            match item {
                ast::Item::Repetition(d) if self.first_of("repetition", d.span, &mut seen[0]) => {
                    let count = self.end_count(&d.count, 2, "repetition", "a position standing once is no repetition: `repetition 3` is chess's threefold repetition");
                    if let (Some(_), Some(Outcome::Draw)) = (d.for_side, d.outcome) {
                        self.diags.push(
                            Diagnostic::warning("W0905", "a draw `for` one side", d.span)
                                .label("a draw is the same for both sides")
                                .help("write `repetition N draw`, or `loss for first` / `win for second` if one side should lose"),
                        );
                    }
                    ends.repetition = count.map(|count| RepetitionRule {
                        count,
                        outcome: d.outcome.unwrap_or_default(),
                        for_side: d.for_side,
                        immediate: d.kind == Some(EndKindWord::Immediate),
                    });
                }
                ast::Item::PerpetualCheck(span)
                    if self.first_of("perpetual check loses", *span, &mut seen[1]) =>
                {
                    perpetual = Some(*span);
                    ends.perpetual_check_loses = true;
                    if !royals {
                        self.error(
                            Diagnostic::error(
                                "E0914",
                                "`perpetual check loses` without royal pieces",
                                *span,
                            )
                            .label("no piece is declared `royal`, so no move gives check")
                            .help("declare the royal pieces, e.g. `royal King`"),
                        );
                    }
                }
                ast::Item::MoveLimit(d) if self.first_of("move limit", d.span, &mut seen[2]) => {
                    let count = self.end_count(
                        &d.count,
                        1,
                        "move limit",
                        "`move limit 50` is chess's 50-move rule",
                    );
                    let pawns = self.piece_ids(&d.pawns).unwrap_or_default();
                    ends.move_limit = count.map(|n| MoveLimitRule {
                        plies: if d.plies { n } else { n * 2 },
                        pawns,
                        immediate: d.kind == Some(EndKindWord::Immediate),
                    });
                }
                ast::Item::BareRoyal(d) if self.first_of("bare royal", d.span, &mut seen[3]) => {
                    if !royals {
                        self.error(
                            Diagnostic::error("E0915", "`bare royal` without royal pieces", d.span)
                                .label("no piece is declared `royal`, so no side is ever bare")
                                .help("declare the royal pieces, e.g. `royal King`; for a side with no pieces at all, use `no pieces OUTCOME`"),
                        );
                    }
                    ends.bare_royal = Some(BareRoyalRule {
                        outcome: d.outcome,
                        bare_back: d.bare_back,
                    });
                }
                ast::Item::NoPieces(d) if self.first_of("no pieces", d.span, &mut seen[4]) => {
                    ends.no_pieces = Some(d.outcome);
                }
                ast::Item::Counting(d) if self.first_of("counting", d.span, &mut seen[5]) => {
                    ends.counting = self.counting(d);
                }
                ast::Item::Reach(d) => {
                    if let Some(rule) = self.reach(d) {
                        ends.reach.push(rule);
                    }
                }
                ast::Item::Connect(d) => {
                    if let Some(rule) = self.connect(d) {
                        ends.connect.push(rule);
                    }
                }
                ast::Item::Extinction(d) if self.first_of("extinction", d.span, &mut seen[6]) => {
                    let below = match &d.below {
                        Some(n) => self.end_count(
                            n,
                            1,
                            "extinction ... below",
                            "`below 3`: a side with fewer than 3 of a kind",
                        ),
                        None => Some(1),
                    };
                    let pieces = if d.all {
                        Some(None)
                    } else {
                        self.piece_ids(&d.pieces).map(Some)
                    };
                    if let (Some(below), Some(pieces)) = (below, pieces) {
                        ends.extinction = Some(ExtinctionRule {
                            pieces,
                            below,
                            outcome: d.outcome.unwrap_or(Outcome::Loss),
                        });
                    }
                }
                ast::Item::Endgame(d) => {
                    if let Some(rule) = self.endgame(d) {
                        ends.endgames.push(rule);
                    }
                }
                ast::Item::Checks(d) if self.first_of("checks", d.span, &mut seen[7]) => {
                    self.needs_royals("checks", d.span, royals);
                    ends.checks =
                        self.end_count(&d.count, 1, "checks", "`checks 3` is three-check chess");
                    if ends.checks.is_some_and(|n| n > u32::from(u8::MAX)) {
                        self.error(
                            Diagnostic::error(
                                "E0913",
                                format!("`checks` {} is out of range", d.count.value),
                                d.count.span,
                            )
                            .label(format!("must be between 1 and {}", u8::MAX))
                            .help("`checks 3` is three-check chess"),
                        );
                        ends.checks = None;
                    }
                }
                ast::Item::NoGivingCheck(span)
                    if self.first_of("no giving check", *span, &mut seen[8]) =>
                {
                    self.needs_royals("no giving check", *span, royals);
                    ends.no_giving_check = true;
                }
                ast::Item::Checkmate(d) if self.first_of("checkmate", d.span, &mut seen[9]) => {
                    self.needs_royals("checkmate", d.span, royals);
                    ends.checkmate = Some(d.outcome);
                    let mut kinds = |part: &Option<(Vec<ast::Ident>, Outcome)>| {
                        part.as_ref().and_then(|(names, outcome)| {
                            Some(MateKinds {
                                kinds: self.piece_ids(names)?,
                                outcome: *outcome,
                            })
                        })
                    };
                    ends.checkmate_only = kinds(&d.only);
                    ends.checkmate_after = kinds(&d.after);
                }
                ast::Item::DrawOdds(side, span)
                    if self.first_of("draw odds", *span, &mut seen[10]) =>
                {
                    ends.draw_odds = Some(*side);
                }
                ast::Item::DrawByCount(span)
                    if self.first_of("draw by piece count", *span, &mut seen[11]) =>
                {
                    ends.draw_by_count = true;
                }
                ast::Item::PassWhenStuck(span)
                    if self.first_of("pass when stuck", *span, &mut seen[12]) =>
                {
                    if royals {
                        self.error(
                            Diagnostic::error("E0993", "`pass when stuck` in a game with royal pieces", *span)
                                .label("a pass is judged without checks: only in games without royals")
                                .help("remove `pass when stuck`, or the `royal` declaration (Ataxx and Othello have no royal piece)"),
                        );
                    } else {
                        ends.pass_when_stuck = true;
                        // Two passes in a row end the game: a draw unless `double
                        // pass` gives another outcome (checked after this, it wins).
                        ends.double_pass.get_or_insert(Outcome::Draw);
                    }
                }
                ast::Item::FullBoard(d) if self.first_of("full board", d.span, &mut seen[13]) => {
                    ends.full_board = Some(d.outcome);
                }
                _ => {}
            }
        }
        if let (Some(odds), Some(count)) = (seen[10], seen[11]) {
            self.error(
                Diagnostic::error("E0994", "`draw by piece count` with `draw odds`", count)
                    .label("every draw is counted here")
                    .secondary(odds, "and given to one side here")
                    .help("keep one of the two: a draw goes either to the side with more pieces or to one side"),
            );
        }
        if let (Some(span), None) = (perpetual, seen[0]) {
            self.error(
                Diagnostic::error(
                    "E0916",
                    "`perpetual check loses` without `repetition`",
                    span,
                )
                .label("perpetual check is judged when a position repeats")
                .help("declare when a position counts as repeated, e.g. `repetition 3`"),
            );
        }
        self.family_ends(file, royals, &mut ends);
        ends
    }

    /// E0934 for a declaration about check in a game with no royal pieces (`checks`,
    /// `no giving check`, `checkmate`).
    fn needs_royals(&mut self, what: &str, span: Span, royals: bool) {
        if !royals {
            self.error(
                Diagnostic::error("E0934", format!("`{what}` without royal pieces"), span)
                    .label("no piece is declared `royal`, so no move gives check")
                    .help("declare the royal pieces, e.g. `royal King`"),
            );
        }
    }

    /// `reach ZONE with PIECES ...`: the zone and pieces known, the count in range
    /// (E0913), `reply` not limited to one side (E0935).
    fn reach(&mut self, d: &ast::ReachDecl) -> Option<ReachRule> {
        let zone = self.zone(&d.zone);
        let pieces = self.piece_ids(&d.pieces);
        let count = match &d.count {
            Some(n) => self.end_count(
                n,
                1,
                "reach ... count",
                "`count 2`: two of the pieces in the zone",
            ),
            None => Some(1),
        };
        if d.reply && d.safe {
            self.error(
                Diagnostic::error("E0936", "`safe` with `reply` on one `reach`", d.span)
                    .label("`reply` and `safe` are two ways to answer an arrival")
                    .help("keep one of them"),
            );
            return None;
        }
        if let (true, Some(_)) = (d.reply, d.for_side) {
            self.error(
                Diagnostic::error("E0935", "`reply` on a `reach` of one side", d.span)
                    .label("`reply` lets the second side answer the first side's arrival")
                    .help("remove `for first`/`for second`, or remove `reply`"),
            );
            return None;
        }
        if d.held && d.reply {
            self.error(
                Diagnostic::error("E0971", "`held` with `reply` on one `reach`", d.span)
                    .label("`reply` judges the first side's arrival after the second side's answer, `held` when the arriving side is to move again")
                    .help("keep one of them"),
            );
            return None;
        }
        Some(ReachRule {
            zone: zone?,
            pieces: pieces?,
            count: count?,
            outcome: d.outcome.unwrap_or(Outcome::Win),
            for_side: d.for_side,
            reply: d.reply,
            safe: d.safe,
            held: d.held,
            full: d.full,
        })
    }

    /// Flags a second declaration (E0909); true for the first.
    fn first_of(&mut self, what: &str, span: Span, first: &mut Option<Span>) -> bool {
        let was = first.is_none();
        self.flag_twice(what, span, first);
        was
    }

    /// `endgame N moves, ...`: N in range (E0913), known kinds (E0304), counts 1 to 255
    /// (E0913), a kind once in a material (E0701).
    fn endgame(&mut self, d: &ast::EndgameDecl) -> Option<EndgameRule> {
        let moves = self.end_count(
            &d.moves,
            1,
            "endgame",
            "`endgame 16 moves, 3 King against 1 King`: sixteen moves each to win",
        );
        let mut sides = [Vec::new(), Vec::new()];
        let mut ok = moves.is_some();
        for (list, out) in [&d.stronger, &d.weaker].into_iter().zip(&mut sides) {
            for m in list {
                let mut material: Vec<(PieceId, u32)> = Vec::new();
                for (n, name) in &m.counts {
                    let Some(id) = self.piece(name) else {
                        ok = false;
                        continue;
                    };
                    if n.value == 0 || n.value > 255 {
                        self.error(
                            Diagnostic::error(
                                "E0913",
                                format!("`endgame` count {} is out of range", n.value),
                                n.span,
                            )
                            .label("must be between 1 and 255")
                            .help("name only the kinds the side has: `1 King 2 Man`"),
                        );
                        ok = false;
                    } else if material.iter().any(|&(k, _)| k == id) {
                        self.error(
                            Diagnostic::error(
                                "E0701",
                                format!("`{}` is counted twice in one material", name.name),
                                name.span,
                            )
                            .label("given again here")
                            .help("write each kind once with its count: `2 King`"),
                        );
                        ok = false;
                    } else {
                        material.push((id, n.value as u32));
                    }
                }
                out.push(material);
            }
        }
        let [stronger, weaker] = sides;
        (ok).then(|| EndgameRule {
            plies: moves.unwrap_or(0) * 2,
            stronger,
            weaker,
        })
    }

    /// A count between `min` and [`MAX_COUNT`] (E0913 otherwise).
    fn end_count(&mut self, n: &ast::Number, min: u64, what: &str, help: &str) -> Option<u32> {
        if (min..=MAX_COUNT).contains(&n.value) {
            return u32::try_from(n.value).ok();
        }
        self.error(
            Diagnostic::error(
                "E0913",
                format!("`{what}` {} is out of range", n.value),
                n.span,
            )
            .label(format!("must be between {min} and {MAX_COUNT}"))
            .help(help.to_string()),
        );
        None
    }

    /// `counting makruk|asean ...`: each role once (E0701), every role given (E0917).
    fn counting(&mut self, d: &ast::CountingDecl) -> Option<CountingRoles> {
        let mut roles = CountingRoles {
            style: d.style,
            ..CountingRoles::default()
        };
        let style = match d.style {
            crate::ir::CountingStyle::Makruk => "makruk",
            crate::ir::CountingStyle::Asean => "asean",
            crate::ir::CountingStyle::Cambodian => "cambodian",
        };
        let mut given: [Option<Span>; 4] = [None; 4];
        let mut ok = true;
        for (role, name) in &d.roles {
            let (slot, word) = match role {
                CountingRoleWord::Pawn => (0, "pawn"),
                CountingRoleWord::Rook => (1, "rook"),
                CountingRoleWord::Bishop => (2, "bishop"),
                CountingRoleWord::Knight => (3, "knight"),
            };
            if let Some(first) = given[slot] {
                self.twice(word, name.span, first);
                ok = false;
                continue;
            }
            given[slot] = Some(name.span);
            let Some(id): Option<PieceId> = self.piece(name) else {
                ok = false;
                continue;
            };
            let list = match role {
                CountingRoleWord::Pawn => &mut roles.pawns,
                CountingRoleWord::Rook => &mut roles.rooks,
                CountingRoleWord::Bishop => &mut roles.bishops,
                CountingRoleWord::Knight => &mut roles.knights,
            };
            list.push(id);
        }
        let missing: Vec<&str> = ["pawn", "rook", "bishop", "knight"]
            .iter()
            .zip(given)
            .filter(|(_, g)| g.is_none())
            .map(|(w, _)| *w)
            .collect();
        if !missing.is_empty() {
            self.error(
                Diagnostic::error("E0917", format!("`counting {style}` without every role"), d.span)
                    .label(format!("no {} given", missing.join(", ")))
                    .help(format!("name the piece of each role: `counting {style} pawn Pawn, rook Rook, bishop Khon, knight Knight`")),
            );
            ok = false;
        }
        ok.then_some(roles)
    }
}
