//! army: the pieces a section defines (built-in piece types, `customPieceN` Betza
//! through [`crate::betza`], the built-in pawn and soldier written by hand), where
//! they may stand (`mobilityRegion...`), and the walls placed after each move
//! (`wallingRule`).

use super::convert::{mirror, same_cells, Conv};
use super::pieces::BUILTINS;
use crate::betza;
use std::fmt::Write;

/// The pieces of a variant: ini key, `.rules` name, letter, patterns text.
pub(super) struct Piece {
    pub(super) key: String,
    pub(super) name: String,
    pub(super) letter: char,
    pub(super) body: Vec<String>,
    pub(super) comment: Option<String>,
    /// The Betza of a custom piece with en passant captures (`e`), where a move opens
    /// a cell to them (a pawn's double step, a custom piece's first move): `en
    /// passant` declares the piece if it is an en passant type, else it is reported.
    pub(super) ep_capture: Option<String>,
}

/// The pieces the keys define, in piece-type order (customs after the built-ins, the
/// king last).
/// `i` in a custom piece's Betza is Fairy-Stockfish's double-step region: with
/// `i_zone`, its `initial` becomes `from double_step`.
pub(super) fn pieces(c: &mut Conv<'_>, double: bool, i_zone: bool) -> Vec<Piece> {
    let mut out = Vec::new();
    let add = |c: &mut Conv<'_>, key: &str, name: &str, default: Result<&str, &str>| {
        let v = c.value(key)?;
        if v == "-" {
            return None;
        }
        let (letter, custom) = match v.split_once(':') {
            Some((l, b)) => (l.trim(), Some(b.trim().to_string())),
            None => (v.as_str(), None),
        };
        let letter = match letter.chars().collect::<Vec<_>>().as_slice() {
            [l] if l.is_ascii_alphabetic() => l.to_ascii_uppercase(),
            _ => {
                c.issue(key, format!("`{letter}` is not one letter"));
                return None;
            }
        };
        let betza = match (custom, default) {
            (Some(b), _) => Ok(b),
            (None, d) => d.map(str::to_string),
        };
        let mut piece = Piece {
            key: key.to_string(),
            name: name.to_string(),
            letter,
            body: Vec::new(),
            comment: None,
            ep_capture: None,
        };
        // Lame (1,3) leaps, which Fairy-Stockfish gives no moves.
        let betza = betza.map(|b| {
            let (kept, dropped) = without_lame_camels(&b);
            if dropped {
                piece.comment = Some(format!(
                    "Betza: {b} (a lame (1,3) leap, `nC`, has no moves in Fairy-Stockfish)"
                ));
            }
            kept
        });
        match betza {
            Ok(b) if b.is_empty() => {}
            Ok(b) => match betza::translate(&b) {
                Ok(t) => {
                    piece.body = t.patterns;
                    if i_zone {
                        for l in &mut piece.body {
                            *l = l.replace(", initial", ", from double_step");
                        }
                    } else if piece.body.iter().any(|l| l.contains(", initial")) {
                        c.issue(key, format!("`{b}`: `i` is the double-step region in Fairy-Stockfish, and this variant has none; read as `initial`"));
                    }
                    piece.comment = Some(format!("Betza: {b}"));
                    if t.lopsided {
                        match betza::by_side(&b, &piece.body) {
                            Ok(body) => piece.body = body,
                            Err(e) => c.issue(key, format!("`{b}` is not symmetric left to right: Fairy-Stockfish turns the second side's moves round, piecewise mirrors them (docs/betza.md), and its turned notation is not translated: {e}")),
                        }
                    }
                    if t.en_passant {
                        piece.ep_capture = Some(b.clone());
                    }
                }
                Err(e) => {
                    c.issue(key, format!("Betza `{b}`: {e}"));
                    piece.comment = Some(format!("Betza: {b} (not translated: {e})"));
                }
            },
            Err(why) => {
                c.issue(key, why);
                piece.comment = Some(format!("not translated: {why}"));
            }
        }
        Some(piece)
    };
    for b in BUILTINS {
        let betza = if b.key == "pawn" { Ok("") } else { b.betza };
        if let Some(mut p) = add(c, b.key, b.name, betza) {
            if b.key == "pawn" {
                p.body = pawn_body(double);
                p.comment = None;
            }
            if b.key == "soldier" {
                // Sideways from `soldierPromotionRank` on (Xiangqi's river).
                let from = c.rank("soldierPromotionRank", 0) + 1;
                if from > 1 {
                    p.comment = Some(format!(
                        "Fairy-Stockfish's soldier: fW, and sW from rank {from} on"
                    ));
                    p.body = vec![
                        "step forward".into(),
                        "step sideways, from soldier_zone".into(),
                    ];
                }
            }
            if b.key == "janggiCannon" {
                p.comment = Some("Fairy-Stockfish's Janggi cannon".into());
                p.body = vec![format!(
                    "ride orthogonal via piece not {0} then ride same, captures not {0}",
                    b.name
                )];
            }
            out.push(p);
        }
    }
    for n in 1..=25 {
        let key = format!("customPiece{n}");
        if let Some(p) = add(c, &key, &format!("Custom{n}"), Ok("")) {
            out.push(p);
        }
    }
    if let Some(p) = add(c, "king", "King", Ok("K")) {
        out.push(p);
    }
    palace_lines(c, &mut out);
    // En passant captures of custom pieces are reported only where a move opens a
    // cell to them: a pawn's double step, or a custom piece's first move (`i`).
    let opens = out.iter().any(|p| {
        p.body.iter().any(|l| {
            l.contains(", en passant") || l.contains("initial") || l.contains("from double_step")
        })
    });
    if !opens {
        for p in &mut out {
            p.ep_capture = None;
        }
    }
    // Two pieces with one letter: the later definition (the child's) wins.
    let line = |p: &Piece| c.keys.get(&p.key).map_or(0, |e| e.line);
    let mut keep: Vec<Piece> = Vec::new();
    let mut lost: Vec<(String, char, String)> = Vec::new();
    for p in out {
        match keep.iter().position(|k| k.letter == p.letter) {
            Some(i) if line(&p) >= line(&keep[i]) => {
                lost.push((keep[i].key.clone(), p.letter, p.key.clone()));
                keep[i] = p;
            }
            Some(i) => lost.push((p.key.clone(), p.letter, keep[i].key.clone())),
            None => keep.push(p),
        }
    }
    for (key, letter, winner) in lost {
        c.issue(
            &key,
            format!("letter `{letter}` is defined again by `{winner}`, which wins"),
        );
    }
    keep
}

/// The built-in pawn: a quiet step, diagonal captures, and the double step from
/// `double_step` when `doubleStep` is on and has a region.
fn pawn_body(double: bool) -> Vec<String> {
    let mut body = vec![
        "step forward, move only".to_string(),
        "step forward-diagonal, capture only".to_string(),
    ];
    if double {
        body.push("ride forward 2, move only, from double_step, en passant".into());
    }
    body
}

/// The notation without its lame (1,3) leaps (`nC`, `nL`, with any other modifiers):
/// Fairy-Stockfish defines no path for them and gives them no moves. Whether any was
/// dropped.
fn without_lame_camels(notation: &str) -> (String, bool) {
    let mut out = String::new();
    let mut dropped = false;
    let mut component = String::new();
    let mut chars = notation.chars().peekable();
    while let Some(ch) = chars.next() {
        component.push(ch);
        if ch.is_ascii_uppercase() {
            while let Some(&d) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                component.push(d);
                chars.next();
            }
            let modifiers = &component[..component.len()
                - component
                    .trim_start_matches(|c: char| c.is_ascii_lowercase())
                    .len()];
            if matches!(ch, 'C' | 'L') && modifiers.contains('n') && !component.contains(['(', '['])
            {
                dropped = true;
            } else {
                out.push_str(&component);
            }
            component.clear();
        }
    }
    out.push_str(&component);
    (out, dropped)
}

/// `mobilityRegionWhite<Piece>` / `...Black<Piece>`: where a piece may stand, as a
/// zone and `confine` (zones are side-relative, so the second side's region must be
/// the first side's mirror image).
pub(super) fn mobility(c: &mut Conv<'_>, pieces: &[Piece], zones: &mut String, decls: &mut String) {
    for p in pieces {
        let mut chars = p.key.chars();
        let Some(first) = chars.next() else { continue };
        let suffix = format!("{}{}", first.to_ascii_uppercase(), chars.as_str());
        let (wk, bk) = (
            format!("mobilityRegionWhite{suffix}"),
            format!("mobilityRegionBlack{suffix}"),
        );
        let white = c.cells(&wk, None);
        let black = c.cells(&bk, None);
        match (white, black) {
            (None, None) => {}
            (Some(w), Some(b)) if same_cells(mirror(&w, c.height).as_deref(), &b) => {
                let zone = format!("{}_region", p.name.to_lowercase());
                let _ = writeln!(zones, "zone {zone} = {w}");
                let _ = writeln!(decls, "confine {} to {zone}", p.name);
                // Fairy-Stockfish drops a piece only in its region too.
                if decls.starts_with("hand") || decls.contains("\nhand") {
                    let inside = super::decls::expand(&w, c.width, c.height);
                    let outside: Vec<String> = (1..=c.height)
                        .flat_map(|r| (0..c.width).map(move |f| (f, r)))
                        .filter(|cell| !inside.contains(cell))
                        .map(|(f, r)| format!("{}{r}", (b'a' + f) as char))
                        .collect();
                    if !outside.is_empty() {
                        let _ = writeln!(zones, "zone {zone}_outside = {}", outside.join(" "));
                        let _ = writeln!(decls, "drop {} not in {zone}_outside", p.name);
                    }
                }
            }
            // Regions that are not mirror images, or for one side only: each side's
            // own absolute zone, confined `for first` / `for second`.
            (w, b) => {
                let zone = p.name.to_lowercase();
                for (cells, key, side) in [(w, &wk, "first"), (b, &bk, "second")] {
                    let Some(cells) = cells else { continue };
                    let _ = writeln!(zones, "zone absolute {zone}_{side} = {cells}");
                    let _ = writeln!(decls, "confine {} to {zone}_{side} for {side}", p.name);
                    if droppable(c, p, decls) {
                        c.issue(
                            key,
                            "a piece that may be dropped is dropped only in its region: with regions per side, not translated",
                        );
                    }
                }
            }
        }
    }
}

/// Whether `p` may ever be dropped: the game has a hand, and captures go to it or the
/// start position's hand holds the piece.
fn droppable(c: &mut Conv<'_>, p: &Piece, decls: &str) -> bool {
    if !(decls.starts_with("hand") || decls.contains("\nhand")) {
        return false;
    }
    let in_start_hand = c.keys.get("startFen").is_some_and(|e| {
        let (Some(open), Some(close)) = (e.value.find('['), e.value.find(']')) else {
            return false;
        };
        e.value
            .get(open + 1..close)
            .is_some_and(|h| h.chars().any(|l| l.eq_ignore_ascii_case(&p.letter)))
    });
    in_start_hand || c.flag("capturesToHand", false)
}

/// `wallingRule` (`arrow`, `past`, `static`) and `wallingRegion`: the options of
/// `neutral Wall, placed after each move` (`None`: no walls are placed). The Duck's
/// `duck` and Atlantis's `edge` are reported, not translated.
pub(super) fn walling(c: &mut Conv<'_>, zones: &mut String) -> Option<String> {
    let site = match c.value("wallingRule").as_deref() {
        None | Some("none") => return None,
        Some("arrow") => ", as the mover moves",
        Some("past") => ", where the mover was",
        Some("static") => "",
        Some(v) => {
            c.issue(
                "wallingRule",
                format!("`{v}` is not translated (only arrow, past and static walls)"),
            );
            return None;
        }
    };
    let both = c.cells("wallingRegion", None);
    let white = c.cells("wallingRegionWhite", None).or_else(|| both.clone());
    let black = c.cells("wallingRegionBlack", None).or(both);
    let zone = match (white, black) {
        (Some(w), Some(b)) if same_cells(Some(&w), &b) => {
            let _ = writeln!(zones, "zone absolute walling_zone = {w}");
            ", in walling_zone"
        }
        (None, None) => "",
        _ => {
            c.issue(
                "wallingRegionWhite",
                "different walling regions per side are not translated",
            );
            ""
        }
    };
    Some(format!("{zone}{site}"))
}

/// `diagonalLines` (Janggi's palaces): where a piece stands on one of these cells, the
/// rook also rides, the Janggi cannon also jumps, and the wazir, a king that moves as
/// one (`W`) and the soldier also step (forward) diagonally onto the other cells of
/// the lines, as Fairy-Stockfish extends their moves; `zone absolute lines`.
/// `pass` (both sides): the king may pass (a step out and back, Fairy-Stockfish's
/// `e2e2`), and two passes in a row end the game.
fn palace_lines(c: &mut Conv<'_>, pieces: &mut [Piece]) {
    if let Some(lines) = c.cells("diagonalLines", None) {
        c.extra_zones.push(format!("zone absolute lines = {lines}"));
        for p in pieces.iter_mut() {
            let diag = match p.key.as_str() {
                "rook" => "ride diagonal, from lines, to lines".to_string(),
                "janggiCannon" => format!(
                    "ride diagonal via piece not {0} then ride same, from lines, to lines, captures not {0}",
                    p.name
                ),
                "wazir" => "step diagonal, from lines, to lines".to_string(),
                "king" if p.body == ["step orthogonal"] => {
                    "step diagonal, from lines, to lines".to_string()
                }
                "soldier" => "step forward-diagonal, from lines, to lines".to_string(),
                _ => continue,
            };
            p.body.push(diag);
        }
    }
    let white = c.flag("passWhite", false);
    let black = c.flag("passBlack", false);
    if c.flag("pass", false) || (white && black) {
        match pieces.iter_mut().find(|p| p.key == "king") {
            Some(k) => {
                k.body
                    .push("step orthogonal via empty or piece then step back, pass".into());
                c.extra_decls.push("double pass draw".into());
            }
            None => c.issue("pass", "a pass without a king is not translated"),
        }
    } else if white || black {
        c.issue(
            if white { "passWhite" } else { "passBlack" },
            "a pass for one side only is not translated",
        );
    }
}
