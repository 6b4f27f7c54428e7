//! The `betza` fuzz target: the check in `fuzz/checks/betza.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/betza/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/betza.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
