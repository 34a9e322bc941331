//! Progress of long audits, shared with the solver: see [`tables::progress`].

pub use tables::progress::{Progress, LOG_EVERY_SECS};
