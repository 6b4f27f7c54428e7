//! catalogue: the shipped games by name, as `piecewise perft chess` and
//! `Game.variant("chess")` find them.
//!
//! Every self-contained rules file of the repository's `rules/` directory is built into
//! the library (`build.rs`), so a game is found by name with no file at hand: in the
//! command line, in the Python package and through the C ABI alike. A game's name is
//! its file's stem; for a game Fairy-Stockfish knows, that is Fairy-Stockfish's name
//! of it, exactly as `pyffish.variants()` prints it (`3check`, `kingofthehill`), and the
//! file's header says so (`as Fairy-Stockfish's variant "NAME"`).
//!
//! ```
//! let chess = piecewise::catalogue::find("chess").unwrap();
//! assert_eq!(chess.fairy_stockfish(), Some("chess"));
//! let game = chess.game().unwrap();
//! assert_eq!(game.legal_moves(&game.start_position().unwrap()).len(), 20);
//! assert_eq!(piecewise::catalogue::closest("xiangqui"), vec!["xiangqi"]);
//! ```

use crate::diagnostics::Diagnostics;
use crate::{Game, Rules};

/// A shipped game: its name, what its header says of it, and its rules text.
#[derive(Debug)]
pub struct Variant {
    name: &'static str,
    summary: &'static str,
    fairy_stockfish: Option<&'static str>,
    source: &'static str,
}

impl Variant {
    /// The game's name: its rules file's stem (`chess` for `rules/chess.rules`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// One sentence on the game: the first sentence of its file's header.
    pub fn summary(&self) -> &'static str {
        self.summary
    }

    /// The Fairy-Stockfish variant this game is played as, if its header names one.
    pub fn fairy_stockfish(&self) -> Option<&'static str> {
        self.fairy_stockfish
    }

    /// The file's leading comment block (its header), without the `#` marks: what the
    /// game is and what, if anything, differs from the game it follows. Paragraphs are
    /// kept apart by an empty line.
    pub fn header(&self) -> String {
        let mut out = String::new();
        for line in self.source.lines() {
            let Some(text) = line.trim_start().strip_prefix('#') else {
                break;
            };
            out.push_str(text.strip_prefix(' ').unwrap_or(text).trim_end());
            out.push('\n');
        }
        out
    }

    /// The rules text.
    pub fn source(&self) -> &'static str {
        self.source
    }

    /// The file name the game is shipped as (`chess.rules`), for diagnostics.
    pub fn file_name(&self) -> String {
        format!("{}.rules", self.name)
    }

    /// The whole game compiled (the shipped files compile: a test checks each).
    pub fn game(&self) -> Result<Game, Diagnostics> {
        Game::compile(self.source)
    }

    /// The movement rules alone, compiled.
    pub fn rules(&self) -> Result<Rules, Diagnostics> {
        crate::compile(self.source)
    }
}

static VARIANTS: &[Variant] = include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// Every shipped game, sorted by name.
pub fn variants() -> &'static [Variant] {
    VARIANTS
}

/// The shipped game named `name` (exactly: names are lower case, as Fairy-Stockfish's).
pub fn find(name: &str) -> Option<&'static Variant> {
    VARIANTS
        .binary_search_by(|v| v.name.cmp(name))
        .ok()
        .map(|i| &VARIANTS[i])
}

/// The names closest to a name that is not in the catalogue, best first (at most
/// five): those within a third of the name's length in edit distance (a swap of two
/// letters counts one), else those that contain it or that it contains. Empty when
/// nothing is close.
pub fn closest(name: &str) -> Vec<&'static str> {
    let lower = name.to_lowercase();
    let limit = (lower.chars().count() / 3).max(1);
    let mut near: Vec<(usize, &'static str)> = VARIANTS
        .iter()
        .map(|v| (strsim::osa_distance(&lower, v.name), v.name))
        .filter(|&(d, _)| d <= limit)
        .collect();
    if near.is_empty() && lower.chars().count() >= 3 {
        near = VARIANTS
            .iter()
            .filter(|v| v.name.contains(&lower) || lower.contains(v.name))
            .map(|v| (strsim::osa_distance(&lower, v.name), v.name))
            .collect();
    }
    near.sort();
    near.into_iter().take(5).map(|(_, n)| n).collect()
}

/// The error of a name that is neither a file nor a shipped game, for every front end
/// to say alike: the name, the closest names, and where the list is.
pub fn unknown(name: &str) -> String {
    let mut text = format!("no shipped game is named `{name}`");
    let near = closest(name);
    if !near.is_empty() {
        let quoted: Vec<String> = near.iter().map(|n| format!("`{n}`")).collect();
        text.push_str(&format!(" (did you mean {}?)", quoted.join(" or ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sorted_unique_and_lower_case() {
        assert!(VARIANTS.windows(2).all(|w| w[0].name < w[1].name));
        for v in VARIANTS {
            assert_eq!(v.name, v.name.to_lowercase(), "{}", v.name);
            assert!(!v.summary.is_empty(), "{} has no header", v.name);
        }
    }

    #[test]
    fn finds_by_exact_name_only() {
        assert!(find("chess").is_some());
        assert!(find("Chess").is_none());
        assert!(find("chess.rules").is_none());
        // A file that reads another file is not in the catalogue.
        assert!(find("graph-chess").is_none());
    }

    #[test]
    fn closest_names_by_edit_distance_then_by_containment() {
        // The nearest first (chessgi is two edits away, within the limit of 2).
        let near = closest("chesss");
        assert_eq!(near.first(), Some(&"chess"), "{near:?}");
        assert!(near.iter().all(|n| n.starts_with("chess")), "{near:?}");
        assert_eq!(closest("shgoi"), vec!["shogi"]);
        assert!(closest("mayan").contains(&"croatian-mayan"));
        assert!(closest("zzzzzzzz").is_empty());
        assert!(unknown("xiangqui").contains("did you mean `xiangqi`?"));
    }

    #[test]
    fn the_header_names_the_fairy_stockfish_variant() {
        assert_eq!(
            find("minishogi").unwrap().fairy_stockfish(),
            Some("minishogi")
        );
        assert_eq!(find("croatian-mayan").unwrap().fairy_stockfish(), None);
        // Fairy-Stockfish's name is the file's name wherever a header gives one.
        for v in VARIANTS {
            if let Some(f) = v.fairy_stockfish() {
                assert_eq!(f, v.name, "{}'s header names another variant", v.name);
            }
        }
    }
}
