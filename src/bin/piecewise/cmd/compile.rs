//! `piecewise compile`: compiles a rules file and writes its move table as a table
//! file (the bytes `disasm` reads back). The file is compiled with its game
//! declarations, as `check` compiles it, so that what `check` refuses (a start position
//! that cannot be read, say) `compile` refuses too.

use crate::failure::Outcome;
use crate::input::load_checked_rules;
use crate::output::outln;
use crate::output::write_file;
use piecewise::table;
use std::path::Path;

/// Compiles `file` and writes its table to `output`.
pub fn run(file: &Path, output: &Path, color: bool) -> Outcome {
    let rules = load_checked_rules(file, color)?;
    let t = rules.table().table();
    let bytes = table::to_bytes(t);
    write_file(output, &bytes)?;
    outln!(
        "wrote {} ({} bytes, {} nodes)",
        output.display(),
        bytes.len(),
        t.nodes.len()
    );
    Ok(())
}
