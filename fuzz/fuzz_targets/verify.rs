//! The `verify` fuzz target: the check in `fuzz/checks/verify.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/verify/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/verify.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
