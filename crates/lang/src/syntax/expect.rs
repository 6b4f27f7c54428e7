//! expect: what the grammar accepts at a point of a text, for completion. The text up
//! to the point (without the word being typed) is parsed with a character no rule
//! accepts after it; the rules pest tried there are the ones that could come next.
//!
//! Knows pest's errors and the grammar's rules ([`super::suggest::spellings`] turns
//! rules into keywords); not how an editor shows them.

use super::parse::{Rule, RulesParser, R};
use super::suggest::spellings;
use pest::error::{ErrorVariant, InputLocation};
use pest::Parser;

/// What may come at a point of a text: [`crate::complete::expected`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// Keywords and keyword phrases, in the order the grammar tries them, without
    /// repeats.
    pub keywords: Vec<&'static str>,
    /// Whether a name (a piece, zone or tag) may come.
    pub name: bool,
    /// Whether a direction (a word, a vector or a turn) may come.
    pub direction: bool,
}

/// No rule accepts this character (it is no whitespace, and only a piece's letter or a
/// tag's mark, where nothing is completed, would take it).
const SENTINEL: char = '\u{1}';

/// The rules pest tried at the end of `prefix`, if `prefix` parses up to its end.
fn attempt(prefix: &str) -> Option<Vec<Rule>> {
    let text = format!("{prefix}{SENTINEL}");
    let Err(e) = RulesParser::parse(Rule::file, &text) else {
        return None;
    };
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if pos != prefix.len() {
        return None;
    }
    match e.variant {
        ErrorVariant::ParsingError { positives, .. } => Some(positives),
        ErrorVariant::CustomError { .. } => None,
    }
}

/// What may come at byte `offset` of `source` (the start of the word the offset is in
/// or after). `None` when the text before it does not parse, from the file's start nor
/// from the last line that starts a declaration.
pub(crate) fn expected_at(source: &str, offset: usize) -> Option<Expected> {
    let mut at = offset.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let before = &source[..at];
    let word_start = before
        .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        .len();
    let prefix = &source[..word_start];
    // After a comment's `#` on this line nothing is completed.
    let line_start = prefix.rfind('\n').map_or(0, |i| i + 1);
    if prefix[line_start..].contains('#') {
        return None;
    }
    let rules = attempt(prefix).or_else(|| {
        let restart = prefix
            .match_indices('\n')
            .map(|(i, _)| i + 1)
            .rfind(|&i| super::starts_declaration(prefix[i..].trim_start()))?;
        attempt(&prefix[restart..])
    })?;
    let mut expected = Expected::default();
    for rule in rules {
        match rule {
            R::ident
            | R::piece_list
            | R::kinds
            | R::decl_kinds
            | R::choice_list
            | R::castling_move => expected.name = true,
            R::dirs | R::dir | R::dir_word | R::vector_dir | R::turn_dir => {
                expected.direction = true;
            }
            _ => {}
        }
        for word in spellings(rule) {
            if !expected.keywords.contains(word) {
                expected.keywords.push(word);
            }
        }
    }
    Some(expected)
}
