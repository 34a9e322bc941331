//! Phase 3, distance waves over the decided positions only: wave `d` (odd)
//! gives win in `d`, wave `d` (even) gives loss in `d`; ends at the first
//! wave that assigns nothing, and every pending position must by then
//! have its distance.

use super::checkpoint::Checkpoint;
use super::counts::PassCounts;
use super::pass_kind::{Dirty, Pass};
use super::report::PassLog;
use super::work::{log, Ctx};
use crate::driver::saver::Saver;
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Runs (or continues, `resumed`) the waves; leaves `cp` at phase `draws`.
///
/// # Errors
/// Distances beyond 251 plies or pending positions left without a
/// distance (an inconsistent solve), and checkpoint I/O errors.
pub(super) fn run(
    ctx: &mut Ctx,
    cp: &mut Checkpoint,
    saver: &mut Saver,
    resumed: bool,
) -> Result<()> {
    let mut d = if cp.phase == "distance" { cp.number } else { 0 };
    // After a resume the cut wave's changes were never flagged: evaluate
    // everything in the wave that is redone and the next one.
    let mut all_dirty_waves: u32 = if resumed { 2 } else { 1 };
    let (first, t0) = (d + 1, Instant::now());
    let mut total = PassCounts::default();
    loop {
        d += 1;
        if d > 251 {
            bail!("distance waves passed 251 plies: inconsistent table");
        }
        let t = Instant::now();
        let counts = ctx.pass(
            Pass::Distance(d as u8),
            if all_dirty_waves > 0 {
                Dirty::All
            } else {
                Dirty::Flagged
            },
            format!("wave {d}"),
        );
        let redone = resumed && all_dirty_waves > 0;
        all_dirty_waves = all_dirty_waves.saturating_sub(1);
        ctx.rotate_flags();
        let entry = PassLog::of("distance", d, &counts, t.elapsed().as_secs_f64());
        total = total + counts;
        log(
            ctx.progress && ctx.pass_lines,
            &format!(
                "wave {d}: {} {}, decoded {}, evaluated {}, children {}, listed groups {}, {:.1}s",
                if d % 2 == 1 { "wins" } else { "losses" },
                counts.decided,
                counts.decoded,
                counts.evaluated,
                counts.children,
                counts.listed_groups,
                entry.seconds
            ),
        );
        cp.passes.push(entry);
        cp.phase = "distance".into();
        cp.number = d;
        // No loss in d-1 means no win in d and so on: a wave deciding
        // nothing ends the phase. Not so for a wave redone after a resume:
        // the killed run may have finished its work already.
        if counts.decided == 0 && !redone {
            log(
                ctx.progress && !ctx.pass_lines,
                &format!(
                    "distance waves {first}-{d}: distances given {}, evaluated {}, children {}, {:.1}s",
                    total.decided,
                    total.evaluated,
                    total.children,
                    t0.elapsed().as_secs_f64()
                ),
            );
            break;
        }
        // Every wave: a resume must restart from the wave that was cut.
        saver.save(cp, true)?;
        saver.stop_if_asked(cp, &ctx.changed.flag_words())?;
    }
    let left: u64 = ctx
        .w
        .par_iter()
        .zip(ctx.l.par_iter())
        .map(|(w, l)| (w.load(Relaxed).count_ones() + l.load(Relaxed).count_ones()) as u64)
        .sum();
    if left != 0 {
        bail!("{left} decided positions never received a distance: inconsistent solve");
    }
    cp.phase = "draws".into();
    cp.number = 0;
    saver.save(cp, true)
}
