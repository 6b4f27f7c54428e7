//! The `batch` fuzz target: the check in `fuzz/checks/batch.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/batch/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/batch.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
