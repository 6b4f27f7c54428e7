//! The canonical layout of a `.rules` file (`piecewise fmt`).
//!
//! The formatter is conservative: it changes whitespace only, never a word, so the
//! formatted text means what the original meant (tests/suite/fmt.rs compiles every shipped
//! file both ways and compares the tables byte for byte). What it does:
//!
//! - every line is indented by four spaces per open `{`, and one level more when it
//!   continues a declaration or a pattern begun on an earlier line;
//! - the words of a line are separated by one space (words are never joined, and split
//!   only where a declaration or pattern starts: `{step` becomes `{` and `step`);
//! - each top-level declaration starts on a line of its own, and so does each pattern
//!   of a piece whose body spans several lines (a one-line body stays on one line);
//! - trailing comments on consecutive lines are aligned two columns after the longest
//!   code of those lines; comment text is kept as written (trailing spaces removed);
//! - runs of blank lines become one, blank lines at the start and end go, the file ends
//!   with one newline, and line ends are `\n`.
//!
//! A file that does not parse is not formatted: [`format()`] returns its syntax errors.
//! Formatting is idempotent: `format(format(s)) == format(s)`.
//!
//! ```
//! let source = "board  square 8x8   royal King\npiece King (K)   {\n step any\n  }\n\n\n";
//! let formatted = piecewise_lang::format::format(source).unwrap();
//! assert_eq!(formatted, "board square 8x8\nroyal King\npiece King (K) {\n    step any\n}\n");
//! assert_eq!(piecewise_lang::format::format(&formatted).unwrap(), formatted);
//! ```

use crate::ast;
use crate::diagnostics::Diagnostics;
use std::collections::{BTreeSet, HashMap};

/// The indentation of one level.
const INDENT: &str = "    ";

/// `source` in the canonical layout, or its syntax errors when it does not parse.
pub fn format(source: &str) -> Result<String, Diagnostics> {
    let file = crate::syntax::parse(source)?;
    let units = units(&file);
    let breaks = breaks(&file, source);
    let lines = lex(source, &breaks);
    Ok(layout(&lines, &units))
}

/// Whether `source` is already in the canonical layout (`Err`: it does not parse).
pub fn is_formatted(source: &str) -> Result<bool, Diagnostics> {
    Ok(format(source)? == source)
}

/// A word: a run of text without whitespace (a quoted string counts as one word with
/// the text around it), with the byte offset it starts at.
#[derive(Debug)]
struct Word<'a> {
    start: usize,
    text: &'a str,
}

/// One line of the source, after the breaks the layout adds.
#[derive(Debug, Default)]
struct Line<'a> {
    words: Vec<Word<'a>>,
    /// The comment ending the line, from `#`, trailing whitespace removed.
    comment: Option<&'a str>,
}

/// The spans whose continuation lines are indented one more level: the top-level
/// declarations and the patterns of piece bodies.
fn units(file: &ast::File) -> Vec<ast::Span> {
    let mut units = Vec::new();
    for item in &file.items {
        units.push(item.span());
        if let ast::Item::Piece(piece) = item {
            units.extend(piece.patterns.iter().map(ast::PatternItem::span));
        }
    }
    units
}

/// The offsets at which a new line must start: each declaration, and each pattern (and
/// the closing brace) of a piece body written over several lines.
fn breaks(file: &ast::File, source: &str) -> BTreeSet<usize> {
    let mut breaks = BTreeSet::new();
    for item in &file.items {
        breaks.insert(item.span().start as usize);
        let ast::Item::Piece(piece) = item else {
            continue;
        };
        let body = piece.body_span.range();
        if !source[body.clone()].contains('\n') {
            continue;
        }
        for pattern in &piece.patterns {
            breaks.insert(pattern.span().start as usize);
        }
        if body.end > body.start && source[..body.end].ends_with('}') {
            breaks.insert(body.end - 1);
        }
    }
    breaks
}

/// The source cut into lines of words and comments; a line is also cut before a word
/// that starts at one of `breaks`.
fn lex<'a>(source: &'a str, breaks: &BTreeSet<usize>) -> Vec<Line<'a>> {
    let bytes = source.as_bytes();
    let mut lines = Vec::new();
    let mut line = Line::default();
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        if c == b'\n' {
            lines.push(std::mem::take(&mut line));
            at += 1;
        } else if c == b' ' || c == b'\t' || c == b'\r' {
            at += 1;
        } else if c == b'#' {
            let end = source[at..].find('\n').map_or(source.len(), |n| at + n);
            line.comment = Some(source[at..end].trim_end());
            at = end;
        } else {
            let start = at;
            let mut quoted = false;
            while at < bytes.len() {
                let c = bytes[at];
                let cut = at > start && breaks.contains(&at);
                if c == b'\n' || (!quoted && (cut || matches!(c, b' ' | b'\t' | b'\r' | b'#'))) {
                    break;
                }
                if c == b'"' {
                    quoted = !quoted;
                }
                at += 1;
            }
            if breaks.contains(&start) && !line.words.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line.words.push(Word {
                start,
                text: &source[start..at],
            });
        }
    }
    lines.push(line);
    lines
}

/// The braces a word opens (positive) or closes (negative), outside quotes.
fn brace_balance(word: &str) -> i64 {
    let mut quoted = false;
    let mut balance = 0;
    for c in word.chars() {
        match c {
            '"' => quoted = !quoted,
            '{' if !quoted => balance += 1,
            '}' if !quoted => balance -= 1,
            _ => {}
        }
    }
    balance
}

/// The lines laid out: indentation, single spaces, aligned comments, blank lines.
fn layout(lines: &[Line], units: &[ast::Span]) -> String {
    // The brace depth before each word.
    let mut depth_at: HashMap<usize, i64> = HashMap::new();
    let mut depth = 0i64;
    for word in lines.iter().flat_map(|l| &l.words) {
        depth_at.insert(word.start, depth);
        depth = (depth + brace_balance(word.text)).max(0);
    }
    let mut out: Vec<(String, Option<&str>)> = Vec::new();
    let mut depth = 0i64;
    for line in lines {
        let Some(first) = line.words.first() else {
            out.push((String::new(), line.comment));
            continue;
        };
        let closes = first.text.starts_with('}');
        let mut level = depth - i64::from(closes);
        if !closes && continues(first.start, units, &depth_at) {
            level += 1;
        }
        let mut code = INDENT.repeat(level.max(0) as usize);
        for (i, word) in line.words.iter().enumerate() {
            if i > 0 {
                code.push(' ');
            }
            code.push_str(word.text);
            depth = (depth + brace_balance(word.text)).max(0);
        }
        out.push((code, line.comment));
    }
    // Comment-only lines take the indentation of the code that follows them.
    let mut next_indent = 0;
    let mut indents = vec![0; out.len()];
    for (i, (code, _)) in out.iter().enumerate().rev() {
        if !code.is_empty() {
            next_indent = code.len() - code.trim_start().len();
        }
        indents[i] = next_indent;
    }
    let mut text: Vec<String> = Vec::with_capacity(out.len());
    let mut i = 0;
    while i < out.len() {
        let (code, comment) = &out[i];
        match comment {
            None => text.push(code.clone()),
            Some(comment) if code.is_empty() => {
                text.push(format!("{}{comment}", " ".repeat(indents[i])));
            }
            Some(_) => {
                // A run of lines with code and a comment: comments aligned.
                let mut end = i;
                while end < out.len() && !out[end].0.is_empty() && out[end].1.is_some() {
                    end += 1;
                }
                let width = out[i..end]
                    .iter()
                    .map(|(code, _)| code.chars().count())
                    .max()
                    .unwrap_or(0);
                for (code, comment) in &out[i..end] {
                    let pad = width + 2 - code.chars().count();
                    text.push(format!(
                        "{code}{}{}",
                        " ".repeat(pad),
                        comment.unwrap_or("")
                    ));
                }
                i = end;
                continue;
            }
        }
        i += 1;
    }
    let mut result = String::new();
    let mut blank = false;
    for line in text {
        if line.is_empty() {
            blank = !result.is_empty();
            continue;
        }
        if blank {
            result.push('\n');
            blank = false;
        }
        result.push_str(&line);
        result.push('\n');
    }
    result
}

/// Whether the line whose first word starts at `at` continues a declaration or a
/// pattern begun on an earlier line (at the same brace depth).
fn continues(at: usize, units: &[ast::Span], depth_at: &HashMap<usize, i64>) -> bool {
    let inner = units
        .iter()
        .filter(|u| (u.start as usize) < at && at < u.end as usize)
        .min_by_key(|u| u.end - u.start);
    let Some(unit) = inner else {
        return false;
    };
    depth_at.get(&(unit.start as usize)) == depth_at.get(&at)
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn declarations_split_and_indented() {
        let source = "game \"A  b\" board square 8x8\n\tpiece K (K) {step any\n  leap (1,2) }";
        assert_eq!(
            format(source).unwrap(),
            "game \"A  b\"\nboard square 8x8\npiece K (K) {\n    step any\n    leap (1,2)\n}\n"
        );
    }

    #[test]
    fn continuation_lines_and_comments() {
        let source = "board square 8x8\npromotion P to Q\n| R in z   # promote\nzone z = rank 8 # last\n\n\n# Pieces\npiece P (P) { step forward }\npiece Q (Q) { ride any }\npiece R (R) {\nride orthogonal then repeat {\nride same\n}, move only\n}\n";
        let formatted = format(source).unwrap();
        assert_eq!(
            formatted,
            "board square 8x8\npromotion P to Q\n    | R in z     # promote\nzone z = rank 8  # last\n\n# Pieces\npiece P (P) { step forward }\npiece Q (Q) { ride any }\npiece R (R) {\n    ride orthogonal then repeat {\n        ride same\n    }, move only\n}\n"
        );
        assert_eq!(format(&formatted).unwrap(), formatted);
    }

    #[test]
    fn broken_text_is_not_formatted() {
        assert!(format("piece K (K) { step any").is_err());
    }
}
