//! Phase 2, WDL sweeps (Gauss-Seidel, in place) until a sweep decides
//! nothing; then the decided positions are split into pending wins and
//! pending losses for the distance waves.

use super::checkpoint::Checkpoint;
use super::counts::PassCounts;
use super::pass_kind::{Dirty, Pass};
use super::report::PassLog;
use super::work::{clear_bit, log, set_bit, word_mask, Ctx};
use crate::driver::checkpoint::load_flags;
use crate::driver::codes::{LOSS_PENDING, WIN_PENDING};
use crate::driver::saver::Saver;
use crate::group::Group;
use crate::prefetch::prefetch;
use anyhow::Result;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Runs (or continues, `resumed`) the sweeps; leaves `cp` at phase `wdl`,
/// number = the last sweep (which decided nothing).
pub(super) fn run(
    ctx: &mut Ctx,
    cp: &mut Checkpoint,
    saver: &mut Saver,
    resumed: bool,
) -> Result<()> {
    let mut sweep = if cp.phase == "wdl" { cp.number } else { 0 };
    // A fresh run starts with the cheap first sweep; a clean stop saved
    // its change flags; a run resumed after a kill lost them (and may be
    // ahead of its checkpoint), so it evaluates everything in full once.
    let mut dirty = if cp.phase == "init" && !resumed {
        Dirty::First
    } else if cp.phase == "wdl"
        && cp.clean_stop
        && load_flags(saver.dir, &ctx.changed.flag_words(), cp.passes.len())
    {
        Dirty::Flagged
    } else {
        Dirty::All
    };
    cp.clean_stop = false;
    let (first, t0) = (sweep + 1, Instant::now());
    let mut total = PassCounts::default();
    loop {
        sweep += 1;
        let t = Instant::now();
        let counts = ctx.pass(Pass::Wdl, dirty, format!("wdl sweep {sweep}"));
        dirty = Dirty::Flagged;
        ctx.rotate_flags();
        let entry = PassLog::of("wdl", sweep, &counts, t.elapsed().as_secs_f64());
        total = total + counts;
        log(
            ctx.progress && ctx.pass_lines,
            &format!(
                "wdl sweep {sweep}: decided {}, decoded {}, evaluated {} ({} in full), children {}, \
                 listed groups {}, unknown loss sets {} ({} in full, {} decided), losses {}, {:.1}s",
                counts.decided,
                counts.decoded,
                counts.evaluated,
                counts.full,
                counts.children,
                counts.listed_groups,
                counts.loss_overflows,
                counts.full_hashed,
                counts.decided_hashed,
                counts.losses,
                entry.seconds
            ),
        );
        cp.passes.push(entry);
        cp.phase = "wdl".into();
        cp.number = sweep;
        let done = counts.decided == 0;
        saver.save(cp, done)?;
        if done {
            log(
                ctx.progress && !ctx.pass_lines,
                &format!(
                    "wdl sweeps {first}-{sweep}: decided {}, evaluated {}, children {}, losses {}, {:.1}s",
                    total.decided,
                    total.evaluated,
                    total.children,
                    total.losses,
                    t0.elapsed().as_secs_f64()
                ),
            );
            return Ok(());
        }
        saver.stop_if_asked(cp, &ctx.changed.flag_words())?;
    }
}

/// Between phases: splits the decided positions (win bitmap) into the
/// pending wins (win bitmap) and pending losses (loss bitmap), and drops
/// the terminal positions (lost in 0, already final) from both; phase
/// `split` while it runs, then `prepare`. Reads each decided position's
/// own cell (one scattered read per decided position, about 209 million
/// on the 4x4 game). A run killed part-way resumes at `split` and does it
/// again: a position whose win bit is still set is split from its cell.
pub(super) fn split_pending(ctx: &Ctx, cp: &mut Checkpoint, saver: &mut Saver) -> Result<()> {
    if cp.phase != "split" {
        cp.phase = "split".into();
        cp.number = 0;
        saver.save(cp, true)?;
    }
    let t = Instant::now();
    let idx = ctx.idx;
    (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .for_each(|a| {
            let g = Group::new(idx, a);
            let end = g.first + g.len;
            let mut cells = [0u64; 64];
            let mut k = g.first;
            while k < end {
                let wi = (k >> 6) as usize;
                let word_end = ((k | 63) + 1).min(end);
                let m = ctx.w[wi].load(Relaxed) & word_mask(k, word_end);
                // The word's own cells first, prefetched, then read: the
                // reads are scattered over the table.
                let (mut bits, mut n) = (m, 0);
                while bits != 0 {
                    let kk = (k & !63) + bits.trailing_zeros() as u64;
                    bits &= bits - 1;
                    cells[n] = g.own_cell(&g.member(kk - g.first));
                    prefetch(&ctx.cells[cells[n] as usize]);
                    n += 1;
                }
                let mut bits = m;
                for &q in &cells[..n] {
                    let kk = (k & !63) + bits.trailing_zeros() as u64;
                    bits &= bits - 1;
                    match ctx.cells[q as usize].load(Relaxed) {
                        WIN_PENDING => {}
                        // Loss bit first: a kill in between leaves both
                        // bits, which a second split resolves.
                        LOSS_PENDING => {
                            set_bit(ctx.l, kk);
                            clear_bit(ctx.w, kk);
                        }
                        _ => clear_bit(ctx.w, kk),
                    }
                }
                k = word_end;
            }
        });
    log(
        ctx.progress,
        &format!(
            "pending wins and losses split, {:.1}s",
            t.elapsed().as_secs_f64()
        ),
    );
    cp.phase = "prepare".into();
    cp.number = 0;
    saver.save(cp, true)
}
