//! Pattern actions: the modifiers `sets T`, `keeps T`, `burn ...`, `explode ...` and
//! the captures by a move's shape (`withdraw`, `pincer`, `coordinate`) resolved into a pattern's [`PatternActions`], and each piece's distinct actions
//! numbered into table marks ([`Conditions::mark`]).
//!
//! Owns their errors and warnings (E0724, E0940-E0941, W0940-W0941): a shape
//! capture on a board that is not square, a tag the piece never
//! carries, more distinct actions on one piece than the table can mark, an `explode`
//! on a pattern that never captures, `keeps T` beside `sets T`. What the actions do
//! is the game layer's (`game::position::make` for tags, `game::effects` for burns
//! and blasts).

use super::Checker;
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::BoardKind;
use crate::ir::{
    self, AreaEffect, AreaKind, Conditions, Coordinate, Explode, KindFilter, PatternActions,
    Pincer, Tags, MAX_MARKS,
};

impl Checker {
    /// Adds the action modifier `m` (`sets`, `keeps`, `burn`, `explode`) to the
    /// pattern's conditions; false when it does not resolve.
    pub(super) fn action_modifier(&mut self, m: &ast::Modifier, cond: &mut Conditions) -> bool {
        let actions = cond.actions.get_or_insert_with(Box::default);
        match &m.kind {
            ast::ModifierKind::Sets(name) | ast::ModifierKind::Keeps(name) => {
                let Some(t) = self.tag(name) else {
                    return false;
                };
                if matches!(m.kind, ast::ModifierKind::Sets(_)) {
                    actions.sets |= 1 << t;
                } else {
                    actions.keeps |= 1 << t;
                }
                self.action_spans.push((m.span, t));
                true
            }
            ast::ModifierKind::Burn(b) => {
                let target = match &b.target {
                    None => Some((false, true, KindFilter::Any)),
                    Some(t) => self.area_target(t),
                };
                let around = self.around(b.around.as_slice());
                let (Some((friend, foe, kinds)), Some(around)) = (target, around) else {
                    return false;
                };
                actions.burn = Some(AreaEffect {
                    kind: AreaKind::Burn,
                    pieces: Vec::new(),
                    friend,
                    foe,
                    kinds,
                    around,
                    arriving: false,
                    span: m.span,
                });
                true
            }
            ast::ModifierKind::Explode(e) => {
                let spared = match &e.sparing {
                    Some(k) => self.kinds(k),
                    None => Some(KindFilter::Only(Vec::new())),
                };
                let around = self.around(e.around.as_slice());
                let (Some(spared), Some(around)) = (spared, around) else {
                    return false;
                };
                actions.explode = Some(Explode {
                    spared,
                    immune: KindFilter::Only(Vec::new()),
                    around,
                    to_hand: false,
                });
                true
            }
            ast::ModifierKind::NotInCheck => {
                actions.not_in_check = true;
                true
            }
            ast::ModifierKind::Withdraw(_)
            | ast::ModifierKind::Pincer(_)
            | ast::ModifierKind::Coordinate(_) => self.shape_capture(m, actions),
            _ => true,
        }
    }

    /// `withdraw`, `pincer` and `coordinate`: captures by the move's shape, which read
    /// the board's files, ranks and lines (E0724 on other boards than `square`).
    fn shape_capture(&mut self, m: &ast::Modifier, actions: &mut PatternActions) -> bool {
        let word = match &m.kind {
            ast::ModifierKind::Withdraw(_) => "withdraw",
            ast::ModifierKind::Pincer(_) => "pincer",
            _ => "coordinate",
        };
        let square = self.board.as_ref().map_or(true, |b| {
            matches!(b.topology.kind(), BoardKind::Square { .. })
        });
        if !square {
            self.error(
                Diagnostic::error("E0724", format!("`{word}` on a board that is not square"), m.span)
                    .label("a capture by the move's shape needs a square board")
                    .note("`withdraw`, `pincer` and `coordinate` find the cells they take by files, ranks and the eight lines of a square board"),
            );
            return false;
        }
        let filter = |c: &mut Checker, k: &Option<ast::Kinds>| match k {
            Some(k) => c.kinds(k),
            None => Some(KindFilter::Any),
        };
        match &m.kind {
            ast::ModifierKind::Withdraw(k) => {
                let Some(kinds) = filter(self, k) else {
                    return false;
                };
                actions.withdraw = Some(kinds);
            }
            ast::ModifierKind::Pincer(p) => {
                let kinds = filter(self, &p.kinds);
                let around = match &p.around {
                    Some(a) => self.around(std::slice::from_ref(a)),
                    None => Some(
                        self.geometry()
                            .word("orthogonal")
                            .unwrap_or_default()
                            .into_iter()
                            .collect(),
                    ),
                };
                let (Some(kinds), Some(around)) = (kinds, around) else {
                    return false;
                };
                actions.pincer = Some(Pincer { kinds, around });
            }
            ast::ModifierKind::Coordinate(c) => {
                let kinds = filter(self, &c.kinds);
                let with = self.piece(&c.with);
                let (Some(kinds), Some(with)) = (kinds, with) else {
                    return false;
                };
                actions.coordinate = Some(Coordinate { kinds, with });
            }
            _ => {}
        }
        true
    }

    /// The warnings of one pattern's actions once all its modifiers are read: W0940
    /// for an `explode` on a pattern that never captures, W0941 for `keeps T` beside
    /// `sets T`.
    pub(super) fn action_warnings(
        &mut self,
        mods: &[ast::Modifier],
        land: &ir::Landing,
        cond: &Conditions,
    ) {
        let Some(a) = cond.actions.as_deref() else {
            return;
        };
        let span_of = |pick: fn(&ast::ModifierKind) -> bool| {
            mods.iter().find(|m| pick(&m.kind)).map(|m| m.span)
        };
        let captures = land.foe
            || land
                .meets
                .as_deref()
                .is_some_and(|m| m.capture_friend.is_some());
        if let (Some(_), false) = (&a.explode, captures) {
            if let Some(at) = span_of(|k| matches!(k, ast::ModifierKind::Explode(_))) {
                self.diags.push(
                    Diagnostic::warning("W0940", "this explosion never happens", at)
                        .label("this pattern never captures")
                        .note("`explode` on a pattern blows up its captures only"),
                );
            }
        }
        let both = a.sets & a.keeps;
        if both != 0 {
            if let Some(at) = span_of(|k| matches!(k, ast::ModifierKind::Keeps(_))) {
                self.diags.push(
                    Diagnostic::warning("W0941", "`keeps` is needless here", at)
                        .label("the pattern also `sets` this tag")
                        .help("remove the `keeps`: a tag the move sets is carried after it"),
                );
            }
        }
    }

    /// Checks that each piece carries the tags its patterns set or keep (E0940), and
    /// numbers each piece's distinct actions 1, 2, ... into its patterns' marks; a
    /// piece with more than [`MAX_MARKS`] distinct actions is E0941.
    pub(crate) fn pattern_marks(&mut self, pieces: &mut [ir::Piece], tags: &Tags) {
        for (kind, piece) in pieces.iter_mut().enumerate() {
            let carried = tags.carried_by(crate::ids::PieceId(kind as u8));
            let mut distinct: Vec<(PatternActions, Span)> = Vec::new();
            for p in &mut piece.patterns {
                let Some(a) = p.conditions.actions.as_deref() else {
                    continue;
                };
                let missing = (a.sets | a.keeps) & !carried;
                if missing != 0 {
                    let t = missing.trailing_zeros() as u8;
                    let at = self
                        .action_spans
                        .iter()
                        .find(|(s, bit)| {
                            *bit == t && p.span.start <= s.start && s.end <= p.span.end
                        })
                        .map_or(p.span, |(s, _)| *s);
                    let def = &tags.tags[t as usize];
                    self.error(
                        Diagnostic::error(
                            "E0940",
                            format!("`{}` never carries tag `{}`", piece.name, def.name),
                            at,
                        )
                        .label("a piece can only be given a tag its kind may carry")
                        .help(format!(
                            "add it to the declaration: `tag {} ({}) for ... | {}`",
                            def.name, def.mark, piece.name
                        )),
                    );
                    continue;
                }
                // The burn belongs to the pattern's piece.
                let mut a = a.clone();
                if let Some(b) = &mut a.burn {
                    b.pieces = vec![crate::ids::PieceId(kind as u8)];
                }
                let index = match distinct.iter().position(|(d, _)| same(d, &a)) {
                    Some(i) => i,
                    None => {
                        if distinct.len() == MAX_MARKS {
                            self.error(
                                Diagnostic::error(
                                    "E0941",
                                    format!(
                                        "the patterns of `{}` do more than {MAX_MARKS} different things beyond their paths",
                                        piece.name
                                    ),
                                    p.span,
                                )
                                .label("a fourth set of `sets`, `keeps`, `burn`, `explode`, `withdraw`, `pincer` and `coordinate`")
                                .secondary(distinct[0].1, "the first set")
                                .note(format!(
                                    "the move table marks at most {MAX_MARKS} sets of actions per piece"
                                ))
                                .help("give patterns the same actions, or split the piece"),
                            );
                            break;
                        }
                        distinct.push((a.clone(), p.span));
                        distinct.len() - 1
                    }
                };
                p.conditions.actions = Some(Box::new(a));
                p.conditions.mark = index as u8 + 1;
            }
        }
    }
}

/// Whether two patterns' actions are the same (a burn's span aside).
fn same(a: &PatternActions, b: &PatternActions) -> bool {
    let burn = |x: &PatternActions| {
        x.burn
            .as_ref()
            .map(|b| (b.friend, b.foe, b.kinds.clone(), b.around.clone()))
    };
    a.sets == b.sets
        && a.keeps == b.keeps
        && a.explode == b.explode
        && burn(a) == burn(b)
        && a.withdraw == b.withdraw
        && a.pincer == b.pincer
        && a.coordinate == b.coordinate
}
