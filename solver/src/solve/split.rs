//! The split after the WDL sweeps: the decided positions (win bitmap)
//! become pending wins (win bitmap) and pending losses (loss bitmap);
//! the terminal ones, final already, leave both. Redone from the start
//! after a kill part-way (a position already moved to the loss bitmap
//! stays there: its win bit is clear and its code unchanged).

use super::work::{clear_bit, set_bit, word_mask, Ctx};
use crate::driver::codes::{LOSS_PENDING, WIN_PENDING};
use crate::group::Group;
use crate::prefetch::prefetch;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// Splits every group's decided positions, reading their cells in
/// batches of 64 prefetched ones.
pub(super) fn split_all(ctx: &Ctx) {
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
}
