//! `piecewise serve`: starts the browser playground ([`piecewise_serve`]) on the
//! address given (loopback by default) and prints `listening on http://ADDR/` as its
//! first line, so that a script can read the address when `--port 0` picked it.

use crate::failure::{Failure, Outcome};
use crate::input::limits;
use piecewise_serve::ServeConfig;
use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The arguments of `serve`, as clap gives them.
pub struct Args {
    /// The rules files to open and save.
    pub files: Vec<PathBuf>,
    /// Where to listen.
    pub addr: SocketAddr,
    /// `--allow-remote`: whether an address other than loopback may be used.
    pub allow_remote: bool,
    /// `--perft-max-depth`.
    pub max_perft_depth: u32,
    /// `--perft-ms`.
    pub perft_ms: u64,
    /// `--max-body`.
    pub max_body: usize,
    /// `--max-connections`.
    pub max_connections: usize,
    /// `--idle-ms`.
    pub idle_ms: u64,
}

/// What is turned off when the server listens on `addr`, other than loopback.
pub fn remote_warning(addr: SocketAddr) -> String {
    format!(
        "listening on {}, not loopback: the Host and Origin checks (which refuse requests          under other names and from other sites' pages) are turned off, and the server has          no authentication: anyone who can reach this address can compile and count on it          and save the files it was started on",
        addr.ip()
    )
}

/// Serves until interrupted.
pub fn run(args: Args) -> Outcome {
    let shipped = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/rules"));
    // Texts from the shipped files name their graph boards relative to `rules/`.
    let base_dir = shipped.is_dir().then_some(shipped);
    let config = ServeConfig {
        files: args.files,
        base_dir,
        limits: limits().clone(),
        max_body_bytes: args.max_body,
        max_perft_depth: args.max_perft_depth,
        // 0 means no limit, as for every command.
        perft_limit: match args.perft_ms {
            0 => Duration::ZERO,
            ms => Duration::from_millis(ms),
        },
        loopback_hosts_only: args.addr.ip().is_loopback(),
        max_connections: args.max_connections.max(1),
        idle_timeout: Duration::from_millis(args.idle_ms.max(1)),
        ..ServeConfig::default()
    };
    if !args.addr.ip().is_loopback() {
        if !args.allow_remote {
            // `main` refuses this as a usage error already; a caller that did not
            // still gets no server.
            return Err(Failure::input(format_args!(
                "--host {} needs --allow-remote",
                args.addr.ip()
            )));
        }
        eprintln!("warning: {}", remote_warning(args.addr));
    }
    piecewise_serve::run(args.addr, config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{addr}/");
        let _ = out.flush();
    })
    .map_err(|e| Failure::input(format_args!("cannot serve on {}: {e}", args.addr)))
}
