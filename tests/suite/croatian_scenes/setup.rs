//! The scenes' data and their positions: the variants' rules files and start tags, the
//! scenes read from `tests/data/croatian/scenes.json`, a scene's pieces written as a FEN.

use super::*;

/// The rules file of each of the book's variants (of the simple variants of its last
/// chapter, those its scenes draw: Croatian Ties 14 and Classical Chess 14 mirrored).
pub(super) fn rules_of(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "Classical" => "chess",
        "Croatian Ties" => "croatian-ties",
        "Mayan Ascendancy" => "croatian-mayan",
        "Age Of Aquarius" => "croatian-aquarius",
        "Miranda's Veil" => "croatian-miranda",
        "Nineteen" => "croatian-nineteen",
        "Hemera's Dawn" => "croatian-hemera",
        "Tamoanchan Revisited" => "croatian-tamoanchan",
        "Conquest Of Tlalocan" => "croatian-tlalocan",
        "Discovery" => "croatian-discovery",
        "One" => "croatian-one",
        "Croatian Ties 14" => "croatian-ties-14",
        "Classical 14 Mirrored" => "croatian-classical-14-mirrored",
        _ => return None,
    })
}

/// A variant's game and what writing its positions needs.
pub(super) struct Variant {
    pub(super) game: Game,
    /// Kinds (upper-case letters) the file declares `neutral`.
    pub(super) neutral: BTreeSet<char>,
    /// Those of them either side moves (`moved by either side`: the Monolith).
    pub(super) movable: BTreeSet<char>,
    /// The start position's tags: cell -> (letter, tag marks).
    pub(super) start_tags: BTreeMap<String, (char, String)>,
    /// The start position's pieces with a side: cell -> letter.
    pub(super) start_pieces: BTreeMap<String, char>,
    /// The letter of the file's `DimStar`, the book's dim Star (`t`; its bright one,
    /// `T`, is the file's `Star`), when the file tells the two apart.
    pub(super) dim_star: Option<char>,
    /// The kinds (upper-case letters) the file's `alignment` lines up, and those whose
    /// move enters one (`entered by`): the book's celestial pieces and the Monolith.
    pub(super) aligned: BTreeSet<char>,
    pub(super) enters: BTreeSet<char>,
    /// The kinds (upper-case letters) whose move into an alignment may bring back a
    /// captured piece (`resurrect ... by`: One's Starchild).
    pub(super) resurrects: BTreeSet<char>,
}

impl Variant {
    pub(super) fn load(name: &str) -> Variant {
        let src = common::rules_source(name);
        // Cascades of up to the seven plies a move carries (the book draws them:
        // Miranda's Veil, "Cascade check, checkmate"), not the default four.
        let limits = piecewise::pipeline::Limits {
            cascade_plies: piecewise::pipeline::Limits::MAX_CASCADE_PLIES,
            ..Default::default()
        };
        let game = Game::compile_limited(&src, Some(&common::rules_dir()), None, &limits)
            .unwrap_or_else(|d| panic!("rules/{name}.rules does not compile: {d:?}"));
        // `piece Name (L)`: the letters by name, for the `neutral` declarations.
        let letters: BTreeMap<&str, char> = src
            .lines()
            .filter_map(|l| {
                let rest = l.trim().strip_prefix("piece ")?;
                let (name, rest) = rest.split_once(" (")?;
                Some((name.trim(), rest.chars().next()?))
            })
            .collect();
        let (mut neutral, mut movable) = (BTreeSet::new(), BTreeSet::new());
        for line in src.lines() {
            if let Some(rest) = line.strip_prefix("neutral ") {
                let kinds = rest.split(',').next().unwrap();
                for k in kinds.split('|') {
                    neutral.extend(letters.get(k.trim()).copied());
                    if rest.contains("moved by either side") {
                        movable.extend(letters.get(k.trim()).copied());
                    }
                }
            }
        }
        let (mut aligned, mut enters) = (BTreeSet::new(), BTreeSet::new());
        let mut resurrects = BTreeSet::new();
        for line in src.lines() {
            if let Some(rest) = line.strip_prefix("alignment ") {
                let mut parts = rest.split(',');
                let letters_of = |list: &str| -> Vec<char> {
                    list.split('|')
                        .filter_map(|k| letters.get(k.trim()).copied())
                        .collect()
                };
                aligned.extend(letters_of(parts.next().unwrap()));
                for p in parts {
                    if let Some(by) = p.trim().strip_prefix("entered by ") {
                        enters.extend(letters_of(by));
                    }
                    if let Some(r) = p.trim().strip_prefix("resurrect ") {
                        let by = r.split(" by ").nth(1).unwrap_or("");
                        resurrects.extend(letters_of(by.split(" beside ").next().unwrap()));
                    }
                }
            }
        }
        let mut start_tags = BTreeMap::new();
        let mut start_pieces = BTreeMap::new();
        if let Some(pos) = game.start_position() {
            let fen = game.fen(&pos);
            for (cell, letter, tags) in
                read_fen(&fen, game.board().width() as usize, neutral.len() > 1)
            {
                start_pieces.insert(cell.clone(), letter);
                if !tags.is_empty() {
                    start_tags.insert(cell, (letter, tags));
                }
            }
        }
        Variant {
            game,
            neutral,
            movable,
            start_tags,
            start_pieces,
            dim_star: letters.get("DimStar").copied(),
            aligned,
            enters,
            resurrects,
        }
    }

    /// Whether a scene's piece of this letter never moves: a neutral piece no side
    /// moves (the Stars; a Monolith, moved by either side, is walked for the side of
    /// its letter's case, the first for the book's `M`).
    pub(super) fn stands_still(&self, letter: char) -> bool {
        let up = letter.to_ascii_uppercase();
        self.neutral.contains(&up) && !self.movable.contains(&up)
    }

    /// The FEN of the scene's pieces with `side` to move.
    pub(super) fn fen(&self, size: usize, pieces: &[(String, char)], side: Side) -> String {
        self.fen_untagged(size, pieces, side, &BTreeSet::new())
    }

    /// [`Variant::fen`], the pieces on `untagged` carrying no start tags (converted
    /// pieces, see [`converted`]).
    pub(super) fn fen_untagged(
        &self,
        size: usize,
        pieces: &[(String, char)],
        side: Side,
        untagged: &BTreeSet<&str>,
    ) -> String {
        let mut rows = vec![vec![String::new(); size]; size];
        for (cell, letter) in pieces {
            let (f, r) = coords(cell);
            let up = match self.dim_star {
                Some(dim) if *letter == 't' => dim,
                _ => letter.to_ascii_uppercase(),
            };
            let text = if self.neutral.contains(&up) {
                if self.neutral.len() > 1 {
                    format!("*{up}")
                } else {
                    "*".to_string()
                }
            } else {
                let tags = match self.start_tags.get(cell) {
                    Some((l, t)) if l == letter && !untagged.contains(cell.as_str()) => t.clone(),
                    _ => String::new(),
                };
                format!("{letter}{tags}")
            };
            rows[r][f] = text;
        }
        let mut out = Vec::new();
        for row in rows.iter().rev() {
            let mut s = String::new();
            let mut empty = 0;
            for c in row {
                if c.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            out.push(s);
        }
        let side = if side == Side::First { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", out.join("/"))
    }
}

/// (file, rank) from 0 of a cell name (`b12`).
pub(super) fn coords(cell: &str) -> (usize, usize) {
    let f = (cell.as_bytes()[0] - b'a') as usize;
    let r: usize = cell[1..].parse().unwrap();
    (f, r - 1)
}

/// The pieces of a FEN's board part written by the game (`*` neutral, `*X` when
/// `pairs`: several neutral kinds; tags after a letter): (cell, letter, tags) of the pieces with a side.
pub(crate) fn read_fen(fen: &str, width: usize, pairs: bool) -> Vec<(String, char, String)> {
    let board = fen.split(' ').next().unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    let n = ranks.len();
    let mut out = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        let r = n - i;
        let mut f = 0;
        let b = rank.as_bytes();
        let mut k = 0;
        while k < b.len() {
            let c = b[k] as char;
            if c.is_ascii_digit() {
                let mut v = 0;
                while k < b.len() && (b[k] as char).is_ascii_digit() {
                    v = v * 10 + (b[k] - b'0') as usize;
                    k += 1;
                }
                f += v;
                continue;
            }
            if c == '*' {
                f += 1;
                k += if pairs { 2 } else { 1 };
                continue;
            }
            let mut tags = String::new();
            k += 1;
            while k < b.len() && "^&=".contains(b[k] as char) {
                tags.push(b[k] as char);
                k += 1;
            }
            assert!(f < width, "{fen}");
            out.push((format!("{}{r}", (b'a' + f as u8) as char), c, tags));
            f += 1;
        }
    }
    out
}

/// One scene read from the data file.
#[derive(Clone)]
pub(super) struct Scene {
    pub(super) name: String,
    pub(super) variant: String,
    pub(super) size: usize,
    pub(super) pieces: Vec<(String, char)>,
    /// Arrows: start, end, mark type.
    pub(super) arrows: Vec<(Option<String>, Option<String>, String)>,
    /// Texts and field markers: cell, mark type.
    pub(super) marks: Vec<(Option<String>, String)>,
    /// Its numbered texts: cell (`None` off the board), number, mark type (a
    /// diagram's numbered fields, see [`diagrams`](super::diagrams)).
    pub(super) numbers: Vec<(Option<String>, usize, String)>,
    /// The marks the book's text reads otherwise, from
    /// `tests/data/croatian/scenes-corrected.txt` (see [`corrections`](super::corrections)).
    pub(super) corrections: Vec<super::corrections::Correction>,
    /// Its texts that are not numbers (labels the prose refers to, no marks): cell,
    /// text, mark type (a King's start `K`, see [`castling`](super::castling); a
    /// Monolith's `M`, see [`in_progress`](super::in_progress)).
    pub(super) labels: Vec<(String, String, String)>,
    /// The cells of its Action field markers (not texts): on a moving piece's own cell
    /// such a marker shows a tag (see [`carries_tag`]).
    pub(super) action_markers: BTreeSet<String>,
    /// The cells of its Legal field markers standing on a Pawn: the Pawn's en passant
    /// tag (see [`rushed`]).
    pub(super) rushed: BTreeSet<String>,
}

/// A JSON list of `[cell, letter]` pairs: the pieces a scene or a start places.
pub(super) fn placed(list: &Value) -> Vec<(String, char)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_string(),
                p[1].as_str().unwrap().chars().next().unwrap(),
            )
        })
        .collect()
}

pub(super) fn scenes() -> (Vec<Scene>, Value) {
    let text = common::read("tests/data/croatian/scenes.json");
    let doc: Value = serde_json::from_str(&text).expect("scenes.json is JSON");
    let cell = |v: &Value| v.as_str().map(String::from);
    let mut out = Vec::new();
    for s in doc["scenes"].as_array().unwrap() {
        let pieces = placed(&s["pieces"]);
        let arrows = s["arrows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| (cell(&a[0]), cell(&a[1]), a[2].as_str().unwrap().to_string()))
            .collect();
        let mut marks: Vec<(Option<String>, String)> = s["texts"]
            .as_array()
            .unwrap()
            .iter()
            // A letter labels a piece or a field for the book's prose: no mark.
            .filter(|t| t[1].as_str().unwrap().chars().all(|c| c.is_ascii_digit()))
            .map(|t| (cell(&t[0]), t[2].as_str().unwrap().to_string()))
            .collect();
        marks.extend(
            s["markers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| (cell(&m[0]), m[1].as_str().unwrap().to_string())),
        );
        let labels = s["texts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| !t[1].as_str().unwrap().chars().all(|c| c.is_ascii_digit()))
            .filter_map(|t| {
                Some((
                    cell(&t[0])?,
                    t[1].as_str()?.to_string(),
                    t[2].as_str()?.to_string(),
                ))
            })
            .collect();
        let numbers = s["texts"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| {
                let n = t[1].as_str()?.parse().ok()?;
                Some((cell(&t[0]), n, t[2].as_str()?.to_string()))
            })
            .collect();
        let action_markers = s["markers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m[1].as_str() == Some("action"))
            .filter_map(|m| cell(&m[0]))
            .collect();
        let at: BTreeSet<(String, char)> = pieces.iter().cloned().collect();
        let rushed = s["markers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m[1].as_str() == Some("legal"))
            .filter_map(|m| cell(&m[0]))
            .filter(|c| at.contains(&(c.clone(), 'P')) || at.contains(&(c.clone(), 'p')))
            .collect();
        out.push(Scene {
            numbers,
            corrections: Vec::new(),
            labels,
            action_markers,
            rushed,
            name: s["name"].as_str().unwrap().to_string(),
            variant: s["variant"].as_str().unwrap().to_string(),
            size: s["size"].as_u64().unwrap() as usize,
            pieces,
            arrows,
            marks,
        });
    }
    (out, doc)
}
