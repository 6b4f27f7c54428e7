//! Any text: parsing returns an AST or diagnostics, and rendering them works.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Err(d) = piecewise::syntax::parse(src) {
            let _ = d.render("fuzz.rules", src, false);
        }
    }
});
