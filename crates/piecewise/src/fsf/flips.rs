//! flips: the keys of Fairy-Stockfish's board games of copies and flips (Ataxx,
//! Othello) — `freeDrops`, `enclosingDrop` (`ataxx`, `reversi`), `enclosingDropStart`,
//! `flipEnclosedPieces` (`ataxx`, `reversi`), `passOnStalemate`, `adjudicateFullBoard`,
//! `materialCounting = unweighted` — as `hand, unlimited`, `drop ..., next to friend |
//! enclosing | opening in ZONE`, `flip`, `pass when stuck`, `full board draw` and `draw by
//! piece count` (docs/language.md, "Flips"). What it cannot say is an issue.

use super::convert::Conv;
use std::fmt::Write;

/// Whether the section's drops are a board game's (`pieceDrops` with `freeDrops` or an
/// `enclosingDrop` of Ataxx or Othello), which [`board_game`] declares instead of the
/// hands of captured pieces.
pub(super) fn drops_here(c: &Conv<'_>) -> bool {
    let peek = |k: &str| c.keys.get(k).map(|e| e.value.trim().to_string());
    peek("pieceDrops").as_deref() == Some("true")
        && (peek("freeDrops").as_deref() == Some("true")
            || matches!(
                peek("enclosingDrop").as_deref(),
                Some("ataxx" | "reversi" | "snort")
            ))
}

/// Declares the keys of this module for a variant whose pieces are `names` (its
/// hand and drops only when [`drops_here`]); `royal`: the variant has a royal king.
pub(super) fn board_game(
    c: &mut Conv<'_>,
    names: &[String],
    royal: bool,
    zones: &mut String,
    decls: &mut String,
) {
    let all = names.join(" | ");
    let flip = c.value("flipEnclosedPieces");
    let enclosed = match flip.as_deref() {
        None | Some("none") => None,
        Some("ataxx") => Some(false),
        Some("reversi") => Some(true),
        Some(v) => {
            c.issue(
                "flipEnclosedPieces",
                format!("`{v}` flips are not translated"),
            );
            None
        }
    };
    if let (Some(enclosed), false) = (enclosed, all.is_empty()) {
        let how = if enclosed { ", enclosed" } else { "" };
        let _ = writeln!(decls, "flip {all}{how}");
    }
    if drops_here(c) {
        c.flag("pieceDrops", false);
        let free = c.flag("freeDrops", false);
        decls.push_str(if free {
            "hand, unlimited\n"
        } else {
            "hand, captures not kept\n"
        });
        let mut options = String::new();
        match c.value("enclosingDrop").as_deref() {
            None | Some("none") => {}
            Some("ataxx") => options.push_str(", next to friend"),
            Some("snort") => options.push_str(", not next to foe"),
            Some("reversi") if enclosed == Some(true) => options.push_str(", enclosing"),
            Some(v) => c.issue(
                "enclosingDrop",
                format!("`{v}` drops are translated with `flipEnclosedPieces = reversi` only"),
            ),
        }
        if let Some(cells) = c.cells("enclosingDropStart", None) {
            let _ = writeln!(zones, "zone absolute drop_start = {cells}");
            options.push_str(", opening in drop_start");
        }
        if !c.flag("immobilityIllegal", true) {
            options.push_str(", also stuck");
        }
        if !all.is_empty() {
            let _ = writeln!(decls, "drop {all}{options}");
        }
    } else if c
        .keys
        .get("pieceDrops")
        .is_some_and(|e| e.value.trim() == "true")
    {
        for key in ["freeDrops", "enclosingDropStart"] {
            if c.get(key)
                .is_some_and(|e| e.value != "false" && e.value != "-")
            {
                c.issue(
                    key,
                    "translated only with an Ataxx or Othello `enclosingDrop`",
                );
            }
        }
    } else {
        // Without drops these keys change nothing (Crusade, a child of Ataxx).
        for key in ["freeDrops", "enclosingDrop", "enclosingDropStart"] {
            c.get(key);
        }
    }
    let pass = c.flag("passOnStalemate", false);
    let white = c.flag("passOnStalemateWhite", pass);
    let black = c.flag("passOnStalemateBlack", pass);
    match (white, black, royal) {
        (false, false, _) => {}
        (true, true, false) => decls.push_str("pass when stuck\n"),
        (true, true, true) => c.issue(
            "passOnStalemate",
            "a pass when stuck is translated in games without a royal king only",
        ),
        _ => c.issue(
            "passOnStalemateWhite",
            "a pass for one side only is not translated",
        ),
    }
    if c.flag("adjudicateFullBoard", false) {
        decls.push_str("full board draw\n");
    }
    // Only `unweighted` here: the other countings are other declarations' keys.
    if c.keys
        .get("materialCounting")
        .is_some_and(|e| e.value.trim() == "unweighted")
    {
        c.get("materialCounting");
        decls.push_str("draw by piece count\n");
    }
}
