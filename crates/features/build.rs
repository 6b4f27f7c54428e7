//! Empty: Cargo counts build-dependencies (here: the feature sets of syn that every
//! build shares) only for a crate with a build script.
fn main() {}
