//! What a caller chooses about a solve.

use std::path::PathBuf;

/// Options of a solve.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// Output table path (written as `PATH.tmp`, renamed when complete).
    pub out: PathBuf,
    /// Worker threads (`None` = all cores).
    pub threads: Option<usize>,
    /// Show progress bars and per-wave log lines on stderr.
    pub progress: bool,
    /// Discard any interrupted solve at the same path instead of resuming.
    pub fresh: bool,
    /// With `progress`: one log line per WDL sweep and distance wave
    /// (what a terminal shows); otherwise one line per phase, with the
    /// phase's totals. The report lists every pass either way.
    pub pass_lines: bool,
}

/// When a pass finds a group's members to evaluate from the change pool
/// (the cells decided in the previous pass, while they fit) instead of
/// scanning the group. The table is the same either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ListUse {
    /// When the group has at least 64 members per listed entry (what
    /// [`solve`](crate::solve::solve) does).
    #[default]
    Auto,
    /// Whenever the entries of the group's child blocks are known (tests:
    /// exercises the pool path on the small 3x3 groups).
    Always,
    /// Never: every pass scans (tests and benchmarks of the scan alone).
    Never,
    /// As `Always`, with pools of 16 entries, so that most passes
    /// overflow them: groups fall back to scans, and members whose loss
    /// sets are not known get the full evaluation (tests of the
    /// fallbacks).
    Overflowing,
}

/// How a solve goes about its passes, for tests and benchmarks; the table
/// is the same whatever is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// When the change pool replaces a group's scan.
    pub lists: ListUse,
    /// Fold every pass by the left-right mirror: evaluate one group of
    /// each mirror pair and write each decision to both positions
    /// (what [`solve`](crate::solve::solve) does; `false` evaluates every
    /// group).
    pub mirror: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            lists: ListUse::Auto,
            mirror: true,
        }
    }
}
