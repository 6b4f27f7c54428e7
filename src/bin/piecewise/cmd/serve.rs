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
    /// `--perft-max-depth`.
    pub max_perft_depth: u32,
    /// `--perft-ms`.
    pub perft_ms: u64,
    /// `--max-body`.
    pub max_body: usize,
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
        perft_limit: Duration::from_millis(args.perft_ms),
        loopback_hosts_only: args.addr.ip().is_loopback(),
        ..ServeConfig::default()
    };
    piecewise_serve::run(args.addr, config, |addr| {
        let mut out = std::io::stdout();
        let _ = writeln!(out, "listening on http://{addr}/");
        let _ = out.flush();
    })
    .map_err(|e| Failure::input(format_args!("cannot serve on {}: {e}", args.addr)))
}
