//! pgn: games as PGN, with the moves in SAN (`san`) and the game named by a
//! `[Variant "NAME"]` tag, as lichess and Fairy-Stockfish's tools write them; for the
//! draughts family, as PDN: `[GameType "20"]`, a draughts `[FEN "W:W31-50:B1-20"]`,
//! moves as square numbers (`32-28`, `28x19x10`) and results `2-0`, `0-2`, `1-1`.
//!
//! [`read`] splits a PGN text into games: tag pairs, then the movetext, whose move
//! numbers, comments (`{...}`, `;` to the end of the line), variations (`(...)`,
//! skipped), numeric annotations (`$1`) and `!`/`?` marks are dropped, up to the result
//! (`1-0`, `0-1`, `1/2-1/2`, `*`). [`Game::play_pgn`] plays one game's moves (SAN, or
//! UCI) from its `[FEN]` or the start position; [`Game::write_pgn`] writes a line of
//! moves as a game.

use crate::{Game, GameMove, GamePosition, Line};

/// One game read from a PGN text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PgnGame {
    /// The tag pairs in order (`("Event", "...")`, `("Variant", "crazyhouse")`).
    pub tags: Vec<(String, String)>,
    /// The moves as written (move numbers, comments and annotations left out).
    pub moves: Vec<String>,
    /// The result token that ended the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What is wrong with a PGN text, and on which line (1-based; for a comment or
/// variation left open, the line where it opens).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PgnError {}

const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"];

/// The games of a PGN text, in order.
pub fn read(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut started = false;
    let mut depth = 0usize; // inside variations
    let mut comment = false;
    // Where the open comment and the outermost open variation began.
    let (mut comment_line, mut variation_line) = (0, 0);
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let err = |message: String| PgnError {
            line: line_no,
            message,
        };
        let line = raw.trim();
        if !comment && depth == 0 && line.starts_with('[') {
            if !game.moves.is_empty() || game.result.is_some() {
                games.push(std::mem::take(&mut game));
            }
            let inner = line
                .strip_prefix('[')
                .and_then(|l| l.strip_suffix(']'))
                .ok_or_else(|| err(format!("a tag pair is `[Name \"value\"]`, not `{line}`")))?;
            let (name, value) = inner
                .split_once(char::is_whitespace)
                .ok_or_else(|| err(format!("the tag `{inner}` has no value")))?;
            let value = value.trim();
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| err(format!("the value of tag `{name}` is not in quotes")))?;
            let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
            game.tags.push((name.to_string(), value));
            started = true;
            continue;
        }
        let mut rest = line;
        while !rest.is_empty() {
            if comment {
                match rest.find('}') {
                    Some(end) => {
                        comment = false;
                        rest = &rest[end + 1..];
                    }
                    None => rest = "",
                }
                continue;
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                '{' => {
                    comment = true;
                    comment_line = line_no;
                    rest = &rest[1..];
                }
                ';' => rest = "",
                '(' => {
                    if depth == 0 {
                        variation_line = line_no;
                    }
                    depth += 1;
                    rest = &rest[1..];
                }
                ')' => {
                    depth = depth
                        .checked_sub(1)
                        .ok_or_else(|| err("a `)` closes no variation".to_string()))?;
                    rest = &rest[1..];
                }
                _ => {
                    let end = rest
                        .find(|c: char| c.is_whitespace() || "{;()".contains(c))
                        .unwrap_or(rest.len());
                    let token = &rest[..end];
                    rest = &rest[end..];
                    if depth > 0 || token.starts_with('$') {
                        continue;
                    }
                    started = true;
                    if RESULTS.contains(&token) {
                        game.result = Some(token.to_string());
                        games.push(std::mem::take(&mut game));
                        started = false;
                        continue;
                    }
                    // A move number (`12.`, `12...`), alone or before its move (`12.e4`);
                    // castling written with zeros is a move.
                    let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
                    let token = if !token.starts_with("0-0")
                        && digits.len() < token.len()
                        && digits.starts_with('.')
                    {
                        digits.trim_start_matches('.')
                    } else {
                        token
                    };
                    let token = token.trim_end_matches(['!', '?']);
                    if !token.is_empty() {
                        game.moves.push(token.to_string());
                    }
                }
            }
        }
    }
    if comment {
        return Err(PgnError {
            line: comment_line,
            message: "a comment `{` is not closed".into(),
        });
    }
    if depth > 0 {
        return Err(PgnError {
            line: variation_line,
            message: "a variation `(` is not closed".into(),
        });
    }
    if started && (!game.moves.is_empty() || !game.tags.is_empty()) {
        games.push(game);
    }
    Ok(games)
}

/// Writes a tag pair's value with `"` and `\` escaped.
fn escaped(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl Game {
    /// Plays the moves of a PGN game (SAN, or UCI: [`Game::parse_move`]) from its
    /// `[FEN]` tag, or else the start position. A `[Variant]` tag must name this game
    /// (its `game "..."` name; `chess`, `standard` and no tag are taken for any game).
    /// The error names the move (its number and text) that is not legal, or the tag
    /// that does not fit.
    pub fn play_pgn(&self, pgn: &PgnGame) -> Result<Line, String> {
        if let Some(variant) = pgn.tag("Variant") {
            let ours = self.name().unwrap_or("");
            let generic = ["", "chess", "standard", "Standard"];
            if !generic.contains(&variant) && !variant.eq_ignore_ascii_case(ours) {
                return Err(format!(
                    "the game is `[Variant \"{variant}\"]`, these rules are `{}`",
                    if ours.is_empty() { "unnamed" } else { ours }
                ));
            }
        }
        if let Some(text) = pgn.tag("GameType") {
            // `20` or `20,W,10,10,N2,0` (the type, then the board).
            let number = text.split(',').next().unwrap_or("").trim();
            let ours = super::draughts::game_type(self);
            if ours.map(|t| t.to_string()).as_deref() != Some(number) {
                return Err(format!(
                    "the game is `[GameType \"{text}\"]`, these rules are {}",
                    match (ours, self.name()) {
                        (Some(t), Some(n)) => format!("`{n}` (GameType {t})"),
                        (None, Some(n)) => format!("`{n}`, which has no PDN GameType"),
                        _ => "unnamed".to_string(),
                    }
                ));
            }
        }
        let start = match pgn.tag("FEN") {
            Some(fen) => self
                .position(fen)
                .map_err(|e| format!("the [FEN] tag: {e}"))?,
            None => self
                .start_position()
                .ok_or("the rules declare no start position and the game has no [FEN] tag")?,
        };
        let mut line = self.line(start);
        for (i, text) in pgn.moves.iter().enumerate() {
            let Some(m) = self.parse_move(line.position(), text) else {
                return Err(format!(
                    "move {} `{text}` is not legal in {}",
                    i + 1,
                    self.fen(line.position())
                ));
            };
            self.play(&mut line, &m);
        }
        Ok(line)
    }

    /// A PGN game of `moves` (legal in turn from `start`): the seven tags (`?` where
    /// `tags` gives none), `[Variant]` with the game's name when it has one (not for
    /// `chess`), `[FEN]` and `[SetUp "1"]` when `start` is not the start position, then
    /// `tags`' others, and the moves in SAN with their numbers, lines under 80
    /// characters, ending with the result the game has reached (`*` while it goes on).
    pub fn write_pgn(
        &self,
        start: &GamePosition,
        moves: &[GameMove],
        tags: &[(String, String)],
    ) -> String {
        let draughts = super::draughts::squares(self).is_some();
        let mut line = self.line(start.clone());
        let mut sans = Vec::with_capacity(moves.len());
        for m in moves {
            let text = if draughts {
                self.pdn(line.position(), m).unwrap_or_else(|| self.uci(m))
            } else {
                let legal = self.legal_moves(line.position());
                let texts = self.san_list(line.position(), &legal);
                legal
                    .iter()
                    .zip(texts)
                    .find(|(o, _)| *o == m)
                    .map_or_else(|| self.uci(m), |(_, t)| t)
            };
            sans.push(text);
            self.play(&mut line, m);
        }
        let result = match (self.line_result(&line), draughts) {
            (Some(r), false) => match r.winner {
                Some(crate::ids::Side::First) => "1-0",
                Some(crate::ids::Side::Second) => "0-1",
                None => "1/2-1/2",
            },
            (Some(r), true) => match r.winner {
                Some(crate::ids::Side::First) => "2-0",
                Some(crate::ids::Side::Second) => "0-2",
                None => "1-1",
            },
            (None, _) => "*",
        };
        let given = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let mut out = String::new();
        let roster = ["Event", "Site", "Date", "Round", "White", "Black"];
        for name in roster {
            out.push_str(&format!(
                "[{name} \"{}\"]\n",
                escaped(given(name).unwrap_or("?"))
            ));
        }
        out.push_str(&format!("[Result \"{result}\"]\n"));
        let name = self.name().filter(|n| !n.eq_ignore_ascii_case("chess"));
        let game_type = super::draughts::game_type(self);
        if let Some(t) = game_type {
            out.push_str(&format!("[GameType \"{t}\"]\n"));
        } else if let Some(variant) = given("Variant").or(name) {
            out.push_str(&format!("[Variant \"{}\"]\n", escaped(variant)));
        }
        let fen = self.fen(start);
        let standard = self.start_position().map(|p| self.fen(&p));
        if standard.as_deref() != Some(fen.as_str()) {
            let written = if draughts {
                self.draughts_fen(start).unwrap_or(fen)
            } else {
                fen
            };
            out.push_str(&format!("[FEN \"{}\"]\n", escaped(&written)));
            if !draughts {
                out.push_str("[SetUp \"1\"]\n");
            }
        }
        for (n, v) in tags {
            let known = roster.contains(&n.as_str())
                || ["Result", "Variant", "FEN", "SetUp", "GameType"].contains(&n.as_str());
            if !known {
                out.push_str(&format!("[{n} \"{}\"]\n", escaped(v)));
            }
        }
        out.push('\n');
        let mut number = start.fullmove_number().max(1);
        let mut white = start.side_to_move() == crate::ids::Side::First;
        let mut tokens = Vec::new();
        for (i, san) in sans.iter().enumerate() {
            if white {
                tokens.push(format!("{number}. {san}"));
            } else if i == 0 {
                tokens.push(format!("{number}... {san}"));
            } else {
                tokens.push(san.clone());
            }
            if !white {
                number += 1;
            }
            white = !white;
        }
        tokens.push(result.to_string());
        let mut width = 0;
        for t in tokens {
            if width > 0 && width + 1 + t.len() > 79 {
                out.push('\n');
                width = 0;
            } else if width > 0 {
                out.push(' ');
                width += 1;
            }
            out.push_str(&t);
            width += t.len();
        }
        out.push('\n');
        out
    }
}
