//! The `text_board` fuzz target: the check in `fuzz/checks/text_board.rs` (shared with
//! `tests/suite/fuzz_regressions.rs`, which replays `fuzz/regressions/text_board/`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks/text_board.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let _ = check::run(data);
});
