//! cmd: one module per subcommand, each with a `run` that takes the parsed arguments,
//! does the work through the library's public API and prints the result. Reading
//! input and writing output go through `input` and `output`; errors come back as a
//! [`Failure`](crate::failure::Failure) already printed.

pub mod check;
pub mod compile;
pub mod disasm;
pub mod distance;
pub mod export;
pub mod fmt;
pub mod import;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod result;
#[cfg(feature = "serve")]
pub mod serve;
pub mod show;
pub mod tree;
pub mod variants;
