//! assets: the page, built into the binary (`page/`: one HTML file, plain JavaScript
//! modules and a style sheet, no build step), served with their content types.

use super::error::ApiError;
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

const INDEX: &str = include_str!("page/index.html");

/// The assets under `/assets/`: name, content type, text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("page/api.js"),
    ),
    (
        "editor.js",
        "text/javascript; charset=utf-8",
        include_str!("page/editor.js"),
    ),
    (
        "highlight.js",
        "text/javascript; charset=utf-8",
        include_str!("page/highlight.js"),
    ),
    (
        "piecewise.tmLanguage.json",
        "application/json",
        include_str!("../../../editors/textmate/piecewise.tmLanguage.json"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "perft.js",
        "text/javascript; charset=utf-8",
        include_str!("page/perft.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
];

/// `GET /`: the page.
pub(crate) async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{name}`.
pub(crate) async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("no asset `{name}`"),
        )
        .into_response(),
    }
}

/// `GET /favicon.ico`: none (204), so that browsers do not log a missing file.
pub(crate) async fn favicon() -> StatusCode {
    StatusCode::NO_CONTENT
}
