//! The wall time of each pass of a long audit or census, printed on
//! standard error when progress is shown (one line, after the job), so a
//! user can see where the time of `ttc audit` or `ttc census` goes.
//! Nothing of it enters a report.

use std::time::Instant;

/// The passes timed so far: each one's name and seconds.
pub(crate) struct PassTimes {
    on: bool,
    last: Instant,
    parts: Vec<(&'static str, f64)>,
}

impl PassTimes {
    /// Starts timing now; `on` = print the line at the end.
    pub(crate) fn new(on: bool) -> PassTimes {
        PassTimes {
            on,
            last: Instant::now(),
            parts: Vec::new(),
        }
    }

    /// Ends the pass `name`, begun at the previous mark (or the start).
    pub(crate) fn mark(&mut self, name: &'static str) {
        let now = Instant::now();
        self.parts.push((name, (now - self.last).as_secs_f64()));
        self.last = now;
    }

    /// The line, e.g. `audit passes: post-opening walk 130.2 s, mirror
    /// pairs 2.9 s, opening 3.3 s`.
    pub(crate) fn line(&self, job: &str) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(name, s)| format!("{name} {s:.1} s"))
            .collect();
        format!("{job} passes: {}", parts.join(", "))
    }

    /// Prints [`Self::line`] on standard error if progress is shown.
    pub(crate) fn print(&self, job: &str) {
        if self.on {
            eprintln!("{}", self.line(job));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PassTimes;

    #[test]
    fn the_line_names_every_pass_in_order() {
        let mut t = PassTimes::new(false);
        t.mark("walk");
        t.mark("opening");
        let line = t.line("audit");
        assert!(line.starts_with("audit passes: walk "), "{line}");
        assert!(
            line.ends_with(" s") && line.contains(" s, opening "),
            "{line}"
        );
    }
}
