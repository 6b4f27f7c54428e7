//! pipeline: the one driver of the stages, parse → check → compile → link → verify.
//!
//! Every entry point that turns rules text into something walkable goes through here:
//! [`crate::compile()`], [`crate::Rules::from_ruleset`] and [`crate::Game::compile`]
//! are thin calls into [`check`], [`build`] and [`compile`]; tools that want one stage
//! at a time (a syntax check, the checked rule set) call [`parse`] or [`check`]. This module owns the order of the stages and how their diagnostics are
//! merged (link warnings the checker already gave are dropped; on failure the errors
//! come with the checker's warnings, sorted by position). It owns no stage itself, and
//! nothing of the game layer: [`compile`] takes a hook that may adjust the checked rule
//! set before it is compiled (the game layer cuts Sokoban boards to a level's size).

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::ids::Span;
use crate::ir::RuleSet;
use crate::rules::Rules;
use crate::table::{self, LinkConfig};
use std::path::Path;

/// The first stage alone: whether `source` parses. `Err` holds every syntax error.
pub fn parse(source: &str) -> Result<(), Diagnostics> {
    crate::syntax::parse(source).map(|_| ())
}

/// How far the stages may expand a rules file: checked up front, before the work is
/// done, so that a hostile file is answered in milliseconds with the figure it would
/// reach and the limit, instead of running out of time or memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest rules text, in bytes (E0008): parsing keeps every token, so a text
    /// of many megabytes would take seconds and gigabytes before any other limit.
    pub source_bytes: usize,
    /// The most patterns one piece may have once its `like` inclusions are inlined
    /// (E0307). Each `like` copies every pattern of the piece it names, so a chain of
    /// pieces that each include the previous one twice doubles at every step.
    pub patterns_per_piece: usize,
    /// The most nodes of the linked move table (E0801). A pattern whose own expansion
    /// alone would pass it is refused before linking, from a count that costs
    /// milliseconds; otherwise linking stops when the table reaches it.
    pub table_nodes: usize,
    /// The most cells on one path of a move, the start cell excluded (E0802); at most
    /// [`Limits::MAX_PATH_CELLS`], what the table format can say.
    pub path_cells: usize,
    /// The most pieces one move may capture in passing (E0953); at most
    /// [`Limits::MAX_CAPTURES_IN_PASSING`], what a game move can carry.
    pub captures_in_passing: usize,
    /// The most cells an `en passant` move may open to capture (E0954); at most
    /// [`Limits::MAX_EN_PASSANT_CELLS`], what a position can carry.
    pub en_passant_cells: usize,
    /// The most time linking may take, in milliseconds (E0803; 0 for none).
    pub link_ms: u64,
    /// Not a limit but where one is avoided: a pattern of more legs than one whose
    /// unrolled trees would take more table nodes than this (both sides, every start
    /// cell) is linked as shared continuations, one block per (leg, cell, heading)
    /// state (docs/bytecode.md), and so is one whose count has no bound (a `repeat` until
    /// blocked that can go round); 0 shares every such pattern, `usize::MAX` none.
    pub shared_above: usize,
    /// Not a limit either: on a square board of more cells than this, a shared
    /// pattern whose paths hold at most half as many cells as the board has, and that
    /// has no `to` zone, is linked as **relative** continuations: blocks that hold a
    /// direction instead of a cell and serve every cell (docs/bytecode.md); so is every
    /// single-leg pattern that could be shared and fits `path_cells`. 0 links every
    /// such pattern relative whatever the board (tests), `usize::MAX` none.
    pub relative_above: usize,
    /// The most plies of one move when activations cascade (W0906 when a cascade may
    /// be longer); at most [`Limits::MAX_CASCADE_PLIES`], what a game move can carry.
    /// Longer cascades are not generated.
    pub cascade_plies: usize,
}

/// A limit named by [`Limits::set`] that does not exist, or a value that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitError {
    /// No limit has this name; the names are [`Limits::NAMES`].
    UnknownName(String),
    /// The value is not a whole number.
    BadValue {
        /// The limit's name.
        name: String,
        /// The text given.
        value: String,
    },
    /// The text has no `=` between a name and a value.
    NoValue(String),
}

impl std::fmt::Display for LimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitError::UnknownName(name) => write!(
                f,
                "no limit is called `{name}`; the limits are {}",
                Limits::NAMES.join(", ")
            ),
            LimitError::BadValue { name, value } => {
                write!(f, "the limit `{name}` takes a whole number, not `{value}`")
            }
            LimitError::NoValue(text) => {
                write!(
                    f,
                    "`{text}` is not NAME=VALUE (for example `table-nodes=8000000`)"
                )
            }
        }
    }
}

impl std::error::Error for LimitError {}

impl Limits {
    /// The names [`Limits::set`] knows, in the order of the fields.
    pub const NAMES: [&'static str; 10] = [
        "source-bytes",
        "patterns-per-piece",
        "table-nodes",
        "path-cells",
        "captures-in-passing",
        "en-passant-cells",
        "link-ms",
        "shared-above",
        "cascade-plies",
        "relative-above",
    ];

    /// Sets the limit called `name` (one of [`Limits::NAMES`]) to `value`.
    pub fn set(&mut self, name: &str, value: u64) -> Result<(), LimitError> {
        let size = usize::try_from(value).unwrap_or(usize::MAX);
        match name {
            "source-bytes" => self.source_bytes = size,
            "patterns-per-piece" => self.patterns_per_piece = size,
            "table-nodes" => self.table_nodes = size,
            "path-cells" => self.path_cells = size,
            "captures-in-passing" => self.captures_in_passing = size,
            "en-passant-cells" => self.en_passant_cells = size,
            "link-ms" => self.link_ms = value,
            "shared-above" => self.shared_above = size,
            "cascade-plies" => self.cascade_plies = size,
            "relative-above" => self.relative_above = size,
            _ => return Err(LimitError::UnknownName(name.to_string())),
        }
        Ok(())
    }

    /// Reads and applies a `NAME=VALUE` setting (the command line's `--limit`).
    pub fn apply(&mut self, setting: &str) -> Result<(), LimitError> {
        let Some((name, value)) = setting.split_once('=') else {
            return Err(LimitError::NoValue(setting.to_string()));
        };
        let (name, value) = (name.trim(), value.trim());
        if !Limits::NAMES.contains(&name) {
            return Err(LimitError::UnknownName(name.to_string()));
        }
        let number = value
            .replace('_', "")
            .parse::<u64>()
            .map_err(|_| LimitError::BadValue {
                name: name.to_string(),
                value: value.to_string(),
            })?;
        self.set(name, number)
    }

    /// The longest path the table format can hold (its depth is one byte).
    pub const MAX_PATH_CELLS: usize = crate::table::MAX_DEPTH;
    /// The most captures in passing a game move can carry.
    pub const MAX_CAPTURES_IN_PASSING: usize = crate::game::MAX_PASSING;
    /// The most en passant cells a position can carry.
    pub const MAX_EN_PASSANT_CELLS: usize = crate::game::MAX_EP_CELLS;
    /// The most plies one move can carry when activations cascade.
    pub const MAX_CASCADE_PLIES: usize = crate::game::MAX_CASCADE + 1;

    /// The linker's share of these limits (the fixed maxima applied).
    pub fn link_config(&self) -> LinkConfig {
        LinkConfig {
            max_nodes: self.table_nodes,
            max_path: self.path_cells.min(Limits::MAX_PATH_CELLS),
            max_passing: self
                .captures_in_passing
                .min(Limits::MAX_CAPTURES_IN_PASSING),
            max_ep_cells: self.en_passant_cells.min(Limits::MAX_EN_PASSANT_CELLS),
            max_ms: self.link_ms,
            shared_above: self.shared_above,
            relative_above: self.relative_above,
        }
    }
}

impl Default for Limits {
    /// 1 MiB of text (the largest shipped file is 3 KB), 4,096 patterns per piece
    /// (the largest shipped piece has 18, a fairy catalogue piece a few dozen),
    /// 4,194,304 table nodes (48 MiB), the fixed maxima for paths, captures in passing
    /// and en passant cells and cascades, and 10 seconds of linking.
    fn default() -> Limits {
        Limits {
            source_bytes: 1 << 20,
            patterns_per_piece: 4096,
            table_nodes: 1 << 22,
            path_cells: Limits::MAX_PATH_CELLS,
            captures_in_passing: Limits::MAX_CAPTURES_IN_PASSING,
            en_passant_cells: Limits::MAX_EN_PASSANT_CELLS,
            link_ms: 10_000,
            shared_above: 1 << 16,
            cascade_plies: Limits::MAX_CASCADE_PLIES,
            relative_above: 255,
        }
    }
}

/// Parses and checks a source text read from a file in directory `base` (where graph
/// board files are looked up; the current directory if `None`).
///
/// Returns the rule set iff there is no error, with every diagnostic found (errors and
/// warnings), sorted by position.
pub fn check(source: &str, base: Option<&Path>) -> (Option<RuleSet>, Diagnostics) {
    check_with(source, base, &Limits::default())
}

/// [`check`] with `limits` instead of the default ones.
pub fn check_with(
    source: &str,
    base: Option<&Path>,
    limits: &Limits,
) -> (Option<RuleSet>, Diagnostics) {
    if source.len() > limits.source_bytes {
        let mut diags = Diagnostics::new();
        diags.push(
            Diagnostic::error(
                "E0008",
                format!(
                    "the rules text is {} bytes; the limit is {} bytes",
                    source.len(),
                    limits.source_bytes
                ),
                Span::new(0, 0),
            )
            .help("a rules file this large is generated, not written: split it, or raise `pipeline::Limits::source_bytes`"),
        );
        return (None, diags);
    }
    match crate::syntax::parse(source) {
        Ok(file) => crate::check::check_at(&file, base, limits),
        Err(diags) => (None, diags),
    }
}

/// Compiles, links and verifies a checked rule set. `warnings` (the checker's) are
/// kept with the result, joined by link's own warnings except those that repeat a
/// checker W0002 on the same span. On failure, only the errors of these stages.
pub fn build(rule_set: &RuleSet, warnings: Diagnostics) -> Result<Rules, Diagnostics> {
    build_with(rule_set, warnings, &Limits::default())
}

/// [`build`] with `limits` instead of the default ones.
pub fn build_with(
    rule_set: &RuleSet,
    warnings: Diagnostics,
    limits: &Limits,
) -> Result<Rules, Diagnostics> {
    let program = crate::compile::compile(rule_set);
    let (linked, link_warnings) = table::link(&program, limits.link_config())?;
    let warnings = merge_link_warnings(warnings, link_warnings);
    // Where each walk starts, to name the piece and cell a walk limit is about.
    let roots: Vec<(u32, u16)> = linked.roots.iter().map(|r| (r.first, r.count)).collect();
    let cells = linked.board.cell_count();
    let board = linked.board.clone();
    let table = table::verify(linked).map_err(|e| {
        let mut d = Diagnostics::new();
        if let table::VerifyErrorKind::WalkTooLong { root, visits } = e.kind() {
            let at = roots
                .iter()
                .position(|&(first, count)| count > 0 && first as usize == *root)
                .unwrap_or(0);
            let piece = (at / cells) % rule_set.pieces.len().max(1);
            let cell = crate::ids::CellId((at % cells) as u16);
            let span = rule_set.pieces.get(piece).map_or(Span::default(), |p| p.span);
            let name = rule_set.pieces.get(piece).map_or("?", |p| p.name.as_str());
            d.push(
                Diagnostic::error(
                    "E0804",
                    format!(
                        "a walk of {name} from {} could visit {} table nodes; the limit is {}",
                        board.cell_name(cell),
                        if *visits == u64::MAX {
                            "more than 10^19".to_string()
                        } else {
                            visits.to_string()
                        },
                        table::MAX_WALK
                    ),
                    span,
                )
                .label("its paths are too many to walk")
                .help("bound the `repeat` groups (`repeat up to N`) and the rides of its multi-leg patterns"),
            );
            return d;
        }
        d.push(Diagnostic::error(
            "E0899",
            format!("internal error: the linked table failed verification: {e}"),
            Span::default(),
        ));
        d
    })?;
    Ok(Rules::from_parts(program, table, warnings))
}

/// The checker's warnings plus link's, sorted by position. The checker's W0002
/// already says a pattern is dead; link's warning on the same span is not said twice.
fn merge_link_warnings(mut warnings: Diagnostics, link_warnings: Diagnostics) -> Diagnostics {
    for w in link_warnings {
        let known = warnings
            .iter()
            .any(|d| d.code == "W0002" && d.primary.span == w.primary.span);
        if !known {
            warnings.push(w);
        }
    }
    warnings.sort();
    warnings
}

/// What [`compile`] produces: the checked rule set (after the hook adjusted it) and the
/// rules compiled from it.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The checked rule set, as the hook left it; its game declarations are what the
    /// game layer resolves.
    pub rule_set: RuleSet,
    /// The compiled, linked and verified rules, with the file's warnings.
    pub rules: Rules,
}

/// Runs every stage on a source text read from directory `base`: [`check`], then
/// `adjust` on the checked rule set, then [`build`].
///
/// On failure the diagnostics hold every error of the first stage that failed; when
/// that is [`build`], the checker's warnings are added and all are sorted by position.
pub fn compile(
    source: &str,
    base: Option<&Path>,
    adjust: impl FnOnce(&mut RuleSet),
) -> Result<Compiled, Diagnostics> {
    compile_with(source, base, &Limits::default(), adjust)
}

/// [`compile`] with `limits` instead of the default ones.
pub fn compile_with(
    source: &str,
    base: Option<&Path>,
    limits: &Limits,
    adjust: impl FnOnce(&mut RuleSet),
) -> Result<Compiled, Diagnostics> {
    let (checked, diags) = check_with(source, base, limits);
    let mut rule_set = match checked {
        Some(rule_set) if !diags.has_errors() => rule_set,
        _ => return Err(diags),
    };
    adjust(&mut rule_set);
    match build_with(&rule_set, diags.clone(), limits) {
        Ok(rules) => Ok(Compiled { rule_set, rules }),
        Err(mut errors) => {
            errors.extend(diags);
            errors.sort();
            Err(errors)
        }
    }
}
