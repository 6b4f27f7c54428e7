//! Diagnostics: the error and warning values every front-end stage produces, and their
//! rendering. This is the only module that imports `codespan-reporting`.
//!
//! Stages build [`Diagnostic`]s with a code, a message, a primary span and label,
//! optional secondary labels and a help line, collect them all (they never stop at the
//! first), and hand back [`Diagnostics`]. Rendering to text the way rustc shows errors
//! (file:line:col, underlined span, labels, help) happens only here.

use crate::ids::Span;
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor};

/// A count and a noun, the noun plural unless the count is 1: `plural(1, "error")` is
/// `"1 error"`, `plural(3, "rank")` is `"3 ranks"`, `plural(2, "ply")` is `"2 plies"`.
/// For every message that counts.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        return format!("1 {word}");
    }
    let consonant_y = word.len() > 1
        && word.ends_with('y')
        && !word[..word.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        format!("{n} {}ies", &word[..word.len() - 1])
    } else {
        format!("{n} {word}s")
    }
}

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Something probably unintended; the rules still compile.
    Warning,
    /// The rules cannot be compiled.
    Error,
}

/// A span with the text shown under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The source range.
    pub span: Span,
    /// The text shown under it (may be empty).
    pub message: String,
}

/// One error or warning about a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code such as `E0201` (errors) or `W0001` (warnings); listed in
    /// docs/language.md.
    pub code: &'static str,
    /// The headline: what is wrong.
    pub message: String,
    /// Where it is wrong.
    pub primary: Label,
    /// Adds a secondary label.
    pub secondary: Vec<Label>,
    /// Sets the help line.
    pub help: Option<String>,
    /// Further notes, one per line.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error with code `code` at `span`.
    pub fn error(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            primary: Label {
                span,
                message: String::new(),
            },
            secondary: Vec::new(),
            help: None,
            notes: Vec::new(),
        }
    }

    /// A warning with code `code` at `span`.
    pub fn warning(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message, span)
        }
    }

    /// The text under the primary span.
    pub fn label(mut self, message: impl Into<String>) -> Diagnostic {
        self.primary.message = message.into();
        self
    }

    /// Adds a secondary label.
    pub fn secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Sets the help line.
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds a note.
    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Whether it is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The line and column of byte `offset` of `source`, both from 1, the column in
/// characters: the place rendered diagnostics show (`file:line:column`). An offset
/// inside a character counts as that character; one past the end as the end.
///
/// ```
/// use piecewise_lang::diagnostics::line_column;
/// assert_eq!(line_column("ab\ncé d", 7), (2, 4));
/// ```
pub fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let mut at = offset.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[start..].chars().count() + 1;
    (line as u32, column as u32)
}

/// All diagnostics of one file, in source order of their primary spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Diagnostics {
        Diagnostics(Vec::new())
    }

    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Adds all of `other`.
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// Whether any is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// How many errors.
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }

    /// How many warnings.
    pub fn warning_count(&self) -> usize {
        self.0.len() - self.error_count()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The diagnostics, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Sorts by position (stable, so diagnostics at one span keep their order).
    pub fn sort(&mut self) {
        self.0
            .sort_by_key(|d| (d.primary.span.start, d.primary.span.end));
    }

    /// Renders the diagnostics the way rustc does, with or without ANSI colour: the
    /// first [`SHOWN_PER_CODE`] of each code in full, then one line per code saying how
    /// many more there are (so that a file with thousands of repeated patterns gets a
    /// report of a few kilobytes, not one that grows with the square of its size).
    pub fn render(&self, file_name: &str, source: &str, color: bool) -> String {
        self.render_limited(file_name, source, color, SHOWN_PER_CODE)
    }

    /// [`Diagnostics::render`] showing at most `per_code` diagnostics of each code in
    /// full (`usize::MAX`: all of them).
    pub fn render_limited(
        &self,
        file_name: &str,
        source: &str,
        color: bool,
        per_code: usize,
    ) -> String {
        let file = SimpleFile::new(file_name, source);
        let config = term::Config::default();
        let mut out: Vec<u8> = Vec::new();
        let mut shown: Vec<(&'static str, Severity, usize)> = Vec::new();
        for d in &self.0 {
            let seen = match shown.iter_mut().find(|(code, ..)| *code == d.code) {
                Some(entry) => {
                    entry.2 += 1;
                    entry.2
                }
                None => {
                    shown.push((d.code, d.severity, 1));
                    1
                }
            };
            if seen > per_code {
                continue;
            }
            // A label on a very long line: render against an excerpt of that line.
            let shortened = shorten(source, d);
            let (source, d) = match &shortened {
                Some((text, short)) => (text.as_str(), short),
                None => (source, d),
            };
            let file = SimpleFile::new(file_name, source);
            let diag = to_codespan(d, source.len());
            emit(&mut out, color, &config, &file, &diag, || {
                // A span outside the file: fall back to a plain line rather than fail.
                format!("{}[{}]: {}\n", severity_word(d.severity), d.code, d.message)
            });
        }
        for &(code, severity, count) in &shown {
            if count > per_code {
                let more = count - per_code;
                let word = severity_word(severity);
                let message = format!("{} not shown", plural(more, &format!("more {code} {word}")));
                let base = match severity {
                    Severity::Error => cs::Diagnostic::error(),
                    Severity::Warning => cs::Diagnostic::warning(),
                };
                let diag = base.with_code(code).with_message(&message);
                emit(&mut out, color, &config, &file, &diag, || {
                    format!("{word}[{code}]: {message}\n")
                });
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// How many diagnostics of one code [`Diagnostics::render`] shows in full.
pub const SHOWN_PER_CODE: usize = 10;

/// Source lines longer than this (in bytes) are shown as excerpts around the labels.
const LONG_LINE: usize = 400;

/// Bytes kept on either side of a label's start and end on a long line.
const CONTEXT: usize = 60;

/// For a diagnostic with a label on a line longer than [`LONG_LINE`]: the source with
/// each such line cut to windows around the labels (the rest replaced by `…`, line
/// breaks kept, so line numbers stay right) and the diagnostic with its spans moved
/// accordingly. `None` when no label is on a long line.
fn shorten(source: &str, d: &Diagnostic) -> Option<(String, Diagnostic)> {
    let spans: Vec<Span> = std::iter::once(d.primary.span)
        .chain(d.secondary.iter().map(|l| l.span))
        .collect();
    let line_of = |at: usize| {
        let at = at.min(source.len());
        let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = source[at..].find('\n').map_or(source.len(), |i| at + i);
        (start, end)
    };
    let boundary = |mut at: usize| {
        while at < source.len() && !source.is_char_boundary(at) {
            at += 1;
        }
        at.min(source.len())
    };
    // Byte ranges to keep on long lines, then the cuts between them.
    let mut keep: Vec<(usize, usize, usize, usize)> = Vec::new(); // (line start, line end, from, to)
    for span in &spans {
        for at in [span.start as usize, span.end as usize] {
            let (start, end) = line_of(at);
            if end - start > LONG_LINE {
                let from = boundary(at.saturating_sub(CONTEXT).max(start));
                let to = boundary((at + CONTEXT).min(end));
                keep.push((start, end, from, to));
            }
        }
    }
    if keep.is_empty() {
        return None;
    }
    keep.sort_unstable();
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut at = None::<(usize, usize)>; // (line start, position kept up to)
    for &(start, end, from, to) in &keep {
        match at {
            Some((line, upto)) if line == start => {
                if from > upto {
                    cuts.push((upto, from));
                }
                at = Some((line, upto.max(to)));
            }
            _ => {
                if let Some((line, upto)) = at {
                    let (_, line_end) = line_of(line);
                    if upto < line_end {
                        cuts.push((upto, line_end));
                    }
                }
                if from > start {
                    cuts.push((start, from));
                }
                at = Some((start, to));
            }
        }
        let _ = end;
    }
    if let Some((line, upto)) = at {
        let (_, line_end) = line_of(line);
        if upto < line_end {
            cuts.push((upto, line_end));
        }
    }
    const MARK: &str = "…";
    let mut text = String::with_capacity(source.len().min(1 << 16));
    let mut last = 0;
    for &(from, to) in &cuts {
        text.push_str(&source[last..from]);
        text.push_str(MARK);
        last = to;
    }
    text.push_str(&source[last..]);
    let moved = |offset: u32| -> usize {
        let offset = offset as usize;
        let mut shift = 0isize;
        for &(from, to) in &cuts {
            if offset >= to {
                shift += MARK.len() as isize - (to - from) as isize;
            } else if offset > from {
                return (from as isize + shift) as usize;
            }
        }
        (offset as isize + shift) as usize
    };
    let mut short = d.clone();
    let (line_start, _) = line_of(d.primary.span.start as usize);
    let line = source[..line_start].matches('\n').count() + 1;
    let column = source[line_start..(d.primary.span.start as usize).min(source.len())]
        .chars()
        .count()
        + 1;
    short.notes.push(format!(
        "line {line} is long: shown around the labels (`…` stands for the rest); this label is at column {column} of the file"
    ));
    short.primary.span = Span::new(moved(d.primary.span.start), moved(d.primary.span.end));
    for label in &mut short.secondary {
        label.span = Span::new(moved(label.span.start), moved(label.span.end));
    }
    Some((text, short))
}

/// Renders one codespan diagnostic into `out`, or `fallback()` if codespan cannot.
fn emit(
    out: &mut Vec<u8>,
    color: bool,
    config: &term::Config,
    file: &SimpleFile<&str, &str>,
    diag: &cs::Diagnostic<()>,
    fallback: impl FnOnce() -> String,
) {
    let result = if color {
        let mut w = termcolor::Ansi::new(&mut *out);
        term::emit_to_write_style(&mut w, config, file, diag)
    } else {
        let mut w = termcolor::NoColor::new(&mut *out);
        term::emit_to_write_style(&mut w, config, file, diag)
    };
    if result.is_err() {
        out.extend_from_slice(fallback().as_bytes());
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn clamp(span: Span, len: usize) -> std::ops::Range<usize> {
    let start = (span.start as usize).min(len);
    let end = (span.end as usize).clamp(start, len);
    start..end
}

fn to_codespan(d: &Diagnostic, len: usize) -> cs::Diagnostic<()> {
    let base = match d.severity {
        Severity::Error => cs::Diagnostic::error(),
        Severity::Warning => cs::Diagnostic::warning(),
    };
    let mut labels =
        vec![cs::Label::primary((), clamp(d.primary.span, len)).with_message(&d.primary.message)];
    for s in &d.secondary {
        labels.push(cs::Label::secondary((), clamp(s.span, len)).with_message(&s.message));
    }
    let mut notes: Vec<String> = d.notes.clone();
    if let Some(h) = &d.help {
        notes.push(format!("help: {h}"));
    }
    base.with_code(d.code)
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(notes)
}

/// A one-line summary, for callers that only want to know what went wrong (a `main`
/// returning `Box<dyn Error>`): the counts and the first error (or warning) with its
/// code. [`Diagnostics::render`] gives the full report with file, line and column.
impl std::fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (errors, warnings) = (self.error_count(), self.warning_count());
        write!(
            f,
            "{}, {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        )?;
        let first = self.0.iter().find(|d| d.is_error()).or(self.0.first());
        if let Some(d) = first {
            let kind = if d.is_error() { "error" } else { "warning" };
            write!(
                f,
                "; first: {kind}[{}] at bytes {}..{}: {}",
                d.code, d.primary.span.start, d.primary.span.end, d.message
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "error"), "1 error");
        assert_eq!(plural(0, "error"), "0 errors");
        assert_eq!(plural(2, "rank"), "2 ranks");
        assert_eq!(plural(1, "ply"), "1 ply");
        assert_eq!(plural(4, "ply"), "4 plies");
        assert_eq!(plural(3, "key"), "3 keys");
    }

    use super::*;

    #[test]
    fn line_column_counts_from_one_in_characters() {
        assert_eq!(line_column("ab\ncé d", 0), (1, 1));
        assert_eq!(line_column("ab\ncé d", 3), (2, 1));
        assert_eq!(line_column("ab\ncé d", 7), (2, 4));
        assert_eq!(line_column("ab\ncé d", 5), (2, 2)); // inside `é`
        assert_eq!(line_column("ab", 99), (1, 3));
    }

    #[test]
    fn a_failed_check_is_a_std_error_with_a_summary() {
        fn run() -> Result<(), Box<dyn std::error::Error>> {
            let (_, diags) = crate::check(
                "board square 8x8\npiece Knight (N) { leap (1,2) }\npiece K (N) { step any }",
                None,
            );
            if diags.has_errors() {
                return Err(diags.into());
            }
            Ok(())
        }
        let e = run().expect_err("two pieces with one letter");
        let text = e.to_string();
        assert!(
            text.starts_with("1 error, 0 warnings; first: error[E"),
            "{text}"
        );
        let none = Diagnostics::new();
        assert_eq!(none.to_string(), "0 errors, 0 warnings");
    }
}
