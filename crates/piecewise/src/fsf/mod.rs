//! Fairy-Stockfish's variants.ini read into `.rules` files, one per section.
//!
//! `ini` reads the file's sections and resolves inheritance (`[child:parent]`, a
//! `variant = parent` key, or one of Fairy-Stockfish's built-in variants written as
//! keys in `builtins.ini`: chess, giveaway, atomic, kingofthehill, ...); `convert` turns a section's keys into `.rules` text: the board,
//! pieces (`army`: built-in names and `customPieceN` Betza, through [`crate::betza`]), the start
//! position, promotion, castling, en passant, drops and hands, the flying general,
//! stalemate and compulsory capture. A key that cannot be translated is not dropped
//! silently: it comes back as an [`Issue`] naming the section, the line and why, and
//! [`Variant::complete`] says whether there were any. A file that cannot be read at all
//! (a malformed line, an unknown parent, inheritance in a circle) is an [`FsfError`]
//! with its line.

mod army;
mod cambodian;
mod convert;
mod decls;
mod ends;
mod flips;
mod ini;
mod pieces;
mod promotion;
mod rewrite;

// The games of shapes (connect N, blocks, chains) and landing drops.
mod connect;

use std::fmt;

/// Why a variants.ini could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FsfErrorKind {
    /// A line that is neither a section header, `key = value`, a comment nor blank (or
    /// a section header that is not one).
    Malformed(String),
    /// `--variant` named a section the file does not have.
    UnknownVariant(String),
}

/// A variants.ini that cannot be read, with the line (1-based; 0 for the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsfError {
    kind: FsfErrorKind,
    line: usize,
}

impl FsfError {
    pub(crate) fn new(kind: FsfErrorKind, line: usize) -> FsfError {
        FsfError { kind, line }
    }

    /// What went wrong.
    pub fn kind(&self) -> &FsfErrorKind {
        &self.kind
    }

    /// The line it went wrong on (0: the whole file).
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for FsfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            FsfErrorKind::Malformed(why) => write!(f, "{why}"),
            FsfErrorKind::UnknownVariant(v) => write!(f, "no section `[{v}]` in the file"),
        }
    }
}

impl std::error::Error for FsfError {}

/// A key of a section that was not translated (or only partly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// The section the key was written in (a parent's, for an inherited key).
    pub section: String,
    /// Its line (1-based).
    pub line: usize,
    /// The key.
    pub key: String,
    /// Why it was not translated.
    pub why: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: [{}] `{}` not translated: {}",
            self.line, self.section, self.key, self.why
        )
    }
}

/// One section translated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The section's name.
    pub name: String,
    /// The `.rules` text.
    pub rules: String,
    /// The keys that were not translated.
    pub issues: Vec<Issue>,
}

impl Variant {
    /// Whether every key was translated.
    pub fn complete(&self) -> bool {
        self.issues.is_empty()
    }
}

/// Translates every section of a variants.ini (or only `only`), in file order.
///
/// ```
/// let ini = "[mini:chess]\nmaxRank = 6\nmaxFile = 6\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\n";
/// let v = &piecewise::fsf::import(ini, None).unwrap()[0];
/// assert!(v.rules.contains("board square 6x6"));
/// assert!(v.complete());
/// let game = piecewise::Game::compile(&v.rules).unwrap();
/// assert_eq!(game.legal_uci(&game.start_position().unwrap()).len(), 14); // as Fairy-Stockfish counts them
/// ```
pub fn import(text: &str, only: Option<&str>) -> Result<Vec<Variant>, FsfError> {
    let sections = ini::sections(text)?;
    if let Some(v) = only {
        if !sections.iter().any(|s| s.name == v) {
            return Err(FsfError::new(FsfErrorKind::UnknownVariant(v.into()), 0));
        }
    }
    let mut out = Vec::new();
    for s in &sections {
        if only.is_some_and(|v| v != s.name) {
            continue;
        }
        let r = ini::resolve(&sections, &s.name)?;
        let mut v = convert::convert(&s.name, &r.keys, &r.chain);
        if let Some((parent, line, section)) = r.unknown {
            v.issues.insert(
                0,
                Issue {
                    section,
                    line,
                    key: format!(":{parent}"),
                    why: format!(
                        "the parent `{parent}` is neither a section of the file nor a built-in parent piecewise knows ({}); its rules are missing",
                        pieces::builtin_parent_names().join(", ")
                    ),
                },
            );
        }
        if let Err(d) =
            crate::Game::check_limited(&v.rules, None, &crate::pipeline::Limits::default())
        {
            let first = d
                .iter()
                .find(|x| x.is_error())
                .map_or_else(|| d.to_string(), |x| format!("{} {}", x.code, x.message));
            let issue = Issue {
                section: s.name.clone(),
                line: s.line,
                key: format!("[{}]", s.name),
                why: format!("the written file does not compile: {first}"),
            };
            v.issues.push(issue);
        }
        v.rules = convert::with_untranslated(v.rules, &v.issues);
        out.push(v);
    }
    Ok(out)
}
