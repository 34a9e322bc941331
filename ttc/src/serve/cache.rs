//! Caching of the API's answers: an answer depends only on the request
//! and the tables, so every `200` of `/api/info`, `/api/probe`,
//! `/api/line` and `/api/play` carries the tables' entity tag
//! ([`Served::etag`]) and `Cache-Control: public, max-age=3600`; a
//! request whose `If-None-Match` names that tag gets `304 Not Modified`
//! with no body.

use super::served::Served;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::Arc;

/// `Cache-Control` of a cacheable answer: shared caches may keep it an
/// hour (after a table is replaced and the server restarted, the entity
/// tag differs, so a revalidating client sees the new answer at once).
pub const CACHE_CONTROL_VALUE: &str = "public, max-age=3600";

/// Routes whose answers are cached.
const CACHED: [&str; 4] = ["/api/info", "/api/probe", "/api/line", "/api/play"];

/// Whether the `If-None-Match` value `header` (a list of entity tags, or
/// `*`) names `tag`; weak tags (`W/"..."`) compare by their value.
fn matches(header: &str, tag: &str) -> bool {
    header
        .split(',')
        .map(|t| t.trim())
        .any(|t| t == "*" || t.trim_start_matches("W/") == tag)
}

/// The middleware: tags a cacheable answer and turns it into a 304 when
/// the client already holds it.
pub async fn etag(State(e): State<Arc<dyn Served>>, req: Request, next: Next) -> Response {
    let cached = CACHED.contains(&req.uri().path());
    let client_has = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let mut r = next.run(req).await;
    if !cached || r.status() != StatusCode::OK {
        return r;
    }
    let tag = e.etag();
    let Ok(value) = HeaderValue::from_str(&tag) else {
        return r;
    };
    if client_has.is_some_and(|h| matches(&h, &tag)) {
        r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
    }
    let h = r.headers_mut();
    h.insert(ETAG, value);
    h.insert(CACHE_CONTROL, HeaderValue::from_static(CACHE_CONTROL_VALUE));
    r
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn if_none_match_lists() {
        let tag = "\"ttc-0.1.0-00ff\"";
        assert!(matches(tag, tag));
        assert!(matches("\"a\", W/\"ttc-0.1.0-00ff\"", tag));
        assert!(matches("*", tag));
        assert!(!matches("\"ttc-0.1.0-00fe\"", tag));
        assert!(!matches("", tag));
    }
}
