//! What the shared layers of the server (the [`gate`](super::gate), the
//! [`cache`](super::cache) tags, the answer cache, error redaction) need
//! from the tables behind it, whichever game they are of: a Tic-Tac-Chec
//! table ([`Explorer`](super::explorer::Explorer)) or a Surakarta
//! tablebase folder ([`SurakartaExplorer`](super::surakarta::SurakartaExplorer)).

use super::answer_cache::AnswerCache;
use super::error::ApiError;

/// The served tables, seen by the layers every request passes.
pub trait Served: Send + Sync {
    /// The entity tag of every answer: it changes exactly when the tables
    /// do (program version, formats, cells CRCs).
    fn etag(&self) -> String;

    /// Checks that every table file is still the one opened.
    ///
    /// # Errors
    /// 503 naming the table (by file name) and what changed.
    fn check_files(&self) -> Result<(), ApiError>;

    /// `message` with every table path replaced by its file name, so
    /// that answers never reveal where the tables lie.
    fn redact(&self, message: &str) -> String;

    /// The cache of serialized `/api/probe` answers.
    fn answers(&self) -> &AnswerCache;
}
