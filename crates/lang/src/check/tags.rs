//! Tags: `tag NAME (MARK) [for PIECES]` resolved into [`Tags`], and the `tagged NAME`
//! pattern modifier.
//!
//! Owns their errors (E0926-E0931, E0978: a tag written as rights beside `gating`): an unknown tag, a tag or mark declared twice or too
//! many tags, a mark that FEN cannot carry (`'` or `!` too where a piece's letter carries it), a piece whose patterns require two
//! different states (the table keeps one per piece), a pattern requiring a tag its
//! piece never carries, and a neutral piece given a tag; and E0960, a promotion's tag
//! (`promotion ..., tagged T`) that a promoting piece does not carry. What tags do is the game
//! layer's (the position keeps them, FEN writes them, moving loses them).

use super::{names, Checker};
use crate::ast;
use crate::diagnostics::Diagnostic;
use crate::ids::Span;
use crate::ir::{self, Neutrals, TagDef, Tags, MAX_TAGS};

/// The characters a tag's FEN mark may be: none of them is a letter, a digit or
/// anything else FEN gives a meaning (`/`, `~`, `+`, `*`, `[`, `]`, `-`).
pub(crate) const TAG_MARKS: &str = "^&=!'\":;#$%?<>@";

impl Checker {
    /// Collects the declared tag names (the first declaration of a name wins), so that
    /// patterns can resolve `tagged NAME` before the declarations are checked.
    pub(crate) fn tag_names(&mut self, file: &ast::File) {
        for item in &file.items {
            if let ast::Item::Tag(d) = item {
                let next = self.tag_index.len();
                if next < MAX_TAGS && !self.tag_index.contains_key(&d.name.name) {
                    self.tag_index.insert(d.name.name.clone(), next as u8);
                }
            }
        }
    }

    /// Resolves `tagged NAME` (E0926 if no tag has that name).
    pub(crate) fn tag(&mut self, name: &ast::Ident) -> Option<u8> {
        if let Some(&i) = self.tag_index.get(&name.name) {
            return Some(i);
        }
        let mut d = Diagnostic::error("E0926", format!("unknown tag `{}`", name.name), name.span)
            .label("no tag has this name");
        let suggestion = names::suggest(&name.name, self.tag_index.keys().map(String::as_str));
        d = match suggestion {
            Some(s) => d.help(format!("did you mean `{s}`?")),
            None => d.help(format!(
                "declare it with the pieces that carry it, e.g. `tag {} (^) for Pawn`",
                name.name
            )),
        };
        self.error(d);
        None
    }

    /// Checks the `tag` declarations.
    pub(crate) fn tags(&mut self, file: &ast::File, neutral: &Neutrals) -> Tags {
        let mut out = Tags::default();
        let mut spans: Vec<(Span, Span)> = Vec::new();
        for item in &file.items {
            let ast::Item::Tag(d) = item else { continue };
            if let Some(i) = out.tags.iter().position(|t| t.name == d.name.name) {
                self.error(
                    Diagnostic::error(
                        "E0927",
                        format!("tag `{}` is declared twice", d.name.name),
                        d.name.span,
                    )
                    .label("declared again here")
                    .secondary(spans[i].0, "first declared here")
                    .help("declare each tag once, listing every piece that carries it"),
                );
                continue;
            }
            let mut chars = d.mark.chars();
            let mark = match (chars.next(), chars.next()) {
                (Some(c), None) if TAG_MARKS.contains(c) => c,
                _ => {
                    self.error(
                        Diagnostic::error(
                            "E0928",
                            format!("`{}` cannot be a tag's FEN mark", d.mark),
                            d.mark_span,
                        )
                        .label("a mark is one of these characters: ^ & = ! ' \" : ; # $ % ? < > @")
                        .note("letters, digits and `/ ~ + * [ ] -` already mean something in FEN"),
                    );
                    continue;
                }
            };
            // A primed letter (`N'`, `L!`) takes its mark after a piece's letter in FEN.
            let primed = file.items.iter().find_map(|i| match i {
                ast::Item::Piece(p) if p.letter.name.ends_with(mark) => Some(p.letter.span),
                _ => None,
            });
            if let (Some(letter), Some(_)) = (primed, ir::prime_of(mark)) {
                self.error(
                    Diagnostic::error(
                        "E0928",
                        format!(
                            "`{mark}` cannot be a tag's FEN mark in a game with `{mark}` letters"
                        ),
                        d.mark_span,
                    )
                    .label("this mark")
                    .secondary(
                        letter,
                        format!("a letter FEN writes with `{mark}` after it"),
                    )
                    .help("give the tag another mark, e.g. `^`"),
                );
                continue;
            }
            if let Some(i) = out.tags.iter().position(|t| t.mark == mark) {
                self.error(
                    Diagnostic::error(
                        "E0927",
                        format!("the mark `{mark}` is given to two tags"),
                        d.mark_span,
                    )
                    .label("given again here")
                    .secondary(spans[i].1, "first given here")
                    .help("give each tag a mark of its own"),
                );
                continue;
            }
            if out.tags.len() == MAX_TAGS {
                self.error(
                    Diagnostic::error("E0927", format!("more than {MAX_TAGS} tags"), d.span)
                        .label("one tag too many")
                        .note(format!("a game declares at most {MAX_TAGS} tags")),
                );
                continue;
            }
            let Some(pieces) = self.piece_ids(&d.pieces) else {
                continue;
            };
            for (id, name) in pieces.iter().zip(&d.pieces) {
                if neutral.is_neutral(*id) {
                    self.error(
                        Diagnostic::error(
                            "E0931",
                            format!("neutral piece `{}` given a tag", name.name),
                            name.span,
                        )
                        .label("a piece of no side carries no tags")
                        .help("remove it from the `tag` or the `neutral` declaration"),
                    );
                }
            }
            let rights = match &d.rights {
                Some((zone, span)) => {
                    let gating = file.items.iter().find_map(|i| match i {
                        ast::Item::Gating(g) => Some(g.span),
                        _ => None,
                    });
                    if let Some(gating) = gating {
                        self.error(
                            Diagnostic::error(
                                "E0978",
                                format!(
                                    "tag `{}` written as rights in a game with `gating`",
                                    d.name.name
                                ),
                                *span,
                            )
                            .label("FEN would write these rights as file letters")
                            .secondary(gating, "and writes the gating rights the same way")
                            .help("write the tag as its mark: remove `, as rights in ...`"),
                        );
                        continue;
                    }
                    match self.zone(zone) {
                        Some(z) => Some(z),
                        None => continue,
                    }
                }
                None => None,
            };
            let aimed_by = match &d.aimed_by {
                Some((by, _)) => match self.piece_ids(by) {
                    Some(ids) => ids,
                    None => continue,
                },
                None => Vec::new(),
            };
            spans.push((d.name.span, d.mark_span));
            out.tags.push(TagDef {
                name: d.name.name.clone(),
                mark,
                pieces,
                rights,
                aimed_by,
                span: d.span,
            });
        }
        out
    }

    /// Checks what patterns require: a piece's patterns require at most one state (one
    /// tag, or `initial`), and only a tag the piece carries.
    pub(crate) fn tag_uses(&mut self, pieces: &[ir::Piece], tags: &Tags) {
        for (kind, piece) in pieces.iter().enumerate() {
            // The first pattern requiring a state: (tag or None for `initial`, span).
            let mut first: Option<(Option<u8>, Span)> = None;
            for p in &piece.patterns {
                let state = match p.conditions.tag {
                    Some((t, span)) => (Some(t), span),
                    None if p.conditions.initial => (None, p.span),
                    None => continue,
                };
                if let (Some(t), span) = state {
                    let Some(def) = tags.tags.get(t as usize) else {
                        continue;
                    };
                    if !def.pieces.iter().any(|k| k.index() == kind) {
                        self.error(
                            Diagnostic::error(
                                "E0930",
                                format!("`{}` never carries tag `{}`", piece.name, def.name),
                                span,
                            )
                            .label("this pattern can never be used")
                            .help(format!(
                                "add it to the declaration: `tag {} ({}) for ... | {}`",
                                def.name, def.mark, piece.name
                            )),
                        );
                    }
                }
                match first {
                    None => first = Some(state),
                    Some((s, at)) if s != state.0 => {
                        let says = |s: Option<u8>| match s {
                            Some(t) => tags
                                .tags
                                .get(t as usize)
                                .map_or("a tag".to_string(), |d| format!("`tagged {}`", d.name)),
                            None => "`initial`".to_string(),
                        };
                        self.error(
                            Diagnostic::error(
                                "E0929",
                                format!("the patterns of `{}` require two different states", piece.name),
                                state.1,
                            )
                            .label(format!("this requires {}", says(state.0)))
                            .secondary(at, format!("this requires {}", says(s)))
                            .note("a piece's patterns may require one state: `initial` or one tag")
                            .note("a piece that chooses a direction by its move and keeps it is written with `heading`: a kind per direction (docs/language.md)")
                            .help("require the same tag in both, or declare one tag that stands for both"),
                        );
                        break;
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// Checks the tags of delayed promotions (`promotion ..., tagged T`): every
    /// promoting piece must carry `T` (E0960).
    pub(crate) fn promotion_tags(&mut self, pieces: &[ir::Piece], game: &ir::GameDecls) {
        for p in &game.promotions {
            let Some(t) = p.tag else { continue };
            let Some(def) = game.tags.tags.get(t as usize) else {
                continue;
            };
            for kind in &p.pieces {
                if def.pieces.contains(kind) {
                    continue;
                }
                let name = &pieces[kind.index()].name;
                self.error(
                    Diagnostic::error(
                        "E0960",
                        format!("`{name}` never carries tag `{}`", def.name),
                        p.span,
                    )
                    .label("this promotion tags the piece that reaches its zone")
                    .help(format!(
                        "add it to the declaration: `tag {} ({}) for ... | {name}`",
                        def.name, def.mark
                    )),
                );
            }
        }
    }
}
