//! The `parse` check: any text — parsing succeeds or returns diagnostics, and rendering
//! them works. Shared by the fuzz target and `tests/suite/fuzz_regressions.rs`.

/// Runs one input. `Err` carries the rendered diagnostics of a rejected input.
pub fn run(data: &[u8]) -> Result<(), String> {
    let Ok(src) = std::str::from_utf8(data) else {
        return Err("not UTF-8".into());
    };
    match piecewise::pipeline::parse(src) {
        Ok(()) => Ok(()),
        Err(d) => Err(d.render("fuzz.rules", src, false)),
    }
}
