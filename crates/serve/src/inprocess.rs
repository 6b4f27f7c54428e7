//! inprocess: the playground's requests answered without a socket — the [`router`]
//! driven on a tokio runtime of its own, one request at a time. For tests and fuzzing
//! (`fuzz/checks/serve.rs`): the same handlers, limits and host checks as `serve`,
//! only the connection layer (`conn`: timeouts, the connection cap) is left out.

use crate::{router, ServeConfig};
use axum::body::Body;
use axum::http::Request;
use axum::Router;
use tower::ServiceExt;

/// A playground answering requests in process.
///
/// ```
/// let server = piecewise_serve::InProcess::new(piecewise_serve::ServeConfig::default()).unwrap();
/// let headers = [("Host", "127.0.0.1")];
/// let (status, body) = server.send("GET", "/api/info", &headers, Vec::new()).unwrap();
/// assert_eq!(status, 200);
/// assert!(String::from_utf8(body).unwrap().contains("version"));
/// ```
pub struct InProcess {
    runtime: tokio::runtime::Runtime,
    app: Router,
}

impl InProcess {
    /// The playground of `config`, on a runtime with one worker thread (and tokio's
    /// blocking threads for compiling and walking).
    pub fn new(config: ServeConfig) -> std::io::Result<InProcess> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()?;
        Ok(InProcess {
            runtime,
            app: router(config),
        })
    }

    /// Sends one request: `method`, `target` (path and query), `headers` and `body`.
    /// Answers its status and body, or why the request could not be made (a method,
    /// target or header that HTTP does not allow).
    pub fn send(
        &self,
        method: &str,
        target: &str,
        headers: &[(&str, &str)],
        body: Vec<u8>,
    ) -> Result<(u16, Vec<u8>), String> {
        let mut request = Request::builder().method(method).uri(target);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request
            .body(Body::from(body))
            .map_err(|e| format!("not a request: {e}"))?;
        let app = self.app.clone();
        self.runtime.block_on(async move {
            let response = app
                .oneshot(request)
                .await
                .map_err(|e| format!("no answer: {e}"))?;
            let status = response.status().as_u16();
            let body = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .map_err(|e| format!("the answer's body: {e}"))?;
            Ok((status, body.to_vec()))
        })
    }
}
