//! convert: one section's resolved keys into `.rules` text. Every key is either
//! translated, known to carry no rule (engine and GUI settings), or reported as an
//! [`Issue`]; the defaults are Fairy-Stockfish's (a chess-like template without pieces).

use super::army::{mobility, pieces, walling};
use super::decls::{castling, drops};
use super::ends::{game_ends, win_rules};
use super::ini::Entry;
use super::pieces::builtin_parent;
use super::promotion::promotion;
use super::rewrite::{confine_faces, faces, without_castling_rights};
use super::{Issue, Variant};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// Keys that set no rule of the game (engine evaluation, GUI), accepted and ignored.
const NO_RULE: &[&str] = &[
    "pieceToCharTable",
    "pocketSize",
    "variantTemplate",
    "pieceValueMg",
    "pieceValueEg",
];

/// The keys whose value is a list of piece letters (lowercase).
const LETTER_LISTS: &[&str] = &[
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "pawnTypes",
    "extinctionPieceTypes",
    "castlingRookPieces",
    "enPassantTypes",
    "nMoveRuleTypes",
];

const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The state of one conversion: the keys, which were used, and what went wrong.
pub(super) struct Conv<'a> {
    pub(super) keys: &'a BTreeMap<String, Entry>,
    used: BTreeSet<String>,
    issues: Vec<Issue>,
    pub(super) width: u8,
    pub(super) height: u8,
    /// Zones and declarations the pieces' keys ask for (`diagonalLines`, `pass`).
    pub(super) extra_zones: Vec<String>,
    pub(super) extra_decls: Vec<String>,
}

/// `tripleStepRegionWhite` / `tripleStepRegionBlack`: the pawn's triple step, from the
/// white region's cells (the black region must be its mirror image: zones are
/// side-relative).
fn triple_step(c: &mut Conv<'_>) -> Option<String> {
    let white = c.cells("tripleStepRegionWhite", None);
    let black = c.cells("tripleStepRegionBlack", None);
    match (white, black) {
        (None, None) => None,
        (Some(w), Some(b)) if mirror(&w, c.height).as_deref() == Some(b.as_str()) => Some(w),
        (w, _) => {
            let key = if w.is_some() {
                "tripleStepRegionBlack"
            } else {
                "tripleStepRegionWhite"
            };
            c.issue(
                key,
                "triple steps for one side, or regions not mirror images, are not translated",
            );
            None
        }
    }
}

impl Conv<'_> {
    /// The value of a key (marking it used).
    pub(super) fn get(&mut self, key: &str) -> Option<&Entry> {
        self.used.insert(key.to_string());
        self.keys.get(key)
    }

    pub(super) fn value(&mut self, key: &str) -> Option<String> {
        self.get(key).map(|e| e.value.clone())
    }

    pub(super) fn issue(&mut self, key: &str, why: impl Into<String>) {
        let (section, line) = self
            .keys
            .get(key)
            .map_or((String::new(), 0), |e| (e.section.clone(), e.line));
        self.issues.push(Issue {
            section,
            line,
            key: key.to_string(),
            why: why.into(),
        });
    }

    /// A boolean key, with its default.
    pub(super) fn flag(&mut self, key: &str, default: bool) -> bool {
        match self.value(key).as_deref() {
            None => default,
            Some("true") => true,
            Some("false") => false,
            Some(other) => {
                self.issue(key, format!("`{other}` is not `true` or `false`"));
                default
            }
        }
    }

    /// A file (letter or 1-based number) as a 0-based index.
    pub(super) fn file(&mut self, key: &str, default: u8) -> u8 {
        let Some(v) = self.value(key) else {
            return default;
        };
        let parsed = match v.as_bytes() {
            [c] if c.is_ascii_lowercase() => Some(c - b'a'),
            _ => v.parse::<u8>().ok().and_then(|n| n.checked_sub(1)),
        };
        parsed.unwrap_or_else(|| {
            self.issue(key, format!("`{v}` is not a file"));
            default
        })
    }

    /// A rank (1-based) as a 0-based index.
    pub(super) fn rank(&mut self, key: &str, default: u8) -> u8 {
        let Some(v) = self.value(key) else {
            return default;
        };
        v.parse::<u8>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .unwrap_or_else(|| {
                self.issue(key, format!("`{v}` is not a rank"));
                default
            })
    }

    /// A Bitboard value as a cell set (`*2` → `rank 2`, `a*` → `file a`), or `None`
    /// for `-` / an empty value. Squares off the board are reported.
    pub(super) fn cells(&mut self, key: &str, default: Option<&str>) -> Option<String> {
        let v = self.value(key).or_else(|| default.map(str::to_string))?;
        let mut items = Vec::new();
        for item in v.split_whitespace() {
            if item == "-" {
                continue;
            }
            let split = item.char_indices().nth(1).map_or(item.len(), |(i, _)| i);
            let (f, r) = item.split_at(split);
            let file_ok = f == "*"
                || f.bytes()
                    .next()
                    .is_some_and(|b| b.wrapping_sub(b'a') < self.width && f.len() == 1);
            let rank_ok = r == "*" || r.parse::<u8>().is_ok_and(|n| n >= 1 && n <= self.height);
            // Fairy-Stockfish's bitboards hold 12 files and 10 ranks, whatever the
            // board: an item off this board but on those names no cell (epicatomic's
            // `*9 *10` on 8 ranks), so it adds nothing.
            let off_board = (file_ok
                || f.bytes().next().is_some_and(|b| (b'a'..=b'l').contains(&b)) && f.len() == 1)
                && (rank_ok || r.parse::<u8>().is_ok_and(|n| (1..=10).contains(&n)))
                && !(f == "*" && r == "*");
            if !(file_ok && rank_ok) && off_board {
                continue;
            }
            if !file_ok || !rank_ok || (f == "*" && r == "*") {
                self.issue(
                    key,
                    format!("`{item}` is not a square, `*N` or `X*` on this board"),
                );
                continue;
            }
            items.push(match (f, r) {
                ("*", r) => format!("rank {r}"),
                (f, "*") => format!("file {f}"),
                _ => item.to_string(),
            });
        }
        (!items.is_empty()).then(|| items.join(" "))
    }
}

/// Translates one section.
pub fn convert(name: &str, keys: &BTreeMap<String, Entry>, chain: &[String]) -> Variant {
    // Keys of a built-in parent are written under the file's own.
    let mut all = keys.clone();
    if let Some(parent) = chain.last().and_then(|p| builtin_parent(p)) {
        // A piece type the child letters anew keeps its place in the parent's piece
        // lists (Fairy-Stockfish stores them as types: gemini's archbishop `a` is
        // janus's `j`).
        let mut renamed: Vec<(char, char)> = Vec::new();
        for (k, v) in &parent {
            let letter = |s: &str| s.chars().next().filter(char::is_ascii_alphabetic);
            if let (Some(old), Some(new)) = (letter(v), all.get(k).and_then(|e| letter(&e.value))) {
                if old != new && super::pieces::BUILTINS.iter().any(|b| b.key == k) {
                    renamed.push((old.to_ascii_lowercase(), new.to_ascii_lowercase()));
                }
            }
        }
        for (k, mut v) in parent {
            if LETTER_LISTS.contains(&k.as_str()) && !all.contains_key(&k) {
                v = v
                    .chars()
                    .map(|ch| {
                        renamed
                            .iter()
                            .find(|(o, _)| *o == ch)
                            .map_or(ch, |(_, n)| *n)
                    })
                    .collect();
            }
            match all.get_mut(&k) {
                Some(e) if k == "promotedPieceType" => {
                    e.value = super::ini::merge_pairs(&v, &e.value);
                }
                Some(_) => {}
                None => {
                    all.insert(
                        k,
                        Entry {
                            value: v,
                            line: 0,
                            section: chain.last().cloned().unwrap_or_default(),
                        },
                    );
                }
            }
        }
    }
    let mut c = Conv {
        keys: &all,
        used: BTreeSet::new(),
        issues: Vec::new(),
        width: 8,
        height: 8,
        extra_zones: Vec::new(),
        extra_decls: Vec::new(),
    };
    c.width = c.file("maxFile", 7) + 1;
    c.height = c.rank("maxRank", 7) + 1;
    if c.width > 26 || c.height > 26 {
        c.issue("maxFile", "boards are at most 26×26");
    }
    let mut out = format!(
        "# Imported from variants.ini [{}] by `piecewise import fsf`.\ngame \"{name}\"\nboard square {}x{}\n",
        chain.join(" : "),
        c.width,
        c.height
    );
    // Pawn double step (the pawn's body depends on it).
    let double = c.flag("doubleStep", true);
    let ds_white = c.cells("doubleStepRegionWhite", Some("*2"));
    let ds_black = c.cells("doubleStepRegionBlack", None);
    if let (Some(w), Some(b)) = (&ds_white, &ds_black) {
        if mirror(w, c.height).as_deref() != Some(b.as_str()) {
            c.issue(
                "doubleStepRegionBlack",
                "not the mirror image of doubleStepRegionWhite (zones are side-relative)",
            );
        }
    }
    let triple = triple_step(&mut c);
    let double = double && ds_white.is_some();
    let mut pieces = pieces(&mut c, double, ds_white.is_some());
    // `enPassantRegion = -`: no cell is ever open to en passant (nuclear).
    let no_ep = c
        .keys
        .get("enPassantRegion")
        .is_some_and(|e| e.value.trim() == "-");
    if no_ep {
        c.get("enPassantRegion");
        for p in &mut pieces {
            p.ep_capture = None;
            for l in &mut p.body {
                *l = l.replace(", en passant", "");
            }
        }
    }
    if let Some(cells) = triple {
        // The pawn's triple step opens both cells it passes over, as its double step.
        if let Some(p) = pieces.iter_mut().find(|p| p.key == "pawn") {
            p.body
                .push("ride forward 3, move only, from triple_step, en passant".into());
            c.extra_zones.push(format!("zone triple_step = {cells}"));
        }
    }
    let letter_name = |l: char| {
        pieces
            .iter()
            .find(|p| p.letter == l.to_ascii_uppercase())
            .map(|p| p.name.clone())
    };
    let mut decls = String::new();
    let mut zones = String::new();
    let mut walls: Option<char> = None;
    let pawn = pieces
        .iter()
        .find(|p| p.key == "pawn")
        .map(|p| p.name.clone());

    // Royal king, start position.
    if let Some(k) = pieces.iter().find(|p| p.key == "king") {
        let _ = writeln!(decls, "royal {}", k.name);
    }
    let mut fen = c.value("startFen").unwrap_or_else(|| CHESS_FEN.to_string());
    let hand = ["pieceDrops", "gating"]
        .iter()
        .any(|k| c.keys.get(*k).is_some_and(|e| e.value == "true"))
        || super::flips::drops_here(&c);
    if !hand {
        if let (Some(open), Some(close)) = (fen.find('['), fen.find(']')) {
            if close > open + 1 && !fen[open + 1..close].chars().all(|ch| ch == '-') {
                c.issue(
                    "startFen",
                    format!(
                        "the pieces in hand `{}` are left out: this variant has no drops (pieceDrops is off)",
                        &fen[open..=close]
                    ),
                );
            }
            if close > open {
                fen.replace_range(open..=close, "");
            }
        }
    }
    let _ = writeln!(decls, "start \"{fen}\"");
    let board_part = fen.split_whitespace().next().unwrap_or("").to_string();
    let placed = walling(&mut c, &mut zones);
    // `petrifyOnCaptureTypes`: captures by these types leave a wall (`petrify`).
    let petrify = c.value("petrifyOnCaptureTypes").filter(|v| v != "-");
    if board_part.contains('*') || placed.is_some() || petrify.is_some() {
        // Fairy-Stockfish's walls: cells nobody moves to, written `*`.
        let used: Vec<char> = pieces.iter().map(|p| p.letter).collect();
        if let Some(l) = "WXYZ".chars().chain('A'..='Z').find(|l| !used.contains(l)) {
            match &placed {
                Some(how) => {
                    let _ = writeln!(decls, "neutral Wall, placed after each move{how}");
                }
                None => {
                    let _ = writeln!(
                        decls,
                        "neutral Wall                        # `*` in the FEN: a wall"
                    );
                }
            }
            walls = Some(l);
        }
    }

    // By default the piece type `pawn`, whatever its letter.
    // `pawnTypes` sets the en passant types too (an alias read before the key).
    let ep_types = c
        .value("enPassantTypes")
        .or_else(|| c.value("pawnTypes"))
        .unwrap_or_else(|| {
            pieces
                .iter()
                .find(|p| p.key == "pawn")
                .map(|p| p.letter.to_ascii_lowercase().to_string())
                .unwrap_or_default()
        });
    for key in [
        "enPassantTypesWhite",
        "enPassantTypesBlack",
        "enPassantRegion",
    ] {
        if (key != "enPassantRegion" || !no_ep) && c.get(key).is_some() {
            c.issue(key, "only `enPassantTypes` for both sides is translated");
        }
    }
    let double = double && pawn.is_some();
    let initial = pieces
        .iter()
        .any(|p| p.body.iter().any(|l| l.contains("from double_step")));
    if pieces
        .iter()
        .any(|p| p.body.iter().any(|l| l.contains("soldier_zone")))
    {
        let from = c.rank("soldierPromotionRank", 0) + 1;
        let _ = writeln!(zones, "zone soldier_zone = ranks {from}-{}", c.height);
    }
    if double || initial {
        let _ = writeln!(
            zones,
            "zone double_step = {}",
            ds_white.clone().unwrap_or_default()
        );
    }
    // Custom pieces with en passant captures (`e`) take en passant if they are en
    // passant types (allwayspawns' pawn, `pawnTypes = p`).
    let mut ep: Vec<String> = if double && !no_ep {
        ep_types.chars().filter_map(letter_name).collect()
    } else {
        Vec::new()
    };
    for p in &pieces {
        let Some(b) = &p.ep_capture else { continue };
        if ep_types.contains(p.letter.to_ascii_lowercase()) {
            if !ep.contains(&p.name) {
                ep.push(p.name.clone());
            }
        } else {
            c.issue(
                &p.key,
                format!("`{b}`: en passant captures of a piece that is not an en passant type (enPassantTypes, pawnTypes) are not translated"),
            );
        }
    }
    if !ep.is_empty() {
        let _ = writeln!(decls, "en passant {}", ep.join(" | "));
    }

    // Promotion.
    let mut promoted = String::new();
    let promo_zone = promotion(
        &mut c,
        &letter_name,
        &mut zones,
        &mut decls,
        &mut promoted,
        (
            pieces.iter().find(|p| p.key == "pawn").map(|p| p.letter),
            if double { ep_types.as_str() } else { "" },
        ),
    );

    // Castling.
    castling(&mut c, &pieces, &board_part, &mut decls);

    // Cambodian chess's one-time moves: rights in the castling field.
    let cambodian = super::cambodian::cambodian_moves(&mut c, &pieces, &mut zones, &mut decls);

    // Castling rights in the start position of a game that declares no castling
    // (`castling = false`, or none that could be said) are Fairy-Stockfish's to ignore.
    if !cambodian && !decls.contains("\ncastling ") && !decls.starts_with("castling ") {
        decls = without_castling_rights(&decls);
    }

    // Hands and drops (the board games of copies and flips: `flips`).
    let names: Vec<String> = pieces.iter().map(|p| p.name.clone()).collect();
    let royal = pieces.iter().any(|p| p.key == "king");
    if !super::flips::drops_here(&c) {
        drops(
            &mut c,
            &letter_name,
            promo_zone.as_deref(),
            &super::decls::DropKinds {
                all: &names,
                pawn: pieces
                    .iter()
                    .find(|p| p.key == "pawn")
                    .map(|p| (p.name.as_str(), p.letter)),
                faces: &faces(&promoted),
                bishop: pieces
                    .iter()
                    .find(|p| p.key == "bishop")
                    .map(|p| p.name.as_str()),
            },
            &mut zones,
            &mut decls,
        );
    }
    if !cambodian {
        super::decls::gating(&mut c, &pieces, &mut zones, &mut decls);
    }
    super::flips::board_game(&mut c, &names, royal, &mut zones, &mut decls);
    super::connect::drop_options(&mut c, &mut decls);
    super::connect::connect_rules(&mut c, &letter_name, &mut zones, &mut decls);

    // Other rules.
    if c.flag("flyingGeneral", false) {
        if pieces.iter().any(|p| p.key == "king") {
            decls.push_str("royals may not face\n");
        } else {
            c.issue("flyingGeneral", "the variant has no king");
        }
    }
    if c.flag("makpongRule", false) {
        if pieces.iter().any(|p| p.key == "king") {
            decls.push_str("royals in check capture only\n");
        } else {
            c.issue("makpongRule", "the variant has no king");
        }
    }
    super::ends::janggi_ends(&mut c, &pieces, &mut decls);
    // With stalematePieceCount a drawn stalemate stays a draw either way.
    let by_count = c.flag("stalematePieceCount", false);
    match c.value("stalemateValue").as_deref() {
        None | Some("draw") => {}
        Some(v @ ("win" | "loss")) => {
            let count = if by_count { ", by piece count" } else { "" };
            let _ = writeln!(decls, "stalemate {v}{count}");
        }
        Some(v) => c.issue("stalemateValue", format!("`{v}` is not win, loss or draw")),
    }
    if c.flag("mustCapture", false) {
        decls.push_str("must capture\n");
    }
    // Fairy-Stockfish's blast removes the capturer and every piece around the
    // capture but those of the piece type `pawn` (and `blastImmuneTypes`).
    if c.flag("blastOnCapture", false) {
        let mut line = "explode on capture".to_string();
        if let Some(p) = &pawn {
            let _ = write!(line, ", sparing {p}");
        }
        if let Some(v) = c.value("blastImmuneTypes").filter(|v| v != "-") {
            let names: Vec<String> = v.chars().filter_map(&letter_name).collect();
            if !names.is_empty() {
                let _ = write!(line, ", immune {}", names.join(" | "));
            }
        }
        // With captures kept, every piece a blast removes goes to the hand of the side
        // that did not own it (the capturer to its opponent's).
        if c.flag("capturesToHand", false) && c.flag("pieceDrops", false) {
            line.push_str(", to hand");
        }
        let _ = writeln!(decls, "{line}");
    }
    if let (Some(v), Some(_)) = (&petrify, walls) {
        let names: Vec<String> = v.chars().filter_map(&letter_name).collect();
        if !names.is_empty() {
            let _ = writeln!(decls, "petrify {}, into Wall", names.join(" | "));
        }
    }
    if c.flag("petrifyBlastPieces", false) {
        c.issue(
            "petrifyBlastPieces",
            "blasted pieces turned into walls: `petrify` covers the capturer only",
        );
    }
    game_ends(&mut c, &letter_name, pawn.clone(), &mut decls);
    // A promoted piece counts as the type it moves as (Fairy-Stockfish's promoted
    // pieces are of that type): flags and extinction name its faces too.
    let with_faces = |l: char| {
        let name = letter_name(l)?;
        let mut all = vec![name.clone()];
        all.extend(promoted.lines().filter_map(|line| {
            let (face, target) = line.strip_prefix("piece ")?.split_once(" (+")?;
            let target = target.split_once("{ like ")?.1.strip_suffix(" }")?;
            (target == name).then(|| face.to_string())
        }));
        Some(all.join(" | "))
    };
    win_rules(&mut c, &with_faces, &fen, &mut zones, &mut decls);
    let before = decls.len();
    mobility(&mut c, &pieces, &mut zones, &mut decls);
    // A promoted face is confined as the type it moves as, too (chak's promoted
    // pawn moves as, and is, a piece confined to the far half).
    let confined = confine_faces(&decls[before..], &promoted);
    decls.truncate(before);
    decls.push_str(&confined);
    match c.value("countingRule").as_deref() {
        None | Some("none") => {}
        Some(style @ ("makruk" | "asean" | "cambodian")) => {
            let role = |keys: &[&str]| {
                pieces
                    .iter()
                    .find(|p| keys.contains(&p.key.as_str()))
                    .map(|p| p.name.clone())
            };
            match (
                role(&["pawn"]),
                role(&["rook"]),
                role(&["silver", "khon"]),
                role(&["knight"]),
            ) {
                (Some(p), Some(r), Some(b), Some(n)) => {
                    let _ = writeln!(
                        decls,
                        "counting {style} pawn {p}, rook {r}, bishop {b}, knight {n}"
                    );
                }
                _ => c.issue(
                    "countingRule",
                    format!("`{style}` counting needs a pawn, rook, silver (khon) and knight"),
                ),
            }
        }
        Some(v) => c.issue(
            "countingRule",
            format!("`{v}`: only `makruk`, `asean` and `cambodian` are translated"),
        ),
    }
    for (key, default) in [("checkmateValue", "loss"), ("chess960", "false")] {
        if let Some(v) = c.value(key).filter(|v| v != default) {
            c.issue(
                key,
                format!("`{v}`: only the default ({default}) is translated"),
            );
        }
    }

    if cambodian {
        super::cambodian::cambodian_patterns(&mut pieces);
    }
    // Pieces last, in piece-type order.
    let mut body = String::new();
    for p in &pieces {
        if let Some(note) = &p.comment {
            let _ = writeln!(body, "# {note}");
        }
        let letter = p.letter;
        match p.body.as_slice() {
            [] => {
                let _ = writeln!(body, "piece {} ({letter}) {{ }}", p.name);
            }
            [one] => {
                let _ = writeln!(body, "piece {} ({letter}) {{ {one} }}", p.name);
            }
            many => {
                let _ = writeln!(body, "piece {} ({letter}) {{", p.name);
                for l in many {
                    let _ = writeln!(body, "    {l}");
                }
                body.push_str("}\n");
            }
        }
    }
    body.push_str(&promoted);
    if let Some(l) = walls {
        let _ = writeln!(body, "piece Wall ({l}) {{ }}");
    }
    for z in std::mem::take(&mut c.extra_zones) {
        let _ = writeln!(zones, "{z}");
    }
    for d in std::mem::take(&mut c.extra_decls) {
        let _ = writeln!(decls, "{d}");
    }
    out.push_str(&zones);
    out.push_str(&decls);
    out.push_str(&body);

    // Everything not used and not known to carry no rule is reported.
    let left: Vec<String> = all
        .keys()
        .filter(|k| !c.used.contains(*k) && !NO_RULE.contains(&k.as_str()))
        .cloned()
        .collect();
    for k in left {
        c.issue(
            &k,
            "no translation (the rules language has no such rule yet)",
        );
    }
    let mut issues = c.issues;
    issues.retain(|i| i.line > 0 || !i.section.is_empty());
    issues.sort_by_key(|i| i.line);
    Variant {
        name: name.to_string(),
        rules: out,
        issues,
    }
}

/// The rules text with the keys not translated listed in comments after the first
/// line, so that the file says where it differs from Fairy-Stockfish.
pub(super) fn with_untranslated(rules: String, issues: &[Issue]) -> String {
    if issues.is_empty() {
        return rules;
    }
    let (first, rest) = rules.split_once('\n').unwrap_or((&rules, ""));
    let mut out =
        format!("{first}\n# Not translated, so this game differs from Fairy-Stockfish's:\n");
    for i in issues {
        let at = if i.line > 0 {
            format!("line {}, ", i.line)
        } else {
            String::new()
        };
        let _ = writeln!(out, "#   {at}[{}] `{}`: {}", i.section, i.key, i.why);
    }
    out.push_str(rest);
    out
}

/// Whether two cell sets (as [`Conv::cells`] writes them) hold the same items, in any
/// order.
pub(super) fn same_cells(a: Option<&str>, b: &str) -> bool {
    let items = |s: &str| {
        let mut out = Vec::new();
        let mut words = s.split_whitespace();
        while let Some(w) = words.next() {
            if w == "rank" || w == "file" {
                out.push(format!("{w} {}", words.next().unwrap_or("")));
            } else {
                out.push(w.to_string());
            }
        }
        out.sort();
        out
    };
    a.is_some_and(|a| items(a) == items(b))
}

/// A side-relative cell set's mirror for the second side (`rank r` ↔ `rank H+1-r`).
pub(super) fn mirror(cells: &str, height: u8) -> Option<String> {
    let mut out = Vec::new();
    let mut words = cells.split_whitespace().peekable();
    while let Some(w) = words.next() {
        if w == "rank" || w == "file" {
            let n = words.next()?;
            if w == "rank" {
                let r: u8 = n.parse().ok()?;
                out.push(format!("rank {}", height + 1 - r));
            } else {
                out.push(format!("file {n}"));
            }
        } else {
            let (f, r) = w.split_at(1);
            let r: u8 = r.parse().ok()?;
            out.push(format!("{f}{}", height + 1 - r));
        }
    }
    Some(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(text: &str) -> BTreeMap<String, Entry> {
        text.lines()
            .enumerate()
            .filter_map(|(i, l)| {
                let (k, v) = l.split_once('=')?;
                Some((
                    k.trim().to_string(),
                    Entry {
                        value: v.trim().to_string(),
                        line: i + 1,
                        section: "t".into(),
                    },
                ))
            })
            .collect()
    }

    #[test]
    fn mirrors_and_cell_sets() {
        assert_eq!(
            mirror("rank 2 a1 file c", 8).as_deref(),
            Some("rank 7 a8 file c")
        );
        let k = keys("promotionRegionWhite = *8 a7 h*\ndoubleStepRegionWhite = z9 *2");
        let mut c = Conv {
            keys: &k,
            used: BTreeSet::new(),
            issues: Vec::new(),
            width: 8,
            height: 8,
            extra_zones: Vec::new(),
            extra_decls: Vec::new(),
        };
        assert_eq!(
            c.cells("promotionRegionWhite", None).as_deref(),
            Some("rank 8 a7 file h")
        );
        assert_eq!(
            c.cells("doubleStepRegionWhite", None).as_deref(),
            Some("rank 2")
        );
        assert_eq!(c.issues.len(), 1);
        assert_eq!(c.issues[0].line, 2);
        assert_eq!(c.cells("nothing", Some("-")), None);
    }

    #[test]
    fn a_later_letter_wins_and_the_other_is_reported() {
        let k = keys("pawn = p\nknight = n\ncustomPiece1 = p:fW");
        let v = convert("t", &k, &["t".into()]);
        assert!(
            v.rules.contains("piece Custom1 (P) { step forward }"),
            "{}",
            v.rules
        );
        assert!(!v.rules.contains("piece Pawn"));
        assert_eq!(v.issues.len(), 1);
        assert_eq!((v.issues[0].line, v.issues[0].key.as_str()), (1, "pawn"));
    }
}
