//! decls: the game declarations of a variant from its keys: `promotion` (pawn types,
//! choices, region, mandatory or not), `castling` (the king's and the partner's files,
//! the rank), and `hand` / `drop` (drop restrictions). Each reports what it cannot
//! translate through `Conv::issue`; pieces and the board are `convert`'s.

use super::convert::{mirror, Conv, Piece};
use std::fmt::Write;

/// `promotion` declarations; returns the zone's name.
pub(super) fn promotion(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    zones: &mut String,
    decls: &mut String,
) -> Option<String> {
    let pawns = c.value("promotionPawnTypes").unwrap_or_else(|| "p".into());
    let choices = c
        .value("promotionPieceTypes")
        .unwrap_or_else(|| "nbrq".into());
    for (key, same) in [
        ("promotionPawnTypesWhite", &pawns),
        ("promotionPawnTypesBlack", &pawns),
        ("promotionPieceTypesWhite", &choices),
        ("promotionPieceTypesBlack", &choices),
    ] {
        if let Some(v) = c.value(key).filter(|v| v != same) {
            c.issue(key, format!("`{v}` differs from the value for both sides; per-side promotion is not translated"));
        }
    }
    let last = format!("*{}", c.height);
    let region = c.cells("promotionRegionWhite", Some(&last));
    if let (Some(w), Some(b)) = (region.clone(), c.cells("promotionRegionBlack", None)) {
        if mirror(&w, c.height).as_deref() != Some(b.as_str()) {
            c.issue(
                "promotionRegionBlack",
                "not the mirror image of promotionRegionWhite",
            );
        }
    }
    let pawn_names: Vec<String> = pawns.chars().filter_map(letter_name).collect();
    let choice_names: Vec<String> = choices
        .chars()
        .filter(|l| !pawns.contains(*l))
        .filter_map(letter_name)
        .collect();
    if let Some(v) = c.value("promotedPieceType").filter(|v| v != "-") {
        c.issue(
            "promotedPieceType",
            format!("`{v}`: shogi-style piece promotion is not translated"),
        );
    }
    for key in [
        "promotionLimit",
        "sittuyinPromotion",
        "piecePromotionOnCapture",
    ] {
        if let Some(v) = c
            .value(key)
            .filter(|v| v != "false" && v != "-" && !v.is_empty())
        {
            c.issue(key, format!("`{v}` is not translated"));
        }
    }
    let optional = !c.flag("mandatoryPawnPromotion", true);
    let region = region?;
    if pawn_names.is_empty() || choice_names.is_empty() {
        return None;
    }
    let _ = writeln!(zones, "zone promotion_zone = {region}");
    let _ = writeln!(
        decls,
        "promotion {} to {} in promotion_zone{}",
        pawn_names.join(" | "),
        choice_names.join(" | "),
        if optional { ", optional" } else { "" }
    );
    Some("promotion_zone".into())
}

/// `castling` declarations from the castling keys.
pub(super) fn castling(c: &mut Conv<'_>, pieces: &[Piece], decls: &mut String) {
    if !c.flag("castling", true) {
        return;
    }
    let king_letter = c.value("castlingKingPiece").unwrap_or_else(|| "k".into());
    let rooks = c.value("castlingRookPieces").unwrap_or_else(|| "r".into());
    if rooks.chars().count() > 1 {
        c.issue(
            "castlingRookPieces",
            "castling with more than one kind of partner is not translated",
        );
    }
    let find = |l: Option<char>| {
        let l = l?.to_ascii_uppercase();
        pieces
            .iter()
            .find(|p| p.letter == l)
            .map(|p| p.name.clone())
    };
    let (Some(king), Some(rook)) = (find(king_letter.chars().next()), find(rooks.chars().next()))
    else {
        return;
    };
    let last = c.width - 1;
    let kfile = c.file("castlingKingFile", 4);
    let kside = c.file("castlingKingsideFile", 6);
    let qside = c.file("castlingQueensideFile", 2);
    let rk = c.file("castlingRookKingsideFile", last);
    let rq = c.file("castlingRookQueensideFile", 0);
    let rank = c.rank("castlingRank", 0) + 1;
    if c.flag("castlingDroppedPiece", false) {
        c.issue(
            "castlingDroppedPiece",
            "castling with dropped pieces is not translated",
        );
    }
    let cell = |f: u8| format!("{}{rank}", (b'a' + f) as char);
    for (to, from_rook, rook_to) in [(kside, rk, kside.wrapping_sub(1)), (qside, rq, qside + 1)] {
        if to >= c.width || rook_to >= c.width || from_rook >= c.width {
            continue;
        }
        let _ = writeln!(
            decls,
            "castling {king} {} to {} with {rook} {} to {}",
            cell(kfile),
            cell(to),
            cell(from_rook),
            cell(rook_to)
        );
    }
}

/// `hand` and `drop` declarations.
pub(super) fn drops(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    promo_zone: Option<&str>,
    zones: &mut String,
    decls: &mut String,
) {
    let drops = c.flag("pieceDrops", false);
    let to_hand = c.flag("capturesToHand", false);
    if drops != to_hand {
        let key = if drops {
            "pieceDrops"
        } else {
            "capturesToHand"
        };
        c.issue(
            key,
            "drops are translated when both pieceDrops and capturesToHand are on",
        );
        return;
    }
    if !drops {
        return;
    }
    decls.push_str("hand\n");
    let pawns = c.value("promotionPawnTypes").unwrap_or_else(|| "p".into());
    let first_rank = c.flag("firstRankPawnDrops", false);
    let in_zone = c.flag("promotionZonePawnDrops", false);
    let no_doubled = c.value("dropNoDoubled").filter(|v| v != "-");
    if let Some(n) = c.value("dropNoDoubledCount").filter(|v| v != "1") {
        c.issue("dropNoDoubledCount", format!("`{n}`: only 1 is translated"));
    }
    let mate = c.flag("shogiPawnDropMateIllegal", false);
    for key in [
        "dropLoop",
        "dropPromoted",
        "sittuyinRookDrop",
        "dropOppositeColoredBishop",
        "mustDrop",
        "dropOnTop",
    ] {
        if c.flag(key, false) {
            c.issue(key, "not translated");
        }
    }
    for key in ["whiteDropRegion", "blackDropRegion", "enclosingDrop"] {
        if c.get(key).is_some() {
            c.issue(key, "not translated");
        }
    }
    if !first_rank {
        zones.push_str("zone first_rank = rank 1\n");
    }
    for l in pawns.chars() {
        let Some(name) = letter_name(l) else { continue };
        let mut not_in = Vec::new();
        if !first_rank {
            not_in.push("first_rank");
        }
        if let (false, Some(z)) = (in_zone, promo_zone) {
            not_in.push(z);
        }
        let mut line = format!("drop {name}");
        if !not_in.is_empty() {
            let _ = write!(line, " not in {}", not_in.join(" | "));
        }
        if no_doubled.as_deref().is_some_and(|d| d.contains(l)) {
            line.push_str(", one per file");
        }
        if mate {
            line.push_str(", not mating");
        }
        let _ = writeln!(decls, "{line}");
    }
    if let Some(d) = no_doubled {
        for l in d.chars().filter(|l| !pawns.contains(*l)) {
            if let Some(name) = letter_name(l) {
                let _ = writeln!(decls, "drop {name}, one per file");
            }
        }
    }
}
