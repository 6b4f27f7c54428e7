//! The committed header `include/piecewise.h` is what cbindgen generates from the
//! crate's source today (so it can never drift). `UPDATE_HEADER=1 cargo test -p
//! piecewise-capi --test header` rewrites it.

use std::path::Path;

#[test]
fn committed_header_is_generated_from_the_source() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = dir.join("include/piecewise.h");
    if std::env::var_os("UPDATE_HEADER").is_some() {
        std::fs::write(&path, &generated).expect("write the header");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/piecewise.h is stale: run `UPDATE_HEADER=1 cargo test -p piecewise-capi --test header`"
    );
}
