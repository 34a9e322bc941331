//! The routes.
//!
//! | route | answer |
//! |---|---|
//! | `GET /` `/app.js` `/style.css` | the page |
//! | `GET /api/info` | [`Info`]: the tables (rules, rule tag, sections, CRC) |
//! | `GET /api/probe?position=P&moves=M` | [`PositionAnswer`]: value and every move, best first |
//! | `GET /api/line?position=P&moves=M&max_plies=N` | [`LineAnswer`]: principal variation |
//! | `GET /api/play?position=P&moves=M` | [`PlayAnswer`]: the table's reply |
//!
//! `position` is the CLI's notation (default: the empty board), `moves` a
//! space-separated move list played from it first (as `--moves`). Bad
//! input gets 400 with `{"error": "..."}`, any other route 404, another
//! method than GET on a route 405, each with a JSON body.

use super::assets;
use super::error::ApiError;
use super::explorer::Explorer;
use super::explorer::Info;
use super::line;
use super::play::{self, PlayAnswer};
use super::probe::probe_answer;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{Method, StatusCode, Uri};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use solver::answer::{LineAnswer, PositionAnswer};
use std::sync::Arc;

/// The query string of the API routes.
#[derive(Debug, Deserialize)]
struct Params {
    /// Position text (`BOARD SIDE HANDS PAWNS PLY`).
    position: Option<String>,
    /// Moves played from `position` first.
    moves: Option<String>,
    /// `/api/line` only: stop after this many moves.
    max_plies: Option<usize>,
}

type Shared = State<Arc<Explorer>>;
type Answer<T> = Result<Json<T>, ApiError>;

/// The server's routes over the shared explorer.
pub fn router(e: Arc<Explorer>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/info", get(info))
        .route("/api/probe", get(probe))
        .route("/api/line", get(line))
        .route("/api/play", get(play))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(e)
}

/// Runs a query on the blocking pool (probing reads and decompresses
/// table cells); a panic becomes a 500 answer instead of a lost worker.
async fn blocking<T, F>(
    e: Arc<Explorer>,
    q: Result<Query<Params>, QueryRejection>,
    f: F,
) -> Answer<T>
where
    T: Send + 'static,
    F: FnOnce(&Explorer, Params) -> Result<T, ApiError> + Send + 'static,
{
    let Query(params) =
        q.map_err(|r| ApiError::bad_request(format!("bad query string: {}", r.body_text())))?;
    tokio::task::spawn_blocking(move || f(&e, params))
        .await
        .map_err(|err| ApiError::internal(format!("the query failed: {err}")))?
        .map(Json)
}

async fn info(State(e): Shared) -> Json<Info> {
    Json(e.info())
}

async fn probe(
    State(e): Shared,
    q: Result<Query<Params>, QueryRejection>,
) -> Answer<PositionAnswer> {
    blocking(e, q, |e, p| {
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        let probed = e.main().probe(&pos)?;
        probe_answer(e, &probed)
    })
    .await
}

async fn line(State(e): Shared, q: Result<Query<Params>, QueryRejection>) -> Answer<LineAnswer> {
    blocking(e, q, |e, p| {
        let max = p.max_plies.unwrap_or(line::DEFAULT_MAX_PLIES);
        if max == 0 || max > line::MAX_PLIES {
            return Err(ApiError::bad_request(format!(
                "max_plies {max} is out of range 1..={}",
                line::MAX_PLIES
            )));
        }
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        line::line(e, &pos, max)
    })
    .await
}

async fn play(State(e): Shared, q: Result<Query<Params>, QueryRejection>) -> Answer<PlayAnswer> {
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
