//! What a solve reports: the log of every pass and the finished table's
//! figures.

pub use crate::driver::pass_log::PassLog;
use crate::stats::SectionStats;
use serde::Serialize;

/// What a solve did and found.
#[derive(Debug, Clone, Serialize)]
pub struct SolveReport {
    /// Rule set.
    pub variant: String,
    /// Rule tag.
    pub rule_tag: String,
    /// Output table.
    pub table: String,
    /// Terminal positions (a line on the board).
    pub terminal: u64,
    /// Every sweep and wave.
    pub passes: Vec<PassLog>,
    /// Post-opening section.
    pub post: SectionStats,
    /// Opening section.
    pub opening: SectionStats,
    /// CRC-64/XZ of all cells.
    pub crc64: String,
    /// SHA-256 of the file.
    pub sha256: String,
    /// Total wall time, seconds.
    pub seconds: f64,
    /// Whether this run resumed an interrupted solve.
    pub resumed: bool,
}
