//! Progress for long audits: an indicatif bar when standard error is a
//! terminal, otherwise a plain line every 30 seconds (so a run redirected
//! to a log file still shows it advancing).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Seconds between plain log lines when standard error is not a terminal.
pub const LOG_EVERY_SECS: u64 = 30;

/// A progress counter over `len` units (positions).
pub struct Progress {
    bar: ProgressBar,
    plain: bool,
    label: String,
    len: u64,
    done: AtomicU64,
    start: Instant,
    next_log: AtomicU64,
}

impl Progress {
    /// A counter labelled `label`; shows nothing unless `enabled`.
    pub fn new(enabled: bool, len: u64, label: &str) -> Progress {
        let tty = std::io::stderr().is_terminal();
        let bar = if enabled && tty {
            let pb = ProgressBar::new(len);
            pb.set_style(
                ProgressStyle::with_template(
                    "{prefix:>16} [{elapsed_precise}] {wide_bar} {percent:>3}% {per_sec:>14} eta {eta}",
                )
                .expect("valid progress template"),
            );
            pb.set_prefix(label.to_string());
            pb
        } else {
            ProgressBar::hidden()
        };
        Progress {
            bar,
            plain: enabled && !tty,
            label: label.to_string(),
            len,
            done: AtomicU64::new(0),
            start: Instant::now(),
            next_log: AtomicU64::new(LOG_EVERY_SECS),
        }
    }

    /// Records `n` more units done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        let done = self.done.fetch_add(n, Relaxed) + n;
        if !self.plain {
            return;
        }
        let secs = self.start.elapsed().as_secs();
        let next = self.next_log.load(Relaxed);
        if secs >= next
            && self
                .next_log
                .compare_exchange(next, secs + LOG_EVERY_SECS, Relaxed, Relaxed)
                .is_ok()
        {
            let rate = done as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "  {}: {:.1}% ({done} of {}), {:.2} M/s, {secs} s",
                self.label,
                100.0 * done as f64 / self.len.max(1) as f64,
                self.len,
                rate / 1e6
            );
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
