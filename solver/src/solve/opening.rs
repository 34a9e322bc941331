//! The opening section, solved backwards ply by ply from the finished
//! post-opening cells.

use super::work::log;
use crate::prefetch::prefetch;
use anyhow::Result;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::time::Instant;
use tables::code::DRAW;
use tables::{Index, OpeningIndex};

/// Value of a parent from its children's codes: some child lost => win in
/// 1 + the shortest such loss; all children won => loss in 1 + the longest
/// win; otherwise draw.
fn negamax(children: impl Iterator<Item = u8>) -> u8 {
    let mut best_loss: Option<u8> = None;
    let mut worst_win: u8 = 0;
    let mut all_win = true;
    let mut any = false;
    for c in children {
        any = true;
        if c == DRAW {
            all_win = false;
        } else if c % 2 == 0 {
            best_loss = Some(best_loss.map_or(c, |b| b.min(c)));
        } else {
            worst_win = worst_win.max(c);
        }
    }
    if let Some(b) = best_loss {
        b + 1
    } else if all_win && any {
        worst_win + 1
    } else {
        DRAW
    }
}

/// Fills the opening section ply by ply, backwards from the last locked
/// ply, reading the finished post-opening cells.
pub(super) fn solve_opening(
    idx: &Index,
    oidx: &OpeningIndex,
    post: &[AtomicU8],
    open: &[AtomicU8],
    progress: bool,
) -> Result<()> {
    let v = idx.variant();
    for k in (0..v.opening_plies()).rev() {
        let t = Instant::now();
        let (lo, hi) = (oidx.ply_start(k), oidx.ply_start(k + 1));
        (lo..hi).into_par_iter().try_for_each_init(
            Vec::new,
            |cells: &mut Vec<&AtomicU8>, r| -> Result<()> {
                let pos = oidx.unrank(r)?;
                // Of a position and its mirror image (same value), the
                // one of smaller rank is evaluated and writes both.
                let twin = oidx
                    .rank(&pos.mirrored())
                    .expect("mirror of an opening position");
                if twin < r {
                    return Ok(());
                }
                // Every child's cell first, prefetched, then read: the
                // post-opening cells are scattered over the table.
                cells.clear();
                for s in pos.legal_steps() {
                    let child = pos.play_step(s);
                    let cell = if child.opening_ply().is_some() {
                        &open[oidx.rank(&child).expect("opening child") as usize]
                    } else {
                        let (m, o) = child.normalized();
                        &post[idx.rank(&m, &o) as usize]
                    };
                    prefetch(cell);
                    cells.push(cell);
                }
                let codes = cells.iter().map(|c| c.load(Relaxed));
                let value = negamax(codes);
                open[r as usize].store(value, Relaxed);
                open[twin as usize].store(value, Relaxed);
                Ok(())
            },
        )?;
        log(
            progress,
            &format!(
                "opening ply {k}: {} position{}, {:.1}s",
                hi - lo,
                if hi - lo == 1 { "" } else { "s" },
                t.elapsed().as_secs_f64()
            ),
        );
    }
    Ok(())
}
