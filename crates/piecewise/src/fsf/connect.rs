//! connect: the keys of Fairy-Stockfish's games of shapes — `connectN`, `collinearN`,
//! `connectNxN`, `connectRegion1/2White/Black`, `connectPieceTypes`,
//! `connectHorizontal/Vertical/Diagonal`, `connectValue` — as `connect N`, `connect N,
//! gaps`, `connect square N` and `connect A to B` (docs/language.md, "connect"); and the
//! drops that land (`enclosingDrop = top | anyside`) and must be made (`mustDrop`) as
//! the drop options `falling`, `pushed in` and `dropped first`.

use super::convert::Conv;
use std::fmt::Write;

/// Declares the section's connect rules; `letter_name` names a piece by its letter.
pub(super) fn connect_rules(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    zones: &mut String,
    decls: &mut String,
) {
    let count = |c: &mut Conv<'_>, key: &str| -> u32 {
        let Some(v) = c.value(key) else {
            return 0;
        };
        v.trim().parse::<u32>().unwrap_or_else(|_| {
            c.issue(key, format!("`{v}` is not a count"));
            0
        })
    };
    let n = count(c, "connectN");
    let square = count(c, "connectNxN");
    let collinear = count(c, "collinearN");
    let regions: Vec<Option<String>> = [
        "connectRegion1White",
        "connectRegion2White",
        "connectRegion1Black",
        "connectRegion2Black",
    ]
    .iter()
    .map(|k| c.cells(k, None))
    .collect();
    let horizontal = c.flag("connectHorizontal", true);
    let vertical = c.flag("connectVertical", true);
    let diagonal = c.flag("connectDiagonal", true);
    let kinds = c.value("connectPieceTypes");
    let value = c.value("connectValue");
    let any_region = regions.iter().any(Option::is_some);
    if n == 0 && square == 0 && collinear == 0 && !any_region {
        return;
    }
    let mut with = String::new();
    if let Some(v) = kinds.filter(|v| v.trim() != "-" && !v.trim().is_empty()) {
        let mut names: Vec<String> = Vec::new();
        for l in v.trim().chars() {
            match letter_name(l) {
                Some(name) if !names.contains(&name) => names.push(name),
                Some(_) => {}
                None => c.issue(
                    "connectPieceTypes",
                    format!("`{l}` is not a piece of this variant"),
                ),
            }
        }
        if names.is_empty() {
            // No piece counts: no shape is ever made.
            return;
        }
        let _ = write!(with, " with {}", names.join(" | "));
    }
    let outcome = match value.as_deref().map(str::trim) {
        None | Some("win") => "",
        Some("loss") => " loss",
        Some("draw") => " draw",
        Some(v) => {
            c.issue("connectValue", format!("`{v}` is not win, loss or draw"));
            ""
        }
    };
    // A line runs along a step and its opposite: one of each pair is enough.
    let line_along = match (horizontal, vertical, diagonal) {
        (true, true, true) => Some(String::new()),
        (false, false, false) => None,
        (h, v, d) => {
            let words: Vec<&str> = [(h, "sideways"), (v, "forward"), (d, "diagonal")]
                .iter()
                .filter(|(on, _)| *on)
                .map(|&(_, w)| w)
                .collect();
            Some(format!(", along {}", words.join(" + ")))
        }
    };
    let Some(line_along) = line_along else {
        // Fairy-Stockfish then looks along no direction: no shape is ever made but a
        // block.
        if square > 0 {
            let _ = writeln!(decls, "connect square {square}{with}{outcome}");
        }
        return;
    };
    if n > 0 {
        let _ = writeln!(decls, "connect {n}{with}{outcome}{line_along}");
    }
    if any_region {
        // Fairy-Stockfish grows a chain from the first region east, north, north-east
        // and south-east only.
        let steps: Vec<&str> = [
            (horizontal, "right"),
            (vertical, "forward"),
            (diagonal, "forward-right + backward-right"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|&(_, w)| w)
        .collect();
        for (side, pair, word) in [
            ("white", &regions[0..2], "first"),
            ("black", &regions[2..4], "second"),
        ] {
            if let [Some(from), Some(to)] = pair {
                let _ = writeln!(zones, "zone absolute connect_{side}_from = {from}");
                let _ = writeln!(zones, "zone absolute connect_{side}_to = {to}");
                let _ = writeln!(
                    decls,
                    "connect connect_{side}_from to connect_{side}_to{with}{outcome} for {word}, along {}",
                    steps.join(" + ")
                );
            }
        }
    }
    if square > 0 {
        let _ = writeln!(decls, "connect square {square}{with}{outcome}");
    }
    if collinear > 0 {
        let _ = writeln!(
            decls,
            "connect {collinear}{with}{outcome}{line_along}, gaps"
        );
    }
}

/// `enclosingDrop = top | anyside`: the option added to every `drop` line already
/// declared (`falling`, `pushed in`).
pub(super) fn drop_options(c: &mut Conv<'_>, decls: &mut String) {
    let mut options = String::new();
    match c
        .keys
        .get("enclosingDrop")
        .map(|e| e.value.trim().to_string())
        .as_deref()
    {
        Some("top") => {
            c.get("enclosingDrop");
            options.push_str(", falling");
        }
        Some("anyside") => {
            c.get("enclosingDrop");
            options.push_str(", pushed in");
        }
        _ => {}
    }
    if options.is_empty() {
        return;
    }
    let lines: Vec<String> = decls
        .lines()
        .map(|l| {
            if l.starts_with("drop ") {
                format!("{l}{options}")
            } else {
                l.to_string()
            }
        })
        .collect();
    *decls = lines.join("\n");
    decls.push('\n');
}
