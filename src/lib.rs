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
#![forbid(unsafe_code)]

pub use rules::Rules;

pub mod ast;
pub mod check;
pub mod compile;
pub mod diagnostics;
pub mod ids;
pub mod ir;
pub mod path_tree;
pub mod position;
pub mod rules;
pub mod syntax;
pub mod table;
pub mod topology;
pub mod walk;
