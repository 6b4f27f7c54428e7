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
//! assert_eq!(perft.perft(&mut pos, 3), Ok(8_902));
//!
//! // The movement core alone: one piece walked over a board.
//! let rules = piecewise::compile("board square 8x8\npiece Knight (N) { leap (1,2) }").unwrap();
//! let pos = rules.position("8/8/8/8/3N4/8/8/8 w").unwrap();
//! assert_eq!(rules.moves_from(&pos, rules.cell("d4").unwrap()).len(), 8);
//! ```
//!
//! An engine depends on this crate alone and gets no server, command line or async
//! runtime:
//!
//! ```toml
//! [dependencies]
//! piecewise = { path = "../piecewise/crates/piecewise" }   # this repository, checked out beside
//! ```
//!
//! It is the facade over the layers, each a crate that depends only on those below it
//! (`docs/architecture.md` draws them):
//!
//! 1. `piecewise-lang` ([`diagnostics`], [`ids`], [`ir`], [`limits`], [`topology`]):
//!    `.rules` text parsed (pest, `grammar/piecewise.pest`), checked and resolved into
//!    the [`ir`], every error a [`diagnostics::Diagnostic`] with its span;
//! 2. `piecewise-table` ([`compile`](mod@compile), [`table`], [`walk`],
//!    [`path_tree`], [`position`], [`pipeline`]): the IR lowered into a
//!    topology-independent [`compile::MoveProgram`], linked to a [`topology::Board`]
//!    into a flat move table, verified (the only gate from bytes to the interpreter),
//!    and walked over an occupancy view ([`walk::Occupancy`]: an engine's own board
//!    works) into a [`walk::Sink`] (a [`path_tree::PathTree`], a move list, a counter);
//!    the reverse tables attack queries walk;
//! 3. `piecewise-game` ([`game`]): positions played by the rules (legal moves,
//!    make/unmake, perft, distance maps kept through make/unmake, game ends).
//!
//! Beside them, in this crate: [`picture`] draws boards and movement diagrams as SVG,
//! [`betza`] and [`fsf`] read Betza notation and Fairy-Stockfish's variants.ini into
//! `.rules` text (and write pieces back as Betza). The `piecewise` command line (crate
//! `piecewise-cli`) and the playground (crate `piecewise-serve`) use only this public
//! surface.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use piecewise_game::{DistanceMap, DistanceMaps, Game};
pub use piecewise_table::{compile, compile_at, Rules};

// The layers, re-exported under the paths the library has always had.
pub use piecewise_game as game;
pub use piecewise_lang::{diagnostics, format, ids, ir, limits, outline, topology};
pub use piecewise_table::{path_tree, pipeline, position, table, walk};

pub mod betza;
pub mod catalogue;
pub mod fsf;
pub mod picture;

/// The README's Rust snippets, compiled and run as doctests (so the first thing an
/// embedder copies works).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The library guide's Rust snippets (docs/library.md), run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct LibraryGuideDoctests;
