//! The `serve` fuzz target: the check in `fuzz/checks/serve.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/serve/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/serve.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
