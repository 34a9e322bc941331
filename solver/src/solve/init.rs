//! Phase 1, init: every cell becomes undecided, except positions with a
//! line on the board, which are lost in 0 (and marked decided: their bit
//! in the win bitmap, which holds every decided position until the WDL
//! sweeps end; the loss bitmap is not touched before then).

use super::checkpoint::Checkpoint;
use super::codes::UNDECIDED;
use super::saver::Saver;
use super::work::{bar, log, set_bit, Ctx};
use crate::group::Group;
use anyhow::Result;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// Runs the init phase and records the number of terminal positions in
/// `cp` (phase `init`).
pub(super) fn run(ctx: &Ctx, cp: &mut Checkpoint, saver: &mut Saver) -> Result<()> {
    let t = Instant::now();
    let idx = ctx.idx;
    let geo = idx.variant().geometry();
    let pb = bar(ctx.progress, idx.size(), "init".into());
    let terminal: u64 = (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .map(|a| {
            let g = Group::new(idx, a);
            let la = g.side_a.has_line(geo);
            let mut t = 0;
            for j in 0..g.len {
                let k = g.first + j;
                let term = la || g.member(j).has_line(geo);
                ctx.cells[k as usize].store(if term { 0 } else { UNDECIDED }, Relaxed);
                if term {
                    set_bit(ctx.w, k);
                    t += 1;
                }
            }
            pb.inc_decided(g.len, t);
            t
        })
        .sum();
    pb.finish();
    cp.terminal = terminal;
    cp.phase = "init".into();
    cp.number = 0;
    log(
        ctx.progress,
        &format!(
            "init: {} positions, {} terminal, {:.1}s",
            idx.size(),
            terminal,
            t.elapsed().as_secs_f64()
        ),
    );
    saver.save(cp, true)
}
