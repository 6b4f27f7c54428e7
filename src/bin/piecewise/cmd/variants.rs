//! `piecewise variants`: the shipped games (`piecewise::catalogue`), which every
//! command takes by name: a line each, a JSON array, or docs/variants.md.

use crate::failure::Outcome;
use crate::output::outln;
use piecewise::catalogue::{variants, Variant};

/// Prints the catalogue as text (name and summary), JSON or Markdown.
pub fn run(markdown: bool, json: bool) -> Outcome {
    if markdown {
        outln!("{}", markdown_page().trim_end());
    } else if json {
        let list: Vec<serde_json::Value> = variants()
            .iter()
            .map(|v| {
                serde_json::json!({
                    "name": v.name(),
                    "summary": v.summary(),
                    "fairy_stockfish": v.fairy_stockfish(),
                })
            })
            .collect();
        outln!("{}", serde_json::Value::Array(list));
    } else {
        let width = variants().iter().map(|v| v.name().len()).max().unwrap_or(0);
        for v in variants() {
            outln!("{:width$}  {}", v.name(), v.summary());
        }
    }
    Ok(())
}

/// docs/variants.md: the table of every shipped game, then each file's header.
pub fn markdown_page() -> String {
    let mut page = String::from(
        "# Shipped games\n\n\
         Every game in `rules/` that reads no other file ships inside `piecewise`: each \
         command takes its name\nin place of a rules file (`piecewise perft chess --depth \
         3`, `piecewise play xiangqi`), as do\n`Game.variant(\"chess\")` in Python and \
         `pw_game_variant` in C. A game Fairy-Stockfish knows has\nFairy-Stockfish's name; \
         its file's header says what, if anything, differs from Fairy-Stockfish.\n\n\
         This page is generated from the files' headers by `piecewise variants --markdown \
         > docs/variants.md`\n(a test checks that it is current).\n\n\
         | Name | Fairy-Stockfish | About |\n|---|---|---|\n",
    );
    for v in variants() {
        let fsf = v.fairy_stockfish().unwrap_or("");
        page.push_str(&format!(
            "| [`{}`](#{}) | {fsf} | {} |\n",
            v.name(),
            anchor(v),
            v.summary().replace('|', "\\|")
        ));
    }
    for v in variants() {
        page.push_str(&format!("\n## {}\n\n", v.name()));
        page.push_str(&format!("[`rules/{}`](../rules/{0})\n\n", v.file_name()));
        page.push_str(&v.header());
    }
    page
}

/// The Markdown anchor of a game's section (GitHub's: lower case, `-` kept).
fn anchor(v: &Variant) -> String {
    v.name()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}
