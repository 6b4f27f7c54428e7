//! diagnostics: [`Diagnostics`] as the playground's JSON — per diagnostic its
//! severity, code, message, label, help and notes, and each span as bytes, as
//! line/column (1-based, columns in characters) and as UTF-16 offsets (what a
//! browser's text field counts), so a page can underline it without re-counting.

use crate::diagnostics::{Diagnostics, Label, Severity};
use serde_json::{json, Value};

/// Where a byte offset falls: (line, column in characters, UTF-16 offset), the
/// offset clamped into the text and back to a character boundary.
fn locate(text: &str, byte: u32) -> (usize, usize, usize) {
    let mut at = (byte as usize).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let col = before[line_start..].chars().count() + 1;
    let utf16 = before.encode_utf16().count();
    (line, col, utf16)
}

fn label_json(label: &Label, text: &str) -> Value {
    let (line, col, u_start) = locate(text, label.span.start);
    let (end_line, end_col, u_end) = locate(text, label.span.end);
    json!({
        "message": label.message,
        "span": { "start": label.span.start, "end": label.span.end },
        "start": { "line": line, "col": col },
        "end": { "line": end_line, "col": end_col },
        "utf16": { "start": u_start, "end": u_end },
    })
}

/// The diagnostics of `text` as a JSON array, in their order.
pub(crate) fn to_json(diags: &Diagnostics, text: &str) -> Value {
    diags
        .iter()
        .map(|d| {
            let mut v = label_json(&d.primary, text);
            if let Value::Object(m) = &mut v {
                let label = m.remove("message").unwrap_or(Value::Null);
                m.insert("label".into(), label);
                m.insert(
                    "severity".into(),
                    match d.severity {
                        Severity::Error => "error",
                        Severity::Warning => "warning",
                    }
                    .into(),
                );
                m.insert("code".into(), d.code.into());
                m.insert("message".into(), d.message.clone().into());
                m.insert("help".into(), d.help.clone().into());
                m.insert("notes".into(), d.notes.clone().into());
                m.insert(
                    "secondary".into(),
                    d.secondary.iter().map(|l| label_json(l, text)).collect(),
                );
            }
            v
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_columns_and_utf16() {
        let text = "ab\nçd😀e\n";
        assert_eq!(locate(text, 0), (1, 1, 0));
        assert_eq!(locate(text, 3), (2, 1, 3));
        // After `ç` (2 bytes) and `d`: column 3, UTF-16 offset 5.
        assert_eq!(locate(text, 6), (2, 3, 5));
        // After the emoji (4 bytes, 2 UTF-16 units): 3 + 1 + 1 + 2 units; inside it, its start.
        assert_eq!(locate(text, 10), (2, 4, 7));
        assert_eq!(locate(text, 8), (2, 3, 5));
        assert_eq!(locate(text, 999), (3, 1, 9));
    }
}
