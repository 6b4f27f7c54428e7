//! Positions in a text as the Language Server Protocol counts them (lines from 0,
//! columns in UTF-16 code units) and byte offsets, both ways.

use piecewise_lang::ids::Span;

/// Why a position does not name a place in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The line is past the last one.
    NoSuchLine {
        /// The line asked for (from 0).
        line: u32,
        /// How many lines the text has.
        lines: usize,
    },
    /// The column is past the end of its line.
    PastLineEnd {
        /// The line (from 0).
        line: u32,
        /// The column asked for, in UTF-16 code units.
        character: u32,
        /// The line's length in UTF-16 code units.
        length: usize,
    },
    /// The column falls between the two halves of a surrogate pair.
    InsideCharacter {
        /// The line (from 0).
        line: u32,
        /// The column asked for, in UTF-16 code units.
        character: u32,
    },
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::NoSuchLine { line, lines } => {
                write!(f, "line {line} does not exist: the document has {lines} lines (counted from 0)")
            }
            PositionError::PastLineEnd {
                line,
                character,
                length,
            } => write!(
                f,
                "character {character} is past the end of line {line}, which is {length} UTF-16 code units long"
            ),
            PositionError::InsideCharacter { line, character } => write!(
                f,
                "character {character} of line {line} falls inside a character (between the halves of a UTF-16 surrogate pair)"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A text with its line starts, for converting positions.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// The byte offset each line starts at; the first is 0.
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of `text` (lines end at `\n`; a `\r` before it is part of the
    /// line's text, as the protocol counts it).
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// How many lines.
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The byte offset of a (line, UTF-16 column) position of `text` (the text this
    /// index was built from).
    pub fn offset(&self, text: &str, line: u32, character: u32) -> Result<usize, PositionError> {
        let Some(&start) = self.starts.get(line as usize) else {
            return Err(PositionError::NoSuchLine {
                line,
                lines: self.starts.len(),
            });
        };
        let end = self
            .starts
            .get(line as usize + 1)
            .map_or(text.len(), |&next| next - 1);
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            if units == character as usize {
                return Ok(start + i);
            }
            units += c.len_utf16();
            if units > character as usize {
                return Err(PositionError::InsideCharacter { line, character });
            }
        }
        if units == character as usize {
            Ok(end)
        } else {
            Err(PositionError::PastLineEnd {
                line,
                character,
                length: units,
            })
        }
    }

    /// The (line, UTF-16 column) of byte `offset` of `text` (clamped to the text, and
    /// back to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> (u32, u32) {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        (line as u32, character as u32)
    }

    /// The LSP range of `span`.
    pub fn range(&self, text: &str, span: Span) -> lsp_types::Range {
        let (l0, c0) = self.position(text, span.start as usize);
        let (l1, c1) = self.position(text, span.end as usize);
        lsp_types::Range::new(
            lsp_types::Position::new(l0, c0),
            lsp_types::Position::new(l1, c1),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_both_ways() {
        let text = "ab\nx😀y é\r\nz";
        let index = LineIndex::new(text);
        assert_eq!(index.lines(), 3);
        // 😀 is two UTF-16 units and four bytes.
        assert_eq!(index.offset(text, 1, 3), Ok(text.find('y').unwrap()));
        assert_eq!(index.position(text, text.find('y').unwrap()), (1, 3));
        assert_eq!(
            index.offset(text, 1, 2),
            Err(PositionError::InsideCharacter {
                line: 1,
                character: 2
            })
        );
        assert_eq!(index.offset(text, 0, 2), Ok(2));
        assert!(matches!(
            index.offset(text, 0, 3),
            Err(PositionError::PastLineEnd { .. })
        ));
        assert!(matches!(
            index.offset(text, 3, 0),
            Err(PositionError::NoSuchLine { .. })
        ));
        assert_eq!(index.offset(text, 2, 1), Ok(text.len()));
        assert_eq!(index.position(text, text.len()), (2, 1));
    }
}
