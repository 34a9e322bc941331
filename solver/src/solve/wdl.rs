//! Phase 2, WDL sweeps (Gauss-Seidel, in place) until a sweep decides
//! nothing; then the terminal marks are cleared for the distance waves.

use super::checkpoint::{load_flags, Checkpoint, Saver};
use super::pass::{Dirty, Pass};
use super::work::{log, Ctx};
use super::PassLog;
use anyhow::Result;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Runs (or continues, `resumed`) the sweeps; leaves `cp` at phase `wdl`,
/// number = the last sweep (which decided nothing).
pub(super) fn run(ctx: &Ctx, cp: &mut Checkpoint, saver: &mut Saver, resumed: bool) -> Result<()> {
    let mut sweep = if cp.phase == "wdl" { cp.number } else { 0 };
    // A fresh run starts with the cheap first sweep; a clean stop saved
    // its change flags; a run resumed after a kill lost them (and may be
    // ahead of its checkpoint), so it evaluates everything in full once.
    let mut dirty = if cp.phase == "init" && !resumed {
        Dirty::First
    } else if cp.phase == "wdl"
        && cp.clean_stop
        && load_flags(saver.dir, &[&ctx.changed, &ctx.lost])
    {
        Dirty::Flagged
    } else {
        Dirty::All
    };
    cp.clean_stop = false;
    loop {
        sweep += 1;
        let t = Instant::now();
        let (decided, evaluated) = ctx.pass(Pass::Wdl, dirty, format!("wdl sweep {sweep}"));
        dirty = Dirty::Flagged;
        ctx.rotate_flags();
        let entry = PassLog {
            phase: "wdl".into(),
            number: sweep,
            decided,
            evaluated,
            seconds: t.elapsed().as_secs_f64(),
        };
        log(
            ctx.progress,
            &format!(
                "wdl sweep {sweep}: decided {decided}, evaluated {evaluated}, {:.1}s",
                entry.seconds
            ),
        );
        cp.passes.push(entry);
        cp.phase = "wdl".into();
        cp.number = sweep;
        let done = decided == 0;
        saver.save(cp, done)?;
        if done {
            return Ok(());
        }
        saver.stop_if_asked(cp, &[&ctx.changed, &ctx.lost])?;
    }
}

/// Between phases: clears the terminal marks (both bits set), so the
/// bitmaps hold exactly the pending wins and losses; phase `prepare`.
pub(super) fn clear_terminal_marks(
    ctx: &Ctx,
    cp: &mut Checkpoint,
    saver: &mut Saver,
) -> Result<()> {
    ctx.w.par_iter().zip(ctx.l.par_iter()).for_each(|(w, l)| {
        let (a, b) = (w.load(Relaxed), l.load(Relaxed));
        w.store(a & !b, Relaxed);
        l.store(b & !a, Relaxed);
    });
    cp.phase = "prepare".into();
    cp.number = 0;
    saver.save(cp, true)
}
