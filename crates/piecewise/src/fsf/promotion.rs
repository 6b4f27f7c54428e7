//! promotion: the `promotion` declarations of a variant from its keys (pawn types,
//! choices, region, mandatory or not, per-piece promotions and their limits). Reports
//! what it cannot translate through `Conv::issue`.

use super::convert::{mirror, Conv};
use std::fmt::Write;

/// `promotion` declarations; returns the zone's name.
pub(super) fn promotion(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    zones: &mut String,
    decls: &mut String,
    promoted: &mut String,
    (pawn_letter, ep_types): (Option<char>, &str),
) -> Option<String> {
    // Fairy-Stockfish's default is the piece type `pawn`, whatever its letter (not
    // a soldier or shogi pawn lettered p); a pawn type that promotes shogi-style
    // (`promotedPieceType`) does not promote by `promotionPieceTypes`.
    let shogi_style: Vec<char> = c
        .keys
        .get("promotedPieceType")
        .map(|e| {
            e.value
                .split_whitespace()
                .filter_map(|p| p.chars().next())
                .map(|l| l.to_ascii_lowercase())
                .collect()
        })
        .unwrap_or_default();
    // `pawnTypes` sets the promotion pawn types too (an alias read before the key).
    let main_pawns = match c
        .value("promotionPawnTypes")
        .or_else(|| c.value("pawnTypes"))
    {
        Some(v) => v,
        None => pawn_letter
            .map(|l| l.to_ascii_lowercase())
            .into_iter()
            .collect(),
    };
    let main_choices = c
        .value("promotionPieceTypes")
        .unwrap_or_else(|| "nbrq".into());
    // Per side: `promotionPawnTypesWhite` and the like override the value for both.
    let per_side = |c: &mut Conv<'_>, key: &str, main: &str| -> [String; 2] {
        ["White", "Black"].map(|s| c.value(&format!("{key}{s}")).unwrap_or_else(|| main.into()))
    };
    // Pawn types named outright promote by both rules, as Fairy-Stockfish's custom
    // pawns do (elgam's soldier: `s:w` and to `w`, forced, by promotionPieceTypes).
    let named = ["promotionPawnTypes", "pawnTypes"]
        .iter()
        .any(|k| c.keys.contains_key(*k));
    let pawns_of = per_side(c, "promotionPawnTypes", &main_pawns).map(|p| {
        p.chars()
            .filter(|l| named || !shogi_style.contains(l))
            .collect::<String>()
    });
    let choices_of = per_side(c, "promotionPieceTypes", &main_choices);
    let last = format!("*{}", c.height);
    let region = c.cells("promotionRegionWhite", Some(&last));
    let black_region = c.cells("promotionRegionBlack", None);
    // A region of the second side that is not the first's mirror image (or pieces
    // that differ by side): one absolute zone per side, each side's rules `for` it.
    let mirrored = match (&region, &black_region) {
        (Some(w), Some(b)) => mirror(w, c.height).as_deref() == Some(b.as_str()),
        _ => true,
    };
    let split = !mirrored || pawns_of[0] != pawns_of[1] || choices_of[0] != choices_of[1];
    let optional = !c.flag("mandatoryPawnPromotion", true);
    // A pawn is made to promote where it could never move again, as under
    // `immobilityIllegal` (drops read the key too).
    c.get("immobilityIllegal");
    for key in ["sittuyinPromotion"] {
        if let Some(v) = c
            .value(key)
            .filter(|v| v != "false" && v != "-" && !v.is_empty())
        {
            c.issue(key, format!("`{v}` is not translated"));
        }
    }
    // Fairy-Stockfish's en passant captures never promote: said where one could land
    // in a zone (one that is more than the last rank).
    let deep = region.as_deref() != Some(format!("rank {}", c.height).as_str())
        || (!mirrored && black_region.as_deref() != Some("rank 1"));
    let no_ep = |letters: &str| -> &'static str {
        if deep && letters.chars().any(|l| ep_types.contains(l)) {
            ", not en passant"
        } else {
            ""
        }
    };
    let targets: Vec<Target> = if split {
        vec![
            Target {
                zone: "promotion_zone_white".into(),
                side: " for first",
                index: 0,
            },
            Target {
                zone: "promotion_zone_black".into(),
                side: " for second",
                index: 1,
            },
        ]
    } else {
        vec![Target {
            zone: "promotion_zone".into(),
            side: "",
            index: 0,
        }]
    };
    let mut any_pawn_rule = false;
    let mut pawn_rules = String::new();
    let mut limited_first: Vec<String> = Vec::new();
    for t in &targets {
        let (pawns, choices) = (&pawns_of[t.index], &choices_of[t.index]);
        let pawn_names: Vec<String> = pawns.chars().filter_map(letter_name).collect();
        let choice_names: Vec<String> = choices
            .chars()
            .filter(|l| !pawns.contains(*l))
            .filter_map(letter_name)
            .collect();
        // Each side's limits are read once (the issues too).
        let limited =
            if t.index == 1 && pawns_of[0] == pawns_of[1] && choices_of[0] == choices_of[1] {
                limited_first.clone()
            } else {
                promotion_limit(c, choices, pawns.as_str(), letter_name)
            };
        if t.index == 0 {
            limited_first = limited.clone();
        }
        if pawn_names.is_empty() || choice_names.is_empty() {
            continue;
        }
        any_pawn_rule = true;
        // The choices `promotionLimit` limits to the start position's count are
        // `only captured`, in a declaration of their own.
        let (only, free): (Vec<String>, Vec<String>) = choice_names
            .iter()
            .cloned()
            .partition(|n| limited.contains(n));
        for (names, tail) in [(free, ""), (only, ", only captured")] {
            if names.is_empty() {
                continue;
            }
            let _ = writeln!(
                pawn_rules,
                "promotion {} to {} in {}{}{}{tail}{}",
                pawn_names.join(" | "),
                names.join(" | "),
                t.zone,
                t.side,
                if optional { ", optional" } else { "" },
                no_ep(pawns)
            );
        }
    }
    let region = region?;
    // The pawn types of a pawn rule (on either side) are left to it.
    let pawn_types: String = if any_pawn_rule {
        pawns_of.concat()
    } else {
        String::new()
    };
    let pieces = piece_promotion(
        c,
        letter_name,
        (any_pawn_rule.then_some(pawn_types.as_str()), pawn_letter),
        (decls, &targets),
        promoted,
        &no_ep,
    );
    if !any_pawn_rule && !pieces {
        return None;
    }
    decls.push_str(&pawn_rules);
    if split {
        let black = black_region.unwrap_or_else(|| mirror(&region, c.height).unwrap_or_default());
        let _ = writeln!(zones, "zone absolute promotion_zone_white = {region}");
        let _ = writeln!(zones, "zone absolute promotion_zone_black = {black}");
        // Pawn drops kept out of a promotion zone need a zone of the side's view.
        return None;
    }
    let _ = writeln!(zones, "zone promotion_zone = {region}");
    Some("promotion_zone".into())
}

/// Where one side's (or both sides') promotion rules promote: the zone's name, the
/// `for first|second` written after it (empty for both), and the side's index into
/// per-side values.
struct Target {
    zone: String,
    side: &'static str,
    index: usize,
}

/// `promotionLimit = x:N ...`: the choices that may be promoted to only while the side
/// has fewer than N of them, as names; said (`only captured`) where N is the first
/// side's count of x in the start position, reported otherwise.
fn promotion_limit(
    c: &mut Conv<'_>,
    choices: &str,
    pawns: &str,
    letter_name: &dyn Fn(char) -> Option<String>,
) -> Vec<String> {
    let Some(v) = c.value("promotionLimit").filter(|v| v != "-") else {
        return Vec::new();
    };
    let board = c
        .keys
        .get("startFen")
        .map(|e| e.value.split(['[', ' ']).next().unwrap_or("").to_string())
        .unwrap_or_default();
    let mut out = Vec::new();
    for item in v.split_whitespace() {
        let parsed = item
            .split_once(':')
            .and_then(|(l, n)| Some((l.chars().next()?, n.parse::<usize>().ok()?)));
        let Some((l, n)) = parsed else {
            c.issue("promotionLimit", format!("`{item}` is not `x:N`"));
            continue;
        };
        let l = l.to_ascii_lowercase();
        if !choices.contains(l) || pawns.contains(l) || n == 0 {
            continue;
        }
        let start = board
            .chars()
            .filter(|ch| *ch == l.to_ascii_uppercase())
            .count();
        match letter_name(l) {
            Some(name) if start == n => out.push(name),
            _ => c.issue(
                "promotionLimit",
                format!("`{item}`: only a limit equal to the start position's count ({start}) is translated"),
            ),
        }
    }
    out
}

/// `promotedPieceType = x:y ...`: Fairy-Stockfish's shogi-style promotion, a move
/// starting or ending in the promotion zone may turn piece x into a piece `+X` that
/// moves as y (`piece PromotedX (+X) { like Y }`), optional unless
/// `mandatoryPiecePromotion`, forced where the piece could never move again only under
/// `immobilityIllegal`. Pawn types that promote by `promotionPieceTypes` (`pawns`)
/// are left to that rule. Whether any rule was written.
fn piece_promotion(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    (pawns, pawn_letter): (Option<&str>, Option<char>),
    (decls, targets): (&mut String, &[Target]),
    promoted: &mut String,
    no_ep: &dyn Fn(&str) -> &'static str,
) -> bool {
    // The piece type `pawn` promotes by the pawns' rule: forced unless
    // `mandatoryPawnPromotion = false`, into the zone only.
    let pawn_optional = !c.flag("mandatoryPawnPromotion", true);
    // Without promoted pieces there is nothing to turn back or to promote on capture.
    for key in ["pieceDemotion", "piecePromotionOnCapture"] {
        c.get(key);
    }
    let Some(v) = c.value("promotedPieceType").filter(|v| v != "-") else {
        return false;
    };
    let optional = !c.flag("mandatoryPiecePromotion", false);
    let never_forced = optional && !c.flag("immobilityIllegal", false);
    // `pieceDemotion`: a promoted piece turns back on the same moves (Kyoto shogi);
    // `piecePromotionOnCapture`: only captures turn a piece (Micro shogi).
    let demotion = c.flag("pieceDemotion", false);
    let on_capture = c.flag("piecePromotionOnCapture", false);
    let options = |line: &mut String, optional: bool| {
        if on_capture {
            line.push_str(", on capture");
        }
        if optional {
            line.push_str(", optional");
        }
        if optional && never_forced {
            line.push_str(", never forced");
        }
    };
    // `promotionLimit = y:N`: a piece promotes to y only while its side has fewer than
    // N pieces of type y (the `+X` face moving as y is that type).
    let limits: Vec<(char, u64)> = c
        .keys
        .get("promotionLimit")
        .map(|e| {
            e.value
                .split_whitespace()
                .filter_map(|i| {
                    let (l, n) = i.split_once(':')?;
                    Some((l.chars().next()?.to_ascii_lowercase(), n.parse().ok()?))
                })
                .collect()
        })
        .unwrap_or_default();
    let targets_of: Vec<char> = v
        .split_whitespace()
        .filter_map(|p| p.chars().nth(2).map(|t| t.to_ascii_lowercase()))
        .collect();
    let mut any = false;
    let mut done: Vec<char> = Vec::new();
    for pair in v.split_whitespace() {
        let letters: Vec<char> = pair.chars().collect();
        let (from, to) = match letters.as_slice() {
            [f, ':', t] => (f.to_ascii_lowercase(), t.to_ascii_lowercase()),
            _ => {
                c.issue("promotedPieceType", format!("`{pair}` is not `x:y`"));
                continue;
            }
        };
        // A pawn type of the pawns' rule promotes by both (the pawns' rule forces it
        // to promote where that is mandatory).
        let _ = pawns;
        // A piece the variant does not have promotes to nothing (an inherited pair).
        if letter_name(from).is_none() {
            continue;
        }
        let (Some(base), Some(target)) = (letter_name(from), letter_name(to)) else {
            c.issue(
                "promotedPieceType",
                format!("`{pair}` names a piece this variant does not have"),
            );
            continue;
        };
        if done.contains(&from) {
            c.issue(
                "promotedPieceType",
                format!("`{pair}`: `{from}` promotes twice"),
            );
            continue;
        }
        done.push(from);
        let name = format!("Promoted{base}");
        let upper = from.to_ascii_uppercase();
        let _ = writeln!(promoted, "piece {name} (+{upper}) {{ like {target} }}");
        let is_pawn = pawn_letter.is_some_and(|l| l.to_ascii_lowercase() == from);
        if is_pawn && (on_capture || demotion) {
            c.issue(
                "promotedPieceType",
                format!("`{pair}`: the pawn's promotion with pieceDemotion or piecePromotionOnCapture is not translated"),
            );
            continue;
        }
        let (leaving, optional) = if is_pawn {
            ("", pawn_optional)
        } else {
            (", also leaving", optional)
        };
        // The pawn type `pawn`'s shogi-style promotion knows no limit.
        let limit = match limits.iter().find(|(l, _)| *l == to) {
            Some(&(_, n)) if n > 0 && !is_pawn => {
                if targets_of.iter().filter(|t| **t == to).count() > 1 {
                    c.issue(
                        "promotionLimit",
                        format!("`{to}:{n}`: several pieces promote to `{to}`, whose faces are counted together; not translated"),
                    );
                    String::new()
                } else if n > 255 {
                    String::new()
                } else {
                    format!(", at most {n}")
                }
            }
            _ => String::new(),
        };
        let ep = no_ep(&from.to_string());
        for t in targets {
            let (zone, side) = (&t.zone, t.side);
            let mut line = format!("promotion {base} to {name} in {zone}{side}{leaving}");
            options(&mut line, optional);
            line.push_str(&limit);
            line.push_str(ep);
            let _ = writeln!(decls, "{line}");
            if demotion {
                let mut line = format!("promotion {name} to {base} in {zone}{side}, also leaving");
                options(&mut line, optional);
                let _ = writeln!(decls, "{line}");
            }
        }
        any = true;
    }
    any
}
