//! decls: the game declarations of a variant from its keys: `castling` (the king's and
//! the partner's files, the rank), `hand` / `drop` (drop restrictions) and gating. Each
//! reports what it cannot translate through `Conv::issue`; pieces and the board are
//! `convert`'s, promotion is [`super::promotion`]'s.

use super::army::Piece;
use super::convert::{mirror, same_cells, Conv};
use std::fmt::Write;

/// The files (0-based) of a FEN board part's rank `rank` (0-based from the first
/// side's edge) holding `letter` (case as given), left to right.
fn files_of(board: &str, height: u8, rank: u8, letter: char) -> Vec<u8> {
    let rows: Vec<&str> = board.split('[').next().unwrap_or("").split('/').collect();
    let Some(row) = (height as usize)
        .checked_sub(rank as usize + 1)
        .and_then(|i| rows.get(i))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (mut file, mut digits) = (0u32, 0u32);
    for ch in row.chars() {
        if let Some(d) = ch.to_digit(10) {
            digits = digits * 10 + d;
            continue;
        }
        file += digits;
        digits = 0;
        if ch == '+' || ch == '~' {
            continue;
        }
        if ch == letter {
            out.push(file as u8);
        }
        file += 1;
    }
    out
}

/// `castling` declarations from the castling keys and the start position: the king
/// castles from its file in the start position (or `castlingKingFile`), with the
/// outermost partner on each side of it (or the files the keys give), as
/// Fairy-Stockfish reads castling rights `K` and `Q`.
pub(super) fn castling(c: &mut Conv<'_>, pieces: &[Piece], board: &str, decls: &mut String) {
    if !c.flag("castling", true) {
        // Who would castle says nothing when nobody castles.
        for key in ["castlingKingPiece", "castlingRookPieces"] {
            c.get(key);
        }
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
    let rank0 = c.rank("castlingRank", 0);
    let rank = rank0 + 1;
    let k_letter = pieces
        .iter()
        .find(|p| p.name == king)
        .map_or('K', |p| p.letter);
    let r_letter = pieces
        .iter()
        .find(|p| p.name == rook)
        .map_or('R', |p| p.letter);
    let kings = files_of(board, c.height, rank0, k_letter);
    let explicit_king = c.keys.contains_key("castlingKingFile");
    let kfile = match (explicit_king, kings.as_slice()) {
        (false, [one]) => *one,
        _ => c.file("castlingKingFile", 4),
    };
    // The second side castles as the first side's mirror image in piecewise.
    let theirs = files_of(
        board,
        c.height,
        c.height - 1 - rank0,
        k_letter.to_ascii_lowercase(),
    );
    if !explicit_king && !theirs.is_empty() && !kings.is_empty() && theirs != kings {
        c.issue(
            "castling",
            "the second side's king does not start on the mirror image of the first side's; castling is declared from the first side's",
        );
    }
    let rooks_at = files_of(board, c.height, rank0, r_letter);
    let kside = c.file("castlingKingsideFile", 6);
    let qside = c.file("castlingQueensideFile", 2);
    let outer_k = rooks_at.iter().copied().filter(|&f| f > kfile).max();
    let outer_q = rooks_at.iter().copied().filter(|&f| f < kfile).min();
    let rk = match c.keys.contains_key("castlingRookKingsideFile") {
        true => c.file("castlingRookKingsideFile", last).min(last),
        false => outer_k.unwrap_or(last),
    };
    let rq = match c.keys.contains_key("castlingRookQueensideFile") {
        true => c.file("castlingRookQueensideFile", 0),
        false => outer_q.unwrap_or(0),
    };
    // `castlingDroppedPiece`: a drop onto a start cell gives the right.
    let dropped = if c.flag("castlingDroppedPiece", false) {
        ", when dropped"
    } else {
        ""
    };
    let cell = |f: u8| format!("{}{rank}", (b'a' + f) as char);
    // A king that castles one step, where it could also step, is written as taking
    // its partner (`d1a1`), as Fairy-Stockfish writes the move when it is ambiguous.
    let steps_sideways = pieces.iter().find(|p| p.name == king).is_some_and(|p| {
        p.body.iter().any(|l| {
            l.starts_with("step any")
                || l.starts_with("step orthogonal")
                || l.starts_with("step sideways")
        })
    });
    for (to, from_rook, rook_to) in [(kside, rk, kside.wrapping_sub(1)), (qside, rq, qside + 1)] {
        if to >= c.width || rook_to >= c.width || from_rook >= c.width || from_rook == kfile {
            continue;
        }
        let takes = if steps_sideways && to.abs_diff(kfile) == 1 {
            if !dropped.is_empty() {
                c.issue(
                    "castlingDroppedPiece",
                    "with a castling written as the king taking its partner: not translated",
                );
                continue;
            }
            ", king takes rook"
        } else {
            ""
        };
        let _ = writeln!(
            decls,
            "castling {king} {} to {} with {rook} {} to {}{takes}{dropped}",
            cell(kfile),
            cell(to),
            cell(from_rook),
            cell(rook_to)
        );
    }
}

/// The kinds `drops` names: every piece, the piece type `pawn` (name and letter),
/// the pieces with a promoted face, the piece type `bishop`.
pub(super) struct DropKinds<'a> {
    pub(super) all: &'a [String],
    pub(super) pawn: Option<(&'a str, char)>,
    pub(super) faces: &'a [String],
    pub(super) bishop: Option<&'a str>,
}

/// `hand` and `drop` declarations.
pub(super) fn drops(
    c: &mut Conv<'_>,
    letter_name: &dyn Fn(char) -> Option<String>,
    promo_zone: Option<&str>,
    kinds: &DropKinds<'_>,
    zones: &mut String,
    decls: &mut String,
) {
    let DropKinds {
        all: all_pieces,
        pawn,
        faces,
        bishop,
    } = *kinds;
    let drops = c.flag("pieceDrops", false);
    let to_hand = c.flag("capturesToHand", false);
    if to_hand && !drops {
        c.issue(
            "capturesToHand",
            "captures go to hand but pieceDrops is off: a hand that is never dropped from is not translated",
        );
        return;
    }
    if !drops {
        return;
    }
    decls.push_str(match (to_hand, c.flag("dropLoop", false)) {
        (false, _) => "hand, captures not kept\n",
        (true, true) => "hand, captures kept promoted\n",
        (true, false) => "hand\n",
    });
    // `dropChecks = false`: no drop may give check; `immobilityIllegal` (off by
    // default): a piece may be dropped where it could never move again.
    let checks = c.flag("dropChecks", true);
    let stuck = !c.flag("immobilityIllegal", false);
    let region = drop_region(c, zones, all_pieces, decls);
    let mut every = String::new();
    if let Some(z) = &region {
        let _ = write!(every, " not in {z}");
    }
    if !checks {
        every.push_str(", not checking");
    }
    if stuck {
        every.push_str(", also stuck");
    }
    // Fairy-Stockfish keeps the piece type `pawn` (whatever its letter; not another
    // piece lettered p) off the first rank and the promotion zone.
    let pawns: String = pawn
        .map(|(_, l)| l.to_ascii_lowercase())
        .into_iter()
        .collect();
    let first_rank = c.flag("firstRankPawnDrops", false);
    let in_zone = c.flag("promotionZonePawnDrops", false);
    let no_doubled = c.value("dropNoDoubled").filter(|v| v != "-");
    // `dropNoDoubledCount`: how many of the kind a file may hold before a drop.
    let per_file = match c.value("dropNoDoubledCount") {
        None => ", one per file".to_string(),
        Some(n) => match n.trim().parse::<u8>() {
            // No file holds fewer than none: the kind is never dropped.
            Ok(0) => String::new(),
            Ok(1) => ", one per file".to_string(),
            Ok(n) if n > 1 => format!(", at most {n} per file"),
            _ => {
                c.issue(
                    "dropNoDoubledCount",
                    format!("`{n}`: not a count from 1 to 255"),
                );
                ", one per file".to_string()
            }
        },
    };
    let mate = c.flag("shogiPawnDropMateIllegal", false);
    for key in ["sittuyinRookDrop", "dropOnTop"] {
        if c.flag(key, false) {
            c.issue(key, "not translated");
        }
    }
    // `top` and `anyside` drops are `connect`'s (`super::connect::drop_options`).
    let landing = c.keys.get("enclosingDrop").map(|e| e.value.trim());
    if !matches!(landing, Some("top" | "anyside")) && c.get("enclosingDrop").is_some() {
        c.issue("enclosingDrop", "not translated");
    }
    if !first_rank && pawn.is_some() {
        zones.push_str("zone first_rank = rank 1\n");
    }
    let mut written: Vec<String> = Vec::new();
    for (name, l) in pawn
        .iter()
        .map(|(n, l)| (n.to_string(), l.to_ascii_lowercase()))
    {
        let mut not_in = Vec::new();
        if !first_rank {
            not_in.push("first_rank");
        }
        if let (false, Some(z)) = (in_zone, promo_zone) {
            not_in.push(z);
        }
        if let Some(z) = &region {
            not_in.push(z);
        }
        let never = per_file.is_empty() && no_doubled.as_deref().is_some_and(|d| d.contains(l));
        if never {
            let _ = writeln!(zones, "zone every_cell = ranks 1-{}", c.height);
            not_in.push("every_cell");
        }
        let mut line = format!("drop {name}");
        if !not_in.is_empty() {
            let _ = write!(line, " not in {}", not_in.join(" | "));
        }
        if no_doubled.as_deref().is_some_and(|d| d.contains(l)) {
            line.push_str(&per_file);
        }
        if mate {
            line.push_str(", not mating");
        }
        if !checks {
            line.push_str(", not checking");
        }
        if stuck {
            line.push_str(", also stuck");
        }
        let _ = writeln!(decls, "{line}");
        written.push(name);
    }
    if let Some(d) = &no_doubled {
        for l in d.chars().filter(|l| !pawns.contains(*l)) {
            if per_file.is_empty() {
                c.issue(
                    "dropNoDoubledCount",
                    "`0` (never dropped) is translated for the pawn only",
                );
                continue;
            }
            if let Some(name) = letter_name(l) {
                let _ = writeln!(decls, "drop {name}{per_file}{every}");
                written.push(name);
            }
        }
    }
    // The options that hold for every piece, on the pieces not written above.
    if !every.is_empty() {
        for name in all_pieces {
            if !written.contains(name) {
                let _ = writeln!(decls, "drop {name}{every}");
            }
        }
    }
    // `dropPromoted`: the pieces with a promoted face may be dropped as it.
    if c.flag("dropPromoted", false) {
        for face in faces {
            with_option(decls, face, ", either face");
        }
    }
    // `mustDrop` (of `mustDropType`, all pieces by default): a setup phase.
    if c.flag("mustDrop", false) {
        let kinds: Vec<String> = match c.value("mustDropType").filter(|v| v != "*") {
            Some(v) => v.chars().filter_map(letter_name).collect(),
            None => all_pieces.to_vec(),
        };
        if kinds.is_empty() {
            c.issue("mustDropType", "names no piece of this variant");
        } else {
            let _ = writeln!(decls, "drop {}, dropped first", kinds.join(" | "));
        }
    }
    // `dropOppositeColoredBishop`: the piece type bishop, half on each colour.
    if c.flag("dropOppositeColoredBishop", false) {
        match bishop {
            Some(b) => {
                let _ = writeln!(decls, "drop {b}, opposite colours");
            }
            None => c.issue("dropOppositeColoredBishop", "the variant has no bishop"),
        }
    }
}

/// Adds `option` to the first `drop` declaration of `name` alone in `decls`, or a
/// declaration of its own.
fn with_option(decls: &mut String, name: &str, option: &str) {
    let mut out = String::new();
    let mut done = false;
    for line in decls.lines() {
        let rest = line
            .strip_prefix("drop ")
            .and_then(|l| l.strip_prefix(name));
        let alone =
            rest.is_some_and(|r| r.is_empty() || r.starts_with(',') || r.starts_with(" not in"));
        let _ = if !done && alone {
            done = true;
            writeln!(out, "{line}{option}")
        } else {
            writeln!(out, "{line}")
        };
    }
    if !done {
        let _ = writeln!(out, "drop {name}{option}");
    }
    *decls = out;
}

/// `dropRegionWhite` / `dropRegionBlack`: where drops may land, as the zone
/// `no_drop` of the other cells (zones are side-relative, so the second side's
/// region must be the first side's mirror image; a region for one side only is
/// reported).
fn drop_region(
    c: &mut Conv<'_>,
    zones: &mut String,
    all: &[String],
    decls: &mut String,
) -> Option<String> {
    let white = c.cells("dropRegionWhite", None);
    let black = c.cells("dropRegionBlack", None);
    // A side whose hand is empty at the start and never fills (captures are not kept)
    // never drops: its region is whatever the other side's says.
    let hand = c
        .keys
        .get("startFen")
        .and_then(|e| Some(e.value.split_once('[')?.1.split_once(']')?.0.to_string()))
        .unwrap_or_default();
    let kept = c.flag("capturesToHand", false);
    let never = |upper: bool| {
        !kept
            && !hand
                .chars()
                .any(|l| l.is_ascii_alphabetic() && l.is_ascii_uppercase() == upper)
    };
    let (white, black) = match (white, black) {
        (None, Some(b)) if never(true) => (mirror(&b, c.height), Some(b)),
        (Some(w), None) if never(false) => {
            let b = mirror(&w, c.height);
            (Some(w), b)
        }
        other => other,
    };
    let outside = |cells: &str| -> Vec<String> {
        let inside = expand(cells, c.width, c.height);
        let mut rest = Vec::new();
        for r in 1..=c.height {
            for f in 0..c.width {
                if !inside.contains(&(f, r)) {
                    rest.push(format!("{}{r}", (b'a' + f) as char));
                }
            }
        }
        rest
    };
    let w = match (white, black) {
        (None, None) => return None,
        (Some(w), Some(b)) if same_cells(mirror(&w, c.height).as_deref(), &b) => w,
        // Regions that are no mirror images, or for one side only: each side's cells
        // outside its region as an absolute zone, kept off by a drop line of that side
        // (drop lines naming a piece add up).
        (w, b) => {
            for (cells, side) in [(w, "first"), (b, "second")] {
                let Some(cells) = cells else { continue };
                let rest = outside(&cells);
                if rest.is_empty() || all.is_empty() {
                    continue;
                }
                let _ = writeln!(zones, "zone absolute no_drop_{side} = {}", rest.join(" "));
                let _ = writeln!(
                    decls,
                    "drop {} not in no_drop_{side}, for {side}",
                    all.join(" | ")
                );
            }
            return None;
        }
    };
    let rest = outside(&w);
    if rest.is_empty() {
        return None;
    }
    let _ = writeln!(zones, "zone no_drop = {}", rest.join(" "));
    Some("no_drop".into())
}

/// The cells (file 0-based, rank 1-based) of a cell set as [`Conv::cells`] writes it.
pub(super) fn expand(cells: &str, width: u8, height: u8) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut words = cells.split_whitespace();
    while let Some(w) = words.next() {
        match w {
            "rank" => {
                if let Some(r) = words.next().and_then(|n| n.parse::<u8>().ok()) {
                    out.extend((0..width).map(|f| (f, r)));
                }
            }
            "file" => {
                if let Some(f) = words.next().and_then(|l| l.bytes().next()) {
                    out.extend((1..=height).map(|r| (f - b'a', r)));
                }
            }
            cell => {
                let (f, r) = cell.split_at(1);
                if let Ok(r) = r.parse::<u8>() {
                    out.push((f.as_bytes()[0] - b'a', r));
                }
            }
        }
    }
    out
}

/// `gating` with `seirawanGating` (S-chess): pieces in hand enter on the castling
/// rank's cell a first move leaves, a castling's partner cell too; without
/// `pieceDrops` only so (`, no drops`, and a hand of the start position's pieces).
pub(super) fn gating(c: &mut Conv<'_>, pieces: &[Piece], zones: &mut String, decls: &mut String) {
    let seirawan = c.flag("seirawanGating", false);
    if !c.flag("gating", false) {
        return;
    }
    if !seirawan {
        c.issue(
            "gating",
            "gating without seirawanGating (no gating on a castling's partner cell) is not translated",
        );
        return;
    }
    let drops = c.flag("pieceDrops", false);
    if !drops {
        if c.flag("capturesToHand", false) {
            return;
        }
        decls.push_str("hand, captures not kept\n");
    }
    let kinds: Vec<&str> = pieces
        .iter()
        .filter(|p| p.key != "king")
        .map(|p| p.name.as_str())
        .collect();
    let rank = c.rank("castlingRank", 0) + 1;
    let _ = writeln!(zones, "zone gating_zone = rank {rank}");
    let _ = writeln!(
        decls,
        "gating {} in gating_zone{}",
        kinds.join(" | "),
        if drops { "" } else { ", no drops" }
    );
}
