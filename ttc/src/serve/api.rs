//! The routes.
//!
//! | route | answer |
//! |---|---|
//! | `GET /` `/app.js` `/explorer.js` `/style.css` | the page |
//! | `GET /health` | `{"status": "ok"}`, 503 once a table changed on disk |
//! | `GET /api/info` | [`Info`]: the tables (rules, rule tag, sections, CRC) |
//! | `GET /api/probe?position=P&moves=M` | [`PositionAnswer`](tablebase::answer::PositionAnswer): value and every move, best first |
//! | `GET /api/line?position=P&moves=M&max_plies=N` | [`LineAnswer`]: principal variation |
//! | `GET /api/play?position=P&moves=M` | [`PlayAnswer`]: the table's reply |
//!
//! `position` is the CLI's notation (default: the empty board), `moves` a
//! space-separated move list played from it first (as `--moves`). Bad
//! input gets 400 with `{"error": "..."}`, any other route 404, another
//! method than GET on a route 405, each with a JSON body; the [`gate`]'s
//! refusals (403, 414, 429, 503) are JSON too. Answers of `/api/` routes
//! carry an entity tag ([`cache`]).

use super::access_log;
use super::assets;
use super::cache;
use super::error::ApiError;
use super::explorer::Explorer;
use super::explorer::Info;
use super::gate::{self, Gate};
use super::line;
use super::play::{self, PlayAnswer};
use super::probe::probe_answer;
use super::query::{self, Params};
use super::served::Served;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::sync::Arc;
use tablebase::answer::LineAnswer;

type Shared = State<Arc<Explorer>>;
pub type Answer<T> = Result<Json<T>, ApiError>;

/// The server's routes over the shared explorer, behind the [`gate`]
/// (host, limits, changed tables) and the [`cache`] tags; with `log`,
/// each request is written to the [`access_log`].
pub fn router(e: Arc<Explorer>, g: Arc<Gate>, log: bool) -> Router {
    let app = Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/explorer.js", get(assets::shell))
        .route("/style.css", get(assets::style))
        .route("/health", get(health::<Explorer>))
        .route("/api/info", get(info))
        .route("/api/probe", get(probe))
        .route("/api/line", get(line))
        .route("/api/play", get(play))
        .with_state(e.clone());
    harden(app, e, g, log)
}

/// `routes` (already given their state) behind the layers every server
/// shares whatever the game: 404 and 405 as JSON, the [`cache`] tags of
/// `served`'s tables, the [`gate`], and with `log` the [`access_log`].
pub fn harden(routes: Router, served: Arc<dyn Served>, g: Arc<Gate>, log: bool) -> Router {
    let app = routes
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(from_fn_with_state(served, cache::etag))
        .layer(from_fn_with_state(g, gate::gate));
    if log {
        app.layer(from_fn(access_log::log))
    } else {
        app
    }
}

/// Runs a query on the blocking pool (probing reads and decompresses
/// table cells); a panic becomes a 500 answer instead of a lost worker.
/// Error messages name the tables by file name, never by path.
pub async fn blocking<S, T, F>(e: Arc<S>, q: Option<String>, f: F) -> Answer<T>
where
    S: Served + 'static,
    T: Send + 'static,
    F: FnOnce(&S, Params) -> Result<T, ApiError> + Send + 'static,
{
    let params = query::parse(q.as_deref())?;
    let shared = e.clone();
    tokio::task::spawn_blocking(move || f(&shared, params))
        .await
        .map_err(|err| ApiError::internal(format!("the query failed: {err}")))?
        .map(Json)
        .map_err(|err| ApiError::new(err.status, e.redact(&err.message)))
}

/// Runs a query of bounded work (one position and its moves: at most a
/// few dozen cells, a few block decompressions when cold, well under a
/// millisecond when warm) on the async worker itself: a hand-over to the
/// blocking pool costs more than such a query, and under load the pool's
/// threads switch more than they work. A panic still becomes a 500 answer.
pub async fn inline<S, T, F>(e: Arc<S>, q: Option<String>, f: F) -> Answer<T>
where
    S: Served,
    F: FnOnce(&S, Params) -> Result<T, ApiError>,
{
    let params = query::parse(q.as_deref())?;
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&e, params)))
        .map_err(|_| ApiError::internal("the query failed: it panicked".to_string()))?
        .map(Json)
        .map_err(|err| ApiError::new(err.status, e.redact(&err.message)))
}

/// `GET /health`: `{"status": "ok"}`, or 503 with the reason once a
/// table's file changed on disk; never cached.
pub async fn health<S: Served>(State(e): State<Arc<S>>) -> impl IntoResponse {
    let r = e
        .check_files()
        .map(|()| Json(serde_json::json!({ "status": "ok" })));
    ([(CACHE_CONTROL, "no-store")], r)
}

async fn info(State(e): Shared) -> Json<Info> {
    Json(e.info())
}

/// `GET /api/probe`: from the answer cache when the same query was
/// answered before, else probed, serialized and kept.
async fn probe(State(e): Shared, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    cached(e, q, |e, p| {
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        let probed = e.main().probe(&pos)?;
        probe_answer(e, &probed)
    })
    .await
}

/// A query of bounded work answered from the answer cache when the same
/// query text was answered before, else run [`inline`], serialized and
/// kept.
pub async fn cached<S, T, F>(e: Arc<S>, q: Option<String>, f: F) -> Result<Response, ApiError>
where
    S: Served,
    T: serde::Serialize,
    F: FnOnce(&S, Params) -> Result<T, ApiError>,
{
    let key = q.clone().unwrap_or_default();
    if let Some(body) = e.answers().get(&key) {
        return Ok(json_body(body));
    }
    let Json(answer) = inline(e.clone(), q, f).await?;
    let body = serde_json::to_vec(&answer)
        .map_err(|err| ApiError::internal(format!("the answer did not serialize: {err}")))?;
    let body = Bytes::from(body);
    e.answers().insert(&key, body.clone());
    Ok(json_body(body))
}

/// A `200` with a JSON body already serialized.
pub fn json_body(body: Bytes) -> Response {
    ([(CONTENT_TYPE, "application/json")], body).into_response()
}

async fn line(State(e): Shared, RawQuery(q): RawQuery) -> Answer<LineAnswer> {
    blocking(e, q, |e, p| {
        let max = query::max_plies(
            p.max_plies.as_deref(),
            line::DEFAULT_MAX_PLIES,
            line::MAX_PLIES,
        )?;
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        line::line(e, &pos, max)
    })
    .await
}

async fn play(State(e): Shared, RawQuery(q): RawQuery) -> Answer<PlayAnswer> {
    blocking(e, q, |e, p| {
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        play::play(e, &pos)
    })
    .await
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!(
            "method {method} is not allowed on {}: every route answers GET only",
            uri.path()
        ),
    }
}

async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: format!("no such route: {method} {}", uri.path()),
    }
}
