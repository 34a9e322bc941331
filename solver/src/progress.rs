//! Progress reporting, shared with the audit: see [`tables::progress`].

pub use tables::progress::Progress;
