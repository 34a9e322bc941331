//! What every request passes before a route answers it, in order: its
//! `Host` header ([`AllowedHosts`], 403), the length of its target (414),
//! the tables' files (503 once one changed on disk, for `/api/` routes),
//! the number of requests in flight (429), and the time its answer takes
//! (503 past the limit). Each refusal is a JSON [`ApiError`].

use super::args::Limits;
use super::error::ApiError;
use super::host::AllowedHosts;
use super::served::Served;
use axum::extract::{Request, State};
use axum::http::header::HOST;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The gate's configuration and its count of requests in flight.
pub struct Gate {
    /// The tables (their files are checked).
    pub explorer: Arc<dyn Served>,
    /// Accepted `Host` values.
    pub hosts: AllowedHosts,
    /// The limits of `ttc serve`.
    pub limits: Limits,
    /// One permit per request that may be in flight.
    in_flight: Arc<Semaphore>,
}

impl Gate {
    /// A gate with `limits.max_requests` permits.
    pub fn new(explorer: Arc<dyn Served>, hosts: AllowedHosts, limits: Limits) -> Gate {
        let permits = limits.max_requests as usize;
        Gate {
            explorer,
            hosts,
            limits,
            in_flight: Arc::new(Semaphore::new(permits)),
        }
    }

    /// The refusal of `req` before any work, if any (host, target
    /// length, changed tables).
    fn refusal(&self, req: &Request) -> Option<ApiError> {
        if req.headers().get_all(HOST).iter().nth(1).is_some() {
            // RFC 9112, section 3.2: a request with more than one Host
            // header field is answered 400.
            return Some(ApiError::new(
                StatusCode::BAD_REQUEST,
                "the request has more than one Host header; send exactly one",
            ));
        }
        if req.method() == axum::http::Method::CONNECT {
            return Some(ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                format!(
                    "method CONNECT is not allowed on {}: this server is no proxy, and every \
                     route answers GET only",
                    req.uri()
                ),
            ));
        }
        let host = req
            .headers()
            .get(HOST)
            .map(|h| h.to_str().unwrap_or("\u{FFFD}"));
        if !host.is_some_and(|h| self.hosts.allows(h)) {
            let status = match host {
                Some(_) => StatusCode::FORBIDDEN,
                None => StatusCode::BAD_REQUEST,
            };
            return Some(ApiError::new(status, self.hosts.refusal(host)));
        }
        let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
        let max = self.limits.max_target_bytes as usize;
        if target > max {
            return Some(ApiError::new(
                StatusCode::URI_TOO_LONG,
                format!("the request target is {target} bytes long, more than the {max} accepted"),
            ));
        }
        if req.uri().path().starts_with("/api/") {
            if let Err(e) = self.explorer.check_files() {
                return Some(e);
            }
        }
        None
    }
}

/// The middleware: refuses `req` or runs it within the limits.
pub async fn gate(State(g): State<Arc<Gate>>, req: Request, next: Next) -> Response {
    if let Some(e) = g.refusal(&req) {
        return e.into_response();
    }
    let Ok(_permit) = g.in_flight.clone().try_acquire_owned() else {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "too many requests in flight (the server answers {} at once); retry shortly",
                g.limits.max_requests
            ),
        )
        .into_response();
    };
    within(g.limits.request_timeout, next.run(req)).await
}

/// The response `answer` resolves to, or 503 if it takes longer than
/// `limit` (the answer is then dropped: a query on the blocking pool runs
/// to its end, but its result is discarded).
async fn within(limit: Duration, answer: impl Future<Output = Response>) -> Response {
    match tokio::time::timeout(limit, answer).await {
        Ok(r) => r,
        Err(_) => ApiError::unavailable(format!(
            "the answer took longer than the server's limit of {} ms",
            limit.as_millis()
        ))
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::to_bytes;

    /// The status and body of `answer` run within `limit_ms`.
    fn run(limit_ms: u64, answer: impl Future<Output = Response>) -> (u16, String) {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            let r = within(Duration::from_millis(limit_ms), answer).await;
            let status = r.status().as_u16();
            let body = to_bytes(r.into_body(), 1 << 16).await.unwrap();
            (status, String::from_utf8(body.to_vec()).unwrap())
        })
    }

    /// Whatever the machine's speed: a slow answer is replaced by a JSON
    /// 503 naming the limit; a quick one passes unchanged.
    #[test]
    fn a_slow_answer_gets_503_and_a_quick_one_passes() {
        let slow = async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            StatusCode::OK.into_response()
        };
        let (status, body) = run(5, slow);
        assert_eq!(status, 503);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        let e = v["error"].as_str().unwrap();
        assert!(e.contains("took longer") && e.contains("5 ms"), "{e}");
        let quick = async { (StatusCode::IM_A_TEAPOT, "tea").into_response() };
        assert_eq!(run(5_000, quick), (418, "tea".to_string()));
    }
}
