//! piecewise: a declarative language for how game pieces move, a compiler that turns a
//! `.rules` file into a flat move table, and an interpreter that walks the table over a
//! board.
//!
//! ```
//! // A whole game: rules text in, legal moves and perft counts out.
//! let source = std::fs::read_to_string("rules/chess.rules").unwrap();
//! let game = piecewise::Game::compile(&source).unwrap();
//! let mut pos = game.start_position().unwrap();
//! assert_eq!(game.legal_moves(&pos).len(), 20);
//! let mut perft = piecewise::game::Perft::new(&game);
//! assert_eq!(perft.perft(&mut pos, 3), 8_902);
//!
//! // The movement core alone: one piece walked over a board.
//! let rules = piecewise::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
//! let pos = rules.position("8/8/8/8/3N4/8/8/8 w").unwrap();
//! assert_eq!(rules.moves_from(&pos, rules.cell("d4").unwrap()).len(), 8);
//! ```
//!
//! The pipeline ([`pipeline`] drives it; `docs/architecture.md` draws it):
//!
//! 1. `syntax` parses `.rules` text (pest, `grammar/piecewise.pest`) into an AST;
//! 2. `check` resolves names and expands directions into the [`ir`], reporting every
//!    error as a [`diagnostics::Diagnostic`] with its span;
//! 3. [`compile`](mod@compile) lowers the IR into a topology-independent
//!    [`compile::MoveProgram`];
//! 4. [`table`] links the program to a [`topology::Board`] into a flat move table and
//!    verifies it (the only gate from bytes to the interpreter), and builds the reverse
//!    tables attack queries walk;
//! 5. [`walk`] runs the table over an occupancy view ([`walk::Occupancy`]: an engine's
//!    own board works) and reports to a [`walk::Sink`] (a [`path_tree::PathTree`], a
//!    move list, a counter).
//!
//! Consumers: [`game`] plays positions by the rules (legal moves, make/unmake, perft,
//! distance maps kept through make/unmake),
//! [`picture`] draws boards and movement diagrams as SVG, [`betza`] and [`fsf`] read
//! Betza notation and Fairy-Stockfish's variants.ini into `.rules` text (and write
//! pieces back as Betza), and the `piecewise` command line (`src/bin/piecewise`) uses
//! only this public surface; so does [`serve`] (the browser playground behind
//! `piecewise serve`, cargo feature `serve`, on by default).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use piecewise_game::{DistanceMap, DistanceMaps, Game};
pub use piecewise_table::{compile, compile_at, Rules};

// The layers, re-exported under the paths the library has always had.
pub use piecewise_game as game;
pub use piecewise_lang::{diagnostics, ids, ir, limits, topology};
pub use piecewise_table::{path_tree, pipeline, position, table, walk};

pub mod betza;
pub mod fsf;
pub mod picture;

/// The README's Rust snippets, compiled and run as doctests (so the first thing an
/// embedder copies works).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
