//! The page: HTML, script and style compiled into the binary, so the
//! explorer works offline and loads nothing from elsewhere (the
//! Content-Security-Policy header forbids it).

use axum::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../../assets/index.html");
const SCRIPT: &str = include_str!("../../assets/app.js");
const STYLE: &str = include_str!("../../assets/style.css");
const POLICY: &str = "default-src 'self'; img-src 'self' data:";

fn asset(kind: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, kind),
            (CACHE_CONTROL, "no-cache"),
            (CONTENT_SECURITY_POLICY, POLICY),
        ],
        body,
    )
}

/// `GET /`: the explorer page.
pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX)
}

/// `GET /app.js`: the page's script (plain JavaScript, no framework).
pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `GET /style.css`: the page's style.
pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE)
}
