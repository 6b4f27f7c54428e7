//! rewrite: edits to declarations text already written — a piece's promoted faces
//! added to its `confine` lines, the promoted faces read back, the start position's
//! castling rights cleared.

use std::fmt::Write;

/// `confine NAME to ZONE` lines of `decls` with the promoted faces that move as NAME
/// (`piece F (+X) { like NAME }` in `promoted`) added to NAME; other lines as they are.
pub(super) fn confine_faces(decls: &str, promoted: &str) -> String {
    let mut out = String::new();
    for line in decls.lines() {
        let parts = line
            .strip_prefix("confine ")
            .and_then(|l| l.split_once(" to "));
        match parts {
            Some((name, zone)) if !name.contains('|') => {
                let faces = promoted.lines().filter_map(|p| {
                    let (face, target) = p.strip_prefix("piece ")?.split_once(" (+")?;
                    let target = target.split_once("{ like ")?.1.strip_suffix(" }")?;
                    (target == name).then_some(face)
                });
                let all: Vec<&str> = std::iter::once(name).chain(faces).collect();
                let _ = writeln!(out, "confine {} to {zone}", all.join(" | "));
            }
            _ => {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    out
}

/// The pieces with a promoted face (`piece PromotedX (+X) { ... }` in `promoted`,
/// as `decls::promotion` writes them): the names of the pieces they promote from.
pub(super) fn faces(promoted: &str) -> Vec<String> {
    promoted
        .lines()
        .filter_map(|l| l.strip_prefix("piece Promoted")?.split_once(" (+"))
        .map(|(base, _)| base.to_string())
        .collect()
}

/// The declarations with the start position's castling field (`KQkq`) made `-`.
pub(super) fn without_castling_rights(decls: &str) -> String {
    let mut out = String::new();
    for line in decls.lines() {
        if let Some(fen) = line
            .strip_prefix("start \"")
            .and_then(|l| l.strip_suffix('"'))
        {
            let mut fields: Vec<&str> = fen.split(' ').collect();
            if fields.len() >= 4
                && fields[2] != "-"
                && fields[2].chars().all(|ch| ch.is_ascii_alphabetic())
            {
                fields[2] = "-";
            }
            let _ = writeln!(out, "start \"{}\"", fields.join(" "));
        } else {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
