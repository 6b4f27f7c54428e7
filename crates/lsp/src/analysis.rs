//! What an editor asks about a `.rules` text, answered in byte offsets and plain
//! values, without the protocol: the language server (`server`) converts them
//! to LSP's positions and types, the playground to JSON.

use piecewise::diagnostics::Diagnostics;
use piecewise::ids::{PieceId, Span};
use piecewise::outline::{self, NameKind, Outline, Symbol, SymbolKind};
use piecewise::walk::Occupant;
use piecewise::Rules;
use piecewise_lang::complete::{self, DIRECTION_WORDS, JUMP_WORDS};
use std::path::Path;

/// The largest text the analyses other than [`diagnostics`] read (the checker's own
/// limit, which [`diagnostics`] reports as E0008); past it they answer nothing.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// Every diagnostic the checker gives for `source` (a file in directory `base`): the
/// rules' and the game declarations', errors and warnings, sorted by position. The
/// compiled movement rules too when there is no error.
pub fn check(source: &str, base: Option<&Path>) -> (Diagnostics, Option<Rules>) {
    let limits = piecewise::pipeline::Limits::default();
    match piecewise::Game::check_limited(source, base, &limits) {
        Ok(rules) => (rules.warnings().clone(), Some(rules)),
        Err(diags) => (diags, None),
    }
}

/// The checker's diagnostics of `source` ([`check`] without the rules).
pub fn diagnostics(source: &str, base: Option<&Path>) -> Diagnostics {
    check(source, base).0
}

/// What hover shows: Markdown, and the span of the word it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    /// The text, as Markdown.
    pub markdown: String,
    /// The word hovered.
    pub span: Span,
}

/// The outline of `source`, `None` if it is too large or does not parse.
fn outline_of(source: &str) -> Option<Outline> {
    if source.len() > MAX_TEXT_BYTES {
        return None;
    }
    outline::outline(source).ok()
}

/// The word (letters, digits, `_`, `-`) around byte `offset`.
fn word_at(source: &str, offset: usize) -> Option<(&str, Span)> {
    let offset = offset.min(source.len());
    if !source.is_char_boundary(offset) {
        return None;
    }
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let start = source[..offset].trim_end_matches(is_word).len();
    let end = offset + source[offset..].len() - source[offset..].trim_start_matches(is_word).len();
    (start < end).then(|| (&source[start..end], Span::new(start, end)))
}

/// Hover at byte `offset`: on a piece's name, the piece (its patterns with `like`
/// expanded, its Betza when it has one, its move count from the centre of an empty
/// board); on a keyword, its entry in the language reference. `rules`: the compiled
/// rules of `source` if it has no error (from [`check`]; compiled here when `None`).
pub fn hover(
    source: &str,
    offset: usize,
    base: Option<&Path>,
    rules: Option<&Rules>,
) -> Option<Hover> {
    if source.len() > MAX_TEXT_BYTES {
        return None;
    }
    let in_comment = {
        let at = offset.min(source.len());
        let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        source.get(line_start..at).is_some_and(|l| l.contains('#'))
    };
    if in_comment {
        return None;
    }
    let (word, span) = word_at(source, offset)?;
    if let Some(outline) = outline_of(source) {
        if let Some(name) = outline.name_at(offset) {
            let markdown = match name.kind {
                NameKind::Piece => piece_hover(source, &outline, &name.name, base, rules)?,
                NameKind::Zone => {
                    let zone = outline
                        .symbols
                        .iter()
                        .find(|s| s.kind == SymbolKind::Zone && s.name == name.name)?;
                    format!("zone **{}** = `{}`", zone.name, zone.detail)
                }
                NameKind::Tag => {
                    let tag = outline
                        .symbols
                        .iter()
                        .find(|s| s.kind == SymbolKind::Tag && s.name == name.name)?;
                    format!("tag **{}** {}", tag.name, tag.detail)
                }
            };
            return Some(Hover {
                markdown,
                span: name.span,
            });
        }
    }
    // A declared name in a text that does not parse is no keyword.
    if declared(source).iter().any(|(_, name)| name == word) {
        return None;
    }
    let markdown = crate::reference::entry(word)?;
    Some(Hover { markdown, span })
}

/// A piece's patterns with `like` expanded (a piece met again on the way is named,
/// not expanded: that is E0305).
fn resolved(outline: &Outline, piece: &str, added: &str, seen: &mut Vec<String>) -> Vec<String> {
    let Some(symbol) = outline.piece(piece) else {
        return vec![format!("like {piece}{added}  # no such piece")];
    };
    if seen.iter().any(|s| s == piece) {
        return vec![format!("like {piece}{added}  # includes itself")];
    }
    seen.push(piece.to_string());
    let mut out = Vec::new();
    for pattern in &symbol.children {
        let text = pattern.name.as_str();
        match text.strip_prefix("like ") {
            Some(rest) => {
                let (other, mods) = match rest.find(',') {
                    Some(i) => (rest[..i].trim(), &rest[i..]),
                    None => (rest.trim(), ""),
                };
                out.extend(resolved(outline, other, &format!("{mods}{added}"), seen));
            }
            None => out.push(format!("{text}{added}")),
        }
    }
    seen.pop();
    out
}

/// The hover text of piece `name`.
fn piece_hover(
    source: &str,
    outline: &Outline,
    name: &str,
    base: Option<&Path>,
    rules: Option<&Rules>,
) -> Option<String> {
    let symbol = outline.piece(name)?;
    let patterns = resolved(outline, name, "", &mut Vec::new());
    let mut text = format!("piece **{name}** {}\n\n```rules\n", symbol.detail);
    for p in &patterns {
        text.push_str(p);
        text.push('\n');
    }
    text.push_str("```\n");
    let (rule_set, _) = piecewise_lang::check(source, base);
    let Some(rule_set) = rule_set else {
        text.push_str("\nThe file has errors: no Betza or move count.");
        return Some(text);
    };
    let id = rule_set.pieces.iter().position(|p| p.name == name)?;
    let id = PieceId(id as u8);
    match piecewise::betza::export_piece(&rule_set, id) {
        Ok(betza) => text.push_str(&format!("\nBetza: `{betza}`\n")),
        Err(e) => text.push_str(&format!("\nNo Betza: {e}\n")),
    }
    let compiled;
    let rules = match rules {
        Some(rules) => rules,
        None => {
            compiled = piecewise::compile_at(source, base).ok()?;
            &compiled
        }
    };
    if let Some((cell, count)) = centre_moves(rules, id) {
        text.push_str(&format!(
            "\n{} from {cell} on an empty board",
            piecewise::diagnostics::plural(count, "move")
        ));
    }
    Some(text)
}

/// The cell nearest the board's centre, and how many moves piece `id` of the first
/// side has from it on an otherwise empty board.
pub fn centre_moves(rules: &Rules, id: PieceId) -> Option<(String, usize)> {
    let board = rules.board();
    let cells: Vec<_> = board.cells().collect();
    if cells.is_empty() {
        return None;
    }
    let n = cells.len() as f64;
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(x, y), &c| {
        let (cx, cy) = board.center(c);
        (x + cx, y + cy)
    });
    let (mx, my) = (sx / n, sy / n);
    let centre = cells.iter().copied().min_by(|&a, &b| {
        let d = |c| {
            let (x, y) = board.center(c);
            (x - mx).powi(2) + (y - my).powi(2)
        };
        d(a).total_cmp(&d(b))
    })?;
    let mut position = piecewise::position::Position::empty(board);
    position.cells[centre.index()] = Occupant::piece(piecewise::ids::Side::First, id);
    Some((
        rules.cell_name(centre),
        rules.moves_from(&position, centre).len(),
    ))
}

/// Go to definition at byte `offset`: the declared name of the piece, zone or tag named
/// there.
pub fn definition(source: &str, offset: usize) -> Option<Span> {
    outline_of(source)?.definition_at(offset)
}

/// What a completion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// A keyword or keyword phrase.
    Keyword,
    /// A declared piece.
    Piece,
    /// A declared zone.
    Zone,
    /// A declared tag.
    Tag,
    /// A direction word.
    Direction,
}

/// One completion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The text to insert.
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
}

/// The names declared in `source`'s declarations that parse, line by line: a file
/// being edited rarely parses whole.
fn declared(source: &str) -> Vec<(NameKind, String)> {
    if let Some(outline) = outline_of(source) {
        return outline
            .definitions
            .iter()
            .map(|d| (d.kind, d.name.clone()))
            .collect();
    }
    let mut names = Vec::new();
    for line in source.lines() {
        let mut words = line.split_whitespace();
        let kind = match words.next() {
            Some("piece") => NameKind::Piece,
            Some("zone") => NameKind::Zone,
            Some("tag") => NameKind::Tag,
            _ => continue,
        };
        let mut name = words.next();
        if kind == NameKind::Zone && name == Some("absolute") {
            name = words.next();
        }
        if let Some(name) = name {
            let name: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && !names.contains(&(kind, name.clone())) {
                names.push((kind, name));
            }
        }
    }
    names
}

/// Completion at byte `offset`: the keywords the grammar accepts there, and where a
/// name may come, the declared names of the kind the word before asks for (zones after
/// `from`, `to`, `in`; tags after `tagged`, `sets`, `keeps`, `tag`; pieces elsewhere),
/// and direction words where a direction may come.
pub fn completion(source: &str, offset: usize) -> Vec<Completion> {
    if source.len() > MAX_TEXT_BYTES {
        return Vec::new();
    }
    let Some(expected) = complete::expected(source, offset) else {
        return Vec::new();
    };
    let mut out: Vec<Completion> = expected
        .keywords
        .iter()
        .map(|k| Completion {
            label: (*k).to_string(),
            kind: CompletionKind::Keyword,
        })
        .collect();
    if expected.name {
        let offset = offset.min(source.len());
        let mut at = offset;
        while !source.is_char_boundary(at) {
            at -= 1;
        }
        let before = source[..at].trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        let previous = before
            .trim_end_matches(|c: char| c.is_whitespace() || c == '|')
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        let kind = match previous {
            "from" | "to" | "in" => NameKind::Zone,
            "tagged" | "sets" | "keeps" => NameKind::Tag,
            _ => NameKind::Piece,
        };
        // `to` in `promotion P to Q` and `confine P to Z`: pieces after a promotion's.
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let kind = if previous == "to" && before[line_start..].trim_start().starts_with("promotion")
        {
            NameKind::Piece
        } else {
            kind
        };
        for (k, name) in declared(source) {
            if k == kind && !out.iter().any(|c| c.label == name) {
                out.push(Completion {
                    label: name,
                    kind: match k {
                        NameKind::Piece => CompletionKind::Piece,
                        NameKind::Zone => CompletionKind::Zone,
                        NameKind::Tag => CompletionKind::Tag,
                    },
                });
            }
        }
    }
    if expected.direction {
        out.extend(
            DIRECTION_WORDS
                .iter()
                .chain(&JUMP_WORDS)
                .map(|w| Completion {
                    label: (*w).to_string(),
                    kind: CompletionKind::Direction,
                }),
        );
    }
    out
}

/// The document symbols of `source` (none if it does not parse).
pub fn symbols(source: &str) -> Vec<Symbol> {
    outline_of(source).map(|o| o.symbols).unwrap_or_default()
}

/// `source` in the canonical layout (`piecewise fmt`); `None` if it does not parse or
/// is too large.
pub fn format(source: &str) -> Option<String> {
    if source.len() > MAX_TEXT_BYTES {
        return None;
    }
    piecewise::format::format(source).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "board square 8x8\nzone far = rank 8\npiece Rook (R) { ride orthogonal }\npiece Knight (N) { leap (1,2) }\npiece Marshal (M) {\n    like Rook\n    like Knight, move only\n}\n";

    #[test]
    fn hover_on_a_piece_resolves_likes() {
        let at = SOURCE.rfind("Knight").unwrap();
        let h = hover(SOURCE, at + 1, None, None).unwrap();
        assert_eq!(&SOURCE[h.span.range()], "Knight");
        assert!(h.markdown.contains("leap (1,2)"), "{}", h.markdown);
        assert!(h.markdown.contains("Betza: `N`"), "{}", h.markdown);
        assert!(h.markdown.contains("8 moves from"), "{}", h.markdown);
        let at = SOURCE.find("Marshal").unwrap();
        let h = hover(SOURCE, at, None, None).unwrap();
        assert!(
            h.markdown
                .contains("ride orthogonal\nleap (1,2), move only\n"),
            "{}",
            h.markdown
        );
        // d4 or e5, whichever is the centre: 14 rook moves and 8 knight moves.
        assert!(h.markdown.contains("22 moves from"), "{}", h.markdown);
    }

    #[test]
    fn hover_on_a_keyword_shows_its_entry() {
        let at = SOURCE.find("zone").unwrap();
        let h = hover(SOURCE, at, None, None).unwrap();
        assert!(
            h.markdown.contains("zone [absolute] NAME = CELLS"),
            "{}",
            h.markdown
        );
    }

    #[test]
    fn completion_names_by_context() {
        let text = "board square 8x8\nzone far = rank 8\npiece Rook (R) { ride orthogonal, to ";
        let c = completion(text, text.len());
        assert!(
            c.iter()
                .any(|c| c.label == "far" && c.kind == CompletionKind::Zone),
            "{c:?}"
        );
        assert!(!c.iter().any(|c| c.label == "Rook"));
        let text = "board square 8x8\npiece Rook (R) { ride orthogonal }\npiece Q (Q) { like ";
        let c = completion(text, text.len());
        assert!(
            c.iter()
                .any(|c| c.label == "Rook" && c.kind == CompletionKind::Piece),
            "{c:?}"
        );
        let text = "board square 8x8\npiece Q (Q) { ride ";
        let c = completion(text, text.len());
        assert!(c.iter().any(|c| c.label == "orthogonal"), "{c:?}");
    }
}
