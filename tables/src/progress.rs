//! Progress of long passes (solve, count, audit, census, pack): an
//! indicatif bar when standard error is a terminal, otherwise a plain line
//! every [`LOG_EVERY_SECS`] seconds (so `nohup ... > log` shows the run
//! advancing). Shared by the solver and the audit: it reports progress
//! only and takes no part in what they compute.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Seconds between plain log lines when standard error is not a terminal.
pub const LOG_EVERY_SECS: u64 = 30;

/// A progress counter over `len` units (positions, or root moves).
pub struct Progress {
    bar: ProgressBar,
    plain: bool,
    label: String,
    len: u64,
    done: AtomicU64,
    decided: AtomicU64,
    start: Instant,
    next_log: AtomicU64,
}

impl Progress {
    /// A bar labelled `label`; nothing is shown unless `enabled`.
    pub fn new(enabled: bool, len: u64, label: impl Into<String>) -> Progress {
        let label = label.into();
        let tty = std::io::stderr().is_terminal();
        let bar = if enabled && tty {
            let pb = ProgressBar::new(len);
            pb.set_style(
                ProgressStyle::with_template(
                    "{prefix:>16} [{elapsed_precise}] {wide_bar} {percent:>3}% {per_sec:>14} eta {eta} {msg}",
                )
                .expect("valid template"),
            );
            pb.set_prefix(label.clone());
            pb
        } else {
            ProgressBar::hidden()
        };
        Progress {
            bar,
            plain: enabled && !tty,
            label,
            len,
            done: AtomicU64::new(0),
            decided: AtomicU64::new(0),
            start: Instant::now(),
            next_log: AtomicU64::new(LOG_EVERY_SECS),
        }
    }

    /// Adds `n` processed units.
    pub fn inc(&self, n: u64) {
        self.inc_decided(n, 0);
    }

    /// Adds `n` processed units, `decided` of which were decided (solver
    /// passes; shown once any is).
    pub fn inc_decided(&self, n: u64, decided: u64) {
        self.bar.inc(n);
        let done = self.done.fetch_add(n, Relaxed) + n;
        let dec = self.decided.fetch_add(decided, Relaxed) + decided;
        if decided > 0 && !self.bar.is_hidden() {
            self.bar.set_message(format!("decided {dec}"));
        }
        if self.plain {
            let secs = self.start.elapsed().as_secs();
            let next = self.next_log.load(Relaxed);
            if secs >= next
                && self
                    .next_log
                    .compare_exchange(next, secs + LOG_EVERY_SECS, Relaxed, Relaxed)
                    .is_ok()
            {
                let rate = done as f64 / self.start.elapsed().as_secs_f64().max(1e-9);
                let decided = if dec > 0 {
                    format!(", decided {dec}")
                } else {
                    String::new()
                };
                // A closed or full stderr must not abort a long run.
                let _ = writeln!(
                    std::io::stderr(),
                    "  {}: {:.1}% ({done} of {}){decided}, {:.2} M/s, {secs} s",
                    self.label,
                    100.0 * done as f64 / self.len.max(1) as f64,
                    self.len,
                    rate / 1e6
                );
            }
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
