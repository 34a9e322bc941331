//! Init, one WDL sweep (Gauss-Seidel, in place: every undecided position
//! evaluated in full) and the split of the decided positions into
//! pending wins and pending losses; the phase driver
//! ([`crate::driver::phases`]) repeats the sweeps.

use super::children::PositionChildren;
use super::work::{BitOp, Fold, Work};
use crate::driver::bits::{clear_bit, set_bit, test_bit};
use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::driver::counts::PassCounts;
use crate::driver::eval::eval_wdl;
use crate::solve::game::RetroGame;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// Init: every cell undecided, the primitive losses lost in 0 with their
/// decided bit set. Returns the number of primitive losses.
pub(super) fn init<G: RetroGame>(work: &Work<'_, G>) -> u64 {
    (0..work.game.num_groups())
        .into_par_iter()
        .map(|g| {
            let (mut n, grp) = (0, work.game.group(g));
            for p in work.game.group_range(g) {
                let q = work.game.cell(&grp, p) as usize;
                if work.game.is_primitive_loss(&grp, p) {
                    work.cells[q].store(0, Relaxed);
                    set_bit(work.w, p);
                    n += 1;
                } else {
                    work.cells[q].store(UNDECIDED, Relaxed);
                }
            }
            n
        })
        .sum()
}

/// One WDL sweep over every group the fold evaluates: each undecided
/// position is evaluated from its children's current cells (decisions
/// made earlier in the same sweep included).
pub(super) fn sweep<G: RetroGame>(work: &Work<'_, G>) -> PassCounts {
    (0..work.game.num_groups())
        .into_par_iter()
        .map(|g| {
            let fold = work.fold_of(g);
            let mut t = PassCounts::default();
            if fold == Fold::Skipped {
                return t;
            }
            let grp = work.game.group(g);
            for p in work.game.group_range(g) {
                if test_bit(work.w, p) {
                    continue;
                }
                t.evaluated += 1;
                t.full += 1;
                let code = eval_wdl(
                    &PositionChildren {
                        game: work.game,
                        grp: &grp,
                        p,
                    },
                    work.cells,
                    &mut t.children,
                );
                if code != UNDECIDED {
                    let n = work.write(&grp, p, code, fold, BitOp::SetWin);
                    t.decided += n;
                    t.losses += if code == LOSS_PENDING { n } else { 0 };
                }
            }
            t
        })
        .reduce(PassCounts::default, |a, b| a + b)
}

/// Splits the decided positions (win bitmap) into pending wins (win
/// bitmap) and pending losses (loss bitmap); the primitive losses, final
/// already, leave both.
pub(super) fn split<G: RetroGame>(work: &Work<'_, G>) {
    (0..work.game.num_groups()).into_par_iter().for_each(|g| {
        let grp = work.game.group(g);
        for p in work.game.group_range(g) {
            if !test_bit(work.w, p) {
                continue;
            }
            match work.cells[work.game.cell(&grp, p) as usize].load(Relaxed) {
                WIN_PENDING => {}
                LOSS_PENDING => {
                    set_bit(work.l, p);
                    clear_bit(work.w, p);
                }
                _ => clear_bit(work.w, p),
            }
        }
    });
}
