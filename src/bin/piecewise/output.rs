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

/// The longest input line a batch answers (1 MiB): a longer one is answered with an
/// `error:` line, and read on to its end without being kept.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads one line of `input` (its `\n` included) into `line`, keeping at most `max`
/// bytes of it: the rest of a longer line is read and dropped, so memory stays bounded
/// whatever the input (`/dev/zero` never ends a line). Returns the bytes the line had
/// (0 at the end of the input) and calls `overlong` once, as soon as a line passes
/// `max`, so that its answer need not wait for a line end that may never come.
fn read_capped_line(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
    max: usize,
    mut overlong: impl FnMut(),
) -> std::io::Result<usize> {
    let mut total = 0usize;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(total);
        }
        let (chunk, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..n.min(room)]);
        let was_over = total > max;
        total = total.saturating_add(n);
        if !was_over && total > max {
            overlong();
        }
        input.consume(n);
        if ends {
            return Ok(total);
        }
    }
}

/// Answers standard input line by line with `answer`: every input line gets exactly one
/// output line, in order. An `Err` (and a line that is not UTF-8, or longer than
/// [`MAX_LINE_BYTES`]) is printed as `error: ...` and makes the command exit 1 after
/// the last line.
pub fn batch(mut answer: impl FnMut(&str) -> Result<String, String>) -> Outcome {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        let mut too_long = false;
        let read = read_capped_line(&mut input, &mut bytes, MAX_LINE_BYTES + 1, || {
            // Answered at once (the line may never end), in its place: every line
            // before it has been answered already.
            too_long = true;
            let _ = writeln!(
                out,
                "error: line {} is longer than {MAX_LINE_BYTES} bytes (the limit of a batch line)",
                number + 1
            );
            let _ = out.flush();
        })
        .map_err(|e| Failure::input(format_args!("cannot read standard input: {e}")))?;
        if read == 0 {
            break;
        }
        number += 1;
        if too_long {
            failed = true;
            continue;
        }
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

#[cfg(test)]
mod tests {
    use super::read_capped_line;

    #[test]
    fn a_long_line_is_cut_and_the_next_is_read_whole() {
        let mut input = std::io::Cursor::new(b"abcdefgh\nxy\n".to_vec());
        let mut line = Vec::new();
        let mut over = 0;
        let n = read_capped_line(&mut input, &mut line, 4, || over += 1).expect("reads");
        assert_eq!((n, line.as_slice(), over), (9, &b"abcd"[..], 1));
        line.clear();
        let n = read_capped_line(&mut input, &mut line, 4, || over += 1).expect("reads");
        assert_eq!((n, line.as_slice(), over), (3, &b"xy\n"[..], 1));
    }
}
