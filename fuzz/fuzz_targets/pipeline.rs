//! The `pipeline` fuzz target: the check in `fuzz/checks/pipeline.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/pipeline/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/pipeline.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
