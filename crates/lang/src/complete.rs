//! What may be written at a point of a `.rules` text, for editors' completion: the
//! keywords the grammar accepts there, and whether a name or a direction may come.
//!
//! ```
//! use piecewise_lang::complete::expected;
//!
//! let source = "board square 8x8\npiece Rook (R) { ride orthogonal, mo";
//! let at = expected(source, source.len()).unwrap();
//! assert!(at.keywords.contains(&"move only"));
//! assert!(!at.keywords.contains(&"piece"));
//! let at = expected(source, source.find("orthogonal").unwrap()).unwrap();
//! assert!(at.direction);
//! ```

pub use crate::syntax::Expected;

/// The absolute direction words of square boards, in the order the language reference
/// lists them (other boards have more: see docs/language.md, "Directions").
pub const DIRECTION_WORDS: [&str; 14] = crate::topology::geometry::WORDS;

/// The direction words that name jumps to any cell (square and hex boards): see
/// [`crate::check`]'s `anywhere`, `other-colour`, `same-colour`.
pub const JUMP_WORDS: [&str; 3] = ["anywhere", "other-colour", "same-colour"];

/// What may come at byte `offset` of `source`: at the start of the word the offset is
/// in or after. `None` inside a comment, or when the text before the point does not
/// parse (from the file's start nor from the last line that starts a declaration).
pub fn expected(source: &str, offset: usize) -> Option<Expected> {
    crate::syntax::expected_at(source, offset)
}

#[cfg(test)]
mod tests {
    use super::expected;

    fn keywords(source: &str) -> Vec<&'static str> {
        expected(source, source.len()).expect("parses").keywords
    }

    #[test]
    fn declarations_at_the_top() {
        let k = keywords("board square 8x8\n");
        for word in ["piece", "zone", "royal", "promotion", "tag"] {
            assert!(k.contains(&word), "{word} in {k:?}");
        }
        assert!(!k.contains(&"step"));
    }

    #[test]
    fn movers_in_a_body_and_names_after_like() {
        let k = keywords("board square 8x8\npiece K (K) {\n    ");
        for word in ["step", "leap", "ride", "like", "repeat"] {
            assert!(k.contains(&word), "{word} in {k:?}");
        }
        assert!(!k.contains(&"zone"));
        let like = expected("piece K (K) { like Q", 20).unwrap();
        assert!(like.name);
    }

    #[test]
    fn a_broken_declaration_before_does_not_matter() {
        let source = "board square 8x8\npiece Bad (B) { jump }\npiece K (K) {\n    step any, ";
        let k = keywords(source);
        assert!(k.contains(&"capture only"), "{k:?}");
    }

    #[test]
    fn nothing_in_a_comment() {
        assert_eq!(expected("board square 8x8 # pie", 22), None);
    }
}
