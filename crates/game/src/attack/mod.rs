//! attack: "could `by` capture a piece standing on this cell?" without generating the
//! opponent's moves, the layer below move generation and legality.
//!
//! - [`query`]: the queries over the reverse tables ([`attacked_in`] and its marking
//!   forms) and their scratch ([`AttackScratch`]);
//! - [`forward`]: the pieces answered by walking them forward, and their scratch;
//! - [`marks`]: the cells a query looked at, for the quick legality test;
//! - [`royals`]: the questions about the royal pieces (capturable, facing).
//!
//! Order inside: marks, forward, query, royals. The board view with one cell
//! overridden that the queries walk on is the position's (`position::Override`).

pub(crate) mod forward;
pub(crate) mod marks;
pub(crate) mod query;
pub(crate) mod royals;

pub(crate) use query::{attacked_in, AttackScratch, Reads};
