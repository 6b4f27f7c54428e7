//! files: the rules texts the page can open — the files the server was started on
//! (opened from disk each time, saved back by `PUT /api/file`) and the shipped
//! `rules/*.rules` files and Sokoban levels `rules/boards/*.txt`, built into the binary
//! (read-only). Only the files named on
//! the command line can be written: a request names a file by its id, never by a
//! path.

use super::error::{ApiError, ApiJson};
use super::Shared;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

macro_rules! shipped {
    ($name:literal) => {
        ($name, include_str!(concat!("../../../rules/", $name)))
    };
}

/// The shipped rules files, by file name.
pub(crate) const SHIPPED: &[(&str, &str)] = &[
    shipped!("3check.rules"),
    shipped!("5check.rules"),
    shipped!("activation.rules"),
    shipped!("ai-wok.rules"),
    shipped!("alapo.rules"),
    shipped!("almost.rules"),
    shipped!("amazon.rules"),
    shipped!("amazons.rules"),
    shipped!("antichess.rules"),
    shipped!("armageddon.rules"),
    shipped!("asean.rules"),
    shipped!("ataxx.rules"),
    shipped!("atomar.rules"),
    shipped!("atomic.rules"),
    shipped!("atomiczh.rules"),
    shipped!("berolina.rules"),
    shipped!("brazilian-draughts.rules"),
    shipped!("breakthrough.rules"),
    shipped!("buffalo.rules"),
    shipped!("bughouse.rules"),
    shipped!("cambodian.rules"),
    shipped!("canadian-draughts.rules"),
    shipped!("capablanca.rules"),
    shipped!("capahouse.rules"),
    shipped!("caparandom.rules"),
    shipped!("cascade-actions.rules"),
    shipped!("centaur.rules"),
    shipped!("chancellor.rules"),
    shipped!("chaturanga.rules"),
    shipped!("checkshogi.rules"),
    shipped!("chess.rules"),
    shipped!("chessgi.rules"),
    shipped!("chigorin.rules"),
    shipped!("chushogi.rules"),
    shipped!("clobber.rules"),
    shipped!("clobber10.rules"),
    shipped!("codrus.rules"),
    shipped!("colours.rules"),
    shipped!("connect-four.rules"),
    shipped!("coregal.rules"),
    shipped!("courier.rules"),
    shipped!("crazyhouse.rules"),
    shipped!("croatian-aquarius.rules"),
    shipped!("croatian-classical-14-mirrored.rules"),
    shipped!("croatian-discovery.rules"),
    shipped!("croatian-hemera.rules"),
    shipped!("croatian-mayan.rules"),
    shipped!("croatian-miranda.rules"),
    shipped!("croatian-nineteen.rules"),
    shipped!("croatian-one.rules"),
    shipped!("croatian-tamoanchan.rules"),
    shipped!("croatian-ties-14.rules"),
    shipped!("croatian-ties.rules"),
    shipped!("croatian-tlalocan.rules"),
    shipped!("czech-draughts.rules"),
    shipped!("daishogi.rules"),
    shipped!("delayed-promotion.rules"),
    shipped!("dobutsu.rules"),
    shipped!("dragon.rules"),
    shipped!("duck.rules"),
    shipped!("effects.rules"),
    shipped!("embassy.rules"),
    shipped!("english-checkers.rules"),
    shipped!("euroshogi.rules"),
    shipped!("extinction.rules"),
    shipped!("fairy.rules"),
    shipped!("fischerandom.rules"),
    shipped!("flipello.rules"),
    shipped!("flipello10.rules"),
    shipped!("flipersi.rules"),
    shipped!("fox-and-hounds.rules"),
    shipped!("frisian-draughts.rules"),
    shipped!("gardner.rules"),
    shipped!("georgian.rules"),
    shipped!("giveaway.rules"),
    shipped!("glinski.rules"),
    shipped!("gorogoro.rules"),
    shipped!("gothic.rules"),
    shipped!("grand.rules"),
    shipped!("graph-chess.rules"),
    shipped!("graph-hex-pawns.rules"),
    shipped!("graph-hex-zoo.rules"),
    shipped!("graph-ring-pawns.rules"),
    shipped!("grasshopper.rules"),
    shipped!("gustav3.rules"),
    shipped!("heading.rules"),
    shipped!("heiandaishogi.rules"),
    shipped!("hex-colours.rules"),
    shipped!("hex-rows-zoo.rules"),
    shipped!("hexoban.rules"),
    shipped!("hoppelpoppel.rules"),
    shipped!("horde.rules"),
    shipped!("international-draughts.rules"),
    shipped!("isolation.rules"),
    shipped!("isolation7x7.rules"),
    shipped!("italian-draughts.rules"),
    shipped!("janggi.rules"),
    shipped!("janggicasual.rules"),
    shipped!("janggimodern.rules"),
    shipped!("janggitraditional.rules"),
    shipped!("janus.rules"),
    shipped!("jesonmor.rules"),
    shipped!("joust.rules"),
    shipped!("judkins.rules"),
    shipped!("karouk.rules"),
    shipped!("kinglet.rules"),
    shipped!("kingofthehill.rules"),
    shipped!("knightmate.rules"),
    shipped!("kono.rules"),
    shipped!("kyotoshogi.rules"),
    shipped!("landing.rules"),
    shipped!("legan.rules"),
    shipped!("loop.rules"),
    shipped!("losalamos.rules"),
    shipped!("losers.rules"),
    shipped!("makpong.rules"),
    shipped!("makruk.rules"),
    shipped!("manchu.rules"),
    shipped!("micro.rules"),
    shipped!("mini.rules"),
    shipped!("minishogi.rules"),
    shipped!("minixiangqi.rules"),
    shipped!("misere.rules"),
    shipped!("modern.rules"),
    shipped!("neutral-captures.rules"),
    shipped!("neutral-movers.rules"),
    shipped!("newzealand.rules"),
    shipped!("nightrider.rules"),
    shipped!("nocastle.rules"),
    shipped!("nocheckatomic.rules"),
    shipped!("normal.rules"),
    shipped!("octo-zoo.rules"),
    shipped!("octoban.rules"),
    shipped!("okisakishogi.rules"),
    shipped!("omicron.rules"),
    shipped!("opulent.rules"),
    shipped!("paradigm.rules"),
    shipped!("pattern-actions.rules"),
    shipped!("pawnback.rules"),
    shipped!("pawnsideways.rules"),
    shipped!("perfect.rules"),
    shipped!("petrified.rules"),
    shipped!("placement.rules"),
    shipped!("pocketknight.rules"),
    shipped!("pool-checkers.rules"),
    shipped!("raazuvaa.rules"),
    shipped!("racingkings.rules"),
    shipped!("repeaters.rules"),
    shipped!("reverse-sokoban.rules"),
    shipped!("russian-draughts.rules"),
    shipped!("seirawan.rules"),
    shipped!("shako.rules"),
    shipped!("shatar.rules"),
    shipped!("shatranj.rules"),
    shipped!("shogi.rules"),
    shipped!("shoshogi.rules"),
    shipped!("shouse.rules"),
    shipped!("side-promotion.rules"),
    shipped!("sides.rules"),
    shipped!("snailtrail.rules"),
    shipped!("sokoban.rules"),
    shipped!("sortofalmost.rules"),
    shipped!("spanish-draughts.rules"),
    shipped!("spartan.rules"),
    shipped!("suicide.rules"),
    shipped!("supply.rules"),
    shipped!("tags.rules"),
    shipped!("teleport.rules"),
    shipped!("tencubed.rules"),
    shipped!("tenjiku-generals.rules"),
    shipped!("tenjikushogi.rules"),
    shipped!("threekings.rules"),
    shipped!("torishogi.rules"),
    shipped!("torpedo.rules"),
    shipped!("tri-zoo.rules"),
    shipped!("trioban.rules"),
    shipped!("troitzky.rules"),
    shipped!("turkish-draughts.rules"),
    shipped!("ultima.rules"),
    shipped!("washogi-drops.rules"),
    shipped!("washogi.rules"),
    shipped!("wolf.rules"),
    shipped!("xiangqi.rules"),
    shipped!("yarishogi.rules"),
];

/// The shipped Sokoban-family levels (`rules/boards/*.txt`), by file name.
pub(crate) const LEVELS: &[(&str, &str)] = &[
    (
        "hexoban-small.txt",
        include_str!("../../../rules/boards/hexoban-small.txt"),
    ),
    (
        "octoban-small.txt",
        include_str!("../../../rules/boards/octoban-small.txt"),
    ),
    (
        "sokoban-simple.txt",
        include_str!("../../../rules/boards/sokoban-simple.txt"),
    ),
    (
        "sokoban-tiny.txt",
        include_str!("../../../rules/boards/sokoban-tiny.txt"),
    ),
    (
        "trioban-small.txt",
        include_str!("../../../rules/boards/trioban-small.txt"),
    ),
];

/// The id of the `i`th file given on the command line.
fn file_id(i: usize) -> String {
    format!("file-{i}")
}

/// `GET /api/rules`: the files given on the command line (editable), then the shipped
/// ones.
pub(crate) async fn list(State(state): State<Shared>) -> Json<Value> {
    let mut files: Vec<Value> = state
        .config
        .files
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "id": file_id(i),
                "name": p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned()),
                "path": p.display().to_string(),
                "editable": true,
            })
        })
        .collect();
    files.extend(
        SHIPPED
            .iter()
            .map(|(name, _)| json!({ "id": name, "name": name, "editable": false })),
    );
    let levels: Vec<Value> = LEVELS
        .iter()
        .map(|(name, _)| json!({ "id": name, "name": name }))
        .collect();
    Json(json!({ "files": files, "levels": levels }))
}

fn not_found(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("no rules file `{id}`"),
    )
}

/// The command-line file with this id.
pub(crate) fn editable(state: &Shared, id: &str) -> Option<std::path::PathBuf> {
    let i: usize = id.strip_prefix("file-")?.parse().ok()?;
    state.config.files.get(i).cloned()
}

/// `GET /api/rules/{id}`: a file's text (a command-line file that does not exist yet
/// opens empty, and is created when saved).
pub(crate) async fn open(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if let Some(path) = editable(&state, &id) {
        let text = match tokio::fs::read_to_string(&path).await {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "io",
                    format!("cannot read {}: {e}", path.display()),
                ))
            }
        };
        return Ok(Json(json!({
            "id": id, "name": path.display().to_string(), "text": text, "editable": true,
        })));
    }
    let (name, text) = SHIPPED
        .iter()
        .find(|(name, _)| *name == id)
        .ok_or_else(|| not_found(&id))?;
    Ok(Json(
        json!({ "id": name, "name": name, "text": text, "editable": false }),
    ))
}

/// `GET /api/levels/{id}`: a shipped Sokoban-family level's text board.
pub(crate) async fn level(Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let (name, text) = LEVELS.iter().find(|(name, _)| *name == id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no level `{id}`"),
        )
    })?;
    Ok(Json(json!({ "id": name, "name": name, "text": text })))
}

/// `PUT /api/file`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SaveRequest {
    id: Option<String>,
    rules: String,
}

/// `PUT /api/file`: writes the text to a file given on the command line (the first
/// one without `id`), one save at a time, through [`write_replacing`].
pub(crate) async fn save(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<SaveRequest>,
) -> Result<Json<Value>, ApiError> {
    let id = req.id.unwrap_or_else(|| file_id(0));
    let Some(path) = editable(&state, &id) else {
        if state.config.files.is_empty() || SHIPPED.iter().any(|(n, _)| *n == id) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "read_only",
                format!("`{id}` cannot be saved: only files given to `piecewise serve` can"),
            ));
        }
        return Err(not_found(&id));
    };
    let bytes = req.rules.len();
    // Saves are serialized: two at once would race for the rename, and the file
    // would end as either text, but never a mix of both.
    let _saving = state.saving.lock().await;
    let target = path.clone();
    let written =
        tokio::task::spawn_blocking(move || write_replacing(&target, req.rules.as_bytes()))
            .await
            .map_err(|e| ApiError::internal(format!("the save failed: {e}")))?;
    written.map_err(|e| {
        ApiError::new(
            StatusCode::CONFLICT,
            "io",
            format!("cannot write {}: {e}", path.display()),
        )
    })?;
    Ok(Json(
        json!({ "saved": path.display().to_string(), "bytes": bytes }),
    ))
}

/// Replaces the file at `path` with `bytes`: written to a new temporary file beside it
/// (a unique name, created exclusively, so neither a file nor a symbolic link planted
/// under that name is followed or overwritten), flushed to disk, then renamed over
/// `path` (which replaces a symbolic link at `path` rather than writing through it).
/// The new file keeps the old one's permissions.
pub(crate) fn write_replacing(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::sync::atomic::{AtomicU64, Ordering};
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "rules".into(), |n| n.to_string_lossy().into_owned());
    let permissions = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut last = None;
    for _ in 0..16 {
        let n = SAVES.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}-{n}-{nanos}.saving", std::process::id()));
        // `create_new` is O_CREAT | O_EXCL: it fails on anything already there, a
        // symbolic link (even a dangling one) included.
        let mut file = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                last = Some(e);
                continue;
            }
            Err(e) => return Err(e),
        };
        let written = (|| {
            file.write_all(bytes)?;
            if let Some(p) = &permissions {
                file.set_permissions(p.clone())?;
            }
            file.sync_all()?;
            drop(file);
            std::fs::rename(&tmp, path)
        })();
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        return written;
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary file name was free")))
}

/// The graph board files rules texts may name on this server (canonical paths): those
/// the command-line files name (beside them) and those the shipped files name (in
/// [`ServeConfig::base_dir`](super::ServeConfig)), as they are when it starts.
pub(crate) fn graph_files(config: &super::ServeConfig) -> Vec<std::path::PathBuf> {
    use crate::pipeline::board_files;
    let mut out = Vec::new();
    let mut add = |dir: &std::path::Path, text: &str| {
        for name in board_files(text) {
            if let Ok(p) = std::fs::canonicalize(dir.join(name)) {
                out.push(p);
            }
        }
    };
    for path in &config.files {
        if let Ok(text) = piecewise::limits::read_regular(path, config.limits.source_bytes) {
            let dir = path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            add(dir, &text);
        }
    }
    let base = config
        .base_dir
        .clone()
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    for (_, text) in SHIPPED {
        add(&base, text);
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    /// A symbolic link at the file's name is replaced, not written through; nothing is
    /// left beside it.
    #[cfg(unix)]
    #[test]
    fn saving_replaces_a_link_instead_of_following_it() {
        let dir = std::env::temp_dir().join(format!("pw-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let victim = dir.join("victim");
        std::fs::write(&victim, "precious").expect("write");
        let path = dir.join("mine.rules");
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(&victim, &path).expect("symlink");
        super::write_replacing(&path, b"new text").expect("saved");
        assert_eq!(std::fs::read_to_string(&victim).expect("read"), "precious");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new text");
        assert!(!std::fs::symlink_metadata(&path).expect("meta").is_symlink());
        assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Every shipped rules file and level is built in (a new file in `rules/` or
    /// `rules/boards/` must be added).
    #[test]
    fn every_rules_file_is_shipped() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("rules/")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".rules"))
            .collect();
        on_disk.sort();
        let shipped: Vec<String> = super::SHIPPED.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(shipped, on_disk);
        let boards = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/boards");
        let mut levels: Vec<String> = std::fs::read_dir(boards)
            .expect("rules/boards/")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".txt"))
            .collect();
        levels.sort();
        let shipped: Vec<String> = super::LEVELS.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(shipped, levels);
    }
}
