//! The `repeat` fuzz target: the check in `fuzz/checks/repeat.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/repeat/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/repeat.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
