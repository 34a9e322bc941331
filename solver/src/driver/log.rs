//! Log lines and progress bars of a solve, on standard error.

use crate::progress::Progress;
use std::io::Write;

/// A progress bar over `len` positions labelled `label`, drawn only if
/// `progress`.
pub fn bar(progress: bool, len: u64, label: String) -> Progress {
    Progress::new(progress, len, label)
}

/// Writes `msg` and a newline to standard error if `progress`; a closed
/// or full stderr is ignored (it must not abort a long solve).
pub fn log(progress: bool, msg: &str) {
    if progress {
        let _ = writeln!(std::io::stderr(), "{msg}");
    }
}
