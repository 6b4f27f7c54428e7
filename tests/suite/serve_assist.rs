//! The playground's editor help over HTTP (`piecewise serve`, docs/serve.md):
//! `POST /api/complete` and `POST /api/hover`, the language server's answers with
//! UTF-16 offsets; a caret outside the text, inside a surrogate pair, or a text over
//! the limit is a `position` or `rules` error, and the server goes on.

#![cfg(feature = "serve")]

use crate::common;
use crate::serve_support;

use serde_json::{json, Value};
use serve_support::{error_kind, Server};

const TEXT: &str = "game \"😀\"\nboard square 8x8\nzone far = rank 8\npiece Rook (R) { ride orthogonal }\npiece Knight (N) { leap (1,2) }\npiece Marshal (M) {\n    like Rook\n    like Knight, to \n}\n";

/// The UTF-16 offset of the `n`th `needle` in TEXT, plus `plus`.
fn at(needle: &str, n: usize, plus: usize) -> usize {
    let byte = TEXT.match_indices(needle).nth(n).expect(needle).0;
    TEXT[..byte].encode_utf16().count() + plus
}

fn labels(v: &Value) -> Vec<String> {
    v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn complete_and_hover() {
    let s = Server::start(&[]);
    // After `to `: the zones, not the pieces.
    let caret = at("to \n", 0, 3);
    let (status, v) = s.post("/api/complete", &json!({ "rules": TEXT, "at": caret }));
    assert_eq!(status, 200, "{v}");
    let l = labels(&v);
    assert!(l.contains(&"far".to_string()), "{l:?}");
    assert!(!l.contains(&"Rook".to_string()), "{l:?}");
    assert_eq!(
        (v["from"].clone(), v["to"].clone()),
        (json!(caret), json!(caret))
    );
    // In a word at the start of a pattern line: the movers, replacing the word's start.
    let caret = at("like Rook", 0, 2);
    let (_, v) = s.post("/api/complete", &json!({ "rules": TEXT, "at": caret }));
    let l = labels(&v);
    for word in ["step", "leap", "ride", "like"] {
        assert!(l.contains(&word.to_string()), "{l:?}");
    }
    assert_eq!(v["from"], json!(caret - 2));
    assert!(v["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["kind"] == "keyword"));

    // Hover on a piece named in `like`: the piece, with Betza and its moves.
    let text = TEXT.replace("to \n", "to far\n");
    let (status, v) = s.post(
        "/api/hover",
        &json!({ "rules": text, "at": at("Knight,", 0, 2) }),
    );
    assert_eq!(status, 200, "{v}");
    let h = &v["hover"];
    let md = h["markdown"].as_str().unwrap();
    assert!(
        md.contains("leap (1,2)") && md.contains("Betza: `N`") && md.contains("8 moves"),
        "{md}"
    );
    assert_eq!(
        (h["from"].clone(), h["to"].clone()),
        (json!(at("Knight,", 0, 0)), json!(at("Knight,", 0, 6)))
    );
    // On a keyword: the reference; in a comment or on nothing: null.
    let (_, v) = s.post(
        "/api/hover",
        &json!({ "rules": text, "at": at("zone", 0, 1) }),
    );
    assert!(
        v["hover"]["markdown"]
            .as_str()
            .unwrap()
            .contains("zone [absolute] NAME"),
        "{v}"
    );
    let (_, v) = s.post("/api/hover", &json!({ "rules": text, "at": at("{", 0, 1) }));
    assert_eq!(v["hover"], Value::Null);
    // A piece's name in a text that does not parse is not taken for a keyword.
    let (_, v) = s.post(
        "/api/hover",
        &json!({ "rules": TEXT, "at": at("Knight,", 0, 2) }),
    );
    assert_eq!(v["hover"], Value::Null, "{v}");
}

#[test]
fn bad_places_and_texts_are_errors() {
    let s = Server::start(&["--max-body", "4000000"]);
    let len = TEXT.encode_utf16().count();
    for (path, at) in [
        ("/api/complete", len + 1),
        ("/api/hover", 7),
        ("/api/hover", usize::MAX),
    ] {
        let answer = s.post(path, &json!({ "rules": TEXT, "at": at }));
        assert_eq!(
            error_kind(&answer),
            (400, "position"),
            "{path} {at}: {}",
            answer.1
        );
    }
    let big = "#".repeat(2 << 20);
    let answer = s.post("/api/complete", &json!({ "rules": big, "at": 0 }));
    assert_eq!(error_kind(&answer), (400, "rules"), "{}", answer.1);
    let (status, v) = s.post("/api/hover", &json!({ "rules": TEXT }));
    assert_eq!(status, 400, "{v}");
    // Still up.
    let (status, _) = s.post("/api/complete", &json!({ "rules": TEXT, "at": 0 }));
    assert_eq!(status, 200);
}

#[test]
fn the_page_gets_the_editors_grammar() {
    let s = Server::start(&[]);
    let (status, grammar) = s.get("/assets/piecewise.tmLanguage.json");
    assert_eq!(status, 200);
    let file = common::read("editors/textmate/piecewise.tmLanguage.json");
    assert_eq!(grammar, serde_json::from_str::<Value>(&file).unwrap());
    assert_eq!(grammar["scopeName"], "source.piecewise");
}
