//! ends: the game-end keys of a section — Fairy-Stockfish's n-move and n-fold rules,
//! and the win conditions (flag regions, extinction, check counting, `checking`) — as
//! the rules language's game-end declarations. What cannot be said is an [`super::Issue`].

use super::army::Piece;
use super::convert::{mirror, same_cells, Conv};
use std::fmt::Write;

/// The game-end keys: Fairy-Stockfish's n-move and n-fold rules (on by default: 50
/// moves, threefold), the repetition's value and perpetual checks.
pub(super) fn game_ends(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    pawn_type: Option<String>,
    decls: &mut String,
) {
    let number = |c: &mut Conv<'_>, key: &str, default: u32| -> u32 {
        match c.value(key) {
            None => default,
            Some(v) => v.parse().unwrap_or_else(|_| {
                c.issue(key, format!("`{v}` is not a number"));
                default
            }),
        }
    };
    let value = |c: &mut Conv<'_>, key: &str| -> Option<&'static str> {
        match c.value(key).as_deref() {
            None | Some("draw") => Some("draw"),
            Some("win") => Some("win"),
            Some("loss") => Some("loss"),
            Some(v) => {
                c.issue(key, format!("`{v}` is not win, loss or draw"));
                None
            }
        }
    };
    let n_fold = number(c, "nFoldRule", 3);
    let fold_value = value(c, "nFoldValue");
    let absolute = c.flag("nFoldValueAbsolute", false);
    let perpetual = c.flag("perpetualCheckIllegal", false);
    if n_fold >= 2 {
        let mut line = format!("repetition {n_fold}");
        match fold_value {
            Some("draw") | None => {}
            Some(v) => {
                let _ = write!(line, " {v}");
                if absolute {
                    line.push_str(" for first");
                }
            }
        }
        let _ = writeln!(decls, "{line}");
        // Without royal pieces nobody is ever in check: the key says nothing.
        let royals = decls.starts_with("royal ") || decls.contains("\nroyal ");
        if perpetual && royals {
            decls.push_str("perpetual check loses\n");
        }
    } else if n_fold == 1 {
        c.issue("nFoldRule", "a repetition rule of 1 is not translated");
    } else if perpetual {
        c.issue(
            "perpetualCheckIllegal",
            "needs a repetition rule (nFoldRule = 0)",
        );
    }
    let n_move = number(c, "nMoveRule", 50);
    if n_move > 0 {
        // By default the piece type `pawn` (not whatever has the letter p: Xiangqi's
        // soldiers do not reset the count).
        let types = c.value("nMoveRuleTypes").or_else(|| c.value("pawnTypes"));
        for key in ["nMoveRuleTypesWhite", "nMoveRuleTypesBlack"] {
            if c.value(key).is_some_and(|v| Some(&v) != types.as_ref()) {
                c.issue(key, "per-side n-move rule pieces are not translated");
            }
        }
        let names: Vec<String> = match types {
            Some(t) => t.chars().filter_map(letter_name).collect(),
            None => pawn_type.into_iter().collect(),
        };
        let mut line = format!("move limit {n_move}");
        if !names.is_empty() {
            let _ = write!(line, ", pawn {}", names.join(" | "));
        }
        let _ = writeln!(decls, "{line}");
    }
}

/// The win conditions: flag regions as `reach`, extinction as `extinction`, check
/// counting as `checks N` (N from the start FEN's `W+B` counters), `checking = false`
/// as `no giving check`.
pub(super) fn win_rules(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    fen: &str,
    zones: &mut String,
    decls: &mut String,
) {
    flags(c, letter_name, zones, decls);
    extinction(c, letter_name, fen, decls);
    if c.flag("checkCounting", false) {
        // The counts are the start FEN's field after en passant: `3+3`.
        let counts = fen
            .split_whitespace()
            .find_map(|f| f.split_once('+'))
            .and_then(|(w, b)| Some((w.parse::<u32>().ok()?, b.parse::<u32>().ok()?)));
        match counts {
            Some((w, b)) if w == b && (1..=255).contains(&w) => {
                let _ = writeln!(decls, "checks {w}");
            }
            Some((w, b)) => c.issue(
                "checkCounting",
                format!("check counts `{w}+{b}`: only the same count from 1 to 255 for both sides is translated"),
            ),
            None => c.issue(
                "checkCounting",
                "the start FEN has no check counts (`3+3` after the en passant field)",
            ),
        }
    }
    if !c.flag("checking", true) {
        decls.push_str("no giving check\n");
    }
}

/// `flagPiece`, `flagRegionWhite` / `flagRegionBlack`, `flagPieceCount`, `flagMove`.
fn flags(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    zones: &mut String,
    decls: &mut String,
) {
    let piece = |c: &mut Conv<'_>, key: &str, default: Option<String>| -> Option<String> {
        let v = c.value(key).or(default)?;
        // `*`: every piece type.
        let letters: String = if v.contains('*') {
            ('a'..='z').collect()
        } else {
            v.chars().filter(|l| *l != '-').collect()
        };
        let mut names: Vec<String> = Vec::new();
        for name in letters.chars().filter_map(letter_name) {
            for n in name.split(" | ") {
                if !names.iter().any(|x| x == n) {
                    names.push(n.to_string());
                }
            }
        }
        if names.is_empty() {
            c.issue(key, format!("`{v}` names no piece of this variant"));
            return None;
        }
        Some(names.join(" | "))
    };
    // Fairy-Stockfish's flag piece is every piece type unless named.
    let both = c.value("flagPiece").or_else(|| Some("*".to_string()));
    let white_piece = piece(c, "flagPieceWhite", both.clone());
    let black_piece = piece(c, "flagPieceBlack", both);
    // `flagRegion` sets both sides' regions; the per-side keys override it.
    let region = c.value("flagRegion");
    let white = c.cells("flagRegionWhite", region.as_deref());
    let black = c.cells("flagRegionBlack", region.as_deref());
    let count = c.value("flagPieceCount").map_or(1, |v| {
        v.parse::<u32>().unwrap_or_else(|_| {
            c.issue("flagPieceCount", format!("`{v}` is not a number"));
            1
        })
    });
    let reply = c.flag("flagMove", false);
    let safe = c.flag("flagPieceSafe", false);
    let mut options = String::new();
    if count > 1 {
        let _ = write!(options, ", count {count}");
    }
    // `flagPieceBlockedWin`: one flag piece in a region with no empty cell is enough.
    if c.flag("flagPieceBlockedWin", false) {
        options.push_str(", full");
    }
    // With `flagMove` too, only an unsafe arrival gives a reply: `safe, held` (the
    // king's arrival, Racing Kings' `reply`, is not translated with it).
    if safe {
        options.push_str(", safe");
    }
    let mut rule =
        |zone: &str, absolute: bool, cells: &str, pieces: &str, side: &str, reply: bool| {
            let abs = if absolute { "absolute " } else { "" };
            let _ = writeln!(zones, "zone {abs}{zone} = {cells}");
            // Fairy-Stockfish's `flagMove`: the king's arrival may be answered (Racing
            // Kings: `reply`); any other piece's counts once its side is to move again
            // with it still there (Jeson Mor: `held`).
            let reply = match (reply, pieces == "King") {
                (false, _) => "",
                (true, true) if safe => "",
                (true, true) => ", reply",
                (true, false) => ", held",
            };
            let _ = writeln!(decls, "reach {zone} with {pieces}{side}{options}{reply}");
        };
    let king = white_piece.as_deref() == Some("King") || black_piece.as_deref() == Some("King");
    if reply && safe && king {
        c.issue(
            "flagPieceSafe",
            "not translated with `flagMove` for the king (only an unsafe king gives a reply)",
        );
    }
    match (white, black, white_piece, black_piece) {
        (Some(w), Some(b), Some(wp), Some(bp))
            if wp == bp && same_cells(mirror(&w, c.height).as_deref(), &b) =>
        {
            rule("flag_zone", false, &w, &wp, "", reply);
        }
        (Some(w), Some(b), Some(wp), Some(bp)) if wp == bp && same_cells(Some(&w), &b) => {
            rule("flag_zone", true, &w, &wp, "", reply);
        }
        (w, b, wp, bp) => {
            let king = wp.as_deref() == Some("King") || bp.as_deref() == Some("King");
            if reply && !safe && king && (w.is_some() || b.is_some()) {
                c.issue(
                    "flagMove",
                    "a reply to a flag with different regions or pieces per side is not translated",
                );
            }
            if let (Some(w), Some(wp)) = (w, wp) {
                rule("flag_first", true, &w, &wp, " for first", reply && !king);
            }
            if let (Some(b), Some(bp)) = (b, bp) {
                rule("flag_second", true, &b, &bp, " for second", reply && !king);
            }
        }
    }
}

/// `extinctionValue`, `extinctionPieceTypes` (`*`: all pieces), `extinctionPieceCount`.
fn extinction(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    fen: &str,
    decls: &mut String,
) {
    let value = match c.value("extinctionValue").as_deref() {
        None | Some("none") => {
            // No extinction: which pieces would count says nothing.
            for key in [
                "extinctionPieceTypes",
                "extinctionPieceCount",
                "extinctionPseudoRoyal",
            ] {
                c.get(key);
            }
            return;
        }
        Some(v @ ("win" | "loss" | "draw")) => v.to_string(),
        Some(v) => {
            c.issue("extinctionValue", format!("`{v}` is not win, loss or draw"));
            return;
        }
    };
    let types = c.value("extinctionPieceTypes").unwrap_or_default();
    let what = if types.contains('*') {
        "all".to_string()
    } else {
        let names: Vec<String> = types.chars().filter_map(letter_name).collect();
        if names.is_empty() {
            c.issue(
                "extinctionPieceTypes",
                format!("`{types}` names no piece of this variant"),
            );
            return;
        }
        names.join(" | ")
    };
    let below = match c.value("extinctionPieceCount") {
        None => 1,
        Some(v) => match v.parse::<u32>() {
            Ok(n) => n + 1,
            Err(_) => {
                c.issue("extinctionPieceCount", format!("`{v}` is not a number"));
                1
            }
        },
    };
    for key in ["extinctionOpponentPieceCount"] {
        if c.value(key).is_some_and(|v| v != "0") {
            c.issue(
                key,
                "not translated (an extinction that needs the opponent's count)",
            );
        }
    }
    if c.flag("extinctionClaim", false) {
        c.issue("extinctionClaim", "not translated");
    }
    // Pseudo-royal pieces cannot be taken: without blasts, Fairy-Stockfish ends no
    // game by their extinction (a type missing from the start position ends nothing).
    if c.flag("extinctionPseudoRoyal", false)
        && pseudo_royal(c, letter_name, &types, below, fen, decls)
        && !c.flag("blastOnCapture", false)
    {
        return;
    }
    let below = if below > 1 {
        format!(", below {below}")
    } else {
        String::new()
    };
    let _ = writeln!(decls, "extinction {what} {value}{below}");
}

/// `extinctionPseudoRoyal`: a piece of the extinction types is pseudo-royal (no move
/// may leave it attacked) while its side has no more of its type than the count the
/// loss of one would make extinct. Translated as `royal` when that holds from the start
/// position on for every such type (each side holds at most `below` of them): then
/// the pieces are royal for the whole game, as `royal` says; `*` is reported.
/// Whether it was translated.
fn pseudo_royal(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    types: &str,
    below: u32,
    fen: &str,
    decls: &mut String,
) -> bool {
    if types.contains('*') {
        c.issue(
            "extinctionPseudoRoyal",
            "pseudo-royalty of every piece (`extinctionPieceTypes = *`) is not translated",
        );
        return false;
    }
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut names = Vec::new();
    for l in types.chars().filter(|l| l.is_ascii_alphabetic()) {
        let Some(name) = letter_name(l) else { continue };
        for side in [l.to_ascii_uppercase(), l.to_ascii_lowercase()] {
            let n = board.chars().filter(|&x| x == side).count() as u32;
            if n > below {
                c.issue(
                    "extinctionPseudoRoyal",
                    format!("`{side}` starts {n} times, more than the {below} that are pseudo-royal: not translated"),
                );
                return false;
            }
        }
        // `name` may list a type's promoted faces too: each is declared once.
        for n in name.split(" | ") {
            let declared = decls.lines().any(|d| {
                d.strip_prefix("royal ")
                    .is_some_and(|r| r.split(" | ").any(|x| x == n))
            });
            if !declared && !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        }
    }
    if !names.is_empty() {
        let _ = writeln!(decls, "royal {}", names.join(" | "));
    }
    true
}

/// Janggi's keys for how a game ends: `bikjangRule` (`royals facing draw`),
/// `materialCounting` (`draws by points` with Janggi's values, `draw by piece count`,
/// `draw odds`) and `moveRepetitionIllegal` (`move repetition loses`, but for the
/// pieces that can never reach the other side's king's region, as Fairy-Stockfish
/// judges the moved piece).
pub(super) fn janggi_ends(c: &mut Conv<'_>, pieces: &[Piece], decls: &mut String) {
    let name = |key: &str| pieces.iter().find(|p| p.key == key).map(|p| p.name.clone());
    let king = name("king");
    if c.flag("bikjangRule", false) {
        if king.is_none() {
            c.issue("bikjangRule", "the variant has no king");
        } else if decls.contains("royals may not face") {
            c.issue(
                "bikjangRule",
                "with flyingGeneral: the royals may not face each other at all",
            );
        } else {
            decls.push_str("royals facing draw\n");
        }
    }
    match c.value("materialCounting").as_deref() {
        None | Some("none") => {}
        Some("janggi") => {
            let values = [
                ("rook", "13"),
                ("janggiCannon", "7"),
                ("horse", "5"),
                ("janggiElephant", "3"),
                ("wazir", "3"),
                ("soldier", "2"),
            ];
            let kinds: Vec<String> = values
                .iter()
                .filter_map(|(key, v)| Some(format!("{} {v}", name(key)?)))
                .collect();
            if kinds.is_empty() {
                c.issue(
                    "materialCounting",
                    "`janggi`: the variant has none of the pieces Janggi's count values",
                );
            } else {
                // Fairy-Stockfish's count is the first side's lead less one: the
                // second side wins ties and leads of one, as with a 1.5 bonus.
                let _ = writeln!(decls, "draws by points {}, second 1.5", kinds.join(", "));
            }
        }
        // (`flips` writes it for the board games of flips.)
        Some("unweighted") if decls.contains("draw by piece count\n") => {}
        Some("unweighted") => decls.push_str("draw by piece count\n"),
        Some("whitedrawodds") => decls.push_str("draw odds for first\n"),
        Some("blackdrawodds") => decls.push_str("draw odds for second\n"),
        Some(v) => c.issue(
            "materialCounting",
            format!("`{v}` is not janggi, unweighted, whitedrawodds, blackdrawodds or none"),
        ),
    }
    if c.flag("moveRepetitionIllegal", false) {
        // A piece whose region never meets the other side's king's region: Fairy-
        // Stockfish's rule leaves its shuttling alone.
        let region = |c: &mut Conv<'_>, p: &Piece| {
            let mut chars = p.key.chars();
            let first = chars.next()?;
            let key = format!(
                "mobilityRegionWhite{}{}",
                first.to_ascii_uppercase(),
                chars.as_str()
            );
            c.keys.get(&key)?;
            c.cells(&key, None)
        };
        let king_piece = pieces.iter().find(|p| p.key == "king");
        let theirs = king_piece
            .and_then(|k| region(c, k))
            .and_then(|r| mirror(&r, c.height))
            .map(|r| super::decls::expand(&r, c.width, c.height));
        let mut not = Vec::new();
        if let Some(theirs) = theirs {
            for p in pieces {
                if let Some(r) = region(c, p) {
                    let mine = super::decls::expand(&r, c.width, c.height);
                    if !mine.iter().any(|cell| theirs.contains(cell)) {
                        not.push(p.name.clone());
                    }
                }
            }
        }
        if not.is_empty() {
            decls.push_str("move repetition loses\n");
        } else {
            let _ = writeln!(decls, "move repetition loses, not {}", not.join(" | "));
        }
    }
}
