//! suggest: "did you mean" for a word where a keyword was expected — the keywords each
//! grammar rule stands for ([`spellings`]), an edit distance that counts a swap of two
//! letters as one edit, and the closest keyword (or phrase) valid at that point.
//!
//! Knows the grammar's rules and their spellings; not how a message is worded
//! ([`super::messages`]).

use super::messages::{kind, DECLARATION};
use super::parse::{Rule, R};

/// The words of the language that cannot be used as names.
pub(super) const KEYWORDS: &[&str] = &[
    "absolute", "board", "captures", "captured", "capture", "exactly", "empty", "files", "file",
    "foe", "friend", "from", "game", "holes", "initial", "leap", "like", "move", "not", "only",
    "or", "piece", "ranks", "rank", "ride", "step", "then", "to", "turn", "up", "via", "zone",
];

/// The keyword spellings that could start what `rule` stands for, for "did you mean"
/// (several words when the keyword is a phrase).
pub(super) fn spellings(rule: Rule) -> &'static [&'static str] {
    const DECLS: &[&str] = &[
        "piece",
        "board",
        "zone",
        "game",
        "start",
        "royal",
        "royals may not face",
        "royals in check capture only",
        "royals facing",
        "double pass",
        "move repetition loses",
        "draws by points",
        "castling",
        "en passant",
        "promotion",
        "heading",
        "hand",
        "drop",
        "confine",
        "one side",
        "sokoban",
        "stalemate",
        "must capture",
        "explode on capture",
        "petrify",
        "burn",
        "freeze",
        "immune",
        "repetition",
        "perpetual check loses",
        "move limit",
        "bare royal",
        "no pieces",
        "counting makruk",
        "counting asean",
        "counting cambodian",
        "reach",
        "extinction",
        "endgame",
        "checks",
        "checkmate",
        "draw odds",
        "draw by piece count",
        "flip",
        "pass when stuck",
        "full board",
        "connect",
        "no giving check",
        "neutral",
        "no check",
        "tag",
        "relay",
        "passive",
        "touch",
        "teleport",
        "alignment",
        "journey",
        "displace",
        "sacrifice",
        "activated",
        "chain",
        "gating",
    ];
    const PATTERNS: &[&str] = &["step", "leap", "ride", "like", "repeat"];
    const MODIFIERS: &[&str] = &[
        "move only",
        "capture only",
        "capture friend",
        "initial",
        "from",
        "to",
        "not from",
        "not to",
        "captures",
        "en passant",
        "push",
        "swap",
        "convert",
        "activate",
        "pass",
        "chain",
        "for first",
        "for second",
        "tagged",
        "sets",
        "keeps",
        "burn",
        "explode",
        "withdraw",
        "pincer",
        "coordinate",
    ];
    match rule {
        R::file | R::EOI => DECLS,
        r if kind(r).is_some_and(|(k, _)| k == DECLARATION) => DECLS,
        R::move_pattern | R::leg | R::mover | R::like_pattern | R::repeat_group => PATTERNS,
        R::modifier => MODIFIERS,
        R::via => &["via"],
        R::range | R::range_up_to => &["up to"],
        R::cell_set | R::ranks_item | R::files_item | R::colour_item => {
            &["rank", "ranks", "file", "files", "light", "dark", "medium"]
        }
        R::via_item | R::via_kind | R::area_target => &["empty", "friend", "foe", "piece"],
        R::vector_qual => &["forward", "backward", "exactly"],
        R::outcome => &["draw", "loss", "win"],
        R::end_kind => &["claim", "immediate"],
        R::for_side | R::mod_for => &["for first", "for second"],
        R::promotion_option => &[
            "optional",
            "also leaving",
            "only captured",
            "tagged",
            "delayed",
            "on entry or capture",
            "on capture",
            "never forced",
        ],
        R::drop_option => &[
            "not in",
            "one per file",
            "at most",
            "not mating",
            "not checking",
            "also stuck",
            "next to friend",
            "enclosing",
            "opening in",
            "either face",
            "dropped first",
            "opposite colours",
            "falling",
            "pushed in",
            "not next to foe",
        ],
        R::hand_unlimited => &["unlimited"],
        R::flip_enclosed => &["enclosed"],
        R::hand_not_kept => &["captures not kept"],
        R::gating_no_drops => &["no drops"],
        R::hand_kept_promoted => &["captures kept promoted"],
        R::castling_takes => &["king takes rook"],
        R::castling_dropped => &["when dropped"],
        R::castling_past => &["past"],
        R::no_check_all => &["except all"],
        R::stalemate_by_count => &["by piece count"],
        R::sokoban_role => &["pusher", "box", "wall", "reverse"],
        R::counting_role => &["pawn", "rook", "bishop", "knight"],
        R::capture_side => &["first", "second", "either side"],
        R::sparing => &["sparing"],
        R::blast_immune => &["immune"],
        R::blast_to_hand => &["to hand"],
        R::around => &["around"],
        R::kw_move_limit => &["move"],
        R::kw_file => &["file", "files"],
        R::kw_rank => &["rank", "ranks"],
        R::kw_absolute => &["absolute"],
        R::kw_captures => &["captures"],
        R::kw_captured => &["captured"],
        R::kw_capture => &["capture"],
        R::kw_exactly => &["exactly"],
        R::kw_empty => &["empty"],
        R::kw_foe => &["foe"],
        R::kw_forward => &["forward"],
        R::kw_backward => &["backward"],
        R::kw_friend => &["friend"],
        R::kw_from => &["from"],
        R::kw_holes => &["holes"],
        R::kw_initial => &["initial"],
        R::kw_like => &["like"],
        R::kw_not => &["not"],
        R::kw_only => &["only"],
        R::kw_or => &["or"],
        R::kw_then => &["then"],
        R::kw_to => &["to"],
        R::kw_turn => &["turn"],
        R::kw_up => &["up"],
        R::kw_via => &["via"],
        R::kw_with => &["with"],
        R::kw_in => &["in"],
        R::kw_may => &["may"],
        R::kw_face => &["face"],
        R::kw_passant => &["passant"],
        R::kw_facing => &["facing"],
        R::kw_points => &["points"],
        R::kw_pass => &["pass"],
        R::kw_leaving => &["leaving"],
        R::kw_per => &["per"],
        R::kw_mating => &["mating"],
        R::kw_checking => &["checking"],
        R::kw_side => &["side"],
        R::kw_on => &["on"],
        R::kw_check => &["check"],
        R::kw_loses => &["loses"],
        R::kw_limit => &["limit"],
        R::kw_moves | R::kw_plies => &["moves", "plies"],
        R::kw_pieces => &["pieces"],
        R::kw_makruk => &["makruk"],
        R::kw_asean => &["asean"],
        R::kw_cambodian => &["cambodian"],
        R::kw_rights => &["rights"],
        R::kw_lost => &["lost"],
        R::kw_aimed => &["aimed"],
        R::kw_royal => &["royal"],
        R::kw_back => &["back"],
        R::kw_by => &["by"],
        R::kw_either => &["either"],
        R::kw_each => &["each"],
        R::kw_most => &["most"],
        R::kw_removal => &["removal"],
        R::kw_weight => &["weight"],
        R::kw_earliest => &["earliest"],
        R::kw_reversal => &["reversal"],
        R::kw_at => &["at"],
        R::kw_end | R::kw_once => &["end", "once"],
        R::kw_continues => &["continues"],
        R::kw_into => &["into"],
        R::kw_radius => &["radius"],
        R::kw_tolerance => &["tolerance"],
        _ => &[],
    }
}

/// The edit distance between two words, counting a swap of two neighbouring letters as
/// one edit (optimal string alignment, a restricted Damerau-Levenshtein).
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The keyword (or keyword phrase) among `candidates` that the misspelt `word` most
/// likely is: at most 1 edit for words of up to 5 letters, 2 for longer ones (a word of
/// 1 or 2 letters only by a swap or a changed letter). `rest` is the source after the
/// word: a phrase whose later words follow there is preferred, and named whole.
pub(super) fn did_you_mean(word: &str, rest: &str, candidates: &[&'static str]) -> Option<String> {
    let lower = word.to_ascii_lowercase();
    let len = lower.chars().count();
    if !lower.starts_with(|c: char| c.is_ascii_alphabetic())
        || !lower.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return None;
    }
    let limit = if len <= 5 { 1 } else { 2 };
    let capitalised = word.starts_with(|c: char| c.is_ascii_uppercase());
    let next: Vec<&str> = rest.split_whitespace().take(3).collect();
    let mut best: Option<(usize, usize, &str)> = None;
    for &phrase in candidates {
        let mut words = phrase.split(' ');
        let first = words.next().unwrap_or("");
        if first == word {
            continue;
        }
        let d = edit_distance(&lower, first);
        // A capitalised word is more likely a name or prose than a slip: only its
        // lowercase self is suggested.
        if capitalised && d > 0 {
            continue;
        }
        if d > limit || (len <= 2 && first.len() != len) {
            continue;
        }
        let later: Vec<&str> = words.collect();
        let follows = later.iter().zip(&next).filter(|(a, b)| a == b).count();
        let unmatched = later.len() - follows;
        let better = match best {
            None => true,
            Some((bd, bu, _)) => (d, unmatched) < (bd, bu),
        };
        if better {
            best = Some((d, unmatched, phrase));
        }
    }
    let (_, unmatched, phrase) = best?;
    let first = phrase.split(' ').next().unwrap_or(phrase);
    Some(if unmatched == 0 { phrase } else { first }.to_string())
}

/// Whether `word` is a keyword or contextual word anywhere in the grammar.
pub(super) fn is_word_of_the_language(word: &str) -> bool {
    const GRAMMAR: &str = include_str!("../../grammar/piecewise.pest");
    GRAMMAR.contains(&format!("\"{word}\""))
}
