//! The routes of `ttc serve DIR` for a Surakarta tablebase folder, behind
//! the same layers as the Tic-Tac-Chec routes ([`api::harden`]: gate,
//! cache tags, JSON 404 and 405, access log; the answer cache).
//!
//! | route | answer |
//! |---|---|
//! | `GET /` `/style.css` `/explorer.js` `/surakarta/app.js` `/surakarta/rules.js` `/surakarta/surakarta.css` | the Surakarta page |
//! | `GET /health` | `{"status": "ok"}`, 503 once a table changed on disk |
//! | `GET /api/info` | [`Info`]: the folder's tables |
//! | `GET /api/probe?position=P&moves=M` | [`ProbeAnswer`](tablebase::surakarta::ProbeAnswer): values with and without the 50-ply rule, every move best first (captures with their paths) |
//! | `GET /api/line?position=P&moves=M&max_plies=N` | [`LineAnswer`]: the best line |
//! | `GET /api/play?position=P&moves=M` | [`PlayAnswer`]: the table's reply |
//!
//! `position` is the notation of `ttc probe DIR` (required), `moves` a
//! space-separated move list played from it first (`b2-c3 e5xb2`).

use super::api::{self, blocking, cached, Answer};
use super::assets;
use super::error::ApiError;
use super::gate::Gate;
use super::line::{DEFAULT_MAX_PLIES, MAX_PLIES};
use super::query;
use super::surakarta::{Info, PlayAnswer, SurakartaExplorer};
use axum::extract::{RawQuery, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use std::sync::Arc;
use tablebase::surakarta::LineAnswer;

type Shared = State<Arc<SurakartaExplorer>>;

/// The Surakarta server's routes over the shared explorer, hardened as
/// every server is ([`api::harden`]).
pub fn router(e: Arc<SurakartaExplorer>, g: Arc<Gate>, log: bool) -> Router {
    let app = Router::new()
        .route("/", get(assets::surakarta_index))
        .route("/surakarta/app.js", get(assets::surakarta_script))
        .route("/explorer.js", get(assets::shell))
        .route("/surakarta/rules.js", get(assets::surakarta_rules))
        .route("/style.css", get(assets::style))
        .route("/surakarta/surakarta.css", get(assets::surakarta_style))
        .route("/health", get(api::health::<SurakartaExplorer>))
        .route("/api/info", get(info))
        .route("/api/probe", get(probe))
        .route("/api/line", get(line))
        .route("/api/play", get(play))
        .with_state(e.clone());
    api::harden(app, e, g, log)
}

async fn info(State(e): Shared) -> Json<Info> {
    Json(e.info(false))
}

/// `GET /api/probe`: from the answer cache when the same query was
/// answered before, else probed (a few dozen cells), serialized and kept.
async fn probe(State(e): Shared, RawQuery(q): RawQuery) -> Result<Response, ApiError> {
    cached(e, q, |e, p| {
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        e.probe(&pos)
    })
    .await
}

async fn line(State(e): Shared, RawQuery(q): RawQuery) -> Answer<LineAnswer> {
    blocking(e, q, |e, p| {
        let max = query::max_plies(p.max_plies.as_deref(), DEFAULT_MAX_PLIES, MAX_PLIES)?;
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        e.line(&pos, max)
    })
    .await
}

async fn play(State(e): Shared, RawQuery(q): RawQuery) -> Answer<PlayAnswer> {
    blocking(e, q, |e, p| {
        let pos = e.position(p.position.as_deref(), p.moves.as_deref())?;
        e.play(&pos)
    })
    .await
}
