//! api: the JSON endpoints that answer from a rules text — `check` (diagnostics),
//! `board` (the SVG of a position and where its cells are, with hand edits),
//! `moves` (legal moves, and a piece's moves and paths drawn as `show --from` does),
//! `play` (moves played in order) and `info` (the server's limits). Each request
//! carries the whole rules text and where its position comes from ([`Source`]: a FEN,
//! or a Sokoban level played on the board cut to its size); the compiled game comes
//! from the cache. The shapes
//! of the answers are in `docs/serve.md`; the JSON of diagnostics is in
//! `diagnostics`, the drawing in `drawing`.

mod assist;
mod diagnostics;
mod drawing;

pub(crate) use assist::{complete, hover};

use super::error::{blocking, ApiError, ApiJson};
use super::Shared;
use crate::game::{GamePosition, GameResult};
use crate::ids::CellId;
use crate::picture::piece_arg;
use crate::Game;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// `GET /api/info`: the version and the limits requests are held to.
pub(crate) async fn info(State(state): State<Shared>) -> Json<Value> {
    let c = &state.config;
    Json(json!({
        "name": "piecewise",
        "version": env!("CARGO_PKG_VERSION"),
        "limits": {
            "max_body_bytes": c.max_body_bytes,
            "source_bytes": c.limits.source_bytes,
            "max_perft_depth": c.max_perft_depth,
            "perft_ms": c.perft_limit.as_millis() as u64,
            "max_perft_jobs": c.max_perft_jobs,
            "cache_entries": c.cache_entries,
            "max_connections": c.max_connections,
            "idle_ms": c.idle_timeout.as_millis() as u64,
        },
        "files": c.files.len(),
        "cached_games": state.games.len(),
    }))
}

/// A request that names only a rules text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckRequest {
    rules: String,
    /// The id of the file the text came from (`file-0`, `graph-chess.rules`): file
    /// names in the text are looked up beside it.
    #[serde(default)]
    file: Option<String>,
}

/// `POST /api/check`: the diagnostics of a rules text, as `piecewise check` reports
/// them (always 200: a text with errors is a good answer, not a bad request).
pub(crate) async fn check(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<CheckRequest>,
) -> Result<Json<Value>, ApiError> {
    let s = state.clone();
    blocking(&state, move || {
        let base = base_for(&s, req.file.as_deref());
        let diags = match s
            .games
            .game(&req.rules, base.as_deref(), None, &s.config.limits)
        {
            Ok(game) => game.rules().warnings().clone(),
            Err(d) => d,
        };
        Ok(Json(json!({
            "ok": !diags.has_errors(),
            "errors": diags.error_count(),
            "warnings": diags.warning_count(),
            "diagnostics": diagnostics::to_json(&diags, &req.rules),
        })))
    })
    .await
}

/// Where file names in a text from `file` are looked up: beside a file given on the
/// command line, else in [`ServeConfig::base_dir`](super::ServeConfig).
fn base_for(state: &Shared, file: Option<&str>) -> Option<std::path::PathBuf> {
    match file.and_then(|id| super::files::editable(state, id)) {
        Some(path) => Some(
            path.parent()
                .filter(|p| !p.as_os_str().is_empty())
                .map_or_else(|| ".".into(), |p| p.to_path_buf()),
        ),
        None => state.config.base_dir.clone(),
    }
}

/// The compiled game of a request's rules text (its board cut to `fit`, for a Sokoban
/// level), or a `rules` error carrying the diagnostics.
fn game_of(
    state: &Shared,
    rules: &str,
    file: Option<&str>,
    fit: Option<(usize, usize)>,
) -> Result<Arc<Game>, ApiError> {
    let base = base_for(state, file);
    state
        .games
        .game(rules, base.as_deref(), fit, &state.config.limits)
        .map_err(|d| {
            let first = d
                .iter()
                .find(|d| d.is_error())
                .map_or_else(String::new, |d| format!(": {}", d.message));
            ApiError::bad(
                "rules",
                format!(
                    "the rules do not compile ({}){first}",
                    crate::diagnostics::plural(d.error_count(), "error")
                ),
            )
            .with("diagnostics", diagnostics::to_json(&d, rules))
        })
}

/// Where a request's position comes from: the fields every position request shares.
pub(crate) struct Source<'a> {
    /// The rules text.
    pub(crate) rules: &'a str,
    /// The id of the file the text came from.
    pub(crate) file: Option<&'a str>,
    /// A position in FEN.
    pub(crate) fen: Option<&'a str>,
    /// A Sokoban text board (the rules must declare `sokoban`).
    pub(crate) level: Option<&'a str>,
}

/// The game and the position a request starts from: its `level` (a Sokoban text board;
/// the game's board is then cut to the level's size), else its FEN, else the start
/// position, else an empty board.
pub(crate) fn game_and_position(
    state: &Shared,
    src: &Source<'_>,
) -> Result<(Arc<Game>, GamePosition), ApiError> {
    let Some(level) = src.level else {
        let game = game_of(state, src.rules, src.file, None)?;
        let pos = position_of(&game, src.fen)?;
        return Ok((game, pos));
    };
    let bad_level =
        |e: crate::game::TextBoardError| ApiError::bad("level", format!("bad Sokoban board: {e}"));
    let size = crate::game::text_board::level_size(level).map_err(bad_level)?;
    let game = game_of(state, src.rules, src.file, Some(size))?;
    let pos = game.read_text_board(level).map_err(bad_level)?;
    Ok((game, pos))
}

/// The position of a request: its FEN, else the start position, else an empty board.
fn position_of(game: &Game, fen: Option<&str>) -> Result<GamePosition, ApiError> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        Some(fen) => game
            .position(fen)
            .map_err(|e| ApiError::bad("fen", format!("bad FEN: {e}")).with("fen", fen.into())),
        None => match game.start_position() {
            Some(p) => Ok(p),
            None => game
                .empty_position()
                .map_err(|e| ApiError::internal(format!("no empty position: {e}"))),
        },
    }
}

/// The cell named `name` on the game's board.
pub(crate) fn cell_of(game: &Game, name: &str) -> Result<CellId, ApiError> {
    game.rules()
        .cell(name.trim())
        .ok_or_else(|| ApiError::bad("cell", format!("the board has no cell `{name}`")))
}

/// The JSON of a game result (`null` while the game goes on).
fn result_json(game: &Game, pos: &GamePosition) -> Value {
    if game.sokoban().is_some() && game.solved(pos) {
        return json!({ "winner": "white", "reason": "solved", "text": "solved" });
    }
    match game.result(pos) {
        None => Value::Null,
        Some(r @ GameResult { winner, reason, .. }) => json!({
            "winner": winner.map(|s| s.to_string()),
            "reason": reason.as_str(),
            "text": r.to_string(),
        }),
    }
}

/// What every position answer carries: its FEN (and, for a `level`, its text board),
/// the side to move, check, the result and the legal moves.
fn state_json(game: &Game, pos: &GamePosition, level: bool) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("fen".into(), game.fen(pos).into());
    m.insert("sokoban".into(), game.sokoban().is_some().into());
    if level {
        m.insert("level".into(), game.text_board(pos).into());
    }
    m.insert("side".into(), pos.side_to_move().to_string().into());
    m.insert("in_check".into(), game.in_check(pos).into());
    m.insert("result".into(), result_json(game, pos));
    m.insert("legal".into(), game.legal_uci(pos).into());
    m
}

/// The [`Source`] of a request with `rules`, `file`, `fen` and `level` fields.
macro_rules! source_of {
    ($($request:ty),*) => {$(
        impl $request {
            pub(crate) fn source(&self) -> Source<'_> {
                Source {
                    rules: &self.rules,
                    file: self.file.as_deref(),
                    fen: self.fen.as_deref(),
                    level: self.level.as_deref(),
                }
            }
        }
    )*};
}
pub(crate) use source_of;

source_of!(BoardRequest, MovesRequest, PlayRequest);

/// A piece to put on a cell (`null` empties it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Place {
    cell: String,
    piece: Option<String>,
}

/// `POST /api/board`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardRequest {
    rules: String,
    /// The id of the file the text came from (`file-0`, `graph-chess.rules`): file
    /// names in the text are looked up beside it.
    #[serde(default)]
    file: Option<String>,
    fen: Option<String>,
    /// A Sokoban text board instead of `fen`.
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    empty: bool,
    place: Option<Place>,
}

/// `POST /api/board`: the position (its FEN, the start, or an empty board with
/// `empty`), edited by `place`, drawn as SVG with its cells' pixel geometry and the
/// pieces of the palette.
pub(crate) async fn board(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<BoardRequest>,
) -> Result<Json<Value>, ApiError> {
    let s = state.clone();
    blocking(&state, move || {
        let (game, mut pos) = game_and_position(&s, &req.source())?;
        if req.empty {
            pos = game
                .empty_position()
                .map_err(|e| ApiError::internal(format!("no empty position: {e}")))?;
        }
        if let Some(place) = &req.place {
            let cell = cell_of(&game, &place.cell)?;
            let piece = match place.piece.as_deref() {
                None | Some("") => None,
                Some(text) => Some(piece_arg(game.rules(), text).ok_or_else(|| {
                    ApiError::bad("piece", format!("no piece is named or lettered `{text}`"))
                })?),
            };
            pos = game
                .with_piece(&pos, cell, piece)
                .map_err(|e| ApiError::bad("fen", format!("cannot place it: {e}")))?;
        }
        let mut out = state_json(&game, &pos, req.level.is_some());
        out.extend(drawing::draw(&game, &pos, None)?);
        out.insert("pieces".into(), drawing::palette(&game));
        Ok(Json(Value::Object(out)))
    })
    .await
}

/// `POST /api/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MovesRequest {
    rules: String,
    /// The id of the file the text came from (`file-0`, `graph-chess.rules`): file
    /// names in the text are looked up beside it.
    #[serde(default)]
    file: Option<String>,
    fen: Option<String>,
    /// A Sokoban text board instead of `fen`.
    #[serde(default)]
    level: Option<String>,
    from: Option<String>,
}

/// `POST /api/moves`: the legal moves; with `from`, also the legal moves of the piece
/// there and the picture of its moves and paths (`show --from`).
pub(crate) async fn moves(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<MovesRequest>,
) -> Result<Json<Value>, ApiError> {
    let s = state.clone();
    blocking(&state, move || {
        let (game, pos) = game_and_position(&s, &req.source())?;
        let mut out = state_json(&game, &pos, req.level.is_some());
        if let Some(from) = &req.from {
            let cell = cell_of(&game, from)?;
            let moves = game.legal_moves(&pos);
            let texts = game.uci_list(&moves);
            let targets: Vec<Value> = moves
                .iter()
                .zip(texts)
                .filter(|(m, _)| m.from == cell && m.kind != crate::game::MoveKind::Drop)
                .map(|(m, uci)| json!({ "uci": uci, "to": game.rules().cell_name(m.to) }))
                .collect();
            out.insert("from".into(), game.rules().cell_name(cell).into());
            out.insert("targets".into(), targets.into());
            out.extend(drawing::draw(&game, &pos, Some(cell))?);
        }
        Ok(Json(Value::Object(out)))
    })
    .await
}

/// The most moves one `play` request may carry (each is looked up among the legal
/// moves of its position).
const MAX_PLAY_MOVES: usize = 5_000;

/// `POST /api/play`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayRequest {
    rules: String,
    /// The id of the file the text came from (`file-0`, `graph-chess.rules`): file
    /// names in the text are looked up beside it.
    #[serde(default)]
    file: Option<String>,
    fen: Option<String>,
    /// A Sokoban text board instead of `fen`.
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
}

/// `POST /api/play`: plays the moves in order from the position and answers with the
/// position reached; a move that is not legal where it is played is a `move` error
/// naming it, its index and the legal moves there.
pub(crate) async fn play(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<PlayRequest>,
) -> Result<Json<Value>, ApiError> {
    if req.moves.len() > MAX_PLAY_MOVES {
        return Err(ApiError::bad(
            "limit",
            format!(
                "{} moves are more than one request may play ({MAX_PLAY_MOVES})",
                req.moves.len()
            ),
        ));
    }
    let s = state.clone();
    blocking(&state, move || {
        let (game, mut pos) = game_and_position(&s, &req.source())?;
        for (i, text) in req.moves.iter().enumerate() {
            let Some(m) = game.parse_move(&pos, text.trim()) else {
                return Err(ApiError::bad(
                    "move",
                    format!("move {} `{text}` is not legal in {}", i + 1, game.fen(&pos)),
                )
                .with("index", i.into())
                .with("legal", game.legal_uci(&pos).into()));
            };
            game.make(&mut pos, &m);
        }
        let mut out = state_json(&game, &pos, req.level.is_some());
        out.insert("played".into(), req.moves.len().into());
        Ok(Json(Value::Object(out)))
    })
    .await
}
