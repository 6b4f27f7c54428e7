//! braces: where a body was left open, or closed too early, found in the text itself by
//! counting braces outside comments and strings (the parser only knows where it
//! stopped, often a line or more after the `{` that was never closed).
//!
//! Reads source text only; [`super::messages`] words what it finds.

/// Whether only whitespace and comments follow `pos`.
pub(super) fn only_trivia_after(source: &str, pos: usize) -> bool {
    let Some(rest) = source.get(pos..) else {
        return true;
    };
    rest.lines().all(|l| {
        let t = l.trim_start();
        t.is_empty() || t.starts_with('#')
    })
}

/// The byte offset of the last `{` that is not closed before `pos` (ignoring comments
/// and strings).
pub(super) fn unclosed_brace(source: &str, pos: usize) -> Option<usize> {
    let mut stack = Vec::new();
    let mut in_comment = false;
    let mut in_string = false;
    for (i, c) in source.char_indices() {
        if i >= pos {
            break;
        }
        match c {
            '\n' => {
                in_comment = false;
                in_string = false;
            }
            _ if in_comment => {}
            '"' => in_string = !in_string,
            _ if in_string => {}
            '#' => in_comment = true,
            '{' => stack.push(i),
            '}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.pop()
}

/// The position just after the last code (not whitespace, not a comment) before `pos`,
/// and its 1-based line.
pub(super) fn code_end_before(source: &str, pos: usize) -> (usize, usize) {
    let mut end = 0;
    let mut offset = 0;
    for line in source[..pos].split_inclusive('\n') {
        let code = strip_comment(line).trim_end();
        if !code.is_empty() {
            end = offset + code.len();
        }
        offset += line.len();
    }
    let line = source[..end].matches('\n').count() + 1;
    (end, line)
}

/// A line without its comment (a `#` outside a string starts one).
pub(super) fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
    }
    line
}

/// What a `{` opens, from the code before it: "piece `Knight`", or "`repeat`".
pub(super) fn brace_owner(source: &str, open: usize) -> String {
    let line_start = source[..open].rfind('\n').map_or(0, |i| i + 1);
    let before = strip_comment(&source[line_start..open]);
    let words: Vec<&str> = before
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    match words.iter().position(|&w| w == "piece") {
        Some(i) if i + 1 < words.len() => format!("piece `{}`", words[i + 1]),
        _ if words.contains(&"repeat") => "`repeat`".to_string(),
        _ => "a block".to_string(),
    }
}

/// Whether the word at `start` begins a line and starts a declaration.
pub(super) fn declaration_at_line_start(source: &str, start: usize) -> bool {
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    source[line_start..start].trim().is_empty()
        && super::starts_declaration(source.get(start..).unwrap_or(""))
}

/// The byte offset of the last `}` before `pos` (outside comments and strings).
pub(super) fn last_close_brace(source: &str, pos: usize) -> Option<usize> {
    let mut offset = 0;
    let mut last = None;
    for line in source[..pos].split_inclusive('\n') {
        let code = strip_comment(line);
        let mut in_string = false;
        for (i, c) in code.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '}' if !in_string => last = Some(offset + i),
                _ => {}
            }
        }
        offset += line.len();
    }
    last
}

/// Whether a piece declaration's head (`piece Name (`) starts at `pos`.
pub(super) fn piece_header_at(source: &str, pos: usize) -> bool {
    let Some(rest) = source.get(pos..).and_then(|r| r.strip_prefix("piece")) else {
        return false;
    };
    if !rest.starts_with(char::is_whitespace) {
        return false;
    }
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_len > 0 && rest[name_len..].trim_start().starts_with('(')
}
