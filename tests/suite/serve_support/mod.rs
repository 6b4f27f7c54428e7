//! The playground's test server: `piecewise serve --port 0` started for one test
//! (the address read from its first line), requests sent with a real HTTP client
//! (`ureq`) and answered as (status, JSON), the process stopped when dropped. Shared by
//! `serve_api.rs` and `serve_jobs.rs`; each uses part of it, hence `dead_code`.

#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server started for one test, stopped when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The client, which answers 4xx and 5xx like any status.
    pub agent: ureq::Agent,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_piecewise"));
        command.arg("serve").args(["--port", "0"]).args(args);
        Server::start_command(command)
    }

    /// Starts the server under at most `fds` open file descriptors (`ulimit -n`, through
    /// `sh`), as a process that may run out of them.
    pub fn start_with_fd_limit(fds: u32, args: &[&str]) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -n {fds} && exec \"$0\" serve --port 0 \"$@\""
            ))
            .arg(env!("CARGO_BIN_EXE_piecewise"))
            .args(args);
        Server::start_command(command)
    }

    /// Starts `command`, a `piecewise serve --port 0 ...`, and reads its address.
    pub fn start_command(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start piecewise serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the first line");
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        assert!(
            base.starts_with("http://127.0.0.1:"),
            "loopback by default: {base}"
        );
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Server { child, base, agent }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn answer(mut resp: ureq::http::Response<ureq::Body>) -> (u16, Value) {
        let status = resp.status().as_u16();
        let text = resp.body_mut().read_to_string().expect("a body");
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
        (status, v)
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        Self::answer(
            self.agent
                .post(self.url(path))
                .send_json(body)
                .expect("POST"),
        )
    }

    pub fn post_raw(&self, path: &str, body: &str) -> (u16, Value) {
        Self::answer(
            self.agent
                .post(self.url(path))
                .header("content-type", "application/json")
                .send(body)
                .expect("POST"),
        )
    }

    pub fn put(&self, path: &str, body: &Value) -> (u16, Value) {
        Self::answer(self.agent.put(self.url(path)).send_json(body).expect("PUT"))
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        Self::answer(self.agent.get(self.url(path)).call().expect("GET"))
    }

    pub fn delete(&self, path: &str) -> (u16, Value) {
        Self::answer(self.agent.delete(self.url(path)).call().expect("DELETE"))
    }

    /// The server still answers.
    pub fn alive(&self) {
        let (status, info) = self.get("/api/info");
        assert_eq!(status, 200);
        assert_eq!(info["name"], "piecewise");
    }
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `127.0.0.1:PORT`.
    pub fn addr(&self) -> String {
        self.base.trim_start_matches("http://").to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn chess() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/chess.rules"))
        .expect("chess.rules")
}

/// An error answer: its status and kind.
pub fn error_kind(answer: &(u16, Value)) -> (u16, &str) {
    (
        answer.0,
        answer.1["error"]["kind"].as_str().unwrap_or("<no kind>"),
    )
}

/// Polls a perft job until it leaves `running` (or a minute passes).
pub fn finished_job(s: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, job) = s.get(&format!("/api/perft/{id}"));
        assert_eq!(status, 200);
        if job["state"] != "running" || start.elapsed() > Duration::from_secs(60) {
            return job;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
