//! error: the playground's request bodies and error answers. [`ApiJson`] reads a
//! request body as JSON whatever its content type (the body limit and the idle
//! timeout still apply);
//! [`ApiError`] is every failure a handler can answer with, written as
//! `{"error": {"kind", "message", ...}}` with a 4xx or 5xx status. No request can stop
//! the server: handlers return these instead of panicking, and work done on a
//! blocking thread that panics anyway comes back as an `internal` error.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};

/// A failed request: its status, a stable `kind`, a message, and fields of its own.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    kind: &'static str,
    message: String,
    extra: Map<String, Value>,
}

impl ApiError {
    /// An error of `kind` with `status`.
    pub(crate) fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            kind,
            message: message.into(),
            extra: Map::new(),
        }
    }

    /// A 400 error of `kind`.
    pub(crate) fn bad(kind: &'static str, message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, kind, message)
    }

    /// Adds a field to the error object.
    pub(crate) fn with(mut self, key: &str, value: Value) -> Self {
        self.extra.insert(key.to_string(), value);
        self
    }

    /// A 500 error: something failed that should not have.
    pub(crate) fn internal(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut error = Map::new();
        error.insert("kind".into(), Value::from(self.kind));
        error.insert("message".into(), Value::from(self.message));
        error.extend(self.extra);
        (self.status, Json(json!({ "error": error }))).into_response()
    }
}

/// A request body read as JSON of type `T`.
pub(crate) struct ApiJson<T>(pub(crate) T);

impl<T: DeserializeOwned> FromRequest<super::Shared> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &super::Shared) -> Result<Self, Self::Rejection> {
        // The body must arrive within the idle timeout, as the head must (hyper's
        // header-read timeout): a client that trickles it holds no worker for long.
        let limit = state.config.idle_timeout;
        let read = tokio::time::timeout(limit, Bytes::from_request(req, state))
            .await
            .map_err(|_| {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    "timeout",
                    format!(
                        "the request body did not arrive within {} ms",
                        limit.as_millis()
                    ),
                )
            })?;
        let bytes = read.map_err(|e| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    "too_large",
                    "the request body is larger than allowed",
                )
            } else {
                ApiError::new(status, "bad_body", e.body_text())
            }
        })?;
        serde_json::from_slice(&bytes).map(ApiJson).map_err(|e| {
            let kind = if e.is_data() {
                "bad_request"
            } else {
                "bad_json"
            };
            ApiError::bad(
                kind,
                format!("the request body is not what was expected: {e}"),
            )
        })
    }
}

/// The answer to a path nothing serves.
pub(crate) async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("nothing is served at {}", uri.path()),
    )
}

/// The answer to a method a path does not take.
pub(crate) async fn method_not_allowed(method: axum::http::Method) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{method} is not allowed here"),
    )
}

/// Runs `work` on a blocking thread, once one of the server's workers is free; a
/// panic in it comes back as an internal error.
pub(crate) async fn blocking<T: Send + 'static>(
    state: &super::Shared,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let _permit = state
        .workers
        .acquire()
        .await
        .map_err(|_| ApiError::internal("the server is shutting down"))?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("the request failed: {e}")))?
}

/// Whether a `Host` header names this machine's loopback interface.
fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    matches!(
        name.to_ascii_lowercase().as_str(),
        "localhost" | "127.0.0.1" | "::1"
    )
}

/// When `guard`, refuses (403) a request whose `Host` is not a loopback name (`host`),
/// or that a browser sent from a page of another site (`origin`).
pub(crate) async fn check_host(
    guard: bool,
    req: Request,
    next: axum::middleware::Next,
) -> Response {
    if guard {
        let host = req
            .headers()
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        // A browser names the page a request comes from: only pages of this server
        // (or another on loopback) may use it; scripts send no `Origin`.
        let origin_ok = req
            .headers()
            .get(axum::http::header::ORIGIN)
            .map_or(true, |o| {
                o.to_str()
                    .ok()
                    .and_then(|o| o.split_once("://"))
                    .is_some_and(|(_, host)| loopback_host(host))
            });
        if !origin_ok {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "origin",
                "requests from pages of other sites are refused",
            )
            .into_response();
        }
        if !loopback_host(host) {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "host",
                format!(
                    "requests must name this machine's loopback address, not `{host}` \
                     (start the server with --host to serve other names)"
                ),
            )
            .into_response();
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::loopback_host;

    #[test]
    fn loopback_names_are_told_from_others() {
        for ok in [
            "127.0.0.1:8080",
            "localhost:1",
            "LOCALHOST",
            "[::1]:80",
            "127.0.0.1",
        ] {
            assert!(loopback_host(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "",
            "127.0.0.2:80",
            "localhost.evil:1",
            "[::2]:1",
        ] {
            assert!(!loopback_host(bad), "{bad}");
        }
    }
}
