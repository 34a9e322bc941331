//! The API's error: an HTTP status and a JSON body `{"error": "..."}`
//! whose text is the one the CLI prints for the same input.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use solver::probe::ProbeError;

/// An error answer: 400 for bad input (malformed position or move, bad
/// query string), 404 for an unknown route, 500 when the table cannot be
/// read (a damaged compact block) or a query failed unexpectedly.
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
    fn into_response(self) -> Response {
        let body = axum::Json(serde_json::json!({ "error": self.message }));
        (self.status, body).into_response()
    }
}
