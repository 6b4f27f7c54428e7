//! output: how commands write what they produce: lines to standard output in one
//! write, a file (or `-` for standard output), and the batch loop that answers
//! standard input line by line. What the lines say is each command's business.

use crate::failure::{failed_if, Failure, Outcome};
use std::io::Write;
use std::path::Path;

/// Prints `lines` to standard output, one per line, in one write.
/// Writes to standard output; when its reader has gone (a pipe closed early, as
/// `piecewise moves ... | head` does) the process ends quietly with status 0 instead
/// of panicking, and any other write error ends it with status 1 and a message.
pub fn write_out(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `print!` through [`write_out`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write_out(format_args!($($arg)*)) };
}

/// `println!` through [`write_out`].
macro_rules! outln {
    () => { $crate::output::write_out(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use {out, outln};

pub fn print_lines(lines: impl IntoIterator<Item = String>) {
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    out!("{out}");
}

/// Writes `contents` to the file `path`; an error names the file.
pub fn write_file(path: &Path, contents: impl AsRef<[u8]>) -> Outcome {
    std::fs::write(path, contents)
        .map_err(|e| Failure::output(format_args!("cannot write {}: {e}", path.display())))
}

/// Writes `text` to the file `path`, or to standard output if `path` is `-`.
pub fn write_text(path: &Path, text: &str) -> Outcome {
    if path == Path::new("-") {
        out!("{text}");
        return Ok(());
    }
    write_file(path, text)
}

/// Answers standard input line by line with `answer`: every input line gets exactly one
/// output line, in order. An `Err` (and a line that is not UTF-8) is printed as
/// `error: ...` and makes the command exit 1 after the last line.
pub fn batch(mut answer: impl FnMut(&str) -> Result<String, String>) -> Outcome {
    use std::io::BufRead;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| Failure::input(format_args!("cannot read standard input: {e}")))?;
        if read == 0 {
            break;
        }
        number += 1;
        // Every input line gets exactly one output line, a bad one included.
        let text = match std::str::from_utf8(&bytes) {
            Ok(line) => answer(line.trim()),
            Err(e) => Err(format!(
                "line {number} is not UTF-8 (invalid byte at column {})",
                e.valid_up_to() + 1
            )),
        }
        .unwrap_or_else(|e| {
            failed = true;
            format!("error: {e}")
        });
        let _ = writeln!(out, "{text}");
    }
    let _ = out.flush();
    failed_if(failed, Failure::Input)
}
