//! The cells of a solve (one byte per position) once the passes are
//! over: undecided cells become draws, and a byte view for the counts.

use super::codes::UNDECIDED;
use super::log::log;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::time::Instant;
use tables::code::DRAW;

/// Every cell still [`UNDECIDED`] becomes [`DRAW`] (in parallel, by
/// chunks of 1 MiB); logs the time taken if `progress`.
pub fn mark_draws(cells: &[AtomicU8], progress: bool) {
    let t = Instant::now();
    cells.par_chunks(1 << 20).for_each(|chunk| {
        for c in chunk {
            if c.load(Relaxed) == UNDECIDED {
                c.store(DRAW, Relaxed);
            }
        }
    });
    log(
        progress,
        &format!("draws marked, {:.1}s", t.elapsed().as_secs_f64()),
    );
}

/// The cells as plain bytes, for a caller that holds the only reference
/// (no thread writes them any more).
pub fn as_bytes(a: &mut [AtomicU8]) -> &[u8] {
    // SAFETY: the exclusive borrow rules out concurrent writers; AtomicU8
    // has the layout of u8.
    unsafe { &*(a as *const [AtomicU8] as *const [u8]) }
}

/// As [`as_bytes`], for cells behind a shared reference whose writers
/// have all finished (the solve's mapped table after its last pass).
///
/// # Safety
/// No thread may store to `a` while the returned slice lives.
pub unsafe fn as_bytes_unsynchronised(a: &[AtomicU8]) -> &[u8] {
    // SAFETY: the caller rules out concurrent writers; same layout.
    unsafe { &*(a as *const [AtomicU8] as *const [u8]) }
}
