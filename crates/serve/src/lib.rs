//! serve: the browser playground behind `piecewise serve` — a small HTTP server
//! (axum on tokio) that serves one page from the binary and a JSON API over the
//! library's public surface: check a rules text, draw its board, list and play legal
//! moves, count perft with progress and cancellation, open the shipped rules files and
//! save the file the server was started on. `docs/serve.md` documents the API.
//!
//! Owns the HTTP side only: routing ([`router`]), request and error bodies (`error`),
//! the bounded cache of compiled games (`cache`), the perft jobs (`perft`), the files
//! (`files`) and the page's assets (`assets`, `page/`); [`InProcess`] answers requests
//! without a socket (tests, the `serve` fuzz target). On loopback it answers only
//! requests addressed to a loopback name and not sent from another site's page
//! ([`ServeConfig::loopback_hosts_only`]). Every answer comes from the
//! library ([`Game`], [`GameDiagram`](crate::picture::GameDiagram),
//! [`Perft`](crate::game::Perft)); nothing here prints. Compiling and walking run on
//! tokio's blocking threads, at most [`ServeConfig::workers`] at once, so a slow
//! request never stalls the others, and a panic in one becomes a 500 answer.
//!
//! Limits come from [`ServeConfig`]: the request body size, the compile limits
//! ([`Limits`]; the graph board files a text may name are only those the server's own
//! files name), the perft depth, time and number of running counts (`"wait": true`
//! ones included), the size of the cache, and the connections (`conn`: how many are
//! open, how long one may stay idle or take to send a request).
//!
//! ```
//! use std::io::{Read, Write};
//!
//! // A server on a free loopback port, in a thread of its own.
//! let (tx, rx) = std::sync::mpsc::channel();
//! std::thread::spawn(move || {
//!     let config = piecewise_serve::ServeConfig::default();
//!     piecewise_serve::run("127.0.0.1:0".parse().unwrap(), config, |addr| tx.send(addr).unwrap())
//! });
//! let addr = rx.recv().unwrap();
//!
//! // `POST /api/check`: a rules text in, its diagnostics out as JSON.
//! let body = r#"{"rules": "board square 8x8\npiece Knight (N) { laep (1,2) }"}"#;
//! let mut stream = std::net::TcpStream::connect(addr).unwrap();
//! write!(
//!     stream,
//!     "POST /api/check HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
//!      Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
//!     body.len()
//! )
//! .unwrap();
//! let mut answer = String::new();
//! stream.read_to_string(&mut answer).unwrap();
//! assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
//! assert!(answer.contains(r#""ok":false"#), "{answer}");
//! assert!(answer.contains(r#""errors":1"#), "{answer}");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod api;
mod assets;
mod cache;
mod conn;
mod error;
mod files;
mod inprocess;
mod perft;

pub use inprocess::InProcess;

use crate::pipeline::Limits;
// The library's modules, under the names the server uses for them.
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post, put};
use axum::Router;
use piecewise::{diagnostics, game, ids, picture, pipeline, Game};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What a playground server may do and where it finds its files.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Rules files given on the command line: opened first, and saved back by
    /// `PUT /api/file`.
    pub files: Vec<PathBuf>,
    /// Where file names inside rules texts (graph boards) are looked up, unless the
    /// request names a file given on the command line (then beside that file): the
    /// shipped `rules/` directory for the CLI, when it exists; `None` for the current
    /// directory.
    pub base_dir: Option<PathBuf>,
    /// The compile limits every rules text is compiled under.
    pub limits: Limits,
    /// The largest request body, in bytes (413 beyond it).
    pub max_body_bytes: usize,
    /// The deepest perft accepted (deeper: 400).
    pub max_perft_depth: u32,
    /// The longest a perft may count before it is cut off (zero: no limit).
    pub perft_limit: Duration,
    /// Perft jobs that may run at once (more: 429).
    pub max_perft_jobs: usize,
    /// Compiled games kept for reuse (by the hash of their text).
    pub cache_entries: usize,
    /// Table bytes the cached games may hold together.
    pub cache_bytes: usize,
    /// Requests that may compile or walk at once; the others wait their turn.
    pub workers: usize,
    /// Answer only requests whose `Host` is a loopback name (`localhost`, `127.0.0.1`,
    /// `[::1]`, any port): a web page elsewhere that gets a browser to send requests
    /// here under its own name (DNS rebinding) is refused. The CLI turns it off when it
    /// listens on another address.
    pub loopback_hosts_only: bool,
    /// Connections open at once; past it the one idle the longest is closed (or the
    /// new one, when every connection is answering a request).
    pub max_connections: usize,
    /// How long a connection may take to send a request's head or body, or stay idle
    /// between requests, before it is closed.
    pub idle_timeout: Duration,
}

impl Default for ServeConfig {
    fn default() -> ServeConfig {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServeConfig {
            files: Vec::new(),
            base_dir: None,
            limits: Limits::default(),
            max_body_bytes: 1 << 20,
            max_perft_depth: 10,
            perft_limit: Duration::from_secs(60),
            max_perft_jobs: 4,
            cache_entries: 32,
            cache_bytes: 512 << 20,
            workers: 2 * cores,
            loopback_hosts_only: true,
            max_connections: 512,
            idle_timeout: Duration::from_secs(10),
        }
    }
}

/// What every handler shares.
pub(crate) struct State {
    pub(crate) config: ServeConfig,
    pub(crate) games: cache::GameCache,
    pub(crate) jobs: perft::Jobs,
    pub(crate) workers: tokio::sync::Semaphore,
    /// Held while a file is saved: saves happen one at a time.
    pub(crate) saving: tokio::sync::Mutex<()>,
}

/// The shared state as handlers receive it.
pub(crate) type Shared = Arc<State>;

/// The playground's routes: the page, its assets and the JSON API, with the body
/// limit of `config`. Rules texts may read only the graph board files that the files
/// of `config` (those given on the command line, and the shipped ones) name: its
/// limits' [`FileAccess`](crate::pipeline::FileAccess) is set to them.
pub fn router(mut config: ServeConfig) -> Router {
    config.limits.files = crate::pipeline::FileAccess::Only(files::graph_files(&config));
    let state = Arc::new(State {
        saving: tokio::sync::Mutex::new(()),
        games: cache::GameCache::new(config.cache_entries, config.cache_bytes),
        jobs: perft::Jobs::new(config.max_perft_jobs),
        workers: tokio::sync::Semaphore::new(config.workers.max(1)),
        config,
    });
    let body_limit = state.config.max_body_bytes;
    let guard = state.config.loopback_hosts_only;
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/api/info", get(api::info))
        .route("/api/check", post(api::check))
        .route("/api/complete", post(api::complete))
        .route("/api/hover", post(api::hover))
        .route("/api/board", post(api::board))
        .route("/api/moves", post(api::moves))
        .route("/api/play", post(api::play))
        .route("/api/perft", post(perft::start))
        .route("/api/perft/{id}", get(perft::status).delete(perft::cancel))
        .route("/api/rules", get(files::list))
        .route("/api/rules/{id}", get(files::open))
        .route("/api/levels/{id}", get(files::level))
        .route("/api/file", put(files::save))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn(move |req, next| {
            error::check_host(guard, req, next)
        }))
        .with_state(state)
}

/// Serves [`router`] on `listener` until `shutdown` completes, holding connections to
/// [`ServeConfig::max_connections`] and [`ServeConfig::idle_timeout`].
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: ServeConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = router(config.clone());
    conn::serve(listener, app, &config, shutdown).await
}

/// Binds `addr` and serves the playground until Ctrl-C, on a tokio runtime of its
/// own; `bound` hears the address actually bound (port 0 picks a free one) before
/// the first request is taken.
pub fn run(
    addr: SocketAddr,
    config: ServeConfig,
    bound: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        // A long queue of connections not yet accepted (the kernel caps it at
        // somaxconn): a burst of new sockets is then queued rather than dropped,
        // which would cost a dropped client a second before it tries again.
        let socket = if addr.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        socket.set_reuseaddr(true)?;
        socket.bind(addr)?;
        let listener = socket.listen(4096)?;
        bound(listener.local_addr()?);
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        serve(listener, config, shutdown).await
    })
}
