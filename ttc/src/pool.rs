//! `--threads N`: running a command's parallel work on a rayon pool of N
//! threads.

use anyhow::{Context, Result};

/// Runs `f` on a rayon pool of `threads` worker threads (`None`: one per
/// core), so that every parallel iterator inside it uses that pool.
///
/// # Errors
/// The pool cannot be built (the error names the thread count), or `f`'s
/// error.
pub fn with_threads<T: Send>(
    threads: Option<u16>,
    f: impl FnOnce() -> Result<T> + Send,
) -> Result<T> {
    let n = threads.map_or(0, usize::from);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .with_context(|| format!("starting {n} worker threads"))?;
    pool.install(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_runs_on_the_number_of_threads_asked_for() {
        for n in [1u16, 3] {
            let got = with_threads(Some(n), || Ok(rayon::current_num_threads())).unwrap();
            assert_eq!(got, usize::from(n));
        }
    }
}
