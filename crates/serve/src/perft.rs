//! perft: counts run as jobs the page can watch and cancel. `POST /api/perft` starts a
//! count on a thread of its own and answers at once with the job's id (or, with
//! `"wait": true`, when the count ends: for scripts; such a count is a job like the
//! others, held to the same cap, and is cancelled when its client goes away before
//! the answer); `GET /api/perft/{id}` tells how
//! many root moves are counted; `DELETE /api/perft/{id}` cancels it through the flag
//! [`Perft::cancel_with`] checks. Depth is capped by
//! [`ServeConfig::max_perft_depth`](super::ServeConfig), time by
//! [`ServeConfig::perft_limit`](super::ServeConfig) (a count past it is cut off and
//! reports how far it got), and running jobs by
//! [`ServeConfig::max_perft_jobs`](super::ServeConfig). Finished jobs are kept for
//! their answer, the oldest dropped beyond [`KEPT`].

use super::api::{game_and_position, source_of, Source};
use super::error::{blocking, ApiError, ApiJson};
use super::Shared;
use crate::game::{GamePosition, Perft, PerftStopped};
use crate::Game;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Jobs kept, finished ones included.
const KEPT: usize = 64;

/// How a count ended.
enum Outcome {
    Done {
        rows: Vec<(String, u64)>,
        nodes: u64,
    },
    Stopped(PerftStopped),
    /// The count panicked (a bug); the job ends instead of running forever.
    Failed,
}

/// One count.
struct Job {
    depth: u32,
    cancel: Arc<AtomicBool>,
    roots_done: AtomicUsize,
    roots: AtomicUsize,
    started: Instant,
    elapsed_ms: AtomicU64,
    outcome: Mutex<Option<Outcome>>,
}

impl Job {
    fn finished(&self) -> bool {
        self.outcome.lock().map_or(true, |o| o.is_some())
    }

    fn to_json(&self, id: u64) -> Value {
        let outcome = self.outcome.lock();
        let outcome = outcome.as_deref().ok().and_then(Option::as_ref);
        let elapsed = match outcome {
            None => self.started.elapsed().as_millis() as u64,
            Some(_) => self.elapsed_ms.load(Ordering::Relaxed),
        };
        let mut v = json!({
            "id": id.to_string(),
            "depth": self.depth,
            "roots": self.roots.load(Ordering::Relaxed),
            "roots_done": self.roots_done.load(Ordering::Relaxed),
            "elapsed_ms": elapsed,
        });
        let (state, extra) = match outcome {
            None => ("running", json!({})),
            Some(Outcome::Done { rows, nodes }) => (
                "done",
                json!({
                    "nodes": nodes,
                    "divide": rows.iter().map(|(m, n)| json!({ "move": m, "nodes": n })).collect::<Vec<_>>(),
                }),
            ),
            Some(Outcome::Failed) => (
                "failed",
                json!({ "message": "the count failed inside the server (a bug: please report it)" }),
            ),
            Some(Outcome::Stopped(s)) => (
                if s.cancelled { "cancelled" } else { "stopped" },
                json!({ "nodes_counted": s.nodes_counted, "message": s.to_string() }),
            ),
        };
        if let (Value::Object(m), Value::Object(e)) = (&mut v, extra) {
            m.insert("state".into(), state.into());
            m.extend(e);
        }
        v
    }
}

/// The jobs of a server.
pub(crate) struct Jobs {
    jobs: Mutex<BTreeMap<u64, Arc<Job>>>,
    next: AtomicU64,
    max_running: usize,
}

impl Jobs {
    /// No jobs; at most `max_running` may run at once.
    pub(crate) fn new(max_running: usize) -> Jobs {
        Jobs {
            jobs: Mutex::new(BTreeMap::new()),
            next: AtomicU64::new(1),
            max_running,
        }
    }

    fn get(&self, id: &str) -> Result<Arc<Job>, ApiError> {
        let found = id
            .parse::<u64>()
            .ok()
            .and_then(|n| self.jobs.lock().ok()?.get(&n).cloned());
        found.ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("no perft job `{id}`"),
            )
        })
    }

    /// Forgets a job (a `wait` job once answered).
    fn remove(&self, id: u64) {
        if let Ok(mut jobs) = self.jobs.lock() {
            jobs.remove(&id);
        }
    }

    /// Registers a job unless too many run; drops the oldest finished jobs beyond
    /// [`KEPT`].
    fn add(&self, job: Arc<Job>) -> Result<u64, ApiError> {
        let mut jobs = self
            .jobs
            .lock()
            .map_err(|_| ApiError::internal("the job table is poisoned"))?;
        if jobs.values().filter(|j| !j.finished()).count() >= self.max_running {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "busy",
                format!(
                    "{} perft counts are running; wait or cancel one",
                    self.max_running
                ),
            ));
        }
        while jobs.len() >= KEPT {
            let Some(old) = jobs.iter().find(|(_, j)| j.finished()).map(|(&k, _)| k) else {
                break;
            };
            jobs.remove(&old);
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        jobs.insert(id, job);
        Ok(id)
    }
}

/// `POST /api/perft`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PerftRequest {
    rules: String,
    #[serde(default)]
    file: Option<String>,
    fen: Option<String>,
    #[serde(default)]
    level: Option<String>,
    depth: u32,
    #[serde(default)]
    wait: bool,
}

source_of!(PerftRequest);

/// Counts on the current thread, keeping `job` up to date; a panic ends the job as
/// `failed` (so it does not count as running forever).
fn count(game: &Game, pos: GamePosition, job: &Job, limit: Duration) {
    let guarded = std::panic::AssertUnwindSafe(|| count_unguarded(game, pos, job, limit));
    if std::panic::catch_unwind(guarded).is_err() {
        job.elapsed_ms
            .store(job.started.elapsed().as_millis() as u64, Ordering::Relaxed);
        if let Ok(mut o) = job.outcome.lock() {
            *o = Some(Outcome::Failed);
        }
    }
}

/// [`count`] without the guard.
fn count_unguarded(game: &Game, mut pos: GamePosition, job: &Job, limit: Duration) {
    let mut perft = Perft::new(game);
    perft.cancel_with(job.cancel.clone());
    let counted = perft.divide_within(&mut pos, job.depth, limit, |done, roots| {
        job.roots_done.store(done, Ordering::Relaxed);
        job.roots.store(roots, Ordering::Relaxed);
    });
    let outcome = match counted {
        Ok(counts) => {
            let moves: Vec<_> = counts.iter().map(|(m, _)| *m).collect();
            let mut rows: Vec<(String, u64)> = game
                .uci_list(&moves)
                .into_iter()
                .zip(counts.iter().map(|(_, n)| *n))
                .collect();
            rows.sort();
            job.roots.store(rows.len(), Ordering::Relaxed);
            let nodes = if job.depth == 0 {
                1
            } else {
                rows.iter().map(|r| r.1).sum()
            };
            Outcome::Done { rows, nodes }
        }
        Err(stopped) => {
            job.roots.store(stopped.roots, Ordering::Relaxed);
            Outcome::Stopped(stopped)
        }
    };
    job.elapsed_ms
        .store(job.started.elapsed().as_millis() as u64, Ordering::Relaxed);
    if let Ok(mut o) = job.outcome.lock() {
        *o = Some(outcome);
    }
}

/// `POST /api/perft`: starts a count (202 with the job), or with `wait` counts and
/// answers with the finished job (200).
pub(crate) async fn start(
    State(state): State<Shared>,
    ApiJson(req): ApiJson<PerftRequest>,
) -> Result<Response, ApiError> {
    let max = state.config.max_perft_depth;
    if req.depth > max {
        return Err(ApiError::bad(
            "limit",
            format!(
                "perft depth {} is deeper than this server allows ({max})",
                req.depth
            ),
        )
        .with("max_depth", max.into()));
    }
    let (depth, wait) = (req.depth, req.wait);
    let s = state.clone();
    let (game, pos) = blocking(&state, move || game_and_position(&s, &req.source())).await?;
    let job = Arc::new(Job {
        depth,
        cancel: Arc::new(AtomicBool::new(false)),
        roots_done: AtomicUsize::new(0),
        roots: AtomicUsize::new(0),
        started: Instant::now(),
        elapsed_ms: AtomicU64::new(0),
        outcome: Mutex::new(None),
    });
    let limit = match state.config.perft_limit {
        // 0 means no limit, as everywhere.
        Duration::ZERO => Duration::MAX,
        l => l,
    };
    // Every count is a job and counts against the cap, `wait` ones included.
    let id = state.jobs.add(job.clone())?;
    let (done_tx, done_rx) = tokio::sync::oneshot::channel::<()>();
    let j = job.clone();
    let spawned = std::thread::Builder::new()
        .name(format!("perft-{id}"))
        .spawn(move || {
            count(&game, pos, &j, limit);
            let _ = done_tx.send(());
        });
    if let Err(e) = spawned {
        job.cancel.store(true, Ordering::Relaxed);
        if let Ok(mut o) = job.outcome.lock() {
            *o = Some(Outcome::Failed);
        }
        state.jobs.remove(id);
        return Err(ApiError::internal(format!("cannot start the count: {e}")));
    }
    if !wait {
        return Ok((StatusCode::ACCEPTED, Json(job.to_json(id))).into_response());
    }
    // Answered when the count ends. If the client goes first, hyper drops this
    // future: the guard then cancels the count, which stops within milliseconds.
    let mut guard = CancelOnDrop(Some(job.clone()));
    let _ = done_rx.await;
    guard.0 = None;
    // `wait` jobs are not kept: their answer is this one.
    state.jobs.remove(id);
    Ok(Json(job.to_json(id)).into_response())
}

/// Cancels a job's count when dropped (the request waiting for it went away).
/// (`None` once the count has ended.)
struct CancelOnDrop(Option<Arc<Job>>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(job) = &self.0 {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// `GET /api/perft/{id}`: the job's progress or its result.
pub(crate) async fn status(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let job = state.jobs.get(&id)?;
    Ok(Json(job.to_json(id.parse().unwrap_or(0))))
}

/// `DELETE /api/perft/{id}`: asks the count to stop (it reports `cancelled` within
/// milliseconds); a finished job is left as it is.
pub(crate) async fn cancel(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let job = state.jobs.get(&id)?;
    job.cancel.store(true, Ordering::Relaxed);
    Ok(Json(job.to_json(id.parse().unwrap_or(0))))
}
