//! Phase 2, WDL sweeps (Gauss-Seidel, in place) until a sweep decides
//! nothing; then the terminal marks are cleared for the distance waves.

use super::checkpoint::{load_flags, Checkpoint, Saver};
use super::pass::Pass;
use super::work::{log, Ctx};
use super::PassLog;
use anyhow::Result;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Runs (or continues) the sweeps; leaves `cp` at phase `wdl`, number =
/// the last sweep (which decided nothing).
pub(super) fn run(ctx: &Ctx, cp: &mut Checkpoint, saver: &mut Saver) -> Result<()> {
    let mut sweep = if cp.phase == "wdl" { cp.number } else { 0 };
    // Fresh runs and runs resumed after a kill evaluate everything once;
    // a clean stop saved its change flags.
    let mut all_dirty =
        !(cp.phase == "wdl" && cp.clean_stop && load_flags(saver.dir, &ctx.prev, &ctx.prev_pc));
    cp.clean_stop = false;
    loop {
        sweep += 1;
        let t = Instant::now();
        let (decided, evaluated) = ctx.pass(Pass::Wdl, all_dirty, format!("wdl sweep {sweep}"));
        all_dirty = false;
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
        saver.stop_if_asked(cp, (&ctx.prev, &ctx.prev_pc))?;
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
