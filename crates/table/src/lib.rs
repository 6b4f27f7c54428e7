//! piecewise-table: move tables and the interpreter that walks them.
//!
//! The checked rules of `piecewise-lang` are compiled into a topology-independent
//! program ([`compile`](mod@compile)), linked to a board into one flat move table and
//! verified ([`table`]: the verifier is the only gate from bytes to the interpreter),
//! then walked ([`walk`]) over an occupancy view into a [`walk::Sink`]: a
//! [`path_tree::PathTree`], a move list, a counter. The reverse tables for attack
//! queries and the kernels of the simplest pieces are built here too. [`pipeline`] runs
//! the stages in order; [`Rules`] keeps their results together for walking pieces
//! without a game (no checks, castling or hands: that is `piecewise-game`).
//!
//! ```
//! use piecewise_table::compile;
//!
//! // A Xiangqi horse: a step, then a diagonal step outward, blocked at the first cell.
//! let rules = compile("board square 9x10\npiece Horse (H) { step orthogonal then step turn ±45 }").unwrap();
//! let d5 = rules.cell("d5").unwrap();
//! let free = rules.position("9/9/9/9/9/3H5/9/9/9/9 w").unwrap();
//! assert_eq!(rules.moves_from(&free, d5).len(), 8);
//! // A piece beside it on d6 blocks the two moves that pass through d6.
//! let blocked = rules.position("9/9/9/9/3h5/3H5/9/9/9/9 w").unwrap();
//! assert_eq!(rules.moves_from(&blocked, d5).len(), 6);
//!
//! // The same walk as a path tree: every path with what it meets on the way.
//! let tree = rules.path_tree(&blocked, d5).expect("a piece on d5");
//! let text = tree.to_text(rules.table().table());
//! assert!(text.contains("d6"), "{text}");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod compile;
pub mod path_tree;
pub mod pipeline;
pub mod position;
mod rules;
pub mod table;
pub mod walk;

pub use rules::Rules;

// The language layer's modules, under the names the stages here use for them.
use piecewise_lang::{diagnostics, ids, ir, topology};

use diagnostics::Diagnostics;

/// Parses, checks, compiles, links and verifies a rules file.
///
/// On success the [`Rules`] carry the file's warnings; on failure the diagnostics hold
/// every error found (and the warnings).
///
/// # Examples
///
/// ```
/// let rules = piecewise_table::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
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
