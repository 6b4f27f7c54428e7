//! assist: the editor's help from the language server's functions (`piecewise-lsp`'s
//! `analysis`): `POST /api/complete` (what may be written at the caret) and
//! `POST /api/hover` (a piece, zone, tag or keyword at the caret). Offsets are UTF-16
//! code units, as a browser's text field counts them, both ways.

use super::super::error::{blocking, ApiError, ApiJson};
use super::super::Shared;
use axum::extract::State;
use axum::Json;
use piecewise_lsp::analysis::{self, CompletionKind};
use serde::Deserialize;
use serde_json::{json, Value};

/// A rules text and a place in it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AtRequest {
    rules: String,
    /// The caret: a UTF-16 offset into `rules`.
    at: usize,
    /// The id of the file the text came from (where graph board files are looked up).
    #[serde(default)]
    file: Option<String>,
}

/// The byte offset of UTF-16 offset `at` of `text`, or a `position` error.
fn byte_offset(text: &str, at: usize) -> Result<usize, ApiError> {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units == at {
            return Ok(i);
        }
        units += c.len_utf16();
        if units > at {
            return Err(ApiError::bad(
                "position",
                format!("`at` {at} falls inside a character (a UTF-16 surrogate pair)"),
            ));
        }
    }
    if units == at {
        Ok(text.len())
    } else {
        Err(ApiError::bad(
            "position",
            format!("`at` {at} is past the end of the text ({units} UTF-16 code units)"),
        ))
    }
}

/// The UTF-16 offset of byte `offset` of `text`.
fn utf16(text: &str, offset: u32) -> usize {
    let mut at = (offset as usize).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    text[..at].encode_utf16().count()
}

fn check_size(state: &Shared, rules: &str) -> Result<(), ApiError> {
    let limit = state.config.limits.source_bytes;
    if rules.len() > limit {
        return Err(ApiError::bad(
            "rules",
            format!(
                "the rules text is {} bytes; the limit is {limit} bytes",
                rules.len()
            ),
        ));
    }
    Ok(())
}

/// `POST /api/complete`: `{ "items": [{ "label", "kind" }], "from", "to" }`, the
/// completions at `at` and the word they replace (UTF-16 offsets).
pub(crate) async fn complete(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<AtRequest>,
) -> Result<Json<Value>, ApiError> {
    check_size(&state, &req.rules)?;
    let offset = byte_offset(&req.rules, req.at)?;
    blocking(&state, move || {
        let items: Vec<Value> = analysis::completion(&req.rules, offset)
            .into_iter()
            .map(|c| {
                let kind = match c.kind {
                    CompletionKind::Keyword => "keyword",
                    CompletionKind::Piece => "piece",
                    CompletionKind::Zone => "zone",
                    CompletionKind::Tag => "tag",
                    CompletionKind::Direction => "direction",
                };
                json!({ "label": c.label, "kind": kind })
            })
            .collect();
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        let start = req.rules[..offset].trim_end_matches(word).len();
        Ok(Json(json!({
            "items": items,
            "from": utf16(&req.rules, start as u32),
            "to": req.at,
        })))
    })
    .await
}

/// `POST /api/hover`: `{ "hover": { "markdown", "from", "to" } }`, or `{ "hover":
/// null }` where there is nothing to say.
pub(crate) async fn hover(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<AtRequest>,
) -> Result<Json<Value>, ApiError> {
    check_size(&state, &req.rules)?;
    let offset = byte_offset(&req.rules, req.at)?;
    let s = state.clone();
    blocking(&state, move || {
        let base = super::base_for(&s, req.file.as_deref());
        let hover = analysis::hover(&req.rules, offset, base.as_deref(), None).map(|h| {
            json!({
                "markdown": h.markdown,
                "from": utf16(&req.rules, h.span.start),
                "to": utf16(&req.rules, h.span.end),
            })
        });
        Ok(Json(json!({ "hover": hover })))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_both_ways() {
        let text = "a😀b";
        assert_eq!(byte_offset(text, 3).unwrap(), 5);
        assert!(byte_offset(text, 2).is_err());
        assert!(byte_offset(text, 5).is_err());
        assert_eq!(byte_offset(text, 4).unwrap(), text.len());
        assert_eq!(utf16(text, 5), 3);
    }
}
