//! The editor support files: the TextMate grammar's keywords are exactly the language
//! grammar's (the `kw_` rules of crates/lang/grammar/piecewise.pest), and the VS Code
//! extension uses that grammar and starts `piecewise lsp`.

use std::collections::BTreeSet;
use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The words of the grammar's keyword rules (`kw_x = @{ "word" ~ ... }` or
/// `@{ ("words" | "word") ~ ... }`).
fn grammar_keywords() -> BTreeSet<String> {
    let pest = read("crates/lang/grammar/piecewise.pest");
    let mut words = BTreeSet::new();
    for line in pest.lines() {
        let Some((name, body)) = line.split_once('=') else {
            continue;
        };
        if !name.trim().starts_with("kw_") {
            continue;
        }
        let head = body.split('~').next().unwrap_or("");
        for (i, part) in head.split('"').enumerate() {
            if i % 2 == 1 {
                words.insert(part.to_string());
            }
        }
    }
    assert!(words.len() > 100, "{words:?}");
    words
}

/// The words of the TextMate grammar's `keyword.*` patterns (`\b(?:a|b|c)\b`).
fn textmate_keywords() -> BTreeSet<String> {
    let grammar: serde_json::Value =
        serde_json::from_str(&read("editors/textmate/piecewise.tmLanguage.json")).unwrap();
    let mut words = BTreeSet::new();
    for (_, rule) in grammar["repository"].as_object().unwrap() {
        let name = rule["name"].as_str().unwrap_or("");
        if !name.starts_with("keyword.") {
            continue;
        }
        let regex = rule["match"].as_str().unwrap();
        let inner = regex
            .strip_prefix("\\b(?:")
            .and_then(|r| r.strip_suffix(")\\b"))
            .unwrap_or_else(|| panic!("{name}: not a word list: {regex}"));
        for word in inner.split('|') {
            assert!(word.chars().all(|c| c.is_ascii_lowercase()), "{word}");
            assert!(words.insert(word.to_string()), "{word} listed twice");
        }
    }
    words
}

#[test]
fn the_textmate_keywords_are_the_grammars() {
    let grammar = grammar_keywords();
    let textmate = textmate_keywords();
    let missing: Vec<_> = grammar.difference(&textmate).collect();
    let extra: Vec<_> = textmate.difference(&grammar).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "editors/textmate/piecewise.tmLanguage.json: keywords missing {missing:?}, not in the grammar {extra:?}"
    );
}

#[test]
fn the_vscode_extension_uses_the_grammar_and_starts_the_server() {
    let package: serde_json::Value =
        serde_json::from_str(&read("editors/vscode/package.json")).unwrap();
    let grammar = &package["contributes"]["grammars"][0];
    assert_eq!(grammar["scopeName"], "source.piecewise");
    assert_eq!(
        package["contributes"]["languages"][0]["extensions"][0],
        ".rules"
    );
    assert!(package["scripts"]["prepare"]
        .as_str()
        .unwrap()
        .contains("../textmate/piecewise.tmLanguage.json"));
    let extension = read("editors/vscode/extension.js");
    assert!(extension.contains("args: [\"lsp\"]"), "{extension}");
    assert_eq!(package["main"], "./extension.js");
}
