//! piecewise: a declarative language for how game pieces move.
//!
//! The pipeline, one module per stage:
//!
//! 1. [`syntax`] parses `.rules` text (pest, `grammar/piecewise.pest`) into an [`ast`];
//! 2. [`check`] resolves names and expands directions into the [`ir`];
//! 3. [`compile`] lowers the IR into a topology-independent [`compile::MoveProgram`];
//! 4. [`table`] links the program to a [`topology::Board`] into a flat move table and
//!    verifies it (the only gate from bytes to the interpreter);
//! 5. [`walk`] runs the table over an occupancy view and reports to a [`walk::Sink`]
//!    (a [`path_tree::PathTree`], a move list, a counter).
//!
//! Around them: [`game`] plays positions by the rules, and [`picture`] draws boards
//! and movement diagrams as SVG (`piecewise show`, docs/diagrams.md).
#![forbid(unsafe_code)]

pub use game::Game;
pub use rules::Rules;

pub mod ast;
pub mod check;
pub mod compile;
pub mod diagnostics;
pub mod game;
pub mod ids;
pub mod ir;
pub mod path_tree;
pub mod picture;
pub mod pipeline;
pub mod position;
pub mod rules;
pub mod syntax;
pub mod table;
pub mod topology;
pub mod walk;

use diagnostics::Diagnostics;

/// Parses, checks, compiles, links and verifies a rules file.
///
/// On success the [`Rules`] carry the file's warnings; on failure the diagnostics hold
/// every error found (and the warnings).
///
/// # Examples
///
/// ```
/// let rules = piecewise::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
/// let pos = rules.position("8/8/8/8/3N4/8/8/8 w").unwrap();
/// let moves = rules.moves_from(&pos, rules.cell("d4").unwrap());
/// assert_eq!(moves.len(), 8);
/// let corner = rules.position("8/8/8/8/8/8/8/N7 w").unwrap();
/// assert_eq!(rules.moves_from(&corner, rules.cell("a1").unwrap()).len(), 2);
/// ```
pub fn compile(source: &str) -> Result<Rules, Diagnostics> {
    compile_at(source, None)
}

/// [`compile()`] for a rules file read from directory `base`: file names in it (graph
/// board files) are relative to `base` instead of the current directory.
pub fn compile_at(source: &str, base: Option<&std::path::Path>) -> Result<Rules, Diagnostics> {
    pipeline::compile(source, base, |_| {}).map(|compiled| compiled.rules)
}
