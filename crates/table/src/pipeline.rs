//! pipeline: the one driver of the stages, parse → check → compile → link → verify.
//!
//! Every entry point that turns rules text into something walkable goes through here:
//! [`crate::compile()`], [`crate::Rules::from_ruleset`] and `piecewise_game::Game::compile`
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

pub use piecewise_lang::limits::{FileAccess, LimitError, Limits};
pub use piecewise_lang::{board_files, check, check_with, parse};

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
    let (linked, link_warnings) = table::link(&program, LinkConfig::from_limits(limits))?;
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
