//! Pieces: names, FEN letters (`N`, or `+P` for a promoted piece; `+P` and `P` are
//! different letters), the piece-count limit, and the inlining of `like Other`
//! (declared anywhere in the file; cycles are errors).
//!
//! Owns the piece table of the checker and the order of a piece's final patterns: a
//! `like` is replaced, in place, by all of the other piece's patterns.

use super::like::{add_modifiers, Overlay};
use super::{lint, Checker, MAX_PIECES};
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::{PieceId, Span};
use crate::ir::{self, Piece};
use std::collections::HashMap;

/// One entry of a piece body after checking.
enum Entry {
    Own(Option<Box<ir::Pattern>>),
    /// `like` of a known piece, the modifiers it adds (`None`: none), its span.
    Like(PieceId, Overlay, Span),
    /// `like` of an unknown piece (already reported).
    Broken,
}

/// A final pattern with the span of where it appears in this piece's body (the pattern
/// itself, or the `like` that brought it in).
pub(crate) struct Placed {
    pub pattern: ir::Pattern,
    pub site: Span,
    /// Whether it came in through `like`.
    pub inlined: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Unvisited,
    InProgress,
    Done,
}

impl Checker {
    /// Registers piece names and letters, reporting duplicates and the count limit.
    pub(crate) fn piece_names(&mut self, file: &ast::File) {
        // (plus, uppercase letter, prime) -> first use; `+P`, `P` and `P'` are different
        // letters.
        let mut letters: HashMap<(bool, char, u8), Span> = HashMap::new();
        let mut count = 0usize;
        for item in &file.items {
            let ast::Item::Piece(p) = item else { continue };
            count += 1;
            if count == MAX_PIECES + 1 {
                self.error(
                    Diagnostic::error("E0306", "too many pieces", p.name.span)
                        .label(format!("piece number {count}"))
                        .note(format!(
                            "a rules file may declare at most {MAX_PIECES} pieces"
                        )),
                );
            }
            let id = PieceId(self.piece_names.len().min(255) as u8);
            self.piece_names.push(p.name.name.clone());
            match self.piece_index.get(&p.name.name) {
                Some(&first) => {
                    let first_span = first_name_span(file, first);
                    self.error(
                        Diagnostic::error(
                            "E0301",
                            format!("piece `{}` is declared twice", p.name.name),
                            p.name.span,
                        )
                        .label("declared again here")
                        .secondary(first_span, "first declared here")
                        .help("give each piece its own name; to reuse moves, write `like Other`"),
                    );
                }
                None => {
                    self.piece_index.insert(p.name.name.clone(), id);
                }
            }
            let text = &p.letter.name;
            match parse_letter(text) {
                Some((plus, upper, prime)) => {
                    if let Some(&first) = letters.get(&(plus, upper, prime)) {
                        let shown = letter_text(plus, upper, prime);
                        self.error(
                            Diagnostic::error(
                                "E0302",
                                format!("FEN letter `{shown}` is used twice"),
                                p.letter.span,
                            )
                            .label("used again here")
                            .secondary(first, "first used here")
                            .note("letters are compared ignoring case: the second side writes them in lowercase"),
                        );
                    } else {
                        letters.insert((plus, upper, prime), p.letter.span);
                    }
                }
                None => {
                    self.error(
                        Diagnostic::error(
                            "E0303",
                            format!("`{text}` is not a FEN letter"),
                            p.letter.span,
                        )
                        .label("expected one ASCII letter, with `+` before it or `'` or `!` after it")
                        .help("a piece's letter is a single letter `A`-`Z`, as written in FEN, e.g. `(N)`; a promoted piece may write `+` before it, e.g. `(+P)`; a game of more than 26 kinds writes 26 more with a prime after the letter and 26 more with `!`, as HaChu and XBoard do, e.g. `(N')`, `(L!)`"),
                    );
                }
            }
            if let Some(san) = &p.san {
                if san_name(&san.name).is_none() {
                    self.error(
                        Diagnostic::error(
                            "E0309",
                            format!("`{}` is not a SAN letter", san.name),
                            san.span,
                        )
                        .label("expected one ASCII letter, or `pawn`")
                        .help("SAN writes a piece with one letter `A`-`Z`, e.g. `(N, san H)`, or as a pawn with none, `(P, san pawn)`; a promoted piece's SAN letter has no `+`"),
                    );
                }
            }
        }
        if count == 0 {
            let at = file
                .items
                .iter()
                .find_map(|item| match item {
                    ast::Item::Board(b) => Some(b.span),
                    _ => None,
                })
                .unwrap_or(Span::new(0, 0));
            self.error(
                Diagnostic::error("E0308", "no piece is declared", at)
                    .label("a board, but nothing to move on it")
                    .help("declare a piece, e.g. `piece King (K) { step any }`"),
            );
        }
    }

    /// Checks every piece's patterns, inlines `like`, and runs the piece lints.
    pub(crate) fn pieces(&mut self, file: &ast::File) -> Vec<Piece> {
        let decls: Vec<&ast::PieceDecl> = file
            .items
            .iter()
            .filter_map(|i| match i {
                ast::Item::Piece(p) => Some(p),
                _ => None,
            })
            .collect();
        let mut bodies: Vec<Vec<Entry>> = Vec::with_capacity(decls.len());
        for p in &decls {
            let mut entries = Vec::new();
            let limit = self.limits.patterns_per_piece;
            if p.patterns.len() > limit {
                // Over the limit before any `like`: not worth checking one by one.
                self.error(too_many_patterns(&p.name, p.patterns.len(), limit));
                bodies.push(vec![Entry::Broken]);
                continue;
            }
            for item in &p.patterns {
                entries.push(match item {
                    ast::PatternItem::Moves(pat) => Entry::Own(self.pattern(pat).map(Box::new)),
                    ast::PatternItem::Like(name, mods, span) => {
                        match (self.piece(name), self.like_modifiers(mods)) {
                            (Some(id), Some(overlay)) => Entry::Like(id, overlay, *span),
                            _ => Entry::Broken,
                        }
                    }
                });
            }
            bodies.push(entries);
        }
        let placed = self.inline(&decls, &bodies);
        let mut out = Vec::with_capacity(decls.len());
        for ((p, patterns), entries) in decls.iter().zip(placed).zip(&bodies) {
            let broken = entries
                .iter()
                .any(|e| matches!(e, Entry::Own(None) | Entry::Broken));
            // Pieces that are pushed around or met on the way (named in a `push` or a
            // `via`), or are a Sokoban board's walls, `immune`, `neutral` or `relay`, need
            // no moves.
            let passive = self
                .piece_index
                .get(&p.name.name)
                .is_some_and(|id| self.pushed.contains(id))
                || sokoban_names(file).any(|n| n == p.name.name);
            if patterns.is_empty() && !broken && p.patterns.is_empty() && !passive {
                self.diags.push(
                    Diagnostic::warning(
                        "W0004",
                        format!("piece `{}` has no moves", p.name.name),
                        p.name.span,
                    )
                    .label("this piece can never move")
                    .secondary(p.body_span, "empty body")
                    .help("add a pattern such as `step any`, or `like Other`"),
                );
            }
            lint::redundant_patterns(&mut self.diags, &p.name.name, &patterns);
            let (plus, letter, prime) = parse_letter(&p.letter.name).unwrap_or((false, '?', 0));
            out.push(Piece {
                name: p.name.name.clone(),
                letter,
                plus,
                prime,
                san: p.san.as_ref().and_then(|s| san_name(&s.name)),
                patterns: patterns.into_iter().map(|pl| pl.pattern).collect(),
                span: p.span,
            });
        }
        out
    }

    /// Inlines `like` entries with an explicit stack (no recursion, whatever the depth),
    /// reporting cycles.
    fn inline(&mut self, decls: &[&ast::PieceDecl], bodies: &[Vec<Entry>]) -> Vec<Vec<Placed>> {
        let n = bodies.len();
        let mut state = vec![State::Unvisited; n];
        let mut done: Vec<Vec<Placed>> = (0..n).map(|_| Vec::new()).collect();
        for root in 0..n {
            if state[root] != State::Unvisited {
                continue;
            }
            state[root] = State::InProgress;
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            while let Some(top) = stack.last_mut() {
                let (p, i) = *top;
                if i == bodies[p].len() {
                    // Count before copying: a chain of `like`s may double at every step.
                    let count = bodies[p].iter().fold(0usize, |n, e| match e {
                        Entry::Own(Some(_)) => n.saturating_add(1),
                        Entry::Like(q, _, _) => {
                            n.saturating_add(done.get(q.index()).map_or(0, Vec::len))
                        }
                        _ => n,
                    });
                    let limit = self.limits.patterns_per_piece;
                    if count > limit {
                        self.error(too_many_patterns(&decls[p].name, count, limit));
                        state[p] = State::Done;
                        stack.pop();
                        continue;
                    }
                    let mut list = Vec::with_capacity(count);
                    for e in &bodies[p] {
                        match e {
                            Entry::Own(Some(pat)) => list.push(Placed {
                                pattern: (**pat).clone(),
                                site: pat.span,
                                inlined: false,
                            }),
                            Entry::Like(q, overlay, span) => {
                                for pl in &done[q.index()] {
                                    let mut pattern = pl.pattern.clone();
                                    if let Some(o) = overlay {
                                        add_modifiers(&mut pattern, &o.0, &o.1);
                                        // A pattern the added modifiers leave without
                                        // any landing (a pawn's step, `capture only`)
                                        // is not brought in.
                                        let l = &pattern.land;
                                        if !l.empty
                                            && !l.foe
                                            && l.push.is_none()
                                            && l.meets.is_none()
                                        {
                                            continue;
                                        }
                                    }
                                    list.push(Placed {
                                        pattern,
                                        site: *span,
                                        inlined: true,
                                    });
                                }
                            }
                            _ => {}
                        }
                    }
                    done[p] = list;
                    state[p] = State::Done;
                    stack.pop();
                    continue;
                }
                top.1 += 1;
                let Entry::Like(q, _, span) = &bodies[p][i] else {
                    continue;
                };
                let q = q.index();
                if q >= n {
                    continue;
                }
                match state[q] {
                    State::Unvisited => {
                        state[q] = State::InProgress;
                        stack.push((q, 0));
                    }
                    State::InProgress => {
                        let from = stack.iter().position(|&(s, _)| s == q).unwrap_or(0);
                        let mut chain: Vec<&str> = stack[from..]
                            .iter()
                            .map(|&(s, _)| decls[s].name.name.as_str())
                            .collect();
                        chain.push(decls[q].name.name.as_str());
                        let msg = if chain.len() == 2 {
                            format!("piece `{}` is `like` itself", chain[0])
                        } else {
                            "`like` inclusions form a cycle".to_string()
                        };
                        self.error(
                            Diagnostic::error("E0305", msg, *span)
                                .label("this inclusion closes the cycle")
                                .secondary(
                                    decls[q].name.span,
                                    format!("`{}` declared here", decls[q].name.name),
                                )
                                .note(format!("the cycle: {}", chain.join(" → ")))
                                .help("a piece cannot include itself, directly or through others"),
                        );
                    }
                    State::Done => {}
                }
            }
        }
        done
    }
}

/// E0307: piece `name` has `count` patterns (its `like`s inlined), over `limit`.
fn too_many_patterns(name: &ast::Ident, count: usize, limit: usize) -> Diagnostic {
    Diagnostic::error(
        "E0307",
        format!(
            "piece `{}` has {count} patterns (its `like`s inlined); the limit is {limit}",
            name.name
        ),
        name.span,
    )
    .label(format!("{count} patterns"))
    .help("each `like` copies every pattern of the piece it names; include each piece once")
}

/// A piece letter as written: `N`, `n`, `+P`, `N'` or `N!` (HaChu's and XBoard's
/// letters beyond the 26), `+N'`. Returns (plus, uppercase letter, prime as
/// [`ir::Piece::prime`]), or `None` if it is not one ASCII letter with an optional `+`
/// before it and an optional `'` or `!` after it.
pub(crate) fn parse_letter(text: &str) -> Option<(bool, char, u8)> {
    let (plus, rest) = match text.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (prime, rest) = match rest.chars().last().and_then(ir::prime_of) {
        Some(prime) => (prime, &rest[..rest.len() - 1]),
        None => (0, rest),
    };
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some((plus, c.to_ascii_uppercase(), prime)),
        _ => None,
    }
}

/// A SAN name as written after `san`: a letter (`H`, `h`: the uppercase letter) or
/// `pawn`; `None` if it is neither.
pub(crate) fn san_name(text: &str) -> Option<ir::SanName> {
    if text == "pawn" {
        return Some(ir::SanName::Pawn);
    }
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            Some(ir::SanName::Letter(c.to_ascii_uppercase()))
        }
        _ => None,
    }
}

/// A letter as FEN writes it for the first side: `N`, `+P`, `N'`, `L!`.
pub(crate) fn letter_text(plus: bool, letter: char, prime: u8) -> String {
    format!(
        "{}{letter}{}",
        if plus { "+" } else { "" },
        ir::prime_mark(prime)
    )
}

fn first_name_span(file: &ast::File, id: PieceId) -> Span {
    file.items
        .iter()
        .filter_map(|i| match i {
            ast::Item::Piece(p) => Some(p.name.span),
            _ => None,
        })
        .nth(id.index())
        .unwrap_or_default()
}

/// The piece names a `sokoban` declaration gives roles to.
/// The pieces a file names as Sokoban roles, as `immune` or `neutral` (obstacles that
/// need no moves of their own) or as `relay` (which move as their activators).
fn sokoban_names(file: &ast::File) -> impl Iterator<Item = &str> {
    file.items.iter().flat_map(|i| match i {
        ast::Item::Sokoban(d) => d.roles.iter().map(|r| r.piece.name.as_str()).collect(),
        ast::Item::Immune(d) => d.pieces.iter().map(|p| p.name.as_str()).collect(),
        ast::Item::Neutral(d) => d.pieces.iter().map(|p| p.name.as_str()).collect(),
        ast::Item::Relay(d) => d.pieces.iter().map(|p| p.name.as_str()).collect(),
        ast::Item::Passive(d) => d.pieces.iter().map(|p| p.name.as_str()).collect(),
        _ => Vec::new(),
    })
}
