//! The API's error: an HTTP status and a JSON body `{"error": "..."}`
//! whose text is the one the CLI prints for the same input.

use axum::http::header::{CACHE_CONTROL, RETRY_AFTER};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use tablebase::probe::ProbeError;

/// An error answer: 400 for bad input (malformed position or move, bad
/// query string), 403 for a Host header the server does not serve, 404
/// for an unknown route, 405 for another method than GET, 414 for a
/// request target over the length limit, 429 when too many requests are
/// in flight, 500 when the table cannot be read (a damaged compact block)
/// or a query failed unexpectedly, 503 when a table's file changed or an
/// answer took longer than the request time limit.
#[derive(Debug)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Message, without the CLI's `error: ` prefix.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// A 503 Service Unavailable (a table changed on disk, an answer took
    /// too long): the message says which.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// An error of any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// A 500 Internal Server Error.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl From<ProbeError> for ApiError {
    /// Input errors (position text, move, variant) are the client's: 400;
    /// table read errors are the server's: 500.
    fn from(e: ProbeError) -> ApiError {
        match e {
            ProbeError::Notation { .. } | ProbeError::Move { .. } | ProbeError::Variant { .. } => {
                ApiError::bad_request(e.to_string())
            }
            ProbeError::Table(_) | ProbeError::Index { .. } | ProbeError::InvalidCode { .. } => {
                ApiError::internal(e.to_string())
            }
        }
    }
}

impl IntoResponse for ApiError {
    /// The status with the body `{"error": MESSAGE}`; a 429 or 503 (the
    /// server's state, not the request's) also says `Cache-Control:
    /// no-store`, and a 429 `Retry-After: 1` (seconds).
    fn into_response(self) -> Response {
        let body = axum::Json(serde_json::json!({ "error": self.message }));
        let mut r = (self.status, body).into_response();
        let h = r.headers_mut();
        if matches!(
            self.status,
            StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE
        ) {
            h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        }
        if self.status == StatusCode::TOO_MANY_REQUESTS {
            h.insert(RETRY_AFTER, HeaderValue::from_static("1"));
        }
        r
    }
}
