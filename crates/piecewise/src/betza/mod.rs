//! Betza notation in and out: XBetza text (as Fairy-Stockfish and H. G. Muller's
//! Interactive Diagram write it) read into `.rules` text, and a checked piece written
//! back as XBetza where the notation can say it.
//!
//! Reading goes `parse` (text → AST with byte positions) → `moves` (what it means:
//! shapes, vectors, landing rights) → `import` (`.rules` text). The output is real
//! language, so the compiler checks it like any rules file. Writing goes from the
//! checked [`ir`](crate::ir) (`export`). Anything the other side cannot say is refused
//! with an error that points at the character (reading) or names the construct and the
//! pattern (writing); nothing is silently approximated. docs/betza.md has the table of
//! atoms and modifiers.
//!
//! ```
//! let text = piecewise::betza::import("mQcN", &piecewise::betza::ImportOptions::default()).unwrap();
//! assert!(text.contains("ride any, move only"));
//! assert!(text.contains("leap (1,2), capture only"));
//! ```

mod error;
mod export;
mod import;
mod moves;
mod parse;
mod repeaters;

pub use error::{BetzaError, BetzaErrorKind, ExportError, ExportErrorKind};
pub use export::{export_piece, export_rules};

/// How an imported piece is named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportOptions {
    /// The piece's name (`Custom` by default).
    pub name: String,
    /// Its FEN letter (`X` by default; `+X` for a promoted piece).
    pub letter: String,
}

impl Default for ImportOptions {
    fn default() -> ImportOptions {
        ImportOptions {
            name: "Custom".into(),
            letter: "X".into(),
        }
    }
}

/// A notation translated: its patterns as `.rules` lines and what the file around
/// them needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translation {
    /// The patterns, one `.rules` line each.
    pub patterns: Vec<String>,
    /// The piece captures en passant (`e`): the file needs `en passant NAME`.
    pub en_passant: bool,
    /// The moves are not symmetric left to right: Fairy-Stockfish turns them round by
    /// 180° for the second side, piecewise mirrors them top to bottom, so the second
    /// side's moves differ (docs/betza.md).
    pub lopsided: bool,
}

/// Translates a notation into `.rules` patterns.
pub fn translate(notation: &str) -> Result<Translation, BetzaError> {
    let parsed = parse::parse(notation)?;
    let moves = moves::moves(&parsed)?;
    Ok(Translation {
        patterns: import::patterns(&moves),
        en_passant: moves.iter().any(|m| m.en_passant),
        lopsided: moves.iter().any(|m| !m.symmetric()),
    })
}

/// The patterns of a notation that is not symmetric left to right, as Fairy-Stockfish
/// plays it: `first` (the notation's patterns) `for first`, and for the second side
/// the notation with `l` and `r` swapped (Fairy-Stockfish turns the second side's
/// moves round by 180°, which piecewise's top-to-bottom mirror and the swap make), `for
/// second`.
pub fn by_side(notation: &str, first: &[String]) -> Result<Vec<String>, BetzaError> {
    let turned: String = notation
        .chars()
        .map(|ch| match ch {
            'l' => 'r',
            'r' => 'l',
            _ => ch,
        })
        .collect();
    let second = translate(&turned)?.patterns;
    Ok(first
        .iter()
        .map(|p| format!("{p}, for first"))
        .chain(second.iter().map(|p| format!("{p}, for second")))
        .collect())
}

/// A notation's patterns as `.rules` lines, and whether the piece captures en passant
/// (then the file needs `en passant NAME`).
pub fn patterns(notation: &str) -> Result<(Vec<String>, bool), BetzaError> {
    let t = translate(notation)?;
    Ok((t.patterns, t.en_passant))
}

/// A notation as a `.rules` piece declaration: a comment with the notation, the piece,
/// and `en passant NAME` when it captures en passant.
///
/// ```
/// use piecewise::betza::{import, ImportOptions};
/// let opts = ImportOptions { name: "Knight".into(), letter: "N".into() };
/// assert_eq!(import("N", &opts).unwrap(), "# Betza: N\npiece Knight (N) { leap (1,2) }\n");
/// assert_eq!(import("mWxN", &opts).unwrap_err().offset(), 2);
/// ```
pub fn import(notation: &str, opts: &ImportOptions) -> Result<String, BetzaError> {
    let t = translate(notation)?;
    Ok(piece_text(notation, &opts.name, &opts.letter, &t))
}

/// The text of one piece: the source notation as a comment, then the declaration.
pub(crate) fn piece_text(notation: &str, name: &str, letter: &str, t: &Translation) -> String {
    let mut out = format!("# Betza: {notation}\n");
    if t.lopsided {
        out.push_str(
            "# Not symmetric left to right: Fairy-Stockfish turns the second side's moves\n\
             # round (180°), piecewise mirrors them top to bottom (docs/betza.md).\n",
        );
    }
    match t.patterns.as_slice() {
        [] => out.push_str(&format!("piece {name} ({letter}) {{ }}\n")),
        [one] => out.push_str(&format!("piece {name} ({letter}) {{ {one} }}\n")),
        _ => {
            out.push_str(&format!("piece {name} ({letter}) {{\n"));
            for l in &t.patterns {
                out.push_str(&format!("    {l}\n"));
            }
            out.push_str("}\n");
        }
    }
    if t.en_passant {
        out.push_str(&format!("en passant {name}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(n: &str) -> Vec<String> {
        patterns(n).unwrap().0
    }

    #[test]
    fn shortest_forms() {
        assert_eq!(body("K"), ["step any"]);
        assert_eq!(body("WF"), ["step any"]);
        assert_eq!(body("Q"), ["ride any"]);
        assert_eq!(body("RB"), ["ride any"]);
        assert_eq!(body("R4"), ["ride orthogonal up to 4"]);
        assert_eq!(body("NN"), ["ride (1,2)"]);
        assert_eq!(body("fsW"), ["step sideways + forward"]);
        assert_eq!(body("ffN"), ["leap exactly (-1,2) + exactly (1,2)"]);
        assert_eq!(body("fhN"), ["leap forward (1,2)"]);
        assert_eq!(body("D"), ["leap (2,0)"]);
        assert_eq!(body("nA"), ["ride diagonal 2"]);
        assert_eq!(body("nN"), ["step orthogonal then step turn ±45"]);
        assert_eq!(body("nZ"), ["step orthogonal then ride turn ±45 2"]);
        assert_eq!(
            body("mRcpR"),
            [
                "ride orthogonal, move only",
                "ride orthogonal via piece then ride same, capture only"
            ]
        );
        assert_eq!(body("gQ"), ["ride any via piece then step same"]);
        assert_eq!(
            body("fmWfceFifmnD"),
            [
                "step forward, move only",
                "step forward-diagonal, capture only",
                "ride forward 2, move only, initial, en passant"
            ]
        );
        assert_eq!(
            body("caKmabK"),
            [
                "step any via foe captured then step any",
                "step any then step back"
            ]
        );
    }

    #[test]
    fn fsf_directions() {
        // Fairy-Stockfish: f on N is the two narrow forward moves; fl the wide left one.
        assert_eq!(body("fN"), body("ffN"));
        assert_eq!(body("flN"), ["leap exactly (-2,1)"]);
        assert_eq!(body("lfN"), ["leap exactly (-1,2)"]);
        assert_eq!(body("flF"), ["step forward-left"]);
        assert_eq!(body("vW"), ["step forward + backward"]);
    }

    #[test]
    fn refusals_point_at_the_character() {
        for (n, at) in [
            ("mWxN", 2),
            ("zW", 0),
            ("qK", 0),
            ("pN", 0),
            ("nC", 0),
            ("nR", 0),
            ("hW", 0),
            ("fmeF", 2),
            ("O2", 0),
        ] {
            let e = patterns(n).unwrap_err();
            assert_eq!(e.offset(), at, "{n}: {e}");
        }
    }
}
