//! The `parse` fuzz target: the check in `fuzz/checks/parse.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/parse/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/parse.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
