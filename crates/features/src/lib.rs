//! No code: this crate only asks for one feature set of the third-party crates that
//! every piecewise build shares (Cargo.toml says which and why), so that `cargo run`,
//! `cargo test` and the Python module's build compile each of them, and the library
//! stack above them, once.
#![no_std]
