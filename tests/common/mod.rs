//! Helpers shared by the integration tests (`mod common;` in each). A test crate uses
//! only some of them, so the rest would warn as dead code there.
#![allow(dead_code)]

pub mod cli;
