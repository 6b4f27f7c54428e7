//! The language reference (docs/language.md, embedded: `reference/language.md` in this
//! crate is a copy that tests/suite/lsp.rs keeps equal to it) cut into sections, and the entry
//! of a keyword: what hover on a keyword shows.

/// The text of docs/language.md.
pub const LANGUAGE_MD: &str = include_str!("../reference/language.md");

/// Most lines of a section a hover shows.
const MAX_LINES: usize = 30;

/// A section of the reference: its heading and its lines up to the next heading.
struct Section<'a> {
    heading: &'a str,
    lines: Vec<&'a str>,
}

/// The sections, headings inside code blocks ignored.
fn sections() -> Vec<Section<'static>> {
    let mut sections = Vec::new();
    let mut fenced = false;
    let mut current = Section {
        heading: "",
        lines: Vec::new(),
    };
    for line in LANGUAGE_MD.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && line.starts_with('#') {
            sections.push(std::mem::replace(
                &mut current,
                Section {
                    heading: line.trim_start_matches('#').trim(),
                    lines: Vec::new(),
                },
            ));
        } else {
            current.lines.push(line);
        }
    }
    sections.push(current);
    sections
}

/// The words of the backquoted parts of `text`.
fn code_words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .enumerate()
        .flat_map(|(part, code)| {
            code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .filter(|w| !w.is_empty())
                .enumerate()
                .map(move |(i, w)| (part * 100 + i, w))
        })
}

/// The reference's entry for `word` (a keyword or direction word), as Markdown: the
/// section whose heading's code starts with it, else one whose heading's code names it,
/// else the first table row or paragraph line that names it in code, under its
/// section's heading. `None` if the reference never names it.
pub fn entry(word: &str) -> Option<String> {
    if word.is_empty() {
        return None;
    }
    let sections = sections();
    let first = sections
        .iter()
        .find(|s| code_words(s.heading).next().is_some_and(|(_, w)| w == word))
        .or_else(|| {
            sections
                .iter()
                .find(|s| code_words(s.heading).any(|(_, w)| w == word))
        });
    if let Some(section) = first {
        let body: Vec<&str> = section.lines.iter().copied().take(MAX_LINES).collect();
        let more = if section.lines.len() > MAX_LINES {
            "\n\n…"
        } else {
            ""
        };
        return Some(format!(
            "### {}\n{}{more}",
            section.heading,
            body.join("\n").trim_end()
        ));
    }
    // A table row that starts with it (the modifiers' table), else any line naming it.
    let starts_row = |line: &str| {
        line.starts_with('|') && code_words(line).next().is_some_and(|(_, w)| w == word)
    };
    let names = |line: &str| code_words(line).any(|(_, w)| w == word);
    for wanted in [&starts_row as &dyn Fn(&str) -> bool, &names] {
        for section in &sections {
            let mut fenced = false;
            for line in &section.lines {
                if line.starts_with("```") {
                    fenced = !fenced;
                }
                if !fenced && wanted(line) {
                    return Some(format!("### {}\n\n{}", section.heading, line.trim()));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::entry;

    #[test]
    fn keywords_have_entries() {
        let royal = entry("royal").unwrap();
        assert!(royal.starts_with("### `royal Pieces`"), "{royal}");
        let promotion = entry("promotion").unwrap();
        assert!(
            promotion.contains("promotion Pieces to Choices"),
            "{promotion}"
        );
        let initial = entry("initial").unwrap();
        assert!(
            initial.contains("only while the piece has not moved"),
            "{initial}"
        );
        assert_eq!(entry("Xylophone"), None);
    }
}
